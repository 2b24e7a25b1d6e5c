"""Draughts: rule sets as data, positions, legal moves, games, PDN files, perft and the seed's longest capture.

>>> from boardpuzzles.draughts import Board, Position, legal_moves, perft, play
>>> position = Position("start", "russian")
>>> perft(position, 3)
302
>>> [str(move) for move in legal_moves(position)][:3]
['a3-b4', 'c3-b4', 'c3-d4']
>>> play(position, "c3-d4")
Position('B:Wd4,a3,e3,g3,b2,d2,f2,h2,a1,c1,e1,g1:Bb8,d8,f8,h8,a7,c7,e7,g7,b6,d6,f6,h6', variant='russian')

Squares: the API takes a square as ``(row, col)`` counted from 0, row 0 being the
first rank (white's side, the bottom of a drawn board) and column 0 file ``a``, as in
the other puzzles.  It speaks to a user in the variant's own notation
(:func:`square_text`): algebraic where its players write so (Russian, Brazilian,
Czech, Turkish ...: ``c3``), else the dark squares numbered from black's side
(international ``46`` is ``(0, 0)``, English ``29``).

Values and the one thing that changes: a :class:`Position`, a :class:`Move` and the
results (:class:`LegalMoves`, :class:`LongestCaptures`, :class:`PerftCount`) are values
(``==``, ``hash``, a ``repr`` from their text); a :class:`Board` (``push``, ``pop``,
``legal_moves``: a search written in Python) and a :class:`Game` (with how it ends)
change as moves are played.

The modules, each importing only those above it in this list (no circles;
``tests/test_draughts_layers.py`` checks it):

1. :mod:`.rules` — the rule sets as data (:class:`Variant`); :mod:`.published`, :mod:`.seed`
   (the seed's own program) and :mod:`.seed_steps` (that program watched) stand apart, below
   everything;
2. :mod:`.board` — positions: :class:`Position`, FEN and diagrams, the bitboard layout;
3. :mod:`.fast` — the numba kernels: move generation and perft on bitboards; :mod:`.bulk` — perft by bulk
   counting, with a transposition table;
4. :mod:`.moves` — :class:`Move`, the legal moves (kernel or plain-Python reference), the
   position after a move;
5. :mod:`.notation` — moves read from their text, :func:`play`;
6. :mod:`.bitboard` — :class:`Board`; :mod:`.captures` — the longest captures and the
   legal moves as results, the seed's program watched in a notebook (:func:`watch`);
   :mod:`.counting` — perft;
7. :mod:`.game` — :class:`Game`: a game and how it ends;
8. :mod:`.players` — what plays a side: :class:`~.players.Player`, :class:`~.players.RandomPlayer`;
9. :mod:`.engine` — the built-in engine (:class:`Engine`), an opponent in every rule set;
10. :mod:`.hub` — engines that speak Hub (:class:`~.hub.HubEngine`, :func:`~.hub.serve_hub`); :mod:`.dxp` —
    DXP games over TCP (:class:`~.dxp.DxpEngine`, :func:`~.dxp.serve_dxp`);
11. :mod:`.pdn` — PDN files read, replayed and written;
12. :mod:`.match` — two players' match (:func:`~.match.play_match`), a player from its text
    (:func:`~.match.player_from`);
13. :mod:`.cli` — the command line.
"""

from __future__ import annotations

from .bitboard import Board
from .board import Position, parse_diagram, parse_fen, parse_position, parse_square_text, square_text
from .captures import LegalMoves, LongestCaptures, longest_captures, moves_of, seed_captures, watch
from .counting import PerftCount, perft, perft_count
from .game import Game
from .moves import Move, Moves, after, legal_moves
from .notation import parse_move, play, play_line
from .players import Player, RandomPlayer
from .engine import LEVELS, Engine, Level, SearchInfo
from .hub import HubEngine, serve_hub
from .dxp import DxpEngine, serve_dxp
from .pdn import (
    CheckedFile, CheckedGame, GameError, PdnGame, check_games, file_rules, from_game, normalised, pdn_text, read_games,
    replay, write_game, write_games,
)
from .match import Match, MatchGame, close_player, play_match, player_from
from .rules import DEFAULT_VARIANT, VARIANTS, GameEnd, Variant, get_variant
from .seed import build_tree, longest_paths, read_seed_input, tree_json
from .seed_steps import LISTING as SEED_LISTING, seed_steps

__all__ = [
    "after", "Board", "build_tree", "check_games", "CheckedFile", "CheckedGame", "close_player", "DEFAULT_VARIANT",
    "DxpEngine", "Engine", "file_rules", "from_game", "Game", "GameEnd", "GameError", "get_variant", "HubEngine",
    "legal_moves", "LegalMoves", "Level", "LEVELS", "longest_captures", "longest_paths", "LongestCaptures", "Match",
    "MatchGame", "Move", "Moves", "moves_of", "normalised", "parse_diagram", "parse_fen", "parse_move",
    "parse_position", "parse_square_text", "pdn_text", "PdnGame", "perft", "perft_count", "PerftCount", "play",
    "play_line", "play_match", "Player", "player_from", "Position", "RandomPlayer", "read_games", "read_seed_input",
    "replay", "SearchInfo", "seed_captures", "SEED_LISTING", "seed_steps", "serve_dxp", "serve_hub", "square_text",
    "tree_json", "Variant", "VARIANTS", "watch",
    "write_game", "write_games",
]


def __dir__() -> list[str]:
    """The public names only (``dir(draughts)`` as a user sees it): those of ``__all__``."""
    return sorted(__all__)
