"""Checking a tour square by square."""

from __future__ import annotations

import numpy as np
from numba import njit


@njit(cache=True)
def _first_fault(rows, cols, path, free, closed):
    """-1 when path is a tour of the free squares, else the position of the first fault.

    A fault is a square off the board, blocked or seen before, a step that is not a
    knight's move, or (closed) a last square not a knight's move from the first.
    The position ``len(path)`` means: some free square is missing.
    """
    seen = np.zeros(rows * cols, dtype=np.bool_)
    n = path.shape[0]
    for i in range(n):
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
    for s in range(rows * cols):
        if free[s] and not seen[s]:
            return n
    return -1


def check_tour(rows: int, cols: int, path: np.ndarray, closed: bool = False,
               free: np.ndarray | None = None) -> int:
    """-1 if ``path`` (square indices) is a tour, else where it first goes wrong."""
    if free is None:
        free = np.ones(rows * cols, dtype=np.bool_)
    if len(path) == 0:
        return 0 if free.any() else -1
    return int(_first_fault(rows, cols, np.asarray(path), free, closed))
