"""Counting N queens on a real dask.distributed cluster on 127.0.0.1: a LocalCluster,
and a scheduler and workers started with the ``dask scheduler`` / ``dask worker``
commands."""

from __future__ import annotations

import json
import shutil
import socket
import subprocess
import sys
from pathlib import Path

import pytest

distributed = pytest.importorskip("distributed")

from boardpuzzles import runner  # noqa: E402
from boardpuzzles.cli import main  # noqa: E402
from boardpuzzles.errors import InputError  # noqa: E402
from boardpuzzles.queens.counting import count  # noqa: E402

TOTAL = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712, 365596, 2279184, 14772512]
FUNDAMENTAL = [1, 0, 0, 1, 2, 1, 6, 12, 46, 92, 341, 1787, 9233, 45752, 285053, 1846955]


@pytest.fixture(scope="module")
def local_cluster():
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1", dashboard_address=None
    ) as cluster:
        yield cluster


def test_local_cluster_counts_1_to_16(local_cluster):
    for n in range(1, 17):
        result = count(n, cluster=local_cluster.scheduler_address)
        assert (result.total, result.fundamental) == (TOTAL[n - 1], FUNDAMENTAL[n - 1]), n


def test_a_connected_client_can_be_passed(local_cluster):
    with distributed.Client(local_cluster) as client:
        result = count(12, cluster=client)
    assert (result.total, result.fundamental) == (TOTAL[11], FUNDAMENTAL[11])


def test_cluster_run_fills_a_checkpoint_that_resumes_locally(local_cluster, tmp_path):
    path = str(tmp_path / "c.sqlite")
    assert count(11, cluster=local_cluster.scheduler_address, checkpoint=path).total == TOTAL[10]
    seen = []
    again = count(11, workers=1, checkpoint=path, progress=lambda done, of: seen.append((done, of)))
    assert (again.total, again.fundamental) == (TOTAL[10], FUNDAMENTAL[10])
    assert seen == [(seen[0][1], seen[0][1])]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _dask_command() -> str:
    here = Path(sys.executable).parent / "dask"
    found = str(here) if here.exists() else shutil.which("dask")
    if not found:
        pytest.skip("the dask command is not installed")
    return found


def test_scheduler_and_workers_started_by_command(tmp_path, capsys):
    dask = _dask_command()
    address = f"tcp://127.0.0.1:{_free_port()}"
    port = address.rsplit(":", 1)[1]
    logs = open(tmp_path / "dask.log", "w")
    started = [
        subprocess.Popen(
            [dask, "scheduler", "--host", "127.0.0.1", "--port", port, "--no-dashboard"],
            stdout=logs, stderr=subprocess.STDOUT, cwd=tmp_path,
        )
    ]
    try:
        started.append(
            subprocess.Popen(
                [dask, "worker", address, "--nworkers", "2", "--nthreads", "1", "--no-dashboard"],
                stdout=logs, stderr=subprocess.STDOUT, cwd=tmp_path,
            )
        )
        with distributed.Client(address, timeout=60) as client:
            client.wait_for_workers(2, timeout=60)
        for n in range(1, 17):
            result = count(n, cluster=address)
            assert (result.total, result.fundamental) == (TOTAL[n - 1], FUNDAMENTAL[n - 1]), n
        capsys.readouterr()
        assert main(["queens", "count", "12", "--cluster", address, "--json"]) == 0
        assert json.loads(capsys.readouterr().out) == {"n": 12, "total": TOTAL[11], "fundamental": FUNDAMENTAL[11]}
    finally:
        for process in reversed(started):
            process.terminate()
        for process in reversed(started):
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        logs.close()


def test_an_unreachable_scheduler_is_one_input_error():
    port = _free_port()
    with pytest.raises(InputError, match="cannot reach the dask scheduler"):
        count(8, cluster=f"tcp://127.0.0.1:{port}")
    with pytest.raises(InputError, match="not a dask scheduler address"):
        runner.connect("no:such:address")
