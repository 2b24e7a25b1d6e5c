"""The kernels compiled once before the test processes start (numba's cache then serves them all).

Each test process would otherwise compile every kernel it meets, and two processes meet most of them:
on CI's 2 cores half the compile time was the same work done twice.  ``python tests/warm_kernels.py
PART`` compiles one part's kernels by small calls of the public API (the boundary tests' good calls
and a few more); conftest.py runs the parts side by side before pytest-xdist starts its processes.
A kernel left out here is only compiled by the tests themselves, as before."""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))


def draughts() -> None:
    import test_draughts_boundary

    from boardpuzzles.draughts import VARIANTS, Engine, Position, get_variant, legal_moves, perft_count

    for call, good in test_draughts_boundary.CALLS.values():
        call(**good)
    for name in VARIANTS:
        start = Position.initial(get_variant(name))
        for paths in (False, True):
            perft_count(start, 3, paths)
            perft_count(start, 3, paths, divide=True)
        list(legal_moves(start, paths=True))
    Engine(level=1).choose(Position.initial(get_variant("international")), depth=2)
    hashed(["international"])


def hashed(names: list[str]) -> None:
    """The hashed perft's kernels of these rule sets (one compile for each form of the rules: the other
    hashed forms are compiled by the other part, the two parts so taking about as long)."""
    from boardpuzzles.draughts import Position, get_variant, perft_count

    for name in names:
        perft_count(Position.initial(get_variant(name)), 3, hash=1)


def others() -> None:
    import numpy as np
    import test_boundary

    from boardpuzzles import knights, queens
    from boardpuzzles.checkpoint import fingerprint
    from boardpuzzles.knights import frontier
    from boardpuzzles.knights.codes import code_of
    from boardpuzzles.web.pool import warm_kernels

    for call, good in test_boundary.CALLS.values():
        call(**good)
    for method in ("symmetry", "constellations"):
        queens.count(13, workers=1, method=method)
    for rows, cols, closed in ((3, 4, False), (5, 6, True), (4, 5, False)):
        knights.count_tours(rows, cols, closed=closed, method="frontier", workers=1)
    knights.count_tours(4, 5, memory=3)  # the smallest memory: the frontier in partitions, set aside on disk
    knights.count_tours(3, 4, method="backtrack")
    plan = frontier.plan(5, 5, False)
    frontier.successors(code_of(frontier.initial(plan)[0][:plan.words]), plan, 0)
    fingerprint(np.arange(4))
    hashed(["english"])  # the forms the tests hash: international's and english's
    warm_kernels()  # the web's calls: most of their draughts kernels are in the cache by now


PARTS = {"draughts": draughts, "others": others}

if __name__ == "__main__":
    began = time.monotonic()
    PARTS[sys.argv[1]]()
    print(f"{time.monotonic() - began:.0f}")  # seconds, for conftest.py's line
