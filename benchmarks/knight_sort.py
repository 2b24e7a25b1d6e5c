"""A partition's rows written as the sweep writes a group (:meth:`boardpuzzles.knights.packed.Writer.add`), sorted in
place or through a spare array as big (the free places of the table behind its codes): the CPU nanoseconds a row,
sort and varints together (the varints are the same both ways, so the difference is the sort's).

The rows are those of a frontier file that a count wrote (packed or not; a checkpoint's ``FILE.parts`` holds
them), put in a random order first, as a table holds its codes.  Each way runs ``--repeat`` times, one after the
other.

    python benchmarks/knight_sort.py /var/tmp/8x8-open.ckpt.parts/step37-part3-g0.npy
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time

import numpy as np

from boardpuzzles.knights.packed import Writer, dense, rows_of


def write(rows: np.ndarray, spare: np.ndarray | None, folder: str) -> float:
    """CPU seconds to write ``rows`` (a copy: they are sorted in place) as one file, through ``spare`` or not."""
    rows = rows.copy()
    writer = Writer(os.path.join(folder, "step1-part0.npy"), rows.shape[1])
    began = time.process_time()
    writer.add(rows, spare)
    seconds = time.process_time() - began
    writer.discard()
    return seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("file", help="a partition's file (stepN-partP[-gK].npy)")
    parser.add_argument("--repeat", type=int, default=2, help="runs of each way (default 2)")
    args = parser.parse_args()
    rows = np.array(dense(rows_of(np.load(args.file, mmap_mode="r"))))
    rows = rows[np.random.default_rng(1).permutation(len(rows))]
    spare = np.full_like(rows, -1)  # touched, as a table's places are
    print(f"{len(rows):,} rows of {rows.shape[1]} columns from {args.file}:")
    with tempfile.TemporaryDirectory() as folder:
        write(rows[:1000], spare, folder)  # the kernels compiled (or loaded) before any is timed
        write(rows[:1000], None, folder)
        for _ in range(args.repeat):
            for name, given in (("sorted in place", None), ("sorted through a spare array", spare)):
                print(f"  {name}: {write(rows, given, folder) / len(rows) * 1e9:.1f} ns a row", flush=True)


if __name__ == "__main__":
    main()
