"""What the theorems say about the existence of knight's tours.

Each function answers ``(verdict, reason)`` where verdict is True (a tour
exists), False (none does) or None (no theorem decides: search).  A board is
any size (whole numbers from 1: a theorem costs nothing); a wrong argument is
an :class:`~boardpuzzles.errors.InputError` naming it.

>>> closed_exists(5, 5)[0], open_exists(5, 5)[0], open_from(5, 5, 0, 1)[0]
(False, True, False)
"""

from __future__ import annotations

from typing import Any

from .. import checks

Verdict = tuple[bool | None, str]


def _board(rows: Any, cols: Any) -> tuple[int, int]:
    return checks.whole_number(rows, "rows", lo=1), checks.whole_number(cols, "cols", lo=1)


def closed_exists(rows: int, cols: int) -> Verdict:
    """Schwenk (1991): an m x n board (m <= n) has a closed tour unless m and n are both odd,
    m is 1, 2 or 4, or m = 3 and n is 4, 6 or 8."""
    rows, cols = _board(rows, cols)
    m, n = sorted((rows, cols))
    board = f"{rows}x{cols}"
    if m * n == 1:
        return False, f"a closed tour needs a knight's move back to the start; the {board} board has one square"
    if m % 2 and n % 2:
        return False, (f"Schwenk's theorem: both sides of the {board} board are odd, so it has an odd "
                       "number of squares, and a closed tour alternates colours")
    if m in (1, 2, 4):
        return False, f"Schwenk's theorem: no closed tour on a board with a side of {m}"
    if m == 3 and n in (4, 6, 8):
        return False, f"Schwenk's theorem: no closed tour on the 3x{n} board"
    return True, f"Schwenk's theorem: the {board} board has a closed tour, and it passes every square"


def open_exists(rows: int, cols: int) -> Verdict:
    """Open tours exist exactly on 1x1, 3x4, 3xn (n >= 7), 4xn (n >= 5) and m x n, n >= m >= 5."""
    rows, cols = _board(rows, cols)
    m, n = sorted((rows, cols))
    board = f"{rows}x{cols}"
    if (m, n) == (1, 1) or (m, n) == (3, 4) or (m == 3 and n >= 7) or (m == 4 and n >= 5) or m >= 5:
        return True, f"the {board} board has open tours (Cull and De Curtins; small boards by search)"
    return False, (f"the {board} board has no knight's tour: open tours exist only on 1x1, 3x4, 3xn "
                   "(n >= 7), 4xn (n >= 5) and boards with both sides at least 5 "
                   "(Cull and De Curtins 1978, small boards by exhaustive search)")


def open_from(rows: int, cols: int, row: int, col: int) -> Verdict:
    """Whether an open tour starts on (row, col), where a theorem says so."""
    rows, cols = _board(rows, cols)
    row, col = checks.whole_number(row, "row", 0, rows - 1), checks.whole_number(col, "col", 0, cols - 1)
    exists, reason = open_exists(rows, cols)
    if not exists:
        return False, reason
    if rows * cols == 1:
        return True, "the 1x1 board is toured by standing on its square"
    if closed_exists(rows, cols)[0]:
        return True, (f"the {rows}x{cols} board has a closed tour; started anywhere on it, it is an "
                      "open tour from every square")
    if rows % 2 and cols % 2 and (row + col) % 2:
        return False, (f"colour argument: the {rows}x{cols} board has one more square of the corner "
                       "colour, and a tour alternates colours, so it starts and ends on the corner "
                       "colour; this square has the other colour")
    if 4 in (rows, cols):
        line = row if rows == 4 else col
        if line in (1, 2):
            side = "ranks 1 and 4" if rows == 4 else "files a and d"
            return False, (f"on a 4xn board every move from the edge lines ({side}) goes to the two "
                           "middle lines, which have as many squares; with the colours this forces "
                           "a tour to start and end on an edge line, and this square is in the middle")
    return None, "no theorem decides this start square: exhaustive search decides"


def start_verdict(rows: int, cols: int, row: int, col: int, closed: bool) -> Verdict:
    """What the theorems say of a tour from (row, col): closed (then every square is alike) or open."""
    if checks.flag(closed, "closed"):
        return closed_exists(rows, cols)
    return open_from(rows, cols, row, col)

