import pytest

from boardpuzzles import symmetry
from boardpuzzles.errors import InputError
from boardpuzzles.geometry import file_index, file_name, parse_board_size, parse_square, parse_squares, square_name


@pytest.mark.parametrize("col, name", [(0, "a"), (7, "h"), (25, "z"), (26, "aa"), (27, "ab"), (51, "az"), (52, "ba"), (701, "zz"), (702, "aaa")])
def test_file_names_go_on_past_z(col, name):
    assert file_name(col) == name
    assert file_index(name) == col


def test_square_names_round_trip_on_a_wide_board():
    for row in range(0, 40, 7):
        for col in range(0, 60):
            assert parse_square(square_name(row, col), 40, 60) == (row, col)


def test_parse_squares():
    assert parse_squares("a1, c3,h8", 8, 8) == [(0, 0), (2, 2), (7, 7)]


@pytest.mark.parametrize("text, message", [("i1", "off the 8x8 board"), ("a9", "off the 8x8 board"), ("a0", "off the"), ("1a", "not a square"), ("", "not a square")])
def test_bad_squares_are_named(text, message):
    with pytest.raises(InputError, match=message):
        parse_square(text, 8, 8)


def test_board_sizes():
    assert parse_board_size("8") == (8, 8)
    assert parse_board_size("3x10") == (3, 10)
    for bad in ("0", "8x0", "abc", "3x", "10001"):
        with pytest.raises(InputError):
            parse_board_size(bad)


def test_the_eight_symmetries_form_a_group_on_the_square():
    n = 5
    squares = [(r, c) for r in range(n) for c in range(n)]
    images = {tuple(s.apply(r, c, n, n) for r, c in squares) for s in symmetry.SYMMETRIES}
    assert len(images) == 8
    for s in symmetry.SYMMETRIES:
        for t in symmetry.SYMMETRIES:
            composed = tuple(t.apply(*s.apply(r, c, n, n), n, n) for r, c in squares)
            assert composed in images


def test_oblong_boards_keep_four_symmetries():
    assert len(symmetry.symmetries_of(3, 5)) == 4
    for s in symmetry.symmetries_of(3, 5):
        assert {s.apply(r, c, 3, 5) for r in range(3) for c in range(5)} == {(r, c) for r in range(3) for c in range(5)}


def test_class_sizes_of_the_eight_queens():
    # The one symmetric fundamental solution of 8 queens lies in a class of 4.
    assert symmetry.class_size((2, 4, 1, 7, 0, 6, 3, 5)) == 4
    assert symmetry.class_size((0, 4, 7, 5, 2, 6, 1, 3)) == 8
    assert symmetry.canonical((7, 3, 0, 2, 5, 1, 6, 4)) == (0, 4, 7, 5, 2, 6, 1, 3)
