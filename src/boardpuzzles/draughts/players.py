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
from typing import Protocol, runtime_checkable

from .. import checks
from ..errors import InputError
from .board import Position, require_position
from .moves import Move, legal_moves


@runtime_checkable
class Player(Protocol):
    """What plays a side: a ``name`` and a move chosen in a position."""

    #: what the player is called in a game's record (a PDN ``White``/``Black`` tag)
    name: str

    def choose(self, position: Position, seconds: float | None = None, depth: int | None = None,
               cancel: threading.Event | None = None) -> Move:
        """The move this player makes in ``position`` (the side to move is its side), thinking at most
        ``seconds`` or ``depth`` plies when it thinks at all, and stopping when ``cancel`` is set.
        Raises :class:`~boardpuzzles.errors.InputError` when the side to move has no legal move."""
        ...


class RandomPlayer:
    """A player that picks one of the legal moves at random: the weakest opponent, the measure an
    engine's strength starts from. The same ``seed`` gives the same moves."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = checks.whole_number(seed, "seed")
        self.name = f"random (seed {self.seed})"
        self._random = random.Random(self.seed)

    def choose(self, position: Position, seconds: float | None = None, depth: int | None = None,
               cancel: threading.Event | None = None) -> Move:
        """One of the legal moves of ``position``, at random (``seconds``, ``depth`` and ``cancel`` do not
        matter: it does not think)."""
        require_position(position)
        moves = list(legal_moves(position))
        if not moves:
            raise InputError("{parameter} has no legal move: the game is over", parameter="position",
                             value=position.fen(), show_value=False)
        return self._random.choice(moves)

    def __repr__(self) -> str:
        return f"RandomPlayer(seed={self.seed})"
