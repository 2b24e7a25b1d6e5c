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

from collections.abc import Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, overload

from ..geometry import Square
from . import fast
from .board import Position, colour_of, forward, promotion_row, square_text
from .rules import Criterion, Halt, Promotion, Variant, Vector

Direction = Vector


class Move:
    """One move: the squares where the piece stops (``path``), the pieces it takes in order
    (``captured``, ``captured_pieces``), the piece that moves and whether it is crowned.

    Moves from the fast generator know their start, end and the set of pieces taken at once; the
    path and the order of the captures are found (by the plain capture search of that one piece)
    only when asked for.
    """

    __slots__ = ("start", "end", "piece", "promotes", "taken", "_path", "_captured", "_captured_pieces",
                 "_variant", "_which", "_row", "_before")

    def __init__(
        self,
        path: tuple[Square, ...],
        captured: tuple[Square, ...],
        piece: str,
        captured_pieces: tuple[str, ...],
        promotes: bool,
    ) -> None:
        self.start, self.end, self.piece, self.promotes = path[0], path[-1], piece, promotes
        self.taken = frozenset(captured)
        self._path, self._captured, self._captured_pieces = path, captured, captured_pieces
        self._variant: Variant | None = None
        self._which = 0
        self._row: list[int] | None = None
        self._before: tuple[int, int, int, int] | None = None

    if not TYPE_CHECKING:  # hidden from mypy, which would then let any attribute name through

        def __getattr__(self, name: str) -> object:
            """Only called for a field not set yet: the fields of a move from the kernel are filled in from
            its row when one is first read (:class:`Moves` makes many moves that are only played)."""
            if name not in _FROM_ROW:
                raise AttributeError(f"'Move' object has no attribute '{name}'")
            self._fill()
            return object.__getattribute__(self, name)

    def _fill(self) -> None:
        row, before, variant = self._row, self._before, self._variant
        assert row is not None and before is not None and variant is not None
        square = fast.square_list(variant)
        origin, to, taken = row[0], row[1], row[2]
        self.start, self.end = start, end = square[origin], square[to]
        self.piece, self.promotes = _LETTERS[before[3]][(before[2] >> origin) & 1], row[3] & 2 == 2
        if taken:
            self.taken = frozenset(fast.squares_of(taken, variant))
            self._path = self._captured = self._captured_pieces = None  # type: ignore[assignment]
        else:
            self.taken, self._path, self._captured, self._captured_pieces = _NOTHING, (start, end), (), ()

    def _resolve(self) -> None:
        assert self._before is not None and self._variant is not None
        board = fast.position_of(self._before, self._variant)
        same = [m for m in _CaptureSearch(board, self.start).run() if m.end == self.end and m.taken == self.taken]
        found = same[min(self._which, len(same) - 1)]
        self._path, self._captured, self._captured_pieces = found.path, found.captured, found.captured_pieces

    @property
    def path(self) -> tuple[Square, ...]:
        """The squares where the piece stops: the start, each landing square where it turns, the end."""
        if self._path is None:
            self._resolve()
        return self._path

    @property
    def captured(self) -> tuple[Square, ...]:
        """The squares of the pieces taken, in the order they are taken."""
        if self._captured is None:
            self._resolve()
        return self._captured

    @property
    def captured_pieces(self) -> tuple[str, ...]:
        """The pieces taken (letters), in the order of :attr:`captured`."""
        if self._captured_pieces is None:
            self._resolve()
        return self._captured_pieces

    def key(self) -> tuple[Square, Square, frozenset[Square]]:
        """Moves with the same start, end and set of captured pieces are the same move."""
        return self.start, self.end, self.taken

    def _fields(self) -> tuple[object, ...]:
        return self.path, self.captured, self.piece, self.captured_pieces, self.promotes

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Move) and self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        return (f"Move(path={self.path!r}, captured={self.captured!r}, piece={self.piece!r}, "
                f"captured_pieces={self.captured_pieces!r}, promotes={self.promotes!r})")


#: The fields :meth:`Move._fill` sets.
_FROM_ROW = frozenset(("start", "end", "piece", "promotes", "taken", "_path", "_captured", "_captured_pieces"))
_new_move = object.__new__
_NOTHING: frozenset[Square] = frozenset()
_LETTERS = (("w", "W"), ("b", "B"))  # by side to move (0 white), then king bit


class Moves(Sequence[Move]):
    """The legal moves of the position with bitboards ``bits`` (:func:`.fast.bitboards`) under
    ``variant`` (one the numba generator plays), with ``paths`` every capture path: the kernel's rows,
    each made a :class:`Move` only when one is first looked at, so that counting them (``len``) costs
    no more than the kernel. It compares equal to a list (or tuple) of the same moves."""

    __slots__ = ("_rows", "_count", "_before", "_variant", "_paths", "_moves")

    def __init__(self, bits: tuple[int, int, int, int], variant: Variant, paths: bool = False) -> None:
        self._rows, self._count = fast.move_rows(bits, variant, paths)
        self._before, self._variant, self._paths = bits, variant, paths
        self._moves: list[Move] | None = None

    def _list(self) -> list[Move]:
        if self._moves is None:
            self._moves = _made(self._rows[:self._count].tolist(), self._before, self._variant, self._paths)
        return self._moves

    def __len__(self) -> int:
        return self._count

    @overload
    def __getitem__(self, index: int) -> Move: ...

    @overload
    def __getitem__(self, index: slice) -> list[Move]: ...

    def __getitem__(self, index: int | slice) -> Move | list[Move]:
        return self._list()[index]

    def __iter__(self) -> Iterator[Move]:
        return iter(self._list())

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (Moves, list, tuple)):
            return self._list() == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # a sequence that compares by content, as a list

    def __repr__(self) -> str:
        return repr(self._list())


def _made(rows: list[list[int]], before: tuple[int, int, int, int], variant: Variant, paths: bool) -> list[Move]:
    """A :class:`Move` for each kernel row played from the bitboards ``before``, holding the row alone
    until a field is read (:meth:`Move._fill`)."""
    made = []
    seen: dict[tuple[int, int, int], int] = {}
    for row in rows:
        move = _new_move(Move)
        move._row, move._before, move._variant, move._which = row, before, variant, 0
        if paths:  # tell apart the paths with the same ends and pieces taken
            key = row[0], row[1], row[2]
            move._which = seen[key] = seen.get(key, -1) + 1
        made.append(move)
    return made


def step_of(variant: Variant, direction: Direction) -> Direction:
    """One step to the next square a piece may stand on: an orthogonal step skips the light square
    between two dark ones on the dark-square boards (Frisian)."""
    if variant.dark_only and 0 in direction:
        return 2 * direction[0], 2 * direction[1]
    return direction


def man_directions(variant: Variant, colour: str, capturing: bool) -> tuple[Direction, ...]:
    """The directions a man moves (or captures) in: forwards, sideways where its lines allow, and
    backwards when capturing if the rules let men capture backwards."""
    lines = variant.captures if capturing else variant.moves
    ahead = forward(colour)
    backwards = capturing and variant.men_capture_backwards
    return tuple(d for d in lines.vectors if d[0] == ahead or d[0] == 0 or backwards)


def _step(square: Square, direction: Direction) -> Square:
    return square[0] + direction[0], square[1] + direction[1]


def _reverse(direction: Direction) -> Direction:
    return -direction[0], -direction[1]


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
        self.man_directions = man_directions(self.variant, self.colour, True)
        self.king_directions = self.variant.captures.vectors

    def onward(self, directions: tuple[Direction, ...], direction: Direction) -> tuple[Direction, ...]:
        """Where a piece may go on after a jump in ``direction``: never straight back."""
        back = _reverse(direction)
        return tuple(d for d in directions if d != back)

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
                and self.variant.promotion_in_capture is not Promotion.NEVER
            )
        )
        taken = tuple(self.board[square] for square in captured)
        self.moves.append(Move(path, captured, self.piece, taken, crowned))

    def run(self) -> list[Move]:
        king = self.piece in "WB"
        self.search(self.start, king, self.king_directions if king else self.man_directions, (self.start,), ())
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
            step = step_of(self.variant, direction)
            jumped = _step(square, step)
            landing = _step(jumped, step)
            if not (self.capturable(jumped, captured, king) and self.empty(landing, captured)):
                continue
            found = True
            taken, stops = captured + (jumped,), path + (landing,)
            crowned = king
            if not king and landing[0] == promotion_row(self.colour, self.variant.size):
                rule = self.variant.promotion_in_capture
                if rule is Promotion.AND_STOP:
                    self.record(stops, taken, True)
                    continue
                crowned = rule is Promotion.AND_CONTINUE
            onward = self.onward(self.king_directions if crowned else self.man_directions, direction)
            if not self.search(landing, crowned, onward, stops, taken):
                self.record(stops, taken, crowned)
        return found

    def search_flying(
        self, square: Square, directions: tuple[Direction, ...], path: tuple[Square, ...], captured: tuple[Square, ...]
    ) -> bool:
        """A flying king: any distance to the piece it takes, an empty square beyond it (any, or the
        first one where the rules say so)."""
        found = False
        for direction in directions:
            step = step_of(self.variant, direction)
            target = _step(square, step)
            while self.empty(target, captured):
                target = _step(target, step)
            if not self.capturable(target, captured, True):
                continue
            landings = []
            landing = _step(target, step)
            while self.empty(landing, captured):
                landings.append(landing)
                landing = _step(landing, step)
            if not landings:
                continue
            halt = self.variant.king_halt
            if halt is Halt.BEHIND_PIECE or (halt is Halt.BEHIND_KING and self.board[target] in "WB"):
                landings = landings[:1]
            found = True
            taken = captured + (target,)
            # Flying on along the line to take the next piece is one stroke, from every landing square.
            straight = self.search_flying(landings[-1], (direction,), path, taken)
            turns = tuple(d for d in self.onward(self.king_directions, direction) if d != direction)
            turned = [self.search_flying(stop, turns, path + (stop,), taken) for stop in landings]
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
    turn = position.turn
    men = tuple(step_of(variant, d) for d in man_directions(variant, turn, False))
    kings = tuple(step_of(variant, d) for d in variant.moves.vectors)
    crowning = variant.promotion_in_capture is not Promotion.NEVER
    moves = []
    for square in position.squares():
        piece = position.pieces.get(square)
        if not piece or colour_of(piece) != turn:
            continue
        if piece in "WB":
            for step in kings:
                target = _step(square, step)
                while position.on_board(target) and target not in position.pieces:
                    moves.append(Move((square, target), (), piece, (), False))
                    if not variant.flying_kings:
                        break
                    target = _step(target, step)
        else:
            for step in men:
                target = _step(square, step)
                if position.on_board(target) and target not in position.pieces:
                    crowned = crowning and target[0] == promotion_row(turn, variant.size)
                    moves.append(Move((square, target), (), piece, (), crowned))
    return moves


def capture_paths(position: Position, square: Square | None = None) -> list[Move]:
    """Every complete capture path for the side to move (or the piece on ``square``), before the
    compulsory-capture rules choose among them."""
    if square is not None:
        return _CaptureSearch(position, square).run() if square in position.pieces else []
    return _captures(position)


#: Larger than any number of pieces taken in one move: a king counts as two men less a little.
_VALUE_SCALE = 256


def _score(move: Move, criterion: Criterion) -> int:
    if criterion is Criterion.BY_KING:
        return int(move.piece in "WB")
    if criterion is Criterion.MOST:
        return len(move.captured)
    kings = [piece in "WB" for piece in move.captured_pieces]
    if criterion is Criterion.MOST_KINGS:
        return sum(kings)
    if criterion is Criterion.VALUE:
        return (len(kings) + sum(kings)) * _VALUE_SCALE - sum(kings)
    return sum(1 << (31 - index) for index, king in enumerate(kings) if king)  # EARLIEST_KING: earlier weigh more


def select_captures(moves: list[Move], position: Position) -> list[Move]:
    """Keep the captures the rules allow: each criterion of ``variant.priority`` in turn keeps the best."""
    for criterion in position.variant.priority:
        if moves:
            best = max(_score(move, criterion) for move in moves)
            moves = [move for move in moves if _score(move, criterion) == best]
    return moves


def distinct(moves: Iterable[Move]) -> list[Move]:
    """One move per start, end and set of captured pieces (the first path found)."""
    seen: dict[tuple[Square, Square, frozenset[Square]], Move] = {}
    for move in moves:
        seen.setdefault(move.key(), move)
    return list(seen.values())


def legal_moves(position: Position, paths: bool = False) -> Sequence[Move]:
    """The legal moves of the side to move; with ``paths`` every capture path, else distinct moves.

    The numba generator makes them for the rule sets it plays (:func:`.fast.supports`), as a lazy
    :class:`Moves` sequence; this module's plain search for the others (:func:`reference_moves`), as a
    list. Both give the same moves, in the order of their start, then end square for the kernel.
    """
    if fast.supports(position.variant):
        return Moves(fast.bitboards(position), position.variant, paths)
    return reference_moves(position, paths)


def reference_moves(position: Position, paths: bool = False) -> list[Move]:
    """:func:`legal_moves` by the plain-Python search (the reference the tests compare the kernel with)."""
    moves = select_captures(_captures(position), position)
    if not moves:
        return _quiet_moves(position)
    return moves if paths else distinct(moves)


def make_move(position: Position, move: Move) -> None:
    """Play ``move`` on ``position`` (in place)."""
    pieces = position.pieces
    del pieces[move.start]
    for square in move.taken:
        del pieces[square]
    pieces[move.end] = move.piece.upper() if move.promotes else move.piece
    position.turn = "B" if position.turn == "W" else "W"
    if move._row is not None and move._before is not None:  # the bitboards, without reading every square again
        pieces.bits = (position.size, position.variant.mirrored) + fast.play_row(*move._before, *move._row[:4])  # type: ignore[attr-defined]


def unmake_move(position: Position, move: Move) -> None:
    """Take back ``move``, the last move played on ``position``."""
    pieces = position.pieces
    del pieces[move.end]
    before, row = move._before, move._row
    if before is None or row is None:
        for square, piece in zip(move.captured, move.captured_pieces):
            pieces[square] = piece
    else:  # the pieces taken, read from the bitboards the move was found on (no capture search)
        squares, letters, kings, rest = fast.square_list(position.variant), _LETTERS[1 - before[3]], before[2], row[2]
        while rest:
            bit = (rest & -rest).bit_length() - 1
            rest &= rest - 1
            pieces[squares[bit]] = letters[(kings >> bit) & 1]
    pieces[move.start] = move.piece
    position.turn = "B" if position.turn == "W" else "W"
    if before is not None:
        pieces.bits = (position.size, position.variant.mirrored) + before[:3]  # type: ignore[attr-defined]


def move_text(move: Move, position: Position, full: bool = False) -> str:
    """A move in the variant's notation: ``32-28``, ``28x19``, Russian ``c3:e5:c7``."""
    variant = position.variant
    if not move.captured:
        return "-".join(square_text(square, variant) for square in move.path)
    squares = move.path if (full or variant.full_path) else (move.start, move.end)
    return variant.capture_sep.join(square_text(square, variant) for square in squares)


def move_texts(moves: Sequence[Move], position: Position) -> list[str]:
    """Notation for a list of moves, with the full path where two moves share their ends."""
    ends: dict[tuple[Square, Square], int] = {}
    for move in moves:
        ends[move.start, move.end] = ends.get((move.start, move.end), 0) + 1
    return [move_text(move, position, ends[move.start, move.end] > 1) for move in moves]
