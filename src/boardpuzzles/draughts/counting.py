"""Perft: the number of move sequences of a given length, counted in chunks that can be stopped.

The numba kernels count whole subtrees: :func:`.bulk.perft_rows` for the rule sets it
plays (:func:`.bulk.applies`: international, Brazilian, English ..., the distinct count), with
the last ply counted in bulk and, given ``hash`` MiB, a transposition table;
:func:`.fast.perft_rows` for the others. One kernel call cannot be interrupted, so the tree is cut first: positions are
expanded a ply at a time (:func:`.fast.expand`) until what is left under each
is shallow enough to count in a few milliseconds, then counted a chunk of rows
at a time (a :class:`~boardpuzzles.progress.Budget` per depth sizes the chunks
to about 0.1 s). How shallow is learned as it goes: the depth counted in one call
grows while a chunk holds many rows and shrinks when one row takes too long.
Between two calls the count reports its progress and looks at ``cancel``.

Each position carries the part of the tree it stands for (the root is 1, its
children share their parent's part equally), so the report says how much of the
tree is done, an honest guide to the time left where the tree is even.

The rule sets the numba generator does not play (:attr:`.Variant.on_bitboards`) are
counted by the plain-Python generator, which reports at every position; so is a small
tree (:data:`PLAIN_MOST_NODES`) while the kernels are not compiled yet (:func:`compiles`).

With ``workers`` (local processes), ``cluster`` (a dask.distributed scheduler) or
``checkpoint`` (an SQLite file to resume from) the tree is first cut into
independent tasks, the positions a few plies down (at least
:data:`TASKS_PER_WORKER` per worker), which :mod:`boardpuzzles.runner` hands out
and :class:`~boardpuzzles.checkpoint.Checkpoint` records one by one.
"""

from __future__ import annotations

import hashlib
import math
import threading
import time
from dataclasses import dataclass
from typing import Any

import numpy as np

from .. import __version__, checks, runner
from ..checkpoint import Checkpoint, natural
from ..counts import Count, said
from ..errors import InputError, TooLong
from ..progress import Budget, ProgressFn, Tracker
from . import bulk, fast
from .board import Position, parse_fen, require_position
from .moves import after, legal_moves, reference_moves
from .rules import VARIANTS, Variant

#: The method of a count by whether the numba generator plays the rule set (:attr:`.Variant.on_bitboards`):
#: on bitboards, or by the plain-Python generator (:func:`.moves.reference_moves`); on bitboards by the bulk
#: kernels (:func:`.bulk.applies`) it is :data:`BULK`.
METHODS = {True: "bitboard", False: "reference"}
BULK = "bulk"

#: Rows expanded at once (their children are at most a few hundred thousand rows).
EXPAND_ROWS = 4096

#: The depth first counted in one kernel call; it grows while chunks hold more than
#: :data:`DEEPER_AFTER_ROWS` rows and shrinks when one row takes more than :data:`SHALLOWER_AFTER` s.
FIRST_LEAF_DEPTH = 3
DEEPER_AFTER_ROWS = 256
SHALLOWER_AFTER = 0.2

#: Progress is reported as a percentage of the tree.
UNIT = "% of the tree"

#: The deepest count taken (far beyond any that ends: the limit keeps the search's stacks bounded).
MOST_DEPTH = 64

#: Tasks per worker when the tree is cut for workers, a cluster or a checkpoint (a cluster counts as 64
#: workers, a checkpoint alone as one); the cut stops one ply above the leaves.
TASKS_PER_WORKER = 16
CLUSTER_WORKERS = 64

#: The version of the cut: a checkpoint made by another cut is refused, never mixed in.
SPLIT_VERSION = 1

#: Estimated seconds above which perft refuses to start without ``force``: an hour.
MOST_SECONDS = 3600.0

#: Move sequences counted per second, a little under what was measured on the 2-core test machine
#: (numba: 14 to 47 million, Frisian to international; plain Python: about 20 thousand, Canadian).
NODES_PER_SECOND = {True: 1e7, False: 1e4}

#: The same through a transposition table (``hash``), where the tree is deep enough to repeat itself: a
#: little under the 160 million of international perft(11) on the busy 2-core test machine.
HASHED_NODES_PER_SECOND = 1e8

#: Depths that are cheap to count: the estimate grows the tree from the last two of them.
ESTIMATE_DEPTHS = {True: (4, 5), False: (2, 3)}


@dataclass(frozen=True, eq=False, repr=False)
class PerftCount(Count):
    """A perft count: ``count`` move sequences of ``depth`` plies from ``position`` (distinct moves, or every
    capture path with ``paths``); ``divide`` the count under each first move (in the order of the legal
    moves) when asked for, else None; counted by ``method`` (:data:`METHODS`, :data:`BULK`) in ``seconds``,
    through a transposition table of ``hash`` MiB or none (a :class:`~boardpuzzles.counts.Count`: ``==``
    leaves out how).

    >>> from boardpuzzles.draughts import Position
    >>> PerftCount(Position("W:Wc3:Bd4,f6", "russian"), 1, False, 1, None, "bitboard", 0.01)
    PerftCount('russian W:Wc3:Bf6,d4: perft(1) = 1 (distinct moves)')
    """

    position: Position
    depth: int
    paths: bool
    count: int
    divide: tuple[tuple[str, int], ...] | None
    method: str
    seconds: float
    #: MiB of the transposition table the count went through, or None when it had none
    hash: int | None = None

    def to_json(self) -> dict[str, Any]:
        """``variant``, ``fen``, ``depth``, ``paths``, ``nodes`` (the count), ``divide`` (``{move: nodes}``,
        only when divided), ``method``, ``hash`` (MiB of transposition table, or null), ``seconds``."""
        found: dict[str, Any] = {"variant": self.position.variant.name, "fen": self.position.fen(),
                                 "depth": self.depth, "paths": self.paths, "nodes": self.count}
        if self.divide is not None:
            found["divide"] = dict(self.divide)
        return {**found, "method": self.method, "hash": self.hash, "seconds": round(self.seconds, 3)}

    def text(self) -> str:
        """``'russian W:Wc3:Bf6,d4: perft(1) = 1 (distinct moves)'``: the rule set, the position, the count."""
        kind = "every capture path" if self.paths else "distinct moves"
        return f"{self.position.variant.name} {self.position.fen()}: perft({self.depth}) = {said(self.count)} ({kind})"


def perft(
    position: Position,
    depth: int,
    paths: bool = False,
    *,
    force: bool = False,
    hash: int | None = None,
    workers: int | None = None,
    cluster: Any = None,
    checkpoint: str | None = None,
    progress: ProgressFn | None = None,
    cancel: threading.Event | None = None,
) -> int:
    """Move sequences of length ``depth`` from ``position``: distinct moves, or every jump path with ``paths``.

    Takes ``progress`` and ``cancel`` (see :mod:`boardpuzzles.progress`): once ``cancel`` is set it
    raises :class:`~boardpuzzles.errors.Cancelled` within half a second, with nothing left running.
    A count that would take more than an hour is refused unless ``force`` (:func:`check_time`).
    ``hash``: MiB of transposition table (in each process), for the rule sets the bulk kernels play
    (:func:`.bulk.applies`). ``workers``: local processes (default: this process alone); ``cluster``: a
    dask.distributed scheduler address or client; ``checkpoint``: an SQLite file recording each finished
    task, to resume an interrupted count.
    """
    return perft_count(position, depth, paths, force=force, hash=hash, workers=workers, cluster=cluster,
                       checkpoint=checkpoint, progress=progress, cancel=cancel).count


def perft_count(
    position: Position,
    depth: int,
    paths: bool = False,
    *,
    divide: bool = False,
    force: bool = False,
    hash: int | None = None,
    workers: int | None = None,
    cluster: Any = None,
    checkpoint: str | None = None,
    progress: ProgressFn | None = None,
    cancel: threading.Event | None = None,
) -> PerftCount:
    """:func:`perft` as a result, with the count under each first move if ``divide``.

    A count estimated to take more than :data:`MOST_SECONDS` raises
    :class:`~boardpuzzles.errors.TooLong` before it starts, unless ``force``.
    """
    started = time.monotonic()
    depth = checks.whole_number(depth, "depth")
    if not 0 <= depth <= MOST_DEPTH:
        raise InputError(f"{{parameter}} must be 0..{MOST_DEPTH} plies", parameter="depth", value=depth,
                         allowed=f"0..{MOST_DEPTH}")
    require_position(position)
    paths, divide, force = checks.flag(paths, "paths"), checks.flag(divide, "divide"), checks.flag(force, "force")
    runner.check_options(workers, cluster)
    if checkpoint is not None:
        checks.path(checkpoint, "checkpoint")
    if hash is not None:
        check_hash(hash, position.variant, paths)
    tracker = Tracker(UNIT, 100, progress, cancel)
    tracker.check()
    small = (position.variant.on_bitboards and workers in (None, 1) and cluster is None and checkpoint is None
             and not divide and hash is None and _small_before_compiling(position, depth, paths))
    if not force and not small:
        check_time(position, depth, paths, hash is not None)
    plain = small or not position.variant.on_bitboards
    method = BULK if not plain and bulk.applies(position.variant, paths) else METHODS[not plain]
    if depth == 0:
        return PerftCount(position, depth, paths, 1, () if divide else None, method, time.monotonic() - started,
                          hash)
    texts: list[str] = []
    roots = [position]
    if divide:
        first = legal_moves(position, paths)
        texts = [str(move) for move in first]
        roots = [after(position, move) for move in first]
    left = depth - 1 if divide else depth
    if workers in (None, 1) and cluster is None and checkpoint is None:
        counts = _count(roots, left, paths, tracker, plain=plain, table=table_of(position.variant, hash))
    else:
        tasks = _cut(roots, left, paths, (workers or 1) if cluster is None else CLUSTER_WORKERS)
        meta = {"puzzle": "draughts perft", "variant": position.variant.name, "fen": position.fen(), "depth": depth,
                "paths": paths, "divide": divide, "split_version": SPLIT_VERSION, "tasks": len(tasks),
                "split": hashlib.sha256(repr([task[:3] for task in tasks]).encode()).hexdigest()[:16]}
        counts = _count_tasks(tasks, len(roots), position.variant, paths, hash, tracker, workers, cluster, checkpoint,
                              meta)
    tracker.finish()
    if divide:
        return PerftCount(position, depth, paths, sum(counts), tuple(zip(texts, counts)), method,
                          time.monotonic() - started, hash)
    return PerftCount(position, depth, paths, counts[0], None, method, time.monotonic() - started, hash)


def check_hash(megabytes: Any, variant: Variant, paths: bool) -> None:
    """InputError naming ``hash`` unless it is a whole number of MiB (1 to :data:`MOST_HASH`) and the bulk
    kernels play ``variant``'s distinct count (:func:`.bulk.applies`), the only count that takes a table."""
    megabytes = checks.whole_number(megabytes, "hash")
    if not 1 <= megabytes <= MOST_HASH:
        raise InputError(f"{{parameter}} must be 1..{MOST_HASH} MiB", parameter="hash", value=megabytes,
                         allowed=f"1..{MOST_HASH}")
    if not bulk.applies(variant, paths):
        played = ", ".join(name for name, rules in VARIANTS.items() if bulk.applies(rules))
        what = "every capture path" if paths and bulk.applies(variant) else f"{variant.name}"
        raise InputError(f"{{parameter}}: the hashed perft counts the distinct moves of {played}; not {what}",
                         parameter="hash", value=megabytes, show_value=False)


#: The largest table taken, in MiB (64 GiB).
MOST_HASH = 65536

#: The tables of this process, by rule set and size: kept from one count to the next (a worker counts many
#: tasks of one tree; counts of one rule set stay valid whatever position they came from).
_TABLES: dict[tuple[str, int], bulk.Table] = {}


def table_of(variant: Variant, megabytes: int | None) -> bulk.Table | None:
    """This process's transposition table of ``megabytes`` MiB for ``variant`` (made at the first call), or None."""
    if megabytes is None:
        return None
    key = (variant.name, megabytes)
    if key not in _TABLES or _TABLES[key].variant is not variant:
        _TABLES.clear()  # one table at a time: a process keeps no memory it no longer uses
        _TABLES[key] = bulk.Table(variant, megabytes)
    return _TABLES[key]


#: A task of a cut tree: (root index, FEN, plies left, its share of the tree in %).
Task = tuple[int, str, int, float]


def _cut(roots: list[Position], depth: int, paths: bool, workers: int) -> list[Task]:
    """The positions a few plies below ``roots``, enough for ``workers`` (one ply above the leaves at most)."""
    level = [(index, root, 100 / len(roots), depth) for index, root in enumerate(roots)]
    while len(level) < TASKS_PER_WORKER * workers and any(left > 1 for *_, left in level):
        deeper = []
        for index, position, share, left in level:
            found = legal_moves(position, paths) if left > 1 else []
            if not found:  # a leaf already, or no move: it stays a task of its own
                deeper.append((index, position, share, left))
            deeper.extend((index, after(position, move), share / len(found), left - 1) for move in found)
        level = deeper
    return [(index, position.fen(), left, share) for index, position, share, left in level]


def count_tasks(payloads: list[tuple[Variant, str, int, bool, int | None]]) -> list[int]:
    """The perft of each ``(variant, FEN, depth, paths, hash MiB or None)`` (one batch of tasks for a runner)."""
    return [_count([parse_fen(fen, variant)], left, paths, Tracker(UNIT), table=table_of(variant, megabytes))[0]
            for variant, fen, left, paths, megabytes in payloads]


def _count_tasks(
    tasks: list[Task], roots: int, variant: Variant, paths: bool, megabytes: int | None, tracker: Tracker,
    workers: int | None, cluster: Any, checkpoint: str | None, meta: dict[str, Any],
) -> list[int]:
    """Count ``tasks`` by the runner (recorded in ``checkpoint`` if given); the total under each root."""
    totals = [0] * roots
    store = Checkpoint(checkpoint, meta, info={"boardpuzzles": __version__}) if checkpoint is not None else None
    try:
        done = store.done(range(len(tasks)), natural) if store else {}
        for task_id, nodes in done.items():
            totals[tasks[task_id][0]] += nodes
            tracker.done += tasks[task_id][3]
        tracker.update()

        def on_result(task_id: int, nodes: int) -> None:
            if store:
                store.record(task_id, nodes)
            totals[tasks[task_id][0]] += nodes
            tracker.advance(tasks[task_id][3])

        todo = [(i, (variant, fen, left, paths, megabytes)) for i, (_, fen, left, _) in enumerate(tasks) if i not in done]
        if cluster is None and (workers or 1) == 1:  # in this process, each task in chunks (cancel is heard)
            table = table_of(variant, megabytes)
            for task_id, (_, fen, left, _, _) in todo:
                share = tasks[task_id][3]
                nodes = _count([parse_fen(fen, variant)], left, paths, tracker, share, table=table)[0]
                tracker.done -= share  # on_result counts the task once more
                on_result(task_id, nodes)
            return totals
        if todo and cluster is None and variant.on_bitboards:  # load the kernels before the workers fork
            fast.perft_rows(np.zeros((1, 4), dtype=np.int64), 1, variant)
            if bulk.applies(variant, paths):
                bulk.perft_rows(np.zeros((1, 4), dtype=np.int64), 1, variant, bulk.Table(variant, 1) if megabytes else None)
        # one task to a round trip: a task may be long, and its result is recorded and reported at once
        runner.run(count_tasks, todo, on_result, workers=workers, cluster=cluster, batch=1, poll=tracker.update)
    finally:
        if store:
            store.close()
    return totals


def check_time(position: Position, depth: int, paths: bool = False, hashed: bool = False) -> None:
    """Raise :class:`~boardpuzzles.errors.TooLong` if counting ``depth`` plies from ``position`` would take
    more than :data:`MOST_SECONDS`: the tree is counted to two small depths and grown at their ratio (and
    counted at :data:`HASHED_NODES_PER_SECOND` through a table)."""
    numba = position.variant.on_bitboards
    low, high = ESTIMATE_DEPTHS[numba]
    if depth <= high:
        return
    tracker = Tracker(UNIT)
    small, large = (_count([position], d, paths, tracker)[0] for d in (low, high))
    if large == 0:
        return
    log10_nodes = math.log10(large) + (depth - high) * math.log10(max(1.0, large / max(1, small)))
    log10_seconds = log10_nodes - math.log10(HASHED_NODES_PER_SECOND if numba and hashed else NODES_PER_SECOND[numba])
    if log10_seconds > math.log10(MOST_SECONDS):
        hours = 10 ** (log10_seconds - math.log10(3600))
        span = f"{hours:,.0f} hours" if hours < 48 else f"{hours / 24:,.0f} days" if hours < 24 * 365 * 10 else \
            f"10^{log10_seconds - math.log10(365.25 * 86400):.0f} years"
        raise TooLong(f"perft {depth} of this {position.variant.name} position",
                      f"about 10^{log10_nodes:.0f} move sequences, some {span} of work")


#: A count on bitboards whose kernels would have to be compiled first (neither compiled in this process nor in
#: numba's cache) takes the plain-Python generator when its tree is estimated at no more move sequences than this
#: (the estimate runs high: russian perft(6) is estimated at 70,600 and has 37,986, which the plain generator
#: counts in 1.9 s of CPU on the busy 2-core test machine, against 14 s to compile the perft kernels).
PLAIN_MOST_NODES = 100_000


#: Seconds to compile the perft kernels on a quiet 2-core machine (14 s of CPU on the busy test machine); where
#: the bulk kernels count too (:func:`.bulk.applies`) they add about as much again (15 s of CPU on the busy machine,
#: 10 s more for those of ``hash``): the notice says :data:`BULK_COMPILE_SECONDS`.
COMPILE_SECONDS = 6.0
BULK_COMPILE_SECONDS = 12.0


def compiles(position: Position, depth: int, paths: bool = False, divide: bool = False) -> bool:
    """True if :func:`perft_count` of these (in this process) compiles the perft kernels first
    (:data:`COMPILE_SECONDS`): a rule set on bitboards, kernels neither compiled in this process nor in numba's
    cache, and a tree too big for the plain generator (:data:`PLAIN_MOST_NODES`)."""
    require_position(position)
    return (position.variant.on_bitboards and depth > 0 and not _kernels_ready(position.variant, paths)
            and (divide or not _small_before_compiling(position, depth, paths)))


def _kernels_ready(variant: Variant, paths: bool) -> bool:
    """True if the kernels that count ``variant`` run without compiling first (:func:`.compiling.ready`)."""
    return fast.perft_ready() and (not bulk.applies(variant, paths) or bulk.perft_ready())


def _small_before_compiling(position: Position, depth: int, paths: bool) -> bool:
    """True if the perft kernels are not ready (:func:`.compiling.ready`) and the tree is small enough for the
    plain generator (:data:`PLAIN_MOST_NODES`): counted by it to depth 3, grown at the ratio of depths 2 and 3."""
    if _kernels_ready(position.variant, paths):
        return False
    tracker = Tracker(UNIT)
    small, large = (_count_plain(position, d, paths, 100, tracker) for d in (2, 3))
    nodes = large * max(1.0, large / max(1, small)) ** max(0, depth - 3)
    return nodes <= PLAIN_MOST_NODES


def _count(positions: list[Position], depth: int, paths: bool, tracker: Tracker, part: float = 100,
           plain: bool = False, table: bulk.Table | None = None) -> list[int]:
    """The perft of each of ``positions`` (of one variant) at ``depth``; together they are ``part`` % of the
    tree, shared equally among them; by the plain generator if ``plain`` or off bitboards, else through
    ``table`` if given."""
    if not positions:
        return []
    share = part / len(positions)
    if depth == 0:
        tracker.advance(part)
        return [1] * len(positions)
    if positions[0].variant.on_bitboards and not plain:
        rows = np.array([position.bitboards() for position in positions], dtype=np.int64)
        return _count_fast(rows, depth, positions[0], paths, tracker, share, table).tolist()
    return [_count_plain(position, depth, paths, share, tracker) for position in positions]


def _count_fast(rows: np.ndarray, depth: int, position: Position, paths: bool, tracker: Tracker,
                share: float, table: bulk.Table | None) -> np.ndarray:
    """The perft of each row ``(white, black, kings, colour)`` of ``rows`` (each ``share`` % of the tree), in chunks,
    by the bulk kernels where they apply (through ``table`` if given)."""
    variant = position.variant
    by_bulk = bulk.applies(variant, paths)
    totals = np.zeros(len(rows), dtype=np.int64)
    # Work left: (rows, the root row each stands under, its part of the tree in %, plies left).
    stack = [(rows, np.arange(len(rows)), np.full(len(rows), share), depth)]
    budgets: dict[int, Budget] = {}
    leaf = FIRST_LEAF_DEPTH
    while stack:
        rows, roots, parts, left = stack.pop()
        if left > leaf:
            head = slice(0, EXPAND_ROWS)
            if len(rows) > EXPAND_ROWS:
                stack.append((rows[EXPAND_ROWS:], roots[EXPAND_ROWS:], parts[EXPAND_ROWS:], left))
            children, parents = fast.expand(rows[head], variant, paths)
            fanout = np.bincount(parents, minlength=len(rows[head]))
            tracker.advance(float(parts[head][fanout == 0].sum()))  # no move: nothing below
            if len(children):
                stack.append((children, roots[head][parents], parts[head][parents] / fanout[parents], left - 1))
            continue
        budget = budgets.setdefault(left, Budget(first=16))
        size = budget.size
        if len(rows) > size:
            stack.append((rows[size:], roots[size:], parts[size:], left))
        started = time.monotonic()
        counts = (bulk.perft_rows(rows[:size], left, variant, table) if by_bulk
                  else fast.perft_rows(rows[:size], left, variant, paths))
        took = time.monotonic() - started
        budget.measure(started)
        np.add.at(totals, roots[:size], counts)
        tracker.advance(float(parts[:size].sum()))
        if left == leaf and budget.size > DEEPER_AFTER_ROWS:
            leaf += 1
        elif left == leaf and size == 1 and took > SHALLOWER_AFTER and leaf > 1:
            leaf -= 1
    return totals


def _count_plain(position: Position, depth: int, paths: bool, part: float, tracker: Tracker) -> int:
    """Perft (depth >= 1) by the plain-Python generator, reporting (and looking at ``cancel``) at every position."""
    moves = reference_moves(position, paths)
    if depth == 1 or not moves:
        tracker.advance(part)
        return len(moves) if depth == 1 else 0
    nodes = 0
    for move in moves:
        nodes += _count_plain(after(position, move), depth - 1, paths, part / len(moves), tracker)
    return nodes
