"""Exact knight's tour counts by the frontier method: time, peak states, states per step.

Each board runs in a fresh process (so that its peak memory is its own), with the
numba cache warm; the count is checked against ``knights.published`` and the
script stops on a wrong one.  Printed for each board: the count, seconds,
the peak number of frontier states (the widest step), the work per state (CPU seconds
over the states of every step together: the machine may be shared), the memory per state (the process's peak
resident memory, less what it held before the count, over the peak states), and the
states after each swept square,
one line per column of the sweep.

Run: ``python benchmarks/knight_counts.py`` (6x8, 6x10, 7x8 closed: the issue's
targets are 10 s, 60 s and 2 minutes), or name boards: ``7x7:open 8x8 --limit 590``.
``--methods`` compares the two methods (CPU seconds) on every board of 3 to 6 across
and at most 36 squares, for the default's choice.
A board is ``RxC`` (closed tours) or ``RxC:open`` (directed open tours).
``--limit SECONDS`` stops a board's process after that long and prints how far it
got (the states of each step it finished, as it went); ``--memory SIZE`` is passed to
``count_tours`` (default: half of the machine's memory); ``--checkpoint DIR`` keeps each
board's frontiers after every square in ``DIR/RxC-KIND.npz``, so that a run stopped there
(``--limit``, Ctrl-C, a kill) goes on from its last square when started again (the figures
printed are then those of the resumed part).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import threading
import time

from boardpuzzles.knights import count_tours, published
from boardpuzzles.knights.counting import parse_memory, sweep_order

DEFAULT_BOARDS = ("6x8", "6x10", "7x8")

#: the child: one count, a JSON line per step reached (as it goes), then the result's line
CHILD = """
import json, resource, sys
from boardpuzzles.knights import count_tours

sys.set_int_max_str_digits(0)  # 3x10000 has a 4938-digit count

rows, cols, closed, memory = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3] == "closed", sys.argv[4]
checkpoint = sys.argv[5] if sys.argv[5] != "-" else None
reached = [0]

def rss():
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024

def cpu():
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime

def progress(report):  # report.detail: the states after int(report.done) squares
    if int(report.done) > reached[0]:
        reached[0] = int(report.done)
        states = int(report.detail.split()[0].replace(",", "")) if report.detail else None
        print(json.dumps({"swept": reached[0], "states": states, "seconds": round(report.elapsed, 2),
                          "cpu": round(cpu(), 2), "peak_bytes": rss()}), flush=True)

count_tours(5, 5, method="frontier")  # the kernels loaded from the numba cache before the clock starts
print(json.dumps({"baseline_bytes": rss(), "baseline_cpu": cpu()}), flush=True)
result = count_tours(rows, cols, closed=closed, method="frontier", memory=int(memory) if memory != "-" else None,
                     force=True, progress=progress, checkpoint=checkpoint)
print(json.dumps({**result.to_json(), "states": list(result.states), "partitions": result.partitions,
                  "peak_bytes": rss(), "cpu": cpu()}), flush=True)
"""


def expected(rows: int, cols: int, closed: bool) -> int | None:
    """The published count of the board, if there is one."""
    key = (min(rows, cols), max(rows, cols))
    return published.CLOSED.get(key) if closed else published.OPEN_DIRECTED.get(key)


def parse_board(text: str) -> tuple[int, int, bool]:
    size, _, kind = text.partition(":")
    rows, cols = (int(part) for part in size.split("x"))
    if kind not in ("", "closed", "open"):
        raise SystemExit(f"{text}: the kind of tour is closed or open")
    return rows, cols, kind != "open"


#: boards with more columns than this get no states-per-square lines
MOST_COLUMNS_SHOWN = 20


def columns(rows: int, cols: int, states: list[int]) -> list[str]:
    """The states after each square, one line per column of the sweep."""
    height, width, _ = sweep_order(rows, cols)
    if width > MOST_COLUMNS_SHOWN:
        return [f"    ({width} columns: states per square not shown)"]
    return [f"    column {k // height + 1:2}: " + " ".join(f"{n:,}" for n in states[k:k + height])
            for k in range(0, len(states), height)]


def compare_methods() -> None:
    """CPU seconds of both methods on every board of 3 to 6 across and at most 36 squares,
    both kinds of tour, and the method the default picks (it should be the faster)."""
    for closed in (True, False):
        for rows in range(3, 7):
            for cols in range(rows, 13):
                if rows * cols > 36:
                    continue
                seconds = {}
                for method in ("backtrack", "frontier"):
                    started = time.process_time()
                    total = count_tours(rows, cols, closed=closed, method=method).count
                    seconds[method] = time.process_time() - started
                picked = count_tours(rows, cols, closed=closed).method
                kind = "closed" if closed else "open"
                print(f"  {rows}x{cols} {kind}: {total}; backtrack {seconds['backtrack']:.3f} s, "
                      f"frontier {seconds['frontier']:.3f} s of CPU; the default picks {picked}", flush=True)


def run(rows: int, cols: int, closed: bool, memory: int | None, limit: float | None, keep: str | None) -> None:
    kind = "closed" if closed else "open"
    label = f"{rows}x{cols} {kind}"
    checkpoint = os.path.join(keep, f"{rows}x{cols}-{kind}.npz") if keep else "-"
    child = subprocess.Popen([sys.executable, "-c", CHILD, str(rows), str(cols), kind,
                              str(memory) if memory else "-", checkpoint], stdout=subprocess.PIPE, text=True)
    started = time.monotonic()
    stop = threading.Timer(limit, child.kill) if limit is not None else None
    steps: list[dict] = []
    final: dict | None = None
    baseline, baseline_cpu = 0, 0.0
    assert child.stdout is not None
    try:
        if stop is not None:
            stop.start()
        for line in child.stdout:
            record = json.loads(line)
            if "baseline_bytes" in record:
                baseline, baseline_cpu = record["baseline_bytes"], record["baseline_cpu"]
            elif "count" in record:
                final = record
            else:
                steps.append(record)
                if limit is None:
                    continue  # the steps are shown as they come only when the board may not finish
                print(f"  {label}: {record['swept']} squares swept, {record['states']:,} states, "
                      f"{record['seconds']:.1f} s ({record['cpu'] - baseline_cpu:.1f} s CPU), "
                      f"peak memory {record['peak_bytes'] / 2**30:.2f} GiB", flush=True)
    finally:
        if stop is not None:
            stop.cancel()
        child.kill()
        child.wait()
    if final is None:
        last = steps[-1] if steps else {"swept": 0, "states": 1}
        print(f"{label}: stopped after {time.monotonic() - started:.0f} s with {last['swept']} of {rows * cols} "
              f"squares swept ({last['states']:,} states); the states after each square it reached:")
        print("\n".join(f"    after {s['swept']:2} squares: {s['states']:,} states ({s['seconds']:.1f} s)"
                        for s in steps))
        return
    want = expected(rows, cols, closed)
    states = final["states"]
    digits = len(str(final["count"]))
    shown = final["count"] if digits <= 40 else f"a {digits}-digit number"
    cpu = final["cpu"] - baseline_cpu
    per_state = cpu / max(1, sum(states))
    print(f"{label}: {shown} (published {want}) in {final['seconds']:.2f} s ({cpu:.2f} s CPU); "
          f"peak {final['peak_states']:,} states; {per_state * 1e9:.0f} ns of CPU per state and step "
          f"({sum(states):,} states in all); "
          f"peak memory {final['peak_bytes'] / 2**30:.2f} GiB, {baseline / 2**30:.2f} GiB before the count: "
          f"{(final['peak_bytes'] - baseline) / final['peak_states']:.0f} bytes per peak state; "
          f"partitions {final['partitions']}")
    print("\n".join(columns(rows, cols, states)))
    if want is not None and final["count"] != want:
        raise SystemExit(f"wrong count for {label}: {final['count']} != {want}")


def main() -> None:
    sys.set_int_max_str_digits(0)
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("boards", nargs="*", default=list(DEFAULT_BOARDS))
    parser.add_argument("--limit", type=float, help="seconds a board may run")
    parser.add_argument("--memory", help="memory a step may take, e.g. 8G")
    parser.add_argument("--checkpoint", metavar="DIR", help="keep each board's frontiers in DIR to resume a long run")
    parser.add_argument("--methods", action="store_true",
                        help="compare the two methods on the boards of at most 36 squares instead")
    args = parser.parse_args()
    memory = parse_memory(args.memory) if args.memory else None
    count_tours(5, 5, method="frontier")  # compiles the kernels into the numba cache once, for the children
    if args.methods:
        count_tours(5, 5, method="backtrack")
        compare_methods()
        return
    for board in args.boards:
        run(*parse_board(board), memory, args.limit, args.checkpoint)
    print(f"(this process peak memory {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 2**20:.2f} GiB)")


if __name__ == "__main__":
    main()
