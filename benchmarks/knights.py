"""Knight's tour figures: closed tours on large boards (built and checked) and exact counts.

Run: python benchmarks/knights.py [--skip-huge]
Each timing is the best of a few runs after a warm-up (the numba cache warm); the
10000x10000 tour runs once in a fresh process so that its peak memory is its own.
"""

from __future__ import annotations

import resource
import subprocess
import sys
import time

from boardpuzzles.knights import count_tours, find_tour

HUGE = """
import resource, time
from boardpuzzles.knights import find_tour
t = time.perf_counter()
tour = find_tour(10000, 10000, (0, 0), closed=True)
print(time.perf_counter() - t, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 2**20, len(tour.path))
"""


def best(fn, repeat=3):
    fn()  # warm-up (compiles or loads the numba cache)
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return min(times)


def main() -> None:
    print("closed tours, found by the default method (divide) and checked square by square:")
    for n, limit in ((1000, 0.5), (2000, 2.0)):
        seconds = best(lambda: find_tour(n, n, (0, 0), closed=True))
        print(f"  {n}x{n}: {seconds:.3f} s (target < {limit} s)")
    seconds = best(lambda: find_tour(1000, 1000, (0, 0), method="roth"), repeat=1)
    print(f"  open 1000x1000 by Roth's rule: {seconds:.3f} s")
    if "--skip-huge" not in sys.argv:
        out = subprocess.run([sys.executable, "-c", HUGE], capture_output=True, text=True, check=True).stdout
        seconds, gib, squares = out.split()
        print(f"  10000x10000: {float(seconds):.1f} s, peak memory {float(gib):.2f} GiB, {squares} squares "
              "(target < 60 s, < 4 GB)")
    print("exact counts by exhaustive search (targets: 6x6 closed and 5x5 open under 10 s):")
    for label, fn, expected in (("6x6 closed (A001230)", lambda: count_tours(6, 6, closed=True), 9862),
                                ("5x5 open (A165134)", lambda: count_tours(5, 5), 1728),
                                ("5x5 open from a1", lambda: count_tours(5, 5, start=(0, 0)), 304),
                                ("6x6 open (A165134)", lambda: count_tours(6, 6), 6637920)):
        t = time.perf_counter()
        value = fn()
        print(f"  {label}: {value} (expected {expected}) in {time.perf_counter() - t:.2f} s")
        if value != expected:
            raise SystemExit(f"wrong count for {label}: {value} != {expected}")
    print(f"(this process peak memory {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 2**20:.2f} GiB)")


if __name__ == "__main__":
    main()
