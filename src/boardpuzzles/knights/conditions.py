"""Cheap necessary conditions for a tour of the free squares of a board with blocked squares.

Each is checked in time linear in the squares, before any exhaustive search,
and a failed one is a proof that no tour exists, worded with the squares that
make it fail:

* colours: every move changes colour, so a closed tour needs as many free
  squares of each colour, and an open one as many of the start's colour as of
  the other, or one more;
* a free square with no free neighbour can be neither entered nor left;
* every free square must be reachable from the start (the free squares are
  connected);
* a free square with one free neighbour can only be an end of the path: a
  closed tour has none, an open tour has two ends, the start and the last
  square, whose colour the colours fix (the start's colour when the number of
  free squares is odd, the other when it is even).

The kernel :func:`_reach` is private; the tests compare it with a plain-Python
search of their own.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from .. import checks
from ..errors import InputError
from ..geometry import square_name
from .moves import TABLE_LIMIT, check_board, neighbour_table, square_of
from .theory import Verdict

__all__ = ["NAMED", "free_squares_verdict"]

#: squares named in a reason at most (then "and N more")
NAMED = 6


@njit(cache=True)
def _reach(nbr, start, seen):
    """Mark in ``seen`` every square reachable from ``start`` along ``nbr``; return how many."""
    stack = np.empty(nbr.shape[0], dtype=np.int64)
    stack[0] = start
    seen[start] = True
    top, count = 1, 1
    while top:
        top -= 1
        s = stack[top]
        for k in range(8):
            t = nbr[s, k]
            if t >= 0 and not seen[t]:
                seen[t] = True
                stack[top] = t
                top += 1
                count += 1
    return count


def _names(squares: np.ndarray, cols: int) -> str:
    names = [square_name(*square_of(s, cols)) for s in squares[:NAMED]]
    more = f" and {len(squares) - NAMED} more" if len(squares) > NAMED else ""
    return ", ".join(names) + more


def _only_neighbour(nbr: np.ndarray, square: int, cols: int) -> str:
    """The name of the one free neighbour of ``square``."""
    return square_name(*square_of(int(nbr[square][nbr[square] >= 0][0]), cols))


def _colour_count(rows: int, cols: int, free: np.ndarray, start: int, closed: bool) -> Verdict:
    """Every move changes colour, so a tour of the free squares needs as many of each
    colour (closed), or one more of the start's colour at most (open)."""
    index = np.arange(rows * cols)
    corner = int(np.count_nonzero(free & ((index // cols + index % cols) % 2 == 0)))
    other = int(np.count_nonzero(free)) - corner
    mine, theirs = (corner, other) if sum(square_of(start, cols)) % 2 == 0 else (other, corner)
    if closed and mine != theirs:
        return False, (f"colour argument: a closed tour alternates colours, but the free squares are "
                       f"{corner} of the corner colour and {other} of the other")
    if not closed and not 0 <= mine - theirs <= 1:
        return False, (f"colour argument: a tour alternates colours, so it needs as many squares of "
                       f"the start's colour as of the other, or one more; the free squares are {mine} "
                       f"of the start's colour and {theirs} of the other")
    return None, "the colours allow a tour"


def free_squares_verdict(rows: int, cols: int, free: Any, start: int, closed: bool) -> Verdict:
    """False with the argument when a cheap condition rules out every tour from ``start``
    (an index ``row * cols + col``) over the ``free`` squares (one boolean a square); None
    when they all pass (a search decides).  Boards up to :data:`~.moves.TABLE_LIMIT` squares."""
    rows, cols = check_board(rows, cols)
    if rows * cols > TABLE_LIMIT:
        raise InputError(f"the conditions take boards up to {TABLE_LIMIT:,} squares; the {rows}x{cols} board has "
                         f"{rows * cols:,}", parameter="rows", value=rows, show_value=False)
    free = checks.mask(free, "free", rows * cols)
    start = checks.whole_number(start, "start", 0, rows * cols - 1)
    if not free[start]:
        raise InputError("{parameter} is a blocked square: a tour starts on a free one", parameter="start",
                         value=start)
    closed = checks.flag(closed, "closed")
    exists, reason = _colour_count(rows, cols, free, start, closed)
    if exists is False:
        return exists, reason
    n_free = int(np.count_nonzero(free))
    if n_free == 1:
        return None, "the start is the only free square"
    nbr = neighbour_table(rows, cols, free)
    degree = np.where(free, (nbr >= 0).sum(axis=1), -1)
    isolated = np.flatnonzero(degree == 0)
    if isolated.size:
        return False, (f"{_names(isolated, cols)}: no free square is a knight's move away, so the knight "
                       "can neither reach nor leave it")
    seen = np.zeros(rows * cols, dtype=np.bool_)
    if _reach(nbr, start, seen) < n_free:
        cut_off = np.flatnonzero(free & ~seen)
        return False, (f"the free squares fall apart: from {square_name(*square_of(start, cols))} the knight "
                       f"cannot reach {_names(cut_off, cols)} ({cut_off.size} squares)")
    ones = np.flatnonzero(degree == 1)
    if closed and ones.size:
        which = f"has only one free neighbour ({_only_neighbour(nbr, ones[0], cols)})" if ones.size == 1 else "have only one free neighbour each"
        return False, (f"a closed tour enters and leaves every square by two different moves, but "
                       f"{_names(ones, cols)} {which}")
    ends = ones[ones != start]
    here = square_name(*square_of(start, cols))
    if ends.size > 1:
        return False, (f"{_names(ends, cols)} each have one free neighbour, so a tour must end on each of "
                       f"them; but a path has two ends, and one of them is the start {here}")
    if ends.size == 1:
        end = int(ends[0])
        same_colour = sum(square_of(end, cols)) % 2 == sum(square_of(start, cols)) % 2
        if same_colour != (n_free % 2 == 1):
            there = square_name(*square_of(end, cols))
            need = f"the colour of {here}" if n_free % 2 else f"the other colour than {here}'s"
            has = f"{there} has {here}'s colour" if same_colour else f"{there} has the other colour"
            return False, (f"{there} has one free neighbour ({_only_neighbour(nbr, end, cols)}), so a "
                           f"tour from {here} must end on it; but a tour alternates colours, so over {n_free} "
                           f"free squares it ends on {need}, and {has}")
    return None, "the free squares pass the cheap tests (colours, neighbours, connection, forced ends)"
