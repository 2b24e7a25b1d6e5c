"""Shared by the Ctrl-C tests: start a child process that hears SIGINT as it would at a terminal,
and wait for what it shows (never for a fixed time: a busy machine starts a child in seconds)."""

from __future__ import annotations

import os
import pty
import re
import select
import signal
import subprocess
import sys
import time

from bounds import DEADLINE


def sigint_as_at_a_terminal() -> None:
    """``preexec_fn`` for the child: SIGINT unblocked and handled by default. A test run
    started as a background job of a non-interactive shell ignores SIGINT, and a child
    would inherit that."""
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    signal.signal(signal.SIGINT, signal.SIG_DFL)


class Terminal:
    """``python -m boardpuzzles ARGS`` with a pseudo-terminal as standard error, so that it draws
    its progress bar: the bar's first line says that the work has begun."""

    def __init__(self, args: list[str]) -> None:
        self.master, terminal = pty.openpty()
        env = dict(os.environ, COLUMNS="160", TERM="xterm")
        self.process = subprocess.Popen([sys.executable, "-m", "boardpuzzles", *args], stdin=terminal,
                                        stdout=subprocess.DEVNULL, stderr=terminal, env=env,
                                        preexec_fn=sigint_as_at_a_terminal)
        os.close(terminal)
        self.data = b""

    def lines(self) -> list[str]:
        """What the terminal shows so far, a line per frame of the bar, without colours."""
        frames = re.split(r"\r|\n|\x1b\[2K|\x1b\[1A", self.data.decode(errors="replace"))
        return [line for line in (re.sub(r"\x1b\[[0-9;?]*[a-zA-Z]", "", frame).strip() for frame in frames) if line]

    def _read(self, timeout: float) -> bool:
        """Read what is there within ``timeout`` seconds; False once the child has closed the terminal."""
        if select.select([self.master], [], [], timeout)[0]:
            try:
                chunk = os.read(self.master, 1 << 16)
            except OSError:  # EIO: every writer has gone
                return False
            self.data += chunk
            return bool(chunk)
        return True

    def wait_for(self, wanted: str) -> list[str]:
        """The lines until one matches the pattern ``wanted``; fails the test if the child ends
        or :data:`DEADLINE` passes first."""
        end = time.monotonic() + DEADLINE
        while not any(re.search(wanted, line) for line in self.lines()):
            assert time.monotonic() < end and self._read(0.1), f"no line matched {wanted!r}: {self.lines()[-3:]}"
        return self.lines()

    def interrupt(self) -> tuple[int, list[str]]:
        """Ctrl-C; the exit status and the lines shown after it, once the child has left."""
        shown = len(self.lines())
        self.process.send_signal(signal.SIGINT)
        end = time.monotonic() + DEADLINE
        while self._read(0.1) and time.monotonic() < end:
            pass
        return self.process.wait(DEADLINE), self.lines()[shown:]

    def close(self) -> None:
        """Never leave the child running, nor the terminal open, when a test ends or fails."""
        self.process.kill()
        self.process.wait()
        os.close(self.master)
