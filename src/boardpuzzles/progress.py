"""The protocol every long call speaks: ``progress`` reports and a ``cancel`` event.

A call that can run longer than a second takes two keyword arguments::

    progress: Callable[[Progress], None] | None = None
    cancel: threading.Event | None = None

It calls ``progress`` with a :class:`Progress` now and then (at most ten times a
second, and once at the end), and once ``cancel`` is set it raises
:class:`~boardpuzzles.errors.Cancelled` within half a second, with all its work
stopped: nothing it started runs on after it returns.  Compiled kernels work in
chunks of about :data:`CHUNK_SECONDS` (a :class:`Budget` sizes them) and return
between chunks, where the call reports and looks at ``cancel``.

>>> import threading
>>> from boardpuzzles import queens
>>> stop = threading.Event()
>>> seen = []
>>> queens.count(12, progress=seen.append, cancel=stop).count
14200
>>> seen[-1].done == seen[-1].total
True

A library call made in this way needs no thread of its own to be stopped: on
the command line Ctrl-C is heard between two chunks, in a server another thread
sets ``cancel``.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from . import checks
from .errors import Cancelled, InputError

#: Seconds a compiled kernel works before it returns to let the caller report and check ``cancel``.
CHUNK_SECONDS = 0.1

#: Seconds between two calls of ``progress`` (the last one is always made).
REPORT_INTERVAL = 0.1


@dataclass(frozen=True)
class Progress:
    """How far a long call is: ``done`` of ``total`` ``unit`` (``total`` None when unknown)
    after ``elapsed`` seconds; ``detail`` is a short note (say, the frontier's size)."""

    done: float
    total: float | None
    unit: str
    elapsed: float
    #: a short note on the work (say, the frontier's size), or empty
    detail: str = ""
    #: the part of ``done`` that was done before the call began (a count resumed from its checkpoint): the
    #: rate and the time left leave it out
    since: float = 0.0

    def __post_init__(self) -> None:
        """Numbers that are numbers, words that are words: InputError naming the field otherwise."""
        set_field = object.__setattr__  # frozen: the checked values are set once, here
        set_field(self, "done", checks.real(self.done, "done"))
        set_field(self, "total", None if self.total is None else checks.real(self.total, "total"))
        set_field(self, "elapsed", checks.real(self.elapsed, "elapsed"))
        set_field(self, "since", checks.real(self.since, "since"))
        for name in ("unit", "detail"):
            if not isinstance(getattr(self, name), str):
                raise checks.refused("{parameter} must be text", name, getattr(self, name))

    @property
    def rate(self) -> float:
        """``unit`` done per second so far by this call (what was done ``since`` left out)."""
        return (self.done - self.since) / self.elapsed if self.elapsed > 0 else 0.0

    @property
    def fraction(self) -> float | None:
        """The part done, 0..1, when the total is known."""
        if not self.total:
            return None
        return min(1.0, self.done / self.total)

    @property
    def remaining(self) -> float | None:
        """Seconds left at the rate so far, when that can be told."""
        if not self.total or self.done <= self.since or self.elapsed <= 0:
            return None
        return max(0.0, (self.total - self.done) / self.rate)

    def to_json(self) -> dict[str, Any]:
        """The report as JSON (``rate`` and ``remaining`` included)."""
        return {
            "done": self.done, "total": self.total, "unit": self.unit, "elapsed": round(self.elapsed, 3),
            "rate": round(self.rate, 3), "remaining": None if self.remaining is None else round(self.remaining, 3),
            "detail": self.detail, "since": self.since,
        }


#: the type of ``progress``: a function that takes each report
ProgressFn = Callable[[Progress], None]


class Tracker:
    """What a long call uses inside: counts its work, reports it, and looks at ``cancel``.

    ``update``/``advance`` report (at most every :data:`REPORT_INTERVAL` seconds)
    and raise :class:`Cancelled` once ``cancel`` is set; ``tick`` is the cheap
    form for a loop of many small steps; ``finish`` makes the last report.  It checks the
    caller's ``progress`` (a function, or None) and ``cancel`` (a ``threading.Event``, or
    anything with ``is_set()``, or None) when it is made: InputError otherwise.
    """

    def __init__(
        self,
        unit: str,
        total: float | None = None,
        progress: ProgressFn | None = None,
        cancel: threading.Event | None = None,
    ) -> None:
        if progress is not None and not callable(progress):
            raise InputError("{parameter} must be a function that takes a Progress, or None",
                             parameter="progress", value=type(progress).__name__)
        if cancel is not None and not callable(getattr(cancel, "is_set", None)):
            raise InputError("{parameter} must be a threading.Event, or None", parameter="cancel",
                             value=type(cancel).__name__)
        self.unit = unit
        self.total = total
        self.progress = progress
        self.cancel = cancel
        self.done: float = 0
        #: what was done before the call began (:attr:`Progress.since`)
        self.since: float = 0
        self.detail = ""
        self.started = time.monotonic()
        self._last_report = -REPORT_INTERVAL
        self._ticks = 0

    def check(self) -> None:
        """Raise :class:`Cancelled` if the caller has set ``cancel``."""
        if self.cancel is not None and self.cancel.is_set():
            raise Cancelled()

    def report(self, force: bool = False) -> None:
        """Call ``progress`` if the interval has passed (or ``force``)."""
        if self.progress is None:
            return
        now = time.monotonic()
        if force or now - self._last_report >= REPORT_INTERVAL:
            self._last_report = now
            self.progress(Progress(self.done, self.total, self.unit, now - self.started, self.detail, self.since))

    def update(self, done: float | None = None, *, total: float | None = None, detail: str | None = None,
               since: bool = False) -> None:
        """Set how much is done (and the total or the detail, if they changed; with ``since``, that it was
        done before the call began), report, check ``cancel``."""
        if done is not None:
            self.done = done
            if since:
                self.since = done
        if total is not None:
            self.total = total
        if detail is not None:
            self.detail = detail
        self.report()
        self.check()

    def advance(self, amount: float = 1, detail: str | None = None) -> None:
        """Add ``amount`` to what is done, report, check ``cancel``."""
        self.update(self.done + amount, detail=detail)

    def tick(self, amount: float = 1) -> None:
        """:meth:`advance` for loops of many cheap steps: reports and checks every 256 calls."""
        self.done += amount
        self._ticks += 1
        if self._ticks & 255 == 0:
            self.update()

    def finish(self) -> None:
        """The last report: everything counted so far, whatever the interval."""
        self.report(force=True)


class Budget:
    """How much work a kernel does in its next chunk, so that a chunk takes about ``seconds``.

    >>> budget = Budget(first=1000)
    >>> started = time.monotonic()
    >>> ...  # kernel(..., budget.size)
    Ellipsis
    >>> budget.measure(started)

    Starts at ``first`` units and scales the size by the measured speed, at
    most four times up or down per chunk.
    """

    def __init__(self, first: int = 1 << 12, seconds: float = CHUNK_SECONDS, most: int = 1 << 40) -> None:
        self.size = first
        self.seconds = seconds
        self.most = most

    def measure(self, started: float) -> None:
        """Adjust the size after a chunk that began at ``started`` (a ``time.monotonic()``)."""
        took = time.monotonic() - started
        factor = 4.0 if took <= 0 else min(4.0, max(0.25, self.seconds / took))
        self.size = int(min(self.most, max(1, self.size * factor)))
