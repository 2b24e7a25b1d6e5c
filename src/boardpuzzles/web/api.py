"""The JSON endpoints: ``/api/<puzzle>/<action>``, one per command, with the command's arguments.

Each endpoint reads its query (:class:`.params.Query`), calls the library and
answers what the library's ``to_json()`` gives, so the answer equals the
command's ``--json`` output.  A list answer is sent as JSON Lines, as the
command prints it (``queens all``, and ``--trace`` streams: one step object per
line, then the result).  Endpoints run in a worker process (:mod:`.pool`), never on the event
loop; each receives a :class:`Work` that tells it when to stop.

The web server bounds what one request may ask (the ``WEB_*`` limits below, on
top of the library's own) so that every answer comes within
:data:`REQUEST_SECONDS`; the counts (``queens/count``, ``knight/count``,
``knight/starts``, ``draughts/perft``) are jobs that may run up to
:data:`JOB_SECONDS` and report their progress as server-sent events.
"""

from __future__ import annotations

import inspect
import threading
import time
from collections.abc import Callable, Generator, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from .. import draughts, i18n, knights, lessons, queens
from ..errors import BoardpuzzlesError, Cancelled, InputError, NoSolution, naming
from ..geometry import parse_board_size, parse_square, parse_squares, square_name
from ..progress import Progress
from .params import Query

#: Seconds a plain request may work, and a job (a count).
REQUEST_SECONDS = 10.0
JOB_SECONDS = 600.0

#: Web bounds, on top of the library's.
WEB_SOLVE_N = 100_000  # construction: the answer lists N columns
WEB_SEED_N = 20  # the seeds' searches in plain Python (and the page's board)
WEB_BITBOARD_N = 32
WEB_COMPLETE_N = 1000
WEB_COMPLETE_ALL_N = 12  # every completion is a list held in memory: 14,200 for N = 12
WEB_COUNT_N = 18
WEB_COMPARE_N = 10  # HR(k) in plain Python on every solution: 0.1 s for N = 10, 2 s for N = 12
WEB_LISTED = 100_000  # solutions or steps in one answer
WEB_STEPS_PAGE = 5000
WEB_STEPS_OFFSET = 10_000_000
WEB_KNIGHT_SIDE = 100
#: Steps of the exhaustive knight's search the web shows (its watched code runs in plain Python, a few ms a
#: step): a count, not a time, so that the same request always gets the same answer
WEB_BACKTRACK_STEPS = 1000
WEB_KNIGHT_COUNT_SQUARES = 30
WEB_STARTS_SQUARES = 100
WEB_PERFT_DEPTH = 8
WEB_PERFT_DEPTH_PYTHON = 6  # the variants the kernel does not play (seed, Turkish, 12x12): at most a few s

Answer = dict[str, Any] | list[dict[str, Any]]


class OverBudget(BoardpuzzlesError):
    """A request that needs more work than the server gives one request."""


@dataclass
class Work:
    """What one request may spend: ``seconds`` from when a thread starts it (:meth:`run`); ``cancel`` is
    set when its client goes away or its time is up; ``report`` receives progress (a job's events)."""

    cancel: threading.Event
    seconds: float
    report: Callable[[dict[str, Any]], None] = lambda payload: None
    #: when a thread started the work (None while it waits for one)
    started: float | None = None

    def run(self, endpoint: Endpoint, query: Query) -> Answer:
        """Do the endpoint's work in this thread (none when it was cancelled while it waited)."""
        if self.cancel.is_set():
            raise Cancelled()
        self.started = time.monotonic()
        return endpoint.run(query, self)

    def elapsed(self) -> float:
        """Seconds since a thread started the work (0 while it waits)."""
        return 0.0 if self.started is None else time.monotonic() - self.started

    def over(self) -> bool:
        """Whether the work has had its time."""
        return self.elapsed() > self.seconds

    def check(self) -> None:
        """Raise when the request should stop: :class:`Cancelled`, or :class:`OverBudget` past its time."""
        if self.cancel.is_set():
            raise Cancelled()
        if self.over():
            raise OverBudget(f"this needs more than the {self.seconds:.0f} s a request may work: ask for less")

    def protocol(self, call: Callable[..., Any]) -> dict[str, Any]:
        """The ``progress`` and ``cancel`` arguments for a long library call (by the library protocol)."""
        wanted = inspect.signature(call).parameters
        offered = {"progress": self._progress, "cancel": self.cancel}
        return {name: value for name, value in offered.items() if name in wanted}

    def _progress(self, report: Progress) -> None:
        self.report(report.to_json())


@dataclass(frozen=True)
class Endpoint:
    """One endpoint: its function, the query fields it takes, whether it is a job (a count)."""

    run: Callable[[Query, Work], Answer]
    fields: tuple[str, ...]
    job: bool = False


@contextmanager
def field(name: str) -> Iterator[None]:
    """Errors of the library raised while reading field ``name`` name that field."""
    try:
        yield
    except InputError as error:
        if error.parameter is not None:
            raise
        raise InputError(f"{{parameter}}: {error}", parameter=name) from None


def _too_big(name: str, limit: str, value: Any) -> InputError:
    return InputError(f"{{parameter}} must be {limit} on the web server", parameter=name, value=value, allowed=limit)


# ---------------------------------------------------------------------------- queens


def _queens_n(query: Query, method: str) -> int:
    n = query.required("n", 1, WEB_SOLVE_N if method == "construction" else WEB_COMPLETE_N)
    largest = WEB_BITBOARD_N if method == "bitboard" else WEB_SEED_N
    if method != "construction" and n > largest:
        raise _too_big("n", f"1..{largest} for the {method} search", n)
    return n


def _columns(query: Query) -> queens.Solution:
    """The ``columns`` field: a solution's 1-based column of each row, as the commands print it
    (``1,5,8,6,3,7,2,4``); the library says whether it is a solution."""
    text = query.text("columns")
    if text is None or not text.strip():
        raise InputError("{parameter} is missing: give the 1-based column of each row, like 1,5,8,6,3,7,2,4",
                         parameter="columns")
    parts = text.split(",")
    if len(parts) > WEB_SOLVE_N or not all(part.strip().isascii() and part.strip().isdigit() for part in parts):
        raise InputError("{parameter} must be whole numbers separated by commas, like 1,5,8,6,3,7,2,4",
                         parameter="columns", value=text[:60])
    return queens.Solution.from_columns([int(part) for part in parts])


class _Lines(list[dict[str, Any]]):
    """The lines of a traced answer, bounded: past :data:`WEB_LISTED`, ``pages`` is the endpoint to use;
    each thousand lines the work hears whether to stop."""

    def __init__(self, work: Work, pages: str) -> None:
        super().__init__()
        self.work, self.pages = work, pages

    def add(self, step: Any) -> None:
        """One step (or result) more, as its JSON."""
        self.append(step.to_json())
        if len(self) & 1023 == 0:
            self.work.check()
            if len(self) > WEB_LISTED:
                raise OverBudget(f"more than {WEB_LISTED} lines: ask for fewer, or watch the steps page by "
                                 f"page with /api/{self.pages}")


def _offset(query: Query) -> int:
    return query.integer("offset", 0, WEB_STEPS_OFFSET, 0) or 0


def _page(steps: Iterator[Any], query: Query, work: Work, method: str | None, offset: int,
          **setup: Any) -> dict[str, Any]:
    """A page of a step stream that starts at ``offset`` (every ``<puzzle>/steps``): what the search was
    asked (``setup``), its ``method``, the ``offset``, steps ``offset`` .. ``offset + limit - 1`` as JSON,
    and whether ``more`` follow.  The stream is closed (its search stopped) once the page is full."""
    limit = query.integer("limit", 1, WEB_STEPS_PAGE, 1000) or 1000
    page: list[dict[str, Any]] = []
    more = False
    try:
        for step in steps:
            if len(page) == limit:
                more = True
                break
            page.append(step.to_json())
            if len(page) & 255 == 0:
                work.check()
    finally:
        if isinstance(steps, Generator):  # a stream: its search stops here
            steps.close()
    return {**setup, "method": method, "offset": offset, "steps": page, "more": more}


def _listing(query: Query, listings: Mapping[str, Any], default: str) -> Answer:
    """The code of a watched method, whose lines its steps cite (every ``<puzzle>/listing``)."""
    method = query.choice("method", tuple(listings), default)
    assert method is not None
    return listings[method].to_json()


def queens_solve(query: Query, work: Work) -> Answer:
    """``queens solve N [--method M] [--trace]``."""
    method = query.choice("method", queens.SOLVE_METHODS, "construction")
    assert method is not None
    n = _queens_n(query, method)
    lines = _Lines(work, "queens/steps")
    trace = lines.add if query.flag("trace") else None
    try:
        answer = queens.solve(n, method, trace=trace, **work.protocol(queens.solve)).to_json()
    except NoSolution as none:
        answer = none.to_json()
    return [*lines, answer] if trace else answer


def queens_all(query: Query, work: Work) -> Answer:
    """``queens all N [--unique] [--limit K] [--method M] [--trace]``: JSON Lines, one solution a line."""
    method = query.choice("method", tuple(queens.SEARCH_METHODS), "bitboard")
    assert method is not None
    n = _queens_n(query, method)
    unique = query.flag("unique")
    limit = query.integer("limit", 0, WEB_LISTED)
    lines = _Lines(work, "queens/steps")
    shown = 0
    if query.flag("trace"):
        for solution in queens.solutions(n, method, unique=unique, trace=lines.add, limit=limit,
                                         **work.protocol(queens.solutions)):
            lines.append(solution.to_json(with_n=False))
        return lines
    known = queens.published_count(n, unique)
    if limit is None and known is not None and known > WEB_LISTED:
        raise InputError(f"{{parameter}} is needed: {n} queens have {known:,} {'fundamental ' if unique else ''}"
                         f"solutions, the web lists at most {WEB_LISTED}", parameter="limit",
                         allowed=f"0..{WEB_LISTED}")
    # one more than the web lists when no limit is given: the library then refuses nothing as too long
    listed = queens.solutions(n, method, unique=unique, limit=WEB_LISTED + 1 if limit is None else limit,
                              **work.protocol(queens.solutions))
    for solution in listed:
        if shown >= WEB_LISTED:
            raise InputError(f"more than {WEB_LISTED} solutions: give {{parameter}} (at most {WEB_LISTED})",
                             parameter="limit", allowed=f"0..{WEB_LISTED}")
        lines.append(solution.to_json(with_n=False))
        shown += 1
        if shown & 255 == 0:
            work.check()
    return lines


def queens_complete(query: Query, work: Work) -> Answer:
    """``queens complete N --queens SQUARES [--all]``."""
    n = query.required("n", 1, WEB_COMPLETE_N)
    every = query.flag("all")
    if every and n > WEB_COMPLETE_ALL_N:
        raise _too_big("n", f"1..{WEB_COMPLETE_ALL_N} with all", n)
    text = query.text("queens")
    with field("queens"):
        given = parse_squares(text, n, n, parameter="queens") if text is not None else []
        found = queens.complete(n, given, all=every, **work.protocol(queens.complete))
    return found.to_json()


def queens_count(query: Query, work: Work) -> Answer:
    """``queens count N`` (in this process: the web server gives a count one core)."""
    n = query.required("n", 1, WEB_COUNT_N)
    return queens.count(n, workers=1, **work.protocol(queens.count)).to_json()


def queens_images(query: Query, work: Work) -> Answer:
    """The eight images of the solution ``columns`` under the symmetries of the square (the page's gallery)."""
    solution = _columns(query)
    images = [{"symmetry": name, "columns": list(image.columns), "same": image == solution}
              for name, image in solution.images()]
    return {"columns": list(solution.columns), "class_size": solution.class_size(), "images": images}


def queens_compare(query: Query, work: Work) -> Answer:
    """``queens compare N``."""
    n = query.required("n", 4, WEB_COMPARE_N)
    return queens.compare(n, **work.protocol(queens.compare)).to_json()


def queens_listing(query: Query, work: Work) -> Answer:
    """A seed method's code, whose lines its steps cite (``queens/steps``)."""
    return _listing(query, queens.LISTINGS, "recursive")


def queens_steps(query: Query, work: Work) -> Answer:
    """A page of a seed's search: steps ``offset`` .. ``offset + limit - 1``; ``queens/listing`` gives the
    code whose lines they cite.  ``placed`` (``b1,d2``): queens on the first rows that the search keeps."""
    method = query.choice("method", tuple(queens.LISTINGS), "recursive")
    assert method is not None
    n = query.required("n", 1, WEB_SEED_N)
    offset = _offset(query)
    text = query.text("placed")
    placed = parse_squares(text, n, n, parameter="placed") if text else []
    steps = queens.search_steps(n, method, placed=placed, offset=offset, cancel=work.cancel)
    return _page(steps, query, work, method, offset, n=n, placed=[square_name(*square) for square in placed])


def _lesson(query: Query, puzzle: str, placed: str = "") -> Answer:
    """A lesson of ``puzzle`` (``name``), its stages and the steps they stand on (:func:`.lessons.make_lesson`),
    from the queens ``placed``."""
    names = [name for name in lessons.LESSONS if lessons.lesson_puzzle(name) == puzzle]
    name = query.choice("name", names, names[0])
    assert name is not None
    return lessons.make_lesson(name, placed).to_json()


def queens_lesson(query: Query, work: Work) -> Answer:
    """A lesson on a queens seed (``name``): its stages, its questions and the steps of the search, from the
    queens ``placed`` (``b1,d2``) on the first rows."""
    return _lesson(query, "queens", query.text("placed") or "")


def queens_player(query: Query, work: Work) -> Answer:
    """A seed's whole search as one self-contained HTML file that plays offline (the notebook player,
    :meth:`boardpuzzles.notebook.Player.to_html`), in the language ``lang``, from the queens ``placed``
    (``b1,d2``) on the first rows: ``{"name", "html"}``."""
    method = query.choice("method", tuple(queens.LISTINGS), "recursive")
    lang = query.choice("lang", i18n.LANGUAGES, i18n.LANGUAGES[0])
    assert method is not None and lang is not None
    n = query.required("n", 1, WEB_SEED_N)
    placed = query.text("placed")
    player = queens.watch(n, method, lang, placed=placed or ())
    start = "-from-" + "-".join(name.strip() for name in placed.split(",")) if placed else ""
    return {"name": f"queens-{n}-{method}{start}-{lang}.html", "html": player.to_html()}


# ---------------------------------------------------------------------------- knight


def _board(query: Query, largest: int = WEB_KNIGHT_SIDE) -> tuple[int, int]:
    text = query.text("board")
    if text is None:
        raise InputError("{parameter} is missing: give 8 for 8x8, or RxC like 5x6", parameter="board")
    with field("board"):
        return parse_board_size(text, largest=largest)


def _blocked(query: Query, rows: int, cols: int) -> list[tuple[int, int]]:
    """The squares ``blocked`` takes off the board (none when it is not given)."""
    with field("blocked"):
        text = query.text("blocked")
        return parse_squares(text, rows, cols, parameter="blocked") if text else []


@dataclass(frozen=True)
class _KnightAsk:
    """What ``knight/tour`` and ``knight/steps`` ask: the board, the start, the blocked squares, the method."""

    rows: int
    cols: int
    start: tuple[int, int]
    blocked: list[tuple[int, int]]
    closed: bool
    method: str | None
    lookahead: int | None

    @classmethod
    def of(cls, query: Query, stepped: bool) -> _KnightAsk:
        rows, cols = _board(query)
        if stepped and rows * cols > knights.MAX_STEPPED:
            raise _too_big("board", f"at most {knights.MAX_STEPPED} squares to trace", f"{rows}x{cols}")
        with field("start"):
            start = parse_square(query.text("start", "a1") or "", rows, cols)
        return cls(rows, cols, start, _blocked(query, rows, cols), query.flag("closed"), query.choice("method", knights.METHODS),
                   query.integer("lookahead", 1, 8))

    def answer(self, work: Work) -> tuple[knights.KnightTour | knights.NoTour, dict[str, Any]]:
        """The tour (or why there is none) and what ``knight tour --json`` prints for it."""
        try:
            result = knights.find_tour(self.rows, self.cols, self.start, self.closed, self.method, self.lookahead,
                                       self.blocked, **work.protocol(knights.find_tour))
            return result, result.to_json()
        except knights.NoTour as no:
            return no, no.to_json()

    def steps(self, result: knights.KnightTour | knights.NoTour, work: Work, offset: int = 0) -> Iterator[Any]:
        """The steps behind ``result`` from ``offset`` on (:func:`.knights.tour_steps`); an exhaustive search
        of more than :data:`WEB_BACKTRACK_STEPS` steps is refused, saying how many it makes."""
        if result.method == "backtrack":
            size = knights.search_size(self.rows, self.cols, self.start, self.closed, self.blocked, cancel=work.cancel)
            if size > WEB_BACKTRACK_STEPS:
                where = f"from {square_name(*self.start)} on {self.rows}x{self.cols}"
                raise OverBudget(f"the exhaustive search {where} makes {size:,} steps, and the web server shows at "
                                 f"most {WEB_BACKTRACK_STEPS:,} of it (each runs the watched code in plain Python): "
                                 "ask for a smaller board or another start (7x7 from g7 makes 201)")
        return knights.tour_steps(self.rows, self.cols, self.start, self.closed, self.method, self.lookahead, self.blocked,
                          result, offset=offset, cancel=work.cancel)


def knight_tour(query: Query, work: Work) -> Answer:
    """``knight tour BOARD [--start SQ] [--closed] [--method M] [--lookahead K] [--blocked SQS] [--trace]``."""
    trace = query.flag("trace")
    ask = _KnightAsk.of(query, trace)
    result, answer = ask.answer(work)
    if not trace:
        return answer
    lines = _Lines(work, "knight/steps")
    for step in ask.steps(result, work):
        lines.add(step)
    return [*lines, answer]


def knight_steps(query: Query, work: Work) -> Answer:
    """A page of a watched knight's method: steps ``offset`` .. ``offset + limit - 1`` of the method that
    answers (``method``; the default method's choice when none is given); ``knight/listing`` gives the
    code whose lines they cite."""
    ask = _KnightAsk.of(query, True)
    result, _ = ask.answer(work)
    offset = _offset(query)
    return _page(ask.steps(result, work, offset), query, work, result.method or ask.method, offset, rows=ask.rows,
                 cols=ask.cols)


def knight_listing(query: Query, work: Work) -> Answer:
    """The code of a watched knight's method, as its steps cite it."""
    return _listing(query, knights.LISTINGS, "warnsdorff")


def knight_lesson(query: Query, work: Work) -> Answer:
    """A lesson on a knight's method (``name``): its stages, its questions and the steps of the search."""
    return _lesson(query, "knight")


def knight_count(query: Query, work: Work) -> Answer:
    """``knight count BOARD [--closed] [--start SQ] [--blocked SQS]`` (in this process, as ``queens/count``)."""
    rows, cols = _board(query)
    if rows * cols > WEB_KNIGHT_COUNT_SQUARES:
        raise _too_big("board", f"at most {WEB_KNIGHT_COUNT_SQUARES} squares to count", f"{rows}x{cols}")
    closed = query.flag("closed")
    start_text = query.text("start")
    with field("start"):
        start = parse_square(start_text, rows, cols) if start_text is not None else None
    return knights.count_tours(rows, cols, closed, start, blocked=_blocked(query, rows, cols),
                               **work.protocol(knights.count_tours)).to_json()


def knight_starts(query: Query, work: Work) -> Answer:
    """``knight starts BOARD [--closed]``."""
    rows, cols = _board(query)
    if rows * cols > WEB_STARTS_SQUARES:
        raise _too_big("board", f"at most {WEB_STARTS_SQUARES} squares for the start map", f"{rows}x{cols}")
    closed = query.flag("closed")
    return knights.tour_starts(rows, cols, closed, **work.protocol(knights.tour_starts)).to_json()


# ---------------------------------------------------------------------------- draughts

DRAUGHTS_POSITION = ("position", "fen", "variant")


def _variant(query: Query) -> draughts.Variant:
    with field("variant"):
        return draughts.get_variant(query.text("variant", "russian") or "")


def _position(query: Query) -> draughts.Position:
    variant = _variant(query)
    given = [name for name in ("position", "fen") if name in query.fields]
    if len(given) == 2:
        raise InputError("give the position once: position or fen, not both", parameter="fen")
    name = given[0] if given else "position"
    text = query.text(name, "start") or ""
    if not text.strip():
        raise InputError("{parameter} is empty: give a FEN such as W:W31,32:B1,2, or start", parameter=name)
    with naming(name, text, "position"):  # the field the position came in
        return draughts.parse_position(text, variant)


def _seed(query: Query) -> tuple[Any, draughts.LongestCaptures] | None:
    text = query.text("seed_input")
    if text is None:
        return None
    for other in ("position", "fen", "piece"):
        if other in query.fields:
            raise InputError("give either seed_input or {parameter}, not both", parameter=other)
    if query.text("variant", "seed") != "seed":
        raise InputError("seed_input plays by the seed's rules: leave out {parameter} or give seed",
                         parameter="variant", value=query.text("variant"))
    with naming("seed_input", text, "text"):
        return draughts.seed_captures(*draughts.read_seed_input(text))


def draughts_captures(query: Query, work: Work) -> Answer:
    """``draughts captures [POSITION] [--variant V] [--piece SQ] [--seed-input FILE --tree]``
    (``seed_input`` holds the text of the seed's input, not a file)."""
    seeded = _seed(query)
    tree = query.flag("tree")
    if seeded is not None:
        root, result = seeded
        payload = result.to_json()
        if tree:
            payload["tree"] = draughts.tree_json(root)
        return payload
    if tree:
        raise InputError("{parameter} draws the seed's capture tree: give it with seed_input", parameter="tree")
    position = _position(query)
    piece = query.text("piece")
    with field("piece"):
        square = draughts.parse_square_text(piece.strip(), position.variant) if piece is not None else None
        return draughts.longest_captures(position, square).to_json()


def draughts_steps(query: Query, work: Work) -> Answer:
    """A page of the seed's program on ``seed_input``: steps ``offset`` .. ``offset + limit - 1``;
    ``draughts/listing`` gives the code whose lines they cite."""
    text = query.text("seed_input")
    if text is None:
        raise InputError("{parameter} is missing: give the seed's input (n, n pairs x y of black men, x y of the "
                         "white man)", parameter="seed_input")
    with naming("seed_input", text, "text"):
        given = draughts.read_seed_input(text)
    offset = _offset(query)
    return _page(draughts.seed_steps(*given, offset=offset, cancel=work.cancel), query, work, "seed", offset)


def draughts_listing(query: Query, work: Work) -> Answer:
    """The code of the seed's program, as its steps cite it."""
    return _listing(query, {"seed": draughts.SEED_LISTING}, "seed")


def draughts_lesson(query: Query, work: Work) -> Answer:
    """A lesson on the seed's draughts program (``name``): its stages, its questions and its steps."""
    return _lesson(query, "draughts")


def draughts_moves(query: Query, work: Work) -> Answer:
    """``draughts moves [POSITION] [--variant V] [--paths]``."""
    return draughts.moves_of(_position(query), query.flag("paths")).to_json()


def draughts_perft(query: Query, work: Work) -> Answer:
    """``draughts perft [POSITION] [--variant V] [--depth D] [--paths]``."""
    position = _position(query)
    deepest = WEB_PERFT_DEPTH if position.variant.on_bitboards else WEB_PERFT_DEPTH_PYTHON
    depth = query.integer("depth", 0, deepest, 5)
    assert depth is not None
    return draughts.perft_count(position, depth, query.flag("paths"), **work.protocol(draughts.perft_count)).to_json()


def draughts_variants(query: Query, work: Work) -> Answer:
    """``draughts variants``: each rule set's description; with ``details``, what the page needs to draw it."""
    if not query.flag("details"):
        return {name: variant.description for name, variant in draughts.VARIANTS.items()}
    return {name: variant.to_json() for name, variant in draughts.VARIANTS.items()}


def draughts_position(query: Query, work: Work) -> Answer:
    """A position read (a FEN, a diagram or the seed's input) and written back: its FEN and its pieces."""
    seeded = _seed(query)
    if seeded is not None:
        return seeded[1].position.to_json()
    return _position(query).to_json()


def draughts_play(query: Query, work: Work) -> Answer:
    """The position after one legal ``move``, written as ``draughts moves`` writes it."""
    return draughts.play(_position(query), query.text("move") or "").to_json()


#: Each puzzle's endpoints, by action: the registry (:mod:`boardpuzzles.registry`) names them, and the
#: server answers them at ``/api/<puzzle>/<action>``.
QUEENS: dict[str, Endpoint] = {
    "solve": Endpoint(queens_solve, ("n", "method", "trace")),
    "all": Endpoint(queens_all, ("n", "unique", "limit", "method", "trace")),
    "complete": Endpoint(queens_complete, ("n", "queens", "all")),
    "count": Endpoint(queens_count, ("n",), job=True),
    "steps": Endpoint(queens_steps, ("n", "method", "placed", "offset", "limit")),
    "player": Endpoint(queens_player, ("n", "method", "lang", "placed")),
    "listing": Endpoint(queens_listing, ("method",)),
    "images": Endpoint(queens_images, ("columns",)),
    "compare": Endpoint(queens_compare, ("n",)),
    "lesson": Endpoint(queens_lesson, ("name", "placed")),
}
KNIGHT: dict[str, Endpoint] = {
    "tour": Endpoint(knight_tour, ("board", "start", "closed", "method", "lookahead", "blocked", "trace")),
    "count": Endpoint(knight_count, ("board", "closed", "start", "blocked"), job=True),
    "starts": Endpoint(knight_starts, ("board", "closed"), job=True),
    "steps": Endpoint(knight_steps, ("board", "start", "closed", "method", "lookahead", "blocked", "offset", "limit")),
    "listing": Endpoint(knight_listing, ("method",)),
    "lesson": Endpoint(knight_lesson, ("name",)),
}
DRAUGHTS: dict[str, Endpoint] = {
    "captures": Endpoint(draughts_captures, (*DRAUGHTS_POSITION, "piece", "seed_input", "tree")),
    "steps": Endpoint(draughts_steps, ("seed_input", "offset", "limit")),
    "listing": Endpoint(draughts_listing, ("method",)),
    "lesson": Endpoint(draughts_lesson, ("name",)),
    "moves": Endpoint(draughts_moves, (*DRAUGHTS_POSITION, "paths")),
    "perft": Endpoint(draughts_perft, (*DRAUGHTS_POSITION, "depth", "paths"), job=True),
    "variants": Endpoint(draughts_variants, ("details",)),
    "position": Endpoint(draughts_position, (*DRAUGHTS_POSITION, "seed_input")),
    "play": Endpoint(draughts_play, (*DRAUGHTS_POSITION, "move")),
}
