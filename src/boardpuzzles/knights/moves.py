"""The knight's moves as the seed codes them, and the accessibility table.

The seed numbers the eight moves 0..7 and keeps them in two arrays::

    int horizontal[] = {2, 1, -1, -2, -2, -1, 1, 2};
    int vertical[]   = {-1, -2, -2, -1, 1, 2, 2, 1};

``horizontal`` moves along the rank (towards file h when positive) and
``vertical`` moves down the drawn board when positive (the seed's picture puts
move 0 up and to the right of the knight). Our rows count ranks from the
bottom, so a move changes the row by ``-vertical[k]`` and the column by
``horizontal[k]``.

A square ``(row, col)`` of a ``rows`` x ``cols`` board has the index
``row * cols + col``; the kernels work on these indices.  :func:`check_board`
is the check every public function of :mod:`boardpuzzles.knights` makes of its
board first.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .. import checks
from ..errors import InputError
from ..geometry import Square

#: The public names; the tables of moves (``DROW``, ``DCOL``, :func:`neighbour_table`)
#: and the checks are for the package's kernels and modules.
__all__ = ["HORIZONTAL", "VERTICAL", "BOARD_LIMIT", "TABLE_LIMIT", "PLAIN_MOST_SQUARES", "accessibility"]

#: Boards up to this many squares are walked and checked by the kernels' source interpreted while the kernels
#: are not ready (:func:`boardpuzzles.compiling.chosen`): a tour of 8x8 and its check take a few milliseconds
#: so, against 4 s of CPU to compile the kernels on the busy 2-core test machine.
PLAIN_MOST_SQUARES = 1024

#: longest side of a board
BOARD_LIMIT = 10_000
#: largest board a table of moves is made for (:func:`accessibility`; it holds 8 moves a square)
TABLE_LIMIT = 1_000_000

#: the seed's move codes: move k changes the column by ``HORIZONTAL[k]``
HORIZONTAL = (2, 1, -1, -2, -2, -1, 1, 2)
#: and the row by ``-VERTICAL[k]`` (the seed draws rows downwards; our row 0 is rank 1)
VERTICAL = (-1, -2, -2, -1, 1, 2, 2, 1)

#: row and column change of move k, in move-code order
ROW_STEP = tuple(-v for v in VERTICAL)
DROW = np.array(ROW_STEP, dtype=np.int64)
DCOL = np.array(HORIZONTAL, dtype=np.int64)
DROW.setflags(write=False)  # module tables shared by every caller: nobody may change them
DCOL.setflags(write=False)


def check_board(rows: Any, cols: Any, largest: int = BOARD_LIMIT) -> tuple[int, int]:
    """``(rows, cols)`` as ints; InputError unless both are whole numbers 1 .. ``largest``."""
    sides = []
    for name, side in (("rows", rows), ("cols", cols)):
        side = checks.whole_number(side, name)
        if not 1 <= side <= largest:
            raise InputError(f"{{parameter}} must be 1..{largest}", parameter=name, value=side, allowed=f"1..{largest}")
        sides.append(side)
    return sides[0], sides[1]


def square_of(index: int, cols: int) -> Square:
    """The square ``(row, col)`` with the index ``row * cols + col`` on a board ``cols`` wide."""
    row, col = divmod(int(index), cols)
    return row, col


def accessibility(rows: int, cols: int) -> list[list[int]]:
    """The seed's table: from how many squares each square can be reached.

    ``table[row][col]`` with row 0 = rank 1; for 8x8 it is the seed's Fig. 1.
    Boards up to :data:`TABLE_LIMIT` squares.

    >>> accessibility(3, 4)
    [[2, 3, 3, 2], [2, 2, 2, 2], [2, 3, 3, 2]]
    """
    rows, cols = check_board(rows, cols)
    if rows * cols > TABLE_LIMIT:
        raise InputError(f"the accessibility table takes boards up to {TABLE_LIMIT:,} squares; the {rows}x{cols} "
                         f"board has {rows * cols:,}", parameter="rows", value=rows, show_value=False)
    return (neighbour_table(rows, cols) >= 0).sum(axis=1).reshape(rows, cols).tolist()


def neighbour_table(rows: int, cols: int, free: np.ndarray | None = None) -> np.ndarray:
    """``table[s, k]``: the square that move k leads to from square s, or -1.

    Squares where ``free`` is False (blocked) are neither left nor entered.
    Meant for small boards (it holds 8 entries a square).
    """
    r = np.arange(rows * cols, dtype=np.int64) // cols
    c = np.arange(rows * cols, dtype=np.int64) % cols
    tr = r[:, None] + DROW[None, :]
    tc = c[:, None] + DCOL[None, :]
    inside = (tr >= 0) & (tr < rows) & (tc >= 0) & (tc < cols)
    table = np.where(inside, tr * cols + tc, -1)
    if free is not None:
        target_free = np.where(inside, free[np.clip(table, 0, None)], False)
        table = np.where(target_free & free[:, None], table, -1)
    return table.astype(np.int32)
