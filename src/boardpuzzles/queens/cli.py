"""``boardpuzzles queens ...``: solve, all, complete and count, each a thin layer on :mod:`boardpuzzles.queens`."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import islice
from typing import Annotated, Any

import typer

from .. import i18n, output, render
from ..errors import InputError, NoSolution
from ..geometry import parse_number
from . import SearchMethod, SolveMethod
from . import complete as complete_queens
from . import solutions as list_solutions
from . import solve as solve_queens
from .compare import compare as compare_methods
from .counting import COMPILE_SECONDS, CountMethod, count as count_queens
from .counting import compiles as compiles_count
from .solution import DRAW_LIMIT, Solution, no_solution
from .steps import LISTINGS, WATCHED, QueensStep, ending, search_animation, search_steps
from .steps import watch as watch_search

app = typer.Typer(help="Place N queens on an N x N board, no two attacking.")

#: Lets a negative N reach the argument (and its clear message) instead of being taken for an option.
NUMBER_ARGUMENT = {"ignore_unknown_options": True}




NArg = Annotated[str, typer.Argument(metavar="N", help="The size of the board (N x N) and the number of queens.")]
TraceOpt = Annotated[bool, typer.Option("--trace", help="Print each step of a seed method (recursive, iterative, freelist).")]
ForceOpt = Annotated[bool, typer.Option("--force", help="Run even when the estimate says it cannot end in reasonable time.")]
HtmlOpt = Annotated[str | None, typer.Option("--html", metavar="FILE", callback=output.file_option, help="Also write the seed method's whole search as one HTML file that plays it offline (recursive, iterative, freelist; in the language of --lang).")]
PlacedOpt = Annotated[str | None, typer.Option("--placed", metavar="SQUARES", help="With --html: queens on the first rows, one a row, that the search keeps (e.g. b1,d2); it runs from the next row on.")]


def parse_n(text: str) -> int:
    """N as given on the command line: a whole number in digits 0-9 (ranges are checked by the API)."""
    return parse_number(text, "n")


def _trace_printer(enabled: bool):
    return (lambda line: output.console.print(line, markup=False, soft_wrap=True)) if enabled else None


class _Traced:
    """A seed's search step by step: its listing first (not with --json), then each step printed (a line,
    or a JSON object with --json); iterated, it yields the search's solutions."""

    def __init__(self, size: int, method: str, json_mode: bool, lang: str) -> None:
        self.size, self.method, self.json_mode, self.lang = size, method, json_mode, lang
        self.last: QueensStep | None = None
        self.over = False

    def __iter__(self) -> Iterator[Solution]:
        if not self.json_mode:
            output.console.print(i18n.text("trace.listing", self.lang, method=self.method), markup=False)
            output.console.print(str(LISTINGS[self.method]), markup=False, soft_wrap=True)
        for step in search_steps(self.size, self.method):
            if self.json_mode:
                output.print_json(step.to_json())
            else:
                output.console.print(step.line(self.lang), markup=False, soft_wrap=True)
            self.last = step
            if step.solution is not None:
                yield Solution.from_columns(step.solution)
        self.over = True

    def summary(self) -> None:
        """What the counts say where the trace stopped (not with --json: the steps hold them)."""
        if self.last is not None and not self.json_mode:
            output.console.print(ending(self.last, self.over, self.lang), markup=False)


def _compact(index: int, solution: Solution, with_class: bool = False) -> str:
    line = f"{index:>6}: " + " ".join(map(str, solution.columns))
    return line + f"   (class of {solution.class_size()})" if with_class else line


def _show_solution(solution: Solution, ascii: bool, title: str) -> None:
    if solution.n <= DRAW_LIMIT:
        output.show(solution.diagram(title), ascii)
        output.console.print("columns: " + " ".join(map(str, solution.columns)))
    else:
        output.console.print(title)
        output.console.print(" ".join(map(str, solution.columns)), soft_wrap=True)


@app.command(context_settings=NUMBER_ARGUMENT)
def solve(
    n: NArg,
    method: Annotated[SolveMethod, typer.Option("--method", "-m", help="How to find it.")] = "construction",
    trace: TraceOpt = False,
    lang: output.LangOpt = None,
    force: ForceOpt = False,
    json: output.JsonOpt = False,
    ascii: output.AsciiOpt = False,
    svg: output.SvgOpt = None,
    animate: output.AnimateOpt = None,
    html: HtmlOpt = None,
    placed: PlacedOpt = None,
) -> None:
    """One solution: built directly in O(N) for any N up to 10,000,000, or found by a search --method."""
    size = parse_n(n)
    language = i18n.language(lang)
    if placed is not None and not html:
        raise InputError("{parameter} needs --html: the queens placed start the search written to the file",
                         parameter="placed")
    if html:  # the seed's whole search as a player, made (or refused) before anything is printed
        if method not in WATCHED:
            raise InputError("{parameter} needs a seed method: --method " + ", ".join(WATCHED), parameter="html")
        watch_search(size, method, language, placed=() if placed is None else placed).write_html(html)
    if svg:
        render.check_drawable(size, size)  # before the board is built (10^7 queens: 7 s, 2 GB)
    if animate:  # the seed's search to its first solution, made (or refused) before anything is printed
        output.save_svg(search_animation(size, method), animate)
    try:
        if trace and method in WATCHED:
            traced = _Traced(size, method, json, language)
            solution = next(iter(traced), None)
            traced.summary()
            if solution is None:
                raise no_solution(size)
        else:
            with output.progress_bar(f"searching {size} queens ({method})", json) as progress:
                solution = solve_queens(size, method, trace=_trace_printer(trace), force=force, progress=progress)
    except NoSolution as none:
        output.no_solution(str(none), none.to_json(), json)
    title = f"{size} queens ({method})"
    if svg:
        output.save_svg(solution.diagram(title), svg)
    if json:
        output.print_json(solution.to_json())
    else:
        _show_solution(solution, ascii, title)


@app.command("all", context_settings=NUMBER_ARGUMENT)
def all_(
    n: NArg,
    unique: Annotated[bool, typer.Option("--unique", help="One representative per symmetry class.")] = False,
    limit: Annotated[int | None, typer.Option(min=0, help="Stop after K solutions.", metavar="K")] = None,
    method: Annotated[SearchMethod, typer.Option("--method", "-m", help="Which search lists them.")] = "bitboard",
    trace: TraceOpt = False,
    lang: output.LangOpt = None,
    force: ForceOpt = False,
    json: output.JsonOpt = False,
) -> None:
    """Every solution, streamed in the seeds' order (lexicographic in the column vector)."""
    size = parse_n(n)
    language = i18n.language(lang)
    shown = 0
    with output.progress_bar(f"listing {size} queens", json) as progress:
        found: Iterator[Solution]
        traced = _Traced(size, method, json, language)
        if trace and method in WATCHED:
            found = islice((s for s in traced if not unique or s.canonical() == s), limit)
        else:
            found = list_solutions(size, method, unique=unique, trace=_trace_printer(trace), limit=limit,
                                   force=force, progress=progress)
        for shown, solution in enumerate(found, 1):
            if json:
                output.print_jsonl([solution.to_json(with_n=False)])
            else:
                output.console.print(_compact(shown, solution, unique), markup=False)
    traced.summary()
    if shown == 0 and limit != 0:
        output.no_solution(str(no_solution(size)))
    if not json:
        kind = "fundamental solutions" if unique else "solutions"
        output.console.print(f"{shown} {kind}" + (f" (stopped at --limit {limit})" if limit is not None and shown == limit else ""))


@app.command(context_settings=NUMBER_ARGUMENT)
def complete(
    n: NArg,
    queens: Annotated[list[str] | None, typer.Option("--queens", help="The given queens, e.g. d5,b4 (none: complete the empty board).", metavar="SQUARES")] = None,
    all: Annotated[bool, typer.Option("--all", help="Every completion, not just one.")] = False,
    force: ForceOpt = False,
    json: output.JsonOpt = False,
    ascii: output.AsciiOpt = False,
    svg: output.SvgOpt = None,
) -> None:
    """The N-Queens completion problem: keep the given queens and place the rest."""
    size = parse_n(n)
    if svg:
        render.check_drawable(size, size)  # before the board is built (10^7 queens: 7 s, 2 GB)
    if queens is not None and len(queens) > 1:
        raise InputError(
            f"{{parameter}} was given {len(queens)} times: give every queen in one list, like {{parameter}} d5,b4",
            parameter="queens", value=queens, show_value=False,
        )
    given = queens[0] if queens else ()
    with output.progress_bar(f"completing {queens[0] if queens else 'the empty board'} on {size}x{size}", json) as progress:
        found = complete_queens(size, given, all=all, force=force, progress=progress)
    if not found:
        output.no_solution(f"the queens {found.given()} cannot be completed on a {size}x{size} board", found.to_json(), json)
    title = f"{size} queens completing {found.given()}"
    if svg:
        output.save_svg(found.diagram(title), svg)
    if json:
        output.print_json(found.to_json())
        return
    if size <= DRAW_LIMIT:
        output.show(found.diagram(title), ascii)
    for index, solution in enumerate(found, 1):
        output.console.print(_compact(index, solution), markup=False)
    if all:
        output.console.print(f"{len(found)} completions")


@app.command(context_settings=NUMBER_ARGUMENT)
def count(
    n: NArg,
    workers: Annotated[int | None, typer.Option("--workers", "-w", metavar="K", help="Local worker processes (default: every core).")] = None,
    cluster: Annotated[str | None, typer.Option("--cluster", metavar="ADDRESS", help="Run on the dask.distributed scheduler at tcp://HOST:PORT.")] = None,
    checkpoint: Annotated[str | None, typer.Option("--checkpoint", metavar="FILE", callback=output.file_option, help="Record finished subproblems in this SQLite file; run again to resume.")] = None,
    method: Annotated[CountMethod, typer.Option("--method", "-m", help="symmetry: the eight symmetries inside one search; constellations: the border queens placed first (the faster from N = 16).")] = "symmetry",
    json: output.JsonOpt = False,
) -> None:
    """Count all solutions and the fundamental ones (distinct under the 8 symmetries), up to N = 30."""
    size = parse_n(n)
    if compiles_count(size, method):
        output.say_compiling("the counting kernel", COMPILE_SECONDS, json)
    with output.progress_bar(f"counting {size} queens", json) as progress:
        result = count_queens(size, method=method, workers=workers, cluster=cluster, checkpoint=checkpoint,
                              progress=progress)
    if json:
        output.print_json(result.to_json())
    else:
        output.console.print(str(result), markup=False)


@app.command(context_settings=NUMBER_ARGUMENT)
def compare(n: NArg, json: output.JsonOpt = False) -> None:
    """What symmetry saves: HR(k), the seed's half row, the eight symmetries and the bitboards on one N (4 to 12), with the nodes each search visits and its time."""
    size = parse_n(n)
    with output.progress_bar(f"comparing the methods on {size} queens", json) as progress:
        result = compare_methods(size, progress=progress)
    if json:
        output.print_json(result.to_json())
    else:
        output.console.print(str(result), markup=False, soft_wrap=True)


def demo(ascii: bool) -> None:
    """The seeds' eight queens: one drawn, all 92, the 12 fundamental ones, the counts."""
    console = output.console
    console.rule("N queens (seeds 000, 001, 002)")
    first = next(list_solutions(8, "recursive"))  # 8 queens have solutions: the first in the seed's order
    output.show(first.diagram("The first of the eight-queens solutions (HR(k), the seed's recursion)"), ascii)
    every = list(list_solutions(8))
    console.print(f"\nAll {len(every)} solutions, as the seed prints c[1..8]:")
    words = ["".join(map(str, s.columns)) for s in every]
    for start in range(0, len(words), 8):
        console.print("  " + " ".join(words[start : start + 8]), markup=False)
    fundamental = list(list_solutions(8, unique=True))
    console.print(f"\nThe {len(fundamental)} fundamental solutions (one per class of the 8 symmetries):")
    for index, solution in enumerate(fundamental, 1):
        console.print(_compact(index, solution, with_class=True), markup=False)
    console.print("\nCounted with the eight symmetries inside the search (bitboards):")
    for size in range(4, 13):
        result = count_queens(size, workers=1)
        console.print(f"  N = {size:>2}: {result.count:>6} solutions, {result.fundamental:>5} fundamental", markup=False)


def demo_json() -> dict[str, Any]:
    """The demo's section as JSON (``demo --json``): the first solution, all of them, the fundamental ones, the counts."""
    first = solve_queens(8, "recursive")
    return {
        "first": {"n": 8, "columns": list(first.columns)},
        "solutions": [list(s.columns) for s in list_solutions(8)],
        "fundamental": [list(s.columns) for s in list_solutions(8, unique=True)],
        "counts": [count_queens(size, workers=1).to_json() for size in range(4, 13)],
    }
