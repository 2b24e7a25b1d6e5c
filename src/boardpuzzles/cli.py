"""The ``boardpuzzles`` command: ``boardpuzzles <puzzle> <action> ...``.

Each puzzle brings its own Typer sub-app; this module joins them and turns every
way a run can go wrong into one line and an exit status, never a traceback.
"""

from __future__ import annotations

import gc
import importlib
import os
import re
import sys

import typer
from typer.core import TyperGroup
from typer.exceptions import TyperException

from . import __version__
from .errors import BoardpuzzlesError, Cancelled, InputError
from .output import AsciiOpt, error_console

#: Each puzzle's sub-app, by the name of its command group.
PUZZLES = {
    "queens": "boardpuzzles.queens.cli",
    "knight": "boardpuzzles.knights.cli",
    "draughts": "boardpuzzles.draughts.cli",
}


#: The exit status after Ctrl-C (128 + SIGINT), as shells report it.
INTERRUPTED = 130


class _Puzzles(TyperGroup):
    """The root group: a puzzle's commands (and its numba kernels) load only when that puzzle runs."""

    def list_commands(self, ctx) -> list[str]:
        return [*PUZZLES, *super().list_commands(ctx)]

    def get_command(self, ctx, name: str):
        if name not in PUZZLES:
            return super().get_command(ctx, name)
        command = typer.main.get_command(_load(PUZZLES[name]).app)
        command.name = name
        return command


def _load(module_name: str):
    """Import a puzzle's modules, which bring numba and their kernels.

    They live as long as the process, so the garbage collector is kept from
    walking them at every full collection: it is off while they import, and then
    they are frozen out of its sight (the two full collections it made cost 0.1 s
    of ``queens count 16``).  Later objects are collected as usual.
    """
    if module_name in sys.modules:
        return sys.modules[module_name]
    gc.disable()
    try:
        return importlib.import_module(module_name)
    finally:
        gc.freeze()
        gc.enable()


app = typer.Typer(
    cls=_Puzzles,
    name="boardpuzzles",
    help="The N queens, the knight's tour and the longest capture in draughts.",
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)


@app.command()
def demo(ascii: AsciiOpt = False) -> None:
    """The seeds' tasks, worked in under a minute."""
    from . import demo as demo_module  # every puzzle: loaded only for the demo

    demo_module.run(ascii)


@app.command()
def serve(
    host: str = typer.Option("127.0.0.1", "--host", help="Address to listen on (another machine's users can reach a non-local one)."),
    port: int = typer.Option(8000, "--port", help="Port to listen on (0: any free port)."),
    open_browser: bool = typer.Option(False, "--open", help="Open the start page in the default browser."),
) -> None:
    """Serve the pages that watch the searches, and the JSON API, until Ctrl-C."""
    from .web import serve as serve_web  # Starlette and uvicorn: loaded only to serve

    serve_web(host, port, open_browser, say=lambda line: error_console.print(line, markup=False, soft_wrap=True))


@app.command()
def version() -> None:
    """Print the version."""
    print(__version__)


#: Parameters of the library that the command line takes as positional arguments, by their metavar.
POSITIONAL = {"n": "N", "board": "BOARD", "fen": "POSITION", "position": "POSITION", "path": "FILE"}


def option_name(parameter: str | None) -> str | None:
    """How the command line names a library parameter: its option (``--max-depth``) or argument (``N``)."""
    if parameter is None:
        return None
    return POSITIONAL.get(parameter, "--" + parameter.replace("_", "-"))


def _fail(message: str, status: int) -> int:
    one_line = " ".join(message.splitlines())
    error_console.print(f"boardpuzzles: {one_line}", markup=False, soft_wrap=True)
    return status


def _usage_message(error: TyperException) -> str:
    option = getattr(error, "option_name", None) or ""  # set on "No such option" errors
    if re.fullmatch(r"-[0-9][0-9.x]*", option):
        return f"{option} is a negative number, read as an option: sizes, squares and counts are positive"
    return error.format_message().replace("Value error, ", "")  # pydantic's prefix on bad choices


def _reader_gone() -> int:
    """The reader of a pipe went away (``| head``): not an error of ours, so status 0.
    Later writes (and the flush at exit) go to /dev/null instead of raising again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError):  # stdout has no file descriptor (captured in tests)
        pass
    return 0


def main(argv: list[str] | None = None) -> int:
    """Run the command line on ``argv`` (default: the process arguments); return the exit status."""
    command = typer.main.get_command(app)
    try:
        result = command.main(args=argv, prog_name="boardpuzzles", standalone_mode=False)
        # Typer returns (not raises) the status of a typer.Exit raised in a command
        # (output.no_solution: 1), and turns Ctrl-C into a silent 130.
        status = result if isinstance(result, int) else 0
        if status == INTERRUPTED:
            _fail("interrupted", INTERRUPTED)
    except Cancelled:
        status = _fail("interrupted", INTERRUPTED)
    except InputError as error:
        status = _fail(error.worded(option_name(error.parameter)), 2)
    except BoardpuzzlesError as error:
        status = _fail(str(error), 2)
    except typer.Exit as exit_:
        status = exit_.exit_code
    except TyperException as error:  # usage errors: unknown command or option, bad choice, missing argument
        context = getattr(error, "ctx", None)
        hint = f" (see '{context.command_path} --help')" if context is not None else ""
        status = _fail(_usage_message(error) + hint, 2)
    except (KeyboardInterrupt, typer.Abort):
        status = _fail("interrupted", INTERRUPTED)
    except BrokenPipeError:
        status = _reader_gone()
    except SystemExit as exit_:  # rich and typer turn a broken pipe into SystemExit(1), which means "no solution"
        if not isinstance(exit_.__context__, BrokenPipeError):
            raise
        status = _reader_gone()
    return status


def entry() -> None:
    """The ``boardpuzzles`` program: run :func:`main` and exit with its status.

    The process leaves at once, with :func:`os._exit`, as soon as its output is
    flushed: every file it writes is closed by then, and the interpreter's own
    shutdown would spend about 0.3 s tearing down numba's compiled code (measured
    after ``queens count 12``), or wait after Ctrl-C for a kernel abandoned in its
    thread (:func:`.runner.interruptible`) or for numba's compiler lock.
    """
    status = main()
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (BrokenPipeError, ValueError):  # the reader went away, or the stream is closed
            pass
    os._exit(status)


if __name__ == "__main__":
    entry()
