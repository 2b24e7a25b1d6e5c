"""One solution for any N >= 4, written down directly in O(N).

The explicit construction (Hoffman, Loessi and Moore 1969; Bernhardsson 1991):
list the even columns then the odd ones, row by row. When N mod 6 is 2 or 3
that list has attacking pairs, and fixed swaps repair it:

* N mod 6 == 2: swap 1 and 3 in the odd columns and move 5 to their end;
* N mod 6 == 3: move 2 to the end of the even columns and 1, 3 to the end of the odd ones.
"""

from __future__ import annotations

import numpy as np


def construct(n: int) -> np.ndarray | None:
    """The 0-based columns of one solution for N queens, or None for N = 2, 3."""
    if n in (2, 3):
        return None
    evens = np.arange(2, n + 1, 2)
    odds = np.arange(1, n + 1, 2)
    if n % 6 == 2:
        odds = np.concatenate(([3, 1], odds[3:], [5]))
    elif n % 6 == 3:
        evens = np.concatenate((evens[1:], [2]))
        odds = np.concatenate((odds[2:], [1, 3]))
    return np.concatenate((evens, odds)).astype(np.int64) - 1
