"""Draughts: each rule difference on a position of our own, perft against the published tables."""

from __future__ import annotations

import collections
import dataclasses
import random

import pytest
from draughts_helpers import random_position, reference_perft

from boardpuzzles.draughts import fast, moves, perft
from boardpuzzles.draughts.bitboard import Board
from boardpuzzles.draughts.published import DISTINCT, PATHS
from boardpuzzles.draughts.board import Position, parse_fen, square_number, square_text
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
    return sorted(str(move) for move in moves.legal_moves(position, paths))


@pytest.mark.parametrize(("variant", "paths", "table"), TABLES, ids=[f"{v}-{'paths' if p else 'distinct'}" for v, p, _ in TABLES])
@pytest.mark.slow
def test_perft_matches_published_tables(variant, paths, table):
    start = _start(variant)
    depth = CI_DEPTH.get(variant, EIGHT_BY_EIGHT_DEPTH)
    assert [perft(start, d, paths) for d in range(1, depth + 1)] == table[:depth]


@pytest.mark.parametrize("variant", sorted(DISTINCT))
def test_python_reference_perft_agrees(variant):
    start = _start(variant)
    assert [reference_perft(start, depth) for depth in range(1, 4)] == DISTINCT[variant][:3]


@pytest.mark.parametrize("variant", [name for name in VARIANTS if VARIANTS[name].on_bitboards])
@pytest.mark.slow
def test_numba_generator_equals_reference_on_random_positions(variant):
    """Every field of every move, the path the kernel's search recorded and the order of the pieces taken
    included, and its notation."""
    rng = random.Random(variant)
    for _ in range(300):
        position = random_position(VARIANTS[variant], rng)
        for paths in (False, True):
            found = moves.legal_moves(position, paths)
            reference = moves.reference_moves(position, paths)
            assert collections.Counter(found) == collections.Counter(reference), position.fen()
            assert all(len(move.path) == len(move.captured) + 1 for move in found if move.captured), position.fen()
            assert sorted(map(str, found)) == sorted(map(str, reference)), position.fen()


def _strokes_take_in_order(move: moves.Move) -> bool:
    """Each piece the move takes lies on the stroke from one square of its path to the next, the i-th
    piece on the i-th stroke."""
    for (a, b), taken in zip(zip(move.path, move.path[1:]), move.captured):
        rows, cols = b[0] - a[0], b[1] - a[1]
        steps = max(abs(rows), abs(cols))
        dr, dc = (rows > 0) - (rows < 0), (cols > 0) - (cols < 0)
        if taken not in [(a[0] + dr * i, a[1] + dc * i) for i in range(1, steps)]:
            return False
    return True


def test_a_king_flying_on_along_a_line_lands_beyond_each_piece_it_takes():
    position = parse_fen("W:We3,Ka1,g1:Bb6,d6,f6,d4,f4,b2", get_variant("russian"))
    (move,) = [move for move in moves.legal_moves(position) if move.end == (4, 0)]
    assert [square_text(square, move.variant) for square in move.path] == ["a1", "c3", "e5", "c7", "a5"]
    assert len(move.captured) == 4 and str(move) == "a1:c3:e5:c7:a5"
    assert move == next(m for m in moves.reference_moves(position) if m.end == (4, 0))
    # international: 46 takes 41 and 23 along one line, several squares apart; it lands on 37, the first beyond 41
    position = parse_fen("W:WK46:B41,23", get_variant("international"))
    (move,) = [move for move in moves.legal_moves(position) if square_number(move.end, 10) == 19]
    assert [square_number(square, 10) for square in move.path] == [46, 37, 19]
    assert str(move) == "46x19" and move.notation(full=True) == "46x37x19"


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_every_path_has_one_square_more_than_the_pieces_it_takes(variant):
    rng = random.Random(variant)
    checked = 0
    for _ in range(60):
        position = random_position(VARIANTS[variant], rng, kings=0.5)
        for move in moves.legal_moves(position, paths=True):
            if move.captured:
                assert len(move.path) == len(move.captured) + 1, (position.fen(), move.notation(full=True))
                assert _strokes_take_in_order(move), (position.fen(), move.notation(full=True))
                checked += 1
    assert checked > 20


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
    assert move.notation(full=True) == "b6xd8xf6xd4" and str(move) == "b6xd4" and not move.promotes


def test_english_promotion_ends_the_move():
    position = parse_fen("W:Wb6:Bc7,e7", get_variant("english"))
    (move,) = moves.legal_moves(position)
    assert move.end == (7, 3) and move.promotes and len(move.captured) == 1
    assert texts("W:Wb6:Bc7,e7", "russian") == ["b6:d8:f6", "b6:d8:g5", "b6:d8:h4"]


def test_russian_king_must_land_where_it_can_capture_again():
    assert texts("W:WKa1:Bd6,b2", "russian") == ["a1:e5:b8", "a1:e5:c7"]
    free = dataclasses.replace(get_variant("russian"), king_lands_to_continue=False)
    position = parse_fen("W:WKa1:Bd6,b2", free)
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
    assert result.max_captures == 4 and result.distinct == 1 and len(result.paths) == 2


def test_push_and_pop_restore_the_position():
    rng = random.Random(7)
    for name in ("international", "russian", "english", "turkish"):
        position = random_position(VARIANTS[name], rng)
        board = Board(position)
        for move in moves.legal_moves(position, paths=True):
            board.push(move)
            assert board.position() == moves.after(position, move)
            assert board.pop() is move and board.position() == position


def test_promote_at_end_variant_keeps_crowning_on_final_square():
    variant = dataclasses.replace(get_variant("russian"), promotion_in_capture=Promotion.AT_END)
    position = parse_fen("W:Wh6:Bg7,c5,c3", variant)
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
    assert {len(move.captured) for move in found} == {16} and len(found) == 4
    assert collections.Counter(found) == collections.Counter(moves.reference_moves(position, paths=True))
    assert "<svg" in position._repr_svg_() and "<svg" in longest_captures(position)._repr_svg_()


def test_spanish_turned_board_forward_captures_and_most_kings():
    with pytest.raises(InputError, match="light square"):
        parse_fen("W:Wa1:Bb2", get_variant("spanish"))  # h1 is the dark corner
    assert texts("W:Wc4:Bb3", "spanish") == ["c4-b5", "c4-d5"]  # men do not capture backwards
    assert texts("W:Wc2:Bb3,Kd3", "spanish") == ["c2xe4"]  # as many pieces, then as many kings
    quantity_only = dataclasses.replace(get_variant("spanish"), priority=(Criterion.MOST,))
    position = parse_fen("W:Wc2:Bb3,Kd3", quantity_only)
    assert len(moves.legal_moves(position)) == 2


def test_italian_priorities_and_men_never_take_kings():
    # numbers on the turned board: 1 = a8 (black's single corner) ... 32 = h1
    assert parse_fen("W:W32:B1", get_variant("italian")).pieces == {(0, 7): "w", (7, 0): "b"}
    assert texts("W:Wc2:Bb3,Kd3", "italian") == ["26x17"]  # c2xa4: the man may not take the king on d3
    assert texts("W:Wc2,Kg2:Bb3,f3", "italian") == ["28x19"]  # equal counts: the king must capture
    assert texts("W:WKe4:Bd5,Kf5", "italian") == ["19x12"]  # then the most kings
    assert texts("W:WKe4:Bd5,Kf5,f7,Kb7", "italian") == ["19x3"]  # then a king taken first
    without_order = dataclasses.replace(get_variant("italian"), priority=(Criterion.MOST, Criterion.BY_KING, Criterion.MOST_KINGS))
    position = parse_fen("W:WKe4:Bd5,Kf5,f7,Kb7", without_order)
    assert len(moves.legal_moves(position)) == 2


# ---------------------------------------------------------------- the rule sets added with the variant model


def test_frisian_men_and_kings_capture_along_files_and_ranks():
    assert texts("W:W28:B18", "frisian") == ["28x8"]  # along the file: the square between is light
    assert texts("W:W28:B27", "frisian") == ["28x26"]  # along the rank
    assert texts("W:W28:B18", "international") == ["28-22", "28-23"]
    # a king moves (without taking) along the diagonals only: i1 to j2 and up the long one to b9
    assert set(texts("W:WK50:B5", "frisian")) == {f"50-{n}" for n in (45, 44, 39, 33, 28, 22, 17, 11, 6)}


def test_frisian_highest_value_then_by_a_king():
    assert texts("W:W28:B23,14,K27", "frisian") == ["28x10"]  # two men are worth more than a king
    assert texts("W:W28:B23,K27", "frisian") == ["28x26"]  # a king more than a man
    assert texts("W:W33,K50:B28,44", "frisian") == ["50x39"]  # equal value: the king must take
    assert texts("W:W33,K50:B28,44", "international") == ["33x22", "50x39"]


def test_turkish_men_go_forwards_and_sideways_and_kings_fly_along_lines():
    assert texts("W:Wd4:Be8", "turkish") == ["d4-c4", "d4-d5", "d4-e4"]
    assert len(texts("W:WKd4:Bh8", "turkish")) == 14
    assert texts("W:Wd7:Be7", "turkish") == ["d7xf7"]  # a man takes sideways
    assert texts("W:Wd2:Bd3,c4,d6,h8", "turkish") == ["d2xb4"]  # the most pieces


def test_turkish_no_half_turn_within_a_capture():
    # after taking d5 the king may not turn back to take d2 behind it
    assert texts("W:WKd3:Bd5,d2", "turkish") == ["d3xd1", "d3xd6", "d3xd7", "d3xd8"]


def test_thai_king_stops_right_behind_the_piece_it_takes():
    assert texts("W:WKa1:Bc3", "thai") == ["a1xd4"]
    assert texts("W:WKa1:Bc3", "brazilian") == ["a1xd4", "a1xe5", "a1xf6", "a1xg7", "a1xh8"]
    assert texts("W:WKa1:Bc3,f6", "thai") == ["a1xg7"]


def test_killer_king_stops_right_behind_a_king_it_takes():
    assert texts("W:WK46:BK37", "killer") == ["46x32"]
    assert len(texts("W:WK46:B37", "killer")) == 7


def test_initial_positions_of_the_new_rule_sets():
    counts = {"turkish": 32, "thai": 16, "frysk": 10, "frisian": 40, "canadian": 60, "srilankan": 60}
    assert {name: len(Position.initial(get_variant(name)).pieces) for name in counts} == counts
    turkish = Position.initial(get_variant("turkish"))
    assert {square[0] for square in turkish.pieces} == {1, 2, 5, 6}  # the back rows stay empty
    assert Position.initial(get_variant("frysk")).fen() == "W:W46,47,48,49,50:B1,2,3,4,5"
    assert Position.initial(get_variant("srilankan")).pieces.keys() != Position.initial(get_variant("canadian")).pieces.keys()


def test_antidraughts_and_breakthrough_move_as_international():
    for name in ("antidraughts", "breakthrough", "killer"):
        assert perft(Position.initial(get_variant(name)), 5) == DISTINCT["international"][4]


def test_a_variant_checks_itself_when_it_is_made():
    base = get_variant("international")
    for changes, words in [
        ({"priority": ("mostest",)}, "priority: unknown value 'mostest': use one of by-king, most, most-kings"),
        ({"priority": "most"}, "priority must be a tuple of criteria, not one"),
        ({"priority": ("most", "most")}, "priority lists a criterion twice"),
        ({"captures": "sideways"}, "captures: unknown value 'sideways': use one of diagonal, orthogonal, both"),
        ({"size": 7}, "size must be an even number 4..16"),
        ({"rows_of_men": 6}, "do not fit each side of a 10x10 board"),
        ({"flying_kings": False, "king_halt": "behind-piece"}, "king_halt is a rule of flying kings"),
        ({"first": "R"}, "first must be 'W' or 'B'"),
    ]:
        with pytest.raises(InputError, match=words):
            dataclasses.replace(base, **changes)
    assert dataclasses.replace(base, priority=("most", "by-king")).priority == (Criterion.MOST, Criterion.BY_KING)


def test_variant_names_are_forgiving_and_an_unknown_one_lists_the_choices():
    assert get_variant("Frysk!").name == "frysk" and get_variant("sri-lankan").name == "srilankan"
    with pytest.raises(InputError) as error:
        get_variant("klingon")
    message = str(error.value)
    assert message.startswith("unknown variant 'klingon': use one of international,") and "\n" not in message
    assert error.value.allowed == list(VARIANTS)


def test_the_rules_say_which_rule_sets_the_kernels_play():
    assert {name for name in VARIANTS if not VARIANTS[name].on_bitboards} == {"turkish", "canadian", "srilankan", "seed"}
    with pytest.raises(InputError, match="the kernels play the dark squares of boards up to 10x10; canadian uses 12x12"):
        fast.Generator(get_variant("canadian"))
    with pytest.raises(InputError, match="canadian positions have no bitboards"):
        Position.initial(get_variant("canadian")).bitboards()
