"""Matches: two players, N games with alternating colours and openings, the games as PDN and a table.

A player is any :class:`~.players.Player`; :func:`player_from` makes one from its text, as the
command line's ``--engine`` and ``match`` take it: ``builtin`` (or ``builtin:LEVEL``), ``random`` (or
``random:SEED``), a Hub engine's
command (``"./scan hub"``) or a DXP address (``dxp://HOST:PORT``).

The openings: each pair of games plays one opening twice, the players' colours swapped. By default an
opening is one move of each side from the initial position, taken in turn from the list of all of
them: white's first legal moves one after another, each with black's first legal reply, then each
with black's second reply, and so on (international draughts has 9 first moves, 81 openings; the
list starts again after the last). ``openings`` gives others, each a line of moves.

>>> from boardpuzzles.draughts.players import RandomPlayer
>>> match = play_match(RandomPlayer(1), RandomPlayer(2), games=2, variant="russian")
>>> match.games[0].opening, match.games[1].opening
('a3-b4 b6-a5', 'a3-b4 b6-a5')
>>> sum(match.score())
2.0
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from .. import checks
from ..errors import EngineError, InputError, InputTypeError
from ..progress import ProgressFn, Tracker
from .board import Position
from .dxp import DxpEngine
from .engine import DEFAULT_LEVEL, LEVELS, Engine
from .game import Game
from .hub import TIMEOUT, HubEngine
from .moves import after, legal_moves
from .pdn import from_game, write_games
from .players import Player, RandomPlayer
from .rules import Variant, get_variant

#: the most plies a game of a match lasts by default; a game still going then is unfinished (``*``)
MOST_PLIES = 300


def _random(argument: str, variant: Variant) -> Player:
    """``random`` with the seed written after its colon (0 when none)."""
    seed = argument.strip() or "0"
    if not seed.isdigit():
        raise InputError("{parameter}: the seed after random: must be a whole number, say random:7", parameter="engine",
                         value=f"random:{argument}")
    return RandomPlayer(int(seed))


def _builtin(argument: str, variant: Variant) -> Player:
    """``builtin`` at the level written after its colon (:data:`~.engine.DEFAULT_LEVEL` when none)."""
    level = argument.strip() or str(DEFAULT_LEVEL)
    if level not in {str(n) for n in LEVELS}:
        raise InputError(f"{{parameter}}: the level after builtin: is one of {', '.join(map(str, LEVELS))}, say builtin:4",
                         parameter="engine", value=f"builtin:{argument}")
    return Engine(int(level))


#: the players named by a word (``builtin`` or ``builtin:LEVEL``, ``random`` or ``random:SEED``): the word,
#: then a function of the text after its colon (empty when none) and the rule set
NAMED: dict[str, Callable[[str, Variant], Player]] = {"builtin": _builtin, "random": _random}


def player_from(spec: str, variant: Variant | str = "international", *, seconds: float = 1.0,
                timeout: float = TIMEOUT) -> Player:
    """The player that ``spec`` names: a word of :data:`NAMED` (``builtin``, ``builtin:5``, ``random``,
    ``random:7``), a DXP address
    ``dxp://HOST:PORT`` (:class:`~.dxp.DxpEngine`, international draughts only) or else the command of a
    Hub engine (:class:`~.hub.HubEngine`, started now). ``seconds`` is an engine's time per move when it is
    not told one, ``timeout`` how long it may be silent beyond that. Close what it returns when done with
    it (:func:`close_player`)."""
    if not isinstance(spec, str):
        raise InputTypeError("{parameter} must be text: builtin, random, a Hub command or dxp://HOST:PORT", parameter="engine",
                             value=type(spec).__name__)
    rules = get_variant(variant)
    text = spec.strip()
    if not text:
        raise InputError("{parameter} is empty: give random, builtin, a Hub engine's command or dxp://HOST:PORT",
                         parameter="engine")
    word, _, argument = text.partition(":")
    if word.lower() in NAMED and not argument.startswith("//"):
        return NAMED[word.lower()](argument, rules)
    if text.lower().startswith("dxp://"):
        if rules.name != "international":
            raise InputError(f"{{parameter}}: DXP plays international draughts only, not {rules.name}",
                             parameter="engine", value=text, show_value=False)
        return DxpEngine(text, seconds=seconds, timeout=timeout)
    try:
        return HubEngine(text, rules, seconds=seconds, timeout=timeout)
    except EngineError as error:
        named = ", ".join(NAMED)
        raise EngineError(f"{error} (an engine is {named}, a Hub engine's command or dxp://HOST:PORT)") from None


def close_player(player: Player) -> None:
    """End what ``player`` runs, if it runs anything (an engine's program, a connection)."""
    close = getattr(player, "close", None)
    if callable(close):
        close()


@dataclass(frozen=True)
class MatchGame:
    """One game of a match: its ``number`` (from 1), which player had white (``white``: 0 the first, 1 the
    second), its ``opening`` (the moves it started with) and the :class:`.Game` played."""

    number: int
    white: int
    opening: str
    game: Game

    @property
    def result(self) -> str:
        """The PDN result (``2-0``, ``1-1``, ``0-2``; ``*`` for a game unfinished at the ply limit)."""
        end = self.game.outcome()
        return "*" if end is None else end.result(self.game.variant)

    @property
    def reason(self) -> str:
        """How it ended."""
        end = self.game.outcome()
        return f"unfinished after {len(self.game)} plies" if end is None else end.reason

    def points(self, player: int) -> float:
        """The points of player ``player`` (0 or 1): 1 a win, 1/2 a draw or an unfinished game, 0 a loss."""
        end = self.game.outcome()
        if end is None or end.winner is None:
            return 0.5
        return 1.0 if (end.winner == "W") == (self.white == player) else 0.0


@dataclass(frozen=True)
class Match:
    """A match played: the two players' names, the rule set and the games."""

    players: tuple[str, str]
    variant: Variant
    games: tuple[MatchGame, ...]

    def score(self) -> tuple[float, float]:
        """Each player's points."""
        return (sum(game.points(0) for game in self.games), sum(game.points(1) for game in self.games))

    def table(self) -> list[dict[str, Any]]:
        """The result table: for each player its ``player`` name, ``wins``, ``draws`` (unfinished games
        with them), ``losses`` and ``points``."""
        rows = []
        for index, name in enumerate(self.players):
            points = [game.points(index) for game in self.games]
            rows.append({"player": name, "wins": points.count(1.0), "draws": points.count(0.5),
                         "losses": points.count(0.0), "points": sum(points)})
        return rows

    def pdn(self) -> str:
        """The games as a PDN file: ``Event``, ``Round``, ``White``, ``Black`` and ``Result`` tags, then each
        game's moves (the opening's first)."""
        return write_games([from_game(one.game, {
            "Event": f"boardpuzzles match: {self.players[0]} against {self.players[1]}",
            "Round": str(one.number), "White": self.players[one.white], "Black": self.players[1 - one.white],
        }) for one in self.games])

    def to_json(self) -> dict[str, Any]:
        """``variant``, ``players``, ``score``, ``table`` (:meth:`table`) and ``games``: each its ``number``,
        ``white``, ``black``, ``opening``, ``result``, ``reason``, ``plies`` and ``moves``."""
        return {
            "variant": self.variant.name,
            "players": list(self.players),
            "score": list(self.score()),
            "table": self.table(),
            "games": [{
                "number": one.number, "white": self.players[one.white], "black": self.players[1 - one.white],
                "opening": one.opening, "result": one.result, "reason": one.reason, "plies": len(one.game),
                "moves": list(one.game.notation),
            } for one in self.games],
        }

    def __str__(self) -> str:
        lines = [f"{self.variant.name} match, {len(self.games)} game(s): {self.players[0]} against {self.players[1]}"]
        for one in self.games:
            lines.append(f"game {one.number}: {self.players[one.white]} (white) - {self.players[1 - one.white]} "
                         f"(black), opening {one.opening or 'none'}: {one.result}, {one.reason} "
                         f"({len(one.game)} plies)")
        width = max(len("player"), *(len(name) for name in self.players))
        lines.append(f"{'player':{width}}  wins  draws  losses  points")
        for row in self.table():
            lines.append(f"{row['player']:{width}}  {row['wins']:4}  {row['draws']:5}  {row['losses']:6}  "
                         f"{row['points']:6g}")
        return "\n".join(lines)

    def __repr__(self) -> str:
        first, second = self.score()
        return f"Match({self.players[0]!r} {first:g} - {second:g} {self.players[1]!r}, {len(self.games)} games)"


def default_openings(variant: Variant | str) -> list[str]:
    """The default openings of ``variant``: one move of each side, in the order the module's docstring
    gives."""
    start = Position.initial(get_variant(variant))
    first = list(legal_moves(start))
    replies = [[f"{move} {reply}" for reply in legal_moves(after(start, move))] for move in first]
    lines: list[str] = []
    for rank in range(max((len(some) for some in replies), default=0)):
        lines.extend(some[rank] for some in replies if rank < len(some))
    return lines or [""]


def play_match(first: Player, second: Player, games: int = 2, variant: Variant | str = "international", *,
               seconds: float | None = None, depth: int | None = None, openings: Sequence[str] | None = None,
               most_plies: int = MOST_PLIES, progress: ProgressFn | None = None,
               cancel: threading.Event | None = None) -> Match:
    """Play ``games`` games of ``variant`` between ``first`` and ``second``: game 1 with ``first`` white,
    game 2 the same opening with colours swapped, and so on (see the module's docstring for the openings;
    ``openings`` replaces them, each a line of moves from the initial position). Each move is the player's ``choose`` with ``seconds`` and ``depth``;
    a game ends as :meth:`.Game.outcome` says, or unfinished after ``most_plies`` plies. ``progress``
    counts the plies played (the total is known at the end); ``cancel`` stops the match between two moves
    and is passed to the players. The players stay open: close them after (:func:`close_player`)."""
    for name, value in (("first", first), ("second", second)):
        if not isinstance(value, Player):
            raise InputTypeError("{parameter} must be a Player (a name and choose())", parameter=name,
                                 value=type(value).__name__)
    games = checks.whole_number(games, "games", lo=1)
    most_plies = checks.whole_number(most_plies, "most_plies", lo=1)
    rules = get_variant(variant)
    lines = (default_openings(rules) if openings is None
             else [str(line) for line in checks.items(openings, "openings", "lines of moves")] or [""])
    starts = []
    for index, line in enumerate(lines):
        try:
            starts.append(Game("start", rules, line))
        except InputError as error:
            raise InputError(f"{{parameter}}: opening {index + 1}: {error}", parameter="openings") from None
    tracker = Tracker("plies", None, progress, cancel)
    players = (first, second)
    played = []
    for number in range(1, games + 1):
        white = (number - 1) % 2
        opening = starts[((number - 1) // 2) % len(starts)]
        game = Game("start", rules, opening.moves)
        while game.outcome() is None and len(game) < most_plies:
            tracker.check()
            mover = players[white if game.turn == "W" else 1 - white]
            move = mover.choose(game.position, seconds=seconds, depth=depth, cancel=cancel, history=game.moves)
            try:
                game.play(move)
            except InputError as error:  # a move legal in the position that the game's history forbids
                raise EngineError(f"{mover.name} chose a move the game does not allow: {error.worded('its move')}") \
                    from None
            tracker.advance()
        played.append(MatchGame(number, white, " ".join(opening.notation), game))
    tracker.total = tracker.done
    tracker.finish()
    return Match((first.name, second.name), rules, tuple(played))
