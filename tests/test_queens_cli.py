import re
import subprocess
import sys
from pathlib import Path

import pytest
from signal_helpers import Terminal

from boardpuzzles.queens import bitboard


def test_solve_prints_the_seed_vector_as_json(cli):
    run = cli("queens", "solve", "8", "--method", "recursive", "--json")
    assert run.status == 0
    assert run.json() == {"n": 8, "columns": [1, 5, 8, 6, 3, 7, 2, 4]}


def test_solve_draws_a_board(cli):
    run = cli("queens", "solve", "8", "--ascii")
    assert run.status == 0 and run.out.count("Q") == 8 and "a b c d e f g h" in run.out


def test_solve_ten_million_prints_the_columns(cli):
    run = cli("queens", "solve", "100000", "--json")
    assert run.status == 0
    assert sorted(run.json()["columns"]) == list(range(1, 100001))


@pytest.mark.parametrize("n", ["2", "3"])
def test_no_solution_is_exit_1_with_json(cli, n):
    run = cli("queens", "solve", n, "--json")
    assert run.status == 1
    assert run.json() == {"n": int(n), "columns": None}
    assert "no solution exists" in run.err


def test_all_streams_json_lines(cli):
    run = cli("queens", "all", "6", "--json")
    assert run.status == 0
    assert run.json_lines() == [{"columns": [2, 4, 6, 1, 3, 5]}, {"columns": [3, 6, 2, 5, 1, 4]}, {"columns": [4, 1, 5, 2, 6, 3]}, {"columns": [5, 3, 1, 6, 4, 2]}]


def test_all_unique_and_limit(cli):
    assert len(cli("queens", "all", "8", "--unique", "--json").json_lines()) == 12
    assert len(cli("queens", "all", "8", "--limit", "5", "--json", "--method", "freelist").json_lines()) == 5
    run = cli("queens", "all", "8", "--limit", "3")
    assert "1 5 8 6 3 7 2 4" in run.out and "3 solutions" in run.out


def test_trace_prints_the_listing_then_every_step_in_words(cli):
    run = cli("queens", "solve", "8", "--method", "iterative", "--trace")
    lines = run.out.splitlines()
    assert run.status == 0 and lines[0].startswith("The iterative search; each step cites the line")
    assert " 1  def automaton(n, t, first=1):" in lines
    steps = [line for line in lines if re.match(r"^ +[0-9]+  line ", line)]
    assert len(steps) == 1094 and "И      test 2, 1: refused, cm[1] is taken by queen 1" in steps[2]
    assert "solution 1 after 876 tests, 112 placements, 105 backtracks, 114 nodes" in run.out


def test_trace_json_is_one_step_a_line_then_the_result(cli):
    lines = cli("queens", "all", "4", "--method", "freelist", "--trace", "--json").json_lines()
    steps = [line for line in lines if "action" in line]
    assert [line["columns"] for line in lines if "action" not in line] == [[2, 4, 1, 3], [3, 1, 4, 2]]
    assert {step["action"] for step in steps} == {"test", "occupy", "free", "solution"}
    assert steps[-1]["counts"] == {"tests": 32, "placements": 16, "backtracks": 16, "solutions": 2, "nodes": 17}


def test_complete(cli):
    run = cli("queens", "complete", "8", "--queens", "d5,b4", "--all", "--json")
    assert run.status == 0
    solutions = run.json()["solutions"]
    assert solutions and all(s["columns"][4] == 4 and s["columns"][3] == 2 for s in solutions)
    one = cli("queens", "complete", "8", "--queens", "d5,b4", "--json").json()
    assert len(one["solutions"]) == 1 and one["n"] == 8


def test_complete_without_completion_is_exit_1(cli):
    run = cli("queens", "complete", "4", "--queens", "a1", "--json")
    assert run.status == 1 and run.json() == {"n": 4, "solutions": []}


def test_svg_file(cli, tmp_path):
    target = tmp_path / "eight.svg"
    assert cli("queens", "solve", "8", "--svg", str(target)).status == 0
    assert target.read_text().startswith("<svg")


@pytest.mark.parametrize(
    "args, message",
    [
        (["queens", "solve", "-3"], "N = -3 is out of range"),
        (["queens", "solve", "abc"], "N must be a whole number"),
        (["queens", "solve", "20000000"], "out of range"),
        (["queens", "all", "0"], "out of range"),
        (["queens", "all", "99"], "out of range for a search"),
        (["queens", "solve", "8", "--method", "nope"], "'nope' is not one of"),
        (["queens", "all", "8", "--method", "construction"], "'construction' is not one of"),
        (["queens", "solve", "8", "--trace"], "a trace follows one of the seed methods: add --method recursive"),
        (["queens", "solve", "8", "--svg", "/no/such/dir/x.svg"], "cannot write SVG file /no/such/dir/x.svg"),
        (["queens", "flip"], "no such command 'flip'"),
        (["queens", "complete", "8", "--queens", "d5,d5"], "two queens on d5"),
        (["queens", "complete", "8", "--queens", "d5,f7"], "d5 and f7 attack each other"),
        (["queens", "complete", "8", "--queens", "d9"], "square d9 is off the 8x8 board"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(cli, args, message):
    run = cli(*args)
    assert run.status == 2
    assert message in run.err
    assert run.err.count("\n") == 1 and "Traceback" not in run.err


def test_the_installed_command_never_shows_a_traceback():
    result = subprocess.run([sys.executable, "-m", "boardpuzzles", "queens", "solve", "x"], capture_output=True, text=True)
    assert result.returncode == 2
    assert result.stderr.strip() == "boardpuzzles: N must be a whole number, like 8 (got 'x')"


@pytest.mark.slow
def test_a_search_that_would_take_hours_is_refused_in_one_line_and_runs_with_force(cli):
    run = cli("queens", "solve", "34", "--method", "freelist")
    assert run.status == 2 and run.out == ""
    assert re.fullmatch(
        r"boardpuzzles: searching the first solution of 34 queens by freelist: about 4,589,210,534 steps, "
        r"some [0-9]+ hours of work; pass --force to run it anyway\n", run.err
    )
    run = cli("queens", "solve", "20", "--method", "freelist", "--force", "--json")
    assert run.status == 0 and run.json()["n"] == 20


@pytest.mark.slow
def test_the_first_solution_of_36_queens_shows_its_steps_and_the_time_left():
    bar = r" ([1-9][0-9]*)/49063012652 steps [0-9:]+ ([0-9]+:[0-9]+:[0-9]+)$"
    terminal = Terminal(["queens", "solve", "36", "--method", "bitboard"])
    try:
        terminal.wait_for(bar)
        assert terminal.interrupt()[0] == 130
    finally:
        terminal.close()


def test_the_cli_reference_shows_the_refusal_as_printed_and_how_far_the_steps_are_known(cli):
    page = (Path(__file__).parents[1] / "docs" / "cli.md").read_text(encoding="utf-8")
    shown = re.search(r"\$ boardpuzzles queens solve 34 --method freelist\n(.*)\n", page)[1]
    assert cli("queens", "solve", "34", "--method", "freelist").err == shown + "\n"
    largest = max(bitboard.FIRST_SOLUTION_STEPS)
    assert f"known up to N = {largest}" in page and list(bitboard.FIRST_SOLUTION_STEPS) == list(range(1, largest + 1))
