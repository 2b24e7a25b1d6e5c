"""The ``boardpuzzles`` command: ``boardpuzzles <puzzle> <action> ...``.

Each puzzle brings its own Typer sub-app; this module joins them and turns every
way a run can go wrong into one line and an exit status, never a traceback.
"""

from __future__ import annotations

import sys

import typer
from typer.exceptions import TyperException

from . import __version__, demo as demo_module
from .errors import InputError
from .output import AsciiOpt, error_console
from .draughts import cli as draughts_cli
from .knights import cli as knights_cli
from .queens import cli as queens_cli

app = typer.Typer(
    name="boardpuzzles",
    help="The N queens, the knight's tour and the longest capture in draughts.",
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)
app.add_typer(queens_cli.app, name="queens")
app.add_typer(knights_cli.app, name="knight")
app.add_typer(draughts_cli.app, name="draughts")


@app.command()
def demo(ascii: AsciiOpt = False) -> None:
    """The seeds' tasks, worked in under a minute."""
    demo_module.run(ascii)


@app.command()
def version() -> None:
    """Print the version."""
    print(__version__)


def _fail(message: str, status: int) -> int:
    one_line = " ".join(message.splitlines())
    error_console.print(f"boardpuzzles: {one_line}", markup=False, soft_wrap=True)
    return status


def main(argv: list[str] | None = None) -> int:
    """Run the command line on ``argv`` (default: the process arguments); return the exit status."""
    command = typer.main.get_command(app)
    try:
        result = command.main(args=argv, prog_name="boardpuzzles", standalone_mode=False)
        # Typer returns (not raises) the status of a typer.Exit raised in a command
        # (output.no_solution: 1), and turns Ctrl-C into a silent 130.
        status = result if isinstance(result, int) else 0
        if status == 130:
            _fail("interrupted", 130)
    except InputError as error:
        status = _fail(str(error), 2)
    except typer.Exit as exit_:
        status = exit_.exit_code
    except TyperException as error:  # usage errors: unknown command or option, bad choice, missing argument
        context = getattr(error, "ctx", None)
        hint = f" (see '{context.command_path} --help')" if context is not None else ""
        message = error.format_message().replace("Value error, ", "")  # pydantic's prefix on bad choices
        status = _fail(message + hint, 2)
    except (KeyboardInterrupt, typer.Abort):
        status = _fail("interrupted", 130)
    except BrokenPipeError:  # the reader of a pipe went away: not an error of ours
        sys.stderr.close()
        status = 0
    return status


if __name__ == "__main__":
    sys.exit(main())
