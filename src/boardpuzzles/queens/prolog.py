"""N queens as the Turbo Prolog program CH18EX07.PRO writes it (seed 001).

The whole position is one term::

    board(Queens, FreeRows, FreeCols, FreeDiag1, FreeDiag2)

``Queens`` lists ``q(Row, Col)``; the four other lists hold the rows, columns and
diagonals still free. Diagonals are numbered ``D1 = N + C - R`` ("\\" type) and
``D2 = R + C - 1`` ("/" type), both 1..2N-1. ``place_a_queen`` takes the first free
row, chooses a free column (``findandremove``, a choice that Prolog undoes on
backtracking), and removes both diagonals from their free lists; it fails when a
diagonal is not free. ``placeN`` repeats until no row and no column is free.

Python has no built-in backtracking, so each Prolog choice point is a ``for``
loop over the alternatives and a generator yields every board Prolog would
reach; the line ``t.backtrack(Board2, Board1)`` stands where Prolog backtracks
(nothing is undone in Python: the boards are values, Board1 is still there).
:func:`nqueens` and :class:`FreeLists` are the code a learner reads beside the
seed (:data:`FREELIST` is their listing), written without type annotations, as
the seed's program is; watched, they run on :class:`WatchedFreeLists`, whose
operations make the steps (:class:`PrologStep`).

The book's ``makelist`` counts down (N, N-1, ..., 1); the lists here count up, so
that this method lists the solutions in the same lexicographic order as the
others (counting down gives the same solutions, each turned through 180 degrees).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from ..errors import InternalError
from ..i18n import text
from ..listing import Listing
from ..watching import Moment, Recorder, WatchedStep
from .arsac import COUNTERS, Refusal


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


def nqueens(N, t, placed=()):
    def placeN(Board1):
        if not Board1.rows and not Board1.cols:
            yield t.solution(Board1)
            return
        for Board2 in place_a_queen(Board1):
            yield from placeN(Board2)
            t.backtrack(Board2, Board1)

    def place_a_queen(Board1):
        R = Board1.rows[0]
        for C in Board1.cols:
            if t.is_free(Board1, R, C):
                yield t.occupy(Board1, R, C)

    L, LL = makelist(N), makelist(2 * N - 1)
    Board1 = Board((), L, L, LL, LL)
    for R, C in placed:  # the queens on the board before the search
        Board1 = FreeLists(N).occupy(Board1, R, C)
    yield from placeN(Board1)


class FreeLists:
    """findandremove on the board term: D1 and D2 number the diagonals."""

    def __init__(self, N):
        self.N = N

    def is_free(self, Board1, R, C):
        D1, D2 = self.N + C - R, R + C - 1
        return D1 in Board1.diag1 and D2 in Board1.diag2

    def occupy(self, Board1, R, C):
        D1, D2 = self.N + C - R, R + C - 1
        return Board(((R, C), *Board1.queens),
                     remove(R, Board1.rows), remove(C, Board1.cols),
                     remove(D1, Board1.diag1), remove(D2, Board1.diag2))

    def backtrack(self, Board2, Board1):
        return Board1

    def solution(self, Board1):
        return tuple(C for R, C in sorted(Board1.queens))


def remove(X, List):
    return tuple(Y for Y in List if Y != X)


def makelist(N):
    return tuple(range(1, N + 1))


#: The Prolog program as the learner reads it.
FREELIST = Listing("freelist", [nqueens, FreeLists, remove, makelist],
                   frames={"placeN": "placeN", "place_a_queen": "place_a_queen"}, variables=("R", "C"))


@dataclass(frozen=True)
class PrologStep(WatchedStep):
    """One step of ``placeN``: ``action`` is ``test`` (can ``q(row, col)`` go on the board?), ``occupy``
    (``place_a_queen`` made a board with it), ``free`` (Prolog backtracks: it is undone) or
    ``solution``.  ``board`` is the term after the step; a refused test has its
    :class:`~.arsac.Refusal`, a solution step its columns; ``moment`` says where the code stands."""

    action: str
    row: int
    col: int
    board: Board
    moment: Moment
    refusal: Refusal | None = None
    solution: tuple[int, ...] | None = None

    method = "freelist"


    def words(self, lang: str = "en") -> str:
        """What the step does, in words, in ``lang`` (see :mod:`~boardpuzzles.i18n`)."""
        queen = f"q({self.row},{self.col})"
        if self.action == "test" and self.refusal:
            free_list, diagonal = _LISTS[self.refusal.table]
            holder = "q({},{})".format(*self.refusal.square)
            return text("trace.prolog.refused", lang, queen=queen, list=free_list, diagonal=diagonal,
                        number=self.refusal.entry, holder=holder)
        if self.action == "solution":
            assert self.solution is not None
            return text("trace.prolog.solution", lang, count=self.moment.count("solutions"),
                        columns=" ".join(map(str, self.solution)), board=self.board)
        return text(f"trace.prolog.{self.action}", lang, queen=queen, board=self.board)

    def line(self, lang: str = "en") -> str:
        """The line ``--trace`` prints: the step's number, the line executing, the predicate running, the
        words, in ``lang``."""
        return f"{self.index + 1:>7}  {text('trace.line', lang, line=f'{self.moment.line:>2}')}  {self.moment.frame:<13} {self.words(lang)}"

    def __str__(self) -> str:
        """The line ``--trace`` prints, in English (:meth:`line`)."""
        return self.line()

    def to_json(self) -> dict[str, Any]:
        """The step as JSON: ``method``, ``action``, the queen ``row`` and ``col`` (``reason`` and ``blocker``
        for a refused test), the ``board`` term, ``solution``, then the keys every watched step has."""
        payload: dict[str, Any] = {"method": self.method, "action": self.action, "row": self.row, "col": self.col}
        if self.refusal is not None:
            payload.update(self.refusal.to_json())
        payload.update(board=self.board.to_json(), solution=None if self.solution is None else list(self.solution))
        payload.update(self.moment.to_json())
        return payload


Trace = Callable[[PrologStep], None] | None

#: The free lists' names in the seed, for the refusals.
_LISTS = {"diag1": ("FreeDiag1", "D1"), "diag2": ("FreeDiag2", "D2")}


class WatchedFreeLists(FreeLists):
    """The operations of a watched search: each does what the seed's does, and makes its step
    (``offset`` and ``cancel``: see :class:`~..watching.Recorder`).  ``placed``: how many queens are on
    the board before the search (the search tree's root is the board with them)."""

    def __init__(self, N: int, trace: Callable[[PrologStep], None], offset: int = 0,
                 cancel: threading.Event | None = None, placed: int = 0) -> None:
        super().__init__(N)
        self.placed = placed
        self.trace = trace
        self.recorder = Recorder(FREELIST, COUNTERS, offset, cancel)

    def is_free(self, Board1: Board, R: int, C: int) -> bool:
        free: bool = super().is_free(Board1, R, C)
        self._step("test", "tests", R, C, Board1, None if free else self._refusal(Board1, R, C))
        return free

    def occupy(self, Board1: Board, R: int, C: int) -> Board:
        Board2: Board = super().occupy(Board1, R, C)
        self._step("occupy", "placements", R, C, Board2)
        return Board2

    def backtrack(self, Board2: Board, Board1: Board) -> Board:
        R, C = Board2.queens[0]
        self._step("free", "backtracks", R, C, Board1)
        return Board1

    def solution(self, Board1: Board) -> tuple[int, ...]:
        columns: tuple[int, ...] = super().solution(Board1)
        R, C = Board1.queens[0]
        self._step("solution", "solutions", R, C, Board1, solution=columns)
        return columns

    def _refusal(self, Board1: Board, R: int, C: int) -> Refusal:
        """The first free list that lacks a diagonal of q(R, C), in the seed's order (D1, then D2), and the queen on it."""
        for name, number, line in (("diag1", self.N + C - R, lambda r, c: self.N + c - r),
                                   ("diag2", R + C - 1, lambda r, c: r + c - 1)):
            if number not in getattr(Board1, name):
                holder = next(queen for queen in Board1.queens if line(*queen) == number)
                free_list, diagonal = _LISTS[name]
                return Refusal(f"{free_list} lacks {diagonal} = {number}: q({holder[0]},{holder[1]}) took it",
                               name, number, holder)
        raise InternalError(f"q({R},{C}) is free, yet refused")

    def _step(self, action: str, counter: str, R: int, C: int, board: Board, refusal: Refusal | None = None,
              solution: tuple[int, ...] | None = None) -> None:
        moment = self.recorder.step(counter, len(board.queens) - self.placed)
        if moment is not None:
            self.trace(PrologStep(action, R, C, board, moment, refusal, solution))


class TickedFreeLists(FreeLists):
    """The operations, calling ``tick`` at each queen placed (where a long search hears ``cancel``)."""

    def __init__(self, N: int, tick: Callable[[], None]) -> None:
        super().__init__(N)
        self.tick = tick

    def occupy(self, Board1: Board, R: int, C: int) -> Board:
        self.tick()
        Board2: Board = super().occupy(Board1, R, C)
        return Board2


def solutions_freelist(n: int, trace: Trace = None, tick: Callable[[], None] | None = None) -> Iterator[tuple[int, ...]]:
    """``nqueens(N)``: every final board, as 0-based column tuples (rows in order).
    With ``trace``, each step is handed to it; else ``tick`` (if any) is called at each queen placed."""
    t = FreeLists(n) if tick is None else TickedFreeLists(n, tick)
    for columns in nqueens(n, t if trace is None else WatchedFreeLists(n, trace)):
        yield tuple(col - 1 for col in columns)
