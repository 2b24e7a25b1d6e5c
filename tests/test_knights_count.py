"""Exact counts of knight's tours: the frontier dynamic program against the published
counts, the exhaustive search and the plain-Python transition."""

import errno
import tempfile
import threading

import numpy as np
import pytest
from knights_helpers import count_reference

from boardpuzzles import runner
from boardpuzzles.errors import Cancelled, InputError, OutputError, TooLong
from boardpuzzles.knights import count_tours, counting, frontier, frontier_reference, published
from boardpuzzles.knights.moves import neighbour_table

SMALL_CLOSED = [(3, 10), (3, 12), (3, 14), (5, 6), (6, 6), (5, 8)]
SMALL_OPEN = [(3, n) for n in range(4, 12)] + [(1, 1), (2, 2), (3, 3), (4, 4), (5, 5)]


@pytest.mark.parametrize("rows,cols", SMALL_CLOSED)
def test_closed_tours_published(rows, cols):
    assert count_tours(rows, cols, closed=True, method="frontier").count == published.CLOSED[rows, cols]
    assert count_tours(cols, rows, closed=True, method="frontier").count == published.CLOSED[rows, cols]
    assert count_tours(rows, cols, closed=True).count == published.CLOSED[rows, cols]


@pytest.mark.parametrize("rows,cols", SMALL_OPEN)
def test_directed_open_tours_published(rows, cols):
    assert count_tours(rows, cols, method="frontier").count == published.OPEN_DIRECTED[rows, cols]
    assert count_tours(rows, cols).count == published.OPEN_DIRECTED[rows, cols]


@pytest.mark.parametrize("rows,cols", list(published.OPEN_UNDIRECTED))
def test_undirected_open_tours_published(rows, cols):
    assert count_tours(rows, cols, method="frontier").count == 2 * published.OPEN_UNDIRECTED[rows, cols]
    assert count_tours(rows, cols).count == 2 * published.OPEN_UNDIRECTED[rows, cols]


def test_6x6_open_tours_by_the_default_method():
    assert count_tours(6, 6).count == published.OPEN_DIRECTED[6, 6]  # listed: about 5 s


def test_the_default_method_is_the_faster_one_and_the_frontier_for_its_own_options():
    """Listing is faster on 5x5, 5x6 and 6x6 (benchmarks/knight_counts.py --methods: 6x6 open 4.4 s of CPU by
    search, 13.7 s by the frontier; 5x7 open 2.0 s and 1.2 s)."""
    assert [count_tours(r, c, closed=True).method for r, c in [(5, 5), (5, 6), (6, 5), (6, 6)]] == ["backtrack"] * 4
    assert [count_tours(r, c, closed=True).method for r, c in [(5, 7), (4, 9), (3, 12), (6, 7), (1, 40)]] == \
        ["frontier"] * 5
    assert count_tours(5, 5, memory=1 << 30).method == "frontier"


def test_5x5_open_tours_from_each_corner():
    for corner in [(0, 0), (0, 4), (4, 0), (4, 4)]:
        assert count_tours(5, 5, start=corner, method="frontier").count == published.OPEN_FROM[5, 5, (0, 0)]
        assert count_tours(5, 5, start=corner).count == published.OPEN_FROM[5, 5, (0, 0)]


def test_open_tours_from_every_square_add_up():
    assert sum(count_tours(4, 5, start=(r, c)).count for r in range(4) for c in range(5)) == count_tours(4, 5).count


def test_counts_beyond_64_bits_are_exact():
    # 3x60 has about 10^26 closed tours: the counts take two limbs
    plan = frontier.plan(3, 60)
    expected = frontier_reference.count(plan, True)
    assert expected > 2**64
    assert count_tours(3, 60, closed=True).count == expected
    assert count_tours(60, 3, closed=True).count == expected


BOARDS_UP_TO_30 = [(r, c) for r in range(1, 7) for c in range(r, 31) if r * c <= 30]


@pytest.mark.parametrize("closed", [False, True])
def test_frontier_agrees_with_backtracking_up_to_30_squares(closed):
    for rows, cols in BOARDS_UP_TO_30:
        frontier_count = count_tours(rows, cols, closed=closed, method="frontier").count
        assert frontier_count == count_tours(rows, cols, closed=closed, method="backtrack").count, (rows, cols)


def test_frontier_agrees_with_backtracking_from_a_start():
    for rows, cols, square in [(3, 4, (0, 1)), (4, 5, (1, 2)), (3, 8, (2, 7)), (5, 5, (2, 2)), (5, 5, (1, 0))]:
        expected = count_tours(rows, cols, start=square, method="backtrack").count
        assert count_tours(rows, cols, start=square, method="frontier").count == expected


@pytest.mark.parametrize("rows,cols", [(3, 4), (4, 5), (3, 7)])
def test_backtracking_agrees_with_the_plain_search(rows, cols):
    nbr = neighbour_table(rows, cols)
    assert count_tours(rows, cols, method="backtrack").count == sum(count_reference(nbr, s, False)
                                                                     for s in range(rows * cols))
    assert count_tours(rows, cols, start=(0, 1), method="backtrack").count == count_reference(nbr, 1, False)
    assert 2 * count_tours(3, 10, closed=True, method="backtrack").count == count_reference(neighbour_table(3, 10), 0, True)


@pytest.mark.parametrize("height,width,closed,start", [(5, 5, False, -1), (5, 5, False, 7), (4, 6, False, -1),
                                                       (5, 6, True, -1), (3, 10, True, -1), (6, 5, True, -1)])
def test_kernel_transition_matches_the_plain_python_one(height, width, closed, start):
    """Every frontier met in the sweep leads to the same successors (with multiplicity) in both."""
    plan = frontier.plan(height, width, start)
    out = np.empty(16, dtype=np.int64)
    work = [np.empty(plan.slots + 1, dtype=np.int64) for _ in range(2)]
    names = np.zeros(16, dtype=np.int64)
    codes = {int(frontier.initial(plan.slots)[0][0])}
    for i in range(plan.squares):
        following = set()
        for code in sorted(codes)[:500]:
            found = frontier.successors(code, plan.slots, plan.back[i], plan.finish[i], plan.rem[i], closed,
                                        plan.start_place(i), i == plan.squares - 1, out, *work, names)
            kernel = sorted(out[:found].tolist())
            assert kernel == sorted(frontier_reference.successors(code, plan, i, closed)), (i, code)
            following.update(kernel)
        codes = following


def test_plain_python_sweep_counts():
    assert frontier_reference.count(frontier.plan(4, 5), False) == published.OPEN_UNDIRECTED[4, 5]
    assert frontier_reference.count(frontier.plan(3, 12), True) == 176


def test_result_json_keeps_the_keys():
    result = count_tours(5, 5, start=(0, 0), method="frontier")
    assert result.to_json() == {"rows": 5, "cols": 5, "closed": False, "start": "a1", "count": 304,
                                "method": "frontier", "peak_states": result.peak_states,
                                "seconds": round(result.seconds, 3)}
    assert result.peak_states == max(result.states) > 100
    assert len(result.states) == 25 and result.states[-1] == 1


def test_progress_reports_each_square_with_the_states():
    seen = []
    count_tours(6, 6, closed=True, method="frontier", progress=seen.append)
    assert seen[-1].done == seen[-1].total == 36
    assert seen[-1].unit == "squares"
    assert any("states" in report.detail for report in seen)


def test_cancel_stops_the_count():
    stop = threading.Event()

    def progress(report):
        if report.done > 20:
            stop.set()

    with pytest.raises(Cancelled):
        count_tours(6, 7, closed=True, progress=progress, cancel=stop)
    assert threading.active_count() == 1


def test_memory_bound_cuts_steps_into_partitions_on_disk():
    result = count_tours(5, 5, memory=256 * 1024)  # 26000 frontiers at the widest step
    assert result.count == 1728
    assert result.partitions > 1


@pytest.mark.parametrize("rows,cols,closed,start,memory", [
    (6, 6, True, None, None), (6, 6, True, None, 256 * 1024), (5, 5, False, None, 64 * 1024),
    (5, 6, False, (0, 1), None), (4, 9, False, None, None)])
def test_threaded_steps_set_other_partitions_aside_on_disk_and_keep_the_count(monkeypatch, tmp_path, rows, cols,
                                                                              closed, start, memory):
    expected = count_tours(rows, cols, closed=closed, start=start, method="frontier").count
    monkeypatch.setattr(counting, "THREADED_STATES", 1)  # every step threaded
    monkeypatch.setattr(counting, "SPILL_ROWS", 64)  # the spilled successors written out often
    monkeypatch.setattr(runner, "cpu_count", lambda: 3)
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    result = count_tours(rows, cols, closed=closed, start=start, method="frontier", memory=memory)
    assert result.count == expected
    assert result.partitions >= 3
    assert list(tmp_path.iterdir()) == []  # the partitions and the spilled successors are gone
    assert threading.active_count() == 1


def test_partitions_go_beside_the_checkpoint_and_what_a_killed_run_left_there_is_cleared(tmp_path):
    path = tmp_path / "tours.ckpt"
    left = tmp_path / "tours.ckpt.parts"
    left.mkdir()
    (left / "0-3-keys.npy").write_bytes(b"left by a run killed with kill -9")
    result = count_tours(5, 5, checkpoint=path, memory=256 * 1024)
    assert result.count == 1728 and result.partitions > 1
    assert sorted(p.name for p in tmp_path.iterdir()) == ["tours.ckpt"]


def test_a_full_disk_is_one_error_naming_where(monkeypatch, tmp_path):
    def full(*args, **kwargs):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(np, "save", full)
    with pytest.raises(OutputError) as error:
        count_tours(5, 5, checkpoint=tmp_path / "tours.ckpt", memory=256 * 1024)
    assert "No space left on device" in str(error.value) and "tours.ckpt.parts" in str(error.value)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["tours.ckpt"]  # the squares before are kept


def test_refusals_name_parameters():
    with pytest.raises(TooLong) as too_long:
        count_tours(8, 8, closed=True)
    assert too_long.value.parameter == "force"
    with pytest.raises(TooLong):
        count_tours(7, 7, method="backtrack")
    with pytest.raises(TooLong) as open_7x7:  # the moonshot: open tours have many more frontiers
        count_tours(7, 7)
    assert "open tours of boards 7 across" in str(open_7x7.value)
    with pytest.raises(TooLong):
        count_tours(6, 7)
    with pytest.raises(InputError) as wide:
        count_tours(9, 9, method="frontier", force=True)
    assert wide.value.parameter == "method"
    with pytest.raises(InputError) as bad:
        count_tours(5, 5, method="guess")
    assert bad.value.parameter == "method"
    with pytest.raises(InputError) as off:
        count_tours(5, 5, start=(5, 0))
    assert off.value.parameter == "start"
    with pytest.raises(InputError) as memory:
        count_tours(5, 5, memory=0)
    assert memory.value.parameter == "memory"
    with pytest.raises(InputError) as workers:
        count_tours(5, 5, method="backtrack", workers=2)
    assert workers.value.parameter == "workers"
