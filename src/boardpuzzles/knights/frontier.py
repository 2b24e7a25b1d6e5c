"""Counting knight's tours without listing them: the sweep of a board (:class:`Plan`) and the frontier dynamic
program's transition, a numba kernel on the codes of :mod:`.codes`.

The board is swept square by square, column after column along its longer
side (the columns are its shorter side, ``height`` squares tall).  A knight
move from a square reaches at most two columns ahead, so after square ``i``
only the squares ``i - 2*height .. i`` can still gain a move of the tour: that
window of ``2*height + 1`` squares is the *frontier*.  A partial tour (the
moves chosen between swept squares) is described, as far as the rest of the
sweep cares, by the value of each frontier square: a code (:mod:`.codes`).

A step (:func:`successor_words`) takes each code and chooses the moves of the new
square to squares already swept (none, one or two of its at most four such
moves), on the working frontier of ``2*height + 2`` places held in two words:
a move sets a few cells and may join two paths (one label replaced by another,
for all cells at once: bit tricks on the words); the squares whose last
neighbour this is must be FULL (or, for open tours, become ends of the tour);
then the oldest place leaves, labels are renumbered, and the count of the code
is added to its successor's in a :class:`.table.Table`, unless the degree relaxation
(:mod:`.completable`) says it can no longer be completed.  The counts of all codes after
the last square are the number of tours: closed ones undirected (a cycle is one
set of moves), open ones as undirected paths (the caller doubles them).

What a step looks at is one record, a :class:`Step` (a named tuple of arrays
and numbers, which the kernels take as one argument).  The kernel is public for
:mod:`.table`, which calls it inside its own; :func:`successors` checks what it
is given, then calls it.  ``tests/frontier_reference.py`` is the same
transition in plain Python, written another way (degrees and mates), that the
tests compare :func:`successors` with.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import NamedTuple

import numpy as np
from numba import njit

from ..errors import InputError
from ..intrinsics import prefetch
from .codes import (CELL_BITS, DANGLING, EMPTY, FULL, MOST_HEIGHT, NIBBLE, PACKED_CELLS, SCRATCH_LABEL, cell,
                    code_words, code_of, cttz, entry, equal, nibbles, pack, packed_code, reflected, relabel, renumber,
                    set_cell, tally, unpack, unpacked_code)

#: the most states the degree relaxation may have (bits of a step's bitmap: 64 MB, boards up to 8 across); a taller
#: board is counted without it (its states left out of the newest places, it kept almost every frontier: any need
#: there undoes the balance of the light and dark squares' needs that does most of the work)
MOST_RELAXED = 1 << 29

_U = np.uint64


def _choice_pairs() -> np.ndarray:
    """``PAIRS[nb, k]``: the ``k``-th choice of a square with ``nb`` moves back, as two move numbers ``(a, b)``,
    ``nb`` standing for none: no move, then each move alone, then each pair of moves."""
    pairs = np.full((5, 16, 2), -1, dtype=np.int64)
    for nb in range(5):
        choices = [(nb, nb)] + [(a, nb) for a in range(nb)] + [(a, b) for a in range(nb) for b in range(a + 1, nb)]
        pairs[nb, :len(choices)] = choices
    return pairs


_PAIRS = _choice_pairs()
#: ``_TRITS[b]``: the sum of ``3 ** k`` over the set bits ``k`` of the byte ``b``
_TRITS = np.array([sum(3 ** k for k in range(8) if b >> k & 1) for b in range(256)], dtype=np.int64)
#: the length of :func:`successor_words`' work array: the values of the new square's four moves back, then
#: the relaxed state of each of at most 16 successors
WORK_VALUES = 20
#: ``POWERS_OF_3[k]`` = 3 ** k, up to the digits of the widest relaxation's states (its kernels' and
#: :mod:`.completable`'s)
POWERS_OF_3 = np.array([3 ** k for k in range(2 * MOST_HEIGHT + 3)], dtype=np.int64)


def _choice_table() -> np.ndarray:
    """``CHOICES[nb, full | needed << 4 | v_needs << 8]``: bit ``k`` set when choice ``k`` of ``PAIRS[nb]``
    takes no move to a FULL place (bits of ``full``), takes every move of ``needed``, and at least one move
    when the new square needs one (``v_needs``)."""
    table = np.zeros((5, 512), dtype=np.int64)
    for nb in range(5):
        for key in range(512):
            full, needed, v_needs = key & 15, (key >> 4) & 15, key >> 8
            for k, (a, b) in enumerate(_PAIRS[nb]):
                if a < 0:
                    break
                chosen = (1 << a if a < nb else 0) | (1 << b if b < nb else 0)
                if not (chosen & full or needed & ~chosen or (v_needs and not chosen)):
                    table[nb, key] |= 1 << k
    return table


_CHOICES = _choice_table()


def relaxes(height: int, closed: bool) -> bool:
    """Whether a board ``height`` squares across is counted with the degree relaxation: its states are at most
    :data:`MOST_RELAXED`."""
    return relaxed_states(height, closed) <= MOST_RELAXED


def relaxed_states(height: int, closed: bool) -> int:
    """The states of the degree relaxation of a board ``height`` squares across: a need of 0, 1 or 2 for each
    of the ``2 * height + 1`` places of a frontier, and for open tours 0, 1 or 2 ends still to come."""
    return (1 if closed else 3) * 3 ** (2 * height + 1)


class Step(NamedTuple):
    """What the step of square ``square`` of a :class:`Plan` looks at, as one record that the kernels take whole: the plan's
    ``implied``, ``slots``, ``closed`` and ``reflect``; the places of the new square's moves back (``back``,
    ``nb`` of them), the places whose last neighbour it is (``finish``, ``nf``; ``needs[k]``: the moves back
    that reach ``finish[k]``, as bits), the places with one unswept neighbour left (``rem1_lo``, ``rem1_hi``:
    bit 0 of their cells in the two words), the new square's value before any move (``fill``: FULL when
    blocked), the start square's place (-1: none in the frontier, or no start) and whether it is still to
    come after this step (``start_ahead``), whether it is the last free square, and whether a code and its
    mirror image are the same state after it (``mirror``: a column ends, and the rest of the board is
    symmetric top to bottom); ``packed``: the codes are kept in one packed word (:func:`.codes.pack`);
    ``key_lo``, ``key_hi``: the places that give a code its partition key (:func:`partition_key`), 3 in their
    cells of the two words."""

    square: int
    implied: int
    slots: int
    closed: bool
    back: np.ndarray
    nb: int
    finish: np.ndarray
    nf: int
    needs: np.ndarray
    rem1_lo: np.uint64
    rem1_hi: np.uint64
    fill: int
    start_place: int
    start_ahead: bool
    last: bool
    mirror: bool
    reflect: np.ndarray
    packed: bool
    key_lo: np.uint64
    key_hi: np.uint64


@dataclass(frozen=True)
class Plan:
    """The sweep of a board, ``height`` squares a column (its shorter side) and ``width`` columns.

    Squares are numbered in sweep order ``i = column * height + row``.  At step
    ``i`` the working frontier has ``slots + 1`` places: place ``j`` is square
    ``i - slots + j``, place ``slots`` the new square ``i``.  ``closed``: the kind
    of tour (closed tours leave the oldest place out of the code: ``implied``);
    ``start``: the square an open tour must start on (-1: any); ``blocked``: the
    squares taken off the board.  ``cells`` of a code, kept in ``words`` of 64 bits (``packed``: one word for
    :data:`.codes.PACKED_CELLS` cells, :func:`.codes.pack`).

    ``symmetric``: where a column ends and the rest of the board (the two
    columns of the frontier and those to come, its blocked squares and the start
    square if it is still to come) is symmetric top to bottom, a frontier and
    its mirror image have as many completions, so only the smaller of their
    two codes is kept (with both counts): about half the states.  ``reflect``
    maps each cell of a code at such a step to its mirror image's cell.

    ``keys``: for each step, the places of the working frontier that the step
    leaves as they are, up to their labels (:func:`partition_key`): neither the
    oldest place, which leaves, nor the places of the new square's moves back
    (nor, for closed tours, place 1, which becomes the implied one); at a step
    with ``mirror``, only those whose mirror image is one of them too.

    ``relaxed_size``: the number of states of the degree relaxation
    (:mod:`.completable`): what each place of the frontier after a step (place 0
    the oldest, for closed tours the implied one) still needs (0, 1 or 2 moves),
    and for open tours how many ends the tour has still to get (0, 1 or 2);
    ``relaxes``: whether they are few enough (:data:`MOST_RELAXED`) for the count
    to test its successors against them.
    """

    height: int
    width: int
    closed: bool
    start: int = -1
    blocked: frozenset[int] = frozenset()
    symmetric: bool = True
    slots: int = field(init=False)
    implied: int = field(init=False)
    cells: int = field(init=False)
    words: int = field(init=False)
    packed: bool = field(init=False)
    back: np.ndarray = field(init=False, repr=False, compare=False)
    nback: np.ndarray = field(init=False, repr=False, compare=False)
    finish: np.ndarray = field(init=False, repr=False, compare=False)
    nfinish: np.ndarray = field(init=False, repr=False, compare=False)
    needs: np.ndarray = field(init=False, repr=False, compare=False)
    rem1: np.ndarray = field(init=False, repr=False, compare=False)
    fill: np.ndarray = field(init=False, repr=False, compare=False)
    #: the last free square in sweep order (a tour is whole there, and no sooner)
    last_free: int = field(init=False)
    mirror: np.ndarray = field(init=False, repr=False, compare=False)
    reflect: np.ndarray = field(init=False, repr=False, compare=False)
    keys: np.ndarray = field(init=False, repr=False, compare=False)
    relaxed_size: int = field(init=False)

    def __post_init__(self) -> None:
        height, slots, n = self.height, 2 * self.height + 1, self.height * self.width
        free = np.ones(n, dtype=np.bool_)
        free[list(self.blocked)] = False
        back = np.full((n, 4), -1, dtype=np.int64)
        nback = np.zeros(n, dtype=np.int64)
        last = np.arange(n)
        later = np.zeros(n, dtype=np.int64)  # neighbours swept after a square
        for i in map(int, np.flatnonzero(free)):
            c, r = divmod(i, height)
            for dc, dr in ((-2, -1), (-2, 1), (-1, -2), (-1, 2)):
                u = (c + dc) * height + r + dr
                if c + dc >= 0 and 0 <= r + dr < height and free[u]:
                    back[i, nback[i]] = u - (i - slots)
                    nback[i] += 1
                    last[u] = max(last[u], i)
                    later[u] += 1
        finish = np.full((n, slots + 1), -1, dtype=np.int64)
        nfinish = np.zeros(n, dtype=np.int64)
        needs = np.zeros((n, slots + 1), dtype=np.int64)
        rem1 = np.zeros((n, 2), dtype=np.uint64)
        left = later.copy()  # neighbours still to come
        for i in range(n):
            for a in range(nback[i]):
                left[i - slots + back[i, a]] -= 1
            window = range(max(0, i - slots), i + 1)
            done = [u - (i - slots) for u in window if last[u] == i and free[u]]
            finish[i, :len(done)] = done
            nfinish[i] = len(done)
            for k, place in enumerate(done):
                needs[i, k] = sum(1 << a for a in range(nback[i]) if back[i, a] == place)
            rem1[i] = nibbles([u - (i - slots) for u in window if u > i - slots and free[u] and left[u] == 1], 1)
        flip = [c * height + height - 1 - r for c in range(self.width) for r in range(height)]
        mirror = np.zeros(n, dtype=np.bool_)
        for end in range(height - 1, n, height) if self.symmetric else ():
            rest = range(max(0, end - 2 * height), n)  # the frontier after step ``end`` and the squares to come
            start_done = self.start < max(0, end - 2 * height) or flip[self.start] == self.start
            mirror[end] = start_done and all(flip[u] in self.blocked for u in rest if u in self.blocked)
        # the frontier after a column: place 0 (finished), then the two columns bottom to top
        places = [0] + [1 + height - 1 - r for r in range(height)] + [1 + 2 * height - 1 - r for r in range(height)]
        reflect = np.array([places[k + int(self.closed)] - int(self.closed) for k in range(slots - int(self.closed))],
                           dtype=np.int64)
        keys = np.zeros((n, 2), dtype=np.uint64)
        for i in range(n):
            moved = set(back[i, :nback[i]].tolist())
            kept = [p for p in range(1 + int(self.closed), slots) if p not in moved]
            if mirror[i]:  # code cell k is working place k + 1 + implied after the step
                cells = {p - 1 - int(self.closed) for p in kept}
                kept = [p for p in kept if reflect[p - 1 - int(self.closed)] in cells]
            keys[i] = nibbles(kept, 3)
        for name, value in (("mirror", mirror), ("reflect", reflect), ("keys", keys), ("slots", slots),
                            ("implied", int(self.closed)),
                            ("cells", slots - int(self.closed)), ("back", back), ("nback", nback),
                            ("finish", finish), ("nfinish", nfinish), ("needs", needs), ("rem1", rem1),
                            ("fill", np.where(free, EMPTY, FULL).astype(np.int64)),
                            ("last_free", int(np.flatnonzero(free)[-1]) if free.any() else -1)):
            object.__setattr__(self, name, value)
        object.__setattr__(self, "words", code_words(height, self.closed))
        object.__setattr__(self, "packed", self.cells == PACKED_CELLS)
        object.__setattr__(self, "relaxed_size", relaxed_states(height, self.closed))

    @property
    def squares(self) -> int:
        return self.height * self.width

    @property
    def relaxes(self) -> bool:
        return relaxes(self.height, self.closed)

    def step(self, index: int) -> Step:
        """What step ``index`` looks at."""
        place = self.start - (index - self.slots)
        start_place = place if self.start >= 0 and 0 <= place <= self.slots else -1
        return Step(index, self.implied, self.slots, self.closed, self.back[index], int(self.nback[index]),
                    self.finish[index], int(self.nfinish[index]), self.needs[index], self.rem1[index, 0],
                    self.rem1[index, 1], int(self.fill[index]), start_place, self.start > index,
                    index == self.last_free, bool(self.mirror[index]), self.reflect, self.packed,
                    self.keys[index, 0], self.keys[index, 1])


def plan(height: int, width: int, closed: bool, start: int = -1, blocked: Iterable[int] = (),
         symmetric: bool = True) -> Plan:
    """The sweep of a board ``height`` squares a column and ``width`` columns long; ``start`` and ``blocked``
    are squares in sweep order (``column * height + row``); ``symmetric``: keep one of a frontier and its
    mirror image where the board allows it (:class:`Plan`)."""
    for name, value, least in (("height", height, 1), ("width", width, 1)):
        if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < least:
            raise InputError("{parameter} must be a whole number of at least 1", parameter=name, value=value)
    if height > MOST_HEIGHT:
        raise InputError(f"{{parameter}} must be at most {MOST_HEIGHT}: the frontier codes hold boards up to "
                         f"{MOST_HEIGHT} squares across", parameter="height", value=height)
    squares = height * width
    blocked = frozenset(int(b) for b in blocked)
    if any(not 0 <= b < squares for b in blocked):
        raise InputError(f"{{parameter}} must be squares 0..{squares - 1} in sweep order", parameter="blocked",
                         value=sorted(blocked))
    if start != -1 and (not 0 <= start < squares or start in blocked):
        raise InputError(f"{{parameter}} must be a free square 0..{squares - 1} in sweep order, or -1",
                         parameter="start", value=start)
    return Plan(int(height), int(width), bool(closed), int(start), blocked, bool(symmetric))


def initial(plan: Plan) -> np.ndarray:
    """The frontier before the first square, as rows of a code and its count: every place FULL (squares
    before the board), count 1."""
    code = nibbles(range(plan.cells), FULL)
    words = (packed_code(code_of(code)),) if plan.packed else code[:plan.words]
    return np.array([[*words, 1]], dtype=np.uint64).view(np.int64)


def row_code(row: np.ndarray, plan: Plan) -> int:
    """The code (4 bits a cell, one Python integer) of a row of ``plan``'s frontier (its words, then its count's
    limbs; a packed word unpacked)."""
    code = code_of(row[:plan.words])
    return unpacked_code(code) if plan.packed else code



# --------------------------------------------------------------------------------------------------------------
# The transition, on two words of 4-bit cells.


@njit(cache=True, inline="always")
def _packed(flags):
    """Bit 0 of each of a word's 16 cells (a mask of :func:`equal`) as 16 bits: cell ``k``, bit ``k``."""
    m = (flags | (flags >> _U(3))) & _U(0x0303030303030303)
    m = (m | (m >> _U(6))) & _U(0x000F000F000F000F)
    m = (m | (m >> _U(12))) & _U(0x000000FF000000FF)
    return np.int64((m | (m >> _U(24))) & _U(0xFFFF))


@njit(cache=True, inline="always")
def _trits(bits):
    """The sum of ``3 ** k`` over the set bits ``k`` of ``bits`` (at most 24 bits)."""
    return _TRITS[bits & 255] + 6561 * _TRITS[(bits >> 8) & 255] + 43046721 * _TRITS[(bits >> 16) & 255]


@njit(cache=True, inline="always")
def _relaxed(lo, hi, slots, closed, start_place, start_ahead):
    """The state of the degree relaxation (:mod:`.completable`) of a successor still on the working frontier
    (place 0 about to leave): its index among the :attr:`Plan.relaxed_size` states, or -1 when it has more
    than two tour ends.  Places ``1 .. slots`` are its digits in base 3, the oldest lowest: the moves each
    still needs (2 when EMPTY, 0 when FULL, else 1; the start square of an open tour is an end: one fewer);
    open tours add the ends still to come times ``3 ** slots``."""
    empty = _packed(equal(lo, EMPTY)) | (_packed(equal(hi, EMPTY)) << 16)
    full = _packed(equal(lo, FULL)) | (_packed(equal(hi, FULL)) << 16)
    mask = (1 << slots) - 1
    index = 2 * _trits((empty >> 1) & mask) + _trits((~(empty | full) >> 1) & mask)
    if closed:
        return index
    ends = tally(equal(lo, DANGLING) & ~NIBBLE) + tally(equal(hi, DANGLING)) + start_ahead
    if start_place > 0 and cell(lo, hi, start_place) != FULL:
        ends += 1
        index -= POWERS_OF_3[start_place - 1]
    if ends > 2:
        return -1
    return index + (2 - ends) * POWERS_OF_3[slots]


@njit(cache=True, inline="always")
def successor_words(c0, c1, step, completable, out, values):
    """The codes that code ``(c0, c1)`` leads to at ``step`` (a :class:`Step`), written to ``out`` (rows of two
    words; one packed word, the second 0, with ``step.packed``); returns how many.  ``values``: a work array
    of :data:`WORK_VALUES`.  With ``step.mirror``, each is the smaller of itself and its mirror image
    (:func:`.codes.reflected`).  ``completable``: the bitmap of the relaxation's states that can still be
    completed after this step (:func:`_relaxed`); a successor outside it is dropped (an empty bitmap drops
    none).  The bitmap is read once every successor has been built, each word asked for (prefetched) when
    its successor's state is known: a bitmap bigger than the caches costs one wait for memory a code, not one
    a successor (8x8 open, 48 MB: 980 ns a code before, 5.1 successors)."""
    implied, slots, closed, back, nb = step.implied, step.slots, step.closed, step.back, step.nb
    finish, nf, needs, rem1_lo, rem1_hi = step.finish, step.nf, step.needs, step.rem1_lo, step.rem1_hi
    start_place, start_ahead, last, mirror = step.start_place, step.start_ahead, step.last, step.mirror
    if step.packed:
        c0, c1 = unpack(c0)
    lo, hi = entry(c0, c1, implied)
    v = slots
    lo, hi = set_cell(lo, hi, v, step.fill)
    full = 0
    for a in range(nb):
        values[a] = cell(lo, hi, back[a])
        full |= (values[a] == FULL) << a
    needed = 0
    for k in range(nf):  # a place finishing now: FULL, or a move of v must reach it (an open tour may end there)
        f = finish[k]
        x = cell(lo, hi, f)
        if f == v or x == FULL or (x != EMPTY and not closed):
            continue
        if (x == EMPTY and closed) or needs[k] == 0:
            return 0
        needed |= needs[k]
    v_needs = 0
    if closed:  # an empty place with one unswept neighbour left must be reached now
        loose_lo = equal(lo, EMPTY) & rem1_lo
        loose_hi = equal(hi, EMPTY) & rem1_hi
        for a in range(nb):
            if cell(loose_lo, loose_hi, back[a]):
                needed |= 1 << a
                loose_lo, loose_hi = set_cell(loose_lo, loose_hi, back[a], 0)
        v_needs = cell(loose_lo, loose_hi, v)
        loose_lo, loose_hi = set_cell(loose_lo, loose_hi, v, 0)
        if loose_lo | loose_hi:
            return 0
    choices = _CHOICES[nb, full | needed << 4 | v_needs << 8]
    found = 0
    while choices:
        choice = np.int64(cttz(_U(choices)))
        choices &= choices - 1
        a = _PAIRS[nb, choice, 0]
        b = _PAIRS[nb, choice, 1]
        u = back[a] if a < nb else -1
        w = back[b] if b < nb else -1
        x = values[a] if a < nb else -1
        y = values[b] if b < nb else -1
        if start_place >= 0 and ((u == start_place or w == start_place) and cell(lo, hi, start_place) != EMPTY
                                 or start_place == v and w >= 0):
            continue  # the start square is an end of the tour: it takes one move only
        new_lo, new_hi = lo, hi
        whole = 0  # 1: the tour is whole (a cycle closed, or an open tour's paths joined); -1: not allowed
        if u >= 0:
            if w < 0:  # one move: v takes over the end of u's path (a new pair if u was empty)
                if x == EMPTY:
                    new_lo, new_hi = set_cell(new_lo, new_hi, u, SCRATCH_LABEL)
                    new_lo, new_hi = set_cell(new_lo, new_hi, v, SCRATCH_LABEL)
                else:
                    new_lo, new_hi = set_cell(new_lo, new_hi, v, x)
                    new_lo, new_hi = set_cell(new_lo, new_hi, u, FULL)
            else:  # two moves: v is FULL, and the paths of u and w are joined through it
                new_lo, new_hi = set_cell(new_lo, new_hi, v, FULL)
                if x == EMPTY and y == EMPTY:
                    new_lo, new_hi = set_cell(new_lo, new_hi, u, SCRATCH_LABEL)
                    new_lo, new_hi = set_cell(new_lo, new_hi, w, SCRATCH_LABEL)
                elif x == EMPTY:
                    new_lo, new_hi = set_cell(new_lo, new_hi, u, y)
                    new_lo, new_hi = set_cell(new_lo, new_hi, w, FULL)
                elif y == EMPTY:
                    new_lo, new_hi = set_cell(new_lo, new_hi, w, x)
                    new_lo, new_hi = set_cell(new_lo, new_hi, u, FULL)
                else:
                    new_lo, new_hi = set_cell(new_lo, new_hi, u, FULL)
                    new_lo, new_hi = set_cell(new_lo, new_hi, w, FULL)
                    if x == y:  # a cycle, or (DANGLING twice) the paths from both ends of an open tour
                        whole = 1 if closed == (x != DANGLING) else -1
                    elif x == DANGLING:
                        new_lo, new_hi = relabel(new_lo, new_hi, y, DANGLING)
                    else:
                        new_lo, new_hi = relabel(new_lo, new_hi, x, y)
        for kf in range(nf):  # the places that finish now
            if whole < 0:
                break
            f = finish[kf]
            z = cell(new_lo, new_hi, f)
            if z == FULL:
                continue
            if z == EMPTY or closed or whole:
                whole = -1
                break
            new_lo, new_hi = set_cell(new_lo, new_hi, f, FULL)
            if z == DANGLING:  # the second end of the tour: the path is whole
                whole = 1
                continue
            if tally(equal(new_lo, DANGLING)) + tally(equal(new_hi, DANGLING)) >= 2:
                whole = -1  # a third end
                break
            new_lo, new_hi = relabel(new_lo, new_hi, z, DANGLING)
        if whole < 0 or (whole and not last) or (new_lo & NIBBLE) != _U(FULL):
            continue
        if not closed:  # at most two ends: DANGLING places, and empty ones with one unswept neighbour left
            ends = tally((equal(new_lo, DANGLING) | (equal(new_lo, EMPTY) & rem1_lo)) & ~NIBBLE) + \
                tally(equal(new_hi, DANGLING) | (equal(new_hi, EMPTY) & rem1_hi))
            if ends > 2:
                continue
        if len(completable) and not last:
            at = _relaxed(new_lo, new_hi, slots, closed, start_place, start_ahead)
            if at < 0:
                continue
            prefetch(completable, at >> 6)
            values[4 + found] = at
        shift = _U(CELL_BITS * (1 + implied))  # place 0 leaves (and, for closed tours, place 1 is implied)
        new_lo, new_hi = renumber((new_lo >> shift) | (new_hi << (_U(64) - shift)), new_hi >> shift)
        if mirror:
            image_lo, image_hi = reflected(new_lo, new_hi, step.reflect)
            if image_hi < new_hi or (image_hi == new_hi and image_lo < new_lo):
                new_lo, new_hi = image_lo, image_hi
        if step.packed:
            new_lo, new_hi = pack(new_lo, new_hi), _U(0)
        out[found, 0] = np.int64(new_lo)
        out[found, 1] = np.int64(new_hi)
        found += 1
    if not len(completable) or last:
        return found
    kept = 0
    for k in range(found):
        at = values[4 + k]
        if (completable[at >> 6] >> _U(at & 63)) & _U(1):
            out[kept, 0] = out[k, 0]
            out[kept, 1] = out[k, 1]
            kept += 1
    return kept


@njit(cache=True, inline="always")
def partition_key(c0, c1, step):
    """What decides the partition of every successor of code ``(c0, c1)`` at ``step``, before any is built: two
    words marking which of the places ``step.key_lo``, ``step.key_hi`` hold EMPTY (1) and which FULL (2).
    A move of the new square changes only the places it reaches and, when it joins two paths, the labels of
    their far ends (a label stays a label, or becomes DANGLING): every other place keeps its kind, so each
    successor has its parent's key, and codes with one successor in common have one key.  With
    ``step.mirror``, the key in the successor's cells or that of its mirror image, the smaller: a successor
    kept as its image has the same key."""
    if step.packed:
        c0, c1 = unpack(c0)
    lo, hi = entry(c0, c1, step.implied)
    key_lo = (equal(lo, EMPTY) | (equal(lo, FULL) << _U(1))) & step.key_lo
    key_hi = (equal(hi, EMPTY) | (equal(hi, FULL) << _U(1))) & step.key_hi
    if not step.mirror:
        return key_lo, key_hi
    shift = _U(CELL_BITS * (1 + step.implied))
    key_lo, key_hi = (key_lo >> shift) | (key_hi << (_U(64) - shift)), key_hi >> shift
    image_lo, image_hi = reflected(key_lo, key_hi, step.reflect)
    if image_hi < key_hi or (image_hi == key_hi and image_lo < key_lo):
        return image_lo, image_hi
    return key_lo, key_hi


@njit(cache=True)
def _successor_codes(c0, c1, step, completable):
    out = np.empty((16, 2), dtype=np.int64)
    values = np.empty(WORK_VALUES, dtype=np.int64)
    found = successor_words(_U(c0), _U(c1), step, completable, out, values)
    return out[:found].copy()


def check_bitmap(completable: np.ndarray, plan: Plan) -> None:
    """Refuse what is not a bitmap of the relaxation's states of ``plan`` (or an empty one: no test)."""
    if not isinstance(completable, np.ndarray) or completable.dtype != np.uint64 or completable.ndim != 1 or \
            len(completable) not in ((0, (plan.relaxed_size + 63) // 64) if plan.relaxes else (0,)):
        raise InputError(f"{{parameter}} must be a uint64 bitmap of {plan.relaxed_size} bits, or empty",
                         parameter="completable", value=getattr(completable, "shape", type(completable).__name__))


#: the bitmap that tests no successor
KEEP_ALL = np.zeros(0, dtype=np.uint64)


def successors(code: int, plan: Plan, step: int, completable: np.ndarray = KEEP_ALL) -> list[int]:
    """The codes that ``code`` leads to at ``step``, one for each choice of moves of the new square that
    survives (two choices may lead to the same code: both are listed); with ``completable`` (the step's
    bitmap, :meth:`.completable.Completable.bitmap`), those that can still be completed.  Codes are 4 bits a
    cell (:func:`row_code`), packed or not in the plan's rows."""
    if not isinstance(plan, Plan):
        raise InputError("{parameter} must be a frontier.Plan", parameter="plan", value=type(plan).__name__)
    if not 0 <= step < plan.squares:
        raise InputError(f"{{parameter}} must be 0..{plan.squares - 1}", parameter="step", value=step)
    if not 0 <= code < 1 << (CELL_BITS * plan.cells):
        raise InputError(f"{{parameter}} must be a code of {plan.cells} cells", parameter="code", value=code)
    if plan.packed and unpacked_code(packed_code(code)) != code:
        raise InputError("{parameter} must be a renumbered code (its labels in order of first appearance)",
                         parameter="code", value=code)
    check_bitmap(completable, plan)
    mask = (1 << 64) - 1
    kept = packed_code(code) if plan.packed else code
    words = _successor_codes(np.uint64(kept & mask).view(np.int64), np.uint64(kept >> 64).view(np.int64),
                             plan.step(step), completable)
    return [unpacked_code(code_of(row)) if plan.packed else code_of(row) for row in words]
