"""A position on bitboards for searches written in Python: ``push``, ``pop`` and ``legal_moves``
at the speed of the numba generator (python-chess's ``Board`` model).

>>> from boardpuzzles.draughts import Board, Position, get_variant
>>> board = Board(Position.initial(get_variant("international")))
>>> moves = board.legal_moves
>>> len(moves)
9
>>> board.push(moves[0])
>>> board.fen()
'B:W26,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20'
>>> board.pop() == moves[0]
True

A :class:`.Position` keeps its pieces in a dict that every other part of the package reads (and a
user may change), so playing a move on it updates the dict square by square. A board keeps only
the kernel's four numbers (white, black, kings, side to move): a move played is one call of the
kernel's :func:`.fast.play_row`, a move taken back is the numbers before it. Convert with
``Board(position)`` and :meth:`Board.position`.
"""

from __future__ import annotations

from ..errors import InputError
from . import fast
from .board import Position
from .moves import Move, Moves, move_text
from .rules import Variant


class Board:
    """A position of a rule set the numba generator plays (:func:`.fast.supports`: the dark squares of
    8x8 and 10x10 boards), with the moves played on it."""

    __slots__ = ("variant", "_bits", "_stack")

    def __init__(self, position: Position) -> None:
        variant = position.variant
        if not fast.supports(variant):
            raise InputError(
                "{parameter}: a Board plays the dark squares of 8x8 and 10x10 boards; use a Position and "
                f"make_move for {variant.name}", parameter="variant", value=variant.name, show_value=False,
            )
        self.variant: Variant = variant
        self._bits = fast.bitboards(position)
        self._stack: list[tuple[tuple[int, int, int, int], Move]] = []

    @property
    def legal_moves(self) -> Moves:
        """The legal moves of the side to move (distinct moves), each a :class:`.Move`."""
        return Moves(self._bits, self.variant)

    @property
    def turn(self) -> str:
        """The side to move: "W" or "B"."""
        return "B" if self._bits[3] else "W"

    @property
    def move_stack(self) -> list[Move]:
        """The moves played on this board, the first first."""
        return [move for _, move in self._stack]

    def push(self, move: Move) -> None:
        """Play ``move``, one of :attr:`legal_moves` (or a move with the same start, end and pieces taken)."""
        bits = self._bits
        if move._before is not bits and (move._before != bits or move._variant is not self.variant):
            move = self._legal(move)
        assert move._row is not None
        self._stack.append((bits, move))
        white, black, kings, colour = bits
        origin, to, taken, flags, _ = move._row
        self._bits = (*fast.play_row(white, black, kings, colour, origin, to, taken, flags), 1 - colour)

    def _legal(self, move: Move) -> Move:
        """The legal move here that is ``move`` (same start, end and pieces taken), or InputError."""
        for legal in self.legal_moves:
            if legal.key() == move.key():
                return legal
        position = self.position()
        raise InputError(f"{{parameter}} {move_text(move, position)} is not legal in {position.fen()}",
                         parameter="move")

    def pop(self) -> Move:
        """Take back the last move played; returns it."""
        if not self._stack:
            raise IndexError("pop from a Board with no move played")
        self._bits, move = self._stack.pop()
        return move

    def position(self) -> Position:
        """The position now, as a :class:`.Position`."""
        return fast.position_of(self._bits, self.variant)

    def fen(self) -> str:
        """The position now as PDN FEN."""
        return self.position().fen()

    def __repr__(self) -> str:
        return f"Board({self.variant.name!r}, {self.fen()!r})"
