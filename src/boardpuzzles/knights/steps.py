"""The knight's methods step by step, for watching them (``--trace``, the web page, the notebook).

A :class:`Knight` holds the seed's tables (``board``, ``accessibility``) while a
method's listed code (:mod:`.listed`) runs on it, and turns each operation the code
makes into a :class:`KnightStep`: a candidate looked at (``test``), a move, a retreat
(``back``), the start, the end.  Each step says where the code stands
(:meth:`~boardpuzzles.listing.Listing.where`: the line that made it, its variables,
the stack), the counters so far and the node of the search tree it stands on.  The
steps are the search itself, made while it runs: ``warnsdorff``, ``lookahead`` and
``roth`` choose exactly as :func:`.warnsdorff.run_rule` does, and ``backtrack``
visits the nodes that :mod:`.search` visits, in the same order (the tests walk both).
``divide`` builds its tour piece by piece, not move by move: its steps replay the tour.

>>> steps = list(rule_steps(5, 5, (0, 0), "warnsdorff"))
>>> [(s.kind, s.name) for s in steps[:4]]
[('start', 'a1'), ('test', 'c2'), ('test', 'b3'), ('move', 'c2')]
>>> steps[1].candidate.accessibility, steps[-1].kind, steps[-1].counts
(5, 'done', {'tests': 48, 'moves': 24, 'backs': 0, 'nodes': 25})
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable, Iterator, Sequence
from itertools import islice
from dataclasses import dataclass, field
from typing import Any

from .. import animate, checks, i18n, notebook, render
from ..errors import InputError
from ..geometry import Square, parse_board_size, parse_square, parse_squares, square_name
from ..watching import Moment, Recorder, WatchedStep, stream
from ..progress import Tracker
from . import listed
from ..i18n import Note
from .moves import check_board
from .search import GAVE_UP
from .tour import (LOOKAHEAD_DEPTH, LOOKAHEAD_MOST, RULE_OF, KnightTour, NoTour, budgets, exhaustive, find_tour, free_mask,
                   middle_lines, rule_walk, tie_order)

#: The methods whose choice is a rule that the steps follow; ``backtrack`` is watched too, ``divide`` replayed.
RULES = tuple(RULE_OF)
WATCHED = (*RULES, "backtrack")
#: Largest board (squares) whose tour is shown step by step.
MAX_STEPPED = 400
#: The most steps a watched exhaustive search may make (the rules make a few per square).
MAX_WATCHED_STEPS = 100_000

#: Why a candidate is passed over (its ``said``): the catalogue's keys (:mod:`~boardpuzzles.i18n`).
DEAD_END_KEY, CROSSING_KEY = "knight.refused_dead_end", "knight.refused_crossing"
#: The same in English (its ``refused``).
DEAD_END, CROSSING = i18n.text(DEAD_END_KEY, "en"), i18n.text(CROSSING_KEY, "en")


@dataclass(frozen=True)
class Candidate:
    """A free square a knight's move away: its ``accessibility`` and its rule's ``score``
    (the look-ahead's number, None for the other rules); ``said`` says why the method
    passes it over whatever its score (Roth: a dead end before the last move; the search:
    a second move between the middle lines of a board four lines wide), as the catalogue
    says it (None: it is not passed over); ``refused`` is the same in English."""

    square: Square
    accessibility: int
    score: int | None = None
    said: Note | None = None
    depth: int = 1

    @property
    def refused(self) -> str:
        """Why the method passes the square over, in English ("": it does not)."""
        return str(self.said) if self.said else ""

    @property
    def name(self) -> str:
        return square_name(*self.square)

    @property
    def ahead(self) -> list[int] | None:
        """The look-ahead score read move by move (one hexadecimal digit each): the accessibility,
        then the lowest one move further on, and so on; None for the other rules."""
        if self.score is None:
            return None
        return [int(digit, 16) for digit in f"{self.score:0{self.depth}x}"]

    def words(self, lang: str = "en") -> str:
        """The candidate in words, in ``lang``: its square, its accessibility, its score read move by
        move, why it is refused."""
        text = i18n.text("trace.knight.candidate", lang, square=self.name, accessibility=self.accessibility)
        if self.ahead is not None:
            then = i18n.text("trace.knight.then", lang)
            text += i18n.text("trace.knight.score", lang, score=self.score, ahead=then.join(map(str, self.ahead)))
        return text + (i18n.text("trace.knight.refused", lang, why=self.said.text(lang)) if self.said else "")

    def __str__(self) -> str:
        """The candidate in words, in English (:meth:`words`)."""
        return self.words()

    def to_json(self) -> dict[str, Any]:
        return {"square": self.name, "accessibility": self.accessibility, "score": self.score,
                "ahead": self.ahead, "refused": self.refused or None, "said": self.said.to_json() if self.said else None}


Table = tuple[tuple[int | None, ...], ...]


@dataclass(frozen=True)
class KnightStep(WatchedStep):
    """One step of a watched method.

    ``kind``: ``start`` (the knight on its first square; ``restart``: a new run of the
    search after one that made its budget of moves), ``test`` (a candidate looked at:
    ``candidate``), ``move``, ``back`` (a retreat from ``left``; ``note`` says why),
    ``stuck`` (a rule with no free square to go to), ``done`` (every free square
    visited; ``note`` says whether the tour closes) or ``exhausted`` (the search tried
    every move: no tour).  ``path`` holds the squares of the knight's path after the step,
    from the start (``number`` counts them, ``square`` is the last: where the knight
    stands); ``candidates`` the squares looked at from the square a move left (for a test:
    from where the knight stands, so far, this one last; for ``stuck``: all of them),
    ``accessibility`` the table after the step, row by row from rank 1 (None on visited and
    blocked squares).

    ``moment`` says where the listed code stood (no ``where`` for a replayed tour), the
    counters after the step (``nodes``: of the search tree, the root included), the node of
    the search tree the knight stands on after the step (0 the root, the start; each move
    makes a node, numbered as they are made) and, on a move, the node it came from
    (:class:`~..watching.Moment`).
    """

    method: str
    moment: Moment
    kind: str
    path: tuple[Square, ...]
    accessibility: Table
    candidate: Candidate | None = None
    candidates: tuple[Candidate, ...] = ()
    left: Square | None = None
    said: Note | None = None  # the note as the catalogue says it (None: the step has no note)

    @property
    def note(self) -> str:
        """The step's note in English ("": it has none)."""
        return str(self.said) if self.said else ""

    @property
    def number(self) -> int:
        """How many squares the path holds after the step."""
        return len(self.path)

    @property
    def square(self) -> Square:
        """Where the knight stands after the step."""
        return self.path[-1]

    @property
    def name(self) -> str:
        """The square the step is about: the candidate for a test, else where the knight stands."""
        return self.candidate.name if self.candidate else square_name(*self.square)

    @property
    def left_name(self) -> str | None:
        """The square a retreat left, by name."""
        return square_name(*self.left) if self.left else None

    def words(self, lang: str = "en") -> str:
        """What the step does, in words, in ``lang`` (see :mod:`~boardpuzzles.i18n`)."""
        where = square_name(*self.square)
        note = self.said.text(lang) if self.said else ""
        if self.kind in ("start", "restart"):
            return i18n.text(f"trace.knight.{self.kind}", lang, where=where) + (f": {note}" if note else "")
        if self.kind == "test":
            assert self.candidate is not None
            return i18n.text("trace.knight.test", lang, candidate=self.candidate.words(lang))
        if self.kind == "move":
            return i18n.text("trace.knight.move", lang, move=self.number - 1, where=where)
        if self.kind == "back":
            return i18n.text("trace.knight.back", lang, left=self.left_name, where=where, why=note)
        return i18n.text(f"trace.knight.{self.kind}", lang, note=note)

    def line(self, lang: str = "en") -> str:
        """The ``--trace`` line in ``lang``: the step's number, the line and the function of the listing that
        made it, its words."""
        if self.moment.line is None:
            return f"{self.index + 1:>7}  {self.words(lang)}"
        return (f"{self.index + 1:>7}  {i18n.text('trace.line', lang, line=f'{self.moment.line:>3}')}  "
                f"{self.moment.frame:<9} {self.words(lang)}")

    def __str__(self) -> str:
        """The ``--trace`` line, in English (:meth:`line`)."""
        return self.line()

    def to_json(self) -> dict[str, Any]:
        """The step with the keys every watched step has (``index``, ``method``, ``line``, ``vars``,
        ``stack``, ``counts``, ``node`` and, on a move, ``parent``) and the knight's own."""
        moment = self.moment.to_json()
        return {
            "index": moment.pop("index"), "method": self.method, **moment, "kind": self.kind,
            "number": self.number, "square": square_name(*self.square), "path": [square_name(*sq) for sq in self.path],
            "candidate": self.candidate.to_json() if self.candidate else None,
            "candidates": [c.to_json() for c in self.candidates],
            "left": self.left_name,
            "accessibility": [list(row) for row in self.accessibility], "note": self.note or None,
            "said": self.said.to_json() if self.said else None,
        }


def _ties(order: str | int) -> Note:
    return Note(f"trace.knight.ties_{order}") if isinstance(order, str) else Note("trace.knight.ties_random", (("number", order),))


class Knight:
    """The seed's two tables for one watched method, and the steps its listed code makes on them.

    ``board[row][col]``: visited (or blocked); ``accessibility[row][col]``: from how many free
    squares a knight can still reach the square.  The listed code (:mod:`.listed`) reads and
    writes them, and calls :meth:`begin`, :meth:`test`, :meth:`move`, :meth:`back`,
    :meth:`stuck`, :meth:`done` and :meth:`exhausted`, each of which makes its step and hands
    it to ``trace`` (set by :meth:`steps`).  ``closing``: whether a closed tour is asked; the tables keep a closed
    tour's start counted by its neighbours for the search only (the rules look at closing only
    at the end).  ``offset`` and ``cancel``: see :class:`~..watching.Recorder`.
    """

    def __init__(self, rows: int, cols: int, start: Square, method: str, blocked: frozenset[Square] = frozenset(),
                 closing: bool = False, depth: int = LOOKAHEAD_DEPTH, offset: int = 0,
                 cancel: threading.Event | None = None) -> None:
        self.rows, self.cols, self.start, self.method = rows, cols, start, method
        self.trace: Callable[[KnightStep], None] = lambda step: None
        self.blocked, self.closing, self.depth = blocked, closing, depth
        self.closed = closing and method == "backtrack"
        self.free = free_mask(rows, cols, blocked)
        self.squares = int(self.free.sum())
        middle, self.across = middle_lines(rows, cols, self.free, closing)
        self.middle = middle.reshape(rows, cols).tolist()
        self.tie: list[list[int]] = []
        counters = ("tests", "moves", "backs", "nodes", "restarts") if method == "backtrack" else (
            "tests", "moves", "backs", "nodes")
        self.recorder = Recorder(listed.LISTINGS.get(method), counters, offset, cancel)  # no listing: a tour replayed
        self.made = 0
        self.clear()

    def clear(self) -> None:
        """The tables as before the first move: nothing visited, every accessibility whole."""
        self.board = [[(r, c) in self.blocked for c in range(self.cols)] for r in range(self.rows)]
        self.accessibility = [[sum(not self.board[tr][tc] for _, tr, tc in listed.jumps(self, r, c))
                               for c in range(self.cols)] for r in range(self.rows)]
        self.path: list[Square] = []
        self.tested: list[list[Candidate]] = []

    def steps(self, run: Callable[[Knight], Any]) -> Iterator[KnightStep]:
        """The steps that ``run(self)`` (a listed method running on these tables) makes, as a stream."""
        def watched(trace: Callable[[KnightStep], None]) -> None:
            self.trace = trace
            run(self)

        return stream(watched, f"{self.method} from {square_name(*self.start)}")

    def runs(self) -> Iterator[tuple[int, str | int]]:
        """(budget of moves, tie order) of each run of the search (:func:`.tour.budgets`)."""
        return budgets()

    def table(self) -> Table:
        return tuple(tuple(None if self.board[r][c] else self.accessibility[r][c] for c in range(self.cols))
                     for r in range(self.rows))

    def _step(self, kind: str, counter: str | None, said: Note | None = None, **fields: Any) -> None:
        """Make the step (the path already as it stands after it; ``said``: its note) and hand it to ``trace``."""
        moment = self.recorder.step(counter, len(self.path) - 1)
        if moment is not None:
            if said is not None:
                fields.update(said=said)
            self.trace(KnightStep(self.method, moment, kind, tuple(self.path), self.table(), **fields))

    def begin(self, budget: int | None = None, order: str | int | None = None) -> None:
        """The knight is on the start (already occupied): a walk begins, or a run of the search with
        its ``budget`` of moves and its tie ``order``."""
        again = self.recorder.index > 0  # a run before this one
        self.path, self.tested, self.made = [self.start], [[]], 0
        said = None
        if budget is not None and order is not None:
            self.tie = tie_order(self.rows, self.cols, self.free, order).reshape(self.rows, self.cols).tolist()
            said = Note("trace.knight.run", (("budget", budget), ("ties", _ties(order))))
        if again:
            self._step("restart", "restarts", Note("trace.knight.new_run", (("run", said),)) if said else None)
        else:
            self._step("start", None, said)

    def test(self, r: int, c: int, key: Any = None, capped: bool = False) -> None:
        """The method looks at the free square (r, c): its accessibility and its rule's ``key``
        (``capped``: the search may not take it, a second move between the middle lines)."""
        refused = DEAD_END_KEY if self.method == "roth" and key is None else CROSSING_KEY if capped else None
        score = key if self.method == "lookahead" else None
        candidate = Candidate((r, c), self.accessibility[r][c], score, Note(refused) if refused else None, self.depth)
        self.tested[-1].append(candidate)
        self._step("test", "tests", candidate=candidate, candidates=tuple(self.tested[-1]))

    def move(self, r: int, c: int) -> None:
        """The knight has moved to (r, c) (already occupied)."""
        self.made += 1
        candidates = tuple(self.tested[-1])
        self.path.append((r, c))
        self.tested.append([])
        self._step("move", "moves", candidates=candidates)

    def back(self, r: int, c: int, why: Note) -> None:
        """The knight has gone back from (r, c) (already released), for the reason ``why``."""
        self.path.pop()
        self.tested.pop()
        self._step("back", "backs", why, left=(r, c))

    def stuck(self) -> None:
        """A rule has no free square to go to."""
        candidates = self.tested[-1]
        visited = len(self.path)
        where = square_name(*self.path[-1])
        if candidates:
            names = ", ".join(c.name for c in candidates)
            why = Note("knight.stuck_dead_ends", (("names", names), ("method", self.method)))
        else:
            why = Note("knight.stuck_no_square")
        left = self.squares - visited
        said = Note("trace.knight.stuck_on" if left != 1 else "trace.knight.stuck_on_one",
                    (("where", where), ("moves", visited - 1), ("left", left), ("why", why)))
        self._step("stuck", None, said, candidates=tuple(candidates))

    def done(self) -> None:
        """Every free square is visited."""
        self._step("done", None, _done_note(self.path[0], self.path[-1], self.closing))

    def exhausted(self, why: Note) -> None:
        """The search has tried every move from the start: there is no tour."""
        key = "trace.knight.no_closed_tour" if self.closing else "trace.knight.no_tour"
        self._step("exhausted", None, Note(key, (("start", square_name(*self.start)), ("why", why))))


def _closes(start: Square, last: Square) -> bool:
    """Whether ``last`` is a knight's move from ``start``."""
    return abs(last[0] - start[0]) * abs(last[1] - start[1]) == 2


def _done_note(start: Square, last: Square, closed: bool) -> Note:
    closes = _closes(start, last)
    key = "closes" if closes else "not_closed" if closed else "open"
    return Note(f"trace.knight.done_{key}", (("last", square_name(*last)),))


def check_stepped(rows: int, cols: int) -> None:
    """Refuse a board too large to step through (or animate): over :data:`MAX_STEPPED` squares."""
    if rows * cols > MAX_STEPPED:
        raise InputError(f"{{parameter}} is too large to step through: at most {MAX_STEPPED} squares",
                         parameter="board", value=f"{rows}x{cols}", allowed=f"up to {MAX_STEPPED} squares")


def _checked(rows: Any, cols: Any, start: Any, blocked: Any, closed: Any, method: Any = None,
             allowed: Sequence[str] = ()) -> tuple[int, int, Square, frozenset[Square], bool]:
    """A stream's board, start, blocked squares, kind of tour and (when ``allowed`` names the methods
    it follows) method, checked: InputError naming the one that is wrong."""
    rows, cols = check_board(rows, cols)
    check_stepped(rows, cols)
    if allowed and not (isinstance(method, str) and method in allowed):
        raise checks.refused("{parameter} must be one of " + ", ".join(allowed) + " to follow its choices",
                             "method", method)
    start = checks.square(start, "start", rows, cols)
    holes = frozenset(checks.squares(blocked, "blocked", rows, cols))
    if start in holes:
        raise InputError(f"the start square {square_name(*start)} is blocked: choose another {{parameter}}",
                         parameter="start", value=square_name(*start), show_value=False)
    return rows, cols, start, holes, checks.flag(closed, "closed")


def rule_steps(rows: int, cols: int, start: Square, method: str, depth: int = LOOKAHEAD_DEPTH,
               blocked: Iterable[Square] = (), shift: int = 0, closed: bool = False, *, offset: int = 0,
               cancel: threading.Event | None = None) -> Iterator[KnightStep]:
    """The rule ``method`` (warnsdorff, lookahead with ``depth``, roth) walking from ``start``, step by
    step from ``offset`` on: its listing :func:`.listed.walk` running.  Ties go to the first move in
    the order ``shift``, ``shift + 1``, ... (mod 8), as in the kernel."""
    rows, cols, start, holes, closed = _checked(rows, cols, start, blocked, closed, method, RULES)
    depth = checks.whole_number(depth, "depth", 1, LOOKAHEAD_MOST)
    shift = checks.whole_number(shift, "shift", 0, 7)
    score = {"warnsdorff": listed.warnsdorff, "lookahead": listed.lookahead, "roth": listed.roth}[method]
    knight = Knight(rows, cols, start, method, holes, closed, depth, offset, cancel)
    return knight.steps(lambda knight: listed.walk(knight, score, shift))


def search_size(rows: int, cols: int, start: Square, closed: bool = False, blocked: Iterable[Square] = (), *,
                cancel: threading.Event | None = None) -> int:
    """How many steps :func:`backtrack_steps` makes, counted by the kernel's search (:func:`.tour.exhaustive`)."""
    rows, cols, start, holes, closed = _checked(rows, cols, start, blocked, closed)
    total = 1
    runs = exhaustive(rows, cols, start[0] * cols + start[1], closed, free_mask(rows, cols, holes),
                      Tracker("nodes", None, None, cancel))
    for budget, _, run in runs:
        moves = budget if run.status == GAVE_UP else run.nodes
        total += 1 + run.tests + moves + moves - run.depth
    return total


def backtrack_steps(rows: int, cols: int, start: Square, closed: bool = False, blocked: Iterable[Square] = (), *,
                    offset: int = 0, cancel: threading.Event | None = None) -> Iterator[KnightStep]:
    """The exhaustive search (the method ``backtrack``) step by step from ``offset`` on: its listing
    :func:`.listed.backtrack` running, the same search as the kernel's (:func:`.tour.exhaustive`).

    Raises :class:`~..errors.InputError` (``start``) when the search makes more than
    :data:`MAX_WATCHED_STEPS` steps, before the first one.
    """
    rows, cols, start, holes, closed = _checked(rows, cols, start, blocked, closed)
    size = search_size(rows, cols, start, closed, holes, cancel=cancel)
    if size > MAX_WATCHED_STEPS:
        raise InputError(f"the search from {{parameter}} {square_name(*start)} on the {rows}x{cols} board makes "
                         f"{size:,} steps; a watched search makes at most {MAX_WATCHED_STEPS:,}",
                         parameter="start", value=square_name(*start), show_value=False)
    return Knight(rows, cols, start, "backtrack", holes, closed, offset=offset, cancel=cancel).steps(listed.backtrack)


def path_steps(rows: int, cols: int, path: Sequence[Square], method: str, blocked: Iterable[Square] = (),
               closed: bool = False, *, offset: int = 0) -> Iterator[KnightStep]:
    """A tour found by ``method`` (``divide``, which builds it piece by piece), replayed square by square
    with the seed's tables from ``offset`` on: no listing runs, so its steps have no ``where`` and no
    tests; each move shows the free squares it could have gone to instead."""
    rows, cols, start, holes, closed = _checked(rows, cols, path[0] if len(path) else None, blocked, closed)
    path = checks.squares(path, "path", rows, cols)

    def replay(knight: Knight) -> None:
        listed.occupy(knight, *path[0])
        knight.begin()
        for before, square in zip(path, path[1:]):
            knight.tested[-1] = [Candidate((r, c), knight.accessibility[r][c])
                                 for _, r, c in listed.jumps(knight, *before) if not knight.board[r][c]]
            listed.occupy(knight, *square)
            knight.move(*square)
        knight.done()

    return Knight(rows, cols, start, method, holes, closed, offset=offset).steps(replay)


def tour_steps(rows: int, cols: int, start: Square, closed: bool, method: str | None, lookahead: int | None,
               blocked: Iterable[Square], result: KnightTour | NoTour, *, offset: int = 0,
               cancel: threading.Event | None = None) -> Iterator[KnightStep]:
    """The steps behind ``result``, the answer of ``find_tour`` to these arguments, as they come (from
    ``offset`` on): the rule's own choices for ``warnsdorff``, ``lookahead`` and ``roth`` (in the tie
    order that found the tour, or where the rule got stuck), the search for ``backtrack`` (to its
    tour, or to the end where it proved there is none), the path replayed for ``divide``; none
    where a theorem or a condition decided, or ``divide`` found none.  ``cancel``: see :class:`Knight`."""
    if not isinstance(result, (KnightTour, NoTour)):
        raise checks.refused("{parameter} must be the answer of find_tour: a KnightTour or a NoTour", "result", result)
    depth = LOOKAHEAD_DEPTH if lookahead is None else lookahead
    holes = checks.squares(blocked, "blocked", *check_board(rows, cols))
    if result.method in RULES:
        _, shift = rule_walk(rows, cols, start[0] * cols + start[1], result.method, depth, free_mask(rows, cols, holes),
                             Tracker("squares", None, None, cancel))
        return rule_steps(rows, cols, start, result.method, depth, holes, shift, closed, offset=offset, cancel=cancel)
    if result.method == "backtrack":
        return backtrack_steps(rows, cols, start, closed, holes, offset=offset, cancel=cancel)
    if isinstance(result, KnightTour):
        return path_steps(rows, cols, result.squares(), result.method, holes, result.closed, offset=offset)
    return iter(())


def _caption(step: KnightStep) -> str:
    where = square_name(*step.square)
    if step.kind in ("start", "restart"):
        text = f"The knight starts on {where}; each free square shows its accessibility in its corner"
        return text + (f" ({step.note})" if step.note else "")
    if step.kind == "back":
        return f"Back from {step.left_name} to {where}: {step.note}"
    if step.kind in ("stuck", "done", "exhausted"):
        return step.note[:1].upper() + step.note[1:]
    options = ", ".join(f"{c.name} {c.accessibility}" + (f" (score {c.score})" if c.score is not None else "")
                        + (" (refused)" if c.refused else "") for c in step.candidates)
    return f"Move {step.number - 1} to {where}; the choices (accessibility): {options}"


def tour_frames(rows: int, cols: int, steps: Iterable[KnightStep], blocked: Iterable[Square] = ()) -> list[animate.Frame]:
    """The steps of a tour (:func:`tour_steps`) as frames, one a move, retreat, start or end (the tests
    show as the candidates marked on the move they led to): the knight on its square, the path
    numbered, the candidates it had marked, every free square's accessibility small in its corner.

    Raises :class:`~..errors.InputError` (``board``) past :data:`.animate.MAX_FRAMES` frames.
    """
    holes = set(blocked)
    frames: list[animate.Frame] = []
    visited: list[Square] = []
    for step in steps:
        if step.kind == "test":
            continue
        if step.kind in ("start", "restart"):
            visited = [step.square]
        elif step.kind == "move":
            visited.append(step.square)
        elif step.kind == "back":
            visited.pop()
        start = square_name(*visited[0])
        animate.check_frames(len(frames) + 1, "board", f"{rows}x{cols}", f"{step.method} from {start}, move by move,")
        table = {(r, c): str(value) for r, row in enumerate(step.accessibility) for c, value in enumerate(row)
                 if value is not None}
        marks = {c.square: render.HIGHLIGHT for c in step.candidates}
        if step.left:
            marks[step.left] = render.TAKEN
        diagram = render.Diagram(
            rows, cols, pieces={step.square: "N"}, blocked=holes, path=list(visited),
            labels={square: str(number) for number, square in enumerate(visited, start=1) if square != step.square},
            marks=marks, corner_labels=table,
            closed_path=step.kind == "done" and _closes(visited[0], step.square))
        frames.append(animate.Frame(diagram, _caption(step)))
    return frames


def tour_animation(rows: int, cols: int, start: Square, closed: bool, method: str | None, lookahead: int | None,
                   blocked: Iterable[Square], result: KnightTour | NoTour, seconds: float = 0.5) -> str:
    """The tour behind ``result`` (the answer of ``find_tour`` to these arguments) as a self-playing
    SVG (``knight tour --animate``): :func:`tour_steps` drawn by :func:`tour_frames`; where a
    proof says there is no tour, one frame with the board and the reason.

    Raises :class:`~..errors.InputError` (``board``) past :data:`MAX_STEPPED` squares or
    :data:`.animate.MAX_FRAMES` frames.
    """
    check_stepped(rows, cols)
    holes = list(blocked)
    frames = tour_frames(rows, cols, tour_steps(rows, cols, start, closed, method, lookahead, holes, result), holes)
    if not frames:
        assert isinstance(result, NoTour)
        frames = [animate.Frame(render.Diagram(rows, cols, pieces={start: "N"}, blocked=set(holes)),
                                f"No tour: {result.reason}")]
    kind = "closed" if closed else "open"
    return animate.animation(frames, seconds, f"{kind} knight's tour of the {rows}x{cols} board, move by move")


def _named(value: Any, parameter: str, parse: Callable[[str], Any]) -> Any:
    """``parse(value)`` for a text value, its InputError naming ``parameter``; any other value as it is."""
    if not isinstance(value, str):
        return value
    try:
        return parse(value)
    except InputError as error:
        said = error.problem if error.problem.startswith(parameter) else f"{{parameter}}: {error.problem}"
        raise InputError(said, parameter=parameter, value=value, show_value=False) from None


def watch(board: str | int | tuple[int, int], start: str | Square = "a1", method: str | None = None,
          closed: bool = False, lookahead: int | None = None, blocked: Iterable[str | Square] = (),
          lang: str | None = None) -> notebook.Player:
    """The knight's tour that ``find_tour`` answers on ``board``, step by step, as a player for a notebook:
    its ``_repr_html_`` is the web page's player (the board with every candidate tested and its
    accessibility, the code with the line executing lit, the stack, the search tree, the counts, the
    timeline), self-contained.

    ``board`` is ``"RxC"`` (``"5x5"``, ``"8"``), a number N (N x N) or ``(rows, cols)``, at most
    :data:`MAX_STEPPED` squares; ``start`` and each of ``blocked`` a name (``"a1"``) or ``(row, col)``;
    ``method``, ``closed`` and ``lookahead`` as for ``find_tour`` (None: what suits the board);
    ``lang`` (``"en"``, ``"ru"``) fixes the language it speaks, None leaves it to the reader's browser.
    Raises :class:`~..errors.InputError` (``board``) for a search of more than
    :data:`.notebook.MAX_STEPS` steps, and :class:`NoTour` where a theorem or a condition says there
    is no tour (no search runs, so there is nothing to watch); a rule that gets stuck, or a search
    that proves there is none, is watched to its end.

    >>> watch("5x5", start="a1", method="backtrack")
    Player(the backtrack search from a1 on the 5x5 board: 74 steps)
    """
    lang = None if lang is None else i18n.language(lang)
    if isinstance(board, str):
        rows, cols = _named(board, "board", lambda text: parse_board_size(text, MAX_STEPPED))
    elif isinstance(board, (tuple, list)) and len(board) == 2:
        rows, cols = board
    elif isinstance(board, int) and not isinstance(board, bool):
        rows = cols = board
    else:
        raise checks.refused("{parameter} must be RxC (like 5x5), a number N or (rows, cols)", "board", board)
    rows, cols = check_board(rows, cols)
    check_stepped(rows, cols)
    first: Square = _named(start, "start", lambda text: parse_square(text, rows, cols))
    if isinstance(blocked, str):
        blocked = _named(blocked, "blocked", lambda text: parse_squares(text, rows, cols, "blocked"))
    holes = [_named(square, "blocked", lambda text: parse_square(text, rows, cols)) for square in blocked]
    result: KnightTour | NoTour
    try:
        result = find_tour(rows, cols, first, closed, method, lookahead, holes)
    except NoTour as none:
        if none.method is None:  # a theorem decided: no search ran
            raise
        result = none
    steps = list(islice(tour_steps(rows, cols, first, closed, method, lookahead, holes, result), notebook.MAX_STEPS + 1))
    watched = result.method or ""  # a search ran: the method that answered
    title = {"method": watched, "start": square_name(*first), "board": f"{rows}x{cols}"}
    notebook.check_steps(len(steps), "board", f"{rows}x{cols}", i18n.text("player.knight_title", "en", **title))
    setup = {"rows": rows, "cols": cols, "method": watched, "start": square_name(*first),
             "blocked": [square_name(*square) for square in holes], "closed": closed, "squares": rows * cols - len(holes)}
    return notebook.Player("knight", listed.LISTINGS.get(watched), [step.to_json() for step in steps],
                           i18n.text("player.knight_title", lang or "en", **title), setup, lang)
