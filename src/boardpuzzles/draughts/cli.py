"""``boardpuzzles draughts ...``: longest captures (the seed's task), legal moves, games in PDN, perft."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from .. import output
from ..errors import InputError
from ..geometry import square_name
from . import seed
from .board import Position, parse_position, parse_square_text, square_text
from .captures import LongestCaptures, longest_captures, moves_of, seed_captures
from .counting import perft as perft_nodes, perft_count as count_perft
from .notation import play_line
from .pdn import check_games
from .rules import VARIANTS, get_variant
from .seed_steps import LISTING, seed_steps

app = typer.Typer(
    help="Draughts: the longest capture (the seed's task), legal moves, games in PDN and perft for several rule sets.",
)

DEFAULT_VARIANT = "russian"
VariantOpt = Annotated[
    str | None,
    typer.Option("--variant", "-v", help=f"Rule set: {', '.join(VARIANTS)} (default {DEFAULT_VARIANT}).", show_default=False),
]
FenArg = Annotated[
    str | None,
    typer.Argument(
        metavar="POSITION", help="Position: PDN FEN (W:W31,32,K40:B1,2; algebraic on 8x8) or 'start'.", show_default=False,
    ),
]
BoardOpt = Annotated[
    str | None, typer.Option("--board", metavar="FILE", callback=output.file_name, help="Read the position as a text diagram from FILE ('-': stdin).")
]

NumbersOpt = Annotated[
    bool, typer.Option("--numbers", help="Write the square numbers on the empty squares of the board drawn.")
]

EXAMPLE_SEED = "5\n4 4\n4 6\n2 6\n2 4\n6 4\n3 3\n"  # a ring of four men round d5, one more on f4


def _read(path: str) -> str:
    name = "standard input" if path == "-" else path
    try:
        return sys.stdin.read() if path == "-" else Path(path).read_text(encoding="utf-8")
    except OSError as error:
        raise InputError(f"cannot read {name}: {error.strerror or error}") from None
    except UnicodeDecodeError:
        raise InputError(f"cannot read {name}: it is not UTF-8 text") from None


def _position(fen: str | None, board: str | None, variant_name: str | None) -> Position:
    variant = get_variant(DEFAULT_VARIANT if variant_name is None else variant_name)
    if board is not None:
        if fen is not None:
            raise InputError("give the position once: a FEN or --board FILE, not both")
        text = _read(board)
        if not text.strip():
            raise InputError(f"--board {board}: the diagram is empty: give its ranks from the top (w W b B pieces, . empty)")
        return parse_position(text, variant)
    if fen is not None and not fen.strip():
        raise InputError("the position is empty: give a FEN such as W:W31,32:B1,2, or 'start'")
    return parse_position("start" if fen is None else fen, variant)


def _show_captures(result: LongestCaptures, ascii: bool, svg: str | None, title: str, numbers: bool = False) -> None:
    diagram = result.diagram(title, numbers)
    output.save_svg(diagram, svg)
    output.show(diagram, ascii)
    output.console.print(
        f"longest capture: {result.max_captures} piece(s); {len(result.paths)} path(s), {result.moves} distinct move(s)",
        markup=False, soft_wrap=True,
    )
    for text in result.notation():
        output.console.print("  " + text, markup=False, soft_wrap=True)


def _seed_task(source: str, tree: bool, trace: bool, json_mode: bool, ascii: bool, svg: str | None,
               animate: str | None) -> None:
    given = seed.read_seed_input(_read(source))
    if trace:
        if not json_mode:
            output.console.print("the seed's program (each step below names its line):", markup=False)
            output.console.print(str(LISTING), markup=False, soft_wrap=True)
        for step in seed_steps(*given):
            output.print_step(step, json_mode)
    root, result = seed_captures(*given)
    if animate:
        output.save_svg(result.animation(), animate)
    start = root.square
    payload = result.to_json()
    if tree:
        payload["tree"] = seed.tree_json(root)
    title = f"the white man on {square_name(*start)}: its longest captures"
    if json_mode:
        output.save_svg(result.diagram(title), svg)
        output.print_json(payload)
    else:
        _show_captures(result, ascii, svg, title)
        if tree:
            output.console.print("capture tree (square, longest capture through it):", markup=False, soft_wrap=True)
            for line in seed.tree_lines(root):
                output.console.print("  " + line, markup=False, soft_wrap=True)
    if not result.paths:
        output.no_solution(f"the white man on {square_name(*start)} cannot capture", None, json_mode)


@app.command()
def captures(
    fen: FenArg = None,
    variant: VariantOpt = None,
    piece: Annotated[str | None, typer.Option("--piece", metavar="SQ", help="Only the piece on this square.")] = None,
    seed_input: Annotated[
        str | None,
        typer.Option("--seed-input", metavar="FILE", callback=output.file_name, help="The seed's input (n, n pairs x y of black men, x y of the white man); '-' reads stdin."),
    ] = None,
    tree: Annotated[bool, typer.Option("--tree", help="With --seed-input: print the seed's capture tree.")] = False,
    trace: Annotated[bool, typer.Option("--trace", help="With --seed-input: print the seed's program, then each step it makes: every capture tried, each node made, each num stored, the search down the longest paths.")] = False,
    board: BoardOpt = None,
    numbers: NumbersOpt = False,
    json_mode: output.JsonOpt = False,
    ascii: output.AsciiOpt = False,
    svg: output.SvgOpt = None,
    animate: output.AnimateOpt = None,
) -> None:
    """The longest captures: for the side to move, one piece (--piece), or the seed's white man (--seed-input)."""
    if seed_input is not None:
        if fen is not None or board is not None:
            raise InputError("give either --seed-input or a position, not both")
        if piece is not None:
            raise InputError("--seed-input has one white man, the piece that captures: leave out --piece")
        if variant is not None and get_variant(variant).name != "seed":
            raise InputError("--seed-input plays by the seed's rules: leave out --variant or write --variant seed")
        _seed_task(seed_input, tree, trace, json_mode, ascii, svg, animate)
        return
    if tree or trace:
        raise InputError(f"--{'tree' if tree else 'trace'} shows the seed's capture tree: use it with --seed-input FILE")
    position = _position(fen, board, variant)
    square = parse_square_text(piece.strip(), position.variant) if piece is not None else None
    result = longest_captures(position, piece=square)
    if animate:
        output.save_svg(result.animation(), animate)
    who = f"the piece on {square_text(square, position.variant)}" if square else (
        "white" if position.turn == "W" else "black")
    title = f"{position.variant.name}: longest captures for {who}"
    if json_mode:
        output.save_svg(result.diagram(title), svg)
        output.print_json(result.to_json())
    else:
        _show_captures(result, ascii, svg, title, numbers)
    if not result.paths:
        output.no_solution("no capture in this position", None, json_mode)


@app.command()
def moves(
    fen: FenArg = None,
    variant: VariantOpt = None,
    paths: Annotated[bool, typer.Option("--paths", help="List every capture path, not one per distinct move.")] = False,
    after: Annotated[
        str | None,
        typer.Option("--after", metavar="MOVES", help="Play these moves first, e.g. \"32-28 19-23 28x19\" (numbers 1. allowed)."),
    ] = None,
    board: BoardOpt = None,
    numbers: NumbersOpt = False,
    json_mode: output.JsonOpt = False,
    ascii: output.AsciiOpt = False,
    svg: output.SvgOpt = None,
) -> None:
    """Every legal move of the side to move, in the variant's notation (after --after MOVES if given)."""
    position = _position(fen, board, variant)
    if after is not None:
        position = play_line(position, after)
    result = moves_of(position, paths)
    texts = result.notation()
    diagram = result.diagram(f"{position.variant.name}: {'white' if position.turn == 'W' else 'black'} to move", numbers)
    output.save_svg(diagram, svg)
    if json_mode:
        output.print_json(result.to_json())
    else:
        output.show(diagram, ascii)
        if after is not None:
            output.console.print(f"after {after.strip()}: {position.fen()}", markup=False, soft_wrap=True)
        output.console.print(f"{len(texts)} legal move(s): " + " ".join(texts), markup=False, soft_wrap=True)
    if not result.moves:
        output.no_solution("no legal move: the side to move has lost", None, json_mode)


@app.command()
def perft(
    fen: Annotated[
        str | None,
        typer.Argument(metavar="POSITION", help="Count from this position (PDN FEN); default: the initial one ('start').",
                       show_default=False),
    ] = None,
    variant: VariantOpt = None,
    depth: Annotated[int, typer.Option("--depth", "-d", help="Plies to count.")] = 5,
    paths: Annotated[bool, typer.Option("--paths", help="Count every capture path, not distinct moves.")] = False,
    divide: Annotated[bool, typer.Option("--divide", help="Also print the count under each first move.")] = False,
    board: BoardOpt = None,
    force: Annotated[bool, typer.Option("--force", help="Count even when the estimate is over an hour.")] = False,
    workers: Annotated[int | None, typer.Option("--workers", "-w", metavar="K", help="Count in K local processes (default: this one).")] = None,
    cluster: Annotated[str | None, typer.Option("--cluster", metavar="ADDRESS", help="Count on the dask.distributed scheduler at tcp://HOST:PORT.")] = None,
    checkpoint: Annotated[str | None, typer.Option("--checkpoint", metavar="FILE", callback=output.file_name, help="Record finished parts of the tree in this SQLite file; run again to resume.")] = None,
    fen_option: Annotated[str | None, typer.Option("--fen", hidden=True, help="The old spelling of POSITION.")] = None,
    json_mode: output.JsonOpt = False,
) -> None:
    """Count the move sequences of a given length (perft), as in the published tables; --divide splits them by first move."""
    if fen is not None and fen_option is not None:
        raise InputError("give the position once: POSITION or --fen, not both")
    position = _position(fen if fen_option is None else fen_option, board, variant)
    with output.progress_bar(f"perft {depth}", json_mode) as progress:
        result = count_perft(position, depth, paths, divide=divide, force=force, workers=workers, cluster=cluster,
                             checkpoint=checkpoint, progress=progress)
    if json_mode:
        output.print_json(result.to_json())
        return
    for move, nodes in result.divide or ():
        output.console.print(f"{move} {nodes}", markup=False, soft_wrap=True)
    kind = "paths" if paths else "distinct moves"
    output.console.print(f"{result.variant} perft({depth}) = {result.nodes}  ({kind})", markup=False, soft_wrap=True)


@app.command()
def pdn(
    path: Annotated[str, typer.Argument(metavar="FILE", callback=output.file_name, help="A PDN file ('-': stdin).")],
    game: Annotated[int | None, typer.Option("--game", min=1, metavar="K", help="Show game K with its positions.")] = None,
    variant: VariantOpt = None,
    numbers: NumbersOpt = False,
    json_mode: output.JsonOpt = False,
    ascii: output.AsciiOpt = False,
    svg: output.SvgOpt = None,
) -> None:
    """Check every move of every game of a PDN file; list the games, or show one (--game K)."""
    default = get_variant(variant) if variant is not None else None
    checked = check_games(_read(path), default)
    if not checked.games:
        raise InputError(f"{'standard input' if path == '-' else path} holds no game: a PDN game has tags [Name \"value\"] and moves")
    if game is None:
        if svg is not None:
            raise InputError("--svg draws one game's last position: give --game K too")
        if json_mode:
            output.print_json(checked.to_json())
            return
        for one in checked.games:
            output.console.print(one.summary(), markup=False, soft_wrap=True)
        return
    if game > len(checked.games):
        raise InputError(f"--game {game}: the file holds {len(checked.games)} game(s)")
    one = checked.games[game - 1]
    final = one.game.position.diagram(f"{one.pdn.label(game)}: after {len(one.game)} moves", numbers)
    output.save_svg(final, svg)
    if json_mode:
        output.print_json(one.to_json(positions=True))
        return
    output.console.print(one.summary(), markup=False, soft_wrap=True)
    for name, value in one.pdn.tags.items():
        output.console.print(f"  [{name} \"{value}\"]", markup=False, soft_wrap=True)
    output.console.print(f"     start  {one.game.fen(0)}", markup=False, soft_wrap=True)
    for index, text in enumerate(one.game.notation):
        number = one.pdn.move_number(index, one.game.variant)
        output.console.print(f"{number:>7} {text:<6} {one.game.fen(index + 1)}", markup=False, soft_wrap=True)
    output.show(final, ascii)


@app.command()
def variants(json_mode: output.JsonOpt = False) -> None:
    """The rule sets offered, and what sets each apart."""
    if json_mode:
        output.print_json({name: variant.description for name, variant in VARIANTS.items()})
        return
    for name, variant in VARIANTS.items():
        output.console.print(f"{name:14} {variant.description}", markup=False, soft_wrap=True)


def demo(ascii: bool = False) -> None:
    """The seed's task on an example: the longest captures of a white man among black men."""
    output.console.print("Draughts: the longest capture of the white man (seed 004)", style="bold")
    output.console.print("seed input: " + " ".join(EXAMPLE_SEED.split()), markup=False, soft_wrap=True)
    _show_captures(seed_captures(*seed.read_seed_input(EXAMPLE_SEED))[1], ascii, None, "longest captures of the white man")
    output.console.print(
        f"russian perft(6) from the start: {perft_nodes(Position.initial(get_variant('russian')), 6)}", markup=False
    )
