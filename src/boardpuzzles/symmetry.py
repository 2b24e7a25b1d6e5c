"""The eight symmetries of the square: four rotations and four reflections.

Each symmetry maps a square ``(row, col)`` of a ``rows`` x ``cols`` board to its
image. On a square board all eight map the board onto itself; on an oblong board
only the four that keep its shape do (identity, the half turn and the two
mirrors).

A solution of the N queens is a permutation: ``columns[row]`` is the column of the
queen on ``row``. Every symmetry maps a permutation to a permutation, so the
symmetry class of a solution, its canonical form (the lexicographically smallest
image) and its fundamental solutions come straight from these eight maps.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Symmetry:
    """One symmetry of the board, named as a turn or a mirror."""

    name: str
    _map: Callable[[int, int, int, int], tuple[int, int]]
    keeps_shape: bool

    def apply(self, row: int, col: int, rows: int, cols: int) -> tuple[int, int]:
        """The image of square (row, col) on a rows x cols board."""
        return self._map(row, col, rows - 1, cols - 1)


SYMMETRIES: tuple[Symmetry, ...] = (
    Symmetry("identity", lambda r, c, R, C: (r, c), True),
    Symmetry("rotate 90", lambda r, c, R, C: (c, R - r), False),
    Symmetry("rotate 180", lambda r, c, R, C: (R - r, C - c), True),
    Symmetry("rotate 270", lambda r, c, R, C: (C - c, r), False),
    Symmetry("mirror left-right", lambda r, c, R, C: (r, C - c), True),
    Symmetry("mirror top-bottom", lambda r, c, R, C: (R - r, c), True),
    Symmetry("mirror main diagonal", lambda r, c, R, C: (c, r), False),
    Symmetry("mirror anti-diagonal", lambda r, c, R, C: (C - c, R - r), False),
)


def symmetries_of(rows: int, cols: int) -> tuple[Symmetry, ...]:
    """The symmetries that map a rows x cols board onto itself (8 or 4)."""
    if rows == cols:
        return SYMMETRIES
    return tuple(s for s in SYMMETRIES if s.keeps_shape)


def square_classes(rows: int, cols: int, squares: Iterable[tuple[int, int]],
                   fixed: Iterable[tuple[int, int]] = ()) -> dict[tuple[int, int], int]:
    """The symmetry classes of ``squares`` on a rows x cols board, under the symmetries that map the set
    ``fixed`` (say, blocked squares) onto itself: each class's smallest square and how many squares it holds.

    >>> square_classes(3, 4, [(0, 0), (0, 1), (2, 3)])
    {(0, 0): 4, (0, 1): 4}
    """
    fixed = set(fixed)
    keep = [s for s in symmetries_of(rows, cols) if {s.apply(r, c, rows, cols) for r, c in fixed} == fixed]
    classes: dict[tuple[int, int], int] = {}
    for square in squares:
        images = {sym.apply(*square, rows, cols) for sym in keep}
        classes[min(images)] = len(images)
    return classes


def transform_columns(columns: Sequence[int], symmetry: Symmetry) -> tuple[int, ...]:
    """The image of a queens permutation (0-based ``columns[row]``) under a symmetry."""
    n = len(columns)
    image = [0] * n
    for row, col in enumerate(columns):
        r, c = symmetry.apply(row, col, n, n)
        image[r] = c
    return tuple(image)


def orbit(columns: Sequence[int]) -> set[tuple[int, ...]]:
    """Every distinct image of a permutation under the eight symmetries."""
    return {transform_columns(columns, s) for s in SYMMETRIES}


def canonical(columns: Sequence[int]) -> tuple[int, ...]:
    """The representative of the symmetry class: its lexicographically smallest image."""
    return min(orbit(columns))


def class_size(columns: Sequence[int]) -> int:
    """How many distinct solutions the symmetry class holds: 1, 2, 4 or 8."""
    return len(orbit(columns))
