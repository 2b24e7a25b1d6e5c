"""N-Queens speed.

count: ``boardpuzzles.queens.count`` on one core and on every core, for N = 12..17
by default: wall-clock and CPU seconds of the count alone (the kernel is loaded
from the numba cache first), the number of subproblems, and for the small N the
time to list every solution with the bitboard search and count them, to show
what counting with the symmetries inside the search saves.

Run: ``python benchmarks/queens.py [--sizes 12 13 ...]``.  For the side-by-side
comparison with a C program see ``benchmarks/queens_vs_c.py``.
"""

from __future__ import annotations

import argparse
import os
import resource
import time

from boardpuzzles.queens import count, solutions, subproblems

LISTED_UP_TO = 13


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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=list(range(12, 18)))
    args = parser.parse_args()
    count_section(args.sizes)


if __name__ == "__main__":
    main()
