"""The eight queens as J. Arsac writes them ("Programming games and puzzles", seeds 000 and 002).

Both versions keep three occupancy tables instead of a board, generalised from
8 to N (indexes are 1-based, as in the book; slot 0 is unused):

* ``cm[i]``         column ``i``                         (1..N)
* ``dp[k + i - 1]`` the "sum" diagonal through row k, column i (1..2N-1)
* ``dm[k - i + N]`` the "difference" diagonal               (1..2N-1; the book's ``k - i + 8``)

A table entry is 0 when its line is free and holds the number ``k`` of the queen
on it otherwise, so "is (k, i) free?", "occupy k, i" and "free k, i" each cost
O(1), with no loops over the board.

Solutions come out in the book's order: the lexicographic order of ``c``.
They are yielded as 0-based column tuples, like every other method's.

With ``trace``, each step of the search is handed to it as an :class:`ArsacStep`:
what the step does and the tables as they stand then (``str(step)`` is the
line ``--trace`` prints, ``step.to_json()`` the object ``--trace --json`` and the
web page's step stream carry).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class ArsacStep:
    """One step of HR(k) (``action`` "occupy" or "free") or of the automaton (``action`` its state).

    ``k`` and ``i`` are the row and column the step is about (1-based); ``c`` is
    ``c[1..k]`` as it stands, ``cm``, ``dp``, ``dm`` the tables with their unused
    slot 0 left out (``cm[1..N]``, ``dp[1..2N-1]``, ``dm[1..2N-1]``).
    """

    method: str
    action: str
    k: int
    i: int
    c: tuple[int, ...]
    cm: tuple[int, ...]
    dp: tuple[int, ...]
    dm: tuple[int, ...]

    def __str__(self) -> str:
        if self.method == "recursive":
            return f"{self.action} {self.k}, {self.i}"
        if self.action == "Я":
            return "Я   end"
        return f"{self.action:<3} k={self.k}" + (f" i={self.i}" if self.action in ("СОК", "СБ") else "")

    def to_json(self) -> dict[str, Any]:
        """The step as JSON: ``method``, ``action``, ``k``, ``i`` and the tables ``c``, ``cm``, ``dp``, ``dm``."""
        return {
            "method": self.method, "action": self.action, "k": self.k, "i": self.i,
            "c": list(self.c), "cm": list(self.cm), "dp": list(self.dp), "dm": list(self.dm),
        }


Trace = Callable[[ArsacStep], None] | None


class _Tables:
    """The book's ``c``, ``cm``, ``dp`` and ``dm`` for an N x N board."""

    def __init__(self, n: int) -> None:
        self.n = n
        self.c = [0] * (n + 1)
        self.cm = [0] * (n + 1)
        self.dp = [0] * (2 * n)
        self.dm = [0] * (2 * n)

    def is_free(self, k: int, i: int) -> bool:
        return self.cm[i] == 0 and self.dp[k + i - 1] == 0 and self.dm[k - i + self.n] == 0

    def occupy(self, k: int, i: int) -> None:
        self.c[k] = i
        self.cm[i] = self.dp[k + i - 1] = self.dm[k - i + self.n] = k

    def free(self, k: int, i: int) -> None:
        self.cm[i] = self.dp[k + i - 1] = self.dm[k - i + self.n] = 0

    def solution(self) -> tuple[int, ...]:
        return tuple(i - 1 for i in self.c[1:])

    def step(self, method: str, action: str, k: int, i: int, placed: int) -> ArsacStep:
        """The tables as they stand, with ``c[1..placed]``, for a trace."""
        return ArsacStep(method, action, k, i, tuple(self.c[1 : placed + 1]), tuple(self.cm[1:]), tuple(self.dp[1:]),
                         tuple(self.dm[1:]))


def solutions_recursive(n: int, trace: Trace = None) -> Iterator[tuple[int, ...]]:
    """HR(k): run over the squares of row k; on each free one put queen k and solve HR(k + 1)."""
    tables = _Tables(n)

    def hr(k: int) -> Iterator[tuple[int, ...]]:
        for i in range(1, n + 1):
            if tables.is_free(k, i):
                tables.occupy(k, i)
                if trace:
                    trace(tables.step("recursive", "occupy", k, i, k))
                if k == n:
                    yield tables.solution()
                else:
                    yield from hr(k + 1)
                tables.free(k, i)
                if trace:
                    trace(tables.step("recursive", "free", k, i, k - 1))

    if n > 0:
        yield from hr(1)


def solutions_iterative(n: int, trace: Trace = None) -> Iterator[tuple[int, ...]]:
    """The same search with no recursion: the book's automaton with states С, И, СОК, СБ, С8, Я.

    С    k - 1 queens are placed; start row k at its first column.
    И    look for the next free column i on row k, after c[k].
    СОК  (k, i) is free: occupy it and go to С with k + 1 (or to С8 when k = N).
    С8   all N queens are placed: output c, then row N is exhausted: СБ.
    СБ   row k is blocked or exhausted: back to queen k - 1, free it, continue at И.
    Я    k reached 0: the end.
    """
    t = _Tables(n)
    k, i = 1, 0
    state = "С" if n > 0 else "Я"
    while state != "Я":
        if trace:
            trace(t.step("iterative", state, k, i, k - 1 if state == "С" else k))
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
            if k == 0:
                state = "Я"
            else:
                i = t.c[k]
                t.free(k, i)
                state = "И"
    if trace:
        trace(t.step("iterative", "Я", 0, 0, 0))
