"""Finding, counting and locating knight's tours: the decisions above the kernels.

:func:`find_tour` picks a method (or runs the one asked for) and checks the
result square by square (counting is :mod:`.counting`);
:func:`tour_starts` says from which squares a tour exists. Where a theorem
decides (see :mod:`.theory`), or on a board with blocked squares a cheap
condition (see :mod:`.conditions`), no method runs: the theorem wins over any
method; where none decides, an exhaustive search does, so an answer of the
default method is never a guess.

The long calls take ``progress`` and ``cancel`` (see :mod:`boardpuzzles.progress`):
every kernel works in chunks of about 0.1 s, in the caller's thread, and the call
raises :class:`~boardpuzzles.errors.Cancelled` between two of them.

The answers are values: ``repr`` is the text form, ``str`` draws the board (or
says the answer in words on a board too large to draw), ``==`` compares and
``hash`` works:

>>> tour = find_tour(3, 4)
>>> tour
KnightTour('3x4 open from a1: a1 c2 a3 b1 d2 b3 c1 d3 b2 d1 c3 a2')
>>> tour == find_tour(3, 4), len({tour, find_tour(3, 4)})
(True, 1)
>>> find_tour(5, 5, closed=True)
Traceback (most recent call last):
    ...
boardpuzzles.knights.tour.NoTour: no tour: Schwenk's theorem: both sides of the 5x5 board are odd, so it has an odd number of squares, and a closed tour alternates colours
"""

from __future__ import annotations

import json
import threading
from types import MappingProxyType
from typing import Any, Literal, get_args
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass

import numpy as np

from .. import checks, render
from ..errors import InputError, InternalError, NoSolution, TooLong
from ..geometry import Square, file_name, square_name
from ..i18n import Note
from ..progress import ProgressFn, Tracker
from ..symmetry import square_classes, symmetries_of
from . import chunks, theory, warnsdorff
from .conditions import free_squares_verdict
from .divide import closed_tour
from .moves import BOARD_LIMIT, check_board, neighbour_table, square_of
from .search import FOUND, GAVE_UP, PAUSED, Search
from .verify import first_fault
from .warnsdorff import LOOKAHEAD_MOST

#: The public names (the search and its tie orders are this module's own).
__all__ = [
    "Method", "METHODS", "LOOKAHEAD_DEPTH", "LOOKAHEAD_MOST", "BOARD_LIMIT", "SEARCH_LIMIT", "STARTS_LIMIT",
    "STARTS_4XN_LONGEST", "DRAW_LIMIT", "LIST_LIMIT", "SHOWN_SQUARES", "KnightTour", "NoTour", "TourStarts",
    "find_tour", "tour_starts",
]

#: the names of the methods (a type, so that a typo is caught before it runs)
Method = Literal["warnsdorff", "lookahead", "roth", "backtrack", "divide"]
#: the names of the methods of :func:`find_tour`
METHODS: tuple[Method, ...] = get_args(Method)
#: how many moves ``lookahead`` looks ahead unless told (the seed's second rule); at most
#: :data:`.warnsdorff.LOOKAHEAD_MOST`
LOOKAHEAD_DEPTH = 2
#: largest board the exhaustive search takes (it keeps 8 moves a square)
SEARCH_LIMIT = 1_000_000
#: largest board :func:`tour_starts` answers square by square
STARTS_LIMIT = 10_000
#: open tours of 4 x n boards: the longest n whose every start :func:`tour_starts` decides without
#: ``force``; beyond it the search from the middle squares of an edge line runs for minutes and
#: more (measured: the whole map of 4x30 in 0.04 s, one square of 4x31 over 20 s, of 4x50 over 300 s)
STARTS_4XN_LONGEST = 30
#: largest board drawn as text square by square (the numbered grid), longest path listed by name
DRAW_LIMIT = 32
LIST_LIMIT = 1024
#: squares a ``repr`` names before it shortens (the first 8, then ``...`` and the last)
SHOWN_SQUARES = 16


def _request(rows: int, cols: int, closed: bool, start: Square, blocked: Iterable[Square] = ()) -> str:
    """The request in a few words: ``'5x5 open from a1'``, with the blocked squares if any."""
    holes = sorted(blocked, key=lambda sq: (sq[1], sq[0]))
    text = f"{rows}x{cols} {'closed' if closed else 'open'} from {square_name(*start)}"
    return text + (f", {', '.join(square_name(*sq) for sq in holes)} blocked" if holes else "")


class NoTour(NoSolution):
    """No tour from ``start``: either none exists (``proved``, and ``reason`` says why) or the
    chosen method found none (``path``: how far a rule got); ``method`` is the method whose run
    answered, None where a theorem or a condition did before any ran.  A
    :class:`~boardpuzzles.errors.NoSolution`: ``str()`` is the line the command prints.

    ``said`` is the reason as the catalogue says it (a :class:`~boardpuzzles.i18n.Note`; ``reason``
    is its English), and the JSON carries it as ``said`` (its key and fields) for a page to say it
    in its language; :meth:`line` is the command's line in a language."""

    def __init__(self, said: Note, proved: bool, path: np.ndarray | None = None, *,
                 rows: int, cols: int, start: Square, closed: bool, method: str | None = None):
        self.method, self.said = method, said
        reason = str(said)
        self.rows, self.cols, self.start, self.closed = rows, cols, start, closed
        self.path = None if path is None else _frozen(path)
        answer = {"rows": rows, "cols": cols, "closed": closed, "start": square_name(*start),
                  "path": None, "exists": False if proved else None, "reason": reason, "said": said.to_json()}
        if path is not None:
            answer["visited"] = len(path)
        self._line = Note("knight.no_tour_line" if proved else "knight.no_tour_found_line", (("reason", said),))
        super().__init__(reason, answer, proved=proved, message=str(self._line))

    def line(self, lang: str | None = "en") -> str:
        """The line the command prints (``str()``, in English) in ``lang``: no tour, and why."""
        return self._line.text(lang)

    def _key(self) -> tuple[Any, ...]:
        return (*super()._key(), None if self.path is None else self.path.tobytes())

    def __repr__(self) -> str:
        return f"NoTour({_request(self.rows, self.cols, self.closed, self.start) + ': ' + str(self)!r})"


def _frozen(path: np.ndarray) -> np.ndarray:
    """A path that nobody can change (a view when it is the caller's own array)."""
    path = path.view()
    path.setflags(write=False)
    return path


@dataclass(frozen=True, eq=False, repr=False)
class KnightTour:
    """A knight's tour: ``path`` holds square indices ``row * cols + col`` in order.

    ``closed`` is the kind of tour asked for: a closed tour's last square is a
    knight's move from its first. An open tour may happen to be closed too
    (``method="divide"`` builds closed tours only); ``closed`` is then False all
    the same, since that is what was asked and what the path is.  A value: the
    path is read-only, ``blocked`` a frozenset, and two tours are equal when they
    are the same path on the same board (whichever ``method`` found them).
    """

    rows: int
    cols: int
    closed: bool
    path: np.ndarray
    method: str
    #: the squares the tour was asked to avoid
    blocked: frozenset[Square] = frozenset()

    def __post_init__(self) -> None:
        object.__setattr__(self, "path", _frozen(self.path))
        object.__setattr__(self, "blocked", frozenset(self.blocked))

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, KnightTour) and (self.rows, self.cols, self.closed, self.blocked)
                == (other.rows, other.cols, other.closed, other.blocked) and np.array_equal(self.path, other.path))

    def __hash__(self) -> int:
        return hash((self.rows, self.cols, self.closed, self.blocked, self.path.tobytes()))

    def text(self) -> str:
        """The text form: ``'5x5 open from a1: a1 c2 e1 ...'``, the squares in order (past
        :data:`SHOWN_SQUARES` the first 8, ``...`` and the last)."""
        names = [square_name(*square_of(s, self.cols)) for s in
                 (self.path if len(self.path) <= SHOWN_SQUARES else [*self.path[:8], self.path[-1]])]
        if len(self.path) > SHOWN_SQUARES:
            names[-1:-1] = ["..."]
        start = square_of(self.path[0], self.cols)
        return f"{_request(self.rows, self.cols, self.closed, start, self.blocked)}: {' '.join(names)}"

    def summary(self) -> str:
        """The tour in words: ``"open knight's tour of the 5x5 board by roth: 25 squares from a1 to c3"``."""
        first, last = (square_name(*square_of(self.path[i], self.cols)) for i in (0, -1))
        return (f"{'closed' if self.closed else 'open'} knight's tour of the {self.rows}x{self.cols} board by "
                f"{self.method}: {len(self.path)} squares from {first} to {last}")

    def __str__(self) -> str:
        """The seed's numbered grid up to :data:`DRAW_LIMIT` squares a side; beyond, :meth:`summary`."""
        if max(self.rows, self.cols) <= DRAW_LIMIT:
            return render.text(self.diagram())
        return self.summary()

    def __repr__(self) -> str:
        return f"KnightTour({self.text()!r})"

    def squares(self) -> list[Square]:
        """The path as (row, col) pairs."""
        return [square_of(s, self.cols) for s in self.path]

    def names(self) -> list[str]:
        """The path in algebraic notation: ['a1', 'b3', ...]."""
        return [square_name(r, c) for r, c in self.squares()]

    def _head(self) -> dict[str, Any]:
        return {"rows": self.rows, "cols": self.cols, "closed": self.closed, "method": self.method}

    def to_json(self) -> dict[str, Any]:
        """What ``knight tour --json`` prints (:meth:`json_parts` gives the same text in pieces)."""
        return {**self._head(), "path": self.names()}

    def json_parts(self, squares_per_part: int = 1 << 20) -> Iterator[str]:
        """The JSON text of :meth:`to_json` in pieces, ``squares_per_part`` squares of the path each:
        a 10000x10000 path is 10^8 names, too many to hold as one list of strings."""
        squares_per_part = checks.whole_number(squares_per_part, "squares_per_part", lo=1)
        head = json.dumps({**self._head(), "path": []})
        yield head[:-2]  # up to the path's "["
        files = [file_name(c) for c in range(self.cols)]
        for lo in range(0, len(self.path), squares_per_part):
            part = self.path[lo:lo + squares_per_part].astype(np.int64)
            ranks, cols = (part // self.cols + 1).tolist(), (part % self.cols).tolist()
            names = json.dumps([files[c] + str(r) for r, c in zip(ranks, cols)])
            yield (", " if lo else "") + names[1:-1]
        yield "]}"

    def diagram(self) -> render.Diagram:
        """Move numbers on the board (the seed's numbered grid) and the path as lines;
        InputError past :data:`render.MAX_SVG_SQUARES` squares, before anything is built."""
        render.check_drawable(self.rows, self.cols)
        squares = self.squares()
        title = f"{'closed' if self.closed else 'open'} knight's tour, {self.rows}x{self.cols}, {self.method}"
        return render.Diagram(self.rows, self.cols, labels={sq: str(i + 1) for i, sq in enumerate(squares)},
                              blocked=set(self.blocked), path=squares, closed_path=self.closed, title=title)

    def _repr_svg_(self) -> str | None:
        """The tour in Jupyter; none past render.MAX_SVG_SQUARES squares."""
        return render.svg(self.diagram()) if render.drawable(self.rows, self.cols) else None


def free_mask(rows: int, cols: int, blocked: Iterable[Square]) -> np.ndarray:
    """True on the free squares (index ``row * cols + col``), False on the ``blocked`` ones."""
    free = np.ones(rows * cols, dtype=np.bool_)
    for r, c in blocked:
        free[r * cols + c] = False
    return free


@dataclass(frozen=True)
class _Ask:
    """One call of :func:`find_tour`: the board and its free squares, the start (an index),
    the kind of tour, and where to report."""

    rows: int
    cols: int
    free: np.ndarray
    start: int
    closed: bool
    progress: ProgressFn | None
    cancel: threading.Event | None

    def no(self, reason: Note, proved: bool, path: np.ndarray | None = None, method: str | None = None) -> NoTour:
        """The answer "no tour" to this request, for the ``reason`` (``method``: the method that gave it, if one did)."""
        return NoTour(reason, proved, path, rows=self.rows, cols=self.cols,
                      start=square_of(self.start, self.cols), closed=self.closed, method=method)

    def tracker(self, unit: str = "squares") -> Tracker:
        return Tracker(unit, None, self.progress, self.cancel)


#: tie orders of the search among squares with as many onward moves: far from the centre
#: first (Roth), near it first, move-code order (the seed); an int seeds a random order
TIES: tuple[str, ...] = ("far", "near", "code")
#: (node budget, random orders) of the restarts that come before the unbounded search
RESTARTS = ((2000, 256), (20_000, 64), (200_000, 16), (2_000_000, 4))


def tie_order(rows: int, cols: int, free: np.ndarray, order: str | int) -> np.ndarray:
    """Tie-breaker of the search among squares with as many onward moves (lower first; then the
    move code), one a square; -1 marks blocked squares."""
    r = np.arange(rows * cols) // cols
    c = np.arange(rows * cols) % cols
    far = (2 * r - rows + 1) ** 2 + (2 * c - cols + 1) ** 2
    if isinstance(order, int):
        key = np.random.default_rng(order).permutation(rows * cols)
    else:
        key = {"far": far.max() - far, "near": far, "code": np.zeros_like(far)}[order]
    return np.where(free, key, -1).astype(np.int64)


def search(rows: int, cols: int, prefix: list[int], closed: bool, count_all: bool = False,
           free: np.ndarray | None = None, node_limit: int = 0, order: str | int = "far",
           tracker: Tracker | None = None) -> Search:
    """Run the exhaustive search from the squares ``prefix`` to its end: the :class:`.search.Search`,
    with its status, its count, its first tour and what it did.

    It works in chunks of nodes; between two, ``tracker`` counts the nodes, reports
    and checks ``cancel``.
    """
    if rows * cols > SEARCH_LIMIT:
        raise InputError(f"the exhaustive search takes boards up to {SEARCH_LIMIT} squares and the "
                         f"{rows}x{cols} board has {rows * cols}: choose {{parameter}} divide or roth",
                         parameter="method")
    if free is None:
        free = np.ones(rows * cols, dtype=np.bool_)
    tracker = tracker or Tracker("nodes")
    middle, middle_moves = middle_lines(rows, cols, free, closed)
    run = Search(neighbour_table(rows, cols, free), tie_order(rows, cols, free, order), np.asarray(prefix), closed,
                 count_all, node_limit, middle, middle_moves)
    before = tracker.done
    for nodes in chunks.sizes(tracker, first=1 << 14):
        if run.status != PAUSED:
            break
        run.run(nodes)
        tracker.done = before + run.nodes
    return run


def middle_lines(rows: int, cols: int, free: np.ndarray, closed: bool) -> tuple[np.ndarray, int]:
    """The middle lines of a whole board four lines wide, where an open tour makes one
    move between middle squares (:func:`.theory.open_from`); no cap elsewhere."""
    middle = np.zeros(rows * cols, dtype=np.uint8)
    if closed or not free.all() or 4 not in (rows, cols):
        return middle, -1
    line = np.arange(rows * cols) // cols if rows == 4 else np.arange(rows * cols) % cols
    middle[(line == 1) | (line == 2)] = 1
    return middle, 1


#: the kernels' rule of each method that follows a rule
RULE_OF = {"warnsdorff": warnsdorff.SEED, "lookahead": warnsdorff.LOOKAHEAD, "roth": warnsdorff.ROTH}


def rule_walk(rows: int, cols: int, start: int, method: str, depth: int, free: np.ndarray,
              tracker: Tracker | None = None) -> tuple[np.ndarray, int]:
    """The squares the rule ``method`` visits from ``start`` (shorter than the free squares where it
    gets stuck) and the tie order (``shift``) of that walk.

    Roth's rule now and then gets stuck (7x7 from g7, 11x11 from a1, ...): then it tries again
    with the remaining ties in another move order, of which there are eight; the other rules
    walk once, ties to the lower move code.
    """
    rule = RULE_OF[method]
    total = int(free.sum())
    for shift in range(8 if rule == warnsdorff.ROTH else 1):
        path = warnsdorff.run_rule(rows, cols, start, rule, depth, free, shift, tracker)
        if len(path) == total:
            break
    return path, shift


def _by_rule(ask: _Ask, method: str, depth: int) -> np.ndarray:
    path, _ = rule_walk(ask.rows, ask.cols, ask.start, method, depth, ask.free, ask.tracker())
    total = int(ask.free.sum())
    if len(path) < total:
        where = square_name(*square_of(path[-1], ask.cols))
        said = Note("knight.tour_stuck", (("method", method), ("where", where), ("moves", str(len(path) - 1)),
                                          ("visited", str(len(path))), ("total", str(total))))
        raise ask.no(said, proved=False, path=path, method=method)
    if ask.closed and first_fault(ask.rows, ask.cols, path, True, ask.free, ask.tracker()) is not None:
        last = square_name(*square_of(path[-1], ask.cols))
        raise ask.no(Note("knight.tour_not_closed", (("method", method), ("last", last))), proved=False, path=path,
                     method=method)
    return path


def budgets() -> Iterator[tuple[int, str | int]]:
    """(node budget, tie order) for each run of the search: short runs in many orders first
    (random restarts), then Roth's order alone with budgets growing tenfold for ever, so
    that no single run is endless."""
    for limit, randoms in RESTARTS:
        for order in (*TIES, *range(randoms)):
            yield limit, order
    limit = 20_000_000
    while True:
        yield limit, TIES[0]
        limit *= 10


def exhaustive(rows: int, cols: int, start: int, closed: bool, free: np.ndarray,
               tracker: Tracker | None = None) -> Iterator[tuple[int, str | int, Search]]:
    """The method ``backtrack``: the exhaustive search from ``start``, run after run. A bad tie
    order can cost it dearly, so several orders take turns with growing node budgets
    (:func:`budgets`, restarts); a run that ends within its budget is conclusive and the last.
    Yields each run as (its budget, its tie order, the :class:`.search.Search` run to its end)."""
    tracker = tracker or Tracker("nodes")
    for limit, order in budgets():
        run = search(rows, cols, [start], closed, free=free, node_limit=limit, order=order, tracker=tracker)
        yield limit, order, run
        if run.status != GAVE_UP:
            return


def _exact(ask: _Ask) -> np.ndarray:
    """Exhaustive search (:func:`exhaustive`): its last run's tour, or NoTour (proved) when it ends with none."""
    for _, _, run in exhaustive(ask.rows, ask.cols, ask.start, ask.closed, ask.free, ask.tracker("nodes")):
        pass
    if run.status != FOUND:
        said = Note("knight.tour_exhausted_closed" if ask.closed else "knight.tour_exhausted",
                    (("start", square_name(*square_of(ask.start, ask.cols))), ("board", f"{ask.rows}x{ask.cols}")))
        raise ask.no(said, proved=True, method="backtrack")
    return run.path


def _decide(ask: _Ask) -> None:
    """What is known before any method runs: the theorems on a whole board, the cheap
    conditions (:mod:`.conditions`) with blocked squares. Raises NoTour when they prove
    there is none."""
    if ask.free.all():
        exists, reason = theory.start_verdict(ask.rows, ask.cols, *square_of(ask.start, ask.cols), ask.closed)
    else:
        exists, reason = free_squares_verdict(ask.rows, ask.cols, ask.free, ask.start, ask.closed)
    if exists is False:
        raise ask.no(reason, proved=True)


def _divided(ask: _Ask) -> np.ndarray:
    """The divide-and-conquer closed tour (also an open one), where the board has a closed tour."""
    exists, reason = theory.closed_exists(ask.rows, ask.cols)
    if not exists:
        raise ask.no(Note("knight.tour_divide", (("reason", reason),)), proved=False, method="divide")
    return closed_tour(ask.rows, ask.cols, ask.start, ask.tracker())


def _auto(ask: _Ask, depth: int) -> tuple[np.ndarray, str]:
    if not ask.free.all():
        return _exact(ask), "backtrack"
    if ask.closed:  # Schwenk said yes
        return _divided(ask), "divide"
    try:
        return _by_rule(ask, "roth", depth), "roth"
    except NoTour:
        if theory.closed_exists(ask.rows, ask.cols)[0]:
            return _divided(ask), "divide"
        return _exact(ask), "backtrack"


def find_tour(rows: int, cols: int, start: Square = (0, 0), closed: bool = False, method: str | None = None,
              lookahead: int | None = None, blocked: Iterable[Square] = (), *,
              progress: ProgressFn | None = None, cancel: threading.Event | None = None) -> KnightTour:
    """A knight's tour from ``start``, checked square by square; NoTour if there is none (or the method finds none).

    ``method`` is one of :data:`METHODS` (default: what suits the board); ``lookahead``
    is how many moves ``method="lookahead"`` looks ahead (1..8, default 2), and no
    other method takes it. ``blocked`` squares are taken off the board. What the
    theorems (or, with blocked squares, the cheap conditions) prove wins over any
    method. ``progress`` and ``cancel``: see :mod:`boardpuzzles.progress`.
    """
    rows, cols = check_board(rows, cols)
    start = checks.square(start, "start", rows, cols)
    blocked = set(checks.squares(blocked, "blocked", rows, cols))
    closed = checks.flag(closed, "closed")
    if start in blocked:
        raise InputError(f"the start square {square_name(*start)} is blocked: choose another {{parameter}}",
                         parameter="start", value=square_name(*start), show_value=False)
    if method is not None and not isinstance(method, str):
        raise checks.refused(f"{{parameter}} must be one of {', '.join(METHODS)}, or None", "method", method)
    if method is not None and method not in METHODS:
        raise InputError(f"unknown {{parameter}} '{method}': choose one of {', '.join(METHODS)}",
                         parameter="method", value=method, allowed=METHODS, show_value=False)
    if lookahead is not None and method != "lookahead":
        raise InputError(f"{{parameter}} is how far method lookahead looks ahead; "
                         f"{'the default method' if method is None else method} does not look ahead",
                         parameter="lookahead", value=lookahead)
    depth = LOOKAHEAD_DEPTH if lookahead is None else checks.whole_number(lookahead, "lookahead")
    if not 1 <= depth <= LOOKAHEAD_MOST:
        raise InputError(f"{{parameter}} must be 1..{LOOKAHEAD_MOST}", parameter="lookahead", value=depth,
                         allowed=f"1..{LOOKAHEAD_MOST}")
    if method == "divide" and blocked:
        raise InputError("method divide builds tours of whole boards: it takes no {parameter} squares",
                         parameter="blocked", value=sorted(blocked), show_value=False)
    if blocked and rows * cols > SEARCH_LIMIT:
        raise InputError(f"a board with blocked squares is searched exhaustively, which takes boards up to "
                         f"{SEARCH_LIMIT:,} squares; the {rows}x{cols} board has {rows * cols:,}: "
                         "leave out {parameter}", parameter="blocked", value=len(blocked), show_value=False)
    ask = _Ask(rows, cols, free_mask(rows, cols, blocked), start[0] * cols + start[1], closed, progress, cancel)
    ask.tracker().check()
    _decide(ask)
    if method is None:
        path, method = _auto(ask, depth)
    elif method == "backtrack":
        path = _exact(ask)
    elif method == "divide":
        path = _divided(ask)
    else:
        path = _by_rule(ask, method, depth)
    fault = first_fault(rows, cols, path, closed, ask.free, ask.tracker())
    if fault is not None:
        raise InternalError(f"{method} returned a path that is not a tour (fault at square {fault} of the path)")
    return KnightTour(rows, cols, closed, path, method, frozenset(blocked))


@dataclass(frozen=True, eq=False, repr=False)
class TourStarts(Mapping[Square, tuple[bool, str]]):
    """For every square of the board: whether a tour (closed or open) starts there, and why.

    A mapping ``(row, col) -> (exists, reason)``, read-only; :meth:`squares` lists the
    start squares.  A value: equal to another with the same verdicts on the same board,
    and hashable.
    """

    rows: int
    cols: int
    closed: bool
    verdicts: Mapping[Square, tuple[bool, str]]

    def __post_init__(self) -> None:
        object.__setattr__(self, "verdicts", MappingProxyType(dict(self.verdicts)))

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, TourStarts) and (self.rows, self.cols, self.closed) == (other.rows, other.cols, other.closed)
                and dict(self.verdicts) == dict(other.verdicts))

    def __hash__(self) -> int:
        return hash((self.rows, self.cols, self.closed, frozenset(self.verdicts.items())))

    def __getitem__(self, square: Square) -> tuple[bool, str]:
        return self.verdicts[square]

    def __iter__(self) -> Iterator[Square]:
        return iter(self.verdicts)

    def __len__(self) -> int:
        return len(self.verdicts)

    def squares(self) -> list[Square]:
        """The squares a tour starts from, file by file (a1, a2, ..., b1, ...)."""
        return sorted((sq for sq, (ok, _) in self.verdicts.items() if ok), key=lambda sq: (sq[1], sq[0]))

    def reasons(self) -> list[str]:
        """Every reason given, once each."""
        return sorted({reason for _, reason in self.verdicts.values()})

    def to_json(self) -> dict[str, Any]:
        """What ``knight starts --json`` prints."""
        return {"rows": self.rows, "cols": self.cols, "closed": self.closed,
                "starts": [square_name(*sq) for sq in self.squares()]}

    def diagram(self) -> render.Diagram:
        """The board with the start squares marked."""
        kind = "closed" if self.closed else "open"
        return render.Diagram(self.rows, self.cols, marks={sq: render.HIGHLIGHT for sq in self.squares()},
                              title=f"squares an {kind} tour of the {self.rows}x{self.cols} board can start from")

    def _repr_svg_(self) -> str:
        return render.svg(self.diagram())

    def text(self) -> str:
        """The text form: ``'3x4 open: a1 a2 a3 d1 d2 d3'``, the start squares file by file (past
        :data:`SHOWN_SQUARES` the first 8, ``...`` and the last), or ``none``."""
        starts = [square_name(*sq) for sq in self.squares()]
        if len(starts) > SHOWN_SQUARES:
            starts = [*starts[:8], "...", starts[-1]]
        return f"{self.rows}x{self.cols} {'closed' if self.closed else 'open'}: {' '.join(starts) or 'none'}"

    def __str__(self) -> str:
        """The board with the start squares marked, up to :data:`DRAW_LIMIT` squares a side; beyond, in words."""
        if max(self.rows, self.cols) <= DRAW_LIMIT:
            return render.text(self.diagram())
        kind = "closed" if self.closed else "open"
        return f"{len(self.squares())} of the {self.rows * self.cols} squares start an {kind} tour of the " \
               f"{self.rows}x{self.cols} board"

    def __repr__(self) -> str:
        return f"TourStarts({self.text()!r})"


def tour_starts(rows: int, cols: int, closed: bool = False, *, progress: ProgressFn | None = None,
                cancel: threading.Event | None = None, force: bool = False) -> TourStarts:
    """For every square: whether a tour starts there, and why (theorem or search); boards up
    to :data:`STARTS_LIMIT` squares. ``progress`` counts the squares decided. Open tours of
    4 x n boards longer than :data:`STARTS_4XN_LONGEST` are refused (:class:`TooLong`) unless ``force``."""
    rows, cols = check_board(rows, cols)
    closed, force = checks.flag(closed, "closed"), checks.flag(force, "force")
    if rows * cols > STARTS_LIMIT:
        raise InputError(f"starts answers boards up to {STARTS_LIMIT} squares; the {rows}x{cols} board "
                         f"has {rows * cols}", parameter="board", value=f"{rows}x{cols}", show_value=False)
    if not closed and min(rows, cols) == 4 and max(rows, cols) > STARTS_4XN_LONGEST and not force:
        raise TooLong(f"deciding every start of an open tour of the {rows}x{cols} board",
                      f"on 4 x n boards longer than {STARTS_4XN_LONGEST} the search from the middle of an edge "
                      "line does not end in reasonable time (one square of 4x31: over 20 s; of 4x50: over 5 minutes)")
    tracker = Tracker("squares", rows * cols, progress, cancel)
    tracker.check()
    result: dict[Square, tuple[bool, str]] = {}
    classes = square_classes(rows, cols, ((r, c) for r in range(rows) for c in range(cols)))
    for square, size in classes.items():
        verdict, said = theory.start_verdict(rows, cols, *square, closed)
        reason = str(said)
        if verdict is None:
            try:
                tour = find_tour(rows, cols, square, closed, cancel=cancel)
                verdict, reason = True, f"found by {tour.method}"
            except NoTour as no:
                verdict, reason = False, no.reason
        for sym in symmetries_of(rows, cols):
            result[sym.apply(*square, rows, cols)] = (verdict, reason)
        tracker.advance(size)
    tracker.finish()
    return TourStarts(rows, cols, closed, result)
