"""Watching a seed's search: what every step says besides the puzzle's own state.

A watched search is a seed method whose operations (a test, an occupation, a
retreat, a solution ...) each make a step while the seed's code runs.  Every
puzzle's steps share these keys (``--trace --json``, the web page, the notebook
player), documented in README.md and docs/watching.md:

``action``
    what the step does, in the puzzle's words (queens: ``test``, ``occupy``,
    ``free``, ``solution``).
``index``
    its place in the stream, from 0.
``line``, ``vars``, ``stack``
    where the seed's code stands (:class:`.listing.Where`): the listing's line
    executing, the running frame's variables, the listed frames outermost first.
``counts``
    the puzzle's counters so far, ``nodes`` always among them (the root counts).
``node``, ``parent``
    the search tree: ``node`` is the node of the position as it stands after the
    step (0 is the root, the empty board; nodes are numbered as they are made);
    a step that makes a node also has its ``parent``.

:class:`Recorder` keeps the counters, the tree and the numbering, and asks the
listing where the code stands; a puzzle's watched operations call
:meth:`Recorder.step` and build their own step around the :class:`Moment` it
returns.  :func:`stream` turns a search that hands its steps to a callback into
a lazy iterator of them, in bounded memory.  :func:`delta` writes a step as its
difference from the one before (the notebook player's compact form, read back by
``web/static/steps.js``).
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable, Generator, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from .listing import Listing, Where

#: The counter every watched search keeps: the nodes of its search tree made so far, the root included.
NODES = "nodes"


@dataclass(frozen=True)
class Moment:
    """Where a watched search stands at one of its steps: the step's ``index`` in the stream,
    ``where`` its code stands, its ``counts`` so far, its tree ``node`` and, for a step that
    makes that node, its ``parent``."""

    index: int
    where: Where
    counts: tuple[tuple[str, int], ...]
    node: int
    parent: int | None = None

    def count(self, name: str) -> int:
        """One counter's value."""
        return dict(self.counts)[name]

    def to_json(self) -> dict[str, Any]:
        """``index``, ``line``, ``vars``, ``stack``, ``counts``, ``node`` (and ``parent`` when the step makes the node)."""
        payload: dict[str, Any] = {"index": self.index, **self.where.to_json(), "counts": dict(self.counts),
                                   "node": self.node}
        if self.parent is not None:
            payload["parent"] = self.parent
        return payload


class Recorder:
    """Numbers the steps of one watched search, keeps its ``counters`` and its search tree, and
    asks its ``listing`` where the seed's code stands.

    The tree follows the depth of the position (queens placed, squares visited, jumps made):
    a step one deeper than the current node makes a child of it, a shallower one goes back
    up the current path, an equal one stays.
    """

    def __init__(self, listing: Listing, counters: Sequence[str]) -> None:
        self.listing = listing
        self.counts = dict.fromkeys(counters, 0)
        self.counts[NODES] = 1
        self.path = [0]  # the nodes from the root to the current one
        self.index = 0

    @property
    def depth(self) -> int:
        """The depth of the current node (0: the root)."""
        return len(self.path) - 1

    def step(self, counter: str | None, depth: int) -> Moment:
        """The moment of the step being made: it counts one more ``counter`` (None: none) and
        leaves the position at ``depth``.  Call it from the operation that makes the step, while
        the listed code that called the operation runs."""
        if counter is not None:
            self.counts[counter] += 1
        parent = None
        if depth == self.depth + 1:
            parent = self.path[-1]
            self.path.append(self.counts[NODES])
            self.counts[NODES] += 1
        elif depth < self.depth:
            del self.path[depth + 1 :]
        elif depth != self.depth:
            raise RuntimeError(f"a step from depth {self.depth} to {depth}: the tree grows one node at a time")
        moment = Moment(self.index, self.listing.where(), tuple(self.counts.items()), self.path[-1], parent)
        self.index += 1
        return moment


Step = TypeVar("Step")


class _Closed(Exception):
    """Raised inside the search when nobody reads its steps any more: it ends the search."""


#: Steps handed over at once by the search thread, and batches it may hold ready: the memory a stream takes.
BATCH, READY = 256, 8


def stream(search: Callable[[Callable[[Step], None]], Iterable[Any]], name: str) -> Generator[Step, None, None]:
    """Every step that ``search(trace)`` hands to ``trace`` while it is iterated to its end, lazily.

    The search runs in a thread (called ``name``) that waits while :data:`READY` batches of
    steps are unread, so a search millions of steps long streams in bounded memory; closing
    the stream ends the thread before ``close()`` returns.  An error raised by the search is
    raised by the stream.
    """
    ready: queue.Queue[list[Step] | BaseException | None] = queue.Queue(READY)
    closed = threading.Event()
    pending: list[Step] = []

    def send(item: list[Step] | BaseException | None) -> None:
        while not closed.is_set():
            try:
                ready.put(item, timeout=0.05)
                return
            except queue.Full:
                continue
        raise _Closed

    def trace(step: Step) -> None:
        pending.append(step)
        if len(pending) >= BATCH:
            send(pending[:])
            pending.clear()

    def run() -> None:
        try:
            for _ in search(trace):
                pass
            send(pending[:])
            send(None)
        except _Closed:
            pass
        except BaseException as error:  # handed to the reader, raised there
            try:
                send(error)
            except _Closed:
                pass

    thread = threading.Thread(target=run, name=name, daemon=True)
    thread.start()
    try:
        while (item := ready.get()) is not None:
            if isinstance(item, BaseException):
                raise item
            yield from item
    finally:
        closed.set()
        thread.join()


def delta(before: dict[str, Any] | None, step: dict[str, Any]) -> dict[str, Any]:
    """``step`` written as its difference from ``before`` (the step before it; None: the first).

    Keys whose value did not change are left out; ``"$gone"`` lists the keys ``before`` had and
    ``step`` has not; an object that changed is written as its own difference; a list that
    starts like the one before is ``{"$keep": K, "$tail": [...]}`` (its first K items kept, the
    tail after them).  ``web/static/steps.js`` reads it back (``undelta``); step keys never
    start with ``$``.
    """
    if before is None:
        return step
    return _object_delta(before, step)


def _object_delta(before: dict[str, Any], after: dict[str, Any]) -> dict[str, Any]:
    written: dict[str, Any] = {}
    for key, value in after.items():
        if key not in before:
            written[key] = value
        elif before[key] != value:
            written[key] = _value_delta(before[key], value)
    gone = [key for key in before if key not in after]
    if gone:
        written["$gone"] = gone
    return written


def _value_delta(before: Any, after: Any) -> Any:
    if isinstance(before, dict) and isinstance(after, dict):
        return _object_delta(before, after)
    if isinstance(before, list) and isinstance(after, list):
        keep = 0
        while keep < min(len(before), len(after)) and before[keep] == after[keep]:
            keep += 1
        if keep:
            return {"$keep": keep, "$tail": after[keep:]}
    return after
