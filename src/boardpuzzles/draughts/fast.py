"""The numba move generator and perft, on int64 bitboards.

Layout: the dark squares in number order, with one unused ("ghost") bit after
every two rows, so that each diagonal step is a fixed bit offset: with ``w = size / 2``
squares a row, up-left is ``-w-1``, up-right ``-w``, down-left ``+w``, down-right
``+w+1``; a step off the side of the board lands on a ghost bit or off the end and is
refused by the ``valid`` mask. 10x10 takes 54 bits, 8x8 35.

A flying king finds the first piece along a line in one step: the parameter array
holds, for each square and direction, the mask of the squares from there to the edge
(a "ray"), and the nearest piece on it is a trailing- or leading-zero count away.

The capture search is the one of :mod:`.moves` (same branching, same rule fields),
written as one recursive kernel; moves come out as rows ``(from, to, captured bits,
flags)`` with flag 1 "a king moved" and 2 "a man is crowned".

The kernels allocate nothing and are compiled with ``_nrt=False``: without numba's
runtime there is no reference counting of the array arguments at every call, which
took most of the time (perft ran six times slower with it).
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np
from llvmlite import ir
from numba import njit, types
from numba.extending import intrinsic

from ..errors import InputError
from ..geometry import Square
from ..runner import interruptible
from .board import Position, promotion_row
from .rules import CRITERIA, PROMOTE_AND_CONTINUE, PROMOTE_AND_STOP, PROMOTE_NEVER, Variant

MAX_MOVES = 4096  # rows of one move buffer; a position with more moves is refused

# Indices into the parameter array handed to every kernel.
P_W, P_BITS, P_VALID, P_CROWN_W, P_CROWN_B, P_BACK, P_FLY, P_PROMO, P_LAND, P_REMOVE, P_PATHS = range(11)
P_MEN_KINGS = 11  # men may take kings
P_NPRIO, P_PRIO = 12, 13  # the number of capture criteria, then their codes (CRITERIA order, from 1)
P_RAYS = 20  # then 4 x 64 ray masks: p[P_RAYS + 64 * d + s] = the squares from s onwards in direction d
COLUMNS = 5  # a move: from, to, captured bits, flags, king order (bit 31 - i: the i-th piece taken is a king)
BY_KING_CODE, MOST_CODE, MOST_KINGS_CODE, EARLIEST_KING_CODE = 1, 2, 3, 4


@intrinsic
def _ctz(typingctx, x):
    """Count of trailing zero bits (the index of the lowest set bit)."""

    def codegen(context, builder, signature, args):
        return builder.cttz(args[0], ir.Constant(ir.IntType(1), 0))

    return types.int64(types.int64), codegen


@intrinsic
def _popcount(typingctx, x):
    """Number of set bits."""

    def codegen(context, builder, signature, args):
        return builder.ctpop(args[0])

    return types.int64(types.int64), codegen


@intrinsic
def _clz(typingctx, x):
    """Count of leading zero bits."""

    def codegen(context, builder, signature, args):
        return builder.ctlz(args[0], ir.Constant(ir.IntType(1), 0))

    return types.int64(types.int64), codegen


@njit(cache=True, _nrt=False)
def _nearest(p, d, s, bits):
    """The first square of ``bits`` on the ray from ``s`` in direction ``d``, or -1."""
    hits = p[P_RAYS + 64 * d + s] & bits
    if hits == 0:
        return -1
    return _ctz(hits) if d >= 2 else 63 - _clz(hits)


@njit(cache=True, _nrt=False)
def _farthest(p, d, s):
    """The last square on the ray from ``s`` in direction ``d`` (-1 at the edge)."""
    ray = p[P_RAYS + 64 * d + s]
    if ray == 0:
        return -1
    return 63 - _clz(ray) if d >= 2 else _ctz(ray)


@njit(cache=True, _nrt=False)
def _reach(p, d, s, occ):
    """The empty squares a king on ``s`` can move to in direction ``d``."""
    ray = p[P_RAYS + 64 * d + s]
    if p[P_FLY] == 0 and ray:  # a short king: the next square only
        ray = ray & -ray if d >= 2 else np.int64(1) << (63 - _clz(ray))
    stop = _nearest(p, d, s, occ)
    if stop >= 0:
        ray &= ~(p[P_RAYS + 64 * d + stop] | (np.int64(1) << stop))
    return ray


@njit(cache=True, _nrt=False)
def _forward(colour):
    """The directions a man of ``colour`` moves in: white up (0, 1), black down (2, 3)."""
    return 0b0011 if colour == 0 else 0b1100


@njit(cache=True, _nrt=False)
def _turns(d):
    """The two directions at right angles to direction ``d``."""
    return 0b0110 if d == 0 or d == 3 else 0b1001


@njit(cache=True, _nrt=False)
def _delta(p, d):
    """The bit offset of one step in direction ``d``: 0 up-left, 1 up-right, 2 down-left, 3 down-right
    (the order of ``moves.DIRECTIONS``)."""
    w = p[P_W]
    if d == 0:
        return -w - 1
    if d == 1:
        return -w
    if d == 2:
        return w
    return w + 1


@njit(cache=True, _nrt=False)
def _on(p, s):
    return 0 <= s < p[P_BITS] and (p[P_VALID] >> s) & 1 == 1


@njit(cache=True, _nrt=False)
def _record(moves, n, origin, to, captured, flags, order):
    if n < moves.shape[0]:
        moves[n, 0] = origin
        moves[n, 1] = to
        moves[n, 2] = captured
        moves[n, 3] = flags
        moves[n, 4] = order
    return n + 1


@njit(cache=True, _nrt=False)
def _crown_flags(p, colour, startking, king, to):
    """Flags of a finished capture: 1 if a king moved, 2 if the man is crowned."""
    if startking:
        return 1
    crown_row = p[P_CROWN_W] if colour == 0 else p[P_CROWN_B]
    if king or ((crown_row >> to) & 1 == 1 and p[P_PROMO] != PROMOTE_NEVER):
        return 2
    return 0


@njit(cache=True, _nrt=False)
def _empty(p, x, occ, taken):
    """Square ``x`` is on the board and free (a taken piece frees it only where pieces go at once)."""
    return _on(p, x) and ((occ >> x) & 1 == 0 or (p[P_REMOVE] == 1 and (taken >> x) & 1 == 1))


@njit(cache=True, _nrt=False)
def _blockers(p, occ, taken):
    """The squares a flying king cannot pass."""
    return occ & ~taken if p[P_REMOVE] == 1 else occ


@njit(cache=True, _nrt=False)
def _targets(p, king, opp, oppkings):
    """The pieces a king or a man may take."""
    return opp if king or p[P_MEN_KINGS] == 1 else opp & ~oppkings


@njit(cache=True, _nrt=False)
def _can_take(s, king, dirs, taken, occ, opp, oppkings, p):
    """Whether the piece on ``s`` has a first jump in ``dirs`` (the search's test, without the search)."""
    fly = king and p[P_FLY] == 1
    targets = _targets(p, king, opp, oppkings) & ~taken
    for d in range(4):
        if (dirs >> d) & 1 == 0:
            continue
        step = _delta(p, d)
        t = _nearest(p, d, s, _blockers(p, occ, taken)) if fly else s + step
        if t >= 0 and _on(p, t) and (targets >> t) & 1 == 1 and _empty(p, t + step, occ, taken):
            return True
    return False


@njit(
    "int64(int64, boolean, int64, int64, int64, int64, int64, int64, int64, int64[:], int64[:, :], int64, int64, int64)",
    cache=True,
    _nrt=False,
)
def _captures(s, king, dirs, origin, taken, order, occ, opp, oppkings, p, moves, n, startking, colour):
    """Record every finished capture path continuing from ``s``; return the new move count.

    Callers check :func:`_can_take` first, so every call finds at least one capture.
    """
    as_king = s >= 0  # True, but not a literal: a literal would call a second, uncacheable specialisation
    for d in range(4):
        if (dirs >> d) & 1 == 0:
            continue
        step = _delta(p, d)
        if king and p[P_FLY] == 1:
            blockers = _blockers(p, occ, taken)
            t = _nearest(p, d, s, blockers)
            if t < 0 or (opp >> t) & 1 == 0 or (taken >> t) & 1 == 1 or not _empty(p, t + step, occ, taken):
                continue
            taken2 = taken | (1 << t)
            order2 = order | ((oppkings >> t) & 1) << (31 - _popcount(taken))
            first = t + step
            beyond = _nearest(p, d, t, blockers)
            last = beyond - step if beyond >= 0 else _farthest(p, d, t)
            # flying on along the line to take the next piece is one stroke, from every landing square
            straight = _can_take(last, as_king, 1 << d, taken2, occ, opp, oppkings, p)
            if straight:
                n = _captures(
                    last, as_king, 1 << d, origin, taken2, order2, occ, opp, oppkings, p, moves, n, startking, colour
                )
            going_on = straight
            turned = np.int64(0)
            x = first
            while True:
                if _can_take(x, as_king, _turns(d), taken2, occ, opp, oppkings, p):
                    n = _captures(
                        x, as_king, _turns(d), origin, taken2, order2, occ, opp, oppkings, p, moves, n, startking, colour
                    )
                    turned |= 1 << x
                    going_on = True
                if x == last:
                    break
                x += step
            if straight or (p[P_LAND] == 1 and going_on):
                continue
            x = first
            while True:
                if (turned >> x) & 1 == 0:
                    n = _record(moves, n, origin, x, taken2, _crown_flags(p, colour, startking, True, x), order2)
                if x == last:
                    break
                x += step
        else:
            m = s + step
            t = m + step
            targets = _targets(p, king, opp, oppkings) & ~taken
            if not _on(p, m) or (targets >> m) & 1 == 0 or not _empty(p, t, occ, taken):
                continue
            taken2 = taken | (1 << m)
            order2 = order | ((oppkings >> m) & 1) << (31 - _popcount(taken))
            crowned = king
            crown_row = p[P_CROWN_W] if colour == 0 else p[P_CROWN_B]
            if not king and (crown_row >> t) & 1 == 1:
                if p[P_PROMO] == PROMOTE_AND_STOP:
                    n = _record(moves, n, origin, t, taken2, 2, order2)
                    continue
                crowned = p[P_PROMO] == PROMOTE_AND_CONTINUE
            if crowned:
                onward = _turns(d) | (1 << d)
            elif p[P_BACK] == 1:
                onward = 15 & ~(1 << (3 - d))
            else:
                onward = _forward(colour)
            if _can_take(t, crowned, onward, taken2, occ, opp, oppkings, p):
                n = _captures(
                    t, crowned, onward, origin, taken2, order2, occ, opp, oppkings, p, moves, n, startking, colour
                )
            else:
                n = _record(moves, n, origin, t, taken2, _crown_flags(p, colour, startking, crowned, t), order2)
    return n


@njit(cache=True, _nrt=False)
def _copy_row(moves, to, source):
    for j in range(COLUMNS):
        moves[to, j] = moves[source, j]


@njit(cache=True, _nrt=False)
def _score(moves, i, criterion, oppkings):
    if criterion == BY_KING_CODE:
        return moves[i, 3] & 1
    if criterion == MOST_CODE:
        return _popcount(moves[i, 2])
    if criterion == MOST_KINGS_CODE:
        return _popcount(moves[i, 2] & oppkings)
    return moves[i, 4]


@njit(cache=True, _nrt=False)
def _select(moves, n, p, oppkings):
    """Apply the compulsory-capture rules and (unless counting paths) merge equal moves."""
    for c in range(p[P_NPRIO]):
        criterion = p[P_PRIO + c]
        best = 0
        for i in range(n):
            best = max(best, _score(moves, i, criterion, oppkings))
        k = 0
        for i in range(n):
            if _score(moves, i, criterion, oppkings) == best:
                _copy_row(moves, k, i)
                k += 1
        n = k
    if p[P_PATHS] == 0:
        k = 0
        for i in range(n):
            seen = False
            for j in range(k):
                if moves[j, 0] == moves[i, 0] and moves[j, 1] == moves[i, 1] and moves[j, 2] == moves[i, 2]:
                    seen = True
                    break
            if not seen:
                _copy_row(moves, k, i)
                k += 1
        n = k
    return n


@njit(cache=True, _nrt=False)
def _shift(bits, step):
    """Every bit moved ``step`` places (a diagonal step on the board)."""
    return bits << step if step > 0 else bits >> -step


@njit(cache=True, _nrt=False)
def _may_capture(mine, opp, kings, occ, colour, p):
    """False only if no piece can capture: an exact test of the first jump for men and short kings."""
    if mine & kings and p[P_FLY] == 1:
        return True
    empty = p[P_VALID] & ~occ
    men_dirs = 15 if p[P_BACK] == 1 else _forward(colour)
    men, men_targets = mine & ~kings, _targets(p, False, opp, kings)
    for d in range(4):
        step = _delta(p, d)
        if _shift(_shift(mine & kings, step) & opp, step) & empty:
            return True
        if (men_dirs >> d) & 1 and _shift(_shift(men, step) & men_targets, step) & empty:
            return True
    return False


@njit(cache=True, _nrt=False)
def _count(white, black, kings, colour, p, moves):
    """The number of legal moves, without listing the quiet ones."""
    mine = white if colour == 0 else black
    occ = white | black
    if _may_capture(mine, black if colour == 0 else white, kings, occ, colour, p):
        n = _generate(white, black, kings, colour, p, moves)
        if n:
            return n
    empty = p[P_VALID] & ~occ
    men = mine & ~kings
    n = 0
    for d in range(4):
        if (_forward(colour) >> d) & 1:
            n += _popcount(_shift(men, _delta(p, d)) & empty)
    rest = mine & kings
    while rest:
        s = _ctz(rest)
        rest &= rest - 1
        for d in range(4):
            n += _popcount(_reach(p, d, s, occ))
    return n


@njit(cache=True, _nrt=False)
def _generate(white, black, kings, colour, p, moves):
    """Fill ``moves`` with the legal moves; return their number (more than the rows: overflow)."""
    mine = white if colour == 0 else black
    opp = black if colour == 0 else white
    occ = white | black
    n = 0
    rest = mine if _may_capture(mine, opp, kings, occ, colour, p) else 0
    while rest:
        s = _ctz(rest)
        rest &= rest - 1
        king = (kings >> s) & 1 == 1
        dirs = 15 if (king or p[P_BACK] == 1) else _forward(colour)
        rest_occ, none = occ & ~(1 << s), np.int64(0)
        if _can_take(s, king, dirs, none, rest_occ, opp, opp & kings, p):
            n = _captures(s, king, dirs, s, none, none, rest_occ, opp, opp & kings, p, moves, n, int(king), colour)
    if n > moves.shape[0]:
        return n
    if n:
        return _select(moves, n, p, opp & kings)
    crown_row = p[P_CROWN_W] if colour == 0 else p[P_CROWN_B]
    if p[P_PROMO] == PROMOTE_NEVER:
        crown_row = 0
    empty = p[P_VALID] & ~occ
    men = mine & ~kings
    for d in range(4):
        if (_forward(colour) >> d) & 1 == 0:
            continue
        step = _delta(p, d)
        targets = _shift(men, step) & empty
        while targets:
            t = _ctz(targets)
            targets &= targets - 1
            n = _record(moves, n, t - step, t, 0, 2 if (crown_row >> t) & 1 == 1 else 0, 0)
    rest = mine & kings
    while rest:
        s = _ctz(rest)
        rest &= rest - 1
        for d in range(4):
            targets = _reach(p, d, s, occ)
            while targets:
                n = _record(moves, n, s, _ctz(targets), 0, 1, 0)
                targets &= targets - 1
    return n


@njit("int64(int64, int64, int64, int64, int64, int64[:], int64[:, :, :])", cache=True, _nrt=False, nogil=True)
def _perft(white, black, kings, colour, depth, p, buffers):
    """Move sequences of length ``depth`` (>= 1); -1 if a position overflowed its buffer."""
    moves = buffers[depth - 1]
    if depth == 1:
        n = _count(white, black, kings, colour, p, moves)
        return -1 if n > moves.shape[0] else n
    n = _generate(white, black, kings, colour, p, moves)
    if n > moves.shape[0]:
        return -1
    total = 0
    for i in range(n):
        f, t, taken, flags = moves[i, 0], moves[i, 1], moves[i, 2], moves[i, 3]
        fb, tb = np.int64(1) << f, np.int64(1) << t
        if colour == 0:
            w2, b2 = (white & ~fb) | tb, black & ~taken
        else:
            w2, b2 = white & ~taken, (black & ~fb) | tb
        k2 = kings & ~taken
        if flags & 1:
            k2 = (k2 & ~fb) | tb
        elif flags & 2:
            k2 |= tb
        r = _perft(w2, b2, k2, 1 - colour, depth - 1, p, buffers)
        if r < 0:
            return -1
        total += r
    return total


# ---------------------------------------------------------------- Python side


def _bit(square: Square, size: int, mirrored: bool = False) -> int:
    """The bit of a dark square; a turned board is reflected left to right (the rules do not mind)."""
    row, col = square
    if mirrored:
        col = size - 1 - col
    top = size - 1 - row
    return top * (size // 2) + col // 2 + top // 2


def _square(bit: int, size: int, mirrored: bool = False) -> Square:
    w = size // 2
    pair, rest = divmod(bit, 2 * w + 1)
    top = 2 * pair + (1 if rest >= w else 0)
    index = rest - w if rest >= w else rest
    col = 2 * index + (1 if top % 2 == 0 else 0)
    return size - 1 - top, size - 1 - col if mirrored else col


@lru_cache(maxsize=None)
def params(variant: Variant, paths: bool = False) -> np.ndarray:
    """The parameter array of ``variant`` for the kernels (shared: do not modify it)."""
    if not variant.dark_only:
        raise InputError(f"the fast generator plays on dark squares only; {variant.name} uses all squares")
    size = variant.size
    squares = [(r, c) for r in range(size) for c in range(size) if (r + c) % 2 == 0]
    valid = sum(1 << _bit(sq, size) for sq in squares)
    crown_w = sum(1 << _bit(sq, size) for sq in squares if sq[0] == promotion_row("W", size))
    crown_b = sum(1 << _bit(sq, size) for sq in squares if sq[0] == promotion_row("B", size))
    values = [0] * (P_RAYS + 4 * 64)
    values[P_W] = size // 2
    values[P_BITS] = max(_bit(sq, size) for sq in squares) + 1
    values[P_VALID], values[P_CROWN_W], values[P_CROWN_B] = valid, crown_w, crown_b
    values[P_BACK] = int(variant.men_capture_backwards)
    values[P_FLY] = int(variant.flying_kings)
    values[P_PROMO] = variant.promotion_in_capture
    values[P_LAND] = int(variant.king_lands_to_continue)
    values[P_REMOVE] = int(variant.remove_at_once)
    values[P_PATHS] = int(paths)
    values[P_MEN_KINGS] = int(variant.men_capture_kings)
    values[P_NPRIO] = len(variant.priority)
    for index, criterion in enumerate(variant.priority):
        values[P_PRIO + index] = CRITERIA.index(criterion) + 1
    for d in range(4):
        for sq in squares:
            row, col = sq
            dr, dc = (1 if d < 2 else -1), (-1 if d in (0, 2) else 1)
            ray, r, c = 0, row + dr, col + dc
            while 0 <= r < size and 0 <= c < size:
                ray |= 1 << _bit((r, c), size)
                r, c = r + dr, c + dc
            values[P_RAYS + 64 * d + _bit(sq, size)] = ray
    return np.array(values, dtype=np.int64)


def bitboards(position: Position) -> tuple[int, int, int, int]:
    """(white, black, kings, side to move: 0 white, 1 black) of ``position``."""
    size, mirrored = position.size, position.variant.mirrored
    white = black = kings = 0
    for square, piece in position.pieces.items():
        bit = 1 << _bit(square, size, mirrored)
        if piece in "wW":
            white |= bit
        else:
            black |= bit
        if piece in "WB":
            kings |= bit
    return white, black, kings, 0 if position.turn == "W" else 1


def generate(position: Position, paths: bool = False) -> list[tuple[Square, Square, frozenset[Square], bool]]:
    """The legal moves as (start, end, captured squares, crowned), from the numba kernel."""
    size, mirrored = position.size, position.variant.mirrored
    moves = np.zeros((MAX_MOVES, COLUMNS), dtype=np.int64)
    n = _generate(*bitboards(position), params(position.variant, paths), moves)
    if n > MAX_MOVES:
        raise InputError(f"the position has more than {MAX_MOVES} moves")
    result = []
    for f, t, taken, flags, _ in moves[:n].tolist():
        captured = frozenset(_square(b, size, mirrored) for b in range(64) if (taken >> b) & 1)
        result.append((_square(f, size, mirrored), _square(t, size, mirrored), captured, bool(flags & 2)))
    return result


def perft(position: Position, depth: int, paths: bool = False) -> int:
    """The number of move sequences of length ``depth`` from ``position``, in numba."""
    if depth <= 0:
        return 1
    buffers = np.zeros((depth, MAX_MOVES, COLUMNS), dtype=np.int64)
    white, black, kings, colour = bitboards(position)
    nodes = interruptible(_perft, white, black, kings, colour, depth, params(position.variant, paths), buffers)
    if nodes < 0:
        raise InputError(f"a position in the tree has more than {MAX_MOVES} moves")
    return int(nodes)
