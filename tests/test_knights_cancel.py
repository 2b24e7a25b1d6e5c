"""Long knight's-tour calls report progress and stop within half a second of ``cancel``,
in the caller's thread: no thread is left running and the process goes back to idle."""

import threading
import time

import pytest
from bounds import STOP_BOUND
from cancel_helpers import cancel_while_working
from signal_helpers import Terminal

from boardpuzzles import Cancelled
from boardpuzzles.knights import find_tour, tour_starts
from boardpuzzles.knights.steps import tour_steps
from boardpuzzles.knights.warnsdorff import FIRST_MOVES, LOOKAHEAD, ROTH, first_moves

LONG_CALLS = {
    "roth on 4000x4000": lambda **kw: find_tour(4000, 4000, **kw),
    "divide on 6000x6000": lambda **kw: find_tour(6000, 6000, closed=True, **kw),
    "exhaustive search on 4x40 from s1": lambda **kw: find_tour(4, 40, (0, 18), **kw),
    "start squares of 4x40": lambda **kw: tour_starts(4, 40, force=True, **kw),
    # issue 35: a first chunk of 4,096 moves, 0.06-0.4 s each, ran 250 s past cancel
    "lookahead 8 on 100x100": lambda **kw: find_tour(100, 100, (0, 0), False, "lookahead", 8, [], **kw),
}


@pytest.fixture(scope="module", autouse=True)
def compiled():
    """Load the kernels first, so that the timings below are of the work, not of the compiler."""
    find_tour(40, 40)  # over knights.moves.PLAIN_MOST_SQUARES: the kernels, not their source interpreted
    find_tour(40, 40, closed=True)
    find_tour(5, 5, (0, 0), method="backtrack")


@pytest.mark.parametrize("name", LONG_CALLS)
@pytest.mark.slow
def test_cancel_from_another_thread(name):
    cancel_while_working(LONG_CALLS[name])  # from its first report on


def test_progress_reaches_the_end_of_the_start_squares():
    reports = []
    answer = tour_starts(6, 6, progress=reports.append)
    assert len(answer) == 36
    assert reports[-1].done == reports[-1].total == 36


def test_cancel_set_before_the_call():
    cancel = threading.Event()
    cancel.set()
    with pytest.raises(Cancelled):
        find_tour(8, 8, cancel=cancel)
    with pytest.raises(Cancelled):
        tour_starts(5, 5, cancel=cancel)
    with pytest.raises(Cancelled):  # the walk again, to find the tie order its steps follow
        tour_steps(5, 5, (0, 0), False, "lookahead", 8, [], find_tour(5, 5, method="lookahead", lookahead=8),
                   cancel=cancel)


def test_a_deep_look_ahead_starts_with_a_chunk_of_one_move():
    assert [first_moves(LOOKAHEAD, depth) for depth in (1, 2, 3, 4, 5, 8)] == [4096, 512, 64, 8, 1, 1]
    assert first_moves(ROTH, 8) == FIRST_MOVES


@pytest.mark.slow
def test_ctrl_c_stops_a_big_tour_at_once():
    terminal = Terminal(["knight", "tour", "6000"])
    try:
        terminal.wait_for(r"\d:\d\d:\d\d")  # the progress bar (its clock): inside the walk
        sent = time.monotonic()
        status, after = terminal.interrupt()
        stopped = time.monotonic()
    finally:
        terminal.close()
    assert status == 130 and after[-1:] == ["boardpuzzles: interrupted"]
    assert stopped - sent < STOP_BOUND
