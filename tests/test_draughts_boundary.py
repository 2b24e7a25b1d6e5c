"""The boundary to the kernels: every public draughts call checks what it is given and answers a wrong
value with an InputError naming the parameter, never a numba error, an AttributeError, a crash or a
made-up answer.  ``CALLS`` holds each exported function with good arguments, and hypothesis puts a wrong
value of any kind in one of them (as tests/test_boundary.py does for the other puzzles); the tests
below it aim at what reaches the kernels: positions, flags, depths, bitboards and arrays."""

from __future__ import annotations

import numpy as np
import pytest
from boundary_helpers import boundary_tests
from hypothesis import given, settings, strategies as st

from boardpuzzles.draughts import (
    Board, Game, Move, Position, after, check_games, file_rules, from_game, get_variant, legal_moves,
    build_tree, longest_captures, longest_paths, moves_of, normalised, parse_diagram, parse_fen, parse_move,
    parse_position, pdn_text, perft, perft_count, play, play_line, read_games, read_seed_input, replay, seed_captures,
    square_text, write_game, write_games,
)
from boardpuzzles.draughts import fast
from boardpuzzles.draughts.seed_steps import seed_steps
from boardpuzzles.errors import InputError

INTERNATIONAL = get_variant("international")
RUSSIAN = get_variant("russian")
START = Position.initial(INTERNATIONAL)
RUSSIAN_START = Position.initial(RUSSIAN)
CAPTURE = Position("W:Wc3:Bd4,f6", RUSSIAN)
PDN = read_games("1. 32-28 19-23 *")[0]
FIRST = legal_moves(START)[0]

#: Each exported function with good, small arguments (none takes more than milliseconds).
CALLS = {
    "Board": (Board, {"position": START}),
    "Game": (Game, {"start": "start", "variant": "international", "moves": "32-28 19-23"}),
    "Move": (Move, {"path": FIRST.path, "captured": (), "piece": "w", "captured_pieces": (), "promotes": False,
                    "variant": INTERNATIONAL}),
    "Position": (Position, {"fen": "start", "variant": "international"}),
    "after": (after, {"position": START, "move": FIRST}),
    "check_games": (check_games, {"text": "1. 32-28 *", "default": None}),
    "file_rules": (file_rules, {"games": [PDN]}),
    "from_game": (from_game, {"game": Game("start", "international", "32-28"), "tags": {"White": "A"}}),
    "get_variant": (get_variant, {"variant": "russian"}),
    "legal_moves": (lambda **kw: list(legal_moves(**kw)), {"position": START, "paths": False}),
    "longest_captures": (longest_captures, {"position": CAPTURE, "piece": (2, 2)}),
    "moves_of": (moves_of, {"position": START, "paths": False}),
    "normalised": (normalised, {"checked": check_games("1. 32-28 *").games[0]}),
    "parse_diagram": (parse_diagram, {"diagram": str(CAPTURE), "variant": RUSSIAN}),
    "parse_fen": (parse_fen, {"fen": "W:Wc3:Bd4", "variant": RUSSIAN}),
    "parse_move": (parse_move, {"move": "c3-d4", "position": RUSSIAN_START}),
    "parse_position": (parse_position, {"position": "start", "variant": RUSSIAN}),
    "pdn_text": (pdn_text, {"data": b"1. 32-28 *"}),
    "perft": (perft, {"position": START, "depth": 2, "paths": False, "force": False, "hash": None, "workers": None,
                      "progress": None, "cancel": None}),  # (checkpoint: a name given is a file written)
    "perft_count": (perft_count, {"position": START, "depth": 2, "paths": False, "divide": False, "force": False,
                                  "hash": None}),
    "play": (play, {"position": RUSSIAN_START, "move": "c3-d4"}),
    "play_line": (play_line, {"position": RUSSIAN_START, "line": "c3-d4 f6-g5"}),
    "read_games": (read_games, {"text": "1. 32-28 *"}),
    "replay": (replay, {"game": PDN, "number": 1, "default": None, "like": None}),
    "build_tree": (build_tree, {"blacks": [(4, 4), (6, 6)], "white": (3, 3)}),
    "longest_paths": (longest_paths, {"root": build_tree([(4, 4)], (3, 3))}),
    "read_seed_input": (read_seed_input, {"text": "1 4 4 3 3"}),
    "seed_captures": (seed_captures, {"blacks": [(4, 4), (6, 6)], "white": (3, 3)}),
    "seed_steps.seed_steps": (lambda **kw: list(seed_steps(**kw)), {"blacks": [(4, 4)], "white": (3, 3), "offset": 0,
                                                                     "cancel": None}),
    "square_text": (square_text, {"square": (0, 0), "variant": INTERNATIONAL}),
    "write_game": (write_game, {"game": PDN, "default": None}),
    "write_games": (write_games, {"games": [PDN], "default": None}),
}
test_the_good_calls_answer, test_a_wrong_argument_is_an_input_error_naming_it = boundary_tests(CALLS)
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


def test_a_move_that_does_not_fit_the_position_is_refused_not_played():
    black = legal_moves(play(START, "32-28"))[0]  # black's move, and white is to move at the start
    takes_its_own = Move([(2, 2), (4, 4)], [(3, 3)], "w", ["w"], variant=RUSSIAN)
    for position, move in ((START, black), (RUSSIAN_START, FIRST), (Position("W:Wc3,d4:Bf6", RUSSIAN), takes_its_own),
                           (Position("W:Wc3:Bd4,e5", RUSSIAN), takes_its_own)):  # its end is taken
        with pytest.raises(InputError) as error:
            after(position, move)
        assert error.value.parameter == "move"
    assert after(START, FIRST) == play(START, str(FIRST))


def test_the_seeds_men_are_checked():
    for blacks, white, parameter in (([(4, 4)], (9, 3), "white"), ([(4, 4), (4, 4)], (3, 3), "blacks"),
                                     ([(3, 3)], (3, 3), "blacks"), (np.array(5), (3, 3), "blacks")):
        for call in (seed_captures, lambda b, w: list(seed_steps(b, w))):
            with pytest.raises(InputError) as error:
                call(blacks, white)
            assert error.value.parameter == parameter
