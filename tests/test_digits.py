"""One rule for numbers everywhere: only the ASCII digits 0-9 make a number."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from boardpuzzles import InputError
from boardpuzzles.draughts import get_variant, parse_position
from boardpuzzles.draughts.seed import read_seed_input
from boardpuzzles.geometry import is_number, parse_board_size, parse_number, parse_square

#: Characters Python reads as digits or numbers that are not ASCII 0-9.
OTHER_DIGITS = st.characters(categories=["Nd", "No", "Nl"]).filter(lambda c: not c.isascii())


@given(OTHER_DIGITS)
def test_other_digits_are_refused_by_every_parser(digit):
    assert not is_number(digit) and not is_number("1" + digit)
    for parse in (lambda: parse_number(digit, "n"), lambda: parse_board_size(digit), lambda: parse_board_size(f"5x{digit}"),
                  lambda: parse_square(f"a{digit}", 8, 8), lambda: read_seed_input(f"1 {digit} 3 2 2"),
                  lambda: parse_position(f"W:W{digit}:B1", get_variant("international"))):
        with pytest.raises(InputError):
            parse()


def test_ascii_numbers_still_read():
    assert parse_number(" 12 ", "n") == 12 and parse_number("-3", "n") == -3
    assert parse_board_size("5x6") == (5, 6) and parse_square("c3", 8, 8) == (2, 2)


@pytest.mark.parametrize("args, digit", [
    (["queens", "solve", "８"], "８"),
    (["queens", "count", "١٢"], "١"),
    (["queens", "complete", "8", "--queens", "d٥"], "٥"),
    (["knight", "tour", "５"], "５"),
    (["knight", "tour", "5", "--start", "a١"], "١"),
    (["draughts", "moves", "W:W２１:B1", "--variant", "international"], "２"),
    (["draughts", "captures", "W:Wc3:Bd4", "--piece", "c³"], "³"),
])
def test_the_command_line_names_the_digit(cli, args, digit):
    run = cli(*args)
    assert run.status == 2
    assert f"{digit!r} is not one of the digits 0-9" in run.err and run.err.count("\n") == 1
