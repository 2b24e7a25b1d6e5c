"""`boardpuzzles queens count`: JSON, human output, bad input, Ctrl-C."""

from __future__ import annotations

import os
import signal
import socket
import sqlite3
import subprocess
import sys
import threading
import time

import pytest
from bounds import GIVES_UP_WITHIN
from signal_helpers import sigint_as_at_a_terminal


def test_json_keys(cli):
    run = cli("queens", "count", "8", "--json")
    assert run.status == 0
    answer = run.json()
    assert answer.pop("seconds") >= 0 and answer == {"n": 8, "total": 92, "fundamental": 12, "method": "symmetry"}


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
        assert (run.json()["total"], run.json()["fundamental"]) == (14200, 1787)
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


@pytest.mark.slow
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


class _Server:
    """A tiny TCP server on 127.0.0.1 that is not a dask scheduler: on each
    connection it runs ``answer(connection)`` in a thread."""

    def __init__(self, answer):
        self.socket = socket.create_server(("127.0.0.1", 0))
        self.port = self.socket.getsockname()[1]
        self.answer = answer
        self.thread = threading.Thread(target=self._serve, daemon=True)
        self.thread.start()

    def _serve(self):
        while True:
            try:
                connection, _ = self.socket.accept()
            except OSError:  # closed
                return
            with connection:
                try:
                    self.answer(connection)
                except ConnectionError:  # the client gave up on us first: what the test wants
                    pass

    def close(self):
        self.socket.close()
        self.thread.join(5)


def _garbage(connection):
    connection.sendall(b"\xff" * 64)  # read by dask as a frame of 3 EiB
    connection.recv(1024)


def _http(connection):
    data = b""
    while b"\r\n\r\n" not in data:  # a web server waits for its request's headers
        chunk = connection.recv(4096)
        if not chunk:
            return
        data += chunk
    connection.sendall(b"HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n")


@pytest.mark.parametrize(
    "answer, message",
    [
        (_garbage, "its first message claims 18,446,744,073,709,551,615 bytes (is it a dask scheduler's port?)"),
        (_http, "it sent nothing within 1 s (a web server, such as the dashboard's port?)"),
    ],
)
def test_a_server_that_is_not_a_dask_scheduler_is_one_line_and_exit_2(cli, monkeypatch, answer, message):
    from boardpuzzles import runner

    monkeypatch.setattr(runner, "HANDSHAKE_TIMEOUT", 1.0)
    server = _Server(answer)
    try:
        started = time.monotonic()
        run = cli("queens", "count", "12", "--cluster", f"tcp://127.0.0.1:{server.port}")
        assert time.monotonic() - started < GIVES_UP_WITHIN
    finally:
        server.close()
    assert run.status == 2 and run.out == ""
    assert run.err.strip().splitlines() == [
        f"boardpuzzles: tcp://127.0.0.1:{server.port} does not answer as a dask scheduler: {message}"
    ]


@pytest.mark.parametrize("target", ["/dev/full", "{tmp}", "{tmp}/garbage.sqlite", "{tmp}/no/dir/c.sqlite"])
def test_a_checkpoint_that_cannot_be_used_is_one_line_and_exit_2(cli, tmp_path, target):
    (tmp_path / "garbage.sqlite").write_bytes(b"\x00\x01garbage" * 500)
    run = cli("queens", "count", "10", "--checkpoint", target.format(tmp=tmp_path))
    assert run.status == 2 and run.out == ""
    assert len(run.err.strip().splitlines()) == 1 and "Traceback" not in run.err
    assert "checkpoint" in run.err


def test_a_changed_digit_in_a_checkpoint_is_refused_in_one_line(cli, tmp_path):
    path = tmp_path / "q.sqlite"
    assert cli("queens", "count", "12", "--checkpoint", str(path), "--json").status == 0
    with sqlite3.connect(path) as db:
        (stored,) = db.execute("SELECT result FROM results WHERE id = 0").fetchone()
        digit = stored[1]  # the first digit of the total: "[272, 34]" -> "[372, 34]"
        changed = stored.replace(digit, str((int(digit) + 1) % 10), 1)
        db.execute("UPDATE results SET result = ? WHERE id = 0", (changed,))
    assert changed != stored
    run = cli("queens", "count", "12", "--checkpoint", str(path), "--json")
    assert run.status == 2 and run.out == ""
    assert "fails its checksum" in run.err and len(run.err.strip().splitlines()) == 1
