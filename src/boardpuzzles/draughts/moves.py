"""Moves: the :class:`Move` value, the legal moves of a position, and the position after a move.

The legal moves of the rule sets the kernels play (:attr:`.Variant.on_bitboards`) come
from the numba generator (:mod:`.fast`): its rows become :class:`Move` values at once,
each with its path, the pieces it takes and its notation (a quiet move is made once per
rule set and reused, a capture from the path the kernel's search recorded). The others
come from the plain-Python search below, which is also the readable reference the tests
compare the kernel with (:func:`reference_moves`).

Every rule set goes through the one capture search below; the fields of
:class:`~.rules.Variant` decide which directions a man captures in, whether a
king flies, when a man is crowned, whether captured pieces stay on the board
until the move ends (the Turkish strike) and which captures are compulsory.
The numba generator in :mod:`.fast` makes the same choices on bitboards.

A path has one square more than the pieces the move takes: the start, then the square where
the piece lands after each piece it takes. A flying king that takes a piece and flies on along
the same line to take the next one lands, in its path, on the first square beyond the piece
taken (``a1:c3:e5:c7:a5`` for a king on a1 taking b2 and d4, then d6 and b6), as the notations
of the rule sets write each landing.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable, Iterator, Sequence
from typing import overload

from .. import checks
from ..errors import InputError, InputTypeError
from ..geometry import Square
from .board import (
    Bitboards, Position, bit_of, bit_squares, board_square, colour_of, promotion_row, require_position, square_text,
)
from .fast import Generator, play_row
from .rules import Criterion, Halt, Promotion, Variant, Vector, get_variant

Direction = Vector

_LETTERS = (("w", "W"), ("b", "B"))  # by side (0 white), then king or not
_PIECES = ("w", "W", "b", "B")
_CAPTURE = 1 << 15  # in a kernel key: the move takes something


class Move:
    """One move, a value: the squares where the piece stops (``path``: the start, then where it lands
    after each piece it takes, so one square more than the pieces taken), the squares of the pieces it takes in order (``captured``) and those pieces
    (``captured_pieces``, letters), the ``piece`` that moves, whether it is crowned (``promotes``),
    and the rule set it is a move of (``variant``); ``start``, ``end`` and ``is_capture`` too.

    ``str(move)`` is its notation in its variant (``32-28``, ``28x19``, ``c3-d4``, ``c3:e5:c7``): as the
    list of legal moves it came from writes it, with the full path where another legal move shares its
    start and end. ``repr`` is its text form, ``Move('28x19', variant='international')`` (the position
    gives the rest: which piece, what it takes). Two moves are equal when all their fields are (the
    notation aside).
    """

    __slots__ = ("path", "captured", "piece", "captured_pieces", "promotes", "variant", "start", "end", "is_capture",
                 "_text", "_row", "_hash")

    #: the squares where the piece stops: the start, then where it lands after each piece it takes
    path: tuple[Square, ...]
    #: the squares of the pieces taken, in order
    captured: tuple[Square, ...]
    #: the piece that moves: ``w``, ``W`` (a king), ``b`` or ``B``
    piece: str
    #: the pieces taken, as letters, in order
    captured_pieces: tuple[str, ...]
    #: whether the piece is crowned
    promotes: bool
    #: the rule set
    variant: Variant
    #: where the piece starts
    start: Square
    #: where it ends
    end: Square
    #: whether the move takes something
    is_capture: bool
    _text: str
    _row: tuple[int, int, int, int, int] | None
    _hash: int | None

    def __init__(self, path: Sequence[Square], captured: Sequence[Square] = (), piece: str = "w",
                 captured_pieces: Sequence[str] = (), promotes: bool = False, *, variant: Variant | str) -> None:
        rules = get_variant(variant)
        size = rules.size
        path = tuple(board_square(square, "path", rules) for square in checks.squares(path, "path", size, size))
        captured = tuple(board_square(square, "captured", rules)
                         for square in checks.squares(captured, "captured", size, size))
        if len(path) < 2:
            raise InputError("{parameter} must be two or more squares (row, col)", parameter="path", value=path)
        if not isinstance(piece, str) or piece not in _PIECES:
            raise checks.refused("{parameter} must be w, W, b or B", "piece", piece)
        letters = "a letter w, W, b or B for each square captured"
        captured_pieces = tuple(checks.items(captured_pieces, "captured_pieces", letters))
        if len(captured_pieces) != len(captured) or not all(isinstance(p, str) and p in _PIECES for p in captured_pieces):
            raise InputError(f"{{parameter}} must be {letters}", parameter="captured_pieces", value=captured_pieces)
        _fill(self, rules, path, captured, piece, captured_pieces, checks.flag(promotes, "promotes"), None, None)

    def key(self) -> tuple[Square, Square, frozenset[Square]]:
        """Moves with the same start, end and set of captured pieces are the same move (``distinct``)."""
        return self.start, self.end, frozenset(self.captured)

    def notation(self, full: bool = False) -> str:
        """``str(move)``; with ``full`` every square where the piece stops, also for a capture written
        by its ends."""
        if not full or not self.captured:
            return self._text
        return self.variant.capture_sep.join(square_text(square, self.variant) for square in self.path)

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Move({self._text!r}, variant={self.variant.name!r})"

    def _fields(self) -> tuple[object, ...]:
        return self.path, self.captured, self.piece, self.captured_pieces, self.promotes, self.variant

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if not isinstance(other, Move):
            return NotImplemented
        return self._fields() == other._fields()

    def __hash__(self) -> int:
        known = self._hash
        if known is None:
            known = hash((self.path, self.captured, self.piece, self.promotes))
            object.__setattr__(self, "_hash", known)
        return known

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a Move is a value and cannot be changed ({name})")

    def __reduce__(self) -> tuple[object, ...]:
        return (_move, (self.variant, self.path, self.captured, self.piece, self.captured_pieces, self.promotes,
                        self._text))


_set = object.__setattr__


def _fill(move: Move, variant: Variant, path: tuple[Square, ...], captured: tuple[Square, ...], piece: str,
          captured_pieces: tuple[str, ...], promotes: bool, text: str | None,
          row: tuple[int, int, int, int, int] | None) -> None:
    _set(move, "path", path)
    _set(move, "captured", captured)
    _set(move, "piece", piece)
    _set(move, "captured_pieces", captured_pieces)
    _set(move, "promotes", promotes)
    _set(move, "variant", variant)
    _set(move, "start", path[0])
    _set(move, "end", path[-1])
    _set(move, "is_capture", bool(captured))
    if text is None:
        texts = [square_text(square, variant) for square in (path if variant.full_path else (path[0], path[-1]))]
        text = (variant.capture_sep if captured else "-").join(texts)
    _set(move, "_text", text)
    _set(move, "_row", row)
    _set(move, "_hash", None)


def _move(variant: Variant, path: tuple[Square, ...], captured: tuple[Square, ...], piece: str,
          captured_pieces: tuple[str, ...], promotes: bool, text: str | None = None,
          row: tuple[int, int, int, int, int] | None = None) -> Move:
    """A Move from fields already checked (the generators' own)."""
    move = object.__new__(Move)
    _fill(move, variant, path, captured, piece, captured_pieces, promotes, text, row)
    return move


def _full_where_shared(moves: list[Move]) -> list[Move]:
    """``moves`` with the full path as the notation of each capture that shares its start and end with
    another (the short form would name both)."""
    ends: dict[tuple[Square, Square], int] = {}
    for move in moves:
        ends[move.start, move.end] = ends.get((move.start, move.end), 0) + 1
    return [_move(m.variant, m.path, m.captured, m.piece, m.captured_pieces, m.promotes, m.notation(full=True), m._row)
            if m.captured and ends[m.start, m.end] > 1 else m for m in moves]


# ---------------------------------------------------------------- moves on bitboards


def move_row(move: Move) -> tuple[int, int, int, int, int]:
    """The move as the kernels write it, for a rule set they play: ``(key, from bit, to bit, taken bits,
    flags)``, ``key`` telling apart the moves of a position (flags: 1 a king moves, 2 a man is crowned)."""
    row = move._row
    if row is None:
        variant = move.variant
        origin, to = bit_of(move.start, variant), bit_of(move.end, variant)
        taken = sum(1 << bit_of(square, variant) for square in move.captured)
        flags = 1 if move.piece in "WB" else (2 if move.promotes else 0)
        colour = 0 if move.piece in "wW" else 1
        row = (_key(origin, to, flags, colour, taken), origin, to, taken, flags)
        _set(move, "_row", row)
    return row


def _key(origin: int, to: int, flags: int, colour: int, taken: int) -> int:
    """The kernel's key (:data:`.fast.PATH_COLUMNS`), and for a capture the pieces it takes above it."""
    key = origin | to << 6 | flags << 12 | colour << 14
    return key | _CAPTURE | taken << 16 if taken else key


#: The most captures a rule set keeps made (:class:`_QuietMoves`); past it they are made afresh.
MOST_CAPTURES_KEPT = 1 << 16


class _QuietMoves(dict[int, Move]):
    """The quiet moves of one rule set by their kernel key, each made when first met; and in
    :attr:`captures` the captures made so far (at most :data:`MOST_CAPTURES_KEPT`), by what makes them:
    their key with the pieces taken, which of those are kings, whether they are written in full, and
    their path as the kernel wrote it."""

    def __init__(self, variant: Variant) -> None:
        super().__init__()
        self.variant = variant
        self.square = bit_squares(variant)
        self.text = [square_text(square, variant) if square[0] >= 0 else "" for square in self.square]
        self.captures: dict[tuple[int, ...], Move] = {}

    def __missing__(self, key: int) -> Move:
        origin, to, flags, colour = key & 63, (key >> 6) & 63, (key >> 12) & 3, (key >> 14) & 1
        move = self[key] = _move(self.variant, (self.square[origin], self.square[to]), (), _LETTERS[colour][flags & 1],
                                 (), flags & 2 == 2, f"{self.text[origin]}-{self.text[to]}", (key, origin, to, 0, flags))
        return move


_QUIET: dict[int, _QuietMoves] = {}


def _quiet_table(variant: Variant) -> _QuietMoves:
    known = _QUIET.get(id(variant))
    if known is None or known.variant is not variant:
        known = _QUIET[id(variant)] = _QuietMoves(variant)
    return known


class MoveGenerator(Generator):
    """The kernel's generator (:class:`.fast.Generator`) for one rule set, its rows read as
    :class:`Move` values (:class:`Moves`), with the rule set's quiet moves made once and reused."""

    __slots__ = ("variant", "quiet")

    def __init__(self, variant: Variant, paths: bool = False) -> None:
        super().__init__(variant, paths)
        self.variant = variant
        self.quiet = _quiet_table(variant)


class Moves(Sequence[Move]):
    """The legal moves of the position with bitboards ``bits``, from the kernel run by ``generator``, as a
    sequence of :class:`Move` (python-chess's lazy ``legal_moves``): counting them (``len``) costs the
    kernel alone; the moves are made when first looked at, from the kernel's rows (run again if the
    generator has run for another position since). It compares equal to a list or a tuple of the same
    moves."""

    __slots__ = ("bits", "_generator", "_count", "_runs", "_made", "_keys")

    def __init__(self, generator: MoveGenerator, bits: Bitboards) -> None:
        #: the bitboards of the position
        self.bits = bits
        self._generator = generator
        self._count = generator.run(*bits)
        self._runs = generator.runs
        self._made: list[Move] | None = None

    def _list(self) -> list[Move]:
        made = self._made
        if made is None:
            generator, n = self._generator, self._count
            if generator.runs != self._runs:
                generator.run(*self.bits)
                self._runs = generator.runs
            keys: list[int] = generator.keys[:n].tolist()
            if keys and keys[0] & _CAPTURE:
                made, self._keys = _read_captures(generator, n, self.bits)
            else:
                made, self._keys = [*map(generator.quiet.__getitem__, keys)], keys
            self._made = made
        return made

    def kernel_keys(self) -> list[int]:
        """The key of each move (:func:`move_row`), telling the moves of the position apart."""
        self._list()
        return self._keys

    def row_of(self, move: Move) -> tuple[int, int, int, int, int] | None:
        """The kernel's row of ``move`` (:func:`move_row`) if it is one of these moves (by its key), else None."""
        row = move._row
        if row is None:
            row = move_row(move)
        if self._made is None:
            self._list()
        return row if row[0] in self._keys else None

    def __len__(self) -> int:
        return self._count

    @overload
    def __getitem__(self, index: int) -> Move: ...

    @overload
    def __getitem__(self, index: slice) -> list[Move]: ...

    def __getitem__(self, index: int | slice) -> Move | list[Move]:
        return self._list()[index]

    def __iter__(self) -> Iterator[Move]:
        made = self._made
        return iter(made if made is not None else self._list())

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (Moves, list, tuple)):
            return self._list() == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # a sequence that compares by content, as a list

    def __repr__(self) -> str:
        return repr(self._list())


def _read_captures(generator: MoveGenerator, n: int, bits: Bitboards) -> tuple[list[Move], list[int]]:
    """The capture of each row the kernel wrote for the position ``bits``, and their keys: each made once
    per rule set and kept (:class:`_QuietMoves`), a capture being met again in many positions."""
    rows: list[list[int]] = generator.moves_view[:n].tolist()  # type: ignore[assignment]  # typeshed: list[int]
    most = max(row[2].bit_count() for row in rows)
    paths: list[list[int]] = generator.paths[:n, : 1 + 2 * most].tolist()  # the key, the stops (one less than pieces taken), the order
    kings = bits[2]
    ends: dict[tuple[int, int], int] = {}
    if n > 1:
        for row in rows:
            ends[row[0], row[1]] = ends.get((row[0], row[1]), 0) + 1
    full_path = generator.variant.full_path
    table = generator.quiet
    made, found = [], []
    for row, path in zip(rows, paths):
        origin, to, taken = row[0], row[1], row[2]
        key = path[0] | taken << 16
        full = full_path or ends.get((origin, to), 1) > 1
        known = (key, kings & taken, full, *path[1 : 2 + 2 * taken.bit_count() - 1])
        move = table.captures.get(known)
        if move is None:
            move = _made_capture(table, row, path, key, bits, full)
            if len(table.captures) >= MOST_CAPTURES_KEPT:
                table.captures.clear()
            table.captures[known] = move
        made.append(move)
        found.append(key)
    return made, found


def _made_capture(table: _QuietMoves, row: list[int], path: list[int], key: int, bits: Bitboards, full: bool) -> Move:
    """The capture of the kernel's ``row`` and ``path`` row (with its ``key``) in the position ``bits``,
    written in ``full`` or by its ends."""
    variant, square, text = table.variant, table.square, table.text
    origin, to, taken, flags = row[0], row[1], row[2], row[3]
    nstops = path[1]
    order = path[2 + nstops : 2 + nstops + taken.bit_count()]
    where = (origin, *path[2 : 2 + nstops], to)
    colour, kings = bits[3], bits[2]
    return _move(
        variant, tuple(square[bit] for bit in where), tuple(square[bit] for bit in order), _LETTERS[colour][flags & 1],
        tuple(_LETTERS[1 - colour][(kings >> bit) & 1] for bit in order), flags & 2 == 2,
        variant.capture_sep.join(text[bit] for bit in (where if full else (origin, to))), (key, origin, to, taken, flags),
    )


class _Generators(threading.local):
    """Each thread's generators, by whether they list every path, then by the identity of the rule set
    (their buffers are not shared between threads)."""

    def __init__(self) -> None:
        self.made: tuple[dict[int, MoveGenerator], dict[int, MoveGenerator]] = ({}, {})


_GENERATORS = _Generators()


# ---------------------------------------------------------------- the plain-Python search


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
        self.board = position.pieces.copy()
        del self.board[start]  # the capturing piece leaves its square: it may pass it again
        self.moves: list[Move] = []
        self.man_directions = self.variant.man_directions(self.colour, True)
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
        self.moves.append(_move(self.variant, path, captured, self.piece, taken, crowned))

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
            step = self.variant.step(direction)
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
            step = self.variant.step(direction)
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
            # Flying on along the line to take the next piece is one stroke, from every landing square; the
            # path lands on the first of them.
            straight = self.search_flying(landings[-1], (direction,), path + (landings[0],), taken)
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
    pieces = position.pieces
    for square in position.squares():
        piece = pieces.get(square)
        if piece and colour_of(piece) == position.turn:
            moves.extend(_CaptureSearch(position, square).run())
    return moves


def _quiet_moves(position: Position) -> list[Move]:
    variant = position.variant
    turn = position.turn
    pieces = position.pieces
    men = tuple(variant.step(d) for d in variant.man_directions(turn, False))
    kings = tuple(variant.step(d) for d in variant.moves.vectors)
    crowning = variant.promotion_in_capture is not Promotion.NEVER
    moves = []
    for square in position.squares():
        piece = pieces.get(square)
        if not piece or colour_of(piece) != turn:
            continue
        if piece in "WB":
            for step in kings:
                target = _step(square, step)
                while position.on_board(target) and target not in pieces:
                    moves.append(_move(variant, (square, target), (), piece, (), False))
                    if not variant.flying_kings:
                        break
                    target = _step(target, step)
        else:
            for step in men:
                target = _step(square, step)
                if position.on_board(target) and target not in pieces:
                    crowned = crowning and target[0] == promotion_row(turn, variant.size)
                    moves.append(_move(variant, (square, target), (), piece, (), crowned))
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


# ---------------------------------------------------------------- the public calls


def legal_moves(position: Position, paths: bool = False) -> Sequence[Move]:
    """The legal moves of the side to move, each a :class:`Move`; with ``paths`` every capture path,
    else one per distinct move (the first path found).

    The numba generator makes them for the rule sets it plays (:attr:`.Variant.on_bitboards`), in the
    order of their start, then end square, as a lazy :class:`Moves` sequence; the plain search
    (:func:`reference_moves`) for the others, as a list. Both give the same moves.
    """
    if not isinstance(position, Position):
        require_position(position)
    if paths is not False and paths is not True:
        paths = checks.flag(paths, "paths")
    variant = position.variant
    if variant.on_bitboards:
        made = _GENERATORS.made[paths]
        generator = made.get(id(variant))
        if generator is None or generator.variant is not variant:
            generator = made[id(variant)] = MoveGenerator(variant, paths)
        return Moves(generator, position.bitboards())
    return reference_moves(position, paths)


def reference_moves(position: Position, paths: bool = False) -> list[Move]:
    """:func:`legal_moves` by the plain-Python search (the reference the tests compare the kernel with)."""
    require_position(position)
    paths = checks.flag(paths, "paths")
    moves = select_captures(_captures(position), position)
    if not moves:
        return _quiet_moves(position)
    return _full_where_shared(moves if paths else distinct(moves))


def after(position: Position, move: Move) -> Position:
    """The position after ``move``, a move of ``position`` that fits it (the piece it names stands on its
    start and belongs to the side to move, the pieces it takes are the other side's, its end is free):
    an InputError naming ``move`` otherwise.  Whether it is legal is not checked here (see
    :func:`.notation.play` and :meth:`.Board.push`, which check); ``position`` is a value and does not
    change."""
    require_position(position)
    if not isinstance(move, Move):
        raise InputTypeError("{parameter} must be a Move", parameter="move", value=type(move).__name__)
    variant = position.variant
    if move.variant != variant:
        raise InputError(f"{{parameter}} is a move of {move.variant.name}, not of {variant.name}", parameter="move",
                         value=str(move))
    if variant.on_bitboards:
        _, origin, to, taken, flags = move_row(move)
        white, black, kings, colour = position.bitboards()
        own, other = (white, black) if colour == 0 else (black, white)
        fits = (own >> origin & 1 and move.piece == _LETTERS[colour][kings >> origin & 1] and not taken & ~other
                and (to == origin or not (white | black) >> to & 1))
    else:
        pieces = position.pieces
        fits = (pieces.get(move.start) == move.piece and colour_of(move.piece) == position.turn
                and all(square in pieces and colour_of(pieces[square]) != position.turn for square in move.captured)
                and (move.end == move.start or move.end not in pieces))
    if not fits:
        raise InputError(f"{{parameter}} {move.notation(full=True)} does not fit the position {position.fen()}: its "
                         "piece must stand on its start for the side to move, take the other side's pieces and "
                         "end on a free square", parameter="move", value=str(move), show_value=False)
    if variant.on_bitboards:
        return Position.from_bitboards((*play_row(white, black, kings, colour, origin, to, taken, flags), 1 - colour),
                                       variant)
    return position.moved(move.start, move.end, move.captured, move.piece.upper() if move.promotes else move.piece)