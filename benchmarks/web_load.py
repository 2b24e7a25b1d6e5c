"""Load on ``boardpuzzles serve``: concurrent clients, heavy work beside cheap calls, abandoned requests.

Run: PYTHONPATH=src python benchmarks/web_load.py [--case mixed|heavy|abandoned|all] [--clients 50] [--seconds 30]

Each case starts the server as the user does (``boardpuzzles serve --port 0 --json``).

Case ``mixed``: ``--clients`` clients each send requests one after another for ``--seconds``: the
pages' usual calls (a queens solution and a page of the seed's steps, a knight's
tour with its steps, the draughts captures and moves) and, one request in
:data:`JOB_EVERY`, a count as server-sent events that the client leaves after its
first progress report (the server must cancel it).  It prints the requests made,
their latency (median, 95th percentile, worst), the server's memory (the memory
unique to it and to each of its worker processes, summed) 2 s in and at the end, and the server's CPU over :data:`IDLE_FOR`
seconds once every client has gone.  It stops with status 1 when a request
failed, when memory grew more than :data:`MEMORY_GROWTH` times, or when the
server kept working after its clients left (more than :data:`IDLE_CPU` CPU
seconds).

Case ``heavy``: :data:`HEAVY_CLIENTS` clients ask for heavy traces (:data:`HEAVY`) one
after another for ``--seconds`` while one client times cheap calls (:data:`CHEAP`) back to
back; it prints the cheap calls' latency and fails when their 95th percentile is over
:data:`CHEAP_P95` seconds.

Case ``abandoned``: :data:`HEAVY_CLIENTS` clients each ask for one request that works for
minutes (:data:`ABANDONED`) and leave after :data:`ABANDON_AFTER` seconds; then a cheap call
is timed (given up after :data:`GIVE_UP` seconds), and the time until the server stops using
the CPU (less than :data:`IDLE_CPU` CPU seconds over a :data:`IDLE_FOR` s window).  It fails
when the cheap call took more than a second, or the server worked on for more than
:data:`STOP_WITHIN` seconds after its clients left.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import subprocess
import sys
import time

import httpx
import psutil

JOB_EVERY = 10
IDLE_FOR = 2.0
IDLE_CPU = 0.1
MEMORY_GROWTH = 1.5

REQUESTS = [
    "/api/queens/solve?n=12",
    "/api/queens/steps?n=8&method=recursive&limit=1000",
    "/api/queens/steps?n=8&method=iterative&offset=1000&limit=1000",
    "/api/queens/complete?n=8&queens=a1,b3",
    "/api/queens/all?n=8&unique=true",
    "/api/knight/tour?board=8x8&start=e4&method=warnsdorff&trace=true",
    "/api/knight/tour?board=6x6&method=backtrack&closed=true",
    "/api/draughts/captures?fen=W:Wc3:Bd4,d6,f6,f4",
    "/api/draughts/moves?position=start&variant=international",
    "/api/draughts/position?fen=start",
]
#: heavy work beside cheap calls: 20x20 traces (a few seconds and 7 MB each)
HEAVY = ["/api/knight/tour?board=20x20&method=roth&trace=true",
         "/api/knight/tour?board=20x20&method=warnsdorff&trace=true"]
CHEAP = ["/api/queens/solve?n=8", "/api/draughts/moves?position=start", "/api/queens/listing"]
#: requests that work for minutes unless they are bounded (issue 35's reproductions)
ABANDONED = ["/api/knight/tour?board=100x100&method=lookahead&lookahead=8",
             "/api/knight/steps?board=20x20&method=lookahead&lookahead=8&limit=5000",
             "/api/knight/tour?board=100x100&method=lookahead&lookahead=8&start=e5",
             "/api/knight/steps?board=20x20&method=lookahead&lookahead=8&limit=5000&start=b2"]
#: the same methods on small boards: their kernels loaded before the clock starts
WARM = ["/api/knight/tour?board=10x10&method=lookahead&lookahead=8",
        "/api/knight/steps?board=5x5&method=lookahead&lookahead=8&limit=10"]
HEAVY_CLIENTS = 4
ABANDON_AFTER = 2.0
GIVE_UP = 60.0
CHEAP_P95 = 0.1
STOP_WITHIN = 3.0
JOBS = ["/api/queens/count?n=17", "/api/knight/count?board=5x6", "/api/draughts/perft?depth=8&variant=international"]


def start_server() -> tuple[subprocess.Popen[str], str]:
    child = subprocess.Popen([sys.executable, "-m", "boardpuzzles", "serve", "--port", "0", "--json"],
                             stdout=subprocess.PIPE, text=True)
    assert child.stdout is not None
    return child, json.loads(child.stdout.readline())["url"].rstrip("/")


async def client(http: httpx.AsyncClient, url: str, until: float, latencies: list[float], failures: list[str],
                 seed: int) -> None:
    chooser = random.Random(seed)
    made = 0
    while time.monotonic() < until:
        made += 1
        began = time.monotonic()
        try:
            if made % JOB_EVERY == 0:
                path = chooser.choice(JOBS)
                async with http.stream("GET", url + path, headers={"accept": "text/event-stream"}) as response:
                    if response.status_code != 200:
                        failures.append(f"{path}: HTTP {response.status_code}")
                    async for line in response.aiter_lines():
                        if line.startswith("event: "):
                            break  # the first report (or the result): leave
            else:
                path = chooser.choice(REQUESTS)
                response = await http.get(url + path)
                if response.status_code != 200:
                    failures.append(f"{path}: HTTP {response.status_code} {response.text[:120]}")
        except httpx.HTTPError as error:
            failures.append(f"{path}: {type(error).__name__} {error}")
        latencies.append(time.monotonic() - began)


def memory(server: psutil.Process) -> int:
    """Bytes of memory unique to the server and to each of its child processes (its workers), summed."""
    used = 0
    for process in [server, *server.children(recursive=True)]:
        try:
            used += process.memory_full_info().uss
        except psutil.NoSuchProcess:
            pass
    return used


async def load(url: str, clients: int, seconds: float, server: psutil.Process) -> dict[str, object]:
    latencies: list[float] = []
    failures: list[str] = []
    sizes = []
    limits = httpx.Limits(max_connections=clients, max_keepalive_connections=clients)
    async with httpx.AsyncClient(timeout=GIVE_UP, limits=limits) as http:
        await http.get(url + "/api/queens/solve?n=8")  # the kernels compiled before the clock starts
        until = time.monotonic() + seconds

        async def sample() -> None:
            await asyncio.sleep(2)  # the server at work: its workers started
            while time.monotonic() < until:
                sizes.append(memory(server))
                await asyncio.sleep(1)

        await asyncio.gather(sample(), *(client(http, url, until, latencies, failures, seed)
                                         for seed in range(clients)))
    return {"latencies": latencies, "failures": failures, "memory": sizes}


def mixed(url: str, server: psutil.Process, clients: int, seconds: float) -> bool:
    """The pages' calls from ``clients`` clients for ``seconds``; True when all went well."""
    found = asyncio.run(load(url, clients, seconds, server))
    time.sleep(0.5)  # the last cancels reach the workers
    idle_cpu = cpu(server, IDLE_FOR)
    latencies = sorted(found["latencies"])  # type: ignore[arg-type]
    failures: list[str] = found["failures"]  # type: ignore[assignment]
    memory: list[int] = found["memory"]  # type: ignore[assignment]
    first, last = memory[0] / 2**20, statistics.mean(memory[-5:]) / 2**20
    print(f"mixed: {clients} clients, {seconds:.0f} s: {len(latencies)} requests "
          f"({len(latencies) / seconds:.0f}/s), {len(failures)} failed")
    print(f"  latency: {spread(latencies)}")
    print(f"  server memory (its workers' included): {first:.0f} MiB 2 s in, {last:.0f} MiB at the end "
          f"(largest {max(memory) / 2**20:.0f} MiB)")
    print(f"  server CPU over {IDLE_FOR:.0f} s once the clients left: {idle_cpu:.2f} s")
    for failure in failures[:10]:
        print("  failed:", failure)
    return not (failures or last > MEMORY_GROWTH * first or idle_cpu > IDLE_CPU)


def cpu(server: psutil.Process, seconds: float) -> float:
    """CPU seconds the server and its child processes use over the next ``seconds``."""
    def total() -> float:
        used = 0.0
        for process in [server, *server.children(recursive=True)]:
            try:
                times = process.cpu_times()
                used += times.user + times.system
            except psutil.NoSuchProcess:
                pass
        return used

    before = total()
    time.sleep(seconds)
    return total() - before


def spread(latencies: list[float]) -> str:
    latencies = sorted(latencies)
    return (f"median {statistics.median(latencies) * 1000:.0f} ms, 95% {latencies[int(0.95 * len(latencies))] * 1000:.0f} ms, "
            f"worst {latencies[-1] * 1000:.0f} ms ({len(latencies)} calls)")


async def heavy_beside_cheap(url: str, seconds: float) -> list[float]:
    """The cheap calls' latencies while :data:`HEAVY_CLIENTS` clients ask for heavy traces."""
    latencies: list[float] = []
    until = 0.0  # set once the server is warm

    async def heavy(http: httpx.AsyncClient, seed: int) -> None:
        while time.monotonic() < until:
            await http.get(url + HEAVY[seed % len(HEAVY)])

    async def cheap(http: httpx.AsyncClient) -> None:
        await asyncio.sleep(1.0)  # the heavy work under way
        made = 0
        while time.monotonic() < until:
            began = time.monotonic()
            await http.get(url + CHEAP[made % len(CHEAP)])
            latencies.append(time.monotonic() - began)
            made += 1

    async with httpx.AsyncClient(timeout=GIVE_UP) as http:
        await http.get(url + CHEAP[0])  # the kernels loaded before the clock starts
        until = time.monotonic() + seconds
        await asyncio.gather(cheap(http), *(heavy(http, seed) for seed in range(HEAVY_CLIENTS)))
    return latencies


async def abandon(url: str) -> float:
    """:data:`HEAVY_CLIENTS` requests left after :data:`ABANDON_AFTER` s; then a cheap call's latency."""
    async with httpx.AsyncClient(timeout=GIVE_UP) as http:
        for path in (CHEAP[0], *WARM):
            await http.get(url + path)
    async with httpx.AsyncClient(timeout=ABANDON_AFTER) as http:

        async def leave(path: str) -> None:
            try:
                await http.get(url + path)
            except httpx.TimeoutException:
                pass

        await asyncio.gather(*(leave(path) for path in ABANDONED[:HEAVY_CLIENTS]))
    async with httpx.AsyncClient(timeout=GIVE_UP) as http:
        began = time.monotonic()
        try:
            await http.get(url + CHEAP[0])
        except httpx.TimeoutException:
            pass
        return time.monotonic() - began


def until_idle(server: psutil.Process, gone: float) -> float:
    """Seconds from ``gone`` until the server uses less than :data:`IDLE_CPU` over :data:`IDLE_FOR` s."""
    while time.monotonic() - gone < GIVE_UP:
        began = time.monotonic()
        if cpu(server, IDLE_FOR) < IDLE_CPU:
            return began - gone
    return GIVE_UP


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--case", choices=("mixed", "heavy", "abandoned", "all"), default="all")
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=30.0)
    options = parser.parse_args()
    good = True
    for case in ("mixed", "heavy", "abandoned") if options.case == "all" else (options.case,):
        child, url = start_server()
        try:
            server = psutil.Process(child.pid)
            if case == "mixed":
                good &= mixed(url, server, options.clients, options.seconds)
            elif case == "heavy":
                latencies = asyncio.run(heavy_beside_cheap(url, options.seconds))
                print(f"heavy: cheap calls beside {HEAVY_CLIENTS} clients asking for 20x20 traces, "
                      f"{options.seconds:.0f} s: {spread(latencies)}")
                good &= sorted(latencies)[int(0.95 * len(latencies))] <= CHEAP_P95
            else:
                waited = asyncio.run(abandon(url))
                gone = time.monotonic() - waited
                idle = until_idle(server, gone)
                print(f"abandoned: {HEAVY_CLIENTS} requests of minutes left after {ABANDON_AFTER:.0f} s: "
                      f"the next cheap call took {waited:.2f} s; the server worked on for "
                      f"{'more than ' if idle >= GIVE_UP else ''}{idle:.1f} s")
                good &= waited <= 1.0 and idle <= STOP_WITHIN
        finally:
            child.send_signal(2)
            try:
                child.wait(10)
            except subprocess.TimeoutExpired:
                child.kill()
                child.wait()
    print("ok" if good else "FAIL")
    return 0 if good else 1


if __name__ == "__main__":
    os.environ.setdefault("PYTHONPATH", "src")
    sys.exit(main())
