"""A step cut into waves by the codes' partition keys, on the rows of a frontier file that a count wrote: the CPU
nanoseconds a row costs a wave, and how evenly the partitions share the successors.

A wave builds the successors of the codes of its own partitions only: the others cost it a glance at their key
(``frontier.partition_key``), not a transition.  For each number of partitions P this prints the CPU a row of
P waves of one partition each (and of one wave of them all, P = 1, for comparison), and the successors of the
fullest partition over the mean (the spread the sweep plans for, ``sweep.KEYED_SPREAD``).  The rows are the
first ``--rows`` of the file ``FOLDER/stepSTEP-part0.npy``; no relaxation test (each successor is kept).

    python benchmarks/knight_waves.py /var/tmp/bench-8x8-open-43 43
"""

from __future__ import annotations

import os
import time

import numpy as np

from boardpuzzles.knights import frontier
from boardpuzzles.knights.table import Outbox, Table
from knight_successors import checkpoint_arguments


def waves(rows: np.ndarray, plan: frontier.Plan, step: int, parts: int) -> tuple[float, list[int]]:
    """CPU seconds of ``parts`` waves of one partition each over ``rows``, and each partition's successors."""
    table = Table(np.zeros((1 << 24, rows.shape[1]), dtype=np.int64), plan.words)
    filled = []
    seconds = 0.0
    for part in range(parts):
        table.clear()  # not timed: a count's waves have their own tables
        began = time.process_time()
        lo = 0
        while lo < len(rows):  # an outbox of one partition: every successor goes to the table
            lo = table.expand(plan, step, rows, lo, len(rows), Outbox(1, 16, rows.shape[1], part), part,
                              frontier.KEEP_ALL, parts)
        seconds += time.process_time() - began
        filled.append(table.filled)
    return seconds, filled


def main() -> None:
    parser = checkpoint_arguments(__doc__.split("\n\n")[0], "the file")
    parser.add_argument("--parts", default="1,16,64", help="numbers of partitions (default 1,16,64)")
    args = parser.parse_args()
    plan = frontier.plan(args.height, args.height, False)
    mapped = np.load(os.path.join(args.folder, f"step{args.step}-part0.npy"), mmap_mode="c")
    rows = np.ascontiguousarray(mapped[:args.rows])
    waves(rows[:1000], plan, args.step, 2)  # compiled (or loaded) before anything is timed
    print(f"{len(rows):,} rows of square {args.step}, {args.height} across, open:")
    for parts in map(int, args.parts.split(",")):
        seconds, filled = waves(rows, plan, args.step, parts)
        print(f"  {parts:>3} wave(s) of one partition: {seconds / len(rows) * 1e9:7.1f} ns a row in all "
              f"({seconds / len(rows) / parts * 1e9:.1f} a wave); fullest partition over the mean "
              f"{max(filled) / np.mean(filled):.2f}", flush=True)


if __name__ == "__main__":
    main()
