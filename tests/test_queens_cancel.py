"""Long queens calls report progress and stop within half a second of ``cancel``,
in the caller's thread: no thread or worker process is left running and the
process goes back to idle.  The progress they report has a true total where one
is known (the search tree, the steps to the first solution, the subproblems)."""

import threading
import time

import pytest
from bounds import AT_ONCE_CPU
from cancel_helpers import cancel_while_working

from boardpuzzles import Cancelled, NoSolution, TooLong, queens
from boardpuzzles.queens import bitboard, completion

LONG_CALLS = {
    "count of 18 queens in this process": lambda **kw: queens.count(18, workers=1, **kw),
    "count of 18 queens in 2 processes": lambda **kw: queens.count(18, workers=2, **kw),
    "listing of 16 queens (bitboard)": lambda **kw: sum(1 for _ in queens.solutions(16, **kw)),
    "listing of 14 queens (recursive)": lambda **kw: sum(1 for _ in queens.solutions(14, "recursive", **kw)),
    "listing of 14 queens (freelist)": lambda **kw: sum(1 for _ in queens.solutions(14, "freelist", **kw)),
    "first solution of 36 queens (bitboard)": lambda **kw: queens.solve(36, "bitboard", **kw),
    "every completion of a1 on 17x17": lambda **kw: queens.complete(17, "a1", all=True, **kw),
}


@pytest.fixture(scope="module", autouse=True)
def compiled():
    """Load the kernels first, so that the timings below are of the work, not of the compiler."""
    queens.count(13, workers=1)  # over the sizes whose kernel source is interpreted before it is compiled
    sum(1 for _ in queens.solutions(11))
    queens.solve(8, "bitboard")


@pytest.mark.parametrize("name", LONG_CALLS)
@pytest.mark.slow
def test_cancel_from_another_thread(name):
    reports = cancel_while_working(LONG_CALLS[name], working=lambda report: report.done > 0)
    assert 0 < reports[-1].done < reports[-1].total


def test_cancel_set_before_the_call():
    cancel = threading.Event()
    cancel.set()
    with pytest.raises(Cancelled):
        queens.count(12, cancel=cancel)
    with pytest.raises(Cancelled):
        queens.solve(8, "bitboard", cancel=cancel)


@pytest.mark.parametrize("n", range(1, 30))
def test_the_steps_to_the_first_solution_are_the_known_total(n):
    reports = []
    try:
        queens.solve(n, "bitboard", progress=reports.append)
    except NoSolution:
        assert n in (2, 3)
    else:
        assert n not in (2, 3)
    assert reports[-1].unit == "steps"
    assert reports[-1].done == reports[-1].total == bitboard.FIRST_SOLUTION_STEPS[n]


def test_a_first_solution_that_would_take_hours_is_refused_before_it_starts():
    started = time.process_time()
    with pytest.raises(TooLong, match="first solution of 34 queens by freelist: about 4,589,210,534 steps") as caught:
        queens.solve(34, "freelist")
    assert time.process_time() - started < AT_ONCE_CPU
    assert caught.value.parameter == "force"
    with pytest.raises(TooLong, match="first solution of 34 queens by recursive"):
        queens.solutions(34, "recursive", limit=1)
    with pytest.raises(TooLong, match="first solution of 34 queens by iterative"):
        queens.solve(34, "iterative")
    queens.solutions(34, limit=1)  # bitboard: 33 s, not refused (and not run: the listing is lazy)


def test_every_completion_reports_the_part_of_the_tree_searched():
    reports = []
    found = queens.complete(12, "a1", all=True, progress=reports.append)
    assert len(found) > 0
    assert all(report.unit == "% of the search tree" and report.total == 100 for report in reports)
    parts = [report.done for report in reports]
    assert parts == sorted(parts) and parts[-1] == 100


def test_the_part_searched_is_one_at_the_end_of_the_walk():
    frame = completion._Frame(completion._Lines(4), [0], [0], [(0, 0), (0, 1)], None)
    assert completion.part_searched([frame]) == 0
    frame.tried = 2
    child = completion._Frame(completion._Lines(4), [0], [0], [(1, 0), (1, 1), (1, 2), (1, 3)], (0, 1))
    child.tried = 3
    assert completion.part_searched([frame, child]) == 0.5 + 0.5 * 2 / 4


def test_the_first_solution_of_40_queens_by_bitboard_is_refused_with_its_steps():
    with pytest.raises(TooLong, match="first solution of 40 queens by bitboard: about 916,259,623,904 steps"):
        queens.solve(40, "bitboard")
