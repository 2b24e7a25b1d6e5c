"""Command-line plumbing of ``boardpuzzles queens count``: a progress bar that only
appears once a count has run for a couple of seconds."""

from __future__ import annotations

import time
from collections.abc import Callable
from contextlib import ExitStack

from .. import output

#: Seconds a count runs before its progress bar appears.
PROGRESS_AFTER = 2.0


class LateProgress:
    """``progress(done, of)`` for :func:`boardpuzzles.queens.counting.count`: draws
    ``output.progress`` on ``stack`` once ``PROGRESS_AFTER`` seconds have passed."""

    def __init__(self, stack: ExitStack, enabled: bool):
        self.stack = stack
        self.enabled = enabled
        self.start = time.monotonic()
        self.advance: Callable[[float], None] | None = None
        self.shown = 0

    def __call__(self, done: int, of: int) -> None:
        if not self.enabled:
            return
        if self.advance is None:
            if time.monotonic() - self.start < PROGRESS_AFTER:
                return
            self.advance = self.stack.enter_context(output.progress(of, "counting subproblems", True))
        self.advance(done - self.shown)
        self.shown = done
