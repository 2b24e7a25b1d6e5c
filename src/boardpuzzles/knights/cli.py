"""``boardpuzzles knight ...``: tour, count, starts (and the demo section)."""

from __future__ import annotations

import sys
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import Annotated, Any

import typer

from .. import i18n, output
from ..errors import InputError
from ..geometry import parse_board_size, parse_square, parse_squares, square_name
from .moves import accessibility
from .asked import parse_memory
from . import table
from .counting import CountMethod, count_part, count_parts, count_tours, pick_method
from .estimate import estimate_count
from .listed import LISTINGS
from .steps import KnightStep, check_stepped, tour_animation, tour_steps
from .tour import BOARD_LIMIT, DRAW_LIMIT, LIST_LIMIT, KnightTour, Method, NoTour, find_tour, tour_starts

app = typer.Typer(help="Move a knight over every square of a board once (the knight's tour).")




BoardArg = Annotated[str, typer.Argument(metavar="BOARD", help="8 for 8x8, or RxC (R rows, C columns), 1 to 10000.")]
ClosedOpt = Annotated[bool, typer.Option("--closed", help="A closed tour: the last square is a knight's move from the first.")]


@contextmanager
def _every_digit() -> Iterator[None]:
    """Let Python write integers of any length (it refuses more than 4300 digits by default:
    3x10000 has a 4938-digit number of closed tours), for this command only."""
    limit = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(0)
    try:
        yield
    finally:
        sys.set_int_max_str_digits(limit)


def _board(text: str) -> tuple[int, int]:
    return parse_board_size(text, largest=BOARD_LIMIT)


def _show_tour(tour: KnightTour, ascii: bool, svg: str | None) -> None:
    if svg:
        output.save_svg(tour.diagram(), svg)
    if max(tour.rows, tour.cols) <= DRAW_LIMIT:
        output.show(tour.diagram(), ascii)
    output.console.print(tour.summary() + ", checked square by square", markup=False, soft_wrap=True)
    if len(tour.path) <= LIST_LIMIT:
        output.console.print(" ".join(tour.names()), markup=False, soft_wrap=True)


@app.command()
def tour(
    board: BoardArg,
    start: Annotated[str, typer.Option("-s", "--start", metavar="SQ", help="The first square, e.g. c3.")] = "a1",
    closed: ClosedOpt = False,
    method: Annotated[Method | None, typer.Option("-m", "--method", help="How to find it (default: what suits the board).")] = None,
    lookahead: Annotated[int | None, typer.Option("--lookahead", metavar="K", help="How many moves --method lookahead looks ahead (default 2).")] = None,
    depth: Annotated[int | None, typer.Option("--depth", hidden=True, help="The old name of --lookahead.")] = None,
    blocked: Annotated[str | None, typer.Option("--blocked", metavar="SQS", help="Squares taken off the board, e.g. a1,c3.")] = None,
    json: output.JsonOpt = False,
    ascii: output.AsciiOpt = False,
    trace: Annotated[bool, typer.Option("--trace", help="Print the method's code, then each step it makes: every candidate looked at, each move and retreat (boards up to 400 squares).")] = False,
    lang: output.LangOpt = None,
    svg: output.SvgOpt = None,
    animate: output.AnimateOpt = None,
) -> None:
    """Find a knight's tour that visits every square once, or say why there is none."""
    rows, cols = _board(board)
    first = parse_square(start, rows, cols)
    holes = [] if blocked is None else parse_squares(blocked, rows, cols, parameter="blocked")
    if depth is not None and lookahead is not None:
        raise InputError("--depth is the old name of {parameter}: give one of them", parameter="lookahead")
    if animate or trace:
        check_stepped(rows, cols)
    looks = depth if lookahead is None else lookahead
    language = i18n.language(lang)
    try:
        with output.progress_bar(f"knight's tour of {rows}x{cols}", json) as progress:
            result = find_tour(rows, cols, first, closed, method, looks, holes, progress=progress)
    except NoTour as no:
        if trace:
            _print_steps(no.method, tour_steps(rows, cols, first, closed, method, looks, holes, no), json, language)
        if animate:  # where the rule got stuck, or the reason no tour exists
            output.save_svg(tour_animation(rows, cols, first, closed, method, looks, holes, no), animate)
        output.no_solution(no.line(language) if trace else str(no), no.to_json(), json)
    if trace:
        _print_steps(result.method, tour_steps(rows, cols, first, closed, method, looks, holes, result), json, language)
    if animate:
        output.save_svg(tour_animation(rows, cols, first, closed, method, looks, holes, result), animate)
    if json:
        if svg:
            output.save_svg(result.diagram(), svg)
        for part in result.json_parts():
            sys.stdout.write(part)
        sys.stdout.write("\n")
        sys.stdout.flush()
    else:
        _show_tour(result, ascii, svg)


def _print_steps(method: str | None, steps: Iterable[KnightStep], json_mode: bool, lang: str) -> None:
    """The method's steps as they come, the same that the web page and ``--animate`` show: JSON Lines,
    or the method's listing and then a line a step in ``lang``, naming the line of the listing that made it."""
    listing = LISTINGS.get(method or "")
    if listing is not None and not json_mode:
        output.console.print(i18n.text("trace.knight.listing", lang, method=listing.method), markup=False)
        output.console.print(str(listing), markup=False, soft_wrap=True)
    for step in steps:
        output.print_step(step, json_mode, lang)


@app.command()
def count(
    board: BoardArg,
    closed: ClosedOpt = False,
    start: Annotated[str | None, typer.Option("--start", "-s", metavar="SQ", help="Count the open tours that start here.")] = None,
    blocked: Annotated[str | None, typer.Option("--blocked", metavar="SQS", help="Squares taken off the board, e.g. a1,c3: the tours pass every other square.")] = None,
    method: Annotated[CountMethod | None, typer.Option("--method", "-m", help="frontier (a dynamic program over the swept border, boards up to 10 across) or backtrack (lists every tour); default: the faster.")] = None,
    checkpoint: Annotated[str | None, typer.Option("--checkpoint", metavar="FILE", callback=output.file_option, help="Save the frontier after every square in FILE (and FILE.parts); run again to resume.")] = None,
    memory: Annotated[str | None, typer.Option("--memory", metavar="SIZE", help="Memory the tables of a step may take before it is cut into waves on disk, e.g. 4G (default: half of this machine's).")] = None,
    cluster: Annotated[str | None, typer.Option("--cluster", metavar="ADDRESS", help="Share every step among the workers of the dask.distributed scheduler at tcp://HOST:PORT.")] = None,
    workers: Annotated[int | None, typer.Option("--workers", "-w", metavar="K", help="Threads of the frontier method in this process (default: one a core).")] = None,
    estimate: Annotated[bool, typer.Option("--estimate", help="Print the expected cost (states, time, memory, disk) without counting.")] = False,
    cluster_workers: Annotated[int | None, typer.Option("--cluster-workers", metavar="W", help="With --estimate: also the figures of one worker of a cluster of W.")] = None,
    force: Annotated[bool, typer.Option("--force", help="Run a count that is estimated to take more than 5 minutes of CPU, or more disk than is free.")] = False,
    parts: Annotated[int | None, typer.Option("--parts", metavar="P", help="Cut the frontier count into P parts that add up, each narrower than the whole (with --estimate: the cost of each).")] = None,
    part: Annotated[int | None, typer.Option("--part", metavar="J", help="With --parts: count part J (1 to P) only.")] = None,
    results: Annotated[str | None, typer.Option("--results", metavar="FILE", callback=output.file_option, help="With --parts: keep each finished part in FILE (JSON); run again to count the parts that remain.")] = None,
    json: output.JsonOpt = False,
) -> None:
    """Count tours exactly: open ones directed, closed ones undirected."""
    rows, cols = _board(board)
    first = parse_square(start, rows, cols) if start is not None else None
    holes = [] if blocked is None else parse_squares(blocked, rows, cols, parameter="blocked")
    size = parse_memory(memory) if memory is not None else None
    if cluster_workers is not None and not estimate:
        raise InputError("{parameter} goes with the estimate; a count on a cluster takes the scheduler's address",
                         parameter="cluster_workers", value=cluster_workers)
    if (part is not None or results is not None) and parts is None:
        raise InputError("{parameter} goes with --parts", parameter="part" if part is not None else "results",
                         value=part if part is not None else results)
    if estimate:
        guess = estimate_count(rows, cols, closed, first, blocked=holes, memory=size, workers=workers,
                               cluster_workers=cluster_workers, parts=1 if parts is None else parts,
                               checkpoint=checkpoint)
        if json:
            output.print_json(guess.to_json())
        else:
            output.console.print(str(guess), markup=False, soft_wrap=True)
        return
    frontier_only = any(option is not None for option in (checkpoint, memory, cluster, workers))
    if (method or pick_method(rows, cols, frontier_only)) == "frontier" and not table.kernels_ready():
        output.say_compiling("the counting kernels", table.COMPILE_SECONDS, json)
    with output.progress_bar(f"counting {rows}x{cols} tours", json) as progress:
        if parts is not None:
            if first is not None or holes or cluster is not None or method == "backtrack":
                raise InputError("{parameter} cuts frontier counts of whole boards on this machine (no --start, "
                                 "--blocked or --cluster)", parameter="parts", value=parts)
            if (part is None) == (results is None):
                raise InputError("{parameter} needs --results FILE (every part, kept there) or --part J (one part)",
                                 parameter="parts", value=parts)
            if part is not None:
                if not 1 <= part <= max(parts, 1):
                    raise InputError(f"{{parameter}} must be 1 to {parts}", parameter="part", value=part)
                result = count_part(rows, cols, closed, parts=parts, part=part - 1, progress=progress,
                                    checkpoint=checkpoint, memory=size, workers=workers, force=force)
            else:
                result = count_parts(rows, cols, closed, parts=parts, results=str(results),
                                     command=_count_command(board, closed, parts, results, checkpoint, memory,
                                                            workers), progress=progress,
                                     checkpoint=checkpoint, memory=size, workers=workers, force=force)
        else:
            result = count_tours(rows, cols, closed, first, method, blocked=holes, progress=progress,
                                 checkpoint=checkpoint, memory=size, cluster=cluster, workers=workers, force=force)
    if closed:
        what = "undirected closed tours (a tour and its reverse are one)"
    elif first:
        what = f"directed open tours starting on {square_name(*first)}"
    else:
        what = "directed open tours (a tour and its reverse are two)"
    if result.split is not None:
        what += f", {result.split} (cut after {result.split.after} squares)"
    board_words = f"the {rows}x{cols} board" + (f" without {', '.join(square_name(*sq) for sq in sorted(set(holes)))}"
                                                 if holes else "")
    with _every_digit():
        if json:
            output.print_json(result.to_json())
        else:
            output.console.print(f"{result.count} {what} on {board_words}; "
                                 f"{result.method}, {result.seconds:.2f} s", markup=False, soft_wrap=True)


def _count_command(board: str, closed: bool, parts: int, results: str | None, checkpoint: str | None,
                   memory: str | None, workers: int | None) -> str:
    """The command that counts a board in parts, as a results file records it."""
    words = ["boardpuzzles", "knight", "count", board, *(["--closed"] if closed else []), "--parts", str(parts)]
    for flag, value in (("--memory", memory), ("--workers", workers), ("--checkpoint", checkpoint)):
        if value is not None:
            words += [flag, str(value)]
    return " ".join([*words, "--results", str(results)])


@app.command()
def starts(board: BoardArg, closed: ClosedOpt = False, json: output.JsonOpt = False,
           ascii: output.AsciiOpt = False, svg: output.SvgOpt = None,
           force: Annotated[bool, typer.Option("--force", help="Search boards where it may not end in reasonable time (open tours of 4 x n, n over 30).")] = False) -> None:
    """The squares from which a tour exists (by theorem where one decides, else by search)."""
    rows, cols = _board(board)
    with output.progress_bar(f"{rows}x{cols} start squares", json) as progress:
        answer = tour_starts(rows, cols, closed, progress=progress, force=force)
    output.save_svg(answer.diagram(), svg)
    good = answer.squares()
    if not good:
        kind = "closed" if closed else "open"
        output.no_solution(f"no {kind} tour of the {rows}x{cols} board starts anywhere: " + "; ".join(answer.reasons()),
                           answer.to_json(), json)
    if json:
        output.print_json(answer.to_json())
        return
    if max(rows, cols) <= DRAW_LIMIT:
        output.show(answer.diagram(), ascii)
    output.console.print(f"{len(good)} of {rows * cols} squares: " + " ".join(square_name(*sq) for sq in good),
                         markup=False, soft_wrap=True)
    for reason in answer.reasons():
        output.console.print(f"- {reason}", markup=False, soft_wrap=True)


def demo(ascii: bool) -> None:
    """The seed's task: the accessibility table, then a tour of 8x8 from a chosen square, drawn."""
    output.console.print("The knight's tour (seed 003): Warnsdorff's rule on 8x8", style="bold")
    output.console.print("accessibility table (rank 8 at the top):", markup=False)
    for row in reversed(accessibility(8, 8)):
        output.console.print(" ".join(map(str, row)), markup=False)
    result = find_tour(8, 8, (3, 4), method="warnsdorff")  # from e4
    _show_tour(result, ascii, None)


def demo_json() -> dict[str, Any]:
    """The demo's section as JSON (``demo --json``): the accessibility table and the tour from e4."""
    return {"accessibility": accessibility(8, 8), "tour": find_tour(8, 8, (3, 4), method="warnsdorff").to_json()}
