"""PDN, the Portable Draughts Notation: game files read and written.

A file holds games one after another, each with tags (``[Event "..."]``, ``White``,
``Black``, ``Result``, ``GameType``, ``FEN``, any others kept as they are) and move
text: moves with their numbers (``1. 32-28 19-23``, ``12... 28x19``), comments
``{...}``, variations ``(...)``, move strengths (``!``, ``?!``, also written ``(!?)``),
NAGs (``$1``) and a result (``2-0``, ``0-2``, ``1-1``, ``1-0``, ``0-1``, ``1/2-1/2``,
``0-0``, ``*``). Lines starting with ``%`` are skipped (escape lines), and so is the
rest of a line after ``;``.

Reading keeps everything but the move numbers, which the writer recomputes:
comments and variations are attached to the move they follow, and written back where
they stood. Variations are kept as their text and are not checked (they are
alternatives, often incomplete); the main line is, move by move, by :func:`replay`.

The rule set comes from the ``Variant`` tag when it names one offered here (lidraughts
writes ``Frysk!``, ``Antidraughts``, ...), else from the first number of ``GameType``
(PDN 3.0: 20 international, 21 English, 22 Italian, 23 pool, 24 Spanish, 25 Russian,
26 Brazilian, 27 Canadian, 29 Czech, 30 Turkish, 31 Thai, 40 Frisian), else the
``default`` given (international, PDN's own game, unless told).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from ..errors import InputError
from .board import parse_position
from .game import Game
from .rules import VARIANTS, Variant, get_variant

#: PDN 3.0 GameType numbers by rule set (wiegerw/pdn, doc/gametype.rst).
GAME_TYPES = {
    20: "international", 21: "english", 22: "italian", 23: "pool", 24: "spanish", 25: "russian", 26: "brazilian",
    27: "canadian", 29: "czech", 30: "turkish", 31: "thai", 40: "frisian",
}
RESULTS = ("2-0", "0-2", "1-1", "1-0", "0-1", "1/2-1/2", "0-0", "*")
DEFAULT_VARIANT = "international"
LINE_WIDTH = 79

_TAG = re.compile(r'\[\s*([A-Za-z0-9_]+)\s+"((?:[^"\\]|\\.)*)"\s*\]')
_NUMBER = re.compile(r"[0-9]+\.(?:\.\.)?")
_MOVE = re.compile(r"[A-Za-z0-9]+(?:[-xX:][A-Za-z0-9]+)+")
_STRENGTH = re.compile(r"[!?]+")
_RESULT = re.compile("|".join(re.escape(result) for result in sorted(RESULTS, key=len, reverse=True)))


@dataclass
class PdnGame:
    """One game as the file writes it.

    ``moves`` are the main line's moves as written (without move numbers and strengths);
    ``notes[i]`` holds what follows the ``i``-th move (``notes[0]``: what comes before the first):
    comments ``{...}``, variations ``(...)``, strengths and NAGs, in their order, as text.
    """

    tags: dict[str, str] = field(default_factory=dict)
    moves: list[str] = field(default_factory=list)
    notes: dict[int, list[str]] = field(default_factory=dict)
    result: str = "*"

    def variant(self, default: Variant | None = None) -> Variant:
        """The rule set of the game (see the module notes)."""
        named = self.tags.get("Variant", "").strip()
        if named:
            try:
                return get_variant(named)
            except InputError:
                pass  # lidraughts' "Standard" and other names this library does not use: GameType decides
        game_type = self.tags.get("GameType", "").split(",")[0].strip()
        if game_type:
            if not game_type.isdecimal() or int(game_type) not in GAME_TYPES:
                raise InputError(f"GameType {game_type!r} is not a draughts type this library knows: "
                                 f"{', '.join(f'{n} {name}' for n, name in GAME_TYPES.items())}")
            return VARIANTS[GAME_TYPES[int(game_type)]]
        return default or VARIANTS[DEFAULT_VARIANT]

    def start(self, variant: Variant) -> Game:
        """An empty game at the start position (the FEN tag's, or the variant's initial one)."""
        fen = self.tags.get("FEN", "").strip()
        return Game(parse_position(fen or "start", variant))

    def label(self, number: int) -> str:
        """``game K (White - Black)``, as errors and listings name it."""
        players = " - ".join(self.tags.get(side, "").strip() or "?" for side in ("White", "Black"))
        return f"game {number} ({players})"

    def move_number(self, index: int, variant: Variant) -> str:
        """The number of the ``index``-th move (from 0) as PDN writes it: ``12.``, or ``12...`` for the
        second side's move."""
        first_moved = self._second_starts(variant)
        ply = index + first_moved
        return f"{ply // 2 + 1}" + ("..." if ply % 2 else ".")

    def _second_starts(self, variant: Variant) -> int:
        """1 if the game starts with the second side's move (a FEN with the other side to move)."""
        fen = self.tags.get("FEN", "").strip()
        return int(bool(fen) and fen[0].upper() != variant.first)


class _Scanner:
    """Splits one file into games."""

    def __init__(self, text: str) -> None:
        self.text = text.replace("\r\n", "\n").replace("\r", "\n")
        self.games: list[PdnGame] = []
        self.game = PdnGame()
        self.open = False  # the current game has move text or a result

    def note(self, text: str) -> None:
        self.game.notes.setdefault(len(self.game.moves), []).append(text)
        self.open = True

    def finish(self) -> None:
        if self.open or self.game.tags:
            self.games.append(self.game)
        self.game, self.open = PdnGame(), False

    def run(self) -> list[PdnGame]:
        text, at = self.text, 0
        while at < len(text):
            ch = text[at]
            if ch.isspace():
                at += 1
            elif ch == "%" and (at == 0 or text[at - 1] == "\n"):
                at = _line_end(text, at)
            elif ch == ";":
                at = _line_end(text, at)
            elif ch == "[":
                match = _TAG.match(text, at)
                if not match:
                    raise InputError(f"{self.where(at)}: a tag must read [Name \"value\"]")
                if self.open:
                    self.finish()
                self.game.tags[match.group(1)] = re.sub(r"\\(.)", r"\1", match.group(2))
                at = match.end()
            elif ch == "{":
                end = text.find("}", at)
                if end < 0:
                    raise InputError(f"{self.where(at)}: a comment '{{' is never closed")
                self.note(text[at : end + 1])
                at = end + 1
            elif ch == "(":
                end = _closing(text, at)
                if end < 0:
                    raise InputError(f"{self.where(at)}: a variation '(' is never closed")
                self.note(text[at : end + 1])  # a variation, or a strength written (!?)
                at = end + 1
            elif ch == "$":
                match = re.compile(r"\$[0-9]+").match(text, at)
                if not match:
                    raise InputError(f"{self.where(at)}: '$' must be followed by a number (a NAG)")
                self.note(match.group())
                at = match.end()
            else:
                at = self.word(at)
        self.finish()
        return self.games

    def word(self, at: int) -> int:
        text = self.text
        result = _RESULT.match(text, at)
        if result and (result.end() == len(text) or text[result.end()].isspace() or text[result.end()] in "[{("):
            self.game.result, self.open = result.group(), True
            self.finish()
            return result.end()
        number = _NUMBER.match(text, at)
        if number:
            self.open = True
            return number.end()
        move = _MOVE.match(text, at)
        if move:
            self.game.moves.append(move.group())
            self.open = True
            strength = _STRENGTH.match(text, move.end())
            if strength:
                self.note(strength.group())
                return strength.end()
            return move.end()
        end = at
        while end < len(text) and not text[end].isspace() and text[end] not in "{}()[]":
            end += 1
        raise InputError(f"{self.where(at)}: '{text[at:max(end, at + 1)]}' is not a move, a move number or a result")

    def where(self, at: int) -> str:
        line = self.text.count("\n", 0, at) + 1
        return f"game {len(self.games) + 1}, line {line}"


def _line_end(text: str, at: int) -> int:
    end = text.find("\n", at)
    return len(text) if end < 0 else end


def _closing(text: str, at: int) -> int:
    """The index of the ')' closing the '(' at ``at`` (comments inside skipped), or -1."""
    depth = 0
    while at < len(text):
        ch = text[at]
        if ch == "{":
            at = text.find("}", at)
            if at < 0:
                return -1
        elif ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
            if depth == 0:
                return at
        at += 1
    return -1


def read_games(text: str) -> list[PdnGame]:
    """The games of a PDN file's text (InputError naming the game and line of a part that is not PDN)."""
    return _Scanner(text).run()


def replay(game: PdnGame, number: int = 1, default: Variant | None = None) -> Game:
    """Play the main line of ``game`` (the ``number``-th of its file) from its start: every move is
    checked; the first that is not legal or not readable is an InputError naming the game, the move
    number and the move."""
    try:
        variant = game.variant(default)
        played = game.start(variant)
    except InputError as error:
        raise InputError(f"{game.label(number)}: {error}") from None
    untagged = not (game.tags.get("GameType") or game.tags.get("Variant"))
    for index, text in enumerate(game.moves):
        try:
            played.play(text)
        except InputError as error:
            where = f"{game.label(number)}, move {game.move_number(index, variant)}"
            hint = f" (the game has no GameType tag: it was read as {variant.name})" if untagged else ""
            raise InputError(error.worded(where) + hint, parameter="path") from None
    return played


def _quote(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def write_game(game: PdnGame, default: Variant | None = None) -> str:
    """The PDN text of one game: its tags, then its move text with numbers, wrapped at 79 columns."""
    variant = game.variant(default)
    lines = [f'[{name} "{_quote(value)}"]' for name, value in game.tags.items()]
    words: list[str] = list(game.notes.get(0, []))
    after_note = bool(words)
    for index, move in enumerate(game.moves):
        number = game.move_number(index, variant)
        if not number.endswith("...") or after_note or index == 0:
            words.append(number)
        words.append(move)
        notes = game.notes.get(index + 1, [])
        words.extend(notes)
        after_note = any(note[0] in "{(" for note in notes)
    words.append(game.result)
    text, line = [], ""
    for word in words:
        if _STRENGTH.fullmatch(word) and line:
            line += word  # a strength stays glued to its move
        elif line and len(line) + 1 + len(word) > LINE_WIDTH:
            text.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    text.append(line)
    return "\n".join(lines + ([""] if lines else []) + text) + "\n"


def write_games(games: list[PdnGame], default: Variant | None = None) -> str:
    """The PDN text of several games, a blank line between two."""
    return "\n".join(write_game(game, default) for game in games)


def from_game(game: Game, tags: dict[str, str] | None = None) -> PdnGame:
    """A :class:`Game` as a PDN game: the tags given, then ``GameType``, ``FEN`` (unless the game
    starts from the initial position) and ``Result`` as the game says (``*`` while it goes on)."""
    all_tags = dict(tags or {})
    number = next((n for n, name in GAME_TYPES.items() if name == game.variant.name), None)
    if number is not None:
        all_tags.setdefault("GameType", str(number))
    else:
        all_tags.setdefault("Variant", game.variant.name)
    start = game.start
    if start.fen() != type(start).initial(game.variant).fen():
        all_tags.setdefault("FEN", start.fen())
    end = game.outcome()
    result = "*" if end is None else end.result(game.variant)
    all_tags.setdefault("Result", result)
    return PdnGame(all_tags, list(game.notation), {}, result)


@dataclass
class CheckedGame:
    """A game of a file with every move checked: its PDN and the game replayed."""

    number: int
    pdn: PdnGame
    game: Game

    def summary(self) -> str:
        """One line: the game, its event, result and length, and how it ends or where it stands."""
        event = self.pdn.tags.get("Event", "").strip()
        end = self.game.outcome()
        state = f"ended after {self.game.ended_at} moves: {end.reason}" if end is not None else f"then {self.game.fen()}"
        return (f"{self.pdn.label(self.number)}{', ' + event if event else ''}: {self.game.variant.name}, "
                f"{len(self.game)} moves, result {self.pdn.result}; {state}")

    def to_json(self, positions: bool = False) -> dict[str, Any]:
        """The game as JSON; with ``positions`` the FEN after every move too."""
        payload: dict[str, Any] = {
            "number": self.number,
            "tags": dict(self.pdn.tags),
            "result": self.pdn.result,
            **self.game.to_json(),
        }
        if positions:
            payload["positions"] = [self.game.fen(ply) for ply in range(len(self.game) + 1)]
        return payload


@dataclass
class CheckedFile:
    """Every game of a PDN file, each replayed move by move."""

    games: list[CheckedGame]

    def to_json(self) -> dict[str, Any]:
        return {"games": [game.to_json() for game in self.games]}


def check_games(text: str, default: Variant | None = None) -> CheckedFile:
    """Read a PDN file's text and replay every game (InputError at the first bad move, naming it)."""
    games = read_games(text)
    return CheckedFile([CheckedGame(number, pdn, replay(pdn, number, default)) for number, pdn in enumerate(games, 1)])
