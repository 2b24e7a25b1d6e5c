"""Divide and conquer: closed tours on large boards in time linear in the squares.

The board is cut into blocks of 5 to 10 rows and columns, each with a closed
tour of its own (found once per block shape by :mod:`.search`; a block has a
closed tour because its sides are at least 5 and its area is even -- Schwenk).
The blocks are then joined one at a time in snake order (left to right along
the first row of blocks, right to left along the next, ...). Joining block B
to the tour built so far replaces one move ``a -> b`` of the previous block A
and one move ``y - c`` of B by the moves ``a -> c`` and ``y -> b``; both new
moves cross the border between the blocks, so the two cycles become one. This
is the idea of Parberry's and Lin and Wei's constructions, with the joining
moves looked up near the middle of each border instead of fixed in advance.

The tour is kept as ``succ[s]``, the square after s, and read off from the
start square at the end.

Three rows are too few for that join (the moves near a border cannot pair up), so
a 3 x n board grows differently: a closed tour of 3x10 or 3x12 gets 3x4 blocks
added one at a time, each as an open tour of the 3x4 block put in place of one
move of the block before it (:func:`strip_tour`).
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np
from numba import njit

from .. import checks
from ..errors import InputError, InternalError
from ..progress import Tracker
from . import chunks, theory
from .moves import DCOL, DROW, check_board, neighbour_table, square_of
from .search import FOUND, Search

#: The public name; the kernels and the steps of the construction are this module's own.
__all__ = ["closed_tour"]

_EVEN_PARTS = (8, 6, 10)
_ANY_PARTS = (8, 5, 6, 7, 9)


def split(length: int, parts: tuple[int, ...]) -> list[int]:
    """Cut ``length`` into pieces from ``parts``, as many of the first part as possible."""
    unit = parts[0]
    for units in range(length // unit, -1, -1):
        rest = length - unit * units
        best: dict[int, list[int]] = {0: []}
        for total in range(1, rest + 1):
            options = [best[total - p] + [p] for p in parts if total - p in best]
            if options:
                best[total] = min(options, key=len)
        if rest in best:
            return [unit] * units + best[rest]
    raise InternalError(f"divide: {length} cannot be cut into pieces of {parts}")


@lru_cache(maxsize=None)
def block_tour(height: int, width: int) -> np.ndarray:
    """A closed tour of a height x width block, as local square indices (row * width + col)."""
    search = Search(neighbour_table(height, width), np.zeros(height * width, dtype=np.int64), [0], True)
    if search.run() != FOUND:
        raise InternalError(f"divide: no closed tour found on a {height}x{width} block")
    search.path.setflags(write=False)  # cached: shared by every caller
    return search.path


@njit(cache=True)
def _inside(s, cols, r0, r1, c0, c1):
    r, c = s // cols, s % cols
    return r0 <= r < r1 and c0 <= c < c1


@njit(cache=True)
def _place(succ, cols, tour, width, r0, c0, forward):
    """Write a block's tour into succ, in either direction."""
    n = tour.shape[0]
    for i in range(n):
        a = tour[i]
        b = tour[(i + 1) % n]
        ga = (r0 + a // width) * cols + c0 + a % width
        gb = (r0 + b // width) * cols + c0 + b % width
        if forward:
            succ[ga] = gb
        else:
            succ[gb] = ga


@njit(cache=True)
def _join(succ, cols, a_box, b_box, tour, position, width):
    """Place block B (box r0, r1, c0, c1) and join it to block A's part of succ.

    Returns False when no pair of joining moves lies near the border.
    """
    ar0, ar1, ac0, ac1 = a_box[0], a_box[1], a_box[2], a_box[3]
    br0, br1, bc0, bc1 = b_box[0], b_box[1], b_box[2], b_box[3]
    n = tour.shape[0]
    if ar0 == br0:  # side by side: a runs over A's two columns nearest the border
        lines = ar1 - ar0
        across0 = ac1 - 2 if ac0 < bc0 else ac0
    else:  # one above the other
        lines = ac1 - ac0
        across0 = ar1 - 2 if ar0 < br0 else ar0
    for i in range(lines):
        along = (lines - 1) // 2 + (i + 1) // 2 * (1 if i % 2 else -1)  # middle outward
        for across in range(across0, across0 + 2):
            if ar0 == br0:
                a = (ar0 + along) * cols + across
            else:
                a = across * cols + ac0 + along
            b = succ[a]
            if not _inside(b, cols, ar0, ar1, ac0, ac1):
                continue
            for k in range(8):
                cr, cc = a // cols + DROW[k], a % cols + DCOL[k]
                if not (br0 <= cr < br1 and bc0 <= cc < bc1):
                    continue
                i_c = position[(cr - br0) * width + cc - bc0]
                for step in (-1, 1):
                    y = tour[(i_c + step) % n]
                    yr, yc = br0 + y // width, bc0 + y % width
                    br_, bc_ = b // cols, b % cols
                    dr, dc = abs(yr - br_), abs(yc - bc_)
                    if dr * dc == 2:
                        # B must run y -> c, so that dropping it leaves the path c ... y
                        _place(succ, cols, tour, width, br0, bc0, step == -1)
                        succ[a] = cr * cols + cc
                        succ[yr * cols + yc] = b
                        return True
    return False


@njit(cache=True)
def _box(k, row_cuts, col_cuts, box):
    """The box (r0, r1, c0, c1) of block k in snake order; returns its (block row, block column)."""
    nbc = col_cuts.shape[0] - 1
    bi = k // nbc
    bj = k % nbc if bi % 2 == 0 else nbc - 1 - k % nbc
    box[0], box[1] = row_cuts[bi], row_cuts[bi + 1]
    box[2], box[3] = col_cuts[bj], col_cuts[bj + 1]
    return bi, bj


@njit(cache=True, nogil=True)
def _assemble(cols, row_cuts, col_cuts, shape_of, tours, tour_offset, positions, widths, succ, lo, hi):
    """Place blocks lo .. hi - 1 (snake order), each joined to the one before; False if some join failed."""
    a_box = np.zeros(4, dtype=np.int64)
    b_box = np.zeros(4, dtype=np.int64)
    if lo > 0:
        _box(lo - 1, row_cuts, col_cuts, a_box)
    for k in range(lo, hi):
        bi, bj = _box(k, row_cuts, col_cuts, b_box)
        sid = shape_of[bi, bj]
        first, last = tour_offset[sid], tour_offset[sid + 1]
        tour, position = tours[first:last], positions[first:last]
        if k == 0:
            _place(succ, cols, tour, widths[sid], b_box[0], b_box[2], True)
        elif not _join(succ, cols, a_box, b_box, tour, position, widths[sid]):
            return False
        a_box[:] = b_box
    return True


@njit(cache=True, nogil=True)
def _walk(succ, start, path, lo, hi):
    """path[lo:hi] by following succ, from ``start`` (lo = 0) or on from path[lo - 1]."""
    s = start if lo == 0 else succ[path[lo - 1]]
    for i in range(lo, hi):
        path[i] = s
        s = succ[s]


def walk(succ: np.ndarray, start: int, tracker: Tracker) -> np.ndarray:
    """The cycle ``succ`` read off from ``start`` as a path, in chunks."""
    path = np.empty(succ.shape[0], dtype=succ.dtype)
    for lo, hi in chunks.ranges(tracker, path.shape[0]):
        _walk(succ, start, path, lo, hi)
    return path


def _knight_step(a: tuple[int, int], b: tuple[int, int]) -> bool:
    return {abs(a[0] - b[0]), abs(a[1] - b[1])} == {1, 2}


@lru_cache(maxsize=None)
def _open_tours_3x4() -> tuple[tuple[tuple[int, int], ...], ...]:
    """Every directed open tour of the 3x4 block (16); cached, so a tuple of tuples."""
    squares = [(r, c) for r in range(3) for c in range(4)]
    found: list[list[tuple[int, int]]] = []

    def extend(path):
        if len(path) == 12:
            found.append(list(path))
        for t in squares:
            if t not in path and _knight_step(path[-1], t):
                extend(path + [t])

    for s in squares:
        extend([s])
    return tuple(map(tuple, found))


def strip_tour(n: int, start: int = 0, tracker: Tracker | None = None) -> np.ndarray:
    """A closed tour of the 3 x n board (n even, n >= 10) from square ``start``."""
    base = 10 if n % 4 == 2 else 12
    cycle = [square_of(s, base) for s in block_tour(3, base)]
    succ = np.empty(3 * n, dtype=np.int64)
    for a, b in zip(cycle, cycle[1:] + cycle[:1]):
        succ[a[0] * n + a[1]] = b[0] * n + b[1]
    host = cycle + cycle[:1]  # the moves the next block may replace, in tour order
    for left in range(base, n, 4):
        for path in _open_tours_3x4():
            block = [(r, c + left) for r, c in path]
            spot = next((i for i in range(len(host) - 1) if host[i][1] >= left - 2
                         and _knight_step(host[i], block[0]) and _knight_step(block[-1], host[i + 1])), None)
            if spot is not None:
                break
        else:  # pragma: no cover - every 3x4 tour can host another (checked by the tests)
            raise InternalError(f"divide: no 3x4 block fits at column {left} of the 3x{n} board")
        u, v = host[spot], host[spot + 1]
        for a, b in zip([u] + block, block + [v]):
            succ[a[0] * n + a[1]] = b[0] * n + b[1]
        host = block
    return walk(succ, start, tracker or Tracker("squares"))


def closed_tour(rows: int, cols: int, start: int = 0, tracker: Tracker | None = None) -> np.ndarray:
    """A closed tour of a rows x cols board (both sides >= 5 and area even, or one side 3
    and the other even and >= 10: every board that has one) from square ``start`` (an index
    ``row * cols + col``); InputError for another board or start.

    Works in chunks: between two, ``tracker`` reports and checks ``cancel``."""
    rows, cols = check_board(rows, cols)
    start = checks.whole_number(start, "start", 0, rows * cols - 1)
    exists, reason = theory.closed_exists(rows, cols)
    if not exists:
        raise InputError(f"divide builds closed tours, and the {rows}x{cols} board has none ({reason})",
                         parameter="rows", value=rows, show_value=False)
    tracker = tracker or Tracker("squares")
    if rows == 3:
        return strip_tour(cols, start, tracker)
    if cols == 3:  # the 3 x rows tour turned over the diagonal
        turned = strip_tour(rows, (start % 3) * rows + start // 3, tracker)
        return (turned % rows) * 3 + turned // rows
    if rows % 2 == 0:
        row_parts, col_parts = split(rows, _EVEN_PARTS), split(cols, _ANY_PARTS)
    else:
        row_parts, col_parts = split(rows, _ANY_PARTS), split(cols, _EVEN_PARTS)
    shapes = sorted({(h, w) for h in row_parts for w in col_parts})
    shape_id = {shape: i for i, shape in enumerate(shapes)}
    tours = [block_tour(h, w) for h, w in shapes]
    positions = []
    for t in tours:
        where = np.empty_like(t)
        where[t] = np.arange(t.size)
        positions.append(where)
    tour_offset = np.cumsum([0] + [t.size for t in tours]).astype(np.int64)
    shape_of = np.array([[shape_id[(h, w)] for w in col_parts] for h in row_parts], dtype=np.int64)
    index = np.int32 if rows * cols < 2**31 else np.int64
    succ = np.empty(rows * cols, dtype=index)
    row_cuts = np.cumsum([0] + row_parts).astype(np.int64)
    col_cuts = np.cumsum([0] + col_parts).astype(np.int64)
    blocks = len(row_parts) * len(col_parts)
    tracker.update(0, total=blocks * 64 + rows * cols, detail="joining blocks")
    tours_joined, positions_joined = np.concatenate(tours), np.concatenate(positions)
    widths = np.array([w for _, w in shapes], dtype=np.int64)
    for lo, hi in chunks.ranges(tracker, blocks, first=256):
        if not _assemble(cols, row_cuts, col_cuts, shape_of, tours_joined, tour_offset, positions_joined,
                         widths, succ, lo, hi):
            raise InternalError(f"divide: the blocks of the {rows}x{cols} board do not join")
        tracker.done += 63 * (hi - lo)  # a block counts as about 64 squares
    tracker.update(detail="reading the tour off")
    return walk(succ, start, tracker)
