"""A partition's file written as the sweep writes it, in one file or in groups by the next step's keys: the bytes
a row takes on disk and the CPU nanoseconds a row costs to write.

A step cut by keys writes each partition in ``sweep.GROUPS`` files, a code in the group its key at the next step
falls in, so that the next step's waves read only the groups they need and remove them once used.  Each group's
codes are sparser than the partition's, so their differences take more bytes.  The rows are the first
``--rows`` of the file ``FOLDER/stepSTEP-part0.npy`` (packed or not), written from a table that holds just them
(sorted whole, in the table's memory, as the sweep writes a partition).

    python benchmarks/knight_files.py /var/tmp/bench-8x8-open-43 43 --rows 6000000
"""

from __future__ import annotations

import os
import shutil
import tempfile
import time

import numpy as np

from boardpuzzles.knights import frontier, sweep
from boardpuzzles.knights.packed import pieces, rows_of
from boardpuzzles.knights.table import Table
from knight_successors import checkpoint_arguments


def first_rows(path: str, count: int) -> np.ndarray:
    """The first ``count`` rows of a partition's file (packed or not)."""
    found, held = [], 0
    for piece in pieces(rows_of(np.load(path, mmap_mode="c"))):
        found.append(np.array(piece[:count - held]))
        held += len(found[-1])
        if held == count:
            break
    return np.concatenate(found)


def main() -> None:
    parser = checkpoint_arguments(__doc__.split("\n\n")[0], "the file")
    args = parser.parse_args()
    plan = frontier.plan(args.height, args.height, False)
    rows = first_rows(os.path.join(args.folder, f"step{args.step}-part0.npy"), args.rows)
    folder = tempfile.mkdtemp(prefix="knight-files-", dir=args.folder)
    try:
        print(f"{len(rows):,} rows of square {args.step}, {args.height} across, open:")
        for keys, name in ((None, "one file"), ((plan, args.step), f"{sweep.GROUPS} groups by the next keys")):
            table = Table(rows.copy(), plan.words)
            table.filled = len(rows)
            began = time.process_time()
            parts = sweep.write_partition(table, folder, "bench", keys)
            seconds = time.process_time() - began
            size = sum(os.path.getsize(os.path.join(folder, str(part.name))) for part in parts)
            print(f"  {name}: {size / len(rows):.2f} bytes a row, {seconds / len(rows) * 1e9:.0f} ns a row to "
                  "write", flush=True)
            del parts
            for entry in os.listdir(folder):
                os.remove(os.path.join(folder, entry))
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
