"""Counting knight's tours without listing them: the frontier dynamic program's transition and its table.

The board is swept square by square, column after column along its longer
side (the columns are its shorter side, ``height`` squares tall).  A knight
move from a square reaches at most two columns ahead, so after square ``i``
only the squares ``i - 2*height .. i`` can still gain a move of the tour: that
window of ``2*height + 1`` squares is the *frontier*.  A partial tour (the
moves chosen between swept squares) is described, as far as the rest of the
sweep cares, by the value of each frontier square:

* ``EMPTY``: no move of the tour touches it yet;
* ``FULL``: it has its two moves, it is finished, or it is blocked;
* ``DANGLING``: one move so far, and the other end of its path is an end of the
  whole (open) tour, already finished;
* a *pair label* ``3, 4, ...``: one move so far; the other end of its path is
  the other frontier square with the same label.  Labels are numbered in order
  of first appearance, so that equal frontiers get equal codes.

A frontier is a *code*: its values as 4-bit cells, 16 to a 64-bit word (one
word up to 16 cells, two up to 32).  For closed tours the oldest square of the
frontier is left out of the code: it has at most one move still to come, so it
is FULL or the end of a path whose other end is in the code, the one label
that the code holds once (:func:`_entry`); 8 squares across thus fit one word
(16 cells), 10 across two.

A step (:func:`_successors`) takes each code and chooses the moves of the new
square to squares already swept (none, one or two of its at most four such
moves), on the working frontier of ``2*height + 2`` places held in two words:
a move sets a few cells and may join two paths (one label replaced by another,
for all cells at once: bit tricks on the words); the squares whose last
neighbour this is must be FULL (or, for open tours, become ends of the tour);
then the oldest place leaves, labels are renumbered, and the count of the code
is added to its successor's in a :class:`Table`, unless the degree relaxation
(:mod:`.completable`) says it can no longer be completed.  The counts of all codes after
the last square are the number of tours: closed ones undirected (a cycle is one
set of moves), open ones as undirected paths (the caller doubles them).

Counts are exact integers of any size: each is a few *limbs* of
:data:`LIMB_BITS` bits (int64 columns); a step whose sums would carry out of
the top limb says so, and the caller runs it again with one more limb.

The numba kernels are private; the public functions and :class:`Table`'s
methods check what they are given, then call them.  ``tests/frontier_reference.py``
is the same transition in plain Python, written another way (degrees and
mates), that the tests compare :func:`successors` with.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

import numpy as np
from llvmlite import ir
from numba import njit, types

from .. import compiling
from ..errors import InputError
from ..intrinsics import intrinsic

EMPTY, FULL, DANGLING, FIRST_LABEL = 0, 1, 2, 3
#: the label a transition gives a new pair before the labels are renumbered (above every label a code holds)
SCRATCH_LABEL = 15
#: bits of a cell of a code
CELL_BITS = 4
#: the widest board the codes hold: 10 squares across (21 cells, 10 pair labels, two words)
MOST_HEIGHT = 10
#: the most states the degree relaxation may have (bits of a step's bitmap: 64 MB, boards up to 8 across); a taller
#: board is counted without it (its states left out of the newest places, it kept almost every frontier: any need
#: there undoes the balance of the light and dark squares' needs that does most of the work)
MOST_RELAXED = 1 << 29
#: bits of a count's limb; two limbs add without overflow in int64
LIMB_BITS = 62
LIMB_MASK = (1 << LIMB_BITS) - 1
#: a table's empty place: a first word of cells all EMPTY, which no frontier of a tour has (the squares
#: swept before the window would have no move into it); a successor with that word is an error, not a count
NO_KEY = 0
#: the part of a table's places that may be filled before it must grow
LOAD = 0.75
#: how far ahead of the one being added a successor's table place is asked for (prefetched): the waits for
#: memory overlap instead of coming one after another (7x8 closed, a 512 MB table: 388 ns a frontier without,
#: 220 with)
AHEAD = 16
#: successors built before any is added: they are then added in one loop, prefetched :data:`AHEAD` ahead.
#: Added as they were built, between the builds, the same prefetches waited far more (8x8 closed, 20 million
#: frontiers of square 43 into a 12.8 GB table: 375 ns a frontier so, 245 in batches)
BATCH = 512

_U = np.uint64
_ONES = _U(0x1111111111111111)
_SEVENS = _U(0x7777777777777777)
_EIGHTS = _U(0x8888888888888888)
_FIVES = _U(0x5555555555555555)
_LOWS = _U(0x0F0F0F0F0F0F0F0F)
_BYTES = _U(0x0101010101010101)
_NIBBLE = _U(15)
_ZERO = _U(0)


@intrinsic
def _cttz(typingctx, x):
    """The number of trailing zero bits of a uint64 (one instruction)."""
    signature = types.uint64(types.uint64)

    def codegen(context, builder, sig, args):
        word = ir.IntType(64)
        fn = builder.module.declare_intrinsic("llvm.cttz", [word], ir.FunctionType(word, [word, ir.IntType(1)]))
        return builder.call(fn, [args[0], ir.Constant(ir.IntType(1), 0)])
    return signature, codegen


@intrinsic
def _prefetch(typingctx, table, row):
    """Ask for the cache line of ``table[row, 0]`` (a hint: nothing waits for it)."""
    signature = types.void(table, row)

    def codegen(context, builder, sig, args):
        array = context.make_array(sig.args[0])(context, builder, args[0])
        stride = builder.extract_value(array.strides, 0)
        address = builder.add(builder.ptrtoint(array.data, ir.IntType(64)), builder.mul(args[1], stride))
        byte_pointer = ir.IntType(8).as_pointer()
        i32 = ir.IntType(32)
        fn = builder.module.declare_intrinsic("llvm.prefetch", [byte_pointer],
                                              ir.FunctionType(ir.VoidType(), [byte_pointer, i32, i32, i32]))
        builder.call(fn, [builder.inttoptr(address, byte_pointer), ir.Constant(i32, 1), ir.Constant(i32, 3),
                          ir.Constant(i32, 1)])
        return context.get_dummy_value()
    return signature, codegen


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


def _nibbles(places: Iterable[int], value: int = 15) -> tuple[int, int]:
    """Two words with ``value`` in the cells of ``places`` (place p: bits 4p of the pair of words)."""
    words = [0, 0]
    for place in places:
        words[place >> 4] |= value << (CELL_BITS * (place & 15))
    return words[0], words[1]


def code_words(height: int, closed: bool) -> int:
    """The 64-bit words of a frontier code of a board ``height`` squares across: ``2 * height + 1`` cells, the
    oldest left out for closed tours (it is implied)."""
    return (CELL_BITS * (2 * height + 1 - int(closed)) + 63) // 64


def relaxes(height: int, closed: bool) -> bool:
    """Whether a board ``height`` squares across is counted with the degree relaxation: its states are at most
    :data:`MOST_RELAXED`."""
    return relaxed_states(height, closed) <= MOST_RELAXED


def relaxed_states(height: int, closed: bool) -> int:
    """The states of the degree relaxation of a board ``height`` squares across: a need of 0, 1 or 2 for each
    of the ``2 * height + 1`` places of a frontier, and for open tours 0, 1 or 2 ends still to come."""
    return (1 if closed else 3) * 3 ** (2 * height + 1)


@dataclass(frozen=True)
class Step:
    """What step ``index`` of a :class:`Plan` looks at: the places of the new square's moves back
    (``back``, ``nb`` of them), the places whose last neighbour it is (``finish``, ``nf``; ``needs[k]``:
    the moves back that reach ``finish[k]``, as bits), the places with one unswept neighbour left (``rem1``,
    bit 0 of their cells), the new square's value before any move (``fill``: FULL when blocked), the start
    square's place (-1: none in the frontier, or no start) and whether it is still to come after this step
    (``start_ahead``), whether it is the last free square, and whether a code and its mirror image are the
    same state after it (``mirror``: a column ends, and the rest of the board is symmetric top to bottom)."""

    index: int
    back: np.ndarray
    nb: int
    finish: np.ndarray
    nf: int
    needs: np.ndarray
    rem1: np.ndarray
    fill: int
    start_place: int
    start_ahead: bool
    last: bool
    mirror: bool


@dataclass(frozen=True)
class Plan:
    """The sweep of a board, ``height`` squares a column (its shorter side) and ``width`` columns.

    Squares are numbered in sweep order ``i = column * height + row``.  At step
    ``i`` the working frontier has ``slots + 1`` places: place ``j`` is square
    ``i - slots + j``, place ``slots`` the new square ``i``.  ``closed``: the kind
    of tour (closed tours leave the oldest place out of the code: ``implied``);
    ``start``: the square an open tour must start on (-1: any); ``blocked``: the
    squares taken off the board.  ``cells`` of a code, ``words`` of 64 bits.

    ``symmetric``: where a column ends and the rest of the board (the two
    columns of the frontier and those to come, its blocked squares and the start
    square if it is still to come) is symmetric top to bottom, a frontier and
    its mirror image have as many completions, so only the smaller of their
    two codes is kept (with both counts): about half the states.  ``reflect``
    maps each cell of a code at such a step to its mirror image's cell.

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
            rem1[i] = _nibbles([u - (i - slots) for u in window if u > i - slots and free[u] and left[u] == 1], 1)
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
        for name, value in (("mirror", mirror), ("reflect", reflect), ("slots", slots), ("implied", int(self.closed)),
                            ("cells", slots - int(self.closed)), ("back", back), ("nback", nback),
                            ("finish", finish), ("nfinish", nfinish), ("needs", needs), ("rem1", rem1),
                            ("fill", np.where(free, EMPTY, FULL).astype(np.int64)),
                            ("last_free", int(np.flatnonzero(free)[-1]) if free.any() else -1)):
            object.__setattr__(self, name, value)
        object.__setattr__(self, "words", code_words(height, self.closed))
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
        return Step(index, self.back[index], int(self.nback[index]), self.finish[index], int(self.nfinish[index]),
                    self.needs[index], self.rem1[index], int(self.fill[index]), start_place, self.start > index,
                    index == self.last_free, bool(self.mirror[index]))



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
    code = _nibbles(range(plan.cells), FULL)[:plan.words]
    return np.array([[*code, 1]], dtype=np.uint64).view(np.int64)


def code_of(words: Iterable[int]) -> int:
    """A code as one Python integer (word k worth 2^(64k))."""
    return sum((int(w) & ((1 << 64) - 1)) << (64 * k) for k, w in enumerate(words))


# --------------------------------------------------------------------------------------------------------------
# The transition, on two words of 4-bit cells.


@njit(cache=True, inline="always")
def _get(lo, hi, place):
    if place < 16:
        return np.int64((lo >> _U(4 * place)) & _NIBBLE)
    return np.int64((hi >> _U(4 * (place - 16))) & _NIBBLE)


@njit(cache=True, inline="always")
def _set(lo, hi, place, value):
    if place < 16:
        shift = _U(4 * place)
        return (lo & ~(_NIBBLE << shift)) | (_U(value) << shift), hi
    shift = _U(4 * (place - 16))
    return lo, (hi & ~(_NIBBLE << shift)) | (_U(value) << shift)


@njit(cache=True, inline="always")
def _equal(word, value):
    """Bit 0 of each cell of ``word`` set where the cell holds ``value``."""
    t = word ^ (_U(value) * _ONES)
    return (~(((t & _SEVENS) + _SEVENS) | t) & _EIGHTS) >> _U(3)


@njit(cache=True, inline="always")
def _labels(word):
    """Bit 0 of each cell set where the cell holds a pair label (3 or more)."""
    return ((((word & _SEVENS) + _FIVES) | word) & _EIGHTS) >> _U(3)


@njit(cache=True, inline="always")
def _tally(bits):
    """How many cells a bit-0 mask marks."""
    return np.int64((((bits + (bits >> _U(4))) & _LOWS) * _BYTES) >> _U(56))


@njit(cache=True, inline="always")
def _cell_sum(word):
    return np.int64((((word & _LOWS) + ((word >> _U(4)) & _LOWS)) * _BYTES) >> _U(56))


@njit(cache=True, inline="always")
def _relabel(lo, hi, old, new):
    """Every cell holding ``old`` now holds ``new``."""
    change = _U(old ^ new)
    return lo ^ (_equal(lo, old) * change), hi ^ (_equal(hi, old) * change)


@njit(cache=True, inline="always")
def _renumber_word(x):
    """The pair labels of one word renumbered 3, 4, ... in order of first appearance."""
    pending = (((x & _SEVENS) + _FIVES) | x) & _EIGHTS
    out = x & ~((pending >> _U(3)) * _NIBBLE)
    following = _U(FIRST_LABEL)
    while pending:
        value = (x >> (_cttz(pending) - _U(3))) & _NIBBLE
        t = x ^ (value * _ONES)
        same = ~(((t & _SEVENS) + _SEVENS) | t) & _EIGHTS
        out |= (same >> _U(3)) * following
        pending &= ~same
        following += _U(1)
    return out


@njit(cache=True, inline="always")
def _renumber(lo, hi):
    """The pair labels of a code renumbered 3, 4, ... in order of first appearance (one word or two)."""
    if hi == _ZERO:
        return _renumber_word(lo), _ZERO
    pending_lo = _labels(lo)
    pending_hi = _labels(hi)
    out_lo = lo & ~(pending_lo * _NIBBLE)
    out_hi = hi & ~(pending_hi * _NIBBLE)
    following = _U(FIRST_LABEL)
    while pending_lo | pending_hi:
        if pending_lo:
            value = (lo >> _cttz(pending_lo)) & _NIBBLE
        else:
            value = (hi >> _cttz(pending_hi)) & _NIBBLE
        same_lo = _equal(lo, value)
        same_hi = _equal(hi, value)
        out_lo |= same_lo * following
        out_hi |= same_hi * following
        pending_lo &= ~same_lo
        pending_hi &= ~same_hi
        following += _U(1)
    return out_lo, out_hi


@njit(cache=True, inline="always")
def _entry(c0, c1, implied):
    """The working frontier of a code: places 0 .. slots - 1 in the cells of two words. For closed tours
    place 0 is the one label the code holds once (the sum of the labels tells which), else FULL."""
    if not implied:
        return c0, c1
    lo = c0 << _U(CELL_BITS)
    hi = (c1 << _U(CELL_BITS)) | (c0 >> _U(64 - CELL_BITS))
    labels_lo = _labels(lo)
    labels_hi = _labels(hi)
    count = _tally(labels_lo) + _tally(labels_hi)
    if count & 1:
        most = 2 + (count + 1) // 2  # labels 3 .. most, each twice but one
        total = _cell_sum(lo & (labels_lo * _NIBBLE)) + _cell_sum(hi & (labels_hi * _NIBBLE))
        return lo | _U((3 + most) * (most - 2) - total), hi
    return lo | _U(FULL), hi


@njit(cache=True, inline="always")
def _reflected(lo, hi, reflect):
    """A code's mirror image (cell ``k`` moved to cell ``reflect[k]``), labels renumbered."""
    out_lo = _ZERO
    out_hi = _ZERO
    for k in range(len(reflect)):
        x = _U(_get(lo, hi, k))
        to = reflect[k]
        if to < 16:
            out_lo |= x << _U(4 * to)
        else:
            out_hi |= x << _U(4 * (to - 16))
    return _renumber(out_lo, out_hi)


@njit(cache=True, inline="always")
def _packed(flags):
    """Bit 0 of each of a word's 16 cells (a mask of :func:`_equal`) as 16 bits: cell ``k``, bit ``k``."""
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
    empty = _packed(_equal(lo, EMPTY)) | (_packed(_equal(hi, EMPTY)) << 16)
    full = _packed(_equal(lo, FULL)) | (_packed(_equal(hi, FULL)) << 16)
    mask = (1 << slots) - 1
    index = 2 * _trits((empty >> 1) & mask) + _trits((~(empty | full) >> 1) & mask)
    if closed:
        return index
    ends = _tally(_equal(lo, DANGLING) & ~_NIBBLE) + _tally(_equal(hi, DANGLING)) + start_ahead
    if start_place > 0 and _get(lo, hi, start_place) != FULL:
        ends += 1
        index -= POWERS_OF_3[start_place - 1]
    if ends > 2:
        return -1
    return index + (2 - ends) * POWERS_OF_3[slots]


@njit(cache=True, inline="always")
def _successors(c0, c1, implied, slots, back, nb, finish, nf, needs, rem1_lo, rem1_hi, fill, closed, start_place,
                start_ahead, last, mirror, reflect, completable, out, values):
    """The codes that code ``(c0, c1)`` leads to at this step, written to ``out`` (rows of two words);
    returns how many.  ``values``: a work array of 4.  With ``mirror``, each is the smaller of itself and
    its mirror image (:func:`_reflected`).  ``completable``: the bitmap of the relaxation's states that can
    still be completed after this step (:func:`_relaxed`); a successor outside it is dropped (an empty
    bitmap drops none)."""
    lo, hi = _entry(c0, c1, implied)
    v = slots
    lo, hi = _set(lo, hi, v, fill)
    full = 0
    for a in range(nb):
        values[a] = _get(lo, hi, back[a])
        full |= (values[a] == FULL) << a
    needed = 0
    for k in range(nf):  # a place finishing now: FULL, or a move of v must reach it (an open tour may end there)
        f = finish[k]
        x = _get(lo, hi, f)
        if f == v or x == FULL or (x != EMPTY and not closed):
            continue
        if (x == EMPTY and closed) or needs[k] == 0:
            return 0
        needed |= needs[k]
    v_needs = 0
    if closed:  # an empty place with one unswept neighbour left must be reached now
        loose_lo = _equal(lo, EMPTY) & rem1_lo
        loose_hi = _equal(hi, EMPTY) & rem1_hi
        for a in range(nb):
            if _get(loose_lo, loose_hi, back[a]):
                needed |= 1 << a
                loose_lo, loose_hi = _set(loose_lo, loose_hi, back[a], 0)
        v_needs = _get(loose_lo, loose_hi, v)
        loose_lo, loose_hi = _set(loose_lo, loose_hi, v, 0)
        if loose_lo | loose_hi:
            return 0
    choices = _CHOICES[nb, full | needed << 4 | v_needs << 8]
    found = 0
    while choices:
        choice = np.int64(_cttz(_U(choices)))
        choices &= choices - 1
        a = _PAIRS[nb, choice, 0]
        b = _PAIRS[nb, choice, 1]
        u = back[a] if a < nb else -1
        w = back[b] if b < nb else -1
        x = values[a] if a < nb else -1
        y = values[b] if b < nb else -1
        if start_place >= 0 and ((u == start_place or w == start_place) and _get(lo, hi, start_place) != EMPTY
                                 or start_place == v and w >= 0):
            continue  # the start square is an end of the tour: it takes one move only
        new_lo, new_hi = lo, hi
        whole = 0  # 1: the tour is whole (a cycle closed, or an open tour's paths joined); -1: not allowed
        if u >= 0:
            if w < 0:  # one move: v takes over the end of u's path (a new pair if u was empty)
                if x == EMPTY:
                    new_lo, new_hi = _set(new_lo, new_hi, u, SCRATCH_LABEL)
                    new_lo, new_hi = _set(new_lo, new_hi, v, SCRATCH_LABEL)
                else:
                    new_lo, new_hi = _set(new_lo, new_hi, v, x)
                    new_lo, new_hi = _set(new_lo, new_hi, u, FULL)
            else:  # two moves: v is FULL, and the paths of u and w are joined through it
                new_lo, new_hi = _set(new_lo, new_hi, v, FULL)
                if x == EMPTY and y == EMPTY:
                    new_lo, new_hi = _set(new_lo, new_hi, u, SCRATCH_LABEL)
                    new_lo, new_hi = _set(new_lo, new_hi, w, SCRATCH_LABEL)
                elif x == EMPTY:
                    new_lo, new_hi = _set(new_lo, new_hi, u, y)
                    new_lo, new_hi = _set(new_lo, new_hi, w, FULL)
                elif y == EMPTY:
                    new_lo, new_hi = _set(new_lo, new_hi, w, x)
                    new_lo, new_hi = _set(new_lo, new_hi, u, FULL)
                else:
                    new_lo, new_hi = _set(new_lo, new_hi, u, FULL)
                    new_lo, new_hi = _set(new_lo, new_hi, w, FULL)
                    if x == y:  # a cycle, or (DANGLING twice) the paths from both ends of an open tour
                        whole = 1 if closed == (x != DANGLING) else -1
                    elif x == DANGLING:
                        new_lo, new_hi = _relabel(new_lo, new_hi, y, DANGLING)
                    else:
                        new_lo, new_hi = _relabel(new_lo, new_hi, x, y)
        for kf in range(nf):  # the places that finish now
            if whole < 0:
                break
            f = finish[kf]
            z = _get(new_lo, new_hi, f)
            if z == FULL:
                continue
            if z == EMPTY or closed or whole:
                whole = -1
                break
            new_lo, new_hi = _set(new_lo, new_hi, f, FULL)
            if z == DANGLING:  # the second end of the tour: the path is whole
                whole = 1
                continue
            if _tally(_equal(new_lo, DANGLING)) + _tally(_equal(new_hi, DANGLING)) >= 2:
                whole = -1  # a third end
                break
            new_lo, new_hi = _relabel(new_lo, new_hi, z, DANGLING)
        if whole < 0 or (whole and not last) or (new_lo & _NIBBLE) != _U(FULL):
            continue
        if not closed:  # at most two ends: DANGLING places, and empty ones with one unswept neighbour left
            ends = _tally((_equal(new_lo, DANGLING) | (_equal(new_lo, EMPTY) & rem1_lo)) & ~_NIBBLE) + \
                _tally(_equal(new_hi, DANGLING) | (_equal(new_hi, EMPTY) & rem1_hi))
            if ends > 2:
                continue
        if len(completable) and not last:
            at = _relaxed(new_lo, new_hi, slots, closed, start_place, start_ahead)
            if at < 0 or not (completable[at >> 6] >> _U(at & 63)) & _U(1):
                continue
        shift = _U(CELL_BITS * (1 + implied))  # place 0 leaves (and, for closed tours, place 1 is implied)
        new_lo, new_hi = _renumber((new_lo >> shift) | (new_hi << (_U(64) - shift)), new_hi >> shift)
        if mirror:
            image_lo, image_hi = _reflected(new_lo, new_hi, reflect)
            if image_hi < new_hi or (image_hi == new_hi and image_lo < new_lo):
                new_lo, new_hi = image_lo, image_hi
        out[found, 0] = np.int64(new_lo)
        out[found, 1] = np.int64(new_hi)
        found += 1
    return found


@njit(cache=True)
def _successor_codes(c0, c1, implied, slots, back, nb, finish, nf, needs, rem1, fill, closed, start_place,
                     start_ahead, last, mirror, reflect, completable):
    out = np.empty((16, 2), dtype=np.int64)
    values = np.empty(4, dtype=np.int64)
    found = _successors(_U(c0), _U(c1), implied, slots, back, nb, finish, nf, needs, rem1[0], rem1[1], fill, closed,
                        start_place, start_ahead, last, mirror, reflect, completable, out, values)
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
    bitmap, :meth:`.completable.Completable.bitmap`), those that can still be completed."""
    if not isinstance(plan, Plan):
        raise InputError("{parameter} must be a frontier.Plan", parameter="plan", value=type(plan).__name__)
    if not 0 <= step < plan.squares:
        raise InputError(f"{{parameter}} must be 0..{plan.squares - 1}", parameter="step", value=step)
    if not 0 <= code < 1 << (CELL_BITS * plan.cells):
        raise InputError(f"{{parameter}} must be a code of {plan.cells} cells", parameter="code", value=code)
    check_bitmap(completable, plan)
    s = plan.step(step)
    mask = (1 << 64) - 1
    words = _successor_codes(np.uint64(code & mask).view(np.int64), np.uint64(code >> 64).view(np.int64),
                             plan.implied, plan.slots, s.back, s.nb, s.finish, s.nf, s.needs, s.rem1, s.fill,
                             plan.closed, s.start_place, s.start_ahead, s.last, s.mirror, plan.reflect,
                             completable)
    return [code_of(row) for row in words]


# --------------------------------------------------------------------------------------------------------------
# The table: open addressing with linear probing, a row a place (the code's words, then its count's limbs).


@njit(cache=True, inline="always")
def _mix(k0, k1):
    h = (k0 ^ (k1 * _U(0xD6E8FEB86659FD93))) * _U(0x9E3779B97F4A7C15)
    h ^= h >> _U(32)
    return h * _U(0xBF58476D1CE4E5B9)


@njit(cache=True, inline="always")
def _home(k0, k1, places):
    """The first place a code looks at in a table of ``places`` places (fewer than 2 ** 32)."""
    return np.int64(((_mix(_U(k0), _U(k1)) >> _U(32)) * _U(places)) >> _U(32))


@njit(cache=True, inline="always")
def _part(k0, k1, parts):
    """Which of ``parts`` partitions (fewer than 2 ** 32) a code belongs to (another hash than the table's;
    a product and a shift, as :func:`_home`: a division would cost as much as building a successor's code)."""
    h = (_U(k0) * _U(0x94D049BB133111EB)) ^ (_U(k1) * _U(0xC2B2AE3D27D4EB4F))
    return np.int64(((h >> _U(32)) * _U(parts)) >> _U(32))


@njit(cache=True, inline="always")
def _add(table, words, k0, k1, at, source, row):
    """Add the count of ``source[row]`` (a row of a code's words and its limbs, maybe fewer than the table's)
    to the count of code ``(k0, k1)``, looking for its place from ``at`` on.
    Returns (1 if the code is new, 1 if the sum carried out of the top limb)."""
    while True:
        held = table[at, 0]
        if held == NO_KEY or (held == k0 and (words == 1 or table[at, 1] == k1)):
            break
        at += 1
        if at == len(table):
            at = 0
    new = 0
    if held == NO_KEY:
        table[at, 0] = k0
        if words > 1:
            table[at, 1] = k1
        new = 1
    carry = 0
    given = source.shape[1] - words
    for limb in range(table.shape[1] - words):
        total = table[at, words + limb] + carry + (source[row, words + limb] if limb < given else 0)
        table[at, words + limb] = total & LIMB_MASK
        carry = total >> LIMB_BITS
    return new, carry


@njit(cache=True, inline="always")
def _add_all(table, words, keys, places, source, from_rows, n):
    """Add the ``n`` codes of ``keys`` (their first words, then their second ones) with the counts of rows
    ``from_rows`` of ``source`` to the table, each looked for from its place in ``places``, the place
    :data:`AHEAD` further on asked for first.  Returns (new codes, 1 if a sum carried out of the top limb)."""
    added = 0
    overflow = 0
    for k in range(min(n, AHEAD)):
        _prefetch(table, places[k])
    for k in range(n):
        if k + AHEAD < n:
            _prefetch(table, places[k + AHEAD])
        new, carry = _add(table, words, keys[0, k], keys[1, k], places[k], source, from_rows[k])
        added += new
        overflow |= carry
    return added, overflow


@njit(cache=True, nogil=True)
def _expand(rows, words, lo, hi, implied, slots, back, nb, finish, nf, needs, rem1, fill, closed, start_place,
            start_ahead, last, mirror, reflect, completable, table, room, parts, part, outbox,
            out_filled):
    """Add the successors of the codes in rows ``lo..hi`` of ``rows`` (a code's ``words``, then its count's
    limbs; rows whose first word is :data:`NO_KEY`, a table's empty places, are skipped) that belong to
    partition ``part`` to the table, :data:`BATCH` at a time; write those of the other partitions to row
    ``p`` of ``outbox`` (with the count of their code; ``out_filled[p]`` says how many rows are used), so
    that each successor is built once however many partitions a step has.  Stops once fewer than 16 new
    codes fit in ``room`` (the caller grows the table) or an outbox row has less than 16 free rows (the
    caller hands it over).
    Returns (the next row to take, new codes, 1 if a count outgrew its limbs, 2 if a successor's first word
    was :data:`NO_KEY`)."""
    out = np.empty((16, 2), dtype=np.int64)
    values = np.empty(4, dtype=np.int64)
    keys = np.empty((2, BATCH), dtype=np.int64)
    places = np.empty(BATCH, dtype=np.int64)
    from_rows = np.empty(BATCH, dtype=np.int64)
    columns = rows.shape[1]
    capacity = outbox.shape[1] - 16
    fullest = 0
    for p in range(len(out_filled)):
        fullest = max(fullest, out_filled[p])
    held = 0
    added = 0
    overflow = 0
    i = lo
    while i < hi and fullest <= capacity:
        if held + 16 > BATCH or added + held + 16 > room:
            new, carry = _add_all(table, words, keys, places, rows, from_rows, held)
            added += new
            overflow |= carry
            held = 0
            if added + 16 > room:
                break
        if rows[i, 0] == NO_KEY:
            i += 1
            continue
        c1 = rows[i, 1] if words > 1 else 0
        found = _successors(_U(rows[i, 0]), _U(c1), implied, slots, back, nb, finish, nf, needs, rem1[0], rem1[1],
                            fill, closed, start_place, start_ahead, last, mirror, reflect, completable, out,
                            values)
        for s in range(found):
            k0 = out[s, 0]
            k1 = out[s, 1]
            if k0 == NO_KEY:
                overflow |= 2  # not a frontier of a tour: the caller raises
                continue
            p = _part(k0, k1, parts) if parts > 1 else part
            if p != part:
                at = out_filled[p]
                outbox[p, at, 0] = k0
                if words > 1:
                    outbox[p, at, 1] = k1
                for column in range(words, columns):
                    outbox[p, at, column] = rows[i, column]
                out_filled[p] = at + 1
                fullest = max(fullest, at + 1)
                continue
            keys[0, held] = k0
            keys[1, held] = k1
            places[held] = _home(k0, k1, len(table))
            from_rows[held] = i
            held += 1
        i += 1
    new, carry = _add_all(table, words, keys, places, rows, from_rows, held)
    return i, added + new, overflow | carry


@njit(cache=True, nogil=True)
def _absorb(rows, words, lo, hi, table, room):
    """Add the codes of rows ``lo..hi`` with their counts (successors handed over or set aside, or a table's
    rows: empty places are skipped) to the table, :data:`BATCH` at a time.  Stops once ``room`` new codes
    have gone in.  Returns (the next row to take, new codes, 1 if a count outgrew its limbs)."""
    keys = np.empty((2, BATCH), dtype=np.int64)
    places = np.empty(BATCH, dtype=np.int64)
    from_rows = np.empty(BATCH, dtype=np.int64)
    added = 0
    overflow = 0
    i = lo
    while i < hi and added < room:
        stop = min(hi, i + min(BATCH, room - added))
        n = 0
        for j in range(i, stop):
            if rows[j, 0] != NO_KEY:
                keys[0, n] = rows[j, 0]
                keys[1, n] = rows[j, 1] if words > 1 else 0
                places[n] = _home(keys[0, n], keys[1, n], len(table))
                from_rows[n] = j
                n += 1
        new, carry = _add_all(table, words, keys, places, rows, from_rows, n)
        added += new
        overflow |= carry
        i = stop
    return i, added, overflow


@njit(cache=True, nogil=True)
def _gather(table, start, stop, out):
    """Copy the rows of places ``start..stop`` that hold a code to the front of ``out``; returns how many."""
    n = 0
    for at in range(start, stop):
        if table[at, 0] != NO_KEY:
            for column in range(table.shape[1]):
                out[n, column] = table[at, column]
            n += 1
    return n


def check_rows(rows: np.ndarray, words: int, lo: int = 0, hi: int = 0) -> None:
    """Refuse what is not rows of codes of ``words`` words and at least one limb, or a range outside them."""
    if rows.ndim != 2 or rows.dtype != np.int64 or rows.shape[1] <= words:
        raise InputError(f"{{parameter}} must be int64 rows of a code ({words} word(s)) and its count's limbs",
                         parameter="rows", value=rows.shape)
    if not 0 <= lo <= hi <= len(rows):
        raise InputError(f"{{parameter}} must be a range within 0..{len(rows)}", parameter="lo..hi", value=(lo, hi))


class Table:
    """The successors of a step, summed by code: ``places`` rows (16 to 2^32) of the code's ``words``
    and its count's ``limbs`` (:data:`NO_KEY`: an empty place); ``filled`` codes held.  :meth:`expand` and
    :meth:`absorb` stop early once ``room`` new codes fit no more (:data:`LOAD` of the places): the caller
    grows it (:meth:`grown`).  Its rows, empty places and all, can be the next step's rows."""

    def __init__(self, rows: np.ndarray, words: int) -> None:
        if rows.ndim != 2 or rows.dtype != np.int64 or not 16 <= len(rows) < 1 << 32:
            raise InputError("{parameter} must be an int64 array of 16 to 2^32 rows", parameter="rows",
                             value=rows.shape)
        if words not in (1, 2) or rows.shape[1] <= words:
            raise InputError("{parameter} must be 1 or 2, with room for the limbs after it", parameter="words",
                             value=words)
        self.rows, self.words = rows, words
        self.filled = 0

    @classmethod
    def empty(cls, rows: np.ndarray, words: int) -> Table:
        """A table on ``rows`` (any content), emptied."""
        table = cls(rows, words)
        table.clear()
        return table

    def clear(self) -> None:
        """Empty every place (a table reused costs one pass over it, not new memory)."""
        self.rows.fill(NO_KEY)
        self.filled = 0

    @property
    def places(self) -> int:
        return len(self.rows)

    @property
    def limbs(self) -> int:
        return self.rows.shape[1] - self.words

    @property
    def room(self) -> int:
        return int(LOAD * self.places) - self.filled

    def expand(self, plan: Plan, step: int, rows: np.ndarray, lo: int, hi: int, outbox: Outbox,
               part: int = 0, completable: np.ndarray = KEEP_ALL) -> int:
        """Add the successors at ``step`` of the codes in rows ``lo..hi`` that belong to partition ``part``
        of the outbox's partitions; the others go to the outbox; with ``completable`` (the step's bitmap of
        :mod:`.completable`), only those that can still be completed.  Returns the next row to take (before
        ``hi`` when the table must grow or the outbox be emptied); raises :class:`CountOverflow` if a count
        outgrew the limbs."""
        check_rows(rows, self.words, lo, hi)
        if plan.words != self.words or not 0 <= step < plan.squares:
            raise InputError("{parameter} must be a step of a plan whose codes fit this table", parameter="step",
                             value=step)
        if not 0 <= part < outbox.parts or outbox.rows.shape[2] != rows.shape[1] or rows.shape[1] > self.rows.shape[1]:
            raise InputError(f"{{parameter}} must be a partition 0..{outbox.parts - 1} of an outbox for these "
                             "rows", parameter="part", value=part)
        check_bitmap(completable, plan)
        s = plan.step(step)
        taken, added, overflow = _expand(
            rows, self.words, lo, hi, plan.implied, plan.slots, s.back, s.nb, s.finish, s.nf, s.needs, s.rem1,
            s.fill, plan.closed, s.start_place, s.start_ahead, s.last, s.mirror, plan.reflect, completable,
            self.rows, self.room, outbox.parts, part, outbox.rows, outbox.filled)
        self.filled += added
        if overflow & 2:
            raise RuntimeError(f"step {step} made a code whose first word is empty: not a frontier of a tour")
        if overflow:
            raise CountOverflow()
        return int(taken)

    def absorb(self, rows: np.ndarray, lo: int, hi: int) -> int:
        """Add the codes of rows ``lo..hi`` with their counts; returns the next row to take (before ``hi``
        when the table must grow); raises :class:`CountOverflow` if a count outgrew the limbs."""
        check_rows(rows, self.words, lo, hi)
        if rows.shape[1] > self.rows.shape[1]:
            raise InputError("{parameter} must have at most the table's limbs", parameter="rows", value=rows.shape)
        taken, added, overflow = _absorb(rows, self.words, lo, hi, self.rows, self.room)
        self.filled += added
        if overflow:
            raise CountOverflow()
        return int(taken)

    def grown(self, rows: np.ndarray) -> Table:
        """This table's codes and counts moved to ``rows`` (more places, empty)."""
        if len(rows) <= self.places or rows.shape[1] != self.rows.shape[1]:
            raise InputError("{parameter} must have more places than the table, as many columns",
                             parameter="rows", value=rows.shape)
        bigger = Table(rows, self.words)
        bigger.absorb(self.rows, 0, self.places)
        return bigger

    def entries(self, start: int, stop: int, out: np.ndarray) -> int:
        """Copy the rows of places ``start..stop`` that hold a code to the front of ``out`` (room for
        ``stop - start`` rows); returns how many."""
        if not 0 <= start <= stop <= self.places or len(out) < stop - start or out.shape[1:] != self.rows.shape[1:]:
            raise InputError("{parameter} must be places of the table, with room for them",
                             parameter="start..stop", value=(start, stop))
        return int(_gather(self.rows, start, stop, out))


    def dense(self) -> np.ndarray:
        """The rows that hold a code, one after another (gathered a slice of the table at a time)."""
        out = np.empty((self.filled, self.rows.shape[1]), dtype=np.int64)
        buffer = np.empty((min(1 << 20, self.places), self.rows.shape[1]), dtype=np.int64)
        at = 0
        for start in range(0, self.places, len(buffer)):
            n = self.entries(start, min(self.places, start + len(buffer)), buffer)
            out[at:at + n] = buffer[:n]
            at += n
        return out


class Outbox:
    """Successors set aside for the other partitions of a step: for each of ``parts`` partitions up to
    ``capacity`` rows of a code and its count (``columns``: words and limbs); ``filled[p]`` rows used.
    :meth:`Table.expand` stops when a row is full."""

    def __init__(self, parts: int, capacity: int, columns: int) -> None:
        if parts < 1 or capacity < 1 or columns < 2:
            raise InputError("{parameter} must be at least 1 (and columns at least 2)",
                             parameter="parts, capacity, columns", value=(parts, capacity, columns))
        self.parts = parts
        self.rows = np.empty((parts, capacity + 16, columns), dtype=np.int64)
        self.filled = np.zeros(parts, dtype=np.int64)

    @property
    def capacity(self) -> int:
        return self.rows.shape[1] - 16

    def take(self, part: int) -> np.ndarray:
        """The rows set aside for ``part`` (a copy), and that row of the outbox emptied."""
        rows = self.rows[part, :int(self.filled[part])].copy()
        self.filled[part] = 0
        return rows


class CountOverflow(Exception):
    """A count outgrew its limbs: the step is run again with one more."""


def to_int(limbs: np.ndarray) -> int:
    """A count's limbs as one Python integer."""
    return sum(int(x) << (LIMB_BITS * k) for k, x in enumerate(limbs))


#: Seconds to compile the sweep's kernels on a quiet 2-core machine (the first count of 3x12 closed took 12.4 s,
#: the next about 1 s).
COMPILE_SECONDS = 10.0


def kernels_ready() -> bool:
    """True if the sweep's kernel runs without compiling first (:func:`boardpuzzles.compiling.ready`): ``_expand``,
    which every count calls, and which takes nearly all of the compiler's time (the others are small, and a
    count that fits in memory calls neither)."""
    return compiling.ready(_expand)
