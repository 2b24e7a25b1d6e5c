"""Run many independent tasks and hand back each result as it comes: in this
process, in local worker processes, or on a dask.distributed cluster.

Any puzzle can use it: a task is a pair ``(id, payload)``, and ``work`` is a
function defined at module level that takes a list of payloads and returns the
list of their results (so a batch of small tasks costs one round trip).  The
caller sees ``on_result(id, result)`` for every task, in the order they finish,
and does its own reduction (a sum, a checkpoint, a progress bar).  While it
waits, the runner calls ``poll()`` at least every :data:`POLL_SECONDS`; when
``poll`` raises (``Cancelled``, once the caller's ``cancel`` is set), or
``on_result`` does, the runner stops everything it started before the error
goes on up: the local pool is terminated, the dask futures are cancelled.

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
import struct
import sys
import time
from collections.abc import Callable, Sequence
from itertools import islice
from typing import Any, TypeVar

from .errors import ClusterError, InputError

P = TypeVar("P")
R = TypeVar("R")

Work = Callable[[list[P]], list[R]]
OnResult = Callable[[int, R], None]
Poll = Callable[[], None]

#: Local worker processes allowed per core (each is a forked copy of this one).
MOST_WORKERS_PER_CORE = 8

#: Batches per local worker when ``batch`` does not ask for more: every round
#: trip costs about a millisecond once all cores are busy (measured), and a few
#: batches each, dealt like cards, keep the workers equally busy to the end.
BATCHES_PER_WORKER = 4

#: Seconds to wait for a dask scheduler before giving up.
CONNECT_TIMEOUT = 10.0

#: Seconds a dask scheduler has to send its first message (its handshake) once
#: connected; a server that says nothing (a web server, the dask dashboard) is
#: refused after this long.
HANDSHAKE_TIMEOUT = 5.0

#: Largest first message accepted from a scheduler: a handshake is a few hundred bytes.
MOST_HANDSHAKE_BYTES = 1 << 20

#: Seconds between two calls of ``poll`` while the runner waits for results.
POLL_SECONDS = 0.1


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
        raise InputError(
            "choose {parameter} (local processes) or cluster (a dask scheduler), not both",
            parameter="workers", value=workers, show_value=False,
        )
    if workers is not None and (isinstance(workers, bool) or not isinstance(workers, int) or workers < 1):
        raise InputError("{parameter} must be at least 1", parameter="workers", value=workers)
    most = MOST_WORKERS_PER_CORE * cpu_count()
    if workers is not None and workers > most:
        raise InputError(
            f"{{parameter}} {workers} is more processes than this machine's {cpu_count()} core(s) can use: "
            f"give at most {most}, or leave {{parameter}} out for one per core",
            parameter="workers", value=workers, allowed=f"1..{most}", show_value=False,
        )


def _no_poll() -> None:
    pass


def run_local(
    work: Work,
    tasks: Sequence[tuple[int, P]],
    on_result: OnResult,
    workers: int | None = None,
    batch: int | None = None,
    poll: Poll = _no_poll,
) -> None:
    """Run ``tasks`` with ``workers`` processes (default: every core; 1: in this process,
    one task at a time), at most ``batch`` tasks to a round trip."""
    check_options(workers, None)
    workers = cpu_count() if workers is None else workers
    if workers == 1 or len(tasks) <= 1:
        for task_id, payload in tasks:
            on_result(task_id, work([payload])[0])
            poll()
        return
    method = "fork" if sys.platform == "linux" else "spawn"
    context = multiprocessing.get_context(method)
    pool = context.Pool(workers, initializer=_ignore_interrupt)
    try:
        jobs = batches(tasks, workers * BATCHES_PER_WORKER, batch)
        results = pool.imap_unordered(_call, [(work, b) for b in jobs])
        for _ in jobs:
            while True:
                try:
                    done = results.next(timeout=POLL_SECONDS)
                    break
                except multiprocessing.TimeoutError:
                    poll()
            for task_id, result in done:
                on_result(task_id, result)
            poll()
        pool.close()
    except BaseException:
        pool.terminate()
        raise
    finally:
        pool.join()


def _call(job: tuple[Work, list[tuple[int, Any]]]) -> list[tuple[int, Any]]:
    work, batch = job
    return _run_batch(work, batch)


def _receive(sock: socket.socket, size: int, deadline: float) -> bytes:
    data = b""
    while len(data) < size:
        sock.settimeout(max(0.01, deadline - time.monotonic()))
        chunk = sock.recv(size - len(data))
        if not chunk:
            raise ConnectionError("it closed the connection")
        data += chunk
    return data


def _probe(address: str, host: str, port: int, timeout: float) -> None:
    """Check that a dask scheduler answers at (host, port): one connects, and the
    scheduler sends its handshake at once, a length-prefixed message of a few
    hundred bytes.  Anything else (nothing at all, a web server waiting for its
    request, garbage) is one :class:`ClusterError`, within ``timeout`` seconds
    plus :data:`HANDSHAKE_TIMEOUT`.  A plain socket, because a ``distributed.Client``
    that meets such a server can hang, or read garbage as a length of exabytes."""
    try:
        sock = socket.create_connection((host, port), timeout=timeout)
    except (OSError, OverflowError) as exc:
        raise ClusterError(f"cannot reach the dask scheduler at {address}: {exc}") from None
    not_dask = f"{address} does not answer as a dask scheduler"
    try:
        deadline = time.monotonic() + HANDSHAKE_TIMEOUT
        (size,) = struct.unpack("<Q", _receive(sock, 8, deadline))
        if not 0 < size <= MOST_HANDSHAKE_BYTES:
            raise ClusterError(f"{not_dask}: its first message claims {size:,} bytes (is it a dask scheduler's port?)")
        _receive(sock, size, deadline)
    except TimeoutError:
        raise ClusterError(
            f"{not_dask}: it sent nothing within {HANDSHAKE_TIMEOUT:g} s (a web server, such as the dashboard's port?)"
        ) from None
    except OSError as exc:
        raise ClusterError(f"{not_dask}: {exc}") from None
    finally:
        sock.close()


def connect(address: str, timeout: float | None = None) -> Any:
    """A dask.distributed client for the scheduler at ``address``; one clear
    :class:`ClusterError` when it cannot be reached, or does not answer as a
    scheduler, within ``timeout`` seconds (default :data:`CONNECT_TIMEOUT`)."""
    try:
        from distributed import Client
        from distributed.comm.addressing import get_address_host_port, normalize_address
    except ImportError as exc:  # pragma: no cover - depends on the environment
        raise ClusterError("a cluster needs dask.distributed: pip install 'boardpuzzles[cluster]'") from exc
    timeout = timeout or CONNECT_TIMEOUT
    try:
        host, port = get_address_host_port(normalize_address(address))
    except ValueError as exc:
        raise InputError(
            f"{{parameter}} {address!r} is not a dask scheduler address (write tcp://HOST:PORT): {exc}",
            parameter="cluster", value=address, show_value=False,
        ) from None
    _probe(address, host, port, timeout)
    try:
        return Client(address, timeout=timeout, set_as_default=False)
    except Exception as exc:  # the scheduler went away, or answered with something else after all
        reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise ClusterError(f"cannot connect to the dask scheduler at {address}: {reason}") from None


def run_cluster(
    work: Work,
    tasks: Sequence[tuple[int, P]],
    on_result: OnResult,
    cluster: Any,
    batch: int | None = None,
    poll: Poll = _no_poll,
) -> None:
    """Run ``tasks`` on a dask.distributed cluster: a scheduler address
    (``tcp://HOST:PORT``) or a ``distributed.Client`` already connected; at most
    ``batch`` tasks to a dask task.  A few batches per worker thread are in flight
    at a time, and the next goes out as one comes back, so that millions of
    tasks need no more memory or scheduler time than a few thousand."""
    from distributed import wait

    own = isinstance(cluster, str)
    client = connect(cluster) if own else cluster
    in_flight: set[Any] = set()
    try:
        threads = max(1, sum(client.nthreads().values()))
        jobs = iter(batches(tasks, threads * 16, batch))
        in_flight.update(client.submit(_run_batch, work, job, pure=False) for job in islice(jobs, threads * 4))
        while in_flight:
            try:
                with client.as_current():  # wait() asks for the default client; ours is not one
                    finished = wait(list(in_flight), timeout=POLL_SECONDS, return_when="FIRST_COMPLETED").done
            except TimeoutError:
                poll()
                continue
            for future in finished:
                in_flight.discard(future)
                for task_id, result in future.result():
                    on_result(task_id, result)
                in_flight.update(client.submit(_run_batch, work, job, pure=False) for job in islice(jobs, 1))
            poll()
    except BaseException:
        if in_flight:
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
    poll: Poll = _no_poll,
) -> None:
    """Run ``tasks`` locally (``workers`` processes) or on ``cluster`` if given.

    ``batch`` caps the tasks sent in one round trip: small tasks travel in
    batches, long ones one by one (results, and checkpoints, come back sooner).
    ``poll`` is called at least every :data:`POLL_SECONDS` while the runner waits.
    """
    check_options(workers, cluster)
    if cluster is not None:
        run_cluster(work, tasks, on_result, cluster, batch, poll)
    else:
        run_local(work, tasks, on_result, workers, batch, poll)
