"""Rule sets as data: one frozen record per variant, read by both move generators.

The generators (:mod:`.moves` in plain Python, :mod:`.fast` in numba) share one
capture search; everything a variant changes is a field here: the lines pieces
move and capture along (:class:`Lines`), when a man is crowned
(:class:`Promotion`), where a capturing king may stop (:class:`Halt`), which
captures are compulsory (``priority``, a list of :class:`Criterion` applied in
turn) and how a game ends (:class:`Outcome`). A rule set that fits these fields
is added here and nowhere else. A :class:`Variant` checks itself when it is made:
a misspelled criterion or a board its men do not fit is an :class:`InputError`.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from enum import Enum
from typing import Any

from ..errors import InputError, InputTypeError

Vector = tuple[int, int]  # (row step, column step)


class Lines(Enum):
    """The lines a piece moves or captures along."""

    DIAGONAL = "diagonal"
    ORTHOGONAL = "orthogonal"  # along ranks and files (Turkish; Frisian captures)
    BOTH = "both"  # diagonal and orthogonal (Frisian captures)

    @property
    def vectors(self) -> tuple[Vector, ...]:
        """The unit steps, each one a row step and a column step."""
        diagonal = ((1, -1), (1, 1), (-1, -1), (-1, 1))
        orthogonal = ((1, 0), (0, -1), (0, 1), (-1, 0))
        if self is Lines.DIAGONAL:
            return diagonal
        if self is Lines.ORTHOGONAL:
            return orthogonal
        return diagonal + orthogonal


class Promotion(Enum):
    """What happens when a man reaches the far row in the middle of a capture."""

    AT_END = "at-end"  # it stays a man and goes on capturing as a man; crowned only if the move ends there
    AND_CONTINUE = "and-continue"  # it is crowned at once and goes on capturing as a king (Russian)
    AND_STOP = "and-stop"  # it is crowned and the move ends there (English)
    NEVER = "never"  # men are never crowned (the seed)


class Halt(Enum):
    """Where a flying king may stop after taking a piece."""

    ANYWHERE = "anywhere"  # any empty square beyond the piece
    BEHIND_PIECE = "behind-piece"  # directly behind the piece taken (Thai)
    BEHIND_KING = "behind-king"  # directly behind it if that piece is a king (Killer)


class Criterion(Enum):
    """A capture-choice criterion: each keeps the captures that score highest."""

    BY_KING = "by-king"  # a capture made by a king
    MOST = "most"  # the most pieces taken
    MOST_KINGS = "most-kings"  # the most kings taken
    EARLIEST_KING = "earliest-king"  # a king taken as early as possible
    VALUE = "value"  # the highest value: a king is worth more than one man, less than two (Frisian)


class Outcome(Enum):
    """How a game ends (read by the games, not by the move generators)."""

    NO_MOVE_LOSES = "no-move-loses"  # a side that cannot move (no piece left, or all blocked) loses
    NO_MOVE_WINS = "no-move-wins"  # Antidraughts: a side that cannot move wins
    FIRST_KING_WINS = "first-king-wins"  # Breakthrough: the first side to crown a man wins; no move loses


def _enum(kind: type[Enum], value: object, field: str) -> Enum:
    if isinstance(value, kind):
        return value
    try:
        return kind(value)
    except ValueError:
        choices = ", ".join(str(member.value) for member in kind)
        raise InputError(f"{{parameter}}: unknown value {value!r}: use one of {choices}", parameter=field) from None


@dataclass(frozen=True)
class Variant:
    """One rule set (the defaults are those of international draughts, on 8x8).

    Enum fields also accept their values as strings (``priority=("most",)``); a
    value that is not one is refused when the variant is made.
    """

    #: its name: ``international``, ``russian`` ...
    name: str
    #: the rules in a line
    description: str
    size: int = 8  #: the board is size x size
    first: str = "W"  #: "W" or "B": who moves first
    moves: Lines = Lines.DIAGONAL  #: the lines men (forwards) and kings move along without capturing
    captures: Lines = Lines.DIAGONAL  #: the lines pieces capture along
    #: men capture backwards as well as forwards
    men_capture_backwards: bool = True
    men_capture_kings: bool = True  #: false in Italian: only a king takes a king
    #: kings move and capture along a whole line, not one square
    flying_kings: bool = True
    king_halt: Halt = Halt.ANYWHERE  #: where a flying king may stop after a capture
    priority: tuple[Criterion, ...] = ()  #: which captures are compulsory (in order); () free choice
    #: what a man that reaches the last row in the middle of a capture does
    promotion_in_capture: Promotion = Promotion.AT_END
    king_lands_to_continue: bool = False  #: a capturing king must land where it can capture again
    remove_at_once: bool = False  #: captured pieces leave at once (else at the end of the move: Turkish strike)
    dark_only: bool = True  #: pieces stand on the dark squares only
    mirrored: bool = False  #: the board turned a quarter: a1 is light, h1 dark (Italian, Spanish)
    numeric: bool = False  #: squares written as numbers 1..N (else algebraic, a1..)
    capture_sep: str = "x"  #: "x" or ":"
    full_path: bool = False  #: captures always written with every landing square
    rows_of_men: int = 3  #: rows of men in the initial position
    empty_back_rows: int = 0  #: rows left empty behind them (Turkish: 1)
    king_move_limit: int = 0  #: Frisian: at most this many non-capturing moves in a row by one king (0: none)
    #: how a game ends
    outcome: Outcome = Outcome.NO_MOVE_LOSES
    #: True if a position of these rules fits the numba kernels' bitboards (:mod:`.fast`): the dark squares
    #: of a board up to 10x10 (with a spare bit after every two rows, at most 64 bits). Set by the rules.
    on_bitboards: bool = field(init=False, repr=False, compare=False)
    _men: dict[tuple[str, bool], tuple[Vector, ...]] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        set_field = object.__setattr__
        for field, kind in (
            ("moves", Lines), ("captures", Lines), ("king_halt", Halt),
            ("promotion_in_capture", Promotion), ("outcome", Outcome),
        ):
            set_field(self, field, _enum(kind, getattr(self, field), field))
        if isinstance(self.priority, (str, Enum)):
            raise InputError("{parameter} must be a tuple of criteria, not one", parameter="priority", value=self.priority)
        set_field(self, "priority", tuple(_enum(Criterion, c, "priority") for c in self.priority))
        if len(set(self.priority)) != len(self.priority):
            raise InputError("{parameter} lists a criterion twice", parameter="priority", value=self.priority)
        if self.first not in ("W", "B"):
            raise InputError("{parameter} must be 'W' or 'B'", parameter="first", value=self.first)
        if not (isinstance(self.size, int) and 4 <= self.size <= 16 and self.size % 2 == 0):
            raise InputError("{parameter} must be an even number 4..16", parameter="size", value=self.size)
        if self.rows_of_men < 1 or 2 * (self.rows_of_men + self.empty_back_rows) > self.size:
            raise InputError(
                f"{{parameter}}: {self.rows_of_men} row(s) of men behind {self.empty_back_rows} empty row(s) "
                f"do not fit each side of a {self.size}x{self.size} board",
                parameter="rows_of_men", value=self.rows_of_men,
            )
        if self.capture_sep not in ("x", ":"):
            raise InputError("{parameter} must be 'x' or ':'", parameter="capture_sep", value=self.capture_sep)
        if self.king_halt is not Halt.ANYWHERE and not self.flying_kings:
            raise InputError("{parameter} is a rule of flying kings: set flying_kings", parameter="king_halt",
                             value=self.king_halt.value)
        if self.numeric and not self.dark_only:
            raise InputError("{parameter}: square numbers count dark squares; a board using every square is "
                             "written algebraically", parameter="numeric", value=self.numeric)
        if self.king_move_limit < 0:
            raise InputError("{parameter} must be 0 (no limit) or more", parameter="king_move_limit",
                             value=self.king_move_limit)
        set_field(self, "on_bitboards", self.dark_only and self.size * self.size // 2 + self.size // 2 - 1 <= 64)
        men = {}
        for colour in ("W", "B"):
            ahead = 1 if colour == "W" else -1
            for capturing in (False, True):
                backwards = capturing and self.men_capture_backwards
                lines = self.captures if capturing else self.moves
                men[colour, capturing] = tuple(d for d in lines.vectors if d[0] == ahead or d[0] == 0 or backwards)
        set_field(self, "_men", men)

    def to_json(self) -> dict[str, Any]:
        """Every rule of the set by its field's name (an enum by its value, ``priority`` a list)."""
        rules: dict[str, Any] = {}
        for one in fields(self):
            if one.init:
                value = getattr(self, one.name)
                rules[one.name] = ([c.value for c in value] if one.name == "priority"
                                   else value.value if isinstance(value, Enum) else value)
        return rules

    @property
    def men_per_side(self) -> int:
        """Men of each side in the initial position."""
        return self.rows_of_men * (self.size // 2 if self.dark_only else self.size)

    def step(self, direction: Vector) -> Vector:
        """One step in ``direction`` to the next square a piece may stand on: an orthogonal step skips the
        light square between two dark ones on the dark-square boards (Frisian)."""
        if self.dark_only and 0 in direction:
            return 2 * direction[0], 2 * direction[1]
        return direction

    def man_directions(self, colour: str, capturing: bool) -> tuple[Vector, ...]:
        """The directions a man of ``colour`` ("W" moves up, "B" down) moves, or captures, in: forwards,
        sideways where its lines allow, and backwards when capturing if these rules let men capture
        backwards."""
        return self._men[colour, capturing]


def _variant_like(base: Variant, name: str, description: str, **changes: Any) -> Variant:
    """``base`` under another name, with some rules changed (checked as any new variant)."""
    return replace(base, name=name, description=description, **changes)


INTERNATIONAL = Variant(
    "international", "FMJD international draughts, 10x10: flying kings, maximum capture",
    size=10, priority=(Criterion.MOST,), numeric=True, rows_of_men=4,
)
FRISIAN = Variant(
    "frisian",
    "Frisian draughts, 10x10: captures along diagonals and lines, the highest value (a king is worth "
    "more than a man, less than two), then by a king",
    size=10, captures=Lines.BOTH, priority=(Criterion.VALUE, Criterion.BY_KING), numeric=True, rows_of_men=4,
    king_move_limit=3,
)
CANADIAN = _variant_like(
    INTERNATIONAL, "canadian", "Canadian draughts: the international rules on 12x12, 30 men each", size=12,
    rows_of_men=5,
)

#: every rule set, by its name (:func:`get_variant` looks one up)
VARIANTS: dict[str, Variant] = {
    variant.name: variant
    for variant in (
        INTERNATIONAL,
        Variant("brazilian", "Brazilian draughts: the international rules on 8x8", priority=(Criterion.MOST,)),
        Variant(
            "russian", "Russian shashki: free choice of capture, a man crowned mid-capture goes on as a king",
            promotion_in_capture=Promotion.AND_CONTINUE, king_lands_to_continue=True, capture_sep=":", full_path=True,
        ),
        Variant(
            "english", "English draughts / American checkers: black first, short kings, men capture forwards",
            first="B", men_capture_backwards=False, flying_kings=False, promotion_in_capture=Promotion.AND_STOP,
            numeric=True,
        ),
        Variant(
            "pool", "American pool checkers: black first, men capture backwards, flying kings, free choice",
            first="B", king_lands_to_continue=True, numeric=True,
        ),
        Variant(
            "czech",
            "Czech draughts: men capture forwards, flying kings land where they can go on, a king must capture first",
            men_capture_backwards=False, priority=(Criterion.BY_KING,), king_lands_to_continue=True, capture_sep=":",
        ),
        Variant(
            "spanish", "Spanish draughts: turned board, men capture forwards, the most pieces, then the most kings",
            men_capture_backwards=False, priority=(Criterion.MOST, Criterion.MOST_KINGS), mirrored=True,
        ),
        Variant(
            "italian",
            "Italian draughts: turned board, short kings, men never take kings, the most pieces, "
            "then by a king, the most kings, a king first",
            men_capture_backwards=False, men_capture_kings=False, flying_kings=False,
            priority=(Criterion.MOST, Criterion.BY_KING, Criterion.MOST_KINGS, Criterion.EARLIEST_KING),
            promotion_in_capture=Promotion.AND_STOP, mirrored=True, numeric=True,
        ),
        FRISIAN,
        _variant_like(FRISIAN, "frysk", "Frysk!: the Frisian rules with five men each on the back row", rows_of_men=1),
        Variant(
            "turkish",
            "Turkish dama: every square, men move and take forwards and sideways, kings fly along lines, "
            "taken pieces leave at once, maximum capture",
            moves=Lines.ORTHOGONAL, captures=Lines.ORTHOGONAL, men_capture_backwards=False,
            priority=(Criterion.MOST,), remove_at_once=True, dark_only=False, rows_of_men=2, empty_back_rows=1,
        ),
        Variant(
            "thai",
            "Thai makhos: eight men each, men capture forwards, kings fly but stop right behind the last piece "
            "taken, taken pieces leave at once, free choice",
            men_capture_backwards=False, king_halt=Halt.BEHIND_PIECE, remove_at_once=True, rows_of_men=2,
        ),
        CANADIAN,
        _variant_like(
            CANADIAN, "srilankan", "Sri Lankan draughts: the international rules on a turned 12x12 board", mirrored=True,
        ),
        _variant_like(
            INTERNATIONAL, "killer", "Killer draughts: international, but a king that takes a king stops right behind it",
            king_halt=Halt.BEHIND_KING,
        ),
        _variant_like(
            INTERNATIONAL, "antidraughts",
            "Antidraughts (giveaway): the international moves; a side that cannot move wins", outcome=Outcome.NO_MOVE_WINS,
        ),
        _variant_like(
            INTERNATIONAL, "breakthrough", "Breakthrough: the international moves; the first side to crown a man wins",
            outcome=Outcome.FIRST_KING_WINS,
        ),
        Variant(
            "seed", "the seed's rule: men capture all four ways, jumped men leave at once, any of the 64 squares",
            flying_kings=False, promotion_in_capture=Promotion.NEVER, remove_at_once=True, dark_only=False,
            capture_sep=":", full_path=True,
        ),
    )
}


@dataclass(frozen=True)
class GameEnd:
    """How a game ended: ``winner`` "W", "B" or None (a draw), and why."""

    winner: str | None
    reason: str

    def result(self, variant: Variant) -> str:
        """The PDN result: ``2-0``, ``0-2``, ``1-1`` (``1-0``, ``0-1``, ``1/2-1/2`` in English and pool)."""
        win, draw = ("1", "1/2") if variant.name in ("english", "pool") else ("2", "1")
        if self.winner is None:
            return f"{draw}-{draw}"
        return f"{win}-0" if self.winner == "W" else f"0-{win}"

    def to_json(self) -> dict[str, Any]:
        """``{"winner": "white", "black" or None, "reason": ...}``."""
        return {"winner": {"W": "white", "B": "black", None: None}[self.winner], "reason": self.reason}



def side_name(colour: str) -> str:
    """``"white"`` for "W", ``"black"`` for "B"."""
    return "white" if colour == "W" else "black"


def ruled_end(variant: Variant, turn: str, can_move: bool, crowned: bool) -> GameEnd | None:
    """How the rules of ``variant`` end the game when ``turn`` is to move (``can_move``: it has a legal
    move; ``crowned``: the other side's last move crowned a man), or None: a side that cannot move loses
    (wins in Antidraughts); in Breakthrough the side that crowned a man has won. (Repetitions and the
    count rules need the game's history: :class:`~.game.Game` applies them.)"""
    rule = variant.outcome
    if rule is Outcome.FIRST_KING_WINS and crowned:
        mover = "B" if turn == "W" else "W"
        return GameEnd(mover, f"{side_name(mover)} crowned a man first")
    if not can_move:
        winner = turn if rule is Outcome.NO_MOVE_WINS else "B" if turn == "W" else "W"
        return GameEnd(winner, f"{side_name(turn)} cannot move")
    return None


#: The rule set the command line, the web API and :class:`~.game.Game` use when none is named.
DEFAULT_VARIANT = "russian"


def get_variant(variant: str | Variant) -> Variant:
    """The rule set called ``variant`` (InputError naming the known ones otherwise); a :class:`Variant`
    is returned as it is."""
    if isinstance(variant, Variant):
        return variant
    if not isinstance(variant, str):
        raise InputTypeError("{parameter} must be a rule set's name or a Variant", parameter="variant",
                             value=type(variant).__name__)
    key = variant.strip().lower().replace("-", "").replace(" ", "").replace("!", "")
    try:
        return VARIANTS[key]
    except KeyError:
        raise InputError(
            f"unknown variant '{variant}': use one of {', '.join(VARIANTS)}", parameter="variant", value=variant,
            allowed=list(VARIANTS), show_value=False,
        ) from None
