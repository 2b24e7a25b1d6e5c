"""Counting N-Queens solutions: all of them (OEIS A000170) and the fundamental ones (A002562).

The seed (Arsac, texts 000 and 002) halves the work with one mirror: the first
queen only runs over half of the first row, and each solution found counts
twice.  The author knew no simple way to use the diagonal symmetry.  This module
uses the whole group of the eight symmetries of the square *inside* the search
(the method of Takaken's program), so that the total and the fundamental count
come out of one pass that skips most of the symmetric copies.

Notation: a solution is the vector ``p`` with ``p[row] = column``; on bitboards
``board[row] = 1 << p[row]``.  Of the (up to) eight images of a solution we call
the lexicographically smallest vector its *canonical form*.  Each symmetry class
is counted once, at its canonical form, weighted by its number of distinct
images (8, 4 or 2): that weight goes to the total, 1 to the fundamental count.

Why the search can skip most non-canonical boards
-------------------------------------------------
Look at the four border lines.  Let ``a`` be the column of the queen on the
first row, ``d`` that of the queen on the last row, ``e`` and ``f`` the rows of
the queens in the first and in the last column.  The first-row columns of the
eight images are exactly ``a, N-1-a, d, N-1-d, e, N-1-e, f, N-1-f``, so a
canonical form has ``a`` no larger than any of them.  Two cases:

1. *A corner* (``a == 0``).  At most one corner holds a queen, and the only other
   image with a queen on ``(0, 0)`` is the mirror in the main diagonal.  Its
   second-row column is the row ``g`` of our queen in column 1, so the canonical
   form has ``p[1] = b < g``: rows ``2 .. b-1`` may not use column 1.  A solution
   is never its own diagonal mirror (queens ``(r, c)`` and ``(c, r)`` would attack
   along an anti-diagonal), so every such class has 8 images: each solution
   found adds 8 to the total.
2. *No corner* (``1 <= a < N-1-a``).  ``e, f >= a``: rows ``1 .. a-1`` may not use
   the side columns.  ``e, f <= N-1-a``: both side columns are taken by row
   ``N-1-a`` (on that row a missing side queen is forced, and if both are missing
   the branch ends).  ``a <= d <= N-1-a``: bounds on the last row.  Then no image
   starts with a column below ``a``.  If none starts with ``a`` either (six bit
   tests on the border rows; the left-right mirror starts with ``N-1-a > a``),
   the solution is canonical with 8 images -- by far the common case.
   Otherwise it is compared with its images in full: dropped if one is smaller,
   else weighted 8 / (the number of symmetries that leave it unchanged).

The kernel is the seed's iterative version on bitboards: an explicit stack with
one entry per row (the columns still to try and the three attack masks; those
of the current row stay in local variables, only a descent stores them), the
lowest set bit picks the next column, and the bounds come in as a mask of
allowed columns per row.  The last three rows are never pushed: the columns of
rows N-3 and N-2 are tried in plain loops, and the single free column of the
last row, if any, is read off the masks.  Each new branch is first checked
against the row after next and the last row: if every column one of them may
take is already attacked (the diagonal masks shifted down to it), the branch is
dead before it starts.  (The three tests make one branch, not three: that
measured faster.)

The other method, the Q27 project's (pre-place the queens on the border, one
canonical placement per class, then search the inside), is :mod:`.constellations`.
Searched row by row, its insides visit about as many nodes as this search (each
inner row is searched again for every border placement it fits); searched with
the most constrained row first, they visit about 0.28 as many, which makes it the
faster method on one core from N = 16 on.  This one stays the default: its
subproblems and checkpoints are those every count has made so far.

Subproblems
-----------
The work is cut into independent subproblems: the admissible placements of the
first few rows, in a fixed order (the corner case first, then by the bound, then
by the columns of the following rows).  The list depends only on N and
:data:`SPLIT_VERSION`, so subproblem ``i`` is the same on every machine: local
processes, a dask cluster and a checkpoint file all speak of the same ids.

The other method, ``count(n, method="constellations")``, places the queens of
the four border lines first (:mod:`.constellations`); its subproblems are
:class:`~.constellations.Constellation` records with ids of their own, counted
by the same runners and checkpoints.  A checkpoint records the method (as its
``puzzle``): a count never resumes from a file made by the other method.
"""

from __future__ import annotations

import hashlib
import threading
import time
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Literal, NamedTuple, get_args, overload

import numpy as np
from numba import njit

from .. import __version__, checks, compiling, runner
from ..checkpoint import Checkpoint, natural
from ..counts import Count, said
from ..errors import InputError
from ..geometry import file_name, square_name
from ..progress import ProgressFn, Tracker
from . import constellations
from .constellations import Constellation, images_if_smallest

#: The public names: the kernels (``_search`` and its helpers) are this module's own.
__all__ = [
    "SPLIT_VERSION", "MAX_N", "CORNER", "NO_CORNER", "SECONDS_16", "SECONDS_PER_BATCH", "Subproblem", "Counts",
    "METHOD", "CountMethod", "METHODS", "PLAIN_MOST_N", "COMPILE_SECONDS", "compiles", "SolutionCount", "subproblems", "split_fingerprint", "count_subproblem", "count",
]

#: Changes whenever the list of subproblems for some N changes; checkpoints
#: made with another split version are refused.
SPLIT_VERSION = 1

#: Largest N a count accepts: the attack masks need 2N bits of an int64, and the
#: per-subproblem counters stay far below 2**63 with the splits used.
MAX_N = 30

#: The method of the count (as :func:`boardpuzzles.queens.compare` names it): the eight symmetries inside the search.
METHOD = "symmetry"

#: A method of :func:`count`: ``symmetry`` (:data:`METHOD`) or ``constellations`` (the border queens placed first).
CountMethod = Literal["symmetry", "constellations"]

#: The methods :func:`count` knows, the default first.
METHODS: tuple[CountMethod, ...] = get_args(CountMethod)

#: The two cases of the search (see the module docstring).
CORNER = 0
NO_CORNER = 1


class Subproblem(NamedTuple):
    """One independent piece of the count of N queens (a record: its ``repr`` lists its fields).

    ``kind`` is :data:`CORNER` (a queen on a1) or :data:`NO_CORNER`; ``bound`` is
    the column of the second-row queen (corner) or of the first-row queen (no
    corner); ``columns`` are the columns of the queens on the first rows.

    >>> sub = subproblems(8)[0]
    >>> sub
    Subproblem(id=0, n=8, kind=0, bound=2, columns=(0, 2))
    >>> print(sub)
    subproblem 0 of 8 queens: a queen on a1, the second-row queen on file c; first rows a1 c2
    """

    id: int
    n: int
    kind: int
    bound: int
    columns: tuple[int, ...]

    def __str__(self) -> str:
        case = ("a queen on a1, the second-row queen" if self.kind == CORNER
                else "no queen in a corner, the first-row queen")
        rows = " ".join(square_name(row, col) for row, col in enumerate(self.columns))
        return f"subproblem {self.id} of {self.n} queens: {case} on file {file_name(self.bound)}; first rows {rows}"


class Counts(NamedTuple):
    """A pair of counts: all solutions and the fundamental ones (one per symmetry class);
    a record, whose ``repr`` lists its fields.

    >>> Counts(92, 12)
    Counts(total=92, fundamental=12)
    >>> print(Counts(14200, 1787))
    14,200 solutions, 1,787 fundamental
    """

    total: int
    fundamental: int

    def __str__(self) -> str:
        return f"{said(self.total)} solution{'' if self.total == 1 else 's'}, {said(self.fundamental)} fundamental"


@dataclass(frozen=True, eq=False, repr=False)
class SolutionCount(Count):
    """The number of solutions of N queens: ``count`` (all of them, A000170) and ``fundamental``
    (one a symmetry class, A002562), counted by ``method`` in ``seconds`` (a
    :class:`~boardpuzzles.counts.Count`: ``==`` leaves those two out).

    >>> result = SolutionCount(12, 14200, 1787, "symmetry", 0.05)
    >>> result
    SolutionCount('12 queens: 14,200 solutions, 1,787 fundamental')
    >>> result.to_json()
    {'n': 12, 'total': 14200, 'fundamental': 1787, 'method': 'symmetry', 'seconds': 0.05}
    """

    n: int
    count: int
    fundamental: int
    method: str
    seconds: float

    def to_json(self) -> dict[str, Any]:
        """The JSON of ``queens count --json``: keys ``n``, ``total`` (the count), ``fundamental``,
        ``method``, ``seconds``."""
        return {"n": self.n, "total": self.count, "fundamental": self.fundamental, "method": self.method,
                "seconds": round(self.seconds, 3)}

    def text(self) -> str:
        """The line ``queens count`` prints: ``'12 queens: 14,200 solutions, 1,787 fundamental'``."""
        return f"{self.n} {'queen' if self.n == 1 else 'queens'}: {Counts(self.count, self.fundamental)}"


# ----------------------------------------------------------------------------
# The kernel.


@njit(cache=True)
def _weight(board, n, kind, bound):
    """What a solution found by the search adds to the total (0: not canonical)."""
    if kind == CORNER:
        return 8 if n > 1 else 1
    a = bound
    t = n - 1 - a
    last = board[n - 1]
    top = np.int64(1) << (n - 1)
    if (
        last == (np.int64(1) << a)
        or last == (np.int64(1) << t)
        or board[a] == 1
        or board[a] == top
        or board[t] == 1
        or board[t] == top
    ):
        return images_if_smallest(board, n, 255)
    return 8


@njit(cache=True, inline="always")
def _free(left, down, right, allowed, y, sides_row, side):
    """The columns row ``y`` may use: allowed by the bounds and not attacked."""
    # An unsigned index spares numba its test for negative indices.
    free = allowed[np.uint64(y)] & ~(left | down | right)
    if y == sides_row:
        taken = down & side
        if taken == 0:
            return 0
        if taken != side:
            free &= side
    return free


@njit(cache=True, inline="always")
def _last_rows(board, free, left, down, right, allowed, sides_row, side, kind, bound):
    """Finish a board whose queens are placed up to row N-3: ``free`` are the
    columns row N-2 may use, the masks are those of row N-2.  Returns
    ``(total, fundamental, nodes)``: the solutions found, and the queens placed
    on the last two rows (the nodes of the search there)."""
    n = board.shape[0]
    last = n - 1
    fundamental = 0
    total = 0
    nodes = 0
    while free:
        bit = free & -free
        free ^= bit
        nodes += 1
        last_free = _free((left | bit) << 1, down | bit, (right | bit) >> 1, allowed, last, sides_row, side)
        if last_free:
            nodes += 1
            board[last - 1] = bit
            board[last] = last_free
            w = _weight(board, n, kind, bound)
            if w:
                fundamental += 1
                total += w
    return total, fundamental, nodes


@njit(cache=True)
def _search(n, kind, bound, prefix, allowed, sides_row):
    """Count the solutions that extend ``prefix`` (bitboards of the first rows).

    Returns ``(total, fundamental, nodes)``: ``nodes`` counts the queens the search
    places below the prefix, each a node of its search tree (a branch that the
    look-ahead finds dead is dropped before a queen is placed: it is no node).
    """
    side = np.int64(1) | (np.int64(1) << (n - 1))
    start = prefix.shape[0]
    board = np.zeros(n, dtype=np.int64)
    left = np.int64(0)
    down = np.int64(0)
    right = np.int64(0)
    for y in range(start):
        bit = prefix[y]
        board[y] = bit
        left = (left | bit) << 1
        down |= bit
        right = (right | bit) >> 1
    last = n - 1
    if start == n:  # N = 1
        w = _weight(board, n, kind, bound)
        return w, (1 if w else 0), 0
    if start == last - 1:  # N = 4
        free = _free(left, down, right, allowed, start, sides_row, side)
        return _last_rows(board, free, left, down, right, allowed, sides_row, side, kind, bound)
    fundamental = 0
    total = 0
    nodes = 0
    # Explicit stack, one entry per row in four arrays: the columns left to try and the
    # attack masks.  The current row keeps them in local variables.
    frees = np.empty(n, dtype=np.int64)
    lefts = np.empty(n, dtype=np.int64)
    downs = np.empty(n, dtype=np.int64)
    rights = np.empty(n, dtype=np.int64)
    last_allowed = allowed[last]
    y = start
    free = _free(left, down, right, allowed, y, sides_row, side)
    while True:
        if free == 0:
            if y == start:
                break
            y -= 1
            row = np.uint64(y)
            free, left, down, right = frees[row], lefts[row], downs[row], rights[row]
            continue
        bit = free & -free
        free ^= bit
        nl = (left | bit) << 1
        nd = down | bit
        nr = (right | bit) >> 1
        ny = y + 1
        nfree = _free(nl, nd, nr, allowed, ny, sides_row, side)
        if ny >= last - 2:
            # Rows N-3 .. N-1 are not pushed: the columns of row N-3 are tried
            # here, those of the last two rows in _last_rows.
            board[np.uint64(y)] = bit
            nodes += 1
            if ny == last - 1:  # only when the search starts on row N-3
                t, f, k = _last_rows(board, nfree, nl, nd, nr, allowed, sides_row, side, kind, bound)
                fundamental += f
                total += t
                nodes += k
                continue
            while nfree:
                bit = nfree & -nfree
                nfree ^= bit
                board[np.uint64(ny)] = bit
                nodes += 1
                l2 = (nl | bit) << 1
                d2 = nd | bit
                r2 = (nr | bit) >> 1
                free2 = _free(l2, d2, r2, allowed, last - 1, sides_row, side)
                if free2:
                    t, f, k = _last_rows(board, free2, l2, d2, r2, allowed, sides_row, side, kind, bound)
                    fundamental += f
                    total += t
                    nodes += k
            continue
        # Look ahead: a branch is dead if every column of the row after next is
        # already attacked (the diagonal masks shifted down to it), or every
        # column the last row may take.  One test (``|``, not ``or``): fewer branches.
        k = last - ny
        after = allowed[np.uint64(ny + 1)] & ~(nd | (nl << 1) | (nr >> 1))
        at_last = last_allowed & ~(nd | (nl << k) | (nr >> k))
        if (nfree == 0) | (after == 0) | (at_last == 0):
            continue
        board[np.uint64(y)] = bit
        nodes += 1
        row = np.uint64(y)
        frees[row], lefts[row], downs[row], rights[row] = free, left, down, right
        y = ny
        free = nfree
        left = nl
        down = nd
        right = nr
    return total, fundamental, nodes


# ----------------------------------------------------------------------------
# The split into subproblems.


@lru_cache(maxsize=256)
def _bounds(n: int, kind: int, bound: int) -> tuple[np.ndarray, int]:
    """The bounds of one case as the kernel takes them: per row the columns they
    allow, and the row by which both side columns must be taken (-1: none)."""
    mask = (1 << n) - 1
    allowed = np.full(n, mask, dtype=np.int64)
    sides_row = -1
    if kind == CORNER:
        allowed[2:bound] = mask & ~2
    else:
        allowed[1:bound] = mask & ~(1 | (1 << (n - 1)))
        allowed[n - 1] = ((1 << (n - bound)) - 1) & ~((1 << bound) - 1)
        sides_row = n - 1 - bound
    allowed.flags.writeable = False  # cached and shared by every call: nobody may change it
    return allowed, sides_row


def _extend(n: int, kind: int, bound: int, columns: tuple[int, ...]) -> list[tuple[int, ...]]:
    """The prefixes one row longer than ``columns`` that the search would try."""
    allowed, sides_row = _bounds(n, kind, bound)
    left = down = right = 0
    for c in columns:
        bit = 1 << c
        left = (left | bit) << 1
        down |= bit
        right = (right | bit) >> 1
    # The kernel's own rule, run as plain Python: the split needs no compiled call.
    free = int(_free.py_func(left, down, right, allowed, len(columns), sides_row, 1 | (1 << (n - 1))))
    return [columns + (c,) for c in range(n) if free >> c & 1]


def _split_target(n: int) -> int:
    """How many subproblems a split aims at: 2000 for N = 16..18, four times fewer
    for each N below (small counts need no split), four times more for each N
    above (the sizes only a cluster can finish), at most 200000."""
    return max(1, min(200_000, int(2_000 * 4.0 ** (max(0, n - 18) - max(0, 16 - n)))))


#: CPU seconds of the count of 16 queens on one core of the 2-core test machine;
#: each N more takes about seven times as long (A000170 grows about 6.5 times).
SECONDS_16 = 1.5

#: Seconds of work a batch of subproblems aims at: results, checkpoints and the
#: progress bar come back that often, and round trips stay few.
SECONDS_PER_BATCH = 0.25


def _batch(n: int, parts: int) -> int:
    """Subproblems sent to a worker at once, for a split of ``n`` into ``parts``:
    about :data:`SECONDS_PER_BATCH` of work (1129 at N = 16, 44 at N = 18, one from N = 22 on)."""
    seconds_each = SECONDS_16 * 7.0 ** (n - 16) / max(1, parts)  # N = 2, 3: no parts
    return max(1, int(SECONDS_PER_BATCH / seconds_each))


def _check_n(n: int) -> int:
    """``n`` as an int, a whole number 1 .. :data:`MAX_N` (else InputError)."""
    n = checks.whole_number(n, "n")
    if n < 1 or n > MAX_N:
        raise InputError(
            f"{{parameter}} = {n} is out of range: count takes 1 <= {{parameter}} <= {MAX_N} "
            f"(its bitboards hold 2N bits; N = 27 already took a year on a cluster)",
            parameter="n", value=n, allowed=f"1..{MAX_N}", show_value=False,
        )
    return n


@lru_cache(maxsize=8)
def _split(n: int) -> tuple[tuple[int, int, tuple[int, ...]], ...]:
    if n == 1:
        return ((CORNER, 0, (0,)),)
    level: list[tuple[int, int, tuple[int, ...]]] = [(CORNER, b, (0, b)) for b in range(2, n - 1)]
    level += [
        (NO_CORNER, a, cols)
        for a in range(1, n)
        if a < n - 1 - a
        for cols in _extend(n, NO_CORNER, a, (a,))
    ]
    # All prefixes now fix two rows; lengthen them row by row, all to the same
    # depth, until there are enough subproblems.
    depth = 2
    while len(level) < _split_target(n) and depth < n - 2:
        level = [(k, b, cols2) for k, b, cols in level for cols2 in _extend(n, k, b, cols)]
        depth += 1
    return tuple(level)


def _check_method(method: str) -> CountMethod:
    """``method``, one of :data:`METHODS` (else InputError)."""
    if not isinstance(method, str) or method not in METHODS:
        raise InputError(f"unknown {{parameter}} {method!r}: choose one of {', '.join(METHODS)}",
                         parameter="method", value=method, allowed=list(METHODS), show_value=False)
    return METHODS[METHODS.index(method)]


@overload
def subproblems(n: int) -> list[Subproblem]: ...
@overload
def subproblems(n: int, method: str) -> list[Subproblem] | list[Constellation]: ...
def subproblems(n: int, method: str = METHOD) -> list[Subproblem] | list[Constellation]:
    """The independent subproblems of the count of ``n`` queens by ``method``, with their ids.

    The list depends only on ``n``, the method and its split version (:data:`SPLIT_VERSION`,
    :data:`.constellations.SPLIT_VERSION`); the count is the sum of :func:`count_subproblem`
    over it.  Use it to distribute the work yourself.
    """
    n = _check_n(n)
    if _check_method(method) == constellations.METHOD:
        return [Constellation(i, n, *border, columns)
                for i, (border, _, columns) in enumerate(constellations.split(n, _split_target(n)))]
    return [Subproblem(i, n, k, b, cols) for i, (k, b, cols) in enumerate(_split(n))]


def split_fingerprint(n: int, method: str = METHOD) -> str:
    """A hash of the list of subproblems of ``n`` by ``method`` (ids, cases, bounds,
    columns): a checkpoint records it, so results of a split that differs in any way,
    even one of the same length in another order, are never mixed in."""
    digest = hashlib.sha256(repr([tuple(s) for s in subproblems(n, method)]).encode())
    return digest.hexdigest()[:16]


def count_subproblem(sub: Subproblem) -> Counts:
    """The solutions (all and fundamental) that one subproblem contributes.

    ``sub`` is one of :func:`subproblems` (of either method), as it lists it (a tuple
    of the same fields is taken too); any other is refused (InputError), since the
    kernels count rightly only the subproblems of their split.
    """
    if isinstance(sub, tuple) and len(sub) == len(Constellation.__annotations__):
        return _count_constellation(sub)
    if not isinstance(sub, tuple) or len(sub) != len(Subproblem._fields):
        raise checks.refused("{parameter} must be one of subproblems(n)", "sub", sub)
    n, index = checks.whole_number(sub[1], "sub", 1, MAX_N), checks.whole_number(sub[0], "sub")
    kind, bound = checks.whole_number(sub[2], "sub"), checks.whole_number(sub[3], "sub")
    columns = tuple(checks.integers(sub[4], "sub").tolist())
    split = _split(n)
    if not (0 <= index < len(split) and split[index] == (kind, bound, columns)):
        raise InputError(f"{{parameter}} is not one of subproblems({n}): give one as it lists it", parameter="sub",
                         value=str(Subproblem(index, n, kind, bound, columns)), show_value=False)
    return _count(Subproblem(index, n, kind, bound, columns))


def _count_constellation(sub: tuple[Any, ...]) -> Counts:
    """:func:`count_subproblem` of a :class:`~.constellations.Constellation` (or a tuple of its fields)."""
    n, index = checks.whole_number(sub[1], "sub", 1, MAX_N), checks.whole_number(sub[0], "sub")
    top, bottom, left, right = (checks.whole_number(x, "sub") for x in sub[2:6])
    columns = tuple(checks.integers(sub[6], "sub").tolist())
    given = Constellation(index, n, top, bottom, left, right, columns)
    split = constellations.split(n, _split_target(n))
    if not (0 <= index < len(split) and split[index][0] == (top, bottom, left, right) and split[index][2] == columns):
        raise InputError(f"{{parameter}} is not one of subproblems({n}, method='constellations'): give one as it "
                         "lists it", parameter="sub", value=str(given), show_value=False)
    return _count(given)


#: Up to this N a count whose kernel would have to be compiled first (neither compiled in this process nor in
#: numba's cache) runs the kernel's source interpreted: 4 to 12 queens all take 1.3 s of CPU so on the busy
#: 2-core test machine, against 6 s for the compiler there.
PLAIN_MOST_N = 12


def _searcher(n: int) -> Any:
    """:func:`_search`, or for ``n`` up to :data:`PLAIN_MOST_N` while it is not ready, its source interpreted."""
    return compiling.chosen(_search, n <= PLAIN_MOST_N)


#: Seconds to compile the counting kernel on a quiet 2-core machine (6 s of CPU on the busy test machine).
COMPILE_SECONDS = 3.0


def _kernel(method: str) -> Any:
    """The counting kernel of ``method``."""
    return constellations.search if method == constellations.METHOD else _search


def compiles(n: int, method: str = METHOD) -> bool:
    """True if counting ``n`` queens by ``method`` compiles its kernel first (:data:`COMPILE_SECONDS`): neither
    compiled in this process nor in numba's cache, and ``n`` above :data:`PLAIN_MOST_N`."""
    return _check_n(n) > PLAIN_MOST_N and not compiling.ready(_kernel(_check_method(method)))


def _count_with_nodes(sub: Subproblem, search: Any = None) -> tuple[Counts, int]:
    """The kernel (``search``, else :func:`_searcher`'s) on one subproblem known to be right: its counts and the
    nodes it visits below its prefix."""
    allowed, sides_row = _bounds(sub.n, sub.kind, sub.bound)
    prefix = np.array([1 << c for c in sub.columns], dtype=np.int64)
    search = search or _searcher(sub.n)
    total, fundamental, nodes = search(sub.n, sub.kind, sub.bound, prefix, allowed, sides_row)
    return Counts(int(total), int(fundamental)), int(nodes)


def _count(sub: Subproblem | Constellation) -> Counts:
    """:func:`count_subproblem` of a subproblem known to be right (of either method)."""
    if isinstance(sub, Constellation):
        _, symmetries, columns = constellations.split(sub.n, _split_target(sub.n))[sub.id]
        kernel = compiling.chosen(constellations.search, sub.n <= PLAIN_MOST_N)
        total, fundamental, _ = constellations.count_one(sub.n, tuple(sub[2:6]), symmetries, columns, kernel)
        return Counts(total, fundamental)
    return _count_with_nodes(sub)[0]


def count_nodes(n: int) -> tuple[Counts, int]:
    """The count of ``n`` queens in this process, with the nodes of its search tree: the root, the
    placements of the first rows that make the subproblems (one node each however many
    subproblems share it) and the queens the kernel places below them.  For comparing the
    methods (:mod:`.compare`); :func:`count` is the way to count."""
    subs = subproblems(n)
    prefixes = {sub.columns[:depth] for sub in subs for depth in range(len(sub.columns) + 1)}
    total = fundamental = nodes = 0
    for sub in subs:
        counts, below = _count_with_nodes(sub)
        total, fundamental, nodes = total + counts.total, fundamental + counts.fundamental, nodes + below
    return Counts(total, fundamental), len(prefixes) + nodes


def _count_batch(subs: list[Subproblem] | list[Constellation]) -> list[Counts]:
    """The counts of ``subs``, subproblems of the split (one task for a runner)."""
    return [_count(s) for s in subs]


def _fits_counts(value: object) -> bool:
    """Whether a checkpoint's result is a subproblem's :class:`Counts` (two counts, fundamental <= total)."""
    return isinstance(value, list) and len(value) == 2 and all(map(natural, value)) and value[1] <= value[0]


def count(
    n: int,
    *,
    method: CountMethod = "symmetry",
    workers: int | None = None,
    cluster: Any = None,
    checkpoint: str | None = None,
    progress: ProgressFn | None = None,
    cancel: threading.Event | None = None,
) -> SolutionCount:
    """Count the solutions of ``n`` queens, all and fundamental, in one pass.

    ``method``: one of :data:`METHODS`: ``symmetry`` (the default) or ``constellations``
    (the border queens placed first, :mod:`.constellations`: the faster on one core from N = 16);
    both give the same counts, each from its own list of subproblems.
    ``workers``: local processes (default every core, 1: this process only).
    ``cluster``: a dask.distributed scheduler address (``tcp://HOST:PORT``) or a
    connected ``distributed.Client``; the subproblems go there instead.
    ``checkpoint``: an SQLite file that records every finished subproblem and lets
    an interrupted count resume (:mod:`boardpuzzles.checkpoint`).
    ``progress`` gets reports in finished subproblems; once ``cancel`` is set the
    count raises ``Cancelled`` within half a second, with the local processes
    terminated or the cluster's futures cancelled.  In this process a subproblem
    is not interrupted: up to N = 20 each takes well under 0.1 s.
    """
    started = time.monotonic()
    n = _check_n(n)
    method = _check_method(method)
    subs = subproblems(n, method)
    runner.check_options(workers, cluster)
    if checkpoint is not None:
        checks.path(checkpoint, "checkpoint")
    tracker = Tracker("subproblems", len(subs), progress, cancel)
    tracker.check()
    store = None
    if checkpoint is not None:
        by_constellations = method == constellations.METHOD
        meta = {
            "puzzle": "queens count by constellations" if by_constellations else "queens count", "n": n,
            "split_version": constellations.SPLIT_VERSION if by_constellations else SPLIT_VERSION,
            "subproblems": len(subs), "split": split_fingerprint(n, method),
        }
        store = Checkpoint(checkpoint, meta, info={"boardpuzzles": __version__})
    try:
        recorded = store.done(range(len(subs)), _fits_counts) if store else {}
        done = {task_id: Counts(*result) for task_id, result in recorded.items()}
        totals = [sum(c.total for c in done.values()), sum(c.fundamental for c in done.values())]
        tracker.update(len(done))

        def on_result(sub_id: int, result: Counts) -> None:
            if store:
                store.record(sub_id, list(result))
            totals[0] += result.total
            totals[1] += result.fundamental
            tracker.advance()

        todo = [(s.id, s) for s in subs if s.id not in done]
        if todo and cluster is None and compiling.chosen(_kernel(method), n <= PLAIN_MOST_N) is _kernel(method):
            _count(subproblems(4, method)[0])  # load the kernel before the workers fork
        runner.run(
            _count_batch, todo, on_result,
            workers=workers, cluster=cluster, batch=_batch(n, len(subs)), poll=tracker.update,
        )
    finally:
        if store:
            store.close()
    tracker.finish()
    return SolutionCount(n, totals[0], totals[1], method, time.monotonic() - started)
