"""Draughts games: playing, undo, FEN at any point, and every way a game ends."""

from __future__ import annotations

import random

import pytest

from boardpuzzles.draughts import Game, Position, get_variant, parse_position
from boardpuzzles.draughts.rules import Outcome
from boardpuzzles.errors import InputError


def test_play_undo_fen_and_turn():
    game = Game("start", "international")
    for text in "32-28 19-23 28x19".split():
        game.play(text)
    assert game.notation == ["32-28", "19-23", "28x19"] and game.turn == "B" and len(game) == 3
    after = game.fen()
    assert game.fen(0) == Position.initial(get_variant("international")).fen()
    assert game.fen(1).startswith("B:") and game.position_at(-1).fen() == after
    undone = game.undo()
    assert undone.captured and game.turn == "W" and game.notation == ["32-28", "19-23"]
    game.play(undone)
    assert game.fen() == after
    with pytest.raises(InputError, match="ply must be 0..3"):
        game.fen(4)
    with pytest.raises(InputError, match="no move to take back"):
        Game("start", "russian").undo()


def test_the_notation_played_is_the_variants_with_the_full_path_where_needed():
    game = Game("W:WKd8:Bc7,e7,g7,c5,b4,d2", "brazilian")
    game.play("d8xb6xd4xh8")
    assert game.notation == ["d8xb6xd4xh8"]
    game = Game("W:Wh6:Bg7,c5,c3", "russian")
    game.play("h6:d2")
    assert game.notation == ["h6:f8:b4:d2"]


def test_no_legal_move_loses_and_nothing_is_played_after():
    game = Game("B:W31:B", "international")
    end = game.outcome()
    assert end is not None and end.winner == "W" and end.reason == "black cannot move"
    assert end.result(game.variant) == "2-0" and end.to_json() == {"winner": "white", "reason": "black cannot move"}
    with pytest.raises(InputError, match="the game is over"):
        game.play("31-27")
    game = Game("W:W9:B1,5", "english")  # white's man on 9 is blocked by the men on 5 and... nothing: it moves
    assert game.outcome() is None


def _walk(game: Game, plies: int, rng: random.Random) -> None:
    """Play ``plies`` quiet king moves, never a position a third time, never leaving a capture
    (IndexError if the walk runs into a corner)."""
    for _ in range(plies):
        assert game.outcome() is None
        choices = []
        for move in game.legal_moves():
            if move.captured or move.piece not in "WB":
                continue
            game.play(move)
            if game._repetitions() < 2 and not any(m.captured for m in game.legal_moves()):
                choices.append(move)
            game.undo()
        game.play(rng.choice(choices))


@pytest.mark.parametrize(
    ("variant", "fen", "moves", "reason"),
    [
        ("international", "W:WK47,K50,6:BK3,K4,45", 25, "25 moves each with kings only"),
        ("international", "W:WK47,K50:BK3", 5, "5 moves each in the ending of two kings"),
        ("international", "W:WK47,K50,K49:BK3", 16, "16 moves each in the ending of three pieces"),
        ("russian", "W:WKc1,Ke1,a3:BKf8,Kd8,h6", 15, "15 moves each with kings only"),
        ("russian", "W:WKc1,Ke1,Kg1:BKd8", 15, "15 moves each with three kings or more"),
        ("czech", "W:WKc1,Ke1,a3:BKf8,Kd8,h6", 15, "15 moves each with kings only"),
    ],
)
def test_count_rules(variant, fen, moves, reason):
    for seed in range(50):  # a random walk of king moves that reaches the limit
        game = Game(fen, variant)
        try:
            _walk(game, 2 * moves - 1, random.Random(seed))
            break
        except IndexError:
            continue
    assert game.outcome() is None
    _walk(game, 1, random.Random(0))
    end = game.outcome()
    assert end is not None and end.winner is None and end.reason.startswith(reason)
    assert game.ended_at == 2 * moves and end.result(game.variant) == "1-1"


def test_threefold_repetition_is_a_draw_and_play_may_go_on():
    game = Game("W:WK36:BK15", "international")
    for _ in range(2):
        for text in ("36-41", "15-20", "41-36", "20-15"):
            game.play(text)
    end = game.outcome()
    assert end is not None and end.winner is None and end.reason == "the same position for the third time"
    assert game.ended_at == 8
    game.play("36-41")  # published games go on where a server left the draw to be claimed
    assert game.ended_at == 8 and game.to_json()["outcome"]["after"] == 8
    game.undo()
    game.undo()
    assert game.outcome() is None


def test_the_outcome_field_decides_who_wins():
    assert get_variant("international").outcome is Outcome.NO_MOVE_LOSES
    anti = get_variant("antidraughts")
    end = Game(parse_position("B:W31:B", anti)).outcome()
    assert end is not None and end.winner == "B" and end.reason == "black cannot move"
    breakthrough = get_variant("breakthrough")
    game = Game(parse_position("W:W6:B45", breakthrough))
    game.play("6-1")
    end = game.outcome()
    assert end is not None and end.winner == "W" and end.reason == "white crowned a man first"
    with pytest.raises(InputError, match="the game is over"):
        game.play("45-50")


def test_a_king_move_limit_needs_the_history():
    frisian = get_variant("frisian")
    game = Game(parse_position("W:WK46,35:B1,6", frisian))
    for white, black in (("46-41", "6-11"), ("41-47", "11-16"), ("47-42", "16-21")):
        game.play(white)
        game.play(black)
    assert all(move.start != (1, 3) for move in game.legal_moves())  # the king on 42 (d2) has moved three times
    with pytest.raises(InputError, match="is not legal for white"):
        game.play("42-38")
    game.play("35-30")
    game.play("1-7")
    assert any(move.start == (1, 3) for move in game.legal_moves())
    kings_only = Game(parse_position("W:WK46:B1,6", frisian))  # no men: the limit does not apply
    for white, black in (("46-41", "6-11"), ("41-47", "11-16"), ("47-42", "16-21")):
        kings_only.play(white)
        kings_only.play(black)
    kings_only.play("42-38")


def test_game_json():
    game = Game("start", "russian")
    game.play("c3-d4")
    assert game.to_json() == {
        "variant": "russian", "start": game.fen(0), "moves": ["c3-d4"], "fen": game.fen(), "outcome": None,
    }


def test_games_are_written_and_compared_by_their_moves():
    game = Game("start", "international", "32-28 19-23 28x19")
    assert str(game) == "1. 32-28 19-23 2. 28x19"
    assert repr(game) == "Game('start', variant='international', moves='32-28 19-23 28x19')"
    assert eval(repr(game)) == game and Game("start", "international", ["32-28", "19-23"]) != game
    black_first = Game("B:W31,32:B19,20", "international", "19-23 32-28")
    assert str(black_first) == "1... 19-23 2. 32-28" and eval(repr(black_first)) == black_first
    with pytest.raises(InputError, match="start must be a Position, a FEN or 'start'"):
        Game(3)  # type: ignore[arg-type]


def test_the_results_are_values():
    from boardpuzzles.draughts import longest_captures, moves_of

    position = parse_position("W:Wc3:Bd4,d6,b6,b4", get_variant("russian"))
    captures = longest_captures(position)
    assert captures == longest_captures(position) and hash(captures) == hash(longest_captures(position))
    assert captures.distinct == 1 and len(captures.paths) == 2 and captures.max_captures == 4
    assert repr(captures) == ("LongestCaptures('russian W:Wc3:Bb6,d6,b4,d4: 4 pieces by c3:a5:c7:e5:c3, "
                              "c3:e5:c7:a5:c3')")
    assert longest_captures(parse_position("start", get_variant("russian"))).text().endswith(": no capture")
    assert str(captures).splitlines()[-3:] == ["longest capture: 4 piece(s); 2 path(s), 1 distinct move(s)",
                                              "  c3:a5:c7:e5:c3", "  c3:e5:c7:a5:c3"]
    listed = moves_of(position)
    assert listed == moves_of(position) and listed.count == 1 and listed.notation() == ["c3:a5:c7:e5:c3"]
    assert repr(listed) == "LegalMoves('russian W:Wc3:Bb6,d6,b4,d4: c3:a5:c7:e5:c3')"
    assert str(listed).endswith("1 legal move(s): c3:a5:c7:e5:c3")
