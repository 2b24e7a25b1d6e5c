"""The nodes of the two counting methods' search trees, N = 10..16 by default (no timing: the same on every machine).

A node is a queen placed, the root (the empty board) and each placement of the first rows that
makes a subproblem counted once:

* ``symmetry``: ``counting.count_nodes``, the root, the first rows' placements of the split and the
  queens the kernel places below them.
* ``constellations``: the root, each constellation (its three or four border queens placed at once:
  one node), each placement of the first inner rows that lengthens it in the split, and the queens
  the kernel places below them.

Each count is checked against the published one (OEIS A000170).  The last column is the ratio of the
constellations' nodes to the symmetry search's.

    python benchmarks/queens_nodes.py
    python benchmarks/queens_nodes.py --sizes 12 13 14
"""

from __future__ import annotations

import argparse

from boardpuzzles.queens import constellations, counting
from boardpuzzles.queens.published import TOTAL


def constellation_nodes(n: int) -> tuple[int, int]:
    """The count of ``n`` queens by constellations and the nodes of its search tree."""
    # The split that count() uses: the smallest one with as many subproblems as it lists.
    split = constellations.split(n, len(counting.subproblems(n, constellations.METHOD)))
    prefixes = {(border, columns[:depth]) for border, _, columns in split for depth in range(len(columns) + 1)}
    total = nodes = 0
    for border, symmetries, columns in split:
        found, _, below = constellations.count_one(n, border, symmetries, columns)
        total, nodes = total + found, nodes + below
    return total, 1 + len(prefixes) + nodes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=list(range(10, 17)))
    args = parser.parse_args()
    print(f"{'N':>3} {'solutions':>12} {'symmetry':>13} {'per solution':>12} {'constellations':>15} "
          f"{'per solution':>12} {'ratio':>6}")
    for n in args.sizes:
        counts, by_symmetry = counting.count_nodes(n)
        total, by_constellations = constellation_nodes(n)
        if counts.total != TOTAL[n] or total != TOTAL[n]:
            raise SystemExit(f"a wrong count for N = {n}: {counts.total} by symmetry, {total} by constellations")
        print(f"{n:>3} {total:>12,} {by_symmetry:>13,} {by_symmetry / total:>12.2f} {by_constellations:>15,} "
              f"{by_constellations / total:>12.2f} {by_constellations / by_symmetry:>6.2f}", flush=True)


if __name__ == "__main__":
    main()
