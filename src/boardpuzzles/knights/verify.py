"""Checking a tour square by square."""

from __future__ import annotations

import numpy as np
from numba import njit

from ..progress import Tracker
from . import chunks


@njit(cache=True, nogil=True)
def _first_fault(rows, cols, path, free, closed, seen, lo, hi):
    """-1 when path[lo:hi] is sound, else the position of its first fault; ``seen`` marks the squares met.

    A fault is a square off the board, blocked or seen before, a step that is not a
    knight's move, or (closed) a last square not a knight's move from the first.
    """
    n = path.shape[0]
    for i in range(lo, hi):
        s = path[i]
        if s < 0 or s >= rows * cols or not free[s] or seen[s]:
            return i
        seen[s] = True
        if i > 0 or closed:
            p = path[i - 1] if i > 0 else path[n - 1]
            dr = abs(s // cols - p // cols)
            dc = abs(s % cols - p % cols)
            if dr * dc != 2:
                return i
    return -1


@njit(cache=True, nogil=True)
def _first_missing(free, seen, lo, hi):
    """The first free square in lo .. hi - 1 not seen, or -1."""
    for s in range(lo, hi):
        if free[s] and not seen[s]:
            return s
    return -1


def check_tour(rows: int, cols: int, path: np.ndarray, closed: bool = False,
               free: np.ndarray | None = None, tracker: Tracker | None = None) -> int:
    """-1 if ``path`` (square indices) is a tour, else where it first goes wrong
    (``len(path)``: some free square is missing). Works in chunks: between two,
    ``tracker`` reports the squares checked and checks ``cancel``."""
    if free is None:
        free = np.ones(rows * cols, dtype=np.bool_)
    if len(path) == 0:
        return 0 if free.any() else -1
    tracker = tracker or Tracker("squares")
    tracker.update(0, total=len(path) + rows * cols, detail="checking")
    path = np.asarray(path)
    seen = np.zeros(rows * cols, dtype=np.bool_)
    for lo, hi in chunks.ranges(tracker, len(path)):
        fault = _first_fault(rows, cols, path, free, closed, seen, lo, hi)
        if fault != -1:
            return int(fault)
    for lo, hi in chunks.ranges(tracker, rows * cols):
        if _first_missing(free, seen, lo, hi) != -1:
            return len(path)
    return -1
