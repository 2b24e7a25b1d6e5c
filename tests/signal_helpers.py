"""Shared by the Ctrl-C tests: start a child process that hears SIGINT as it would at a terminal."""

from __future__ import annotations

import signal


def sigint_as_at_a_terminal() -> None:
    """``preexec_fn`` for the child: SIGINT unblocked and handled by default. A test run
    started as a background job of a non-interactive shell ignores SIGINT, and a child
    would inherit that."""
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    signal.signal(signal.SIGINT, signal.SIG_DFL)
