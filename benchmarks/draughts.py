"""Draughts speed, side by side with py-draughts in one run: legal_moves per call (on a Position and on
a Board), the same with every move read (its path, the squares it takes, its notation: py-draughts'
legal_moves and str of each move), a push/pop perft loop on a Board, and perft nodes per second for
every variant (checked against the published tables).

Times are CPU seconds of this process (time.process_time), for both programs alike; each figure is
the best of a few runs. The ratios are ours against py-draughts', measured in this run.

Run: ``PYTHONPATH=src python benchmarks/draughts.py [--quick]``. One core. py-draughts
(``pip install py-draughts``) is optional: without it only our figures are printed. The script
stops with exit status 1 on a count that differs from the published one or from py-draughts'.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from boardpuzzles.draughts import VARIANTS, Board, Position, get_variant, legal_moves, perft
from boardpuzzles.draughts.published import DISTINCT, PATHS

KING_16 = "W:WK46:B6,7,12,13,14,18,21,22,23,24,25,30,31,32,33,34,41,42,43,44"  # a king takes 16 (international)

#: Depth of the perft per variant (--quick: two less); the plain-Python generator's boards go less deep.
DEPTH = {"canadian": 5, "srilankan": 5, "turkish": 5, "seed": 5}
DEFAULT_DEPTH = 9

#: py-draughts' board class for each of our variants it plays.
#: (py-draughts' AmericanBoard lets a side decline a capture, so its English counts differ from the published
#: ones and it is left out; its Frisian and Frysk boards list every capture path, so ours count paths there.)
PY_DRAUGHTS_BOARDS = {
    "international": "StandardBoard", "russian": "RussianBoard", "brazilian": "BrazilianBoard",
    "frisian": "FrisianBoard", "frysk": "FryskBoard", "antidraughts": "AntidraughtsBoard",
    "breakthrough": "BreakthroughBoard",
}
PY_DRAUGHTS_PATHS = {"frisian", "frysk"}

failed = False


def best(function: Callable[[], Any], repeats: int = 3) -> tuple[Any, float]:
    """The result and the least CPU seconds of ``repeats`` runs."""
    times, result = [], None
    for _ in range(repeats):
        start = time.process_time()
        result = function()
        times.append(time.process_time() - start)
    return result, min(times)


def per_call(function: Callable[[], Any], calls: int) -> float:
    """Microseconds a call, the best of three loops of ``calls`` calls (each answer dropped at once)."""

    def loop() -> None:
        for _ in range(calls):
            function()

    function()
    return best(loop)[1] / calls * 1e6


def py_draughts() -> Any:
    here = Path(__file__).resolve().parent  # this file is draughts.py too: look past it for py-draughts
    sys.path[:] = [entry for entry in sys.path if Path(entry or ".").resolve() != here]
    try:
        import draughts
    except ImportError:
        return None
    return draughts


def check(what: str, ours: int, other: int, whose: str) -> str:
    global failed
    if ours == other:
        return ""
    failed = True
    return f"  WRONG: {whose} {other}"


def read(moves: Any) -> None:
    """Read what a program reads of every move: its path, the squares it takes and its notation."""
    for move in moves:
        move.path, move.captured, str(move)


def push_pop(board: Any, depth: int) -> int:
    """Perft by playing and taking back every move in Python (as a user's search would): the same loop
    for our :class:`Board` and py-draughts' boards."""
    found = board.legal_moves
    if depth == 1:
        return len(found)
    nodes = 0
    for move in found:
        board.push(move)
        nodes += push_pop(board, depth - 1)
        board.pop()
    return nodes


def ratio(ours: float, theirs: float) -> str:
    return f"{ours / theirs:6.1f}x" if theirs else ""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="shallower perft (two plies less)")
    quick = parser.parse_args().quick
    lib = py_draughts()
    international = get_variant("international")
    print("legal_moves, microseconds a call (international)          ours   py-draughts   ours faster by")
    for name, fen in (("the start position", "start"), ("a king takes 16", KING_16)):
        position = Position(fen, international)
        board = Board(position)
        theirs = their_read = None
        if lib is not None:
            their_board = lib.StandardBoard() if fen == "start" else lib.StandardBoard.from_fen(fen)
            theirs = per_call(lambda: their_board.legal_moves, 300)
            their_read = per_call(lambda: [str(move) for move in their_board.legal_moves], 300)
        for call, ours, other in (
            (f"legal_moves(position), {name}", per_call(lambda: legal_moves(position), 3000), theirs),
            (f"Board.legal_moves, {name}", per_call(lambda: board.legal_moves, 3000), theirs),
            ("  and every move read, on a Position", per_call(lambda: read(legal_moves(position)), 3000), their_read),
            ("  and every move read, on a Board", per_call(lambda: read(board.legal_moves), 3000), their_read),
        ):
            line = f"  {call:54} {ours:6.1f}"
            if other is not None:
                line += (f"   {other:11.1f}   {ratio(other, ours)}"
                         f"{check(name, len(legal_moves(position)), len(their_board.legal_moves), 'py-draughts')}")
            print(line)
    print("  (every move read: ours its path, its captured squares and str; py-draughts str of each move)")

    depth = 4 if quick else 5
    nodes, seconds = best(lambda: push_pop(Board(Position.initial(international)), depth))
    line = f"push/pop perft {depth} on a Board, international: ours {nodes / seconds / 1e3:8.0f} thousand nodes/s"
    if lib is not None:
        other, other_seconds = best(lambda: push_pop(lib.StandardBoard(), depth))
        line += (f", py-draughts {other / other_seconds / 1e3:8.0f}: ours faster by {ratio(nodes / seconds, other / other_seconds)}"
                 f"{check('push/pop', nodes, other, 'py-draughts')}")
    print(line)

    print(f"\n{'variant':14} {'depth':>5} {'nodes':>12} {'seconds':>8} {'Mnodes/s':>9}  published  py-draughts Mnodes/s (depth {4 if quick else 5})  ours faster by")
    for name in VARIANTS:
        variant = get_variant(name)
        start = Position.initial(variant)
        deep = DEPTH.get(name, DEFAULT_DEPTH) - (2 if quick else 0)
        perft(start, 2)  # load the kernels outside the timing
        nodes, seconds = best(lambda: perft(start, deep), 1)
        table = [] if name == "thai" else DISTINCT.get(name, [])
        published = ""
        if len(table) >= deep:
            published = check(name, nodes, table[deep - 1], "published") or "= published"
        line = f"{name:14} {deep:5} {nodes:12} {seconds:8.3f} {nodes / max(seconds, 1e-9) / 1e6:9.2f}  {published:11}"
        if lib is not None and name in PY_DRAUGHTS_BOARDS:
            small = 4 if quick else 5
            ours, ours_seconds = best(lambda: perft(start, small, name in PY_DRAUGHTS_PATHS))
            board = getattr(lib, PY_DRAUGHTS_BOARDS[name])
            other, other_seconds = best(lambda: push_pop(board(), small), 1)
            line += (f" {other / other_seconds / 1e6:9.3f}{'':20} {ratio(ours / ours_seconds, other / other_seconds)}"
                     f"{check(name, ours, other, 'py-draughts')}")
        print(line)
    print("Thai is counted from the game's eight men each (dctl's table starts from twelve: see tests).")
    for name in ("frisian",):
        table = PATHS[name]
        print(f"{name} every path, depth {len(table) - 1}: {perft(Position.initial(get_variant(name)), len(table) - 1, True)}"
              f" (published {table[-2]})")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
