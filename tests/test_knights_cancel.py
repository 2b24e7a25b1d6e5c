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

LONG_CALLS = {
    "roth on 4000x4000": lambda **kw: find_tour(4000, 4000, **kw),
    "divide on 6000x6000": lambda **kw: find_tour(6000, 6000, closed=True, **kw),
    "exhaustive search on 4x40 from s1": lambda **kw: find_tour(4, 40, (0, 18), **kw),
    "start squares of 4x40": lambda **kw: tour_starts(4, 40, force=True, **kw),
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
