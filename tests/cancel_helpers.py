"""Shared by the cancel tests: cancel a long call from another thread once it works, and
check that it stopped soon, with nothing of it left running."""

from __future__ import annotations

import multiprocessing
import threading
import time

import pytest
from bounds import STOP_BOUND

from boardpuzzles import Cancelled


def cancel_while_working(call, working=lambda report: True) -> list:
    """Run ``call(progress=..., cancel=...)``; another thread sets ``cancel`` 0.2 s after
    the first report that is ``working`` (however long that takes).  Asserts that ``call``
    raised ``Cancelled`` within :data:`STOP_BOUND` of it, with no thread or worker process
    left and no CPU used after; returns the reports."""
    threads = threading.active_count()
    cancel, begun, returned = threading.Event(), threading.Event(), threading.Event()
    reports = []
    set_at = []

    def report(progress):
        reports.append(progress)
        if working(progress):
            begun.set()

    def stop():
        while not begun.wait(0.05):
            if returned.is_set():  # the call ended before it worked: the test fails below
                return
        time.sleep(0.2)  # deeper in the work than its first report
        set_at.append(time.monotonic())
        cancel.set()

    stopper = threading.Thread(target=stop)
    stopper.start()
    try:
        with pytest.raises(Cancelled):
            call(progress=report, cancel=cancel)
    finally:
        stopped = time.monotonic()
        returned.set()
        stopper.join()
    assert stopped - set_at[0] < STOP_BOUND
    assert threading.active_count() == threads
    assert multiprocessing.active_children() == []
    busy = time.process_time()
    time.sleep(0.3)
    assert time.process_time() - busy < 0.05  # nothing runs on
    return reports
