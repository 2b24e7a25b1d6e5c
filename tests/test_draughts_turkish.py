"""Turkish draughts against a brute-force enumerator written here from the rules alone.

No peer library plays Turkish (the one on PyPI needs a Rust toolchain to install) and no perft
table is published, so the generator is checked against this independent, deliberately plain
reading of the rules (FMJD's Turkish draughts rules, as the issue sums them up):

* 64 squares; men step one square forwards or sideways, kings any distance along ranks and files;
* a man takes an adjacent piece forwards or sideways, landing just beyond it; a king takes the
  first piece along a line, at any distance, landing on any empty square beyond it;
* a taken piece leaves the board at once; a capture may not turn back the way it came;
* taking is compulsory and the move taking the most pieces must be played;
* a man is crowned only when its move ends on the far row.
"""

import random

import pytest
from draughts_helpers import random_position

from boardpuzzles.draughts import Position, get_variant, legal_moves

TURKISH = get_variant("turkish")
LINES = ((1, 0), (-1, 0), (0, 1), (0, -1))


def _inside(row: int, col: int) -> bool:
    return 0 <= row < 8 and 0 <= col < 8


def _sequences(board: dict, square: tuple, king: bool, came_from: tuple | None, taken: tuple) -> list:
    """Every finished capture sequence of the piece on ``square``: (end, taken squares)."""
    piece = board[square]
    ahead = 1 if piece.upper() == "W" else -1
    found = []
    for line in LINES:
        if came_from is not None and line == (-came_from[0], -came_from[1]):
            continue  # no half turn
        if not king and line[0] == -ahead:
            continue  # a man never goes backwards
        row, col = square[0] + line[0], square[1] + line[1]
        if king:
            while _inside(row, col) and (row, col) not in board:
                row, col = row + line[0], col + line[1]
        if not _inside(row, col) or board.get((row, col), piece).upper() == piece.upper():
            continue
        victim = (row, col)
        landings = []
        row, col = row + line[0], col + line[1]
        while _inside(row, col) and (row, col) not in board:
            landings.append((row, col))
            if not king:
                break
            row, col = row + line[0], col + line[1]
        for landing in landings:
            after = dict(board)
            del after[square], after[victim]
            after[landing] = piece
            more = _sequences(after, landing, king, line, taken + (victim,))
            found.extend(more or [(landing, taken + (victim,))])
    return found


def brute_force_moves(position: Position) -> set:
    """(start, end, taken squares) of every legal move, by the rules above."""
    board = dict(position.pieces)
    mine = [square for square, piece in board.items() if piece.upper() == position.turn]
    captures = set()
    for square in mine:
        for end, taken in _sequences(board, square, board[square].isupper(), None, ()):
            captures.add((square, end, frozenset(taken), len(taken)))
    if captures:
        most = max(count for *_, count in captures)
        return {(start, end, taken) for start, end, taken, count in captures if count == most}
    quiet = set()
    for square in mine:
        king = board[square].isupper()
        ahead = 1 if position.turn == "W" else -1
        for line in LINES:
            if not king and line[0] == -ahead:
                continue
            row, col = square[0] + line[0], square[1] + line[1]
            while _inside(row, col) and (row, col) not in board:
                quiet.add((square, (row, col), frozenset()))
                if not king:
                    break
                row, col = row + line[0], col + line[1]
    return quiet


@pytest.mark.parametrize("seed", range(4))
def test_turkish_moves_equal_the_brute_force_reading_of_the_rules(seed):
    rng = random.Random(seed)
    captures = 0
    for _ in range(250):
        position = random_position(TURKISH, rng, most=22, kings=0.25)
        ours = {(move.start, move.end, frozenset(move.captured)) for move in legal_moves(position)}
        assert ours == brute_force_moves(position), position.fen()
        captures += any(taken for *_, taken in ours)
    assert captures > 60


def test_turkish_crowning_only_at_the_end_of_a_move():
    # the man reaches the far row taking d7, then must go on taking sideways along it: still a man there
    position = Position.from_pieces({(5, 3): "w", (6, 3): "b", (7, 4): "b"}, "W", TURKISH)
    (move,) = legal_moves(position)
    assert move.end == (7, 5) and len(move.captured) == 2 and move.promotes
    sideways = Position.from_pieces({(6, 3): "w", (6, 4): "b"}, "W", TURKISH)
    (move,) = legal_moves(sideways)
    assert move.end == (6, 5) and not move.promotes
