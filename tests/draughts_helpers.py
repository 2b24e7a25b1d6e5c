"""Shared by the draughts tests: random positions of any rule set, and perft by the plain-Python
generator alone (the reference the numba counts are checked with)."""

from __future__ import annotations

import random

from boardpuzzles.draughts.board import Position, playing_squares, promotion_row
from boardpuzzles.draughts.moves import after, reference_moves
from boardpuzzles.draughts.rules import Variant


def random_position(variant: Variant, rng: random.Random, most: int = 24, kings: float = 0.3) -> Position:
    """2 to ``most`` pieces on the squares ``variant`` plays on, a share ``kings`` of them kings (and every
    piece on its own crowning row), either side to move."""
    pieces = {}
    for square in rng.sample(playing_squares(variant), rng.randint(2, most)):
        colour = rng.choice("WB")
        king = rng.random() < kings or square[0] == promotion_row(colour, variant.size)
        pieces[square] = colour if king else colour.lower()
    return Position.from_pieces(pieces, rng.choice("WB"), variant)


def reference_perft(position: Position, depth: int, paths: bool = False) -> int:
    """The move sequences of ``depth`` plies from ``position`` by :func:`reference_moves` alone (slow)."""
    if depth <= 0:
        return 1
    return sum(reference_perft(after(position, move), depth - 1, paths) for move in reference_moves(position, paths))
