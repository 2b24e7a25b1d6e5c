"""``boardpuzzles queens ...``: solve, all, complete (and count)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import ExitStack
from typing import Annotated

import typer

from .. import output
from ..errors import InputError
from ..geometry import parse_squares, square_name
from . import SEARCH_METHODS
from . import complete as complete_queens
from . import solutions as list_solutions
from . import solve as solve_queens
from .count_cli import LateProgress
from .counting import count as count_queens
from .solution import Solution
from .steps import WATCHED, search_steps

app = typer.Typer(help="Place N queens on an N x N board, no two attacking.")

#: Lets a negative N reach the argument (and its clear message) instead of being taken for an option.
NUMBER_ARGUMENT = {"ignore_unknown_options": True}
LARGEST_DRAWN = 32


SearchMethod = output.choices("SearchMethod", SEARCH_METHODS)
SolveMethod = output.choices("SolveMethod", ("construction", *SEARCH_METHODS))


NArg = Annotated[str, typer.Argument(metavar="N", help="The size of the board (N x N) and the number of queens.")]
TraceOpt = Annotated[bool, typer.Option("--trace", help="Print each step of a seed method (recursive, iterative, freelist).")]


def parse_n(text: str) -> int:
    """N as given on the command line: a whole number (ranges are checked by the API)."""
    try:
        return int(text)
    except ValueError:
        if text.strip().lstrip("+-").isdecimal():  # int() refuses more than 4300 digits
            raise InputError(f"N has {len(text.strip())} digits, far out of range: give a board size such as 8") from None
        raise InputError(f"N must be a whole number, like 8 (got {text!r})") from None


def _trace_printer(enabled: bool):
    return (lambda line: output.console.print(line, markup=False, soft_wrap=True)) if enabled else None


def _traced(size: int, method: str, json_mode: bool) -> Iterator[Solution]:
    """A seed's search step by step: each step printed (a line, or a JSON object with --json); yields its solutions."""
    for step in search_steps(size, method):
        if json_mode:
            output.print_json(step.to_json())
        else:
            output.console.print(str(step), markup=False, soft_wrap=True)
        if step.solution is not None:
            yield Solution.from_columns(step.solution)


def _compact(index: int, solution: Solution, with_class: bool = False) -> str:
    line = f"{index:>6}: " + " ".join(map(str, solution.columns))
    return line + f"   (class of {solution.class_size()})" if with_class else line


def _show_solution(solution: Solution, ascii: bool, svg: str | None, title: str) -> None:
    output.save_svg(solution.diagram(title), svg)
    if solution.n <= LARGEST_DRAWN:
        output.show(solution.diagram(title), ascii)
        output.console.print("columns: " + " ".join(map(str, solution.columns)))
    else:
        output.console.print(title)
        output.console.print(" ".join(map(str, solution.columns)), soft_wrap=True)


@app.command(context_settings=NUMBER_ARGUMENT)
def solve(
    n: NArg,
    method: Annotated[SolveMethod, typer.Option(help="How to find it.")] = SolveMethod.construction,
    trace: TraceOpt = False,
    json: output.JsonOpt = False,
    ascii: output.AsciiOpt = False,
    svg: output.SvgOpt = None,
) -> None:
    """One solution: built directly in O(N) for any N up to 10,000,000, or found by a search --method."""
    size = parse_n(n)
    if trace and method.value in WATCHED:
        solution = next(_traced(size, method.value, json), None)
    else:
        solution = solve_queens(size, method.value, trace=_trace_printer(trace))
    if solution is None:
        output.no_solution(f"no solution exists for {size} queens on a {size}x{size} board", {"n": size, "columns": None}, json)
    if json:
        output.save_svg(solution.diagram(), svg)
        output.print_json({"n": size, "columns": list(solution.columns)})
    else:
        _show_solution(solution, ascii, svg, f"{size} queens ({method.value})")


@app.command("all", context_settings=NUMBER_ARGUMENT)
def all_(
    n: NArg,
    unique: Annotated[bool, typer.Option("--unique", help="One representative per symmetry class.")] = False,
    limit: Annotated[int | None, typer.Option(min=0, help="Stop after K solutions.", metavar="K")] = None,
    method: Annotated[SearchMethod, typer.Option(help="Which search lists them.")] = SearchMethod.bitboard,
    trace: TraceOpt = False,
    json: output.JsonOpt = False,
) -> None:
    """Every solution, streamed in the seeds' order (lexicographic in the column vector)."""
    size = parse_n(n)
    if trace and method.value in WATCHED:
        found: Iterator[Solution] = (s for s in _traced(size, method.value, json) if not unique or s.canonical() == s)
    else:
        found = list_solutions(size, method.value, unique=unique, trace=_trace_printer(trace))
    shown = 0
    for solution in found:
        if limit is not None and shown >= limit:
            break
        shown += 1
        if json:
            output.print_jsonl([{"columns": list(solution.columns)}])
        else:
            output.console.print(_compact(shown, solution, unique), markup=False)
    if shown == 0 and limit != 0:
        output.no_solution(f"no solution exists for {size} queens on a {size}x{size} board")
    if not json:
        kind = "fundamental solutions" if unique else "solutions"
        output.console.print(f"{shown} {kind}" + (f" (stopped at --limit {limit})" if limit is not None and shown == limit else ""))


@app.command(context_settings=NUMBER_ARGUMENT)
def complete(
    n: NArg,
    queens: Annotated[str, typer.Option("--queens", help="The given queens, e.g. d5,b4.", metavar="SQUARES")],
    all: Annotated[bool, typer.Option("--all", help="Every completion, not just one.")] = False,
    json: output.JsonOpt = False,
    ascii: output.AsciiOpt = False,
    svg: output.SvgOpt = None,
) -> None:
    """The N-Queens completion problem: keep the given queens and place the rest."""
    size = parse_n(n)
    if size < 1:
        raise InputError(f"N must be at least 1 (got {size})")
    given = parse_squares(queens, size, size)
    found = complete_queens(size, given, all=all)
    payload = {"n": size, "solutions": [{"columns": list(s.columns)} for s in found]}
    given_names = ",".join(square_name(*square) for square in given)
    if not found:
        output.no_solution(f"the queens {given_names} cannot be completed on a {size}x{size} board", payload, json)
    if json:
        output.save_svg(found[0].diagram(), svg)
        output.print_json(payload)
        return
    first = found[0]
    diagram = first.diagram(f"{size} queens completing {given_names}")
    diagram.marks = {square: "#2e7d32" for square in given}
    output.save_svg(diagram, svg)
    if size <= LARGEST_DRAWN:
        output.show(diagram, ascii)
    for index, solution in enumerate(found, 1):
        output.console.print(_compact(index, solution), markup=False)
    if all:
        output.console.print(f"{len(found)} completions")


@app.command(context_settings=NUMBER_ARGUMENT)
def count(
    n: NArg,
    workers: Annotated[int | None, typer.Option("--workers", metavar="K", help="Local worker processes (default: every core).")] = None,
    cluster: Annotated[str | None, typer.Option("--cluster", metavar="ADDRESS", help="Run on the dask.distributed scheduler at tcp://HOST:PORT.")] = None,
    checkpoint: Annotated[str | None, typer.Option("--checkpoint", metavar="FILE", callback=output.file_name, help="Record finished subproblems in this SQLite file; run again to resume.")] = None,
    json: output.JsonOpt = False,
) -> None:
    """Count all solutions and the fundamental ones (distinct under the 8 symmetries), up to N = 30."""
    size = parse_n(n)
    with ExitStack() as stack:
        progress = LateProgress(stack, output.progress_wanted(json))
        result = count_queens(size, workers=workers, cluster=cluster, checkpoint=checkpoint, progress=progress)
    if json:
        output.print_json(result.to_json())
    else:
        queens, solutions = ("queen", "solution") if size == 1 else ("queens", "solutions")
        output.console.print(f"{size} {queens}: {result.total:,} {solutions}, {result.fundamental:,} fundamental", markup=False)


def demo(ascii: bool) -> None:
    """The seeds' eight queens: one drawn, all 92, the 12 fundamental ones, the counts."""
    console = output.console
    console.rule("N queens (seeds 000, 001, 002)")
    first = solve_queens(8, "recursive")
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
    console.print("\nCounted with the eight symmetries inside the search (numba bitboards):")
    for size in range(4, 13):
        result = count_queens(size, workers=1)
        console.print(f"  N = {size:>2}: {result.total:>6} solutions, {result.fundamental:>5} fundamental", markup=False)
