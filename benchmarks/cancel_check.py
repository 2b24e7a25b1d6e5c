"""Cancel each long API call from another thread and show that it stops cleanly.

Run: python benchmarks/cancel_check.py [NAME ...]   (names as printed, e.g. queens.count)

For every long call of the library protocol (keyword ``progress=`` and
``cancel=``), the call starts in a thread, ``cancel`` is set after
:data:`RUN_FOR` seconds, and the script prints:

* how long the call took to return after ``cancel`` was set (must be at most
  :data:`RETURN_WITHIN` seconds), and whether it raised ``Cancelled``;
* the CPU the process and its live child processes used over the next
  :data:`IDLE_FOR` seconds (must be about zero: at most :data:`IDLE_CPU`), and the
  threads and child processes left (must be none of the call's).

A call that does not take ``cancel`` is not run: its line says FAIL.  A call that
ends before ``cancel`` is set says FAST (it is no longer long with these
arguments).  The exit status is 1 when any line says FAIL.
"""

from __future__ import annotations

import inspect
import os
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from boardpuzzles import Cancelled, draughts, knights, queens

RUN_FOR = 1.0
RETURN_WITHIN = 0.5
IDLE_FOR = 1.0
IDLE_CPU = 0.05  # CPU seconds over IDLE_FOR: measurement noise, not work


@dataclass
class Case:
    name: str
    function: Callable[..., Any]  # the API function (its signature is checked)
    call: Callable[[Any, threading.Event], Any]  # runs it with progress and cancel
    warm_up: Callable[[], Any]  # a short call that compiles (or loads) its kernels first


def _drain(result: Any) -> Any:
    """Iterate a generator to its end (``queens.solutions`` is lazy)."""
    return list(result) if inspect.isgenerator(result) else result


def _russian_start():
    variant = draughts.get_variant("russian")
    return draughts.Position.initial(variant)


CASES = [
    Case("queens.count", queens.count,
         lambda progress, cancel: queens.count(18, progress=progress, cancel=cancel), lambda: queens.count(8)),
    Case("queens.solutions", queens.solutions,
         lambda progress, cancel: queens.solutions(14, progress=progress, cancel=cancel), lambda: list(queens.solutions(6))),
    Case("queens.complete", queens.complete,
         lambda progress, cancel: queens.complete(30, [(0, 0)], all=True, force=True, progress=progress, cancel=cancel),
         lambda: queens.complete(8, [(0, 0)], all=True)),
    Case("knights.find_tour", knights.find_tour,
         lambda progress, cancel: knights.find_tour(6000, 6000, method="warnsdorff", progress=progress, cancel=cancel),
         lambda: knights.find_tour(20, 20, method="warnsdorff")),
    Case("knights.count_tours", knights.count_tours,
         lambda progress, cancel: knights.count_tours(6, 6, closed=True, progress=progress, cancel=cancel),
         lambda: knights.count_tours(3, 4)),
    Case("knights.tour_starts", knights.tour_starts,
         lambda progress, cancel: knights.tour_starts(7, 7, progress=progress, cancel=cancel),
         lambda: knights.tour_starts(3, 4)),
    Case("draughts.perft", draughts.perft,
         lambda progress, cancel: draughts.perft(_russian_start(), 9, progress=progress, cancel=cancel),
         lambda: draughts.perft(_russian_start(), 3)),
]


def _children() -> list[int]:
    """The live child processes of this one (Linux /proc)."""
    me = str(os.getpid())
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as stat:
                    fields = stat.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if fields[1] == me:
                found.append(int(entry))
    return found


def _cpu_seconds() -> float:
    """CPU used so far by this process (all threads) and its live children."""
    total = time.process_time()
    ticks = os.sysconf("SC_CLK_TCK")
    for pid in _children():
        try:
            with open(f"/proc/{pid}/stat") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / ticks
        except OSError:
            pass
    return total


def accepts_protocol(function: Callable[..., Any]) -> bool:
    parameters = inspect.signature(function).parameters
    return "cancel" in parameters and "progress" in parameters


def check(case: Case) -> bool:
    if not accepts_protocol(case.function):
        print(f"FAIL {case.name:20} does not take progress= and cancel= (not run)", flush=True)
        return False
    case.warm_up()
    threads_before = set(threading.enumerate())
    children_before = set(_children())
    cancel = threading.Event()
    reports: list[Any] = []
    outcome: dict[str, Any] = {}

    def run() -> None:
        try:
            outcome["result"] = _drain(case.call(reports.append, cancel))
        except Cancelled:
            outcome["cancelled"] = True
        except BaseException as error:  # noqa: BLE001 - reported below
            outcome["error"] = error
        outcome["ended"] = time.monotonic()

    worker = threading.Thread(target=run, name=f"cancel_check {case.name}")
    worker.start()
    worker.join(RUN_FOR)
    if not worker.is_alive():
        how = type(outcome["error"]).__name__ if "error" in outcome else "a result"
        print(f"FAST {case.name:20} ended with {how} before cancel was set: not a long call with these arguments",
              flush=True)
        return True
    cancel_set = time.monotonic()
    cancel.set()
    worker.join(30)
    took = outcome.get("ended", time.monotonic()) - cancel_set
    cpu_before = _cpu_seconds()
    time.sleep(IDLE_FOR)
    idle_cpu = _cpu_seconds() - cpu_before
    threads_left = [t.name for t in set(threading.enumerate()) - threads_before]
    children_left = sorted(set(_children()) - children_before)
    ok = (outcome.get("cancelled", False) and took <= RETURN_WITHIN and idle_cpu <= IDLE_CPU
          and not threads_left and not children_left)
    how = "Cancelled" if outcome.get("cancelled") else f"no Cancelled: {type(outcome.get('error', 'a result')).__name__}"
    print(f"{'PASS' if ok else 'FAIL'} {case.name:20} returned {took:.3f} s after cancel ({how}); "
          f"CPU over the next {IDLE_FOR:.0f} s: {idle_cpu:.3f} s; {len(reports)} progress reports; "
          f"threads left: {threads_left or 'none'}; child processes left: {children_left or 'none'}", flush=True)
    return ok


def main(names: list[str]) -> int:
    chosen = [case for case in CASES if not names or case.name in names]
    print(f"cancel after {RUN_FOR} s; must return within {RETURN_WITHIN} s and use at most {IDLE_CPU} s of CPU "
          f"over the next {IDLE_FOR} s; {os.cpu_count()} cores", flush=True)
    results = [check(case) for case in chosen]
    return 0 if all(results) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
