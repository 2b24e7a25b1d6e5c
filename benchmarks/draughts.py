"""Draughts speed, side by side with py-draughts in one run: legal_moves per call (on a Position and on
a Board), the same with every move read (its path, the squares it takes, its notation: for py-draughts
its square_list, captured_list and str), push/pop perft loops on a Board (every leaf pushed and popped,
and the leaves counted by len), and perft nodes per second for every variant (checked against the
published tables).

Times are CPU seconds of this process (time.process_time), for both programs alike; each figure is
the best of a few runs, ours and py-draughts' taking turns (so that the load of a busy machine falls
on both alike). The ratios are ours against py-draughts', measured in this run.

Run: ``PYTHONPATH=src python benchmarks/draughts.py [--quick] [--no-variants]``. One core. py-draughts
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


def best_of_both(ours: Callable[[], Any], theirs: Callable[[], Any] | None,
                 repeats: int = 5) -> tuple[tuple[Any, float], tuple[Any, float] | None]:
    """:func:`best` of ``ours`` and of ``theirs`` (if given), run in turns: ours, theirs, ours, ..."""
    mine: list[tuple[Any, float]] = []
    other: list[tuple[Any, float]] = []
    for _ in range(repeats):
        mine.append(best(ours, 1))
        if theirs is not None:
            other.append(best(theirs, 1))
    return min(mine, key=lambda run: run[1]), (min(other, key=lambda run: run[1]) if other else None)


def calls(function: Callable[[], Any], count: int) -> Callable[[], None]:
    """``function`` called ``count`` times (each answer dropped at once)."""

    def loop() -> None:
        for _ in range(count):
            function()

    function()
    return loop


def per_call(function: Callable[[], Any], count: int, other: Callable[[], Any] | None = None,
             other_count: int = 0) -> tuple[float, float | None]:
    """Microseconds a call of ``function`` (and of ``other``), the best of loops of ``count`` calls run in
    turns."""
    (_, mine), theirs = best_of_both(calls(function, count), calls(other, other_count) if other else None)
    return mine / count * 1e6, (theirs[1] / other_count * 1e6 if theirs else None)


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


def their_read(moves: Any) -> None:
    """:func:`read` for py-draughts' moves: the squares visited, the squares taken and the notation."""
    for move in moves:
        move.square_list, move.captured_list, str(move)


def every_leaf(board: Any, depth: int) -> int:
    """Perft by playing and taking back every move in Python, the leaves too (as a search that looks at
    each position would): the same loop for our :class:`Board` and py-draughts' boards."""
    if depth == 0:
        return 1
    nodes = 0
    for move in board.legal_moves:
        board.push(move)
        nodes += every_leaf(board, depth - 1)
        board.pop()
    return nodes


def push_pop(board: Any, depth: int) -> int:
    """Perft by playing and taking back every move in Python but the leaves, counted by ``len``: the same
    loop for our :class:`Board` and py-draughts' boards."""
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
    parser.add_argument("--no-variants", action="store_true", help="only the legal_moves and push/pop figures")
    options = parser.parse_args()
    quick = options.quick
    lib = py_draughts()
    international = get_variant("international")
    print("legal_moves, microseconds a call (international)          ours   py-draughts   ours faster by")
    for name, fen in (("the start position", "start"), ("a king takes 16", KING_16)):
        position = Position(fen, international)
        board = Board(position)
        listed: Callable[[], Any] | None = None
        read_listed: Callable[[], Any] | None = None
        if lib is not None:
            their_board = lib.StandardBoard() if fen == "start" else lib.StandardBoard.from_fen(fen)

            def listed() -> Any:
                return their_board.legal_moves

            def read_listed() -> None:
                their_read(their_board.legal_moves)
        for call, (ours, other) in (
            (f"legal_moves(position), {name}", per_call(lambda: legal_moves(position), 3000, listed, 300)),
            (f"Board.legal_moves, {name}", per_call(lambda: board.legal_moves, 3000, listed, 300)),
            ("  and every move read, on a Position", per_call(lambda: read(legal_moves(position)), 3000, read_listed, 300)),
            ("  and every move read, on a Board", per_call(lambda: read(board.legal_moves), 3000, read_listed, 300)),
        ):
            line = f"  {call:54} {ours:6.1f}"
            if other is not None:
                line += (f"   {other:11.1f}   {ratio(other, ours)}"
                         f"{check(name, len(legal_moves(position)), len(their_board.legal_moves), 'py-draughts')}")
            print(line)
    print("  (every move read: ours its path, its captured squares and str; py-draughts its square_list,\n"
          "   captured_list and str)")

    for loop, depth, what in ((every_leaf, 4, "every leaf pushed and popped"),
                              (push_pop, 4 if quick else 5, "the leaves counted by len")):
        start = Board(Position.initial(international))
        (nodes, seconds), theirs = best_of_both(lambda: loop(start, depth),
                                                (lambda: loop(lib.StandardBoard(), depth)) if lib is not None else None)
        line = (f"push/pop perft {depth} on a Board, international, {what}: ours {nodes / seconds / 1e3:6.0f} "
                "thousand nodes/s")
        if theirs is not None:
            other, other_seconds = theirs
            line += (f", py-draughts {other / other_seconds / 1e3:6.0f}: ours faster by "
                     f"{ratio(nodes / seconds, other / other_seconds)}{check('push/pop', nodes, other, 'py-draughts')}")
        print(line)
    if options.no_variants:
        return 1 if failed else 0

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
