"""The N-Queens counting engine: kernel against a plain reference, published counts,
the subproblem split, local runners and checkpoints (SIGKILL and resume)."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
import time

import numpy as np
import pytest

from boardpuzzles.errors import CheckpointError, InputError
from boardpuzzles.queens import counting
from boardpuzzles.queens.constellations import image_square
from boardpuzzles.queens.counting import SPLIT_VERSION, Counts, count, count_subproblem, subproblems
from boardpuzzles.queens.published import FUNDAMENTAL, TOTAL
from boardpuzzles.symmetry import SYMMETRIES, canonical


def count_reference(n: int) -> Counts:
    """The counts by brute force, the plain reference of the kernel: every solution, then
    the set of their canonical forms.  Slow; for small N."""
    solutions: list[tuple[int, ...]] = []
    cols: list[int] = []

    def place(row: int) -> None:
        if row == n:
            solutions.append(tuple(cols))
            return
        for c in range(n):
            if all(c != c2 and abs(c - c2) != row - r2 for r2, c2 in enumerate(cols)):
                cols.append(c)
                place(row + 1)
                cols.pop()

    place(0)
    return Counts(len(solutions), len({canonical(s) for s in solutions}))


def test_reference_counter_matches_the_published_counts():
    for n in range(1, 10):
        assert count_reference(n) == Counts(total=TOTAL[n], fundamental=FUNDAMENTAL[n])


@pytest.mark.parametrize("n", range(1, 10))
def test_kernel_matches_the_reference(n):
    parts = [count_subproblem(s) for s in subproblems(n)]
    assert all(isinstance(part, Counts) for part in parts)
    assert Counts(sum(p.total for p in parts), sum(p.fundamental for p in parts)) == count_reference(n)


def test_the_kernel_answers_total_then_fundamental():
    # N = 6 has 4 solutions in one class (of 4 images): total 4, fundamental 1.
    assert sum(count_subproblem(s).total for s in subproblems(6)) == 4
    sub = subproblems(6)[0]
    allowed, sides_row = counting._bounds(6, sub.kind, sub.bound)
    prefix = np.array([1 << c for c in sub.columns], dtype=np.int64)
    assert tuple(counting._search(6, sub.kind, sub.bound, prefix, allowed, sides_row))[:2] == tuple(count_subproblem(sub))


def test_cached_bounds_are_read_only():
    allowed, _ = counting._bounds(8, counting.NO_CORNER, 2)
    with pytest.raises(ValueError):
        allowed[0] = 0


@pytest.mark.slow
def test_published_counts_1_to_16_in_one_process():
    for n in range(1, 17):
        result = count(n, workers=1)
        assert (result.n, result.count, result.fundamental) == (n, TOTAL[n], FUNDAMENTAL[n])
        answer = result.to_json()
        assert answer.pop("seconds") >= 0
        assert answer == {"n": n, "total": TOTAL[n], "fundamental": FUNDAMENTAL[n], "method": "symmetry"}


@pytest.mark.slow
def test_published_counts_1_to_16_with_two_worker_processes():
    for n in range(1, 17):
        result = count(n, workers=2)
        assert (result.count, result.fundamental) == (TOTAL[n], FUNDAMENTAL[n])


def test_kernel_symmetries_are_those_of_the_symmetry_module():
    n = 7
    for k, symmetry in enumerate(SYMMETRIES):
        for r in range(n):
            for c in range(n):
                assert image_square(k, r, c, n) == symmetry.apply(r, c, n, n)


def test_the_split_is_deterministic_with_thousands_of_subproblems_from_16():
    subs = subproblems(16)
    assert len(subs) >= 2000
    assert [s.id for s in subs] == list(range(len(subs)))
    counting._split.cache_clear()
    assert subproblems(16) == subs
    assert all(s.n == 16 for s in subs)


def test_a_deeper_split_gives_the_same_counts(monkeypatch):
    monkeypatch.setattr(counting, "_split_target", lambda n: 10**9)
    counting._split.cache_clear()
    try:
        for n in (4, 5, 8, 10):
            subs = subproblems(n)
            parts = [count_subproblem(s) for s in subs]
            assert sum(p.total for p in parts) == TOTAL[n]
            assert sum(p.fundamental for p in parts) == FUNDAMENTAL[n]
    finally:
        counting._split.cache_clear()


@pytest.mark.parametrize("bad", [0, -3, 31, 99])
def test_out_of_range_n_is_refused(bad):
    with pytest.raises(InputError, match="out of range"):
        count(bad)


def test_bad_worker_count_is_refused():
    with pytest.raises(InputError, match="workers"):
        count(8, workers=0)


def test_progress_reports_subproblems_done_of_the_total():
    seen = []
    count(14, workers=1, progress=seen.append)
    of = len(subproblems(14))
    assert seen[0].done == 0 and seen[-1].done == of
    assert all(report.total == of and report.unit == "subproblems" for report in seen)
    assert [report.done for report in seen] == sorted(report.done for report in seen)


# ----------------------------------------------------------------------------
# Checkpoints.


def test_checkpoint_resumes_without_recomputing(tmp_path, monkeypatch):
    path = tmp_path / "q11.sqlite"
    assert count(11, workers=1, checkpoint=str(path)).count == TOTAL[11]
    calls = []
    monkeypatch.setattr(counting, "_count_batch", lambda subs: calls.append(subs) or [])
    again = count(11, workers=1, checkpoint=str(path))
    assert (again.count, again.fundamental) == (TOTAL[11], FUNDAMENTAL[11])
    assert calls == []


def test_checkpoint_of_another_n_is_refused(tmp_path):
    path = tmp_path / "c.sqlite"
    count(8, workers=1, checkpoint=str(path))
    with pytest.raises(CheckpointError, match="n = 8, not 9"):
        count(9, workers=1, checkpoint=str(path))


def test_checkpoint_of_another_split_version_is_refused(tmp_path):
    path = tmp_path / "c.sqlite"
    count(8, workers=1, checkpoint=str(path))
    with sqlite3.connect(path) as db:
        db.execute("UPDATE meta SET value = '0' WHERE key = 'split_version'")
    with pytest.raises(CheckpointError, match=f"split_version = 0, not {SPLIT_VERSION}"):
        count(8, workers=1, checkpoint=str(path))


def test_a_reordered_split_of_the_same_length_is_refused(tmp_path, monkeypatch):
    path = tmp_path / "c.sqlite"
    count(10, workers=1, checkpoint=str(path))
    reordered = tuple(reversed(counting._split(10)))
    monkeypatch.setattr(counting, "_split", lambda n: reordered)
    with pytest.raises(CheckpointError, match="made for split = "):
        count(10, workers=1, checkpoint=str(path))


def test_a_file_that_is_not_a_checkpoint_is_refused(tmp_path):
    text = tmp_path / "notes.txt"
    text.write_text("not a database at all, just some words in a file\n" * 20)
    with pytest.raises(CheckpointError, match="not a checkpoint"):
        count(8, workers=1, checkpoint=str(text))
    other = tmp_path / "other.sqlite"
    with sqlite3.connect(other) as db:
        db.execute("CREATE TABLE t (x)")
    with pytest.raises(CheckpointError, match="not a checkpoint"):
        count(8, workers=1, checkpoint=str(other))


def _filled(tmp_path, n=12):
    path = tmp_path / "c.sqlite"
    count(n, workers=1, checkpoint=str(path))
    return path


def _one_line(error):
    assert "\n" not in str(error.value)
    return str(error.value)


@pytest.mark.parametrize(
    "target, message",
    [
        ("/dev/full", "is not a file (a directory or a device)"),
        ("{tmp}", "is not a file (a directory or a device)"),
        ("{tmp}/no/such/dir/c.sqlite", "cannot create the checkpoint file"),
    ],
)
def test_a_checkpoint_that_cannot_be_written_is_one_line_before_any_work(tmp_path, monkeypatch, target, message):
    calls = []
    monkeypatch.setattr(counting, "_count_batch", lambda subs: calls.append(subs) or [])
    with pytest.raises(CheckpointError) as caught:
        count(10, workers=1, checkpoint=target.format(tmp=tmp_path))
    assert message in _one_line(caught) and calls == []


def test_a_read_only_checkpoint_is_refused_when_opened_and_left_as_it_was(tmp_path, monkeypatch):
    path = _filled(tmp_path)
    before = path.read_bytes()
    connect = sqlite3.connect
    # The tests may run as root, whom a chmod does not stop: open the file read-only as SQLite would find it.
    monkeypatch.setattr(sqlite3, "connect", lambda name: connect(f"file:{name}?mode=ro", uri=True))
    with pytest.raises(CheckpointError) as caught:
        count(12, workers=1, checkpoint=str(path))
    assert "read-only" in _one_line(caught)
    monkeypatch.undo()
    assert path.read_bytes() == before


def test_a_truncated_or_garbage_checkpoint_is_one_line(tmp_path):
    path = _filled(tmp_path)
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])
    with pytest.raises(CheckpointError) as caught:
        count(12, workers=1, checkpoint=str(path))
    assert "damaged" in _one_line(caught) or "not a checkpoint" in _one_line(caught)
    path.write_bytes(bytes(range(256)) * 64)
    with pytest.raises(CheckpointError, match="not a checkpoint"):
        count(12, workers=1, checkpoint=str(path))


def test_garbage_inside_the_results_table_is_one_line(tmp_path):
    path = _filled(tmp_path, 14)
    with sqlite3.connect(path) as db:
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        page_size = db.execute("PRAGMA page_size").fetchone()[0]
        root = db.execute("SELECT rootpage FROM sqlite_master WHERE name = 'results'").fetchone()[0]
    data = bytearray(path.read_bytes())
    start = (root - 1) * page_size
    data[start : start + page_size] = b"\xa5" * page_size  # the results table's first page, overwritten
    path.write_bytes(bytes(data))
    with pytest.raises(CheckpointError) as caught:
        count(14, workers=1, checkpoint=str(path))
    assert "damaged" in _one_line(caught)


@pytest.mark.parametrize(
    "change",
    [
        "UPDATE results SET result = replace(result, '1', '2') WHERE id = (SELECT min(id) FROM results WHERE result LIKE '%1%')",
        "UPDATE results SET result = '[1, ' WHERE id = 3",
        "UPDATE results SET id = 100000 WHERE id = 3",
        "INSERT INTO results SELECT 100001, result, checksum FROM results WHERE id = 4",
    ],
)
def test_a_changed_stored_result_is_refused_never_added_in(tmp_path, change):
    path = _filled(tmp_path)
    with sqlite3.connect(path) as db:
        db.execute(change)
    with pytest.raises(CheckpointError, match="fails its checksum") as caught:
        count(12, workers=1, checkpoint=str(path))
    _one_line(caught)


@pytest.mark.slow
def test_a_count_killed_with_sigkill_resumes_exactly(tmp_path):
    path = tmp_path / "q16.sqlite"
    code = textwrap.dedent(
        f"""
        from boardpuzzles.queens.counting import count
        count(16, workers=1, checkpoint={str(path)!r})
        """
    )
    child = subprocess.Popen([sys.executable, "-c", code])
    finished = 0
    deadline = time.monotonic() + 120
    try:
        while time.monotonic() < deadline and child.poll() is None:
            time.sleep(0.02)
            if path.exists():
                try:
                    with sqlite3.connect(path) as db:
                        finished = db.execute("SELECT count(*) FROM results").fetchone()[0]
                except sqlite3.OperationalError:
                    continue
                if finished >= 200:
                    break
    finally:
        os.kill(child.pid, signal.SIGKILL)
        child.wait()
    total = len(subproblems(16))
    assert 200 <= finished < total, "the count finished before it could be killed"
    seen = []
    result = count(16, checkpoint=str(path), progress=lambda report: seen.append(report.done))
    assert (result.count, result.fundamental) == (TOTAL[16], FUNDAMENTAL[16])
    assert seen[0] >= finished
    with sqlite3.connect(path) as db:
        assert db.execute("SELECT count(*) FROM results").fetchone()[0] == total


# ----------------------------------------------------------------------------
# The generic runner (any puzzle can use it).


def squares(payloads):
    return [p * p for p in payloads]


@pytest.mark.parametrize("workers", [1, 2])
def test_the_runner_hands_back_every_result_once(workers):
    from boardpuzzles import runner

    seen = {}
    runner.run(squares, [(i, i + 10) for i in range(100)], lambda i, r: seen.setdefault(i, r), workers=workers)
    assert seen == {i: (i + 10) ** 2 for i in range(100)}


def test_batches_deal_every_task_once():
    from boardpuzzles import runner

    tasks = [(i, None) for i in range(103)]
    dealt = runner.batches(tasks, 10)
    assert len(dealt) == 10
    assert sorted(i for batch in dealt for i, _ in batch) == list(range(103))
    assert runner.batches(tasks[:3], 10) == [[(0, None)], [(1, None)], [(2, None)]]
    assert runner.batches([], 4) == []
    capped = runner.batches(tasks, 2, most=10)
    assert len(capped) == 11 and max(len(batch) for batch in capped) <= 10
