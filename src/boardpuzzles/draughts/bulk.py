"""Perft by bulk counting, with a transposition table: the numba kernels :mod:`.counting` calls where they apply.

The generator of :mod:`.fast` plays every rule set on bitboards and lists each move in full; perft
needs less. Here the moves of the rule sets this module plays (:func:`applies`: diagonal lines,
captures that go on while they can, at most the "most pieces" rule) are made on the bitboards of
:mod:`.board` (the same ghost-square layout: a step off the board lands on a bit that is no square, so
no move needs a mask of neighbours) and written down only if they are captures:

- the last ply is counted in bulk: where nothing can capture, the moves of the men are a popcount per
  direction, those of a king a popcount per ray;
- a quiet move is played as it is found, with no move list;
- captures are listed (origin, landing square, pieces taken), the shorter ones dropped under the
  "most pieces" rule and equal ones (same start, end and pieces taken) kept once: the distinct count
  of the published tables.

The transposition table (``--hash``) keeps the count of a subtree by its Zobrist key (a random
number per kind of piece and square, and one for black to move, xor-ed together, updated as each
move is played), stored whole with its count and depth: two entries a slot, the first kept for the
deeper count (depth-preferred), the second always replaced. A count is taken from the table only for
the same key and depth, so counts are exact unless two positions share all 64 bits of a key.

The kernels read the board from a record (:data:`BULK`: the squares, the crown rows, the rays and the
Zobrist keys) and the rules from ``form``, a small integer (:func:`form_of`: half the board's width and
four flags) that numba takes as a constant (``literally``): each rule set the kernels play is compiled
once, its steps and flags folded into the code, as a C program written for it would be. They write the
captures of each ply into a second record (:data:`WORK`); both are passed by reference, so the
recursion passes a handful of words.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

import numpy as np
from numba import literally, njit, typeof, types

from .. import compiling
from ..errors import InputError
from ..intrinsics import clz, ctz, popcount
from . import fast
from .rules import Criterion, Halt, Lines, Promotion, Variant

__all__ = ["BULK", "ENTRY_BYTES", "MAX_CAPTURES", "WORK", "Table", "applies", "form_of", "perft_ready", "perft_rows",
           "rules_of", "zobrist"]

#: The board as the kernels read it: one numpy record.
BULK = np.dtype([
    ("valid", np.int64),  # the squares of the board
    ("crown", np.int64, (2,)),  # the row where white (0) and black (1) men are crowned
    ("rays", np.int64, (4, 64)),  # the squares from a square to the edge in each diagonal direction (fast.tables)
    ("zobrist", np.int64, (5, 64)),  # the Zobrist keys (:func:`zobrist`)
])

#: The flags of :func:`form_of`, above half the board's width (4 bits).
FLYING, MEN_BACK, MOST, CROWN_STOPS = 16, 32, 64, 128

#: Rows of a ply's capture buffer (its row 0 holds the number of captures, the most pieces taken and
#: an overflow flag); a position with more captures is refused.
MAX_CAPTURES = 1024

#: The deepest count the buffers hold (:data:`.counting.MOST_DEPTH`).
MOST_DEPTH = 64

#: What the kernels write as they go: the capture buffer of each ply (a record, passed by reference: the
#: kernels' recursion passes a handful of words, not the shapes and strides of arrays).
WORK = np.dtype([("captures", np.int64, (MOST_DEPTH + 1, MAX_CAPTURES, 3))])


#: Bytes of a table entry (key, count and depth); two entries make a slot.
ENTRY_BYTES = 16

#: Depths stored in the table (a count of one ply is cheaper to make than to look up).
HASH_FROM_DEPTH = 2

#: The seed of the Zobrist keys, so that tables and keys are the same in every process.
SEED = 20261127


def _kernel(nogil: bool = False, inline: bool = False) -> Any:
    """The decorator of every kernel here: ``njit``, cached, without numba's runtime (as in :mod:`.fast`);
    ``inline``: inlined where it is called (numba's ``inline="always"``). The small kernels that every node
    runs are inlined: numba calls a kernel compiled apart through its address, which LLVM cannot inline,
    and these calls took half the time."""
    return njit(cache=True, nogil=nogil, _nrt=False, inline="always" if inline else "never")  # type: ignore[call-overload]


def applies(variant: Variant, paths: bool = False) -> bool:
    """True if these kernels count perft for ``variant``: on bitboards, along diagonals only, men moving
    forwards, kings that stop anywhere beyond a piece, captures that go on while they can, taken pieces
    lifted at the end, men that take kings, no capture rule but "the most pieces", crowned at the end of a
    capture (or crowned and stopped), no limit on king moves; and the distinct count (``paths`` False)."""
    return (variant.on_bitboards and not paths and variant.moves is Lines.DIAGONAL
            and variant.captures is Lines.DIAGONAL and variant.men_capture_kings
            and variant.king_halt is Halt.ANYWHERE and not variant.king_lands_to_continue
            and not variant.remove_at_once and variant.priority in ((), (Criterion.MOST,))
            and variant.promotion_in_capture in (Promotion.AT_END, Promotion.AND_STOP)
            and variant.king_move_limit == 0)


def _check(variant: Variant) -> None:
    if not applies(variant):
        raise InputError(f"{{parameter}}: the bulk perft does not play {variant.name}", parameter="variant",
                         value=variant.name, show_value=False)


def form_of(variant: Variant) -> int:
    """The rules as the kernels take them: half the board's width, plus :data:`FLYING` (kings fly),
    :data:`MEN_BACK` (men capture backwards), :data:`MOST` (the most pieces must be taken),
    :data:`CROWN_STOPS` (a man reaching the far row in a capture is crowned and stops)."""
    _check(variant)
    return (variant.size // 2 | FLYING * variant.flying_kings | MEN_BACK * variant.men_capture_backwards
            | MOST * (variant.priority == (Criterion.MOST,))
            | CROWN_STOPS * (variant.promotion_in_capture is Promotion.AND_STOP))


def zobrist() -> np.ndarray:
    """The Zobrist keys, (5, 64) int64: row ``2 * side + king`` a key per square for each kind of piece
    (white man, white king, black man, black king), row 4 the key of black to move (in ``[4, 0]``)."""
    return np.random.default_rng(SEED).integers(-(2 ** 63), 2 ** 63 - 1, size=(5, 64), dtype=np.int64)


#: The Zobrist keys every table here is made with.
ZOBRIST = zobrist()


def rules_of(variant: Variant) -> np.ndarray:
    """The :data:`BULK` record of ``variant``'s board (an array of one)."""
    _check(variant)
    table, rays = fast.tables(variant)
    bulk = np.zeros(1, dtype=BULK)
    board = bulk[0]
    board["valid"] = table[0]["valid"]
    board["crown"] = (table[0]["crown_white"], table[0]["crown_black"])
    board["rays"] = rays[:4]
    board["zobrist"] = ZOBRIST
    return bulk


@_kernel(inline=True)
def _step(form, d):
    """The bit offset of a step in direction ``d``: 0 up-left, 1 up-right (white's way), 2 down-left,
    3 down-right; ``d ^ 3`` is the reverse."""
    w = form & 15
    return -(w + 1) if d == 0 else -w if d == 1 else w if d == 2 else w + 1


@_kernel(inline=True)
def _man_takes(form, colour, d):
    """A man of ``colour`` captures in direction ``d``: backwards too where the rules say so."""
    return form & MEN_BACK != 0 or d >> 1 == colour


@_kernel(inline=True)
def _shift(bits, step):
    """``bits`` moved ``step`` squares along a line (the bitboards never use bit 63, so ``>>`` is logical)."""
    return bits << step if step > 0 else bits >> -step


@_kernel(inline=True)
def _first(bits, step):
    """The square of ``bits`` (not 0) nearest along a ray going ``step`` bits at a time."""
    return ctz(bits) if step > 0 else 63 - clz(bits)


@_kernel()
def _key_of(board, white, black, kings, colour):
    """The Zobrist key of a position, made from scratch."""
    key = board.zobrist[4, 0] if colour == 1 else np.int64(0)
    for side in range(2):
        pieces = white if side == 0 else black
        while pieces:
            s = ctz(pieces)
            pieces &= pieces - 1
            key ^= board.zobrist[2 * side + ((kings >> s) & 1), s]
    return key


@_kernel(inline=True)
def _taking_men(form, board, mine, opp, kings, colour):
    """The men of the side ``colour`` with the pieces ``mine`` that can capture."""
    empty = board.valid & ~(mine | opp)
    men = mine & ~kings
    found = np.int64(0)
    for d in range(4):
        if _man_takes(form, colour, d):
            step = _step(form, d)
            found |= men & _shift(opp, -step) & _shift(empty, -2 * step)
    return found


@_kernel(inline=True)
def _kings_take(form, board, mine, opp, kings):
    """True if a king of the side with the pieces ``mine`` has a capture."""
    occ = mine | opp
    empty = board.valid & ~occ
    rest = mine & kings
    near = occ if form & FLYING else board.valid
    while rest:
        s = ctz(rest)
        rest &= rest - 1
        for d in range(4):
            hits = board.rays[d, s & 63] & near
            if hits:
                step = _step(form, d)
                t = _first(hits, step)
                if (opp >> t) & 1 and board.rays[d, t & 63] and (empty >> (t + step)) & 1:
                    return True
    return False


@_kernel(inline=True)
def _can_capture(form, board, mine, opp, kings, colour):
    """True if the side ``colour`` with the pieces ``mine`` has a capture."""
    return _taking_men(form, board, mine, opp, kings, colour) != 0 or _kings_take(form, board, mine, opp, kings)


@_kernel(inline=True)
def _men_jumping(form, colour, d, men, opp, empty):
    """The ``men`` that take in direction ``d``: a piece of ``opp`` next to them, an ``empty`` square beyond (none
    where men do not take that way)."""
    if not _man_takes(form, colour, d):
        return np.int64(0)
    step = _step(form, d)
    return men & _shift(opp, -step) & _shift(empty, -2 * step)


@_kernel(inline=True)
def _single_jumps(form, board, mine, opp, kings, colour):
    """The number of the men's captures of the side with ``mine`` if each takes one piece, -1 if a man can take on
    from where it lands (its captures are then listed). A man jumping in direction ``d`` cannot take on backwards
    over the piece it took, and no other direction reaches the square it left: each jump is tested on the board as
    it stands, all at once by shifts, and counted by popcount."""
    empty = board.valid & ~(mine | opp)
    men = mine & ~kings
    n = 0
    for d in range(4):
        jumpers = _men_jumping(form, colour, d, men, opp, empty)
        landing = _shift(jumpers, 2 * _step(form, d))
        if form & CROWN_STOPS:
            landing &= ~board.crown[colour]
        for e in range(4):
            if e != d ^ 3 and _men_jumping(form, colour, e, landing, opp, empty):
                return -1
        n += popcount(jumpers)
    return n


@_kernel(inline=True)
def _record(form, buf, origin, to, taken):
    """Add the capture (``origin``, ``to``, ``taken``) to ``buf`` unless the rules drop it: shorter than the
    longest under :data:`MOST`, or equal to one there."""
    n = buf[0, 0]
    if form & MOST:
        pieces = popcount(taken)
        if pieces < buf[0, 1]:
            return
        if pieces > buf[0, 1]:
            buf[0, 1] = pieces
            n = 0
    for i in range(1, n + 1):
        if buf[i, 2] == taken and buf[i, 1] == to and buf[i, 0] == origin:
            return
    if n + 1 >= buf.shape[0]:
        buf[0, 2] = 1
        return
    n += 1
    buf[n, 0], buf[n, 1], buf[n, 2] = origin, to, taken
    buf[0, 0] = n


@_kernel(inline=True)
def _can_jump(form, board, s, king, taken, occ, opp, colour):
    """True if the piece on ``s`` (a king if ``king``) can take a piece of ``opp`` not in ``taken``, ``occ``
    being the board without the capturing piece."""
    targets = opp & ~taken
    near = occ if king and form & FLYING else board.valid
    for d in range(4):
        if king or _man_takes(form, colour, d):
            hits = board.rays[d, s & 63] & near
            if hits:
                step = _step(form, d)
                t = _first(hits, step)
                if (targets >> t) & 1 and board.rays[d, t & 63] and (occ >> (t + step)) & 1 == 0:
                    return True
    return False


@_kernel()
def _jumps(form, board, work, ply, s, king, origin, taken, occ, opp, colour):
    """Record every capture going on from ``s``, where it can jump, into the buffer of ``ply`` (the piece on
    ``origin`` has taken ``taken`` so far; ``occ`` is the board without it). A landing square from which no
    jump goes on ends a capture, recorded at once: most captures take one piece, and they need no deeper
    call. The buffer is found from ``work`` here, not passed: its shape is then a constant, and the call
    passes a word, not an array's shape and strides."""
    buf = work.captures[ply]
    targets = opp & ~taken
    flying = king and form & FLYING != 0
    near = occ if flying else board.valid
    for d in range(4):
        if not king and not _man_takes(form, colour, d):
            continue
        step = _step(form, d)
        hits = board.rays[d, s & 63] & near
        if hits == 0:
            continue
        t = _first(hits, step)
        if (targets >> t) & 1 == 0 or board.rays[d, t & 63] == 0 or (occ >> (t + step)) & 1:
            continue
        taken2 = taken | (np.int64(1) << t)
        x = t + step
        while True:
            if (king or not form & CROWN_STOPS or (board.crown[colour] >> x) & 1 == 0) and \
                    _can_jump(form, board, x, king, taken2, occ, opp, colour):
                _jumps(form, board, work, ply, x, king, origin, taken2, occ, opp, colour)
            else:
                _record(form, buf, origin, x, taken2)
            if not flying or board.rays[d, x & 63] == 0 or (occ >> (x + step)) & 1:
                break
            x += step


@_kernel(inline=True)
def _captures(form, board, work, ply, mine, opp, kings, colour):
    """The captures of the side with ``mine`` into the buffer of ``ply`` (rows 1..n); n, or -1 if it overflowed."""
    buf = work.captures[ply]
    buf[0, 0], buf[0, 1], buf[0, 2] = 0, 0, 0
    occ = mine | opp
    rest = _taking_men(form, board, mine, opp, kings, colour) | (mine & kings)  # the other men cannot take
    while rest:
        s = ctz(rest)
        rest &= rest - 1
        king = (kings >> s) & 1 == 1
        if _can_jump(form, board, s, king, np.int64(0), occ & ~(np.int64(1) << s), opp, colour):
            _jumps(form, board, work, ply, s, king, s, np.int64(0), occ & ~(np.int64(1) << s), opp, colour)
    return -1 if buf[0, 2] else buf[0, 0]


@_kernel()
def _list_jumps(form, board, work, ply, mine, opp, kings, colour):
    """The captures of the side with ``mine`` into the buffer of ``ply`` (rows 1..n) where no king can take and each
    man's capture takes one piece (:func:`_single_jumps`): listed by shifts, direction by direction, without the
    capture search; n, else -1. (A kernel of its own: inlined, it made the kernels take half as long again to
    compile.)"""
    if _kings_take(form, board, mine, opp, kings) or _single_jumps(form, board, mine, opp, kings, colour) < 0:
        return -1
    buf = work.captures[ply]
    empty = board.valid & ~(mine | opp)
    men = mine & ~kings
    n = 0
    for d in range(4):
        jumpers = _men_jumping(form, colour, d, men, opp, empty)
        step = _step(form, d)
        while jumpers:
            s = ctz(jumpers)
            jumpers &= jumpers - 1
            n += 1
            buf[n, 0], buf[n, 1], buf[n, 2] = s, s + 2 * step, np.int64(1) << (s + step)
    buf[0, 0] = n
    return n


@_kernel(inline=True)
def _reach(form, board, d, s, occ):
    """The empty squares a king on ``s`` moves to in direction ``d``."""
    ray = board.rays[d, s & 63]
    if ray == 0:
        return ray
    step = _step(form, d)
    if form & FLYING == 0:
        return ray & (np.int64(1) << _first(ray, step)) & ~occ
    hits = ray & occ
    if hits:
        stop = _first(hits, step)
        ray &= ~(board.rays[d, stop & 63] | (np.int64(1) << stop))
    return ray


@_kernel(inline=True)
def _quiet_count(form, board, mine, opp, kings, colour):
    """The number of quiet moves of the side with ``mine`` (the last ply, counted in bulk)."""
    occ = mine | opp
    empty = board.valid & ~occ
    men = mine & ~kings
    n = 0
    for d in range(2 * colour, 2 * colour + 2):  # men move forwards: white up (0, 1), black down (2, 3)
        n += popcount(_shift(men, _step(form, d)) & empty)
    rest = mine & kings
    while rest:
        s = ctz(rest)
        rest &= rest - 1
        for d in range(4):
            n += popcount(_reach(form, board, d, s, occ))
    return n


@_kernel(inline=True)
def _probe(table, key, depth):
    """The count stored for ``key`` at ``depth``, or -1."""
    i = key & (table.shape[0] - 2)
    for j in range(i, i + 2):
        if table[j, 0] == key and table[j, 1] & 255 == depth:
            return table[j, 1] >> 8
    return -1


@_kernel(inline=True)
def _store(table, key, depth, count):
    """Keep ``count`` for ``key`` at ``depth``: in the slot's first entry if it is at least as deep as the one
    there, else in its second."""
    i = key & (table.shape[0] - 2)
    if depth < table[i, 1] & 255:
        i += 1
    table[i, 0] = key
    table[i, 1] = count << 8 | depth


@_kernel()
def _leaf(form, board, work, mine, opp, kings, colour):
    """The moves of the side ``colour`` with the pieces ``mine``: perft at depth 1, counted in bulk where
    nothing can capture, or where only men can and none takes more than one piece (a kernel of its own:
    inlined at the four places :func:`_perft` calls it, it took five times as long to compile for no
    measurable gain)."""
    if not _kings_take(form, board, mine, opp, kings):
        n = _single_jumps(form, board, mine, opp, kings, colour)
        if n == 0:
            return _quiet_count(form, board, mine, opp, kings, colour)
        if n > 0:
            return n
    return _captures(form, board, work, 1, mine, opp, kings, colour)


@_kernel()
def _perft(form, board, work, table, mine, opp, kings, colour, key, depth):
    """Move sequences of ``depth`` (>= 1) plies from the position where the side ``colour`` with the pieces
    ``mine`` moves; -1 if a position had more captures than a buffer holds. Without a ``table`` (None: numba
    compiles this a second time, the keys left out) ``key`` is not read; with one it is the position's
    Zobrist key, kept up to date move by move."""
    if table is not None:
        if depth >= HASH_FROM_DEPTH:
            known = _probe(table, key, depth)
            if known >= 0:
                return known
    if depth == 1:
        return _leaf(form, board, work, mine, opp, kings, colour)
    total = 0
    change = key
    zob = board.zobrist
    if _can_capture(form, board, mine, opp, kings, colour):
        n = _list_jumps(form, board, work, depth, mine, opp, kings, colour)
        if n < 0:
            n = _captures(form, board, work, depth, mine, opp, kings, colour)
        buf = work.captures[depth]
        if n < 0:
            return n
        for i in range(1, n + 1):
            origin, to, taken = buf[i, 0], buf[i, 1], buf[i, 2]
            king = (kings >> origin) & 1
            crowned = king | ((board.crown[colour] >> to) & 1)
            if table is not None:
                change = key ^ zob[2 * colour + king, origin] ^ zob[2 * colour + crowned, to] ^ zob[4, 0]
                rest = taken
                while rest:
                    t = ctz(rest)
                    rest &= rest - 1
                    change ^= zob[2 - 2 * colour + ((kings >> t) & 1), t]
            mine2 = (mine & ~(np.int64(1) << origin)) | (np.int64(1) << to)
            kings2 = (kings & ~taken & ~(np.int64(1) << origin)) | (crowned << to)
            if depth == 2:
                count = _leaf(form, board, work, opp & ~taken, mine2, kings2, 1 - colour)
            else:
                count = _perft(form, board, work, table, opp & ~taken, mine2, kings2, 1 - colour, change, depth - 1)
            if count < 0:
                return count
            total += count
    else:
        occ = mine | opp
        empty = board.valid & ~occ
        for d in range(2 * colour, 2 * colour + 2):
            step = _step(form, d)
            targets = _shift(mine & ~kings, step) & empty
            while targets:
                to = ctz(targets)
                targets &= targets - 1
                crowned = (board.crown[colour] >> to) & 1
                if table is not None:
                    change = key ^ zob[2 * colour, to - step] ^ zob[2 * colour + crowned, to] ^ zob[4, 0]
                moved = (np.int64(1) << (to - step)) | (np.int64(1) << to)
                if depth == 2:
                    total += _leaf(form, board, work, opp, mine ^ moved, kings | (crowned << to), 1 - colour)
                else:
                    total += _perft(form, board, work, table, opp, mine ^ moved, kings | (crowned << to), 1 - colour,
                                    change, depth - 1)
        rest = mine & kings
        while rest:
            origin = ctz(rest)
            rest &= rest - 1
            for d in range(4):
                targets = _reach(form, board, d, origin, occ)
                while targets:
                    to = ctz(targets)
                    targets &= targets - 1
                    if table is not None:
                        change = key ^ zob[2 * colour + 1, origin] ^ zob[2 * colour + 1, to] ^ zob[4, 0]
                    moved = (np.int64(1) << origin) | (np.int64(1) << to)
                    if depth == 2:
                        total += _leaf(form, board, work, opp, mine ^ moved, kings ^ moved, 1 - colour)
                    else:
                        total += _perft(form, board, work, table, opp, mine ^ moved, kings ^ moved, 1 - colour, change,
                                        depth - 1)
    if table is not None:
        if depth >= HASH_FROM_DEPTH:
            _store(table, key, depth, total)
    return total


@_kernel(nogil=True)
def _perft_many(form, positions, depth, bulk, work, table, counts):
    """:func:`_perft` of each row ``(white, black, kings, side)`` of ``positions`` into ``counts``; False if one
    overflowed a buffer. ``form`` is taken as a constant: each rule set compiles its own kernels."""
    literally(form)
    board = bulk[0]
    for i in range(positions.shape[0]):
        white, black, kings, colour = positions[i, 0], positions[i, 1], positions[i, 2], positions[i, 3]
        key = _key_of(board, white, black, kings, colour) if table is not None else np.int64(0)
        mine, opp = (white, black) if colour == 0 else (black, white)
        counts[i] = _perft(form, board, work[0], table, mine, opp, kings, colour, key, depth)
        if counts[i] < 0:
            return False
    return True


# ---------------------------------------------------------------- Python side

class Table:
    """A transposition table of ``megabytes`` MiB (the largest power of two of :data:`ENTRY_BYTES` entries
    that fits, at least one slot) for the counts of one rule set; ``entries`` its size."""

    __slots__ = ("variant", "entries", "rows")

    def __init__(self, variant: Variant, megabytes: int) -> None:
        if not isinstance(megabytes, int) or isinstance(megabytes, bool) or megabytes < 1:
            raise InputError("{parameter} must be a whole number of MiB, 1 or more", parameter="hash",
                             value=megabytes)
        entries = 2
        while entries * 2 * ENTRY_BYTES <= megabytes * 2 ** 20:
            entries *= 2
        self.variant = variant
        self.entries = entries
        self.rows = np.zeros((entries, 2), dtype=np.int64)


@functools.cache
def _entry(variant: Variant, hashed: bool) -> tuple[Callable[..., bool], np.ndarray]:
    """:func:`_perft_many` for ``variant``'s form (with or without a table), compiled (or loaded from numba's
    cache) and called without the dispatcher, which would type the arguments and resolve the literal form
    at every call (tens of milliseconds); and the board's record."""
    rows, work, table = np.zeros((1, 4), dtype=np.int64), np.zeros(1, dtype=WORK), np.zeros((2, 2), dtype=np.int64)
    signature = (types.literal(form_of(variant)), typeof(rows), types.int64, typeof(np.zeros(1, dtype=BULK)),
                 typeof(work), typeof(table) if hashed else types.none, typeof(np.zeros(1, dtype=np.int64)))
    _perft_many.compile(signature)
    entry = _perft_many.overloads[signature].entry_point
    return lambda *args: entry(form_of(variant), *args), rules_of(variant)


def perft_rows(positions: np.ndarray, depth: int, variant: Variant, table: Table | None = None) -> np.ndarray:
    """The distinct-move perft of each row ``(white, black, kings, side to move)`` of ``positions`` (depth >= 1),
    through ``table`` if given (one of ``variant``). The rows are the bitboards of positions (checked when they
    were made) or the children :func:`.fast.expand` makes of them, as :class:`.fast.Generator` is given them."""
    if not isinstance(depth, int) or depth < 1:
        raise InputError("{parameter} must be 1 or more", parameter="depth", value=depth)
    if table is not None and table.variant is not variant:
        raise InputError(f"{{parameter}} was made for {table.variant.name}, not {variant.name}", parameter="hash")
    if depth > MOST_DEPTH:
        raise InputError(f"{{parameter}} must be {MOST_DEPTH} or less", parameter="depth", value=depth)
    rows = np.ascontiguousarray(positions, dtype=np.int64)
    counts = np.empty(rows.shape[0], dtype=np.int64)
    kernel, board = _entry(variant, table is not None)
    if not kernel(rows, depth, board, np.empty(1, dtype=WORK), None if table is None else table.rows, counts):
        raise InputError(f"a position in the tree of {{parameter}} has more than {MAX_CAPTURES - 1} captures",
                         parameter="position")
    return counts


def perft_ready() -> bool:
    """True if :func:`perft_rows` runs without compiling its kernels first (:func:`.compiling.ready`)."""
    return compiling.ready(_perft_many)
