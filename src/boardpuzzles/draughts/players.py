"""Players: what plays one side of a game of draughts, and the simplest of them.

A player is anything with a ``name`` and a :meth:`Player.choose` method that gives its
move in a position (python-chess's ``chess.engine`` asks the same of an engine:
a position and a limit in, a move out). The built-in engine, an engine reached
through a protocol, and :class:`RandomPlayer` all are players, so a game or a
match takes any of them.

>>> from boardpuzzles.draughts import Position
>>> from boardpuzzles.draughts.players import RandomPlayer
>>> RandomPlayer(seed=1).choose(Position("start", "russian"))
Move('c3-b4', variant='russian')
"""

from __future__ import annotations

import random
import threading
from collections.abc import Sequence
from typing import Protocol, runtime_checkable

from .. import checks
from ..errors import InputError, InputTypeError
from .board import Position, require_position
from .moves import Move, legal_moves


@runtime_checkable
class Player(Protocol):
    """What plays a side: a ``name`` and a move chosen in a position."""

    #: what the player is called in a game's record (a PDN ``White``/``Black`` tag)
    name: str

    def choose(self, position: Position, seconds: float | None = None, depth: int | None = None,
               cancel: threading.Event | None = None, history: Sequence[Move] = ()) -> Move:
        """The move this player makes in ``position`` (the side to move is its side), thinking at most
        ``seconds`` or ``depth`` plies when it thinks at all, and stopping when ``cancel`` is set;
        ``history`` is the game's moves that led to ``position``, oldest first (a player that avoids or
        seeks a position played before reads it: see :func:`reversible_tail`).
        Raises :class:`~boardpuzzles.errors.InputError` when the side to move has no legal move."""
        ...


def reversible_tail(position: Position, history: Sequence[Move]) -> list[tuple[Position, Move]]:
    """The positions of a game before ``position`` since its last move that cannot be undone (a man's
    move or a capture), oldest first, each with the move played in it: the end of ``history`` (the
    game's moves that led to ``position``, oldest first) in which a position can come again. Only kings'
    quiet moves are undone, so the game's start need not be known. InputError naming ``history`` when its
    last moves do not lead to ``position``.

    >>> from boardpuzzles.draughts import Game
    >>> game = Game("W:WK46,31:BK1", "international", "31-27 1-7 46-41 7-1 41-46")
    >>> [str(move) for _, move in reversible_tail(game.position, game.moves)]
    ['1-7', '46-41', '7-1', '41-46']
    """
    require_position(position)
    if isinstance(history, (str, bytes)) or not isinstance(history, Sequence):
        raise InputTypeError("{parameter} must be a sequence of moves", parameter="history",
                             value=type(history).__name__)
    tail = []
    for move in reversed(history):
        if not isinstance(move, Move):
            raise InputTypeError("{parameter} must hold moves", parameter="history", value=type(move).__name__)
        if move.is_capture or move.piece not in "WB" or move.variant != position.variant:
            break
        pieces = dict(position.pieces)
        if pieces.get(move.end) != move.piece or move.start in pieces or move.piece == position.turn:
            raise InputError(f"{{parameter}} does not lead to the position: its move {move} cannot have been played "
                             f"last in {position.fen()}", parameter="history")
        pieces[move.start] = pieces.pop(move.end)
        position = Position.from_pieces(pieces, move.piece, position.variant)
        tail.append((position, move))
    tail.reverse()
    return tail


class RandomPlayer:
    """A player that picks one of the legal moves at random: the weakest opponent, the measure an
    engine's strength starts from. The same ``seed`` gives the same moves."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = checks.whole_number(seed, "seed")
        self.name = f"random (seed {self.seed})"
        self._random = random.Random(self.seed)

    def choose(self, position: Position, seconds: float | None = None, depth: int | None = None,
               cancel: threading.Event | None = None, history: Sequence[Move] = ()) -> Move:
        """One of the legal moves of ``position``, at random (``seconds``, ``depth``, ``cancel`` and
        ``history`` do not matter: it does not think)."""
        require_position(position)
        moves = list(legal_moves(position))
        if not moves:
            raise InputError("{parameter} has no legal move: the game is over", parameter="position",
                             value=position.fen(), show_value=False)
        return self._random.choice(moves)

    def __repr__(self) -> str:
        return f"RandomPlayer(seed={self.seed})"
