"""Finding, counting and locating knight's tours: the decisions above the kernels.

:func:`find_tour` picks a method (or runs the one asked for) and checks the
result square by square; :func:`count_tours` counts by exhaustive search;
:func:`tour_starts` says from which squares a tour exists. Where a theorem
decides (see :mod:`.theory`) no search is run; where none does, an exhaustive
search decides, so an answer is never a guess.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field

import numpy as np

from .. import render
from ..errors import InputError
from ..geometry import Square, square_name
from ..runner import interruptible
from ..symmetry import symmetries_of
from . import theory, warnsdorff
from .divide import closed_tour
from .moves import neighbour_table, square_of
from .search import FOUND, GAVE_UP, search_kernel
from .verify import check_tour

METHODS = ("warnsdorff", "lookahead", "roth", "backtrack", "divide")
#: how many moves ``lookahead`` looks ahead unless told (the seed's second rule)
LOOKAHEAD_DEPTH = 2
#: largest board the exhaustive search takes (it keeps 8 moves a square)
SEARCH_LIMIT = 1_000_000
#: largest board drawn square by square
DRAW_LIMIT = 32


class NoTour(Exception):
    """No tour: either none exists (``proved``) or the chosen rule got stuck."""

    def __init__(self, reason: str, proved: bool, path: np.ndarray | None = None):
        super().__init__(reason)
        self.reason, self.proved, self.path = reason, proved, path


@dataclass
class KnightTour:
    """A knight's tour: ``path`` holds square indices ``row * cols + col`` in order."""

    rows: int
    cols: int
    closed: bool
    path: np.ndarray
    method: str
    blocked: set[Square] = field(default_factory=set)

    def squares(self) -> list[Square]:
        """The path as (row, col) pairs."""
        return [square_of(s, self.cols) for s in self.path]

    def names(self) -> list[str]:
        """The path in algebraic notation: ['a1', 'b3', ...]."""
        return [square_name(r, c) for r, c in self.squares()]

    def to_json(self) -> dict:
        return {"rows": self.rows, "cols": self.cols, "closed": self.closed, "method": self.method,
                "path": self.names()}

    def diagram(self) -> render.Diagram:
        """Move numbers on the board (the seed's numbered grid) and the path as lines."""
        squares = self.squares()
        title = f"{'closed' if self.closed else 'open'} knight's tour, {self.rows}x{self.cols}, {self.method}"
        return render.Diagram(self.rows, self.cols, labels={sq: str(i + 1) for i, sq in enumerate(squares)},
                              blocked=set(self.blocked), path=squares, closed_path=self.closed, title=title)

    def _repr_svg_(self) -> str:
        return render.svg(self.diagram())


def _free_mask(rows: int, cols: int, blocked: Iterable[Square]) -> np.ndarray:
    free = np.ones(rows * cols, dtype=np.bool_)
    for r, c in blocked:
        free[r * cols + c] = False
    return free


#: tie orders of the search among squares with as many onward moves: far from the centre
#: first (Roth), near it first, move-code order (the seed); an int seeds a random order
TIES: tuple[str, ...] = ("far", "near", "code")
#: (node budget, random orders) of the restarts that come before the unbounded search
RESTARTS = ((2000, 256), (20_000, 64), (200_000, 16), (2_000_000, 4))


def _tie(rows: int, cols: int, free: np.ndarray, order: str | int) -> np.ndarray:
    """Tie-breaker for the search (lower first); -1 marks blocked squares."""
    r = np.arange(rows * cols) // cols
    c = np.arange(rows * cols) % cols
    far = (2 * r - rows + 1) ** 2 + (2 * c - cols + 1) ** 2
    if isinstance(order, int):
        key = np.random.default_rng(order).permutation(rows * cols)
    else:
        key = {"far": far.max() - far, "near": far, "code": np.zeros_like(far)}[order]
    return np.where(free, key, -1).astype(np.int64)


def search(rows: int, cols: int, prefix: list[int], closed: bool, count_all: bool = False,
           free: np.ndarray | None = None, node_limit: int = 0, order: str | int = "far") -> tuple[int, int, np.ndarray]:
    """Run the exhaustive search from the squares ``prefix``: (status, count, first tour)."""
    if rows * cols > SEARCH_LIMIT:
        raise InputError(f"the exhaustive search takes boards up to {SEARCH_LIMIT} squares; "
                         f"use --method divide or roth on the {rows}x{cols} board")
    if free is None:
        free = np.ones(rows * cols, dtype=np.bool_)
    path = np.empty(int(free.sum()), dtype=np.int64)
    middle, middle_moves = _middle_lines(rows, cols, free, closed)
    status, count, _ = interruptible(search_kernel, neighbour_table(rows, cols, free), _tie(rows, cols, free, order),
                                     np.asarray(prefix, dtype=np.int64), closed, count_all, node_limit, path,
                                     middle, middle_moves)
    return status, count, path


def _middle_lines(rows: int, cols: int, free: np.ndarray, closed: bool) -> tuple[np.ndarray, int]:
    """The middle lines of a whole board four lines wide, where an open tour makes one
    move between middle squares (:func:`.theory.open_from`); no cap elsewhere."""
    middle = np.zeros(rows * cols, dtype=np.uint8)
    if closed or not free.all() or 4 not in (rows, cols):
        return middle, -1
    line = np.arange(rows * cols) // cols if rows == 4 else np.arange(rows * cols) % cols
    middle[(line == 1) | (line == 2)] = 1
    return middle, 1


def _stuck(rows: int, cols: int, path: np.ndarray, rule: str, total: int) -> NoTour:
    where = square_name(*square_of(path[-1], cols))
    return NoTour(f"{rule} got stuck on {where} after {len(path) - 1} moves ({len(path)} of {total} "
                  "squares visited); this says nothing about whether a tour exists: the default "
                  "method decides", proved=False, path=path)


def _by_rule(rows, cols, start, closed, free, method, depth) -> np.ndarray:
    rule = {"warnsdorff": warnsdorff.SEED, "lookahead": warnsdorff.LOOKAHEAD, "roth": warnsdorff.ROTH}[method]
    total = int(free.sum())
    # Roth's rule now and then gets stuck (7x7 from h8, 11x11 from a1, ...): then it tries
    # again with the remaining ties in another move order, of which there are eight
    for shift in range(8 if rule == warnsdorff.ROTH else 1):
        path = warnsdorff.run_rule(rows, cols, start, rule, depth, free, shift)
        if len(path) == total:
            break
    if len(path) < total:
        raise _stuck(rows, cols, path, method, total)
    if closed and check_tour(rows, cols, path, True, free) != -1:
        last = square_name(*square_of(path[-1], cols))
        raise NoTour(f"{method} visited every square, but the last one, {last}, "
                     "is not a knight's move from the start: the tour is not closed", proved=False, path=path)
    return path


def _budgets() -> Iterator[tuple[int, str | int]]:
    """(node budget, tie order) for each run of the search: short runs in many orders first
    (random restarts), then Roth's order alone with budgets growing tenfold for ever, so
    that no single run is endless and Ctrl-C is heard between runs."""
    for limit, randoms in RESTARTS:
        for order in (*TIES, *range(randoms)):
            yield limit, order
    limit = 20_000_000
    while True:
        yield limit, TIES[0]
        limit *= 10


def _exact(rows, cols, start, closed, free) -> np.ndarray:
    """Exhaustive search; a bad tie order can cost it dearly, so several orders take turns
    with growing node budgets (restarts). A run that ends within its budget is conclusive."""
    for limit, order in _budgets():
        status, _, path = search(rows, cols, [start], closed, free=free, node_limit=limit, order=order)
        if status != GAVE_UP:
            break
    if status != FOUND:
        kind = "closed tour" if closed else "tour"
        raise NoTour(f"exhaustive search: no {kind} from {square_name(*square_of(start, cols))} "
                     f"on this {rows}x{cols} board", proved=True)
    return path


def _theory_check(rows, cols, start, closed) -> None:
    """Raise NoTour when a theorem says there is none."""
    exists, reason = theory.start_verdict(rows, cols, *square_of(start, cols), closed)
    if exists is False:
        raise NoTour(reason, proved=True)


def _exact_after_theory(rows, cols, start, closed, free) -> np.ndarray:
    """The theorems first (the colour count when squares are blocked), then the search."""
    if free.all():
        _theory_check(rows, cols, start, closed)
    else:
        blocked = {square_of(s, cols) for s in np.flatnonzero(~free)}
        exists, reason = theory.colour_count(rows, cols, blocked, square_of(start, cols), closed)
        if exists is False:
            raise NoTour(reason, proved=True)
    return _exact(rows, cols, start, closed, free)


def _auto(rows, cols, start, closed, free, depth) -> tuple[np.ndarray, str]:
    if not free.all():
        return _exact_after_theory(rows, cols, start, closed, free), "backtrack"
    _theory_check(rows, cols, start, closed)
    divisible = theory.closed_exists(rows, cols)[0]
    if closed:  # Schwenk said yes
        return closed_tour(rows, cols, start), "divide"
    try:
        return _by_rule(rows, cols, start, False, free, "roth", depth), "roth"
    except NoTour:
        if divisible:
            return closed_tour(rows, cols, start), "divide"
        return _exact(rows, cols, start, closed, free), "backtrack"


def find_tour(rows: int, cols: int, start: Square = (0, 0), closed: bool = False, method: str | None = None,
              depth: int | None = None, blocked: Iterable[Square] = ()) -> KnightTour:
    """A knight's tour from ``start``, checked square by square; NoTour if there is none (or the rule fails).

    ``depth``: how many moves ``method="lookahead"`` looks ahead (default 2); no other method takes it.
    """
    blocked = set(blocked)
    if start in blocked:
        raise InputError(f"the start square {square_name(*start)} is blocked; start elsewhere or unblock it")
    if method is not None and method not in METHODS:
        raise InputError(f"unknown method '{method}': choose one of {', '.join(METHODS)}")
    if depth is not None and method != "lookahead":
        raise InputError(f"--depth is how far --method lookahead looks ahead; "
                         f"{'the default method' if method is None else method} does not look ahead: drop --depth")
    depth = LOOKAHEAD_DEPTH if depth is None else depth
    if depth < 1 or depth > 8:
        raise InputError(f"--depth {depth} is out of range: look 1 to 8 moves ahead")
    free = _free_mask(rows, cols, blocked)
    s = start[0] * cols + start[1]
    if method is None:
        path, method = _auto(rows, cols, s, closed, free, depth)
    elif method == "backtrack":
        path = _exact_after_theory(rows, cols, s, closed, free)
    elif method == "divide":
        if blocked:
            raise InputError("--method divide builds tours of whole boards: it takes no --blocked squares")
        _theory_check(rows, cols, s, True)
        path, closed = closed_tour(rows, cols, s), True
    else:
        path = _by_rule(rows, cols, s, closed, free, method, depth)
    fault = check_tour(rows, cols, path, closed, free)
    if fault != -1:
        raise RuntimeError(f"{method} returned a path that is not a tour (fault at move {fault})")
    return KnightTour(rows, cols, closed, path, method, blocked)


def _orbits(rows: int, cols: int, squares: Iterable[Square]) -> dict[Square, int]:
    """Each symmetry class of squares: its smallest square and how many squares it holds."""
    classes: dict[Square, int] = {}
    for square in squares:
        images = {sym.apply(*square, rows, cols) for sym in symmetries_of(rows, cols)}
        classes[min(images)] = len(images)
    return classes


def _split(nbr: np.ndarray, prefix: list[int], depth: int) -> list[list[int]]:
    """The prefixes ``depth`` moves longer than ``prefix`` (units of work for the progress bar)."""
    found = [prefix]
    for _ in range(depth):
        longer = [p + [int(t)] for p in found for t in nbr[p[-1]] if t >= 0 and t not in p]
        if not longer:
            break
        found = longer
    return found


def count_tours(rows: int, cols: int, closed: bool = False, start: Square | None = None,
                advance: Callable[[float], None] = lambda amount: None) -> int:
    """Exact number of tours: open ones directed (A165134), closed ones undirected (A001230).

    With ``start``, open tours starting there; every closed tour passes every square, so
    ``start`` does not change a closed count. ``advance`` gets the fraction of work done.
    """
    n = rows * cols
    nbr = neighbour_table(rows, cols)
    if closed:
        if not theory.closed_exists(rows, cols)[0]:
            advance(1.0)
            return 0
        # a corner has two moves; one of them is the first move, the other the last:
        # every undirected closed tour is counted once
        u = min(int(t) for t in nbr[0] if t >= 0)
        jobs = [(p, 1) for p in _split(nbr, [0, u], 4)]
    else:
        if n == 1:
            advance(1.0)
            return 1
        starts = {start: 1} if start is not None else _orbits(rows, cols, ((r, c) for r in range(rows)
                                                                           for c in range(cols)))
        jobs = []
        for (r, c), weight in starts.items():
            jobs += [(p, weight) for p in _split(nbr, [r * cols + c], 3)]
    total = 0
    for prefix, weight in jobs:
        total += weight * search(rows, cols, prefix, closed, count_all=True)[1]
        advance(1.0 / len(jobs))
    return total


def tour_starts(rows: int, cols: int, closed: bool = False,
                advance: Callable[[float], None] = lambda amount: None) -> dict[Square, tuple[bool, str]]:
    """For every square: whether a tour starts there, and why (theorem or search)."""
    result: dict[Square, tuple[bool, str]] = {}
    classes = _orbits(rows, cols, ((r, c) for r in range(rows) for c in range(cols)))
    for square in classes:
        verdict, reason = theory.start_verdict(rows, cols, *square, closed)
        if verdict is None:
            try:
                tour = find_tour(rows, cols, square, closed)
                verdict, reason = True, f"found by {tour.method}"
            except NoTour as no:
                verdict, reason = False, no.reason
        for sym in symmetries_of(rows, cols):
            result[sym.apply(*square, rows, cols)] = (verdict, reason)
        advance(1.0 / len(classes))
    return result
