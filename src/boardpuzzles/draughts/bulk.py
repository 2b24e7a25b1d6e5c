"""Perft by bulk counting, with a transposition table: the numba kernels :mod:`.counting` calls where they apply.

The generator of :mod:`.fast` plays every rule set on bitboards and lists each move in full; perft
needs less. Here the moves of the rule sets this module plays (:func:`applies`: diagonal lines,
captures that end where nothing more can be taken, at most the "most pieces" rule) are made on the
bitboards of :mod:`.board` (the same ghost-square layout) and never written down unless
they are captures:

- the last ply is counted in bulk: where nothing can capture, the moves of the men are a popcount per
  direction, those of a king a popcount per ray;
- a quiet move is played as it is found, with no move list;
- captures are listed (origin, landing square, pieces taken), the shorter ones dropped under the
  "most pieces" rule and, for the distinct count, equal ones (same start, end and pieces taken) once.

The transposition table (``--hash``) keeps the count of a subtree by its Zobrist key (a random
number per piece and square, and one for the side to move, xor-ed together, updated as each move is
played), which it stores whole with its count and depth: two entries a slot, the first kept
for the deeper count (depth-preferred), the second always replaced. A count is taken from the table
only for the same key and depth, so counts are exact unless two positions share all 64 bits of a key.

The kernels take a record of named rule fields (:data:`BULK`), the rays of :func:`.fast.tables`, the
Zobrist keys, the table, and the capture buffers of each ply; :func:`perft_rows` is their Python side.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from ..errors import InputError
from ..intrinsics import clz, ctz, popcount
from . import fast
from .rules import Criterion, Halt, Lines, Promotion, Variant

__all__ = ["BULK", "ENTRY_BYTES", "MAX_CAPTURES", "Table", "applies", "keys", "perft_rows", "zobrist"]

#: The rule fields the kernels read: one numpy record.
BULK = np.dtype([
    ("valid", np.int64),  # the squares of the board
    ("crown", np.int64, (2,)),  # the row where white (0) and black (1) men are crowned
    ("steps", np.int64, (4,)),  # bit offset of a step in each diagonal direction (0, 1 up; 2, 3 down; d ^ 3 reverse)
    ("neighbours", np.int64, (4,)),  # the squares that have a next square in each direction
    ("man_moves", np.int64, (2,)),  # the directions a white or black man moves in (a bit mask)
    ("man_captures", np.int64, (2,)),  # and captures in
    ("flying", np.int64),  # 1: kings fly
    ("most", np.int64),  # 1: only the captures that take the most pieces
    ("crown_stops", np.int64),  # 1: a man that reaches the far row in a capture is crowned and stops
    ("distinct", np.int64),  # 1: captures with the same start, end and pieces taken count once
])

#: Rows of a ply's capture buffer (its row 0 holds the number of captures, the most pieces taken and
#: an overflow flag); a position with more captures is refused.
MAX_CAPTURES = 4096

#: Bytes of a table entry (key, count and depth); two entries make a slot.
ENTRY_BYTES = 16

#: Depths stored in the table (a count of one ply is cheaper to make than to look up).
HASH_FROM_DEPTH = 2

#: The seed of the Zobrist keys, so that tables and keys are the same in every process.
SEED = 20261127


def _kernel(nogil: bool = False) -> Any:
    """The decorator of every kernel here: ``njit``, cached, without numba's runtime (as in :mod:`.fast`)."""
    return njit(cache=True, nogil=nogil, _nrt=False)  # type: ignore[call-overload]


def applies(variant: Variant, paths: bool = False) -> bool:
    """True if these kernels count perft for ``variant``: on bitboards, along diagonals only, kings that
    stop anywhere beyond a piece, captures that go on while they can, taken pieces lifted at the end, men
    that take kings, no capture rule but "the most pieces", crowned at the end of a capture (or crowned and
    stopped), no limit on king moves; and the distinct count (``paths`` False)."""
    return (variant.on_bitboards and not paths and variant.moves is Lines.DIAGONAL
            and variant.captures is Lines.DIAGONAL and variant.men_capture_kings
            and variant.king_halt is Halt.ANYWHERE and not variant.king_lands_to_continue
            and not variant.remove_at_once and variant.priority in ((), (Criterion.MOST,))
            and variant.promotion_in_capture in (Promotion.AT_END, Promotion.AND_STOP)
            and variant.king_move_limit == 0)


def rules_of(variant: Variant) -> tuple[np.ndarray, np.ndarray]:
    """The :data:`BULK` record of ``variant`` (an array of one) and its rays (those of :func:`.fast.tables`)."""
    if not applies(variant):
        raise InputError(f"{{parameter}}: the bulk perft does not play {variant.name}", parameter="variant",
                         value=variant.name, show_value=False)
    table, rays = fast.tables(variant)
    full = table[0]
    bulk = np.zeros(1, dtype=BULK)
    rules = bulk[0]
    rules["valid"] = full["valid"]
    rules["crown"] = (full["crown_white"], full["crown_black"])
    rules["steps"] = full["steps"][:4]
    rules["neighbours"] = full["neighbours"][:4]
    rules["man_moves"] = (full["man_moves_white"], full["man_moves_black"])
    rules["man_captures"] = (full["man_captures_white"], full["man_captures_black"])
    rules["flying"] = full["flying"]
    rules["most"] = variant.priority == (Criterion.MOST,)
    rules["crown_stops"] = variant.promotion_in_capture is Promotion.AND_STOP
    rules["distinct"] = 1
    return bulk, np.ascontiguousarray(rays[:4])


def zobrist() -> np.ndarray:
    """The Zobrist keys, (5, 64) int64: row ``2 * side + king`` a key per square for each kind of piece
    (white man, white king, black man, black king), row 4 the key of black to move (in ``[4, 0]``)."""
    return np.random.default_rng(SEED).integers(-(2 ** 63), 2 ** 63 - 1, size=(5, 64), dtype=np.int64)


@_kernel()
def _shift(bits, step):
    """``bits`` moved ``step`` squares along a line (the bitboards never use bit 63, so ``>>`` is logical)."""
    return bits << step if step > 0 else bits >> -step


@_kernel()
def _first(bits, step):
    """The square of ``bits`` (not 0) nearest along a ray going ``step`` bits at a time."""
    return ctz(bits) if step > 0 else 63 - clz(bits)


@_kernel()
def _key_of(zob, white, black, kings, colour):
    """The Zobrist key of a position, made from scratch."""
    key = zob[4, 0] if colour == 1 else np.int64(0)
    for side in range(2):
        pieces = white if side == 0 else black
        while pieces:
            s = ctz(pieces)
            pieces &= pieces - 1
            key ^= zob[2 * side + ((kings >> s) & 1), s]
    return key


@_kernel()
def _can_capture(rules, rays, mine, opp, kings, colour):
    """True if the side with the pieces ``mine`` has a capture."""
    occ = mine | opp
    empty = rules.valid & ~occ
    men = mine & ~kings
    for d in range(4):
        if (rules.man_captures[colour] >> d) & 1:
            step, next_ = rules.steps[d], rules.neighbours[d]
            if men & next_ & _shift(opp & next_, -step) & _shift(empty, -2 * step):
                return True
    rest = mine & kings
    while rest:
        s = ctz(rest)
        rest &= rest - 1
        for d in range(4):
            step, next_ = rules.steps[d], rules.neighbours[d]
            if rules.flying:
                hits = rays[d, s] & occ
                if hits == 0:
                    continue
                t = _first(hits, step)
            elif (next_ >> s) & 1:
                t = s + step
            else:
                continue
            if (opp >> t) & 1 and (next_ >> t) & 1 and (empty >> (t + step)) & 1:
                return True
    return False


@_kernel()
def _record(rules, buf, origin, to, taken):
    """Add the capture (``origin``, ``to``, ``taken``) to ``buf`` unless the rules drop it."""
    n = buf[0, 0]
    if rules.most:
        pieces = popcount(taken)
        if pieces < buf[0, 1]:
            return
        if pieces > buf[0, 1]:
            buf[0, 1] = pieces
            n = 0
    if rules.distinct:
        for i in range(1, n + 1):
            if buf[i, 2] == taken and buf[i, 1] == to and buf[i, 0] == origin:
                return
    if n + 1 >= buf.shape[0]:
        buf[0, 2] = 1
        return
    n += 1
    buf[n, 0], buf[n, 1], buf[n, 2] = origin, to, taken
    buf[0, 0] = n


@_kernel()
def _jumps(rules, rays, buf, s, king, origin, taken, occ, opp, colour):
    """Record every capture going on from ``s`` (the piece on ``origin`` has taken ``taken`` so far; ``occ``
    is the board without it); True if there was at least one jump from ``s``."""
    found = False
    targets = opp & ~taken
    for d in range(4):
        if not king and (rules.man_captures[colour] >> d) & 1 == 0:
            continue
        step, next_ = rules.steps[d], rules.neighbours[d]
        if king and rules.flying:
            hits = rays[d, s] & occ
            if hits == 0:
                continue
            t = _first(hits, step)
        elif (next_ >> s) & 1:
            t = s + step
        else:
            continue
        if (targets >> t) & 1 == 0 or (next_ >> t) & 1 == 0 or (occ >> (t + step)) & 1:
            continue
        found = True
        taken2 = taken | (np.int64(1) << t)
        x = t + step
        while True:
            if not king and rules.crown_stops and (rules.crown[colour] >> x) & 1:
                _record(rules, buf, origin, x, taken2)
            elif not _jumps(rules, rays, buf, x, king, origin, taken2, occ, opp, colour):
                _record(rules, buf, origin, x, taken2)
            if not (king and rules.flying) or (next_ >> x) & 1 == 0 or (occ >> (x + step)) & 1:
                break
            x += step
    return found


@_kernel()
def _captures(rules, rays, buf, mine, opp, kings, colour):
    """The captures of the side with ``mine`` into ``buf`` (rows 1..n); n, or -1 if ``buf`` overflowed."""
    buf[0, 0], buf[0, 1], buf[0, 2] = 0, 0, 0
    occ = mine | opp
    rest = mine
    while rest:
        s = ctz(rest)
        rest &= rest - 1
        _jumps(rules, rays, buf, s, (kings >> s) & 1 == 1, s, np.int64(0), occ & ~(np.int64(1) << s), opp, colour)
    return -1 if buf[0, 2] else buf[0, 0]


@_kernel()
def _quiet_count(rules, rays, mine, opp, kings, colour):
    """The number of quiet moves of the side with ``mine`` (the last ply, counted in bulk)."""
    occ = mine | opp
    empty = rules.valid & ~occ
    men = mine & ~kings
    n = 0
    for d in range(4):
        if (rules.man_moves[colour] >> d) & 1:
            n += popcount(_shift(men & rules.neighbours[d], rules.steps[d]) & empty)
    rest = mine & kings
    while rest:
        s = ctz(rest)
        rest &= rest - 1
        for d in range(4):
            n += popcount(_reach(rules, rays, d, s, occ))
    return n


@_kernel()
def _reach(rules, rays, d, s, occ):
    """The empty squares a king on ``s`` moves to in direction ``d``."""
    ray = rays[d, s]
    if ray == 0:
        return ray
    step = rules.steps[d]
    if not rules.flying:
        return ray & (np.int64(1) << _first(ray, step)) & ~occ
    hits = ray & occ
    if hits:
        stop = _first(hits, step)
        ray &= ~(rays[d, stop] | (np.int64(1) << stop))
    return ray


@_kernel()
def _probe(table, key, depth):
    """The count stored for ``key`` at ``depth``, or -1."""
    i = key & (table.shape[0] - 2)
    for j in range(i, i + 2):
        if table[j, 0] == key and table[j, 1] & 255 == depth:
            return table[j, 1] >> 8
    return -1


@_kernel()
def _store(table, key, depth, count):
    """Keep ``count`` for ``key`` at ``depth``: in the slot's first entry if it is at least as deep as the one
    there, else in its second."""
    i = key & (table.shape[0] - 2)
    if depth < table[i, 1] & 255:
        i += 1
    table[i, 0] = key
    table[i, 1] = count << 8 | depth


@_kernel()
def _perft(rules, rays, zob, table, bufs, white, black, kings, colour, key, depth):
    """Move sequences of ``depth`` (>= 1) plies; -1 if a position had more captures than a buffer holds.
    ``key`` is the position's Zobrist key; ``table`` has at least two rows (a power of two) to use it."""
    hashed = table.shape[0] > 1 and depth >= HASH_FROM_DEPTH
    if hashed:
        known = _probe(table, key, depth)
        if known >= 0:
            return known
    mine, opp = (white, black) if colour == 0 else (black, white)
    total = 0
    side = zob[4, 0]
    if _can_capture(rules, rays, mine, opp, kings, colour):
        buf = bufs[depth]
        n = _captures(rules, rays, buf, mine, opp, kings, colour)
        if n < 0 or depth == 1:
            return n
        for i in range(1, n + 1):
            origin, to, taken = buf[i, 0], buf[i, 1], buf[i, 2]
            king = (kings >> origin) & 1
            crowned = king | ((rules.crown[colour] >> to) & 1)
            change = zob[2 * colour + king, origin] ^ zob[2 * colour + crowned, to] ^ side
            rest = taken
            while rest:
                t = ctz(rest)
                rest &= rest - 1
                change ^= zob[2 - 2 * colour + ((kings >> t) & 1), t]
            mine2 = (mine & ~(np.int64(1) << origin)) | (np.int64(1) << to)
            kings2 = (kings & ~taken & ~(np.int64(1) << origin)) | (crowned << to)
            w2, b2 = (mine2, opp & ~taken) if colour == 0 else (opp & ~taken, mine2)
            count = _perft(rules, rays, zob, table, bufs, w2, b2, kings2, 1 - colour, key ^ change, depth - 1)
            if count < 0:
                return count
            total += count
    elif depth == 1:
        return _quiet_count(rules, rays, mine, opp, kings, colour)
    else:
        occ = mine | opp
        empty = rules.valid & ~occ
        men = mine & ~kings
        for d in range(4):
            if (rules.man_moves[colour] >> d) & 1 == 0:
                continue
            step = rules.steps[d]
            targets = _shift(men & rules.neighbours[d], step) & empty
            while targets:
                to = ctz(targets)
                targets &= targets - 1
                origin = to - step
                crowned = (rules.crown[colour] >> to) & 1
                change = zob[2 * colour, origin] ^ zob[2 * colour + crowned, to] ^ side
                mine2 = (mine & ~(np.int64(1) << origin)) | (np.int64(1) << to)
                kings2 = kings | (crowned << to)
                w2, b2 = (mine2, opp) if colour == 0 else (opp, mine2)
                total += _perft(rules, rays, zob, table, bufs, w2, b2, kings2, 1 - colour, key ^ change, depth - 1)
        rest = mine & kings
        while rest:
            origin = ctz(rest)
            rest &= rest - 1
            for d in range(4):
                targets = _reach(rules, rays, d, origin, occ)
                while targets:
                    to = ctz(targets)
                    targets &= targets - 1
                    change = zob[2 * colour + 1, origin] ^ zob[2 * colour + 1, to] ^ side
                    moved = (np.int64(1) << origin) | (np.int64(1) << to)
                    w2, b2 = (mine ^ moved, opp) if colour == 0 else (opp, mine ^ moved)
                    total += _perft(rules, rays, zob, table, bufs, w2, b2, kings ^ moved, 1 - colour, key ^ change,
                                    depth - 1)
    if hashed:
        _store(table, key, depth, total)
    return total


@_kernel(nogil=True)
def _perft_many(positions, depth, bulk, rays, zob, table, bufs, counts):
    """:func:`_perft` of each row ``(white, black, kings, side)`` of ``positions`` into ``counts``; False if one
    overflowed a buffer."""
    rules = bulk[0]
    for i in range(positions.shape[0]):
        white, black, kings, colour = positions[i, 0], positions[i, 1], positions[i, 2], positions[i, 3]
        key = _key_of(zob, white, black, kings, colour)
        counts[i] = _perft(rules, rays, zob, table, bufs, white, black, kings, colour, key, depth)
        if counts[i] < 0:
            return False
    return True


@_kernel()
def _keys_many(positions, zob, out):
    """The Zobrist key of each row of ``positions`` into ``out``."""
    for i in range(positions.shape[0]):
        out[i] = _key_of(zob, positions[i, 0], positions[i, 1], positions[i, 2], positions[i, 3])


# ---------------------------------------------------------------- Python side

#: The Zobrist keys every table here is made with.
ZOBRIST = zobrist()


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


#: No table: the kernels take one row and leave it alone.
NO_TABLE = np.zeros((1, 2), dtype=np.int64)


def keys(positions: np.ndarray) -> np.ndarray:
    """The Zobrist key of each row ``(white, black, kings, side)`` of ``positions``."""
    out = np.empty(len(positions), dtype=np.int64)
    _keys_many(np.ascontiguousarray(positions, dtype=np.int64), ZOBRIST, out)
    return out


def perft_rows(positions: np.ndarray, depth: int, variant: Variant, table: Table | None = None) -> np.ndarray:
    """The distinct-move perft of each row ``(white, black, kings, side to move)`` of ``positions`` (depth >= 1),
    through ``table`` if given (one of ``variant``). The rows are the bitboards of positions (checked when they
    were made) or the children :func:`.fast.expand` makes of them, as :class:`.fast.Generator` is given them."""
    if not isinstance(depth, int) or depth < 1:
        raise InputError("{parameter} must be 1 or more", parameter="depth", value=depth)
    if table is not None and table.variant is not variant:
        raise InputError(f"{{parameter}} was made for {table.variant.name}, not {variant.name}", parameter="hash")
    bulk, rays = rules_of(variant)
    rows = np.ascontiguousarray(positions, dtype=np.int64)
    bufs = np.empty((depth + 1, MAX_CAPTURES, 3), dtype=np.int64)
    counts = np.empty(rows.shape[0], dtype=np.int64)
    if not _perft_many(rows, depth, bulk, rays, ZOBRIST, NO_TABLE if table is None else table.rows, bufs, counts):
        raise InputError(f"a position in the tree of {{parameter}} has more than {MAX_CAPTURES - 1} captures",
                         parameter="position")
    return counts
