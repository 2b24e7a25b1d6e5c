"""What every command shares: its common options, JSON, boards, progress and exit codes.

Exit statuses: 0 an answer, 1 "no solution exists" (still a normal answer, and the
JSON is still printed), 2 bad input (one line on standard error), 130 interrupted.
"""

from __future__ import annotations

import json
import sys
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import ExitStack, contextmanager
from typing import Annotated, Any, NoReturn, Protocol

import typer
from rich.console import Console

from . import render
from .progress import Progress, ProgressFn

# Nothing printed is read as rich markup or emoji codes: messages hold the user's
# own text (a FEN such as W:x:B1 would otherwise print an emoji), so colour comes
# only from explicit styles.
console = Console(highlight=False, emoji=False, markup=False)
error_console = Console(stderr=True, highlight=False, emoji=False, markup=False)


def file_option(value: str | None) -> str | None:
    """Option callback for FILE options: an empty name is refused, never read as "no file"."""
    if value is not None and not value.strip():
        raise typer.BadParameter("the file name is empty: give a path, or leave the option out")
    return value


JsonOpt = Annotated[bool, typer.Option("--json", help="Print JSON (stable keys, see README) instead of boards.")]
AsciiOpt = Annotated[bool, typer.Option("--ascii", help="Draw boards with ASCII letters instead of Unicode pieces.")]
LangOpt = Annotated[str | None, typer.Option("--lang", help="The language of --trace: en or ru (default: the locale, LANG or LC_ALL).", metavar="LANG")]
SvgOpt = Annotated[
    str | None, typer.Option("--svg", metavar="FILE", callback=file_option, help="Also write the board as an SVG file.")
]

AnimateOpt = Annotated[
    str | None,
    typer.Option("--animate", metavar="FILE", callback=file_option,
                 help="Also write the steps as an SVG that plays itself (SMIL animation: a browser plays it)."),
]


def print_json(payload: Any) -> None:
    """Print one JSON document on standard output."""
    sys.stdout.write(json.dumps(payload) + "\n")


def print_jsonl(payloads: Iterable[Any]) -> None:
    """Print JSON Lines, one document per line, flushed as they come."""
    for payload in payloads:
        sys.stdout.write(json.dumps(payload) + "\n")
        sys.stdout.flush()


class Step(Protocol):
    """A step of a watched search (the queens seeds' steps, the knight's moves): a line and a JSON object."""

    def line(self, lang: str = "en") -> str: ...

    def to_json(self) -> dict[str, Any]: ...


def print_step(step: Step, json_mode: bool, lang: str = "en") -> None:
    """One step of ``--trace``: its JSON object on a line of its own with ``--json``, else its line in ``lang``."""
    if json_mode:
        print_json(step.to_json())
    else:
        console.print(step.line(lang), markup=False, soft_wrap=True)


def can_encode(text: str, stream: Any = None) -> bool:
    """Whether ``stream`` (default: standard output) can write ``text`` in its encoding."""
    encoding = getattr(stream or sys.stdout, "encoding", None) or "utf-8"
    try:
        text.encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def show(diagram: render.Diagram, ascii: bool = False) -> None:
    """Draw a board on standard output: in colour on a terminal, plain text otherwise.

    Lines are never wrapped (a board wider than the terminal or than 80 columns
    in a file stays one line per rank), and an output that cannot encode the
    Unicode pieces (``PYTHONIOENCODING=ascii``) gets ASCII letters.
    """
    ascii = ascii or not can_encode(render.UNICODE_SIGNS)
    if console.is_terminal and not ascii:
        console.print(render.rich_board(diagram, ascii), soft_wrap=True)
    else:
        console.print(render.text(diagram, ascii), soft_wrap=True)


def save_svg(drawing: render.Diagram | str, path: str | None) -> None:
    """Write the SVG file asked for with ``--svg`` or ``--animate`` (nothing when no path is given):
    a diagram, or an SVG document already made."""
    if path:
        render.write_svg(drawing, path)


def no_solution(message: str, payload: Any = None, json_mode: bool = False) -> NoReturn:
    """Report that no solution exists: the JSON (if any) on stdout, the message on stderr, exit 1."""
    if json_mode and payload is not None:
        print_json(payload)
    error_console.print(message, markup=False, soft_wrap=True)
    raise typer.Exit(1)


def progress_wanted(json_mode: bool) -> bool:
    """A progress bar only for a person at a terminal: never with --json or when piped."""
    return not json_mode and error_console.is_terminal


#: Seconds numba may compile before a person at a terminal is told that it does.
COMPILE_NOTICE_SECONDS = 1.0


class CompileNotice:
    """One line on a terminal, once a run, when the run waits for numba's compiler.

    A command's first run compiles the kernels it uses (numba caches them for the
    next runs).  The counts say so before they start, with their estimate
    (:func:`say_compiling`); any other compilation that lasts
    :data:`COMPILE_NOTICE_SECONDS` is said when that time is up, by a listener on
    numba's compile events (:meth:`listen`).  Nothing with ``--json`` or when
    standard error is not a terminal.
    """

    def __init__(self) -> None:
        self.json_mode = True  # silent until the command line says what the run asked for
        self.said = False
        self.depth = 0  # compilations under way (a kernel compiles the kernels it calls inside its own)
        self.timer: threading.Timer | None = None
        self.lock = threading.Lock()
        self.listening = False

    def begin(self, json_mode: bool) -> None:
        """A run starts: the line may be said once in it, unless it asked for ``--json``."""
        with self.lock:
            self.json_mode = json_mode
            self.said = False

    def listen(self) -> None:
        """Watch numba's compilations from now on (the command line calls it as a puzzle's commands load)."""
        if self.listening:
            return
        from numba.core import event  # numba is loaded by then: the puzzles' kernels import it

        notice = self

        class Listener(event.Listener):
            def on_start(self, event: Any) -> None:
                notice.started()

            def on_end(self, event: Any) -> None:
                notice.ended()

        event.register("numba:compile", Listener())
        self.listening = True

    def started(self) -> None:
        """A compilation starts: the line is said if compiling still goes on :data:`COMPILE_NOTICE_SECONDS` later."""
        with self.lock:
            self.depth += 1
            if self.depth == 1 and not self.said:
                self.timer = threading.Timer(COMPILE_NOTICE_SECONDS, self.say,
                                             ("compiling this command's kernels (numba), once: "
                                              "the next runs take them from the cache",))
                self.timer.daemon = True
                self.timer.start()

    def ended(self) -> None:
        with self.lock:
            self.depth -= 1
            if self.depth == 0 and self.timer is not None:
                self.timer.cancel()
                self.timer = None

    def say(self, line: str, json_mode: bool | None = None) -> None:
        """Say ``line`` on standard error, the first time only, to a person at a terminal."""
        with self.lock:
            if self.said or not progress_wanted(self.json_mode if json_mode is None else json_mode):
                return
            self.said = True
        error_console.print(line, markup=False)


#: The run's notice: the command line sets its ``json_mode`` and has it :meth:`CompileNotice.listen`.
compile_notice = CompileNotice()


def say_compiling(what: str, seconds: float, json_mode: bool) -> None:
    """Tell a person at a terminal that numba compiles ``what`` now (once: it is cached for the next runs), in
    about ``seconds`` on a quiet 2-core machine; nothing with --json or when stderr is not a terminal."""
    compile_notice.say(f"compiling {what}, once: about {seconds:.0f} s", json_mode)


@contextmanager
def progress(total: float, description: str, enabled: bool) -> Iterator[Callable[[float], None]]:
    """A progress bar on standard error; yields ``advance(amount)``.

    When ``enabled`` is false (``--json``, piped output) nothing is drawn and
    ``advance`` does nothing, so callers need no second code path.
    """
    if not enabled:
        yield lambda amount: None
        return
    # Imported here: most runs draw no bar, and rich.progress costs 20 ms of start-up.
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn

    bar = Progress(
        TextColumn("{task.description}", markup=False),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
        console=error_console,
        transient=True,
    )
    with bar:
        task = bar.add_task(description, total=total)
        yield lambda amount: bar.advance(task, amount)


#: Seconds a long call runs before its progress bar appears (shorter work shows none).
BAR_AFTER = 1.0


@contextmanager
def progress_bar(description: str, json_mode: bool) -> Iterator[ProgressFn]:
    """A progress bar on standard error fed by the library's :class:`~boardpuzzles.progress.Progress`
    reports; yields the ``progress`` callback to hand to a long call.

    The bar appears once the call has run :data:`BAR_AFTER` seconds, shows the
    elapsed time from the start and the time left at the rate so far, and is
    never drawn with ``--json`` or when standard error is not a terminal.
    """
    if not progress_wanted(json_mode):
        yield lambda report: None
        return
    started = time.monotonic()
    with ExitStack() as stack:
        state: dict[str, Any] = {}

        def show_report(report: Progress) -> None:
            if "bar" not in state:
                if time.monotonic() - started < BAR_AFTER:
                    return
                from rich.progress import (
                    BarColumn, MofNCompleteColumn, TextColumn, TimeElapsedColumn, TimeRemainingColumn,
                )
                from rich.progress import Progress as Bar

                bar = Bar(
                    TextColumn("{task.description}", markup=False), BarColumn(), MofNCompleteColumn(),
                    TextColumn("{task.fields[unit]}", markup=False), TimeElapsedColumn(), TimeRemainingColumn(),
                    TextColumn("{task.fields[detail]}", markup=False),
                    console=error_console, transient=True,
                )
                stack.enter_context(bar)
                state["bar"] = bar
                # what a resumed call did before is no progress of this one (rich times the bar's own samples)
                state["task"] = bar.add_task(description, total=report.total, completed=int(report.since),
                                             unit=report.unit, detail=report.detail)
                # the elapsed time counts from the start of the call, not from when the bar appears
                # (rich times its tasks with time.monotonic, as ``started`` is)
                next(task for task in bar.tasks if task.id == state["task"]).start_time = started
            state["bar"].update(state["task"], completed=report.done, total=report.total, detail=report.detail)

        yield show_report
