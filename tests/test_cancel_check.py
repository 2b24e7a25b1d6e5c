"""benchmarks/cancel_check.py judges cancellation as the issue asks: on calls made up here."""

from __future__ import annotations

import importlib.util
import sys
import threading
import time
from pathlib import Path

import pytest

from boardpuzzles.progress import Tracker

SCRIPT = Path(__file__).parents[1] / "benchmarks" / "cancel_check.py"


@pytest.fixture
def cancel_check(monkeypatch):
    spec = importlib.util.spec_from_file_location("cancel_check", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, "cancel_check", module)  # dataclasses look their module up
    spec.loader.exec_module(module)
    monkeypatch.setattr(module, "RUN_FOR", 0.3)
    monkeypatch.setattr(module, "IDLE_FOR", 0.3)
    return module


def well_behaved(seconds: float = 60, *, progress=None, cancel=None) -> int:
    tracker = Tracker("steps", progress=progress, cancel=cancel)
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        tracker.tick()
    return 0


def no_protocol(seconds: float = 60) -> int:
    return 0


def leaves_a_thread(seconds: float = 60, *, progress=None, cancel=None) -> int:
    threading.Thread(target=well_behaved, args=(3,), daemon=True).start()  # abandoned, burns a core
    return well_behaved(seconds, progress=progress, cancel=cancel)


def test_a_call_that_stops_passes(cancel_check, capsys):
    case = cancel_check.Case("well_behaved", well_behaved, lambda p, c: well_behaved(progress=p, cancel=c), lambda: None)
    assert cancel_check.check(case)
    assert capsys.readouterr().out.startswith("PASS well_behaved")


def test_a_call_without_cancel_is_a_visible_fail(cancel_check, capsys):
    case = cancel_check.Case("no_protocol", no_protocol, lambda p, c: no_protocol(), lambda: None)
    assert not cancel_check.check(case)
    out = capsys.readouterr().out
    assert out.startswith("FAIL no_protocol") and "does not take progress= and cancel=" in out


@pytest.mark.slow
def test_a_call_that_leaves_work_running_fails(cancel_check, capsys):
    case = cancel_check.Case("leaves_a_thread", leaves_a_thread,
                             lambda p, c: leaves_a_thread(progress=p, cancel=c), lambda: None)
    assert not cancel_check.check(case)
    out = capsys.readouterr().out
    assert out.startswith("FAIL leaves_a_thread") and "threads left: ['Thread" in out


def test_every_long_call_of_the_issue_is_checked(cancel_check):
    assert [case.name for case in cancel_check.CASES] == [
        "queens.count", "queens.solutions", "queens.complete", "knights.find_tour", "knights.count_tours",
        "knights.tour_starts", "draughts.perft",
    ]


def test_a_call_that_ends_before_cancel_is_said_to_be_fast(cancel_check, capsys):
    case = cancel_check.Case("quick", well_behaved, lambda p, c: well_behaved(0.01, progress=p, cancel=c), lambda: None)
    assert cancel_check.check(case)
    assert capsys.readouterr().out.startswith("FAST quick")
