"""The degree relaxation of the frontier count (knights/completable.py): its sets of completable states against a
flow on the board itself (tests/completable_reference.py), the kernel's test of each successor against the same,
and what it saves."""

from __future__ import annotations

import random
import re
import threading

import numpy as np
import pytest

from boardpuzzles.errors import Cancelled, InputError
from boardpuzzles.knights import count_tours, frontier, published
from boardpuzzles.knights.asked import sweep_index, sweep_order
from boardpuzzles.knights.codes import code_of
from boardpuzzles.knights.completable import completable
from boardpuzzles.progress import Tracker
import completable_reference as reference
import frontier_reference

BOARDS = [  # rows, cols, closed, start, blocked
    (3, 7, True, None, ()), (4, 5, False, None, ()), (4, 5, False, (1, 2), ()), (5, 4, False, (0, 0), ()),
    (4, 6, True, None, [(0, 2)]), (4, 6, False, None, [(1, 1), (3, 4)]), (3, 8, False, (2, 3), [(0, 5)]),
    (5, 5, True, None, [(2, 2)])]


def board_plan(rows, cols, closed, start, blocked, symmetric=False):
    height, width, _ = sweep_order(rows, cols)
    first = sweep_index(rows, cols, start) if start is not None and not closed else -1
    return frontier.plan(height, width, closed, first, [sweep_index(rows, cols, sq) for sq in blocked], symmetric)


def met_codes(plan, most=150):
    """For each square, up to ``most`` frontiers after it that the kernel makes (none dropped)."""
    codes = {code_of(frontier.initial(plan)[0][:plan.words])}
    for i in range(plan.squares):
        following = set()
        for code in sorted(codes)[:most]:
            following.update(frontier.successors(code, plan, i))
        yield i, sorted(following)[:most]
        codes = following


@pytest.mark.parametrize("rows,cols,closed,start,blocked", BOARDS)
@pytest.mark.slow
def test_the_sets_are_the_completable_states(rows, cols, closed, start, blocked):
    """Every state the sweep meets and random ones: in the set exactly when a flow on the board completes it."""
    plan = board_plan(rows, cols, closed, start, blocked)
    sets = completable(plan)
    rng = random.Random(rows * 100 + cols)
    for i, codes in met_codes(plan):
        if i >= plan.last_free:
            assert sets.members[i] is None
            continue
        members = set(map(int, sets.members[i]))
        states = [reference.relaxed(code, plan, i) for code in codes]
        base = i + 1 - plan.slots
        for _ in range(60):
            needs = {base + p: rng.randrange(3) for p in range(plan.slots) if base + p >= 0}
            states.append((needs, 0 if closed else rng.randrange(3)))
        for needs, ends in states:
            expected = reference.completable(plan, i, needs, ends)
            assert (ends >= 0 and reference.index(plan, i, needs, ends) in members) == expected, (i, needs, ends)


@pytest.mark.parametrize("rows,cols,closed,start,blocked", BOARDS[:5])
def test_the_kernel_drops_exactly_the_successors_that_cannot_be_completed(rows, cols, closed, start, blocked):
    plan = board_plan(rows, cols, closed, start, blocked)
    sets = completable(plan)
    codes = {code_of(frontier.initial(plan)[0][:plan.words])}
    for i in range(plan.squares):
        bits = sets.bitmap(i)
        following = set()
        for code in sorted(codes)[:100]:
            every = frontier.successors(code, plan, i)
            kept = frontier.successors(code, plan, i, bits)
            if i >= plan.last_free:
                assert kept == every
            else:
                assert sorted(kept) == sorted(s for s in every if reference.completable(plan, i, *reference.relaxed(s, plan, i)))
            following.update(kept)
        codes = following


def test_a_board_over_8_across_is_counted_without_the_relaxation():
    plan = board_plan(9, 9, True, None, [(r, c) for r in range(9) for c in range(9) if c < 3 or c > 5])
    assert not plan.relaxes and frontier.plan(8, 8, False).relaxes
    assert set(completable(plan).members) == {None}


@pytest.mark.slow
def test_fewer_states_the_same_counts():
    """6x8 closed: the published count from 1,674,996 states in all (5,583,409 before the relaxation) and
    162,208 at the widest step (685,959)."""
    result = count_tours(6, 8, closed=True, method="frontier")
    assert result.count == published.CLOSED[6, 8]
    assert sum(result.states) == 1_674_996 and result.peak_states == 162_208
    result = count_tours(6, 6, method="frontier")
    assert result.count == published.OPEN_DIRECTED[6, 6] and result.peak_states < 400_000  # 5,644,449 before


@pytest.mark.slow
def test_the_plain_python_sweep_kept_to_the_completable_frontiers_counts_the_same():
    plan = board_plan(4, 6, False, None, ())
    sets = completable(plan)
    counts = {code_of(frontier.initial(plan)[0][:plan.words]): 1}
    for step in range(plan.squares):
        following: dict[int, int] = {}
        for code, number in counts.items():
            for after in frontier_reference.successors(code, plan, step):
                if step >= plan.last_free or reference.index(plan, step, *reference.relaxed(after, plan, step)) in \
                        set(map(int, sets.members[step])):
                    following[after] = following.get(after, 0) + number
        counts = following
    assert sum(counts.values()) == published.OPEN_UNDIRECTED[4, 6]


def test_the_backward_sweep_hears_cancel_and_checks_its_plan():
    stop = threading.Event()
    stop.set()
    with pytest.raises(Cancelled):
        completable(frontier.plan(6, 8, True), Tracker("squares", 48, cancel=stop))
    with pytest.raises(InputError, match="plan"):
        completable("6x8")  # type: ignore[arg-type]
    with pytest.raises(InputError, match="completable"):
        frontier.successors(0, frontier.plan(3, 4, True), 0, np.zeros(3, dtype=np.uint64))


def test_the_count_reports_its_states_once_the_backward_sweep_is_over(monkeypatch):
    """The benchmark (and a progress bar) reads the states from the detail of every report made while sweeping:
    the backward sweep's detail must not outlive it."""
    monkeypatch.setattr("boardpuzzles.progress.REPORT_INTERVAL", 0.0)
    reports = []
    count_tours(6, 6, closed=True, method="frontier", progress=reports.append)
    assert any(report.detail.startswith("the end of the board") for report in reports)
    sweeping = [report for report in reports if report.done > 0]
    assert len(sweeping) > 36 and all(re.fullmatch(r"square \d+ of 36: [0-9,]+ states?", report.detail)
                                      for report in sweeping)


def test_steps_far_from_the_end_share_their_sets():
    sets = completable(frontier.plan(5, 40, True))
    distinct = {id(m) for m in sets.members if m is not None}
    assert len(distinct) < 10 * 5  # a few columns at each end; the middle repeats two columns' sets
    assert sets.nbytes == sum(m.nbytes for m in {id(m): m for m in sets.members if m is not None}.values())
