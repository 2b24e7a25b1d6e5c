"""N-Queens speed.

count: ``boardpuzzles.queens.count`` on one core and on every core, for N = 8..16
by default (each pair of numbers checked against OEIS A000170 / A002562): wall-clock and CPU seconds of the count alone (the kernel is loaded
from the numba cache first), the number of subproblems, and for the small N the
time to list every solution with the bitboard search and count them, to show
what counting with the symmetries inside the search saves.

solve: ``boardpuzzles.queens.solve`` (the O(N) construction) for N = 10^3..10^7,
timed together with the check that the result is a solution.

complete: the first completion of a1 for N = 10..1000.

first: the bitboard search for a first solution, N = 20..33 by default: its
steps (stops if one differs from ``bitboard.FIRST_SOLUTION_STEPS``) and seconds,
then the seeds' searches beside it at one N, as times slower per step.

Run: ``python benchmarks/queens.py [--sizes 12 13 ...]`` or
``python benchmarks/queens.py --first 30 31 ... 37 [--compared-at 22]``.  For the side-by-side
comparison with a C program see ``benchmarks/queens_vs_c.py``.
"""

from __future__ import annotations

import argparse
import os
import resource
import time

from boardpuzzles.queens import bitboard, complete, count, solutions, solve, subproblems
from boardpuzzles.queens.published import FUNDAMENTAL, TOTAL

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
        if n in TOTAL:
            assert (one.count, one.fundamental) == (TOTAL[n], FUNDAMENTAL[n]), f"N = {n} differs from OEIS"
        listing = ""
        if n <= LISTED_UP_TO:
            listed, wall_list, _ = timed(lambda: sum(1 for _ in solutions(n)))
            assert listed == one.count
            listing = f"{wall_list:>8.3f}"
        print(
            f"{n:>3} {one.count:>12} {one.fundamental:>12} {len(subproblems(n)):>11} |"
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


def complete_section() -> None:
    print(f"\nqueens complete N --queens a1 (the first completion, checked; seconds)\n{'N':>9} {'seconds':>8}")
    for n in (10, 100, 500, 1000):
        found, wall, _ = timed(complete, n, "a1")
        assert found[0].is_valid() and found[0].columns[0] == 1, f"N = {n}: not a completion of a1"
        print(f"{n:>9} {wall:>8.3f}", flush=True)


def first_section(sizes: list[int], compared_at: int) -> None:
    """The steps and seconds of the bitboard search for a first solution, each count
    checked against ``bitboard.FIRST_SOLUTION_STEPS``; then every search method at
    N = ``compared_at``: seconds per step (what ``estimate.SECONDS_PER_STEP`` holds)."""
    solve(8, "bitboard")  # load the kernel from the numba cache
    print(f"\nqueens solve --method bitboard (the first solution)\n{'N':>3} {'steps':>14} {'seconds':>8} {'s/step':>8}")
    for n in sizes:
        reports = []
        _, wall, _ = timed(solve, n, "bitboard", force=True, progress=reports.append)
        steps = int(reports[-1].done)
        known = bitboard.FIRST_SOLUTION_STEPS.get(n)
        assert known is None or steps == known, f"N = {n}: {steps} steps, FIRST_SOLUTION_STEPS says {known}"
        note = "" if known else "   (not in FIRST_SOLUTION_STEPS)"
        print(f"{n:>3} {steps:>14,} {wall:>8.3f} {wall / steps:>8.1e}{note}", flush=True)
    steps = bitboard.FIRST_SOLUTION_STEPS[compared_at]
    print(f"\nevery search method at N = {compared_at} ({steps:,} steps to the first solution)")
    times = {}
    for method in ("bitboard", "recursive", "iterative", "freelist"):
        _, times[method], _ = timed(solve, compared_at, method, force=True)
        print(f"{method:>10} {times[method]:>8.3f} s {times[method] / steps:>8.1e} s/step"
              f" {times[method] / times['bitboard']:>6.0f} x bitboard", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=list(range(8, 17)))
    parser.add_argument("--first", type=int, nargs="+", metavar="N",
                        help="only the first-solution section, for these N (e.g. 20 21 ... 37)")
    parser.add_argument("--compared-at", type=int, default=20, metavar="N",
                        help="N at which the seeds' searches are timed beside bitboard (default 20)")
    args = parser.parse_args()
    if args.first:
        first_section(args.first, args.compared_at)
        return
    count_section(args.sizes)
    solve_section()
    complete_section()
    first_section(list(range(20, 34)), args.compared_at)


if __name__ == "__main__":
    main()
