"""Conventions every command keeps: --json everywhere, one line and exit 2 for bad input."""

import pytest
import typer
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from boardpuzzles.cli import app


def click_context(command):
    return command.make_context("boardpuzzles", ["version"])


def _commands(group, context, path=()):
    for name in group.list_commands(context):
        command = group.get_command(context, name)
        if hasattr(command, "list_commands"):
            yield from _commands(command, context, (*path, name))
        else:
            yield (*path, name), command


def test_every_command_has_json():
    root = typer.main.get_command(app)
    commands = dict(_commands(root, click_context(root)))
    assert {("queens", "solve"), ("knight", "tour"), ("draughts", "perft")} <= set(commands)
    missing = [
        " ".join(path)
        for path, command in commands.items()
        # draughts hub speaks the Hub protocol on its standard output: the protocol is its only output
        if path[-1] not in ("demo", "version") and path != ("draughts", "hub")
        and not any("--json" in p.opts for p in command.params)
    ]
    assert missing == []


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])  # cli reads its output afresh
@given(st.text(min_size=1, max_size=12).filter(lambda s: not s.strip().lstrip("-").isdigit() and not s.startswith("--")))
@pytest.mark.slow
def test_a_number_that_is_not_one_is_refused_in_one_line(cli, text):  # spaces around a number are taken, as int takes them
    run = cli("queens", "solve", text)
    assert run.status == 2
    assert run.err.startswith("boardpuzzles: ") and run.err.count("\n") == 1
