"""Positions: pieces on squares, the side to move, PDN FEN and board diagrams.

Squares are ``(row, col)`` from a1 as in :mod:`boardpuzzles.geometry`. Dark squares
are those with ``row + col`` even (a1 is dark). The usual numbering counts the dark
squares from the top left: on 8x8, 1 = b8, 4 = h8, 29 = a1, 32 = g1; on 10x10,
1 = b10, 5 = j10, 46 = a1, 50 = i1. White starts at the bottom and moves up.

Pieces are one letter: ``w`` white man, ``W`` white king, ``b`` black man, ``B`` black king.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from dataclasses import dataclass, field

from .. import render
from ..errors import InputError
from ..geometry import Square, check_digits, file_name, is_number, parse_square, square_name, too_long
from .rules import Promotion, Variant


def is_dark(square: Square, mirrored: bool = False) -> bool:
    """True for the dark squares: a1 is dark, or h1 on a turned (``mirrored``) board."""
    return (square[0] + square[1]) % 2 == (1 if mirrored else 0)


def square_number(square: Square, size: int) -> int:
    """The usual number of a dark square (1 = the top left dark square, counting along the ranks)."""
    row, col = square
    top = size - 1 - row
    return top * (size // 2) + col // 2 + 1


def number_square(number: int, size: int, mirrored: bool = False) -> Square:
    """The dark square with the usual number ``number`` (1 .. size*size/2)."""
    top, index = divmod(number - 1, size // 2)
    return size - 1 - top, 2 * index + ((top + mirrored) % 2 == 0)


def square_text(square: Square, variant: Variant) -> str:
    """A square in the variant's notation: a number or an algebraic name."""
    if variant.numeric:
        return str(square_number(square, variant.size))
    return square_name(*square)


def promotion_row(colour: str, size: int) -> int:
    """The row where men of ``colour`` ("W" or "B") are crowned."""
    return size - 1 if colour == "W" else 0


def forward(colour: str) -> int:
    """The row step of a man of ``colour`` moving forwards."""
    return 1 if colour == "W" else -1


def colour_of(piece: str) -> str:
    """"W" or "B" for a piece letter."""
    return "W" if piece in "wW" else "B"


class Pieces(dict[Square, str]):
    """Pieces by square: a dict that keeps the bitboards of the fast generator (``bits``) until it
    changes, so that a position asked for its moves again is not read square by square again."""

    __slots__ = ("bits",)

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)
        self.bits: tuple[int, ...] | None = None

    def __setitem__(self, key: Square, value: str) -> None:
        self.bits = None
        super().__setitem__(key, value)

    def __delitem__(self, key: Square) -> None:
        self.bits = None
        super().__delitem__(key)

    def __ior__(self, other):  # type: ignore[override,no-untyped-def,misc]
        self.bits = None
        return super().__ior__(other)

    def clear(self) -> None:
        self.bits = None
        super().clear()

    def pop(self, *args):  # type: ignore[override,no-untyped-def]
        self.bits = None
        return super().pop(*args)

    def popitem(self) -> tuple[Square, str]:
        self.bits = None
        return super().popitem()

    def setdefault(self, key: Square, default: str = "") -> str:  # type: ignore[override]
        self.bits = None
        return super().setdefault(key, default)

    def update(self, *args, **kwargs) -> None:  # type: ignore[override,no-untyped-def]
        self.bits = None
        super().update(*args, **kwargs)


@dataclass
class Position:
    """Pieces by square and the side to move, under one rule set."""

    variant: Variant
    pieces: dict[Square, str] = field(default_factory=Pieces)
    turn: str = "W"

    def __post_init__(self) -> None:
        if not isinstance(self.pieces, Pieces):
            self.pieces = Pieces(self.pieces)

    @classmethod
    def initial(cls, variant: Variant) -> Position:
        """The starting position of ``variant``: men on the outer rows (past ``empty_back_rows``)."""
        pieces = {}
        size, low, high = variant.size, variant.empty_back_rows, variant.empty_back_rows + variant.rows_of_men
        for row in range(size):
            for col in range(size):
                if is_dark((row, col), variant.mirrored) or not variant.dark_only:
                    if low <= row < high:
                        pieces[row, col] = "w"
                    elif low <= size - 1 - row < high:
                        pieces[row, col] = "b"
        return cls(variant, pieces, variant.first)

    def copy(self) -> Position:
        """An independent copy."""
        copy = Position(self.variant, Pieces(self.pieces), self.turn)
        copy.pieces.bits = self.pieces.bits  # type: ignore[attr-defined]
        return copy

    @property
    def size(self) -> int:
        return self.variant.size

    def squares(self) -> list[Square]:
        """Every square a piece may stand on, in number order for the dark-square variants."""
        size = self.size
        if self.variant.dark_only:
            return [number_square(n, size, self.variant.mirrored) for n in range(1, size * size // 2 + 1)]
        return [(row, col) for row in reversed(range(size)) for col in range(size)]

    def on_board(self, square: Square) -> bool:
        row, col = square
        variant = self.variant
        return 0 <= row < self.size and 0 <= col < self.size and (is_dark(square, variant.mirrored) or not variant.dark_only)

    def fen(self) -> str:
        """The position as PDN FEN, e.g. ``W:W31,32,K40:B1,2``."""
        parts = [self.turn]
        for colour in "WB":
            names = []
            for square in self.squares():
                piece = self.pieces.get(square)
                if piece and colour_of(piece) == colour:
                    names.append(("K" if piece.isupper() else "") + square_text(square, self.variant))
            parts.append(colour + ",".join(names))
        return ":".join(parts)

    def __str__(self) -> str:
        return self.fen()

    def play(self, move: str) -> Position:
        """The position after ``move``, written in notation (``32-28``, ``28x19x10``, ``c3:e5``); this one
        is unchanged. See :mod:`.notation`."""
        from .notation import play  # notation reads positions: imported here, not at the top

        return play(self, move)

    def square_numbers(self) -> dict[Square, str]:
        """The number of every square a piece may stand on (none on a board using all its squares)."""
        if not self.variant.dark_only:
            return {}
        return {square: str(number) for number, square in enumerate(self.squares(), start=1)}

    def diagram(self, title: str = "", numbers: bool = False) -> render.Diagram:
        """The position as a board to draw: the square numbers small in the corners of the SVG, and with
        ``numbers`` on every empty square of the text board too."""
        corners = self.square_numbers()
        labels = {square: number for square, number in corners.items() if square not in self.pieces} if numbers else {}
        return render.Diagram(
            self.size, self.size, pieces=dict(self.pieces), labels=labels, title=title,
            light_a1=self.variant.mirrored, corner_labels=corners,
        )

    def _repr_svg_(self) -> str:
        return render.svg(self.diagram())


Parser = Callable[[str, "Variant"], "Position"]
_CELLS = ".wWbB_-·○◎●◉"  # what a square of a diagram may hold
_TAG = re.compile(r"[HF][0-9]+")  # lidraughts' trailing tags such as H0 (half moves) and F1 (move number)
_TO_MOVE = re.compile(r"(white|black|w|b)(?: to (?:move|play))?")
_TO_MOVE_IN_TITLE = re.compile(r"\b(white|black) to (?:move|play)\b")


def parse_square_text(text: str, variant: Variant, where: str = "") -> Square:
    """A square written as a number (dark squares) or algebraically, e.g. ``32`` or ``c3``."""
    size = variant.size
    place = f" ({where})" if where else ""
    check_digits(text)
    if is_number(text):
        number = 0 if too_long(text) else int(text)
        if not 1 <= number <= size * size // 2:
            raise InputError(f"square {text}{place} is out of range: squares are 1 to {size * size // 2}")
        return number_square(number, size, variant.mirrored)
    try:
        return parse_square(text, size, size)
    except InputError as error:
        raise InputError(f"{error}{place}") from None


def _expand(item: str, variant: Variant, where: str) -> list[Square]:
    if "-" in item:
        low, _, high = item.partition("-")
        if not (is_number(low) and is_number(high)):
            raise InputError(f"range '{item}' {where} must be two square numbers, like 31-50")
        parse_square_text(low, variant, where)  # each in range, so int() below is safe
        parse_square_text(high, variant, where)
        first, last = int(low), int(high)
        if first > last:
            raise InputError(f"range '{item}' {where} runs backwards: write the smaller number first")
        return [number_square(n, variant.size, variant.mirrored) for n in range(first, last + 1)]
    return [parse_square_text(item, variant, where)]


def check_position(position: Position) -> None:
    """InputError if a piece stands where the rules do not allow it."""
    variant = position.variant
    for square, piece in position.pieces.items():
        name = square_name(*square)
        if variant.dark_only and not is_dark(square, variant.mirrored):
            raise InputError(f"a piece on {name}, a light square: {variant.name} is played on the dark squares")
        if piece in "wb" and variant.promotion_in_capture is not Promotion.NEVER:
            colour = colour_of(piece)
            if square[0] == promotion_row(colour, variant.size):
                side = "white" if colour == "W" else "black"
                raise InputError(f"a {side} man on {name}, its own promotion row: it would be a king (write K{name})")


def _names(parameter: str) -> Callable[[Parser], Parser]:
    """A parser whose InputErrors name ``parameter`` in their structured fields (what a front end reads)."""

    def wrap(parse: Parser) -> Parser:
        @functools.wraps(parse)
        def named(text: str, variant: Variant) -> Position:
            try:
                return parse(text, variant)
            except InputError as error:
                if error.parameter is not None:
                    raise
                raise InputError(error.problem, parameter=parameter, value=text, show_value=False) from None

        return named

    return wrap


@_names("fen")
def parse_fen(text: str, variant: Variant) -> Position:
    """Parse PDN FEN: ``W:W31,32,K40:B1,2`` (either colour first, ranges, ``:H0:F1`` tags, algebraic on 8x8)."""
    fen = text.strip().rstrip(".").replace(" ", "")
    if not fen:
        raise InputError("empty FEN: write the side to move and both colours, like W:W31,32:B1,2")
    fields = fen.split(":")
    turn = fields[0].upper()
    if turn not in ("W", "B"):
        raise InputError(f"FEN '{text.strip()}': the side to move (before the first ':') must be W or B, not '{fields[0]}'")
    pieces: dict[Square, str] = {}
    seen_colours = set()
    for index, part in enumerate(fields[1:], start=2):
        if not part:
            raise InputError(f"FEN '{text.strip()}': field {index} is empty (two ':' in a row)")
        colour = part[0].upper()
        if colour not in "WB":
            if _TAG.fullmatch(part):
                continue  # a tag such as H0 (half moves) or F1 (move number)
            raise InputError(f"FEN '{text.strip()}': field {index} '{part}' must start with W or B (the colour)")
        if colour in seen_colours:
            raise InputError(f"FEN '{text.strip()}': colour {colour} is listed twice (field {index})")
        seen_colours.add(colour)
        for item in part[1:].split(","):
            if not item:
                continue
            king = item[0] in "Kk"
            body = item[1:] if king else item
            where = f"in field {index} of the FEN"
            for square in _expand(body, variant, where):
                if square in pieces:
                    raise InputError(f"two pieces on square {square_text(square, variant)} ({where})")
                letter = "w" if colour == "W" else "b"
                pieces[square] = letter.upper() if king else letter
    if not seen_colours:
        raise InputError(f"FEN '{text.strip()}' lists no pieces: add :W... and :B... fields")
    position = Position(variant, pieces, turn)
    check_position(position)
    return position


@_names("diagram")
def parse_diagram(text: str, variant: Variant) -> Position:
    """Parse a board drawn as text: one line per rank from the top, ``w W b B`` pieces, ``.`` empty.

    Spaces, rank numbers and a file-letter line are ignored, so a board printed by
    ``boardpuzzles draughts moves`` reads back; a line ``white``/``w``/``black``/``b`` (or
    containing "white to move") sets the side to move (default: the variant's first).
    """
    size = variant.size
    turn = variant.first
    files = "".join(file_name(col) for col in range(size))
    ranks: list[str] = []
    for raw in text.splitlines():
        line = raw.strip()
        lowered = line.lower()
        if not line or lowered.replace(" ", "") == files:
            continue  # blank, or the file letters
        to_move = _TO_MOVE.fullmatch(lowered) or _TO_MOVE_IN_TITLE.search(lowered)
        if to_move:
            turn = to_move.group(1)[0].upper()
            continue
        body = re.sub(r"^[0-9]+|[0-9]+$", "", line.replace(" ", ""))  # rank numbers at either end
        cells = "".join(ch for ch in body if ch in _CELLS)
        if len(cells) * 2 < len(body):
            raise InputError(
                f"diagram line '{line}' is neither a rank (w W b B pieces, . empty) nor the side to move "
                "(white or black)"
            )
        if len(cells) != len(body):
            bad = next(ch for ch in body if ch not in _CELLS)
            raise InputError(
                f"diagram line {len(ranks) + 1} '{line}': '{bad}' is not a piece or an empty square "
                "(w W b B pieces, . empty)"
            )
        if len(cells) != size:
            raise InputError(
                f"diagram line {len(ranks) + 1} '{line}' has {len(cells)} squares: each rank needs {size}"
            )
        ranks.append(cells)
    if len(ranks) != size:
        raise InputError(f"the diagram has {len(ranks)} ranks: {variant.name} needs {size}")
    glyphs = {"○": "w", "◎": "W", "●": "b", "◉": "B"}
    pieces = {}
    for top, cells in enumerate(ranks):
        for col, ch in enumerate(cells):
            ch = glyphs.get(ch, ch)
            if ch in "wWbB":
                pieces[size - 1 - top, col] = ch
    position = Position(variant, pieces, turn)
    check_position(position)
    return position


def parse_position(text: str, variant: Variant) -> Position:
    """A FEN, or a diagram if the text has several lines; ``start`` is the initial position."""
    if text.strip().lower() in ("start", "initial", ""):
        return Position.initial(variant)
    if "\n" in text.strip():
        return parse_diagram(text, variant)
    return parse_fen(text, variant)
