"""``boardpuzzles draughts ...``: longest captures (the seed's task), legal moves, games in PDN, a game in the
terminal, perft, engines through the Hub and DXP protocols, matches."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Annotated, Any

import typer

from .. import checks, i18n, output
from ..errors import BoardpuzzlesError, InputError, OutputError
from ..geometry import square_name
from . import seed
from .board import Position, parse_position, parse_square_text, square_text
from .captures import LongestCaptures, longest_captures, moves_of, seed_captures
from .bulk import applies
from .counting import BULK_COMPILE_SECONDS, COMPILE_SECONDS, perft as perft_nodes, perft_count as count_perft
from .counting import compiles as compiles_perft
from .engine import DEFAULT_LEVEL, LEVELS, Engine
from .dxp import PORT as DXP_PORT
from .dxp import serve_dxp
from .game import Game
from .hub import TIMEOUT, serve_hub
from .match import close_player, play_match, player_from
from .notation import play_line
from .players import Player
from .pdn import MOST_CHARACTERS, CheckedGame, check_games, from_game, normalised, pdn_text, write_games
from .rules import DEFAULT_VARIANT, VARIANTS, get_variant, side_name
from .seed_steps import LISTING, seed_steps

app = typer.Typer(
    help="Draughts: the longest capture (the seed's task), legal moves, games in PDN, a game in the terminal, "
         "perft for several rule sets, and engines through the Hub and DXP protocols.",
)

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
    str | None, typer.Option("--board", metavar="FILE", callback=output.file_option, help="Read the position as a text diagram from FILE ('-': stdin).")
]

NumbersOpt = Annotated[
    bool, typer.Option("--numbers", help="Write the square numbers on the empty squares of the board drawn.")
]

EXAMPLE_SEED = "5\n4 4\n4 6\n2 6\n2 4\n6 4\n3 3\n"  # a ring of four men round d5, one more on f4


def _read(path: str, pdn: bool = False) -> str:
    """The text of the file ``path`` ('-': standard input), UTF-8, or with ``pdn`` in any of the encodings
    PDN files come in (:func:`.pdn.pdn_text`); at most :data:`.pdn.MOST_CHARACTERS` bytes: a longer file is
    refused before it is read whole."""
    name = "standard input" if path == "-" else path
    try:
        if path == "-":
            stream = getattr(sys.stdin, "buffer", None)
            if stream is None:  # a standard input of text only (captured in tests)
                return sys.stdin.read(MOST_CHARACTERS + 1)
            data = stream.read(MOST_CHARACTERS + 1)
        else:
            with open(path, "rb") as file:
                data = file.read(MOST_CHARACTERS + 1)
    except OSError as error:
        raise InputError(f"cannot read {name}: {error.strerror or error}") from None
    if len(data) > MOST_CHARACTERS:
        raise InputError(f"cannot read {name}: it is longer than {MOST_CHARACTERS:,} bytes")
    try:
        return pdn_text(data) if pdn else data.decode("utf-8").replace("\r\n", "\n").replace("\r", "\n")
    except (InputError, UnicodeDecodeError):
        raise InputError(f"cannot read {name}: it is not {'text (a binary file?)' if pdn else 'UTF-8 text'}") \
            from None


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
        f"longest capture: {result.max_captures} piece(s); {len(result.paths)} path(s), {result.distinct} distinct move(s)",
        markup=False, soft_wrap=True,
    )
    for text in result.notation():
        output.console.print("  " + text, markup=False, soft_wrap=True)


def _seed_task(source: str, tree: bool, trace: bool, json_mode: bool, ascii: bool, svg: str | None,
               animate: str | None, lang: str) -> None:
    text = _read(source)
    with checks.naming("seed_input", source, "text"):  # its errors name --seed-input
        given = seed.read_seed_input(text)
    if trace:
        if not json_mode:
            output.console.print(i18n.text("trace.draughts.listing", lang), markup=False)
            output.console.print(str(LISTING), markup=False, soft_wrap=True)
        for step in seed_steps(*given):
            output.print_step(step, json_mode, lang)
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
        typer.Option("--seed-input", metavar="FILE", callback=output.file_option, help="The seed's input (n, n pairs x y of black men, x y of the white man); '-' reads stdin."),
    ] = None,
    tree: Annotated[bool, typer.Option("--tree", help="With --seed-input: print the seed's capture tree.")] = False,
    trace: Annotated[bool, typer.Option("--trace", help="With --seed-input: print the seed's program, then each step it makes: every capture tried, each node made, each num stored, the search down the longest paths.")] = False,
    lang: output.LangOpt = None,
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
        _seed_task(seed_input, tree, trace, json_mode, ascii, svg, animate, i18n.language(lang))
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
    if not result.count:
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
    hash_size: Annotated[int | None, typer.Option("--hash", metavar="MIB", help="Keep the counts of positions met before in a transposition table of MIB MiB (in each process; distinct moves of international, brazilian, english...).")] = None,
    workers: Annotated[int | None, typer.Option("--workers", "-w", metavar="K", help="Count in K local processes (default: this one).")] = None,
    cluster: Annotated[str | None, typer.Option("--cluster", metavar="ADDRESS", help="Count on the dask.distributed scheduler at tcp://HOST:PORT.")] = None,
    checkpoint: Annotated[str | None, typer.Option("--checkpoint", metavar="FILE", callback=output.file_option, help="Record finished parts of the tree in this SQLite file; run again to resume.")] = None,
    fen_option: Annotated[str | None, typer.Option("--fen", hidden=True, help="The old spelling of POSITION.")] = None,
    json_mode: output.JsonOpt = False,
) -> None:
    """Count the move sequences of a given length (perft), as in the published tables; --divide splits them by first move."""
    if fen is not None and fen_option is not None:
        raise InputError("give the position once: POSITION or --fen, not both")
    position = _position(fen if fen_option is None else fen_option, board, variant)
    if compiles_perft(position, depth, paths, divide):
        output.say_compiling("the perft kernels", BULK_COMPILE_SECONDS if applies(position.variant, paths)
                             else COMPILE_SECONDS, json_mode)
    with output.progress_bar(f"perft {depth}", json_mode) as progress:
        result = count_perft(position, depth, paths, divide=divide, force=force, hash=hash_size, workers=workers,
                             cluster=cluster, checkpoint=checkpoint, progress=progress)
    if json_mode:
        output.print_json(result.to_json())
        return
    for move, nodes in result.divide or ():
        output.console.print(f"{move} {nodes}", markup=False, soft_wrap=True)
    kind = "paths" if paths else "distinct moves"
    table = "" if hash_size is None else f", hash {hash_size} MiB"
    output.console.print(f"{position.variant.name} perft({depth}) = {result.count}  ({kind}{table})", markup=False,
                         soft_wrap=True)


PdnVariantOpt = Annotated[
    str | None,
    typer.Option("--variant", "-v", show_default=False, help=(
        f"Rule set for games without a GameType or Variant tag: {', '.join(VARIANTS)} (default: recognised "
        "from each game's squares: algebraic russian, numbers up to 32 english (italian when white moves "
        "first), up to 50 international).")),
]


def _board_after(one: CheckedGame, ply: int, numbers: bool) -> Any:
    """The diagram of game ``one`` after ``ply`` plies, titled with the move just played."""
    assert one.game is not None
    if ply == 0:
        title = f"{one.pdn.label(one.number)}: the start"
    else:
        title = f"{one.pdn.label(one.number)}: after {one.game.move_number(ply - 1)} {one.game.notation[ply - 1]} " \
                f"(ply {ply})"
    return one.game.position_at(ply).diagram(title, numbers)


@app.command()
def pdn(
    path: Annotated[str, typer.Argument(metavar="FILE", callback=output.file_option, help="A PDN file ('-': stdin).")],
    game: Annotated[int | None, typer.Option("--game", min=1, metavar="K", help="Show game K: the board after each ply.")] = None,
    ply: Annotated[int | None, typer.Option("--ply", min=0, metavar="N", help="With --game K: only the board after ply N.")] = None,
    variant: PdnVariantOpt = None,
    write: Annotated[str | None, typer.Option("--write", metavar="OUT", callback=output.file_option, help="Also write the games read to OUT, normalised (PDN).")] = None,
    numbers: NumbersOpt = False,
    json_mode: output.JsonOpt = False,
    ascii: output.AsciiOpt = False,
    svg: output.SvgOpt = None,
) -> None:
    """Replay every game of a PDN file, each move checked: list the games (a game that fails is listed with
    where and why), or show one (--game K)."""
    default = get_variant(variant) if variant is not None else None
    checked = check_games(_read(path, pdn=True), default)
    if not checked.games:
        raise InputError(f"{'standard input' if path == '-' else path} holds no game: a PDN game has tags [Name \"value\"] and moves")
    if ply is not None and game is None:
        raise InputError("--ply N draws a board of one game: give --game K too")
    if game is not None and game > len(checked.games):
        raise InputError(f"--game {game}: the file holds {len(checked.games)} game(s)")
    if svg is not None and game is None:
        raise InputError("--svg draws one game's board: give --game K too")
    if write is not None:
        try:
            Path(write).write_text(write_games([normalised(one) for one in checked.games]), encoding="utf-8")
        except OSError as error:
            raise OutputError(f"cannot write PDN file {write}: {error.strerror or error}") from None
    if game is None:
        if json_mode:
            output.print_json(checked.to_json())
        else:
            for one in checked.games:
                output.console.print(one.summary(), markup=False, soft_wrap=True)
        failed = checked.failed
        if failed:
            hint = "; the rules of games without a GameType tag were recognised from their squares: give --variant " \
                   "to choose them" if any(one.reason.startswith("recognised") for one in failed) else ""
            output.no_solution(f"{len(failed)} of {len(checked.games)} game(s) could not be read or replayed to their "
                               f"end{hint}", None, json_mode)
        return
    one = checked.games[game - 1]
    plies = len(one.game) if one.game is not None else 0
    if ply is not None and ply > plies:
        raise InputError(f"--ply {ply}: game {game} has {plies} plies{' replayed' if not one.ok else ''}")
    if one.game is not None:
        output.save_svg(_board_after(one, plies if ply is None else ply, numbers), svg)
    if json_mode:
        output.print_json(one.to_json(positions=True))
    else:
        output.console.print(one.summary(), markup=False, soft_wrap=True)
        for name, value in one.pdn.tags.items():
            output.console.print(f"  [{name} \"{value}\"]", markup=False, soft_wrap=True)
        for warning in one.warnings:
            output.console.print(f"  warning: {warning}", markup=False, soft_wrap=True)
        if one.game is not None:
            for shown in ([ply] if ply is not None else range(plies + 1)):
                output.show(_board_after(one, shown, numbers), ascii)
                output.console.print(f"  {one.game.fen(shown)}", markup=False, soft_wrap=True)
    if not one.ok:
        output.no_solution(f"{one.pdn.label(game)} fails at {one.where()} {one.error}", None, json_mode)


PLAY_COMMANDS = "moves, undo, fen, save FILE.pdn, help, quit"


def _lines(prompt: Callable[[], str]) -> Iterator[str]:
    """The lines typed: after a prompt on a terminal, else read from standard input as they come."""
    if sys.stdin.isatty():
        while True:
            try:
                yield input(prompt())
            except EOFError:
                output.console.print()
                return
    else:
        yield from sys.stdin


#: What ``play --engine`` names, and the player each name makes (given ``--level``, which only the built-in
#: engine takes).
def opponent(engine: str, level: int | None, variant: str) -> Player:
    """The player ``play --engine ENGINE --level N`` names, as :func:`.match.player_from` reads ``ENGINE``;
    ``--level`` is the built-in engine's (``builtin --level 4`` is ``builtin:4``)."""
    if level is None:
        return player_from(engine, variant)
    if engine.strip().lower() != "builtin":
        raise InputError("{parameter} is the built-in engine's: give it with --engine builtin", parameter="level",
                         value=level)
    return Engine(level)


class _Table:
    """A game in the terminal: what each line typed does, said as text or as JSON lines (the squares numbered with
    ``numbers``); ``computer`` plays the side ``computer_side`` ("W" or "B") when given."""

    def __init__(self, game: Game, json_mode: bool, ascii: bool, numbers: bool = False,
                 computer: Player | None = None, computer_side: str = "B") -> None:
        self.game, self.json_mode, self.ascii, self.numbers = game, json_mode, ascii, numbers
        self.computer, self.computer_side = computer, computer_side

    def computer_moves(self) -> None:
        """The computer's move, when it is its turn and the game goes on."""
        game = self.game
        if self.computer is None or game.turn != self.computer_side or game.outcome() is not None:
            return
        game.play(self.computer.choose(game.position, history=game.moves))
        if not self.json_mode:
            output.console.print(f"{self.computer.name} plays {game.notation[-1]}", markup=False, soft_wrap=True)
        self.board("move", move=game.notation[-1], by="computer")

    def say(self, text: str, **payload: Any) -> None:
        """``text`` for a person (nothing if empty), or ``payload`` as one JSON line."""
        if self.json_mode:
            sys.stdout.write(json.dumps(payload) + "\n")
            sys.stdout.flush()
        elif text:
            output.console.print(text, markup=False, soft_wrap=True)

    def side(self) -> str:
        return "white" if self.game.turn == "W" else "black"

    def help(self) -> str:
        example = next(iter(self.game.legal_moves()), None)
        like = f" (like {example}: any notation a PDN file may use)" if example is not None else ""
        return f"type a move{like}, or: {PLAY_COMMANDS}"

    def board(self, event: str, **payload: Any) -> None:
        game = self.game
        done = len(game)
        move = f"after {game.move_number(done - 1)} {game.notation[-1]}" if done else "the start"
        if not self.json_mode:
            title = f"{game.variant.name}: {move}, {self.side()} to move"
            output.show(game.position.diagram(title, self.numbers), self.ascii)
        self.say("", event=event, **payload, ply=done, fen=game.fen(), turn=game.turn)
        end = game.outcome()
        if end is not None and game.ended_at == done:
            winner = "a draw" if end.winner is None else f"{'white' if end.winner == 'W' else 'black'} wins"
            self.say(f"game over: {winner} ({end.reason}), result {end.result(game.variant)}", event="end",
                     winner=end.to_json()["winner"], reason=end.reason, result=end.result(game.variant))

    def line(self, text: str) -> bool:
        """Do what one line says; False once it says quit."""
        command, _, rest = text.strip().partition(" ")
        word = command.lower()
        game = self.game
        if word in ("quit", "exit", "q"):
            return False
        if word in ("help", "?"):
            self.say(self.help(), event="help", commands=PLAY_COMMANDS)
        elif word == "moves":
            end = game.outcome()
            if end is not None:
                self.say(f"the game is over ({end.reason}): no move to play", event="moves", moves=[])
            else:
                found = [str(move) for move in game.legal_moves()]
                self.say(f"{len(found)} legal move(s): {' '.join(found)}", event="moves", moves=found)
        elif word == "fen":
            self.say(game.fen(), event="fen", fen=game.fen())
        elif word == "undo":
            undone = game.notation[-1] if game.notation else ""
            game.undo()
            if self.computer is not None and game.turn == self.computer_side and game.moves:
                undone = f"{game.notation[-1]} {undone}"  # the computer's move too: back to the player's turn
                game.undo()
            self.board("undo", undone=undone)
        elif word == "save":
            target = rest.strip()
            if not target:
                raise InputError("save needs a file name: save FILE.pdn")
            try:
                Path(target).write_text(write_games([from_game(game)]), encoding="utf-8")
            except OSError as error:
                raise OutputError(f"cannot write PDN file {target}: {error.strerror or error}") from None
            self.say(f"saved {len(game)} pl{'y' if len(game) == 1 else 'ies'} to {target}", event="save", file=target)
        else:
            end = game.outcome()
            if end is not None:
                raise InputError(f"the game is over ({end.reason}): undo, save FILE.pdn or quit")
            game.play(text.strip())
            self.board("move", move=game.notation[-1])
            self.computer_moves()
        return True


@app.command()
def play(
    fen: FenArg = None,
    variant: VariantOpt = None,
    board: BoardOpt = None,
    json_mode: Annotated[bool, typer.Option("--json", help="Answer each line with one JSON document (JSON Lines) instead of boards.")] = False,
    ascii: output.AsciiOpt = False,
    engine: Annotated[str | None, typer.Option(
        "--engine", metavar="ENGINE", help="Let the computer play one side: builtin (the built-in engine), "
        "random (random:SEED), a Hub engine's command or dxp://HOST:PORT.", show_default=False)] = None,
    level: Annotated[int | None, typer.Option(
        "--level", metavar="N", help="The built-in engine's level, how hard it thinks: " + "; ".join(
            f"{n} {one.description}" for n, one in LEVELS.items()) + f" (default {DEFAULT_LEVEL}).",
        show_default=False)] = None,
    side: Annotated[str | None, typer.Option(
        "--side", metavar="SIDE", help="The side the computer plays: white or black (default: the side that does not "
        "move first, so that you start).", show_default=False)] = None,
    numbers: NumbersOpt = False,
) -> None:
    """Play a game in the terminal: the board after each move; type moves in any notation, or moves, undo, fen,
    save FILE.pdn, quit. With --engine the computer plays one side and answers each move. Lines are read from
    standard input when it is not a terminal."""
    game = Game(_position(fen, board, variant))
    if engine is None and (level is not None or side is not None):
        raise InputError(f"{{parameter}} tells the computer what to do: give --engine too",
                         parameter="level" if level is not None else "side")
    if side is not None and side not in ("white", "black"):
        raise InputError("{parameter} must be white or black", parameter="side", value=side)
    mover = "W" if side == "white" else "B" if side == "black" else "B" if game.turn == "W" else "W"
    computer = None if engine is None else opponent(engine, level, game.variant.name)
    try:
        _play(_Table(game, json_mode, ascii, numbers, computer, mover))
    finally:
        if computer is not None:
            close_player(computer)


def _play(table: _Table) -> None:
    """The game at ``table``, its computer (when given) playing its side."""
    game, computer, mover, json_mode = table.game, table.computer, table.computer_side, table.json_mode
    table.board("start", variant=game.variant.name,
                **({} if computer is None else {"computer": computer.name, "computer_side": side_name(mover)}))
    if not json_mode:
        if computer is not None:
            output.console.print(f"{computer.name} plays {side_name(mover)}", markup=False, soft_wrap=True)
        output.console.print(table.help(), markup=False, soft_wrap=True)
    table.computer_moves()
    for text in _lines(lambda: f"{table.side()}> "):
        if not text.strip():
            continue
        try:
            if not table.line(text):
                break
        except BoardpuzzlesError as error:
            message = error.worded("move") if isinstance(error, InputError) else str(error)
            if json_mode:
                table.say(message, event="error", input=text.strip(), error=message)
            else:
                output.error_console.print(message, markup=False, soft_wrap=True)
    end = table.game.outcome()
    table.say(f"the game: {table.game}" if len(table.game) else "no move played", event="quit",
              game=table.game.to_json(), result="*" if end is None else end.result(table.game.variant))


ENGINE_HELP = ("builtin (builtin:LEVEL), random (random:SEED), a Hub engine's command ('./scan hub', run in its own "
               "folder) or dxp://HOST:PORT")
EngineOpt = Annotated[str, typer.Option("--engine", metavar="SPEC", help=f"The player: {ENGINE_HELP}.")]
EngineArg = Annotated[str, typer.Argument(metavar="ENGINE", help=f"A player: {ENGINE_HELP}.", show_default=False)]
ProtocolVariantOpt = Annotated[
    str, typer.Option("--variant", "-v", help=f"Rule set: {', '.join(VARIANTS)} (the protocols' own: international).")
]


def _say_event(event: dict[str, Any], json_mode: bool) -> None:
    """One DXP server event as a line: words, or JSON (JSON Lines)."""
    if json_mode:
        sys.stdout.write(json.dumps(event) + "\n")
        sys.stdout.flush()
        return
    kind = event["event"]
    if kind == "listening":
        text = f"listening for DXP games on {event['host']}:{event['port']} (international draughts; Ctrl-C stops)"
    elif kind == "start":
        text = f"game against {event['opponent'] or 'a nameless program'}: playing {event['side']} from {event['fen']}"
    elif kind == "end":
        text = f"game against {event['opponent'] or 'a nameless program'} over: {event['result']} ({event['reason']}), " \
               f"{event['plies']} plies"
    else:
        text = f"connection ended: {event['error']}"
    output.console.print(text, markup=False, soft_wrap=True)
    output.console.file.flush()


@app.command()
def hub(
    engine: EngineOpt = "builtin",
    variant: ProtocolVariantOpt = "international",
) -> None:
    """Be a Hub engine (Scan's protocol, version 2) on standard input and output, the player --engine choosing
    the moves: a Hub interface or a match can run this command as its engine."""
    player = player_from(engine, variant)
    try:
        serve_hub(player, sys.stdin, sys.stdout, variant)
    finally:
        close_player(player)


@app.command()
def dxp(
    port: Annotated[int, typer.Option("--port", min=0, max=65535, help="The TCP port to listen on (0: a free one, said).")] = DXP_PORT,
    host: Annotated[str, typer.Option("--host", help="The address to listen on (0.0.0.0: every network).")] = "127.0.0.1",
    engine: EngineOpt = "builtin",
    connections: Annotated[int | None, typer.Option("--connections", min=1, metavar="N", help="Stop after N connections (default: at Ctrl-C).")] = None,
    json_mode: Annotated[bool, typer.Option("--json", help="Say each event as one JSON document (JSON Lines).")] = False,
) -> None:
    """Follow DXP games (international draughts over TCP) at --host:--port, the player --engine choosing the
    moves, so that another program can play it; a line for each game."""
    player = player_from(engine, "international")
    try:
        serve_dxp(player, host, port, report=lambda event: _say_event(event, json_mode), connections=connections)
    finally:
        close_player(player)


@app.command()
def match(
    first: EngineArg,
    second: EngineArg,
    games: Annotated[int, typer.Option("--games", "-n", min=1, metavar="N", help="Games to play, colours alternating.")] = 2,
    variant: ProtocolVariantOpt = "international",
    seconds: Annotated[float | None, typer.Option("--seconds", min=0.001, metavar="S", help="Seconds per move (default: each engine's own, 1 s for Hub and DXP engines).")] = None,
    depth: Annotated[int | None, typer.Option("--depth", "-d", min=1, metavar="D", help="Plies an engine searches per move.")] = None,
    most_plies: Annotated[int, typer.Option("--most-plies", min=1, metavar="N", help="A game still going after N plies is unfinished (*).")] = 300,
    timeout: Annotated[float, typer.Option("--timeout", min=0.001, metavar="S", help="Seconds an engine may be silent beyond its time to think.")] = TIMEOUT,
    pdn_file: Annotated[str | None, typer.Option("--pdn", metavar="FILE", callback=output.file_option, help="Write the games to FILE (PDN).")] = None,
    json_mode: output.JsonOpt = False,
) -> None:
    """Play a match between two engines: N games, colours alternating, each pair of games from one opening (a
    move of each side, in turn); a line for each game, then the result table."""
    players = []
    try:
        for spec in (first, second):
            players.append(player_from(spec, variant, seconds=seconds or 1.0, timeout=timeout))
        with output.progress_bar("match", json_mode) as progress:
            result = play_match(players[0], players[1], games, variant, seconds=seconds, depth=depth,
                                most_plies=most_plies, progress=progress)
    finally:
        for player in players:
            close_player(player)
    if pdn_file is not None:
        try:
            Path(pdn_file).write_text(result.pdn(), encoding="utf-8")
        except OSError as error:
            raise OutputError(f"cannot write PDN file {pdn_file}: {error.strerror or error}") from None
    if json_mode:
        output.print_json(result.to_json())
    else:
        output.console.print(str(result), markup=False, soft_wrap=True)


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


def demo_json() -> dict[str, Any]:
    """The demo's section as JSON (``demo --json``): the seed's input, its longest captures, perft(6) from the start."""
    return {
        "seed_input": EXAMPLE_SEED,
        "captures": seed_captures(*seed.read_seed_input(EXAMPLE_SEED))[1].to_json(),
        "perft": count_perft(Position("start", "russian"), 6).to_json(),
    }
