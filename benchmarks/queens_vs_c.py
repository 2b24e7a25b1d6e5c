"""`boardpuzzles queens count` on one worker against a C counter in Takaken's style, CPU time per core.

The C reference is ``benchmarks/queens_takaken.c``, written for this project in
the style of Takaken's program: bitboards, one thread, the eight symmetries inside
the search with its bounds.  It is compiled with ``gcc -O3 -march=native`` into a
temporary folder and checked against the published counts (all and fundamental).

For each N, in one run and interleaved (so that the load of a busy machine hits
every side alike), ``--repeat`` times: the C program, then each of our methods
(``symmetry``, ``constellations``) counting with ``workers=1`` in a fresh Python
process whose kernel is loaded first.  What is timed is CPU time, not wall time:
the C child's user + system time (its rusage), and for ours the ``process_time``
of the ``count`` call alone, Python's start-up left out.  The best of the repeats
is kept; the ratio C / ours above 1 means ours is the faster per core (the target
of issue 33 is 1.5).

    python benchmarks/queens_vs_c.py                    # N = 15..18 (N = 18: minutes)
    python benchmarks/queens_vs_c.py --sizes 15 16 --repeat 3
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from boardpuzzles.queens.counting import METHODS, PLAIN_MOST_N
from boardpuzzles.queens.published import FUNDAMENTAL, TOTAL

C_SOURCE = Path(__file__).with_name("queens_takaken.c")

OURS = """
import json, sys, time
from boardpuzzles.queens import count
count(4, method={method!r}, workers=1)  # the kernel loaded from the numba cache
start = time.process_time()
result = count({n}, method={method!r}, workers=1)
print(json.dumps({{"total": result.count, "fundamental": result.fundamental, "cpu": time.process_time() - start}}))
"""


def c_cpu(binary: Path, n: int) -> float:
    """The C counter's CPU seconds (user + system) on ``n``, its counts checked."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run([str(binary), str(n)], check=True, capture_output=True, text=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.stdout.split() != [str(TOTAL[n]), str(FUNDAMENTAL[n])]:
        raise SystemExit(f"the C counter is wrong for N = {n}: {done.stdout.strip()}")
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def our_cpu(method: str, n: int) -> float:
    """The CPU seconds of ``count(n, method=method, workers=1)`` in a fresh process, its counts checked."""
    done = subprocess.run([sys.executable, "-c", OURS.format(n=n, method=method)], check=True,
                          capture_output=True, text=True)
    answer = json.loads(done.stdout)
    if (answer["total"], answer["fundamental"]) != (TOTAL[n], FUNDAMENTAL[n]):
        raise SystemExit(f"wrong count by {method} for N = {n}: {answer}")
    return float(answer["cpu"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[15, 16, 17, 18])
    parser.add_argument("--repeat", type=int, default=1)
    args = parser.parse_args()
    gcc = shutil.which("gcc")
    if not gcc:
        raise SystemExit("gcc is needed to build the C counter")
    with tempfile.TemporaryDirectory() as folder:
        binary = Path(folder) / "queens_takaken"
        subprocess.run([gcc, "-O3", "-march=native", "-o", str(binary), str(C_SOURCE)], check=True)
        for n in range(4, 13):
            c_cpu(binary, n)  # checks the C counter on the small sizes
        for method in METHODS:
            our_cpu(method, PLAIN_MOST_N + 1)  # fills the numba cache (smaller counts may run interpreted)
        print(f"cores: {os.cpu_count()}, load average before: {os.getloadavg()[0]:.2f}")
        print(f"CPU seconds, best of {args.repeat}; ratio = C / ours (above 1: ours is faster per core)")
        print(f"{'N':>3} {'C (takaken)':>12} " + " ".join(f"{m:>15} {'ratio':>6}" for m in METHODS))
        for n in args.sizes:
            best = {side: float("inf") for side in ("c", *METHODS)}
            for _ in range(args.repeat):
                best["c"] = min(best["c"], c_cpu(binary, n))
                for method in METHODS:
                    best[method] = min(best[method], our_cpu(method, n))
            cells = " ".join(f"{best[m]:>15.2f} {best['c'] / best[m]:>6.2f}" for m in METHODS)
            print(f"{n:>3} {best['c']:>12.2f} {cells}", flush=True)
        print(f"load average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
