"""Frontier files compressed (``knights.packed``): written a slice at a time, read back a block at a time, against
a plain-Python varint coder."""

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from boardpuzzles.checkpoint import load_array
from boardpuzzles.errors import InputError
from boardpuzzles.knights import count_tours, published, sweep
from boardpuzzles.knights.packed import BLOCK_ROWS, Packed, Writer, dense, pieces, rows_of


def varint_bytes(rows: np.ndarray) -> bytes:
    """One block as the plain-Python coder writes it: the first word's difference from the row before's (modulo
    2^64), then the other columns, each as LEB128."""
    out = bytearray()
    before = 0
    for row in rows.tolist():
        values = [(row[0] - before) % (1 << 64)] + [v % (1 << 64) for v in row[1:]]
        before = row[0]
        for value in values:
            while value >= 0x80:
                out.append(value & 0x7F | 0x80)
                value >>= 7
            out.append(value)
    return bytes(out)


def written(tmp_path, slices: list[np.ndarray], columns: int, spare: bool = False) -> tuple[Packed, int, str]:
    """The slices written to one file, each sorted in place or (``spare``) through a spare array."""
    path = str(tmp_path / "step1-part0.npy")
    writer = Writer(path, columns)
    for rows in slices:
        writer.add(rows, np.full((len(rows) + 3, columns), -1, dtype=np.int64) if spare else None)
    printed = writer.close()
    return Packed(load_array(path, printed)), printed, path


def by_code(rows: np.ndarray) -> np.ndarray:
    return rows[np.lexsort(rows.T[::-1])]


@pytest.mark.parametrize("spare", [False, True])
@pytest.mark.parametrize("columns", [2, 3, 4])
def test_rows_written_in_slices_read_back_sorted_within_each_slice(tmp_path, columns, spare):
    rng = np.random.default_rng(columns)
    slices = [np.column_stack([rng.integers(1, 1 << 40, n)] + [rng.integers(0, 1 << 62, n)
                                                               for _ in range(columns - 1)]).astype(np.int64)
              for n in (BLOCK_ROWS + 5, 0, 3, 2 * BLOCK_ROWS)]
    packed, _, _ = written(tmp_path, slices, columns, spare)
    assert packed.shape == (sum(map(len, slices)), columns) and len(packed) == packed.shape[0]
    rows = packed.dense()
    at = 0
    for piece in slices:
        got = rows[at:at + len(piece)]
        assert np.array_equal(got[:, 0].view(np.uint64), np.sort(got[:, 0].view(np.uint64)))
        assert np.array_equal(by_code(got), by_code(piece))
        at += len(piece)
    assert np.array_equal(np.concatenate([p.copy() for p in pieces(packed)]), rows)


def test_each_block_is_the_plain_coders_bytes_and_any_row_finds_its_block(tmp_path):
    rng = np.random.default_rng(7)
    rows = np.column_stack([rng.integers(-(1 << 63), (1 << 63) - 1, 2 * BLOCK_ROWS + 9, dtype=np.int64),
                            rng.integers(0, 1 << 20, 2 * BLOCK_ROWS + 9)]).astype(np.int64)
    packed, _, _ = written(tmp_path, [rows], 2)
    ordered = rows[np.argsort(rows[:, 0].view(np.uint64))]
    for k in range(len(packed.starts) - 1):
        lo, hi = int(packed.starts[k]), int(packed.starts[k + 1])
        assert packed.data[packed.offsets[k]:packed.offsets[k + 1]].tobytes() == varint_bytes(ordered[lo:hi])
    for row in (0, BLOCK_ROWS - 1, BLOCK_ROWS, len(rows) - 1):
        first, block = packed.block(row)
        assert first <= row < first + len(block)
        assert np.array_equal(block[row - first], ordered[row])


@settings(max_examples=30, deadline=None)
@given(st.lists(st.tuples(st.integers(-(1 << 63), (1 << 63) - 1), st.integers(0, (1 << 62) - 1)), max_size=50),
       st.booleans())
def test_any_rows_come_back(tmp_path_factory, values, spare):
    rows = np.array(values, dtype=np.int64).reshape(-1, 2)
    packed, _, _ = written(tmp_path_factory.mktemp("packed"), [rows], 2, spare)
    got = packed.dense()
    assert np.array_equal(by_code(got), by_code(rows))
    assert np.array_equal(got[:, 0].view(np.uint64), np.sort(rows[:, 0].view(np.uint64)))


def test_close_codes_take_a_few_bytes_and_the_file_is_a_checkpoints_array(tmp_path):
    rng = np.random.default_rng(3)
    rows = np.column_stack([np.cumsum(rng.integers(1, 1 << 20, 100_000)), rng.integers(1, 200, 100_000)])
    packed, printed, path = written(tmp_path, [rows.astype(np.int64)], 2)
    assert len(packed.data) < 5 * len(rows)  # against 16 bytes a row as they are
    assert load_array(path, printed).ndim == 1  # the fingerprint returned is the file's


def test_a_partitions_file_is_packed_and_a_file_of_rows_is_read_as_it_is(tmp_path):
    rows = np.array([[5, 1], [3, 2]], dtype=np.int64)
    assert rows_of(rows) is rows and np.array_equal(dense(np.vstack([rows, [[0, 0]]])), rows)
    packed, _, path = written(tmp_path, [rows], 2)
    assert isinstance(rows_of(np.load(path)), Packed) and np.array_equal(dense(packed), [[3, 2], [5, 1]])


@pytest.mark.parametrize("spare", [False, True])
@pytest.mark.parametrize("spread", [1, 1 << 8, 1 << 20, 1 << 62])
def test_rows_are_sorted_whatever_bits_they_share(tmp_path, spread, spare):
    """The radix sorts, in place (down the bytes of the codes) and through a spare array (its highest byte
    that differs, then up from the lowest within each range): codes that are all one, share their high
    bytes, repeat, or differ anywhere come back in order, and every row with them."""
    rng = np.random.default_rng(spread)
    n = 3 * BLOCK_ROWS + 17
    rows = np.column_stack([(np.int64(-(1 << 62)) + rng.integers(0, spread, n)),
                            np.arange(n)]).astype(np.int64)
    packed, _, _ = written(tmp_path, [rows], 2, spare)
    got = packed.dense()
    assert np.array_equal(got[:, 0].view(np.uint64), np.sort(rows[:, 0].view(np.uint64)))
    assert np.array_equal(by_code(got), by_code(rows))


def test_a_count_written_to_disk_sorts_each_partition_whole(tmp_path):
    """Each partition's table sorted through the places its codes leave free (:func:`.sweep.write_partition`)."""
    path = tmp_path / "tours.ckpt"
    result = count_tours(5, 6, memory=64 * 1024, checkpoint=path)
    assert result.count == 2 * published.OPEN_UNDIRECTED[5, 6] and result.partitions > 1
    files = list((tmp_path / "tours.ckpt.parts").glob("step30-*.npy"))
    assert files
    for file in files:
        codes = dense(rows_of(np.load(file)))[:, 0].view(np.uint64)
        assert np.all(codes[1:] > codes[:-1])  # one sorted run: each code once, in order


@pytest.mark.parametrize("make", [
    lambda path: Writer(path, 1),
    lambda path: Writer(path, 2).add(np.zeros((3, 3), dtype=np.int64)),
    lambda path: Writer(path, 2).add(np.zeros((3, 2), dtype=np.int64), np.zeros((3, 3), dtype=np.int64)),
    lambda path: Packed(np.zeros(3, dtype=np.int64)),
    lambda path: Packed(np.array([0, 0, 2, 1], dtype=np.int64)).block(0)])
def test_what_is_not_a_packed_partition_is_refused(tmp_path, make):
    with pytest.raises(InputError):
        make(str(tmp_path / "f.npy"))
