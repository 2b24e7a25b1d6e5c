"""Draughts perft per core: the numba bulk kernels (``draughts perft``) against a C perft, side by side in one run.

The C program is ``benchmarks/perft.c``: ghost-square bitboards, the last ply counted in bulk by
popcounts when nothing can capture, captures listed with the "most pieces" rule and equal ones
counted once; the same algorithm as :mod:`boardpuzzles.draughts.bulk`, with the rule set fixed when it
is compiled. This script builds it into ``benchmarks/build/`` with ``gcc -O3 -march=native`` (once for
international, once for English), then for each count runs the C program and the numba kernel one
after the other, ``--repeat`` times, and keeps the median CPU time of each (on a busy machine the
load hits both sides alike): the C program's own ``clock()`` around its count, and
``time.process_time()`` around the kernel's (compiled first, not timed; one thread). Both counts are
checked against the published ones. The ratio is C's time over numba's: above 1, numba is faster per
core.

    python benchmarks/perft_vs_c.py                 # international 9 and 10, English 12
    python benchmarks/perft_vs_c.py --quick         # international 8, English 10
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

import numpy as np

from boardpuzzles.draughts import Position, bulk, get_variant
from boardpuzzles.draughts.published import DISTINCT

HERE = Path(__file__).parent
SOURCE = HERE / "perft.c"
BUILD = HERE / "build"

#: The C program of each rule set: its binary's name and the flags that choose the rules.
PROGRAMS = {"international": ("perft_international", ["-DSIZE=10"]),
            "english": ("perft_english", ["-DSIZE=8", "-DENGLISH"])}

COUNTS = [("international", 9), ("international", 10), ("english", 12)]
QUICK = [("international", 8), ("english", 10)]


def build() -> dict[str, Path]:
    """The C programs, compiled from :data:`SOURCE`."""
    gcc = shutil.which("gcc")
    if not gcc:
        raise SystemExit("gcc is needed to build the C perft")
    BUILD.mkdir(exist_ok=True)
    binaries = {}
    for variant, (name, flags) in PROGRAMS.items():
        binaries[variant] = BUILD / name
        subprocess.run([gcc, "-O3", "-march=native", *flags, "-o", str(binaries[variant]), str(SOURCE)], check=True)
    return binaries


def run_c(binary: Path, position: Position, depth: int) -> tuple[int, float]:
    """The C program's count and the CPU seconds it reports for it."""
    out = subprocess.run([str(binary), *map(str, position.bitboards()), str(depth)], check=True, capture_output=True,
                         text=True).stdout.split()
    return int(out[0]), float(out[1])


def run_numba(position: Position, depth: int) -> tuple[int, float]:
    """The bulk kernel's count and its CPU seconds."""
    rows = np.array([position.bitboards()], dtype=np.int64)
    started = time.process_time()
    count = int(bulk.perft_rows(rows, depth, position.variant)[0])
    return count, time.process_time() - started


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="runs of each side; the median CPU time is kept")
    parser.add_argument("--quick", action="store_true", help="the smaller counts: international 8, English 10")
    args = parser.parse_args()
    binaries = build()
    print("perft from the start, distinct moves; CPU seconds, the median of", args.repeat, "runs each, interleaved")
    print(f"{'count':<20}{'nodes':>14}{'C s':>9}{'numba s':>9}{'C Mn/s':>9}{'numba Mn/s':>11}{'C/numba':>9}")
    wrong = False
    for name, depth in QUICK if args.quick else COUNTS:
        position = Position.initial(get_variant(name))
        run_numba(position, 2)  # compile (or load) the kernels first
        published = DISTINCT[name][depth - 1]
        times_c, times_numba = [], []
        for _ in range(args.repeat):
            count_c, seconds_c = run_c(binaries[name], position, depth)
            count_numba, seconds_numba = run_numba(position, depth)
            if count_c != published or count_numba != published:
                print(f"{name} perft({depth}): C {count_c}, numba {count_numba}, published {published}")
                wrong = True
            times_c.append(seconds_c)
            times_numba.append(seconds_numba)
        median_c, median_numba = statistics.median(times_c), statistics.median(times_numba)
        print(f"{f'{name} {depth}':<20}{published:>14,}{median_c:>9.2f}{median_numba:>9.2f}"
              f"{published / median_c / 1e6:>9.0f}{published / median_numba / 1e6:>11.0f}"
              f"{median_c / median_numba:>9.2f}",
              flush=True)
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
