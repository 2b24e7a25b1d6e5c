"""The transition of the frontier count alone: CPU nanoseconds to build the successors of a code, with and without
the relaxation's test, on the rows of a frontier file that a count wrote (a checkpoint's partition).

The big counts spend most of their time here: 8x8 open's relaxation is a bitmap of 48 MB, bigger than the
caches, and each successor reads it.  The rows are read from the file (mapped, as the count reads them) and the
test is the step's bitmap, made from the checkpoint's ``completable-STEP.npy``.  With ``--old COMMIT`` the same
is measured with the code of that commit, in the same run, and the ratios new / old printed.

    python benchmarks/knight_successors.py /var/tmp/8x8-open.ckpt.part0.parts 42 --old 4f38cfd

(8 rows across, open tours, part 0 of 16, square 42: ``FOLDER/stepSTEP-part*.npy``).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys

from knight_counts import OLD_CODE, old_source

CHILD = OLD_CODE + """
import glob, json, sys, time
import numpy as np
from numba import njit
from boardpuzzles.knights import frontier
from boardpuzzles.knights.completable import bitmap
from boardpuzzles.knights.frontier import KEEP_ALL, successor_words

folder, step, height, rows_each = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
plan = frontier.plan(height, height, False)


@njit
def build(rows, lo, hi, at, bits):
    out = np.empty((16, 2), dtype=np.int64)
    values = np.empty(20, dtype=np.int64)  # at least the work array either version asks for
    total = 0
    for i in range(lo, hi):
        total += successor_words(np.uint64(rows[i, 0]), np.uint64(0), at, bits, out, values)
    return total


bits = bitmap(np.array(np.load(f"{folder}/completable-{step}.npy", mmap_mode="r")), plan)
files = sorted(glob.glob(f"{folder}/step{step}-part*.npy"))
first = np.load(files[0], mmap_mode="c")
for test in (KEEP_ALL, bits):
    build(first, 0, 16, plan.step(step), test)  # compiled before it is timed
found = {}
for name, test in (("no test", KEEP_ALL), ("relaxation", bits)):
    cpu = made = states = 0
    for k, path in enumerate(files[:4]):
        rows = np.load(path, mmap_mode="c")
        lo = (k + 1) * len(rows) // 8 + (len(rows) // 16 if name == "relaxation" else 0)  # rows not read before
        began = time.process_time()
        made += build(rows, lo, lo + rows_each, plan.step(step), test)
        cpu += time.process_time() - began
        states += rows_each
    found[name] = {"ns": cpu / states * 1e9, "successors": made / states}
print(json.dumps(found))
"""


def measure(folder: str, step: int, height: int, rows: int, old: str | None) -> dict:
    env = dict(os.environ)
    if old:
        env["KNIGHT_COUNTS_OLD"] = old
    run = subprocess.run([sys.executable, "-c", CHILD, folder, str(step), str(height), str(rows)],
                         capture_output=True, text=True, env=env)
    if run.returncode:
        raise SystemExit(run.stderr.strip().splitlines()[-1])
    return json.loads(run.stdout)


def checkpoint_arguments(description: str, rows: str) -> argparse.ArgumentParser:
    """A parser of a benchmark on a checkpoint's files: its folder, the step, the board's height and how many
    rows (``rows`` says of what)."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("folder", help="a count's checkpoint folder (FILE.parts)")
    parser.add_argument("step", type=int, help="the squares swept of the frontier recorded there")
    parser.add_argument("--height", type=int, default=8, help="squares across (open tours of a square board)")
    parser.add_argument("--rows", type=int, default=1_000_000, help=f"rows of {rows} (default 1000000)")
    return parser


def main() -> None:
    parser = checkpoint_arguments(__doc__.split("\n\n")[0], "each of four files")
    parser.add_argument("--old", metavar="COMMIT", help="also measure the code of COMMIT, in the same run")
    parser.add_argument("--repeat", type=int, default=2, help="rounds, new then old each (default 2)")
    args = parser.parse_args()
    old_folder = old_source(args.old) if args.old else None
    try:
        for _ in range(args.repeat):
            new = measure(args.folder, args.step, args.height, args.rows, None)
            line = "; ".join(f"{name} {v['ns']:.0f} ns a code ({v['successors']:.2f} successors)"
                             for name, v in new.items())
            print(f"new: {line}")
            if old_folder is not None:
                before = measure(args.folder, args.step, args.height, args.rows, old_folder[0])
                line = "; ".join(f"{name} {v['ns']:.0f} ns" for name, v in before.items())
                ratios = ", ".join(f"{name} {new[name]['ns'] / before[name]['ns']:.2f}" for name in new)
                print(f"old: {line}; new / old: {ratios}")
    finally:
        if old_folder is not None:
            shutil.rmtree(old_folder[1], ignore_errors=True)


if __name__ == "__main__":
    main()
