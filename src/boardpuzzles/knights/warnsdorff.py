"""Warnsdorff's rule, as the seed programs it, and two stronger versions.

The seed keeps two tables: ``board`` (visited or not) and ``accessibility``
(from how many free squares a square can still be reached). After each move
the accessibility of every square one knight's move away drops by one, and the
knight moves to the free square of *minimal* accessibility; ties go to the
lower move code (0..7, see :mod:`.moves`).

Rules (the ``rule`` argument of the kernels):

* ``SEED`` -- exactly the seed's choice;
* ``LOOKAHEAD`` -- the seed's deeper look-ahead: a move is scored by the
  accessibility of its square, then (on a tie) by the best accessibility the
  knight can reach one move later, and so on to ``depth`` moves;
* ``ROTH`` -- ties broken by the square farthest from the centre (Roth's rule),
  and a square no other free square reaches is entered only as the last one.

Each returns the squares visited, in order; fewer than all squares means the
knight got stuck. ``tour_reference`` is the plain-Python version the tests
compare the kernels with.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ..progress import Tracker
from . import chunks
from .moves import DCOL, DROW

SEED, LOOKAHEAD, ROTH = 0, 1, 2
_BASE = 16  # accessibilities are 0..8, so one hexadecimal digit each


@njit(cache=True, nogil=True)
def fill_accessibility(rows, cols, free, acc, lo, hi):
    """acc[s] for s in lo .. hi - 1: free neighbours of each free square, -1 on blocked squares."""
    for s in range(lo, hi):
        if not free[s]:
            acc[s] = -1
            continue
        r, c = s // cols, s % cols
        n = 0
        for k in range(8):
            tr, tc = r + DROW[k], c + DCOL[k]
            if 0 <= tr < rows and 0 <= tc < cols and free[tr * cols + tc]:
                n += 1
        acc[s] = n


@njit(cache=True)
def _occupy(rows, cols, acc, s):
    """Mark s visited (-1) and lower the accessibility of its free neighbours."""
    acc[s] = -1
    r, c = s // cols, s % cols
    for k in range(8):
        tr, tc = r + DROW[k], c + DCOL[k]
        if 0 <= tr < rows and 0 <= tc < cols and acc[tr * cols + tc] >= 0:
            acc[tr * cols + tc] -= 1


@njit(cache=True)
def _release(rows, cols, acc, s, value):
    """Undo _occupy(s): s gets back its accessibility ``value``."""
    r, c = s // cols, s % cols
    for k in range(8):
        tr, tc = r + DROW[k], c + DCOL[k]
        if 0 <= tr < rows and 0 <= tc < cols and acc[tr * cols + tc] >= 0:
            acc[tr * cols + tc] += 1
    acc[s] = value


@njit(cache=True)
def _look(rows, cols, acc, s, depth):
    """Look-ahead score of moving to s: its accessibility, then the best score one move on."""
    a = np.int64(acc[s])
    if depth <= 1:
        return a
    scale = np.int64(1)
    for _ in range(depth - 1):
        scale *= _BASE
    best = scale - 1  # nowhere to go on: the worst tie-breaker
    _occupy(rows, cols, acc, s)
    r, c = s // cols, s % cols
    for k in range(8):
        tr, tc = r + DROW[k], c + DCOL[k]
        if 0 <= tr < rows and 0 <= tc < cols and acc[tr * cols + tc] >= 0:
            v = _look(rows, cols, acc, tr * cols + tc, depth - 1)
            if v < best:
                best = v
    _release(rows, cols, acc, s, a)
    return a * scale + best


@njit(cache=True, nogil=True)
def tour_kernel(rows, cols, acc, path, length, rule, depth, shift, moves):
    """Walk the knight on from ``path[length - 1]`` by ``rule``, at most ``moves`` moves
    (the seed's loop, in chunks); fill ``path``, return (its new length, stuck).

    ``acc`` is the accessibility table of the squares not yet visited (-1: visited
    or blocked). Remaining ties go to the first move in the order shift, shift + 1,
    ... (mod 8).
    """
    n_free = path.shape[0]
    cr2, cc2 = rows - 1, cols - 1  # twice the centre
    s = path[length - 1]
    end = min(n_free, length + moves)
    while length < end:
        r, c = s // cols, s % cols
        best, best_key, best_far = -1, np.int64(0), np.int64(0)
        for i in range(8):
            k = (i + shift) % 8
            tr, tc = r + DROW[k], c + DCOL[k]
            if not (0 <= tr < rows and 0 <= tc < cols):
                continue
            t = tr * cols + tc
            if acc[t] < 0:
                continue
            if rule == LOOKAHEAD:
                key = _look(rows, cols, acc, t, depth)
            else:
                key = np.int64(acc[t])
            if rule == ROTH and key == 0 and length + 1 < n_free:
                continue  # a dead end unless it is the last square
            far = (2 * tr - cr2) ** 2 + (2 * tc - cc2) ** 2
            if best < 0 or key < best_key or (rule == ROTH and key == best_key and far > best_far):
                best, best_key, best_far = t, key, far
        if best < 0:
            return length, True
        s = best
        _occupy(rows, cols, acc, s)
        path[length] = s
        length += 1
    return length, False


def run_rule(rows: int, cols: int, start: int, rule: int, depth: int = 1,
             free: np.ndarray | None = None, shift: int = 0, tracker: Tracker | None = None) -> np.ndarray:
    """The squares (indices) the rule visits from ``start``; shorter than the board when stuck.

    The tables are built and the knight walks in chunks; between two, ``tracker``
    reports the squares done and checks ``cancel``.
    """
    if free is None:
        free = np.ones(rows * cols, dtype=np.bool_)
    tracker = tracker or Tracker("squares")
    n_free = int(free.sum())
    tracker.update(0, total=rows * cols + n_free, detail="accessibility")
    acc = np.empty(rows * cols, dtype=np.int8)
    for lo, hi in chunks.ranges(tracker, rows * cols):
        fill_accessibility(rows, cols, free, acc, lo, hi)
    path = np.empty(n_free, dtype=np.int32 if rows * cols < 2**31 else np.int64)
    path[0] = start
    _occupy(rows, cols, acc, start)
    length, stuck = 1, False
    tracker.update(tracker.done + 1, detail="walking")
    for moves in chunks.sizes(tracker):
        if stuck or length == n_free:
            break
        before = length
        length, stuck = tour_kernel(rows, cols, acc, path, length, rule, depth, shift, moves)
        tracker.done += length - before
    return path[:length]


def tour_reference(rows: int, cols: int, start: tuple[int, int], rule: int = SEED,
                   depth: int = 1) -> list[tuple[int, int]]:
    """Plain-Python version of :func:`tour_kernel` on a board without blocked squares."""
    moves = list(zip(DROW.tolist(), DCOL.tolist()))

    def free_neighbours(r, c):
        return [(r + dr, c + dc) for dr, dc in moves
                if 0 <= r + dr < rows and 0 <= c + dc < cols and not board[r + dr][c + dc]]

    board = [[False] * cols for _ in range(rows)]
    access = [[len(free_neighbours(r, c)) for c in range(cols)] for r in range(rows)]

    def occupy(r, c):
        board[r][c] = True
        for tr, tc in free_neighbours(r, c):
            access[tr][tc] -= 1

    def release(r, c):
        board[r][c] = False
        for tr, tc in free_neighbours(r, c):
            access[tr][tc] += 1

    def look(r, c, d):
        if d <= 1:
            return access[r][c]
        occupy(r, c)
        onward = [look(tr, tc, d - 1) for tr, tc in free_neighbours(r, c)]
        release(r, c)
        return access[r][c] * _BASE ** (d - 1) + min(onward, default=_BASE ** (d - 1) - 1)

    path = [start]
    occupy(*start)
    while len(path) < rows * cols:
        r, c = path[-1]
        options = []
        for code, (tr, tc) in enumerate(free_neighbours(r, c)):
            key = look(tr, tc, depth) if rule == LOOKAHEAD else access[tr][tc]
            if rule == ROTH and key == 0 and len(path) + 1 < rows * cols:
                continue
            far = (2 * tr - rows + 1) ** 2 + (2 * tc - cols + 1) ** 2
            options.append((key, -far if rule == ROTH else 0, code, (tr, tc)))
        if not options:
            break
        square = min(options)[3]
        occupy(*square)
        path.append(square)
    return path
