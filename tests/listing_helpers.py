"""Python's own tracer beside a listed search: which line each listed frame is executing, to check the steps' lines."""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable, Iterable
from types import FrameType
from typing import Any

from boardpuzzles.listing import Listing, Where


class LineTracer:
    """Runs a search under ``sys.settrace`` (in a thread of its own) and says, from inside the search, which
    line of ``listing`` its innermost listed frame executes: the line of the last "line" event of that frame."""

    def __init__(self, listing: Listing) -> None:
        self.listing = listing
        self.last: dict[FrameType, int] = {}

    def _trace(self, frame: FrameType, event: str, arg: Any) -> Callable[..., Any] | None:
        line = self.listing.line_of(frame)
        if line is None:
            return None
        if event == "line":
            self.last[frame] = line
        return self._trace

    def executing(self) -> int:
        """The line the innermost listed frame of the caller's stack executes."""
        frame: FrameType | None = sys._getframe(1)
        while frame is not None and self.listing.line_of(frame) is None:
            frame = frame.f_back
        assert frame is not None, "called outside the listed code"
        return self.last[frame]

    def run(self, search: Callable[[], Any]) -> None:
        """Run ``search()`` traced, in a thread, to its end; the threads it starts (a step stream's) are traced too."""
        threading.settrace(self._trace)
        try:
            thread = threading.Thread(target=search)
            thread.start()
            thread.join()
        finally:
            threading.settrace(None)  # type: ignore[arg-type]

    def steps_checked(self, make_steps: Callable[[], Iterable[Any]]) -> tuple[list[Any], list[bool]]:
        """The steps of ``make_steps()`` run traced, and for each whether the line it names (the listing's
        ``where()`` when the step is made) is the line its frame executes."""
        agreed: list[bool] = []
        where = self.listing.where

        def checked() -> Where:
            seen = where()
            agreed.append(seen.line == self.executing())
            return seen

        steps: list[Any] = []
        self.listing.where = checked  # type: ignore[method-assign]
        try:
            self.run(lambda: steps.extend(make_steps()))
        finally:
            del self.listing.where
        return steps, agreed
