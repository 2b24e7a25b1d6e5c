"""Draughts: FEN and diagrams, bad input, the seed's program against the general generator."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings, strategies as st

from boardpuzzles import render
from boardpuzzles.draughts import seed
from boardpuzzles.draughts.board import Position, parse_diagram, parse_fen, parse_position
from boardpuzzles.draughts.captures import longest_captures
from boardpuzzles.draughts.rules import get_variant
from boardpuzzles.errors import InputError

INTERNATIONAL = get_variant("international")
RUSSIAN = get_variant("russian")


def test_fen_numbers_ranges_kings_and_either_order():
    position = parse_fen("W:W31-33,K40:B1,2", INTERNATIONAL)
    assert position.turn == "W" and len(position.pieces) == 6
    assert position.fen() == "W:W31,32,33,K40:B1,2"
    assert parse_fen("W:B1,2:W31-33,K40", INTERNATIONAL).pieces == position.pieces
    assert parse_fen("B:W31,32:B1,2:H0:F1", INTERNATIONAL).turn == "B"  # lidraughts' tags


def test_fen_algebraic_on_8x8_and_start():
    position = parse_fen("W:Wc3,Kh2:Bd4", RUSSIAN)
    assert position.pieces == {(2, 2): "w", (1, 7): "W", (3, 3): "b"}
    assert position.fen() == "W:Wc3,Kh2:Bd4"
    assert parse_fen("W:W29,32:B1", get_variant("english")).pieces == {(0, 0): "w", (0, 6): "w", (7, 1): "b"}
    assert parse_position("start", RUSSIAN).fen() == Position.initial(RUSSIAN).fen()


def test_diagram():
    text = """
    black to move
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . b . . .
    . . . w . . . .
    . . . . . . . .
    . . . . . . . W
    . . . . . . . .
    """
    position = parse_diagram(text, RUSSIAN)
    assert position.turn == "B" and position.pieces == {(4, 4): "b", (3, 3): "w", (1, 7): "W"}


@pytest.mark.parametrize(
    ("fen", "variant", "words"),
    [
        ("", RUSSIAN, "empty FEN"),
        ("X:W1:B2", INTERNATIONAL, "side to move"),
        ("W1,2:B3", INTERNATIONAL, "side to move"),
        ("W:W51:B1", INTERNATIONAL, "out of range"),
        ("W:W0:B1", INTERNATIONAL, "out of range"),
        ("W:Wa2:Bc3", RUSSIAN, "light square"),
        ("W:W31,31:B1", INTERNATIONAL, "two pieces"),
        ("W:W31:B31", INTERNATIONAL, "two pieces"),
        ("W:Wb8:Bc3", RUSSIAN, "promotion row"),
        ("W:W31:Bz9", RUSSIAN, "field 3"),
        ("W:W31:X1", INTERNATIONAL, "must start with W or B"),
        ("W:W50-31:B1", INTERNATIONAL, "backwards"),
        ("W:W31::B1", INTERNATIONAL, "empty"),
        ("W:W31:W32", INTERNATIONAL, "twice"),
    ],
)
def test_bad_fen_is_one_clear_error(fen, variant, words):
    with pytest.raises(InputError, match=words):
        parse_fen(fen, variant)


def test_unknown_variant():
    with pytest.raises(InputError, match="unknown variant"):
        get_variant("klingon")


def test_seed_variant_allows_light_squares_and_men_on_the_last_row():
    position = parse_fen("W:Wa2:Bb3,h8", get_variant("seed"))
    assert position.pieces[(1, 0)] == "w"


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="WBK:,-0123456789abcdefghHF. xz", max_size=40))
def test_fen_parser_never_crashes(text):
    for variant in (INTERNATIONAL, RUSSIAN, get_variant("seed")):
        try:
            parse_fen(text, variant)
        except InputError:
            pass


@settings(max_examples=100, deadline=None)
@given(st.text(max_size=60))
def test_fen_parser_never_crashes_on_any_text(text):
    try:
        parse_position(text, RUSSIAN)
    except InputError:
        pass


def test_seed_input_and_its_errors():
    blacks, white = seed.read_seed_input("2\n4 4 6 6\n3 3")
    assert blacks == [(4, 4), (6, 6)] and white == (3, 3)
    for text, words in [
        ("", "empty"),
        ("2 4 4 6 6", "needs 7 numbers"),
        ("1 9 1 3 3", "off the board"),
        ("1 3 3 3 3", "two men"),
        ("1 a 1 3 3", "not a whole number"),
        ("-1 3 3", "0 to 63"),
    ]:
        with pytest.raises(InputError, match=words):
            seed.read_seed_input(text)


def test_seed_tree_num_fields_and_longest_paths():
    # white c3 among men on d4, d6, f6, f4, b6: the longest capture takes three, c3:e5:c7:a5
    root = seed.build_tree([(4, 4), (4, 6), (6, 6), (6, 4), (2, 6)], (3, 3))
    assert root.num == 3
    assert [[node.name for node in path] for path in seed.longest_paths(root)] == [["c3", "e5", "c7", "a5"]]
    assert seed.tree_lines(root) == ["c3 (3)", "  e5 (3)", "    g3 (2)", "    g7 (2)", "    c7 (3)", "      a5 (3)"]


def test_seed_ring_both_ways_and_light_squares():
    # four men round d5: the man on c3 goes round the ring either way, back to c3
    root = seed.build_tree([(4, 4), (4, 6), (2, 6), (2, 4)], (3, 3))
    paths = [[node.name for node in path] for path in seed.longest_paths(root)]
    assert root.num == 4 and sorted(paths) == [["c3", "a5", "c7", "e5", "c3"], ["c3", "e5", "c7", "a5", "c3"]]
    # the seed's board has no light squares: a man on a2 takes b3
    root = seed.build_tree([(2, 3)], (1, 2))
    assert [[node.name for node in path] for path in seed.longest_paths(root)] == [["a2", "c4"]]


def test_seed_program_equals_general_generator_on_random_positions():
    rng = random.Random(4)
    variant = get_variant("seed")
    squares = [(x, y) for x in range(1, 9) for y in range(1, 9)]
    for _ in range(400):
        chosen = rng.sample(squares, rng.randint(2, 30))
        blacks, white = chosen[:-1], chosen[-1]
        root = seed.build_tree(blacks, white)
        from_seed = sorted(tuple(node.square for node in path) for path in seed.longest_paths(root))
        pieces = {(y - 1, x - 1): "b" for x, y in blacks}
        pieces[white[1] - 1, white[0] - 1] = "w"
        result = longest_captures(Position.from_pieces(pieces, "W", variant), (white[1] - 1, white[0] - 1))
        assert result.max_captures == root.num
        assert sorted(move.path for move in result.paths) == from_seed


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet="0123456789 -\nx", max_size=60))
def test_seed_input_parser_never_crashes(text):
    try:
        blacks, white = seed.read_seed_input(text)
    except InputError:
        return
    assert seed.build_tree(blacks, white).num >= 0


@pytest.mark.parametrize("ascii", [False, True])
def test_a_printed_board_reads_back(ascii):
    position = parse_fen("B:WKd4,a1,c1:Bb6,Kh8", RUSSIAN)
    drawn = render.text(position.diagram("russian: black to move"), ascii=ascii)
    assert parse_diagram(drawn, RUSSIAN).fen() == position.fen()


@pytest.mark.parametrize(
    ("line", "words"),
    [
        ("...x....", "diagram line 4 '...x....': 'x' is not a piece or an empty square (w W b B pieces, . empty)"),
        ("purple", "diagram line 'purple' is neither a rank (w W b B pieces, . empty) nor the side to move (white or black)"),
        ("4 .......", "diagram line 4 '4 .......' has 7 squares: each rank needs 8"),
    ],
)
def test_a_bad_diagram_line_says_what_is_wrong(line, words):
    ranks = ["........"] * 8
    ranks[3] = line
    with pytest.raises(InputError) as error:
        parse_diagram("\n".join(ranks), RUSSIAN)
    assert str(error.value) == words and error.value.parameter == "diagram"


def test_library_errors_name_their_parameters_never_flags():
    from boardpuzzles.draughts.notation import parse_move

    cases = [
        (lambda: parse_fen("X:W1:B2", INTERNATIONAL), "fen"),
        (lambda: parse_position("W:W99:B1", INTERNATIONAL), "position"),  # its own parameter, a FEN or a diagram
        (lambda: Position("W:W99:B1", INTERNATIONAL), "fen"),
        (lambda: get_variant("klingon"), "variant"),
        (lambda: longest_captures(parse_fen("W:Wc3:Bd4", RUSSIAN), piece=(4, 4)), "piece"),
        (lambda: parse_move("32-26", Position.initial(INTERNATIONAL)), "move"),
    ]
    for call, parameter in cases:
        with pytest.raises(InputError) as error:
            call()
        assert error.value.parameter == parameter and "--" not in str(error.value)
    with pytest.raises(InputError, match="^piece: no piece on e5$"):
        longest_captures(parse_fen("W:Wc3:Bd4", RUSSIAN), piece=(4, 4))
