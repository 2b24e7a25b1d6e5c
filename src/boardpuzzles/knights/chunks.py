"""Kernels worked in chunks: how big the next one is, and what happens between two.

A compiled kernel never returns to the interpreter until it is done, so every
long knight's-tour kernel takes an amount of work (moves, squares, nodes) and
returns when it has done that much, its state kept in arrays; the loops here
size each chunk with a :class:`~boardpuzzles.progress.Budget` (about
:data:`~boardpuzzles.progress.CHUNK_SECONDS` each) and, between two chunks, let
the :class:`~boardpuzzles.progress.Tracker` report and look at ``cancel``
(it raises :class:`~boardpuzzles.errors.Cancelled`). Nothing runs in another
thread, so nothing runs on after a cancelled call returns.
"""

from __future__ import annotations

import time
from collections.abc import Iterator

from ..progress import Budget, Tracker


def sizes(tracker: Tracker, first: int = 1 << 12) -> Iterator[int]:
    """Endless sizes for the next chunk; after each chunk the tracker reports and checks ``cancel``."""
    budget = Budget(first)
    while True:
        started = time.monotonic()
        yield budget.size
        budget.measure(started)
        tracker.update()


def ranges(tracker: Tracker, total: int, first: int = 1 << 16) -> Iterator[tuple[int, int]]:
    """``(lo, hi)`` ranges that cover ``0 .. total - 1`` in order, one chunk each; the
    tracker counts them as done."""
    lo = 0
    for size in sizes(tracker, first):
        if lo >= total:
            return
        hi = min(total, lo + size)
        yield lo, hi
        tracker.done += hi - lo
        lo = hi
