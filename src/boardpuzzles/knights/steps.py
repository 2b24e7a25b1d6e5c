"""The knight's tour move by move, with the seed's tables, for watching it (``--trace``, the web page).

The seed keeps ``accessibility``: for each free square, from how many free
squares a knight can still reach it.  Each step here says where the knight went,
the candidates it had (every free square a knight's move away, with its
accessibility and, for the look-ahead, its score), which one the rule chose and
the accessibility of every square after the move, so the values can be seen
falling.  The rule's choice is made here in plain Python exactly as
:func:`.warnsdorff.tour_kernel` makes it (a test walks both), so the steps of
``warnsdorff``, ``lookahead`` and ``roth`` are the search itself; the other
methods' tours are replayed along their path with the same tables.

>>> steps = list(rule_steps(5, 5, (0, 0), "warnsdorff"))
>>> steps[1].square, [c.name for c in steps[1].candidates]
((1, 2), ['c2', 'b3'])
>>> steps[-1].kind
'done'
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from .. import animate, render
from ..errors import InputError
from ..geometry import Square, square_name
from .moves import DCOL, DROW
from .tour import LOOKAHEAD_DEPTH, KnightTour, NoTour
from .warnsdorff import _BASE

#: The methods whose choice is a rule that the steps follow; other methods are replayed.
RULES = ("warnsdorff", "lookahead", "roth")
#: Largest board (squares) whose tour is shown step by step.
MAX_STEPPED = 400

_MOVES = tuple(zip(DROW.tolist(), DCOL.tolist()))


@dataclass(frozen=True)
class Candidate:
    """A free square a knight's move away: its ``accessibility`` and its rule's ``score``
    (the look-ahead's number, None for the other rules); ``refused`` says why the rule
    passes it over whatever its score (Roth: a dead end before the last move)."""

    square: Square
    accessibility: int
    score: int | None = None
    refused: str = ""

    @property
    def name(self) -> str:
        return square_name(*self.square)

    def to_json(self) -> dict[str, Any]:
        return {"square": self.name, "accessibility": self.accessibility, "score": self.score,
                "refused": self.refused or None}


@dataclass(frozen=True)
class KnightStep:
    """One step of a tour: ``kind`` is ``start``, ``move``, ``stuck`` (no free square to go to)
    or ``done`` (every free square visited; ``note`` says whether the tour closes).

    ``number`` counts the squares visited (the start is 1), ``square`` is where the
    knight stands, ``candidates`` the choices it had to get there (for ``stuck``
    and ``done``: from there), ``accessibility`` the table after the step, row by
    row from rank 1 (None on visited and blocked squares).
    """

    kind: str
    number: int
    square: Square
    candidates: tuple[Candidate, ...]
    accessibility: tuple[tuple[int | None, ...], ...]
    note: str = ""

    def __str__(self) -> str:
        where = square_name(*self.square)
        if self.kind == "start":
            return f"  1 start {where}"
        if self.kind in ("stuck", "done"):
            return f"{self.kind}: {self.note}"
        options = ", ".join(f"{c.name} {c.accessibility}" + (f" ({c.score})" if c.score is not None else "")
                            + (f" [{c.refused}]" if c.refused else "") for c in self.candidates)
        return f"{self.number:>3} {where}   from: {options}"

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind, "number": self.number, "square": square_name(*self.square),
            "candidates": [c.to_json() for c in self.candidates],
            "accessibility": [list(row) for row in self.accessibility], "note": self.note or None,
        }


class _Board:
    """The seed's two tables on a board with blocked squares: visited and accessibility."""

    def __init__(self, rows: int, cols: int, blocked: Iterable[Square]) -> None:
        self.rows, self.cols = rows, cols
        self.taken = {(r, c): False for r in range(rows) for c in range(cols)}
        for square in blocked:
            self.taken[square] = True
        self.free_total = sum(not taken for taken in self.taken.values())
        self.acc = {square: len(self.onward(square)) for square, taken in self.taken.items() if not taken}

    def onward(self, square: Square, shift: int = 0) -> list[Square]:
        """The free squares a knight's move from ``square``, in move-code order from ``shift``."""
        r, c = square
        found = []
        for i in range(8):
            dr, dc = _MOVES[(i + shift) % 8]
            target = (r + dr, c + dc)
            if target in self.taken and not self.taken[target]:
                found.append(target)
        return found

    def occupy(self, square: Square) -> None:
        self.taken[square] = True
        for target in self.onward(square):
            self.acc[target] -= 1

    def release(self, square: Square) -> None:
        self.taken[square] = False
        for target in self.onward(square):
            self.acc[target] += 1

    def look(self, square: Square, depth: int) -> int:
        """The look-ahead score: the accessibility, then the best score one move on (as the kernel's ``_look``)."""
        if depth <= 1:
            return self.acc[square]
        scale = _BASE ** (depth - 1)
        self.occupy(square)
        best = min((self.look(target, depth - 1) for target in self.onward(square)), default=scale - 1)
        self.release(square)
        return self.acc[square] * scale + best

    def table(self) -> tuple[tuple[int | None, ...], ...]:
        return tuple(tuple(None if self.taken[r, c] else self.acc[r, c] for c in range(self.cols))
                     for r in range(self.rows))


def check_stepped(rows: int, cols: int) -> None:
    """Refuse a board too large to step through (or animate): over :data:`MAX_STEPPED` squares."""
    if rows * cols > MAX_STEPPED:
        raise InputError(f"{{parameter}} is too large to step through: at most {MAX_STEPPED} squares",
                         parameter="board", value=f"{rows}x{cols}", allowed=f"up to {MAX_STEPPED} squares")


def _check(rows: int, cols: int, method: str) -> None:
    check_stepped(rows, cols)
    if method not in RULES:
        raise InputError("{parameter} must be one of " + ", ".join(RULES) + " to follow its choices",
                         parameter="method", value=method, allowed=list(RULES))


def _far(rows: int, cols: int, square: Square) -> int:
    return (2 * square[0] - rows + 1) ** 2 + (2 * square[1] - cols + 1) ** 2


def rule_steps(rows: int, cols: int, start: Square, method: str, depth: int = 2,
               blocked: Iterable[Square] = (), shift: int = 0, closed: bool = False) -> Iterator[KnightStep]:
    """The rule ``method`` (warnsdorff, lookahead with ``depth``, roth) walking from ``start``, step by step.

    Ties go to the first move in the order ``shift``, ``shift + 1``, ... (mod 8), as in the kernel.
    """
    _check(rows, cols, method)
    board = _Board(rows, cols, blocked)
    square = start
    board.occupy(square)
    yield KnightStep("start", 1, square, (), board.table())
    for number in range(2, board.free_total + 1):
        candidates = []
        best: tuple[int, int] | None = None
        chosen = None
        for target in board.onward(square, shift):
            acc = board.acc[target]
            score = board.look(target, depth) if method == "lookahead" else None
            key = acc if score is None else score
            refused = ""
            if method == "roth" and key == 0 and number < board.free_total:
                refused = "a dead end before the last move"
            candidates.append(Candidate(target, acc, score, refused))
            rank = (key, -_far(rows, cols, target) if method == "roth" else 0)
            if not refused and (best is None or rank < best):
                best, chosen = rank, target
        if chosen is None:
            yield KnightStep("stuck", number - 1, square, tuple(candidates), board.table(),
                             _stuck_note(board, square, candidates, method, number - 1))
            return
        square = chosen
        board.occupy(square)
        yield KnightStep("move", number, square, tuple(candidates), board.table())
    yield _done(board, start, square, closed)


def path_steps(rows: int, cols: int, path: Sequence[Square], blocked: Iterable[Square] = (),
               closed: bool = False) -> Iterator[KnightStep]:
    """A tour found by another method, replayed square by square with the seed's tables."""
    check_stepped(rows, cols)
    board = _Board(rows, cols, blocked)
    board.occupy(path[0])
    yield KnightStep("start", 1, path[0], (), board.table())
    for number, (before, square) in enumerate(zip(path, path[1:]), start=2):
        candidates = tuple(Candidate(target, board.acc[target]) for target in board.onward(before))
        board.occupy(square)
        yield KnightStep("move", number, square, candidates, board.table())
    yield _done(board, path[0], path[-1], closed)


def _closes(start: Square, last: Square) -> bool:
    """Whether ``last`` is a knight's move from ``start``."""
    return abs(last[0] - start[0]) * abs(last[1] - start[1]) == 2


def _done(board: _Board, start: Square, last: Square, closed: bool) -> KnightStep:
    closes = _closes(start, last)
    note = f"every square visited, ending on {square_name(*last)}, " + (
        "a knight's move from the start: the tour closes" if closes else "not a knight's move from the start: an open tour")
    if closed and not closes:
        note += ", so it is not the closed tour asked for"
    return KnightStep("done", board.free_total, last, (), board.table(), note)


def _stuck_note(board: _Board, square: Square, candidates: list[Candidate], method: str, visited: int) -> str:
    left = board.free_total - visited
    where = square_name(*square)
    if candidates:
        names = ", ".join(c.name for c in candidates)
        why = f"its only free neighbours ({names}) are dead ends that {method} enters only as the last square"
    else:
        why = "every square a knight's move away is visited or blocked"
    return (f"stuck on {where} after {visited - 1} moves with {left} square{'s' if left != 1 else ''} "
            f"left: {why}")



def tour_steps(rows: int, cols: int, start: Square, closed: bool, method: str | None, lookahead: int | None,
               blocked: Iterable[Square], result: KnightTour | NoTour) -> list[KnightStep]:
    """The steps behind ``result``, the answer of ``find_tour`` to these arguments: the rule's
    own choices for ``warnsdorff``, ``lookahead`` and ``roth`` (in the tie order that found
    the tour, or where the rule got stuck), the path replayed for the other methods; none
    when a theorem or a search proved that no tour exists."""
    depth = lookahead or LOOKAHEAD_DEPTH
    if isinstance(result, NoTour):
        if result.proved or method not in RULES:
            return []
        return list(rule_steps(rows, cols, start, method, depth, blocked, closed=closed))
    path = result.squares()
    if result.method in RULES:
        for shift in range(8):
            walked = list(rule_steps(rows, cols, start, result.method, depth, blocked, shift, result.closed))
            if [step.square for step in walked[:-1]] == path:
                return walked
    return list(path_steps(rows, cols, path, blocked, result.closed))


def _caption(step: KnightStep) -> str:
    where = square_name(*step.square)
    if step.kind == "start":
        return f"The knight starts on {where}; each free square shows its accessibility in its corner"
    if step.kind in ("stuck", "done"):
        return step.note[:1].upper() + step.note[1:]
    options = ", ".join(f"{c.name} {c.accessibility}" + (f" (score {c.score})" if c.score is not None else "")
                        + (" (a dead end)" if c.refused else "") for c in step.candidates)
    return f"move {step.number - 1} to {where}; the choices (accessibility): {options}"


def tour_frames(rows: int, cols: int, steps: Sequence[KnightStep], blocked: Iterable[Square] = ()) -> list[animate.Frame]:
    """The steps of a tour (:func:`tour_steps`) as frames: the knight on its square, the visited
    squares numbered along the path, the candidates it had marked with their accessibility, and
    every free square's accessibility small in its corner."""
    holes = set(blocked)
    frames = []
    visited: list[Square] = []
    for step in steps:
        if step.kind in ("start", "move"):
            visited.append(step.square)
        table = {(r, c): str(value) for r, row in enumerate(step.accessibility) for c, value in enumerate(row)
                 if value is not None}
        diagram = render.Diagram(
            rows, cols, pieces={step.square: "N"}, blocked=holes, path=list(visited),
            labels={square: str(number) for number, square in enumerate(visited, start=1) if square != step.square},
            marks={c.square: render.HIGHLIGHT for c in step.candidates}, corner_labels=table,
            closed_path=step.kind == "done" and _closes(visited[0], step.square))
        frames.append(animate.Frame(diagram, _caption(step)))
    return frames


def tour_animation(rows: int, cols: int, start: Square, closed: bool, method: str | None, lookahead: int | None,
                   blocked: Iterable[Square], result: KnightTour | NoTour, seconds: float = 0.5) -> str:
    """The tour behind ``result`` (the answer of ``find_tour`` to these arguments) as a self-playing
    SVG (``knight tour --animate``): :func:`tour_steps` drawn by :func:`tour_frames`; where a
    proof says there is no tour, one frame with the board and the reason.

    Raises :class:`~..errors.InputError` (``board``) past :data:`MAX_STEPPED` squares.
    """
    check_stepped(rows, cols)
    holes = list(blocked)
    steps = tour_steps(rows, cols, start, closed, method, lookahead, holes, result)
    if steps:
        frames = tour_frames(rows, cols, steps, holes)
    else:
        assert isinstance(result, NoTour)
        frames = [animate.Frame(render.Diagram(rows, cols, pieces={start: "N"}, blocked=set(holes)),
                                f"No tour: {result.reason}")]
    kind = "closed" if closed else "open"
    return animate.animation(frames, seconds, f"{kind} knight's tour of the {rows}x{cols} board, move by move")
