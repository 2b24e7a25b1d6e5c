"""Bad input on every command: one line naming what is wrong, exit 2; "none exists" is exit 1;
never a traceback. (Cases already pinned in test_queens_cli, test_knights_cli, test_draughts_cli
and test_queens_count_cli are not repeated here.)"""

from __future__ import annotations

import subprocess
import sys

import pytest

HUGE = "9" * 5000  # more digits than Python's int() reads (4300)
SEED = "5\n4 4\n4 6\n2 6\n2 4\n6 4\n3 3\n"


@pytest.fixture
def files(tmp_path):
    """Placeholders used in the cases below, each a path under tmp_path."""
    (tmp_path / "binary.txt").write_bytes(b"\xff\xfe\x00")
    (tmp_path / "empty.txt").write_text("")
    (tmp_path / "seed.txt").write_text(SEED)
    (tmp_path / "lone.txt").write_text("0\n3 3\n")
    return {name: str(tmp_path / f"{name}.txt") for name in ("binary", "empty", "seed", "lone")} | {
        "dir": str(tmp_path),
        "svg": str(tmp_path / "out.svg"),
    }


def fill(args, files):
    return [arg.format(**files) if "{" in arg else arg for arg in args]


BAD = [
    # the shared layer: usage errors, negative numbers taken for options, file names
    ("version extra", "unexpected extra argument"),
    ("knight tour -3", "-3 is a negative number"),
    ("draughts captures -3", "-3 is a negative number"),
    ("queens solve 8 --svg=", "the file name is empty"),
    ("queens solve 8 --svg {dir}", "Is a directory"),
    # queens
    ("queens solve=", "N must be a whole number"),
    (f"queens solve {HUGE}", "N has 5000 digits"),
    ("queens all 8 --limit -1", "invalid value for --limit"),
    ("queens all 8 --limit x", "invalid value for --limit"),
    ("queens all 8 --trace", "add --method recursive"),
    ("queens complete 0 --queens a1", "N must be at least 1"),
    ("queens complete 1001 --queens a1", "out of range"),
    ("queens complete 8 --queens 1a", "'1a' is not a square"),
    (f"queens complete 8 --queens a{HUGE}", "is off the 8x8 board"),
    ("queens complete 8 --queens a1 --json --svg {dir}", "Is a directory"),
    ("queens count 8 --workers 100000", "--workers 100000 is more processes"),
    ("queens count 8 --checkpoint=", "the file name is empty"),
    # knight
    ("knight tour 3x3x3", "is not a size"),
    ("knight tour 5x0", "out of range"),
    (f"knight tour {HUGE}", "out of range"),
    (f"knight tour 8x{HUGE}", "out of range"),
    ("knight tour 8 --start=", "'' is not a square"),
    (f"knight tour 8 --start a{HUGE}", "is off the 8x8 board"),
    ("knight tour 8 --blocked a1;b2", "'a1;b2' is not a square"),
    ("knight tour 8 --blocked=", "--blocked is empty"),
    ("knight tour 8 --blocked a1,,b2", "--blocked has an empty square between commas"),
    ("knight tour 5 --start a1 --start b1", "--start was given 2 times"),
    ("knight tour 5 -s a1 --start=b1", "--start was given 2 times"),
    ("draughts perft -d 2 --depth 3", "--depth was given 2 times"),
    ("knight tour 8 --method lookahead --depth 9", "--lookahead must be 1..8 (got 9)"),
    ("knight tour 8 --closed --method divide --blocked c3", "takes no --blocked"),
    ("knight tour 600 --json --svg {svg}", "--svg: the 600x600 board is too large to draw"),
    ("knight tour 5 --json --svg {dir}", "Is a directory"),
    ("knight count 4 --start=", "'' is not a square"),
    ("knight count 4 --start e5", "off the 4x4 board"),
    ("knight starts 5 --svg=", "the file name is empty"),
    # draughts: positions
    ("draughts moves=", "the position is empty"),
    ("draughts perft --fen=", "the position is empty"),
    ("draughts moves --variant=", "unknown variant ''"),
    ("draughts moves W:W²:B1", "'²' is not one of the digits 0-9"),
    ("draughts moves W:W1-²:B1", "must be two square numbers"),
    (f"draughts moves W:W{HUGE}:B1 -v international", "out of range"),
    (f"draughts moves W:Wc{HUGE}:Bd4", "is off the 8x8 board"),
    ("draughts perft --depth 65", "--depth must be 0..64 plies (got 65)"),
    ("draughts perft --depth 31", "pass --force to run it anyway"),
    ("draughts perft --depth x", "invalid value for --depth"),
    # draughts: --piece, --board, --seed-input, and what does not combine
    ("draughts captures W:Wc3:Bd4 --piece=", "'' is not a square"),
    ("draughts captures W:Wc3:Bd4 --piece ²", "'²' is not one of the digits 0-9"),
    ("draughts captures --board=", "the file name is empty"),
    ("draughts captures --board {dir}", "Is a directory"),
    ("draughts moves --board {binary}", "not UTF-8 text"),
    ("draughts moves --board {empty}", "the diagram is empty"),
    ("draughts moves start --board {seed}", "not both"),
    ("draughts captures --seed-input {binary}", "not UTF-8 text"),
    ("draughts captures --seed-input {seed} --piece c3", "leave out --piece"),
    ("draughts captures --seed-input {seed} --variant russian", "--variant seed"),
    ("draughts captures --seed-input {seed} --json --svg {dir}", "Is a directory"),
]


@pytest.mark.parametrize("command, words", BAD, ids=[command[:50] for command, _ in BAD])
@pytest.mark.slow
def test_bad_input_is_one_line_and_exit_2(cli, files, command, words):
    # a command ending in "=" passes an empty string as its last argument
    args = command.rstrip("=").split() + ([""] if command.endswith("=") else [])
    run = cli(*fill(args, files))
    assert run.status == 2, run.err
    assert words in run.err
    assert run.err.startswith("boardpuzzles: ") and run.err.count("\n") == 1 and "Traceback" not in run.err


# the command-line framework's own messages, in the project's words: lowercase, no final full stop, the help named
FRAMEWORK = [
    ("knights tour 8", "no such command 'knights' (did you mean knight?) (see 'boardpuzzles --help')"),
    ("queen solve 8", "no such command 'queen' (did you mean queens?) (see 'boardpuzzles --help')"),
    ("qeens solve 8", "no such command 'qeens' (did you mean queens?) (see 'boardpuzzles --help')"),
    ("sevre", "no such command 'sevre' (did you mean serve?) (see 'boardpuzzles --help')"),
    ("chess", "no such command 'chess' (see 'boardpuzzles --help')"),
    ("queens sovle 8", "no such command 'sovle' (did you mean solve?) (see 'boardpuzzles queens --help')"),
    ("queens solve", "missing argument N (see 'boardpuzzles queens solve --help')"),
    ("queens solve 8 9", "unexpected extra argument: 9 (see 'boardpuzzles queens solve --help')"),
    ("queens solve 8 9 10", "unexpected extra arguments: 9 10 (see 'boardpuzzles queens solve --help')"),
    ("queens complete 8 --queens", "--queens needs a value (see 'boardpuzzles queens complete --help')"),
    ("version --json=yes", "--json takes no value (see 'boardpuzzles version --help')"),
    ("queens solve 8 --method nope", "invalid value for --method: 'nope' is not one of 'construction', 'bitboard', "
                                     "'recursive', 'iterative', 'freelist' (see 'boardpuzzles queens solve --help')"),
    ("draughts perft --depth x", "invalid value for --depth: input should be a valid integer, unable to parse string "
                                 "as an integer (see 'boardpuzzles draughts perft --help')"),
]


@pytest.mark.parametrize("command, line", FRAMEWORK, ids=[command for command, _ in FRAMEWORK])
def test_the_frameworks_messages_read_as_the_projects_own(cli, command, line):
    run = cli(*command.split())
    assert run.status == 2
    assert run.err == f"boardpuzzles: {line}\n"


def test_every_alias_of_a_puzzle_is_answered_with_its_name(cli):
    from boardpuzzles.registry import PUZZLES

    for puzzle in PUZZLES:
        for alias in puzzle.aliases:
            run = cli(alias)
            assert run.status == 2
            assert f"(did you mean {puzzle.name}?)" in run.err, run.err


@pytest.mark.parametrize("command, words", [
    ("queens all 3 --json", "no solution exists"),
    ("knight tour 3x4 --start b2 --json", "no tour"),
    ("draughts moves W:B12 --json", "no legal move"),
    ("draughts captures --seed-input {lone} --json", "cannot capture"),
])
def test_none_exists_is_exit_1(cli, files, command, words):
    run = cli(*fill(command.split(), files))
    assert run.status == 1 and words in run.err
    assert "boardpuzzles:" not in run.err and "Traceback" not in run.err


@pytest.mark.parametrize("command", [
    "knight tour 5 --json --svg {svg}",
    "knight starts 5 --json --svg {svg}",
    "draughts moves --json --svg {svg}",
    "draughts captures W:Wc3:Bd4 --json --svg {svg}",
    "draughts captures --seed-input {seed} --json --svg {svg}",
])
def test_svg_is_written_with_json_too(cli, files, command):
    run = cli(*fill(command.split(), files))
    assert run.status == 0
    assert open(files["svg"]).read().startswith("<svg")


@pytest.mark.slow
def test_a_closed_pipe_is_not_an_error():
    """`boardpuzzles ... | head -1`: the reader goes away; exit 0 (1 would mean "no solution"), nothing on stderr."""
    child = subprocess.Popen([sys.executable, "-m", "boardpuzzles", "draughts", "variants"],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    child.stdout.close()
    err = child.stderr.read()
    assert child.wait(timeout=60) == 0 and err == ""


@pytest.mark.slow
def test_the_installed_command_flushes_everything_before_it_leaves():
    """The program ends with os._exit (no slow interpreter shutdown): all its output
    must be out by then, and the status must be the command's."""
    command = [sys.executable, "-m", "boardpuzzles", "queens"]
    listed = subprocess.run([*command, "all", "10", "--json"], capture_output=True, text=True)
    assert listed.returncode == 0 and listed.stdout.count("\n") == 724
    assert listed.stdout.endswith('{"columns": [10, 8, 5, 3, 1, 6, 2, 9, 7, 4]}\n')  # the last in order
    none = subprocess.run([*command, "solve", "3", "--json"], capture_output=True, text=True)
    assert none.returncode == 1 and none.stdout == '{"n": 3, "columns": null}\n'
