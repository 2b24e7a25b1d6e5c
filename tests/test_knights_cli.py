"""`boardpuzzles knight ...` on the command line: answers, JSON keys, drawings, bad input."""

import pytest

from boardpuzzles.geometry import parse_square
from boardpuzzles.knights.listed import LISTINGS

from knights_helpers import assert_tour


def squares(names, rows, cols):
    return [parse_square(name, rows, cols) for name in names]


def test_tour_json(cli):
    run = cli("knight", "tour", "8", "--start", "e4", "--json")
    assert run.status == 0
    payload = run.json()
    assert {"rows", "cols", "closed", "path"} <= set(payload)
    assert payload["rows"] == 8 and payload["cols"] == 8 and payload["closed"] is False
    assert payload["path"][0] == "e4"
    assert_tour(8, 8, squares(payload["path"], 8, 8), start=(3, 4))


@pytest.mark.parametrize("board,rows,cols", [("6x8", 6, 8), ("3x10", 3, 10), ("30x31", 30, 31)])
def test_closed_tour_json(cli, board, rows, cols):
    payload = cli("knight", "tour", board, "--closed", "--start", "b2", "--json").json()
    assert payload["closed"] is True and payload["path"][0] == "b2"
    assert_tour(rows, cols, squares(payload["path"], rows, cols), closed=True, start=(1, 1))


@pytest.mark.parametrize("method", ["warnsdorff", "lookahead", "roth", "backtrack", "divide"])
def test_every_method(cli, method):
    depth = ("--depth", "3") if method == "lookahead" else ()
    run = cli("knight", "tour", "8", "--method", method, *depth, "--json")
    assert run.status == 0
    assert_tour(8, 8, squares(run.json()["path"], 8, 8), start=(0, 0))


def test_numbered_grid_path_and_svg(cli, tmp_path):
    svg = tmp_path / "tour.svg"
    run = cli("knight", "tour", "5", "--ascii", "--svg", str(svg))
    assert run.status == 0
    lines = run.out.splitlines()
    assert lines[-1].startswith("a1 ")  # the path in algebraic notation
    assert any(line.split()[:2] == ["1", "1"] for line in lines)  # rank 1 starts with move 1
    text = svg.read_text()
    assert "<polyline" in text and ">25<" in text


def test_blocked(cli):
    payload = cli("knight", "tour", "6", "--blocked", "c3,c4", "--start", "a1", "--json").json()
    assert len(payload["path"]) == 34 and "c3" not in payload["path"]


def test_no_tour_exit_1_with_reason(cli):
    run = cli("knight", "tour", "4", "--json")
    assert run.status == 1
    assert run.json()["exists"] is False and run.json()["path"] is None
    assert "no knight's tour" in run.err
    run = cli("knight", "tour", "5", "--closed")
    assert run.status == 1 and "Schwenk" in run.err
    run = cli("knight", "tour", "5", "--start", "b1")
    assert run.status == 1 and "colour argument" in run.err
    run = cli("knight", "tour", "3x7", "--start", "d2")
    assert run.status == 1 and "exhaustive search" in run.err


def test_stuck_rule_exit_1_says_where(cli):
    run = cli("knight", "tour", "8", "--start", "c5", "--method", "warnsdorff", "--json")
    assert run.status == 1
    assert run.json()["exists"] is None and run.json()["visited"] == 60
    assert "got stuck on" in run.err


@pytest.mark.parametrize("args,words", [
    (("tour", "8x"), "not a size"),
    (("tour", "0"), "out of range"),
    (("tour", "8", "--start", "i1"), "off the"),
    (("tour", "8", "--start", "a1", "--blocked", "a1"), "blocked"),
    (("tour", "8", "--blocked", "b9"), "off the"),
    (("tour", "8", "--method", "guess"), "guess"),
    (("tour", "8", "--method", "lookahead", "--lookahead", "0"), "--lookahead must be 1..8 (got 0)"),
    (("tour", "8", "-m", "lookahead", "--depth", "9"), "--lookahead must be 1..8 (got 9)"),  # the old name
    (("tour", "8", "-m", "lookahead", "--depth", "2", "--lookahead", "2"), "give one of them"),
    (("tour", "8", "--method", "roth", "--lookahead", "3"), "roth does not look ahead"),
    (("tour", "8", "--lookahead", "3"), "the default method does not look ahead"),
    (("tour", "2000", "-m", "backtrack"), "choose --method divide or roth"),
    (("count", "9"), "estimated at about"),  # the refusal quotes the estimate
    (("starts", "200"), "starts answers"),
    (("starts", "50x4"), "pass --force to run it anyway"),
])
def test_bad_input_exit_2(cli, args, words):
    run = cli("knight", *args)
    assert run.status == 2
    assert words in run.err and "Traceback" not in run.err
    assert len(run.err.strip().splitlines()) == 1


def test_count_json(cli):
    answer = cli("knight", "count", "5", "--json").json()
    assert {key: answer[key] for key in ("rows", "cols", "closed", "start", "count", "method")} == {
        "rows": 5, "cols": 5, "closed": False, "start": None, "count": 1728, "method": "backtrack"}
    assert set(answer) == {"rows", "cols", "closed", "start", "blocked", "count", "method", "peak_states", "seconds",
                           "part"}
    assert cli("knight", "count", "5", "--start", "a1", "--json").json()["count"] == 304
    assert cli("knight", "count", "3x10", "--closed", "--json").json()["count"] == 16
    run = cli("knight", "count", "6", "--closed")
    assert run.status == 0 and "9862 undirected closed tours" in run.out


def test_starts(cli):
    payload = cli("knight", "starts", "3x4", "--json").json()
    assert payload["starts"] == ["a1", "a2", "a3", "d1", "d2", "d3"]
    run = cli("knight", "starts", "5", "--ascii")
    assert run.status == 0 and "13 of 25 squares" in run.out and "colour argument" in run.out


def test_large_board_summary(cli):
    run = cli("knight", "tour", "100", "--closed")
    assert run.status == 0
    assert "10000 squares" in run.out and len(run.out.splitlines()) == 1


def test_demo_section(capsys):
    from boardpuzzles.knights.cli import demo
    demo(ascii=True)
    out = capsys.readouterr().out
    assert "2 3 4 4 4 4 3 2" in out and "from e4" in out


def test_trace_prints_the_steps_the_page_and_the_animation_show(cli):
    text = cli("knight", "tour", "5", "--method", "warnsdorff", "--trace")
    assert text.status == 0
    lines = text.out.splitlines()
    code = LISTINGS["warnsdorff"].lines
    assert lines[0] == "the code of warnsdorff (each step below names its line):"
    assert lines[1:1 + len(code)] == str(LISTINGS["warnsdorff"]).splitlines()
    start, test, _, move = lines[1 + len(code):5 + len(code)]
    assert start == f"      1  line {code.index('    knight.begin()') + 1:>3}  walk      start on a1"
    assert test == f"      2  line {code.index('                knight.test(r, c, key)') + 1:>3}  walk      test c2: accessibility 5"
    assert move.endswith("  walk      move 1 to c2")
    run = cli("knight", "tour", "5", "--method", "warnsdorff", "--trace", "--json")
    *steps, result = run.json_lines()
    assert result == cli("knight", "tour", "5", "--method", "warnsdorff", "--json").json()
    assert [step["kind"] for step in steps if step["kind"] != "test"] == ["start", *["move"] * 24, "done"]
    assert [step["square"] for step in steps[:-1] if step["kind"] != "test"] == result["path"]
    assert [step["index"] for step in steps] == list(range(len(steps)))
    assert steps[1]["candidate"] == {"square": "c2", "accessibility": 5, "score": None, "ahead": None, "refused": None,
                                     "said": None}


def test_trace_where_the_rule_gets_stuck_and_where_it_cannot_step(cli):
    stuck = cli("knight", "tour", "7", "--start", "g7", "--method", "warnsdorff", "--trace", "--json")
    assert stuck.status == 1
    assert stuck.json_lines()[-2]["kind"] == "stuck"
    big = cli("knight", "tour", "30", "--trace")
    assert big.status == 2 and big.err.count("\n") == 1 and "too large to step through" in big.err
