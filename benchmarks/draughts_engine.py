"""The built-in engine's strength: games against the random player, and against py-draughts' engines.

``--speed``: the positions the engine searches a CPU second. Against
:class:`~boardpuzzles.draughts.RandomPlayer` (``--random``): 100 games in each of
international, Russian and English draughts, the engine taking white and black in turn, a new
random seed each game. Against py-draughts 1.10.1 (``--py-draughts``): its TurboEngine (10x10 only)
in international draughts and its SimpleEngine in Russian, the same seconds a move for both sides,
each side white in half of the games. py-draughts runs in a separate Python of its own (it is
imported as ``draughts`` and is not a dependency of this project)::

    python3 -m venv /tmp/pyd && /tmp/pyd/bin/pip install py-draughts==1.10.1
    PYTHONPATH=src python benchmarks/draughts_engine.py --py-draughts /tmp/pyd/bin/python --games 100

A game ends as :class:`~boardpuzzles.draughts.Game` says (no move, the same position three times,
the count rules) or, undecided after ``--most-plies`` plies (default 300), is scored a draw. The games
are written to ``benchmarks/games/`` as PDN, with the result table printed and written beside them
(``results.md``). Times are wall seconds on whatever machine runs it; on a busy one give both sides
the same small time and expect a noisy score.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

from boardpuzzles.draughts import Engine, Game, Move, Position, RandomPlayer, from_game, write_games
from boardpuzzles.draughts.board import number_square, square_number

GAMES = Path(__file__).parent / "games"

#: The bridge to py-draughts, run by its own Python: reads ``new BOARD`` (a board class of py-draughts),
#: ``push FROM TO TAKEN`` (square numbers, taken as a comma list or ``-``) and ``go SECONDS`` (its engine
#: chooses a move and writes it back as ``FROM TO TAKEN``; every move played comes back as a push), one command a line.
BRIDGE = r"""
import sys
from importlib import import_module
board = engine = None
def key(move):
    return (move.square_list[0] + 1, move.square_list[-1] + 1, frozenset(c + 1 for c in move.captured_list))
for line in sys.stdin:
    word, *rest = line.split()
    if word == "new":
        module, name, engine_name = rest
        board = getattr(import_module(module), name)()
        engine_class = getattr(import_module("draughts.engines"), engine_name)
    elif word == "push":
        wanted = (int(rest[0]), int(rest[1]), frozenset(int(c) for c in rest[2].split(",")) if rest[2] != "-" else frozenset())
        found = [m for m in board.legal_moves if key(m) == wanted]
        if not found:
            sys.exit(f"py-draughts has no move {line.strip()} in {board.fen}: {[str(m) for m in board.legal_moves]}")
        board.push(found[0])
    elif word == "go":
        engine = engine_class(depth_limit=64, time_limit=float(rest[0]))
        move = engine.get_best_move(board)
        origin, to, taken = key(move)
        print(origin, to, ",".join(map(str, sorted(taken))) or "-", flush=True)
"""

#: Our variant: py-draughts' board module and the engine it plays with there.
PY_DRAUGHTS = {"international": ("draughts.boards.standard", "TurboEngine"),
               "russian": ("draughts.boards.russian", "SimpleEngine")}


class PyDraughts:
    """py-draughts' engine, a player, driven through :data:`BRIDGE` in a process of its own."""

    def __init__(self, python: str, variant: str) -> None:
        module, self.engine = PY_DRAUGHTS[variant]
        self.name = f"py-draughts 1.10.1 {self.engine}"
        self.module = module
        self.size = 10 if variant == "international" else 8
        self.process = subprocess.Popen([python, "-c", BRIDGE], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        text=True)

    def new_game(self, number: int) -> PyDraughts:
        """Itself, its board set to the start for game ``number``."""
        self.send(f"new {self.module} Board {self.engine}")
        return self

    def send(self, line: str) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def number(self, square: tuple[int, int]) -> int:
        return square_number(square, self.size)

    def told(self, move: Move) -> None:
        """A move played on the board (by either side)."""
        taken = ",".join(str(self.number(square)) for square in move.captured) or "-"
        self.send(f"push {self.number(move.start)} {self.number(move.end)} {taken}")

    def choose(self, position: Position, seconds: float | None = None, depth: int | None = None,
               cancel: object = None, history: object = ()) -> Move:
        """py-draughts' move (its board has the game's history: ``history`` is not needed)."""
        self.send(f"go {seconds}")
        assert self.process.stdout is not None
        origin, to, taken = self.process.stdout.readline().split()
        key = (number_square(int(origin), self.size), number_square(int(to), self.size),
               frozenset(number_square(int(c), self.size) for c in taken.split(",")) if taken != "-" else frozenset())
        return next(move for move in Game(position).legal_moves() if move.key() == key)

    def close(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.close()
        self.process.wait()


def play(white: object, black: object, variant: str, seconds: float | None, depth: int | None,
         most_plies: int, told: Callable[[Move], None] = lambda move: None) -> Game:
    """One game from the start; ``told`` hears every move played."""
    game = Game("start", variant)
    while game.outcome() is None and len(game) < most_plies:
        player = white if game.turn == "W" else black
        move = player.choose(game.position, seconds=seconds, depth=depth,  # type: ignore[attr-defined]
                             history=game.moves)
        told(game.play(move))
    return game


def score(game: Game, engine_white: bool) -> float:
    """The engine's points: 1 a win, 0.5 a draw (an undecided game too)."""
    end = game.outcome()
    if end is None or end.winner is None:
        return 0.5
    return 1.0 if (end.winner == "W") == engine_white else 0.0


def match(name: str, variant: str, games: int, opponent: Callable[[int], object], who: str, seconds: float | None,
          depth: int | None, most_plies: int) -> str:
    """``games`` games of the engine against the player ``opponent(number)`` gives for each game, colours
    alternating; the line of the result table, the games written to PDN."""
    engine = Engine()
    points, wins, draws, losses, plies = 0.0, 0, 0, 0, 0
    played = []
    started = time.monotonic()
    for number in range(games):
        other = opponent(number)
        engine_white = number % 2 == 0
        white, black = (engine, other) if engine_white else (other, engine)
        game = play(white, black, variant, seconds, depth, most_plies, getattr(other, "told", lambda move: None))
        got = score(game, engine_white)
        points += got
        wins, draws, losses = wins + (got == 1), draws + (got == 0.5), losses + (got == 0)
        plies += len(game)
        end = game.outcome()
        tags = {"Event": f"{engine.name} v {getattr(other, 'name')}", "Round": str(number + 1),
                "White": getattr(white, "name"), "Black": getattr(black, "name")}
        if end is None:
            tags["Termination"] = f"adjudicated a draw after {most_plies} plies"
        played.append(from_game(game, tags))
        print(f"  {variant} game {number + 1}: engine {'white' if engine_white else 'black'}, {len(game)} plies, "
              f"{'undecided' if end is None else end.reason}: {got}", flush=True)
    GAMES.mkdir(exist_ok=True)
    (GAMES / f"{name}.pdn").write_text(write_games(played) + "\n", encoding="utf-8")
    limit = f"{seconds} s a move" if seconds is not None else f"depth {depth}"
    return (f"| {variant} | {who} | {limit} | {games} | {wins} | {draws} | {losses} | "
            f"{points:g}/{games} | {plies / games:.0f} | {time.monotonic() - started:.0f} s | {name}.pdn |")


def speed() -> list[str]:
    """The engine's positions searched a CPU second (of this process: a busy machine's other work aside) from
    the start of three rule sets, one search each to a fixed depth after a first that compiles or loads the
    kernels."""
    lines = []
    for variant, depth in (("international", 5), ("russian", 7), ("english", 7)):
        engine = Engine()
        engine.choose(Position("start", variant), depth=1)
        started = time.process_time()
        engine.choose(Position("start", variant), depth=depth)
        cpu = time.process_time() - started
        info = engine.info
        assert info is not None
        lines.append(f"{variant}: depth {depth}, {info.nodes} positions in {cpu:.2f} CPU s ({info.seconds:.2f} s "
                     f"wall), {info.nodes / cpu:,.0f} a CPU second")
    return lines


HEADER = ("| variant | opponent | engine's limit | games | won | drawn | lost | score | plies a game | wall time | "
          "games |\n| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--speed", action="store_true", help="the positions searched a second")
    parser.add_argument("--random", action="store_true", help="play the random player")
    parser.add_argument("--random-games", type=int, default=100)
    parser.add_argument("--depth", type=int, default=3, help="the engine's depth against the random player")
    parser.add_argument("--py-draughts", metavar="PYTHON", help="play py-draughts' engines, run by this Python")
    parser.add_argument("--variants", default="international,russian", help="the variants against py-draughts")
    parser.add_argument("--games", type=int, default=100, help="games against py-draughts per variant")
    parser.add_argument("--seconds", type=float, default=0.1, help="seconds a move against py-draughts, both sides")
    parser.add_argument("--most-plies", type=int, default=300)
    args = parser.parse_args()
    rows = []
    if args.speed:
        for line in speed():
            print(line, flush=True)
    if args.random:
        for variant in ("international", "russian", "english"):
            rows.append(match(f"random-{variant}", variant, args.random_games, lambda number: RandomPlayer(seed=number),
                              "RandomPlayer, seed = the game's number", None, args.depth, args.most_plies))
            print(rows[-1], flush=True)
    if args.py_draughts:
        for variant in args.variants.split(","):
            other = PyDraughts(args.py_draughts, variant)
            rows.append(match(f"py-draughts-{variant}", variant, args.games, other.new_game, other.name, args.seconds, None,
                              args.most_plies))
            other.close()
            print(rows[-1], flush=True)
    if not rows:
        return 0
    table = "\n".join([HEADER, *rows])
    print(table)
    GAMES.mkdir(exist_ok=True)
    with open(GAMES / "results.md", "a", encoding="utf-8") as file:
        file.write(f"\n{' '.join(sys.argv[1:])} ({time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())})\n\n{table}\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
