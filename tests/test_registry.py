"""The registry of puzzles (:mod:`boardpuzzles.registry`): every part of each puzzle is declared and
reachable, whatever lists the puzzles (the command line, the demo, the web server, the home page)
reads it, and ``import boardpuzzles`` finds the puzzles lazily, each showing its public API only."""

from __future__ import annotations

import os
import pydoc
import subprocess
import sys
from importlib import resources
import warnings
from pathlib import Path
from urllib.parse import urlsplit

import pytest
import typer

with warnings.catch_warnings():  # Starlette 1.x suggests httpx2; httpx (0.28) still drives its TestClient
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

import boardpuzzles
from boardpuzzles import InputError
from boardpuzzles.cli import app
from boardpuzzles.lessons import LESSONS
from boardpuzzles.registry import PUZZLES, find_puzzle
from boardpuzzles.web import create_app
from boardpuzzles.web.api import Endpoint
from boardpuzzles.web.server import ENDPOINTS, PAGES

SRC = str(Path(boardpuzzles.__file__).parents[1])
STATIC = resources.files("boardpuzzles.web").joinpath("static")


@pytest.mark.parametrize("puzzle", PUZZLES, ids=[puzzle.name for puzzle in PUZZLES])
def test_every_part_of_a_puzzle_is_declared_and_reachable(puzzle):
    assert puzzle.library() is getattr(boardpuzzles, puzzle.attribute)
    assert puzzle.attribute in boardpuzzles.__all__
    commands = puzzle.commands()
    assert isinstance(commands.app, typer.Typer)
    assert callable(commands.demo) and callable(commands.demo_json)
    endpoints = puzzle.web_endpoints()
    assert endpoints and all(isinstance(endpoint, Endpoint) for endpoint in endpoints.values())
    assert STATIC.joinpath(puzzle.page).is_file()
    assert urlsplit(puzzle.example).path.removeprefix("/api/") in {f"{puzzle.name}/{action}" for action in endpoints}
    assert puzzle.title and puzzle.summary


def test_names_and_aliases_are_lowercase_and_each_names_one_puzzle():
    words = [word for puzzle in PUZZLES for word in (puzzle.name, *puzzle.aliases)]
    assert len(words) == len(set(words)) and all(word == word.lower() for word in words)
    root = typer.main.get_command(app)
    commands = root.list_commands(root.make_context("boardpuzzles", [], resilient_parsing=True))
    assert not {alias for puzzle in PUZZLES for alias in puzzle.aliases} & set(commands)


def test_the_command_line_and_the_web_serve_the_registrys_puzzles(cli):
    shown = cli("--help").out
    assert all(f"\n  {puzzle.name} " in shown for puzzle in PUZZLES), shown
    lessons = ["/learn", *(f"/learn/{name}" for name in LESSONS)]  # the lessons' pages follow the puzzles'
    assert list(PAGES) == ["/", *(puzzle.path for puzzle in PUZZLES), *lessons]
    assert set(ENDPOINTS) == {f"{puzzle.name}/{action}" for puzzle in PUZZLES for action in puzzle.web_endpoints()}


def test_the_demo_runs_each_puzzles_section_in_the_registrys_order(monkeypatch):
    from boardpuzzles import demo

    ran = []
    for puzzle in PUZZLES:
        monkeypatch.setattr(puzzle.commands(), "demo", lambda ascii, name=puzzle.name: ran.append(name))
        monkeypatch.setattr(puzzle.commands(), "demo_json", lambda name=puzzle.name: {"ran": name})
    demo.run()
    assert ran == [puzzle.name for puzzle in PUZZLES]
    assert demo.sections() == [{"puzzle": puzzle.name, "ran": puzzle.name} for puzzle in PUZZLES]


def test_the_pages_are_built_from_the_registry():
    with TestClient(create_app(), base_url="http://localhost") as client:  # the gate answers local names
        home = client.get("/").text
        for puzzle in PUZZLES:
            assert f'<a href="{puzzle.path}"><h2 data-t="puzzle.{puzzle.name}.title">{puzzle.title.replace("&", "&amp;")}</h2>' in home
            assert f'<a href="{puzzle.example}">' in home
            page = client.get(puzzle.path).text
            assert f'<a href="{puzzle.path}" aria-current="page" data-t="puzzle.{puzzle.name}.title">' in page
            assert '<a href="/" data-t="nav.home">Home</a>' in page
        assert "aria-current" not in home and "<code>num</code>" in home  # a summary's `code`
        for path in PAGES:
            assert "<!--puzzles:" not in client.get(path).text and '<script type="application/json" id="bp-catalogue">' in client.get(path).text


def test_find_puzzle_takes_a_name_or_an_alias_in_any_case():
    knight = next(puzzle for puzzle in PUZZLES if puzzle.name == "knight")
    assert find_puzzle("knight") is find_puzzle("Knights") is find_puzzle(" knights ") is knight
    with pytest.raises(InputError, match="^unknown name 'chess': choose one of queens, knight, draughts$"):
        find_puzzle("chess")


def run_python(code: str) -> str:
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120,
                          env={**os.environ, "PYTHONPATH": SRC})
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


HEAVY = ("numpy", "numba", "typer", "starlette", "boardpuzzles.queens", "boardpuzzles.knights", "boardpuzzles.draughts")


def test_import_boardpuzzles_loads_no_puzzle_until_one_is_used():
    code = (f"import sys, boardpuzzles; print([name for name in {HEAVY!r} if name in sys.modules]); "
            "boardpuzzles.knights; print('boardpuzzles.knights' in sys.modules, 'boardpuzzles.queens' in sys.modules)")
    assert run_python(code).splitlines() == ["[]", "True False"]


def test_the_registry_imports_nothing_heavy():
    code = f"import sys, boardpuzzles.registry; print([name for name in {HEAVY!r} if name in sys.modules])"
    assert run_python(code) == "[]"


def test_the_package_shows_its_public_names_only():
    assert dir(boardpuzzles) == sorted(boardpuzzles.__all__)
    for module in (boardpuzzles.queens, boardpuzzles.knights, boardpuzzles.draughts):
        assert dir(module) == sorted(module.__all__)
        assert all(hasattr(module, name) for name in module.__all__)
    with pytest.raises(AttributeError, match="has no attribute 'knight'"):
        boardpuzzles.knight


def test_help_opens_with_what_the_package_is_and_where_to_begin():
    text = pydoc.render_doc(boardpuzzles, renderer=pydoc.plaintext)
    opening = text[text.index("DESCRIPTION"):][:1200]
    assert "a seed is the program of a" in opening
    assert "Where to begin" in opening and "boardpuzzles.queens.solve(8" in opening
