"""Exact counts of knight's tours, on any board shape: the frontier dynamic program (:mod:`.frontier`,
stepped by :mod:`.sweep` on this machine or :mod:`.cluster` on a dask cluster) for boards up to 10
squares across, the exhaustive search (:mod:`.search`) for small boards.

Blocked squares are taken off the board: tours pass every free square.  A
count that cannot end in reasonable time is refused before it starts, with
the estimate of :mod:`.estimate` (its time, memory and disk), unless ``force``.
The frontier's checkpoint is a :class:`~boardpuzzles.checkpoint.Checkpoint`:
each step's frontier is recorded as the files of its partitions, kept in the
checkpoint's folder (``FILE.parts``) with their fingerprints.
"""

from __future__ import annotations

import json
import os
import threading
import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field, replace
from typing import Any, Literal, get_args

import numpy as np

from .. import __version__, checks, runner
from ..counts import Count, said
from ..checkpoint import Checkpoint
from ..errors import CheckpointError, InputError, TooLong
from ..geometry import Square, square_name
from ..progress import ProgressFn, Tracker
from ..symmetry import square_classes
from . import chunks, codes, frontier, theory
from .estimate import estimate_count, square_states
from .moves import neighbour_table
from .packed import dense
from .search import PAUSED, Search
from .parts import Results, Split, check_split, cut_rows, part_frontier
from .asked import check_memory, check_squares, default_memory, default_threads, sweep_index, sweep_order
from .sweep import CHECKPOINT_VERSION, OWN_FILES, Sweep, checkpoint_meta, fits_record, load_frontier, start_frontier

CountMethod = Literal["frontier", "backtrack"]
COUNT_METHODS: tuple[CountMethod, ...] = get_args(CountMethod)
#: the exhaustive search counts boards up to this many squares without ``force``
BACKTRACK_SQUARES = 36
#: boards whose sides are both in this range (5x5, 5x6, 6x6) are counted faster by listing their tours
#: (``benchmarks/knight_counts.py --methods``)
LISTING_SIDES = range(5, 7)
#: the frontier method runs without ``force`` when its estimate says at most this many seconds of CPU here
#: (and no more disk than is free)
FRONTIER_SECONDS = 300.0
#: what a frontier count's progress counts: its steps weighed by the states the estimate's model expects after
#: each (the widest steps take hours, the first ones seconds), out of 100
WORK_UNIT = "% of the estimated work"


@dataclass(frozen=True, eq=False, repr=False)
class TourCount(Count):
    """The number of tours of a board (its ``blocked`` squares taken off), ``count``: open ones directed,
    closed ones undirected; counted by ``method`` in ``seconds`` (a :class:`~boardpuzzles.counts.Count`:
    ``==`` leaves out how).

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
    #: the most partitions a step of the frontier method was cut into (1: one table a step)
    partitions: int = 1
    #: the frontier method's states after each square this call swept (after a resume: from there on)
    states: tuple[int, ...] = ()
    blocked: frozenset[Square] = field(default_factory=frozenset)
    #: steps run again because a cluster's worker was lost during them
    redone: int = 0
    #: bytes a cluster's workers sent each other (the successors handed to their owners)
    sent_bytes: int = 0
    #: the part of the count this is (:func:`count_part`), or None: the whole count
    split: Split | None = None

    #: ``peak_states`` says how the frontier method went, not what it counted
    MEASURED = Count.MEASURED | {"peak_states"}

    def to_json(self) -> dict[str, Any]:
        """What ``knight count --json`` prints: ``rows``, ``cols``, ``closed``, ``start``, ``blocked``,
        ``count``, ``method``, ``peak_states``, ``seconds``, ``part`` (``part``, ``parts`` and ``after`` of a part
        of the count, :func:`count_part`; else None)."""
        return {"rows": self.rows, "cols": self.cols, "closed": self.closed,
                "start": square_name(*self.start) if self.start is not None else None,
                "blocked": [square_name(*sq) for sq in sorted(self.blocked)], "count": self.count,
                "method": self.method, "peak_states": self.peak_states, "seconds": round(self.seconds, 3),
                "part": self.split.to_json() if self.split is not None else None}

    def text(self) -> str:
        """``'5x5 open from a1: 304 tours (directed)'``."""
        start = f" from {square_name(*self.start)}" if self.start is not None else ""
        without = f" without {', '.join(square_name(*sq) for sq in sorted(self.blocked))}" if self.blocked else ""
        part = f", {self.split} after {self.split.after} squares" if self.split is not None else ""
        return (f"{self.rows}x{self.cols}{without} {'closed' if self.closed else 'open'}{start}{part}: {said(self.count)} "
                f"tour{'' if self.count == 1 else 's'} ({'undirected' if self.closed else 'directed'})")


def pick_method(rows: int, cols: int, frontier_only: bool = False) -> CountMethod:
    """The faster method for the board: listing the tours on 5x5, 5x6 and 6x6
    (:data:`LISTING_SIDES`), the frontier on every other board up to 10 squares across;
    the frontier whenever ``frontier_only`` (an option only it has was given) and it can work."""
    if min(rows, cols) > codes.MOST_HEIGHT:
        return "backtrack"
    if not frontier_only and rows in LISTING_SIDES and cols in LISTING_SIDES:
        return "backtrack"
    return "frontier"


def check_count(rows: int, cols: int, closed: bool, start: Square | None, method: CountMethod | None,
                force: bool = False, frontier_only: bool = False, blocked: frozenset[Square] = frozenset(),
                memory: int | None = None, workers: int | None = None,
                checkpoint: str | os.PathLike[str] | None = None) -> CountMethod:
    """Refuse a count that cannot be made or cannot end in reasonable time (quoting the estimate);
    return the method (``frontier_only``: an option only the frontier method has was given)."""
    if method is not None and (not isinstance(method, str) or method not in COUNT_METHODS):
        raise InputError("{parameter} must be one of " + ", ".join(COUNT_METHODS), parameter="method",
                         value=method, allowed=COUNT_METHODS)
    chosen = method or pick_method(rows, cols, frontier_only)
    height = min(rows, cols)
    kind = "closed" if closed else "open"
    if chosen == "frontier":
        if height > codes.MOST_HEIGHT:
            raise InputError(f"{{parameter}} frontier counts boards up to {codes.MOST_HEIGHT} squares across "
                             f"(its codes hold {codes.MOST_HEIGHT}); the {rows}x{cols} board is {height} "
                             "across", parameter="method", value=chosen, show_value=False)
        if not force:
            guess = estimate_count(rows, cols, closed, start, blocked=blocked, memory=memory, workers=workers,
                                   checkpoint=checkpoint)
            if guess.too_long(FRONTIER_SECONDS):
                raise TooLong(f"counting the {kind} tours of the {rows}x{cols} board", guess.sentence())
    elif not force and rows * cols - len(blocked) > BACKTRACK_SQUARES:
        raise TooLong(f"counting the tours of the {rows}x{cols} board one by one",
                      f"the exhaustive search lists every tour, and boards over {BACKTRACK_SQUARES} free squares "
                      "have billions of them")
    return chosen


def count_tours(rows: int, cols: int, closed: bool = False, start: Square | None = None,
                method: CountMethod | None = None, *, blocked: Iterable[Square] = (),
                progress: ProgressFn | None = None, cancel: threading.Event | None = None,
                checkpoint: str | os.PathLike[str] | None = None, memory: int | None = None, cluster: Any = None,
                workers: int | None = None, force: bool = False) -> TourCount:
    """Exact number of knight's tours of a ``rows`` x ``cols`` board with the ``blocked`` squares taken off.

    Open tours are directed (A165134: 1728 on 5x5), closed ones undirected
    (A001230: 9862 on 6x6).  With ``start``, the open tours that start there
    (every closed tour passes every square, so ``start`` does not change a
    closed count).  ``method``: ``"frontier"`` (a dynamic program over the
    swept border, boards up to 10 across), ``"backtrack"`` (lists the tours), or
    None for the faster (:func:`pick_method`; the frontier whenever one of its
    own options below is given).  ``checkpoint``: a file that keeps the frontier
    after every square and lets a later call resume; ``memory``: bytes the
    tables of a step (and a step's bitmap of the completable states) may take
    together, a table that grows included, before the step is cut into waves
    (default: half of the machine's memory); ``workers``: threads in this
    process (default: a core each); ``cluster``: a dask.distributed scheduler
    (``tcp://HOST:PORT``) or client, whose workers each own a share of every
    step.  Refuses (:class:`TooLong`, with the estimate of :func:`estimate_count`)
    what cannot end in reasonable time unless ``force``.
    """
    rows, cols, start, holes = check_squares(rows, cols, start, blocked)
    closed, force = checks.flag(closed, "closed"), checks.flag(force, "force")
    memory = check_memory(memory)
    if checkpoint is not None:
        checks.path(checkpoint, "checkpoint")
    runner.check_options(workers, cluster)
    frontier_only = any(option is not None for option in (checkpoint, memory, cluster, workers))
    method = check_count(rows, cols, closed, start, method, force, frontier_only, holes, memory, workers, checkpoint)
    started = time.monotonic()
    if method == "backtrack":
        given = {"checkpoint": checkpoint, "memory": memory, "cluster": cluster, "workers": workers}
        for name, value in given.items():
            if value is not None:
                raise InputError("{parameter} belongs to the frontier method; the exhaustive search "
                                 "(method backtrack) runs in this process", parameter=name, value=value)
        total = _backtrack(rows, cols, closed, start, holes, Tracker("prefixes", progress=progress, cancel=cancel))
        return TourCount(rows, cols, closed, start, total, method, 0, time.monotonic() - started, blocked=holes)
    plan = _plan(rows, cols, closed, start, holes)
    tracker = Tracker(WORK_UNIT, 100, progress, cancel)
    if plan.squares - len(holes) == 1:
        tracker.finish()
        return TourCount(rows, cols, closed, start, 0 if closed else 1, method, 1, time.monotonic() - started,
                         blocked=holes)
    store = _open_checkpoint(checkpoint, rows, cols, closed, start, holes)
    return _frontier_count(plan, store, tracker, started, memory, workers, cluster, None, {},
                           TourCount(rows, cols, closed, start, 0, method, 0, 0.0, blocked=holes))


def _plan(rows: int, cols: int, closed: bool, start: Square | None, holes: frozenset[Square]) -> frontier.Plan:
    height, width, _ = sweep_order(rows, cols)
    first = sweep_index(rows, cols, start) if start is not None and not closed else -1
    return frontier.plan(height, width, closed, first, (sweep_index(rows, cols, sq) for sq in holes))


def _frontier_count(plan: frontier.Plan, store: Checkpoint | None, tracker: Tracker, started: float,
                    memory: int | None, workers: int | None, cluster: Any, split: Split | None,
                    cuts: dict[int, np.ndarray], asked: TourCount) -> TourCount:
    """The frontier count of ``plan`` (of the part ``split`` only, when given), as ``asked`` with its figures.
    ``cuts``: the whole frontiers after a split's squares found so far, by their number of squares (shared by
    the parts of one call, each found when a part first needs it)."""
    sweep = Sweep(plan, memory or default_memory(), workers or default_threads(), tracker,
                  store.folder if store is not None else None, square_states(asked.rows, asked.cols, plan.closed))
    steps = None
    try:
        begin = _resume(store, plan, sweep, split, cuts)
        if cluster is not None and begin.later is not None:
            raise InputError(f"the checkpoint holds square {begin.step + 1} begun on one machine: finish it "
                             "without a {parameter}, then go on with one", parameter="cluster", value=cluster,
                             show_value=False)
        if cluster is not None:
            from .cluster import ClusterSteps  # dask.distributed is an optional dependency
            steps = ClusterSteps(cluster, sweep, memory)
        last = sweep.run(begin, store, steps.step if steps is not None else None)
        total = sum(codes.to_int(row[plan.words:]) for part in last.parts for row in dense(part.rows))
    finally:
        if steps is not None:
            steps.close()
        sweep.close()
        if store is not None:
            store.close()
    if not plan.closed and plan.start < 0:
        total *= 2  # each path is two directed tours
    return replace(asked, count=total, peak_states=max(sweep.states, default=1), seconds=time.monotonic() - started,
                   partitions=sweep.most_parts, states=tuple(sweep.states),
                   redone=steps.redone if steps is not None else 0, sent_bytes=steps.sent if steps is not None else 0,
                   split=split)


def count_part(rows: int, cols: int, closed: bool = False, *, parts: int, part: int, after: int | None = None,
               progress: ProgressFn | None = None, cancel: threading.Event | None = None,
               checkpoint: str | os.PathLike[str] | None = None, memory: int | None = None,
               workers: int | None = None, force: bool = False) -> TourCount:
    """Part ``part`` (0 to ``parts - 1``) of the frontier count of the board's tours (:mod:`.parts`): the
    tours whose first ``after`` squares of the sweep (a column's end; default
    :func:`.parts.default_after`) leave a frontier of group ``part``.  The ``parts`` parts' counts add up to
    :func:`count_tours`'s.  ``checkpoint``, ``memory``, ``workers``, ``progress`` and ``cancel`` as there;
    ``force`` counts a part whose estimate (:func:`estimate_count` with ``parts``) is too long."""
    rows, cols, closed, force, memory, plan = _whole_board(rows, cols, closed, force, memory, checkpoint, workers)
    split = check_split(parts, part, after, plan)
    return _count_part(rows, cols, plan, split, progress, cancel, checkpoint, memory, workers, force, {})


def _whole_board(rows: int, cols: int, closed: bool, force: bool, memory: int | None,
                 checkpoint: str | os.PathLike[str] | None, workers: int | None
                 ) -> tuple[int, int, bool, bool, int | None, frontier.Plan]:
    """The arguments of a count in parts checked, and the plan of its board."""
    rows, cols, _, holes = check_squares(rows, cols, None, ())
    closed, force = checks.flag(closed, "closed"), checks.flag(force, "force")
    memory = check_memory(memory)
    if checkpoint is not None:
        checks.path(checkpoint, "checkpoint")
    runner.check_options(workers, None)
    return rows, cols, closed, force, memory, _plan(rows, cols, closed, None, holes)


def _count_part(rows: int, cols: int, plan: frontier.Plan, split: Split, progress: ProgressFn | None,
                cancel: threading.Event | None, checkpoint: str | os.PathLike[str] | None, memory: int | None,
                workers: int | None, force: bool, cuts: dict[int, np.ndarray]) -> TourCount:
    """The part ``split`` of the count of the board's tours (``plan``: no start, no blocked squares); ``cuts``
    as for :func:`_frontier_count`."""
    if not force:
        guess = estimate_count(rows, cols, plan.closed, memory=memory, workers=workers, parts=split.parts,
                               checkpoint=checkpoint)
        if guess.too_long(FRONTIER_SECONDS):
            raise TooLong(f"counting {split} of the {'closed' if plan.closed else 'open'} tours of the "
                          f"{rows}x{cols} board", guess.sentence())
    started = time.monotonic()
    store = _open_checkpoint(checkpoint, rows, cols, plan.closed, None, frozenset(), split)
    return _frontier_count(plan, store, Tracker(WORK_UNIT, 100, progress, cancel), started, memory,
                           workers, None, split, cuts, TourCount(rows, cols, plan.closed, None, 0, "frontier", 0, 0.0))


def count_parts(rows: int, cols: int, closed: bool = False, *, parts: int, results: str | os.PathLike[str],
                after: int | None = None, progress: ProgressFn | None = None, cancel: threading.Event | None = None,
                checkpoint: str | os.PathLike[str] | None = None, memory: int | None = None,
                workers: int | None = None, force: bool = False, command: str = "") -> TourCount:
    """The board's tours counted in ``parts`` parts (:func:`count_part`), each recorded in the JSON file
    ``results`` once finished, with ``command`` (what made it), the machine and the time; a later call with
    the same file counts only the parts that remain.  ``checkpoint``: part ``j`` keeps its frontiers in
    ``CHECKPOINT.partJ``.  Returns the sum of every part (``seconds``: this call's; ``peak_states``: the
    widest part's); when cancelled, the finished parts stay in the file."""
    checks.path(results, "results")
    rows, cols, closed, force, memory, plan = _whole_board(rows, cols, closed, force, memory, checkpoint, workers)
    split = check_split(parts, 0, after, plan)
    record = Results(results, {"rows": rows, "cols": cols, "closed": closed, "parts": split.parts,
                               "after": split.after, "version": CHECKPOINT_VERSION})
    started = time.monotonic()
    cuts: dict[int, np.ndarray] = {}  # the whole frontier at the cut, once for the parts of this call that start
    for part in record.remaining(split.parts):
        counted = _count_part(rows, cols, plan, Split(split.parts, part, split.after), progress, cancel,
                              None if checkpoint is None else f"{os.fspath(checkpoint)}.part{part}", memory, workers,
                              force, cuts)
        record.add(part, counted.count, counted.seconds, counted.peak_states, command)
    peak = max(int(v["peak_states"]) for v in record.done.values())
    return TourCount(rows, cols, closed, None, record.total(), "frontier", peak, time.monotonic() - started)


def _open_checkpoint(path: str | os.PathLike[str] | None, rows: int, cols: int, closed: bool,
                     start: Square | None, holes: frozenset[Square], split: Split | None = None) -> Checkpoint | None:
    if path is None:
        return None
    meta = checkpoint_meta(rows, cols, closed, start, holes)
    if split is not None:
        meta["split"] = json.dumps(split.to_json(), sort_keys=True)
    return Checkpoint(path, meta, info={"boardpuzzles": __version__})


def _resume(store: Checkpoint | None, plan: frontier.Plan, sweep: Sweep, split: Split | None,
            cuts: dict[int, np.ndarray]) -> Any:
    """The frontier to start from: the checkpoint's last step (its folder cleared of the count's other
    files, such as the partitions a killed run was writing), or the first (a part's: its codes after the
    split, from the whole frontier there, found once into ``cuts``; a part that resumes does not need it)."""
    latest = store.latest(range(plan.squares + 1), fits_record) if store is not None else None
    if latest is not None and store is not None:
        begin = load_frontier(store, *latest, plan)
        sweep.recall(latest[1])
    else:
        if split is None:
            begin = start_frontier(plan)
        else:
            if split.after not in cuts:
                cuts[split.after] = cut_rows(sweep, split.after)
            begin = part_frontier(cuts[split.after], plan, split)
    if store is not None:
        kept = begin.parts + (begin.later.done if begin.later is not None else [])
        store.clear_folder({part.name for part in kept if part.name is not None}, OWN_FILES)
    return begin


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


def _backtrack(rows: int, cols: int, closed: bool, start: Square | None, holes: frozenset[Square],
               tracker: Tracker) -> int:
    """Count by exhaustive search over the free squares, in many short searches (one a prefix of the tour),
    so that ``cancel`` is heard between them."""
    free = np.ones(rows * cols, dtype=np.bool_)
    for r, c in holes:
        free[r * cols + c] = False
    nbr = neighbour_table(rows, cols, free)
    if np.count_nonzero(free) == 1:
        return 0 if closed else 1
    halve = False
    if closed:
        if not holes and not theory.closed_exists(rows, cols)[0]:
            return 0
        degree = np.where(free, (nbr >= 0).sum(axis=1), 9)
        first = int(np.argmin(degree))
        if degree[first] < 2:
            return 0
        # a square with two moves: one is the first move of the cycle, the other the last, so every
        # undirected closed tour is counted once; from a square with more, each is counted once a direction
        seconds = [int(t) for t in nbr[first] if t >= 0]
        halve = len(seconds) > 2
        jobs = [(p, 1) for second in (seconds if halve else seconds[:1]) for p in _prefixes(nbr, [first, second], 4)]
    else:
        squares = [(r, c) for r in range(rows) for c in range(cols) if free[r * cols + c]]
        starts = {start: 1} if start is not None else square_classes(rows, cols, squares, holes)
        jobs = [(p, weight) for (r, c), weight in starts.items() for p in _prefixes(nbr, [r * cols + c], 3)]
    tracker.update(0, total=len(jobs))
    tie = np.where(free, 0, -1).astype(np.int64)
    total = 0
    for prefix, weight in jobs:
        search = Search(nbr, tie, np.asarray(prefix, dtype=np.int64), closed, count_all=True)
        for nodes in chunks.sizes(tracker, first=1 << 14):
            if search.run(nodes) != PAUSED:
                break
        total += weight * search.count
        tracker.advance()
    tracker.finish()
    return total // 2 if halve else total


__all__ = ["TourCount", "count_tours", "count_part", "count_parts", "check_count", "pick_method", "COUNT_METHODS", "CountMethod"]
