"""`boardpuzzles queens count`: JSON, human output, bad input, Ctrl-C."""

from __future__ import annotations

import os
import signal
import socket
import sqlite3
import subprocess
import sys
import time

import pytest
from signal_helpers import sigint_as_at_a_terminal



def test_json_keys(cli):
    run = cli("queens", "count", "8", "--json")
    assert run.status == 0
    assert run.json() == {"n": 8, "total": 92, "fundamental": 12}


def test_human_output(cli):
    run = cli("queens", "count", "10", "--workers", "1")
    assert run.status == 0
    assert run.out == "10 queens: 724 solutions, 92 fundamental\n"
    assert cli("queens", "count", "12").out == "12 queens: 14,200 solutions, 1,787 fundamental\n"
    assert cli("queens", "count", "1").out == "1 queen: 1 solution, 1 fundamental\n"


def test_two_workers_and_a_checkpoint(cli, tmp_path):
    path = str(tmp_path / "q.sqlite")
    for _ in range(2):
        run = cli("queens", "count", "12", "--workers", "2", "--checkpoint", path, "--json")
        assert run.status == 0
        assert run.json() == {"n": 12, "total": 14200, "fundamental": 1787}
    with sqlite3.connect(path) as db:
        assert dict(db.execute("SELECT key, value FROM meta"))["n"] == "12"


@pytest.mark.parametrize(
    "args, message",
    [
        (["0"], "out of range"),
        (["99"], "out of range"),
        (["8", "--workers", "0"], "workers"),
        (["8", "--workers", "2", "--cluster", "tcp://127.0.0.1:8786"], "not both"),
        (["eight"], "eight"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(cli, args, message):
    run = cli("queens", "count", *args)
    assert run.status == 2
    assert run.out == ""
    assert message in run.err
    assert len(run.err.strip().splitlines()) == 1


def test_unreachable_cluster_is_one_line_and_exit_2(cli):
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    run = cli("queens", "count", "8", "--cluster", f"tcp://127.0.0.1:{port}")
    assert run.status == 2
    assert "cannot reach the dask scheduler" in run.err
    assert len(run.err.strip().splitlines()) == 1


def test_a_checkpoint_for_another_n_is_refused(cli, tmp_path):
    path = str(tmp_path / "q.sqlite")
    assert cli("queens", "count", "8", "--checkpoint", path, "--json").status == 0
    run = cli("queens", "count", "9", "--checkpoint", path, "--json")
    assert run.status == 2
    assert "n = 8, not 9" in run.err


def test_ctrl_c_stops_the_workers_cleanly(tmp_path):
    path = tmp_path / "q17.sqlite"
    child = subprocess.Popen(
        [sys.executable, "-m", "boardpuzzles", "queens", "count", "17", "--workers", "2", "--checkpoint", str(path)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=sigint_as_at_a_terminal,
    )
    deadline = time.monotonic() + 120
    finished = 0
    while not finished and time.monotonic() < deadline and child.poll() is None:
        time.sleep(0.05)
        if not path.exists():
            continue
        try:
            with sqlite3.connect(path) as db:
                finished = db.execute("SELECT count(*) FROM results").fetchone()[0]
        except sqlite3.OperationalError:  # not created yet
            pass
    assert finished and child.poll() is None, "the count did not start, or ended too soon"
    start = time.monotonic()
    # Ctrl-C at a terminal reaches the whole process group; the workers ignore it.
    os.kill(child.pid, signal.SIGINT)
    out, err = child.communicate(timeout=60)
    assert child.returncode == 130
    assert time.monotonic() - start < 20
    assert out == ""
    assert "Traceback" not in err
    assert err.strip().splitlines() == ["boardpuzzles: interrupted"]
    with sqlite3.connect(path) as db:
        assert db.execute("SELECT count(*) FROM results").fetchone()[0] >= finished
