"""What watching a search costs: the knight's and the seed's draughts step streams.

Run: python benchmarks/watch_steps.py
For each stream: its steps, its counters, the seconds to make them all (with their
JSON, as ``--trace --json`` prints them), the JSON's size, the largest step, and the
seconds to reach the last page (``offset``: the steps before it made, not built).
A step costs about the depth of its stack (each listed frame is read and written
out), so the exhaustive search on 20x20, 400 frames deep at the end, is the dearest.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable, Iterator
from typing import Any

from boardpuzzles.draughts import seed
from boardpuzzles.draughts.cli import EXAMPLE_SEED
from boardpuzzles.draughts.seed_steps import seed_steps
from boardpuzzles.knights.steps import backtrack_steps, rule_steps, search_size

STREAMS: dict[str, Callable[..., Iterator[Any]]] = {
    "knight 5x5 from a1, backtrack": lambda **page: backtrack_steps(5, 5, (0, 0), **page),
    "knight 7x7 from g7, warnsdorff (stuck)": lambda **page: rule_steps(7, 7, (6, 6), "warnsdorff", **page),
    "knight 7x7 from g7, backtrack": lambda **page: backtrack_steps(7, 7, (6, 6), **page),
    "knight 8x8 from a1, lookahead 3": lambda **page: rule_steps(8, 8, (0, 0), "lookahead", 3, **page),
    "knight 3x12 from e1, backtrack (two restarts)": lambda **page: backtrack_steps(3, 12, (0, 4), **page),
    "knight 20x20 from a1, roth": lambda **page: rule_steps(20, 20, (0, 0), "roth", **page),
    "knight 20x20 from a1, backtrack": lambda **page: backtrack_steps(20, 20, (0, 0), **page),
    "draughts, the seed's example": lambda **page: seed_steps(*seed.read_seed_input(EXAMPLE_SEED), **page),
}


def main() -> None:
    search_size(5, 5, (0, 0))  # the kernels compiled (or read from the numba cache) before any timing
    print(f"load {os.getloadavg()[0]:.2f}")
    for name, stream in STREAMS.items():
        started = time.perf_counter()
        count, size, largest, last = 0, 0, 0, None
        for step in stream():
            text = json.dumps(step.to_json())
            count, size, largest, last = count + 1, size + len(text), max(largest, len(text)), step
        made = time.perf_counter() - started
        started = time.perf_counter()
        tail = list(stream(offset=count - 1))
        skipped = time.perf_counter() - started
        assert last is not None and [step.to_json() for step in tail] == [last.to_json()]
        print(f"{name}: {count:,} steps {last.counts}; {made:.2f} s with their JSON, {size / 2**20:.1f} MiB "
              f"(largest step {largest / 1024:.1f} KiB); the last step alone {skipped:.2f} s")


if __name__ == "__main__":
    main()
