"""What symmetry saves: one N, six methods, the nodes each search stands on and its time.

* ``recursive`` - the seed's HR(k) (:mod:`.arsac`), every column of every row.
* ``iterative`` - the seed's automaton (:mod:`.arsac`): HR(k)'s tree walked without recursion,
  the same nodes (its last queen is written into ``c`` rather than occupied, a node all the same).
* ``freelist``  - the Turbo Prolog free lists (:mod:`.prolog`): the same tree, each board a term.
* ``half-row``  - seed 000's hint: the same HR(k), queen 1 running over the second
  half of row 1 only ("start the run at 5"); each solution found stands for itself
  and its mirror image, but those with queen 1 in the middle column of an odd
  board, whose mirror images are found too.
* ``symmetry``  - the eight symmetries of the square inside the search (:mod:`.counting`,
  what ``queens count`` runs): the canonical member of each class only, weighted.
* ``bitboard``  - the recursive search's tree on bitboards (:mod:`.bitboard`): the
  same nodes as ``recursive``, each far cheaper.

Each method counts its nodes as it runs (the root, the empty board, counts):
HR(k) and the free lists the queens they occupy, the kernels the queens they place.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..errors import InputError
from ..progress import ProgressFn, Tracker
from . import arsac, bitboard, counting, prolog

#: Largest N compared: HR(k) in plain Python lists every solution (12 queens: 856,189 nodes, some 10 s).
MAX_COMPARED_N = 12
#: A method's run is repeated until this many seconds are spent on it, and its best time kept.
TIMED_SECONDS = 0.05


@dataclass(frozen=True)
class Run:
    """One method's run: the ``nodes`` of its search tree, the solutions it ``found`` (reached), the
    ``solutions`` they stand for, its time in ``seconds``; ``what`` says how it searches."""

    method: str
    what: str
    nodes: int
    found: int
    solutions: int
    seconds: float

    def to_json(self) -> dict[str, Any]:
        """``method``, ``what``, ``nodes``, ``found``, ``solutions``, ``seconds``."""
        return {"method": self.method, "what": self.what, "nodes": self.nodes, "found": self.found,
                "solutions": self.solutions, "seconds": round(self.seconds, 6)}


@dataclass(frozen=True)
class Comparison:
    """The methods' runs on ``n`` queens."""

    n: int
    runs: tuple[Run, ...]

    @property
    def solutions(self) -> int:
        """The number of solutions (every method agrees)."""
        return self.runs[0].solutions

    def to_json(self) -> dict[str, Any]:
        """``n``, ``solutions`` and ``methods``: each run's JSON, in the order run."""
        return {"n": self.n, "solutions": self.solutions, "methods": [run.to_json() for run in self.runs]}

    def __str__(self) -> str:
        rows = [("method", "nodes", "reached", "time", "how")]
        for run in self.runs:
            rows.append((run.method, f"{run.nodes:,}", f"{run.found:,}", _seconds(run.seconds), run.what))
        widths = [max(len(row[column]) for row in rows) for column in range(4)]
        lines = [f"{self.n} queens: {self.solutions:,} solutions"]
        for row in rows:
            lines.append("  ".join([row[0].ljust(widths[0]), *(cell.rjust(width) for cell, width in
                                                                 zip(row[1:4], widths[1:])), row[4]]))
        return "\n".join(lines)


def _seconds(seconds: float) -> str:
    if seconds < 0.001:
        return f"{seconds * 1e6:.0f} µs"
    return f"{seconds * 1000:.1f} ms" if seconds < 1 else f"{seconds:.2f} s"


def _recursive(n: int, tables: arsac.CountedTables) -> tuple[int, int, int]:
    found = sum(1 for _ in arsac.recursive(n, tables))
    return 1 + tables.placed, found, found


def _iterative(n: int, tables: arsac.CountedTables) -> tuple[int, int, int]:
    """The automaton: its last queen is written into ``c`` without being occupied, a node all the same."""
    found = sum(1 for _ in arsac.automaton(n, tables))
    return 1 + tables.placed + found, found, found


def _freelist(n: int, tick: Callable[[], None]) -> tuple[int, int, int]:
    """The Prolog free lists, counting the queens placed (each a node) through ``tick``."""
    placed = 0

    def counted() -> None:
        nonlocal placed
        placed += 1
        tick()

    found = sum(1 for _ in prolog.nqueens(n, prolog.TickedFreeLists(n, counted)))
    return 1 + placed, found, found


def _half_row(n: int, tables: arsac.CountedTables) -> tuple[int, int, int]:
    """Queen 1 on each column of the second half of row 1 (from the middle one on an odd board), then
    HR(2) as the seed's HR(k) does it."""
    found = solutions = 0
    for i in range((n + 2) // 2, n + 1):
        tables.occupy(1, i)
        for _ in arsac.recursive(n, tables, 2):
            found += 1
            solutions += 1 if 2 * i == n + 1 else 2
        tables.free(1, i)
    return 1 + tables.placed, found, solutions


def _symmetry(n: int) -> tuple[int, int, int]:
    counts, nodes = counting.count_nodes(n)
    return nodes, counts.fundamental, counts.total


def _bitboard(n: int) -> tuple[int, int, int]:
    search = bitboard.Search(n)
    found = sum(1 for _ in search)
    return search.nodes, found, found


def compare(n: int, *, progress: ProgressFn | None = None, cancel: threading.Event | None = None) -> Comparison:
    """Run each method on ``n`` queens (4 <= n <= :data:`MAX_COMPARED_N`), in this process, and time it
    (the best of the runs made in :data:`TIMED_SECONDS`, at least one).  ``progress`` counts the
    methods done; ``cancel`` stops within half a second."""
    if isinstance(n, bool) or not isinstance(n, int) or not 4 <= n <= MAX_COMPARED_N:
        raise InputError(f"{{parameter}} must be 4..{MAX_COMPARED_N} to compare the methods (HR(k) in plain Python "
                         f"lists every solution)", parameter="n", value=n, allowed=f"4..{MAX_COMPARED_N}")
    tracker = Tracker("methods", 6, progress, cancel)
    tracker.check()
    counting.count_nodes(4)  # the kernels compiled (or loaded) before they are timed
    list(bitboard.Search(4))
    tick = lambda: tracker.tick(0)  # noqa: E731 - a cancel check every 256 queens placed
    methods: list[tuple[str, str, Callable[[], tuple[int, int, int]]]] = [
        ("recursive", "HR(k): every column of every row", lambda: _recursive(n, arsac.CountedTables(n, tick))),
        ("iterative", "the automaton С … Я: HR(k)'s tree, without the recursion",
         lambda: _iterative(n, arsac.CountedTables(n, tick))),
        ("freelist", "the Turbo Prolog free lists: the same tree, each board a term", lambda: _freelist(n, tick)),
        ("half-row", "HR(k) with queen 1 on half of row 1; each solution found and its mirror image",
         lambda: _half_row(n, arsac.CountedTables(n, tick))),
        (counting.METHOD, "the eight symmetries inside the search: one solution a class, weighted (queens count)",
         lambda: _symmetry(n)),
        ("bitboard", "HR(k)'s tree on bitboards, compiled", lambda: _bitboard(n)),
    ]
    runs = []
    for method, what, run in methods:
        best, spent = float("inf"), 0.0
        while spent < TIMED_SECONDS:  # a quick run is timed again, and the best time kept
            started = time.perf_counter()
            nodes, found, solutions = run()
            took = time.perf_counter() - started
            best, spent = min(best, took), spent + took
        runs.append(Run(method, what, nodes, found, solutions, best))
        tracker.advance()
    tracker.finish()
    return Comparison(n, tuple(runs))
