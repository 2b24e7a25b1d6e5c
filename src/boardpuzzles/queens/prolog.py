"""N queens as the Turbo Prolog program CH18EX07.PRO writes it (seed 001).

The whole position is one term::

    board(Queens, FreeRows, FreeCols, FreeDiag1, FreeDiag2)

``Queens`` lists ``q(Row, Col)``; the four other lists hold the rows, columns and
diagonals still free. Diagonals are numbered ``D1 = N + C - R`` ("\\" type) and
``D2 = R + C - 1`` ("/" type), both 1..2N-1. ``place_a_queen`` takes the first free
row, chooses a free column with ``findandremove`` (a choice that Prolog undoes on
backtracking), and removes both diagonals from their free lists; it fails when a
diagonal is not free. ``placeN`` repeats until no row and no column is free.

Python has no built-in backtracking, so each Prolog choice point is a ``for``
loop over the alternatives and a generator yields every board Prolog would reach.
The book's ``makelist`` counts down (N, N-1, ..., 1); the lists here count up, so
that this method lists the solutions in the same lexicographic order as the
others (counting down gives the same solutions, each turned through 180 degrees).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Board:
    """``board(Queens, FreeRows, FreeCols, FreeDiag1, FreeDiag2)``, queens newest first."""

    queens: tuple[tuple[int, int], ...]
    rows: tuple[int, ...]
    cols: tuple[int, ...]
    diag1: tuple[int, ...]
    diag2: tuple[int, ...]

    def __str__(self) -> str:
        queens = ",".join(f"q({r},{c})" for r, c in self.queens)
        lists = ",".join("[" + ",".join(map(str, free)) + "]" for free in (self.rows, self.cols, self.diag1, self.diag2))
        return f"board([{queens}],{lists})"

    def to_json(self) -> dict[str, Any]:
        """The term's five lists, and the term as Prolog writes it."""
        return {
            "queens": [list(queen) for queen in self.queens], "rows": list(self.rows), "cols": list(self.cols),
            "diag1": list(self.diag1), "diag2": list(self.diag2), "term": str(self),
        }


@dataclass(frozen=True)
class PrologStep:
    """One step of ``placeN``: ``place`` a queen ``q(row, col)`` or ``undo`` it on backtracking;
    ``board`` is the term after the step."""

    action: str
    row: int
    col: int
    board: Board

    def __str__(self) -> str:
        if self.action == "place":
            return f"place q({self.row},{self.col}) -> {self.board}"
        return f"undo  q({self.row},{self.col})"

    def to_json(self) -> dict[str, Any]:
        """The step as JSON: ``method``, ``action``, the queen ``row``, ``col`` and the ``board`` term."""
        return {"method": "freelist", "action": self.action, "row": self.row, "col": self.col,
                "board": self.board.to_json()}


Trace = Callable[[PrologStep], None] | None


def makelist(n: int) -> tuple[int, ...]:
    """The free list 1..n."""
    return tuple(range(1, n + 1))


def findandremove(items: tuple[int, ...]) -> Iterator[tuple[int, tuple[int, ...]]]:
    """Every way to take one element out of a list: (element, the rest), in list order."""
    for index, item in enumerate(items):
        yield item, items[:index] + items[index + 1 :]


def remove(item: int, items: tuple[int, ...]) -> tuple[int, ...] | None:
    """``findandremove`` with the element already known: the rest, or None if it is absent."""
    if item not in items:
        return None
    index = items.index(item)
    return items[:index] + items[index + 1 :]


def place_a_queen(n: int, board: Board) -> Iterator[Board]:
    """Every board with one queen more: first free row, any free column, both diagonals free."""
    row, new_rows = board.rows[0], board.rows[1:]
    for col, new_cols in findandremove(board.cols):
        new_diag1 = remove(n + col - row, board.diag1)
        new_diag2 = remove(row + col - 1, board.diag2)
        if new_diag1 is not None and new_diag2 is not None:
            yield Board(((row, col), *board.queens), new_rows, new_cols, new_diag1, new_diag2)


def place_n(n: int, board: Board, trace: Trace = None) -> Iterator[Board]:
    """``placeN``: place queens until no row and no column is free."""
    if not board.rows and not board.cols:
        yield board
        return
    for next_board in place_a_queen(n, board):
        row, col = next_board.queens[0]
        if trace:
            trace(PrologStep("place", row, col, next_board))
        yield from place_n(n, next_board, trace)
        if trace:
            trace(PrologStep("undo", row, col, board))


def solutions_freelist(n: int, trace: Trace = None) -> Iterator[tuple[int, ...]]:
    """``nqueens(N)``: every final board, as 0-based column tuples (rows in order)."""
    if n == 0:
        return
    start = Board((), makelist(n), makelist(n), makelist(2 * n - 1), makelist(2 * n - 1))
    for final in place_n(n, start, trace):
        yield tuple(col - 1 for _, col in sorted(final.queens))
