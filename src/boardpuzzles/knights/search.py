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
``count_reference`` is the plain-Python search (no pruning) the tests compare
it with.
"""

from __future__ import annotations

import numpy as np
from numba import njit

FOUND, EXHAUSTED, GAVE_UP = 0, 1, 2


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


@njit(cache=True, nogil=True)
def search_kernel(nbr, tie, prefix, closed, count_all, node_limit, path, middle, middle_moves):
    """Extend ``prefix`` to tours over every free square (rows of nbr with a move or alone).

    Returns (status, count, nodes). ``path`` holds the first tour found.
    Free squares are those with ``tie >= 0``; blocked ones have ``tie == -1``.
    """
    n = nbr.shape[0]
    n_free = 0
    acc = np.zeros(n, dtype=np.int64)
    visited = np.ones(n, dtype=np.uint8)
    for s in range(n):
        if tie[s] >= 0:
            n_free += 1
            visited[s] = 0
            for k in range(8):
                if nbr[s, k] >= 0:
                    acc[s] += 1
    counts = np.zeros(2, dtype=np.int64)
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
    base = prefix.shape[0] - 1
    depth = base
    count, nodes = np.int64(0), np.int64(0)
    used = np.int64(0)  # moves between two middle squares so far
    for i in range(1, prefix.shape[0]):
        used += middle[prefix[i - 1]] & middle[prefix[i]]
    cand = np.empty((n_free, 8), dtype=np.int64)
    ncand = np.zeros(n_free, dtype=np.int64)
    nexti = np.zeros(n_free, dtype=np.int64)

    if depth == n_free - 1:  # the prefix already covers the board
        ok = _ends_tour(nbr, prefix[depth], start, closed)
        return (FOUND if ok else EXHAUSTED), (1 if ok else 0), nodes
    if _hopeless(nbr, acc, visited, counts, prefix[depth], start, closed, n_free - 1 - depth):
        return EXHAUSTED, count, nodes

    fresh = True
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
            fresh = False
        if nexti[depth] < ncand[depth]:
            t = cand[depth, nexti[depth]]
            nexti[depth] += 1
            across = middle[path[depth]] & middle[t]
            if across and middle_moves >= 0 and used >= middle_moves:
                continue
            used += across
            nodes += 1
            if node_limit > 0 and nodes > node_limit:
                return GAVE_UP, count, nodes
            _visit(nbr, acc, visited, counts, t, start, closed)
            depth += 1
            path[depth] = t
            remaining = n_free - 1 - depth
            if remaining == 0:
                if _ends_tour(nbr, t, start, closed):
                    count += 1
                    if not count_all:
                        return FOUND, count, nodes
            elif not _hopeless(nbr, acc, visited, counts, t, start, closed, remaining):
                fresh = True
                continue
            _unvisit(nbr, acc, visited, counts, t, start, closed)
            used -= across
            depth -= 1
        else:
            if depth == base:
                break
            _unvisit(nbr, acc, visited, counts, path[depth], start, closed)
            used -= middle[path[depth - 1]] & middle[path[depth]]
            depth -= 1
    return (FOUND if count > 0 else EXHAUSTED), count, nodes


def count_reference(nbr: np.ndarray, start: int, closed: bool) -> int:
    """Plain-Python count of tours from ``start`` over every square with a move (or alone).

    No pruning: meant for boards of a few dozen squares.
    """
    n = nbr.shape[0]
    seen = [False] * n
    seen[start] = True
    neighbours = [[int(t) for t in row if t >= 0] for row in nbr]

    def extend(p: int, placed: int) -> int:
        if placed == n:
            return int(not closed or start in neighbours[p])
        total = 0
        for t in neighbours[p]:
            if not seen[t]:
                seen[t] = True
                total += extend(t, placed + 1)
                seen[t] = False
        return total

    return extend(start, 1)
