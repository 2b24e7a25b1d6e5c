"""Exact counts of knight's tours: the frontier dynamic program against the published counts (ragged
boards included), the exhaustive search (blocked squares, 9- and 10-across frontiers) and the plain-Python
transition; its threads, waves, files and checkpoint."""

import errno
import os
import random
import re
import tempfile
import threading
import weakref

import numpy as np
import pytest
from knights_helpers import count_reference

from boardpuzzles import runner
from boardpuzzles.errors import Cancelled, CheckpointError, InputError, OutputError, TooLong
from boardpuzzles.knights import count_tours, estimate, estimate_count, frontier, published, sweep
from boardpuzzles.knights.asked import sweep_index, sweep_order
from boardpuzzles.knights.codes import DANGLING, EMPTY, FIRST_LABEL, FULL, packed_code, to_int, unpacked_code
from boardpuzzles.knights.packed import dense
from boardpuzzles.knights.table import Outbox, Table, group_rows, key_range
from boardpuzzles.knights.moves import neighbour_table
from boardpuzzles.progress import Tracker
import frontier_reference

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


@pytest.mark.parametrize("rows", sorted(published.RAGGED))
@pytest.mark.slow
def test_ragged_boards_match_knuths_counts(rows):
    """The first 2n cells of a 3-, 5- or 7-row board filled column by column (A383660, A383661, A383663):
    a whole board with the top of its last column blocked."""
    first, values = published.RAGGED[rows]
    for n, expected in enumerate(values[:24], start=first):
        r, c, blocked = published.ragged(rows, 2 * n)
        assert count_tours(r, c, closed=True, blocked=blocked, method="frontier").count == expected, n


def test_the_default_method_is_the_faster_one_and_the_frontier_for_its_own_options():
    """Listing is faster on 5x5, 5x6 and 6x6 (benchmarks/knight_counts.py --methods)."""
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


@pytest.mark.slow
def test_counts_beyond_64_bits_are_exact():
    # 3x60 has about 10^26 closed tours: the counts take two limbs
    expected = frontier_reference.count(frontier.plan(3, 60, True))
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


def random_blocked(rng, rows, cols, free):
    """A board with about ``free`` free squares: the rest blocked, at random."""
    squares = [(r, c) for r in range(rows) for c in range(cols)]
    return sorted(rng.sample(squares, rows * cols - free))


@pytest.mark.parametrize("closed", [False, True])
def test_blocked_squares_agree_with_backtracking(closed):
    rng = random.Random(23)
    for rows, cols, free in [(4, 5, 17), (5, 5, 21), (4, 6, 20), (3, 8, 21), (5, 6, 24), (6, 6, 28)] * 4:
        blocked = random_blocked(rng, rows, cols, free)
        expected = count_tours(rows, cols, closed=closed, blocked=blocked, method="backtrack").count
        assert count_tours(rows, cols, closed=closed, blocked=blocked, method="frontier").count == expected, \
            (rows, cols, blocked)


def test_blocked_squares_with_a_start_agree_with_backtracking():
    rng = random.Random(5)
    for rows, cols in [(4, 5), (5, 5), (5, 6)] * 3:
        blocked = random_blocked(rng, rows, cols, rows * cols - 3)
        start = rng.choice([(r, c) for r in range(rows) for c in range(cols) if (r, c) not in blocked])
        expected = count_tours(rows, cols, start=start, blocked=blocked, method="backtrack").count
        assert count_tours(rows, cols, start=start, blocked=blocked, method="frontier").count == expected


@pytest.mark.parametrize("side,closed", [(9, False), (9, True), (10, False), (10, True)])
def test_9_and_10_across_frontiers_agree_with_backtracking(side, closed):
    """Codes of two words (19 and 21 cells, labels up to 12): boards 9 and 10 across, mostly blocked so that
    the exhaustive search can list their tours."""
    rng = random.Random(side)
    for free_rows in (2, 3):
        for _ in range(2):
            # a band of free squares across the whole height, a few of them blocked too
            first = rng.randrange(side - free_rows)
            band = {(r, c) for r in range(side) for c in range(first, first + free_rows)}
            blocked = sorted({(r, c) for r in range(side) for c in range(side)} - band)
            blocked += rng.sample(sorted(band), 2)
            expected = count_tours(side, side, closed=closed, blocked=blocked, method="backtrack", force=True).count
            got = count_tours(side, side, closed=closed, blocked=blocked, method="frontier", force=True).count
            assert got == expected, blocked


def test_8_across_open_codes_are_kept_in_one_word():
    """17 cells (8 across, open): the first three cells of a renumbered code take 2, 3 and 3 bits, so the code
    is one word, not two (16 bytes a state with its count, not 24)."""
    assert [frontier.plan(h, 3, closed).words for h, closed in ((7, False), (8, True), (8, False), (9, True))] == \
        [1, 1, 1, 2]
    plan = frontier.plan(8, 3, False)
    assert plan.packed and not frontier.plan(8, 3, True).packed
    rng = random.Random(17)
    for _ in range(200):
        cells, labels = [], 0  # a renumbered code: each new label the next one
        for place in range(17):
            value = rng.choice([EMPTY, FULL, DANGLING, *range(FIRST_LABEL, FIRST_LABEL + labels + 1)])
            labels += value == FIRST_LABEL + labels
            cells.append(value)
        code = sum(value << (4 * place) for place, value in enumerate(cells))
        word = packed_code(code)
        assert 0 <= word < 1 << 64 and unpacked_code(word) == code
        assert frontier.row_code(np.array([np.uint64(word).view(np.int64), 1]), plan) == code
    assert frontier.row_code(frontier.initial(plan)[0], plan) == int("1" * 17, 16)  # every place FULL
    with pytest.raises(InputError) as error:
        frontier.successors(FIRST_LABEL + 1, plan, 0)  # label 4 first: not renumbered
    assert error.value.parameter == "code"


@pytest.mark.slow
def test_8_across_open_boards_count_with_one_word_codes():
    """The 8x8 board with only 3 or 4 columns free: the 3x8 and 4x8 open tours (A079137), swept 8 across."""
    for free, expected in ((3, published.OPEN_DIRECTED[3, 8]), (4, 2 * published.OPEN_UNDIRECTED[4, 8])):
        blocked = [(r, c) for r in range(8) for c in range(8) if c >= free]
        assert count_tours(8, 8, blocked=blocked, method="frontier", force=True).count == expected


@pytest.mark.slow
def test_a_wide_frontier_with_many_pairs():
    """9 high and open (three middle columns of the 9x9 board): codes of two words, up to eight pairs of path
    ends at once; the kernel's count is the plain transition's over the whole sweep (directed: twice)."""
    blocked = [(r, c) for r in range(9) for c in range(9) if c < 3 or c > 5]
    plan = frontier.plan(9, 9, False, -1, [sweep_index(9, 9, sq) for sq in blocked], symmetric=False)
    assert plan.words == 2
    expected = frontier_reference.count(plan)
    assert count_tours(9, 9, blocked=blocked, method="frontier", force=True).count == 2 * expected


@pytest.mark.parametrize("rows,cols", [(4, 5), (3, 7)])
@pytest.mark.slow
def test_backtracking_agrees_with_the_plain_search(rows, cols):
    nbr = neighbour_table(rows, cols)
    assert count_tours(rows, cols, method="backtrack").count == sum(count_reference(nbr, s, False)
                                                                     for s in range(rows * cols))
    assert count_tours(rows, cols, start=(0, 1), method="backtrack").count == count_reference(nbr, 1, False)
    assert 2 * count_tours(3, 10, closed=True, method="backtrack").count == count_reference(neighbour_table(3, 10), 0, True)


@pytest.mark.parametrize("rows,cols,closed,start,blocked", [
    (5, 5, False, None, ()), (5, 5, False, (2, 1), ()), (4, 6, False, None, ()), (5, 6, True, None, ()),
    (3, 10, True, None, ()), (6, 5, True, None, ()), (5, 6, False, None, [(1, 1), (4, 5)]),
    (6, 6, True, None, [(0, 5), (2, 2), (5, 5)]), (5, 5, False, (0, 0), [(4, 4), (2, 3)]),
    (9, 9, True, None, [(r, c) for r in range(9) for c in range(9) if c < 3 or c > 5]),
    (10, 10, False, None, [(r, c) for r in range(10) for c in range(10) if c < 4 or c > 6]),
    (8, 8, False, None, [(r, c) for r in range(8) for c in range(8) if c < 3 or c > 5])])
@pytest.mark.slow
def test_kernel_transition_matches_the_plain_python_one(rows, cols, closed, start, blocked):
    """Every code met in the sweep leads to the same successors (with multiplicity) in both."""
    height, width, _ = sweep_order(rows, cols)
    first = sweep_index(rows, cols, start) if start is not None else -1
    plan = frontier.plan(height, width, closed, first, [sweep_index(rows, cols, sq) for sq in blocked],
                         symmetric=False)
    codes = {frontier.row_code(frontier.initial(plan)[0], plan)}
    for i in range(plan.squares):
        following = set()
        for code in sorted(codes)[:400]:
            kernel = sorted(frontier.successors(code, plan, i))
            assert kernel == sorted(frontier_reference.successors(code, plan, i)), (i, code)
            following.update(kernel)
        codes = following


def successor_key(code: int, plan: frontier.Plan, i: int) -> tuple[int, int]:
    """The partition key of step ``i`` read from a successor's code (4 bits a cell): for each place of
    ``plan.keys[i]`` (of the working frontier before the step: code cell ``place - 1 - implied`` after it),
    1 if it is EMPTY, 2 if FULL; in the places before the step, or at a mirror step in the code's cells,
    the smaller of the key and its mirror image's."""
    mask = int(plan.keys[i, 0]) | int(plan.keys[i, 1]) << 64
    places = [p for p in range(plan.slots + 1) if (mask >> 4 * p) & 15]
    kind = {p: {EMPTY: 1, FULL: 2}.get((code >> 4 * (p - 1 - plan.implied)) & 15, 0) for p in places}
    if not plan.mirror[i]:
        key = sum(v << 4 * p for p, v in kind.items())
    else:
        cells = {p - 1 - plan.implied: v for p, v in kind.items()}
        key = min(sum(v << 4 * k for k, v in cells.items()), sum(v << 4 * int(plan.reflect[k]) for k, v in cells.items()),
                  key=lambda k: (k >> 64, k & ((1 << 64) - 1)))
    return key & ((1 << 64) - 1), key >> 64


@pytest.mark.parametrize("rows,cols,closed,start,blocked", [
    (5, 5, False, None, ()), (6, 6, False, None, ()), (5, 6, True, None, ()), (6, 6, True, None, [(0, 3), (5, 3)]),
    (5, 5, False, (0, 0), ()), (4, 7, False, None, [(1, 1)]),
    (8, 8, False, None, [(r, c) for r in range(8) for c in range(8) if c < 3 or c > 5])])
def test_every_successor_has_its_parents_partition_key(rows, cols, closed, start, blocked):
    """The kernel's partition key of a code (its parent's places that the step leaves as they are) is the key
    read from each of its successors: codes with a successor in common are in one partition, and a wave can
    pass over the codes of the other partitions without building their successors."""
    height, width, _ = sweep_order(rows, cols)
    first = sweep_index(rows, cols, start) if start is not None else -1
    plan = frontier.plan(height, width, closed, first, [sweep_index(rows, cols, sq) for sq in blocked])
    codes = {frontier.row_code(frontier.initial(plan)[0], plan)}
    mask = (1 << 64) - 1
    for i in range(plan.squares):
        following = set()
        for code in sorted(codes)[:300]:
            word = packed_code(code) if plan.packed else code
            key = frontier.partition_key(np.uint64(word & mask), np.uint64(word >> 64), plan.step(i))
            for after in frontier.successors(code, plan, i):
                assert successor_key(after, plan, i) == (int(key[0]), int(key[1])), (i, code, after)
                following.add(after)
        codes = following


@pytest.mark.parametrize("rows,cols,closed,start,blocked", [
    (6, 8, True, None, ()), (5, 7, False, None, ()), (5, 5, False, (2, 1), ()), (5, 5, False, (0, 0), ()),
    (7, 5, False, (3, 0), ()), (6, 6, True, None, [(0, 3), (5, 3)]), (6, 6, True, None, [(0, 3), (4, 3)]),
    (5, 6, False, None, [(0, 5), (4, 5), (2, 2)])])
def test_a_frontier_and_its_mirror_image_merged_keep_the_count(rows, cols, closed, start, blocked):
    """Where a column ends on a board symmetric top to bottom (its blocked squares and start too), one code
    of a frontier and its mirror image is kept: fewer states, the same count."""
    height, width, _ = sweep_order(rows, cols)
    first = sweep_index(rows, cols, start) if start is not None else -1
    holes = [sweep_index(rows, cols, sq) for sq in blocked]
    counts, states = [], []
    for symmetric in (False, True):
        plan = frontier.plan(height, width, closed, first, holes, symmetric)
        swept = sweep.Sweep(plan, 1 << 28, 1, Tracker("squares"), None)
        last = swept.run(sweep.start_frontier(plan), None)
        counts.append(sum(to_int(row[plan.words:]) for part in last.parts for row in part.rows if row[0]))
        states.append(sum(swept.states))
    assert counts[0] == counts[1]
    assert states[1] <= states[0]
    if not blocked and start is None:
        assert states[1] < 0.7 * states[0]


@pytest.mark.slow
def test_plain_python_sweep_counts():
    assert frontier_reference.count(frontier.plan(4, 5, False)) == published.OPEN_UNDIRECTED[4, 5]
    assert frontier_reference.count(frontier.plan(3, 12, True)) == 176


def test_result_json_keeps_the_keys():
    result = count_tours(5, 5, start=(0, 0), method="frontier")
    assert result.to_json() == {"rows": 5, "cols": 5, "closed": False, "start": "a1", "blocked": [], "count": 304,
                                "method": "frontier", "peak_states": result.peak_states,
                                "seconds": round(result.seconds, 3), "part": None}
    assert result.peak_states == max(result.states) > 100
    assert len(result.states) == 25 and result.states[-1] == 1
    assert count_tours(5, 4, closed=True, blocked=[(4, 3), (3, 3)]).to_json()["blocked"] == ["d4", "d5"]


def test_progress_reports_the_estimated_work_with_the_square_and_its_states():
    """A count's progress is the percent of its estimated work (each square weighed by the states the model
    expects after it), never going back, with the square reached and its states."""
    seen = []
    count_tours(6, 6, closed=True, method="frontier", progress=seen.append)
    assert seen[-1].done == pytest.approx(seen[-1].total) and seen[-1].total == 100
    assert seen[-1].unit == "% of the estimated work"
    assert all(a.done <= b.done for a, b in zip(seen, seen[1:]))
    assert any(re.fullmatch(r"square \d+ of 36: [0-9,]+ states?", report.detail) for report in seen)


def test_a_resumed_counts_rate_leaves_out_the_work_done_before(monkeypatch, tmp_path):
    """The squares a checkpoint kept were done before the call: its reports say so (``since``), and the rate
    and the time left count this call's work only."""
    monkeypatch.setattr("boardpuzzles.progress.REPORT_INTERVAL", 0.0)  # every square reported, however fast
    path = tmp_path / "tours.ckpt"
    stop = threading.Event()

    def stop_halfway(report):
        if report.done > 50:
            stop.set()

    with pytest.raises(Cancelled):
        count_tours(5, 6, checkpoint=path, progress=stop_halfway, cancel=stop)
    seen = []
    count_tours(5, 6, checkpoint=path, progress=seen.append)
    assert seen[0].since > 40 and seen[0].done == seen[0].since and seen[0].rate == 0  # the squares kept
    assert all(report.since == seen[0].since for report in seen)
    assert seen[-1].rate == pytest.approx((seen[-1].done - seen[0].since) / seen[-1].elapsed)


def test_cancel_stops_the_count():
    stop = threading.Event()

    def progress(report):
        if report.done > 20:
            stop.set()

    before = set(threading.enumerate())  # an earlier test's dask cluster may leave a thread of its own
    with pytest.raises(Cancelled):
        count_tours(7, 8, closed=True, progress=progress, cancel=stop, force=True)
    assert set(threading.enumerate()) <= before


def test_memory_bound_cuts_steps_into_waves_on_disk():
    result = count_tours(5, 6, memory=64 * 1024)  # 7370 frontiers at the widest step
    assert result.count == 2 * published.OPEN_UNDIRECTED[5, 6]
    assert result.partitions > 1


@pytest.mark.parametrize("rows,cols,closed,start,memory", [
    (6, 6, True, None, None), (6, 6, True, None, 256 * 1024), (5, 5, False, None, 64 * 1024),
    (5, 6, False, (0, 1), None), (4, 9, False, None, None), (3, 40, True, None, 64 * 1024)])
@pytest.mark.slow
def test_threaded_steps_hand_successors_over_and_keep_the_count(monkeypatch, tmp_path, rows, cols, closed, start,
                                                                 memory):
    expected = count_tours(rows, cols, closed=closed, start=start, method="frontier").count
    monkeypatch.setattr(sweep, "THREADED_STATES", 1)  # every step threaded
    monkeypatch.setattr(sweep, "OUTBOX_ROWS", 64)  # the outboxes handed over often
    monkeypatch.setattr(runner, "cpu_count", lambda: 3)
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    before = set(threading.enumerate())
    result = count_tours(rows, cols, closed=closed, start=start, method="frontier", memory=memory)
    assert result.count == expected
    assert result.partitions >= 3
    assert list(tmp_path.iterdir()) == []  # the partitions are gone
    assert set(threading.enumerate()) <= before  # the threads of the count are gone


def test_every_wave_passes_over_the_rows_and_keeps_the_count(monkeypatch, tmp_path):
    """A step cut into waves of 3 threads: each wave builds the successors of its own partitions' codes from the
    step's rows, handing them between its threads."""
    monkeypatch.setattr(sweep, "THREADED_STATES", 1)  # every step threaded
    monkeypatch.setattr(runner, "cpu_count", lambda: 3)
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    result = count_tours(5, 6, memory=96 * 1024)  # 2 to 6 waves of 3 threads
    assert result.count == 2 * published.OPEN_UNDIRECTED[5, 6] and result.partitions > 3
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("threads", [1, 3])
def test_a_step_cut_by_the_codes_keys_keeps_the_count(monkeypatch, threads):
    """Every step cut by the codes' keys (the big steps are; here every one), in waves that pass over the codes
    of the others' partitions: the same count."""
    monkeypatch.setattr(sweep, "KEYED_STATES", 1 << 14)  # 6x6's few keys spread unevenly over more partitions
    monkeypatch.setattr(sweep, "THREADED_STATES", 1)
    monkeypatch.setattr(runner, "cpu_count", lambda: threads)
    result = count_tours(6, 6, memory=8 << 20)
    assert result.count == published.OPEN_DIRECTED[6, 6] and result.partitions >= 2


def test_a_later_wave_takes_as_many_partitions_as_each_thread_can_take_alike(monkeypatch):
    """The waves after a step's first take a multiple of the threads' number of partitions (whatever more
    memory would hold), so that no thread waits for another's second partition; only a step's last wave
    takes what is left.  The count is the same."""
    monkeypatch.setattr(sweep, "KEYED_STATES", 1 << 14)
    monkeypatch.setattr(sweep, "THREADED_STATES", 1)
    monkeypatch.setattr(runner, "cpu_count", lambda: 2)
    waves: list[tuple[int, int, int]] = []
    build = sweep.Sweep._build

    def recorded(self, frontier, owned, *args):
        waves.append((frontier.step, owned.start, len(owned)))
        return build(self, frontier, owned, *args)

    monkeypatch.setattr(sweep.Sweep, "_build", recorded)
    # at 5 MB, the memory left after the first wave held 3 or 5 partitions' tables in some steps
    assert count_tours(6, 6, memory=5 << 20).count == published.OPEN_DIRECTED[6, 6]
    later = [(step, start, size) for step, start, size in waves if start > 0]
    last = {step: max(start for s, start, _ in later if s == step) for step, _, _ in later}
    assert [size for step, start, size in later if start != last[step]]  # waves that are not a step's last
    assert all(size % 2 == 0 for step, start, size in later if start != last[step])


def test_key_ranges_tile_the_hashes_and_group_rows_gathers_the_codes_of_each_partition():
    """A partition's key range holds the hashes it takes, and consecutive ranges tile them; ``group_rows``
    gathers the codes whose successors ``Table.expand``, cut by keys, sends to each partition."""
    for parts in (1, 3, 7, 8, 1000):
        ranges = [key_range(q, parts) for q in range(parts)]
        assert ranges[0][0] == 0 and ranges[-1][1] == 1 << 32
        assert all(a[1] == b[0] and a[0] < a[1] for a, b in zip(ranges, ranges[1:]))
        assert all((h * parts) >> 32 == q for q, (lo, hi) in enumerate(ranges) for h in (lo, hi - 1))
    plan = frontier.plan(6, 6, False, -1, [])
    swept = sweep.Sweep(plan, 1 << 26, 1, Tracker("squares"), None)
    front = sweep.start_frontier(plan)
    while front.step < 20:
        front = swept.step(front)
    rows = np.concatenate([dense(part.rows) for part in front.parts])
    before = {tuple(row) for row in rows.tolist()}
    starts = group_rows(plan, 20, rows, 5)
    assert starts[0] == 0 and starts[-1] == len(rows) and all(np.diff(starts) > 0)
    assert {tuple(row) for row in rows.tolist()} == before
    sent = 0
    for r in range(0, len(rows), max(1, len(rows) // 300)):
        box = Outbox(5, 64, rows.shape[1])
        into = Table(np.zeros((1024, rows.shape[1]), dtype=np.int64), plan.words)
        into.expand(plan, 20, rows, r, r + 1, box, part=0, parts=5, keyed=True)
        went = ({0} if into.filled else set()) | set(np.flatnonzero(box.filled).tolist())
        assert went <= {int(np.searchsorted(starts, r, side="right")) - 1}
        sent += bool(went)
    assert sent > 100


def stopped_in_a_keyed_step(monkeypatch, path, check):
    """A 6x6 open count whose steps from 2^10 states are cut by keys (2 threads), checkpointed at ``path`` and
    stopped after a wave of square 21 or later that ``check(sweep, frontier, done, removed)`` says True of
    (called after each wave's record: the step's frontier, the partitions written, how many files went).
    Returns the square and the partitions done of the last record."""
    monkeypatch.setattr(sweep, "KEYED_STATES", 1 << 10)
    monkeypatch.setattr(sweep, "THREADED_STATES", 1)
    monkeypatch.setattr(runner, "cpu_count", lambda: 2)
    stop = threading.Event()
    seen = []
    used = sweep.Sweep._used

    def spy(self, front, parts, through, size, done, remove):
        before = len(front.parts)
        used(self, front, parts, through, size, done, remove)
        seen.append((front.step, through))
        if check(self, front, done, before - len(front.parts)) and front.step >= 20:
            stop.set()  # the next wave stops: the checkpoint holds the step begun

    monkeypatch.setattr(sweep.Sweep, "_used", spy)
    with pytest.raises(Cancelled):
        count_tours(6, 6, checkpoint=path, memory=4 << 20, cancel=stop)
    monkeypatch.setattr(sweep.Sweep, "_used", used)
    return seen[-1]


def test_a_keyed_step_removes_the_files_it_has_used_and_a_count_goes_on_from_its_next_wave(monkeypatch, tmp_path):
    """With a checkpoint, a step cut by the codes' keys reads only the groups of files its wave's partitions
    take, is recorded after each wave, and removes the groups its waves have passed (the disk holds about one
    step, not two).  Stopped in the middle of a step, the count goes on from the wave after the last one
    recorded, and counts as many tours."""
    path = tmp_path / "tours.ckpt"

    def check(self, front, done, removed):
        names = os.listdir(self.folder)
        assert {n for n in names if n.startswith(f"step{front.step}-")} == {p.name for p in front.parts}
        assert {p.name for p in done} <= set(names) and all(p.group is not None for p in done + front.parts)
        return removed > 0

    step, through = stopped_in_a_keyed_step(monkeypatch, path, check)
    begun = []
    stepped = sweep.Sweep._step

    def watch(self, front, columns):
        begun.append(None if front.later is None else (front.step, front.later.through))
        return stepped(self, front, columns)

    monkeypatch.setattr(sweep.Sweep, "_step", watch)
    assert count_tours(6, 6, checkpoint=path, memory=4 << 20).count == published.OPEN_DIRECTED[6, 6]
    assert begun[0] == (step, through)


def test_a_keyed_step_that_may_not_remove_its_files_is_recorded_each_wave_and_runs_again_whole_when_it_must(
        monkeypatch, tmp_path):
    """A step whose counts might outgrow their limbs (here: told so) removes no file, but is still recorded
    after each wave, and a count resumed from it goes on from there.  When a later wave outgrows memory even
    one partition at a time, the step (nothing of its frontier removed) runs again from its first wave in
    more waves, its record the frontier's again first: the same count."""
    monkeypatch.setattr(sweep.Sweep, "bounded", lambda self, front, columns: False)
    path = tmp_path / "tours.ckpt"

    def check(self, front, done, removed):
        assert removed == 0
        return True

    step, through = stopped_in_a_keyed_step(monkeypatch, path, check)
    built = sweep.Sweep._build
    begun, again = [], []

    def build(self, front, owned, *args):
        if not again and front.later is not None and owned.start >= front.later.through:
            begun.append((front.step, front.later.through, len(owned)))
            raise sweep.NoRoom()  # every later wave of the step begun outgrows memory, until it runs again
        return built(self, front, owned, *args)

    restart = sweep.Sweep._again
    monkeypatch.setattr(sweep.Sweep, "_build", build)
    monkeypatch.setattr(sweep.Sweep, "_again", lambda self, front: again.append(front.step) or restart(self, front))
    assert count_tours(6, 6, checkpoint=path, memory=4 << 20).count == published.OPEN_DIRECTED[6, 6]
    assert begun[0][:2] == (step, through) and begun[-1][2] == 1 and again == [step]


def test_partitions_built_again_go_as_many_at_a_time_as_their_tables_fit(monkeypatch):
    """Planned far too wide (as a resumed count's first steps are, not knowing the growth), a step's partitions
    left after the first wave are built with tables sized by the first wave's, more of them at a time than
    there are threads: fewer passes over the rows.  The first wave's wider tables are let go before them (held
    with them, 8x8 open at 11G held 18 GB)."""
    monkeypatch.setattr(sweep, "GROWTH", 8.0)
    monkeypatch.setattr(sweep, "THREADED_STATES", 1)
    monkeypatch.setattr(runner, "cpu_count", lambda: 2)
    at_once = []
    first_tables: list[weakref.ref] = []
    held_on = []
    built = sweep.Sweep._build

    def build(self, frontier, owned, *args):
        at_once.append(len(owned))
        if owned.start:
            held_on.append(any(table() is not None for table in first_tables))
        owners = built(self, frontier, owned, *args)
        if not owned.start:
            first_tables[:] = [weakref.ref(owner.table.rows if owner.table.rows.base is None else owner.table.rows.base)
                               for owner in owners]
        return owners

    monkeypatch.setattr(sweep.Sweep, "_build", build)
    result = count_tours(6, 6, memory=4 << 20)
    assert result.count == published.OPEN_DIRECTED[6, 6] and result.partitions == 8
    assert max(at_once) > 2
    assert held_on and not any(held_on)


def test_a_step_that_outgrows_its_plan_runs_again_with_more_waves(monkeypatch):
    monkeypatch.setattr(sweep, "GROWTH", 0.1)  # every step planned far too small
    result = count_tours(5, 6, memory=64 * 1024)
    assert result.count == 2 * published.OPEN_UNDIRECTED[5, 6] and result.partitions > 2


def test_tables_that_grow_stay_within_memory(monkeypatch):
    """A table that outgrows its plan needs its old and its new memory at once: past ``memory`` the step runs
    again in more waves instead (8x8 open at 11G was killed at 24 GB when two tables grew together)."""
    monkeypatch.setattr(sweep, "GROWTH", 0.3)
    monkeypatch.setattr(sweep, "MARGIN", 0.3)  # every step planned too small: the tables grow
    held = []
    made = sweep.Sweep._rows

    def rows(self, size, columns):
        found = made(self, size, columns)
        held.append(self.held - self.memory)
        return found

    monkeypatch.setattr(sweep.Sweep, "_rows", rows)
    result = count_tours(5, 6, memory=96 << 10)  # 7,370 states at the widest step: 160 KB of tables
    assert result.count == 2 * published.OPEN_UNDIRECTED[5, 6] and result.partitions > 2
    assert max(held) <= 0


def test_partitions_go_beside_the_checkpoint_and_what_a_killed_run_left_there_is_cleared(tmp_path):
    path = tmp_path / "tours.ckpt"
    left = tmp_path / "tours.ckpt.parts"
    result = count_tours(5, 6, checkpoint=path, memory=64 * 1024)
    assert result.count == 37568 and result.partitions > 1
    assert sorted(p.name for p in tmp_path.iterdir()) == ["tours.ckpt", "tours.ckpt.parts"]
    assert {p.name.partition("-")[0] for p in left.iterdir()} == {"step30"}  # the last square's partitions
    (left / "step9-part3.npy").write_bytes(b"left by a run killed with kill -9")
    again = count_tours(5, 6, checkpoint=path)  # resumed at the end: nothing left to sweep
    assert again.count == 37568 and again.states == ()
    assert {p.name.partition("-")[0] for p in left.iterdir()} == {"step30"}


def test_a_resumed_count_plans_its_steps_from_the_growth_its_checkpoint_kept(monkeypatch, tmp_path):
    """Each step's record keeps the growth seen by row; a count resumed from it plans its first steps with
    it, not with :data:`sweep.GROWTH` (8x8 open resumed at square 42 planned six waves where three were
    needed)."""
    path = tmp_path / "tours.ckpt"
    stop = threading.Event()
    seen = []
    stepped = sweep.Sweep.step

    def step(self, frontier):
        seen.append(dict(self.growth))
        following = stepped(self, frontier)
        if following.step == 20:
            stop.set()  # the next step stops: its checkpoint holds 20 squares
        return following

    monkeypatch.setattr(sweep.Sweep, "step", step)
    with pytest.raises(Cancelled):
        count_tours(5, 6, checkpoint=path, cancel=stop)
    seen.clear()
    assert count_tours(5, 6, checkpoint=path).count == 2 * published.OPEN_UNDIRECTED[5, 6]
    assert set(seen[0]) == set(range(5)) and all(grew > 0 for grew in seen[0].values())


def test_a_full_disk_is_one_error_naming_where(monkeypatch, tmp_path):
    def full(*args, **kwargs):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(np.lib.format, "open_memmap", full)
    with pytest.raises(OutputError) as error:
        count_tours(5, 5, checkpoint=tmp_path / "tours.ckpt", memory=256 * 1024)
    assert "No space left on device" in str(error.value) and "tours.ckpt.parts" in str(error.value)


def test_a_step_whose_files_would_not_fit_stops_before_it_starts(monkeypatch, tmp_path):
    """The sweep weighs a step's files (its expected states, at the bytes a state of the files before took)
    against the free disk before it builds them: it stops with one line, nothing of the step written, and the
    checkpoint resumes once there is room."""
    path = tmp_path / "tours.ckpt"
    usage = sweep.shutil.disk_usage
    asked = []

    def disk_usage(folder):
        asked.append(folder)
        real = usage(folder)
        return real._replace(free=real.free if len(asked) < 12 else 1000)  # full from the 12th step on

    monkeypatch.setattr(sweep.shutil, "disk_usage", disk_usage)
    with pytest.raises(OutputError) as error:
        count_tours(5, 6, checkpoint=path)
    square = re.match(r"square (\d+) needs about [0-9.]+ kB of disk for its partitions in \S+tours\.ckpt\.parts, "
                      r"which has 1 kB free; free disk space there", str(error.value))
    assert square is not None and int(square[1]) > 5
    assert not any(name.startswith(f"step{square[1]}-") for name in os.listdir(f"{path}.parts"))
    monkeypatch.setattr(sweep.shutil, "disk_usage", usage)
    assert count_tours(5, 6, checkpoint=path).count == 2 * published.OPEN_UNDIRECTED[5, 6]


def test_the_estimate_with_a_checkpoint_counts_one_step_on_disk_where_the_checkpoint_goes(monkeypatch, tmp_path):
    """With a checkpoint a count removes a step's files as the next one uses them: its estimate's disk is the
    widest step and an eighth of the one beside it, weighed against the free disk of the checkpoint's
    directory."""
    kept = estimate_count(8, 8, memory=11 << 30, checkpoint=tmp_path / "tours.ckpt")
    plain = estimate_count(8, 8, memory=11 << 30)
    assert 0.5 * plain.disk < kept.disk < 0.65 * plain.disk and kept.folder == str(tmp_path)  # the sets kept too
    looked = []
    monkeypatch.setattr(estimate, "free_disk", lambda folder=None: looked.append(folder) or 1e15)
    assert not kept.too_long(1e9) and looked == [str(tmp_path)]


def test_the_estimate_of_a_count_begun_is_that_of_the_squares_its_checkpoint_has_not_swept(monkeypatch, tmp_path):
    """Given the checkpoint of a count begun, the estimate reads it (and leaves it as it was) and tells the
    rest of the count: each square's states, less the squares swept; a checkpoint of another count is refused
    as the count would refuse it, and a file not there yet is not made."""
    monkeypatch.setattr("boardpuzzles.progress.REPORT_INTERVAL", 0.0)
    path = tmp_path / "tours.ckpt"
    assert estimate_count(5, 6, checkpoint=path).resumes_after is None and not path.exists()
    stop = threading.Event()
    with pytest.raises(Cancelled):
        count_tours(5, 6, checkpoint=path, progress=lambda report: report.done > 50 and stop.set(), cancel=stop)
    kept = path.read_bytes()
    resumed, whole = estimate_count(5, 6, checkpoint=path), estimate_count(5, 6)
    done = resumed.resumes_after
    assert done is not None and 10 < done < 30 and resumed.squares == 30
    left = [v * min(1.0, max(0.0, i + 1 - done)) for i, v in enumerate(estimate.square_states(5, 6))]
    assert resumed.state_steps == pytest.approx(sum(left)) and resumed.state_steps < whole.state_steps
    assert f"holds {done:.3g} of the 30 squares swept" in str(resumed)
    assert resumed.to_json()["resumes_after"] == round(done, 3) and whole.to_json()["resumes_after"] is None
    with pytest.raises(CheckpointError, match="closed = False, not True"):
        estimate_count(5, 6, closed=True, checkpoint=path)
    assert path.read_bytes() == kept
    assert count_tours(5, 6, checkpoint=path).count == 2 * published.OPEN_UNDIRECTED[5, 6]


def test_a_checkpoint_in_a_folder_that_is_not_there_is_one_error_naming_it(tmp_path):
    """The estimate weighs the disk of the nearest folder that exists; the checkpoint then refuses the path."""
    assert estimate.free_disk(str(tmp_path / "not" / "there")) > 0  # tmp_path's disk, not an error
    with pytest.raises(CheckpointError, match="cannot create the checkpoint file"):
        count_tours(5, 6, checkpoint=tmp_path / "not" / "there" / "tours.ckpt")


def test_refusals_name_parameters():
    with pytest.raises(TooLong) as too_long:
        count_tours(8, 8)  # open tours have many more frontiers than closed ones
    assert too_long.value.parameter == "force"
    assert "estimated at about" in str(too_long.value) and "GB of memory" in str(too_long.value)
    with pytest.raises(TooLong):
        count_tours(7, 7, method="backtrack")
    with pytest.raises(TooLong):
        count_tours(9, 8, closed=True)
    assert count_tours(6, 7, closed=True).count == published.CLOSED[6, 7]  # estimated at seconds: not refused
    with pytest.raises(InputError) as wide:
        count_tours(11, 11, method="frontier", force=True)
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
    for blocked in ([(5, 5)], [(r, c) for r in range(3) for c in range(3)]):
        with pytest.raises(InputError) as holes:
            count_tours(3, 3, blocked=blocked)
        assert holes.value.parameter == "blocked"
    with pytest.raises(InputError) as start:
        count_tours(5, 5, start=(0, 0), blocked=[(0, 0)])
    assert start.value.parameter == "start"


@pytest.mark.parametrize("call,parameter", [
    (lambda: frontier.plan(11, 11, True), "height"), (lambda: frontier.plan(0, 3, True), "height"),
    (lambda: frontier.plan(3, 4, True, blocked=[12]), "blocked"), (lambda: frontier.plan(3, 4, False, 5, [5]), "start"),
    (lambda: frontier.successors(1 << 40, frontier.plan(3, 4, True), 0), "code"),
    (lambda: frontier.successors(0, frontier.plan(3, 4, True), 12), "step"),
    (lambda: Table(np.zeros((12, 2), dtype=np.int64), 1), "rows"),
    (lambda: Outbox(0, 16, 2), "parts, capacity, columns, first")])
def test_the_kernels_public_doors_check_their_inputs(call, parameter):
    with pytest.raises(InputError) as error:
        call()
    assert error.value.parameter == parameter
