"""A solution of the N queens: one queen per row, ``columns[k]`` the column of row k."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from .. import render, symmetry

#: Largest board drawn as SVG (``svg``, ``_repr_svg_``, ``--svg``): 200 x 200


class Solution:
    """N queens, one per row, none attacking another.

    ``columns`` is the seed's vector ``c``: ``columns[k]`` is the column (1-based)
    of the queen on row ``k + 1``. Internally the columns are a numpy array of
    0-based indexes, so a ten-million-queen solution stays small.
    """

    __slots__ = ("array",)

    def __init__(self, zero_based_columns: Sequence[int] | np.ndarray) -> None:
        self.array = np.asarray(zero_based_columns, dtype=np.int64)

    @classmethod
    def from_columns(cls, columns: Sequence[int]) -> Solution:
        """Build a solution from the seed's 1-based column vector."""
        return cls(np.asarray(columns, dtype=np.int64) - 1)

    @property
    def n(self) -> int:
        """The size of the board."""
        return len(self.array)

    @property
    def columns(self) -> tuple[int, ...]:
        """The 1-based column of the queen on each row, rows in order (the seed's ``c``)."""
        return tuple((self.array + 1).tolist())

    def squares(self) -> list[tuple[int, int]]:
        """The queens as 0-based (row, col) squares."""
        return list(enumerate(self.array.tolist()))

    def is_valid(self) -> bool:
        """True when no two queens share a column or a diagonal (checked in O(N))."""
        n = self.n
        rows = np.arange(n)
        cols = self.array
        if n and (cols.min() < 0 or cols.max() >= n):
            return False
        return bool(
            np.bincount(cols, minlength=n).max(initial=0) <= 1
            and np.bincount(rows + cols, minlength=2 * n).max(initial=0) <= 1
            and np.bincount(rows - cols + n, minlength=2 * n + 1).max(initial=0) <= 1
        )

    def canonical(self) -> Solution:
        """The representative of the symmetry class: the smallest of its eight images."""
        return Solution(symmetry.canonical(self.array.tolist()))

    def class_size(self) -> int:
        """How many solutions the symmetry class holds: 1, 2, 4 or 8."""
        return symmetry.class_size(self.array.tolist())

    def images(self) -> list[tuple[str, Solution]]:
        """The solution's image under each of the eight symmetries of the square, with its name
        (``"rotate 90"``, ...), identity first (:data:`boardpuzzles.symmetry.SYMMETRIES`)."""
        columns = self.array.tolist()
        return [(each.name, Solution(symmetry.transform_columns(columns, each))) for each in symmetry.SYMMETRIES]

    def diagram(self, title: str = "") -> render.Diagram:
        """The board with its queens, for the renderers."""
        return render.Diagram(self.n, self.n, pieces={square: "Q" for square in self.squares()}, title=title)

    def to_json(self, with_n: bool = True) -> dict[str, Any]:
        """The JSON of ``queens solve --json``: ``n`` and ``columns`` (1-based); with
        ``with_n`` false only ``columns``, as ``queens all`` prints each solution."""
        columns = {"columns": (self.array + 1).tolist()}
        return {"n": self.n, **columns} if with_n else columns

    def svg(self, title: str = "") -> str:
        """The board as an SVG document; InputError past :data:`render.MAX_SVG_SQUARES` squares."""
        return render.svg(self.diagram(title))

    def __str__(self) -> str:
        return render.text(self.diagram())

    def _repr_svg_(self) -> str | None:
        """The board in Jupyter; none past render.MAX_SVG_SQUARES squares (the text shows instead)."""
        return render.svg(self.diagram()) if render.drawable(self.n, self.n) else None

    def __repr__(self) -> str:
        shown = self.columns if self.n <= 32 else f"({', '.join(map(str, self.columns[:8]))}, ...)"
        return f"Solution(n={self.n}, columns={shown})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Solution) and np.array_equal(self.array, other.array)

    def __hash__(self) -> int:
        return hash(self.array.tobytes())


@dataclass(frozen=True)
class NoSolution:
    """The answer of ``queens solve`` when N queens have no solution (N = 2, 3)."""

    n: int

    def to_json(self) -> dict[str, Any]:
        """The JSON of ``queens solve --json`` then: ``{"n": n, "columns": null}``."""
        return {"n": self.n, "columns": None}


@dataclass(frozen=True)
class Completions(Sequence[Solution]):
    """The answer of ``queens.complete``: the solutions that keep the given ``queens``
    ((row, col) squares), in lexicographic order; empty when there is none."""

    n: int
    queens: tuple[tuple[int, int], ...]
    solutions: tuple[Solution, ...]

    def __getitem__(self, index):  # type: ignore[override]
        return self.solutions[index]

    def __len__(self) -> int:
        return len(self.solutions)

    def to_json(self) -> dict[str, Any]:
        """The JSON of ``queens complete --json``: ``n`` and ``solutions``, a list of ``{"columns": [...]}``."""
        return {"n": self.n, "solutions": [solution.to_json(with_n=False) for solution in self.solutions]}
