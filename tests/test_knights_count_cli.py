"""knight count on the command line: output, JSON, checkpoints that survive kill -9, a cluster."""

import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import distributed
import numpy as np
import pytest

from boardpuzzles.cli import main
from boardpuzzles.knights import count_tours

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
    (["8", "--closed"], "--force"),
    (["9x9", "-m", "frontier", "--force"], "--method"),
    (["5x5", "--memory", "lots"], "--memory"),
    (["5x5", "-m", "backtrack", "--checkpoint", "x"], "--checkpoint"),
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
    with np.load(path) as data:
        return int(data["step"])


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
    assert "another count" in capsys.readouterr().err
    assert main(["knight", "count", "5x6", "--checkpoint", path]) == 2
    (tmp_path / "junk").write_text("not a checkpoint")
    assert main(["knight", "count", "5x6", "--checkpoint", str(tmp_path / "junk")]) == 2
    damaged = bytearray((tmp_path / "c.ckpt").read_bytes())
    damaged[len(damaged) // 2] ^= 0xFF  # every member of the archive carries a CRC-32
    (tmp_path / "damaged").write_bytes(damaged)
    assert main(["knight", "count", "5x6", "--closed", "--checkpoint", str(tmp_path / "damaged")]) == 2
    for not_a_file in (str(tmp_path), os.devnull):
        assert main(["knight", "count", "5x6", "--closed", "--checkpoint", not_a_file]) == 2
    errors = capsys.readouterr().err.splitlines()
    assert len(errors) == 5 and all(line.startswith("boardpuzzles: the checkpoint") for line in errors)
    assert "not a numpy archive" in errors[1] and "damaged" in errors[2] and "not a file" in errors[4]


def test_local_processes_and_a_local_cluster_count_the_partitions():
    assert count_tours(5, 5, workers=2).count == 1728
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                                  dashboard_address=":0") as cluster:
        assert count_tours(5, 5, cluster=cluster.scheduler_address).count == 1728
        assert count_tours(3, 12, closed=True, cluster=cluster.scheduler_address).count == 176


def test_the_readme_example_is_what_the_command_prints(capsys):
    readme = (Path(__file__).parents[1] / "README.md").read_text(encoding="utf-8")
    command, shown = re.search(r"\$ boardpuzzles (knight count .*?)\n(\{.*?\})\n", readme).groups()
    assert main(command.split()) == 0
    printed = json.loads(capsys.readouterr().out)
    shown = json.loads(shown)
    assert list(printed) == list(shown)
    assert {**printed, "seconds": None} == {**shown, "seconds": None}
    command, shown = re.search(r"\$ boardpuzzles (knight count [^\n]*)\n([^{][^\n]*), [0-9.]+ s\n", readme).groups()
    assert main(command.split()) == 0
    assert capsys.readouterr().out.startswith(shown + ", ")


def test_counts_of_more_than_4300_digits_are_printed_whole(capsys):
    assert main(["knight", "count", "3x10000", "--closed", "--json"]) == 0
    digits = re.search(r'"count": ([0-9]+),', capsys.readouterr().out)[1]
    assert len(digits) == 4938
    assert main(["knight", "count", "3x10000", "--closed"]) == 0
    assert capsys.readouterr().out.split()[0] == digits
    with pytest.raises(ValueError):
        int(digits)  # Python's own limit is back once the command is done
