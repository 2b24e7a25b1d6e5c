"""Our legal moves against an independent implementation, py-draughts, on random positions.

py-draughts (https://pypi.org/project/py-draughts/) plays international, Brazilian, Russian
and Frisian among ours; its Russian and Frisian boards list every capture path, its others
one move per distinct result, so each is compared with the matching form of ours. Where a flying
king takes a piece and flies on along the same line to take the next, py-draughts lists one path
per square it may pass in between; we (and the published perft tables) count that as one stroke,
so its paths are counted here by the squares where the king turns.
"""

import collections
import random

import draughts as peer  # py-draughts, a test dependency
import pytest
from draughts_helpers import random_position

from boardpuzzles.draughts import get_variant, legal_moves
from boardpuzzles.draughts.board import Position, number_square, square_number


BOARDS = {  # our variant: (py-draughts' board, whether it lists every path)
    "international": ("StandardBoard", False),
    "brazilian": ("BrazilianBoard", False),
    "russian": ("RussianBoard", True),
    "frisian": ("FrisianBoard", True),
}


def _numeric_fen(position: Position) -> str:
    """The position as a PDN FEN with square numbers, which py-draughts reads on every board."""
    sides = []
    for colour in "WB":
        squares = sorted((square_number(square, position.size), piece) for square, piece in position.pieces.items()
                         if piece.upper() == colour)
        sides.append(colour + ",".join(("K" if piece.isupper() else "") + str(n) for n, piece in squares))
    return f"{position.turn}:{sides[0]}:{sides[1]}"


def _turns(numbers: list[int], size: int) -> tuple[int, ...]:
    """A path of square numbers without the squares where it goes straight on."""
    squares = [number_square(n, size) for n in numbers]

    def heading(a, b):
        return (b[0] > a[0]) - (b[0] < a[0]), (b[1] > a[1]) - (b[1] < a[1])

    kept = [numbers[0]] + [numbers[i] for i in range(1, len(numbers) - 1)
                           if heading(squares[i - 1], squares[i]) != heading(squares[i], squares[i + 1])]
    return tuple(kept + [numbers[-1]])


@pytest.mark.parametrize("name", sorted(BOARDS))
def test_legal_moves_agree_with_py_draughts(name):
    board_class, paths = BOARDS[name]
    rng = random.Random(name)
    size = get_variant(name).size
    compared = captures = 0
    for _ in range(300):
        position = random_position(get_variant(name), rng, most=20)
        if not legal_moves(position):
            continue  # py-draughts and we may word "no move" differently; perft tests cover it
        ours = collections.Counter(
            (square_number(m.start, size), square_number(m.end, size), frozenset(square_number(s, size) for s in m.captured))
            for m in legal_moves(position, paths)
        )
        board = getattr(peer, board_class).from_fen(_numeric_fen(position))
        routes = {(_turns([s + 1 for s in m.square_list], size), frozenset(s + 1 for s in m.captured_list))
                  for m in board.legal_moves}
        theirs = collections.Counter((path[0], path[-1], taken) for path, taken in routes)
        assert ours == theirs, _numeric_fen(position)
        compared += 1
        captures += any(taken for _, _, taken in ours)
    assert compared > 200 and captures > 50
