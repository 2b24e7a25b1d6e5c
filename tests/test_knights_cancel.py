"""Long knight's-tour calls report progress and stop within half a second of ``cancel``,
in the caller's thread: no thread is left running and the process goes back to idle."""

import signal
import subprocess
import sys
import threading
import time

import pytest
from cancel_helpers import cancel_while_working
from signal_helpers import sigint_as_at_a_terminal

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


def test_ctrl_c_stops_a_big_tour_at_once():
    process = subprocess.Popen([sys.executable, "-m", "boardpuzzles", "knight", "tour", "6000"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               preexec_fn=sigint_as_at_a_terminal)
    try:
        time.sleep(2.0)  # start-up, then inside the walk (about 5 s in all)
        sent = time.monotonic()
        process.send_signal(signal.SIGINT)
        _, err = process.communicate(timeout=30)
        stopped = time.monotonic()
    finally:
        process.kill()
    assert process.returncode == 130 and err.strip() == "boardpuzzles: interrupted"
    assert stopped - sent < 1.0
