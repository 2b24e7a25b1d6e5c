"""The N queens: place N queens on an N x N board so that no two attack each other.

>>> from boardpuzzles import queens
>>> queens.solve(8, method="recursive").columns
(1, 5, 8, 6, 3, 7, 2, 4)
>>> sum(1 for _ in queens.solutions(8, unique=True))
12

Methods that list solutions (all give the same solutions in the same,
lexicographic, order):

* ``recursive`` - the seed's HR(k) with its column and diagonal tables (:mod:`.arsac`)
* ``iterative`` - the seed's automaton С, И, СОК, СБ, С8, Я (:mod:`.arsac`)
* ``freelist``  - the Turbo Prolog board of free lists (:mod:`.prolog`)
* ``bitboard``  - bitboards in a numba kernel, the fast default (:mod:`.bitboard`)

:func:`solve` also has ``construction``, its default: one solution for any N,
written down in O(N) (:mod:`.construction`).

:func:`count` counts all solutions and the fundamental ones in one pass, with
the eight symmetries used inside the search, on every core, on a dask cluster
or resuming from a checkpoint; :func:`subproblems` and :func:`count_subproblem`
let you distribute the work yourself (:mod:`.counting`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence

from ..errors import InputError
from ..geometry import Square
from . import arsac, bitboard, completion, construction, prolog
from .counting import CountResult, Subproblem, count, count_subproblem, subproblems
from .solution import Solution

__all__ = [
    "SEARCH_METHODS", "MAX_SEARCH_N", "Solution", "solve", "solutions", "complete",
    "count", "CountResult", "Subproblem", "subproblems", "count_subproblem",
]

Trace = Callable[[arsac.ArsacStep | prolog.PrologStep], None] | None

SEARCH_METHODS: dict[str, Callable[..., Iterator[tuple[int, ...]]]] = {
    "bitboard": lambda n, trace=None: bitboard.solutions_bitboard(n),
    "recursive": arsac.solutions_recursive,
    "iterative": arsac.solutions_iterative,
    "freelist": prolog.solutions_freelist,
}
TRACED_METHODS = ("recursive", "iterative", "freelist")

#: Largest board the searching methods take: a 64-bit bitboard, and far beyond
#: what a search can list in practice.
MAX_SEARCH_N = bitboard.MAX_N
MAX_CONSTRUCTION_N = 10_000_000


def _check_search(n: int, method: str, trace: Trace) -> None:
    if method not in SEARCH_METHODS:
        raise InputError(f"unknown method '{method}': choose one of {', '.join(SEARCH_METHODS)}")
    if not 1 <= n <= MAX_SEARCH_N:
        raise InputError(f"N = {n} is out of range for a search: it takes 1 <= N <= {MAX_SEARCH_N}")
    if trace and method not in TRACED_METHODS:
        raise InputError(f"--trace follows one of the seed methods: add --method {' or '.join(TRACED_METHODS)}")


def solutions(n: int, method: str = "bitboard", unique: bool = False, trace: Trace = None) -> Iterator[Solution]:
    """Every solution for N queens, lazily, in lexicographic order of the column vector.

    With ``unique``, only the fundamental solutions: the first (smallest) member of
    each class under the eight symmetries of the square.
    """
    _check_search(n, method, trace)
    for columns in SEARCH_METHODS[method](n, trace=trace):
        solution = Solution(columns)
        if not unique or solution.canonical() == solution:
            yield solution


def solve(n: int, method: str = "construction", trace: Trace = None) -> Solution | None:
    """One solution, or None when there is none (N = 2, 3).

    ``construction`` (the default) writes one down in O(N) for N up to ten million;
    a search method returns the first solution in lexicographic order.
    """
    if method == "construction":
        if trace:
            raise InputError(f"--trace follows one of the seed methods: add --method {' or '.join(TRACED_METHODS)}")
        if not 1 <= n <= MAX_CONSTRUCTION_N:
            raise InputError(f"N = {n} is out of range: solve takes 1 <= N <= {MAX_CONSTRUCTION_N:,}")
        columns = construction.construct(n)
        return None if columns is None else Solution(columns)
    return next(solutions(n, method, trace=trace), None)


def complete(n: int, queens: Sequence[Square], all: bool = False) -> list[Solution]:
    """Complete the given (row, col) queens: one completion, or with ``all`` every one; [] if none."""
    if not 1 <= n <= completion.MAX_N:
        raise InputError(f"N = {n} is out of range: complete takes 1 <= N <= {completion.MAX_N}")
    if all:
        return [Solution(columns) for columns in completion.all_completions(n, queens)]
    found = completion.first_completion(n, queens)
    return [] if found is None else [Solution(found)]
