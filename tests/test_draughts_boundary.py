"""The boundary to the kernels: every public draughts call that reaches a numba kernel checks what it is
given and answers a wrong value with an InputError naming the parameter, never a numba error, a crash
or a made-up answer."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from boardpuzzles.draughts import (
    Board, Move, Position, get_variant, legal_moves, longest_captures, moves_of, perft, perft_count,
)
from boardpuzzles.draughts import fast
from boardpuzzles.errors import InputError

INTERNATIONAL = get_variant("international")
START = Position.initial(INTERNATIONAL)
WRONG = st.one_of(st.none(), st.integers(), st.floats(allow_nan=True), st.text(max_size=5), st.lists(st.integers(), max_size=3),
                  st.builds(lambda: np.zeros((2, 2))), st.dictionaries(st.integers(), st.integers(), max_size=2))


@settings(max_examples=60, deadline=None)
@given(WRONG)
def test_a_wrong_position_is_named(value):
    for call in (lambda: legal_moves(value), lambda: moves_of(value), lambda: perft(value, 2), lambda: Board(value),
                 lambda: longest_captures(value)):
        with pytest.raises(InputError) as error:
            call()
        assert error.value.parameter == "position"


@settings(max_examples=60, deadline=None)
@given(WRONG.filter(lambda value: not (type(value) is int and value in (0, 1))))
def test_a_wrong_flag_or_depth_is_named(value):
    with pytest.raises(InputError, match="paths") as error:
        legal_moves(START, value)
    assert error.value.parameter == "paths"
    with pytest.raises(InputError) as error:
        perft_count(START, 2, divide=value)
    assert error.value.parameter == "divide"
    with pytest.raises(InputError) as error:
        perft(START, value if not isinstance(value, int) or value < 0 or value > 64 else "x")
    assert error.value.parameter == "depth"


@settings(max_examples=60, deadline=None)
@given(WRONG)
def test_board_push_refuses_what_is_not_a_move(value):
    board = Board(START)
    with pytest.raises(InputError) as error:
        board.push(value if not isinstance(value, str) else value + "@")
    assert error.value.parameter == "move"
    assert board.position() == START and board.move_stack == []


@settings(max_examples=100, deadline=None)
@given(st.tuples(*[st.integers(-(2 ** 70), 2 ** 70)] * 4) | st.tuples(st.integers(), st.integers()) | WRONG)
def test_bitboards_from_outside_are_checked(bits):
    try:
        position = Position.from_bitboards(bits, INTERNATIONAL)  # type: ignore[arg-type]
    except InputError as error:
        assert error.parameter == "bits"
        return
    assert Position.from_pieces(dict(position.pieces), position.turn, INTERNATIONAL) == position
    assert len(legal_moves(position)) == perft(position, 1)


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 4).flatmap(lambda rows: st.lists(st.integers(-(2 ** 63), 2 ** 63 - 1), min_size=4 * rows,
                                                        max_size=4 * rows)),
       st.sampled_from([np.int64, np.int32, np.float64, np.bool_]), st.sampled_from([(4,), (2,), (1, 4, 1)]))
def test_kernel_arrays_from_outside_are_checked(values, dtype, shape):
    array = np.array(values, dtype=np.int64).reshape(-1, 4).astype(dtype)
    if shape != (4,):
        array = array.reshape((-1, *shape)) if array.size else np.zeros((0, *shape), dtype=dtype)
    for call in (lambda: fast.perft_rows(array, 2, INTERNATIONAL), lambda: fast.expand(array, INTERNATIONAL)):
        try:
            found = call()
        except InputError as error:
            assert error.parameter == "positions"
            continue
        rows = [tuple(int(x) for x in row) for row in array]
        positions = [Position.from_bitboards(row, INTERNATIONAL) for row in rows]  # each was a position
        if isinstance(found, np.ndarray):
            assert found.tolist() == [perft(position, 2) for position in positions]


def test_a_hand_made_move_and_a_piece_square_are_checked():
    with pytest.raises(InputError) as error:
        Move([(3, 3), (99, 99)], variant=INTERNATIONAL)
    assert error.value.parameter == "path"
    with pytest.raises(InputError) as error:
        longest_captures(START, (3, 4))  # a light square
    assert error.value.parameter == "piece"
    with pytest.raises(InputError) as error:
        Position.from_pieces({(0, 0): "q"}, "W", INTERNATIONAL)
    assert error.value.parameter == "pieces"
