"""A position with the moves played on it, for searches written in Python: ``push``, ``pop`` and
``legal_moves`` (python-chess's ``Board`` model), for every rule set; ``copy`` for a board of one's own,
and the game's end on the board (:meth:`Board.outcome`).

>>> from boardpuzzles.draughts import Board, Position
>>> board = Board(Position("start", "international"))
>>> moves = board.legal_moves
>>> len(moves), str(moves[0])
(9, '31-26')
>>> board.push("32-28")
>>> board.fen()
'B:W28,31,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20'
>>> str(board.pop())
'32-28'

A :class:`.Position` is a value; a board is the one thing that changes. For the rule sets the numba
kernels play (:attr:`.Variant.on_bitboards`) it keeps only the kernel's four numbers (white, black,
kings, side to move): a move pushed is recorded and played (one :func:`.fast.play_row`) when the
position is next asked for, a move taken back is the numbers before it, and its own
:class:`.fast.Generator` (buffers not shared with other threads) lists the moves. For the others it keeps the positions, played by :func:`.moves.after`. Convert with
``Board(position)`` and :meth:`Board.position`.
"""

from __future__ import annotations

from collections.abc import Sequence

from .. import render
from ..errors import InputError, InputTypeError
from .board import Bitboards, Position, require_position
from .fast import play_row
from .moves import Move, MoveGenerator, Moves, after, move_row, reference_moves
from .notation import legal_move, parse_move
from .rules import GameEnd, Variant, ruled_end


class Board:
    """A position and the moves played on it (:attr:`move_stack`), under one rule set."""

    __slots__ = ("variant", "_state", "_stack", "_generator", "_listed")

    def __init__(self, position: Position) -> None:
        require_position(position)
        #: the rule set
        self.variant: Variant = position.variant
        #: The position now: its bitboards where the kernels play the rules, else the Position itself; None
        #: while the move pushed last is not played yet (:meth:`_now` plays it when the position is asked for).
        self._state: Bitboards | Position | None = position
        if self.variant.on_bitboards:
            self._state = position.bitboards()
            self._generator = MoveGenerator(self.variant)  # only boards on bitboards have one
        #: The positions before each move played, the move, and the moves last listed there.
        self._stack: list[tuple[Bitboards | Position, Move, Moves | None]] = []
        self._listed: Moves | None = None  # the moves last listed (of the position now, or another)

    def _now(self) -> Bitboards | Position:
        """The position now, the move pushed last played on the bitboards first if it is not yet."""
        state = self._state
        if state is None:
            before, move, _ = self._stack[-1]
            white, black, kings, colour = before  # type: ignore[misc]  # a move waits only on bitboards
            _, origin, to, taken, flags = move_row(move)
            state = self._state = (*play_row(white, black, kings, colour, origin, to, taken, flags), 1 - colour)
        return state

    @property
    def legal_moves(self) -> Sequence[Move]:
        """The legal moves of the side to move (one per distinct move), each a :class:`.Move`: a lazy
        :class:`.Moves` sequence where the kernels play the rules (``len`` costs the kernel alone)."""
        state = self._state
        if type(state) is not tuple:
            state = self._now()
            if isinstance(state, Position):
                return reference_moves(state)
        moves = self._listed = Moves(self._generator, state)
        return moves

    @property
    def turn(self) -> str:
        """The side to move: "W" or "B"."""
        state = self._now()
        if isinstance(state, Position):
            return state.turn
        return "B" if state[3] else "W"

    @property
    def move_stack(self) -> list[Move]:
        """The moves played on this board, the first first."""
        return [move for _, move, _ in self._stack]

    def push(self, move: Move | str) -> None:
        """Play ``move``: a legal :class:`.Move` of the position, or its notation (``"32-28"``, any form
        :func:`.notation.parse_move` reads). An illegal move is an InputError naming it and the legal
        ones; anything but a Move or a str an InputTypeError (a TypeError).

        A move of the moves listed last (:attr:`legal_moves`) is checked by its key and recorded: the
        bitboards after it are made when the position is next asked for, so that a push taken back at once
        (a search's leaves) costs no more."""
        state, listed = self._state, self._listed
        if type(move) is Move and listed is not None and listed.bits is state and listed.row_of(move) is not None:
            self._stack.append((state, move, listed))
            self._state = None
            return
        if type(move) is not Move:
            if isinstance(move, str):
                move = parse_move(move, self.position())
            elif not isinstance(move, Move):
                raise InputTypeError("{parameter} must be a Move or its notation (str)", parameter="move",
                                     value=type(move).__name__)
        state = self._now()
        if isinstance(state, Position):
            played = legal_move(move, state)
            self._stack.append((state, move if move == played else played, None))
            self._state = after(state, played)
            return
        if move.variant is not self.variant and move.variant != self.variant:
            raise InputError(f"{{parameter}} {move} is a move of {move.variant.name}, not {self.variant.name}",
                             parameter="move")
        listed = self._listed
        if listed is None or listed.bits is not state:
            listed = self._listed = Moves(self._generator, state)
        if listed.row_of(move) is None:
            move = legal_move(move, self.position())  # the legal move it names (or InputError)
        self._stack.append((state, move, listed))
        self._state = None

    def pop(self) -> Move:
        """Take back the last move played; returns it (InputError if none was)."""
        try:
            self._state, move, self._listed = self._stack.pop()
        except IndexError:
            raise InputError("no move to take back: no move was played on this board") from None
        return move

    def position(self) -> Position:
        """The position now, as a :class:`.Position`."""
        state = self._now()
        if isinstance(state, Position):
            return state
        return Position.from_bitboards(state, self.variant)

    def fen(self) -> str:
        """The position now as PDN FEN."""
        return self.position().fen()

    def copy(self) -> Board:
        """A board of its own with the same position and moves played (:attr:`move_stack`): pushing or
        popping on one leaves the other as it was. ``copy.copy(board)`` makes the same."""
        board = object.__new__(Board)
        board.variant, board._state, board._listed = self.variant, self._state, None
        board._stack = [(state, move, None) for state, move, _ in self._stack]  # the moves listed are this board's
        if self.variant.on_bitboards:
            board._generator = MoveGenerator(self.variant)
        return board

    __copy__ = copy

    def __deepcopy__(self, memo: dict[int, object]) -> Board:
        return self.copy()  # its positions and moves are values: a copy shares them safely

    def outcome(self) -> GameEnd | None:
        """How the game on the board has ended, or None while it goes on: a side that cannot move loses (wins
        in Antidraughts), the first man crowned wins in Breakthrough, and the same position with the same
        side to move for the third time on this board is a draw. (The count rules, such as a draw after 25
        moves each with kings only, are a :class:`.Game`'s.)"""
        stack = self._stack
        crowned = bool(stack) and stack[-1][1].promotes
        end = ruled_end(self.variant, self.turn, bool(self.legal_moves), crowned)
        if end is not None:
            return end
        state = self._now()
        if sum(1 for before, _, _ in stack if before == state) >= 2:
            return GameEnd(None, "the same position for the third time")
        return None

    def is_game_over(self) -> bool:
        """True once the game on the board has ended (:meth:`outcome`)."""
        return self.outcome() is not None

    def _repr_svg_(self) -> str:
        """The board as SVG, the last move's path drawn (for notebooks)."""
        return last_move_svg(self.position(), self._stack[-1][1] if self._stack else None)

    def __str__(self) -> str:
        return str(self.position())

    def __repr__(self) -> str:
        return f"Board({self.position()!r})"


def last_move_svg(position: Position, move: Move | None) -> str:
    """``position`` as SVG with the path of ``move`` (the move that led there, if any) drawn on it."""
    diagram = position.diagram()
    if move is not None:
        diagram.path = list(move.path)
    return render.svg(diagram)
