"""N-Queens completion: some queens are given, place the rest (NP-complete in general).

The search keeps the attacked columns and both diagonal families as Python
integers used as bit sets, so any N works. It always fills the row with the
fewest free squares next (the most constrained row first) and backs up as soon
as some row has none left: on large boards with few given queens that finds a
completion almost without backtracking, and on small hard instances it still
explores every possibility, so "no completion" is a proof.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations
from random import Random

from ..errors import InputError
from ..geometry import Square, square_name
from ..progress import Tracker

#: Largest board: a first completion of one queen at N = 1000 takes about a second
#: (benchmarks/queens.py), and the search's Python sets grow with N.
MAX_N = 1000


def _attack(a: Square, b: Square) -> str | None:
    """How two queens attack each other, or None."""
    (r1, c1), (r2, c2) = a, b
    if r1 == r2:
        return "share a rank"
    if c1 == c2:
        return "share a file"
    if abs(r1 - r2) == abs(c1 - c2):
        return "share a diagonal"
    return None


def check_given(queens: Sequence[Square], parameter: str = "queens") -> None:
    """Refuse two queens on one square or two given queens attacking each other (an InputError naming
    ``parameter``)."""
    for a, b in combinations(queens, 2):
        if a == b:
            raise InputError(f"two queens on {square_name(*a)}: give each square once", parameter=parameter)
        how = _attack(a, b)
        if how:
            raise InputError(
                f"the given queens {square_name(*a)} and {square_name(*b)} attack each other ({how})", parameter=parameter
            )


class _OutOfBudget(Exception):
    """A restart's node budget is spent."""


def _prepare(n: int, queens: Sequence[Square]) -> tuple[_Lines, list[int], list[int]]:
    check_given(queens)
    board = _Lines(n)
    for row, col in queens:
        board = board.with_queen(row, col)
    open_rows = [row for row in range(n) if not board.rows >> row & 1]
    open_cols = [col for col in range(n) if not board.cols >> col & 1]
    return board, open_rows, open_cols


def first_completion(n: int, queens: Sequence[Square], seed: int = 0, tracker: Tracker | None = None) -> tuple[int, ...] | None:
    """One completion of the given (row, col) queens as 0-based columns, or None if there is none.

    Each run tries the free squares of a line in a shuffled order and stops when it
    has visited its budget of nodes; the next run reshuffles with twice the budget.
    Large boards with few given queens are done in the first runs; a run whose
    budget covers the whole tree is exhaustive, so None is a proof. Deterministic
    for a given ``seed``.  ``tracker`` counts the nodes (and stops the search when cancelled).
    """
    board, open_rows, open_cols = _prepare(n, queens)
    budget = 64 * (n + 1)
    restart = 0
    while True:
        rng = Random(seed * 1_000_003 + restart)
        try:
            return next(_search(board, dict(queens), open_rows, open_cols, rng, budget, tracker), None)
        except _OutOfBudget:
            budget *= 2
            restart += 1


def all_completions(n: int, queens: Sequence[Square], tracker: Tracker | None = None) -> list[tuple[int, ...]]:
    """Every completion of the given (row, col) queens, in lexicographic order.

    ``tracker`` counts the percentage of the search tree walked (its total is 100)."""
    board, open_rows, open_cols = _prepare(n, queens)
    found = []
    for completion in _search(board, dict(queens), open_rows, open_cols, None, None, tracker):
        found.append(completion)
        if tracker is not None:
            tracker.detail = f"{len(found):,} completions"
    if tracker is not None:
        tracker.done = 100  # all of it
    return sorted(found)


def _choices(board: _Lines, open_rows: list[int], open_cols: list[int], rng: Random | None) -> list[Square] | None:
    """The free squares of the most constrained open row or column, or None if some line has none."""
    best, best_free, best_is_row = -1, 0, True
    for is_row, lines in ((True, open_rows), (False, open_cols)):
        for line in lines:
            free = board.free_in_row(line) if is_row else board.free_in_col(line)
            if free == 0:
                return None
            if best < 0 or free.bit_count() < best_free.bit_count():
                best, best_free, best_is_row = line, free, is_row
    squares = [(best, other) if best_is_row else (other, best) for other in range(board.n) if best_free >> other & 1]
    if rng:
        rng.shuffle(squares)
    return squares


class _Frame:
    """One level of the search: the board, its open lines, the squares of the line
    being filled and how many of them were ``tried``, and the square whose queen
    made this level."""

    __slots__ = ("board", "open_rows", "open_cols", "squares", "tried", "made_by")

    def __init__(
        self, board: _Lines, open_rows: list[int], open_cols: list[int], squares: list[Square], made_by: Square | None
    ) -> None:
        self.board, self.open_rows, self.open_cols, self.made_by = board, open_rows, open_cols, made_by
        self.squares = squares
        self.tried = 0


def part_searched(stack: Sequence[_Frame]) -> float:
    """The part (0..1) of the search tree walked so far, when each square of a line
    is taken to weigh the same: exact at the end, an estimate before it."""
    part, share = 0.0, 1.0
    for frame in stack:
        share /= len(frame.squares)
        part += share * max(0, frame.tried - 1)
    return part


def _search(
    board: _Lines,
    placed: dict[int, int],
    open_rows: list[int],
    open_cols: list[int],
    rng: Random | None,
    budget: int | None,
    tracker: Tracker | None,
) -> Iterator[tuple[int, ...]]:
    """Fill the most constrained open row or column next; back up when a line has no free square.

    Depth-first with an explicit stack (one :class:`_Frame` per queen placed), so
    that a board of any size needs no deeper recursion of the interpreter.
    ``tracker`` hears every 256 nodes: the nodes (a search with a ``budget``) or
    the percentage of the tree searched (:func:`part_searched`, the exhaustive search).
    """
    n = board.n
    if not open_rows:
        yield tuple(placed[row] for row in range(n))
        return
    first = _choices(board, open_rows, open_cols, rng)
    if first is None:
        return
    nodes = 1
    stack = [_Frame(board, open_rows, open_cols, first, None)]
    while stack:
        frame = stack[-1]
        if frame.tried == len(frame.squares):
            stack.pop()
            if frame.made_by is not None:
                del placed[frame.made_by[0]]
            continue
        square = frame.squares[frame.tried]
        frame.tried += 1
        nodes += 1
        if budget is not None and nodes > budget:
            raise _OutOfBudget
        if tracker is not None and nodes & 255 == 0:
            if budget is None:  # the whole tree is walked: say how much of it
                tracker.update(100 * part_searched(stack))
            else:
                tracker.advance(256)
        row, col = square
        placed[row] = col
        rows = [r for r in frame.open_rows if r != row]
        if not rows:
            yield tuple(placed[r] for r in range(n))
            del placed[row]
            continue
        child = frame.board.with_queen(row, col)
        cols = [c for c in frame.open_cols if c != col]
        squares = _choices(child, rows, cols, rng)
        if squares is None:
            del placed[row]
            continue
        stack.append(_Frame(child, rows, cols, squares, square))


class _Lines:
    """The ranks, files and diagonals that queens hold, as integer bit sets.

    A diagonal is kept twice, once numbered from each side (bit ``row - col + n - 1``
    in ``down``, bit ``col - row + n - 1`` in ``up``), so that both a row's and a
    column's free squares come from right shifts alone.
    """

    __slots__ = ("n", "rows", "cols", "sums", "down", "up")

    def __init__(self, n: int, rows: int = 0, cols: int = 0, sums: int = 0, down: int = 0, up: int = 0) -> None:
        self.n, self.rows, self.cols, self.sums, self.down, self.up = n, rows, cols, sums, down, up

    def with_queen(self, row: int, col: int) -> _Lines:
        """The lines once a queen stands on (row, col)."""
        n = self.n
        return _Lines(
            n,
            self.rows | 1 << row,
            self.cols | 1 << col,
            self.sums | 1 << (row + col),
            self.down | 1 << (row - col + n - 1),
            self.up | 1 << (col - row + n - 1),
        )

    def free_in_row(self, row: int) -> int:
        """The columns of ``row`` that no queen attacks, as a bit set."""
        n = self.n
        return ((1 << n) - 1) & ~(self.cols | (self.sums >> row) | (self.up >> (n - 1 - row)))

    def free_in_col(self, col: int) -> int:
        """The rows of ``col`` that no queen attacks, as a bit set."""
        n = self.n
        return ((1 << n) - 1) & ~(self.rows | (self.sums >> col) | (self.down >> (n - 1 - col)))
