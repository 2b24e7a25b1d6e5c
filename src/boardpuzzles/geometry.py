"""Board geometry and square notation.

Squares are ``(row, col)`` pairs counted from 0: row 0 is rank 1 (the bottom of a
drawn board) and column 0 is file ``a``. Files go ``a`` .. ``z``, then ``aa``,
``ab``, ... as spreadsheet columns do, so boards of any width have names.

Numbers, everywhere (sizes, squares, counts, the seeds' inputs): only the ASCII
digits 0-9 make a number.  Other digits (``８``, ``٣``, ``²``) are refused in one
line that says so, never read as numbers (:func:`is_number`, :func:`parse_number`).
"""

from __future__ import annotations

import re

from . import checks
from .errors import InputError

__all__ = ["square_name", "parse_square", "parse_squares", "parse_board_size"]

Square = tuple[int, int]

_SQUARE = re.compile(r"([a-z]+)([0-9]+)")
_SIZE = re.compile(r"([0-9]+)(?:[x×]([0-9]+))?")
#: More digits than any board here needs (and Python's int() refuses over 4300, leading zeros included).
_LONGEST_NUMBER = 9
#: More digits, leading zeros included, than any number here is written with
_MOST_DIGITS = 100


def too_long(digits: str) -> bool:
    """True for a number (or file name) longer than any board needs: read it as out of range, never with int()."""
    return len(digits) > _MOST_DIGITS or len(digits.lstrip("0")) > _LONGEST_NUMBER


def is_number(text: str) -> bool:
    """Whether ``text`` is a whole number in ASCII digits 0-9 (no sign, no spaces)."""
    return text.isascii() and text.isdigit()


def check_digits(text: str, parameter: str | None = None) -> None:
    """Refuse text that holds a digit other than ASCII 0-9, naming it."""
    for character in text:
        if character.isnumeric() and not character.isascii():
            where = "{parameter}: " if parameter else ""
            raise InputError(f"{where}{character!r} is not one of the digits 0-9: write numbers with 0-9",
                             parameter=parameter, value=text)


def parse_number(text: str, parameter: str, example: str = "8") -> int:
    """A whole number as a person types it (an optional sign, ASCII digits 0-9, spaces around).

    The range is the caller's to check; a number longer than any board needs
    is refused here, before :func:`int` sees it.
    """
    check_digits(text, parameter)
    stripped = text.strip()
    digits = stripped[1:] if stripped[:1] in ("+", "-") else stripped
    if not is_number(digits):
        raise InputError(f"{{parameter}} must be a whole number, like {example}", parameter=parameter, value=text)
    if too_long(digits):
        raise InputError(
            f"{{parameter}} has {len(digits)} digits, far out of range: give a number such as {example}",
            parameter=parameter, value=text, show_value=False,
        )
    return int(stripped)


def file_name(col: int) -> str:
    """The letters of file ``col`` (0 -> 'a', 25 -> 'z', 26 -> 'aa')."""
    letters = ""
    col += 1
    while col:
        col, rest = divmod(col - 1, 26)
        letters = chr(ord("a") + rest) + letters
    return letters


def file_index(letters: str) -> int:
    """The column of a file name ('a' -> 0, 'aa' -> 26)."""
    col = 0
    for letter in letters:
        col = col * 26 + ord(letter) - ord("a") + 1
    return col - 1


def square_name(row: int, col: int) -> str:
    """The algebraic name of a square, e.g. ``square_name(0, 0) == 'a1'``."""
    return f"{file_name(col)}{row + 1}"


def describe_board(rows: int, cols: int) -> str:
    """'8x8 board (files a-h, ranks 1-8)', for error messages."""
    return f"{rows}x{cols} board (files a-{file_name(cols - 1)}, ranks 1-{rows})"


def parse_square(text: str, rows: int, cols: int) -> Square:
    """Parse an algebraic square such as ``'c3'`` on a ``rows`` x ``cols`` board."""
    check_digits(text)
    match = _SQUARE.fullmatch(text.strip().lower())
    if not match:
        raise InputError(f"'{text}' is not a square: write a file letter and a rank, like c3")
    if too_long(match[1]) or too_long(match[2]):
        raise InputError(f"square {text} is off the {describe_board(rows, cols)}")
    col, row = file_index(match[1]), int(match[2]) - 1
    if not (0 <= row < rows and 0 <= col < cols):
        raise InputError(f"square {text} is off the {describe_board(rows, cols)}")
    return row, col


def parse_squares(text: str, rows: int, cols: int, parameter: str = "squares") -> list[Square]:
    """Parse a comma-separated list of squares, such as ``'a1,c3'``; errors name ``parameter``.

    An empty list and an empty square between commas are refused: they are
    typing slips more often than a wish for no squares.
    """
    if not text.strip():
        raise InputError("{parameter} is empty: give squares such as a1,c3", parameter=parameter, value=text)
    parts = text.split(",")
    if any(not part.strip() for part in parts):
        raise InputError("{parameter} has an empty square between commas: write squares such as a1,c3",
                         parameter=parameter, value=text)
    with checks.naming(parameter, text):
        return [parse_square(part, rows, cols) for part in parts]


def parse_board_size(text: str, largest: int = 10_000) -> tuple[int, int]:
    """Parse a board size: ``'8'`` is 8x8, ``'5x6'`` is 5 rows by 6 columns."""
    check_digits(text, "board")
    match = _SIZE.fullmatch(text.strip().lower())
    if not match:
        raise InputError(f"board '{text}' is not a size: write N for an NxN board or RxC, like 8 or 5x6")
    if any(side and too_long(side) for side in match.groups()):
        raise InputError(f"board {text} is out of range: each side must be 1 to {largest}")
    rows = int(match[1])
    cols = int(match[2]) if match[2] else rows
    if not (1 <= rows <= largest and 1 <= cols <= largest):
        raise InputError(f"board {rows}x{cols} is out of range: each side must be 1 to {largest}")
    return rows, cols
