"""Draughts on the command line: the seed's task, captures, moves, perft, bad input."""

from __future__ import annotations

import io
import json

import pytest

from boardpuzzles.cli import main

SEED = "5\n4 4\n4 6\n6 6\n6 4\n2 6\n3 3\n"


def run(capsys, *argv):
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_seed_input_from_a_file(tmp_path, capsys):
    source = tmp_path / "seed.txt"
    source.write_text(SEED)
    svg = tmp_path / "path.svg"
    status, out, _ = run(capsys, "draughts", "captures", "--seed-input", str(source), "--tree", "--svg", str(svg))
    assert status == 0
    assert "3 piece(s)" in out and "c3:e5:c7:a5" in out and "c7 (3)" in out
    assert "<polyline" in svg.read_text()


def test_seed_input_from_stdin_as_json(monkeypatch, capsys):
    monkeypatch.setattr("sys.stdin", io.StringIO(SEED))
    status, out, _ = run(capsys, "draughts", "captures", "--seed-input", "-", "--json", "--tree")
    payload = json.loads(out)
    assert status == 0
    assert payload["variant"] == "seed" and payload["max_captures"] == 3 and payload["moves"] == 1
    assert payload["sequences"] == [{"squares": ["c3", "e5", "c7", "a5"], "captured": ["d4", "d6", "b6"]}]
    assert payload["tree"]["square"] == "c3" and payload["tree"]["num"] == 3


def test_captures_json_international_numbers(capsys):
    status, out, _ = run(capsys, "draughts", "captures", "W:W28:B23,14", "--variant", "international", "--json")
    payload = json.loads(out)
    assert status == 0 and payload["variant"] == "international"
    assert payload["max_captures"] == 2 and payload["moves"] == 1
    assert payload["sequences"] == [{"squares": ["28", "19", "10"], "captured": ["23", "14"]}]


def test_captures_of_one_piece_and_no_capture(capsys):
    status, out, _ = run(capsys, "draughts", "captures", "W:Wc3,e1:Bd4,f6,f2", "--piece", "e1", "--json")
    assert status == 0 and json.loads(out)["sequences"] == [{"squares": ["e1", "g3"], "captured": ["f2"]}]
    status, out, err = run(capsys, "draughts", "captures", "start", "--json")
    assert status == 1 and json.loads(out)["max_captures"] == 0 and "no capture" in err


def test_moves_notation(capsys):
    status, out, _ = run(capsys, "draughts", "moves", "start", "--variant", "international", "--json")
    payload = json.loads(out)
    assert status == 0 and payload["count"] == 9 and "32-28" in payload["moves"]
    status, out, _ = run(capsys, "draughts", "moves", "W:Wh6:Bg7,c5,c3", "--json")
    assert json.loads(out)["moves"] == ["h6:f8:b4:d2", "h6:f8:b4:e1"]


def test_moves_full_path_where_two_moves_share_their_ends(capsys):
    # the king on d8 reaches h8 two ways, taking different men
    status, out, _ = run(capsys, "draughts", "moves", "W:WKd8:Bc7,e7,g7,c5,b4,d2", "-v", "brazilian", "--json")
    assert status == 0
    assert sorted(json.loads(out)["moves"]) == ["d8xa5xc3xh8", "d8xb6xd4xh8", "d8xc1", "d8xe1"]


@pytest.mark.parametrize(
    ("variant", "depth", "nodes"), [("international", 4, 4265), ("english", 6, 36768), ("russian", 5, 7482)]
)
def test_perft_command(capsys, variant, depth, nodes):
    status, out, _ = run(capsys, "draughts", "perft", "--variant", variant, "--depth", str(depth), "--json")
    assert status == 0 and json.loads(out) == {"variant": variant, "depth": depth, "nodes": nodes}


def test_perft_paths_and_fen(capsys):
    status, out, _ = run(capsys, "draughts", "perft", "--fen", "W:Wc3:Bd4,d6,b6,b4", "--depth", "1", "--paths", "--json")
    assert status == 0 and json.loads(out)["nodes"] == 2


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["draughts", "captures", "W:W31:B31", "-v", "international"], "two pieces"),
        (["draughts", "captures", "W:W99:B1", "-v", "international"], "out of range"),
        (["draughts", "moves", "W:Wa2:Bc3"], "light square"),
        (["draughts", "moves", "W:Wb8:Bc3"], "promotion row"),
        (["draughts", "moves", "Wb8:Bc3"], "side to move"),
        (["draughts", "perft", "--variant", "klingon"], "unknown variant"),
        (["draughts", "captures", "--seed-input", "/no/such/file"], "cannot read"),
        (["draughts", "captures", "start", "--tree"], "--seed-input"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(capsys, argv, words):
    status, out, err = run(capsys, *argv)
    assert status == 2 and words in err and len(err.strip().splitlines()) == 1


def test_board_diagram_from_stdin(monkeypatch, capsys):
    diagram = "\n".join(["........"] * 4 + ["...b....", "..w.....", "........", "........"])
    monkeypatch.setattr("sys.stdin", io.StringIO(diagram))
    status, out, _ = run(capsys, "draughts", "captures", "--board", "-", "--json")
    assert status == 0 and json.loads(out)["sequences"] == [{"squares": ["c3", "e5"], "captured": ["d4"]}]


def test_moves_after_a_line_of_moves(capsys):
    status, out, _ = run(capsys, "draughts", "moves", "start", "-v", "international", "--after", "32-28 19-23 28x19")
    assert status == 0
    assert "after 32-28 19-23 28x19: B:W19,31," in out and "2 legal move(s): 13x24 14x23" in out
    status, out, _ = run(capsys, "draughts", "moves", "-v", "international", "--after", "1. 32-28 19-23 2. 28x19", "--json")
    payload = json.loads(out)
    assert payload["fen"].startswith("B:W19,31,") and payload["moves"] == ["13x24", "14x23"]


def test_moves_after_an_illegal_or_ambiguous_move_is_one_line(capsys):
    status, _, err = run(capsys, "draughts", "moves", "start", "-v", "international", "--after", "32-28 19-24 28x19")
    assert status == 2
    assert err == "boardpuzzles: move 3 '28x19' is not legal for white here: the legal moves are 28-22, 28-23, " \
        "31-26, 31-27, 33-29, 34-29, 34-30, 35-30, 37-32, 38-32\n"
    status, _, err = run(capsys, "draughts", "moves", "W:WKd8:Bc7,e7,g7,c5,b4,d2", "-v", "brazilian", "--after", "d8xh8")
    assert status == 2 and "ambiguous" in err and "d8xb6xd4xh8, d8xa5xc3xh8" in err and err.count("\n") == 1


def test_json_is_the_results_to_json():
    from boardpuzzles.draughts import get_variant, longest_captures, moves_of, parse_position

    position = parse_position("W:W28:B23,14", get_variant("international"))
    assert longest_captures(position).to_json() == {
        "variant": "international", "max_captures": 2, "moves": 1,
        "sequences": [{"squares": ["28", "19", "10"], "captured": ["23", "14"]}],
    }
    assert moves_of(position).to_json() == {"variant": "international", "fen": "W:W28:B14,23", "count": 1, "moves": ["28x10"]}


def test_pdn_lists_the_games_and_shows_one(capsys):
    status, out, _ = run(capsys, "draughts", "pdn", "tests/data/kurnik.pdn")
    lines = out.splitlines()
    assert status == 0 and len(lines) == 4
    assert lines[2] == "game 3 (ahmedyang - timohway), ?: international, 165 moves, result 1/2-1/2; " \
        "ended after 157 moves: the same position for the third time"
    status, out, _ = run(capsys, "draughts", "pdn", "tests/data/fmjd_problems.pdn", "--game", "2", "--ascii")
    assert status == 0 and "   1... 38x47  W:W29,30,33,34,40,49:B7,8,9,10,18,19,K47" in out
    assert out.rstrip().endswith("a b c d e f g h i j")
    status, out, _ = run(capsys, "draughts", "pdn", "tests/data/fmjd_problems.pdn", "--game", "2", "--json")
    payload = json.loads(out)
    assert payload["number"] == 2 and payload["tags"]["Round"] == "B11" and len(payload["positions"]) == 14
    assert payload["positions"][-1] == payload["fen"] == "B:WK1,34:BK45"
    status, out, _ = run(capsys, "draughts", "pdn", "tests/data/ussr1950_russian.pdn", "-v", "russian", "--json")
    assert status == 0 and [game["variant"] for game in json.loads(out)["games"]] == ["russian"] * 3


def test_pdn_game_svg_has_square_numbers(tmp_path, capsys):
    svg = tmp_path / "game.svg"
    status, _, _ = run(capsys, "draughts", "pdn", "tests/data/fmjd_problems.pdn", "--game", "1", "--svg", str(svg), "--json")
    assert status == 0 and svg.read_text().count('dominant-baseline="hanging"') == 50


@pytest.mark.parametrize(
    ("argv", "line"),
    [
        (["tests/data/ussr1950_russian.pdn"], "game 1 (Блиндер Б. - Миротин Б.), move 1. 'c3-d4' is not legal for white"),
        (["tests/data/kurnik.pdn", "--game", "5"], "--game 5: the file holds 4 game(s)"),
        (["tests/data/kurnik.pdn", "--svg", "x.svg"], "--svg draws one game's last position: give --game K too"),
        (["/no/such.pdn"], "cannot read /no/such.pdn"),
        (["tests/data/SOURCES.md"], "is not a move, a move number or a result"),
    ],
)
def test_pdn_bad_input_is_one_line(capsys, argv, line):
    status, _, err = run(capsys, "draughts", "pdn", *argv)
    assert status == 2 and line in err and err.count("\n") == 1


def test_pdn_empty_file(tmp_path, capsys):
    empty = tmp_path / "empty.pdn"
    empty.write_text("\n")
    status, _, err = run(capsys, "draughts", "pdn", str(empty))
    assert status == 2 and "holds no game" in err


def test_numbers_on_the_board_and_in_the_svg(tmp_path, capsys):
    svg = tmp_path / "start.svg"
    status, out, _ = run(capsys, "draughts", "moves", "start", "-v", "international", "--numbers", "--ascii", "--svg", str(svg))
    assert status == 0 and " 6  . 21  . 22  . 23  . 24  . 25" in out and " 5 26  . 27  . 28  . 29  . 30  ." in out
    text = svg.read_text()
    assert text.count('dominant-baseline="hanging"') == 50 and ">46</text>" in text
    status, out, _ = run(capsys, "draughts", "captures", "W:W28:B23,14", "-v", "international", "--numbers", "--ascii")
    assert status == 0 and " 9  6  .  7  .  8  .  9  .  *  ." in out  # the path square 10 keeps its mark


def test_position_is_the_positional_argument(capsys):
    for action in ("captures", "moves"):
        status, out, _ = run(capsys, "draughts", action, "--help")
        usage = next(line for line in out.splitlines() if "Usage:" in line)
        assert status == 0 and usage.rstrip().endswith("[POSITION]") and "--board" in out and "-v" in out
