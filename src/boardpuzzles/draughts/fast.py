"""The numba move generator and the perft kernels (which :mod:`.counting` calls in chunks), on int64 bitboards.

Layout (:func:`.board.bit_of`): the dark squares in number order, with one unused ("ghost") bit after
every two rows: with ``w = size / 2`` squares a row, square ``(top, col)`` (``top``
counted from the top row) is bit ``top * w + col // 2 + top // 2``. Each step
along a line is then a fixed bit offset (up-left ``-w-1``, up-right ``-w``,
down-left ``+w``, down-right ``+w+1``; along a file two rows, ``±(2w+1)``; along a
rank ``±1``), and a mask per direction (the ``neighbours`` field of :data:`RULES`) says which squares
have a next square that way. 10x10 takes 54 bits, 8x8 35; the 12x12 boards (77
bits) and the boards using every square (Turkish, 64 with no room for a sign) are
left to the plain generator: :attr:`.Variant.on_bitboards` says which rule sets run here.

Directions are numbered 0..3 diagonal, 4..7 orthogonal, in the order of
:attr:`.rules.Lines.vectors`, so that ``d ^ 3`` is the reverse of ``d``; a set of
directions is a bit mask.

A flying king finds the first piece along a line in one step: ``rays[d, s]`` is
the mask of the squares from ``s`` to the edge in direction ``d``, and the nearest
piece on it is a trailing- or leading-zero count away.

The capture search is the one of :mod:`.moves` (same branching, same rule
fields), written as one recursive kernel; moves come out as rows ``(from, to,
captured bits, flags, king order)`` with flag 1 "a king moved" and 2 "a man is
crowned", and, where the caller gives rows for them, a key telling the moves apart and
the capture's path as the search found it: the squares where the piece stopped and the pieces it took, in order (the
search keeps them on a stack as it goes). Perft passes None for those: numba compiles the
kernels a second time for it, the recording left out. Nothing is compiled at import: each kernel when first called.

The rules reach the kernels as one record of named integer fields (:data:`RULES`).
The kernels allocate nothing and are compiled (:func:`_kernel`) with ``_nrt=False``: without numba's runtime there is no reference
counting of the array arguments at every call, which took most of the time
(perft ran six times slower with it).

The kernels are private; the Python side is :class:`Generator`, :func:`perft_rows`, :func:`expand`
and :func:`play_row` (``__all__``), which :mod:`.moves`, :mod:`.bitboard` and :mod:`.counting` call.
:func:`perft_rows` and :func:`expand` check the arrays they are given; a :class:`Generator` is given
the bitboards of a :class:`.Position` (checked when it was made) and ``play_row`` a move of one.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import numba
import numpy as np
from numba import njit, types

from .. import compiling
from ..errors import InputError
from ..geometry import Square
from ..intrinsics import clz, ctz, popcount
from .board import bit_of, promotion_row
from .rules import Criterion, Halt, Lines, Promotion, Variant

__all__ = ["COLUMNS", "FEW_MOVES", "MAX_MOVES", "PATH_COLUMNS", "Generator", "expand", "perft_ready", "perft_rows",
           "play_row", "tables"]

MAX_MOVES = 4096  # rows of one move buffer; a position with more moves is refused
COLUMNS = 5  # a move: from, to, captured bits, flags, king order (bit 31 - i: the i-th piece taken is a king)
MOST_STOPS = 64  # more stops or pieces taken than any board has squares
#: A path row (written when moves are listed, not when they are counted): the move's key, ``from | to << 6 |
#: flags << 12 | side << 14 | captures << 15`` (which is all a quiet move is), the number of stops ``k``, the
#: ``k`` squares where the piece lands after each piece it takes but the last (so ``k`` is one less than the
#: pieces taken), then the squares of the pieces it takes, in order.
PATH_COLUMNS = 2 + 2 * MOST_STOPS
DIRECTIONS = Lines.BOTH.vectors  # index d: 0..3 diagonal, 4..7 orthogonal; d ^ 3 is the reverse

# The enums as the kernels see them.
PROMOTION = {Promotion.AT_END: 0, Promotion.AND_CONTINUE: 1, Promotion.AND_STOP: 2, Promotion.NEVER: 3}
AT_END, AND_CONTINUE, AND_STOP, NEVER = range(4)
HALT = {Halt.ANYWHERE: 0, Halt.BEHIND_PIECE: 1, Halt.BEHIND_KING: 2}
ANYWHERE, BEHIND_PIECE, BEHIND_KING = range(3)
CRITERION = {Criterion.BY_KING: 1, Criterion.MOST: 2, Criterion.MOST_KINGS: 3, Criterion.EARLIEST_KING: 4,
             Criterion.VALUE: 5}
BY_KING, MOST, MOST_KINGS, EARLIEST_KING, VALUE = range(1, 6)
VALUE_SCALE = 256  # as moves._VALUE_SCALE: a king counts as two men less a little


#: A rule set and its board as the kernels read them: one numpy record, which numba passes by
#: reference (a named tuple went by value, copied at every recursive call: perft ran half as fast).
RULES = np.dtype([
    ("valid", np.int64),  # the squares of the board
    ("crown_white", np.int64),  # the row where white men are crowned
    ("crown_black", np.int64),
    ("steps", np.int64, (8,)),  # bit offset of one step in each of the 8 directions
    ("up", np.int64, (8,)),  # the step as two shifts, one of them 0: bits << up >> down
    ("down", np.int64, (8,)),
    ("neighbours", np.int64, (8,)),  # per direction, the squares that have a next square that way
    ("man_moves_white", np.int64),  # direction masks
    ("man_moves_black", np.int64),
    ("man_captures_white", np.int64),
    ("man_captures_black", np.int64),
    ("king_moves", np.int64),
    ("king_captures", np.int64),
    ("flying", np.int64),  # 1: flying kings
    ("promotion", np.int64),  # AT_END, AND_CONTINUE, AND_STOP or NEVER
    ("halt", np.int64),  # ANYWHERE, BEHIND_PIECE or BEHIND_KING
    ("lands_to_continue", np.int64),  # 1: a capturing king must land where it can go on
    ("remove_at_once", np.int64),  # 1: taken pieces leave at once
    ("men_capture_kings", np.int64),
    ("criteria", np.int64, (4,)),  # compulsory-capture criteria in order (0: none)
    ("count_paths", np.int64),  # 1: every jump path is a move; 0: equal moves are merged
])


def _kernel(*signature: Any, nogil: bool = False) -> Any:
    """The decorator of every kernel here: ``njit`` cached, without numba's runtime (see above; the
    ``_nrt`` option is not in numba's type stubs, hence the one ignore)."""
    return njit(*signature, cache=True, nogil=nogil, _nrt=False)  # type: ignore[call-overload]


@_kernel()
def _first(bits, step):
    """The square of ``bits`` nearest along a line going ``step`` bits at a time (``bits`` not 0)."""
    return ctz(bits) if step > 0 else 63 - clz(bits)


@_kernel()
def _nearest(rules, rays, d, s, bits):
    """The first square of ``bits`` on the ray from ``s`` in direction ``d``, or -1."""
    hits = rays[d, s] & bits
    return _first(hits, rules.steps[d]) if hits else -1


@_kernel()
def _farthest(rules, rays, d, s):
    """The last square on the ray from ``s`` in direction ``d`` (-1 at the edge)."""
    ray = rays[d, s]
    return _first(ray, -rules.steps[d]) if ray else -1


@_kernel()
def _has_next(rules, d, s):
    """Square ``s`` has a next square in direction ``d``."""
    return (rules.neighbours[d] >> s) & 1 == 1


@_kernel()
def _reach(rules, rays, d, s, occ):
    """The empty squares a king on ``s`` can move to in direction ``d``."""
    ray = rays[d, s]
    if rules.flying == 0 and ray:  # a short king: the next square only
        ray = np.int64(1) << _first(ray, rules.steps[d])
    stop = _nearest(rules, rays, d, s, occ)
    if stop >= 0:
        ray &= ~(rays[d, stop] | (np.int64(1) << stop))
    return ray


@_kernel()
def _record(moves, n, origin, to, captured, flags, order, colour, paths, stack, nstops):
    """Row ``n`` of ``moves``, and of ``paths`` where it has rows (the squares where the piece stops,
    ``stack[:nstops]``, and the pieces taken in order, ``stack[MOST_STOPS:]``); return ``n + 1``."""
    if n < moves.shape[0]:
        moves[n, 0] = origin
        moves[n, 1] = to
        moves[n, 2] = captured
        moves[n, 3] = flags
        moves[n, 4] = order
    if paths is not None:  # listing moves, not counting them (perft passes None): the key and the path too
        if n < paths.shape[0]:
            paths[n, 0] = origin | to << 6 | flags << 12 | colour << 14 | (np.int64(1) << 15 if captured else 0)
            paths[n, 1] = nstops
            for i in range(nstops):
                paths[n, 2 + i] = stack[i]
            for i in range(popcount(captured)):
                paths[n, 2 + nstops + i] = stack[MOST_STOPS + i]
    return n + 1


@_kernel()
def _crown_row(rules, colour):
    return rules.crown_white if colour == 0 else rules.crown_black


@_kernel()
def _crown_flags(rules, colour, startking, king, to):
    """Flags of a finished capture: 1 if a king moved, 2 if the man is crowned."""
    if startking:
        return 1
    if king or ((_crown_row(rules, colour) >> to) & 1 == 1 and rules.promotion != NEVER):
        return 2
    return 0


@_kernel()
def _empty(rules, x, occ, taken):
    """Square ``x`` is free (a taken piece frees it only where pieces leave at once)."""
    return (occ >> x) & 1 == 0 or (rules.remove_at_once == 1 and (taken >> x) & 1 == 1)


@_kernel()
def _blockers(rules, occ, taken):
    """The squares a flying king cannot pass."""
    return occ & ~taken if rules.remove_at_once == 1 else occ


@_kernel()
def _targets(rules, king, opp, oppkings):
    """The pieces a king or a man may take."""
    return opp if king or rules.men_capture_kings == 1 else opp & ~oppkings


@_kernel()
def _man_captures(rules, colour):
    return rules.man_captures_white if colour == 0 else rules.man_captures_black


@_kernel()
def _man_moves(rules, colour):
    return rules.man_moves_white if colour == 0 else rules.man_moves_black


@_kernel()
def _jumped(rules, rays, king, d, s, occ, taken):
    """The square a piece on ``s`` would jump in direction ``d``: the next one, or for a flying king
    the first piece on the line; -1 if none."""
    if king and rules.flying == 1:
        return _nearest(rules, rays, d, s, _blockers(rules, occ, taken))
    return s + rules.steps[d] if _has_next(rules, d, s) else -1


@_kernel()
def _can_take(s, king, dirs, taken, occ, opp, oppkings, rules, rays):
    """Whether the piece on ``s`` has a first jump in ``dirs`` (the search's test, without the search)."""
    targets = _targets(rules, king, opp, oppkings) & ~taken
    while dirs:
        d = ctz(dirs)
        dirs &= dirs - 1
        t = _jumped(rules, rays, king, d, s, occ, taken)
        if t >= 0 and (targets >> t) & 1 == 1 and _has_next(rules, d, t) and _empty(rules, t + rules.steps[d], occ, taken):
            return True
    return False


@_kernel()
def _take(order, taken, t, oppkings):
    """``order`` with the next piece taken, on ``t``, marked if it is a king."""
    return order | ((oppkings >> t) & 1) << (31 - popcount(taken))


@_kernel()
def _captures(s, king, dirs, origin, taken, order, occ, opp, oppkings, rules, rays, moves, n, startking, colour,
              paths, stack, nstops):
    """Record every finished capture path continuing from ``s``; return the new move count. ``stack``
    holds the path so far: its first ``nstops`` squares where the piece landed, and from
    ``MOST_STOPS`` on the squares of the pieces taken, in order.

    Callers check :func:`_can_take` first, so every call finds at least one capture.
    """
    as_king = s >= 0  # True, but not a literal: a literal would call a second, uncacheable specialisation
    rest = dirs
    while rest:
        d = ctz(rest)
        rest &= rest - 1
        step = rules.steps[d]
        back = np.int64(1) << (d ^ 3)
        t = _jumped(rules, rays, king, d, s, occ, taken)
        targets = _targets(rules, king, opp, oppkings) & ~taken
        if t < 0 or (targets >> t) & 1 == 0 or not _has_next(rules, d, t) or not _empty(rules, t + step, occ, taken):
            continue
        taken2 = taken | (np.int64(1) << t)
        order2 = _take(order, taken, t, oppkings)
        if paths is not None:
            stack[MOST_STOPS + popcount(taken)] = t
        if king and rules.flying == 1:
            first = t + step
            beyond = _nearest(rules, rays, d, t, _blockers(rules, occ, taken))
            last = beyond - step if beyond >= 0 else _farthest(rules, rays, d, t)
            if rules.halt == BEHIND_PIECE or (rules.halt == BEHIND_KING and (oppkings >> t) & 1 == 1):
                last = first
            # flying on along the line to take the next piece is one stroke, from every landing square; the
            # path lands on the first of them
            straight = _can_take(last, as_king, 1 << d, taken2, occ, opp, oppkings, rules, rays)
            if straight:
                if paths is not None:
                    stack[nstops] = first
                n = _captures(
                    last, as_king, 1 << d, origin, taken2, order2, occ, opp, oppkings, rules, rays, moves, n,
                    startking, colour, paths, stack, nstops + 1,
                )
            turns = rules.king_captures & ~(np.int64(1) << d) & ~back
            going_on = straight
            turned = np.int64(0)
            x = first
            while True:
                if _can_take(x, as_king, turns, taken2, occ, opp, oppkings, rules, rays):
                    if paths is not None:
                        stack[nstops] = x
                    n = _captures(
                        x, as_king, turns, origin, taken2, order2, occ, opp, oppkings, rules, rays, moves, n,
                        startking, colour, paths, stack, nstops + 1,
                    )
                    turned |= np.int64(1) << x
                    going_on = True
                if x == last:
                    break
                x += step
            if straight or (rules.lands_to_continue == 1 and going_on):
                continue
            x = first
            while True:
                if (turned >> x) & 1 == 0:
                    flags = _crown_flags(rules, colour, startking, True, x)
                    n = _record(moves, n, origin, x, taken2, flags, order2, colour, paths, stack, nstops)
                if x == last:
                    break
                x += step
        else:
            landing = t + step
            crowned = king
            if not king and (_crown_row(rules, colour) >> landing) & 1 == 1:
                if rules.promotion == AND_STOP:
                    n = _record(moves, n, origin, landing, taken2, np.int64(2), order2, colour, paths, stack, nstops)
                    continue
                crowned = rules.promotion == AND_CONTINUE
            onward = (rules.king_captures if crowned else _man_captures(rules, colour)) & ~back
            if _can_take(landing, crowned, onward, taken2, occ, opp, oppkings, rules, rays):
                if paths is not None:
                    stack[nstops] = landing
                n = _captures(
                    landing, crowned, onward, origin, taken2, order2, occ, opp, oppkings, rules, rays, moves, n,
                    startking, colour, paths, stack, nstops + 1,
                )
            else:
                flags = _crown_flags(rules, colour, startking, crowned, landing)
                n = _record(moves, n, origin, landing, taken2, flags, order2, colour, paths, stack, nstops)
    return n


@_kernel()
def _copy_row(moves, paths, to, source):
    for j in range(COLUMNS):
        moves[to, j] = moves[source, j]
    if paths is not None:
        if source < paths.shape[0]:
            for j in range(2 + paths[source, 1] + popcount(moves[source, 2])):
                paths[to, j] = paths[source, j]


@_kernel()
def _score(moves, i, criterion, oppkings):
    if criterion == BY_KING:
        return moves[i, 3] & 1
    if criterion == MOST:
        return popcount(moves[i, 2])
    if criterion == MOST_KINGS:
        return popcount(moves[i, 2] & oppkings)
    if criterion == VALUE:
        kings = popcount(moves[i, 2] & oppkings)
        return (popcount(moves[i, 2]) + kings) * VALUE_SCALE - kings
    return moves[i, 4]


@_kernel()
def _select(moves, paths, n, rules, oppkings):
    """Apply the compulsory-capture rules and (unless counting paths) merge equal moves."""
    for c in range(4):
        criterion = rules.criteria[c]
        if criterion == 0:
            break
        best = 0
        for i in range(n):
            best = max(best, _score(moves, i, criterion, oppkings))
        k = np.int64(0)  # not a literal 0: numba would compile its callees once more for it
        for i in range(n):
            if _score(moves, i, criterion, oppkings) == best:
                _copy_row(moves, paths, k, i)
                k += 1
        n = k
    if rules.count_paths == 0:
        k = np.int64(0)  # not a literal 0: numba would compile its callees once more for it
        for i in range(n):
            seen = False
            for j in range(k):
                if moves[j, 0] == moves[i, 0] and moves[j, 1] == moves[i, 1] and moves[j, 2] == moves[i, 2]:
                    seen = True
                    break
            if not seen:
                _copy_row(moves, paths, k, i)
                k += 1
        n = k
    return n


@_kernel()
def _shift(bits, rules, d):
    """Every bit moved one step in direction ``d`` (no branch: the board never reaches the sign bit)."""
    return (bits << rules.up[d]) >> rules.down[d]


@_kernel()
def _may_capture(mine, opp, kings, occ, colour, rules):
    """False only if no piece can capture: an exact test of the first jump for men and short kings."""
    if mine & kings and rules.flying == 1:
        return True
    empty = rules.valid & ~occ
    men, men_targets, men_dirs = mine & ~kings, _targets(rules, False, opp, kings), _man_captures(rules, colour)
    dirs = rules.king_captures | men_dirs
    while dirs:
        d = ctz(dirs)
        dirs &= dirs - 1
        edge = rules.neighbours[d]
        if (rules.king_captures >> d) & 1 and _shift(_shift(mine & kings & edge, rules, d) & opp & edge, rules, d) & empty:
            return True
        if (men_dirs >> d) & 1 and _shift(_shift(men & edge, rules, d) & men_targets & edge, rules, d) & empty:
            return True
    return False


@_kernel()
def _count(white, black, kings, colour, rules, rays, moves, paths, stack):
    """The number of legal moves, without listing the quiet ones."""
    mine = white if colour == 0 else black
    occ = white | black
    if _may_capture(mine, black if colour == 0 else white, kings, occ, colour, rules):
        n = _generate(white, black, kings, colour, rules, rays, moves, paths, stack)
        if n:
            return n
    empty = rules.valid & ~occ
    men = mine & ~kings
    dirs = _man_moves(rules, colour)
    n = 0
    while dirs:
        d = ctz(dirs)
        dirs &= dirs - 1
        n += popcount(_shift(men & rules.neighbours[d], rules, d) & empty)
    rest = mine & kings
    while rest:
        s = ctz(rest)
        rest &= rest - 1
        king_dirs = rules.king_moves
        while king_dirs:
            d = ctz(king_dirs)
            king_dirs &= king_dirs - 1
            n += popcount(_reach(rules, rays, d, s, occ))
    return n


@_kernel()
def _generate(white, black, kings, colour, rules, rays, moves, paths, stack):
    """Fill ``moves`` with the legal moves (and ``paths`` with their paths where it has rows); return their
    number (more than the rows: overflow)."""
    mine = white if colour == 0 else black
    opp = black if colour == 0 else white
    occ = white | black
    n = np.int64(0)  # not a literal 0: numba would compile its callees once more for it
    rest = mine if _may_capture(mine, opp, kings, occ, colour, rules) else 0
    while rest:
        s = ctz(rest)
        rest &= rest - 1
        king = (kings >> s) & 1 == 1
        dirs = rules.king_captures if king else _man_captures(rules, colour)
        rest_occ, none = occ & ~(np.int64(1) << s), np.int64(0)
        if _can_take(s, king, dirs, none, rest_occ, opp, opp & kings, rules, rays):
            n = _captures(
                s, king, dirs, s, none, none, rest_occ, opp, opp & kings, rules, rays, moves, n, int(king), colour,
                paths, stack, none,
            )
    if n > moves.shape[0]:
        return n
    if n:
        return _select(moves, paths, n, rules, opp & kings)
    crown_row = _crown_row(rules, colour) if rules.promotion != NEVER else 0
    zero = np.int64(0)
    empty = rules.valid & ~occ
    men = mine & ~kings
    dirs = _man_moves(rules, colour)
    while dirs:
        d = ctz(dirs)
        dirs &= dirs - 1
        step = rules.steps[d]
        targets = _shift(men & rules.neighbours[d], rules, d) & empty
        while targets:
            t = ctz(targets)
            targets &= targets - 1
            n = _record(moves, n, t - step, t, zero, np.int64(2) if (crown_row >> t) & 1 == 1 else zero, zero, colour, paths,
                         stack, zero)
    rest = mine & kings
    while rest:
        s = ctz(rest)
        rest &= rest - 1
        king_dirs = rules.king_moves
        while king_dirs:
            d = ctz(king_dirs)
            king_dirs &= king_dirs - 1
            targets = _reach(rules, rays, d, s, occ)
            while targets:
                n = _record(moves, n, s, ctz(targets), zero, np.int64(1), zero, colour, paths, stack, zero)
                targets &= targets - 1
    return n


def play_row(white: int, black: int, kings: int, colour: int, origin: int, to: int, taken: int,
             flags: int) -> tuple[int, int, int]:
    """The bitboards (white, black, kings) after the move ``(origin, to, taken, flags)`` of a move row.
    Plain Python, for the Python side; the kernels call its compiled twin :func:`_play_row`."""
    fb, tb = 1 << origin, 1 << to
    if colour == 0:
        white, black = (white & ~fb) | tb, black & ~taken
    else:
        white, black = white & ~taken, (black & ~fb) | tb
    kings &= ~taken
    if flags & 1:
        kings = (kings & ~fb) | tb
    elif flags & 2:
        kings |= tb
    return white, black, kings


_play_row = _kernel()(play_row)


@_kernel()
def _play(white, black, kings, colour, moves, i):
    """The position after move ``i`` of ``moves``: (white, black, kings)."""
    return _play_row(white, black, kings, colour, moves[i, 0], moves[i, 1], moves[i, 2], moves[i, 3])


@_kernel(nogil=True)
def _perft(white, black, kings, colour, depth, rules, rays, buffers, paths, stack):
    """Move sequences of length ``depth`` (>= 1); -1 if a position overflowed its buffer. (``paths`` and
    ``stack`` are None: no path is recorded.)"""
    moves = buffers[depth - 1]
    if depth == 1:
        n = _count(white, black, kings, colour, rules, rays, moves, paths, stack)
        return -1 if n > moves.shape[0] else n
    n = _generate(white, black, kings, colour, rules, rays, moves, paths, stack)
    if n > moves.shape[0]:
        return -1
    total = 0
    for i in range(n):
        w2, b2, k2 = _play(white, black, kings, colour, moves, i)
        r = _perft(w2, b2, k2, 1 - colour, depth - 1, rules, rays, buffers, paths, stack)
        if r < 0:
            return -1
        total += r
    return total


# The entry points called from Python take the rules as an array of one record (numba reads the
# type of an array argument much faster than that of a record).


def _generate_signature():
    i64, grid = types.int64, types.int64[:, ::1]
    return i64(i64, i64, i64, i64, numba.typeof(np.zeros(1, dtype=RULES)), grid, grid, grid, types.int64[::1])


@_kernel()
def _generate_with(white, black, kings, colour, table, rays, moves, paths, stack):
    """:func:`_generate` with the rules in ``table[0]``, quiet moves sorted by start then end square
    (they come out direction by direction; captures come out in that order)."""
    n = _generate(white, black, kings, colour, table[0], rays, moves, paths, stack)
    if 1 < n <= moves.shape[0] and moves[0, 2] == 0:
        for i in range(1, n):  # insertion sort: a few dozen rows at most
            j = i
            while j > 0 and (moves[j - 1, 0] > moves[j, 0] or (moves[j - 1, 0] == moves[j, 0] and moves[j - 1, 1] > moves[j, 1])):
                for c in range(COLUMNS):
                    moves[j - 1, c], moves[j, c] = moves[j, c], moves[j - 1, c]
                paths[j - 1, 0], paths[j, 0] = paths[j, 0], paths[j - 1, 0]  # the key (a quiet move has no path)
                j -= 1
    return n


@functools.cache
def _generate_direct() -> Callable[..., int]:
    """:func:`_generate_with` to be called without the dispatcher, which would check the type of every argument
    first (two thirds of the time of a call on the start position): the entry point of the signature
    :class:`Generator` calls it with, compiled (or loaded from numba's cache) on the first call, not at import."""
    signature = _generate_signature()
    _generate_with.compile(signature)
    return _generate_with.overloads[signature.args].entry_point


@_kernel(nogil=True)
def _perft_many(positions, depth, table, rays, buffers, paths, stack, counts):
    """:func:`_perft` of each row ``(white, black, kings, colour)`` of ``positions`` into ``counts``;
    False if one overflowed a buffer."""
    rules = table[0]
    for i in range(positions.shape[0]):
        counts[i] = _perft(positions[i, 0], positions[i, 1], positions[i, 2], positions[i, 3], depth, rules, rays,
                           buffers, paths, stack)
        if counts[i] < 0:
            return False
    return True


@_kernel()
def _expand(positions, table, rays, moves, paths, stack, children, parents):
    """Every position one move after each row of ``positions`` into ``children`` (and the row it came
    from into ``parents``); the number of children, -1 if one position overflowed ``moves``, or more than
    the rows of ``children`` if it is too small."""
    rules = table[0]
    k = 0
    for i in range(positions.shape[0]):
        white, black, kings, colour = positions[i, 0], positions[i, 1], positions[i, 2], positions[i, 3]
        n = _generate(white, black, kings, colour, rules, rays, moves, paths, stack)
        if n > moves.shape[0]:
            return -1
        for j in range(n):
            if k < children.shape[0]:
                children[k, 0], children[k, 1], children[k, 2] = _play(white, black, kings, colour, moves, j)
                children[k, 3] = 1 - colour
                parents[k] = i
            k += 1
    return k


# ---------------------------------------------------------------- Python side


def _mask(vectors: tuple[tuple[int, int], ...]) -> int:
    return sum(1 << d for d, vector in enumerate(DIRECTIONS) if vector in vectors)


#: The tables made so far, by the identity of the variant (hashing a variant's every field at each call
#: took longer than the kernel); the variant is kept with them so that its identity is not reused.
_TABLES: dict[tuple[int, bool], tuple[Variant, np.ndarray, np.ndarray]] = {}


def tables(variant: Variant, paths: bool = False) -> tuple[np.ndarray, np.ndarray]:
    """The rules of ``variant`` as the kernels take them (an array of one :data:`RULES` record) and
    its rays (shared: do not modify them); ``paths``: every capture path is a move."""
    known = _TABLES.get((id(variant), paths))
    if known is None:
        known = _TABLES[id(variant), paths] = (variant, *_make_tables(variant, paths))
    return known[1], known[2]


def _make_tables(variant: Variant, paths: bool) -> tuple[np.ndarray, np.ndarray]:
    if not variant.on_bitboards:
        board = "every square" if not variant.dark_only else f"{variant.size}x{variant.size}"
        raise InputError(f"{{parameter}}: the kernels play the dark squares of boards up to 10x10; {variant.name} "
                         f"uses {board}", parameter="variant", value=variant.name, show_value=False)
    size = variant.size
    squares = [(r, c) for r in range(size) for c in range(size) if (r + c) % 2 == 0]
    plain = replace(variant, mirrored=False) if variant.mirrored else variant  # the layout reflects turned boards

    def bits(keep: Callable[[Square], bool]) -> int:
        return sum(1 << bit_of(sq, plain) for sq in squares if keep(sq))

    def on_board(r: int, c: int) -> bool:
        return 0 <= r < size and 0 <= c < size

    steps, neighbours = [], []
    rays = np.zeros((8, 64), dtype=np.int64)
    for d, vector in enumerate(DIRECTIONS):
        dr, dc = variant.step(vector)
        offsets = {bit_of((r + dr, c + dc), plain) - bit_of((r, c), plain)
                   for r, c in squares if on_board(r + dr, c + dc)}
        (offset,) = offsets  # the layout makes it the same from every square
        steps.append(offset)
        neighbours.append(bits(lambda sq: on_board(sq[0] + dr, sq[1] + dc)))
        for row, col in squares:
            ray, r, c = 0, row + dr, col + dc
            while on_board(r, c):
                ray |= 1 << bit_of((r, c), plain)
                r, c = r + dr, c + dc
            rays[d, bit_of((row, col), plain)] = np.int64(ray - (1 << 64) if ray >= 1 << 63 else ray)
    criteria = [CRITERION[c] for c in variant.priority]
    if len(criteria) > 4:
        raise InputError(f"{{parameter}}: the kernels take at most 4 capture criteria; {variant.name} has "
                         f"{len(criteria)}", parameter="variant", value=variant.name, show_value=False)
    table = np.zeros(1, dtype=RULES)
    rules = table[0]
    rules["valid"] = bits(lambda sq: True)
    rules["crown_white"] = bits(lambda sq: sq[0] == promotion_row("W", size))
    rules["crown_black"] = bits(lambda sq: sq[0] == promotion_row("B", size))
    rules["steps"] = steps
    rules["up"] = [max(step, 0) for step in steps]
    rules["down"] = [max(-step, 0) for step in steps]
    rules["neighbours"] = neighbours
    rules["man_moves_white"] = _mask(variant.man_directions("W", False))
    rules["man_moves_black"] = _mask(variant.man_directions("B", False))
    rules["man_captures_white"] = _mask(variant.man_directions("W", True))
    rules["man_captures_black"] = _mask(variant.man_directions("B", True))
    rules["king_moves"] = _mask(variant.moves.vectors)
    rules["king_captures"] = _mask(variant.captures.vectors)
    rules["flying"] = variant.flying_kings
    rules["promotion"] = PROMOTION[variant.promotion_in_capture]
    rules["halt"] = HALT[variant.king_halt]
    rules["lands_to_continue"] = variant.king_lands_to_continue
    rules["remove_at_once"] = variant.remove_at_once
    rules["men_capture_kings"] = variant.men_capture_kings
    rules["criteria"][: len(criteria)] = criteria
    rules["count_paths"] = paths
    return table, rays


#: Rows of the first buffer a :class:`Generator` has (a bigger one only for the positions with more moves).
FEW_MOVES = 64


class Generator:
    """The legal moves of positions of one rule set, on bitboards: the kernel's tables, and buffers of its
    own (a generator is used by one thread at a time). After :meth:`run`, the first rows of
    :attr:`moves` are the moves ``(from, to, captured bits, flags, king order)`` (quiet moves by start,
    then end square) and those of :attr:`paths` their keys, the squares where each capture stops and the
    squares of the pieces it takes, in order (see :data:`PATH_COLUMNS`); :attr:`moves_view` and :attr:`keys` are
    the moves and the keys' column as memoryviews (slicing one costs less than slicing an array).
    :attr:`runs` counts the calls, so that a reader can tell whether the buffers still hold the moves it
    asked for."""

    __slots__ = ("table", "rays", "moves", "paths", "moves_view", "keys", "stack", "rows", "runs", "kernel")

    def __init__(self, variant: Variant, paths: bool = False) -> None:
        self.kernel = _generate_direct()
        self.table, self.rays = tables(variant, paths)
        self.rows = FEW_MOVES
        self.moves = np.empty((FEW_MOVES, COLUMNS), dtype=np.int64)
        self.paths = np.empty((FEW_MOVES, PATH_COLUMNS), dtype=np.int64)
        self.moves_view, self.keys = memoryview(self.moves), memoryview(self.paths[:, 0])  # type: ignore[arg-type]
        self.stack = np.empty(2 * MOST_STOPS, dtype=np.int64)
        self.runs = 0

    def run(self, white: int, black: int, kings: int, colour: int) -> int:
        """Fill the buffers with the legal moves of the position; return their number."""
        self.runs += 1
        n = self.kernel(white, black, kings, colour, self.table, self.rays, self.moves, self.paths, self.stack)
        if n > self.rows:
            if n > MAX_MOVES:
                raise InputError(f"{{parameter}} has more than {MAX_MOVES} legal moves", parameter="position")
            self.rows = MAX_MOVES
            self.moves = np.empty((MAX_MOVES, COLUMNS), dtype=np.int64)
            self.paths = np.empty((MAX_MOVES, PATH_COLUMNS), dtype=np.int64)
            self.moves_view, self.keys = memoryview(self.moves), memoryview(self.paths[:, 0])  # type: ignore[arg-type]
            n = self.kernel(white, black, kings, colour, self.table, self.rays, self.moves, self.paths,
                                 self.stack)
        return n


def _rows(positions: np.ndarray, table: np.ndarray) -> np.ndarray:
    """``positions`` as the kernels read them (int64, contiguous), each row checked to be a position of the
    rules in ``table``."""
    if not (isinstance(positions, np.ndarray) and positions.ndim == 2 and positions.shape[1] == 4
            and np.issubdtype(positions.dtype, np.integer)):
        raise InputError("{parameter} must be a 2-D array of int rows (white, black, kings, side to move)",
                         parameter="positions", value=getattr(positions, "dtype", type(positions).__name__))
    rows = np.ascontiguousarray(positions, dtype=np.int64)
    white, black, kings, colour = rows.T
    valid = table[0]["valid"]
    bad = (white & black) | ((white | black) & ~valid) | (kings & ~(white | black)) | (colour & ~1)
    if bad.any():
        raise InputError(f"{{parameter}}: row {int(np.flatnonzero(bad)[0])} is not a position of these rules (white "
                         "and black apart on the board's squares, kings among them, side to move 0 or 1)",
                         parameter="positions")
    return rows


def perft_rows(positions: np.ndarray, depth: int, variant: Variant, paths: bool = False) -> np.ndarray:
    """The perft of each row ``(white, black, kings, side to move)`` of ``positions`` (depth >= 1)."""
    if not isinstance(depth, int) or depth < 1:
        raise InputError("{parameter} must be 1 or more", parameter="depth", value=depth)
    table, rays = tables(variant, paths)
    rows = _rows(positions, table)
    buffers = np.empty((depth, MAX_MOVES, COLUMNS), dtype=np.int64)
    counts = np.empty(rows.shape[0], dtype=np.int64)
    if not _perft_many(rows, depth, table, rays, buffers, None, None, counts):
        raise InputError(f"a position in the tree of {{parameter}} has more than {MAX_MOVES} moves",
                         parameter="position")
    return counts


def perft_ready() -> bool:
    """True if :func:`perft_rows` runs without compiling its kernels first (:func:`.compiling.ready`)."""
    return compiling.ready(_perft_many)


def expand(positions: np.ndarray, variant: Variant, paths: bool = False) -> tuple[np.ndarray, np.ndarray]:
    """The positions one move after each row of ``positions``, and for each the row it came from."""
    table, rays = tables(variant, paths)
    rows_in = _rows(positions, table)
    moves = np.empty((MAX_MOVES, COLUMNS), dtype=np.int64)
    rows = max(16, 12 * rows_in.shape[0])
    while True:
        children = np.empty((rows, 4), dtype=np.int64)
        parents = np.empty(rows, dtype=np.int64)
        n = _expand(rows_in, table, rays, moves, None, None, children, parents)
        if n < 0:
            raise InputError(f"a position in the tree of {{parameter}} has more than {MAX_MOVES} moves",
                             parameter="position")
        if n <= rows:
            return children[:n], parents[:n]
        rows = n
