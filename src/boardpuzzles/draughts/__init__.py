"""Draughts: rule sets as data, positions, legal moves, perft and the seed's longest capture.

>>> from boardpuzzles.draughts import get_variant, parse_position, legal_moves, perft
>>> position = parse_position("start", get_variant("russian"))
>>> perft(position, 3)
302
>>> position.play("c3-d4").fen()
'B:Wd4,a3,e3,g3,b2,d2,f2,h2,a1,c1,e1,g1:Bb8,d8,f8,h8,a7,c7,e7,g7,b6,d6,f6,h6'

Squares: the API takes a square as ``(row, col)`` counted from 0, row 0 being the
first rank (white's side, the bottom of a drawn board) and column 0 file ``a``, as in
the other puzzles.  It speaks to a user in the variant's own notation
(:func:`square_text`): algebraic where its players write so (Russian, Brazilian,
Czech, Turkish ...: ``c3``), else the dark squares numbered from black's side
(international ``46`` is ``(0, 0)``, English ``29``).

A search written in Python plays on a :class:`Board` (bitboards: ``push``, ``pop``,
``legal_moves``), converted to and from a :class:`Position`.

Games (:class:`Game`), moves by notation (:mod:`.notation`) and PDN files (:mod:`.pdn`)
build on the positions and the move generator.
"""

from __future__ import annotations

from .bitboard import Board
from .board import Position, parse_diagram, parse_fen, parse_position, square_text
from .captures import LegalMoves, LongestCaptures, longest_captures, moves_of, seed_captures
from .counting import Perft, perft, perft_count
from .game import Game, GameEnd
from .moves import Move, Moves, legal_moves, make_move, move_text, move_texts, unmake_move
from .notation import parse_move, play_line
from .pdn import PdnGame, check_games, read_games, replay, write_games
from .rules import VARIANTS, Variant, get_variant
from .seed import build_tree, longest_paths, read_seed_input

__all__ = [
    "VARIANTS", "Board", "LongestCaptures", "Move", "Moves", "Perft", "Position", "Variant", "build_tree", "get_variant", "legal_moves",
    "longest_captures", "longest_paths", "make_move", "move_text", "move_texts", "parse_diagram", "parse_fen", "parse_position",
    "perft", "perft_count", "read_seed_input", "seed_captures", "square_text", "unmake_move",
    "Game", "GameEnd", "LegalMoves", "PdnGame", "check_games", "moves_of", "parse_move", "play_line", "read_games",
    "replay", "write_games",
]

