"""Counting knight's tours without listing them: a frontier dynamic program.

The board is swept square by square, column after column along its longer
side (the columns are its shorter side, ``height`` squares tall).  A knight
move from a square reaches at most two columns ahead, so after square ``i``
only the squares ``i - 2*height .. i`` can still gain a move of the tour: that
window of ``2*height + 1`` squares is the *frontier*.  A partial tour (the
moves chosen between swept squares) is described, as far as the rest of the
sweep cares, by the value of each frontier square:

* ``EMPTY``: no move of the tour touches it yet;
* ``FULL``: it has its two moves, or it is finished (no unswept neighbour left);
* ``DANGLING``: one move so far, and the other end of its path is an end of the
  whole (open) tour, already finished;
* a *pair label* ``3, 4, ...``: one move so far; the other end of its path is
  the other frontier square with the same label.  Labels are numbered in order
  of first appearance, so that equal frontiers get equal codes.

A frontier is one integer, its values as digits in base :data:`BASE` (17
squares of 11 values fit in 63 bits: boards up to 8 squares across).  A step
(:func:`expand`) takes each frontier, chooses the moves of the new square to
already swept squares (none, one or two of its at most four such moves), checks
every square whose last neighbour this is (it must be ``FULL``, or, for open
tours, an end of the tour) and adds the frontier's count to its successor's in
a hash table.  The counts of all frontiers after the last square that are all
``FULL`` is the number of tours: closed ones undirected (a cycle is one set of
moves), open ones as undirected paths (the caller doubles them).

Counts are exact integers of any size: each is a few *limbs* of
:data:`LIMB_BITS` bits (int64 columns); a step whose sums would carry out of
the top limb says so, and the caller runs it again with one more limb.

:mod:`.frontier_reference` is the plain-Python transition the tests compare
:func:`successors` with.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numba import njit

EMPTY, FULL, DANGLING, FIRST_LABEL = 0, 1, 2, 3
#: digits of a frontier code: EMPTY, FULL, DANGLING and at most 8 pair labels
BASE = 11
#: the widest frontier a code holds (BASE ** MOST_SLOTS < 2 ** 63): boards up to 8 squares across
MOST_SLOTS = 17
MOST_HEIGHT = (MOST_SLOTS - 1) // 2
#: bits of a count's limb; two limbs add without overflow in int64
LIMB_BITS = 62
LIMB_MASK = (1 << LIMB_BITS) - 1
#: temporary labels of a transition start here (above every label a code holds)
SCRATCH_LABEL = 15
#: the table's empty slot
NO_KEY = -1


@dataclass(frozen=True)
class Plan:
    """The sweep of a board: for each step (square) where its moves back go and which squares finish.

    Squares are numbered in sweep order ``i = column * height + row`` (the board
    turned so that ``height`` is its shorter side).  At step ``i`` the working
    frontier ``ext`` has ``slots + 1`` places: place ``j`` is square
    ``i - slots + j``, place ``slots`` the new square ``i``.  ``back[i]``
    holds the places of its neighbours swept before it (-1: none);
    ``finish[i]`` the places of the squares whose last neighbour is ``i``
    (-1 pads); ``rem[i]`` how many neighbours of each place come after ``i``;
    ``start`` is the square an open tour must start on (-1: any).
    """

    height: int
    width: int
    slots: int
    back: np.ndarray
    finish: np.ndarray
    rem: np.ndarray
    start: int

    @property
    def squares(self) -> int:
        return self.height * self.width

    def start_place(self, step: int) -> int:
        """The place of the start square in step ``step``'s working frontier (-1: not in it)."""
        place = self.start - (step - self.slots)
        return place if self.start >= 0 and 0 <= place <= self.slots else -1


def plan(height: int, width: int, start: int = -1) -> Plan:
    """The sweep of a ``height`` x ``width`` board (``height`` squares per column)."""
    slots = 2 * height + 1
    n = height * width
    back = np.full((n, 4), -1, dtype=np.int64)
    last = np.arange(n)
    forward: list[list[int]] = [[] for _ in range(n)]
    for i in range(n):
        c, r = divmod(i, height)
        k = 0
        for dc, dr in ((-2, -1), (-2, 1), (-1, -2), (-1, 2)):
            cc, rr = c + dc, r + dr
            if cc >= 0 and 0 <= rr < height:
                u = cc * height + rr
                back[i, k] = u - (i - slots)
                last[u] = max(last[u], i)
                forward[u].append(i)
                k += 1
    finish = np.full((n, slots + 1), -1, dtype=np.int64)
    for i in range(n):
        done = [u - (i - slots) for u in range(max(0, i - slots), i + 1) if last[u] == i]
        finish[i, :len(done)] = done
    rem = np.zeros((n, slots + 1), dtype=np.int64)
    for i in range(n):
        for u in range(max(0, i - slots), i + 1):
            rem[i, u - (i - slots)] = sum(1 for t in forward[u] if t > i)
    return Plan(height, width, slots, back, finish, rem, start)


def initial(slots: int) -> tuple[np.ndarray, np.ndarray]:
    """The frontier before the first square: every place FULL (squares before the board), count 1."""
    key = sum(FULL * BASE ** j for j in range(slots))
    return np.array([key], dtype=np.int64), np.ones((1, 1), dtype=np.int64)


@njit(cache=True)
def _unpack(key, slots, ext):
    for j in range(slots):
        ext[j] = key % BASE
        key //= BASE
    ext[slots] = EMPTY


@njit(cache=True)
def _relabel(ext, old, new):
    for k in range(len(ext)):
        if ext[k] == old:
            ext[k] = new


@njit(cache=True)
def _count(ext, value):
    found = 0
    for k in range(len(ext)):
        if ext[k] == value:
            found += 1
    return found


@njit(cache=True)
def _join(ext, v, u, w, closed):
    """Give the new square ``v`` the move to ``u`` (and to ``w`` unless -1).
    Returns 0 (done), 1 (the tour is whole: a closed tour closed its cycle, an
    open one joined the paths of its two ends), or -1 (not allowed)."""
    if w < 0:
        if ext[u] == EMPTY:
            ext[u] = ext[v] = SCRATCH_LABEL
        else:
            ext[v], ext[u] = ext[u], FULL
        return 0
    ext[v] = FULL
    a, b = ext[u], ext[w]
    if a == EMPTY and b == EMPTY:
        ext[u] = ext[w] = SCRATCH_LABEL
    elif a == EMPTY:
        ext[u], ext[w] = b, FULL
    elif b == EMPTY:
        ext[w], ext[u] = a, FULL
    else:
        ext[u] = ext[w] = FULL
        if a == b:  # a cycle, or (DANGLING twice) the paths from both ends of an open tour
            return 1 if closed == (a != DANGLING) else -1
        if a == DANGLING:
            _relabel(ext, b, DANGLING)
        else:
            _relabel(ext, a, b)
    return 0


@njit(cache=True)
def _finish(ext, f, closed, complete):
    """Square ``f`` gains no more moves. Returns the new ``complete`` (0/1), or -1 if not allowed."""
    x = ext[f]
    if x == FULL:
        return complete
    if x == EMPTY or closed or complete:
        return -1
    ext[f] = FULL
    if x == DANGLING:  # the second end of the tour: the path is whole
        return 1
    if _count(ext, DANGLING) >= 2:  # a third end
        return -1
    _relabel(ext, x, DANGLING)
    return complete


@njit(cache=True)
def _encode(ext, slots, names, rem, closed):
    """The code of places 1..slots, pair labels renumbered in order of appearance;
    -1 when some square can no longer get its moves: an empty square with one
    unswept neighbour left (it could only be an end of an open tour, and an open
    tour has two ends)."""
    for k in range(len(names)):
        names[k] = 0
    following = FIRST_LABEL
    key = 0
    power = 1
    ends = 0
    for j in range(1, slots + 1):  # no branches on the digits (with them 6x8 closed took 6.7 s of CPU, not 5.4)
        x = ext[j]
        named = names[x]  # stays 0 for EMPTY, FULL and DANGLING
        fresh = (named == 0) & (x >= FIRST_LABEL)
        named += fresh * following
        names[x] = named
        following += fresh
        ends += (x == DANGLING) | ((x == EMPTY) & (rem[j] == 1))
        key += (named + (x < FIRST_LABEL) * x) * power
        power *= BASE
    if ends > (0 if closed else 2):
        return -1
    return key


@njit(cache=True)
def successors(key, slots, back, finish, rem, closed, start_place, last, out, ext, base, names):
    """The codes that frontier ``key`` leads to at this step, written to ``out``; returns how many.

    ``back``, ``finish``, ``rem``: this step's rows of the :class:`Plan`; ``start_place``:
    the start square's place (-1: none); ``last``: this is the last square.
    ``ext``, ``base``, ``names``: work arrays (``slots + 1``, ``slots + 1``, 16).
    """
    _unpack(key, slots, base)
    v = slots
    found = 0
    nb = 0
    while nb < 4 and back[nb] >= 0:
        nb += 1
    must = 0  # the moves back that squares finishing now need (a bit for each)
    for k in range(len(finish)):
        f = finish[k]
        if f < 0:
            break
        if f == v or base[f] == FULL or (base[f] != EMPTY and not closed):
            continue  # an open tour's path may end on f
        if base[f] == EMPTY and closed:
            return 0  # one move from v would leave it short of two
        missing = 1
        for a in range(nb):
            if back[a] == f:
                must |= 1 << a
                missing = 0
        if missing:
            return 0
    for a in range(nb + 1):  # a, b: two of the moves back, nb standing for none
        for b in range(a, nb + 1):
            if (a == b and a < nb) or must & ~((1 << a) | (1 << b)) & 15:
                continue
            u = back[a] if a < nb else -1
            w = back[b] if b < nb else -1
            if (u >= 0 and base[u] == FULL) or (w >= 0 and base[w] == FULL):
                continue
            if start_place >= 0 and ((u == start_place or w == start_place) and base[start_place] != EMPTY
                                     or start_place == v and w >= 0):
                continue  # the start square is an end of the tour: it takes one move only
            for k in range(v + 1):
                ext[k] = base[k]
            complete = 0
            if u >= 0:
                complete = _join(ext, v, u, w, closed)
            for k in range(len(finish)):
                if complete < 0 or finish[k] < 0:
                    break
                complete = _finish(ext, finish[k], closed, complete)
            if complete < 0 or (complete and not last) or ext[0] != FULL:
                continue
            code = _encode(ext, slots, names, rem, closed)
            if code >= 0:
                out[found] = code
                found += 1
    return found


@njit(cache=True)
def part_of(key, parts):
    """Which of ``parts`` partitions the frontier ``key`` belongs to (a hash, not the table's)."""
    return np.int64((np.uint64(key) * np.uint64(0xD6E8FEB86659FD93)) >> np.uint64(33)) % parts


@njit(cache=True)
def _slot(key, mask):
    return np.int64((np.uint64(key) * np.uint64(0x9E3779B97F4A7C15)) >> np.uint64(20)) & mask


def new_table(places: int, limbs: int) -> np.ndarray:
    """An empty hash table of frontiers: a row a place, the code in column 0 (:data:`NO_KEY`:
    empty), then its count's limbs, side by side so that an addition touches one cache line
    (with codes and counts in two arrays, 6x8 closed took 5.4 s of CPU instead of 4.4 s
    in benchmarks/knight_counts.py)."""
    table = np.empty((places, 1 + limbs), dtype=np.int64)
    clear(table)
    return table


@njit(cache=True, nogil=True)
def clear(table):
    """Empty every place of a table (a table reused costs one pass over it, not new memory)."""
    for at in range(len(table)):
        table[at, 0] = NO_KEY
        for limb in range(1, table.shape[1]):
            table[at, limb] = 0


@njit(cache=True)
def _place(table, key, at):
    """The first place from ``at`` on (linear probing) that holds ``key`` or nothing. Places
    are never emptied, so ``key``'s place is still at or after it once other keys have gone in."""
    mask = len(table) - 1
    while table[at, 0] != key and table[at, 0] != NO_KEY:
        at = (at + 1) & mask
    return at


@njit(cache=True)
def _add(table, key, count, at):
    """Add ``count`` (limbs, maybe fewer than the table's) to ``key``'s count in the
    table, looking for its place from ``at`` on. Returns
    (1 if ``key`` is new, 1 if the sum carried out of the top limb)."""
    at = _place(table, key, at)
    new = 0
    if table[at, 0] == NO_KEY:
        table[at, 0] = key
        new = 1
    carry = 0
    for limb in range(table.shape[1] - 1):
        total = table[at, 1 + limb] + carry + (count[limb] if limb < len(count) else 0)
        table[at, 1 + limb] = total & LIMB_MASK
        carry = total >> LIMB_BITS
    return new, carry != 0


#: successors gathered before they go into the table: their places are looked up first, all
#: together, so that the waits for memory overlap instead of coming one after another
BATCH = 256


@njit(cache=True)
def _insert(table, counts, pending, sources, places, held):
    """Add the ``held`` codes of ``pending`` (each with the count of frontier ``sources[k]``) to the table.
    Returns (new keys, 1 if a count outgrew its limbs)."""
    mask = len(table) - 1
    for k in range(held):
        places[k] = _place(table, pending[k], _slot(pending[k], mask))
    added = 0
    overflow = 0
    for k in range(held):
        new, carried = _add(table, pending[k], counts[sources[k]], places[k])
        added += new
        overflow |= carried
    return added, overflow


@njit(cache=True, nogil=True)
def expand(keys, counts, lo, hi, slots, back, finish, rem, closed, start_place, last, parts, part, table, room,
           spill_keys, spill_counts, spilled):
    """Add the successors of frontiers ``lo..hi`` that fall in partition ``part`` to the table.

    The successors of the other partitions are dropped, or, when the spill arrays have
    room (``spill_keys.shape[1] > 0``), written to row ``p`` of ``spill_keys`` and
    ``spill_counts`` (with the count of their frontier; ``spilled[p]`` holds how many),
    so that each successor is built once however many partitions a step has.
    Stops early once ``room`` new keys have gone in (the caller grows the table) or a
    spill row is nearly full (the caller writes it out).
    Returns (the next frontier to take, new keys, 1 if a count outgrew its limbs).
    """
    out = np.empty(16, dtype=np.int64)
    ext = np.empty(slots + 1, dtype=np.int64)
    base = np.empty(slots + 1, dtype=np.int64)
    names = np.zeros(SCRATCH_LABEL + 1, dtype=np.int64)
    pending = np.empty(BATCH + 16, dtype=np.int64)
    sources = np.empty(BATCH + 16, dtype=np.int64)
    places = np.empty(BATCH + 16, dtype=np.int64)
    spill_room = spill_keys.shape[1] - len(out)
    fullest = 0
    for p in range(len(spilled)):
        fullest = max(fullest, spilled[p])
    held = 0
    added = 0
    overflow = 0
    i = lo
    while i < hi and added + held < room and (spill_room < 0 or fullest <= spill_room):
        found = successors(keys[i], slots, back, finish, rem, closed, start_place, last, out, ext, base, names)
        for k in range(found):
            p = part_of(out[k], parts) if parts > 1 else part
            if p == part:
                pending[held] = out[k]
                sources[held] = i
                held += 1
            elif spill_room >= 0:
                at = spilled[p]
                spill_keys[p, at] = out[k]
                spill_counts[p, at] = counts[i]
                spilled[p] = at + 1
                fullest = max(fullest, at + 1)
        if held >= BATCH:
            new, carried = _insert(table, counts, pending, sources, places, held)
            added += new
            overflow |= carried
            held = 0
        i += 1
    new, carried = _insert(table, counts, pending, sources, places, held)
    return i, added + new, overflow | carried


@njit(cache=True, nogil=True)
def absorb(keys, counts, lo, hi, table, room):
    """Add the frontiers ``lo..hi`` (codes and counts: a partition's spilled successors) to the table.
    Stops early once ``room`` new keys have gone in.
    Returns (the next frontier to take, new keys, 1 if a count outgrew its limbs)."""
    sources = np.empty(BATCH, dtype=np.int64)
    places = np.empty(BATCH, dtype=np.int64)
    added = 0
    overflow = 0
    i = lo
    while i < hi and added < room:
        held = min(BATCH, hi - i, room - added)
        for k in range(held):
            sources[k] = i + k
        new, carried = _insert(table, counts, keys[i:i + held], sources, places, held)
        added += new
        overflow |= carried
        i += held
    return i, added, overflow


@njit(cache=True, nogil=True)
def rehash(table, bigger):
    """Move every entry of a table into an empty bigger one."""
    for at in range(len(table)):
        if table[at, 0] != NO_KEY:
            _add(bigger, table[at, 0], table[at, 1:], _slot(table[at, 0], len(bigger) - 1))


@njit(cache=True, nogil=True)
def collect(table, filled):
    """The table's entries as two dense arrays (keys, counts)."""
    keys = np.empty(filled, dtype=np.int64)
    counts = np.empty((filled, table.shape[1] - 1), dtype=np.int64)
    n = 0
    for at in range(len(table)):
        if table[at, 0] != NO_KEY:
            keys[n] = table[at, 0]
            counts[n] = table[at, 1:]
            n += 1
    return keys, counts


def to_int(limbs: np.ndarray) -> int:
    """A count's limbs as one Python integer."""
    return sum(int(x) << (LIMB_BITS * k) for k, x in enumerate(limbs))
