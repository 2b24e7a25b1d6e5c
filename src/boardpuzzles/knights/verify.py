"""Checking a tour square by square.

:func:`check_tour` is the public check: it takes a path as anyone may give it
(a list or an array of square indices), checks its arguments and answers a
:class:`TourCheck`, true when the path is a tour and otherwise saying where and
why it is not:

>>> path = [0, 6, 8, 1, 7, 9, 2, 11, 5, 3, 10, 4]  # a1 c2 a3 b1 d2 b3 c1 d3 b2 d1 c3 a2
>>> check_tour(3, 4, path)
TourCheck('a tour of the 3x4 board: 12 squares')
>>> check = check_tour(3, 4, path, closed=True)
>>> bool(check), check.fault
(False, 0)
>>> print(check)
not a closed tour: the last square, a2, is not a knight's move from the first, a1
>>> check_tour(3, 4, [0.0, 6.0])
Traceback (most recent call last):
    ...
boardpuzzles.errors.InputError: path must be a one-dimensional array of whole numbers (got an array of float64)

:func:`first_fault` is the same check for the package's own modules, whose
arguments are already checked; the kernels are private.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import Any

import numpy as np
from numba import njit

from .. import checks, compiling
from ..geometry import square_name
from ..progress import ProgressFn, Tracker
from . import chunks
from .moves import PLAIN_MOST_SQUARES, check_board, square_of

__all__ = ["TourCheck", "check_tour"]


@njit(cache=True, nogil=True)
def _first_fault(rows, cols, path, free, closed, seen, lo, hi):
    """-1 when path[lo:hi] is sound, else the position of its first fault; ``seen`` marks the squares met.

    A fault is a square off the board, blocked or seen before, a step that is not a
    knight's move, or (closed) a last square not a knight's move from the first.
    """
    n = path.shape[0]
    for i in range(lo, hi):
        s = path[i]
        if s < 0 or s >= rows * cols or not free[s] or seen[s]:
            return i
        seen[s] = True
        if i > 0 or closed:
            p = path[i - 1] if i > 0 else path[n - 1]
            dr = abs(s // cols - p // cols)
            dc = abs(s % cols - p % cols)
            if dr * dc != 2:
                return i
    return -1


@njit(cache=True, nogil=True)
def _first_missing(free, seen, lo, hi):
    """The first free square in lo .. hi - 1 not seen, or -1."""
    for s in range(lo, hi):
        if free[s] and not seen[s]:
            return s
    return -1


def first_fault(rows: int, cols: int, path: np.ndarray, closed: bool, free: np.ndarray,
                tracker: Tracker) -> int | None:
    """None if ``path`` (an int64 array of square indices) is a tour of the ``free`` squares, else
    where it first goes wrong (``len(path)``: some free square is missing). The arguments are
    taken as checked. Works in chunks: between two, ``tracker`` reports and checks ``cancel``."""
    if len(path) == 0:
        return 0 if free.any() else None
    tracker.update(0, total=len(path) + rows * cols, detail="checking")
    seen = np.zeros(rows * cols, dtype=np.bool_)
    small = rows * cols <= PLAIN_MOST_SQUARES
    fault_from, missing_from = compiling.chosen(_first_fault, small), compiling.chosen(_first_missing, small)
    for lo, hi in chunks.ranges(tracker, len(path)):
        fault = fault_from(rows, cols, path, free, closed, seen, lo, hi)
        if fault != -1:
            return int(fault)
    for lo, hi in chunks.ranges(tracker, rows * cols):
        if missing_from(free, seen, lo, hi) != -1:
            return len(path)
    return None


@dataclass(frozen=True)
class TourCheck:
    """What :func:`check_tour` found: true when the path is a tour; else ``fault`` is the
    position in the path where it first goes wrong (``len(path)`` when it misses a free
    square) and ``reason`` says what is wrong there."""

    rows: int
    cols: int
    closed: bool
    squares: int
    fault: int | None
    reason: str

    def __bool__(self) -> bool:
        return self.fault is None

    def __str__(self) -> str:
        return self.reason

    def __repr__(self) -> str:
        return f"TourCheck({self.reason!r})"


def _reason(rows: int, cols: int, path: np.ndarray, closed: bool, free: np.ndarray, fault: int | None) -> str:
    """The fault at position ``fault`` of ``path`` in words."""
    kind = "closed tour" if closed else "tour"
    if fault is None:
        return f"a {kind} of the {rows}x{cols} board: {len(path)} squares"
    if fault == len(path):
        missing = np.flatnonzero(free)[~np.isin(np.flatnonzero(free), path)]
        return (f"not a {kind}: it misses {len(missing)} free square{'s' if len(missing) > 1 else ''}, "
                f"the first {square_name(*square_of(missing[0], cols))}")
    s = int(path[fault])
    if not 0 <= s < rows * cols:
        return f"not a {kind}: square {fault + 1} of the path, index {s}, is off the {rows}x{cols} board"
    name = square_name(*square_of(s, cols))
    if not free[s]:
        return f"not a {kind}: square {fault + 1} of the path, {name}, is blocked"
    if s in path[:fault]:
        return f"not a {kind}: square {fault + 1} of the path, {name}, was visited before"
    if fault == 0:
        if not 0 <= path[-1] < rows * cols:
            return f"not a {kind}: the last square of the path, index {path[-1]}, is off the {rows}x{cols} board"
        last = square_name(*square_of(path[-1], cols))
        return f"not a {kind}: the last square, {last}, is not a knight's move from the first, {name}"
    before = square_name(*square_of(path[fault - 1], cols))
    return f"not a {kind}: move {fault}, {before} to {name}, is not a knight's move"


def check_tour(rows: int, cols: int, path: Any, closed: bool = False, free: Any = None, *,
               progress: ProgressFn | None = None, cancel: threading.Event | None = None) -> TourCheck:
    """Whether ``path`` (square indices ``row * cols + col``, a sequence or a one-dimensional
    array of whole numbers) is a tour of the ``rows`` x ``cols`` board (a closed one with
    ``closed``) that visits every square where ``free`` (one boolean a square; default: all)
    is true; see :class:`TourCheck`.  Squares off the board, repeated or not a knight's
    move apart are faults of the path; a path that is no array of whole numbers, or a
    ``free`` of another length, is an InputError.  ``progress`` and ``cancel``: see
    :mod:`boardpuzzles.progress`.
    """
    rows, cols = check_board(rows, cols)
    path = checks.integers(path, "path")
    closed = checks.flag(closed, "closed")
    free = np.ones(rows * cols, dtype=np.bool_) if free is None else checks.mask(free, "free", rows * cols)
    fault = first_fault(rows, cols, path, closed, free, Tracker("squares", None, progress, cancel))
    return TourCheck(rows, cols, closed, len(path), fault, _reason(rows, cols, path, closed, free, fault))
