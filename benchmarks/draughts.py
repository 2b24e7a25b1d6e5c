"""Draughts speed: perft nodes per second per variant, the king's 16-capture position, and py-draughts.

Times are CPU seconds of this process (time.process_time), for both programs alike.

Run: ``python benchmarks/draughts.py [--quick]``. One core (numba is single-threaded here).
If py-draughts is installed it runs the same perft side by side and the ratio is printed.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

from boardpuzzles.draughts import fast, get_variant, parse_fen
from boardpuzzles.draughts.board import Position

#: (variant, depth compared with py-draughts, deeper depth, published count at the deeper depth)
RUNS = [
    ("international", 6, 8, 6483961),
    ("russian", 7, 9, None),
    ("brazilian", 7, 9, None),
    ("english", 8, 11, 85242128),
    ("pool", 7, 9, None),
    ("czech", 7, 9, None),
    ("spanish", 7, 9, None),
    ("italian", 7, 9, None),
]
KING_16 = "W:WK46:B6,7,12,13,14,18,21,22,23,24,25,30,31,32,33,34,41,42,43,44"


def timed(function, *args):
    """The result and the CPU seconds of this process (steadier than wall time on a shared machine)."""
    start = time.process_time()
    result = function(*args)
    return result, time.process_time() - start


def ours(variant: str, depth: int) -> tuple[int, float]:
    """Nodes and the best time of five runs."""
    runs = [timed(fast.perft, Position.initial(get_variant(variant)), depth) for _ in range(5)]
    return runs[0][0], min(seconds for _, seconds in runs)


def py_draughts_perft(board, depth: int) -> int:
    if depth == 1:
        return len(board.legal_moves)
    total = 0
    for move in board.legal_moves:
        board.push(move)
        total += py_draughts_perft(board, depth - 1)
        board.pop()
    return total


def py_draughts(variant: str, depth: int):
    here = Path(__file__).resolve().parent  # this file is draughts.py too: look past it for py-draughts
    sys.path[:] = [entry for entry in sys.path if Path(entry or ".").resolve() != here]
    try:
        import draughts
    except ImportError:
        return None
    boards = {
        "international": draughts.StandardBoard,
        "russian": draughts.RussianBoard,
        "brazilian": draughts.BrazilianBoard,
        "english": draughts.AmericanBoard,
    }
    if variant not in boards:
        return None
    return timed(py_draughts_perft, boards[variant](), depth)


def king_captures() -> float:
    """Microseconds for the legal moves (all captures) of the position where a king takes 16."""
    position = parse_fen(KING_16, get_variant("international"))
    args, params = fast.bitboards(position), fast.params(position.variant)
    moves = np.zeros((fast.MAX_MOVES, fast.COLUMNS), dtype=np.int64)
    n = fast._generate(*args, params, moves)
    assert max(bin(int(moves[i, 2])).count("1") for i in range(n)) == 16
    repeats = 2000
    start = time.process_time()
    for _ in range(repeats):
        fast._generate(*args, params, moves)
    return (time.process_time() - start) / repeats * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="skip the deep runs")
    quick = parser.parse_args().quick
    for variant, *_ in RUNS:
        ours(variant, 3)  # compile (or load the cache) outside the timings
    print(f"{'variant':14} {'depth':>5} {'nodes':>12} {'seconds':>8} {'Mnodes/s':>9}  py-draughts Mnodes/s  ratio")
    for variant, small, deep, published in RUNS:
        nodes, seconds = ours(variant, small)
        line = f"{variant:14} {small:5} {nodes:12} {seconds:8.3f} {nodes / seconds / 1e6:9.2f}"
        other = py_draughts(variant, small)
        if other is not None:
            other_nodes, other_seconds = other
            same = "" if other_nodes == nodes else f" (py-draughts counts {other_nodes})"
            ratio = (nodes / seconds) / (other_nodes / other_seconds)
            line += f"  {other_nodes / other_seconds / 1e6:19.3f}  {ratio:5.1f}x{same}"
        print(line)
        if not quick:
            nodes, seconds = timed(fast.perft, Position.initial(get_variant(variant)), deep)
            check = "" if published is None else (" = published" if nodes == published else f" != {published}!")
            print(f"{variant:14} {deep:5} {nodes:12} {seconds:8.3f} {nodes / seconds / 1e6:9.2f}{check}")
    print(f"king taking 16 (international, {KING_16}): legal captures in {king_captures():.1f} us")


if __name__ == "__main__":
    main()
