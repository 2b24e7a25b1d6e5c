"""`boardpuzzles queens count` against the classic fast C program, side by side.

The C counter is the plain single-threaded program everyone writes: bitboards,
the lowest set bit, and the seed's mirror trick on the first row only (the first
queen runs over half the row and each solution found counts twice).  It is
written to a temporary folder, compiled with ``gcc -O3`` and checked against the
published counts.  Then, for each N, the C program, ``boardpuzzles queens count N``
(every core) and ``boardpuzzles queens count N --workers 1`` run one after the
other, ``--repeat`` times; the best wall-clock time of each is kept, and the
ratios are printed.  The commands are timed as a user sees them, Python start-up
included (the numba cache is warmed first); the "api" columns time the same
count through the Python API (``boardpuzzles.queens.count``) in a fresh
process, once its kernel is loaded: the count alone, without the start-up of
the interpreter and of the command line (timed first on its own: ``queens
count 4``, which has nothing to count).  The "cpu" columns add up user and
system time of all the processes of a run; on a busy machine they are steadier
than wall-clock times.

    python benchmarks/queens_vs_c.py                  # N = 14..17
    python benchmarks/queens_vs_c.py --sizes 16 17 --repeat 3 --count-18
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from boardpuzzles.queens.published import FUNDAMENTAL, TOTAL

C_SOURCE = r"""
#include <stdio.h>
#include <stdlib.h>

static long long solve(unsigned int mask, unsigned int left, unsigned int down, unsigned int right) {
    if (down == mask) return 1;
    long long count = 0;
    unsigned int free = mask & ~(left | down | right);
    while (free) {
        unsigned int bit = free & -free;
        free ^= bit;
        count += solve(mask, (left | bit) << 1, down | bit, (right | bit) >> 1);
    }
    return count;
}

int main(int argc, char **argv) {
    int n = atoi(argv[1]);
    unsigned int mask = (1u << n) - 1;
    long long total = 0;
    for (int c = 0; c < n / 2; c++) {          /* half of the first row, counted twice */
        unsigned int bit = 1u << c;
        total += 2 * solve(mask, bit << 1, bit, bit >> 1);
    }
    if (n % 2) {                                /* the middle column once */
        unsigned int bit = 1u << (n / 2);
        total += solve(mask, bit << 1, bit, bit >> 1);
    }
    printf("%lld\n", total);
    return 0;
}
"""



def timed(command: list[str]) -> tuple[float, float, str]:
    """Wall-clock seconds, CPU seconds (user + system, all its processes) and the output."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(command, check=True, capture_output=True, text=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, done.stdout


def ours(n: int, workers: int | None) -> list[str]:
    command = [sys.executable, "-m", "boardpuzzles", "queens", "count", str(n), "--json"]
    return command + (["--workers", str(workers)] if workers else [])


API = """
import json, sys, time
from boardpuzzles.queens import count
count(4, workers=1)  # load the kernel from the numba cache
start = time.perf_counter()
result = count({n}, workers={workers})
print(json.dumps({{**result.to_json(), "seconds": time.perf_counter() - start}}))
"""


def api(n: int, workers: int | None) -> float:
    _, _, stdout = timed([sys.executable, "-c", API.format(n=n, workers=workers)])
    payload = json.loads(stdout)
    check_ours(n, json.dumps({k: v for k, v in payload.items() if k != "seconds"}))
    return payload["seconds"]


def check_ours(n: int, stdout: str) -> None:
    got = json.loads(stdout)
    want = {"n": n, "total": TOTAL[n], "fundamental": FUNDAMENTAL[n]}
    if got != want:
        raise SystemExit(f"wrong count: {got} != {want}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[14, 15, 16, 17])
    parser.add_argument("--repeat", type=int, default=2)
    parser.add_argument("--count-18", action="store_true", help="also time `queens count 18` once (every core)")
    args = parser.parse_args()
    gcc = shutil.which("gcc")
    if not gcc:
        raise SystemExit("gcc is needed to build the C counter")
    with tempfile.TemporaryDirectory() as folder:
        source = Path(folder) / "queens.c"
        binary = Path(folder) / "queens"
        source.write_text(C_SOURCE)
        subprocess.run([gcc, "-O3", "-o", str(binary), str(source)], check=True)
        print(f"cores: {os.cpu_count()}, load average before: {os.getloadavg()[0]:.2f}")
        subprocess.run(ours(8, None), check=True, capture_output=True)  # fill the numba cache
        start_up = min(timed(ours(4, None))[0] for _ in range(max(3, args.repeat)))
        print(f"start-up of the command (`queens count 4`, nothing to count): {start_up:.2f} s")
        print(
            f"{'':>3} {'C -O3':>13} | {'command':>8} {'api':>6} | {'command -w1':>13} {'api -w1':>8}"
            f" || ratios C/ours: {'cmd':>5} {'api':>5} | {'cmd-w1':>6} {'cpu-w1':>6} {'api-w1':>6}"
        )
        print(
            f"{'N':>3} {'wall':>6} {'cpu':>6} | {'wall':>8} {'wall':>6} | {'wall':>6} {'cpu':>6} {'wall':>8}"
            f" || (seconds, best of {args.repeat})"
        )
        for n in args.sizes:
            best = {key: float("inf") for key in ("c", "c_cpu", "all", "api", "one", "one_cpu", "api1")}
            for _ in range(args.repeat):
                wall, cpu, stdout = timed([str(binary), str(n)])
                if int(stdout) != TOTAL[n]:
                    raise SystemExit(f"the C counter is wrong for N = {n}: {stdout}")
                best["c"], best["c_cpu"] = min(best["c"], wall), min(best["c_cpu"], cpu)
                wall, _, stdout = timed(ours(n, None))
                check_ours(n, stdout)
                best["all"] = min(best["all"], wall)
                wall, cpu, stdout = timed(ours(n, 1))
                check_ours(n, stdout)
                best["one"], best["one_cpu"] = min(best["one"], wall), min(best["one_cpu"], cpu)
                best["api"] = min(best["api"], api(n, None))
                best["api1"] = min(best["api1"], api(n, 1))
            b, c = best, best["c"]
            print(
                f"{n:>3} {c:>6.2f} {b['c_cpu']:>6.2f} | {b['all']:>8.2f} {b['api']:>6.2f} |"
                f" {b['one']:>6.2f} {b['one_cpu']:>6.2f} {b['api1']:>8.2f} ||"
                f" {'':>15}{c / b['all']:>5.2f} {c / b['api']:>5.2f} | {c / b['one']:>6.2f}"
                f" {b['c_cpu'] / b['one_cpu']:>6.2f} {c / b['api1']:>6.2f}",
                flush=True,
            )
        if args.count_18:
            seconds, _, stdout = timed(ours(18, None))
            check_ours(18, stdout)
            print(f"queens count 18 (every core): {seconds:.1f} s")
        print(f"load average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
