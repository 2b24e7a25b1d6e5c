"""Draughts on the command line: the seed's task, captures, moves, perft, bad input."""

from __future__ import annotations

import io
import json

import pytest

from boardpuzzles.cli import main
from boardpuzzles.draughts import Position

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
    answer = json.loads(out)
    assert status == 0 and answer.pop("seconds") >= 0 and answer.pop("fen") == Position("start", variant).fen()
    # the bulk kernels play international and english; a tree this small runs as the plain reference while the
    # kernels are not compiled yet (which depends on the tests run before this one in its process)
    method = "bitboard" if variant == "russian" else "bulk"
    assert answer.pop("method") in (method, "reference")
    assert answer == {"variant": variant, "depth": depth, "paths": False, "nodes": nodes, "hash": None}


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
    assert lines[2] == "game 3 (ahmedyang - timohway), ?: international (GameType 20), 83 moves (165 plies), result " \
        "1/2-1/2; ended at ply 157: the same position for the third time"
    status, out, _ = run(capsys, "draughts", "pdn", "tests/data/fmjd_problems.pdn", "--game", "2", "--ascii")
    boards = out.count("   a b c d e f g h i j")
    assert status == 0 and boards == 14  # the start and each of the 13 plies
    assert "game 2 (? - ?): after 1... 38x47 (ply 2)" in out and "  W:W29,30,33,34,40,49:B7,8,9,10,18,19,K47" in out
    status, out, _ = run(capsys, "draughts", "pdn", "tests/data/fmjd_problems.pdn", "--game", "2", "--ply", "2", "--ascii")
    assert status == 0 and out.count("   a b c d e f g h i j") == 1 and "after 1... 38x47 (ply 2)" in out
    status, out, _ = run(capsys, "draughts", "pdn", "tests/data/fmjd_problems.pdn", "--game", "2", "--json")
    payload = json.loads(out)
    assert payload["number"] == 2 and payload["tags"]["Round"] == "B11" and len(payload["positions"]) == 14
    assert payload["positions"][-1] == payload["fen"] == "B:WK1,34:BK45" and payload["error"] is None
    status, out, _ = run(capsys, "draughts", "pdn", "tests/data/ussr1950_russian.pdn", "--json")
    games = json.loads(out)["games"]
    assert status == 0 and [(game["variant"], game["reason"]) for game in games] == [
        ("russian", "recognised: algebraic squares (8x8)")] * 3


def test_pdn_lists_every_game_and_says_which_failed(capsys, tmp_path):
    status, out, err = run(capsys, "draughts", "pdn", "tests/data/tinsley_english.pdn")
    lines = out.splitlines()
    assert status == 1 and len(lines) == 3 and "FAILED at move 16. (ply 31) '8-11Redoverstepped" in lines[2]
    assert err == "1 of 3 game(s) could not be read or replayed to their end; the rules of games without a GameType " \
        "tag were recognised from their squares: give --variant to choose them\n"
    status, out, err = run(capsys, "draughts", "pdn", "tests/data/tinsley_english.pdn", "--json")
    games = json.loads(out)["games"]
    assert status == 1 and [game["error"] is None for game in games] == [True, True, False]
    assert games[2]["error"] == {"ply": 31, "text": "8-11Redoversteppedthetimecontrolonthismove.",
                                 "problem": "is not a move, a move number or a result"}
    status, out, err = run(capsys, "draughts", "pdn", "tests/data/czech2007.pdn")
    assert status == 0 and out.count("czech (recognised: czech, which replays the game, where the russian rules "
                                     "fail at move") == 2
    status, out, err = run(capsys, "draughts", "pdn", "tests/data/czech2007.pdn", "-v", "czech", "--write",
                           str(tmp_path / "czech.pdn"))
    assert status == 0 and out.count("czech (the default given)") == 2 and err == ""
    status, out, err = run(capsys, "draughts", "pdn", str(tmp_path / "czech.pdn"))  # written with its GameType
    assert status == 0 and out.count("czech (GameType 29)") == 2
    status, out, err = run(capsys, "draughts", "pdn", "tests/data/tinsley_english.pdn", "--game", "3", "--ascii")
    assert status == 1 and out.count(" a b c d e f g h\n") == 31 and "fails at move 16. (ply 31)" in err


def test_pdn_write_normalises_and_reads_back(tmp_path, capsys):
    out_file = tmp_path / "out.pdn"
    status, listed, _ = run(capsys, "draughts", "pdn", "tests/data/dutch96_spaced.pdn", "--write", str(out_file))
    assert status == 0
    written = out_file.read_text()
    assert "1-6" in written and "1- 6" not in written and written.count("[Event") == 2
    status, again, _ = run(capsys, "draughts", "pdn", str(out_file))
    assert status == 0 and again == listed
    status, _, err = run(capsys, "draughts", "pdn", "tests/data/kurnik.pdn", "--write", str(tmp_path))
    assert status == 2 and "cannot write PDN file" in err


def test_pdn_help_states_the_real_default(capsys):
    status, out, _ = run(capsys, "draughts", "pdn", "--help")
    assert status == 0 and "recognised from each" in out and "default russian" not in out


@pytest.mark.parametrize(
    ("argv", "line"),
    [
        (["tests/data/kurnik.pdn", "--game", "5"], "--game 5: the file holds 4 game(s)"),
        (["tests/data/kurnik.pdn", "--svg", "x.svg"], "--svg draws one game's board: give --game K too"),
        (["tests/data/kurnik.pdn", "--ply", "3"], "--ply N draws a board of one game: give --game K too"),
        (["tests/data/kurnik.pdn", "--game", "1", "--ply", "500"], "--ply 500: game 1 has 126 plies"),
        (["/no/such.pdn"], "cannot read /no/such.pdn"),
        (["tests/data"], "cannot read tests/data"),
    ],
)
def test_pdn_bad_input_is_one_line(capsys, argv, line):
    status, _, err = run(capsys, "draughts", "pdn", *argv)
    assert status == 2 and line in err and err.count("\n") == 1


def test_pdn_a_file_that_is_not_pdn(tmp_path, capsys):
    status, out, err = run(capsys, "draughts", "pdn", "tests/data/SOURCES.md")
    assert status == 1 and "FAILED" in out  # text, but no game in it reads: each part is listed as failed
    binary = tmp_path / "binary.pdn"
    binary.write_bytes(b"\x00\x01\x02")
    status, _, err = run(capsys, "draughts", "pdn", str(binary))
    assert status == 2 and "it is not text" in err


def test_pdn_svg_has_square_numbers(tmp_path, capsys):
    svg = tmp_path / "game.svg"
    status, _, _ = run(capsys, "draughts", "pdn", "tests/data/fmjd_problems.pdn", "--game", "1", "--svg", str(svg), "--json")
    assert status == 0 and svg.read_text().count('dominant-baseline="hanging"') == 50


def test_pdn_empty_file(tmp_path, capsys):
    empty = tmp_path / "empty.pdn"
    empty.write_text("\n")
    status, _, err = run(capsys, "draughts", "pdn", str(empty))
    assert status == 2 and "holds no game" in err


def test_play_reads_lines_from_standard_input(monkeypatch, capsys, tmp_path):
    saved = tmp_path / "game.pdn"
    lines = f"32-28\nmoves\n19 - 23\nbogus\n28x19\nundo\nfen\nsave {saved}\nquit\n28x19\n"
    monkeypatch.setattr("sys.stdin", io.StringIO(lines))
    status, out, err = run(capsys, "draughts", "play", "-v", "international", "--ascii")
    assert status == 0 and out.count("   a b c d e f g h i j") == 5  # the start, three moves and the undo
    assert "international: after 1. 32-28, black to move" in out and "9 legal move(s): 16-21 17-21" in out
    assert "type a move (like 31-26: any notation a PDN file may use), or: moves, undo, fen" in out
    assert "international: after 1... 19-23, white to move" in out
    assert err == "move 'bogus' is not a move: write its squares joined by '-', 'x' or ':', like 32-28 or 28x19\n"
    assert "B:W28,31,33" not in out and "W:W28,31,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:B1," in out
    assert out.rstrip().endswith("the game: 1. 32-28 19-23")
    assert saved.read_text() == '[GameType "20"]\n[Result "*"]\n\n1. 32-28 19-23 *\n'


def test_play_announces_the_end_and_answers_in_json(monkeypatch, capsys):
    monkeypatch.setattr("sys.stdin", io.StringIO("31-27\n27-22\nmoves\n"))
    status, out, err = run(capsys, "draughts", "play", "W:W31:B", "-v", "international", "--json")
    events = [json.loads(line) for line in out.splitlines()]
    assert status == 0 and [event["event"] for event in events] == ["start", "move", "end", "error", "moves", "quit"]
    assert events[4] == {"event": "moves", "moves": []}
    assert events[1] == {"event": "move", "move": "31-27", "ply": 1, "fen": "B:W27:B", "turn": "B"}
    assert events[2] == {"event": "end", "winner": "white", "reason": "black cannot move", "result": "2-0"}
    assert events[3] == {"event": "error", "input": "27-22",
                         "error": "the game is over (black cannot move): undo, save FILE.pdn or quit"}
    assert events[5]["game"]["moves"] == ["31-27"] and events[5]["result"] == "2-0"


def test_play_with_numbers_and_moves_after_the_end(monkeypatch, capsys):
    monkeypatch.setattr("sys.stdin", io.StringIO("31-27\nmoves\n"))
    status, out, err = run(capsys, "draughts", "play", "W:W31:B", "-v", "international", "--ascii", "--numbers")
    assert status == 0 and " 5 26  . 27  . 28  . 29  . 30  ." in out  # the start: 31 stands on the row below
    assert "the game is over (black cannot move): no move to play" in out and "0 legal move(s)" not in out


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
