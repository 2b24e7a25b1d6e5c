"""``boardpuzzles knight ...``: tour, count, starts (and the demo section)."""

from __future__ import annotations

import sys
from typing import Annotated

import numpy as np
import typer

from .. import output, render
from ..errors import InputError
from ..geometry import file_name, parse_board_size, parse_square, parse_squares, square_name
from .moves import accessibility, square_of
from .counting import COUNT_METHODS, count_tours, parse_memory
from .tour import METHODS, KnightTour, NoTour, find_tour, tour_starts

app = typer.Typer(help="Move a knight over every square of a board once (the knight's tour).")

#: boards drawn square by square, paths listed in full (human output)
LARGEST_DRAWN = 32
LONGEST_LISTED = 1024
#: boards the SVG draws
LARGEST_SVG = 200
#: boards `starts` answers square by square
LARGEST_STARTS = 10_000


Method = output.choices("Method", METHODS)


BoardArg = Annotated[str, typer.Argument(metavar="BOARD", help="8 for 8x8, or RxC (R rows, C columns), 1 to 10000.")]
ClosedOpt = Annotated[bool, typer.Option("--closed", help="A closed tour: the last square is a knight's move from the first.")]


def _board(text: str) -> tuple[int, int]:
    return parse_board_size(text, largest=10_000)


def _write_json_tour(tour: KnightTour) -> None:
    """The tour as JSON, written in pieces (a 10000x10000 path has 10^8 squares)."""
    out = sys.stdout
    out.write(f'{{"rows": {tour.rows}, "cols": {tour.cols}, "closed": {"true" if tour.closed else "false"}, '
              f'"method": "{tour.method}", "path": [')
    files = [file_name(c) for c in range(tour.cols)]
    chunk = 1 << 20
    for lo in range(0, len(tour.path), chunk):
        part = tour.path[lo:lo + chunk].astype(np.int64)
        rows, cols = (part // tour.cols + 1).tolist(), (part % tour.cols).tolist()
        text = ", ".join(f'"{files[c]}{r}"' for r, c in zip(rows, cols))
        out.write((", " if lo else "") + text)
    out.write("]}\n")
    out.flush()


def _save_svg(tour: KnightTour, svg: str | None) -> None:
    if svg:
        if max(tour.rows, tour.cols) > LARGEST_SVG:
            raise InputError(f"--svg draws boards up to {LARGEST_SVG}x{LARGEST_SVG}; this one is {tour.rows}x{tour.cols}")
        output.save_svg(tour.diagram(), svg)


def _show_tour(tour: KnightTour, ascii: bool, svg: str | None) -> None:
    _save_svg(tour, svg)
    squares = len(tour.path)
    first, last = tour.path[0], tour.path[-1]
    kind = "closed" if tour.closed else "open"
    summary = (f"{kind} knight's tour of the {tour.rows}x{tour.cols} board by {tour.method}: {squares} squares "
               f"from {square_name(*square_of(first, tour.cols))} to "
               f"{square_name(*square_of(last, tour.cols))}, checked square by square")
    if max(tour.rows, tour.cols) <= LARGEST_DRAWN:
        output.show(tour.diagram(), ascii)
    output.console.print(summary, markup=False, soft_wrap=True)
    if squares <= LONGEST_LISTED:
        output.console.print(" ".join(tour.names()), markup=False, soft_wrap=True)


@app.command()
def tour(
    board: BoardArg,
    start: Annotated[str, typer.Option("--start", metavar="SQ", help="The first square, e.g. c3.")] = "a1",
    closed: ClosedOpt = False,
    method: Annotated[Method | None, typer.Option(help="How to find it (default: what suits the board).")] = None,
    depth: Annotated[int | None, typer.Option(help="How many moves --method lookahead looks ahead (default 2).")] = None,
    blocked: Annotated[str, typer.Option("--blocked", metavar="SQS", help="Squares taken off the board, e.g. a1,c3.")] = "",
    json: output.JsonOpt = False,
    ascii: output.AsciiOpt = False,
    svg: output.SvgOpt = None,
) -> None:
    """Find a knight's tour that visits every square once, or say why there is none."""
    rows, cols = _board(board)
    first = parse_square(start, rows, cols)
    holes = parse_squares(blocked, rows, cols)
    try:
        result = find_tour(rows, cols, first, closed, method.value if method else None, depth, holes)
    except NoTour as no:
        payload = {"rows": rows, "cols": cols, "closed": closed, "start": square_name(*first), "path": None,
                   "exists": False if no.proved else None, "reason": no.reason}
        if no.path is not None:
            payload["visited"] = len(no.path)
        prefix = "no tour: " if no.proved else "no tour found: "
        output.no_solution(prefix + no.reason, payload, json)
    if json:
        _save_svg(result, svg)
        _write_json_tour(result)
    else:
        _show_tour(result, ascii, svg)


CountMethod = output.choices("CountMethod", COUNT_METHODS)


@app.command()
def count(
    board: BoardArg,
    closed: ClosedOpt = False,
    start: Annotated[str | None, typer.Option("--start", "-s", metavar="SQ", help="Count the open tours that start here.")] = None,
    method: Annotated[CountMethod | None, typer.Option("--method", "-m", help="frontier (a dynamic program over the swept border, boards up to 8 across) or backtrack (lists every tour); default: the faster.")] = None,
    checkpoint: Annotated[str | None, typer.Option("--checkpoint", metavar="FILE", callback=output.file_name, help="Save the frontier after every square in FILE; run again to resume.")] = None,
    memory: Annotated[str | None, typer.Option("--memory", metavar="SIZE", help="Memory a step may take before its states go to disk in partitions, e.g. 4G (default: half of this machine's).")] = None,
    cluster: Annotated[str | None, typer.Option("--cluster", metavar="ADDRESS", help="Process the partitions on the dask.distributed scheduler at tcp://HOST:PORT.")] = None,
    workers: Annotated[int | None, typer.Option("--workers", "-w", metavar="K", help="Process the partitions in K local processes.")] = None,
    force: Annotated[bool, typer.Option("--force", help="Run a count that is estimated to take hours.")] = False,
    json: output.JsonOpt = False,
) -> None:
    """Count tours exactly: open ones directed, closed ones undirected."""
    rows, cols = _board(board)
    first = parse_square(start, rows, cols) if start is not None else None
    size = parse_memory(memory) if memory is not None else None
    with output.progress_bar(f"counting {rows}x{cols} tours", json) as progress:
        result = count_tours(rows, cols, closed, first, method.value if method else None, progress=progress,
                             checkpoint=checkpoint, memory=size, cluster=cluster, workers=workers, force=force)
    if json:
        output.print_json(result.to_json())
        return
    if closed:
        what = "undirected closed tours (a tour and its reverse are one)"
    elif first:
        what = f"directed open tours starting on {square_name(*first)}"
    else:
        what = "directed open tours (a tour and its reverse are two)"
    output.console.print(f"{result.total} {what} on the {rows}x{cols} board; "
                         f"{result.method}, {result.seconds:.2f} s", markup=False)


@app.command()
def starts(board: BoardArg, closed: ClosedOpt = False, json: output.JsonOpt = False,
           ascii: output.AsciiOpt = False, svg: output.SvgOpt = None) -> None:
    """The squares from which a tour exists (by theorem where one decides, else by search)."""
    rows, cols = _board(board)
    if rows * cols > LARGEST_STARTS:
        raise InputError(f"starts answers boards up to {LARGEST_STARTS} squares; {rows}x{cols} has {rows * cols}")
    with output.progress(100, f"{rows}x{cols} start squares", output.progress_wanted(json)) as advance:
        answer = tour_starts(rows, cols, closed, lambda fraction: advance(100 * fraction))
    good = sorted((sq for sq, (ok, _) in answer.items() if ok), key=lambda sq: (sq[1], sq[0]))
    kind = "closed" if closed else "open"
    diagram = render.Diagram(rows, cols, marks={sq: "green" for sq in good},
                             title=f"squares an {kind} tour of the {rows}x{cols} board can start from")
    output.save_svg(diagram, svg)
    if json:
        output.print_json({"rows": rows, "cols": cols, "closed": closed,
                           "starts": [square_name(*sq) for sq in good]})
        return
    if max(rows, cols) <= LARGEST_DRAWN:
        output.show(diagram, ascii)
    output.console.print(f"{len(good)} of {rows * cols} squares: " + " ".join(square_name(*sq) for sq in good),
                         markup=False, soft_wrap=True)
    reasons = sorted({reason for _, reason in answer.values()})
    for reason in reasons:
        output.console.print(f"- {reason}", markup=False, soft_wrap=True)


def demo(ascii: bool) -> None:
    """The seed's task: the accessibility table, then a tour of 8x8 from a chosen square, drawn."""
    output.console.print("The knight's tour (seed 003): Warnsdorff's rule on 8x8", style="bold")
    output.console.print("accessibility table (rank 8 at the top):", markup=False)
    for row in reversed(accessibility(8, 8)):
        output.console.print(" ".join(map(str, row)), markup=False)
    result = find_tour(8, 8, (3, 4), method="warnsdorff")  # from e4
    _show_tour(result, ascii, None)
