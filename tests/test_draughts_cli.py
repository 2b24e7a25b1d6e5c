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
