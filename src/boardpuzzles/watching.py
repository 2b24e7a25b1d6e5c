"""Watching a seed's search: what every step says besides the puzzle's own state.

A watched search is a seed method whose operations (a test, an occupation, a
retreat, a solution ...) each make a step while the seed's code runs.  Every
puzzle's steps share these keys (``--trace --json``, the web page, the notebook
player), documented in README.md and docs/watching.md:

``action`` (the knight's: ``kind``)
    what the step does, in the puzzle's words (queens: ``test``, ``occupy``,
    ``free``, ``solution``; the knight: ``test``, ``move``, ``back`` ...).
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

:class:`Recorder` keeps the counters, the tree and the numbering, asks the
listing where the code stands, skips building the steps before an offset and
hears a cancel; a puzzle's watched operations call :meth:`Recorder.step` and
build their own step around the :class:`Moment` it returns, and hand it to a
callback.  :func:`stream` runs such a search in a thread and turns the steps
handed to the callback into a lazy iterator of them, in bounded memory: every
puzzle's step stream is one.  :func:`delta` writes a step as its
difference from the one before (the notebook player's compact form, read back by
``web/static/steps.js``).
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from . import checks
from .errors import Cancelled, InputError, InternalError
from .listing import Listing, Where

#: The counter every watched search keeps: the nodes of its search tree made so far, the root included.
NODES = "nodes"


@dataclass(frozen=True)
class Moment:
    """Where a watched search stands at one of its steps: the step's ``index`` in the stream,
    ``where`` its code stands (None for a search that runs no listing: a tour replayed), its
    ``counts`` so far, its tree ``node`` and, for a step that makes that node, its ``parent``."""

    index: int
    where: Where | None
    counts: tuple[tuple[str, int], ...]
    node: int
    parent: int | None = None

    def count(self, name: str) -> int:
        """One counter's value."""
        return dict(self.counts)[name]

    @property
    def line(self) -> int | None:
        """The listing's line executing (None without a listing)."""
        return self.where.line if self.where is not None else None

    @property
    def variables(self) -> dict[str, Any]:
        """The running frame's variables that the listing names (none without a listing)."""
        return self.where.variables if self.where is not None else {}

    @property
    def frame(self) -> str:
        """The name of the listed function running ("" without a listing)."""
        return self.where.stack[-1].name if self.where is not None else ""

    def to_json(self) -> dict[str, Any]:
        """``index``, ``line``, ``vars``, ``stack``, ``counts``, ``node`` (and ``parent`` when the step makes
        the node); without a listing ``line`` is null, ``vars`` and ``stack`` empty."""
        where = self.where.to_json() if self.where is not None else {"line": None, "vars": {}, "stack": []}
        payload: dict[str, Any] = {"index": self.index, **where, "counts": dict(self.counts), "node": self.node}
        if self.parent is not None:
            payload["parent"] = self.parent
        return payload


class WatchedStep:
    """What every puzzle's step (a dataclass with a ``moment`` field) says about where its search
    stands, read from its :class:`Moment`."""

    moment: Moment

    @property
    def index(self) -> int:
        """The step's place in the stream, from 0."""
        return self.moment.index

    @property
    def where(self) -> Where | None:
        """Where the listed code stands (None for a search that runs no listing)."""
        return self.moment.where

    @property
    def counts(self) -> dict[str, int]:
        """The counters after the step."""
        return dict(self.moment.counts)

    @property
    def node(self) -> int:
        """The search tree's node the step stands on (0: the root)."""
        return self.moment.node

    @property
    def parent(self) -> int | None:
        """The node a step that makes its node hangs from (None on the other steps)."""
        return self.moment.parent


class Recorder:
    """Numbers the steps of one watched search, keeps its ``counters`` and its search tree, and
    asks its ``listing`` where the seed's code stands (None: the search runs no listing).

    The tree follows the depth of the position (queens placed, squares visited, jumps made):
    a step one deeper than the current node makes a child of it, a shallower one goes back
    up the current path, an equal one stays; a step may also stand on a node made before
    (``at``: the seed's draughts ``search`` walks the tree ``hod`` built).

    ``offset``: the steps before it are made, counted and kept in the tree, but not built
    (:meth:`step` answers None: no :meth:`~.listing.Listing.where`, no JSON), so a page far
    into a long search costs little more than the search.  ``cancel`` (a
    :class:`threading.Event`) is looked at every 1024 steps: once set, :meth:`step` raises
    :class:`~.errors.Cancelled`, which ends the search.
    """

    def __init__(self, listing: Listing | None, counters: Sequence[str], offset: int = 0,
                 cancel: threading.Event | None = None) -> None:
        self.listing = listing
        self.offset = checks.whole_number(offset, "offset", 0)
        if cancel is not None and not callable(getattr(cancel, "is_set", None)):
            raise InputError("{parameter} must be a threading.Event, or None", parameter="cancel",
                             value=type(cancel).__name__)
        self.cancel = cancel
        self.counts = dict.fromkeys(counters, 0)
        self.counts[NODES] = 1  # the root (a NODES among the counters keeps its place)
        self.parents = [-1]  # the parent of each node made, in the order made
        self.path = [0]  # the nodes from the root to the current one
        self.index = 0

    @property
    def depth(self) -> int:
        """The depth of the current node (0: the root)."""
        return len(self.path) - 1

    @property
    def node(self) -> int:
        """The current node (0: the root)."""
        return self.path[-1]

    def step(self, counter: str | None, depth: int | None = None, *, at: int | None = None) -> Moment | None:
        """The moment of the step being made: it counts one more ``counter`` (None: none) and leaves
        the position at ``depth`` (None: where it stands), or on the node ``at``, made before.  Call it
        from the operation that makes the step, while the listed code that called the operation runs.
        None for a step before ``offset``."""
        index = self.index
        self.index += 1
        if index & 1023 == 0 and self.cancel is not None and self.cancel.is_set():
            raise Cancelled()
        if counter is not None:
            self.counts[counter] += 1
        parent = None
        if at is not None:
            self.path = self._ancestors(at)
        elif depth is None or depth == self.depth:
            pass
        elif depth == self.depth + 1:
            parent = self.path[-1]
            self.path.append(len(self.parents))
            self.parents.append(parent)
            self.counts[NODES] += 1
        elif depth < self.depth:
            del self.path[depth + 1 :]
        else:
            raise InternalError(f"a step from depth {self.depth} to {depth}: the tree grows one node at a time")
        if index < self.offset:
            return None
        where = self.listing.where() if self.listing is not None else None
        return Moment(index, where, tuple(self.counts.items()), self.path[-1], parent)

    def _ancestors(self, node: int) -> list[int]:
        if not 0 <= node < len(self.parents):
            raise InternalError(f"node {node} has not been made")
        path = []
        while node >= 0:
            path.append(node)
            node = self.parents[node]
        return path[::-1]


Step = TypeVar("Step")


class _Closed(Exception):
    """Raised inside the search when nobody reads its steps any more: it ends the search."""


#: Steps handed over at once by the search thread, and batches it may hold ready: the memory a stream takes.
BATCH, READY = 256, 8


def stream(run: Callable[[Callable[[Step], None]], Any], name: str) -> Generator[Step, None, None]:
    """Every step that ``run(trace)`` hands to ``trace`` while it runs to its end, lazily.

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

    def search() -> None:
        try:
            run(trace)
            send(pending[:])
            send(None)
        except _Closed:
            pass
        except BaseException as error:  # handed to the reader, raised there
            try:
                send(error)
            except _Closed:
                pass

    thread = threading.Thread(target=search, name=name, daemon=True)
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
