"""The frontier count, step after step, on this machine: threads that own partitions, files, the checkpoint.

A step turns the states after ``i`` squares (a :class:`Frontier`: partitions
of rows, a code's words then its count's limbs) into the states after
``i + 1``.  Its successors are split by a hash of their codes into
*partitions*, and each partition is summed in one :class:`~.table.Table`.

* **Owners.**  A step with at least :data:`THREADED_STATES` states is run by
  one thread a core (at most :data:`.asked.MOST_THREADS`; the numba kernels release
  the GIL).  Thread ``t`` takes the ``t``-th share of the states and owns
  partition ``t``: it adds the successors of its partition to its table, and
  hands those of the other owners' partitions over in memory (an outbox row
  passed to the owner's inbox between two rounds of about 0.1 s).  Each
  successor is built once.
* **Waves.**  When the tables would outgrow ``memory``, a step has more
  partitions than threads, finished in waves: each wave passes over the step's
  rows again and builds the successors of the codes of its own partitions
  only.  A code's partition is told by its *key* before any of its successors
  is built (:func:`.frontier.partition_key`: the places the step leaves as they
  are, which every successor keeps), so the other codes cost a wave a glance,
  not a transition: each successor is built once however many waves a step
  has, and no successor waits on disk.  A step that outgrows its plan runs
  again with twice as many waves.  A step is planned from the growth the same
  row of the previous column showed.
* **Memory or files.**  A step's tables, empty places and all, are the next
  step's states when they are small; else they are written as packed numpy
  files (:mod:`.packed`: the table's codes sorted in its own memory, empty
  places left out; a step cut by keys in :data:`GROUPS` files by the next step's
  keys), mapped back and read a block at a time.  With a
  checkpoint they are always written, in ``Checkpoint.folder``, and the
  checkpoint records the step's files with their fingerprints
  (:mod:`boardpuzzles.checkpoint`): the files are the checkpoint, written once.

:class:`Frontier` and :func:`write_partition` are shared with the cluster's
steps (:mod:`.cluster`).
"""

from __future__ import annotations

import math
import os
import re
import shutil
import tempfile
import threading
import time
from collections.abc import Callable, Iterable
from concurrent.futures import ThreadPoolExecutor, wait
from dataclasses import dataclass, field

import numpy as np

from ..checkpoint import Checkpoint, load_array, natural
from ..errors import CheckpointError, InputError, OutputError
from ..geometry import Square, square_name
from ..progress import Budget, Tracker
from .asked import size_text
from .codes import LIMB_BITS, NO_KEY
from .completable import Completable, completable
from .frontier import Plan, initial
from .packed import SHARE, Packed, Writer, rows_of
from .table import LOAD, CountOverflow, Outbox, Table, group_rows, key_range

#: steps with at least this many states are run by a thread a core (smaller ones by one thread)
THREADED_STATES = 1 << 20
#: successors an outbox holds for each partition before the thread stops to hand them over
OUTBOX_ROWS = 1 << 16
#: a step is planned for this many times as many states as came in when the previous column says nothing
#: (the most a step has grown by in the boards measured, past the first columns, is 2.4)
GROWTH = 2.5
#: the margin over the growth of the same row of the previous column
MARGIN = 1.15
#: the relaxation's sets are kept in files from this many states on (boards 7 across, open, or 8; 8x8 open's
#: sets take 3.1 GB), else in memory
RELAXATION_IN_FILES = 1 << 25
#: a step is cut by the codes' partition keys (:func:`.frontier.partition_key`: each wave passes over the codes
#: of the others unbuilt) when its partitions average at least this many states; a smaller step (a small board
#: with little memory: its few keys would not spread evenly over the partitions), by a hash of each successor's
#: code, every wave building every successor
KEYED_STATES = 1 << 20
#: the fullest partition over the mean, cut by keys, that a step is planned for (8x8 open, a million rows of
#: part 0's square 43: 1.03 with 16 partitions, 1.13 with 64, ``benchmarks/knight_waves.py``)
KEYED_SPREAD = 1.25
#: a step's tables stay in memory as the next step's states (no checkpoint) when two steps' tables fit
#: in this part of ``memory``
IN_MEMORY = 1.0
#: the files a partition of a step cut by keys is written in: a code goes to the group its key at the next
#: step falls in (:func:`.table.group_rows`), so that the next step's waves read only the groups their
#: partitions take, and remove each group's files once the waves have passed its keys: the disk holds about the
#: wider of two steps, and an eighth of the other, not both.  Each group's codes are sparser, but each file is
#: sorted whole (8x8 open, square 38: 4.42 bytes a state, against 5.67 for square 37 in one file a partition
#: sorted in slices)
GROUPS = 8
#: a step removes the files it has used only when no count it builds can outgrow its limbs: this many times
#: the states' counts all together stays below what the limbs hold (a successor's count is at most the sum of
#: its parents', each counted once a move)
COUNT_MARGIN = 16


@dataclass
class Part:
    """One partition of a frontier: ``rows`` (a table's rows, empty places included, or a file's, packed)
    holding ``states`` codes; ``name`` and ``print``: its file in the run's folder and its fingerprint, when on
    disk; ``group`` of ``groups``: the keys of the next step its codes have (:data:`GROUPS`; None: any);
    ``total``: its counts all together (as a float; None when not written)."""

    rows: np.ndarray | Packed
    states: int
    name: str | None = None
    print: int | None = None
    group: int | None = None
    groups: int = 1
    total: float | None = None

    def record(self) -> list:
        return [self.name, self.print, self.states, self.group, self.groups, self.total]

    def takes(self, lo: int, hi: int) -> bool:
        """Whether it may hold codes whose keys' hashes are ``lo <= h < hi`` (:func:`.table.key_range`)."""
        if self.group is None:
            return True
        start, end = key_range(self.group, self.groups)
        return start < hi and lo < end


@dataclass
class Later:
    """A step begun and recorded (:meth:`Sweep._used`): the first ``through`` of its ``parts`` partitions
    written (``done``), the places of its later tables (``size``), and the states the frontier had before any
    of its files went (when the step removes them as its waves use them)."""

    parts: int
    size: int
    through: int
    states: int
    done: list[Part]

    def record(self) -> dict:
        return {"parts": self.parts, "size": self.size, "through": self.through, "states": self.states,
                "done": [p.record() for p in self.done]}


@dataclass
class Frontier:
    """The states after ``step`` squares, in partitions; ``later``: the next step, begun."""

    step: int
    parts: list[Part]
    later: Later | None = None

    @property
    def states(self) -> int:
        return self.later.states if self.later is not None else sum(p.states for p in self.parts)

    def record(self) -> dict:
        """What a checkpoint keeps of it (its partitions must be on disk)."""
        record = {"step": self.step, "parts": [p.record() for p in self.parts]}
        return record if self.later is None else {**record, "next": self.later.record()}

    def shares(self, count: int, parts: list[Part] | None = None) -> list[list[tuple[np.ndarray | Packed, int, int]]]:
        """The rows (of ``parts``, default all) cut into ``count`` shares of about as many rows (ranges of the
        partitions)."""
        parts = self.parts if parts is None else parts
        total = sum(len(p.rows) for p in parts)
        bounds = [total * k // count for k in range(count + 1)]
        out: list[list[tuple[np.ndarray | Packed, int, int]]] = [[] for _ in range(count)]
        first = 0
        for part in parts:
            last = first + len(part.rows)
            for k in range(count):
                lo, hi = max(first, bounds[k]), min(last, bounds[k + 1])
                if lo < hi:
                    out[k].append((part.rows, lo - first, hi - first))
            first = last
        return out


#: changes whenever the meaning of a checkpoint's frontiers changes (2: 4-bit cells, steps as files; 3: 8-across open
#: codes packed in one word)
CHECKPOINT_VERSION = 3


def checkpoint_meta(rows: int, cols: int, closed: bool, start: Square | None,
                    holes: Iterable[Square]) -> dict[str, object]:
    """What a frontier count's checkpoint is made for, and must match to be resumed: the board, its blocked
    squares, the tours (an open tour's start) and :data:`CHECKPOINT_VERSION`."""
    first = None if start is None or closed else square_name(*start)
    return {"puzzle": "knight tours", "rows": rows, "cols": cols, "closed": closed, "start": first,
            "blocked": ",".join(square_name(*sq) for sq in sorted(holes)), "method": "frontier",
            "version": CHECKPOINT_VERSION}


def swept(store: Checkpoint, squares: int) -> float | None:
    """The squares of ``squares`` a count's checkpoint holds swept (its latest record; a step begun adds the
    part of its partitions written), or None when it holds none."""
    latest = store.latest(range(squares + 1), fits_record)
    if latest is None:
        return None
    step, record = latest
    later = record.get("next")
    return step + (later["through"] / later["parts"] if later is not None else 0.0)


def start_frontier(plan: Plan) -> Frontier:
    return Frontier(0, [Part(initial(plan), 1)])


#: the paths, in a run's folder, of the files a count writes there: partitions (a cluster's tries too, and the
#: blocks of a packed one being written), the relaxation's sets
OWN_FILES = re.compile(r"step\d+-(part\d+(-g\d+)?|try\d+-owner\d+)\.npy(\.blocks)?|completable-\d+\.npy")
#: a partition's file name
PART_FILE = re.compile(r"step\d+-(part\d+(-g\d+)?|try\d+-owner\d+)\.npy")


def _fits_part(part: object) -> bool:
    """Whether ``part`` is a partition's record (:meth:`Part.record`): its file's name, 64-bit fingerprint
    and states, then its group of the next step's keys (or None) of how many, and its counts' total (or
    None); a checkpoint written before groups kept the first three only."""
    if not (isinstance(part, list) and len(part) in (3, 6) and isinstance(part[0], str)
            and PART_FILE.fullmatch(part[0]) is not None and natural(part[1]) and part[1] < 1 << 64
            and natural(part[2])):
        return False
    if len(part) == 3:
        return True
    group, groups, total = part[3:]
    return (natural(groups) and 1 <= groups < 1 << 32 and (group is None or natural(group) and group < groups)
            and (total is None or isinstance(total, (int, float)) and 0 <= total < math.inf))


def _fits_later(later: object) -> bool:
    """Whether ``later`` is a step's record begun (:meth:`Later.record`)."""
    return (isinstance(later, dict) and set(later) == {"parts", "size", "through", "states", "done"}
            and all(natural(later[key]) for key in ("parts", "size", "through", "states"))
            and 1 <= later["through"] < later["parts"] < 1 << 32 and isinstance(later["done"], list)
            and all(_fits_part(part) for part in later["done"]))


def fits_record(value: object) -> bool:
    """Whether ``value`` is a frontier's record as :meth:`Sweep.record` makes it: its step and partitions
    (:meth:`Part.record`), the growth the sweep saw by row (a checkpoint written before it kept none), and
    the next step when it was begun (:meth:`Later.record`)."""
    return (isinstance(value, dict) and {"step", "parts"} <= set(value) <= {"step", "parts", "growth", "next"}
            and natural(value["step"]) and isinstance(value["parts"], list)
            and all(_fits_part(part) for part in value["parts"])
            and ("next" not in value or _fits_later(value["next"]))
            and isinstance(value.get("growth", {}), dict) and all(
                isinstance(row, str) and row.isdigit() and isinstance(grew, (int, float)) and 0 <= grew < math.inf
                for row, grew in value.get("growth", {}).items()))


def load_frontier(store: Checkpoint, task: int, record: dict, plan: Plan) -> Frontier:
    """The frontier a checkpoint recorded as ``task`` (a record :func:`fits_record`), mapped from its files
    (each checked against its fingerprint)."""
    step = record["step"]
    if step != task or step > plan.squares:
        raise CheckpointError(f"the checkpoint {store.path} is damaged (its step does not fit the board); "
                              "give another file")
    later = record.get("next")
    parts = _load_parts(store, record["parts"], plan)
    if later is None:
        return Frontier(step, parts)
    done = _load_parts(store, later["done"], plan)
    if step + 1 > plan.squares or {p.rows.shape[1] for p in done} - {p.rows.shape[1] for p in parts}:
        raise CheckpointError(f"the checkpoint {store.path} is damaged (its frontiers do not fit its count); "
                              "give another file")
    return Frontier(step, parts, Later(later["parts"], later["size"], later["through"], later["states"], done))


def _load_parts(store: Checkpoint, records: list, plan: Plan) -> list[Part]:
    """The partitions of a record (each a :meth:`Part.record`), mapped from their files (each checked
    against its fingerprint)."""
    parts = []
    for name, printed, states, *grouped in records:
        words = load_array(os.path.join(store.folder, name), printed)
        try:
            rows = rows_of(words)
        except InputError:
            rows = words[:0]
        if len(rows.shape) != 2 or rows.shape[0] != states or rows.shape[1] <= plan.words:
            raise CheckpointError(f"the checkpoint {store.path} is damaged (its frontiers do not fit its "
                                  "count); give another file")
        parts.append(Part(rows, states, name, printed, *grouped))
    if len({p.rows.shape[1] for p in parts}) > 1:
        raise CheckpointError(f"the checkpoint {store.path} is damaged (its frontiers do not fit its count); "
                              "give another file")
    return parts


#: held while a partition's file is mapped back (:func:`write_partition`)
_LOADING = threading.Lock()


def write_partition(table: Table, folder: str, name: str, keys: tuple[Plan, int] | None = None) -> list[Part]:
    """Write a table's codes and counts as packed numpy files (:mod:`.packed`: empty places left out, sorted by
    code), with their fingerprints, and map them back: one file ``folder/name.npy``; or with ``keys`` (a plan
    and the step that will expand these codes), :data:`GROUPS` files ``folder/name-gK.npy``, a code in the
    group its key at that step falls in (:func:`.table.group_rows`).  The table's rows are moved and sorted in
    their own memory: the table is left unusable (the next one to use its memory clears it)."""
    groups = 1 if keys is None else GROUPS
    paths = [os.path.join(folder, f"{name}.npy" if keys is None else f"{name}-g{k}.npy") for k in range(groups)]
    filled = table.entries(0, table.places, table.rows)
    rows, spare = table.rows[:filled], table.rows[filled:]  # the codes moved to the front, the places after them
    starts = [0, len(rows)] if keys is None else group_rows(*keys, rows, groups).tolist()
    writers: list[Writer] = []
    try:
        for path, lo, hi in zip(paths, starts, starts[1:]):
            writers.append(Writer(path, rows.shape[1]))
            writers[-1].add(rows[lo:hi], spare)
        prints = [writer.close() for writer in writers]
    except BaseException:
        for writer in writers:
            writer.discard()
        raise
    totals = [sum(float(rows[lo:hi, column].astype(np.float64).sum()) * 2.0 ** (LIMB_BITS * limb)
                  for limb, column in enumerate(range(table.words, rows.shape[1])))
              for lo, hi in zip(starts, starts[1:])]
    # copy-on-write ("c"), as checkpoint.load_array maps files; one thread at a time (numpy reads the header
    # with ast.literal_eval, which Python 3.11's threads can break)
    with _LOADING:
        files = [np.load(path, mmap_mode="c") for path in paths]
    return [Part(Packed(words), hi - lo, os.path.basename(path), printed, None if keys is None else k, groups,
                 total)
            for k, (words, lo, hi, path, printed, total) in enumerate(zip(files, starts, starts[1:], paths, prints,
                                                                          totals))]


class NoRoom(Exception):
    """A partition's table would outgrow its share of ``memory``: the step runs again with more waves."""


#: the most places a table may have (its hash takes 32 bits)
MOST_PLACES = (1 << 32) - 1


def _whole_array(rows: np.ndarray) -> np.ndarray:
    """The table's whole array whose first rows ``rows`` are."""
    return rows.base if isinstance(rows.base, np.ndarray) and rows.base.ndim == 2 else rows


def places_for(n: float) -> int:
    """Places for a table of about ``n`` places: at least 1024, at most :data:`MOST_PLACES`, rounded up to
    a multiple of 1024."""
    return min(MOST_PLACES, max(1024, -(-int(n) // 1024) * 1024))


@dataclass
class Owner:
    """A thread's part of a step: its table (partition ``part``), the rows it has still to take
    (``shares``) and those other threads handed over (``inbox``), each as (rows, lo, hi); its outbox;
    ``block``: the block of a packed file it read last (its packed rows, first row and rows decoded)."""

    part: int
    table: Table
    outbox: Outbox | None
    #: its table's memory held another table before (it must be emptied; new memory comes empty)
    used: bool = False
    shares: list[tuple[np.ndarray | Packed, int, int]] = field(default_factory=list)
    inbox: list[tuple[np.ndarray, int, int]] = field(default_factory=list)
    block: tuple[Packed | None, int, np.ndarray | None] = (None, 0, None)

    @property
    def busy(self) -> bool:
        return bool(self.shares or self.inbox)


class Sweep:
    """One frontier count on this machine: ``plan``'s squares, tables of at most ``memory`` bytes together,
    ``threads`` threads for the big steps, the files in ``folder`` (made when needed; a temporary directory
    when None), reports and ``cancel`` through ``tracker``."""

    def __init__(self, plan: Plan, memory: int, threads: int, tracker: Tracker, folder: str | None,
                 work: list[float] | None = None) -> None:
        self.plan, self.memory, self.threads, self.tracker = plan, memory, threads, tracker
        #: the progress reported once each square is swept: the squares themselves, or with ``work`` (the states
        #: expected after each square, :func:`.estimate.square_states`) the percent of the work, each step
        #: weighed by the states it makes
        self.reached = [float(k) for k in range(plan.squares + 1)]
        if work is not None and sum(work[:plan.squares]) > 0:
            for k, states in enumerate(work[:plan.squares]):
                self.reached[k + 1] = self.reached[k] + states
            self.reached = [100 * done / self.reached[-1] for done in self.reached]  # the last one 100 exactly
        self.folder = folder
        self.own_folder = folder is None
        #: the fewest waves a step is cut into (doubled when a partition outgrows its table)
        self.waves = 1
        #: the most partitions a step was cut into
        self.most_parts = 1
        self.states: list[int] = []
        #: how much each row of the previous column grew the states (the next step's plan)
        self.growth: dict[int, float] = {}
        self.pool: ThreadPoolExecutor | None = None
        #: table memory no frontier holds, for the next tables (new memory costs more than clearing)
        self.spares: list[np.ndarray] = []
        #: the tables in use (a step's, or a frontier's kept in memory), by id: with the spares, kept within
        #: ``memory`` (spares go first; a table that would not fit makes the step run again in more waves)
        self.live: dict[int, np.ndarray] = {}
        self.keep_on_disk = False
        #: where each step is recorded (:meth:`run`'s)
        self.store: Checkpoint | None = None
        #: the states that can still be completed (:mod:`.completable`), found before the first local step
        self.completable: Completable | None = None

    # ----------------------------------------------------------------------------------------------------------
    def run(self, frontier: Frontier, store: Checkpoint | None,
            step: Callable[[Frontier], Frontier] | None = None) -> Frontier:
        """Sweep from ``frontier`` to the last square; with ``store``, every step's frontier is recorded
        there (its files in the store's folder).  ``step`` replaces this machine's step (a cluster's)."""
        n = self.plan.squares
        self.keep_on_disk = store is not None
        self.store = store
        self.tracker.update(self.reached[frontier.step], since=True)  # a resumed count's squares were done before
        try:
            while frontier.step < n:
                self.tracker.update(self.reached[frontier.step],
                                    detail=f"square {frontier.step} of {n}: {frontier.states:,} "
                                    f"state{'s' if frontier.states != 1 else ''}")
                following = (step or self.step)(frontier)
                self.states.append(following.states)
                if frontier.states:
                    self.growth[frontier.step % self.plan.height] = following.states / frontier.states
                if store is not None:
                    store.record(following.step, self.record(following))
                    store.forget([frontier.step])
                self.release(frontier)
                frontier = following
        finally:
            if self.pool is not None:
                self.pool.shutdown()
                self.pool = None
            self.spares.clear()
            if self.completable is not None:
                self.completable.close()
        self.tracker.update(self.reached[n])
        self.tracker.finish()
        return frontier

    def progressed(self, squares: float) -> float:
        """The progress to report ``squares`` into the sweep (:attr:`reached`, a step's part in proportion)."""
        k = min(int(squares), self.plan.squares - 1)
        return self.reached[k] + (squares - k) * (self.reached[k + 1] - self.reached[k])

    def record(self, frontier: Frontier) -> dict:
        """What a checkpoint keeps of a frontier (its partitions must be on disk): its record, and the growth
        of each row seen so far, which plans the next steps of a count resumed from it."""
        return {**frontier.record(), "growth": {str(row): grew for row, grew in sorted(self.growth.items())}}

    def recall(self, record: dict) -> None:
        """The growth of each row that a checkpoint's record (:meth:`record`) kept, for the next steps."""
        self.growth.update({int(row): float(grew) for row, grew in record.get("growth", {}).items()
                            if int(row) < self.plan.height})

    def release(self, frontier: Frontier) -> None:
        """A frontier the next one replaces: its files removed, its tables' memory kept for later tables."""
        for part in frontier.parts:
            if part.name is not None:
                path = os.path.join(str(self.folder), part.name)
                if os.path.exists(path):
                    os.remove(path)
            elif isinstance(part.rows, np.ndarray):  # a table's rows, kept in memory
                if len(part.rows) >= 1 << 16:
                    self._spare(part.rows)
                else:
                    self.live.pop(id(_whole_array(part.rows)), None)

    @property
    def held(self) -> int:
        """Bytes of the tables in use and spare."""
        return sum(a.nbytes for a in self.spares) + sum(a.nbytes for a in self.live.values())

    def _spare(self, rows: np.ndarray) -> None:
        """Keep a table's memory (the whole array its rows are the first rows of) for later tables."""
        whole = _whole_array(rows)
        self.live.pop(id(whole), None)
        self.spares.append(whole)

    def _spare_since(self, before: set[int]) -> None:
        """The tables a step's try took that no frontier holds (it failed): spares now."""
        for key in [key for key in self.live if key not in before]:
            self.spares.append(self.live.pop(key))

    def relaxation(self, in_files: bool = False) -> Completable:
        """The count's completable states (:mod:`.completable`), found on first use; their sets are kept in
        files of the run's folder ``in_files`` (a cluster's workers read them there) or when they are many
        (:data:`RELAXATION_IN_FILES`).  The tables' budget is what ``memory`` leaves besides a step's bitmap."""
        if self.completable is None:
            big = self.plan.relaxes and self.plan.relaxed_size >= RELAXATION_IN_FILES
            self.completable = completable(self.plan, self.tracker, self.work_folder() if in_files or big else None)
            self.memory -= self.plan.relaxed_size // 8 if self.plan.relaxes else 0
        return self.completable

    def close(self) -> None:
        """Remove the run's own temporary folder (a checkpoint's folder is the checkpoint's)."""
        if self.own_folder and self.folder is not None:
            shutil.rmtree(self.folder, ignore_errors=True)
            self.folder = None

    def work_folder(self) -> str:
        if self.folder is None:
            self.folder = tempfile.mkdtemp(prefix="knight-frontier-")
        os.makedirs(self.folder, exist_ok=True)
        return self.folder

    def threads_pool(self) -> ThreadPoolExecutor:
        if self.pool is None:
            self.pool = ThreadPoolExecutor(self.threads, thread_name_prefix="knight-frontier")
        return self.pool

    # ----------------------------------------------------------------------------------------------------------
    def step(self, frontier: Frontier) -> Frontier:
        """The frontier after the next square, in this process."""
        self.relaxation()
        columns = (frontier.later.done if frontier.later is not None else frontier.parts)[0].rows.shape[1]
        while True:
            before = set(self.live)
            try:
                return self._step(frontier, columns)
            except CountOverflow:
                self._spare_since(before)
                columns += 1
            except NoRoom:
                self._spare_since(before)
                self.waves *= 2
            except OSError as exc:  # writing the partitions: a full disk, mostly
                raise OutputError(f"cannot write the partitions of square {frontier.step + 1} in {self.folder}: "
                                  f"{exc.strerror or exc}; free disk space there (with a checkpoint they go "
                                  "beside it, and it keeps the squares before)") from None

    def plan_step(self, frontier: Frontier, columns: int) -> tuple[int, int, int, int]:
        """(threads, waves, places per table, most places per table) for the next step."""
        states = frontier.states
        threads = self.threads if states >= THREADED_STATES else 1
        most = places_for(self.memory / threads / (8 * columns) - 1023)
        expect = self.expected(frontier)
        waves = max(self.waves, math.ceil(expect / (threads * LOAD * most)))
        if self.keyed(threads * waves, states):
            expect *= KEYED_SPREAD
            waves = max(waves, math.ceil(expect / (threads * LOAD * most)))
        size = min(most, places_for(expect / (threads * waves) / LOAD))
        return threads, waves, size, most

    def expected(self, frontier: Frontier) -> float:
        """The states the next step is planned for: the frontier's times the growth the same row of the previous
        column showed (and :data:`MARGIN`), or :data:`GROWTH` when it says nothing."""
        seen = self.growth.get(frontier.step % self.plan.height)
        return max(1024.0, frontier.states * (GROWTH if seen is None else min(GROWTH, MARGIN * seen)))

    def check_disk(self, frontier: Frontier, removes: bool) -> None:
        """Stop before a step whose files would not fit in the free disk of the run's folder
        (:class:`~boardpuzzles.errors.OutputError`; a checkpoint keeps the squares before): its expected
        states (:meth:`expected`; those of its partitions left, when it was begun) times the bytes a state of
        the frontier's own files take (before any is written, :data:`.packed.SHARE` of a row); less the
        frontier's files, but an eighth, when the step removes them as it goes (``removes``)."""
        folder = self.work_folder()
        named = [part for part in frontier.parts if part.name is not None]
        held = sum(os.path.getsize(os.path.join(folder, str(part.name))) for part in named)
        states = sum(part.states for part in named)
        each = held / states if states else SHARE * 8 * frontier.parts[0].rows.shape[1]
        need = self.expected(frontier) * each
        if frontier.later is not None:
            need *= 1 - frontier.later.through / frontier.later.parts
        if removes:
            need = max(0.0, need - held) + min(need, held) / GROUPS
        free = shutil.disk_usage(folder).free
        if need > free:
            raise OutputError(f"square {frontier.step + 1} needs about {size_text(need)} of disk for its "
                              f"partitions in {folder}, which has {size_text(free)} free; free disk space there "
                              "(with a checkpoint they go beside it, and it keeps the squares before)")

    @staticmethod
    def keyed(parts: int, states: int) -> bool:
        """Whether a step of ``states`` states in ``parts`` partitions is cut by the codes' keys
        (:data:`KEYED_STATES`)."""
        return parts > 1 and parts * KEYED_STATES <= states

    def _step(self, frontier: Frontier, columns: int) -> Frontier:
        """The next step in ``waves`` waves: the first of a partition a thread, its successors handed between
        the threads; the partitions left built from the rows again (each wave passing over the codes of the
        others), as many at a time as their tables (sized by the first wave's) fit in ``memory``, a multiple
        of the threads.  A step cut by keys whose frontier is in groups of files (:data:`GROUPS`) reads, each
        wave, the groups its partitions take.  With a checkpoint, a step cut by keys is recorded after each
        wave (:meth:`_used`): a count resumed from it goes on from its next wave (``frontier.later``); and
        when its counts cannot outgrow their limbs (:meth:`bounded`), it removes the groups it has used (a
        count whose partition then outgrows ``memory`` goes on with more).  A step begun whose later wave
        outgrows ``memory`` goes on in smaller waves, and runs again from its first one only when it has
        removed nothing.  The step's progress is its partitions finished."""
        i = frontier.step
        later = frontier.later
        threads, waves, size, most = self.plan_step(frontier, columns)
        parts = threads * waves if later is None else later.parts
        self.most_parts = max(self.most_parts, parts)
        assert self.completable is not None
        bits = self.completable.bitmap(i)
        on_disk = (later is not None or self.keep_on_disk or parts > threads
                   or 2 * threads * size * 8 * columns > IN_MEMORY * self.memory)
        keyed = self.keyed(parts, frontier.states)
        recorded = self.store is not None and keyed
        removes = recorded and self.bounded(frontier, columns)
        if on_disk:
            self.check_disk(frontier, removes)
        keys = (self.plan, i + 1) if on_disk and keyed and i + 1 < self.plan.squares else None
        if later is None:
            first = self._build(frontier, range(threads), threads, size, columns, parts, keyed, bits, most)
            out = self._finish(first, i, on_disk, keys)
            fitted = min(size, places_for(max(owner.table.filled for owner in first) * MARGIN / LOAD))
            del first  # its tables are spares now, and go with them below (the owners held them)
            at = threads
        else:
            out, fitted, at = list(later.done), later.size, later.through
        if at < parts:
            self.spares.clear()  # the wider tables of the first wave would hold a few of these each
        most_owned = parts
        while at < parts:
            if recorded:
                self._used(frontier, parts, at, fitted, out, removes)
            # a whole number of partitions a thread: a wave of 3 on 2 threads keeps one waiting a quarter of the time
            fit = max(threads, int(self.memory // (fitted * 8 * columns)) // threads * threads)
            owned = range(at, min(parts, at + most_owned, at + fit))
            before = set(self.live)
            try:
                out += self._finish(self._build(frontier, owned, threads, fitted, columns, parts, keyed, bits, most),
                                    i, True, keys)
            except NoRoom:
                if recorded and len(owned) > 1:
                    self._spare_since(before)
                    most_owned = len(owned) // 2  # a step begun goes on in smaller waves
                    continue
                if removes:
                    raise InputError(f"{{parameter}} is too small for square {i + 1}: one of its partitions "
                                     "outgrew it; the checkpoint goes on with more", parameter="memory",
                                     value=self.memory) from None
                self._again(frontier)
                raise  # the step runs again in more waves
            except CountOverflow:
                if removes:
                    raise RuntimeError(f"square {i + 1} outgrew its limbs, which its counts' total ruled out")
                self._again(frontier)
                raise  # the step runs again with one more limb
            at = owned.stop
        return Frontier(i + 1, out)

    def _again(self, frontier: Frontier) -> None:
        """A step begun that runs again from its first wave (none of the frontier's files was removed): its
        record is the frontier's again before any of its partitions' files is written anew."""
        if frontier.later is not None:
            frontier.later = None
            if self.store is not None:
                self.store.record(frontier.step, self.record(frontier))

    def bounded(self, frontier: Frontier, columns: int) -> bool:
        """Whether no count the next step builds can outgrow the limbs of rows of ``columns``: the frontier's
        files told their counts' total (:func:`write_partition`), and :data:`COUNT_MARGIN` times it fits."""
        totals = [part.total for part in frontier.parts]
        return all(total is not None for total in totals) and \
            COUNT_MARGIN * sum(total or 0.0 for total in totals) < 2.0 ** (LIMB_BITS * (columns - self.plan.words))

    def _used(self, frontier: Frontier, parts: int, through: int, size: int, done: list[Part], remove: bool) -> None:
        """The frontier once the first ``through`` of the step's ``parts`` partitions are written (``done``):
        the step recorded as begun, then (``remove``) the files of the groups whose keys those partitions took
        all removed, and their partitions dropped from the frontier (a file's space comes back once no map of
        it is left)."""
        end = key_range(through - 1, parts)[1]
        gone = [p for p in frontier.parts if remove and p.name is not None and p.group is not None
                and key_range(p.group, p.groups)[1] <= end]
        frontier.later = Later(parts, size, through, frontier.states, list(done))
        frontier.parts = [p for p in frontier.parts if all(p is not g for g in gone)]
        if self.store is not None:
            self.store.record(frontier.step, self.record(frontier))
        for part in gone:
            os.remove(os.path.join(self.work_folder(), str(part.name)))

    def _build(self, frontier: Frontier, owned: range, threads: int, size: int, columns: int, parts: int,
               keyed: bool, bits: np.ndarray, most: int) -> list[Owner]:
        """The partitions ``owned`` of a step of ``parts`` (their tables of ``size`` places) built from the
        frontier's rows (those of its files that may hold their keys, when ``keyed``), cut into a share for
        each of ``threads`` threads (the first owners expand, the others take what is handed to them), by the
        codes' keys or not (``keyed``, :meth:`.table.Table.expand`).  Returns the owners, their tables full."""
        i = frontier.step
        lo, hi = key_range(owned.start, parts)[0], key_range(owned.stop - 1, parts)[1]
        among = [part for part in frontier.parts if not keyed or part.takes(lo, hi)]
        owners = self._owners(owned, size, columns, frontier.parts[0].rows.shape[1])
        for owner, share in zip(owners, frontier.shares(min(threads, len(owners)), among)):
            owner.shares = share
        total = sum(len(p.rows) for p in among)
        self._rounds(owners, lambda owner, budget: self._expand(owner, i, bits, budget, most, parts, keyed),
                     lambda done: self.progressed(i + (owned.start + len(owned) * done / max(1, total)) / parts))
        return owners

    def _owners(self, parts: range, size: int, columns: int, given: int) -> list[Owner]:
        """An owner for each partition of ``parts``, its table of ``size`` places of ``columns`` empty (memory
        that held another table is emptied in the owners' threads), with an outbox for those partitions, of
        rows of ``given`` columns, when there are several."""
        box = len(parts) > 1
        owners = [Owner(part, Table(rows, self.plan.words),
                        Outbox(len(parts), OUTBOX_ROWS, given, parts.start) if box else None, used)
                  for part, (rows, used) in zip(parts, (self._rows(size, columns) for _ in parts))]
        self._in_threads(owners, lambda owner: owner.table.clear() if owner.used else None)
        return owners

    def _in_threads(self, owners: list[Owner], work: Callable[[Owner], object]) -> list:
        if len(owners) == 1:
            return [work(owners[0])]
        jobs = [self.threads_pool().submit(work, owner) for owner in owners]
        wait(jobs)
        return [job.result() for job in jobs]

    def _finish(self, owners: list[Owner], i: int, on_disk: bool, keys: tuple[Plan, int] | None) -> list[Part]:
        """The owners' partitions: their tables as they are, or written to disk (in their threads; in groups
        by the next step's ``keys``, :func:`write_partition`)."""
        if not on_disk:
            return [Part(owner.table.rows, owner.table.filled) for owner in owners]
        folder = self.work_folder()
        parts = self._in_threads(owners, lambda owner: write_partition(owner.table, folder,
                                                                       f"step{i + 1}-part{owner.part}", keys))
        for owner in owners:
            self._spare(owner.table.rows)
        return [part for written in parts for part in written]

    def _rows(self, size: int, columns: int) -> tuple[np.ndarray, bool]:
        """``size`` rows of ``columns`` for a table, and whether they held another table: the first rows of
        the smallest spare that has them, or new memory (which comes empty)."""
        fitting = [k for k, spare in enumerate(self.spares) if len(spare) >= size and spare.shape[1] == columns]
        if fitting:
            best = self.spares.pop(min(fitting, key=lambda k: len(self.spares[k])))
            self.live[id(best)] = best
            return best[:size], True
        self.spares = [spare for spare in self.spares if spare.shape[1] == columns]
        while self.spares and self.held + size * 8 * columns > self.memory:
            self.spares.pop(0)  # memory over the budget goes back before new memory comes
        if self.held + size * 8 * columns > self.memory and size > places_for(0):
            raise NoRoom()  # a table growing needs its old and its new memory at once: the step is cut finer
        rows = np.zeros((size, columns), dtype=np.int64)
        self.live[id(rows)] = rows
        return rows, False

    def _grow(self, owner: Owner, most: int) -> None:
        """Twice the places for an owner's table (at most ``most``), or :class:`NoRoom`."""
        if owner.table.places >= most:
            raise NoRoom()
        size = min(most, 2 * owner.table.places)
        old = owner.table
        rows, used = self._rows(size, old.rows.shape[1])
        if used:
            rows.fill(NO_KEY)
        owner.table = old.grown(rows)
        self._spare(old.rows)

    def _absorb(self, owner: Owner, size: int, most: int) -> int:
        """Add the owner's inbox to its table, ``size`` rows or so; returns how many it took."""
        taken = 0
        while owner.inbox and taken < size:
            rows, lo, hi = owner.inbox[0]
            stop = min(hi, lo + size - taken)
            at = owner.table.absorb(rows, lo, stop)
            taken += at - lo
            if at < stop:
                self._grow(owner, most)
            owner.inbox[0] = (rows, at, hi)
            if at == hi:
                owner.inbox.pop(0)
        return taken

    def _expand(self, owner: Owner, i: int, bits: np.ndarray, size: int, most: int, parts: int, keyed: bool) -> int:
        """The owner's inbox, then up to ``size`` of its rows expanded (the successors ``bits`` keeps: the
        step's bitmap of completable states; those of the codes of the owner's wave, of the step's ``parts``
        partitions); returns the rows it took.  Stops early when its outbox is full (the round's end hands it
        over)."""
        self._absorb(owner, 1 << 62, most)
        taken = 0
        while owner.shares and taken < size:
            rows, lo, hi = owner.shares[0]
            box = owner.outbox or Outbox(1, 16, rows.shape[1], owner.part)
            stop = min(hi, lo + size - taken)
            if isinstance(rows, Packed):  # the rows of the block that holds row lo
                packed, first, decoded = owner.block
                if packed is not rows or decoded is None or not first <= lo < first + len(decoded):
                    first, decoded = rows.block(lo, decoded)
                    owner.block = (rows, first, decoded)
                stop = min(stop, first + len(decoded))
                at = first + owner.table.expand(self.plan, i, decoded, lo - first, stop - first, box, owner.part,
                                                bits, parts, keyed)
            else:
                at = owner.table.expand(self.plan, i, rows, lo, stop, box, owner.part, bits, parts, keyed)
            taken += at - lo
            owner.shares[0] = (rows, at, hi)
            if at == hi:
                owner.shares.pop(0)
            if at < stop:
                if owner.table.room < 16 * 16:
                    self._grow(owner, most)
                else:
                    break  # the outbox is full
        return taken

    def _rounds(self, owners: list[Owner], work: Callable[[Owner, int], int],
                fraction: Callable[[float], float]) -> None:
        """Run ``work(owner, size)`` for every owner, each in its thread, in rounds of about 0.1 s, until
        every owner's rows and inbox are taken; between rounds the outboxes are handed over to the owners'
        inboxes, and the progress is reported and ``cancel`` looked at (``fraction``: of the rows taken, the
        step's progress)."""
        budget = Budget(first=1 << 12)
        done = 0
        while any(owner.busy for owner in owners):
            began = time.monotonic()
            busy = [owner for owner in owners if owner.busy]
            done += sum(self._in_threads(busy, lambda owner: work(owner, budget.size)))
            for owner in owners:
                if owner.outbox is not None:
                    self._hand_over(owner, owners)
            budget.measure(began)
            self.tracker.update(fraction(done))

    @staticmethod
    def _hand_over(owner: Owner, receivers: list[Owner]) -> None:
        """Empty an outbox: each partition's rows to its owner's inbox (the receivers own the outbox's
        partitions, in order)."""
        box = owner.outbox
        assert box is not None
        for part in map(int, np.flatnonzero(box.filled)):
            rows = box.take(part)
            receivers[part].inbox.append((rows, 0, len(rows)))


__all__ = ["Frontier", "Part", "Later", "Sweep", "start_frontier", "load_frontier", "write_partition", "fits_record",
           "checkpoint_meta", "swept", "CHECKPOINT_VERSION", "OWN_FILES", "NO_KEY"]
