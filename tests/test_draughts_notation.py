"""Draughts moves by notation: short and full captures, Russian algebraic, the hub form, ambiguity."""

from __future__ import annotations

import pytest

from boardpuzzles.draughts import get_variant, legal_moves, parse_position
from boardpuzzles.draughts.notation import parse_move, play, play_line
from boardpuzzles.errors import InputError

INTERNATIONAL = get_variant("international")
START = parse_position("start", INTERNATIONAL)
# the king on d8 reaches h8 two ways, taking different men (brazilian)
TWO_WAYS = parse_position("W:WKd8:Bc7,e7,g7,c5,b4,d2", get_variant("brazilian"))


def test_a_line_of_moves_and_position_play():
    after = play_line(START, "32-28 19-23 28x19")
    assert after.turn == "B" and (4, 4) not in after.pieces
    assert play(START, "32-28") == play(START, "32 -28") == play(START, legal_moves(START)[3])
    assert play_line(START, "1. 32-28 19-23 2. 28x19") == after
    assert START == parse_position("start", INTERNATIONAL)  # a position is a value: play leaves it as it was


def test_short_full_path_and_hub_form_name_the_same_capture():
    position = parse_position("W:W28:B23,14", INTERNATIONAL)
    short, full, hub = (parse_move(text, position) for text in ("28x10", "28x19x10", "28x10x23x14"))
    assert short.key() == full.key() == hub.key()
    assert parse_move("28x10x14x23", position).key() == short.key()  # the hub form's captures in any order


def test_russian_algebraic_and_numbers_on_8x8():
    position = parse_position("W:Wh6:Bg7,c5,c3", get_variant("russian"))
    move = parse_move("h6:f8:b4:d2", position)
    assert [square for square in move.path] == [(5, 7), (7, 5), (3, 1), (1, 3)]
    assert parse_move("h6:d2", position).key() == move.key()
    assert parse_move("H6:F8:B4:D2!?", position).key() == move.key()  # capitals and a move strength
    assert parse_move("h6f8b4d2", position).key() == move.key()  # algebraic squares without separators


def test_a_flying_king_may_name_squares_it_passes():
    position = parse_position("W:WK46:B37,19", INTERNATIONAL)
    (capture,) = [move for move in legal_moves(position) if move.end == (7, 7)]  # landings 14 (h8), 10, 5
    assert parse_move("46x14", position).key() == capture.key()
    assert parse_move("46x28x14", position).key() == capture.key()  # 28 lies on the line between the two


def test_an_ambiguous_short_capture_lists_the_full_paths():
    with pytest.raises(InputError, match="ambiguous: 2 captures go from d8 to h8") as error:
        parse_move("d8xh8", TWO_WAYS)
    assert "d8xb6xd4xh8" in str(error.value) and "d8xa5xc3xh8" in str(error.value)
    assert error.value.parameter == "move"
    assert parse_move("d8xa5xc3xh8", TWO_WAYS).captured == ((6, 2), (3, 1), (6, 6))


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("32-27x", "is not a move"),
        ("32", "is not a move"),
        ("zz-28", "'zz'"),
        ("32-99", "out of range"),
        ("32-26", "is not legal for white here: the legal moves are 31-26, 31-27"),
        ("28x19", "is not legal"),
    ],
)
def test_bad_moves_are_one_clear_error(text, words):
    with pytest.raises(InputError, match=words):
        parse_move(text, START)


def test_a_bad_move_in_a_line_names_its_place():
    with pytest.raises(InputError, match=r"^move 3 '28x10' is not legal for white here: the legal moves are 28x19$"):
        play_line(START, "1. 32-28 19-23 2. 28x10")


def test_every_legal_move_reads_back_from_its_notation():
    for fen, variant in [("start", "international"), ("W:Wh6:Bg7,c5,c3", "russian"), ("B:W21,22:B9,10,K30", "english")]:
        position = parse_position(fen, get_variant(variant))
        for move in legal_moves(position):
            assert parse_move(str(move), position).key() == move.key()
