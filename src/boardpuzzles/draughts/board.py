"""Positions: pieces on squares, the side to move, PDN FEN and board diagrams, and the bitboards the
kernels read.

Squares are ``(row, col)`` from a1 as in :mod:`boardpuzzles.geometry`. Dark squares
are those with ``row + col`` even (a1 is dark). The usual numbering counts the dark
squares from the top left: on 8x8, 1 = b8, 4 = h8, 29 = a1, 32 = g1; on 10x10,
1 = b10, 5 = j10, 46 = a1, 50 = i1. White starts at the bottom and moves up.

Pieces are one letter: ``w`` white man, ``W`` white king, ``b`` black man, ``B`` black king.

A :class:`Position` is a value. For the rule sets the numba kernels play it also has
bitboards (:meth:`Position.bitboards`): white, black and kings as int64 masks over the
dark squares in number order with a spare bit after every two rows (:func:`bit_of`),
which makes each step along a line one fixed shift.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any

from .. import checks, render
from ..errors import InputError, InputTypeError
from ..geometry import Square, check_digits, file_name, is_number, parse_square, square_name, too_long
from .rules import Promotion, Variant, get_variant


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


def square_text(square: Square, variant: Variant | str) -> str:
    """A square ``(row, col)`` in the variant's notation: a number (a dark square's) or an algebraic
    name; InputError naming ``square`` or ``variant`` for one that is not a square of its board."""
    if not (type(square) is tuple and len(square) == 2 and type(square[0]) is int and type(square[1]) is int
            and type(variant) is Variant and 0 <= square[0] < variant.size and 0 <= square[1] < variant.size):
        variant = get_variant(variant)  # the squares the library makes pass above; one from outside is checked
        square = checks.square(square, "square", variant.size, variant.size)
    if variant.numeric:
        if not is_dark(square, variant.mirrored):
            raise InputError(f"{{parameter}}: {square_name(*square)} is a light square: {variant.name} numbers the "
                             "dark squares", parameter="square", value=square, show_value=False)
        return str(square_number(square, variant.size))
    return square_name(*square)


def promotion_row(colour: str, size: int) -> int:
    """The row where men of ``colour`` ("W" or "B") are crowned."""
    return size - 1 if colour == "W" else 0


def colour_of(piece: str) -> str:
    """"W" or "B" for a piece letter."""
    return "W" if piece in "wW" else "B"


# ---------------------------------------------------------------- the bitboard layout

@functools.lru_cache(maxsize=None)
def _layout(size: int, mirrored: bool) -> tuple[tuple[Square, ...], dict[Square, int], int]:
    """The square of each bit (64 entries; a spare bit holds (-1, -1)), the bit of each dark square, and
    the mask of the board's bits."""
    w = size // 2
    squares: list[Square] = []
    for bit in range(64):
        pair, rest = divmod(bit, 2 * w + 1)
        top = 2 * pair + (1 if rest >= w else 0)
        index = rest - w if rest >= w else rest
        col = 2 * index + (1 if top % 2 == 0 else 0)
        valid = rest < 2 * w and top < size
        squares.append((size - 1 - top, size - 1 - col if mirrored else col) if valid else (-1, -1))
    bits = {square: bit for bit, square in enumerate(squares) if square != (-1, -1)}
    return tuple(squares), bits, sum(1 << bit for bit in bits.values())


def bit_of(square: Square, variant: Variant) -> int:
    """The bit of a dark square in the kernels' bitboards: the dark squares in number order, with a spare
    bit after every two rows (so that each step along a line is one fixed shift); a turned board is read
    reflected left to right (the rules do not mind)."""
    return _layout(variant.size, variant.mirrored)[1][square]


def bit_squares(variant: Variant) -> tuple[Square, ...]:
    """The square of each bit number of the kernels' bitboards ((-1, -1) for a spare bit)."""
    return _layout(variant.size, variant.mirrored)[0]


def squares_of(bits: int, variant: Variant) -> list[Square]:
    """The squares of the set bits of ``bits``, in bit order."""
    square = bit_squares(variant)
    found = []
    while bits:
        low = bits & -bits
        found.append(square[low.bit_length() - 1])
        bits ^= low
    return found


Bitboards = tuple[int, int, int, int]  # white, black, kings, side to move (0 white, 1 black)


# ---------------------------------------------------------------- positions


class Position:
    """Pieces on squares and the side to move, under one rule set: a value (immutable, hashable, equal
    when pieces, side to move and rules are).

    ``Position(fen, variant)`` reads a FEN, a diagram or ``"start"`` (:func:`parse_position`; errors name
    ``fen``);
    :meth:`from_pieces`, :meth:`from_bitboards` and :meth:`initial` make one from its parts.
    ``pieces`` maps each occupied ``(row, col)`` to a letter (``w`` ``W`` white man and king, ``b`` ``B``
    black); ``turn`` is ``"W"`` or ``"B"``. ``str`` draws it (:func:`parse_diagram` reads that back),
    ``repr`` is ``Position('W:W31,32:B19', variant='international')``.

    A position of a rule set the kernels play (:attr:`.Variant.on_bitboards`) also has bitboards
    (:meth:`bitboards`); it keeps whichever it was made from and makes the other when first asked.
    """

    __slots__ = ("variant", "turn", "_pieces", "_view", "_bits", "_hash")

    #: the rule set
    variant: Variant
    #: ``"W"`` or ``"B"``: the side to move
    turn: str
    _pieces: dict[Square, str] | None
    _view: MappingProxyType[Square, str] | None
    _bits: Bitboards | None
    _hash: int | None

    def __init__(self, fen: str, variant: Variant | str) -> None:
        with checks.naming("fen", fen, "position"):
            read = parse_position(fen, variant)
        _fill(self, read.variant, read._pieces, read.turn, read._bits)

    @classmethod
    def from_pieces(cls, pieces: Mapping[Square, str], turn: str, variant: Variant | str) -> Position:
        """The position with ``pieces`` (``{(row, col): letter}``) and ``turn`` to move. Each piece must
        stand on a square of the board (a dark one where the rules play on the dark squares)."""
        rules = get_variant(variant)
        if turn not in ("W", "B"):
            raise InputError("{parameter} must be 'W' or 'B'", parameter="turn", value=turn)
        if not isinstance(pieces, Mapping):
            raise InputTypeError("{parameter} must map squares (row, col) to w, W, b or B", parameter="pieces",
                                 value=type(pieces).__name__)
        board: dict[Square, str] = {}
        for square, piece in pieces.items():
            if piece not in ("w", "W", "b", "B"):
                raise InputError(f"{{parameter}}: the piece on {square} must be w, W, b or B", parameter="pieces",
                                 value=piece)
            board[board_square(square, "pieces", rules)] = piece
        return _new(rules, board, turn, None)

    @classmethod
    def from_bitboards(cls, bits: Bitboards, variant: Variant | str) -> Position:
        """The position with the kernels' bitboards ``bits`` = (white, black, kings, side to move: 0
        white, 1 black) under ``variant`` (one that :attr:`.Variant.on_bitboards`)."""
        rules = get_variant(variant)
        if not rules.on_bitboards:
            raise InputError(f"{{parameter}}: {rules.name} positions have no bitboards (the kernels play the "
                             "dark squares of boards up to 10x10)", parameter="variant", value=rules.name,
                             show_value=False)
        if not (isinstance(bits, tuple) and len(bits) == 4 and all(type(x) is int for x in bits)):
            raise InputError("{parameter} must be four ints: white, black, kings, side to move", parameter="bits",
                             value=bits)
        white, black, kings, colour = bits
        valid = _layout(rules.size, rules.mirrored)[2]
        if colour not in (0, 1) or white & black or kings & ~(white | black) or (white | black) & ~valid \
                or min(white, black, kings) < 0:
            raise InputError(f"{{parameter}} are not a {rules.name} position: white and black on the board's "
                             "squares, apart, kings among them, side to move 0 or 1", parameter="bits", value=bits)
        return _new(rules, None, "W" if colour == 0 else "B", bits)

    @classmethod
    def initial(cls, variant: Variant | str) -> Position:
        """The starting position of ``variant``: men on the outer rows (past ``empty_back_rows``)."""
        rules = get_variant(variant)
        pieces = {}
        size, low, high = rules.size, rules.empty_back_rows, rules.empty_back_rows + rules.rows_of_men
        for square in playing_squares(rules):
            row = square[0]
            if low <= row < high:
                pieces[square] = "w"
            elif low <= size - 1 - row < high:
                pieces[square] = "b"
        return _new(rules, pieces, rules.first, None)

    @property
    def pieces(self) -> MappingProxyType[Square, str]:
        """The pieces by square (a read-only view; ``.copy()`` is a dict of them)."""
        view = self._view
        if view is None:
            pieces = self._pieces
            if pieces is None:
                assert self._bits is not None  # a position has its pieces, its bitboards or both
                white, black, kings, _ = self._bits
                square = bit_squares(self.variant)
                pieces = {}
                rest = white | black
                while rest:
                    bit = (rest & -rest).bit_length() - 1
                    rest &= rest - 1
                    letter = "w" if (white >> bit) & 1 else "b"
                    pieces[square[bit]] = letter.upper() if (kings >> bit) & 1 else letter
                object.__setattr__(self, "_pieces", pieces)
            view = MappingProxyType(pieces)
            object.__setattr__(self, "_view", view)
        return view

    def bitboards(self) -> Bitboards:
        """(white, black, kings, side to move: 0 white, 1 black) in the kernels' layout (:func:`bit_of`);
        InputError for the rule sets the kernels do not play."""
        bits = self._bits
        if bits is None:
            variant = self.variant
            if not variant.on_bitboards:
                raise InputError(f"{{parameter}}: {variant.name} positions have no bitboards (the kernels play "
                                 "the dark squares of boards up to 10x10)", parameter="variant", value=variant.name,
                                 show_value=False)
            bit = _layout(variant.size, variant.mirrored)[1]
            white = black = kings = 0
            for square, piece in self.pieces.items():
                mask = 1 << bit[square]
                if piece in "wW":
                    white |= mask
                else:
                    black |= mask
                if piece in "WB":
                    kings |= mask
            bits = (white, black, kings, 0 if self.turn == "W" else 1)
            object.__setattr__(self, "_bits", bits)
        return bits

    @property
    def size(self) -> int:
        """The board's side: the board is ``size`` x ``size``."""
        return self.variant.size

    def squares(self) -> list[Square]:
        """Every square a piece may stand on, in number order for the dark-square variants."""
        return list(playing_squares(self.variant))

    def on_board(self, square: Square) -> bool:
        """Whether a piece may stand on ``square`` under these rules."""
        return on_board(square, self.variant)

    def to_json(self) -> dict[str, Any]:
        """``variant``, ``fen``, ``turn`` and ``pieces``: each piece's letter by its square's algebraic name
        (``{"c3": "w"}``, on every board, whatever its notation), squares in order from a1; ``numbers``: for a
        variant whose notation numbers the squares, the number of each playing square by its algebraic name
        (``{"a1": "46", ...}``), else empty."""
        pieces = {square_name(*square): piece for square, piece in sorted(self.pieces.items())}
        numbers = self.square_numbers() if self.variant.numeric else {}
        return {"variant": self.variant.name, "fen": self.fen(), "turn": self.turn, "pieces": pieces,
                "numbers": {square_name(*square): number for square, number in numbers.items()}}

    def fen(self) -> str:
        """The position as PDN FEN, e.g. ``W:W31,32,K40:B1,2``."""
        parts = [self.turn]
        pieces = self.pieces
        for colour in "WB":
            names = []
            for square in playing_squares(self.variant):
                piece = pieces.get(square)
                if piece and colour_of(piece) == colour:
                    names.append(("K" if piece.isupper() else "") + square_text(square, self.variant))
            parts.append(colour + ",".join(names))
        return ":".join(parts)

    def moved(self, start: Square, end: Square, captured: Sequence[Square], piece: str) -> Position:
        """The position after the piece on ``start`` goes to ``end``, where it stands as ``piece`` (crowned
        or not), taking the pieces on ``captured``, the other side then to move. InputError unless
        ``start`` holds a piece of the side to move, ``end`` is free (or is ``start``) and each captured
        square holds a piece of the other side."""
        pieces = self.pieces.copy()
        mover = pieces.pop(start, None)
        if mover is None or colour_of(mover) != self.turn or colour_of(piece) != self.turn:
            raise InputError(f"{{parameter}}: no piece of the side to move on {square_text(start, self.variant)}",
                             parameter="start", value=start, show_value=False)
        for square in captured:
            taken = pieces.pop(square, None)
            if taken is None or colour_of(taken) == self.turn:
                raise InputError(f"{{parameter}}: no piece to take on {square_text(square, self.variant)}",
                                 parameter="captured", value=square, show_value=False)
        if end in pieces or not on_board(end, self.variant):
            raise InputError(f"{{parameter}}: {square_name(*end)} is not a free square of the board",
                             parameter="end", value=end, show_value=False)
        pieces[end] = piece
        return _new(self.variant, pieces, "B" if self.turn == "W" else "W", None)

    def uncrowned(self) -> list[Square]:
        """The men standing on their own crowning row (a position a FEN may write, the rules never reach)."""
        if self.variant.promotion_in_capture is Promotion.NEVER:
            return []
        size = self.size
        return [square for square, piece in self.pieces.items()
                if piece in "wb" and square[0] == promotion_row(colour_of(piece), size)]

    def crowned(self) -> Position:
        """This position with every man on its own crowning row (:meth:`uncrowned`) made a king."""
        men = self.uncrowned()
        if not men:
            return self
        pieces = self.pieces.copy()
        for square in men:
            pieces[square] = pieces[square].upper()
        return _new(self.variant, pieces, self.turn, None)

    def square_numbers(self) -> dict[Square, str]:
        """The number of every square a piece may stand on (none on a board using all its squares)."""
        if not self.variant.dark_only:
            return {}
        return {square: str(number) for number, square in enumerate(playing_squares(self.variant), start=1)}

    def diagram(self, title: str = "", numbers: bool = False) -> render.Diagram:
        """The position as a board to draw: the square numbers small in the corners of the SVG, and with
        ``numbers`` on every empty square of the text board too."""
        corners = self.square_numbers()
        pieces = self.pieces.copy()
        labels = {square: number for square, number in corners.items() if square not in pieces} if numbers else {}
        return render.Diagram(
            self.size, self.size, pieces=pieces, labels=labels, title=title,
            light_a1=self.variant.mirrored, corner_labels=corners,
        )

    def _repr_svg_(self) -> str:
        return render.svg(self.diagram())

    def __str__(self) -> str:
        side = "white" if self.turn == "W" else "black"
        return render.text(self.diagram(f"{self.variant.name}, {side} to move"), ascii=True)

    def __repr__(self) -> str:
        return f"Position({self.fen()!r}, variant={self.variant.name!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Position):
            return NotImplemented
        if self is other:
            return True
        if self.turn != other.turn or not (self.variant is other.variant or self.variant == other.variant):
            return False
        if self._bits is not None and other._bits is not None:
            return self._bits == other._bits
        return self.pieces == other.pieces

    def __hash__(self) -> int:
        known = self._hash
        if known is None:
            variant = self.variant
            key = self.bitboards() if variant.on_bitboards else (self.turn, frozenset(self.pieces.items()))
            known = hash((variant.name, key))
            object.__setattr__(self, "_hash", known)
        return known

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a Position is a value and cannot be changed ({name}); make another one")

    def __reduce__(self) -> tuple[object, ...]:
        return (_new, (self.variant, dict(self.pieces), self.turn, None))


def require_position(position: object, parameter: str = "position") -> Position:
    """``position`` if it is a :class:`Position`, else InputTypeError naming ``parameter``."""
    if not isinstance(position, Position):
        raise InputTypeError("{parameter} must be a Position (Position(fen, variant))", parameter=parameter,
                             value=type(position).__name__)
    return position


def _fill(position: Position, variant: Variant, pieces: dict[Square, str] | None, turn: str,
          bits: Bitboards | None) -> None:
    set_field = object.__setattr__
    set_field(position, "variant", variant)
    set_field(position, "turn", turn)
    set_field(position, "_pieces", pieces)
    set_field(position, "_view", None)
    set_field(position, "_bits", bits)
    set_field(position, "_hash", None)


def _new(variant: Variant, pieces: dict[Square, str] | None, turn: str, bits: Bitboards | None) -> Position:
    position = object.__new__(Position)
    _fill(position, variant, pieces, turn, bits)
    return position


@functools.lru_cache(maxsize=None)
def _playing_squares(size: int, mirrored: bool, dark_only: bool) -> tuple[Square, ...]:
    if dark_only:
        return tuple(number_square(n, size, mirrored) for n in range(1, size * size // 2 + 1))
    return tuple((row, col) for row in reversed(range(size)) for col in range(size))


def playing_squares(variant: Variant) -> tuple[Square, ...]:
    """Every square a piece may stand on, in number order for the dark-square variants (from the top left;
    on a board using every square, rank by rank from the top)."""
    return _playing_squares(variant.size, variant.mirrored, variant.dark_only)


def board_square(value: object, parameter: str, variant: Variant) -> Square:
    """``value``, given from outside, as a square ``(row, col)`` a piece may stand on under ``variant``
    (:func:`.checks.square`, and a dark one where the rules play on the dark squares); InputError
    naming ``parameter`` otherwise."""
    square = checks.square(value, parameter, variant.size, variant.size)
    if not on_board(square, variant):
        raise InputError(f"{{parameter}}: {square_name(*square)} is a light square: {variant.name} is played on "
                         "the dark squares", parameter=parameter, value=square, show_value=False)
    return square


def on_board(square: Square, variant: Variant) -> bool:
    """Whether a piece may stand on ``square`` under ``variant``."""
    row, col = square
    size = variant.size
    return 0 <= row < size and 0 <= col < size and (not variant.dark_only or is_dark(square, variant.mirrored))


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


def _check_squares(position: Position) -> None:
    variant = position.variant
    for square in position.pieces:
        if variant.dark_only and not is_dark(square, variant.mirrored):
            raise InputError(f"a piece on {square_name(*square)}, a light square: {variant.name} is played on the "
                             "dark squares")


def check_position(position: Position) -> None:
    """InputError if a piece stands where the rules do not allow it: on a light square, or a man on its
    own crowning row (it would be a king)."""
    _check_squares(position)
    for square in position.uncrowned():
        name = square_name(*square)
        side = "white" if position.pieces[square] == "w" else "black"
        raise InputError(f"a {side} man on {name}, its own promotion row: it would be a king (write K{name})")


def _text(value: object, parameter: str) -> str:
    """``value`` if it is text, else an InputTypeError naming ``parameter``."""
    if not isinstance(value, str):
        raise InputTypeError("{parameter} must be text", parameter=parameter, value=type(value).__name__)
    return value


def parse_fen(fen: str, variant: Variant | str) -> Position:
    """Parse PDN FEN: ``W:W31,32,K40:B1,2`` (either colour first, ranges, ``:H0:F1`` tags, algebraic on 8x8)."""
    with checks.naming("fen", fen):
        position = _read_fen(_text(fen, "fen"), get_variant(variant))
        check_position(position)
    return position


def read_fen(fen: str, variant: Variant | str) -> Position:
    """:func:`parse_fen`, but a man on its own crowning row is kept as written (:meth:`Position.uncrowned`
    finds them, :meth:`Position.crowned` makes them the kings they must be: PDN files hold such FENs)."""
    with checks.naming("fen", fen):
        return _read_fen(_text(fen, "fen"), get_variant(variant))


def _read_fen(text: str, variant: Variant) -> Position:
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
    position = _new(variant, pieces, turn, None)
    _check_squares(position)
    return position


def parse_diagram(diagram: str, variant: Variant | str) -> Position:
    """Parse a board drawn as text: one line per rank from the top, ``w W b B`` pieces, ``.`` empty.

    Spaces, rank numbers and a file-letter line are ignored, so a board printed by
    ``boardpuzzles draughts moves`` reads back; a line ``white``/``w``/``black``/``b`` (or
    containing "white to move") sets the side to move (default: the variant's first).
    """
    with checks.naming("diagram", diagram):
        return _read_diagram(_text(diagram, "diagram"), get_variant(variant))


def _read_diagram(text: str, variant: Variant) -> Position:
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
    position = _new(variant, pieces, turn, None)
    check_position(position)
    return position


def parse_position(position: str, variant: Variant | str) -> Position:
    """A FEN, or a diagram if the text has several lines; ``start`` is the initial position.  Errors name
    ``position``."""
    if not isinstance(position, str):
        raise InputTypeError("{parameter} must be a FEN, a diagram or 'start'", parameter="position",
                             value=type(position).__name__)
    rules = get_variant(variant)
    if position.strip().lower() in ("start", "initial", ""):
        return Position.initial(rules)
    with checks.naming("position", position, "fen", "diagram"):
        return parse_diagram(position, rules) if "\n" in position.strip() else parse_fen(position, rules)
