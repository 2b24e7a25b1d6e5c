"""Legal moves in plain Python: the readable reference generator.

Every rule set goes through the one capture search below; the fields of
:class:`~.rules.Variant` decide which directions a man captures in, whether a
king flies, when a man is crowned, whether captured pieces stay on the board
until the move ends (the Turkish strike) and which captures are compulsory.
The numba generator in :mod:`.fast` makes the same choices on bitboards and the
tests compare the two.

A flying king that captures and then flies on along the same line to capture
again does not stop in between: its path lists only the squares where it stops
(the start, each square where it turns, the end).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..geometry import Square
from .board import Position, colour_of, forward, promotion_row, square_text
from .rules import BY_KING, EARLIEST_KING, MOST, MOST_KINGS, PROMOTE_AND_CONTINUE, PROMOTE_AND_STOP, PROMOTE_NEVER

Direction = tuple[int, int]
DIRECTIONS: tuple[Direction, ...] = ((1, -1), (1, 1), (-1, -1), (-1, 1))


@dataclass(frozen=True)
class Move:
    """One move: the squares where the piece stops, the pieces it takes (in order)."""

    path: tuple[Square, ...]
    captured: tuple[Square, ...]
    piece: str
    captured_pieces: tuple[str, ...]
    promotes: bool

    @property
    def start(self) -> Square:
        return self.path[0]

    @property
    def end(self) -> Square:
        return self.path[-1]

    def key(self) -> tuple[Square, Square, frozenset[Square]]:
        """Moves with the same start, end and set of captured pieces are the same move."""
        return self.start, self.end, frozenset(self.captured)


def _step(square: Square, direction: Direction) -> Square:
    return square[0] + direction[0], square[1] + direction[1]


def _turns(direction: Direction) -> tuple[Direction, Direction]:
    """The two directions at right angles to ``direction``."""
    return (direction[0], -direction[1]), (-direction[0], direction[1])


class _CaptureSearch:
    """Every complete capture path of the piece on one square."""

    def __init__(self, position: Position, start: Square) -> None:
        self.position = position
        self.variant = position.variant
        self.start = start
        self.piece = position.pieces[start]
        self.colour = colour_of(self.piece)
        self.board = dict(position.pieces)
        del self.board[start]  # the capturing piece leaves its square: it may pass it again
        self.moves: list[Move] = []
        ahead = forward(self.colour)
        if self.variant.men_capture_backwards:
            self.man_directions = DIRECTIONS
        else:
            self.man_directions = tuple(d for d in DIRECTIONS if d[0] == ahead)

    def empty(self, square: Square, captured: tuple[Square, ...]) -> bool:
        if not self.position.on_board(square):
            return False
        return square not in self.board or (self.variant.remove_at_once and square in captured)

    def capturable(self, square: Square, captured: tuple[Square, ...], king: bool) -> bool:
        piece = self.board.get(square)
        if piece is None or colour_of(piece) == self.colour or square in captured:
            return False
        return king or self.variant.men_capture_kings or piece in "wb"

    def record(self, path: tuple[Square, ...], captured: tuple[Square, ...], king: bool) -> None:
        crowned = self.piece in "wb" and (
            king
            or (
                path[-1][0] == promotion_row(self.colour, self.variant.size)
                and self.variant.promotion_in_capture != PROMOTE_NEVER
            )
        )
        taken = tuple(self.board[square] for square in captured)
        self.moves.append(Move(path, captured, self.piece, taken, crowned))

    def run(self) -> list[Move]:
        king = self.piece in "WB"
        self.search(self.start, king, DIRECTIONS if king else self.man_directions, (self.start,), ())
        return self.moves

    def search(
        self,
        square: Square,
        king: bool,
        directions: tuple[Direction, ...],
        path: tuple[Square, ...],
        captured: tuple[Square, ...],
    ) -> bool:
        """Capture on from ``square`` in ``directions``; record each finished path. True if any capture."""
        if king and self.variant.flying_kings:
            return self.search_flying(square, directions, path, captured)
        found = False
        for direction in directions:
            jumped = _step(square, direction)
            landing = _step(jumped, direction)
            if not (self.capturable(jumped, captured, king) and self.empty(landing, captured)):
                continue
            found = True
            taken, stops = captured + (jumped,), path + (landing,)
            crowned = king
            if not king and landing[0] == promotion_row(self.colour, self.variant.size):
                rule = self.variant.promotion_in_capture
                if rule == PROMOTE_AND_STOP:
                    self.record(stops, taken, True)
                    continue
                crowned = rule == PROMOTE_AND_CONTINUE
            if crowned:
                onward = _turns(direction) + (direction,)
            elif self.variant.men_capture_backwards:
                onward = tuple(d for d in DIRECTIONS if d != (-direction[0], -direction[1]))
            else:
                onward = self.man_directions
            if not self.search(landing, crowned, onward, stops, taken):
                self.record(stops, taken, crowned)
        return found

    def search_flying(
        self, square: Square, directions: tuple[Direction, ...], path: tuple[Square, ...], captured: tuple[Square, ...]
    ) -> bool:
        """A flying king: any distance to the piece it takes, any empty square beyond it."""
        found = False
        for direction in directions:
            target = _step(square, direction)
            while self.empty(target, captured):
                target = _step(target, direction)
            if not self.capturable(target, captured, True):
                continue
            landings = []
            landing = _step(target, direction)
            while self.empty(landing, captured):
                landings.append(landing)
                landing = _step(landing, direction)
            if not landings:
                continue
            found = True
            taken = captured + (target,)
            # Flying on along the line to take the next piece is one stroke, from every landing square.
            straight = self.search_flying(landings[-1], (direction,), path, taken)
            turned = [self.search_flying(stop, _turns(direction), path + (stop,), taken) for stop in landings]
            must_continue = self.variant.king_lands_to_continue and (straight or any(turned))
            if straight or must_continue:
                continue
            for stop, goes_on in zip(landings, turned):
                if not goes_on:
                    self.record(path + (stop,), taken, True)
        return found


def _captures(position: Position) -> list[Move]:
    moves: list[Move] = []
    for square in position.squares():
        piece = position.pieces.get(square)
        if piece and colour_of(piece) == position.turn:
            moves.extend(_CaptureSearch(position, square).run())
    return moves


def _quiet_moves(position: Position) -> list[Move]:
    variant = position.variant
    moves = []
    for square in position.squares():
        piece = position.pieces.get(square)
        if not piece or colour_of(piece) != position.turn:
            continue
        if piece in "WB":
            for direction in DIRECTIONS:
                target = _step(square, direction)
                while position.on_board(target) and target not in position.pieces:
                    moves.append(Move((square, target), (), piece, (), False))
                    if not variant.flying_kings:
                        break
                    target = _step(target, direction)
        else:
            for direction in DIRECTIONS:
                target = _step(square, direction)
                if direction[0] == forward(position.turn) and position.on_board(target) and target not in position.pieces:
                    crowned = target[0] == promotion_row(position.turn, variant.size) and (
                        variant.promotion_in_capture != PROMOTE_NEVER
                    )
                    moves.append(Move((square, target), (), piece, (), crowned))
    return moves


def capture_paths(position: Position, square: Square | None = None) -> list[Move]:
    """Every complete capture path for the side to move (or the piece on ``square``), before the
    compulsory-capture rules choose among them."""
    if square is not None:
        return _CaptureSearch(position, square).run() if square in position.pieces else []
    return _captures(position)


def _score(move: Move, criterion: str) -> int:
    if criterion == BY_KING:
        return int(move.piece in "WB")
    if criterion == MOST:
        return len(move.captured)
    kings = [piece in "WB" for piece in move.captured_pieces]
    if criterion == MOST_KINGS:
        return sum(kings)
    assert criterion == EARLIEST_KING
    return sum(1 << (31 - index) for index, king in enumerate(kings) if king)  # earlier kings weigh more


def select_captures(moves: list[Move], position: Position) -> list[Move]:
    """Keep the captures the rules allow: each criterion of ``variant.priority`` in turn keeps the best."""
    for criterion in position.variant.priority:
        if moves:
            best = max(_score(move, criterion) for move in moves)
            moves = [move for move in moves if _score(move, criterion) == best]
    return moves


def distinct(moves: list[Move]) -> list[Move]:
    """One move per start, end and set of captured pieces (the first path found)."""
    seen = {}
    for move in moves:
        seen.setdefault(move.key(), move)
    return list(seen.values())


def legal_moves(position: Position, paths: bool = False) -> list[Move]:
    """The legal moves of the side to move; with ``paths`` every capture path, else distinct moves."""
    moves = select_captures(_captures(position), position)
    if not moves:
        return _quiet_moves(position)
    return moves if paths else distinct(moves)


def make_move(position: Position, move: Move) -> None:
    """Play ``move`` on ``position`` (in place)."""
    pieces = position.pieces
    del pieces[move.start]
    for square in move.captured:
        del pieces[square]
    pieces[move.end] = move.piece.upper() if move.promotes else move.piece
    position.turn = "B" if position.turn == "W" else "W"


def unmake_move(position: Position, move: Move) -> None:
    """Take back ``move``, the last move played on ``position``."""
    pieces = position.pieces
    del pieces[move.end]
    for square, piece in zip(move.captured, move.captured_pieces):
        pieces[square] = piece
    pieces[move.start] = move.piece
    position.turn = "B" if position.turn == "W" else "W"


def perft(position: Position, depth: int, paths: bool = False) -> int:
    """The number of move sequences of length ``depth`` (plain Python; slow, for checking)."""
    if depth == 0:
        return 1
    moves = legal_moves(position, paths)
    if depth == 1:
        return len(moves)
    total = 0
    for move in moves:
        make_move(position, move)
        total += perft(position, depth - 1, paths)
        unmake_move(position, move)
    return total


def move_text(move: Move, position: Position, full: bool = False) -> str:
    """A move in the variant's notation: ``32-28``, ``28x19``, Russian ``c3:e5:c7``."""
    variant = position.variant
    if not move.captured:
        return "-".join(square_text(square, variant) for square in move.path)
    squares = move.path if (full or variant.full_path) else (move.start, move.end)
    return variant.capture_sep.join(square_text(square, variant) for square in squares)


def move_texts(moves: list[Move], position: Position) -> list[str]:
    """Notation for a list of moves, with the full path where two moves share their ends."""
    ends: dict[tuple[Square, Square], int] = {}
    for move in moves:
        ends[move.start, move.end] = ends.get((move.start, move.end), 0) + 1
    return [move_text(move, position, ends[move.start, move.end] > 1) for move in moves]
