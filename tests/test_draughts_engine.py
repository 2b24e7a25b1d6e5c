"""The built-in engine (draughts.engine), a Board of one's own and its end, and ``play --engine``."""

from __future__ import annotations

import copy
import io
import json
import threading
import time

import pytest

from boardpuzzles.cli import main
from boardpuzzles.draughts import (
    LEVELS, VARIANTS, Board, Engine, Game, GameEnd, Player, Position, RandomPlayer, after, legal_moves,
)
from boardpuzzles.draughts.cli import opponent
from boardpuzzles.draughts.players import reversible_tail
from boardpuzzles.errors import InputError


def test_the_engine_is_a_player_with_a_name_and_levels():
    engine = Engine(level=4)
    assert isinstance(engine, Player) and engine.name == "boardpuzzles engine (level 4)"
    assert repr(engine) == "Engine(level=4)" and engine.info is None
    assert sorted(LEVELS) == [1, 2, 3, 4, 5] and LEVELS[1].depth == 1 and LEVELS[5].seconds == 5.0


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_a_legal_move_in_every_rule_set(name):
    position = Position("start", name)
    move = Engine().choose(position, depth=1)
    assert move in list(legal_moves(position)) and str(move) in [str(one) for one in legal_moves(position)]


def test_the_same_move_at_the_same_depth():
    position = Position("start", "international")
    engine = Engine()
    first = engine.choose(position, depth=3)
    assert engine.choose(position, depth=3) == first
    info = engine.info
    assert info is not None and info.move == str(first) and info.depth == 3 and info.nodes > 9
    assert set(info.to_json()) == {"move", "score", "depth", "nodes", "seconds", "pv"} and info.pv[0] == first


def test_it_gives_a_man_to_win_more():
    # russian: b4-c5 gives a man (d6xb4), then a5xc3 takes it back and white crowns on b8 soon
    position = Position("W:Wb2,a7,b4,a5:Be3,d4,f4,d6", "russian")
    engine = Engine()
    move = engine.choose(position, depth=5)
    assert str(move) == "b4-c5" and legal_moves(after(position, move))[0].is_capture
    assert engine.info is not None and engine.info.score > 200


def test_it_takes_the_last_piece_and_says_it_has_won():
    position = Position("W:Wc3:Bd4", "russian")
    engine = Engine()
    assert str(engine.choose(position, depth=3)) == "c3:e5"
    two_moves = Position("W:Wg1,c1:Bh8", "russian")
    engine.choose(two_moves, depth=2)
    assert engine.info is not None and abs(engine.info.score) < 1000  # no win in sight, no loss either


def test_it_finds_a_win_a_few_moves_ahead():
    # english: the black man on 1 is caught: white king on 6 and the man 9... a win within reach of depth 6
    position = Position("W:WK10,K15:B5", "english")
    engine = Engine()
    engine.choose(position, depth=8)
    assert engine.info is not None and engine.info.score > 900_000


def test_breakthrough_crowns_at_once_and_antidraughts_gives_pieces_away():
    engine = Engine()
    assert engine.choose(Position("W:W6,31:B45,44", "breakthrough"), depth=2).promotes
    position = Position("W:W32,33:B19,28", "antidraughts")  # 32x23 or 33x22 must be played; then give away more
    move = engine.choose(position, depth=3)
    assert move.is_capture and engine.info is not None


def test_cancel_stops_the_search_with_a_legal_move():
    position = Position("start", "international")
    cancel = threading.Event()
    cancel.set()
    started = time.monotonic()
    move = Engine().choose(position, seconds=60, cancel=cancel)
    assert move in list(legal_moves(position)) and time.monotonic() - started < 10


def test_seconds_bound_the_search():
    position = Position("start", "russian")
    started = time.monotonic()
    Engine().choose(position, seconds=0.2)
    assert time.monotonic() - started < 2.0  # ten times the limit: a busy machine


def test_one_legal_move_is_played_without_a_search():
    engine = Engine(level=5)
    assert str(engine.choose(Position("W:Wc3:Bd4,f6,h8", "russian"))) == "c3:e5:g7"
    assert engine.info is not None and engine.info.nodes == 0


@pytest.mark.parametrize("call, parameter", [
    (lambda: Engine(level=0), "level"), (lambda: Engine(level="3"), "level"),
    (lambda: Engine().choose(Position("start", "russian"), depth=0), "depth"),
    (lambda: Engine().choose(Position("start", "russian"), seconds=-1), "seconds"),
    (lambda: Engine().choose("start"), "position"),
    (lambda: Engine().choose(Position("W:Wa1:Bb2,c3", "russian"), depth=1), "position"),
])
def test_bad_arguments_name_the_parameter(call, parameter):
    with pytest.raises(InputError) as caught:
        call()
    assert caught.value.parameter == parameter


def test_a_position_that_comes_again_is_a_draw():
    # the kings went round: white, a man up, avoids the way back; black, a man down, takes it
    game = Game("W:WK46,31:BK1", "international", "46-41 1-7 41-46")
    assert str(Engine().choose(game.position, depth=1, history=game.moves)) == "7-1"
    game.play("7-1")
    engine = Engine()
    move = engine.choose(game.position, depth=2, history=game.moves)
    assert str(move) != "46-41" and engine.info is not None and engine.info.score > 50


def test_the_history_must_lead_to_the_position():
    game = Game("W:WK46,31:BK1", "international", "46-41 1-7")
    assert [str(move) for _, move in reversible_tail(game.position, game.moves)] == ["46-41", "1-7"]
    assert reversible_tail(game.position, []) == []
    with pytest.raises(InputError, match="does not lead to the position") as caught:
        Engine().choose(Position("W:WK46,31:BK1", "international"), history=game.moves)
    assert caught.value.parameter == "history"
    with pytest.raises(InputError) as caught:
        reversible_tail(game.position, "46-41")
    assert caught.value.parameter == "history"


def test_each_depth_is_told_with_its_line_of_play():
    position = Position("start", "russian")
    heard = []
    engine = Engine()
    engine.choose(position, depth=4, on_info=heard.append)
    assert [info.depth for info in heard] == [1, 2, 3, 4] and engine.info is not None
    assert (heard[-1].move, heard[-1].score, heard[-1].pv) == (engine.info.move, engine.info.score, engine.info.pv)
    for info in heard:
        line = Game(position)
        for move in info.pv:
            line.play(move)
        assert str(info.pv[0]) == info.move and len(info.pv) <= info.depth + 4


def test_the_engine_beats_the_random_player():
    game = Game("start", "russian")
    engine, other = Engine(), RandomPlayer(seed=3)
    while game.outcome() is None and len(game) < 200:
        player = engine if game.turn == "W" else other
        game.play(player.choose(game.position, depth=2))
    assert game.outcome() == GameEnd("W", "black cannot move")


# ---------------------------------------------------------------- Board: copy, the end, pictures


def test_a_copy_is_a_board_of_its_own():
    board = Board(Position("start", "russian"))
    board.push("c3-d4")
    for other in (board.copy(), copy.copy(board), copy.deepcopy(board)):
        other.push("f6-e5")
        assert [str(move) for move in other.move_stack] == ["c3-d4", "f6-e5"]
        assert [str(move) for move in board.move_stack] == ["c3-d4"] and board.turn == "B"
        other.pop()
        other.pop()
        assert other.fen() == Position("start", "russian").fen() and len(board.move_stack) == 1
    turkish = Board(Position("start", "turkish"))
    other = turkish.copy()
    other.push(str(other.legal_moves[0]))
    assert turkish.move_stack == [] and len(other.move_stack) == 1


def test_the_end_on_a_board():
    board = Board(Position("W:WKa1:BKh2", "russian"))
    assert not board.is_game_over() and board.outcome() is None
    for text in ["a1-b2", "h2-g1", "b2-a1", "g1-h2"] * 2:
        board.push(text)
    assert board.outcome() == GameEnd(None, "the same position for the third time") and board.is_game_over()
    board.pop()
    assert board.outcome() is None
    assert Board(Position("B:Wc3:B", "russian")).outcome() == GameEnd("W", "black cannot move")
    assert Board(Position("B:Wc3:B", "russian")).outcome() == Game("B:Wc3:B", "russian").outcome()
    assert Board(Position("W:W31:B", "antidraughts")).outcome() is None
    assert Board(Position("B:W31:B", "antidraughts")).outcome() == GameEnd("B", "black cannot move")
    crowning = Board(Position("W:W6:B45", "breakthrough"))
    crowning.push("6-1")
    assert crowning.outcome() == GameEnd("W", "white crowned a man first")


def test_boards_and_games_draw_themselves_with_the_last_move():
    board = Board(Position("start", "international"))
    assert board._repr_svg_().startswith("<svg") and "<polyline" not in board._repr_svg_()
    board.push("32-28")
    game = Game("start", "international", moves="32-28")
    assert "<polyline" in board._repr_svg_() and board._repr_svg_() == game._repr_svg_()


# ---------------------------------------------------------------- play --engine


def run(capsys, monkeypatch, lines, *argv):
    monkeypatch.setattr("sys.stdin", io.StringIO(lines))
    status = main(["draughts", "play", *argv])
    out, err = capsys.readouterr()
    return status, out, err


def test_the_engine_answers_each_move(capsys, monkeypatch):
    status, out, err = run(capsys, monkeypatch, "c3-d4\nundo\n", "--engine", "builtin", "--level", "1", "--json")
    events = [json.loads(line) for line in out.splitlines()]
    assert status == 0 and err == ""
    assert [event["event"] for event in events] == ["start", "move", "move", "undo", "quit"]
    assert events[0]["computer"] == "boardpuzzles engine (level 1)" and events[0]["computer_side"] == "black"
    assert events[1]["move"] == "c3-d4" and "by" not in events[1]
    assert events[2]["by"] == "computer" and events[2]["turn"] == "W"
    assert events[3]["undone"] == f"c3-d4 {events[2]['move']}" and events[3]["ply"] == 0
    assert events[4]["game"]["moves"] == [] and events[4]["result"] == "*"


def test_the_engine_moves_first_when_its_side_starts(capsys, monkeypatch):
    status, out, _ = run(capsys, monkeypatch, "", "--engine", "random", "--side", "black", "-v", "english", "--ascii")
    assert status == 0 and "random (seed 0) plays black" in out and "random (seed 0) plays 12-16" in out
    assert out.rstrip().endswith("the game: 1. 12-16")  # black moves first in English
    status, out, _ = run(capsys, monkeypatch, "", "--engine", "random", "-v", "english", "--ascii")
    assert "random (seed 0) plays white" in out and out.rstrip().endswith("no move played")


def test_a_game_the_engine_wins(capsys, monkeypatch):
    status, out, _ = run(capsys, monkeypatch, "", "W:Wc3:Bd4", "--engine", "builtin", "--side", "white", "--json")
    events = [json.loads(line) for line in out.splitlines()]
    assert status == 0 and [event["event"] for event in events] == ["start", "move", "end", "quit"]
    assert events[2]["winner"] == "white" and events[3]["game"]["moves"] == ["c3:e5"] and events[3]["result"] == "2-0"


@pytest.mark.parametrize("argv, message", [
    (["--engine", "no-such-engine"], "boardpuzzles: cannot start the engine 'no-such-engine': No such file or directory "
     "(an engine is builtin, random, a Hub engine's command or dxp://HOST:PORT)\n"),
    (["--level", "2"], "boardpuzzles: --level tells the computer what to do: give --engine too\n"),
    (["--side", "white"], "boardpuzzles: --side tells the computer what to do: give --engine too\n"),
    (["--engine", "random", "--level", "2"],
     "boardpuzzles: --level is the built-in engine's: give it with --engine builtin (got 2)\n"),
    (["--engine", "builtin", "--level", "6"], "boardpuzzles: --level must be 1..5 (got 6)\n"),
    (["--engine", "builtin", "--side", "red"], "boardpuzzles: --side must be white or black (got 'red')\n"),
])
def test_bad_engine_options_are_one_line(capsys, monkeypatch, argv, message):
    status, out, err = run(capsys, monkeypatch, "", *argv)
    assert status == 2 and out == "" and err == message


def test_the_players_the_command_line_names():
    assert isinstance(opponent("builtin", 2, "russian"), Engine) and opponent("builtin", None, "russian").level == 3
    assert opponent("builtin:4", None, "russian").level == 4
    assert isinstance(opponent("random", None, "russian"), RandomPlayer)
