"""Published counts of the N queens, the one copy that tests and benchmarks pin.

Each table maps N to the published value; the tests check the counter against
them up to N = 16, the benchmarks further.
"""

from __future__ import annotations

from .. import checks

#: OEIS A000170: the number of ways to place N non-attacking queens on an N x N
#: board, N = 1..27 (N = 27: the Q27 project, TU Dresden, 2016).
#: https://oeis.org/A000170
A000170_URL = "https://oeis.org/A000170"
TOTAL: dict[int, int] = {
    1: 1, 2: 0, 3: 0, 4: 2, 5: 10, 6: 4, 7: 40, 8: 92, 9: 352, 10: 724, 11: 2680, 12: 14200, 13: 73712,
    14: 365596, 15: 2279184, 16: 14772512, 17: 95815104, 18: 666090624, 19: 4968057848, 20: 39029188884,
    21: 314666222712, 22: 2691008701644, 23: 24233937684440, 24: 227514171973736, 25: 2207893435808352,
    26: 22317699616364044, 27: 234907967154122528,
}

#: OEIS A002562: the same, solutions that differ by one of the eight symmetries
#: of the square counted once (the fundamental solutions), N = 1..27.
#: https://oeis.org/A002562
A002562_URL = "https://oeis.org/A002562"
FUNDAMENTAL: dict[int, int] = {
    1: 1, 2: 0, 3: 0, 4: 1, 5: 2, 6: 1, 7: 6, 8: 12, 9: 46, 10: 92, 11: 341, 12: 1787, 13: 9233,
    14: 45752, 15: 285053, 16: 1846955, 17: 11977939, 18: 83263591, 19: 621012754, 20: 4878666808,
    21: 39333324973, 22: 336376244042, 23: 3029242658210, 24: 28439272956934, 25: 275986683743434,
    26: 2789712466510289, 27: 29363495934315694,
}

#: Simkin (2021), "The number of n-queens configurations", arXiv:2107.13460: the
#: count is ((1 + o(1)) n e^(-1.942))^n, so its N-th root over N tends to this
#: constant (the limit as given in A000170).  Used only to estimate beyond the table.
SIMKIN_CONSTANT = 0.1431301
SIMKIN_URL = "https://arxiv.org/abs/2107.13460"


def published_count(n: int, unique: bool = False) -> int | None:
    """The published number of solutions of ``n`` queens (of fundamental ones with ``unique``),
    or None past the tables (N > 27).

    >>> published_count(8), published_count(8, unique=True), published_count(28)
    (92, 12, None)
    """
    return (FUNDAMENTAL if checks.flag(unique, "unique") else TOTAL).get(checks.whole_number(n, "n"))
