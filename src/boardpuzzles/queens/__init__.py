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

:func:`watch` returns a player of a seed's search for a notebook: the board,
the code with the line executing lit, the stack, the search tree, the counts
(:mod:`.steps`); :func:`search_steps` is that search as a stream of steps (from
any step on), and :data:`LISTINGS` the code the steps cite; :func:`compare` runs the recursive search, the seed's half-row
symmetry, the eight symmetries and the bitboards on one N, with the nodes each
visits and its time (:mod:`.compare`).

:func:`count` counts all solutions and the fundamental ones in one pass, with
the eight symmetries used inside the search, on every core, on a dask cluster
or resuming from a checkpoint; :func:`subproblems` and :func:`count_subproblem`
let you distribute the work yourself (:mod:`.counting`).  ``count(n,
method="constellations")`` places the queens of the border lines first and
searches inside (:mod:`.constellations`; its subproblems are
:class:`Constellation` records).

Squares
-------
A square is ``(row, col)``, both counted from 0 from the corner a1: row 0 is
rank 1 (the bottom of a drawn board), column 0 is file ``a`` (as in
:mod:`boardpuzzles.geometry`).  :func:`complete` takes the given queens as such
pairs or as algebraic names (``"d5,b4"``).  A :class:`Solution` keeps one queen
per row: ``Solution.columns[k]`` is the *1-based* column of the queen on row
``k`` (the seeds' vector ``c``, what ``--json`` prints), ``Solution.array[k]``
the 0-based one, and ``Solution.squares()`` the 0-based ``(row, col)`` pairs.

Long calls
----------
:func:`solutions`, :func:`solve` with a search method, :func:`complete` and
:func:`count` take ``progress`` and ``cancel`` (see :mod:`boardpuzzles.progress`):
once ``cancel`` is set they raise :class:`~boardpuzzles.errors.Cancelled` within
half a second and leave nothing running.  A listing, or a search for the first
solution, that cannot end in reasonable time (:mod:`.estimate`) raises
:class:`~boardpuzzles.errors.TooLong` before it starts, unless it is given
``force=True``.  Their progress has a true total where one is known: the
published count of a listing, the steps to the first solution
(:data:`.bitboard.FIRST_SOLUTION_STEPS`), the subproblems of a count, the part of
the search tree walked by every completion.

Answers
-------
Every answer has ``to_json()``: what the command line prints with ``--json``.
Each is a value: its ``repr`` is its text form, ``str`` draws it or says it in
words, ``==`` compares and ``hash`` works (:class:`Solution`,
:class:`Completions`, :class:`SolutionCount`; the records :class:`Counts` and
:class:`Subproblem` are named tuples).  "None" is said one way:
:func:`solve` raises :class:`~boardpuzzles.errors.NoSolution` (N = 2, 3), and
the listings answer an empty collection.

>>> queens.solve(3)
Traceback (most recent call last):
    ...
boardpuzzles.errors.NoSolution: no solution exists for 3 queens on a 3x3 board
>>> queens.count(8, workers=1)
SolutionCount('8 queens: 92 solutions, 12 fundamental')

Every argument is checked before any search starts (:mod:`boardpuzzles.checks`):
a wrong type, shape or range is an :class:`~boardpuzzles.errors.InputError`
naming the parameter.
"""

from __future__ import annotations

import math
import threading
from typing import Literal, get_args
from collections.abc import Callable, Iterator, Sequence

from .. import checks
from ..errors import InputError, NoSolution
from ..geometry import Square, parse_squares, square_name
from ..progress import ProgressFn, Tracker
from . import arsac, bitboard, completion, construction, estimate, prolog
from .compare import Comparison, compare
from .constellations import Constellation
from .counting import Counts, SolutionCount, Subproblem, count, count_subproblem, subproblems
from .published import published_count
from .solution import Completions, Solution, no_solution
from .steps import LISTINGS, search_steps, watch

__all__ = [
    "SEARCH_METHODS", "SOLVE_METHODS", "SearchMethod", "SolveMethod", "MAX_SEARCH_N", "Solution", "NoSolution",
    "Completions", "solve", "solutions", "complete", "count", "SolutionCount", "Counts", "Subproblem", "Constellation",
    "subproblems", "count_subproblem", "published_count", "watch", "search_steps", "LISTINGS", "compare", "Comparison",
]


def __dir__() -> list[str]:
    """The public names only (``dir(queens)`` as a user sees it): those of ``__all__``."""
    return sorted(__all__)

Trace = Callable[[arsac.ArsacStep | prolog.PrologStep], None] | None

#: the names of the searches and of every way to solve (types, so that a typo is caught before it runs)
SearchMethod = Literal["bitboard", "recursive", "iterative", "freelist"]
#: (the searches, and ``construction``)
SolveMethod = Literal["construction", "bitboard", "recursive", "iterative", "freelist"]
#: every way :func:`solve` can solve, its default first
SOLVE_METHODS: tuple[SolveMethod, ...] = get_args(SolveMethod)
#: the searches that list solutions, by name, the fast default first
SEARCH_METHODS: dict[SearchMethod, Callable[..., Iterator[tuple[int, ...]]]] = {
    "bitboard": bitboard.solutions_bitboard,
    "recursive": arsac.solutions_recursive,
    "iterative": arsac.solutions_iterative,
    "freelist": prolog.solutions_freelist,
}
TRACED_METHODS = ("recursive", "iterative", "freelist")

#: Largest board the searching methods take: a 64-bit bitboard, and far beyond
#: what a search can list in practice.
MAX_SEARCH_N = bitboard.MAX_N
MAX_CONSTRUCTION_N = 10_000_000


def _check_n(n: int, largest: int, what: str) -> int:
    """``n`` as an int: InputError unless it is a whole number 1 .. ``largest`` (``what`` takes no more)."""
    n = checks.whole_number(n, "n")
    if n < 1:
        problem = f"{{parameter}} = {n} is out of range: {{parameter}} must be at least 1"
    elif n > largest:
        problem = f"{{parameter}} = {n} is out of range for {what}: it takes {{parameter}} <= {largest:,}"
    else:
        return n
    raise InputError(problem, parameter="n", value=n, allowed=f"1..{largest}", show_value=False)


def _check_trace(method: str, trace: Trace) -> None:
    if trace is not None and not callable(trace):
        raise checks.refused("{parameter} must be a function that takes each step, or None", "trace", trace)
    if trace and method not in TRACED_METHODS:
        raise InputError(
            f"a trace follows one of the seed methods: add {{parameter}} {', '.join(TRACED_METHODS[:-1])} "
            f"or {TRACED_METHODS[-1]}",
            parameter="method", value=method,
        )


def _check_method(method: str, methods: Sequence[str]) -> None:
    if not isinstance(method, str) or method not in methods:
        raise InputError(
            f"unknown {{parameter}} {method!r}: choose one of {', '.join(methods)}",
            parameter="method", value=method, allowed=list(methods), show_value=False,
        )


def solutions(
    n: int,
    method: SearchMethod = "bitboard",
    unique: bool = False,
    trace: Trace = None,
    *,
    limit: int | None = None,
    force: bool = False,
    progress: ProgressFn | None = None,
    cancel: threading.Event | None = None,
) -> Iterator[Solution]:
    """Every solution for N queens, lazily, in lexicographic order of the column vector.

    With ``unique``, only the fundamental solutions: the first (smallest) member of
    each class under the eight symmetries of the square.  ``limit`` stops after
    that many.  A listing estimated to run more than an hour raises
    :class:`~boardpuzzles.errors.TooLong` here, before it starts, unless ``force``.
    ``progress`` and ``cancel`` act while the solutions are drawn from the iterator.
    """
    _check_method(method, list(SEARCH_METHODS))
    n = _check_n(n, MAX_SEARCH_N, "a search")
    _check_trace(method, trace)
    unique, force = checks.flag(unique, "unique"), checks.flag(force, "force")
    if limit is not None:
        limit = checks.whole_number(limit, "limit", lo=0)
    known = published_count(n, unique)
    log10_count = estimate.log10_solutions(n) - (math.log10(8) if unique and known is None else 0)
    if known is not None:
        log10_count = math.log10(known) if known else -math.inf
    if limit is not None:
        log10_count = min(log10_count, math.log10(limit) if limit else -math.inf)
    what = "fundamental solutions" if unique else "solutions"
    estimate.check(f"listing every one of the {what} of {n} queens", log10_count, n, method, what, force)
    if limit:  # a limit waits for the first solution at least (the first fundamental one too)
        _check_first(n, method, force)
    total = known if limit is None else (limit if known is None else min(known, limit))
    return _listed(n, method, unique, trace, limit, Tracker(what, total, progress, cancel))


def _check_first(n: int, method: str, force: bool) -> None:
    """TooLong for a search of the first solution estimated past an hour, where its steps are known."""
    steps = bitboard.FIRST_SOLUTION_STEPS.get(n)
    if steps is not None:
        estimate.check_steps(f"searching the first solution of {n} queens by {method}", steps, method, force)


def _listed(n: int, method: SearchMethod, unique: bool, trace: Trace, limit: int | None, tracker: Tracker) -> Iterator[Solution]:
    if method == "bitboard":
        found = bitboard.solutions_bitboard(n, lambda steps: tracker.update(detail=f"{steps:,} steps"))
    else:
        tick = None if tracker.progress is None and tracker.cancel is None else (lambda: tracker.tick(0))
        found = SEARCH_METHODS[method](n, trace=_ticking(trace, tick), tick=tick)
    tracker.update()
    if limit == 0:
        return
    for columns in found:
        solution = Solution(columns)
        if not unique or solution.canonical() == solution:
            tracker.advance()
            yield solution
            if limit is not None and tracker.done >= limit:
                break
    tracker.finish()


def _ticking(trace: Trace, tick: Callable[[], None] | None) -> Trace:
    """A trace that also ticks: a watched search hears ``cancel`` at each step (an unwatched one at each
    queen placed, through ``tick``)."""
    if trace is None or tick is None:
        return trace

    def step(state: arsac.ArsacStep | prolog.PrologStep) -> None:
        tick()
        trace(state)

    return step


def solve(
    n: int,
    method: SolveMethod = "construction",
    trace: Trace = None,
    *,
    force: bool = False,
    progress: ProgressFn | None = None,
    cancel: threading.Event | None = None,
) -> Solution:
    """One solution; :class:`~boardpuzzles.errors.NoSolution` when there is none (N = 2, 3).

    ``construction`` (the default) writes one down in O(N) for N up to ten million;
    a search method returns the first solution in lexicographic order, which can
    take long (the bitboard search: 33 s for N = 34, see
    :data:`.bitboard.FIRST_SOLUTION_STEPS`).  Where the steps of that search are
    known, a search estimated to run more than an hour raises
    :class:`~boardpuzzles.errors.TooLong` before it starts, unless ``force``, and
    the bitboard search reports its ``progress`` in steps of that known total.
    """
    _check_method(method, SOLVE_METHODS)
    if method == "construction":
        _check_trace(method, trace)
        n = _check_n(n, MAX_CONSTRUCTION_N, "the construction")
        columns = construction.construct(n)
        if columns is None:
            raise no_solution(n)
        return Solution(columns)
    n = _check_n(n, MAX_SEARCH_N, "a search")
    if method != "bitboard":
        found = next(solutions(n, method, trace=trace, limit=1, force=force, progress=progress, cancel=cancel), None)
        if found is None:
            raise no_solution(n)
        return found
    _check_trace(method, trace)
    _check_first(n, method, checks.flag(force, "force"))
    steps = bitboard.FIRST_SOLUTION_STEPS.get(n)
    tracker = Tracker("steps", steps, progress, cancel)
    tracker.check()
    first = next(bitboard.solutions_bitboard(n, tracker.update), None)
    tracker.finish()
    if first is None:
        raise no_solution(n)
    return Solution(first)


def _given(n: int, queens: Sequence[Square] | str) -> list[Square]:
    """The given queens as (row, col) squares: a list of pairs, or algebraic names ``"d5,b4"``."""
    if isinstance(queens, str):
        return parse_squares(queens, n, n, parameter="queens")
    return checks.squares(queens, "queens", n, n)


def complete(
    n: int,
    queens: Sequence[Square] | str = (),
    all: bool = False,
    *,
    force: bool = False,
    progress: ProgressFn | None = None,
    cancel: threading.Event | None = None,
) -> Completions:
    """Complete the given queens: one completion, or with ``all`` every one (none: an empty answer).

    ``queens`` are (row, col) squares counted from 0 (see the module's docstring)
    or algebraic names such as ``"d5,b4"``; none (the default) completes the empty board.  With ``all``, a listing estimated to
    run more than an hour raises :class:`~boardpuzzles.errors.TooLong` before it
    starts, unless ``force``, and ``progress`` counts the percentage of the search
    tree walked (each square of a line weighing the same: an estimate, exact at
    the end); the first completion reports the nodes it visits.
    """
    n = _check_n(n, completion.MAX_N, "a completion")
    given = _given(n, queens)
    all, force = checks.flag(all, "all"), checks.flag(force, "force")
    completion.check_given(given)
    tracker = Tracker("% of the search tree", 100, progress, cancel) if all else Tracker("nodes", None, progress, cancel)
    if all:
        names = ",".join(square_name(*square) for square in given) or "no queens"
        log10_count = estimate.log10_solutions(n) - len(given) * math.log10(n)
        estimate.check(f"listing every completion of {names} on {n}x{n}", log10_count, n, "complete", "completions", force)
        found = [Solution(columns) for columns in completion.all_completions(n, given, tracker)]
    else:
        first = completion.first_completion(n, given, tracker=tracker)
        found = [] if first is None else [Solution(first)]
    tracker.finish()
    return Completions(n, tuple(given), tuple(found))
