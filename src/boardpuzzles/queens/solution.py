"""The answers of the N queens: a :class:`Solution` (one queen per row, ``columns[k]`` the
column of row k) and the :class:`Completions` of some given queens.

Each is a value: ``repr`` is its text form, ``str`` draws it (or says it in
words on a board too large to draw), ``==`` compares the queens, and it is
hashable (its columns cannot be changed once made):

>>> solution = Solution.from_columns([2, 4, 1, 3])
>>> solution
Solution('4 queens: 2 4 1 3')
>>> print(solution)
4 · · ♛ ·
3 ♛ · · ·
2 · · · ♛
1 · ♛ · ·
  a b c d
>>> solution == Solution([1, 3, 0, 2]), len({solution, Solution([1, 3, 0, 2])})
(True, 1)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, overload

import numpy as np

from .. import checks, render, symmetry
from ..errors import InputError, NoSolution
from ..geometry import square_name

#: Largest board ``str()`` draws (and the command line): beyond it a solution is said in words.
DRAW_LIMIT = 32
#: Columns a ``repr`` lists before it shortens (the first 8, then ``...``).
SHOWN_COLUMNS = 32


class Solution:
    """N queens, one per row, none attacking another.

    ``columns`` is the seed's vector ``c``: ``columns[k]`` is the column (1-based)
    of the queen on row ``k + 1``. Internally the columns are a numpy array of
    0-based indexes, so a ten-million-queen solution stays small; the array is
    read-only (a solution is hashable).

    Made from 0-based columns (``Solution([1, 3, 0, 2])``) or from the seed's
    1-based ones (:meth:`from_columns`); columns off the board are refused
    (:class:`~boardpuzzles.errors.InputError`), queens that attack each other
    are not (:meth:`is_valid` tells).
    """

    __slots__ = ("array",)

    def __init__(self, zero_based_columns: Sequence[int] | np.ndarray) -> None:
        #: the 0-based columns, row by row: a read-only numpy array
        self.array = _columns(zero_based_columns, "zero_based_columns", 0)

    @classmethod
    def from_columns(cls, columns: Sequence[int] | np.ndarray) -> Solution:
        """Build a solution from the seed's 1-based column vector: InputError naming ``columns`` unless
        it is one, naming two queens that attack each other.

        >>> Solution.from_columns([2, 4, 1, 3]).squares()
        [(0, 1), (1, 3), (2, 0), (3, 2)]
        >>> Solution.from_columns([1, 3, 2])
        Traceback (most recent call last):
            ...
        boardpuzzles.errors.InputError: columns: the queens on c2 and b3 attack each other on a diagonal: a solution has none (got [1, 3, 2])
        """
        array = _columns(columns, "columns", 1) - 1
        attack = _attack(array)
        if attack is not None:
            first, second, line = attack
            raise InputError(f"{{parameter}}: the queens on {square_name(first, array[first])} and "
                             f"{square_name(second, array[second])} attack each other {line}: a solution has none",
                             parameter="columns", value=(array[:SHOWN_COLUMNS] + 1).tolist())
        return cls(array)

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

    def text(self) -> str:
        """The text form: ``'8 queens: 1 5 8 6 3 7 2 4'``, the 1-based columns row by row
        (past :data:`SHOWN_COLUMNS` queens the first 8, then ``...``)."""
        shown = self.columns if self.n <= SHOWN_COLUMNS else (*self.columns[:8], "...")
        return f"{self.n} {'queen' if self.n == 1 else 'queens'}: {' '.join(map(str, shown))}"

    def __str__(self) -> str:
        """The board drawn as text, up to :data:`DRAW_LIMIT` queens; beyond, in words."""
        if self.n <= DRAW_LIMIT:
            return render.text(self.diagram())
        return f"a solution of {self.n:,} queens, one a row, by column: {self.text().split(': ', 1)[1]}"

    def _repr_svg_(self) -> str | None:
        """The board in Jupyter; none past render.MAX_SVG_SQUARES squares (the text shows instead)."""
        return render.svg(self.diagram()) if render.drawable(self.n, self.n) else None

    def __repr__(self) -> str:
        return f"Solution({self.text()!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Solution) and np.array_equal(self.array, other.array)

    def __hash__(self) -> int:
        return hash(self.array.tobytes())


def _columns(columns: Sequence[int] | np.ndarray, parameter: str, first: int) -> np.ndarray:
    """The columns checked (whole numbers, one a row, each ``first .. first + n - 1``), as a
    read-only int64 array of their own."""
    array = checks.integers(columns, parameter)
    n = len(array)
    if n == 0:
        raise InputError("{parameter} is empty: a solution has one queen a row", parameter=parameter)
    if array.min() < first or array.max() >= first + n:
        raise InputError(f"{{parameter}}: a column is off the {n}x{n} board (columns are {first}..{first + n - 1})",
                         parameter=parameter, value=f"{array.min()}..{array.max()}", show_value=False)
    array.setflags(write=False)  # the array is checks.integers' own copy
    return array


def _attack(array: np.ndarray) -> tuple[int, int, str] | None:
    """Two queens (their rows, 0-based) of ``array`` that attack each other, the second the first row
    where a queen meets one above it, and the line they share; None when no two do."""
    rows = np.arange(len(array))
    for keys, line in ((array, "in one column"), (rows + array, "on a diagonal"), (rows - array, "on a diagonal")):
        _, firsts = np.unique(keys, return_index=True)
        if len(firsts) < len(keys):
            second = int(np.setdiff1d(rows, firsts)[0])
            return int(np.flatnonzero(keys == keys[second])[0]), second, line
    return None


def no_solution(n: int) -> NoSolution:
    """The answer "none" to ``queens.solve(n)`` (N = 2, 3); its JSON is ``{"n": n, "columns": null}``."""
    return NoSolution(f"no solution exists for {n} queens on a {n}x{n} board", {"n": n, "columns": None})


@dataclass(frozen=True, repr=False)
class Completions(Sequence[Solution]):
    """The answer of ``queens.complete``: the solutions that keep the given ``queens``
    ((row, col) squares), in lexicographic order; empty when there is none."""

    n: int
    queens: tuple[tuple[int, int], ...]
    solutions: tuple[Solution, ...]

    @overload
    def __getitem__(self, index: int) -> Solution: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[Solution, ...]: ...

    def __getitem__(self, index: int | slice) -> Solution | tuple[Solution, ...]:
        return self.solutions[index]

    def __len__(self) -> int:
        return len(self.solutions)

    def to_json(self) -> dict[str, Any]:
        """The JSON of ``queens complete --json``: ``n`` and ``solutions``, a list of ``{"columns": [...]}``."""
        return {"n": self.n, "solutions": [solution.to_json(with_n=False) for solution in self.solutions]}

    def given(self) -> str:
        """The given queens by name: ``'d5,b4'``."""
        return ",".join(square_name(*square) for square in self.queens) or "no queens"

    def text(self) -> str:
        """The text form: ``'d5,b4 on 8x8: 2 completions: 3 6 8 1 4 7 5 2, ...'`` (the
        columns of the first three, 1-based, row by row)."""
        count = len(self.solutions)
        head = f"{self.given()} on {self.n}x{self.n}: "
        if not count:
            return head + "no completion"
        listed = ", ".join(solution.text().split(": ", 1)[1] for solution in self.solutions[:3])
        return head + f"{count} completion{'s' if count > 1 else ''}: {listed}" + (", ..." if count > 3 else "")

    def diagram(self, title: str = "") -> render.Diagram:
        """The first completion with the given queens marked (an InputError when there is none)."""
        if not self.solutions:
            raise InputError(f"nothing to draw: {self.given()} on {self.n}x{self.n} have no completion",
                             parameter="queens")
        diagram = self.solutions[0].diagram(title)
        diagram.marks = {square: render.HIGHLIGHT for square in self.queens}
        return diagram

    def __str__(self) -> str:
        """In words, with every completion on a line of its own (its 1-based columns)."""
        count = len(self.solutions)
        head = f"{count or 'no'} completion{'' if count == 1 else 's'} of {self.given()} on {self.n}x{self.n}"
        return "\n".join([head, *(" ".join(map(str, solution.columns)) for solution in self.solutions)])

    def __repr__(self) -> str:
        return f"Completions({self.text()!r})"
