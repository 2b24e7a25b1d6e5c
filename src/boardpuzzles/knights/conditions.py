"""Cheap necessary conditions for a tour of the free squares of a board with blocked squares.

Each is checked in time linear in the squares, before any exhaustive search,
and a failed one is a proof that no tour exists, worded with the squares that
make it fail (a :class:`~boardpuzzles.i18n.Note`, said in English by ``str()``):

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
from ..i18n import Note
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


def _names(squares: np.ndarray, cols: int) -> str | Note:
    """The squares by name, the first :data:`NAMED` of them (then "and N more")."""
    names = ", ".join(square_name(*square_of(s, cols)) for s in squares[:NAMED])
    if len(squares) > NAMED:
        return Note("knight.condition_more", (("squares", names), ("more", str(len(squares) - NAMED))))
    return names


def _name(square: int, cols: int) -> str:
    return square_name(*square_of(square, cols))


def _only_neighbour(nbr: np.ndarray, square: int, cols: int) -> str:
    """The name of the one free neighbour of ``square``."""
    return _name(int(nbr[square][nbr[square] >= 0][0]), cols)


def _said(key: str, **fields: Any) -> Note:
    """The catalogue's ``knight.condition_<key>`` with its fields (counts as text, as the English has them)."""
    return Note(f"knight.condition_{key}", tuple((name, str(value) if isinstance(value, int) else value)
                                                  for name, value in fields.items()))


def _colour_count(rows: int, cols: int, free: np.ndarray, start: int, closed: bool) -> Verdict:
    """Every move changes colour, so a tour of the free squares needs as many of each
    colour (closed), or one more of the start's colour at most (open)."""
    index = np.arange(rows * cols)
    corner = int(np.count_nonzero(free & ((index // cols + index % cols) % 2 == 0)))
    other = int(np.count_nonzero(free)) - corner
    mine, theirs = (corner, other) if sum(square_of(start, cols)) % 2 == 0 else (other, corner)
    if closed and mine != theirs:
        return False, _said("colour_closed", corner=corner, other=other)
    if not closed and not 0 <= mine - theirs <= 1:
        return False, _said("colour_open", mine=mine, theirs=theirs)
    return None, _said("colours_allow")


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
        return None, _said("only_start")
    nbr = neighbour_table(rows, cols, free)
    degree = np.where(free, (nbr >= 0).sum(axis=1), -1)
    isolated = np.flatnonzero(degree == 0)
    if isolated.size:
        return False, _said("isolated", squares=_names(isolated, cols))
    seen = np.zeros(rows * cols, dtype=np.bool_)
    here = _name(start, cols)
    if _reach(nbr, start, seen) < n_free:
        cut_off = np.flatnonzero(free & ~seen)
        return False, _said("apart", start=here, squares=_names(cut_off, cols), count=int(cut_off.size))
    ones = np.flatnonzero(degree == 1)
    if closed and ones.size == 1:
        return False, _said("closed_one", squares=_names(ones, cols), neighbour=_only_neighbour(nbr, ones[0], cols))
    if closed and ones.size:
        return False, _said("closed_ones", squares=_names(ones, cols))
    ends = ones[ones != start]
    if ends.size > 1:
        return False, _said("ends", squares=_names(ends, cols), start=here)
    if ends.size == 1:
        end = int(ends[0])
        same_colour = sum(square_of(end, cols)) % 2 == sum(square_of(start, cols)) % 2
        if same_colour != (n_free % 2 == 1):
            return False, _said("end_odd" if n_free % 2 else "end_even", end=_name(end, cols),
                                neighbour=_only_neighbour(nbr, end, cols), start=here, count=n_free)
    return None, _said("pass")
