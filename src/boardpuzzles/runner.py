"""Run many independent tasks and hand back each result as it comes: in this
process, in local worker processes, or on a dask.distributed cluster.

Any puzzle can use it: a task is a pair ``(id, payload)``, and ``work`` is a
function defined at module level that takes a list of payloads and returns the
list of their results (so a batch of small tasks costs one round trip).  The
caller sees ``on_result(id, result)`` for every task, in the order they finish,
and does its own reduction (a sum, a checkpoint, a progress bar).

Local processes are forked on Linux, where the workers inherit the numba
kernels the parent has already loaded (no numba thread pool is in use, so a
fork is safe); elsewhere they are spawned.  A worker ignores Ctrl-C; the parent
stops the pool and lets ``KeyboardInterrupt`` go on up, so the command line
prints one line and exits 130.

A cluster is a dask.distributed scheduler (``tcp://HOST:PORT``); its workers must
run in an environment where this package is installed.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import socket
import sys
import threading
from collections.abc import Callable, Sequence
from itertools import islice
from typing import Any, TypeVar

from .errors import InputError

P = TypeVar("P")
R = TypeVar("R")

Work = Callable[[list[P]], list[R]]
OnResult = Callable[[int, R], None]

#: Local worker processes allowed per core (each is a forked copy of this one).
MOST_WORKERS_PER_CORE = 8

#: Batches per local worker when ``batch`` does not ask for more: every round
#: trip costs about a millisecond once all cores are busy (measured), and a few
#: batches each, dealt like cards, keep the workers equally busy to the end.
BATCHES_PER_WORKER = 4

#: Seconds to wait for a dask scheduler before giving up.
CONNECT_TIMEOUT = 10.0


def cpu_count() -> int:
    """The number of cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def batches(tasks: Sequence[tuple[int, P]], parts: int, most: int | None = None) -> list[list[tuple[int, P]]]:
    """Deal ``tasks`` into ``parts`` batches like cards (task i goes to batch i mod
    parts), so that every batch gets a share of the heavy and of the light tasks
    and the last batches do not keep one worker busy alone; more batches if a
    batch would hold more than ``most`` tasks, never more batches than tasks."""
    if most:
        parts = max(parts, -(-len(tasks) // most))
    parts = max(1, min(parts, len(tasks)))
    return [list(tasks[i::parts]) for i in range(parts)] if tasks else []


def _run_batch(work: Work, batch: list[tuple[int, P]]) -> list[tuple[int, R]]:
    results = work([payload for _, payload in batch])
    return [(task_id, result) for (task_id, _), result in zip(batch, results)]


def _ignore_interrupt() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def check_options(workers: int | None, cluster: Any) -> None:
    """Refuse a bad choice of runner before any work starts."""
    if workers is not None and cluster is not None:
        raise InputError("choose --workers (local processes) or --cluster (a dask scheduler), not both")
    if workers is not None and workers < 1:
        raise InputError(f"--workers must be at least 1, not {workers}")
    if workers is not None and workers > MOST_WORKERS_PER_CORE * cpu_count():
        raise InputError(f"--workers {workers} is more processes than this machine's {cpu_count()} core(s) can use: "
                         f"give at most {MOST_WORKERS_PER_CORE * cpu_count()}, or leave --workers out for one per core")


def run_local(
    work: Work, tasks: Sequence[tuple[int, P]], on_result: OnResult, workers: int | None = None, batch: int | None = None
) -> None:
    """Run ``tasks`` with ``workers`` processes (default: every core; 1: in this process),
    at most ``batch`` tasks to a round trip."""
    check_options(workers, None)
    workers = cpu_count() if workers is None else workers
    if workers == 1 or len(tasks) <= 1:
        for task_id, payload in tasks:
            on_result(task_id, work([payload])[0])
        return
    method = "fork" if sys.platform == "linux" else "spawn"
    context = multiprocessing.get_context(method)
    pool = context.Pool(workers, initializer=_ignore_interrupt)
    try:
        jobs = batches(tasks, workers * BATCHES_PER_WORKER, batch)
        for done in pool.imap_unordered(_call, [(work, b) for b in jobs]):
            for task_id, result in done:
                on_result(task_id, result)
        pool.close()
    except BaseException:
        pool.terminate()
        raise
    finally:
        pool.join()


def _call(job: tuple[Work, list[tuple[int, Any]]]) -> list[tuple[int, Any]]:
    work, batch = job
    return _run_batch(work, batch)


def connect(address: str, timeout: float | None = None) -> Any:
    """A dask.distributed client for the scheduler at ``address``; one clear
    InputError when it cannot be reached within ``timeout`` seconds (default
    :data:`CONNECT_TIMEOUT`)."""
    try:
        from distributed import Client
        from distributed.comm.addressing import get_address_host_port, normalize_address
    except ImportError as exc:  # pragma: no cover - depends on the environment
        raise InputError("--cluster needs dask.distributed: pip install 'boardpuzzles[cluster]'") from exc
    timeout = timeout or CONNECT_TIMEOUT
    try:
        host, port = get_address_host_port(normalize_address(address))
    except ValueError as exc:
        raise InputError(f"{address!r} is not a dask scheduler address (write tcp://HOST:PORT): {exc}") from None
    # Probe with a plain socket first: a Client that fails to connect complains
    # again when it is garbage-collected.
    try:
        socket.create_connection((host, port), timeout=timeout).close()
    except (OSError, OverflowError) as exc:
        raise InputError(f"cannot reach the dask scheduler at {address}: {exc}") from None
    try:
        return Client(address, timeout=timeout, set_as_default=False)
    except (OSError, TimeoutError, ValueError) as exc:
        reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise InputError(f"cannot reach the dask scheduler at {address}: {reason}") from None


def run_cluster(
    work: Work, tasks: Sequence[tuple[int, P]], on_result: OnResult, cluster: Any, batch: int | None = None
) -> None:
    """Run ``tasks`` on a dask.distributed cluster: a scheduler address
    (``tcp://HOST:PORT``) or a ``distributed.Client`` already connected; at most
    ``batch`` tasks to a dask task.  A few batches per worker thread are in flight
    at a time, and the next goes out as one comes back, so that millions of
    tasks need no more memory or scheduler time than a few thousand."""
    from distributed import as_completed

    own = isinstance(cluster, str)
    client = connect(cluster) if own else cluster
    try:
        threads = max(1, sum(client.nthreads().values()))
        jobs = iter(batches(tasks, threads * 16, batch))
        in_flight = {client.submit(_run_batch, work, job, pure=False) for job in islice(jobs, threads * 4)}
        running = as_completed(in_flight, loop=client.loop)
        try:
            for future in running:
                in_flight.discard(future)
                for task_id, result in future.result():
                    on_result(task_id, result)
                for job in islice(jobs, 1):
                    follower = client.submit(_run_batch, work, job, pure=False)
                    in_flight.add(follower)
                    running.add(follower)
        except BaseException:
            client.cancel(list(in_flight))
            raise
    finally:
        if own:
            client.close()


def run(
    work: Work,
    tasks: Sequence[tuple[int, P]],
    on_result: OnResult,
    *,
    workers: int | None = None,
    cluster: Any = None,
    batch: int | None = None,
) -> None:
    """Run ``tasks`` locally (``workers`` processes) or on ``cluster`` if given.

    ``batch`` caps the tasks sent in one round trip: small tasks travel in
    batches, long ones one by one (results, and checkpoints, come back sooner).
    """
    check_options(workers, cluster)
    if cluster is not None:
        run_cluster(work, tasks, on_result, cluster, batch)
    else:
        run_local(work, tasks, on_result, workers, batch)


def interruptible(kernel: Callable[..., R], *args: Any) -> R:
    """Call a long numba kernel so that Ctrl-C is heard while it runs.

    A compiled kernel never returns to the interpreter, which only handles the
    signal between bytecodes. So the kernel (compiled with ``nogil=True``) runs in
    a daemon thread while this thread waits in short steps, free to raise
    ``KeyboardInterrupt``; the abandoned computation ends with the process.
    """
    outcome: list[Any] = []

    def call() -> None:
        try:
            outcome.append((True, kernel(*args)))
        except BaseException as error:  # handed to the caller's thread below
            outcome.append((False, error))

    thread = threading.Thread(target=call, daemon=True)
    thread.start()
    while thread.is_alive():
        thread.join(0.05)
    finished, value = outcome[0]
    if not finished:
        raise value
    return value
