"""A game of draughts: a start position, the moves played, and how the game ends.

>>> from boardpuzzles.draughts import Game
>>> game = Game("start", "international")
>>> for text in "32-28 19-23 28x19".split():
...     _ = game.play(text)
>>> game.fen()
'B:W19,31,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,20'
>>> str(game)
'1. 32-28 19-23 2. 28x19'
>>> game
Game('start', variant='international', moves='32-28 19-23 28x19')

How a game ends (:meth:`Game.outcome`), in this order:

* a side with no legal move (no piece left, or every piece blocked) loses; in
  Antidraughts it wins; in Breakthrough the first side to crown a man wins at once
  (the variant's ``outcome`` field says which);
* the same position with the same side to move for the third time is a draw;
* the variant's count rules (:data:`COUNT_RULES`, with their sources in docs/draughts.md):
  a draw after so many moves by each side with kings only and no capture, or in a
  given ending.

A variant with a ``king_move_limit`` (Frisian: three) also forbids a king more than
that many non-capturing moves in a row while its side still has men; that needs the
history, so :meth:`Game.legal_moves` applies it, not the move generator.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from .. import checks
from ..errors import InputError, InputTypeError
from .bitboard import last_move_svg
from .board import Position, parse_position
from .moves import Move, after, legal_moves
from .notation import parse_move
from .rules import DEFAULT_VARIANT, GameEnd, Variant, get_variant, ruled_end, side_name

Material = Counter[str]  # pieces on the board by letter: w, W, b, B


def _material(position: Position) -> Material:
    return Counter(position.pieces.values())


def _one_king_against(material: Material, strong: Callable[[int, int], bool]) -> bool:
    """True if one side has a lone king and the other ``strong(kings, men)``."""
    for lone, other in (("W", "b"), ("B", "w")):
        if material[lone] == 1 and material[lone.lower()] == 0:
            if strong(material[other.upper()], material[other]):
                return True
    return False


@dataclass(frozen=True)
class CountRule:
    """A draw once ``moves`` moves by each side have been played in a row while the rule applies.

    ``kind`` is ``"kings"`` (a move by a king that takes nothing: a man's move or a capture
    starts the count afresh) or ``"ending"`` (the position is the ending ``applies`` describes;
    with ``same_material`` a capture or a crowning starts the count afresh).
    """

    moves: int
    kind: str
    reason: str
    applies: Callable[[Material], bool] = lambda material: True
    same_material: bool = False


_FMJD = (
    CountRule(
        16, "ending", "16 moves each in the ending of three pieces with a king against a lone king",
        lambda m: _one_king_against(m, lambda kings, men: kings >= 1 and kings + men == 3),
    ),
    CountRule(
        5, "ending", "5 moves each in the ending of two kings, king and man, or king against a lone king",
        lambda m: _one_king_against(m, lambda kings, men: kings >= 1 and kings + men <= 2),
    ),
    CountRule(25, "kings", "25 moves each with kings only, no man moved and nothing taken"),
)

#: The count rules by variant, from the published rules (docs/draughts.md names each source); where two
#: apply at once, the first listed names the draw.
COUNT_RULES: dict[str, tuple[CountRule, ...]] = {
    "international": _FMJD,
    "russian": (
        CountRule(
            15, "ending", "15 moves each with three kings or more against a lone king",
            lambda m: _one_king_against(m, lambda kings, men: kings >= 3), same_material=True,
        ),
        CountRule(15, "kings", "15 moves each with kings only, no man moved and nothing taken"),
    ),
    "czech": (CountRule(15, "kings", "15 moves each with kings only, no man moved and nothing taken"),),
}


def move_number(index: int, second_starts: bool = False) -> str:
    """The number of the ``index``-th ply (from 0) as PDN writes it: ``12.``, or ``12...`` for the second
    side's move; ``second_starts`` when the game starts with the second side to move."""
    ply = index + second_starts
    return f"{ply // 2 + 1}" + ("..." if ply % 2 else ".")


class Game:
    """A start position and the moves played from it, under one rule set.

    ``start`` is a :class:`Position`, a FEN or ``"start"``; ``variant`` (a name or a :class:`Variant`) is
    needed for text (default: Russian) and taken from the position otherwise; ``moves`` (their notation,
    separated by spaces, or a list of moves or notations) are played from the start.

    ``str(game)`` is its move text (``1. 32-28 19-23 2. 28x19``), ``repr`` the call that makes it again;
    two games are equal when they have the same rules, start and moves.
    """

    def __init__(self, start: Position | str = "start", variant: Variant | str | None = None,
                 moves: str | Iterable[str | Move] = ()) -> None:
        if isinstance(start, Position):
            if variant is not None and get_variant(variant) != start.variant:
                raise InputError("{parameter} differs from the start position's variant", parameter="variant",
                                 value=variant if isinstance(variant, str) else variant.name)
            position = start
        elif isinstance(start, str):
            rules = get_variant(DEFAULT_VARIANT if variant is None else variant)
            with checks.naming("start", start, "position"):
                position = parse_position(start, rules)
        else:
            raise InputTypeError("{parameter} must be a Position, a FEN or 'start'", parameter="start",
                                 value=type(start).__name__)
        self.variant: Variant = position.variant
        self._positions: list[Position] = [position]
        self._seen: Counter[Position] = Counter([position])
        self._legal: list[list[Move] | None] = [None]
        self.moves: list[Move] = []
        self.notation: list[str] = []
        self._ends: list[GameEnd | None] = [self._ending()]
        played = (moves.split() if isinstance(moves, str)
                  else checks.items(moves, "moves", "text such as '32-28 19-23', or a list of moves"))
        for place, move in enumerate(played, start=1):
            try:
                self.play(move)
            except InputError as error:
                raise InputError(error.worded(f"move {place}"), parameter="moves") from None

    @property
    def start(self) -> Position:
        """The start position."""
        return self._positions[0]

    @property
    def position(self) -> Position:
        """The current position."""
        return self._positions[-1]

    @property
    def turn(self) -> str:
        """The side to move: "W" or "B"."""
        return self._positions[-1].turn

    def __len__(self) -> int:
        """The number of moves (plies) played."""
        return len(self.moves)

    def position_at(self, ply: int) -> Position:
        """The position after ``ply`` moves (0: the start; negative counts from the end)."""
        if not isinstance(ply, int) or not -len(self._positions) <= ply < len(self._positions):
            raise InputError(f"{{parameter}} must be 0..{len(self.moves)}", parameter="ply", value=ply)
        return self._positions[ply]

    def fen(self, ply: int = -1) -> str:
        """The FEN after ``ply`` moves (default: now)."""
        return self.position_at(ply).fen()

    def move_number(self, index: int) -> str:
        """The number of the ``index``-th ply (from 0) as PDN writes it: ``12.``, or ``12...``."""
        return move_number(index, self.start.turn != self.variant.first)

    def legal_moves(self) -> list[Move]:
        """The legal moves now (distinct moves), the history's rules applied."""
        known = self._legal[-1]
        if known is None:
            known = list(legal_moves(self._positions[-1]))
            limit = self.variant.king_move_limit
            if limit and known and not known[0].captured:
                tired = self._king_on_limit(limit)
                if tired is not None:
                    known = [move for move in known if move.start != tired]
            self._legal[-1] = known
        return list(known)

    def _king_on_limit(self, limit: int) -> tuple[int, int] | None:
        """The square of a king of the side to move that has made ``limit`` non-capturing moves in a
        row while its side had men, if one has."""
        position = self._positions[-1]
        if not any(piece == position.turn.lower() for piece in position.pieces.values()):
            return None
        now, expected, streak = None, None, 0
        for move in self.moves[-2::-2]:  # the side to move's own moves, the latest first
            if move.captured or move.piece not in "WB" or (expected is not None and move.end != expected):
                break
            now = move.end if now is None else now
            expected, streak = move.start, streak + 1
        return now if streak >= limit else None

    def play(self, move: str | Move) -> Move:
        """Play ``move`` (its notation or a :class:`Move` among the legal ones); returns the move played."""
        position = self._positions[-1]
        end = self.outcome()
        if end is not None and end.winner is not None:
            shown = move if isinstance(move, str) else move.notation(full=True) if isinstance(move, Move) else move
            raise InputError(f"{{parameter}} '{shown}': the game is over ({end.reason})", parameter="move")
        if isinstance(move, str):
            found = parse_move(move, position)
        elif isinstance(move, Move):
            found = move
        else:
            raise InputTypeError("{parameter} must be a Move or its notation (str)", parameter="move",
                                 value=type(move).__name__)
        allowed = self.legal_moves()
        key = found.key()
        match = next((legal for legal in allowed if legal.key() == key and legal.piece == found.piece), None)
        if match is None or found.variant != self.variant:
            shown = move if isinstance(move, str) else found.notation(full=True)
            raise InputError(
                f"{{parameter}} '{shown}' is not legal for {side_name(position.turn)} here: the legal moves are "
                f"{', '.join(map(str, allowed))}", parameter="move",
            )
        played = found if isinstance(move, str) else match  # the route a text named, or the legal move itself
        after_move = after(position, played)
        self._positions.append(after_move)
        self._seen[after_move] += 1
        self._legal.append(None)
        self.moves.append(played)
        self.notation.append(str(match))
        self._ends.append(self._ending())
        return played

    def undo(self) -> Move:
        """Take back the last move; returns it."""
        if not self.moves:
            raise InputError("no move to take back: the game is at its start position")
        self._seen[self._positions.pop()] -= 1
        self._legal.pop()
        self._ends.pop()
        self.notation.pop()
        return self.moves.pop()

    def outcome(self) -> GameEnd | None:
        """How the game ended (the first ending reached), or None while it goes on.

        A draw by repetition or by a count rule is recorded at the move where it happens and
        moves may still be played after it (published games go on where a server left the draw
        to be claimed); a win ends the game: no move is accepted after it.
        """
        return next((end for end in self._ends if end is not None), None)

    @property
    def ended_at(self) -> int | None:
        """The number of moves played when the game ended (see :meth:`outcome`), or None."""
        return next((ply for ply, end in enumerate(self._ends) if end is not None), None)

    def _ending(self) -> GameEnd | None:
        """How the game ends at the current position, if it does."""
        crowned = bool(self.moves) and self.moves[-1].promotes
        end = ruled_end(self.variant, self.turn, bool(self.legal_moves()), crowned)
        if end is not None:
            return end
        if self._repetitions() >= 3:
            return GameEnd(None, "the same position for the third time")
        for count in COUNT_RULES.get(self.variant.name, ()):
            if self._counted(count) >= 2 * count.moves:
                return GameEnd(None, count.reason)
        return None

    def _repetitions(self) -> int:
        """How many times the current position (pieces and side to move) has stood in this game."""
        return self._seen[self._positions[-1]]

    def _counted(self, count: CountRule) -> int:
        """Moves (plies) in a row, up to now, during which ``count`` applied."""
        plies = 0
        for index in range(len(self.moves), 0, -1):
            move, before, after = self.moves[index - 1], self._positions[index - 1], self._positions[index]
            if count.kind == "kings":
                if move.captured or move.piece not in "WB":
                    break
            else:
                material = _material(after)
                if not count.applies(material):
                    break
                if count.same_material and material != _material(before):
                    break
            plies += 1
        return plies

    def to_json(self) -> dict[str, Any]:
        """The game as JSON: variant, start FEN, moves, the FEN now, and how it ended (or null)."""
        end = self.outcome()
        return {
            "variant": self.variant.name,
            "start": self._positions[0].fen(),
            "moves": list(self.notation),
            "fen": self.fen(),
            "outcome": None if end is None else {**end.to_json(), "after": self.ended_at},
        }

    def _repr_svg_(self) -> str:
        """The board now as SVG, the last move's path drawn (for notebooks)."""
        return last_move_svg(self.position, self.moves[-1] if self.moves else None)

    def __str__(self) -> str:
        words = []
        for index, text in enumerate(self.notation):
            number = self.move_number(index)
            if not number.endswith("...") or index == 0:
                words.append(number)
            words.append(text)
        return " ".join(words)

    def __repr__(self) -> str:
        start = "start" if self.start == Position.initial(self.variant) else self.start.fen()
        moves = f", moves={' '.join(self.notation)!r}" if self.moves else ""
        return f"Game({start!r}, variant={self.variant.name!r}{moves})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Game):
            return NotImplemented
        return self.variant == other.variant and self.start == other.start and self.moves == other.moves

    __hash__ = None  # type: ignore[assignment]  # a game changes as it is played
