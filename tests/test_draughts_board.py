"""The public path for programs: ``legal_moves`` as :class:`Move` values read from the kernel's rows and
paths, and :class:`Board` (push/pop, for every rule set), checked against the plain-Python reference."""

from __future__ import annotations

import collections
import random

import pytest

from boardpuzzles.draughts import (
    VARIANTS, Board, Move, Position, after, get_variant, legal_moves, parse_fen, perft, play,
)
from boardpuzzles.draughts import fast
from boardpuzzles.draughts.moves import Moves, reference_moves
from boardpuzzles.draughts.published import DISTINCT
from boardpuzzles.errors import InputError, InputTypeError
from draughts_helpers import random_position

KERNEL = [name for name in VARIANTS if VARIANTS[name].on_bitboards]
KING_16 = "W:WK46:B6,7,12,13,14,18,21,22,23,24,25,30,31,32,33,34,41,42,43,44"


@pytest.mark.parametrize("variant", KERNEL)
def test_board_moves_equal_reference_moves_on_random_positions(variant):
    """A Board lists the same moves as legal_moves, in the same order, with the same notation."""
    rng = random.Random(f"board {variant}")
    for _ in range(150):
        position = random_position(VARIANTS[variant], rng)
        found = Board(position).legal_moves
        assert found == legal_moves(position), position.fen()
        assert collections.Counter(found) == collections.Counter(reference_moves(position)), position.fen()
        assert [str(move) for move in found] == [str(move) for move in legal_moves(position)]


@pytest.mark.parametrize("variant", ["international", "russian", "frisian", "english", "czech", "turkish", "seed"])
def test_board_push_pop_perft_equals_the_count(variant):
    board = Board(Position.initial(get_variant(variant)))

    def count(depth: int) -> int:
        found = board.legal_moves
        if depth == 1:
            return len(found)
        nodes = 0
        for move in found:
            board.push(move)
            nodes += count(depth - 1)
            board.pop()
        return nodes

    start = board.position()
    depth = 4 if variant not in ("turkish", "seed") else 3
    expected = DISTINCT[variant][:depth] if variant in DISTINCT else [perft(start, d) for d in range(1, depth + 1)]
    assert [count(d) for d in range(1, depth + 1)] == expected
    assert board.position() == start and board.move_stack == []


@pytest.mark.parametrize("variant", KERNEL + ["turkish", "canadian"])
def test_random_games_on_a_board_and_by_positions_agree(variant):
    """Push on a Board and ``after`` on positions walk the same positions; pop walks back through them."""
    rng = random.Random(f"games {variant}")
    for _ in range(6 if variant in KERNEL else 2):
        position = Position.initial(VARIANTS[variant])
        board = Board(position)
        positions = [position]
        played = []
        for _ in range(60):
            moves = legal_moves(position)
            if not moves:
                break
            move = rng.choice(moves)
            board.push(move)
            position = after(position, move)
            played.append(move)
            positions.append(position)
            assert board.position() == position and board.fen() == position.fen()
            assert position == Position.from_pieces(dict(position.pieces), position.turn, position.variant)
        for move in reversed(played):
            assert board.pop() is move
            positions.pop()
            assert board.position() == positions[-1]


@pytest.mark.parametrize("variant", ["international", "russian", "frisian"])
def test_moves_pushed_one_after_another_without_asking_for_the_position(variant):
    """A move pushed is played when the position is next asked for: pushing a chain of moves (listed
    moves, their text, moves of another list) and every leaf of a perft gives the same positions."""
    rng = random.Random(f"chain {variant}")
    start = Position.initial(VARIANTS[variant])
    board, position = Board(start), start
    for ply in range(40):
        moves = legal_moves(position)
        if not moves:
            break
        move = rng.choice(moves)
        if ply % 3 == 0:
            board.push(move.notation(full=True))  # the text, on a move not played yet
        elif ply % 3 == 1:
            board.push(move)  # a Move of legal_moves(position), not of this board's list
        else:
            listed = board.legal_moves
            board.push(listed[list(listed).index(move)])
        position = after(position, move)
    assert board.position() == position and board.turn == position.turn

    def leaves(depth: int) -> int:
        if depth == 0:
            return 1
        nodes = 0
        for move in board.legal_moves:
            board.push(move)
            nodes += leaves(depth - 1)
            board.pop()
        return nodes

    assert leaves(3) == perft(position, 3) and board.position() == position


def test_moves_are_values_with_plain_attributes():
    variant = get_variant("international")
    moves = legal_moves(Position.initial(variant))
    assert isinstance(moves, Moves) and len(moves) == 9 and moves == list(moves) and moves[:2] == list(moves)[:2]
    assert repr(moves) == repr(list(moves)) and list(moves)[1] in moves and moves.index(list(moves)[1]) == 1
    with pytest.raises(IndexError):
        moves[9]
    move = moves[3]
    assert str(move) == "32-28" and repr(move) == "Move('32-28', variant='international')"
    assert move.path == ((3, 3), (4, 4)) and move.captured == () and not move.is_capture
    assert move.start == (3, 3) and move.end == (4, 4) and move.piece == "w" and move.variant is variant
    same = Move(((3, 3), (4, 4)), variant="international")
    assert same == move and hash(same) == hash(move) and str(same) == "32-28"
    with pytest.raises(AttributeError):
        move.piece = "W"
    capture = legal_moves(parse_fen("W:W28:B23,14", variant))[0]
    assert str(capture) == "28x10" and capture.notation(full=True) == "28x19x10" and capture.is_capture
    assert repr(capture) == "Move('28x10', variant='international')" and capture.captured == ((5, 5), (7, 7))
    paths = legal_moves(parse_fen(KING_16, variant), paths=True)
    assert [len(move.captured) for move in paths] == [16] * 4 and len(legal_moves(parse_fen(KING_16, variant))) == 1
    assert not legal_moves(parse_fen("W:W46:B41,37", variant))


def test_a_move_made_by_hand_is_checked():
    with pytest.raises(InputError, match="path must be two or more squares"):
        Move(((0, 0),), variant="international")
    with pytest.raises(InputError, match="path: b1 is a light square"):
        Move(((0, 1), (1, 2)), variant="international")
    with pytest.raises(InputError, match="piece must be w, W, b or B"):
        Move(((3, 3), (4, 4)), piece="x", variant="international")
    with pytest.raises(InputError, match="unknown variant"):
        Move(((3, 3), (4, 4)), variant="chess")


def test_positions_are_values():
    position = parse_fen("B:WK1,31:B19,K45", get_variant("international"))
    assert repr(position) == "Position('B:WK1,31:B19,K45', variant='international')"
    assert eval(repr(position)) == position and hash(eval(repr(position))) == hash(position)
    assert Position("B:WK1,31:B19,K45", "international") == position
    assert str(position).splitlines()[0] == "international, black to move"
    assert Position(str(position), "international") == position  # the drawing reads back as a diagram
    with pytest.raises(AttributeError):
        position.turn = "W"
    with pytest.raises(TypeError):
        position.pieces[(0, 0)] = "w"  # type: ignore[index]
    assert Position.from_bitboards(position.bitboards(), "international") == position
    assert {position, Position("B:WK1,31:B19,K45", "international")} == {position}
    with pytest.raises(InputTypeError, match="variant must be a rule set's name or a Variant"):
        Position("start", 3)  # type: ignore[arg-type]
    with pytest.raises(InputError, match="pieces: b1 is a light square: international is played on the dark squares"):
        Position.from_pieces({(0, 1): "w"}, "W", "international")
    with pytest.raises(InputError, match="bits are not a international position"):
        Position.from_bitboards((1, 1, 0, 0), "international")


def test_a_board_converts_both_ways():
    position = parse_fen("B:WK1,31:B19,K45", get_variant("international"))
    board = Board(position)
    assert board.turn == "B" and board.position() == position and board.fen() == position.fen()
    assert repr(board) == f"Board({position!r})"


def test_board_push_takes_a_move_or_its_text_and_refuses_the_rest():
    variant = get_variant("international")
    start = Position.initial(variant)
    board = Board(start)
    board.push(legal_moves(start)[3])  # the same position's moves
    board.pop()
    board.push("32 - 28")  # text, as the command line reads it
    assert board.fen().startswith("B:W28,") and str(board.move_stack[0]) == "32-28"
    board.pop()
    own = Move(((3, 1), (4, 2)), variant=variant)  # 31-27, made by hand
    board.push(own)
    assert board.fen().startswith("B:W27,") and board.move_stack[0] == own
    with pytest.raises(InputError, match=r"^move 33-28 is not legal for black in B:W27,"):
        board.push(legal_moves(start)[4])
    with pytest.raises(InputError, match=r"^move '33-28' is not legal for black here: the legal moves are 16-21,"):
        board.push("33-28")
    with pytest.raises(InputTypeError, match="move must be a Move or its notation") as error:
        board.push(3)  # type: ignore[arg-type]
    assert isinstance(error.value, TypeError)
    board.pop()
    with pytest.raises(InputError, match="no move to take back"):
        board.pop()


def test_a_board_plays_every_rule_set():
    for name in ("turkish", "canadian", "srilankan", "seed"):
        board = Board(Position.initial(get_variant(name)))
        first = board.legal_moves[0]
        board.push(first)
        assert board.position() == play(Position.initial(get_variant(name)), first)
        assert board.pop() == first


def test_lazy_moves_read_again_when_the_buffers_were_reused():
    """A Moves sequence looked at after its generator listed another position's moves runs the kernel
    again for its own."""
    variant = get_variant("international")
    first = legal_moves(Position.initial(variant))
    second = legal_moves(parse_fen(KING_16, variant))  # the same thread's generator, run again
    assert [str(move) for move in first][:2] == ["31-26", "31-27"] and str(second[0]) == "46x49"


def test_more_moves_than_the_first_buffer():
    """Kings everywhere: more moves than :data:`.fast.FEW_MOVES` rows, found in a bigger buffer."""
    position = parse_fen("W:WK1,K2,K3,K4,K5,K46,K47,K48,K49,K50:B25", get_variant("international"))
    moves = legal_moves(position)
    assert len(moves) > fast.FEW_MOVES
    assert collections.Counter(moves) == collections.Counter(reference_moves(position))
    board, nodes = Board(position), 0
    for move in board.legal_moves:
        board.push(move)
        nodes += len(board.legal_moves)
        board.pop()
    assert nodes == perft(position, 2)

