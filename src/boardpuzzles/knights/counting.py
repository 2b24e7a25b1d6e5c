"""Exact counts of knight's tours: the frontier dynamic program (:mod:`.frontier`) for
boards up to 8 squares across, the exhaustive search for small boards.

:func:`count_tours` sweeps the board square by square.  Each step turns the
frontiers (codes and counts) into the next ones through a hash table; when the
table of a step would not fit in ``memory`` the step is cut into partitions by
a hash of the codes, each partition built on its own (the frontiers read once
per partition) and written to disk.  The partitions can go to local processes
(``workers``) or to a dask.distributed cluster (``cluster``) through
:func:`.runner.run`.  With ``checkpoint`` the frontiers after every step are
saved (a file written beside it, then renamed over it, so a killed run leaves
the previous step intact) and a later call resumes from there.

Checkpoint file format (``numpy.savez``, uncompressed): ``meta`` (the JSON of
what the run is: board, kind of tour, start, method, format version, as
bytes), ``step`` (the squares swept), ``limbs`` (limbs per count), and for
each block k of frontiers ``keys{k}`` and ``counts{k}``.
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
import threading
import time
import zipfile
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor, wait
from dataclasses import dataclass
from typing import Any, Literal, get_args

import numpy as np

from .. import runner
from ..counts import Count, said
from ..errors import CheckpointError, InputError, OutputError, TooLong
from ..geometry import Square, square_name
from ..progress import Budget, ProgressFn, Tracker
from ..symmetry import square_classes
from . import chunks, frontier, theory
from .moves import neighbour_table
from .search import PAUSED, Search

CountMethod = Literal["frontier", "backtrack"]
#: frontiers and their counts: codes (int64) and limbs (int64, one row a code)
Block = tuple[np.ndarray, np.ndarray]
COUNT_METHODS: tuple[CountMethod, ...] = get_args(CountMethod)
#: the exhaustive search counts boards up to this many squares without ``force``
BACKTRACK_SQUARES = 36
#: boards whose sides are both in this range (5x5, 5x6, 6x6) are counted faster by listing their tours
#: (``benchmarks/knight_counts.py --methods``: 6x6 open 4.4 s of CPU against 13.7 s by the frontier;
#: 5x7 open 2.0 s against 1.2 s)
LISTING_SIDES = range(5, 7)
#: the longest side the frontier method takes without ``force``, by kind of tour (closed or not)
#: and shorter side: boards it counts within minutes here (docs/knights.md has the figures;
#: open tours have many more frontiers: 5.6 million at the widest step of 6x6, against
#: 147,000 for its closed tours)
FRONTIER_LONGEST: dict[bool, dict[int, int]] = {
    True: {1: 10_000, 2: 10_000, 3: 10_000, 4: 10_000, 5: 1_000, 6: 30, 7: 10},
    False: {1: 10_000, 2: 10_000, 3: 10_000, 4: 1_000, 5: 10, 6: 6},
}
#: the estimate a refusal names where a measured run says more than the rule above (docs/knights.md)
FRONTIER_BEYOND: dict[bool, dict[int, str]] = {
    True: {8: "closed tours of boards 8 across need hundreds of millions of frontiers at the widest step "
              "(8x8: 740,706,259, counted in 52 minutes on 2 cores with memory 12G, 23 GB of memory in all "
              "and 60 GB of disk), and longer boards more"},
    False: {7: "open tours of boards 7 across have hundreds of millions of frontiers at the widest step "
               "(7x7: 429,009,588, counted in 23 minutes on 2 cores with memory 12G, 20 GB of memory in all "
               "and 39 GB of disk), and longer boards more"},
}
#: steps with at least this many frontiers are built by a thread a core (at most :data:`MOST_THREADS`),
#: each thread taking a share of the frontiers, building one partition in its table and setting the
#: successors of the others aside on disk; smaller steps are built by one thread in one table
THREADED_STATES = 1 << 21
MOST_THREADS = 8
#: successors a thread holds for each other partition before it appends them to that partition's file
SPILL_ROWS = 1 << 15
#: changes whenever the meaning of a checkpoint's frontiers changes
CHECKPOINT_VERSION = 1
#: the part of a table's places that may be filled before it grows
LOAD = 0.6
#: the table of a step starts this many times as big as the frontiers of the last one
FIRST_TABLE = 2 * 1.5 / LOAD


@dataclass(frozen=True, eq=False, repr=False)
class TourCount(Count):
    """The number of tours of a board, ``count``: open ones directed, closed ones undirected; counted
    by ``method`` in ``seconds`` (a :class:`~boardpuzzles.counts.Count`: ``==`` leaves out how).

    >>> TourCount(6, 6, True, None, 9862, "backtrack", 0, 1.2)
    TourCount('6x6 closed: 9,862 tours (undirected)')
    """

    rows: int
    cols: int
    closed: bool
    start: Square | None
    count: int
    method: str
    peak_states: int
    seconds: float
    #: the most partitions a step of the frontier method was cut into (1: none went to disk)
    partitions: int = 1
    #: the frontier method's states after each square this call swept (after a resume: from there on)
    states: tuple[int, ...] = ()

    #: ``peak_states`` says how the frontier method went, not what it counted
    MEASURED = Count.MEASURED | {"peak_states"}

    def to_json(self) -> dict[str, Any]:
        """What ``knight count --json`` prints: ``rows``, ``cols``, ``closed``, ``start``, ``count``,
        ``method``, ``peak_states``, ``seconds``."""
        return {"rows": self.rows, "cols": self.cols, "closed": self.closed,
                "start": square_name(*self.start) if self.start is not None else None, "count": self.count,
                "method": self.method, "peak_states": self.peak_states, "seconds": round(self.seconds, 3)}

    def text(self) -> str:
        """``'5x5 open from a1: 304 tours (directed)'``."""
        start = f" from {square_name(*self.start)}" if self.start is not None else ""
        return (f"{self.rows}x{self.cols} {'closed' if self.closed else 'open'}{start}: {said(self.count)} "
                f"tour{'' if self.count == 1 else 's'} ({'undirected' if self.closed else 'directed'})")


def parse_memory(text: str) -> int:
    """Bytes from a size such as ``2G``, ``512M``, ``64k`` or ``1000000``."""
    units = {"": 1, "B": 1, "K": 1 << 10, "M": 1 << 20, "G": 1 << 30, "T": 1 << 40}
    clean = text.strip().upper().removesuffix("IB").removesuffix("B") if text.strip().upper() != "B" else ""
    number, unit = clean, ""
    if clean and clean[-1] in units:
        number, unit = clean[:-1], clean[-1]
    if not number or not all(ch in "0123456789." for ch in number) or number.count(".") > 1:
        raise InputError("{parameter} must be a size such as 2G, 512M or 1000000 bytes", parameter="memory",
                         value=text)
    return int(float(number) * units[unit])


def default_memory() -> int:
    """Half of the machine's memory."""
    return os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") // 2


def pick_method(rows: int, cols: int, frontier_only: bool = False) -> CountMethod:
    """The faster method for the board: listing the tours on 5x5, 5x6 and 6x6
    (:data:`LISTING_SIDES`), the frontier on every other board up to 8 squares across;
    the frontier whenever ``frontier_only`` (an option only it has was given) and it can work."""
    if min(rows, cols) > frontier.MOST_HEIGHT:
        return "backtrack"
    if not frontier_only and rows in LISTING_SIDES and cols in LISTING_SIDES:
        return "backtrack"
    return "frontier"


def check_count(rows: int, cols: int, closed: bool, start: Square | None, method: CountMethod | None,
                force: bool = False, frontier_only: bool = False) -> CountMethod:
    """Refuse a count that cannot be made or cannot end in reasonable time; return the method
    (``frontier_only``: an option only the frontier method has was given)."""
    for name, value in (("rows", rows), ("cols", cols)):
        if not isinstance(value, int) or value < 1:
            raise InputError("{parameter} must be a whole number of at least 1", parameter=name, value=value)
    if start is not None and not (0 <= start[0] < rows and 0 <= start[1] < cols):
        raise InputError(f"{{parameter}} must be a square of the {rows}x{cols} board", parameter="start",
                         value=start)
    if method is not None and method not in COUNT_METHODS:
        raise InputError("{parameter} must be one of " + ", ".join(COUNT_METHODS), parameter="method",
                         value=method, allowed=COUNT_METHODS)
    chosen = method or pick_method(rows, cols, frontier_only)
    height, width = sorted((rows, cols))
    kind = "closed" if closed else "open"
    if chosen == "frontier":
        if height > frontier.MOST_HEIGHT:
            raise InputError(f"{{parameter}} frontier counts boards up to {frontier.MOST_HEIGHT} squares across "
                             f"(its frontiers are 63-bit codes); the {rows}x{cols} board is {height} across",
                             parameter="method", value=chosen, show_value=False)
        longest = FRONTIER_LONGEST[closed].get(height, 0)
        if not force and width > longest:
            raise TooLong(f"counting the {kind} tours of the {rows}x{cols} board",
                          FRONTIER_BEYOND[closed].get(height) or
                          f"{kind} tours of boards {height} across longer than {longest} take hours "
                          "(their frontiers grow with the board; docs/knights.md has the measured figures)")
    elif not force and rows * cols > BACKTRACK_SQUARES:
        raise TooLong(f"counting the tours of the {rows}x{cols} board one by one",
                      f"the exhaustive search lists every tour, and boards over {BACKTRACK_SQUARES} squares "
                      "have billions of them")
    return chosen


def count_tours(rows: int, cols: int, closed: bool = False, start: Square | None = None,
                method: CountMethod | None = None, *, progress: ProgressFn | None = None,
                cancel: threading.Event | None = None, checkpoint: str | os.PathLike[str] | None = None,
                memory: int | None = None, cluster: Any = None, workers: int | None = None,
                force: bool = False) -> TourCount:
    """Exact number of knight's tours of a ``rows`` x ``cols`` board.

    Open tours are directed (A165134: 1728 on 5x5), closed ones undirected
    (A001230: 9862 on 6x6).  With ``start``, the open tours that start there
    (every closed tour passes every square, so ``start`` does not change a
    closed count).  ``method``: ``"frontier"`` (a dynamic program over the
    swept border, boards up to 8 across), ``"backtrack"`` (lists the tours), or
    None for the faster (:func:`pick_method`; the frontier whenever one of its own
    options below is given).  ``checkpoint``: a file that keeps the frontier after
    every square (frontier) and lets a later call resume; ``memory``: bytes a
    step's table may take before it is cut into partitions on disk (default:
    half of the machine's memory); ``workers``/``cluster``: local processes or a
    dask.distributed scheduler for the partitions.  Refuses (:class:`TooLong`)
    what cannot end in reasonable time unless ``force``.
    """
    frontier_only = any(option is not None for option in (checkpoint, memory, cluster, workers))
    method = check_count(rows, cols, closed, start, method, force, frontier_only)
    runner.check_options(workers, cluster)
    if memory is not None and memory < 1:
        raise InputError("{parameter} must be a positive number of bytes", parameter="memory", value=memory)
    started = time.monotonic()
    if method == "backtrack":
        given = {"checkpoint": checkpoint, "memory": memory, "cluster": cluster, "workers": workers}
        for name, value in given.items():
            if value is not None:
                raise InputError("{parameter} belongs to the frontier method; the exhaustive search "
                                 "(method backtrack) runs in this process", parameter=name, value=value)
        total = _backtrack(rows, cols, closed, start, Tracker("prefixes", progress=progress, cancel=cancel))
        return TourCount(rows, cols, closed, start, total, method, 0, time.monotonic() - started)
    tracker = Tracker("squares", rows * cols, progress, cancel)
    client = runner.connect(cluster) if isinstance(cluster, str) else cluster  # one connection for every step
    try:
        sweep = _Sweep(rows, cols, closed, start, memory or default_memory(), workers, client, tracker)
        total = sweep.run(checkpoint)
    finally:
        if client is not cluster:
            client.close()
    return TourCount(rows, cols, closed, start, total, method, max(sweep.states, default=1),
                     time.monotonic() - started, sweep.most_parts, tuple(sweep.states))


def sweep_order(rows: int, cols: int) -> tuple[int, int, bool]:
    """(height, width, turned): the board swept along its longer side, ``height`` squares a column;
    ``turned`` when its rows are the columns of the sweep."""
    return (rows, cols, False) if rows <= cols else (cols, rows, True)


def sweep_index(rows: int, cols: int, square: Square) -> int:
    """The step at which the sweep reaches ``square``."""
    height, _, turned = sweep_order(rows, cols)
    r, c = square
    return r * height + c if turned else c * height + r


class _Sweep:
    """One frontier count: the steps, their partitions, the checkpoint."""

    def __init__(self, rows: int, cols: int, closed: bool, start: Square | None, memory: int,
                 workers: int | None, cluster: Any, tracker: Tracker) -> None:
        height, width, _ = sweep_order(rows, cols)
        self.rows, self.cols, self.closed, self.start = rows, cols, closed, start
        first = sweep_index(rows, cols, start) if start is not None and not closed else -1
        self.plan = frontier.plan(height, width, first)
        self.memory, self.workers, self.cluster, self.tracker = memory, workers, cluster, tracker
        #: the fewest partitions a step is cut into (doubled when a partition outgrows ``memory``)
        self.parts = 1
        #: the most partitions a step was cut into
        self.most_parts = 1
        self.states: list[int] = []
        #: the directory of the partitions and set-aside successors, made at the first step that needs it
        self.spill: str | None = None
        #: where it goes with a checkpoint: beside it (else a new temporary directory)
        self.beside: str | None = None
        #: threads for the big steps (each builds a partition of its own: :data:`THREADED_STATES`)
        self.threads = min(runner.cpu_count(), MOST_THREADS)
        self.threads_pool: ThreadPoolExecutor | None = None
        #: each thread's biggest table so far, whose first rows are its next tables (new memory costs more
        #: than clearing)
        self.spares: list[np.ndarray] = []

    def meta(self) -> dict[str, Any]:
        start = None if self.start is None or self.closed else square_name(*self.start)
        return {"puzzle": "knight tours", "rows": self.rows, "cols": self.cols, "closed": self.closed,
                "start": start, "method": "frontier", "version": CHECKPOINT_VERSION}

    def run(self, checkpoint: str | os.PathLike[str] | None) -> int:
        """The count: swept from the start, or from the step ``checkpoint`` holds."""
        n = self.plan.squares
        if n == 1:
            self.tracker.update(1)
            self.states.append(1)
            return 0 if self.closed else 1
        step, limbs, blocks = 0, 1, [frontier.initial(self.plan.slots)]
        if checkpoint is not None:
            _check_file(checkpoint)
            if os.path.exists(checkpoint):
                step, limbs, blocks = _load(checkpoint, self.meta(), n)
            self.beside = f"{os.fspath(checkpoint)}.parts"
            shutil.rmtree(self.beside, ignore_errors=True)  # what a killed run left there
        try:
            while step < n:
                self.tracker.update(step, detail=f"{sum(len(k) for k, _ in blocks):,} states")
                try:
                    blocks = self.step(step, blocks, limbs)
                except _Overflow:
                    limbs += 1
                    continue
                step += 1
                self.states.append(sum(len(k) for k, _ in blocks))
                if checkpoint is not None:
                    _save(checkpoint, self.meta(), step, limbs, blocks)
            total = sum(frontier.to_int(c) for _, counts in blocks for c in counts)
        finally:
            if self.threads_pool is not None:
                self.threads_pool.shutdown()
            if self.spill is not None:
                shutil.rmtree(self.spill, ignore_errors=True)
        self.tracker.update(n)
        self.tracker.finish()
        if self.closed or self.start is not None:
            return total
        return 2 * total  # each path is two directed tours

    def step(self, i: int, blocks: list[Block], limbs: int) -> list[Block]:
        """The frontiers after square ``i``, as blocks: one, or one a partition (on disk)."""
        states = sum(len(k) for k, _ in blocks)
        distributed = self.cluster is not None or (self.workers or 1) > 1
        while True:
            try:
                return self._distributed(i, blocks, limbs) if distributed else self._local(i, blocks, limbs, states)
            except _NoRoom:
                self.parts *= 2
            except OSError as exc:  # writing the partitions here: a full disk, mostly
                if distributed:  # the cluster's own errors (a lost connection is an OSError too) are not ours to word
                    raise
                where = self.spill or tempfile.gettempdir()
                raise OutputError(f"cannot write the partitions of square {i + 1} in {where}: "
                                  f"{exc.strerror or exc}; free disk space there (with a checkpoint they go "
                                  "beside it, and it keeps the squares before)") from None

    def _local(self, i: int, blocks: list[Block], limbs: int, states: int) -> list[Block]:
        """Step ``i`` in this process: by one thread, or, from :data:`THREADED_STATES` frontiers on,
        by a thread a core, each taking its share of the frontiers and building one partition."""
        threads = self.threads if states >= THREADED_STATES else 1
        most = self._room(limbs, threads)
        # enough partitions for twice as many frontiers as came in (the most a step has grown by here)
        parts = max(self.parts, threads, 1 << (int(2 * states / (LOAD * most)).bit_length()))
        self.most_parts = max(self.most_parts, parts)
        size = min(most, max(1024, 1 << int(FIRST_TABLE * states / parts).bit_length()))
        spill_dir = self._spill_dir(i) if parts > 1 else None
        given = blocks[0][1].shape[1]  # the limbs of the frontiers' counts (fewer than ``limbs`` after an overflow)
        builders = [_Builder(self, t, self._empty_table(t, size, limbs), t, parts, spill_dir, given)
                    for t in range(threads)]
        for t, builder in enumerate(builders):  # thread t takes the t-th share of every block
            builder.inputs = [(keys, counts, len(keys) * t // threads, len(keys) * (t + 1) // threads)
                              for keys, counts in blocks]
        plan = self.plan
        args = (plan.slots, plan.back[i], plan.finish[i], plan.rem[i], self.closed, plan.start_place(i),
                i == plan.squares - 1, parts)

        def expand(builder: _Builder, size: int) -> int:
            return builder.take(lambda keys, counts, lo, hi, table, room: frontier.expand(
                keys, counts, lo, hi, *args, builder.part, table, room, builder.spill_keys, builder.spill_counts,
                builder.spilled), size, most)

        def absorb(builder: _Builder, size: int) -> int:
            return builder.take(frontier.absorb, size, most)

        later = 1 - 1 / parts  # the share of the step's progress that the partitions built from disk take
        self._rounds(builders, expand, lambda done: _during(i, (1 - later) * done / max(1, states)))
        if parts == 1:
            return [builders[0].collect()]
        out: list[Block] = []
        for first in range(0, parts, threads):  # the partitions, in waves of one a thread
            wave = builders if first == 0 else [
                _Builder(self, t, self._empty_table(t, size, limbs), first + t, parts, None, given)
                for t in range(min(threads, parts - first))]
            spilled = [builder.spilled_for(wave) for builder in builders]
            for k, builder in enumerate(wave):
                builder.inputs = [share for files in spilled if (share := files[k]) is not None]
            total = sum(hi for builder in wave for _, _, _, hi in builder.inputs)
            self._rounds(wave, absorb, lambda done: _during(
                i, 1 - later + later * (first + len(wave) * done / max(1, total)) / parts))
            for builder in wave:
                out.append(self._keep(i, builder.part, *builder.collect()))
            for builder in builders:
                builder.forget(wave)
        os.rmdir(str(spill_dir))
        return out

    def _rounds(self, builders: list[_Builder], work: Callable[[_Builder, int], int],
                fraction: Callable[[float], float]) -> None:
        """Run ``work(builder, size)`` (it returns the frontiers it took) for every builder, each in its
        thread, in rounds of about 0.1 s, until every builder's inputs are taken; the progress and
        ``cancel`` are looked at between rounds (``fraction``: of the frontiers taken, the step's part)."""
        budget = Budget(first=1 << 12)
        done = 0
        while any(builder.inputs for builder in builders):
            began = time.monotonic()
            busy = [builder for builder in builders if builder.inputs]
            if len(busy) == 1:
                done += work(busy[0], budget.size)
            else:
                futures = [self.pool().submit(work, builder, budget.size) for builder in busy]
                wait(futures)
                done += sum(future.result() for future in futures)
            budget.measure(began)
            self.tracker.update(fraction(done))

    def pool(self) -> ThreadPoolExecutor:
        """The threads of this count (started at its first threaded step)."""
        if self.threads_pool is None:
            self.threads_pool = ThreadPoolExecutor(self.threads, thread_name_prefix="knight-frontier")
        return self.threads_pool

    def _room(self, limbs: int, threads: int) -> int:
        """The most places a table may have when ``threads`` of them share ``memory`` (a power of two)."""
        places = max(1024, self.memory // threads // (8 * (1 + limbs)))
        return 1 << (places.bit_length() - 1)

    def _work_dir(self) -> str:
        """The directory of the partitions and set-aside successors (removed when the count ends):
        beside the checkpoint, so that a run killed and resumed clears what it left, else a temporary one."""
        if self.spill is None:
            if self.beside is not None:
                os.mkdir(self.beside)
                self.spill = self.beside
            else:
                self.spill = tempfile.mkdtemp(prefix="knight-frontier-")
        return self.spill

    def _spill_dir(self, i: int) -> str:
        """An empty directory for the spilled successors of step ``i``."""
        directory = os.path.join(self._work_dir(), f"spill-{i}")
        shutil.rmtree(directory, ignore_errors=True)  # a step run again (one more limb, more partitions)
        os.mkdir(directory)
        return directory

    def _empty_table(self, slot: int, size: int, limbs: int) -> np.ndarray:
        """An empty table of ``size`` places for thread ``slot``: its spare's first rows, or a new spare."""
        while len(self.spares) <= slot:
            self.spares.append(np.empty((0, 1 + limbs), dtype=np.int64))
        spare = self.spares[slot]
        if len(spare) < size or spare.shape[1] != 1 + limbs:
            self.spares[slot] = np.empty((0, 1 + limbs), dtype=np.int64)  # the old one goes before the new one comes
            self.spares[slot] = frontier.new_table(size, limbs)
            return self.spares[slot]
        table = spare[:size]
        frontier.clear(table)
        return table

    def _keep(self, i: int, part: int, keys: np.ndarray, counts: np.ndarray) -> Block:
        """Write a partition to disk and give it back mapped from there."""
        base = os.path.join(self._work_dir(), f"{i % 2}-{part}")  # the step before is still being read
        np.save(base + "-keys.npy", keys)
        np.save(base + "-counts.npy", counts)
        return np.load(base + "-keys.npy", mmap_mode="r"), np.load(base + "-counts.npy", mmap_mode="r")

    def _distributed(self, i: int, blocks: list[Block], limbs: int) -> list[Block]:
        parts = max(self.parts, 2 * (self.workers or 1), 4)
        self.most_parts = max(self.most_parts, parts)
        plan = self.plan
        whole = [(np.asarray(k), np.asarray(c)) for k, c in blocks]
        tasks = [(part, (plan.height, plan.width, plan.start, self.closed, i, limbs, parts, part, whole))
                 for part in range(parts)]
        out: list[Any] = [None] * parts

        def on_result(part: int, result: Block | None) -> None:
            if result is None:
                raise _Overflow()
            out[part] = result
            self.tracker.update(_during(i, sum(r is not None for r in out) / parts))

        runner.run(partition_work, tasks, on_result, workers=self.workers, cluster=self.cluster, batch=1,
                   poll=self.tracker.update)
        return out


def _during(step: int, fraction: float) -> float:
    """Progress within a step: below ``step + 1``, which is reported with the step's states once they are all in."""
    return step + min(0.99, fraction)


class _Builder:
    """One partition of a step, built by one thread: its table, the frontiers it has still to
    take (``inputs``: codes, counts, and the range of them left), and the successors of other
    partitions that it set aside (``spill_dir``: written to files there, one a partition)."""

    def __init__(self, sweep: _Sweep, slot: int, table: np.ndarray, part: int, parts: int, spill_dir: str | None,
                 limbs: int) -> None:
        self.sweep, self.slot, self.table, self.part = sweep, slot, table, part
        self.filled = 0
        self.inputs: list[tuple[np.ndarray, np.ndarray, int, int]] = []
        self.spill_dir = spill_dir
        rows = SPILL_ROWS if spill_dir is not None else 0
        self.spill_keys = np.empty((parts, rows), dtype=np.int64)
        self.spill_counts = np.empty((parts, rows, limbs), dtype=np.int64)
        self.spilled = np.zeros(parts, dtype=np.int64)
        self.files: dict[int, tuple[str, str]] = {}

    def take(self, kernel: Callable[..., tuple[int, int, int]], size: int, most: int) -> int:
        """Give ``kernel(keys, counts, lo, hi, table, room)`` up to ``size`` frontiers of the first input,
        growing the table (up to ``most`` places) as it fills; returns how many it took."""
        keys, counts, lo, hi = self.inputs[0]
        stop = min(hi, lo + size)
        first = lo
        while lo < stop:
            room = int(LOAD * len(self.table)) - self.filled
            if room < 64:
                if 2 * len(self.table) > most:
                    raise _NoRoom()
                self.table = _grow(self.table)
                self.sweep.spares[self.slot] = self.table
                continue
            lo, added, overflow = kernel(keys, counts, lo, stop, self.table, room)
            if overflow:
                raise _Overflow()
            self.filled += added
            if self.spilled.max(initial=0) > SPILL_ROWS // 2:
                self.flush()
        self.inputs[0] = (keys, counts, lo, hi)
        if lo == hi:
            self.inputs.pop(0)
            if not self.inputs:
                self.flush()
        return lo - first

    def flush(self) -> None:
        """Append the spilled successors to their partitions' files."""
        assert self.spill_dir is not None or not self.spilled.any()
        for part in np.flatnonzero(self.spilled):
            held = self.spilled[part]
            paths = self.files.setdefault(int(part), (os.path.join(str(self.spill_dir), f"{self.part}-{part}-keys"),
                                                      os.path.join(str(self.spill_dir), f"{self.part}-{part}-counts")))
            with open(paths[0], "ab") as file:
                self.spill_keys[part, :held].tofile(file)
            with open(paths[1], "ab") as file:
                self.spill_counts[part, :held].tofile(file)
        self.spilled[:] = 0

    def spilled_for(self, wave: list[_Builder]) -> list[tuple[np.ndarray, np.ndarray, int, int] | None]:
        """The successors this builder set aside for each partition of ``wave`` (mapped from their files)."""
        out: list[tuple[np.ndarray, np.ndarray, int, int] | None] = []
        for other in wave:
            paths = self.files.get(other.part)
            if paths is None:
                out.append(None)
                continue
            keys = np.memmap(paths[0], dtype=np.int64, mode="r")
            counts = np.memmap(paths[1], dtype=np.int64, mode="r").reshape(len(keys), -1)
            out.append((keys, counts, 0, len(keys)))
        return out

    def forget(self, wave: list[_Builder]) -> None:
        """Remove the files of the partitions of ``wave``: they are built."""
        for other in wave:
            for path in self.files.pop(other.part, ()):
                os.remove(path)

    def collect(self) -> Block:
        return frontier.collect(self.table, self.filled)


class _NoRoom(Exception):
    """A partition's table would outgrow ``memory``: cut the step into more partitions."""


class _Overflow(Exception):
    """A count outgrew its limbs: run the step again with one more."""


def _grow(table: np.ndarray) -> np.ndarray:
    bigger = frontier.new_table(2 * len(table), table.shape[1] - 1)
    frontier.rehash(table, bigger)
    return bigger


def partition_work(payloads: list[tuple]) -> list[Block | None]:
    """One partition of one step for each payload (run by :func:`.runner.run` in a worker):
    the frontiers of the partition, or None if a count outgrew its limbs."""
    results: list[Block | None] = []
    for height, width, start, closed, i, limbs, parts, part, blocks in payloads:
        plan = frontier.plan(height, width, start)
        # each worker builds its partition from every frontier, dropping the successors of the others
        no_spill = (np.empty((parts, 0), dtype=np.int64), np.empty((parts, 0, blocks[0][1].shape[1]), dtype=np.int64),
                    np.zeros(parts, dtype=np.int64))
        size = 1024
        while True:
            table = frontier.new_table(size, limbs)
            filled, overflow, fits = 0, 0, True
            for keys, counts in blocks:
                lo, added, carried = frontier.expand(
                    keys, counts, 0, len(keys), plan.slots, plan.back[i], plan.finish[i], plan.rem[i], closed,
                    plan.start_place(i), i == plan.squares - 1, parts, part, table,
                    int(LOAD * size) - filled, *no_spill)
                filled += added
                overflow |= carried
                fits = fits and lo == len(keys)
            if fits:
                break
            size *= 4
        results.append(None if overflow else frontier.collect(table, filled))
    return results


def _save(path: str | os.PathLike[str], meta: dict[str, Any], step: int, limbs: int, blocks: list[Block]) -> None:
    """Write the frontiers after ``step`` squares beside ``path``, then rename the file over it."""
    arrays: dict[str, np.ndarray] = {"meta": np.frombuffer(json.dumps(meta).encode(), dtype=np.uint8),
                                     "step": np.array(step), "limbs": np.array(limbs)}
    for k, (keys, counts) in enumerate(blocks):
        arrays[f"keys{k}"], arrays[f"counts{k}"] = keys, counts
    temporary = f"{os.fspath(path)}.part"
    try:
        with open(temporary, "wb") as file:
            np.savez(file, allow_pickle=False, **arrays)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, path)
    except OSError as exc:
        if os.path.isfile(temporary):
            os.remove(temporary)
        raise CheckpointError(f"cannot write the checkpoint file {path}: {exc.strerror}; "
                              "the last square saved is still there") from None


def _check_file(path: str | os.PathLike[str]) -> None:
    """Refuse a checkpoint path that names something other than a file (a directory, a device)."""
    if os.path.exists(path) and not os.path.isfile(path):
        raise CheckpointError(f"the checkpoint {path} is not a file (a directory or a device): give a file name")


def _load(path: str | os.PathLike[str], meta: dict[str, Any], squares: int) -> tuple[int, int, list[Block]]:
    """The step, limbs and frontiers a checkpoint holds; refused if it was made for another count,
    or is damaged (each member of the archive carries a CRC-32)."""
    try:
        with np.load(path, allow_pickle=False) as data:
            stored = json.loads(bytes(data["meta"]).decode())
            step, limbs = int(data["step"]), int(data["limbs"])
            names = sum(1 for name in data.files if name.startswith("keys"))
            blocks = [(data[f"keys{k}"], data[f"counts{k}"]) for k in range(names)] if stored == meta else []
    except (OSError, ValueError, KeyError, EOFError, TypeError, zipfile.BadZipFile) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc).split(". ")[0]
        if "pickled" in reason:  # numpy's word for a file that is no numpy archive at all
            reason = "not a numpy archive"
        raise CheckpointError(f"the checkpoint file {path} is not a knight count checkpoint, or a damaged one "
                              f"({reason}); give another file") from None
    if stored != meta:
        other = ", ".join(f"{key} {stored.get(key)!r}" for key in meta if stored.get(key) != meta[key])
        raise CheckpointError(f"the checkpoint file {path} was made for another count ({other}); give another file")
    fits = 0 <= step <= squares and limbs >= 1 and all(
        keys.dtype == np.int64 and keys.ndim == 1 and counts.dtype == np.int64 and counts.shape == (len(keys), limbs)
        for keys, counts in blocks)
    if not fits:
        raise CheckpointError(f"the checkpoint file {path} is damaged (its frontiers do not fit its count); "
                              "give another file")
    return step, limbs, blocks


def _prefixes(nbr: np.ndarray, prefix: list[int], depth: int) -> Iterator[list[int]]:
    """The paths ``depth`` moves longer than ``prefix`` (fewer where they stop sooner)."""
    if depth == 0:
        yield prefix
        return
    longer = [t for t in nbr[prefix[-1]] if t >= 0 and t not in prefix]
    if not longer:
        yield prefix
    for t in longer:
        yield from _prefixes(nbr, prefix + [int(t)], depth - 1)


def _backtrack(rows: int, cols: int, closed: bool, start: Square | None, tracker: Tracker) -> int:
    """Count by exhaustive search, in many short searches (one a prefix of the tour), so
    that ``cancel`` is heard between them."""
    n = rows * cols
    nbr = neighbour_table(rows, cols)
    if n == 1:
        return 0 if closed else 1
    if closed:
        if not theory.closed_exists(rows, cols)[0]:
            return 0
        # a corner has two moves; one of them is the first move, the other the last:
        # every undirected closed tour is counted once
        second = min(int(t) for t in nbr[0] if t >= 0)
        jobs = [(p, 1) for p in _prefixes(nbr, [0, second], 4)]
    else:
        starts = {start: 1} if start is not None else square_classes(rows, cols, ((r, c) for r in range(rows)
                                                                               for c in range(cols)))
        jobs = [(p, weight) for (r, c), weight in starts.items() for p in _prefixes(nbr, [r * cols + c], 3)]
    tracker.update(0, total=len(jobs))
    tie = np.zeros(n, dtype=np.int64)
    total = 0
    for prefix, weight in jobs:
        search = Search(nbr, tie, np.asarray(prefix, dtype=np.int64), closed, count_all=True)
        for nodes in chunks.sizes(tracker, first=1 << 14):
            if search.run(nodes) != PAUSED:
                break
        total += weight * search.count
        tracker.advance()
    tracker.finish()
    return total
