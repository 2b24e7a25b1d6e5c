"""Counting N queens on a real dask.distributed cluster on 127.0.0.1: a LocalCluster,
and a scheduler and workers started with the ``dask scheduler`` / ``dask worker``
commands."""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import urlsplit

import distributed
import pytest
from bounds import GIVES_UP_WITHIN
from boardpuzzles import runner
from boardpuzzles.errors import ClusterError, InputError
from boardpuzzles.queens.counting import count
from boardpuzzles.queens.published import FUNDAMENTAL, TOTAL

pytestmark = pytest.mark.slow  # the tests start dask clusters


@pytest.fixture(scope="module")
def local_cluster():
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1", dashboard_address=":0"
    ) as cluster:
        yield cluster


def test_local_cluster_counts_1_to_16(local_cluster):
    for n in range(1, 17):
        result = count(n, cluster=local_cluster.scheduler_address)
        assert (result.count, result.fundamental) == (TOTAL[n], FUNDAMENTAL[n]), n


def test_a_connected_client_can_be_passed(local_cluster):
    with distributed.Client(local_cluster) as client:
        result = count(12, cluster=client)
    assert (result.count, result.fundamental) == (TOTAL[12], FUNDAMENTAL[12])


def test_cluster_run_fills_a_checkpoint_that_resumes_locally(local_cluster, tmp_path):
    path = str(tmp_path / "c.sqlite")
    assert count(11, cluster=local_cluster.scheduler_address, checkpoint=path).count == TOTAL[11]
    seen = []
    again = count(11, workers=1, checkpoint=path, progress=seen.append)
    assert (again.count, again.fundamental) == (TOTAL[11], FUNDAMENTAL[11])
    assert {(report.done, report.total) for report in seen} == {(seen[0].total, seen[0].total)}


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _dask_command() -> str:
    here = Path(sys.executable).parent / "dask"
    found = str(here) if here.exists() else shutil.which("dask")
    assert found, "the dask command comes with distributed, a test dependency: pip install -e '.[test]'"
    return found


def _signal_group(process: subprocess.Popen, signum: int) -> None:
    try:
        os.killpg(process.pid, signum)
    except ProcessLookupError:  # already gone
        pass


def test_scheduler_and_workers_started_by_command(tmp_path, cli):
    dask = _dask_command()
    port = str(_free_port())
    address = f"tcp://127.0.0.1:{port}"
    commands = [
        [dask, "scheduler", "--host", "127.0.0.1", "--port", port, "--no-dashboard"],
        [dask, "worker", address, "--nworkers", "2", "--nthreads", "1", "--no-dashboard"],
    ]
    started = []
    with open(tmp_path / "dask.log", "w") as log:
        try:
            for command in commands:
                # Each in its own process group, so that stopping it stops its worker processes too.
                started.append(
                    subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, cwd=tmp_path, start_new_session=True)
                )
            with distributed.Client(address, timeout=60) as client:
                client.wait_for_workers(2, timeout=60)
            for n in range(1, 17):
                result = count(n, cluster=address)
                assert (result.count, result.fundamental) == (TOTAL[n], FUNDAMENTAL[n]), n
            run = cli("queens", "count", "12", "--cluster", address, "--json")
            assert run.status == 0
            assert (run.json()["total"], run.json()["fundamental"]) == (TOTAL[12], FUNDAMENTAL[12])
        finally:
            for process in reversed(started):
                _signal_group(process, signal.SIGTERM)
            for process in reversed(started):
                try:
                    process.wait(timeout=30)
                except subprocess.TimeoutExpired:
                    _signal_group(process, signal.SIGKILL)
                    process.wait()


def test_an_unreachable_scheduler_is_one_cluster_error():
    port = _free_port()
    with pytest.raises(ClusterError, match="cannot reach the dask scheduler"):
        count(8, cluster=f"tcp://127.0.0.1:{port}")
    with pytest.raises(InputError, match="not a dask scheduler address") as caught:
        runner.connect("no:such:address")
    assert caught.value.parameter == "cluster"


def test_the_dashboards_port_is_one_line_and_exit_2_once_the_handshake_time_is_up(local_cluster, cli, monkeypatch):
    monkeypatch.setattr(runner, "HANDSHAKE_TIMEOUT", 1.0)
    port = urlsplit(local_cluster.dashboard_link).port
    started = time.monotonic()
    run = cli("queens", "count", "12", "--cluster", f"tcp://127.0.0.1:{port}")
    assert time.monotonic() - started < GIVES_UP_WITHIN
    assert run.status == 2 and run.out == ""
    assert run.err.strip().splitlines() == [
        f"boardpuzzles: tcp://127.0.0.1:{port} does not answer as a dask scheduler: it sent nothing within "
        f"{runner.HANDSHAKE_TIMEOUT:g} s (a web server, such as the dashboard's port?)"
    ]
