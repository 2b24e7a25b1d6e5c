"""The eight queens as J. Arsac writes them ("Programming games and puzzles", seeds 000 and 002).

Both versions keep three occupancy tables instead of a board, generalised from
8 to N (indexes are 1-based, as in the book; slot 0 is unused):

* ``cm[i]``         column ``i``                         (1..N)
* ``dp[k + i - 1]`` the "sum" diagonal through row k, column i (1..2N-1)
* ``dm[k - i + N]`` the "difference" diagonal               (1..2N-1; the book's ``k - i + 8``)

A table entry is 0 when its line is free and holds the number ``k`` of the queen
on it otherwise, so "is (k, i) free?", "occupy k, i" and "free k, i" each cost
O(1), with no loops over the board.

:class:`Tables`, :func:`recursive` (HR(k)) and :func:`automaton` (the iterative
version, states С, И, СОК, СБ, С8, Я) are the code a learner reads beside the
seed (:data:`RECURSIVE` and :data:`ITERATIVE` are their listings): they are
written without type annotations, as the book's program is.  Watched, the same
code runs on :class:`WatchedTables`, whose operations make the steps
(:class:`ArsacStep`): every square tested, passing or refused, every
occupation, every freeing and every solution, each with where the code stands.

Solutions come out in the book's order: the lexicographic order of ``c``.
:func:`solutions_recursive` and :func:`solutions_iterative` yield them as
0-based column tuples, like every other method's.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from ..errors import InternalError
from ..i18n import text
from ..listing import Listing
from ..watching import Moment, Recorder, WatchedStep

#: What the queens' searches count as they run (the tree's ``nodes`` too).
COUNTERS = ("tests", "placements", "backtracks", "solutions")


class Tables:
    """The book's c, cm, dp and dm for an N x N board."""

    def __init__(self, n):
        self.n = n
        self.c = [0] * (n + 1)
        self.cm = [0] * (n + 1)
        self.dp = [0] * (2 * n)
        self.dm = [0] * (2 * n)

    def is_free(self, k, i):
        cm, dp, dm, n = self.cm, self.dp, self.dm, self.n
        return cm[i] == 0 and dp[k + i - 1] == 0 and dm[k - i + n] == 0

    def occupy(self, k, i):
        cm, dp, dm, n = self.cm, self.dp, self.dm, self.n
        self.c[k] = i
        cm[i] = dp[k + i - 1] = dm[k - i + n] = k

    def free(self, k, i):
        cm, dp, dm, n = self.cm, self.dp, self.dm, self.n
        cm[i] = dp[k + i - 1] = dm[k - i + n] = 0

    def solution(self):
        return tuple(self.c[1:])


def recursive(n, t, k=1):
    def HR(k):
        for i in range(1, n + 1):
            if t.is_free(k, i):
                t.occupy(k, i)
                if k == n:
                    yield t.solution()
                else:
                    yield from HR(k + 1)
                t.free(k, i)

    yield from HR(k)


def automaton(n, t, first=1):
    k, i = first, 0
    state = "С"
    while state != "Я":
        if state == "С":
            t.c[k] = 0
            state = "И"
        elif state == "И":
            i = t.c[k] + 1
            while i <= n and not t.is_free(k, i):
                i += 1
            state = "СБ" if i > n else "СОК"
        elif state == "СОК":
            t.c[k] = i
            if k == n:
                state = "С8"
            else:
                t.occupy(k, i)
                k += 1
                state = "С"
        elif state == "С8":
            yield t.solution()
            state = "СБ"
        elif state == "СБ":
            k -= 1
            if k < first:
                state = "Я"
            else:
                i = t.c[k]
                t.free(k, i)
                state = "И"


#: The recursive HR(k) as the learner reads it: the search, then the tables.
RECURSIVE = Listing("recursive", [recursive, Tables], frames={"HR": "HR"}, variables=("k", "i"))
#: The automaton as the learner reads it: its states С, И, СОК, СБ, С8, Я, then the tables.
ITERATIVE = Listing("iterative", [automaton, Tables], frames={"automaton": "automaton"},
                    variables=("k", "i", "state"))
LISTINGS = {"recursive": RECURSIVE, "iterative": ITERATIVE}


@dataclass(frozen=True)
class Refusal:
    """Why a square was refused: the ``table`` (or free list) and its ``entry`` that say so, held by
    the queen on ``square`` (1-based row and column); ``reason`` is the sentence."""

    reason: str
    table: str
    entry: int
    square: tuple[int, int]

    def to_json(self) -> dict[str, Any]:
        """``reason``, and ``blocker``: ``{"table", "entry", "row", "col"}``."""
        row, col = self.square
        return {"reason": self.reason, "blocker": {"table": self.table, "entry": self.entry, "row": row, "col": col}}


@dataclass(frozen=True)
class ArsacStep(WatchedStep):
    """One step of HR(k) or of the automaton: ``action`` is ``test``, ``occupy``, ``free`` or ``solution``.

    ``k`` and ``i`` are the row and column the step is about (1-based); ``c`` is
    ``c[1..]`` for the queens on the board after the step, ``cm``, ``dp``, ``dm``
    the tables with their unused slot 0 left out (``cm[1..N]``, ``dp[1..2N-1]``,
    ``dm[1..2N-1]``); a refused test has its :class:`Refusal`, a solution step its
    columns.  ``moment`` says where the code stands (:class:`~..watching.Moment`).
    """

    method: str
    action: str
    k: int
    i: int
    c: tuple[int, ...]
    cm: tuple[int, ...]
    dp: tuple[int, ...]
    dm: tuple[int, ...]
    moment: Moment
    refusal: Refusal | None = None
    solution: tuple[int, ...] | None = None

    @property
    def state(self) -> str | None:
        """The automaton's state at this step (None for HR(k))."""
        return self.moment.variables.get("state")

    def words(self, lang: str = "en") -> str:
        """What the step does, in words, in ``lang`` (see :mod:`~boardpuzzles.i18n`)."""
        k, i = self.k, self.i
        if self.action == "test" and self.refusal:
            table, entry, (queen, _) = self.refusal.table, self.refusal.entry, self.refusal.square
            return text("trace.arsac.refused", lang, k=k, i=i, table=table, entry=entry, queen=queen)
        if self.action == "solution":
            assert self.solution is not None
            return text("trace.arsac.solution", lang, count=self.moment.count("solutions"),
                        columns=" ".join(map(str, self.solution)))
        return text(f"trace.arsac.{self.action}", lang, k=k, i=i)

    def line(self, lang: str = "en") -> str:
        """The line ``--trace`` prints: the step's number, the line executing, the frame (HR(k)) or
        the automaton's state, and the words, in ``lang``."""
        where = f"HR({self.moment.variables.get('k', self.k)})" if self.method == "recursive" else self.state
        return f"{self.index + 1:>7}  {text('trace.line', lang, line=f'{self.moment.line:>2}')}  {where:<6} {self.words(lang)}"

    def __str__(self) -> str:
        """The line ``--trace`` prints, in English (:meth:`line`)."""
        return self.line()

    def to_json(self) -> dict[str, Any]:
        """The step as JSON: ``method``, ``action``, ``k``, ``i`` (``state`` for the automaton; ``reason``
        and ``blocker`` for a refused test), the tables ``c``, ``cm``, ``dp``, ``dm``, ``solution``,
        then the keys every watched step has (:meth:`~..watching.Moment.to_json`)."""
        payload: dict[str, Any] = {"method": self.method, "action": self.action, "k": self.k, "i": self.i}
        if self.method == "iterative":
            payload["state"] = self.state
        if self.refusal is not None:
            payload.update(self.refusal.to_json())
        payload.update(c=list(self.c), cm=list(self.cm), dp=list(self.dp), dm=list(self.dm),
                       solution=None if self.solution is None else list(self.solution))
        payload.update(self.moment.to_json())
        return payload


Trace = Callable[[ArsacStep], None] | None


class WatchedTables(Tables):
    """The tables of a watched search: each operation does what the book's does, and makes its step
    (``offset`` and ``cancel``: see :class:`~..watching.Recorder`).  ``placed`` are the 1-based columns of
    the queens already on rows 1, 2, ...: they are occupied before the search, with no step, and the
    search tree's root is the board with them."""

    def __init__(self, n: int, method: str, trace: Callable[[ArsacStep], None], offset: int = 0,
                 cancel: threading.Event | None = None, placed: Sequence[int] = ()) -> None:
        super().__init__(n)
        for k, i in enumerate(placed, 1):
            super().occupy(k, i)
        self.first = len(placed) + 1
        self.method = method
        self.trace = trace
        self.recorder = Recorder(LISTINGS[method], COUNTERS, offset, cancel)

    def is_free(self, k: int, i: int) -> bool:
        free: bool = super().is_free(k, i)
        self._step("test", "tests", k, i, k - 1, None if free else self._refusal(k, i))
        return free

    def occupy(self, k: int, i: int) -> None:
        super().occupy(k, i)
        self._step("occupy", "placements", k, i, k)

    def free(self, k: int, i: int) -> None:
        super().free(k, i)
        self._step("free", "backtracks", k, i, k - 1)

    def solution(self) -> tuple[int, ...]:
        columns: tuple[int, ...] = super().solution()
        self._step("solution", "solutions", self.n, columns[-1], self.n, solution=columns)
        return columns

    def _refusal(self, k: int, i: int) -> Refusal:
        """The first table that refuses (k, i), in the book's order: cm, dp, dm."""
        for table, entry in (("cm", i), ("dp", k + i - 1), ("dm", k - i + self.n)):
            queen = getattr(self, table)[entry]
            if queen:
                return Refusal(f"{table}[{entry}] is taken by queen {queen}", table, entry, (queen, self.c[queen]))
        raise InternalError(f"({k}, {i}) is free, yet refused")

    def _step(self, action: str, counter: str, k: int, i: int, placed: int, refusal: Refusal | None = None,
              solution: tuple[int, ...] | None = None) -> None:
        moment = self.recorder.step(counter, placed - self.first + 1)
        if moment is not None:
            self.trace(ArsacStep(self.method, action, k, i, tuple(self.c[1 : placed + 1]), tuple(self.cm[1:]),
                                 tuple(self.dp[1:]), tuple(self.dm[1:]), moment, refusal, solution))


class CountedTables(Tables):
    """The tables, counting the queens occupied (``placed``: the search tree's nodes below the root) and
    calling ``tick`` at each (where a long search hears ``cancel``)."""

    def __init__(self, n: int, tick: Callable[[], None] = lambda: None) -> None:
        super().__init__(n)
        self.placed = 0
        self.tick = tick

    def occupy(self, k: int, i: int) -> None:
        super().occupy(k, i)
        self.placed += 1
        self.tick()


def _tables(n: int, method: str, trace: Trace, tick: Callable[[], None] | None) -> Tables:
    if trace is not None:
        return WatchedTables(n, method, trace)
    return Tables(n) if tick is None else CountedTables(n, tick)


def solutions_recursive(n: int, trace: Trace = None, tick: Callable[[], None] | None = None) -> Iterator[tuple[int, ...]]:
    """HR(k): run over the squares of row k; on each free one put queen k and solve HR(k + 1).
    With ``trace``, each step is handed to it; else ``tick`` (if any) is called at each queen placed."""
    for columns in recursive(n, _tables(n, "recursive", trace, tick)):
        yield tuple(i - 1 for i in columns)


def solutions_iterative(n: int, trace: Trace = None, tick: Callable[[], None] | None = None) -> Iterator[tuple[int, ...]]:
    """The same search with no recursion: the book's automaton with states С, И, СОК, СБ, С8, Я.

    С    k - 1 queens are placed; start row k at its first column.
    И    look for the next free column i on row k, after c[k].
    СОК  (k, i) is free: occupy it and go to С with k + 1 (or to С8 when k = N).
    С8   all N queens are placed: output c, then row N is exhausted: СБ.
    СБ   row k is blocked or exhausted: back to queen k - 1, free it, continue at И.
    Я    k reached 0: the end.

    With ``trace``, each step is handed to it; else ``tick`` (if any) is called at each queen placed.
    """
    for columns in automaton(n, _tables(n, "iterative", trace, tick)):
        yield tuple(i - 1 for i in columns)
