"""Counting N queens by start constellations: the queens of the four border lines placed first.

Every solution has exactly one queen on each border line of the board: on the
first row (in column ``top``), on the last row (column ``bottom``), in the first
column (row ``left``) and in the last column (row ``right``).  These three or
four queens (a queen in a corner stands on two lines) are the solution's *start
constellation* (Preußer and Engelhardt, J. Signal Process. Syst. 88 (2017), the
Q27 project; NQueensFAF counts the same way).

The eight symmetries of the square map the border lines onto one another, so
they map constellations to constellations.  The count keeps one constellation
of each symmetry class, the *canonical* one: the smallest tuple ``(top, bottom,
left, right)`` among its images.  At most one corner holds a queen (two corners
share a line or a diagonal), so the canonical member of a class with a corner
queen has it on a1: ``top == left == 0``.  Then each canonical constellation
``C`` is searched inside, a bitboard search of the rows between the border rows
(the rows ``left`` and ``right`` are already taken, so they are skipped, and the
border queens' columns and diagonals are barred from the start).

Why the weights are exact: a symmetry maps the solutions of ``C`` one to one
onto those of its image, so the solutions whose constellation is in the class
of ``C`` number ``images(C)`` times those of ``C``, where ``images(C)`` is 8
divided by the number of symmetries that leave ``C`` unchanged (its
stabilizer).  That is the total.  For the fundamental count, two solutions of
``C`` are in one class exactly when a symmetry of the stabilizer maps one to
the other, so each solution of ``C`` that is the smallest of its images under
the stabilizer counts 1.  Most constellations have a stabilizer of one
element: each of their solutions counts ``8`` and ``1`` with no comparison.

The search inside does not go row by row.  Its masks are the board's own, not
shifted from row to row: a bit per open column, per diagonal ``row + column`` and
per diagonal ``column - row + n - 1`` taken, so the free columns of any row are
two shifts away.  After each queen it looks at every inner row still empty
(:func:`_fewest`): if one has no free column left, or an open column has no row
left that can take it, the board is dead and the queen is no node; else the row
with the fewest free columns comes next (often a row with one).  The border
queens make the inside small and uneven, and this choice makes the most of it:
for N = 16 the search inside places 45 million queens where the search with the
eight symmetries inside (:mod:`.counting`) places 160 million, 0.28 as many
(``python benchmarks/queens_nodes.py``), though each costs about one and a half times
as much (a look at every row left).  On one CPU core it is the faster method from N = 16
on (docs/queens.md gives the figures).  It is not the default method: that would
change the subproblems and the checkpoints of a plain ``count(n)``.

The subproblems are the canonical constellations in the order of their tuples,
each lengthened by the columns of its first inner rows until there are enough
(:func:`split`); the list depends only on N and :data:`SPLIT_VERSION`.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, NamedTuple

import numpy as np
from numba import njit

from .. import render
from ..geometry import square_name
from .bitboard import bit_index

#: The public names; the kernel (:func:`search`), :func:`split`, :func:`count_one`, :func:`images_if_smallest`
#: and :func:`image_square` serve the package's own modules.
__all__ = ["METHOD", "SPLIT_VERSION", "Constellation", "constellations"]

#: The method's name (``queens.count(n, method=...)``, ``queens count --method``).
METHOD = "constellations"

#: Changes whenever the list of subproblems for some N changes; checkpoints made with another are refused.
SPLIT_VERSION = 1


class Constellation(NamedTuple):
    """One subproblem of the count of N queens by constellations (a record: its ``repr`` lists its fields).

    ``top`` and ``bottom`` are the columns of the queens on the first and the last row, ``left`` and
    ``right`` the rows of those in the first and the last column (0-based); ``columns`` are the columns of
    the queens on the first inner rows, which the split places when it needs more subproblems.

    >>> print(Constellation(0, 6, 1, 4, 2, 3, ()))
    constellation 0 of 6 queens: b1 e6 a3 f4
    >>> print(Constellation(5, 9, 0, 3, 0, 6, (2,)))
    constellation 5 of 9 queens: a1 d9 i7; inner rows c2
    """

    id: int
    n: int
    top: int
    bottom: int
    left: int
    right: int
    columns: tuple[int, ...]

    def _border(self) -> list[tuple[int, int]]:
        """The squares of the border queens, each once (a queen on a1 stands on two lines)."""
        m = self.n - 1
        return list(dict.fromkeys([(0, self.top), (m, self.bottom), (self.left, 0), (self.right, m)]))

    def _board(self) -> tuple[list[int], list[int], int, int, int]:
        """:func:`_start` of this constellation and its columns, run as plain Python: the inner rows (those
        of the columns first), the inner rows left, and the masks of :func:`_free`."""
        prefix = np.array([1 << c for c in self.columns], dtype=np.int64)
        rows, k, _, open_columns, sums, differences = _start.py_func(self.n, np.array(self[2:6]), prefix)
        inner = [int(r) for r in rows[:k]]
        return inner, inner[len(self.columns):], int(open_columns), int(sums), int(differences)

    def __str__(self) -> str:
        text = f"constellation {self.id} of {self.n} queens: {' '.join(square_name(*q) for q in self._border())}"
        if not self.columns:
            return text
        rows = self._board()[0]
        return text + "; inner rows " + " ".join(square_name(r, c) for r, c in zip(rows, self.columns))

    def diagram(self, title: str = "") -> render.Diagram:
        """The board as the search inside finds it: the border queens (marked) and those of the first inner
        rows, every square they leave to the other queens open (labelled with the number of open squares
        on its row: the search takes first a row with the fewest), the rest blocked."""
        rows, left, open_columns, sums, differences = self._board()
        queens = self._border() + list(zip(rows, self.columns))
        frees = {r: _free.py_func(r, open_columns, sums, differences, self.n - 1) for r in left}
        open_squares = {(r, c) for r, free in frees.items() for c in range(self.n) if free >> c & 1}
        labels = {(r, c): str(frees[r].bit_count()) for r, c in open_squares}
        blocked = {(r, c) for r in range(self.n) for c in range(self.n)} - open_squares - set(queens)
        return render.Diagram(self.n, self.n, pieces=dict.fromkeys(queens, "Q"), blocked=blocked, labels=labels,
                              marks=dict.fromkeys(self._border(), render.HIGHLIGHT), title=title)


@njit(cache=True)
def image_square(k, r, c, n):
    """Square (r, c) under ``boardpuzzles.symmetry.SYMMETRIES[k]`` on an n x n board."""
    m = n - 1
    if k == 0:
        return r, c
    if k == 1:
        return c, m - r  # rotate 90
    if k == 2:
        return m - r, m - c  # rotate 180
    if k == 3:
        return m - c, r  # rotate 270
    if k == 4:
        return r, m - c  # mirror left-right
    if k == 5:
        return m - r, c  # mirror top-bottom
    if k == 6:
        return c, r  # mirror main diagonal
    return m - c, m - r  # mirror anti-diagonal


@njit(cache=True)
def images_if_smallest(board, n, symmetries):
    """The number of distinct images of the solution ``board`` (``board[row]`` the bit of its column) under
    the group ``symmetries`` (bit ``k`` set: ``SYMMETRIES[k]`` is in it) if it is the smallest of them
    (column by column from the first row), else 0."""
    p = np.empty(n, dtype=np.int64)
    q = np.empty(n, dtype=np.int64)
    for r in range(n):
        p[r] = bit_index(board[r])
    fixed = 1
    size = 1
    for k in range(1, 8):
        if not (symmetries >> k) & 1:
            continue
        size += 1
        for r in range(n):
            rr, cc = image_square(k, r, p[r], n)
            q[rr] = cc
        order = 0
        for r in range(n):
            if q[r] != p[r]:
                order = -1 if q[r] < p[r] else 1
                break
        if order < 0:
            return 0
        if order == 0:
            fixed += 1
    return size // fixed


@njit(cache=True, inline="always")
def _fundamental(board, n, symmetries):
    """What the solution ``board`` of a constellation of stabilizer ``symmetries`` adds to the fundamental
    count: 1 if it is the smallest of its images under the stabilizer (always, when that is the identity)."""
    return 1 if symmetries == 1 or images_if_smallest(board, n, symmetries) else 0


@njit(cache=True, inline="always")
def _free(row, open_columns, sums, differences, m):
    """The columns of ``row`` that no queen attacks: ``open_columns`` has a bit per column not yet taken,
    ``sums`` one per diagonal ``row + column`` taken and ``differences`` one per diagonal ``column - row + m``."""
    return open_columns & ~((sums >> row) | (differences >> (m - row)))


@njit(cache=True, inline="always")
def _fewest(rows, first, k, open_columns, sums, differences, m):
    """The row of ``rows[first:k]`` with the fewest free columns (the first of them): its index and its free
    columns; the index is -1 if the board is dead: a row with no free column, or an open column that no row
    can take."""
    can_take = np.int64(0)
    best = first
    best_free = np.int64(0)
    fewest = m + 2
    for j in range(first, k):
        free = _free(rows[j], open_columns, sums, differences, m)
        if free == 0:
            return -1, free
        can_take |= free
        ones = 0
        rest = free
        while rest:
            rest &= rest - 1
            ones += 1
        if ones < fewest:
            fewest = ones
            best = j
            best_free = free
    return (best if can_take == open_columns else -1), best_free


@njit(cache=True)
def _start(n, border, prefix):
    """The board of the constellation ``border`` (top, bottom, left, right) with the queens ``prefix`` (bits)
    on its first inner rows: the inner rows top to bottom (``rows[:k]``), ``k``, the board (a bit per row)
    and the masks of :func:`_free`."""
    m = n - 1
    rows = np.empty(n, dtype=np.int64)
    k = 0
    for r in range(1, m):
        if r != border[2] and r != border[3]:
            rows[k] = r
            k += 1
    board = np.zeros(n, dtype=np.int64)
    open_columns = (np.int64(1) << n) - 1
    sums = np.int64(0)
    differences = np.int64(0)
    queens = ((0, border[0]), (m, border[1]), (border[2], 0), (border[3], m))
    for j in range(4 + prefix.shape[0]):
        if j < 4:
            r, bit = queens[j][0], np.int64(1) << queens[j][1]
        else:
            r, bit = rows[j - 4], prefix[j - 4]
        board[r] |= bit
        open_columns &= ~bit
        sums |= bit << r
        differences |= bit << (m - r)
    return rows, k, board, open_columns, sums, differences


@njit(cache=True, error_model="numpy")
def search(n, border, symmetries, prefix):
    """Count the solutions with the constellation ``border`` whose first inner rows hold ``prefix`` (bits).

    ``symmetries`` is the constellation's stabilizer (a mask of SYMMETRIES' indices).  Returns ``(total,
    fundamental, nodes)``: what its solutions add to the counts, and the queens the search places below the
    prefix (the nodes of its search tree; a queen after which :func:`_fewest` finds the board dead is no
    node).  The rows left are taken in no fixed order: after each queen, the one with the fewest free
    columns comes next.
    """
    m = n - 1
    rows, k, board, open_columns, sums, differences = _start(n, border, prefix)
    size = 0
    for s in range(8):
        size += (symmetries >> s) & 1
    weight = 8 // size
    first = prefix.shape[0]
    if first == k:  # nothing left inside: the prefix is a whole solution
        return weight, _fundamental(board, n, symmetries), 0
    pick, free = _fewest(rows, first, k, open_columns, sums, differences, m)
    if pick < 0:
        return 0, 0, 0
    rows[first], rows[pick] = rows[pick], rows[first]
    total = 0
    fundamental = 0
    nodes = 0
    # An explicit stack, one entry per inner row: the columns left to try and the masks.
    frees = np.empty(k, dtype=np.int64)
    opens = np.empty(k, dtype=np.int64)
    sums_stack = np.empty(k, dtype=np.int64)
    differences_stack = np.empty(k, dtype=np.int64)
    i = first
    while True:
        if free == 0:
            if i == first:
                break
            i -= 1
            free, open_columns, sums, differences = frees[i], opens[i], sums_stack[i], differences_stack[i]
            continue
        bit = free & -free
        free ^= bit
        r = rows[i]
        board[r] = bit
        next_open = open_columns ^ bit
        next_sums = sums | (bit << r)
        next_differences = differences | (bit << (m - r))
        if i == k - 1:  # only when the search starts on the last inner row
            nodes += 1
            total += weight
            fundamental += _fundamental(board, n, symmetries)
            continue
        pick, next_free = _fewest(rows, i + 1, k, next_open, next_sums, next_differences, m)
        if pick < 0:
            continue
        if i == k - 2:  # the last row has one free column left, the one column still open
            nodes += 2
            board[rows[k - 1]] = next_open
            total += weight
            fundamental += _fundamental(board, n, symmetries)
            continue
        nodes += 1
        frees[i], opens[i], sums_stack[i], differences_stack[i] = free, open_columns, sums, differences
        i += 1
        rows[i], rows[pick] = rows[pick], rows[i]
        free, open_columns, sums, differences = next_free, next_open, next_sums, next_differences
    return total, fundamental, nodes


def _images(n: int, top: np.ndarray, bottom: np.ndarray, left: np.ndarray, right: np.ndarray) -> np.ndarray:
    """The tuples of the eight images of the constellations given as arrays, as numbers ordered like the
    tuples: one row a symmetry."""
    m = n - 1
    rows = [np.zeros_like(top), np.full_like(top, m), left, right]
    cols = [top, bottom, np.zeros_like(top), np.full_like(top, m)]
    keys = []
    for k in range(8):
        images = [image_square.py_func(k, r, c, n) for r, c in zip(rows, cols, strict=True)]
        rs, cs = [r for r, _ in images], [c for _, c in images]
        on_top = np.select([r == 0 for r in rs], cs)
        on_bottom = np.select([r == m for r in rs], cs)
        on_left = np.select([c == 0 for c in cs], rs)
        on_right = np.select([c == m for c in cs], rs)
        keys.append(((on_top * n + on_bottom) * n + on_left) * n + on_right)
    return np.array(keys)


@lru_cache(maxsize=8)
def _canonical(n: int) -> tuple[tuple[int, int, int, int, int], ...]:
    """The canonical constellations of ``n`` queens, in the order of their tuples, each with its
    stabilizer: ``(top, bottom, left, right, symmetries)``."""
    if n == 1:
        return ((0, 0, 0, 0, 255),)
    m = n - 1
    inner = np.arange(1, m)
    b, d = (x.ravel() for x in np.meshgrid(inner, inner, indexing="ij"))
    corner = [np.zeros_like(b), b, np.zeros_like(b), d]
    corner = [x[b != d] for x in corner]  # the queens on a1 and on the last row and column: only b == d attack
    a, b, c, d = (x.ravel() for x in np.meshgrid(inner, inner, inner, inner, indexing="ij"))
    # Four queens off the corners: two columns, two rows, and the diagonals between neighbouring lines.
    fits = (a != b) & (c != d) & (a != c) & (m - a != d) & (m - c != b) & (b != d)
    top, bottom, left, right = (np.concatenate([x, y[fits]]) for x, y in zip(corner, (a, b, c, d), strict=True))
    keys = _images(n, top, bottom, left, right)
    keep = keys[0] == keys.min(axis=0)
    symmetries = ((keys == keys[0]) << np.arange(8)[:, None]).sum(axis=0)
    order = np.argsort(keys[0][keep], kind="stable")
    chosen = np.stack([top, bottom, left, right, symmetries])[:, keep][:, order]
    return tuple((int(a), int(b), int(c), int(d), int(s)) for a, b, c, d, s in chosen.T)


def constellations(n: int) -> list[tuple[int, int, int, int]]:
    """The canonical start constellations of ``n`` queens (``n`` 1 .. 30), in order: ``(top, bottom, left,
    right)``, the columns of the queens on the first and last rows and the rows of those in the first and
    last columns, 0-based (a queen on a1 gives ``top == left == 0``).

    >>> len(constellations(8)), constellations(8)[:2]
    (78, [(0, 1, 0, 2), (0, 1, 0, 3)])
    """
    return [entry[:4] for entry in _canonical(n)]


def _extend(n: int, border: tuple[int, ...], columns: tuple[int, ...]) -> list[tuple[int, ...]]:
    """The prefixes one inner row longer than ``columns`` that the search would try (the kernel's own rules,
    run as plain Python: the split needs no compiled call)."""
    prefix = np.array([1 << c for c in columns], dtype=np.int64)
    rows, _, _, open_columns, sums, differences = _start.py_func(n, np.array(border), prefix)
    free = int(_free.py_func(rows[len(columns)], open_columns, sums, differences, n - 1))
    return [columns + (c,) for c in range(n) if free >> c & 1]


@lru_cache(maxsize=8)
def split(n: int, target: int) -> tuple[tuple[tuple[int, int, int, int], int, tuple[int, ...]], ...]:
    """The subproblems of ``n`` queens, at least ``target`` if there can be: ``(constellation, symmetries,
    columns)``, the canonical constellations in order, each with the columns of its first inner rows, all to
    the same depth (the smallest that gives ``target``, but the last two inner rows are never fixed)."""
    level: list[tuple[tuple[int, int, int, int], int, tuple[int, ...]]] = [
        ((top, bottom, left, right), symmetries, ()) for top, bottom, left, right, symmetries in _canonical(n)
    ]
    depth = 0
    while len(level) < target and depth < n - 6:  # n - 4 inner rows without a corner queen
        level = [(border, s, longer) for border, s, columns in level for longer in _extend(n, border, columns)]
        depth += 1
    return tuple(level)


def count_one(n: int, border: tuple[int, ...], symmetries: int, columns: tuple[int, ...],
              kernel: Any = search) -> tuple[int, int, int]:
    """``kernel`` (:func:`search` or its interpreted copy) on one subproblem of :func:`split`: ``(total,
    fundamental, nodes)``."""
    prefix = np.array([1 << c for c in columns], dtype=np.int64)
    total, fundamental, nodes = kernel(n, np.array(border, dtype=np.int64), symmetries, prefix)
    return int(total), int(fundamental), int(nodes)
