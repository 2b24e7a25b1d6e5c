"""knight count on the command line: output, JSON, checkpoints that survive kill -9, a cluster."""

import json
import os
import re
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from boardpuzzles.cli import main
from boardpuzzles.knights import count_tours
from boardpuzzles.knights import cli as knights_cli

COMMAND = [sys.executable, "-m", "boardpuzzles", "knight", "count"]


def test_human_output_says_closed_tours_are_undirected_and_open_ones_directed(capsys):
    assert main(["knight", "count", "6", "--closed"]) == 0
    assert "9862 undirected closed tours" in capsys.readouterr().out
    assert main(["knight", "count", "5x5"]) == 0
    assert "1728 directed open tours" in capsys.readouterr().out
    assert main(["knight", "count", "5x5", "-s", "a1", "-m", "backtrack"]) == 0
    assert "304 directed open tours starting on a1" in capsys.readouterr().out


def test_json_keeps_the_keys_and_adds_peak_states_and_seconds(capsys):
    assert main(["knight", "count", "3x10", "--closed", "--json"]) == 0
    payload = json.loads(capsys.readouterr().out)
    assert {k: payload[k] for k in ("rows", "cols", "closed", "start", "count")} == \
        {"rows": 3, "cols": 10, "closed": True, "start": None, "count": 16}
    assert payload["peak_states"] > 0 and payload["seconds"] >= 0


@pytest.mark.parametrize("args,words", [
    (["8"], "--force"),
    (["11x11", "-m", "frontier", "--force"], "--method"),
    (["5x5", "--blocked", "a1,z9"], "z9 is off the 5x5 board"),
    (["5x5", "--cluster-workers", "3"], "--cluster-workers"),
    (["5x5", "--memory", "lots"], "--memory"),
    (["5x5", "-m", "backtrack", "--checkpoint", "x"], "--checkpoint"),
    (["5x5", "--part", "2"], "--part"), (["5x5", "--parts", "3"], "--parts"),
    (["5x5", "--parts", "3", "--part", "4"], "--part"), (["5x5", "--parts", "3", "-s", "a1", "--part", "1"], "--parts"),
])
def test_refusals_are_one_line_with_the_flag(capsys, args, words):
    assert main(["knight", "count", *args]) == 2
    err = capsys.readouterr().err
    assert words in err and len(err.strip().splitlines()) == 1


def test_a_tiny_memory_cuts_the_steps_into_partitions_and_keeps_the_count(capsys):
    assert main(["knight", "count", "5x5", "--memory", "256K", "--json"]) == 0
    payload = json.loads(capsys.readouterr().out)
    assert (payload["count"], payload["method"]) == (1728, "frontier")


def _step(path):
    """The last square a checkpoint recorded (0 before the first, and while the file is still being made: it
    exists a moment before its tables do)."""
    if not path.exists():
        return 0
    try:
        with sqlite3.connect(path) as db:
            return db.execute("SELECT max(id) FROM results").fetchone()[0] or 0
    except sqlite3.OperationalError:  # no such table yet
        return 0


@pytest.mark.slow
def test_a_count_killed_with_sigkill_resumes_from_its_checkpoint(tmp_path):
    count_tours(5, 5)  # the kernels compiled (or loaded) before the child starts
    path = tmp_path / "tours.ckpt"
    child = subprocess.Popen([*COMMAND, "6x7", "--closed", "--checkpoint", str(path)],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and not (path.exists() and _step(path) >= 28):
            time.sleep(0.05)
        os.kill(child.pid, signal.SIGKILL)
        child.wait()
    finally:
        child.kill()
    swept = _step(path)
    assert 28 <= swept < 42
    seen = []
    result = count_tours(6, 7, closed=True, checkpoint=path, progress=seen.append)
    assert result.count == 1067638
    assert seen[0].done >= swept  # it went on from the saved square


def test_a_checkpoint_of_another_board_is_refused(tmp_path, capsys):
    path = str(tmp_path / "c.ckpt")
    assert main(["knight", "count", "5x6", "--closed", "--checkpoint", path]) == 0
    capsys.readouterr()
    assert main(["knight", "count", "6x6", "--closed", "--checkpoint", path]) == 2
    assert "was made for rows = 5, not 6" in capsys.readouterr().err
    assert main(["knight", "count", "5x6", "--checkpoint", path]) == 2
    assert "closed = True, not False" in capsys.readouterr().err
    (tmp_path / "junk").write_text("not a checkpoint")
    assert main(["knight", "count", "5x6", "--checkpoint", str(tmp_path / "junk")]) == 2
    assert "not a checkpoint file" in capsys.readouterr().err
    for not_a_file in (str(tmp_path), os.devnull):
        assert main(["knight", "count", "5x6", "--closed", "--checkpoint", not_a_file]) == 2
        assert "not a file" in capsys.readouterr().err


def test_a_checkpoint_whose_frontier_file_was_changed_is_refused(tmp_path, capsys):
    path = tmp_path / "c.ckpt"
    assert count_tours(5, 8, closed=True, checkpoint=path).count == 44202
    (step,) = (tmp_path / "c.ckpt.parts").iterdir()  # the last square's frontier
    damaged = bytearray(step.read_bytes())
    damaged[-3] ^= 0x10  # one bit of its count
    step.write_bytes(damaged)
    assert main(["knight", "count", "5x8", "--closed", "--checkpoint", str(path)]) == 2
    err = capsys.readouterr().err
    assert "was changed or damaged" in err and len(err.strip().splitlines()) == 1


def test_blocked_squares_and_the_estimate(capsys):
    assert main(["knight", "count", "5x4", "--closed", "--blocked", "d4,d5"]) == 0
    assert capsys.readouterr().out.startswith("1 undirected closed tours (a tour and its reverse are one) on the "
                                              "5x4 board without d4, d5;")
    assert main(["knight", "count", "5x4", "--closed", "--blocked", "d4,d5", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["blocked"] == ["d4", "d5"]
    assert main(["knight", "count", "8", "--estimate"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("open tours of the 8x8 board by the frontier method, estimated") and "widest step" in out
    assert main(["knight", "count", "10", "--closed", "--estimate", "--cluster-workers", "64", "--json"]) == 0
    guess = json.loads(capsys.readouterr().out)
    assert guess["cluster_workers"] == 64 and guess["peak_states"] > 10**10 and guess["factor"] > 2
    assert main(["knight", "count", "8"]) == 2  # refused, quoting the estimate
    assert "estimated at about" in capsys.readouterr().err


def test_a_count_in_parts_keeps_them_in_its_results_file(capsys, tmp_path):
    results = tmp_path / "5x5.json"
    assert main(["knight", "count", "5x5", "--parts", "3", "--part", "2", "--json"]) == 0
    second = json.loads(capsys.readouterr().out)
    assert second["part"] == {"part": 1, "parts": 3, "after": 10} and 0 < second["count"] < 1728
    assert main(["knight", "count", "5x5", "--parts", "3", "--results", str(results)]) == 0
    assert capsys.readouterr().out.startswith("1728 directed open tours (a tour and its reverse are two) on the 5x5 ")
    kept = json.loads(results.read_text())
    assert kept["parts"]["1"]["count"] == second["count"]
    assert kept["parts"]["1"]["command"].endswith("knight count 5x5 --parts 3 --results " + str(results))
    assert main(["knight", "count", "8", "--estimate", "--parts", "64", "--json"]) == 0
    guess = json.loads(capsys.readouterr().out)
    assert guess["parts"] == 64 and guess["parts_cpu_seconds"] > guess["cpu_seconds"]


def test_threads_count_the_partitions():
    assert count_tours(5, 5, workers=2).count == 1728


def test_the_cli_reference_example_is_what_the_command_prints(capsys):
    page = (Path(__file__).parents[1] / "docs" / "cli.md").read_text(encoding="utf-8")
    command, shown = re.search(r"\$ boardpuzzles (knight count .*?)\n(\{.*?\})\n", page).groups()
    assert main(command.split()) == 0
    printed = json.loads(capsys.readouterr().out)
    shown = json.loads(shown)
    assert list(printed) == list(shown)
    assert {**printed, "seconds": None} == {**shown, "seconds": None}
    command, shown = re.search(r"\$ boardpuzzles (knight count [^\n]*)\n([^{][^\n]*), [0-9.]+ s\n", page).groups()
    assert main(command.split()) == 0
    assert capsys.readouterr().out.startswith(shown + ", ")


@pytest.mark.slow
def test_counts_of_more_than_4300_digits_are_printed_whole(capsys, monkeypatch):
    """Both outputs of one count (counted once: the second command is given the first one's result)."""
    counted = []

    def count_once(*args, **kwargs):
        if not counted:
            counted.append(real_count(*args, **kwargs))
        return counted[0]

    real_count = knights_cli.count_tours
    monkeypatch.setattr(knights_cli, "count_tours", count_once)
    assert main(["knight", "count", "3x10000", "--closed", "--json"]) == 0
    digits = re.search(r'"count": ([0-9]+),', capsys.readouterr().out)[1]
    assert len(digits) == 4938
    assert main(["knight", "count", "3x10000", "--closed"]) == 0
    assert capsys.readouterr().out.split()[0] == digits
    with pytest.raises(ValueError):
        int(digits)  # Python's own limit is back once the command is done
