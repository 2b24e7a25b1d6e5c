"""The ``boardpuzzles`` program's entry point: Ctrl-C at any moment prints one line and exits 130.

It lives outside the package because importing anything in the package runs
``boardpuzzles/__init__.py`` first, and start-up (numpy, numba, typer, rich: about a
second, several on a busy machine) is where a Ctrl-C used to end in a traceback.  Only
the interpreter's own start-up, before this module runs, is out of its reach.
"""

import os
import signal
import sys

#: The exit status after Ctrl-C (128 + SIGINT), as shells report it.
INTERRUPTED = 130


def entry() -> None:
    """Run :func:`boardpuzzles.cli.entry`, its imports included, with Ctrl-C turned into
    ``boardpuzzles: interrupted`` on standard error and exit status 130."""
    try:
        from boardpuzzles.cli import entry as run

        run()  # leaves the process itself, with its status
    except KeyboardInterrupt:
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # a second Ctrl-C does not cut the line short
        try:
            sys.stdout.flush()  # what was printed before, then the line
            sys.stderr.write("boardpuzzles: interrupted\n")
            sys.stderr.flush()
        except (OSError, ValueError):  # the reader went away, or the stream is closed
            pass
        os._exit(INTERRUPTED)
