"""Knight's tour figures: tours on large boards (built and checked), where Roth's rule
needs its fallback, how fast a long call stops when cancelled.  The exact counts
have their own script, benchmarks/knight_counts.py.

Run: python benchmarks/knights.py [--skip-huge]
Each timing is the best of a few runs after a warm-up (the numba cache warm); the
10000x10000 tours run once each in a fresh process so that its peak memory is its own.
The script stops on a failed tour or a cancel slower than 0.5 s.
"""

from __future__ import annotations

import resource
import subprocess
import sys
import threading
import time

from boardpuzzles import Cancelled
from boardpuzzles.knights import find_tour, tour_starts

HUGE = """
import resource, sys, time
from boardpuzzles.knights import find_tour
t = time.perf_counter()
tour = find_tour(10000, 10000, (0, 0), closed=sys.argv[1] == "closed")
print(time.perf_counter() - t, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 2**20, len(tour.path), tour.method)
"""

#: how far Roth's rule gets from a1 of 10000x10000 in its first move order
ROTH_FIRST_ORDER = """
from boardpuzzles.knights import warnsdorff
print(len(warnsdorff.run_rule(10000, 10000, 0, warnsdorff.ROTH)))
"""

#: boards n x n on which Roth's rule (with its fallback) is run from the four corners and the centre
ROTH_SIZES = (*range(5, 101), 150, 199, 200, 257, 300)

#: long calls cancelled from another thread after 1 s
CANCELLED = {
    "find_tour(4000, 4000) (Roth)": lambda **kw: find_tour(4000, 4000, **kw),
    "find_tour(8000, 8000, closed=True) (divide)": lambda **kw: find_tour(8000, 8000, closed=True, **kw),
    "find_tour(4, 40, (0, 18)) (exhaustive search)": lambda **kw: find_tour(4, 40, (0, 18), **kw),
    "tour_starts(4, 40)": lambda **kw: tour_starts(4, 40, force=True, **kw),
}


def best(fn, repeat=3):
    fn()  # warm-up (compiles or loads the numba cache)
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return min(times)


def roth_sweep() -> None:
    tried = 0
    for n in ROTH_SIZES:
        for start in [(0, 0), (0, n - 1), (n - 1, 0), (n - 1, n - 1), (n // 2, n // 2)]:
            if n % 2 and sum(start) % 2:
                continue  # no tour starts there (the colour argument)
            find_tour(n, n, start, method="roth")  # raises NoTour if it gets stuck in all eight orders
            tried += 1
    print(f"  Roth's rule with its fallback toured n x n from {tried} corner and centre squares "
          f"(n = 5..100, {', '.join(map(str, ROTH_SIZES[96:]))})")


def cancel_latency() -> None:
    for label, call in CANCELLED.items():
        cancel = threading.Event()
        set_at: list[float] = []
        timer = threading.Timer(1.0, lambda: (set_at.append(time.monotonic()), cancel.set()))
        timer.start()
        try:
            call(cancel=cancel)
            raise SystemExit(f"{label} ended before it was cancelled")
        except Cancelled:
            latency = time.monotonic() - set_at[0]
        timer.join()
        busy = time.process_time()
        time.sleep(0.5)
        print(f"  {label}: stopped {latency:.3f} s after cancel, threads left besides the main one: "
              f"{threading.active_count() - 1}, CPU in the next 0.5 s: {time.process_time() - busy:.3f} s")
        if latency > 0.5:
            raise SystemExit(f"{label} took {latency:.3f} s to stop")


def main() -> None:
    print("closed tours, found by the default method (divide) and checked square by square:")
    for n, limit in ((1000, 0.5), (2000, 2.0)):
        seconds = best(lambda: find_tour(n, n, (0, 0), closed=True))
        print(f"  {n}x{n}: {seconds:.3f} s (target < {limit} s)")
    seconds = best(lambda: find_tour(1000, 1000, (0, 0), method="roth"), repeat=1)
    print(f"  open 1000x1000 by Roth's rule: {seconds:.3f} s")
    if "--skip-huge" not in sys.argv:
        for kind in ("closed", "open"):
            out = subprocess.run([sys.executable, "-c", HUGE, kind], capture_output=True, text=True, check=True).stdout
            seconds, gib, squares, method = out.split()
            print(f"  {kind} 10000x10000: {float(seconds):.1f} s by {method}, peak memory {float(gib):.2f} GiB, "
                  f"{squares} squares (target < 60 s, < 4 GB)")
        out = subprocess.run([sys.executable, "-c", ROTH_FIRST_ORDER], capture_output=True, text=True, check=True)
        print(f"  (Roth's rule from a1 of 10000x10000 in its first move order visits {out.stdout.strip()} squares)")
    print("where Roth's rule needs its fallback:")
    roth_sweep()
    print("long calls cancelled from another thread after 1 s:")
    cancel_latency()
    print(f"(this process peak memory {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 2**20:.2f} GiB)")


if __name__ == "__main__":
    main()
