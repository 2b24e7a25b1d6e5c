"""Draughts: each rule difference on a position of our own, perft against the published tables."""

from __future__ import annotations

import collections
import dataclasses
import random

import pytest

from boardpuzzles.draughts import fast, moves, perft
from boardpuzzles.draughts.counting import reference_perft
from boardpuzzles.draughts.published import DISTINCT, PATHS
from boardpuzzles.draughts.board import Position, is_dark, parse_fen, promotion_row
from boardpuzzles.draughts.captures import longest_captures
from boardpuzzles.draughts.rules import VARIANTS, Criterion, Promotion, get_variant
from boardpuzzles.errors import InputError

#: How deep CI counts each published table (the benchmarks go deeper): a few million nodes at most.
CI_DEPTH = {"international": 8, "frisian": 7, "canadian": 4, "srilankan": 4}
EIGHT_BY_EIGHT_DEPTH = 9  # Czech differs from English at depth 9 (a capturing king lands where it can go on)


def _start(variant: str) -> Position:
    """The initial position the table counts from: dctl counts Thai from twelve men each (two rows apart)."""
    rules = get_variant(variant)
    return Position.initial(dataclasses.replace(rules, rows_of_men=3) if variant == "thai" else rules)


TABLES = [(name, False, table) for name, table in DISTINCT.items()] + [(name, True, table) for name, table in PATHS.items()]


def texts(fen: str, variant: str, paths: bool = False) -> list[str]:
    position = parse_fen(fen, get_variant(variant))
    return sorted(moves.move_texts(moves.legal_moves(position, paths), position))


@pytest.mark.parametrize(("variant", "paths", "table"), TABLES, ids=[f"{v}-{'paths' if p else 'distinct'}" for v, p, _ in TABLES])
def test_perft_matches_published_tables(variant, paths, table):
    start = _start(variant)
    depth = CI_DEPTH.get(variant, EIGHT_BY_EIGHT_DEPTH)
    assert [perft(start, d, paths) for d in range(1, depth + 1)] == table[:depth]


@pytest.mark.parametrize("variant", sorted(DISTINCT))
def test_python_reference_perft_agrees(variant):
    start = _start(variant)
    assert [reference_perft(start, depth) for depth in range(1, 4)] == DISTINCT[variant][:3]


def _random_position(variant, rng):
    size = variant.size
    squares = [(r, c) for r in range(size) for c in range(size) if is_dark((r, c), variant.mirrored)]
    pieces = {}
    for square in rng.sample(squares, rng.randint(2, 24)):
        colour = rng.choice("WB")
        king = rng.random() < 0.3 or square[0] == promotion_row(colour, size)
        pieces[square] = colour if king else colour.lower()
    return Position(variant, pieces, rng.choice("WB"))


@pytest.mark.parametrize("variant", [name for name in VARIANTS if fast.supports(VARIANTS[name])])
def test_numba_generator_equals_reference_on_random_positions(variant):
    rng = random.Random(variant)
    for _ in range(300):
        position = _random_position(VARIANTS[variant], rng)
        for paths in (False, True):
            reference = collections.Counter(
                (m.start, m.end, frozenset(m.captured), m.promotes) for m in moves.reference_moves(position, paths)
            )
            assert collections.Counter(fast.generate(position, paths)) == reference, position.fen()


def test_who_moves_first():
    assert Position.initial(get_variant("english")).turn == "B"
    assert Position.initial(get_variant("russian")).turn == "W"
    assert Position.initial(get_variant("international")).turn == "W"


def test_men_capture_backwards_or_not():
    assert texts("W:Wc3:Bb2", "russian") == ["c3:a1"]
    assert texts("W:Wc3:Bb2", "brazilian") == ["c3xa1"]
    assert texts("W:Wc3:Bb2", "english") == ["22-17", "22-18"]  # no backward capture: quiet moves
    assert texts("W:Wc3:Bb2", "czech") == ["c3-b4", "c3-d4"]


def test_flying_kings_or_short_kings():
    assert texts("W:WKa1:Bd4", "brazilian") == ["a1xe5", "a1xf6", "a1xg7", "a1xh8"]
    assert texts("W:WKa1:Bd4", "english") == ["29-25"]  # the short king cannot reach d4
    assert texts("W:WKa1:Bb2", "english") == ["29x22"]  # only the square right behind


def test_maximum_capture_rule():
    assert texts("W:Wc3,e1:Bd4,f6,f2", "brazilian") == ["c3xg7"]
    assert texts("W:Wc3,e1:Bd4,f6,f2", "russian") == ["c3:e5:g7", "e1:g3"]


def test_russian_man_crowned_mid_capture_goes_on_as_king():
    assert texts("W:Wh6:Bg7,c5,c3", "russian") == ["h6:f8:b4:d2", "h6:f8:b4:e1"]
    # international rules on 8x8: the man stays a man on f8 and cannot go on
    assert texts("W:Wh6:Bg7,c5,c3", "brazilian") == ["h6xf8"]
    (move,) = moves.legal_moves(parse_fen("W:Wh6:Bg7,c5,c3", get_variant("brazilian")))
    assert move.promotes  # the move ends on the last row: crowned then


def test_international_man_passing_the_last_row_stays_a_man():
    position = parse_fen("W:Wb6:Bc7,e7,e5", get_variant("brazilian"))
    (move,) = moves.legal_moves(position)
    assert moves.move_text(move, position, full=True) == "b6xd8xf6xd4" and not move.promotes


def test_english_promotion_ends_the_move():
    position = parse_fen("W:Wb6:Bc7,e7", get_variant("english"))
    (move,) = moves.legal_moves(position)
    assert move.end == (7, 3) and move.promotes and len(move.captured) == 1
    assert texts("W:Wb6:Bc7,e7", "russian") == ["b6:d8:f6", "b6:d8:g5", "b6:d8:h4"]


def test_russian_king_must_land_where_it_can_capture_again():
    assert texts("W:WKa1:Bd6,b2", "russian") == ["a1:e5:b8", "a1:e5:c7"]
    free = dataclasses.replace(get_variant("russian"), king_lands_to_continue=False)
    position = Position(free, parse_fen("W:WKa1:Bd6,b2", free).pieces, "W")
    assert len(moves.legal_moves(position)) == 7  # c3, d4, f6, g7, h8 too


def test_turkish_strike_captured_pieces_stay_until_the_end():
    fen = "W:WKa5:Bb6,f6,c5,g3,Kc1"
    assert longest_captures(parse_fen(fen, get_variant("russian"))).max_captures == 3
    at_once = dataclasses.replace(get_variant("russian"), remove_at_once=True)
    assert longest_captures(parse_fen(fen, at_once)).max_captures == 4


def test_a_piece_is_never_jumped_twice():
    result = longest_captures(parse_fen("W:WKa3:Bg7,c5,f4,Kc1", get_variant("russian")))
    assert result.max_captures == 3
    assert all(len(set(move.captured)) == len(move.captured) for move in result.paths)


def test_czech_king_must_capture_first():
    found = texts("W:WKa1,e3:Bc3,f4", "czech")
    assert found and all(text.startswith("a1:") for text in found)
    assert any(text.startswith("e3") for text in texts("W:WKa1,e3:Bc3,f4", "russian"))


def test_czech_capturing_king_lands_where_it_can_go_on():
    # a1 takes c3 and must land on e5, the one square from which it takes on (f4); it ends on g3 or h2
    # (landing on b2..h8 beyond c3 and stopping is not allowed, as in Russian and pool)
    assert texts("W:WKa1:Bc3,f4", "czech") == ["a1:g3", "a1:h2"]
    assert texts("W:WKa1:Bc3,f4", "czech", paths=True) == ["a1:g3", "a1:h2"]


def test_distinct_moves_and_paths_differ_on_a_ring():
    # a man takes four men round a ring and comes back: two paths, one move
    fen = "W:Wc3:Bd4,d6,b6,b4"
    position = parse_fen(fen, get_variant("russian"))
    assert len(moves.legal_moves(position)) == 1
    assert len(moves.legal_moves(position, paths=True)) == 2
    result = longest_captures(position)
    assert result.max_captures == 4 and result.moves == 1 and len(result.paths) == 2


def test_make_and_unmake_restore_the_position():
    rng = random.Random(7)
    for name in ("international", "russian", "english"):
        position = _random_position(VARIANTS[name], rng)
        before = position.fen()
        for move in moves.legal_moves(position, paths=True):
            moves.make_move(position, move)
            moves.unmake_move(position, move)
            assert position.fen() == before


def test_promote_at_end_variant_keeps_crowning_on_final_square():
    variant = dataclasses.replace(get_variant("russian"), promotion_in_capture=Promotion.AT_END)
    position = Position(variant, parse_fen("W:Wh6:Bg7,c5,c3", variant).pieces, "W")
    (move,) = moves.legal_moves(position)
    assert move.promotes and move.end == (7, 5)


def test_pool_black_first_men_capture_backwards_no_maximum_crowned_only_at_the_end():
    assert Position.initial(get_variant("pool")).turn == "B"
    assert texts("W:Wc3:Bb2", "pool") == ["22x29"]  # backwards
    assert texts("W:Wc3,e1:Bd4,f6,f2", "pool") == ["22x8", "31x24"]  # free choice: 1 or 2 pieces
    position = parse_fen("W:Wb6:Bc7,e7,e5", get_variant("pool"))
    (move,) = moves.legal_moves(position)
    assert len(move.captured) == 3 and not move.promotes  # passed the last row, went on as a man


def test_king_taking_sixteen_agrees_in_both_generators():
    # the benchmark's position: a flying king on 46 takes 16 men
    position = parse_fen("W:WK46:B6,7,12,13,14,18,21,22,23,24,25,30,31,32,33,34,41,42,43,44", get_variant("international"))
    found = moves.legal_moves(position, paths=True)
    assert {len(move.captured) for move in found} == {16}
    assert collections.Counter(fast.generate(position, paths=True)) == collections.Counter(
        (m.start, m.end, frozenset(m.captured), m.promotes) for m in found
    )
    assert "<svg" in position._repr_svg_() and "<svg" in longest_captures(position)._repr_svg_()


def test_spanish_turned_board_forward_captures_and_most_kings():
    with pytest.raises(InputError, match="light square"):
        parse_fen("W:Wa1:Bb2", get_variant("spanish"))  # h1 is the dark corner
    assert texts("W:Wc4:Bb3", "spanish") == ["c4-b5", "c4-d5"]  # men do not capture backwards
    assert texts("W:Wc2:Bb3,Kd3", "spanish") == ["c2xe4"]  # as many pieces, then as many kings
    quantity_only = dataclasses.replace(get_variant("spanish"), priority=(Criterion.MOST,))
    position = Position(quantity_only, parse_fen("W:Wc2:Bb3,Kd3", quantity_only).pieces, "W")
    assert len(moves.legal_moves(position)) == 2


def test_italian_priorities_and_men_never_take_kings():
    # numbers on the turned board: 1 = a8 (black's single corner) ... 32 = h1
    assert parse_fen("W:W32:B1", get_variant("italian")).pieces == {(0, 7): "w", (7, 0): "b"}
    assert texts("W:Wc2:Bb3,Kd3", "italian") == ["26x17"]  # c2xa4: the man may not take the king on d3
    assert texts("W:Wc2,Kg2:Bb3,f3", "italian") == ["28x19"]  # equal counts: the king must capture
    assert texts("W:WKe4:Bd5,Kf5", "italian") == ["19x12"]  # then the most kings
    assert texts("W:WKe4:Bd5,Kf5,f7,Kb7", "italian") == ["19x3"]  # then a king taken first
    without_order = dataclasses.replace(get_variant("italian"), priority=(Criterion.MOST, Criterion.BY_KING, Criterion.MOST_KINGS))
    position = Position(without_order, parse_fen("W:WKe4:Bd5,Kf5,f7,Kb7", without_order).pieces, "W")
    assert len(moves.legal_moves(position)) == 2
