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
``row * cols + col``; the kernels work on these indices.
"""

from __future__ import annotations

import numpy as np

from ..geometry import Square

HORIZONTAL = (2, 1, -1, -2, -2, -1, 1, 2)
VERTICAL = (-1, -2, -2, -1, 1, 2, 2, 1)

#: row and column change of move k, in move-code order
ROW_STEP = tuple(-v for v in VERTICAL)
DROW = np.array(ROW_STEP, dtype=np.int64)
DCOL = np.array(HORIZONTAL, dtype=np.int64)
DROW.setflags(write=False)  # module tables shared by every caller: nobody may change them
DCOL.setflags(write=False)


def square_of(index: int, cols: int) -> Square:
    """The square ``(row, col)`` with the index ``row * cols + col`` on a board ``cols`` wide."""
    row, col = divmod(int(index), cols)
    return row, col


def accessibility(rows: int, cols: int) -> list[list[int]]:
    """The seed's table: from how many squares each square can be reached.

    ``table[row][col]`` with row 0 = rank 1; for 8x8 it is the seed's Fig. 1.
    """
    return [
        [
            sum(0 <= r + dr < rows and 0 <= c + dc < cols for dr, dc in zip(ROW_STEP, HORIZONTAL))
            for c in range(cols)
        ]
        for r in range(rows)
    ]


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
