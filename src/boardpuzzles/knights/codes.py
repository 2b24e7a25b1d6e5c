"""The frontier's codes: a frontier of the knight's tour count (:mod:`.frontier`) as 4-bit cells in one or two
64-bit words, and the bit tricks that read and change them (numba, inlined into the kernels).

A frontier is a *code*: the value of each of its places as a 4-bit cell, 16 to
a 64-bit word (one word up to 16 cells, two up to 32):

* ``EMPTY``: no move of the tour touches it yet;
* ``FULL``: it has its two moves, it is finished, or it is blocked;
* ``DANGLING``: one move so far, and the other end of its path is an end of the
  whole (open) tour, already finished;
* a *pair label* ``3, 4, ...``: one move so far; the other end of its path is
  the other frontier square with the same label.  Labels are numbered in order
  of first appearance (:func:`renumber`), so that equal frontiers get equal codes.

For closed tours the oldest square of the frontier is left out of the code: it
has at most one move still to come, so it is FULL or the end of a path whose
other end is in the code, the one label that the code holds once
(:func:`entry`); 8 squares across thus fit one word (16 cells), 10 across two.

A code of :data:`PACKED_CELLS` cells (8 across, open) is kept in one word, not
two (:func:`pack`): its first three cells hold at most 3, 4 and 5 once renumbered
(a label's first place comes after the labels before it), so they take 2, 3 and 3
bits and the other 14 cells 4 each: 64 bits.  The kernels work on the two words
(:func:`unpack`) and keep the one.

A code's count is an exact integer of any size: a few *limbs* of
:data:`LIMB_BITS` bits (int64 columns) after the code's words in a row.
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np
from llvmlite import ir
from numba import njit, types

from ..intrinsics import intrinsic

EMPTY, FULL, DANGLING, FIRST_LABEL = 0, 1, 2, 3
#: the label a transition gives a new pair before the labels are renumbered (above every label a code holds)
SCRATCH_LABEL = 15
#: bits of a cell of a code
CELL_BITS = 4
#: the widest board the codes hold: 10 squares across (21 cells, 10 pair labels, two words)
MOST_HEIGHT = 10
#: bits of a count's limb; two limbs add without overflow in int64
LIMB_BITS = 62
LIMB_MASK = (1 << LIMB_BITS) - 1
#: the cells of a code kept in one packed word (:func:`pack`): 8 squares across, open tours
PACKED_CELLS = 17
#: a table's empty place: a first word of cells all EMPTY, which no frontier of a tour has (the squares
#: swept before the window would have no move into it); a successor with that word is an error, not a count
NO_KEY = 0

_U = np.uint64
_ONES = _U(0x1111111111111111)
_SEVENS = _U(0x7777777777777777)
_EIGHTS = _U(0x8888888888888888)
_FIVES = _U(0x5555555555555555)
_LOWS = _U(0x0F0F0F0F0F0F0F0F)
_BYTES = _U(0x0101010101010101)
_ZERO = _U(0)
#: a cell's bits
NIBBLE = _U(15)


@intrinsic
def cttz(typingctx, x):
    """The number of trailing zero bits of a uint64 (one instruction)."""
    signature = types.uint64(types.uint64)

    def codegen(context, builder, sig, args):
        word = ir.IntType(64)
        fn = builder.module.declare_intrinsic("llvm.cttz", [word], ir.FunctionType(word, [word, ir.IntType(1)]))
        return builder.call(fn, [args[0], ir.Constant(ir.IntType(1), 0)])
    return signature, codegen


def nibbles(places: Iterable[int], value: int = 15) -> tuple[int, int]:
    """Two words with ``value`` in the cells of ``places`` (place p: bits 4p of the pair of words)."""
    words = [0, 0]
    for place in places:
        words[place >> 4] |= value << (CELL_BITS * (place & 15))
    return words[0], words[1]


def code_words(height: int, closed: bool) -> int:
    """The 64-bit words a frontier code of a board ``height`` squares across is kept in: ``2 * height + 1``
    cells, the oldest left out for closed tours (it is implied); one packed word for :data:`PACKED_CELLS`."""
    cells = 2 * height + 1 - int(closed)
    return 1 if cells == PACKED_CELLS else (CELL_BITS * cells + 63) // 64


def packed_code(code: int) -> int:
    """A code of :data:`PACKED_CELLS` cells (one Python integer, 4 bits a cell) as its packed word
    (:func:`pack`)."""
    return int(pack(_U(code & ((1 << 64) - 1)), _U(code >> 64)))


def unpacked_code(word: int) -> int:
    """The code (4 bits a cell, one Python integer) of a packed word (:func:`unpack`)."""
    lo, hi = unpack(_U(word & ((1 << 64) - 1)))
    return code_of((lo, hi))


def code_of(words: Iterable[int]) -> int:
    """A code as one Python integer (word k worth 2^(64k))."""
    return sum((int(w) & ((1 << 64) - 1)) << (64 * k) for k, w in enumerate(words))


def to_int(limbs: np.ndarray) -> int:
    """A count's limbs as one Python integer."""
    return sum(int(x) << (LIMB_BITS * k) for k, x in enumerate(limbs))


@njit(cache=True, inline="always")
def cell(lo, hi, place):
    """The value of place ``place`` of the two words ``lo``, ``hi`` (places 0 to 15 in ``lo``)."""
    if place < 16:
        return np.int64((lo >> _U(4 * place)) & NIBBLE)
    return np.int64((hi >> _U(4 * (place - 16))) & NIBBLE)


@njit(cache=True, inline="always")
def set_cell(lo, hi, place, value):
    """The two words with place ``place`` set to ``value``."""
    if place < 16:
        shift = _U(4 * place)
        return (lo & ~(NIBBLE << shift)) | (_U(value) << shift), hi
    shift = _U(4 * (place - 16))
    return lo, (hi & ~(NIBBLE << shift)) | (_U(value) << shift)


@njit(cache=True, inline="always")
def pack(lo, hi):
    """A renumbered code of :data:`PACKED_CELLS` cells (two words) in one word: cell 0 in bits 0-1, cell 1 in
    bits 2-4, cell 2 in bits 5-7, cells 3 to 16 in 4 bits each from bit 8."""
    return ((lo & _U(3)) | (((lo >> _U(4)) & _U(7)) << _U(2)) | (((lo >> _U(8)) & _U(7)) << _U(5))
            | ((lo >> _U(12)) << _U(8)) | (hi << _U(60)))


@njit(cache=True, inline="always")
def unpack(word):
    """The two words of a code packed by :func:`pack`."""
    lo = ((word & _U(3)) | (((word >> _U(2)) & _U(7)) << _U(4)) | (((word >> _U(5)) & _U(7)) << _U(8))
          | ((word >> _U(8)) << _U(12)))
    return lo, word >> _U(60)


@njit(cache=True, inline="always")
def equal(word, value):
    """Bit 0 of each cell of ``word`` set where the cell holds ``value``."""
    t = word ^ (_U(value) * _ONES)
    return (~(((t & _SEVENS) + _SEVENS) | t) & _EIGHTS) >> _U(3)


@njit(cache=True, inline="always")
def labels(word):
    """Bit 0 of each cell set where the cell holds a pair label (3 or more)."""
    return ((((word & _SEVENS) + _FIVES) | word) & _EIGHTS) >> _U(3)


@njit(cache=True, inline="always")
def tally(bits):
    """How many cells a bit-0 mask marks."""
    return np.int64((((bits + (bits >> _U(4))) & _LOWS) * _BYTES) >> _U(56))


@njit(cache=True, inline="always")
def _cell_sum(word):
    return np.int64((((word & _LOWS) + ((word >> _U(4)) & _LOWS)) * _BYTES) >> _U(56))


@njit(cache=True, inline="always")
def relabel(lo, hi, old, new):
    """Every cell holding ``old`` now holds ``new``."""
    change = _U(old ^ new)
    return lo ^ (equal(lo, old) * change), hi ^ (equal(hi, old) * change)


@njit(cache=True, inline="always")
def _renumber_word(x):
    """The pair labels of one word renumbered 3, 4, ... in order of first appearance."""
    pending = (((x & _SEVENS) + _FIVES) | x) & _EIGHTS
    out = x & ~((pending >> _U(3)) * NIBBLE)
    following = _U(FIRST_LABEL)
    while pending:
        value = (x >> (cttz(pending) - _U(3))) & NIBBLE
        t = x ^ (value * _ONES)
        same = ~(((t & _SEVENS) + _SEVENS) | t) & _EIGHTS
        out |= (same >> _U(3)) * following
        pending &= ~same
        following += _U(1)
    return out


@njit(cache=True, inline="always")
def renumber(lo, hi):
    """The pair labels of a code renumbered 3, 4, ... in order of first appearance (one word or two)."""
    if hi == _ZERO:
        return _renumber_word(lo), _ZERO
    pending_lo = labels(lo)
    pending_hi = labels(hi)
    out_lo = lo & ~(pending_lo * NIBBLE)
    out_hi = hi & ~(pending_hi * NIBBLE)
    following = _U(FIRST_LABEL)
    while pending_lo | pending_hi:
        if pending_lo:
            value = (lo >> cttz(pending_lo)) & NIBBLE
        else:
            value = (hi >> cttz(pending_hi)) & NIBBLE
        same_lo = equal(lo, value)
        same_hi = equal(hi, value)
        out_lo |= same_lo * following
        out_hi |= same_hi * following
        pending_lo &= ~same_lo
        pending_hi &= ~same_hi
        following += _U(1)
    return out_lo, out_hi


@njit(cache=True, inline="always")
def entry(c0, c1, implied):
    """The working frontier of a code: places 0 .. slots - 1 in the cells of two words. For closed tours
    place 0 is the one label the code holds once (the sum of the labels tells which), else FULL."""
    if not implied:
        return c0, c1
    lo = c0 << _U(CELL_BITS)
    hi = (c1 << _U(CELL_BITS)) | (c0 >> _U(64 - CELL_BITS))
    labels_lo = labels(lo)
    labels_hi = labels(hi)
    count = tally(labels_lo) + tally(labels_hi)
    if count & 1:
        most = 2 + (count + 1) // 2  # labels 3 .. most, each twice but one
        total = _cell_sum(lo & (labels_lo * NIBBLE)) + _cell_sum(hi & (labels_hi * NIBBLE))
        return lo | _U((3 + most) * (most - 2) - total), hi
    return lo | _U(FULL), hi


@njit(cache=True, inline="always")
def reflected(lo, hi, reflect):
    """A code's mirror image (cell ``k`` moved to cell ``reflect[k]``), labels renumbered."""
    out_lo = _ZERO
    out_hi = _ZERO
    for k in range(len(reflect)):
        x = _U(cell(lo, hi, k))
        to = reflect[k]
        if to < 16:
            out_lo |= x << _U(4 * to)
        else:
            out_hi |= x << _U(4 * (to - 16))
    return renumber(out_lo, out_hi)

