"""PDN, the Portable Draughts Notation: game files read, replayed and written, every game kept.

A file holds games one after another, each with tags (``[Event "..."]``, ``White``,
``Black``, ``Result``, ``GameType``, ``FEN``, any others kept as they are) and move
text: moves with their numbers (``1. 32-28 19-23``, ``12... 28x19``, ``12. ... 28x19``),
comments ``{...}`` (nested braces too), variations ``(...)``, move strengths (``!``,
``?!``, also written ``(!?)``), NAGs (``$1``) and a result (``2-0``, ``0-2``, ``1-1``,
``1-0``, ``0-1``, ``1/2-1/2``, ``0-0``, ``*``; a match score such as ``4-6`` where the
``Result`` tag says so). Lines starting with ``%`` are skipped (escape lines), and so is
the rest of a line after ``;``. Moves may have spaces around their separator
(``1- 7``, ``32 - 28``), algebraic squares none (``c3d4``) and two numbers of two digits
none either (``3228``); a move not known is written ``-`` (``1. - -``). A file is UTF-8 (a byte
order mark is skipped) or, failing that, Windows-1252/Latin-1; CRLF and CR line ends
are read (:func:`pdn_text`).

**One game's problem never costs another game.** Reading never stops at a game: a
part of it that is not PDN (a token that is no move, a comment never closed) is that
game's :class:`GameError`, the text from there to the game's end is kept
(:attr:`PdnGame.rest`), and reading goes on with the next game (at its tags, or after
the result). Replaying (:func:`replay`) plays the main line move by move and stops at
the first move that is not legal, again as that game's error. So :func:`check_games`
answers for every game: replayed whole, or where and why not. A capture written by its ends
that two routes fit is settled by the moves that follow: the route after which the game goes
on furthest, when only one does; else the error names the routes. Moves not known (``-``)
end the replay without an error, when no known move follows them.

Reading keeps everything but the move numbers, which the writer recomputes:
comments and variations are attached to the move they follow, and written back where
they stood. Variations are kept as their text and are not checked (they are
alternatives, often incomplete); the main line is.

The rule set of a game (:meth:`PdnGame.rules`, which also says why): its ``Variant``
tag when it names one offered here (lidraughts writes ``Frysk!``, ``Antidraughts``, ...),
else its ``GameType`` (PDN 3.0: 20 international, 21 English, 22 Italian, 23 pool, 24
Spanish, 25 Russian, 26 Brazilian, 27 Canadian, 29 Czech, 30 Turkish, 31 Thai, 40
Frisian; the six-field form ``20,W,10,10,N1,0`` gives the board size too, which must
agree), else the ``default`` given, else it is recognised from the squares of its moves
and FEN: algebraic squares are Russian, numbers up to 32 English (Italian when the first
move comes from white's side: white moves first there), up to 50 international, up to
72 Canadian. When the rules recognised do not replay a game, the other rule sets of the
same board are tried (Czech for Russian, ...): the game is read by the one that replays it
whole; where several do, by the one most of its file's games were read by so
(:func:`check_games`), else its error names them.

A FEN with a man on its own crowning row is read as the king it must be, and a FEN whose
side to move is ``?`` as the side whose move the first one is, each with a warning on the
game (:attr:`CheckedGame.warnings`).

**Reading is linear in the file and bounded.** A file longer than
:data:`MOST_CHARACTERS` is refused (an InputError); a tag longer than :data:`MOST_TAG`
is its game's error; a number longer than any square's is no square; a game keeps at
most :data:`MOST_WARNINGS` warnings; comments and variations, nested or unbalanced,
are matched in one pass (:class:`_Pairs`).
"""

from __future__ import annotations

import functools
import re
from array import array
from collections import Counter
from bisect import bisect_left
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from .. import checks
from ..errors import InputError, InputTypeError
from ..geometry import is_number, too_long
from .board import Position, check_position, read_fen, square_text
from .game import Game, move_number
from .moves import Move
from .notation import fitting_moves
from .rules import VARIANTS, Variant, get_variant

#: PDN 3.0 GameType numbers by rule set (wiegerw/pdn, doc/gametype.rst).
GAME_TYPES = {
    20: "international", 21: "english", 22: "italian", 23: "pool", 24: "spanish", 25: "russian", 26: "brazilian",
    27: "canadian", 29: "czech", 30: "turkish", 31: "thai", 40: "frisian",
}
#: GameType numbers of rule sets not played here (the same table).
OTHER_GAME_TYPES = {28: "Portuguese", 32: "Ghanaian", 33: "Nigerian", 41: "Spantsiretti", 42: "Russian giveaway",
                    43: "Pool giveaway", 44: "Gothic"}
RESULTS = ("2-0", "0-2", "1-1", "1-0", "0-1", "1/2-1/2", "0-0", "*")
#: a move not known, as PDN writes it (``1. - -``)
UNKNOWN_MOVE = "-"
#: why a game is read by the rules given to :func:`replay` (the ``reason`` of :class:`CheckedGame`)
DEFAULT_REASON = "the default given"
LINE_WIDTH = 79
#: the longest file read, in characters (the largest PDN archives are some megabytes)
MOST_CHARACTERS = 64_000_000
#: the longest tag, in characters (a FEN of the largest board takes about 200)
MOST_TAG = 2_000
#: the most warnings kept for one game (the rest are counted)
MOST_WARNINGS = 100

_TAG = re.compile(r'\[\s*([A-Za-z0-9_]+)\s+"((?:[^"\\\n]|\\.)*)"\s*\]')
_LOOSE_TAG = re.compile(r'\[\s*([A-Za-z0-9_]+)\s+"?(.*?)"?\s*\]?\s*')  # quotes inside, or no closing '"]'
_NUMBER = re.compile(r"[0-9]+\.+")
_ELLIPSIS = re.compile(r"\.+|…")  # 12. ... 28x19 (black to move), or a stray dot
_SQUARE = r"(?:[0-9]{1,2}|[A-Za-z][0-9]{1,2})"
_MOVE = re.compile(rf"{_SQUARE}(?:[ \t]*[-xX:][ \t]*{_SQUARE})+|(?:[A-Za-z][0-9]{{1,2}}){{2,}}|[0-9]{{4}}")
_STRENGTH = re.compile(r"[!?]+")
_NAG = re.compile(r"\$[0-9]+")
_RESULT = re.compile("|".join(re.escape(result) for result in sorted(RESULTS, key=len, reverse=True)))
_SCORE = re.compile(r"[0-9]{1,2}-[0-9]{1,2}")  # a match score as a result (4-6), where the Result tag says so
_ENDS_WORD = set(" \t\n{}()[];$")
_SPACES = re.compile(r"[ \t]+")


@dataclass(frozen=True)
class GameError:
    """Why a game stops where it does: at ``ply`` (the ply of the move that fails, from 1; 0 for its
    tags or its FEN), the ``text`` that fails, and the ``problem``."""

    ply: int
    text: str
    problem: str

    def to_json(self) -> dict[str, Any]:
        """``{"ply", "text", "problem"}``."""
        return {"ply": self.ply, "text": self.text, "problem": self.problem}

    def __str__(self) -> str:
        return f"'{self.text}': {self.problem}"


@dataclass
class PdnGame:
    """One game as the file writes it.

    ``moves`` are the main line's moves as written (without move numbers and strengths, spaces taken
    out); ``notes[i]`` holds what follows the ``i``-th move (``notes[0]``: what comes before the first):
    comments ``{...}``, variations ``(...)``, strengths and NAGs, in their order, as text. ``error`` is
    what could not be read (None if the whole game was), ``rest`` the game's text from there on, kept
    as it was; ``warnings`` what was read leniently.

    ``str`` is its PDN text (:func:`write_game`), ``repr`` ``PdnGame.from_text('...')``.
    """

    tags: dict[str, str] = field(default_factory=dict)
    moves: list[str] = field(default_factory=list)
    notes: dict[int, list[str]] = field(default_factory=dict)
    #: the result as the file gives it (``2-0``, ``1-1``, ``*`` when none)
    result: str = "*"
    #: what could not be read (None if the whole game was)
    error: GameError | None = None
    #: the game's text from the error on, kept as it was
    rest: str = ""
    warnings: list[str] = field(default_factory=list)

    @classmethod
    def from_text(cls, text: str) -> PdnGame:
        """The one game of ``text`` (InputError if it holds none or several)."""
        games = read_games(text)
        if len(games) != 1:
            raise InputError(f"{{parameter}} holds {len(games)} games, not one", parameter="text")
        return games[0]

    def rules(self, default: Variant | str | None = None,
              like: Variant | str | None = None) -> tuple[Variant, str]:
        """The rule set of the game and why (see the module notes); InputError for a ``GameType`` that
        names no rule set offered here or disagrees with its board. ``default`` and ``like`` are rule sets
        (a :class:`Variant` or its name; another value is an InputError naming it). ``like``: the rule set the other games
        of its file were recognised as, taken where this game's own squares do not tell (numbers up to 32
        in a FEN could be English or international)."""
        default, like = _rules_given(default, "default"), _rules_given(like, "like")
        named = self.tags.get("Variant", "").strip()
        if named:
            try:
                return get_variant(named), f"Variant tag {named}"
            except InputError:
                pass  # lidraughts' "Standard" and other names this library does not use: GameType decides
        game_type = self.tags.get("GameType", "").strip()
        if game_type:
            return _game_type(game_type)
        if default is not None:
            return default, DEFAULT_REASON
        variant, reason, sure = _recognised(self)
        if not sure and like is not None and like is not variant:
            return like, "recognised: like the other games of the file"
        return variant, reason

    def start(self, variant: Variant) -> tuple[Position, list[str]]:
        """The start position (the FEN tag's, or the variant's initial one) and the warnings reading it:
        a man on its own crowning row is read as the king it must be, and the side to move ``?`` as the
        side whose move the first one is (:meth:`side_to_move`)."""
        fen = self.tags.get("FEN", "").strip()
        if not fen:
            return Position.initial(variant), []
        warnings = []
        if fen[0] == "?":
            side, why = self.side_to_move(variant)
            warnings.append(f"the FEN's side to move is '?': read as {'white' if side == 'W' else 'black'} ({why})")
            fen = side + fen[1:]
        position = read_fen(fen, variant)
        men = position.uncrowned()
        if men:
            names = ", ".join(square_text(square, variant) for square in men)
            warnings.append(f"the FEN puts a man on its own crowning row ({names}): read as a king")
            position = position.crowned()
        check_position(position)
        return position, warnings

    def label(self, number: int) -> str:
        """``game K (White - Black)``, as errors and listings name it."""
        players = " - ".join(self.tags.get(side, "").strip() or "?" for side in ("White", "Black"))
        return f"game {number} ({players})"

    def move_number(self, index: int, variant: Variant) -> str:
        """The number of the ``index``-th ply (from 0) as PDN writes it: ``12.``, or ``12...`` for the
        second side's move."""
        return move_number(index, self._second_starts(variant))

    def side_to_move(self, variant: Variant) -> tuple[str, str]:
        """The side to move at the start (``W`` or ``B``) and why: the FEN's, or where the FEN writes
        ``?``, the side whose move the first known move is (the side that moves first in ``variant`` when
        it fits neither or there is none)."""
        fen = self.tags.get("FEN", "").strip()
        if fen[:1] != "?":
            return (fen[0].upper() if fen else variant.first), "the FEN's"
        first = next((move for move in self.moves if move != UNKNOWN_MOVE), None)
        return _unknown_side(fen, first, variant)

    def _second_starts(self, variant: Variant) -> bool:
        """Whether the game starts with the second side's move (a FEN with the other side to move)."""
        return self.side_to_move(variant)[0] != variant.first

    def __str__(self) -> str:
        return write_game(self)

    def __repr__(self) -> str:
        return f"PdnGame.from_text({write_game(self)!r})"


def _game_type(text: str) -> tuple[Variant, str]:
    fields = [part.strip() for part in text.split(",")]
    number = fields[0]
    if not is_number(number) or too_long(number):
        raise InputError(f"GameType '{text}' does not start with a number: the PDN types are "
                         f"{', '.join(f'{n} {name}' for n, name in GAME_TYPES.items())}")
    if int(number) not in GAME_TYPES:
        other = OTHER_GAME_TYPES.get(int(number))
        played = f"{other} draughts, which this library does not play" if other else "not a draughts type this " \
                 "library knows"
        raise InputError(f"GameType '{number}' is {played}: "
                         f"{', '.join(f'{n} {name}' for n, name in GAME_TYPES.items())}")
    variant = VARIANTS[GAME_TYPES[int(number)]]
    if len(fields) >= 4 and all(is_number(side) and not too_long(side) for side in fields[2:4]) \
            and (int(fields[2]), int(fields[3])) != (variant.size, variant.size):
        raise InputError(f"GameType '{text}' says a {fields[2]}x{fields[3]} board, but type {number} "
                         f"({variant.name}) is played on {variant.size}x{variant.size}")
    return variant, f"GameType {number}"


@functools.lru_cache(maxsize=256)
def _unknown_side(fen: str, first: str | None, variant: Variant) -> tuple[str, str]:
    """The side to move of a FEN written ``?:...``: the side whose legal move ``first`` is, and why."""
    default = variant.first, f"the side that moves first in {variant.name}"
    if first is None:
        return default
    for side in (variant.first, "B" if variant.first == "W" else "W"):
        try:
            if fitting_moves(first, read_fen(side + fen[1:], variant).crowned()):
                return side, f"the first move, {first}, is {'white' if side == 'W' else 'black'}'s"
        except InputError:
            return default
    return default


_ALGEBRAIC = re.compile(r"(?<![A-Za-z0-9])[a-hA-H][1-8](?![0-9])")
_NUMBERS = re.compile(r"(?<![A-Za-z0-9])([0-9]{1,3})(?![0-9])")  # longer numbers are no square of any board


def _fen_squares(fen: str) -> list[str]:
    """The squares a FEN names, as written (``31``, ``c3``, a range ``31-50`` as its two ends)."""
    squares: list[str] = []
    for part in fen.strip().rstrip(".").replace(" ", "").split(":")[1:]:
        if part[:1].upper() in ("W", "B"):
            for item in part[1:].split(","):
                squares.extend(end.lstrip("Kk") for end in item.split("-") if end)
    return squares


#: From the initial position, the squares the first move comes from: black's front row on 8x8 (English:
#: black moves first), white's on 8x8 (Italian: white moves first; Italian numbers start from black's side
#: too) and on 10x10.
_FIRST_MOVES = ((range(9, 13), "english", "black moving first from 9-12"),
                (range(21, 25), "italian", "white moving first from 21-24"),
                (range(31, 36), "international", "white moving first from 31-35"))


def _recognised(game: PdnGame) -> tuple[Variant, str, bool]:
    """The rule set the squares of the game's FEN and moves point to (see the module notes), why, and
    whether they tell for sure (not a FEN or an empty game in numbers up to 32)."""
    fen = game.tags.get("FEN", "").strip()
    texts = [*_fen_squares(fen), *game.moves]
    if any(_ALGEBRAIC.search(text) for text in texts):
        return VARIANTS["russian"], "recognised: algebraic squares (8x8)", True
    numbers = [int(n) for text in texts for n in _NUMBERS.findall(text)]
    if not numbers:
        return VARIANTS["international"], "recognised: no squares to go by (PDN's own game)", False
    most = max(numbers)
    if most > 50:
        return VARIANTS["canadian"], f"recognised: square numbers up to {most}", True
    first = _NUMBERS.findall(game.moves[0]) if game.moves and not fen else []
    for squares, name, why in _FIRST_MOVES:
        if first and int(first[0]) in squares:
            return VARIANTS[name], f"recognised: {why}", True
    if most <= 32:
        return VARIANTS["english"], "recognised: square numbers up to 32", False
    return VARIANTS["international"], "recognised: square numbers up to 50", True


def pdn_text(data: bytes) -> str:
    """A PDN file's bytes as text: UTF-8 (a byte order mark skipped), else Windows-1252, else Latin-1.
    InputError if they are not text (a NUL byte: a binary file)."""
    if not isinstance(data, (bytes, bytearray)):
        raise InputTypeError("{parameter} must be bytes", parameter="data", value=type(data).__name__)
    if b"\x00" in data:
        raise InputError("{parameter} is not text (it holds NUL bytes: a binary file?)", parameter="data")
    for encoding in ("utf-8-sig", "cp1252"):
        try:
            return bytes(data).decode(encoding)
        except UnicodeDecodeError:
            continue
    return bytes(data).decode("latin-1")


class _Scanner:
    """Splits one file into games, each read as far as it is PDN."""

    def __init__(self, text: str) -> None:
        self.text = text.lstrip("\ufeff").replace("\r\n", "\n").replace("\r", "\n")
        self.games: list[PdnGame] = []
        self.game = PdnGame()
        self.open = False  # the current game has move text or a result
        self.result_seen = False
        self.failed_at = -1  # where the current game's error is (its text from there is its rest)
        self.pairs = _Pairs(self.text)
        self.line_at, self.line = 0, 1  # where() counts lines on from the last place it was asked

    # ---- the current game

    def note(self, text: str) -> None:
        if self.failed_at < 0:
            self.game.notes.setdefault(len(self.game.moves), []).append(text)
        self.open = True

    def fail(self, at: int, text: str, problem: str, tag: bool = False) -> None:
        """The current game cannot be read from ``at`` on (a ``tag``, or its move text): its error; what
        follows up to its end is skipped."""
        if self.failed_at < 0:
            self.failed_at = at
            self.game.error = GameError(0 if tag else len(self.game.moves) + 1, text, problem)
        self.open = True

    def finish(self, at: int) -> None:
        """The current game ends before ``at``."""
        game = self.game
        if self.failed_at >= 0:
            game.rest = self.text[self.failed_at:at].strip()
        result_tag = game.tags.get("Result", "").strip()
        if not self.result_seen and game.moves and game.moves[-1] == result_tag and _SCORE.fullmatch(result_tag):
            game.result = game.moves.pop()  # a match score written where the result stands (4-6)
            game.notes.pop(len(game.moves) + 1, None)
        if self.open or game.tags:
            self.games.append(game)
        self.game, self.open, self.result_seen, self.failed_at = PdnGame(), False, False, -1

    def where(self, at: int) -> str:
        if at < self.line_at:
            self.line_at, self.line = 0, 1
        self.line += self.text.count("\n", self.line_at, at)
        self.line_at = at
        return f"line {self.line}"

    def warn(self, text: str) -> None:
        warnings = self.game.warnings
        if len(warnings) < MOST_WARNINGS:
            warnings.append(text)
        elif len(warnings) == MOST_WARNINGS:
            warnings.append("more warnings are left out")

    # ---- reading

    def run(self) -> list[PdnGame]:
        text, at = self.text, 0
        while at < len(text):
            ch = text[at]
            line_start = at == 0 or text[at - 1] == "\n"
            if ch.isspace():
                at += 1
            elif ch == "%" and line_start:
                at = _line_end(text, at)
            elif ch == ";":
                at = _line_end(text, at)
            elif ch == "[" and (self.failed_at < 0 or line_start):
                if self.open:
                    self.finish(at)
                at = self.tag(at)
            elif ch == "{":
                at = self.comment(at)
            elif ch == "(":
                at = self.variation(at)
            elif ch in "})]":
                self.warn(f"a stray '{ch}' at {self.where(at)} is skipped")
                at += 1
            elif ch == "$":
                match = _NAG.match(text, at)
                if match:
                    self.note(match.group())
                    at = match.end()
                else:
                    at = self.word(at)
            else:
                at = self.word(at)
        self.finish(len(text))
        return self.games

    def tag(self, at: int) -> int:
        text = self.text
        match = _TAG.match(text, at, at + MOST_TAG)
        if match:
            if self.failed_at < 0:
                self.game.tags[match.group(1)] = re.sub(r"\\(.)", r"\1", match.group(2))
            return match.end()
        end = _line_end(text, at)
        if end - at > MOST_TAG:
            self.fail(at, _first_line(text, at), f"is a tag longer than {MOST_TAG:,} characters, or no tag",
                      tag=True)
            return end
        line = text[at:end]
        loose = _LOOSE_TAG.fullmatch(line)
        if loose:
            self.game.tags[loose.group(1)] = loose.group(2)
            self.warn(f"the tag {line.strip()} at {self.where(at)} is read as [{loose.group(1)} \"{loose.group(2)}\"]")
        else:
            self.fail(at, line.strip(), "is not a tag: a tag reads [Name \"value\"]", tag=True)
        return end

    def comment(self, at: int) -> int:
        end = self.pairs.closing(at, "{")
        if end < 0:
            self.fail(at, _first_line(self.text, at), "a comment '{' is never closed")
            return _next_tags(self.text, at)
        self.note(self.text[at:end + 1])
        return end + 1

    def variation(self, at: int) -> int:
        end = self.pairs.closing(at, "(")
        if end < 0:
            self.fail(at, _first_line(self.text, at), "a variation '(' is never closed")
            return _next_tags(self.text, at)
        self.note(self.text[at:end + 1])  # a variation, or a strength written (!?)
        return end + 1

    def word(self, at: int) -> int:
        text = self.text
        result = _RESULT.match(text, at)
        if result and _word_ends(text, result.end()):
            self.game.result, self.open, self.result_seen = result.group(), True, True
            self.finish(at)
            return result.end()
        number = _NUMBER.match(text, at)
        if number:
            self.open = True
            return number.end()
        ellipsis = _ELLIPSIS.match(text, at)
        if ellipsis:
            return ellipsis.end()
        if text[at] == UNKNOWN_MOVE and _word_ends(text, at + 1):
            if self.failed_at < 0:
                self.game.moves.append(UNKNOWN_MOVE)
            self.open = True
            return at + 1
        move = _MOVE.match(text, at)
        strength = _STRENGTH.match(text, move.end()) if move else None
        after = strength.end() if strength else move.end() if move else at
        if move and _word_ends(text, after):
            if self.failed_at < 0:
                self.game.moves.append(_SPACES.sub("", move.group()))
            self.open = True
            if strength:
                self.note(strength.group())
            return after
        strength = _STRENGTH.match(text, at)
        if strength and _word_ends(text, strength.end()):
            self.note(strength.group())
            return strength.end()
        end = at
        while end < len(text) and text[end] not in _ENDS_WORD:
            end += 1
        end = max(end, at + 1)
        self.fail(at, _short(text[at:end]), "is not a move, a move number or a result")
        return end


def _word_ends(text: str, at: int) -> bool:
    return at == len(text) or text[at] in _ENDS_WORD


def _line_end(text: str, at: int) -> int:
    end = text.find("\n", at)
    return len(text) if end < 0 else end


def _first_line(text: str, at: int) -> str:
    return _short(text[at:min(_line_end(text, at), at + 80)].strip(), 40)


def _short(text: str, most: int = 80) -> str:
    """``text`` as an error shows it: ``most`` characters at most."""
    return text if len(text) <= most else text[:most - 3] + "..."


def _next_tags(text: str, at: int) -> int:
    """Where the next line of tags starts (a game's text ends there at the latest), or the end."""
    found = text.find("\n[", at)
    return len(text) if found < 0 else found + 1


class _Pairs:
    """Where the comment ``{`` or the variation ``(`` at a place of a file ends: the matching closing, nested
    pairs and (in a variation) comments inside counted, not looking past the next line of tags; failing that
    (an unbalanced one inside) the first closing; -1 if there is none.

    Linear in the file: the pairs of the stretch up to the next line of tags are matched in one pass when the
    first is asked for (comments on their own, variations along the text that skips the comments), and each
    answer is then looked up."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.start, self.limit = 0, -1  # the stretch matched (up to the next line of tags)
        self.matched: dict[str, tuple[array, array]] = {}  # by opening: its places, and where each closes

    def closing(self, at: int, opening: str) -> int:
        if not self.start <= at < self.limit:  # a stretch not matched yet
            self.start, self.limit, self.matched = at, _next_tags(self.text, at), {}
        places, ends = self._table(opening)
        index = bisect_left(places, at)
        if index < len(places) and places[index] == at:
            end = ends[index]
        else:  # a variation the pass did not come to (inside what it took for a comment): walked on its own
            end = self._walk(at)
        if end == _UNCLOSED:
            return self.text.find("}" if opening == "{" else ")", at, self.limit)
        return end

    def _table(self, opening: str) -> tuple[array, array]:
        """The stretch's pairs opened by ``opening``: their places, and where each closes."""
        if opening not in self.matched:
            self.matched[opening] = self._braces() if opening == "{" else self._variations()
        return self.matched[opening]

    def _braces(self) -> tuple[array, array]:
        places, ends, stack = array("q"), array("q"), array("q")
        for found in _BRACES.finditer(self.text, self.start, self.limit):
            if found.group() == "{":
                stack.append(len(places))
                places.append(found.start())
                ends.append(_UNCLOSED)
            elif stack:
                ends[stack.pop()] = found.start()
        return places, ends

    def _comment_end(self, at: int) -> int:
        """Where the comment at ``at`` ends (as :meth:`closing` says), from the braces matched."""
        places, ends = self._table("{")
        index = bisect_left(places, at)
        end = ends[index]
        return self.text.find("}", at, self.limit) if end == _UNCLOSED else end

    def _brackets(self, at: int) -> Iterator[tuple[int, str]]:
        """The variations' brackets from ``at`` on, in order: (place, ``(`` or ``)``), the comments between
        them skipped as :meth:`closing` matches them; ``(_NEVER, "{")`` last when a comment is never closed."""
        while True:
            found = _PAIRS.search(self.text, at, self.limit)
            if found is None:
                return
            at = found.start()
            if found.group() == "{":
                at = self._comment_end(at)
                if at < 0:
                    yield _NEVER, "{"
                    return
            else:
                yield at, found.group()
            at += 1

    def _variations(self) -> tuple[array, array]:
        places, ends, stack = array("q"), array("q"), array("q")
        for at, ch in self._brackets(self.start):
            if ch == "{":  # a comment never closed: every variation still open is never closed
                for index in stack:
                    ends[index] = _NEVER
            elif ch == "(":
                stack.append(len(places))
                places.append(at)
                ends.append(_UNCLOSED)
            elif stack:
                ends[stack.pop()] = at
        return places, ends

    def _walk(self, at: int) -> int:
        """The end of the variation at ``at``, walked from there (comments skipped as the pass skips them)."""
        depth = 0
        for place, ch in self._brackets(at):
            if ch == "{":
                return _NEVER
            depth += 1 if ch == "(" else -1
            if depth == 0:
                return place
        return _UNCLOSED


_BRACES = re.compile(r"[{}]")
_PAIRS = re.compile(r"[{()]")
#: a pair not closed where it is balanced (the first closing is taken), and one never closed
_UNCLOSED, _NEVER = -2, -1


def read_games(text: str | bytes) -> list[PdnGame]:
    """The games of a PDN file (its text, or its bytes: :func:`pdn_text`), each read as far as it is PDN
    (:attr:`PdnGame.error` says where it stopped). Raises only if ``text`` is not text."""
    if isinstance(text, (bytes, bytearray)):
        text = pdn_text(text)
    if not isinstance(text, str):
        raise InputTypeError("{parameter} must be a PDN file's text", parameter="text", value=type(text).__name__)
    if len(text) > MOST_CHARACTERS:
        raise InputError(f"{{parameter}} is longer than {MOST_CHARACTERS:,} characters ({len(text):,}): split the "
                         "file", parameter="text")
    return _Scanner(text).run()


def _rules_given(value: Any, parameter: str) -> Variant | None:
    """``value`` (None, a :class:`Variant` or a rule set's name) as a Variant or None; InputError naming
    ``parameter`` otherwise."""
    if value is None or isinstance(value, Variant):
        return value
    if not isinstance(value, str):
        raise InputTypeError("{parameter} must be a rule set's name or a Variant", parameter=parameter,
                             value=type(value).__name__)
    try:
        return get_variant(value)
    except InputError:
        raise InputError(f"{{parameter}} '{_short(value)}' is no rule set: use one of {', '.join(VARIANTS)}",
                         parameter=parameter, value=value, allowed=list(VARIANTS), show_value=False) from None


def _problem(error: InputError) -> str:
    """An error about a move's text worded without the text: ``not legal for white here: ...``."""
    problem = error.problem
    match = re.match(r"\{parameter\} '[^']*'[:]? ?", problem)
    if match:
        problem = problem[match.end():]
    return problem.removeprefix("is ").replace("{parameter}", error.parameter or "input")


@dataclass
class CheckedGame:
    """A game of a file replayed: its PDN, its rule set and why (``variant``, ``reason``), the
    :class:`.Game` as far as it goes (None if even its start could not be set up), and its ``error`` (None
    when every move was read and is legal) and ``warnings``."""

    number: int
    pdn: PdnGame
    game: Game | None
    variant: Variant | None
    reason: str
    #: why the game stops short (None when every move was read and is legal)
    error: GameError | None = None
    warnings: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        """Whether the whole game was read and replayed."""
        return self.error is None

    def moves(self) -> str:
        """How long the game is: ``83 moves (165 plies)``."""
        plies = len(self.game) if self.game is not None else 0
        second = self.game is not None and self.game.start.turn != self.game.variant.first
        moves = (plies - 1 + second) // 2 + 1 if plies else 0
        return f"{moves} move{'s' if moves != 1 else ''} ({plies} pl{'ies' if plies != 1 else 'y'})"

    def where(self) -> str:
        """Where the error is: ``move 12... (ply 24)``, or ``the tags`` for ply 0."""
        if self.error is None:
            return ""
        if self.error.ply == 0:
            return "the tags"
        index = self.error.ply - 1
        number = self.pdn.move_number(index, self.variant) if self.variant is not None else f"{index + 1}."
        return f"move {number} (ply {self.error.ply})"

    def summary(self) -> str:
        """One line: the game, its event, its rules and why, its length and result, and how it ends or where
        it stands; or where it fails and why."""
        event = self.pdn.tags.get("Event", "").strip()
        head = f"{self.pdn.label(self.number)}{', ' + event if event else ''}"
        rules = f"{self.variant.name} ({self.reason})" if self.variant is not None else "no rules"
        if self.error is not None:
            played = f"; replayed {self.moves()} before it" if self.game is not None and len(self.game) else ""
            return f"{head}: {rules}: FAILED at {self.where()} {self.error}{played}"
        assert self.game is not None
        end = self.game.outcome()
        state = f"ended at ply {self.game.ended_at}: {end.reason}" if end is not None else f"then {self.game.fen()}"
        return f"{head}: {rules}, {self.moves()}, result {self.pdn.result}; {state}"

    def to_json(self, positions: bool = False) -> dict[str, Any]:
        """The game as JSON: ``number``, ``tags``, ``result``, ``variant``, ``reason``, then as
        :meth:`.Game.to_json` (``start``, ``moves``, ``fen``, ``outcome``; null where the start could not be
        set up), ``error`` (null or ``{"ply", "text", "problem"}``) and ``warnings``; with ``positions`` the
        FEN after every ply too."""
        played: dict[str, Any] = self.game.to_json() if self.game is not None else {
            "start": None, "moves": [], "fen": None, "outcome": None}
        payload: dict[str, Any] = {
            "number": self.number,
            "tags": dict(self.pdn.tags),
            "result": self.pdn.result,
            **played,
            "variant": self.variant.name if self.variant is not None else None,
            "reason": self.reason,
            "error": self.error.to_json() if self.error is not None else None,
            "warnings": list(self.warnings),
        }
        if positions:
            payload["positions"] = [] if self.game is None else [self.game.fen(ply) for ply in range(len(self.game) + 1)]
        return payload


def replay(game: PdnGame, number: int = 1, default: Variant | str | None = None,
           like: Variant | str | None = None) -> CheckedGame:
    """Play the main line of ``game`` (the ``number``-th of its file) from its start, every move checked;
    the first that cannot be read or is not legal is the game's error, and the game stops there. Never
    raises for a problem of the game itself. ``default`` and ``like`` as :meth:`PdnGame.rules`; where the
    rules recognised fail and several rule sets of the same board replay the game, ``like`` is taken if it
    is one of them."""
    game = _pdn_game(game)
    number = checks.whole_number(number, "number", lo=1)
    default, like = _rules_given(default, "default"), _rules_given(like, "like")
    try:
        variant, reason = game.rules(default, like)
    except InputError as error:
        return CheckedGame(number, game, None, None, "", GameError(0, game.tags.get("GameType", ""), str(error)),
                           list(game.warnings))
    checked = _replay(game, number, variant, reason)
    if not reason.startswith("recognised") or checked.error is None or checked.error is game.error \
            or checked.game is None:
        return checked
    others = [_replay(game, number, other, f"recognised: {other.name}, which replays the game, where the "
                      f"{variant.name} rules fail at {checked.where()} {checked.error}"
                      f"{'; as the other games of the file' if other is like else ''}")
              for other in _same_board(variant)]
    whole = [other for other in others if other.ok]
    if len(whole) > 1 and like is not None:
        whole = [other for other in whole if other.variant is like] or whole
    if len(whole) == 1:
        return whole[0]
    if whole:
        names = " and ".join(other.variant.name for other in whole if other.variant is not None)
        failed = checked.error
        checked.error = GameError(failed.ply, failed.text, f"{failed.problem} (the {names} rules replay the whole "
                                                           "game: give the variant)")
    return checked


def _same_board(variant: Variant) -> list[Variant]:
    """The other rule sets whose games are written as those of ``variant`` and start as they do (the same
    board, notation, first side and men)."""
    def board(rules: Variant) -> tuple[object, ...]:
        return rules.size, rules.numeric, rules.dark_only, rules.mirrored, rules.first, rules.rows_of_men
    return [other for other in VARIANTS.values() if other is not variant and board(other) == board(variant)]


def _replay(game: PdnGame, number: int, variant: Variant, reason: str) -> CheckedGame:
    """:func:`replay` under the rules ``variant`` (chosen for ``reason``)."""
    warnings = list(game.warnings)
    try:
        start, read = game.start(variant)
    except InputError as error:
        return CheckedGame(number, game, None, variant, reason, GameError(0, game.tags.get("FEN", ""), str(error)),
                           warnings)
    warnings += read
    played = Game(start)
    moves = game.moves
    for index, text in enumerate(moves):
        if text == UNKNOWN_MOVE:
            known = next((later for later in range(index + 1, len(moves)) if moves[later] != UNKNOWN_MOVE), None)
            if known is not None:
                return CheckedGame(number, game, played, variant, reason, GameError(
                    known + 1, moves[known], "follows a move not known (-): the position it is played on is not "
                    "known"), warnings)
            warnings.append(f"the moves from {game.move_number(index, variant)} (ply {index + 1}) on are not known "
                            f"(written {UNKNOWN_MOVE}): replayed up to there")
            break
        try:
            settled = _play(played, text, moves[index + 1:])
        except InputError as error:
            return CheckedGame(number, game, played, variant, reason, GameError(index + 1, text, _problem(error)),
                               warnings)
        if settled:
            warnings.append(f"{game.move_number(index, variant)} {text} (ply {index + 1}): {settled}")
    return CheckedGame(number, game, played, variant, reason, game.error, warnings)


def _play(played: Game, text: str, rest: list[str]) -> str:
    """Play the move ``text`` on ``played``. Where two routes or more fit it (a capture written by its ends),
    the one after which the most of the moves ``rest`` replay, if only one goes that far: what was settled
    so is returned (else ""). InputError if the move is not legal, or if the routes cannot be told apart."""
    options = fitting_moves(text, played.position)
    if len(options) < 2:
        played.play(text)
        return ""
    reach = [_goes_on(played, option, rest) for option in options]
    furthest = max(reach)
    chosen = [option for option, plies in zip(options, reach) if plies == furthest]
    if len(chosen) > 1:
        played.play(text)  # the error names the routes
    played.play(chosen[0])
    others = ", ".join(option.notation(full=True) for option in options if option is not chosen[0])
    return (f"{len(options)} routes fit; {chosen[0].notation(full=True)} is taken, after which {furthest} more "
            f"pl{'y' if furthest == 1 else 'ies'} replay ({others}: fewer)")


def _goes_on(played: Game, move: Move, rest: list[str]) -> int:
    """How many of the moves ``rest`` replay after ``move`` on ``played`` (which is left as it was)."""
    played.play(move)
    plies = 0
    try:
        for text in rest:
            if text == UNKNOWN_MOVE:
                break
            options = fitting_moves(text, played.position)
            if not options:
                break
            played.play(options[0])
            plies += 1
    except InputError:
        pass
    for _ in range(plies + 1):
        played.undo()
    return plies


@dataclass
class CheckedFile:
    """Every game of a PDN file, each replayed as far as it goes."""

    games: list[CheckedGame]

    @property
    def failed(self) -> list[CheckedGame]:
        """The games that could not be read or replayed to their end."""
        return [game for game in self.games if not game.ok]

    def to_json(self, positions: bool = False) -> dict[str, Any]:
        """``{"games": [...]}``, each game as :meth:`CheckedGame.to_json`."""
        return {"games": [game.to_json(positions) for game in self.games]}


def file_rules(games: list[PdnGame]) -> Variant | None:
    """The rule set most games of a file without GameType or Variant tags are surely recognised as (by
    their squares: :meth:`PdnGame.rules`), if any is."""
    found: dict[str, int] = {}
    for game in _pdn_games(games):
        if not (game.tags.get("GameType", "").strip() or game.tags.get("Variant", "").strip()):
            variant, _, sure = _recognised(game)
            if sure:
                found[variant.name] = found.get(variant.name, 0) + 1
    return VARIANTS[max(found, key=found.__getitem__)] if found else None


def check_games(text: str | bytes, default: Variant | str | None = None) -> CheckedFile:
    """Read a PDN file (its text or bytes) and replay every game; one game's problem is that game's
    error, never the file's. A game whose squares alone do not tell its rules is read as most of the
    file's games are (:func:`file_rules`); a game that several rule sets of the same board replay where
    the rules recognised fail, as most of the file's games that only one of them replays."""
    default = _rules_given(default, "default")
    games = read_games(text)
    like = file_rules(games) if default is None else None
    checked = [replay(pdn, number, default, like) for number, pdn in enumerate(games, 1)]
    moved = Counter(one.variant.name for one in checked if one.ok and one.variant is not None
                    and one.reason.startswith(f"recognised: {one.variant.name}, which replays"))
    if moved:
        most = VARIANTS[moved.most_common(1)[0][0]]
        again = [one if one.ok else replay(one.pdn, one.number, default, most) for one in checked]
        checked = [second if second.ok else first for first, second in zip(checked, again)]
    return CheckedFile(checked)


def _quote(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def write_game(game: PdnGame, default: Variant | str | None = None) -> str:
    """The PDN text of one game: its tags, then its move text with numbers, wrapped at 79 columns (what
    could not be read, :attr:`PdnGame.rest`, written back as it was before the result)."""
    game = _pdn_game(game)
    default = _rules_given(default, "default")
    try:
        variant = game.rules(default)[0]
    except InputError:
        variant = VARIANTS["international"]  # only the move numbers depend on it: PDN's own game
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
    if game.rest:
        words.append(game.rest)
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


def write_games(games: list[PdnGame], default: Variant | str | None = None) -> str:
    """The PDN text of several games, a blank line between two."""
    return "\n".join(write_game(game, default) for game in _pdn_games(games))


def normalised(checked: CheckedGame) -> PdnGame:
    """The game as it is written back normalised: a game replayed whole has its moves in its rule set's
    notation (moves not known kept as ``-``); any other is kept as it was read. A game read by the rules
    given to :func:`replay` (no tag of its own names them) gets the tag that names them
    (its GameType, or its Variant tag), so that the file written reads back the same."""
    if not isinstance(checked, CheckedGame):
        raise InputTypeError("{parameter} must be a CheckedGame (replay, check_games)", parameter="checked",
                             value=type(checked).__name__)
    pdn = checked.pdn
    tags = dict(pdn.tags)
    if checked.reason == DEFAULT_REASON and checked.variant is not None:
        tags.setdefault(*_rules_tag(checked.variant))  # so that the file reads back under the same rules
    if checked.error is not None or checked.game is None:
        return PdnGame(tags, pdn.moves, pdn.notes, pdn.result, pdn.error, pdn.rest, pdn.warnings) \
            if tags != pdn.tags else pdn
    notation = checked.game.notation
    return PdnGame(tags, [*notation, *pdn.moves[len(notation):]], {k: list(v) for k, v in pdn.notes.items()},
                   pdn.result, None, "", list(pdn.warnings))


def _rules_tag(variant: Variant) -> tuple[str, str]:
    """The tag that names ``variant`` in a PDN file: ``GameType`` with its number, or ``Variant`` with its
    name for the rule sets without a number."""
    number = next((n for n, name in GAME_TYPES.items() if name == variant.name), None)
    return ("GameType", str(number)) if number is not None else ("Variant", variant.name)


def from_game(game: Game, tags: dict[str, str] | None = None) -> PdnGame:
    """A :class:`.Game` as a PDN game: the tags given, then ``GameType``, ``FEN`` (unless the game
    starts from the initial position) and ``Result`` as the game says (``*`` while it goes on)."""
    if not isinstance(game, Game):
        raise InputTypeError("{parameter} must be a Game", parameter="game", value=type(game).__name__)
    if tags is not None and not (isinstance(tags, Mapping)
                                 and all(isinstance(key, str) and isinstance(value, str) for key, value in tags.items())):
        raise InputTypeError("{parameter} must map tag names to their values, both text", parameter="tags",
                             value=type(tags).__name__)
    all_tags = {} if tags is None else dict(tags)
    all_tags.setdefault(*_rules_tag(game.variant))
    if game.start != Position.initial(game.variant):
        all_tags.setdefault("FEN", game.start.fen())
    end = game.outcome()
    result = "*" if end is None else end.result(game.variant)
    all_tags.setdefault("Result", result)
    return PdnGame(all_tags, list(game.notation), {}, result)


def _pdn_game(value: Any, parameter: str = "game") -> PdnGame:
    """``value`` if it is a :class:`PdnGame`, else an InputTypeError naming ``parameter``."""
    if not isinstance(value, PdnGame):
        raise InputTypeError("{parameter} must be a PdnGame (read_games)", parameter=parameter,
                             value=type(value).__name__)
    return value


def _pdn_games(value: Any) -> list[PdnGame]:
    """``value`` (an iterable of :class:`PdnGame`) as a list, else an InputTypeError naming ``games``."""
    return [_pdn_game(game, "games") for game in checks.items(value, "games", "a list of PdnGame (read_games)")]
