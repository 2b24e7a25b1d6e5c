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

import pytest

from boardpuzzles.errors import InputError
from boardpuzzles.queens import counting
from boardpuzzles.queens.counting import SPLIT_VERSION, count, count_reference, count_subproblem, subproblems
from boardpuzzles.symmetry import SYMMETRIES

# OEIS A000170 and A002562, n = 1..16 (REFERENCES.md).
TOTAL = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712, 365596, 2279184, 14772512]
FUNDAMENTAL = [1, 0, 0, 1, 2, 1, 6, 12, 46, 92, 341, 1787, 9233, 45752, 285053, 1846955]


def test_reference_counter_matches_the_published_counts():
    for n in range(1, 10):
        assert count_reference(n) == (TOTAL[n - 1], FUNDAMENTAL[n - 1])


@pytest.mark.parametrize("n", range(1, 10))
def test_kernel_matches_the_reference(n):
    subs = subproblems(n)
    parts = [count_subproblem(s) for s in subs]
    assert (sum(t for t, _ in parts), sum(u for _, u in parts)) == count_reference(n)


def test_published_counts_1_to_16_in_one_process():
    for n in range(1, 17):
        result = count(n, workers=1)
        assert (result.n, result.total, result.fundamental) == (n, TOTAL[n - 1], FUNDAMENTAL[n - 1])
        assert result.to_json() == {"n": n, "total": TOTAL[n - 1], "fundamental": FUNDAMENTAL[n - 1]}


def test_published_counts_1_to_16_with_two_worker_processes():
    for n in range(1, 17):
        result = count(n, workers=2)
        assert (result.total, result.fundamental) == (TOTAL[n - 1], FUNDAMENTAL[n - 1])


def test_kernel_symmetries_are_those_of_the_symmetry_module():
    n = 7
    for k, symmetry in enumerate(SYMMETRIES):
        for r in range(n):
            for c in range(n):
                assert counting._image_square(k, r, c, n) == symmetry.apply(r, c, n, n)


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
            assert sum(t for t, _ in parts) == TOTAL[n - 1]
            assert sum(u for _, u in parts) == FUNDAMENTAL[n - 1]
    finally:
        counting._split.cache_clear()


@pytest.mark.parametrize("bad", [0, -3, 31, 99])
def test_out_of_range_n_is_refused(bad):
    with pytest.raises(InputError, match="out of range"):
        count(bad)


def test_bad_worker_count_is_refused():
    with pytest.raises(InputError, match="workers"):
        count(8, workers=0)


def test_progress_reports_every_subproblem():
    seen = []
    count(10, workers=1, progress=lambda done, of: seen.append((done, of)))
    of = len(subproblems(10))
    assert seen[0] == (0, of)
    assert seen[-1] == (of, of)
    assert len(seen) == of + 1


# ----------------------------------------------------------------------------
# Checkpoints.


def test_checkpoint_resumes_without_recomputing(tmp_path, monkeypatch):
    path = tmp_path / "q11.sqlite"
    assert count(11, workers=1, checkpoint=str(path)).total == TOTAL[10]
    calls = []
    monkeypatch.setattr(counting, "count_subproblems", lambda subs: calls.append(subs) or [])
    again = count(11, workers=1, checkpoint=str(path))
    assert (again.total, again.fundamental) == (TOTAL[10], FUNDAMENTAL[10])
    assert calls == []


def test_checkpoint_of_another_n_is_refused(tmp_path):
    path = tmp_path / "c.sqlite"
    count(8, workers=1, checkpoint=str(path))
    with pytest.raises(InputError, match="n = 8, not 9"):
        count(9, workers=1, checkpoint=str(path))


def test_checkpoint_of_another_split_version_is_refused(tmp_path):
    path = tmp_path / "c.sqlite"
    count(8, workers=1, checkpoint=str(path))
    with sqlite3.connect(path) as db:
        db.execute("UPDATE meta SET value = '0' WHERE key = 'split_version'")
    with pytest.raises(InputError, match=f"split_version = 0, not {SPLIT_VERSION}"):
        count(8, workers=1, checkpoint=str(path))


def test_a_file_that_is_not_a_checkpoint_is_refused(tmp_path):
    text = tmp_path / "notes.txt"
    text.write_text("not a database at all, just some words in a file\n" * 20)
    with pytest.raises(InputError, match="not a checkpoint"):
        count(8, workers=1, checkpoint=str(text))
    other = tmp_path / "other.sqlite"
    with sqlite3.connect(other) as db:
        db.execute("CREATE TABLE t (x)")
    with pytest.raises(InputError, match="not a checkpoint"):
        count(8, workers=1, checkpoint=str(other))


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
    result = count(16, checkpoint=str(path), progress=lambda done, of: seen.append(done))
    assert (result.total, result.fundamental) == (TOTAL[15], FUNDAMENTAL[15])
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
