"""Exact knight's tour counts by the frontier method: time, CPU, states, bytes and nanoseconds per state, against
the version before (measured in the same run) and against the estimate.

Each board runs in a fresh process (so that its peak memory is its own), with the
numba cache warm; the count is checked against ``knights.published`` and the
script stops on a wrong one.  Printed for each board: the count, seconds by the
clock and of CPU, the peak number of frontier states (the widest step), the work
per state and step (CPU nanoseconds over the states of every step together: the
machine may be shared), the memory per state (the process's peak resident memory,
less what it held before the count, over the peak states; memory-mapped files
count), the peaks of its anonymous memory (the tables, without the mapped files)
and of the disk used where its files go, sampled twice a second, the states after
each swept square (one line per column of the sweep),
and the estimate of :func:`knights.estimate_count` made before it (peak states,
states of all steps and CPU seconds, each checked to be within a factor of 2).

``--old COMMIT`` (say ``main``) also counts each board with the code of that
commit, taken out of git into a temporary folder (``git archive``), in the same
run, and prints the ratios new / old: the speed-up measured side by side.

Run: ``python benchmarks/knight_counts.py`` (6x8, 6x10, 7x8 closed), or name boards:
``7x7:open 8x8 --limit 3600``.  A board is ``RxC`` (closed tours) or ``RxC:open``
(directed open tours).  ``--limit SECONDS`` stops a board's process after that long
and prints how far it got; ``--memory SIZE`` is passed to ``count_tours`` (default:
half of the machine's memory); ``--checkpoint DIR`` keeps each board's frontiers in
``DIR/RxC-KIND[-old].ckpt``, so that a run stopped there (``--limit``, Ctrl-C, a kill)
goes on from its last square when started again (the figures printed are then those
of the resumed part).  ``--methods`` compares the two methods (CPU seconds) on every
board of 3 to 6 across and at most 36 squares.  ``--profiles`` counts a long board of
each height measured and prints the table ``knights.estimate.PROFILES`` (the model's
data).  ``--cluster W`` counts the boards on a dask LocalCluster of W worker processes
(one thread each) and prints the states per second per worker and the bytes the
workers sent each other per state.  ``--split 4,16,64`` counts each board whole, then
cut into each number of parts (``knights.count_part``, one part after another, in
this process, one thread) and prints the sum, the widest part's peak states and the
states of all parts' steps against the whole count's (``knights.estimate.SPLIT_MEASURED``);
``--after N`` cuts after N squares instead of half the columns.  ``--first N`` sweeps only each
board's first N squares, without the relaxation (its sets take a minute on 8 across), in a fresh process (with
``--old``, then the old code's): the bytes a state of its rows, the states, the CPU of the steps after the first
column and the sum of the counts; and, with the new code, the frontier after N squares compressed (zlib, as
written and sorted by code as differences): the ratio and the CPU a state.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import resource
import subprocess
import sys
import tempfile
import threading
import time

from boardpuzzles.knights import count_part, count_tours, estimate_count, published
from boardpuzzles.knights.asked import parse_memory, sweep_order

DEFAULT_BOARDS = ("6x8", "6x10", "7x8")
#: the long boards ``--profiles`` counts: each height's strip until it repeats (the first columns) and its end
PROFILE_BOARDS = ("3x30", "4x25", "5x20", "6x16", "7x16", "3x24:open", "4x18:open", "5x18:open", "6x16:open")
#: the estimate must come within this factor of every board counted
ESTIMATE_FACTOR = 2.0

#: the child: one count, a JSON line per step reached (as it goes), then the result's line; argv: rows, cols,
#: kind, memory or -, checkpoint or -, cluster workers or 0.  It runs the new code or (with PYTHONPATH) the old.
OLD_CODE = """
import os, sys
if os.environ.get("KNIGHT_COUNTS_OLD"):  # the old code first, before the editable install's finder
    sys.meta_path[:] = [f for f in sys.meta_path if "editable" not in type(f).__module__]
    sys.path.insert(0, os.environ["KNIGHT_COUNTS_OLD"])
"""

CHILD = OLD_CODE + """
import json, re, resource, shutil, sys, tempfile, threading, time
from boardpuzzles.knights import count_tours

sys.set_int_max_str_digits(0)  # 3x10000 has a 4938-digit count

rows, cols, closed, memory = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3] == "closed", sys.argv[4]
checkpoint = sys.argv[5] if sys.argv[5] != "-" else None
workers = int(sys.argv[6])
reached = [0]

def rss():
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024

def cpu():
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime

# getrusage's peak counts the memory-mapped frontiers too: the anonymous memory (the tables, Linux's RssAnon) and
# the disk used where the files go (its growth since the start) are sampled twice a second
peaks = {"anon": 0, "disk": 0}
where = os.path.dirname(os.path.abspath(checkpoint)) if checkpoint else tempfile.gettempdir()
used = shutil.disk_usage(where).used

def sample():
    while True:
        try:
            with open("/proc/self/status") as status:
                for line in status:
                    if line.startswith("RssAnon:"):
                        peaks["anon"] = max(peaks["anon"], int(line.split()[1]) * 1024)
        except OSError:
            pass
        peaks["disk"] = max(peaks["disk"], shutil.disk_usage(where).used - used)
        time.sleep(0.5)

threading.Thread(target=sample, daemon=True).start()

def progress(report):  # report.detail: "square K of N: S states" (the old code: "S states", K = int(report.done))
    found = re.fullmatch(r"(?:square (\d+) of \d+: )?([0-9,]+) states?", report.detail)
    if found is not None and int(found[1] or report.done) > reached[0]:
        reached[0] = int(found[1] or report.done)
        print(json.dumps({"swept": reached[0], "states": int(found[2].replace(",", "")),
                          "seconds": round(report.elapsed, 2), "cpu": round(cpu(), 2), "peak_bytes": rss()}),
              flush=True)

count_tours(5, 5, method="frontier")  # the kernels loaded from the numba cache before the clock starts
print(json.dumps({"baseline_bytes": rss(), "baseline_cpu": cpu()}), flush=True)
options = {"memory": int(memory)} if memory != "-" else {}
cluster = None
if workers:
    import distributed
    cluster = distributed.LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                                       dashboard_address=":0", host="127.0.0.1")
    options["cluster"] = cluster.scheduler_address
started = time.monotonic()
result = count_tours(rows, cols, closed=closed, method="frontier", force=True, progress=progress,
                     checkpoint=checkpoint, **options)
extra = {}
if workers:
    import distributed
    with distributed.Client(cluster.scheduler_address) as client:
        extra["worker_cpu"] = sum(client.run(lambda: __import__("time").process_time()).values())
    cluster.close()
print(json.dumps({**result.to_json(), "states": list(result.states), "partitions": result.partitions,
                  "peak_bytes": rss(), "anon_bytes": peaks["anon"], "disk_bytes": peaks["disk"],
                  "cpu": cpu(), "wall": time.monotonic() - started,
                  "sent_bytes": getattr(result, "sent_bytes", 0), **extra}), flush=True)
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


def run(rows: int, cols: int, closed: bool, memory: int | None, limit: float | None, keep: str | None,
        old: str | None = None, workers: int = 0) -> dict | None:
    """Count one board in a child process (the old code when ``old`` is its ``src`` folder); print its line."""
    kind = "closed" if closed else "open"
    label = f"{rows}x{cols} {kind}" + (" (old)" if old else "") + (f" (cluster of {workers})" if workers else "")
    checkpoint = os.path.join(keep, f"{rows}x{cols}-{kind}{'-old' if old else ''}.ckpt") if keep else "-"
    env = dict(os.environ, KNIGHT_COUNTS_OLD=old) if old else None
    child = subprocess.Popen([sys.executable, "-c", CHILD, str(rows), str(cols), kind,
                              str(memory) if memory else "-", checkpoint, str(workers)],
                             stdout=subprocess.PIPE, text=True, env=env)
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
        return None
    want = expected(rows, cols, closed)
    states = final["states"]
    digits = len(str(final["count"]))
    shown = final["count"] if digits <= 40 else f"a {digits}-digit number"
    cpu = final["cpu"] - baseline_cpu + final.get("worker_cpu", 0)
    per_state = cpu / max(1, sum(states))
    per_peak = (final["peak_bytes"] - baseline) / max(1, final["peak_states"])
    print(f"{label}: {shown} (published {want}) in {final['seconds']:.2f} s ({cpu:.2f} s CPU); "
          f"peak {final['peak_states']:,} states; {per_state * 1e9:.0f} ns of CPU per state and step "
          f"({sum(states):,} states in all); peak memory {final['peak_bytes'] / 2**30:.2f} GiB, "
          f"{baseline / 2**30:.2f} GiB before the count: {per_peak:.0f} bytes per peak state; "
          f"partitions {final['partitions']}" + (
              f"; anonymous memory {final['anon_bytes'] / 2**30:.2f} GiB, disk {final['disk_bytes'] / 2**30:.2f} GiB "
              "(peaks sampled twice a second)" if "anon_bytes" in final else ""), flush=True)
    if workers:
        sent = final.get("sent_bytes", 0)
        print(f"    cluster: {sum(states) / final['seconds'] / workers:,.0f} states per second per worker, "
              f"{sent / max(1, sum(states)):.1f} bytes sent per state and step ({sent / 2**20:,.0f} MiB in all)")
    print("\n".join(columns(rows, cols, states)))
    if want is not None and final["count"] != want:
        raise SystemExit(f"wrong count for {label}: {final['count']} != {want}")
    return {"seconds": final["seconds"], "cpu": cpu, "peak": final["peak_states"], "steps": sum(states),
            "bytes": per_peak, "ns": per_state * 1e9}


def check_estimate(rows: int, cols: int, closed: bool, memory: int | None, measured: dict) -> None:
    """The estimate made before the count, against what the count took."""
    guess = estimate_count(rows, cols, closed, memory=memory)
    pairs = (("peak states", guess.peak_states, measured["peak"]), ("states of all steps", guess.state_steps,
             measured["steps"]), ("CPU seconds", guess.cpu_seconds, measured["cpu"]))
    words = []
    for name, said, found in pairs:
        ratio = said / max(found, 1e-9)
        inside = 1 / ESTIMATE_FACTOR <= ratio <= ESTIMATE_FACTOR or (name == "CPU seconds" and found < 2)
        words.append(f"{name} {said:,.3g} ({ratio:.2f} of the count's{'' if inside else ', OUTSIDE a factor of 2'})")
    print("    estimate: " + "; ".join(words) + f"; stated within a factor of {guess.factor:.2g}")


def old_source(commit: str) -> tuple[str, str]:
    """The ``src`` folder of ``commit``, taken out of git into a temporary folder, and that folder."""
    folder = tempfile.mkdtemp(prefix="knight-counts-old-")
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))  # git archive takes the folder it runs in
    archive = subprocess.run(["git", "archive", commit], check=True, capture_output=True, cwd=root).stdout
    subprocess.run(["tar", "-x", "-C", folder], input=archive, check=True)
    return os.path.join(folder, "src"), folder


#: the child of ``--first``: argv rows, cols, kind, N, 1 to measure the compression
FIRST = OLD_CODE + """
import sys, time, zlib
import numpy as np
from boardpuzzles.knights import codes, frontier, sweep
from boardpuzzles.knights.asked import sweep_order
from boardpuzzles.knights.completable import Completable
from boardpuzzles.progress import Tracker

height, width, _ = sweep_order(int(sys.argv[1]), int(sys.argv[2]))
plan, n = frontier.plan(height, width, sys.argv[3] == "closed"), int(sys.argv[4])
swept = sweep.Sweep(plan, 8 << 30, 1, Tracker("squares", plan.squares), None)
swept.completable = Completable(plan, (None,) * plan.squares, (None,) * plan.squares)  # no relaxation
state = sweep.start_frontier(plan)
seconds = states = 0
while state.step < n:
    began = time.process_time()
    following = swept.step(state)
    if state.step >= height:
        seconds += time.process_time() - began
        states += following.states
    swept.release(state)
    state = following
rows = np.concatenate([np.asarray(p.rows)[np.asarray(p.rows)[:, 0] != codes.NO_KEY] for p in state.parts])
total = sum(codes.to_int(row[plan.words:]) for row in rows)
print(f"    {plan.words} word(s) a code, {rows.strides[0]} bytes a state; {len(rows):,} states after {n} squares, "
      f"counts summing to {total}; {seconds:.2f} s of CPU for squares {height + 1} to {n}, "
      f"{1e9 * seconds / max(1, states):.0f} ns a state and step", flush=True)
if sys.argv[5] == "1":
    order = np.argsort(rows[:, 0].view(np.uint64), kind="stable")
    ordered = rows[order]
    ordered[1:, 0] = (ordered[1:, 0].view(np.uint64) - ordered[:-1, 0].view(np.uint64)).view(np.int64)
    for name, data in (("as written", rows.tobytes()), ("sorted, codes as differences, column after column",
                                                        np.ascontiguousarray(ordered.T).tobytes())):
        for level in (1, 6):
            began = time.process_time()
            packed = zlib.compress(data, level)
            middle = time.process_time()
            zlib.decompress(packed)
            ended = time.process_time()
            print(f"    zlib {level}, {name}: {len(data) / len(packed):.2f} times smaller "
                  f"({len(packed) / len(rows):.1f} bytes a state), {1e9 * (middle - began) / len(rows):.0f} ns a "
                  f"state to compress, {1e9 * (ended - middle) / len(rows):.0f} to read", flush=True)
"""


def first_squares(rows: int, cols: int, closed: bool, n: int, old: str | None) -> None:
    """``--first``: the board's first ``n`` squares with the new code (compression measured), then the old."""
    print(f"{rows}x{cols} {'closed' if closed else 'open'}, the first {n} squares without the relaxation:", flush=True)
    for name, source in (("new", None), ("old", old)):
        if name == "old" and source is None:
            break
        print(f"  {name}:", flush=True)
        subprocess.run([sys.executable, "-c", FIRST, str(rows), str(cols), "closed" if closed else "open", str(n),
                        "1" if source is None else "0"],
                       env=dict(os.environ, KNIGHT_COUNTS_OLD=source) if source else None, check=True)


#: log10 states within this of the strip continued count as the strip's (the end has not begun there)
SAME_LOG = 0.02


def profiles(memory: int | None) -> None:
    """Count each height's long board and print ``PROFILES`` for knights/estimate.py: its strip (the columns
    until they repeat two by two) and the ratios of its last columns to the strip continued, from the first
    column that leaves the strip (the relaxation thins the last four to eight columns)."""
    print("PROFILES: dict[tuple[int, bool], tuple[tuple[tuple[float, ...], ...], tuple[tuple[float, ...], ...]]] = {")
    for board in PROFILE_BOARDS:
        rows, cols, closed = parse_board(board)
        result = count_tours(rows, cols, closed=closed, method="frontier", force=True, memory=memory)
        height = min(rows, cols)
        width = max(rows, cols)
        logs = [[round(math.log10(max(1, v)), 2) for v in result.states[k:k + height]]
                for k in range(0, len(result.states), height)]
        cut = next((x + 2 for x in range(width - 2)
                    if all(abs(a - b) <= SAME_LOG / 2 for a, b in zip(logs[x], logs[x + 2]))), None)
        if cut is None:
            raise SystemExit(f"{board}: its columns never repeat; count a longer board")

        def strip(x: int) -> list[float]:
            return logs[x] if x < cut else logs[cut - 2 + (x - cut) % 2]

        first = width
        while first > cut and any(abs(a - b) > SAME_LOG for a, b in zip(logs[first - 1], strip(first - 1))):
            first -= 1
        if first == cut:
            raise SystemExit(f"{board}: its end begins before its columns repeat; count a longer board")
        end = [[round(a - b, 2) for a, b in zip(logs[x], strip(x))] for x in range(first, width)]

        def text(rows_: list[list[float]]) -> str:
            return "(" + ", ".join("(" + ", ".join(f"{v:g}" for v in c) + ("," if len(c) == 1 else "") + ")"
                                   for c in rows_) + ")"
        print(f"    ({height}, {closed}): (\n        {text(logs[:cut])},\n        {text(end)}),", flush=True)
    print("}")


def split(rows: int, cols: int, closed: bool, counts: list[int], after: int | None) -> None:
    """The board counted whole, then in each number of parts of ``counts``: the parts' sum, the widest part's
    peak and all parts' states, against the whole count's (the steps after the cut)."""
    whole = count_tours(rows, cols, closed, method="frontier", force=True, workers=1)
    kind = "closed" if closed else "open"
    for parts in counts:
        started = resource.getrusage(resource.RUSAGE_SELF).ru_utime
        results = [count_part(rows, cols, closed, parts=parts, part=j, after=after, force=True, workers=1)
                   for j in range(parts)]
        cut = results[0].split.after if results[0].split is not None else 0
        total, peak = sum(r.count for r in results), max(r.peak_states for r in results)
        work, whole_work = sum(sum(r.states) for r in results), sum(whole.states[cut:])
        if total != whole.count:
            raise SystemExit(f"{rows}x{cols} {kind} in {parts} parts: {total}, not {whole.count}")
        print(f"{rows}x{cols} {kind} in {parts} parts cut after {cut} squares: {total} (the whole count's); widest "
              f"part {peak:,} states ({peak / whole.peak_states:.2f} of the whole count's {whole.peak_states:,}); "
              f"all parts' states {work:,} ({work / whole_work:.2f} of the whole count's {whole_work:,} after the "
              f"cut); {resource.getrusage(resource.RUSAGE_SELF).ru_utime - started:.1f} s of CPU", flush=True)


def main() -> None:
    sys.set_int_max_str_digits(0)
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("boards", nargs="*", default=list(DEFAULT_BOARDS))
    parser.add_argument("--limit", type=float, help="seconds a board may run")
    parser.add_argument("--memory", help="memory a step may take, e.g. 8G")
    parser.add_argument("--checkpoint", metavar="DIR", help="keep each board's frontiers in DIR to resume a long run")
    parser.add_argument("--old", metavar="COMMIT", help="also count each board with the code of COMMIT")
    parser.add_argument("--cluster", type=int, metavar="W", help="count on a LocalCluster of W worker processes")
    parser.add_argument("--methods", action="store_true",
                        help="compare the two methods on the boards of at most 36 squares instead")
    parser.add_argument("--profiles", action="store_true", help="print the estimate's PROFILES table instead")
    parser.add_argument("--split", metavar="P,Q,...", help="count each board in P parts, then Q, ... instead")
    parser.add_argument("--after", type=int, metavar="N", help="with --split: cut after N squares")
    parser.add_argument("--first", type=int, metavar="N", help="sweep each board's first N squares only instead")
    args = parser.parse_args()
    memory = parse_memory(args.memory) if args.memory else None
    count_tours(5, 5, method="frontier")  # compiles the kernels into the numba cache once, for the children
    if args.methods:
        count_tours(5, 5, method="backtrack")
        compare_methods()
        return
    if args.profiles:
        profiles(memory)
        return
    if args.split:
        for board in args.boards:
            split(*parse_board(board), [int(p) for p in args.split.split(",")], args.after)
        return
    old, folder = old_source(args.old) if args.old else (None, None)
    try:
        if old:  # the old code's kernels compiled into its own cache once
            subprocess.run([sys.executable, "-c", OLD_CODE + "from boardpuzzles.knights import count_tours\n"
                            "count_tours(5, 5, method='frontier')"], env=dict(os.environ, KNIGHT_COUNTS_OLD=old),
                           check=True)
        if args.first:
            for board in args.boards:
                first_squares(*parse_board(board), args.first, old)
            return
        for board in args.boards:
            rows, cols, closed = parse_board(board)
            new = run(rows, cols, closed, memory, args.limit, args.checkpoint, workers=args.cluster or 0)
            if new is not None and not args.cluster:  # the estimate is of a count in this process
                check_estimate(rows, cols, closed, memory, new)
            if old:
                before = run(rows, cols, closed, memory, args.limit, args.checkpoint, old)
                if new is not None and before is not None:
                    print(f"    new / old: {new['seconds'] / before['seconds']:.2f} of the time by the clock "
                          f"({before['seconds'] / new['seconds']:.2f} times faster), "
                          f"{new['cpu'] / before['cpu']:.2f} of the CPU ({before['cpu'] / new['cpu']:.2f} times less), "
                          f"{new['peak'] / before['peak']:.2f} of the peak states, "
                          f"{new['ns'] / before['ns']:.2f} of the ns per state and step")
    finally:
        if folder:
            import shutil
            shutil.rmtree(folder, ignore_errors=True)
    print(f"(this process peak memory {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 2**20:.2f} GiB)")


if __name__ == "__main__":
    main()
