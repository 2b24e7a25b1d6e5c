"""International perft from the start, hashed, at the depths given: the counts deeper than the published ones.

Each depth is counted with one transposition table (``--hash`` MiB, kept from one depth to the next), by
:func:`boardpuzzles.draughts.bulk.perft_rows`, the kernel ``draughts perft --hash`` runs; the count, the CPU
seconds and the wall-clock seconds of each depth are printed as they end. Two runs with two table sizes
that agree are the check the docs give (docs/draughts.md, "Perft").

    nice -n 10 python benchmarks/perft_deep.py --hash 2048 11 12 13
"""

from __future__ import annotations

import argparse
import platform
import time

import numpy as np

from boardpuzzles.draughts import Position, bulk, get_variant


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("depths", type=int, nargs="+")
    parser.add_argument("--hash", type=int, default=1024, help="MiB of transposition table")
    parser.add_argument("--variant", default="international")
    args = parser.parse_args()
    variant = get_variant(args.variant)
    rows = np.array([Position("start", variant).bitboards()], dtype=np.int64)
    table = bulk.Table(variant, args.hash)
    print(f"{variant.name} from the start, hash {args.hash} MiB ({table.entries:,} entries), "
          f"{platform.processor() or platform.machine()}", flush=True)
    for depth in args.depths:
        cpu, wall = time.process_time(), time.monotonic()
        count = int(bulk.perft_rows(rows, depth, variant, table)[0])
        print(f"perft({depth}) = {count}  cpu {time.process_time() - cpu:.1f} s  wall {time.monotonic() - wall:.1f} s",
              flush=True)


if __name__ == "__main__":
    main()
