"""What the theorems say about the existence of knight's tours.

Each function answers ``(verdict, reason)`` where verdict is True (a tour
exists), False (none does) or None (no theorem decides: search), and reason is
a :class:`~boardpuzzles.i18n.Note`: ``str(reason)`` says why in English,
``reason.text("ru")`` in Russian, ``reason.to_json()`` gives a page its key and
fields.  A board is any size (whole numbers from 1: a theorem costs nothing); a
wrong argument is an :class:`~boardpuzzles.errors.InputError` naming it.

>>> closed_exists(5, 5)[0], open_exists(5, 5)[0], open_from(5, 5, 0, 1)[0]
(False, True, False)
>>> str(closed_exists(5, 5)[1])
"Schwenk's theorem: both sides of the 5x5 board are odd, so it has an odd number of squares, and a closed tour alternates colours"
"""

from __future__ import annotations

from typing import Any

from .. import checks
from ..i18n import Note

#: (exists, reason): True, False or None (no theorem decides), and why, as the catalogue says it
Verdict = tuple[bool | None, Note]


def _board(rows: Any, cols: Any) -> tuple[int, int]:
    return checks.whole_number(rows, "rows", lo=1), checks.whole_number(cols, "cols", lo=1)


def _said(key: str, rows: int | None = None, cols: int | None = None, **fields: Any) -> Note:
    """The catalogue's ``knight.theory_<key>`` with its fields, the board among them as ``board`` ("5x5")."""
    board = (("board", f"{rows}x{cols}"),) if rows is not None else ()
    return Note(f"knight.theory_{key}", board + tuple(fields.items()))


def closed_exists(rows: int, cols: int) -> Verdict:
    """Schwenk (1991): an m x n board (m <= n) has a closed tour unless m and n are both odd,
    m is 1, 2 or 4, or m = 3 and n is 4, 6 or 8."""
    rows, cols = _board(rows, cols)
    m, n = sorted((rows, cols))
    if m * n == 1:
        return False, _said("closed_one", rows, cols)
    if m % 2 and n % 2:
        return False, _said("closed_odd", rows, cols)
    if m in (1, 2, 4):
        return False, _said("closed_side", side=m)
    if m == 3 and n in (4, 6, 8):
        return False, _said("closed_3xn", n=n)
    return True, _said("closed_yes", rows, cols)


def open_exists(rows: int, cols: int) -> Verdict:
    """Open tours exist exactly on 1x1, 3x4, 3xn (n >= 7), 4xn (n >= 5) and m x n, n >= m >= 5."""
    rows, cols = _board(rows, cols)
    m, n = sorted((rows, cols))
    if (m, n) == (1, 1) or (m, n) == (3, 4) or (m == 3 and n >= 7) or (m == 4 and n >= 5) or m >= 5:
        return True, _said("open_yes", rows, cols)
    return False, _said("open_no", rows, cols)


def open_from(rows: int, cols: int, row: int, col: int) -> Verdict:
    """Whether an open tour starts on (row, col), where a theorem says so."""
    rows, cols = _board(rows, cols)
    row, col = checks.whole_number(row, "row", 0, rows - 1), checks.whole_number(col, "col", 0, cols - 1)
    exists, reason = open_exists(rows, cols)
    if not exists:
        return False, reason
    if rows * cols == 1:
        return True, _said("from_1x1")
    if closed_exists(rows, cols)[0]:
        return True, _said("from_closed", rows, cols)
    if rows % 2 and cols % 2 and (row + col) % 2:
        return False, _said("from_colour", rows, cols)
    if 4 in (rows, cols):
        line = row if rows == 4 else col
        if line in (1, 2):
            return False, _said("from_4xn", side=_said("ranks_1_4" if rows == 4 else "files_a_d"))
    return None, _said("undecided")


def start_verdict(rows: int, cols: int, row: int, col: int, closed: bool) -> Verdict:
    """What the theorems say of a tour from (row, col): closed (then every square is alike) or open."""
    if checks.flag(closed, "closed"):
        return closed_exists(rows, cols)
    return open_from(rows, cols, row, col)
