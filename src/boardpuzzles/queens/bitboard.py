"""The fast way to list solutions: bitboards in a numba kernel with an explicit stack.

Row r keeps three masks of attacked columns (``cols``, ``left`` and ``right``
diagonals, shifted one column per row) and ``free[r]``, the columns of row r not
yet tried. The lowest set bit is the leftmost untried column, so solutions come
out in lexicographic order, as in the seeds. The search can stop after any
solution and carry on later from the same arrays: that is how
:func:`solutions_bitboard` streams them lazily.
"""

from __future__ import annotations

import time
from collections.abc import Iterator

import numpy as np
from numba import njit

from ..progress import Budget, Tracker

#: Widest board the 64-bit masks hold with room for the shifts.
MAX_N = 62


@njit(cache=True)
def _column(bit: int) -> int:
    """The index of the single set bit of ``bit``."""
    index = 0
    while bit > 1:
        bit >>= 1
        index += 1
    return index


@njit(cache=True)
def _continue_search(n, stack, cols, left, right, free, queens, out, max_steps):
    """Carry on the search from ``stack[0]`` (the current row); fill ``out`` with solutions.

    Stops when ``out`` is full, after ``max_steps`` steps (so that Python can
    report, and hear Ctrl-C or a cancel, in between), or at the end of the
    search, when ``stack[0]`` becomes -1; ``stack[1]`` is then the number of
    steps taken. Returns how many rows of ``out`` were filled.
    """
    full = (np.int64(1) << n) - 1
    found = 0
    row = stack[0]
    steps = 0
    while row >= 0 and found < out.shape[0] and steps < max_steps:
        steps += 1
        if free[row] == 0:
            row -= 1
            continue
        bit = free[row] & -free[row]
        free[row] ^= bit
        queens[row] = bit
        if row == n - 1:
            for r in range(n):
                out[found, r] = _column(queens[r])
            found += 1
            continue
        cols[row + 1] = cols[row] | bit
        left[row + 1] = ((left[row] | bit) << 1) & full
        right[row + 1] = (right[row] | bit) >> 1
        free[row + 1] = full & ~(cols[row + 1] | left[row + 1] | right[row + 1])
        row += 1
    stack[0] = row
    stack[1] = steps
    return found


def solutions_bitboard(n: int, tracker: Tracker | None = None, batch: int = 4096) -> Iterator[tuple[int, ...]]:
    """Every solution in lexicographic order, as 0-based column tuples.

    The kernel runs in chunks of about :data:`~boardpuzzles.progress.CHUNK_SECONDS`
    (or until it has ``batch`` solutions) and keeps its whole state in the arrays
    below, so the search stops between two chunks at no cost: there ``tracker``
    (if any) reports the nodes visited and raises ``Cancelled`` when asked to.
    """
    stack = np.zeros(2, dtype=np.int64)  # the current row, the steps of the last chunk
    cols, left, right, free, queens = (np.zeros(n, dtype=np.int64) for _ in range(5))
    free[0] = (1 << n) - 1
    budget = Budget(first=1 << 16)
    size = 1
    nodes = 0
    while stack[0] >= 0:
        out = np.empty((size, n), dtype=np.int64)
        started = time.monotonic()
        found = _continue_search(n, stack, cols, left, right, free, queens, out, budget.size)
        nodes += int(stack[1])
        if stack[1] == budget.size:  # a whole chunk: it measures the speed
            budget.measure(started)
        if tracker is not None:
            tracker.update(detail=f"{nodes:,} nodes")
        yield from map(tuple, out[:found].tolist())
        if found == size:
            size = min(size * 4, batch)
