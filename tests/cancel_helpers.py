"""Shared by the cancel tests: cancel a long call from another thread once it works, and
check that it stopped within half a second with nothing of it left running."""

from __future__ import annotations

import multiprocessing
import threading
import time

import pytest

from boardpuzzles import Cancelled


def cancel_while_working(call, working=lambda report: True) -> list:
    """Run ``call(progress=..., cancel=...)``; another thread sets ``cancel`` 0.2 s after
    the first report that is ``working``.  Asserts that ``call`` raised ``Cancelled``
    within 0.5 s of it, with no thread or worker process left and no CPU used after;
    returns the reports."""
    threads = threading.active_count()
    cancel, begun = threading.Event(), threading.Event()
    reports = []
    set_at = []

    def report(progress):
        reports.append(progress)
        if working(progress):
            begun.set()

    def stop():
        begun.wait(30)
        time.sleep(0.2)
        set_at.append(time.monotonic())
        cancel.set()

    stopper = threading.Thread(target=stop)
    stopper.start()
    with pytest.raises(Cancelled):
        call(progress=report, cancel=cancel)
    stopped = time.monotonic()
    stopper.join()
    assert stopped - set_at[0] < 0.5
    assert threading.active_count() == threads
    assert multiprocessing.active_children() == []
    busy = time.process_time()
    time.sleep(0.3)
    assert time.process_time() - busy < 0.05  # nothing runs on
    return reports
