"""The ``boardpuzzles`` command: ``boardpuzzles <puzzle> <action> ...``.

Each puzzle brings its own Typer sub-app; this module joins them and turns every
way a run can go wrong into one line and an exit status, never a traceback.
"""

from __future__ import annotations

import difflib
import gc
import importlib
import os
import re
import sys
from collections.abc import Callable
from typing import Annotated, Any

import typer
from typer._click.exceptions import NoArgsIsHelpError
from typer.core import TyperArgument, TyperGroup, TyperOption
from typer.exceptions import TyperException

from boardpuzzles_entry import INTERRUPTED

from . import __version__, output
from .errors import BoardpuzzlesError, Cancelled, InputError
from .output import AsciiOpt, JsonOpt, error_console, print_json
from .registry import PUZZLES, find_puzzle

#: Each puzzle's command group, by its name (the registry's puzzles).
GROUPS = {puzzle.name: puzzle for puzzle in PUZZLES}


class _Puzzles(TyperGroup):
    """The root group: a puzzle's commands (and its numba kernels) load only when that puzzle runs."""

    def list_commands(self, ctx) -> list[str]:
        return [*GROUPS, *super().list_commands(ctx)]

    def get_command(self, ctx, name: str):
        if name not in GROUPS:
            return super().get_command(ctx, name)
        command = typer.main.get_command(_load(GROUPS[name].cli).app)
        output.compile_notice.listen()
        command.name = name
        _speak_as_root(command)
        return command


class _NamedArgument(TyperArgument):
    """A positional argument whose name says what it is (N, BOARD, POSITION): help shows no ``<str>`` after it."""

    def display_type_rich(self, ctx) -> str | None:
        return None


#: The options Typer gives every group for shell completion; they belong on the root only.
COMPLETION_OPTIONS = {"install_completion", "show_completion"}


def _speak_as_root(command: Any) -> None:
    """Give a puzzle's commands the root's manners: plain help (words never broken, no
    boxes, ASCII-safe), arguments named as the README names them (N, BOARD, POSITION)
    with no type after them, the actions listed when a group is run without one, and
    the completion options only on the root."""
    command.rich_markup_mode = None
    for param in command.params:
        if isinstance(param, TyperArgument):
            param.metavar = param.metavar or POSITIONAL.get(param.name or "", (param.name or "").upper())
            param.__class__ = _NamedArgument
        elif isinstance(param, TyperOption) and not param.is_flag and param.metavar is None and param.bare_type() == "str":
            param.metavar = (param.name or "").upper()  # --variant VARIANT, not --variant <str>
    if isinstance(command, TyperGroup):
        command.no_args_is_help = True
        command.params = [param for param in command.params if param.name not in COMPLETION_OPTIONS]
        for sub in command.commands.values():
            _speak_as_root(sub)


#: Whether the puzzles' modules are frozen out of the garbage collector's sight as
#: they load: only in the program's own process (:func:`entry` sets it), never when
#: :func:`main` or ``app`` run inside someone else's (a test, a notebook, a server).
_freeze_imports = False


def _load(module_name: str):
    """Import a puzzle's modules, which bring numba and their kernels.

    In the program's own process they live as long as it does, so the garbage
    collector is kept from walking them at every full collection: it is off while
    they import, and then they are frozen out of its sight (the two full
    collections it made cost 0.1 s of ``queens count 16``).  Later objects are
    collected as usual.
    """
    if module_name in sys.modules or not _freeze_imports:
        return importlib.import_module(module_name)
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
    context_settings={"help_option_names": ["-h", "--help"]},  # every command inherits them
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)


def _print_version(value: bool) -> None:
    if value:
        print(__version__)
        raise typer.Exit(0)


@app.callback()
def root(
    version: Annotated[
        bool,
        typer.Option("--version", is_eager=True, expose_value=False, callback=_print_version, help="Print the version and exit."),
    ] = False,
) -> None:
    """The N queens, the knight's tour and the longest capture in draughts."""


@app.command()
def demo(ascii: AsciiOpt = False, json: JsonOpt = False) -> None:
    """The seeds' tasks, worked in under a minute (--json: one JSON line per puzzle)."""
    from . import demo as demo_module  # every puzzle: loaded only for the demo

    output.compile_notice.listen()
    if json:
        demo_module.run_json()
    else:
        demo_module.run(ascii)


@app.command()
def serve(
    host: Annotated[str, typer.Option("--host", metavar="HOST", help="Address to listen on (another machine's users can reach a non-local one).")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", metavar="PORT", help="Port to listen on (0: any free port).")] = 8000,
    open_browser: Annotated[bool, typer.Option("--open", help="Open the start page in the default browser.")] = False,
    json: Annotated[bool, typer.Option("--json", help='Print {"url": ...} on one line once listening (scripts, with --port 0).')] = False,
) -> None:
    """Serve the pages that watch the searches, and the JSON API, until Ctrl-C."""
    from .web import serve as serve_web  # Starlette and uvicorn: loaded only to serve

    def announce(url: str) -> None:
        print_json({"url": url})
        sys.stdout.flush()

    serve_web(host, port, open_browser, say=lambda line: error_console.print(line, markup=False, soft_wrap=True),
              ready=announce if json else None)


@app.command()
def version(json: JsonOpt = False) -> None:
    """Print the version."""
    if json:
        print_json({"version": __version__})
    else:
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


#: The command-line framework's messages worded as the project's own: lowercase, no final full stop,
#: names bare (click's pattern, and what stands for it).
FRAMEWORK_WORDING: list[tuple[str, str | Callable[[re.Match[str]], str]]] = [
    (r"No such command '(.+?)'\..*", r"no such command '\1'"),
    (r"Missing argument '(.+?)'\.", r"missing argument \1"),
    (r"Missing option '(.+?)'\.", r"missing option \1"),
    (r"Got unexpected extra argument(?:s|\(s\))? \((.*)\)",
     lambda found: f"unexpected extra argument{'s' if ' ' in found[1] else ''}: {found[1]}"),
    (r"Option '(.+?)' requires an argument\.", r"\1 needs a value"),
    (r"Option '(.+?)' does not take a value\.", r"\1 takes no value"),
    (r"Invalid value for '(.+?)'(?: / '[^']+')*: (.*)", r"invalid value for \1: \2"),
]


def _project_wording(message: str) -> str:
    """A message of the command-line framework as the project words its own (``Missing argument 'N'.``:
    ``missing argument N``)."""
    for pattern, wording in FRAMEWORK_WORDING:
        if re.fullmatch(pattern, message, flags=re.DOTALL):
            message = re.sub(pattern, wording, message, flags=re.DOTALL)
            break
    message = re.sub(r"(^|: )([A-Z])(?=[a-z ])", lambda found: found[1] + found[2].lower(), message)
    return message.rstrip(".")


def _meant(word: str, context: Any) -> str | None:
    """The command that a user who typed ``word`` most likely meant: at the top, the puzzle that
    ``word`` names (an alias: ``knights``, ``queen``); else the closest command of the group, if any."""
    group = context.command
    if isinstance(group, _Puzzles):
        try:
            return find_puzzle(word).name
        except InputError:
            pass
    close = difflib.get_close_matches(word.lower(), group.list_commands(context), n=1)
    return close[0] if close else None


def _usage_message(error: TyperException, args: list[str]) -> str:
    """A usage error in one line: the project's wording, the command meant, and where its help is."""
    option = getattr(error, "option_name", None) or ""  # set on "No such option" errors
    if re.fullmatch(r"-[0-9][0-9.x]*", option):
        return f"{option} is a negative number, read as an option: sizes, squares and counts are positive"
    message = _project_wording(error.format_message().replace("Value error, ", ""))  # pydantic's prefix on bad choices
    context = getattr(error, "ctx", None)
    unknown = re.fullmatch(r"no such command '(.+)'", message)
    if unknown is not None and context is not None:
        meant = _meant(unknown[1], context)
        message += f" (did you mean {meant}?)" if meant else ""
    if context is not None:
        path = context.command_path
    else:
        found = _command_of(args)
        path = found[1] if found is not None else "boardpuzzles"
    return f"{message} (see '{path} --help')"


def _command_of(args: list[str]) -> tuple[Any, str] | None:
    """The command that ``args`` run, and its path (``boardpuzzles queens solve``), or None when none is named."""
    command: Any = typer.main.get_command(app)
    path = "boardpuzzles"
    context = command.make_context(path, [], resilient_parsing=True)
    for word in args:
        if not isinstance(command, TyperGroup) or word.startswith("-"):
            break
        sub = command.get_command(context, word)
        if sub is None:
            return None
        command, path = sub, f"{path} {word}"
    return command, path


def _option_words(args: list[str]) -> list[str]:
    """The words of ``args`` before ``--`` with any ``=value`` cut off: where options can stand."""
    end = args.index("--") if "--" in args else len(args)
    return [word.split("=", 1)[0] for word in args[:end]]


def _unknown_option(args: list[str]) -> str | None:
    """The message for the first ``--option`` in ``args`` that the command it runs does not have, if any.

    Commands that take a negative number as their argument let unknown options
    through as arguments (``queens solve --metod 8`` would read N = '--metod' and
    complain of an extra '8'); this finds the misspelt option and names it.
    """
    found = _command_of(args)
    if found is None:
        return None
    command, path = found
    known = {name for param in command.params for name in (*param.opts, *param.secondary_opts)}
    known |= {"-h", "--help"}
    for name in _option_words(args):
        if name.startswith("--") and len(name) > 2 and name not in known:
            close = difflib.get_close_matches(name, sorted(known), n=1)
            hint = f" (did you mean {close[0]}?)" if close else ""
            return f"no such option: {name}{hint} (see '{path} --help')"
    return None


def _repeated_option(args: list[str]) -> str | None:
    """The message for the first option that takes a value and is given more than once, if any.

    Click keeps the last value of a repeated option silently (``knight tour 5
    --start a1 --start b1`` would start on b1); a user who repeats one most
    likely meant a list, so the run is refused instead.
    """
    found = _command_of(args)
    if found is None:
        return None
    command, path = found
    words = _option_words(args)
    for param in command.params:
        if isinstance(param, TyperOption) and not param.is_flag and not param.multiple:
            names = {*param.opts, *param.secondary_opts}
            given = sum(word in names for word in words)
            if given > 1:
                return f"{max(param.opts, key=len)} was given {given} times: give it once (see '{path} --help')"
    return None


def _show_help(error: Any) -> int:
    """A group run without an action (``boardpuzzles queens``): its help, which lists the actions, and status 0."""
    sys.stdout.write(error.ctx.get_help() + "\n")
    return 0


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
    args = sys.argv[1:] if argv is None else list(argv)
    command = typer.main.get_command(app)
    repeated = _repeated_option(args)
    if repeated is not None:
        return _fail(repeated, 2)
    output.compile_notice.begin(json_mode="--json" in _option_words(args))  # a --json run says nothing of compiling
    try:
        result = command.main(args=args, prog_name="boardpuzzles", standalone_mode=False)
        # Typer returns (not raises) the status of a typer.Exit raised in a command
        # (output.no_solution: 1), and turns Ctrl-C into a silent 130.
        status = result if isinstance(result, int) else 0
        if status == INTERRUPTED:
            _fail("interrupted", INTERRUPTED)
    except Cancelled:
        status = _fail("interrupted", INTERRUPTED)
    except InputError as error:
        status = _fail(_unknown_option(args) or error.worded(option_name(error.parameter)), 2)
    except BoardpuzzlesError as error:
        status = _fail(str(error), 2)
    except typer.Exit as exit_:
        status = exit_.exit_code
    except NoArgsIsHelpError as error:
        status = _show_help(error)
    except TyperException as error:  # usage errors: unknown command or option, bad choice, missing argument
        status = _fail(_unknown_option(args) or _usage_message(error, args), 2)
    except (KeyboardInterrupt, typer.Abort):
        status = _fail("interrupted", INTERRUPTED)
    except BrokenPipeError:
        status = _reader_gone()
    except SystemExit as exit_:
        if isinstance(exit_.__context__, BrokenPipeError):  # rich and typer turn a broken pipe into SystemExit(1)
            status = _reader_gone()
        else:  # shell completion leaves this way once it has answered
            status = exit_.code if isinstance(exit_.code, int) else 0
    return status


def entry() -> None:
    """The ``boardpuzzles`` program: run :func:`main` and exit with its status.

    The process leaves at once, with :func:`os._exit`, as soon as its output is
    flushed: every file it writes is closed by then, and the interpreter's own
    shutdown would spend about 0.3 s tearing down numba's compiled code (measured
    after ``queens count 12``), or wait after Ctrl-C for numba's compiler lock.

    A character that the output's encoding cannot write (``PYTHONIOENCODING=ascii``
    and a user's Unicode input echoed in a message) is written as an escape
    instead of ending the run; boards switch to ASCII on such an output by themselves.
    """
    global _freeze_imports
    _freeze_imports = True
    for stream in (sys.stdout, sys.stderr):
        if hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="backslashreplace")
    status = main()
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (BrokenPipeError, ValueError):  # the reader went away, or the stream is closed
            pass
    os._exit(status)


if __name__ == "__main__":
    entry()
