"""Moves written in notation, read back into :class:`~.moves.Move`: ``32-28``, ``28x19``, ``28x19x10``,
Russian ``c3:e5:c7``, and the hub form ``from x to x captured x captured``.

A move is matched against the legal moves of the position by its squares, never by
its separator (``-``, ``x``, ``X`` and ``:`` all separate squares: some published
files write captures with ``-``):

* two squares: the legal move from the first to the second; where several captures
  share those ends and take different pieces, the text is ambiguous and the error
  lists the full paths to choose from;
* more squares: first read as the full path (every square where the piece stops;
  a flying king may also name squares it passes over in a straight line), then, if no
  legal move has that path, as the hub form (start, end, then the squares of the pieces
  taken, in any order), then as some of its stops (``2x30x11`` for the king's ``2x30x39x11``:
  the start, squares it passes in that order, the end), where one move fits.

Squares are numbers or algebraic names in any variant (:func:`~.board.parse_square_text`);
spaces around a separator are allowed (``32 - 28``), algebraic squares may be written
without one (``c3d4``, as some programs write them), and so may two numbers of two digits
each (``3228``, as the PDN reading grammar notes). Trailing move comments ``!``, ``?``,
``!?`` ... are ignored.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..errors import InputError, InputTypeError
from ..geometry import Square
from .board import Position, parse_square_text, require_position, square_text
from .moves import Move, after, distinct, legal_moves

_SEPARATORS = re.compile(r"\s*[-xX:]\s*")
_GLUED = re.compile(r"(?:[A-Za-z][0-9]+){2,}")  # algebraic squares without separators: c3d4
_SQUARE = re.compile(r"[A-Za-z][0-9]+")
_GLUED_NUMBERS = re.compile(r"[0-9]{4}")  # two numbers of two digits without a separator: 3228
_TWO_DIGITS = re.compile(r"[0-9]{2}")
_COMMENT = re.compile(r"[!?]+$")

#: Legal moves listed in an error before it says "..." instead.
SHOWN_MOVES = 40


def _line(a: Square, b: Square) -> list[Square] | None:
    """The squares passed from ``a`` to ``b`` along a straight line (diagonal or orthogonal), ``b``
    included; None if the two are not on one line."""
    rows, cols = b[0] - a[0], b[1] - a[1]
    if (rows, cols) == (0, 0) or (rows and cols and abs(rows) != abs(cols)):
        return None
    steps = max(abs(rows), abs(cols))
    dr, dc = (rows > 0) - (rows < 0), (cols > 0) - (cols < 0)
    return [(a[0] + dr * i, a[1] + dc * i) for i in range(1, steps + 1)]


def _trace(squares: tuple[Square, ...] | list[Square]) -> list[Square] | None:
    """Every square passed along a path of straight strokes, or None if a stroke is not straight."""
    passed = [squares[0]]
    for a, b in zip(squares, squares[1:]):
        stroke = _line(a, b)
        if stroke is None:
            return None
        passed.extend(stroke)
    return passed


def _passes(squares: list[Square], trace: list[Square] | None) -> bool:
    """Whether ``trace`` goes through ``squares`` in their order."""
    if trace is None:
        return False
    rest = iter(trace)
    return all(square in rest for square in squares)


def _choices(moves: Sequence[Move], full: bool = False) -> str:
    texts = [move.notation(full) for move in moves]
    shown = ", ".join(texts[:SHOWN_MOVES])
    return shown + (f", ... ({len(texts)} in all)" if len(texts) > SHOWN_MOVES else "")


def _side(position: Position) -> str:
    return "white" if position.turn == "W" else "black"


def read_squares(text: str, position: Position) -> list[Square]:
    """The squares named in a move's text (InputError if one is not a square of the board)."""
    body = _COMMENT.sub("", text.strip())
    if _GLUED.fullmatch(body):
        parts = _SQUARE.findall(body)
    elif _GLUED_NUMBERS.fullmatch(body):
        parts = _TWO_DIGITS.findall(body)
    else:
        parts = _SEPARATORS.split(body)
    if len(parts) < 2 or not all(parts):
        raise InputError(
            f"{{parameter}} '{text.strip()}' is not a move: write its squares joined by '-', 'x' or ':', like 32-28 "
            "or 28x19", parameter="move",
        )
    try:
        return [parse_square_text(part, position.variant) for part in parts]
    except InputError as error:
        raise InputError(f"{{parameter}} '{text.strip()}': {error}", parameter="move") from None


def fitting_moves(move: str, position: Position) -> list[Move]:
    """The legal moves of ``position`` that the notation ``move`` fits, one per distinct move (the first
    route that fits): one when the text names a move, several when it is ambiguous (a capture written by
    its ends that two routes fit, taking different pieces), none when it names no legal move. InputError
    if the text is not a move's."""
    require_position(position)
    if not isinstance(move, str):
        raise InputTypeError("{parameter} must be a move's notation (text)", parameter="move",
                             value=type(move).__name__)
    return distinct(_fitting(read_squares(move, position), legal_moves(position, paths=True)))


def _fitting(squares: list[Square], moves: Sequence[Move]) -> list[Move]:
    """The moves of ``moves`` (every path) that the squares of a move's text fit."""
    if len(squares) == 2:
        found = [legal for legal in moves if (legal.start, legal.end) == (squares[0], squares[1])]
    else:
        trace = _trace(squares)
        found = [legal for legal in moves if trace is not None and _trace(legal.path) == trace]
        if not found:
            hub = (squares[0], squares[1], frozenset(squares[2:]))
            found = [legal for legal in moves if legal.key() == hub and len(legal.captured) == len(squares) - 2]
        if not found:
            found = [legal for legal in moves if (legal.start, legal.end) == (squares[0], squares[-1])
                     and _passes(squares, _trace(legal.path))]
    return found


def parse_move(move: str, position: Position) -> Move:
    """The legal move of ``position`` that the notation ``move`` names (InputError if none, or if it is
    ambiguous)."""
    options = fitting_moves(move, position)
    if len(options) == 1:
        return options[0]
    shown = move.strip()
    if options:
        ends = " to ".join(square_text(square, position.variant) for square in (options[0].start, options[0].end))
        raise InputError(
            f"{{parameter}} '{shown}' is ambiguous: {len(options)} captures go from {ends}, taking different pieces: "
            f"write the full path, one of {_choices(options, full=True)}", parameter="move",
        )
    if not legal_moves(position):
        raise InputError(f"{{parameter}} '{shown}': {_side(position)} has no legal move here", parameter="move")
    raise InputError(
        f"{{parameter}} '{shown}' is not legal for {_side(position)} here: the legal moves are "
        f"{_choices(legal_moves(position))}", parameter="move",
    )


def legal_move(move: str | Move, position: Position) -> Move:
    """The legal move of ``position`` that ``move`` is: its notation (:func:`parse_move`), or a
    :class:`Move` equal to a legal one in its start, end and pieces taken (InputError if none is)."""
    if isinstance(move, str):
        return parse_move(move, position)
    if not isinstance(move, Move):
        raise InputTypeError("{parameter} must be a Move or its notation (text)", parameter="move",
                             value=type(move).__name__)
    require_position(position)
    found = legal_moves(position)
    key = move.key()
    for legal in found:
        if legal.key() == key and legal.piece == move.piece and legal.variant == move.variant:
            return legal
    raise InputError(f"{{parameter}} {move.notation(full=True)} is not legal for {_side(position)} in {position.fen()}: the "
                     f"legal moves are {_choices(found)}", parameter="move")


def play(position: Position, move: str | Move) -> Position:
    """The position after ``move`` (its notation or a :class:`Move`), checked to be legal; ``position`` is
    a value and does not change."""
    return after(position, legal_move(move, position))


def play_line(position: Position, line: str) -> Position:
    """The position after the moves of ``line``, separated by spaces (``"32-28 19-23 28x19"``).

    Move numbers (``1.``, ``1...``) are skipped. An illegal move is an InputError naming its
    place in the line (``move 3 '28x19' is not legal ...``).
    """
    current = require_position(position)
    if not isinstance(line, str):
        raise InputTypeError("{parameter} must be moves' notation (text)", parameter="line", value=type(line).__name__)
    place = 0
    for token in line.split():
        if re.fullmatch(r"[0-9]+\.+", token):
            continue
        place += 1
        try:
            current = play(current, token)
        except InputError as error:
            raise InputError(error.worded(f"move {place}"), parameter="line") from None
    return current
