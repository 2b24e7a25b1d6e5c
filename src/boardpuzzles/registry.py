"""The puzzles, each declared once: everything that lists "all the puzzles" reads :data:`PUZZLES`.

>>> from boardpuzzles.registry import PUZZLES, find_puzzle
>>> [puzzle.name for puzzle in PUZZLES]
['queens', 'knight', 'draughts']
>>> find_puzzle("knights").name
'knight'

A puzzle names its parts by module path, loaded only when they are used, so
that this module imports nothing heavy (numba, numpy, Starlette): the command
line starts as fast with it.  Who reads it:

* the command line (:mod:`boardpuzzles.cli`): one command group per puzzle, its
  Typer ``app`` from :attr:`Puzzle.cli`;
* ``boardpuzzles demo`` (:mod:`boardpuzzles.demo`): each puzzle's ``demo`` and
  ``demo_json`` from the same module, in this order;
* the web server (:mod:`boardpuzzles.web`): the page at ``/<name>``, the
  endpoints ``/api/<name>/<action>`` from :attr:`Puzzle.endpoints`, and the home
  page's links and cards;
* ``import boardpuzzles``: the subpackage as ``boardpuzzles.<attribute>``.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any

from .errors import InputError

__all__ = ["PUZZLES", "Puzzle", "find_puzzle"]


def _load(reference: str) -> Any:
    """What ``"package.module:name"`` names (the module itself when there is no ``:name``), imported now."""
    module_name, _, attribute = reference.partition(":")
    module = importlib.import_module(module_name)
    return getattr(module, attribute) if attribute else module


@dataclass(frozen=True)
class Puzzle:
    """One puzzle and where each of its parts lives.

    ``package`` is the subpackage with the library (``boardpuzzles.queens``);
    ``cli`` the module with the command line: its Typer ``app``, ``demo(ascii)``
    that prints the demo's section and ``demo_json()`` that answers it as JSON;
    ``endpoints`` the web API's table for it (``module:name``, a dict of
    :class:`boardpuzzles.web.api.Endpoint` by action); ``page`` the page's file
    in the web server's ``static`` folder.  ``name`` is the command group, the
    page's path and the API's prefix; ``aliases`` are other names a user may
    type, which :func:`find_puzzle` accepts and the command line answers with
    "did you mean".  ``title``, ``summary`` (what its page shows; text between
    backquotes is code) and ``example`` (an API call) make its card on the home page.
    """

    name: str
    aliases: tuple[str, ...]
    title: str
    package: str
    cli: str
    endpoints: str
    page: str
    summary: str
    example: str

    @property
    def attribute(self) -> str:
        """The subpackage's name as an attribute of :mod:`boardpuzzles` (``knights``)."""
        return self.package.rpartition(".")[2]

    @property
    def path(self) -> str:
        """The page's address on the web server (``/knight``)."""
        return f"/{self.name}"

    def library(self) -> Any:
        """The subpackage, imported now."""
        return _load(self.package)

    def commands(self) -> Any:
        """The module of the command line (``app``, ``demo``, ``demo_json``), imported now."""
        return _load(self.cli)

    def web_endpoints(self) -> Any:
        """The web API's endpoints, by action, imported now."""
        return _load(self.endpoints)


#: Every puzzle, in the order the command line, the demo and the home page show them.
PUZZLES: tuple[Puzzle, ...] = (
    Puzzle(
        name="queens",
        aliases=("queen",),
        title="N queens",
        package="boardpuzzles.queens",
        cli="boardpuzzles.queens.cli",
        endpoints="boardpuzzles.web.api:QUEENS",
        page="queens.html",
        summary="Place queens and see the attacks; complete a position; browse every solution and its eight symmetric "
                "images; watch Arsac's recursion, his automaton and the Prolog free lists search, step by step, beside "
                "their code, with the stack and the search tree; compare what symmetry saves.",
        example="/api/queens/solve?n=8",
    ),
    Puzzle(
        name="knight",
        aliases=("knights", "tour"),
        title="Knight's tour",
        package="boardpuzzles.knights",
        cli="boardpuzzles.knights.cli",
        endpoints="boardpuzzles.web.api:KNIGHT",
        page="knight.html",
        summary="Watch Warnsdorff's rule, its look-ahead and the exhaustive search beside their code: every candidate "
                "with its accessibility and score, the accessibility values falling, the stack and the search tree; "
                "where the rule gets stuck, the backtracks that rescue it; Roth's rule, divide and conquer; the map of "
                "start squares.",
        example="/api/knight/tour?board=5x5",
    ),
    Puzzle(
        name="draughts",
        aliases=("draught", "checkers"),
        title="Draughts",
        package="boardpuzzles.draughts",
        cli="boardpuzzles.draughts.cli",
        endpoints="boardpuzzles.web.api:DRAUGHTS",
        page="draughts.html",
        summary="Set up a position in any of 18 rule sets; every longest capture drawn through its landing squares and "
                "stepped jump by jump (the Turkish strike made visible); watch the seed's program build its capture "
                "tree node by node, fill in each `num` and walk down the longest branches; play legal moves.",
        example="/api/draughts/captures?fen=W:Wc3:Bd4,d6,f6,f4",
    ),
)


def find_puzzle(name: str) -> Puzzle:
    """The puzzle called ``name`` or one of its aliases, in any case (InputError naming the puzzles otherwise)."""
    wanted = name.strip().lower() if isinstance(name, str) else name
    for puzzle in PUZZLES:
        if wanted == puzzle.name or wanted in puzzle.aliases:
            return puzzle
    names = [puzzle.name for puzzle in PUZZLES]
    raise InputError(f"unknown {{parameter}} {name!r}: choose one of {', '.join(names)}", parameter="name", value=name,
                     allowed=names, show_value=False)
