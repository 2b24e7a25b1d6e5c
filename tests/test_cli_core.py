"""The command line as one layer over the library: errors, unknown options, help, completion, --json everywhere."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
import typer

import boardpuzzles
from boardpuzzles import CheckpointError, ClusterError, InputError, OutputError, TooLong
from boardpuzzles.cli import app

SRC = str(Path(boardpuzzles.__file__).parents[1])


def run_program(*args: str, env: dict[str, str] | None = None, **kwargs) -> subprocess.CompletedProcess:
    """The installed program as a shell runs it, on this checkout's sources."""
    full_env = {**os.environ, "PYTHONPATH": SRC, **(env or {})}
    return subprocess.run([sys.executable, "-m", "boardpuzzles", *args], capture_output=True, text=True,
                          env=full_env, timeout=120, **kwargs)


# --- library errors: one line, exit 2 (Cancelled 130), worded with the command line's names ---

@pytest.mark.parametrize("error, status, line", [
    (InputError("{parameter} must be 1..8", parameter="max_depth", value=9), 2, "--max-depth must be 1..8 (got 9)"),
    (InputError("{parameter} is not a size", parameter="board", value="x"), 2, "BOARD is not a size (got 'x')"),
    (TooLong("counting 8x8 tours", "about 10^15 years"), 2,
     "counting 8x8 tours: about 10^15 years; pass --force to run it anyway"),
    (CheckpointError("cannot write q.sqlite: disk full"), 2, "cannot write q.sqlite: disk full"),
    (ClusterError("no scheduler answers at tcp://h:1\nwithin 10 s"), 2, "no scheduler answers at tcp://h:1 within 10 s"),
    (OutputError("cannot write f.svg: Permission denied"), 2, "cannot write f.svg: Permission denied"),
    (boardpuzzles.Cancelled(), 130, "interrupted"),
])
def test_every_library_error_is_one_line(cli, monkeypatch, error, status, line):
    import boardpuzzles.demo

    def fail(ascii: bool = False) -> None:
        raise error

    monkeypatch.setattr(boardpuzzles.demo, "run", fail)
    run = cli("demo")
    assert run.status == status
    assert run.err == f"boardpuzzles: {line}\n"


@pytest.mark.parametrize("args", [
    ["draughts", "moves", "W:x:B1"],
    ["draughts", "moves", "W:[bold]x[/bold]:B1"],
    ["queens", "solve", ":x: [red]"],
    ["knight", "tour", "8", "--start", ":smile:"],
])
def test_user_text_is_never_markup_or_emoji(cli, args):
    run = cli(*args)
    assert run.status == 2
    assert run.err.count("\n") == 1
    assert args[-1] in run.err  # the text exactly as typed
    assert all(ord(character) < 0x2000 for character in run.err)  # no emoji


def test_typer_level_errors_are_one_line_too(cli):
    for args in (["queens", "solve", "8", "--method", "nope"], ["queens", "complete", "8", "--queens"], ["queens", "sovle", "8"],
                 ["queens", "all", "8", "--limit", "-1"], ["draughts", "perft", "--depth", "x"]):
        run = cli(*args)
        assert run.status == 2, args
        assert run.err.startswith("boardpuzzles: ") and run.err.count("\n") == 1, run.err


# --- an unknown option is named, with the close one ---

@pytest.mark.parametrize("args, unknown, meant", [
    (["queens", "solve", "--metod", "8"], "--metod", "--method"),
    (["queens", "solve", "8", "--metod"], "--metod", "--method"),
    (["queens", "solve", "--metod"], "--metod", "--method"),
    (["queens", "count", "8", "--worker=2"], "--worker", "--workers"),
    (["knight", "tour", "8", "--strat", "a1"], "--strat", "--start"),
    (["draughts", "perft", "--dept", "3"], "--dept", "--depth"),
    (["version", "--jsn"], "--jsn", "--json"),
])
def test_an_unknown_option_is_named(cli, args, unknown, meant):
    run = cli(*args)
    assert run.status == 2
    assert f"no such option: {unknown} (did you mean {meant}?)" in run.err
    assert run.err.count("\n") == 1


def test_an_unknown_option_with_nothing_close(cli):
    run = cli("queens", "solve", "8", "--zzzzzz")
    assert run.status == 2 and "no such option: --zzzzzz (see 'boardpuzzles queens solve --help')" in run.err


# --- help ---

def _all_commands():
    root = typer.main.get_command(app)
    context = root.make_context("boardpuzzles", [], resilient_parsing=True)

    def walk(group, path):
        yield path, group
        for name in group.list_commands(context):
            command = group.get_command(context, name)
            if hasattr(command, "list_commands"):
                yield from walk(command, (*path, name))
            else:
                yield (*path, name), command

    return list(walk(root, ()))


@pytest.mark.slow
def test_help_is_plain_and_fits_80_columns(cli, monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")
    for path, command in _all_commands():
        run = cli(*path, "--help")
        assert run.status == 0 and run.err == "", path
        text = run.out
        assert "<bool>" not in text and "<str>" not in text, (path, text)
        assert all(len(line) <= 80 for line in text.splitlines()), (path, text)
        assert not any(character in text for character in "╭│╰─"), path  # no boxes: plain in any encoding
        for param in command.params:
            choices = getattr(param.type_descriptor, "choices", None) if hasattr(param, "type_descriptor") else None
            if choices and not param.hidden:
                names = "|".join(str(getattr(choice, "value", choice)) for choice in choices)
                assert names in text, (path, param.name)  # never broken mid-word


@pytest.mark.slow
def test_dash_h_is_help_everywhere(cli):
    for path, _ in _all_commands():
        assert cli(*path, "-h").out == cli(*path, "--help").out, path


def test_version_option_and_command(cli):
    assert cli("--version").out == f"{boardpuzzles.__version__}\n"
    assert cli("version").out == f"{boardpuzzles.__version__}\n"
    assert cli("version", "--json").json() == {"version": boardpuzzles.__version__}


@pytest.mark.parametrize("group, actions", [
    ((), ["queens", "knight", "draughts", "demo", "version"]),
    (("queens",), ["solve", "all", "complete", "count"]),
    (("knight",), ["tour", "count", "starts"]),
    (("draughts",), ["captures", "moves", "perft", "variants"]),
])
def test_a_group_without_an_action_lists_its_actions(cli, group, actions):
    run = cli(*group)
    assert run.status == 0 and run.err == ""
    assert "Missing command" not in run.out
    listed = run.out.split("Commands:")[1]
    assert all(f"  {action} " in listed for action in actions)


# --- shell completion (docs/cli.md: bash, zsh, fish) ---

@pytest.fixture
def program_on_path(tmp_path):
    """A ``boardpuzzles`` program on PATH that runs this checkout."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    program = bin_dir / "boardpuzzles"
    program.write_text(f'#!/bin/sh\nPYTHONPATH={SRC} exec {sys.executable} -m boardpuzzles "$@"\n')
    program.chmod(0o755)
    return {**os.environ, "PATH": f"{bin_dir}:{os.environ['PATH']}", "HOME": str(tmp_path)}


def _bash_completes(env, words, index):
    script = (
        'eval "$(boardpuzzles --show-completion)"\n'
        f"COMP_WORDS=({' '.join(words)}); COMP_CWORD={index}\n"
        '_boardpuzzles_completion boardpuzzles\nprintf "%s\\n" "${COMPREPLY[@]}"\n'
    )
    done = subprocess.run(["bash", "-c", script], capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 0, done.stderr
    return done.stdout.split()


@pytest.mark.slow
def test_bash_completion_works_in_bash(program_on_path):
    env = program_on_path
    assert _bash_completes(env, ["boardpuzzles", "que"], 1) == ["queens"]
    assert _bash_completes(env, ["boardpuzzles", "queens", "so"], 2) == ["solve"]
    assert "--method" in _bash_completes(env, ["boardpuzzles", "queens", "solve", "8", "--me"], 4)
    assert _bash_completes(env, ["boardpuzzles", "queens", "solve", "8", "--method", "b"], 5) == ["bitboard"]


def test_install_completion_writes_the_bash_script(program_on_path, tmp_path):
    # "; exit $?" keeps bash as the parent (a lone command is exec'd in its place), so the shell is found
    # however pytest itself was started
    done = subprocess.run(["bash", "-c", "boardpuzzles --install-completion; exit $?"], capture_output=True, text=True,
                          env=program_on_path, timeout=120)
    assert done.returncode == 0, done.stderr
    script = tmp_path / ".bash_completions" / "boardpuzzles.sh"
    assert "_BOARDPUZZLES_COMPLETE=complete_bash" in script.read_text()
    assert f"source '{script}'" in (tmp_path / ".bashrc").read_text()


@pytest.mark.parametrize("shell, words, expected", [
    ("zsh", "boardpuzzles knight t", '"tour"'),
    ("fish", "boardpuzzles draughts ", "perft\t"),
])
@pytest.mark.slow
def test_zsh_and_fish_get_their_answers(shell, words, expected):
    env = {"_BOARDPUZZLES_COMPLETE": f"complete_{shell}", "_TYPER_COMPLETE_ARGS": words,
           "_TYPER_COMPLETE_FISH_ACTION": "get-args"}
    done = run_program(env=env)
    assert done.returncode == 0 and expected in done.stdout, done.stderr


# --- --json on every command ---

def test_demo_json_is_one_line_per_puzzle(cli):
    lines = cli("demo", "--json").json_lines()
    assert [line["puzzle"] for line in lines] == ["queens", "knight", "draughts"]
    queens, knight, draughts = lines
    assert queens["first"] == {"n": 8, "columns": [1, 5, 8, 6, 3, 7, 2, 4]}
    assert len(queens["solutions"]) == 92 and len(queens["fundamental"]) == 12
    assert [queens["counts"][-1][key] for key in ("n", "total", "fundamental", "method")] == [12, 14200, 1787, "symmetry"]
    assert knight["tour"]["path"][0] == "e4" and len(knight["tour"]["path"]) == 64
    assert draughts["captures"]["max_captures"] == 4
    assert (draughts["perft"]["depth"], draughts["perft"]["nodes"]) == (6, 37986)


#: Commands that answer nothing (a server runs until Ctrl-C), so have no JSON to print.
NO_ANSWER = {("serve",), ("draughts", "hub")}  # hub speaks the Hub protocol on its output: its only output


def test_every_command_that_answers_takes_json(cli):
    missing = [path for path, command in _all_commands()
               if not hasattr(command, "list_commands") and path not in NO_ANSWER
               and not any("--json" in p.opts for p in command.params)]
    assert missing == []


# --- an output that cannot encode the pieces ---

@pytest.mark.parametrize("args", [
    ["queens", "solve", "4"],
    ["knight", "tour", "5"],
    ["draughts", "captures", "W:Wc3:Bd4,f6"],
    ["queens", "solve", "８"],  # the user's own Unicode in the message
])
@pytest.mark.slow
def test_an_ascii_output_gets_ascii_boards(args):
    done = run_program(*args, env={"PYTHONIOENCODING": "ascii"})
    assert "Traceback" not in done.stderr and "UnicodeEncodeError" not in done.stderr
    assert done.returncode in (0, 2)
    done.stdout.encode("ascii")
    if done.returncode == 0:
        assert re.search(r"\n +a +b", done.stdout)  # a board was drawn


def test_boards_are_never_wrapped(cli):
    run = cli("knight", "tour", "30", "--ascii")
    lines = run.out.splitlines()
    ranks = [line for line in lines if line[:2].strip().isdigit() and len(line) > 80]
    assert len(ranks) == 30 and len({len(line) for line in ranks}) == 1
    assert lines[lines.index(ranks[-1]) + 1].split() == [chr(ord("a") + col) for col in range(26)] + ["aa", "ab", "ac", "ad"]


def test_json_output_is_valid_json(cli):
    assert json.loads(cli("version", "--json").out)


# --- no hidden global state ---

def test_running_the_command_line_in_process_leaves_the_garbage_collector_alone(cli):
    import gc
    import importlib

    from boardpuzzles.registry import PUZZLES

    frozen = gc.get_freeze_count()
    for puzzle in PUZZLES:
        importlib.import_module(puzzle.cli)  # the library's own imports
    assert cli("queens", "solve", "4").status == 0 and cli("knight", "tour", "5").status == 0
    assert gc.get_freeze_count() == frozen and gc.isenabled()


@pytest.mark.slow
def test_a_fresh_process_that_runs_main_freezes_nothing():
    code = ("import gc; from boardpuzzles.cli import main; main(['draughts', 'variants']); "
            "print(gc.get_freeze_count(), gc.isenabled())")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120,
                          env={**os.environ, "PYTHONPATH": SRC})
    assert done.stdout.splitlines()[-1] == "0 True"


def test_the_bar_counts_elapsed_time_from_the_start_of_the_call(monkeypatch):
    # the bar appears after output.BAR_AFTER seconds; its clock still starts with the call.  The call
    # is made to have started 62 s ago (the clock's first reading): no sleep, whatever the machine's load
    import io
    import time
    from types import SimpleNamespace

    from rich.console import Console

    from boardpuzzles import output
    from boardpuzzles.progress import Progress

    readings = []

    def clock() -> float:
        readings.append(time.monotonic())
        return readings[-1] - (62 if len(readings) == 1 else 0)

    screen = io.StringIO()
    monkeypatch.setattr(output, "error_console", Console(file=screen, force_terminal=True, width=150))
    monkeypatch.setattr(output, "progress_wanted", lambda json_mode: True)
    monkeypatch.setattr(output, "time", SimpleNamespace(monotonic=clock))
    with output.progress_bar("work", False) as progress:
        progress(Progress(1, 10, "steps", 62))
    assert re.search(r"0:01:0[2-9]", screen.getvalue())  # not 0:00:00, from when the bar appeared
