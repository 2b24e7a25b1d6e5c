"""``boardpuzzles demo``: each puzzle works its seed's task, in a minute or less.

The puzzles and their order are the registry's (:data:`boardpuzzles.registry.PUZZLES`);
each puzzle's command-line module brings its section: ``demo(ascii)`` prints it,
``demo_json()`` answers it.  ``demo --json`` prints JSON Lines, one document per
puzzle, each with a ``puzzle`` key and the results of that section as the
commands print them with ``--json``.
"""

from __future__ import annotations

from typing import Any

from .output import console, print_jsonl
from .registry import PUZZLES


def run(ascii: bool = False) -> None:
    """Print every puzzle's demo section in turn."""
    for puzzle in PUZZLES:
        puzzle.commands().demo(ascii)
        console.print()
    console.print("Watch these searches step by step in a browser: boardpuzzles serve --open", markup=False)


def sections() -> list[dict[str, Any]]:
    """The demo's results as JSON, one document per puzzle (the tasks :func:`run` shows)."""
    return [{"puzzle": puzzle.name, **puzzle.commands().demo_json()} for puzzle in PUZZLES]


def run_json() -> None:
    """Print :func:`sections` as JSON Lines."""
    print_jsonl(sections())
