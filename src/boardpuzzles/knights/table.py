"""The frontier count's table: the successors of a step (:mod:`.frontier`) summed by code, by open addressing with
linear probing, a row a place (the code's words, then its count's limbs, :mod:`.codes`).

The kernel :func:`_expand` builds the successors of a slice of a step's rows
(the transition, :func:`.frontier.successor_words`, inlined) and adds them to
the table, :data:`BATCH` at a time, each successor's place asked for (prefetched)
:data:`AHEAD` before it is added; successors that belong to another partition of
the step go to an :class:`Outbox`.  A step whose sums would carry out of the top
limb raises :class:`CountOverflow`, and the caller runs it again with one more
limb.  The kernels are private; :class:`Table`'s methods check what they are
given, then call them.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from numba import njit

from .. import compiling
from ..errors import InputError
from ..intrinsics import prefetch_write
from .codes import LIMB_BITS, LIMB_MASK, NO_KEY
from .frontier import KEEP_ALL, WORK_VALUES, Plan, check_bitmap, partition_key, successor_words

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


class _Into(NamedTuple):
    """Where :func:`_expand` puts what it builds: ``table`` (its rows of ``words`` words and limbs), which
    takes at most ``room`` new codes; successors of partition ``part`` of ``parts`` go there, those of the
    other partitions ``first`` to ``last - 1`` to row ``p - first`` of ``outbox`` (``filled[p - first]`` of its
    rows used); the rest are dropped (a later pass over the same rows builds them).  ``keyed``: a successor's
    partition is its parent's key's (:func:`.frontier.partition_key`), so the codes of the rest are passed over
    unbuilt; else it is the successor's code's."""

    table: np.ndarray
    words: int
    room: int
    parts: int
    part: int
    first: int
    last: int
    outbox: np.ndarray
    filled: np.ndarray
    keyed: bool


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
    """Which of ``parts`` partitions (fewer than 2 ** 32) a partition key (:func:`.frontier.partition_key`), or
    the code of a successor of a step not cut by keys, belongs to (another hash than the table's; a product and
    a shift, as :func:`_home`: a division would cost as much as building a successor's code)."""
    h = (_U(k0) * _U(0x94D049BB133111EB)) ^ (_U(k1) * _U(0xC2B2AE3D27D4EB4F))
    return np.int64(((h >> _U(32)) * _U(parts)) >> _U(32))


def key_range(part: int, parts: int) -> tuple[int, int]:
    """The hashes of the keys that go to partition ``part`` of ``parts`` (:func:`_part`): the 32-bit numbers
    ``lo <= h < hi``.  Consecutive partitions take consecutive ranges, so those of two cuts of the same keys
    (a step's partitions, the groups of its files) overlap where they may hold the same codes."""
    return -(-(part << 32) // parts), -(-((part + 1) << 32) // parts)


@njit(cache=True, inline="always")
def swap_rows(rows, i, j):
    """Swap rows ``i`` and ``j`` of a 2-D array in place (the in-place sorts of :func:`_group` and
    :func:`.packed._sort`)."""
    for column in range(rows.shape[1]):
        rows[i, column], rows[j, column] = rows[j, column], rows[i, column]


@njit(cache=True, nogil=True)
def _group(rows, words, step, parts, starts):
    """Move ``rows`` in place so that the codes of each partition of ``parts`` (their keys at ``step``) come
    together, partition 0 first: partition ``p`` takes rows ``starts[p]..starts[p + 1]``.  A row is swapped
    into the next free row of its partition (its key told again when it is looked at)."""
    starts[:] = 0
    for i in range(len(rows)):
        c1 = rows[i, 1] if words > 1 else 0
        k0, k1 = partition_key(_U(rows[i, 0]), _U(c1), step)
        starts[_part(k0, k1, parts) + 1] += 1
    for p in range(parts):
        starts[p + 1] += starts[p]
    ahead = starts[:parts].copy()
    for p in range(parts):
        while ahead[p] < starts[p + 1]:
            i = ahead[p]
            c1 = rows[i, 1] if words > 1 else 0
            k0, k1 = partition_key(_U(rows[i, 0]), _U(c1), step)
            other = _part(k0, k1, parts)
            if other == p:
                ahead[p] += 1
                continue
            swap_rows(rows, i, ahead[other])
            ahead[other] += 1


def group_rows(plan: Plan, step: int, rows: np.ndarray, parts: int) -> np.ndarray:
    """Move ``rows`` (codes after ``step`` squares) in place so that those of each partition of ``parts``
    come together, partition 0 first, as :meth:`Table.expand` tells a code's partition when the step that
    expands them is cut by the codes' keys (:func:`.frontier.partition_key`); returns where each begins
    (``parts + 1`` numbers, the last one ``len(rows)``)."""
    check_rows(rows, plan.words)
    if not 0 <= step < plan.squares:
        raise InputError("{parameter} must be a step of the plan", parameter="step", value=step)
    if not 1 <= parts < 1 << 32:
        raise InputError("{parameter} must be 1 to 2^32 - 1", parameter="parts", value=parts)
    starts = np.empty(parts + 1, dtype=np.int64)
    _group(rows, plan.words, plan.step(step), parts, starts)
    return starts


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
        prefetch_write(table, places[k])
    for k in range(n):
        if k + AHEAD < n:
            prefetch_write(table, places[k + AHEAD])
        new, carry = _add(table, words, keys[0, k], keys[1, k], places[k], source, from_rows[k])
        added += new
        overflow |= carry
    return added, overflow


@njit(cache=True, nogil=True)
def _expand(rows, lo, hi, step, completable, into):
    """Add the successors at ``step`` (a :class:`.frontier.Step`) of the codes in rows ``lo..hi`` of ``rows``
    (a code's words, then its count's limbs; rows whose first word is :data:`.codes.NO_KEY`, a table's empty
    places, are skipped) that belong to partition ``into.part`` to ``into.table`` (an :class:`_Into`),
    :data:`BATCH` at a time; write those of the other partitions kept (``into.first`` to ``into.last - 1``)
    to row ``p - into.first`` of ``into.outbox`` (with the count of their code; ``into.filled`` says how many
    rows are used); drop the others.  With ``into.keyed``, a code's successors are all of its key's partition
    (:func:`.frontier.partition_key`), and the codes of partitions not kept are passed over unbuilt: each
    successor is built once however many waves a step has.
    ``completable``: the step's bitmap of the relaxation's states (:func:`.frontier.successor_words`).  Stops once fewer than 16 new codes fit in ``into.room`` (the caller
    grows the table) or an outbox row has less than 16 free rows (the caller hands it over).
    Returns (the next row to take, new codes, 1 if a count outgrew its limbs, 2 if a successor's first word
    was :data:`.codes.NO_KEY`)."""
    table, words, room, parts, part = into.table, into.words, into.room, into.parts, into.part
    outbox, out_filled = into.outbox, into.filled
    out = np.empty((16, 2), dtype=np.int64)
    values = np.empty(WORK_VALUES, dtype=np.int64)
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
        p = part
        if parts > 1 and into.keyed:
            key0, key1 = partition_key(_U(rows[i, 0]), _U(c1), step)
            p = _part(key0, key1, parts)
            if p < into.first or p >= into.last:
                i += 1
                continue
        found = successor_words(_U(rows[i, 0]), _U(c1), step, completable, out, values)
        for s in range(found):
            k0 = out[s, 0]
            k1 = out[s, 1]
            if k0 == NO_KEY:
                overflow |= 2  # not a frontier of a tour: the caller raises
                continue
            if parts > 1 and not into.keyed:
                p = _part(k0, k1, parts)
                if p < into.first or p >= into.last:
                    continue
            if p != part:
                box = p - into.first
                at = out_filled[box]
                outbox[box, at, 0] = k0
                if words > 1:
                    outbox[box, at, 1] = k1
                for column in range(words, columns):
                    outbox[box, at, column] = rows[i, column]
                out_filled[box] = at + 1
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
    """Add the codes of rows ``lo..hi`` with their counts (successors handed over, or a table's
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
               part: int = 0, completable: np.ndarray = KEEP_ALL, parts: int | None = None,
               keyed: bool = True) -> int:
        """Add the successors at ``step`` of the codes in rows ``lo..hi`` that belong to partition ``part``
        of the step's ``parts`` (default: up to the outbox's last); those of the outbox's other partitions go
        to it, and those of the partitions it does not hold are dropped: with ``keyed`` (partitions by the
        codes' keys, :func:`.frontier.partition_key`), their codes are passed over unbuilt; else a successor's
        partition is a hash of its own code.  With ``completable`` (the
        step's bitmap of :mod:`.completable`), only the successors that can still be completed.  Returns the
        next row to take (before ``hi`` when the table must grow or the outbox be emptied); raises
        :class:`CountOverflow` if a count outgrew the limbs."""
        check_rows(rows, self.words, lo, hi)
        if plan.words != self.words or not 0 <= step < plan.squares:
            raise InputError("{parameter} must be a step of a plan whose codes fit this table", parameter="step",
                             value=step)
        first, last = outbox.first, outbox.first + outbox.parts
        if not first <= part < last or outbox.rows.shape[2] != rows.shape[1] or rows.shape[1] > self.rows.shape[1]:
            raise InputError(f"{{parameter}} must be a partition {first}..{last - 1} of an outbox for these rows",
                             parameter="part", value=part)
        parts = last if parts is None else parts
        if not last <= parts < 1 << 32:
            raise InputError(f"{{parameter}} must be {last} to 2^32 - 1 (the outbox's partitions are of them)",
                             parameter="parts", value=parts)
        check_bitmap(completable, plan)
        into = _Into(self.rows, self.words, self.room, parts, part, first, last, outbox.rows, outbox.filled,
                     bool(keyed))
        taken, added, overflow = _expand(rows, lo, hi, plan.step(step), completable, into)
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
    """Successors set aside for the other partitions of a wave: for each of ``parts`` partitions, ``first``
    and the next ones, up to ``capacity`` rows of a code and its count (``columns``: words and limbs);
    ``filled[p]`` rows used (partition ``first + p``).  :meth:`Table.expand` stops when a row is full."""

    def __init__(self, parts: int, capacity: int, columns: int, first: int = 0) -> None:
        if parts < 1 or capacity < 1 or columns < 2 or first < 0:
            raise InputError("{parameter} must be at least 1 (and columns at least 2, first at least 0)",
                             parameter="parts, capacity, columns, first", value=(parts, capacity, columns, first))
        self.parts, self.first = parts, first
        self.rows = np.empty((parts, capacity + 16, columns), dtype=np.int64)
        self.filled = np.zeros(parts, dtype=np.int64)

    @property
    def capacity(self) -> int:
        return self.rows.shape[1] - 16

    def take(self, part: int) -> np.ndarray:
        """The rows set aside for partition ``first + part`` (a copy), and that row of the outbox emptied."""
        rows = self.rows[part, :int(self.filled[part])].copy()
        self.filled[part] = 0
        return rows


class CountOverflow(Exception):
    """A count outgrew its limbs: the step is run again with one more."""


#: Seconds to compile the sweep's kernels on a quiet 2-core machine (the first count of 3x12 closed took 12.4 s,
#: the next about 1 s).
COMPILE_SECONDS = 10.0


def kernels_ready() -> bool:
    """True if the sweep's kernel runs without compiling first (:func:`boardpuzzles.compiling.ready`): ``_expand``,
    which every count calls, and which takes nearly all of the compiler's time (the others are small, and a
    count that fits in memory calls neither)."""
    return compiling.ready(_expand)