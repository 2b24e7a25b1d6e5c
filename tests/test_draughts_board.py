"""The fast public path: ``legal_moves`` as a lazy :class:`Moves` sequence over the kernel's rows, and
:class:`Board` (push/pop on bitboards), both checked against the plain-Python reference."""

from __future__ import annotations

import collections
import doctest
import random

import pytest

from boardpuzzles.draughts import (
    VARIANTS, Board, Move, Moves, Position, get_variant, legal_moves, make_move, parse_fen, perft,
    unmake_move,
)
from boardpuzzles.draughts import fast
from boardpuzzles.draughts.moves import reference_moves
from boardpuzzles.draughts.published import DISTINCT
from boardpuzzles.errors import InputError
from draughts_helpers import random_position

FAST = [name for name in VARIANTS if fast.supports(VARIANTS[name])]
KING_16 = "W:WK46:B6,7,12,13,14,18,21,22,23,24,25,30,31,32,33,34,41,42,43,44"


@pytest.mark.parametrize("variant", FAST)
def test_lazy_moves_equal_reference_moves_on_random_positions(variant):
    """Every field of every move (paths and the order of the pieces taken included), for distinct moves
    and for every capture path; a Board lists the same moves in the same order."""
    rng = random.Random(f"board {variant}")
    for _ in range(150):
        position = random_position(VARIANTS[variant], rng)
        for paths in (False, True):
            found = legal_moves(position, paths)
            assert isinstance(found, Moves)
            assert collections.Counter(found) == collections.Counter(reference_moves(position, paths)), position.fen()
        assert Board(position).legal_moves == legal_moves(position), position.fen()


@pytest.mark.parametrize("variant", ["international", "russian", "frisian", "english", "czech"])
def test_board_push_pop_perft_equals_published(variant):
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

    fen = board.fen()
    assert [count(depth) for depth in range(1, 5)] == DISTINCT[variant][:4]
    assert board.fen() == fen and board.move_stack == []


@pytest.mark.parametrize("variant", FAST)
def test_random_games_on_a_board_and_a_position_agree(variant):
    """Push on a Board and make_move on a Position walk the same positions; pop and unmake_move walk
    back through them."""
    rng = random.Random(f"games {variant}")
    for _ in range(10):
        position = Position.initial(VARIANTS[variant])
        board = Board(position)
        fens = [position.fen()]
        played = []
        for _ in range(80):
            moves = legal_moves(position)
            if not moves:
                break
            move = rng.choice(list(moves))
            board.push(move)
            make_move(position, move)
            played.append(move)
            fens.append(position.fen())
            assert board.fen() == fens[-1] == Position(position.variant, dict(position.pieces), position.turn).fen()
        for move in reversed(played):
            assert board.pop() is move
            unmake_move(position, move)
            fens.pop()
            assert board.fen() == position.fen() == fens[-1]
            assert fast.bitboards(position) == fast.bitboards(Position(position.variant, dict(position.pieces), position.turn))


def test_moves_behave_as_a_list():
    variant = get_variant("international")
    moves = legal_moves(Position.initial(variant))
    listed = list(moves)
    assert len(moves) == len(listed) == 9
    assert moves[0] == listed[0] and moves[-1] == listed[-1] and moves[:2] == listed[:2]
    assert moves == listed and listed == moves and moves == tuple(listed) and moves != listed[:1]
    assert listed[1] in moves and moves.index(listed[1]) == 1 and repr(moves) == repr(listed)
    with pytest.raises(IndexError):
        moves[9]
    paths = legal_moves(parse_fen(KING_16, variant), paths=True)
    assert [len(move.captured) for move in paths] == [16] * len(paths) and len(paths) == 4
    assert not legal_moves(parse_fen("W:W46:B41,37", variant))


def test_a_board_converts_both_ways():
    position = parse_fen("B:WK1,31:B19,K45", get_variant("international"))
    board = Board(position)
    assert board.turn == "B" and board.position().fen() == position.fen() == board.fen()
    assert board.position().pieces == position.pieces
    assert repr(board) == f"Board('international', '{position.fen()}')"


def test_a_board_takes_moves_found_elsewhere_and_refuses_illegal_ones():
    variant = get_variant("international")
    board = Board(Position.initial(variant))
    start = Position.initial(variant)
    board.push(legal_moves(start)[3])  # the same position's moves
    board.pop()
    own = Move(((3, 1), (4, 2)), (), "w", (), False)  # 31-27, made by hand
    board.push(own)
    assert board.fen().startswith("B:W27,") and board.move_stack[0].key() == own.key()
    with pytest.raises(InputError, match=r"^move 33-28 is not legal in B:W27,"):
        board.push(legal_moves(start)[4])
    board.pop()
    with pytest.raises(IndexError):
        board.pop()


def test_a_board_refuses_the_boards_the_kernel_does_not_play():
    with pytest.raises(InputError, match="use a Position and make_move for turkish"):
        Board(Position.initial(get_variant("turkish")))


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


def test_the_examples_in_the_docstrings():
    import boardpuzzles.draughts
    from boardpuzzles.draughts import bitboard

    for module in (boardpuzzles.draughts, bitboard):
        assert doctest.testmod(module).failed == 0
