"""``boardpuzzles demo``: each puzzle works its seed's task, in a minute or less.

``demo --json`` prints JSON Lines, one document per puzzle, each with a
``puzzle`` key and the results of that section as the commands print them with
``--json``.
"""

from __future__ import annotations

from typing import Any

from .draughts import Position, perft_count, read_seed_input, seed_captures
from .draughts import cli as draughts_cli
from .knights import accessibility, find_tour
from .knights import cli as knights_cli
from .output import console, print_jsonl
from .queens import cli as queens_cli
from .queens import count, solutions, solve


def run(ascii: bool = False) -> None:
    """Print every puzzle's demo section in turn."""
    for section in (queens_cli.demo, knights_cli.demo, draughts_cli.demo):
        section(ascii)
        console.print()
    console.print("Watch these searches step by step in a browser: boardpuzzles serve --open", markup=False)


def sections() -> list[dict[str, Any]]:
    """The demo's results as JSON, one document per puzzle (the tasks :func:`run` shows)."""
    first = solve(8, "recursive")
    queens = {
        "puzzle": "queens",
        "first": {"n": 8, "columns": list(first.columns)},
        "solutions": [list(s.columns) for s in solutions(8)],
        "fundamental": [list(s.columns) for s in solutions(8, unique=True)],
        "counts": [count(size, workers=1).to_json() for size in range(4, 13)],
    }
    knight = {
        "puzzle": "knight",
        "accessibility": accessibility(8, 8),
        "tour": find_tour(8, 8, (3, 4), method="warnsdorff").to_json(),  # from e4
    }
    draughts = {
        "puzzle": "draughts",
        "seed_input": draughts_cli.EXAMPLE_SEED,
        "captures": seed_captures(*read_seed_input(draughts_cli.EXAMPLE_SEED))[1].to_json(),
        "perft": perft_count(Position("start", "russian"), 6).to_json(),
    }
    return [queens, knight, draughts]


def run_json() -> None:
    """Print :func:`sections` as JSON Lines."""
    print_jsonl(sections())
