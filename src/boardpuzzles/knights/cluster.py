"""The frontier count's steps shared among the workers of a dask.distributed cluster.

Each step's successors are split by a hash of their codes among the ``W``
workers: worker ``w`` *owns* partition ``w``.  A step is two rounds of tasks,
each pinned to its worker:

1. **expand** (one a worker): the worker reads its share of the states (the
   partition files it wrote at the step before: each worker keeps its share),
   adds the successors of its own partition to its table, and sums the others
   by partition (a table each, so that a successor made twice is sent once);
   only the successors that can still be completed are kept (the client finds
   the count's completable states once, :mod:`.completable`, in files of the
   run's folder: a task reads its step's set);
2. **absorb** (one a worker): the worker takes its table from (1) and what
   every other worker summed for it (dask moves those arrays between the
   workers: the only bytes sent), adds them, and writes its partition of the
   next step as a numpy file in the run's folder.

Nothing is read twice, and a worker's memory and disk are the step's divided by
``W``.  The run's folder (the checkpoint's ``FILE.parts``, else a temporary
directory) must be one that every worker reaches at the same path: one machine,
or a shared filesystem.

A worker lost during a step (its process killed, its machine gone) is noticed
between two polls (the scheduler no longer lists it, or a task of the step
failed with it): the step's tasks are cancelled, the files of that try are
removed, and the step runs again from the states of the step before (they are
files, and the checkpoint records them) on the workers there are once the lost
one is replaced (the nanny restarts a killed process) or :data:`REPLACE_SECONDS`
have passed.  A step is counted from one whole try only, never twice.
"""

from __future__ import annotations

import functools
import logging
import os
import time
from typing import Any

import numpy as np

from .. import runner
from ..checkpoint import FINGERPRINT_SEED, fingerprint
from ..errors import ClusterError
from .asked import default_memory
from .completable import bitmap
from .frontier import Plan, plan
from .packed import Packed, dense, pieces, rows_of
from .table import LOAD, CountOverflow, Outbox, Table
from .sweep import OUTBOX_ROWS, Frontier, Part, Sweep, places_for, write_partition

#: seconds the count waits for a lost worker to be replaced before it goes on with the workers there are
REPLACE_SECONDS = 60.0
#: seconds the count waits for a cluster with no worker at all
NO_WORKER_SECONDS = 30.0
#: the most times one square is run again before the count gives up with the reason of the last try
MOST_REDOS = 5
#: seconds the count waits for the (small) results of a step's finished tasks before it looks at the owners again
RESULT_SECONDS = 5.0

log = logging.getLogger("boardpuzzles.knights")


class WorkerLost(Exception):
    """A worker of the step was lost, or a task met an error of the connection or the disk: the step runs
    again.  Its text is the reason."""


def distributed_errors() -> tuple[type[BaseException], ...]:
    """The errors dask gives a task whose worker was lost."""
    from distributed.scheduler import KilledWorker
    return (KilledWorker,)


@functools.lru_cache(maxsize=4)
def _plan(height: int, width: int, closed: bool, start: int, blocked: tuple[int, ...], symmetric: bool) -> Plan:
    return plan(height, width, closed, start, blocked, symmetric)


def _most_places(memory: int, columns: int) -> int:
    """The most places a worker's table of ``columns`` int64 columns may have in ``memory`` bytes."""
    return places_for(memory / (8 * columns) - 1023)


def _table(states: float, columns: int, words: int, memory: int) -> Table:
    most = _most_places(memory, columns)
    return Table(np.zeros((min(most, places_for(2.5 * states / LOAD)), columns), dtype=np.int64), words)


def _grown(table: Table, memory: int) -> Table:
    most = _most_places(memory, table.rows.shape[1])
    if table.places >= most:
        raise ClusterError(f"a worker's table would outgrow its memory ({memory:,} bytes): give the count more "
                           "workers, or more memory a worker (memory)")
    return table.grown(np.zeros((min(most, 2 * table.places), table.rows.shape[1]), dtype=np.int64))


def _expand_all(the_plan: Plan, step: int, bits: np.ndarray, shares: list[np.ndarray | Packed], own: Table,
                others: list[Table | None], box: Outbox, owner: int, memory: int) -> Table:
    """Expand every share into the owner's table, and the others' successors into their tables (those that
    ``bits``, the step's completable states, keep)."""
    for rows in (piece for share in shares for piece in pieces(share)):
        lo = 0
        while lo < len(rows):
            lo = own.expand(the_plan, step, rows, lo, len(rows), box, owner, bits)
            if own.room < 256:
                own = _grown(own, memory)
            for part in np.flatnonzero(box.filled):
                handed = box.take(int(part))
                at = 0
                while at < len(handed):
                    target = others[int(part)]
                    assert target is not None
                    at = target.absorb(handed, at, len(handed))
                    if at < len(handed):
                        others[int(part)] = _grown(target, memory)
    return own


def expand_share(key: tuple, step: int, files: list[str], owners: int, owner: int, columns: int,
                 memory: int, completable_file: str | None) -> tuple[np.ndarray, list[np.ndarray | None], int] | None:
    """Task (1) of a step on worker ``owner``: its share's successors that can still be completed (the states
    of the file ``completable_file``, or all when None), those of its own partition summed in a table
    (returned as rows, empty places included), the others summed by partition (dense rows; None for its
    own).  Returns (table rows, rows for each owner, codes in the table), or None when a count outgrew its
    limbs.  ``memory``: bytes a table may take (0: half of this machine's)."""
    memory = memory or default_memory()  # the worker machine's
    the_plan = _plan(*key)
    bits = bitmap(None if completable_file is None else np.load(completable_file, mmap_mode="c"), the_plan)
    shares = [rows_of(np.load(path, mmap_mode="c")) for path in files]
    states = sum(len(rows) for rows in shares)
    own = _table(states / owners, columns, the_plan.words, memory)
    others = [_table(1 + states / owners, columns, the_plan.words, memory) if k != owner else None
              for k in range(owners)]
    box = Outbox(owners, OUTBOX_ROWS, shares[0].shape[1] if shares else columns)
    try:
        own = _expand_all(the_plan, step, bits, shares, own, others, box, owner, memory)
    except CountOverflow:
        return None  # the client runs the step again with one more limb
    return own.rows, [None if target is None else target.dense() for target in others], own.filled


def absorb_share(first: tuple[np.ndarray, list, int] | None, pieces: list[np.ndarray | None], words: int,
                 folder: str, name: str, memory: int) -> tuple[str, int, int, int] | None:
    """Task (2) of a step on an owner: its table from task (1) plus the rows the other workers summed for it,
    written as its partition of the next step.  Returns (file name, fingerprint, codes, bytes received), or
    None when a count outgrew its limbs (here or in a task (1))."""
    memory = memory or default_memory()  # the worker machine's
    if first is None or any(piece is None for piece in pieces):
        return None
    rows, _, filled = first
    table = Table(rows, words)
    table.filled = filled
    # room for every row that comes, before any comes: a piece is another table's codes in the order of their
    # places, so its first rows all belong to the first places here too, and a table short of room there would
    # pile them up in one run that each later row walks (7x7 closed: 50 s for one piece, against 0.1 s)
    room = min(_most_places(memory, rows.shape[1]),
               places_for((filled + sum(len(p) for p in pieces if p is not None)) / LOAD))
    if room > table.places:
        table = table.grown(np.zeros((room, rows.shape[1]), dtype=np.int64))
    received = 0
    for piece in pieces:
        assert piece is not None
        received += piece.nbytes
        at = 0
        while at < len(piece):
            try:
                at = table.absorb(piece, at, len(piece))
            except CountOverflow:
                return None
            if at < len(piece):
                table = _grown(table, memory)
    [part] = write_partition(table, folder, name)
    return part.name or name, part.print or FINGERPRINT_SEED, part.states, received


def _piece(first: tuple[np.ndarray, list, int] | None, owner: int) -> np.ndarray | None:
    """What task (1) of a worker summed for ``owner`` (None: a count outgrew its limbs there)."""
    return None if first is None else first[1][owner]


class ClusterSteps:
    """The steps of one count on a dask cluster (an address, or a ``distributed.Client``), for ``sweep``
    (its plan, folder, tracker).  ``redone``: steps run again after a lost worker; ``sent``: bytes the
    workers sent each other."""

    def __init__(self, cluster: Any, sweep: Sweep, memory: int | None) -> None:
        self.own = isinstance(cluster, str)
        self.client = runner.connect(cluster) if self.own else cluster
        self.sweep = sweep
        p = sweep.plan
        self.key = (p.height, p.width, p.closed, p.start, tuple(sorted(p.blocked)), p.symmetric)
        self.memory = memory or 0
        self.redone = 0
        self.sent = 0
        self.tries = 0

    def close(self) -> None:
        if self.own:
            self.client.close()

    def addresses(self) -> list[str]:
        """The addresses of the cluster's workers now, asked of the scheduler.  Not ``scheduler_info()``: the
        client's own periodic refresh (which asks for no worker) may overwrite what that fetched before it is
        read, and then the cluster looks empty."""
        return sorted(self.client.sync(self.client.scheduler.identity, n_workers=-1)["workers"])

    def workers(self, wait_for: int = 1, seconds: float = NO_WORKER_SECONDS) -> list[str]:
        """The addresses of the cluster's workers, once there are ``wait_for`` (or ``seconds`` have passed
        and there is one at least)."""
        deadline = time.monotonic() + seconds
        while True:
            found = self.addresses()
            if len(found) >= wait_for or (found and time.monotonic() > deadline):
                return found
            if time.monotonic() > deadline:
                raise ClusterError(f"the dask cluster has no worker (waited {seconds:g} s)")
            self.sweep.tracker.update()
            time.sleep(0.1)

    def step(self, frontier: Frontier) -> Frontier:
        """The frontier after the next square, made by the cluster's workers."""
        relaxation = self.sweep.relaxation(in_files=True)  # the workers read its sets in the run's folder
        self._on_disk(frontier)
        columns = frontier.parts[0].rows.shape[1]
        owners = self.workers()
        redos = 0
        while True:
            self.tries += 1
            try:
                return self._step(frontier, owners, columns, relaxation.files[frontier.step])
            except CountOverflow:
                columns += 1
            except WorkerLost as lost:
                redos += 1
                if redos > MOST_REDOS:
                    raise ClusterError(f"square {frontier.step + 1} failed {redos} times on the cluster; the "
                                       f"last time: {lost}") from None
                log.warning("square %d is counted again on the cluster: %s", frontier.step + 1, lost)
                self.redone += 1
                owners = self.workers(len(owners), REPLACE_SECONDS)
            finally:
                self._clear_try(frontier.step + 1)

    def _on_disk(self, frontier: Frontier) -> None:
        """The workers read a step's states from files: write those kept in memory (the first step's)."""
        folder = self.sweep.work_folder()
        for k, part in enumerate(frontier.parts):
            if part.name is None:
                name = f"step{frontier.step}-part{k}.npy"
                rows = dense(part.rows)
                np.save(os.path.join(folder, name), rows)
                frontier.parts[k] = Part(np.load(os.path.join(folder, name), mmap_mode="c"), len(rows), name,
                                         fingerprint(rows))

    def _clear_try(self, step: int) -> None:
        """Remove the partition files of a try of ``step`` that no frontier holds."""
        folder = self.sweep.work_folder()
        for name in os.listdir(folder):
            if name.startswith(f"step{step}-try") and name.endswith(".npy") and not name.startswith(
                    f"step{step}-try{self.tries}-"):
                os.remove(os.path.join(folder, name))

    def _step(self, frontier: Frontier, owners: list[str], columns: int, completable_file: str | None) -> Frontier:
        i, count = frontier.step, len(owners)
        folder = self.sweep.work_folder()
        shares: list[list[str]] = [[] for _ in owners]
        for k, part in enumerate(frontier.parts):
            if part.states:
                shares[k % count].append(os.path.join(folder, str(part.name)))
        client = self.client
        firsts = [client.submit(expand_share, self.key, i, shares[w], count, w, columns, self.memory,
                                completable_file, workers=[owners[w]], allow_other_workers=False,
                                pure=False) for w in range(count)]
        pieces = [[client.submit(_piece, firsts[k], w, workers=[owners[k]], allow_other_workers=False, pure=False)
                   for k in range(count) if k != w] for w in range(count)]
        seconds = [client.submit(absorb_share, firsts[w], pieces[w], self.sweep.plan.words, folder,
                                 f"step{i + 1}-try{self.tries}-owner{w}", self.memory, workers=[owners[w]],
                                 allow_other_workers=False, pure=False) for w in range(count)]
        futures = firsts + [p for row in pieces for p in row] + seconds
        try:
            self._wait(firsts, futures, owners, i, 0.0, fetch=False)  # tables stay on their workers
            self.sweep.tracker.done = i + 0.5  # every share expanded: half the step, said at once
            self.sweep.tracker.report(force=True)
            self.sweep.tracker.check()
            results = self._wait(seconds, futures, owners, i, 0.5)
        except BaseException:
            client.cancel(futures)
            raise
        client.cancel(futures)
        if any(result is None for result in results):
            raise CountOverflow()
        parts = []
        for name, printed, states, received in results:
            self.sent += received
            path = os.path.join(folder, name)
            parts.append(Part(rows_of(np.load(path, mmap_mode="c")), states, name, printed))
        return Frontier(i + 1, parts)

    def _wait(self, last: list, futures: list, owners: list[str], i: int, before: float,
              fetch: bool = True) -> list:
        """The results of ``last`` once all are done (none fetched unless ``fetch``); :class:`WorkerLost` as soon
        as an owner is gone or a task failed; the progress reported (from ``before`` of the step on) and
        ``cancel`` looked at meanwhile."""
        while True:
            present = set(self.addresses())
            if not set(owners) <= present:
                raise WorkerLost(f"worker {', '.join(sorted(set(owners) - present))} left the cluster")
            failed = [f for f in futures if f.status in ("error", "lost", "cancelled")]
            if failed:
                error = failed[0].exception() if failed[0].status == "error" else None
                if isinstance(error, ClusterError):
                    raise error
                if error is not None and not isinstance(error, (OSError, distributed_errors())):
                    raise ClusterError(f"a task of square {i + 1} failed on the cluster: {error!r}")
                raise WorkerLost(f"a task was {failed[0].status}" + (f": {error!r}" if error is not None else ""))
            done = sum(f.status == "finished" for f in last)
            if done == len(last) and not fetch:
                return []
            if done == len(last):
                try:
                    # bounded: a result whose worker died after it finished is never fetched, and the task,
                    # bound to that worker, never runs again; the owners are looked at again meanwhile
                    return [f.result(timeout=RESULT_SECONDS) for f in last]
                except TimeoutError:
                    pass
                except Exception as exc:
                    raise WorkerLost(f"the results of square {i + 1} could not be fetched: {exc!r}") from None
            self.sweep.tracker.update(self.sweep.progressed(i + before + 0.5 * done / len(last)))
            try:
                from distributed import wait
                with self.client.as_current():
                    wait(last, timeout=runner.POLL_SECONDS)
            except TimeoutError:
                pass
