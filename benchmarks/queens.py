"""N-Queens speed.

count: ``boardpuzzles.queens.count`` on one core and on every core, for N = 8..16
by default (each pair of numbers checked against OEIS A000170 / A002562): wall-clock and CPU seconds of the count alone (the kernel is loaded
from the numba cache first), the number of subproblems, and for the small N the
time to list every solution with the bitboard search and count them, to show
what counting with the symmetries inside the search saves.

solve: ``boardpuzzles.queens.solve`` (the O(N) construction) for N = 10^3..10^7,
timed together with the check that the result is a solution.

Run: ``python benchmarks/queens.py [--sizes 12 13 ...]``.  For the side-by-side
comparison with a C program see ``benchmarks/queens_vs_c.py``.
"""

from __future__ import annotations

import argparse
import os
import resource
import time

from boardpuzzles.queens import count, solutions, solve, subproblems

LISTED_UP_TO = 13
PUBLISHED = {  # n: (A000170, A002562)
    8: (92, 12), 9: (352, 46), 10: (724, 92), 11: (2680, 341), 12: (14200, 1787), 13: (73712, 9233),
    14: (365596, 45752), 15: (2279184, 285053), 16: (14772512, 1846955), 17: (95815104, 11977939),
}


def cpu_seconds() -> float:
    """User and system time of this process and of its finished children."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def timed(function, *args, **kwargs):
    wall, cpu = time.perf_counter(), cpu_seconds()
    result = function(*args, **kwargs)
    return result, time.perf_counter() - wall, cpu_seconds() - cpu


def count_section(sizes: list[int]) -> None:
    count(4, workers=1)  # load the kernel from the numba cache
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    print(f"queens count (seconds; {cores} cores; load average {os.getloadavg()[0]:.2f})")
    print(f"{'N':>3} {'total':>12} {'fundamental':>12} {'subproblems':>11} | {'1 core':>7} {'cpu':>7} |"
          f" {'all cores':>9} {'cpu':>7} | {'listing':>8}")
    for n in sizes:
        one, wall_one, cpu_one = timed(count, n, workers=1)
        every, wall_all, cpu_all = timed(count, n)
        assert one == every
        if n in PUBLISHED:
            assert (one.total, one.fundamental) == PUBLISHED[n], f"N = {n} differs from OEIS"
        listing = ""
        if n <= LISTED_UP_TO:
            listed, wall_list, _ = timed(lambda: sum(1 for _ in solutions(n)))
            assert listed == one.total
            listing = f"{wall_list:>8.3f}"
        print(
            f"{n:>3} {one.total:>12} {one.fundamental:>12} {len(subproblems(n)):>11} |"
            f" {wall_one:>7.3f} {cpu_one:>7.3f} | {wall_all:>9.3f} {cpu_all:>7.3f} | {listing}",
            flush=True,
        )


def solve_section() -> None:
    print(f"\nqueens solve (construction + check, seconds)\n{'N':>9} {'seconds':>8}")
    for exponent in range(3, 8):
        n = 10**exponent
        solution, wall, _ = timed(lambda: solve(n))
        valid, check, _ = timed(solution.is_valid)
        assert valid, f"the construction for N = {n} is not a solution"
        print(f"{n:>9} {wall + check:>8.3f}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=list(range(8, 17)))
    args = parser.parse_args()
    count_section(args.sizes)
    solve_section()


if __name__ == "__main__":
    main()
