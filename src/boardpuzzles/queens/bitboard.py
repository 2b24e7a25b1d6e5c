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
from collections.abc import Callable, Iterator

import numpy as np
from numba import njit

from .. import checks, compiling
from ..progress import Budget

#: The public names; the kernels (and :func:`bit_index`, their helper that the
#: counting kernel shares) and :class:`Search` (which the comparison times) are
#: for the package's own modules.
__all__ = ["MAX_N", "FIRST_SOLUTION_STEPS", "PLAIN_MOST_N", "solutions_bitboard"]

#: Widest board the 64-bit masks hold with room for the shifts.
MAX_N = 62

#: Steps the search takes to its first solution (to its end for N = 2 and 3,
#: which have none), a step being a queen placed or a row given up: the search
#: is the same on every machine, so these are its exact costs, measured with
#: ``python benchmarks/queens.py --first`` (which stops on a differing count);
#: the tests check them up to N = 29.  They do not grow steadily with N
#: (N = 35 takes ten times fewer than N = 34, N = 36 a hundred times more).
FIRST_SOLUTION_STEPS: dict[int, int] = {
    1: 1, 2: 5, 3: 11, 4: 12, 5: 5, 6: 56, 7: 11, 8: 218, 9: 73, 10: 194, 11: 93, 12: 510, 13: 209, 14: 3784,
    15: 2703, 16: 20088, 17: 10731, 18: 82580, 19: 5071, 20: 399250, 21: 17103, 22: 3474354, 23: 50833,
    24: 823192, 25: 97341, 26: 795372, 27: 908399, 28: 6012568, 29: 3064449, 30: 112859208, 31: 26372469,
    32: 174982818, 33: 279913239, 34: 4589210534, 35: 471099113, 36: 49063012652, 37: 2026026349,
    38: 31886685334, 39: 22805670789, 40: 916259623904,
}


#: Up to this N the solutions are listed by the kernel's source interpreted while the kernel is not ready
#: (:func:`boardpuzzles.compiling.chosen`): the 724 of 10 queens take 0.2 s of CPU so on the busy 2-core
#: test machine, against 1 to 2 s for the compiler.
PLAIN_MOST_N = 10


@njit(cache=True)
def bit_index(bit: int) -> int:
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
    steps taken, ``stack[2]`` the queens placed (the nodes of the search tree,
    the root aside). Returns how many rows of ``out`` were filled.
    """
    full = (np.int64(1) << n) - 1
    found = 0
    row = stack[0]
    steps = 0
    placed = 0
    while row >= 0 and found < out.shape[0] and steps < max_steps:
        steps += 1
        if free[row] == 0:
            row -= 1
            continue
        bit = free[row] & -free[row]
        free[row] ^= bit
        queens[row] = bit
        placed += 1
        if row == n - 1:
            for r in range(n):
                out[found, r] = bit_index(queens[r])
            found += 1
            continue
        cols[row + 1] = cols[row] | bit
        left[row + 1] = ((left[row] | bit) << 1) & full
        right[row + 1] = (right[row] | bit) >> 1
        free[row + 1] = full & ~(cols[row + 1] | left[row + 1] | right[row + 1])
        row += 1
    stack[0] = row
    stack[1] = steps
    stack[2] = placed
    return found


class Search:
    """The bitboard search of ``n`` queens: iterate it for every solution in lexicographic order, as
    0-based column tuples; ``steps`` and ``nodes`` (the root and every queen placed) count its work so far.

    The kernel runs in chunks of about :data:`~boardpuzzles.progress.CHUNK_SECONDS`
    (or until it has ``batch`` solutions) and keeps its whole state in the arrays
    below, so the search stops between two chunks at no cost: there ``on_chunk``
    (if any) is called with the steps taken so far, and may raise (``Cancelled``)
    to stop the search.  ``n`` is 1 .. :data:`MAX_N`.
    """

    def __init__(self, n: int, on_chunk: Callable[[int], None] | None = None, batch: int = 4096) -> None:
        self.n = n
        self.on_chunk = on_chunk
        self.batch = batch
        self.steps = 0
        self.nodes = 1

    def __iter__(self) -> Iterator[tuple[int, ...]]:
        n = self.n
        stack = np.zeros(3, dtype=np.int64)  # the current row, the steps and the queens placed in the last chunk
        cols, left, right, free, queens = (np.zeros(n, dtype=np.int64) for _ in range(5))
        free[0] = (1 << n) - 1
        budget = Budget(first=1 << 16)
        size = 1
        search = compiling.chosen(_continue_search, n <= PLAIN_MOST_N)
        while stack[0] >= 0:
            out = np.empty((size, n), dtype=np.int64)
            started = time.monotonic()
            found = search(n, stack, cols, left, right, free, queens, out, budget.size)
            self.steps += int(stack[1])
            self.nodes += int(stack[2])
            if stack[1] == budget.size:  # a whole chunk: it measures the speed
                budget.measure(started)
            if self.on_chunk is not None:
                self.on_chunk(self.steps)
            yield from map(tuple, out[:found].tolist())
            if found == size:
                size = min(size * 4, self.batch)


def solutions_bitboard(
    n: int, on_chunk: Callable[[int], None] | None = None, batch: int = 4096
) -> Iterator[tuple[int, ...]]:
    """Every solution in lexicographic order, as 0-based column tuples (:class:`Search`).
    ``n`` is 1 .. :data:`MAX_N`, ``batch`` at least 1."""
    n = checks.whole_number(n, "n", 1, MAX_N)
    batch = checks.whole_number(batch, "batch", lo=1)
    return iter(Search(n, on_chunk, batch))
