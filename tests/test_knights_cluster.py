"""The frontier count on a dask cluster: every worker owns a partition of each step, and a worker killed
during a step is replaced and the step run again from the states before it, never counted twice."""

import json
import os
import signal
import time

import distributed
import pytest
from bounds import DEADLINE

from boardpuzzles.cli import main
from boardpuzzles.errors import ClusterError
from boardpuzzles.knights import cluster as cluster_module
from boardpuzzles.knights import count_tours, published

pytestmark = pytest.mark.slow  # the tests start dask clusters


@pytest.fixture(scope="module")
def cluster():
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                                  dashboard_address=":0") as local:
        yield local


def test_the_workers_own_the_partitions_and_count_exactly(cluster):
    result = count_tours(6, 6, closed=True, cluster=cluster.scheduler_address)
    assert result.count == published.CLOSED[6, 6]
    assert result.sent_bytes > 0 and result.redone == 0
    # counts outgrowing 62 bits: a step run again with one more limb, on the cluster too
    assert count_tours(3, 48, closed=True, cluster=cluster.scheduler_address).count == \
        count_tours(3, 48, closed=True).count  # 67 bits
    assert count_tours(5, 5, start=(0, 0), blocked=[(4, 4)], cluster=cluster.scheduler_address).count == \
        count_tours(5, 5, start=(0, 0), blocked=[(4, 4)], method="backtrack").count


def test_a_worker_killed_during_a_step_is_replaced_and_the_step_run_again(cluster, tmp_path):
    with distributed.Client(cluster.scheduler_address) as client:
        victim = sorted(client.run(os.getpid).values())[0]
    killed = []

    def progress(report):
        # half a step: every share expanded, the successors not yet summed by their owners
        if not killed and report.done == 14.5:
            os.kill(victim, signal.SIGKILL)
            killed.append(report.done)

    result = count_tours(5, 6, checkpoint=tmp_path / "tours.ckpt", cluster=cluster.scheduler_address,
                         progress=progress)
    assert killed == [14.5]
    assert result.redone >= 1
    assert result.count == 2 * published.OPEN_UNDIRECTED[5, 6]
    left = os.listdir(tmp_path / "tours.ckpt.parts")
    assert all(name.startswith("step30-") for name in left)  # the tries that were not kept are gone


def test_a_worker_killed_after_writing_its_share_is_replaced_too(cluster, tmp_path):
    # its result is finished but lost with it, and its task (bound to it) never runs again: the count must not
    # wait for that result, but run the step again on the replacement
    with distributed.Client(cluster.scheduler_address) as client:
        victim = sorted(client.run(os.getpid).values())[0]
    killed = []

    def shares_written():
        tasks = list(cluster.scheduler.tasks.values())
        return sum(str(task.key).startswith("absorb_share-") and task.state == "memory" for task in tasks) == 2

    def progress(report):
        if not killed and report.done == 14.5:
            deadline = time.monotonic() + DEADLINE
            while not shares_written() and time.monotonic() < deadline:
                time.sleep(0.01)
            killed.append(shares_written())
            os.kill(victim, signal.SIGKILL)

    result = count_tours(5, 6, cluster=cluster.scheduler_address, progress=progress)
    assert killed == [True]
    assert result.redone >= 1
    assert result.count == 2 * published.OPEN_UNDIRECTED[5, 6]


def test_a_square_that_keeps_failing_ends_the_count_with_its_reason(cluster, monkeypatch, caplog):
    def always_lost(self, frontier, owners, columns, completable_file):
        raise cluster_module.WorkerLost("the disk is full")

    monkeypatch.setattr(cluster_module.ClusterSteps, "_step", always_lost)
    with pytest.raises(ClusterError, match=r"square 1 failed 6 times on the cluster; the last time: the disk is full"):
        count_tours(5, 5, cluster=cluster.scheduler_address)
    said = [r.getMessage() for r in caplog.records if r.name == "boardpuzzles.knights"]
    assert said == ["square 1 is counted again on the cluster: the disk is full"] * cluster_module.MOST_REDOS


def test_the_command_line_counts_on_a_cluster(cluster, capsys):
    assert main(["knight", "count", "3x12", "--closed", "--cluster", cluster.scheduler_address, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["count"] == 176


def test_a_cluster_that_cannot_be_reached_is_one_error():
    with pytest.raises(ClusterError):
        count_tours(5, 5, cluster="tcp://127.0.0.1:9")
