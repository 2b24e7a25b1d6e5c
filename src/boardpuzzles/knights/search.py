"""Exhaustive search: Warnsdorff-ordered backtracking that finds or counts tours.

The kernel walks a depth-first search over knight paths with an explicit stack.
Candidate moves are tried in Warnsdorff order (fewest onward moves first, ties
by ``tie`` and then move code), so a tour usually comes at once, and a
pruning rule cuts a branch as soon as some free square can no longer be fitted
in:

* ``acc[t]`` counts the free neighbours of each free square t (for a closed
  tour the start square stays counted: the tour comes back to it);
* a free square that the knight cannot enter next needs two free neighbours
  (one to come in, one to leave) unless it is the end of an open tour -- and an
  open tour has one end;
* a square the knight can enter next needs one.

On a board four lines wide every move from an edge line goes to a middle line and
the two have as many squares, so an open tour alternates edge and middle squares
but for a single move between two middle squares (see :mod:`.theory`); ``middle``
marks the middle lines and ``middle_moves`` caps those moves (-1: no cap).

The same kernel counts: with ``count_all`` it does not stop at the first tour.
It works in chunks of nodes and keeps its whole state (the stack included) in
arrays between them (:class:`Search`), so a long search reports its progress
and can be cancelled between two chunks.  :class:`Search` checks what it is
given before the kernels see it (a table, orders and a prefix that do not fit
together are an :class:`~boardpuzzles.errors.InputError` naming the parameter);
the kernels (``_prepare``, ``_resume`` and their helpers) are this module's own.
The tests compare it with a plain-Python count without pruning
(``tests/knights_helpers.py``).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from .. import checks
from ..errors import InputError

__all__ = ["FOUND", "EXHAUSTED", "GAVE_UP", "PAUSED", "Search"]

FOUND, EXHAUSTED, GAVE_UP, PAUSED = 0, 1, 2, 3


@njit(cache=True)
def _visit(nbr, acc, visited, counts, s, start, closed):
    """Occupy s: its free neighbours lose one way in or out. counts = [#acc<=1, #acc==0]."""
    if acc[s] <= 1:
        counts[0] -= 1
    if acc[s] == 0:
        counts[1] -= 1
    visited[s] = 1
    if closed and s == start:
        return  # the tour returns to the start: its neighbours keep counting it
    for k in range(8):
        t = nbr[s, k]
        if t < 0:
            continue
        if closed and t == start:
            acc[t] -= 1
        elif not visited[t]:
            acc[t] -= 1
            if acc[t] == 1:
                counts[0] += 1
            elif acc[t] == 0:
                counts[1] += 1


@njit(cache=True)
def _unvisit(nbr, acc, visited, counts, s, start, closed):
    """Undo _visit(s)."""
    visited[s] = 0
    if not (closed and s == start):
        for k in range(8):
            t = nbr[s, k]
            if t < 0:
                continue
            if closed and t == start:
                acc[t] += 1
            elif not visited[t]:
                if acc[t] == 1:
                    counts[0] -= 1
                elif acc[t] == 0:
                    counts[1] -= 1
                acc[t] += 1
    if acc[s] <= 1:
        counts[0] += 1
    if acc[s] == 0:
        counts[1] += 1


@njit(cache=True)
def _ends_tour(nbr, square, start, closed):
    """A path that covers the board and ends on ``square`` is a tour: open always, closed when it can step back to ``start``."""
    if not closed:
        return True
    for k in range(8):
        if nbr[square, k] == start:
            return True
    return False


@njit(cache=True)
def _hopeless(nbr, acc, visited, counts, p, start, closed, remaining):
    """True when no tour can finish from square p with ``remaining`` squares left."""
    adj0, adj1 = 0, 0
    for k in range(8):
        t = nbr[p, k]
        if t >= 0 and not visited[t]:
            if acc[t] == 0:
                adj0 += 1
            elif acc[t] == 1:
                adj1 += 1
    far_low = counts[0] - adj0 - adj1  # squares the knight cannot enter next, with <= 1 way
    if closed:
        return far_low > 0 or adj0 > 0 or adj1 > 1 or acc[start] == 0
    if counts[1] - adj0 > 0 or adj0 > 1 or (adj0 == 1 and remaining > 1):
        return True
    ends = far_low + adj0 + max(adj1 - 1, 0)
    return ends > 1


#: the registers of a search kept between chunks (indices into ``Search.regs``)
_DEPTH, _BASE, _USED, _COUNT, _NODES, _FRESH, _TESTS = range(7)


@njit(cache=True, nogil=True)
def _prepare(nbr, tie, prefix, closed, path, acc, visited, counts, regs):
    """Set up a search from ``prefix``; return FOUND or EXHAUSTED if that decides it, else PAUSED.

    Free squares are those with ``tie >= 0``; blocked ones have ``tie == -1``.
    """
    n = nbr.shape[0]
    n_free = 0
    for s in range(n):
        if tie[s] >= 0:
            n_free += 1
            visited[s] = 0
            for k in range(8):
                if nbr[s, k] >= 0:
                    acc[s] += 1
    for s in range(n):
        if not visited[s]:
            if acc[s] <= 1:
                counts[0] += 1
            if acc[s] == 0:
                counts[1] += 1
    start = prefix[0]
    for i in range(prefix.shape[0]):
        _visit(nbr, acc, visited, counts, prefix[i], start, closed)
        path[i] = prefix[i]
    depth = prefix.shape[0] - 1
    regs[_DEPTH], regs[_BASE], regs[_FRESH] = depth, depth, 1
    if depth == n_free - 1:  # the prefix already covers the board
        if _ends_tour(nbr, prefix[depth], start, closed):
            regs[_COUNT] = 1
            return FOUND
        return EXHAUSTED
    if _hopeless(nbr, acc, visited, counts, prefix[depth], start, closed, n_free - 1 - depth):
        return EXHAUSTED
    return PAUSED


@njit(cache=True, nogil=True)
def _resume(nbr, tie, closed, count_all, node_limit, chunk, path, middle, middle_moves,
            acc, visited, counts, cand, ncand, nexti, regs):
    """Go on with the search for at most ``chunk`` nodes (0: no limit).

    Returns FOUND (``path`` holds the tour; with ``count_all`` only at the end),
    EXHAUSTED, GAVE_UP (more than ``node_limit`` nodes in all, when it is not 0)
    or PAUSED (the chunk is used up: call again to go on).
    """
    n_free = path.shape[0]
    start = path[0]
    depth, base, used = regs[_DEPTH], regs[_BASE], regs[_USED]
    count, nodes, fresh, tests = regs[_COUNT], regs[_NODES], regs[_FRESH], regs[_TESTS]
    stop = nodes + chunk if chunk > 0 else -1
    status = PAUSED
    while True:
        if fresh:  # list the moves from the square at ``depth``, Warnsdorff order
            p = path[depth]
            m = 0
            for k in range(8):
                t = nbr[p, k]
                if t >= 0 and not visited[t]:
                    j = m
                    while j > 0 and (acc[cand[depth, j - 1]] > acc[t] or (
                            acc[cand[depth, j - 1]] == acc[t] and tie[cand[depth, j - 1]] > tie[t])):
                        cand[depth, j] = cand[depth, j - 1]
                        j -= 1
                    cand[depth, j] = t
                    m += 1
            ncand[depth] = m
            nexti[depth] = 0
            tests += m
            fresh = 0
        if nexti[depth] < ncand[depth]:
            if nodes == stop:
                break
            t = cand[depth, nexti[depth]]
            nexti[depth] += 1
            across = middle[path[depth]] & middle[t]
            if across and middle_moves >= 0 and used >= middle_moves:
                continue
            used += across
            nodes += 1
            if node_limit > 0 and nodes > node_limit:
                status = GAVE_UP
                break
            _visit(nbr, acc, visited, counts, t, start, closed)
            depth += 1
            path[depth] = t
            remaining = n_free - 1 - depth
            if remaining == 0:
                if _ends_tour(nbr, t, start, closed):
                    count += 1
                    if not count_all:
                        status = FOUND
                        break
            elif not _hopeless(nbr, acc, visited, counts, t, start, closed, remaining):
                fresh = 1
                continue
            _unvisit(nbr, acc, visited, counts, t, start, closed)
            used -= across
            depth -= 1
        else:
            if depth == base:
                status = FOUND if count > 0 else EXHAUSTED
                break
            _unvisit(nbr, acc, visited, counts, path[depth], start, closed)
            used -= middle[path[depth - 1]] & middle[path[depth]]
            depth -= 1
    regs[_DEPTH], regs[_USED], regs[_COUNT], regs[_NODES], regs[_FRESH] = depth, used, count, nodes, fresh
    regs[_TESTS] = tests
    return status


class Search:
    """One exhaustive search from ``prefix`` over the free squares (``tie >= 0``), worked in chunks.

    ``nbr`` is the neighbour table of the free squares, ``tie`` the tie order
    (lower first; -1 on blocked squares), ``middle``/``middle_moves`` the cap on
    moves between middle squares (see the module's docstring; ``middle_moves``
    -1: no cap). With ``count_all`` it counts every tour instead of stopping at
    the first; past ``node_limit`` nodes (0: none) it gives up. Its whole state
    lives in the arrays below, so :meth:`run` can stop after any number of
    nodes and go on later.
    """

    def __init__(self, nbr: np.ndarray, tie: np.ndarray, prefix: Any, closed: bool,
                 count_all: bool = False, node_limit: int = 0, middle: np.ndarray | None = None,
                 middle_moves: int = -1) -> None:
        nbr = checks.table(nbr, "nbr", 8, lo=-1)
        n = nbr.shape[0]
        if n == 0 or nbr.max(initial=-1) >= n:
            raise InputError(f"{{parameter}} must name squares 0..{n - 1} (-1: no move), one row a square",
                             parameter="nbr", value=n, show_value=False)
        tie = _one_a_square(checks.integers(tie, "tie"), "tie", n)
        free = tie >= 0
        prefix = _path(checks.integers(prefix, "prefix"), nbr, free)
        self.nbr, self.tie = nbr.astype(np.int32, copy=False), tie
        self.closed, self.count_all = checks.flag(closed, "closed"), checks.flag(count_all, "count_all")
        self.node_limit = checks.whole_number(node_limit, "node_limit", 0, checks.INT64.max)
        self.middle = np.zeros(n, dtype=np.uint8) if middle is None else checks.mask(middle, "middle", n).astype(np.uint8)
        self.middle_moves = checks.whole_number(middle_moves, "middle_moves", -1, checks.INT64.max)
        n_free = int(free.sum())
        self.path = np.empty(n_free, dtype=np.int64)
        self.acc = np.zeros(n, dtype=np.int64)
        self.visited = np.ones(n, dtype=np.uint8)
        self.counts = np.zeros(2, dtype=np.int64)
        self.cand = np.empty((n_free, 8), dtype=np.int64)
        self.ncand = np.zeros(n_free, dtype=np.int64)
        self.nexti = np.zeros(n_free, dtype=np.int64)
        self.regs = np.zeros(7, dtype=np.int64)
        self.status = _prepare(self.nbr, tie, prefix, self.closed, self.path, self.acc, self.visited, self.counts,
                               self.regs)

    @property
    def count(self) -> int:
        """Tours found so far."""
        return int(self.regs[_COUNT])

    @property
    def nodes(self) -> int:
        """Moves tried so far (past ``node_limit``: one more than were made, the one that gave up)."""
        return int(self.regs[_NODES])

    @property
    def tests(self) -> int:
        """Candidates listed so far: the free squares a knight's move from each square the search went on from."""
        return int(self.regs[_TESTS])

    @property
    def depth(self) -> int:
        """Moves on the path now (``path[:depth + 1]`` are its squares)."""
        return int(self.regs[_DEPTH])

    def run(self, chunk: int = 0) -> int:
        """Search on for at most ``chunk`` nodes (0: to the end); the status, PAUSED if not done."""
        chunk = checks.whole_number(chunk, "chunk", 0, checks.INT64.max)
        if self.status == PAUSED:
            self.status = _resume(self.nbr, self.tie, self.closed, self.count_all, self.node_limit, chunk,
                                  self.path, self.middle, self.middle_moves, self.acc, self.visited,
                                  self.counts, self.cand, self.ncand, self.nexti, self.regs)
        return self.status


def _one_a_square(array: np.ndarray, parameter: str, n: int) -> np.ndarray:
    """``array`` unless its length is not ``n``, the squares of the table."""
    if len(array) != n:
        raise InputError(f"{{parameter}} must hold one number a square of the table: {n}", parameter=parameter,
                         value=len(array))
    return array


def _path(prefix: np.ndarray, nbr: np.ndarray, free: np.ndarray) -> np.ndarray:
    """``prefix`` unless it is not a path the search can go on from: distinct free squares of the
    table, each a move (a row of ``nbr``) from the one before."""
    n = len(free)
    if not 1 <= len(prefix) <= int(free.sum()):
        raise InputError("{parameter} must be a path of one or more free squares, at most every free one",
                         parameter="prefix", value=len(prefix))
    if prefix.min() < 0 or prefix.max() >= n or not free[prefix].all() or len(np.unique(prefix)) < len(prefix):
        raise InputError(f"{{parameter}} must be distinct free squares 0..{n - 1}", parameter="prefix",
                         value=prefix.tolist())
    for a, b in zip(prefix[:-1], prefix[1:]):
        if b not in nbr[a]:
            raise InputError(f"{{parameter}}: {b} is not a move from {a}", parameter="prefix", value=prefix.tolist())
    return prefix
