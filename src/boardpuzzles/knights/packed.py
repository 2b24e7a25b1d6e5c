"""Frontier files compressed: a step's partition written sorted by code, in blocks of varints, read back a block
at a time.

A partition written to disk (:func:`.sweep.write_partition`) comes from its table whole, or a group of it at
a time (:meth:`Writer.add`); the rows given are sorted in place by their code's first word and cut into blocks
of at most :data:`BLOCK_ROWS` rows.  A block holds each row as unsigned varints (LEB128: 7 bits a byte, the
high bit set on every byte of a number but its last): the first word as its difference from the row before's
(the block's first row from 0; modulo 2^64, so the first row of rows added after others may cost ten bytes,
not an error), then the code's other word and the count's limbs as they are.  Sorted, a partition's codes are close
together, and most counts are small: 8x8 open's rows take about a third of their 16 bytes
(``docs/knights.md`` has the figures).

The file is one int64 numpy array, so that a checkpoint fingerprints and maps it as any other
(:func:`boardpuzzles.checkpoint.load_array`): the blocks' bytes (padded to a whole word), then each block's
first row (``blocks + 1`` numbers, the last one the rows), each block's first byte (``blocks + 1``), the
columns of a row and the number of blocks.  :class:`Packed` reads it: a block is decoded whole
(:meth:`Packed.block`), so rows are read in the order written, a block at a time.  The kernels are
private; the writer and the reader check what they are given.
"""

from __future__ import annotations

import os
from collections.abc import Iterator

import numpy as np
from numba import njit

from ..checkpoint import FINGERPRINT_SEED, fingerprint
from ..errors import InputError
from .codes import NO_KEY
from .table import swap_rows

#: the most rows a block holds (a decoded block is 256 KB at two columns: it stays in the caches)
BLOCK_ROWS = 1 << 14
#: bytes a row may take at most: ten a 64-bit number
MOST_ROW_BYTES = 10
#: words copied at a time when the file is put together
COPY_WORDS = 1 << 22
#: a partition's file over its rows as they are, before a count has measured its own (varints, each file
#: sorted whole; 8x8 open, square 38's first partitions, 1.36e8 states each in 8 groups by the next keys:
#: 4.42 bytes a row of 16, 28 Nov 2026)
SHARE = 0.28

_U = np.uint64


@njit(cache=True, inline="always")
def _put(out, at, value):
    """``value`` (uint64) written at byte ``at`` of ``out`` as a varint; returns the byte after it."""
    while value >= _U(0x80):
        out[at] = np.uint8((value & _U(0x7F)) | _U(0x80))
        value >>= _U(7)
        at += 1
    out[at] = np.uint8(value)
    return at + 1


@njit(cache=True, inline="always")
def _get(data, at):
    """The varint at byte ``at`` of ``data``; returns (its value, the byte after it)."""
    value = _U(0)
    shift = _U(0)
    while True:
        byte = _U(data[at])
        at += 1
        value |= (byte & _U(0x7F)) << shift
        if byte < _U(0x80):
            return value, at
        shift += _U(7)


@njit(cache=True, inline="always")
def _starts(counts, lo, at):
    """``at[d]``: where the rows of value ``d`` begin, from row ``lo``, given how many each has (``counts``)."""
    for digit in range(256):
        at[digit] = lo
        lo += counts[digit]


#: ranges of at most this many rows are sorted by insertion (:func:`_sort`)
SMALL_RANGE = 32


@njit(cache=True, nogil=True)
def _sort(rows):
    """Sort ``rows`` in place by their first word (unsigned): a radix sort from the highest eight bits down,
    each range's rows swapped into their digit's place (no second array: a whole partition's table is
    sorted in its own memory), ranges of at most :data:`SMALL_RANGE` rows by insertion."""
    pending = np.empty((8 * 256, 3), dtype=np.int64)  # depth first: at most 255 ranges wait a level
    pending[0] = (0, len(rows), 56)
    top = 1
    counts = np.empty(256, dtype=np.int64)
    ahead = np.empty(256, dtype=np.int64)
    ends = np.empty(256, dtype=np.int64)
    while top:
        top -= 1
        lo, hi, shift = pending[top, 0], pending[top, 1], _U(pending[top, 2])
        if hi - lo <= SMALL_RANGE:
            for i in range(lo + 1, hi):
                j = i
                while j > lo and _U(rows[j - 1, 0]) > _U(rows[j, 0]):
                    swap_rows(rows, j - 1, j)
                    j -= 1
            continue
        counts[:] = 0
        for i in range(lo, hi):
            counts[(_U(rows[i, 0]) >> shift) & _U(255)] += 1
        _starts(counts, lo, ahead)
        for digit in range(256):
            ends[digit] = ahead[digit] + counts[digit]
        for digit in range(256):
            while ahead[digit] < ends[digit]:
                i = ahead[digit]
                other = (_U(rows[i, 0]) >> shift) & _U(255)
                if other == digit:
                    ahead[digit] += 1
                else:
                    swap_rows(rows, i, ahead[other])
                    ahead[other] += 1
        if shift:
            start = lo
            for digit in range(256):
                if ends[digit] - start > 1:
                    pending[top] = (start, ends[digit], np.int64(shift) - 8)
                    top += 1
                start = ends[digit]


@njit(cache=True, inline="always")
def _scatter(source, target, lo, hi, shift, at):
    """Rows ``lo..hi`` of ``source`` moved to ``target`` in the order of their first word's eight bits at
    ``shift``, keeping the order they had within each (``at``: where each value's rows begin in ``target``,
    moved on as they are written)."""
    for i in range(lo, hi):
        digit = (_U(source[i, 0]) >> shift) & _U(255)
        place = at[digit]
        at[digit] = place + 1
        for column in range(source.shape[1]):
            target[place, column] = source[i, column]


@njit(cache=True, nogil=True)
def _sort_beside(rows, spare):
    """Sort ``rows`` by their first word (unsigned), as :func:`_sort`, through ``spare`` (rows of as many
    columns, at least as many).  One pass moves the rows into ``spare`` by the highest eight bits that are
    not the same in every row; then each range of rows that share them, a few megabytes that stay in the
    caches, is sorted from its lowest eight bits up, back and forth between the two arrays, ending in
    ``rows`` (bits that every row of the range shares passed over).  Every pass reads and writes in order,
    where the sort in place swaps rows at random across the whole range (8x8 open, groups of 1.75e7 rows:
    80 ns a row in place)."""
    n = len(rows)
    if n == 0:
        return
    differ = _U(0)
    for i in range(n):
        differ |= _U(rows[i, 0]) ^ _U(rows[0, 0])
    top = 0
    while top < 7 and differ >> _U(8 * top + 8):
        top += 1
    counts = np.zeros(256, dtype=np.int64)
    for i in range(n):
        counts[(_U(rows[i, 0]) >> _U(8 * top)) & _U(255)] += 1
    at = np.empty(256, dtype=np.int64)
    _starts(counts, 0, at)
    ends = at.copy()
    _scatter(rows, spare, 0, n, _U(8 * top), ends)
    inner = np.zeros((8, 256), dtype=np.int64)
    for digit in range(256):
        lo, hi = at[digit], ends[digit]
        if lo == hi:
            continue
        inner[:top] = 0
        for i in range(lo, hi):
            key = _U(spare[i, 0])
            for byte in range(top):
                inner[byte, (key >> _U(8 * byte)) & _U(255)] += 1
        source, target = spare, rows
        moved = 0
        for byte in range(top):
            if inner[byte].max() == hi - lo:
                continue  # every row of the range has the same bits here
            _starts(inner[byte], lo, counts)
            _scatter(source, target, lo, hi, _U(8 * byte), counts)
            source, target = target, source
            moved += 1
        if moved % 2 == 0:
            rows[lo:hi] = spare[lo:hi]


@njit(cache=True, nogil=True)
def _encode(rows, lo, hi, out):
    """Rows ``lo..hi`` of ``rows`` as one block written to the front of ``out``; returns its bytes."""
    at = 0
    before = _U(0)
    for i in range(lo, hi):
        first = _U(rows[i, 0])
        at = _put(out, at, first - before)
        before = first
        for column in range(1, rows.shape[1]):
            at = _put(out, at, _U(rows[i, column]))
    return at


@njit(cache=True, nogil=True)
def _decode(data, at, out):
    """The block at byte ``at`` of ``data`` decoded into every row of ``out``; returns the byte after it."""
    before = _U(0)
    for i in range(len(out)):
        value, at = _get(data, at)
        before += value
        out[i, 0] = np.int64(before)
        for column in range(1, out.shape[1]):
            value, at = _get(data, at)
            out[i, column] = np.int64(value)
    return at


class Writer:
    """A partition's file being written at ``path`` (a numpy file), rows of ``columns`` int64 columns added
    a slice at a time (:meth:`add`), the file put together by :meth:`close`, which returns its fingerprint.
    The blocks go first to ``path + ".blocks"``, removed once the file is whole."""

    def __init__(self, path: str, columns: int) -> None:
        if columns < 2:
            raise InputError("{parameter} must be at least 2 (a code's word and a limb)", parameter="columns",
                             value=columns)
        self.path, self.columns = path, columns
        self.blocks_path = path + ".blocks"
        self.file = open(self.blocks_path, "wb")
        self.starts = [0]
        self.offsets = [0]
        self.buffer = np.empty(BLOCK_ROWS * columns * MOST_ROW_BYTES, dtype=np.uint8)

    def add(self, rows: np.ndarray, spare: np.ndarray | None = None) -> None:
        """Rows (each holding a code) sorted by their first word and written as blocks (sorted in place when
        they are an array that can be written, else a copy of them; through ``spare``, memory of rows of as
        many columns that nothing holds, when it has as many rows: faster, :func:`_sort_beside`)."""
        if rows.ndim != 2 or rows.dtype != np.int64 or rows.shape[1] != self.columns:
            raise InputError(f"{{parameter}} must be int64 rows of {self.columns} columns", parameter="rows",
                             value=rows.shape)
        if not rows.flags.writeable:
            rows = rows.copy()  # sorted in place
        if spare is not None and (spare.dtype != np.int64 or spare.shape[1:] != rows.shape[1:]
                                  or not spare.flags.writeable):
            raise InputError(f"{{parameter}} must be int64 rows of {self.columns} columns that can be written",
                             parameter="spare", value=spare.shape)
        if spare is not None and len(spare) >= len(rows):
            _sort_beside(rows, spare[:len(rows)])
        else:
            _sort(rows)
        for lo in range(0, len(rows), BLOCK_ROWS):
            hi = min(len(rows), lo + BLOCK_ROWS)
            size = int(_encode(rows, lo, hi, self.buffer))
            self.file.write(self.buffer[:size].tobytes())
            self.starts.append(self.starts[-1] + hi - lo)
            self.offsets.append(self.offsets[-1] + size)

    def close(self) -> int:
        """The file put together (the blocks, padded to a whole word, then the index); returns its
        fingerprint (:func:`boardpuzzles.checkpoint.fingerprint` of its values)."""
        self.file.write(bytes(-self.offsets[-1] % 8))
        self.file.close()
        index = np.array(self.starts + self.offsets + [self.columns, len(self.starts) - 1], dtype=np.int64)
        words = (self.offsets[-1] + 7) // 8
        printed = FINGERPRINT_SEED
        try:
            with open(self.blocks_path, "rb") as blocks, open(self.path, "wb") as out:
                np.lib.format.write_array_header_1_0(out, {"descr": "<i8", "fortran_order": False,
                                                           "shape": (words + len(index),)})
                while chunk := blocks.read(8 * COPY_WORDS):
                    values = np.frombuffer(chunk, dtype=np.int64)
                    printed = fingerprint(values, printed)
                    out.write(chunk)
                out.write(index.tobytes())
        finally:
            os.remove(self.blocks_path)
        return fingerprint(index, printed)

    def discard(self) -> None:
        """Stop writing: the files made so far removed."""
        self.file.close()
        for path in (self.blocks_path, self.path):
            if os.path.exists(path):
                os.remove(path)


class Packed:
    """The rows of a partition's file (its int64 values, ``words``, as :class:`Writer` made them), read a block
    at a time.  ``shape`` is (rows, columns), as an array of the rows would have."""

    def __init__(self, words: np.ndarray) -> None:
        if words.ndim != 1 or words.dtype != np.int64 or len(words) < 4:
            raise InputError("{parameter} must be the int64 values of a packed partition's file",
                             parameter="words", value=words.shape)
        columns, blocks = int(words[-2]), int(words[-1])
        index = 2 * (blocks + 1) + 2
        if not (0 <= blocks and index <= len(words) and columns >= 2):
            raise InputError("{parameter} must be the int64 values of a packed partition's file",
                             parameter="words", value=words.shape)
        self.starts = np.asarray(words[-index:-blocks - 3])
        self.offsets = np.asarray(words[-blocks - 3:-2])
        self.data = words[:-index].view(np.uint8)
        self.shape = (int(self.starts[-1]), columns)

    def __len__(self) -> int:
        return self.shape[0]

    def block(self, row: int, out: np.ndarray | None = None) -> tuple[int, np.ndarray]:
        """The block that holds row ``row``: (its first row, its rows decoded, in ``out`` when given, an array
        of :data:`BLOCK_ROWS` rows or more)."""
        if not 0 <= row < len(self):
            raise InputError(f"{{parameter}} must be a row 0..{len(self) - 1}", parameter="row", value=row)
        k = int(np.searchsorted(self.starts, row, side="right")) - 1
        first, n = int(self.starts[k]), int(self.starts[k + 1] - self.starts[k])
        if out is None or len(out) < n or out.shape[1:] != (self.shape[1],):
            out = np.empty((BLOCK_ROWS, self.shape[1]), dtype=np.int64)
        _decode(self.data, int(self.offsets[k]), out[:n])
        return first, out[:n]

    def dense(self) -> np.ndarray:
        """Every row, decoded."""
        out = np.empty(self.shape, dtype=np.int64)
        for k in range(len(self.starts) - 1):
            _decode(self.data, int(self.offsets[k]), out[self.starts[k]:self.starts[k + 1]])
        return out


def rows_of(values: np.ndarray) -> np.ndarray | Packed:
    """The rows of a partition's file from its values: a packed file's (one dimension), or the rows themselves
    (a file written before the files were packed, or a table's rows)."""
    return Packed(values) if values.ndim == 1 else values


def dense(rows: np.ndarray | Packed) -> np.ndarray:
    """The rows that hold a code: a packed file's decoded, a table's without its empty places."""
    if isinstance(rows, Packed):
        return rows.dense()
    return np.ascontiguousarray(rows[rows[:, 0] != NO_KEY])


def pieces(rows: np.ndarray | Packed) -> Iterator[np.ndarray]:
    """The rows in pieces to read one after another: the rows whole, or a packed file's blocks (each decoded
    into the same array, which the next one overwrites)."""
    if not isinstance(rows, Packed):
        yield rows
        return
    out = None
    row = 0
    while row < len(rows):
        row, out = rows.block(row, out)
        yield out
        row += len(out)


__all__ = ["Packed", "Writer", "BLOCK_ROWS", "SHARE", "rows_of", "dense", "pieces"]
