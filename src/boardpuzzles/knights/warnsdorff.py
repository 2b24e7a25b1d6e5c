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

:func:`run_rule` returns the squares visited, in order; fewer than all squares
means the knight got stuck.  It checks its arguments before the kernels
(``_tour_kernel`` and its helpers, this module's own) see them; the tests
compare it with a plain-Python walk (``tests/knights_helpers.py``).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from .. import checks, compiling
from ..errors import InputError
from ..progress import Tracker
from . import chunks
from .moves import DCOL, DROW, PLAIN_MOST_SQUARES, check_board

__all__ = ["SEED", "LOOKAHEAD", "ROTH", "RULES", "BASE", "LOOKAHEAD_MOST", "PLAIN_MOST_DEPTH", "FIRST_MOVES",
           "first_moves", "run_rule"]

SEED, LOOKAHEAD, ROTH = 0, 1, 2
RULES = (SEED, LOOKAHEAD, ROTH)
#: the look-ahead's score in base 16: accessibilities are 0..8, so one hexadecimal digit a move looked at
BASE = 16
#: the deepest look-ahead (8**8 squares looked at a move at most; its score, a digit a move, fits an int64)
LOOKAHEAD_MOST = 8


@njit(cache=True, nogil=True)
def _fill_accessibility(rows, cols, free, acc, lo, hi):
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
        scale *= BASE
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
def _tour_kernel(rows, cols, acc, path, length, rule, depth, shift, moves):
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


#: The deepest look-ahead walked interpreted on a small board (:data:`.moves.PLAIN_MOST_SQUARES`).
PLAIN_MOST_DEPTH = 2
#: Moves in the walk's first chunk; later chunks are sized by the time the ones before took.
FIRST_MOVES = 1 << 12


def first_moves(rule: int, depth: int) -> int:
    """Moves in the walk's first chunk: :data:`FIRST_MOVES`, or for :data:`LOOKAHEAD` that many
    over 8 for each move looked ahead (a move may look at 8**(depth - 1) squares a candidate:
    at depth 8, 0.06 s to 0.4 s a move on a quiet core), at least one."""
    return max(1, FIRST_MOVES >> 3 * (depth - 1)) if rule == LOOKAHEAD else FIRST_MOVES


def run_rule(rows: int, cols: int, start: int, rule: int, depth: int = 1,
             free: Any = None, shift: int = 0, tracker: Tracker | None = None) -> np.ndarray:
    """The squares (indices ``row * cols + col``) the rule visits from the square ``start`` (an index);
    shorter than the free squares when stuck.

    ``rule`` is one of :data:`RULES`, ``depth`` how far :data:`LOOKAHEAD` looks
    (1..:data:`LOOKAHEAD_MOST`), ``free`` the free squares (a bool a square, default all), ``shift``
    the first move code of the tie order (0..7).  The tables are built and the knight walks in
    chunks; between two, ``tracker`` reports the squares done and checks ``cancel``.
    """
    rows, cols = check_board(rows, cols)
    squares = rows * cols
    free = np.ones(squares, dtype=np.bool_) if free is None else checks.mask(free, "free", squares)
    start = checks.whole_number(start, "start", 0, squares - 1)
    if not free[start]:
        raise InputError("{parameter} is a blocked square: start on a free one", parameter="start", value=start)
    if not isinstance(rule, (int, np.integer)) or isinstance(rule, bool) or rule not in RULES:
        raise checks.refused("{parameter} must be SEED, LOOKAHEAD or ROTH", "rule", rule)
    depth = checks.whole_number(depth, "depth", 1, LOOKAHEAD_MOST)
    shift = checks.whole_number(shift, "shift", 0, 7)
    if tracker is not None and not isinstance(tracker, Tracker):
        raise checks.refused("{parameter} must be a Tracker, or None", "tracker", tracker)
    tracker = tracker or Tracker("squares")
    n_free = int(free.sum())
    tracker.update(0, total=squares + n_free, detail="accessibility")
    small = squares <= PLAIN_MOST_SQUARES and (rule != LOOKAHEAD or depth <= PLAIN_MOST_DEPTH)
    fill, occupy, walk = (compiling.chosen(kernel, small) for kernel in (_fill_accessibility, _occupy, _tour_kernel))
    acc = np.empty(squares, dtype=np.int8)
    for lo, hi in chunks.ranges(tracker, squares):
        fill(rows, cols, free, acc, lo, hi)
    path = np.empty(n_free, dtype=np.int32 if squares < 2**31 else np.int64)
    path[0] = start
    occupy(rows, cols, acc, start)
    length, stuck = 1, False
    tracker.update(tracker.done + 1, detail="walking")
    for moves in chunks.sizes(tracker, first_moves(rule, depth)):
        if stuck or length == n_free:
            break
        before = length
        length, stuck = walk(rows, cols, acc, path, length, int(rule), depth, shift, moves)
        tracker.done += length - before
    return path[:length]
