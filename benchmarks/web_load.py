"""Load on ``boardpuzzles serve``: concurrent clients for a while, then every job cancelled.

Run: PYTHONPATH=src python benchmarks/web_load.py [--clients 50] [--seconds 30]

Starts the server as the user does (``boardpuzzles serve --port 0 --json``), then
``--clients`` clients each send requests one after another for ``--seconds``: the
pages' usual calls (a queens solution and a page of the seed's steps, a knight's
tour with its steps, the draughts captures and moves) and, one request in
:data:`JOB_EVERY`, a count as server-sent events that the client leaves after its
first progress report (the server must cancel it).  It prints the requests made,
their latency (median, 95th percentile, worst), the server's memory (resident
size) at the start and at the end, and the server's CPU over :data:`IDLE_FOR`
seconds once every client has gone.  It stops with status 1 when a request
failed, when memory grew more than :data:`MEMORY_GROWTH` times, or when the
server kept working after its clients left (more than :data:`IDLE_CPU` CPU
seconds).
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


async def load(url: str, clients: int, seconds: float, server: psutil.Process) -> dict[str, object]:
    latencies: list[float] = []
    failures: list[str] = []
    memory = []
    until = time.monotonic() + seconds
    limits = httpx.Limits(max_connections=clients, max_keepalive_connections=clients)
    async with httpx.AsyncClient(timeout=60, limits=limits) as http:
        await http.get(url + "/api/queens/solve?n=8")  # the kernels compiled before the clock starts
        memory.append(server.memory_info().rss)

        async def sample() -> None:
            while time.monotonic() < until:
                await asyncio.sleep(1)
                memory.append(server.memory_info().rss)

        await asyncio.gather(sample(), *(client(http, url, until, latencies, failures, seed)
                                         for seed in range(clients)))
    return {"latencies": latencies, "failures": failures, "memory": memory}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=30.0)
    options = parser.parse_args()
    child, url = start_server()
    try:
        server = psutil.Process(child.pid)
        found = asyncio.run(load(url, options.clients, options.seconds, server))
        time.sleep(0.5)  # the last cancels reach the threads
        before = server.cpu_times()
        time.sleep(IDLE_FOR)
        after = server.cpu_times()
        idle_cpu = (after.user - before.user) + (after.system - before.system)
    finally:
        child.send_signal(2)
        child.wait(10)
    latencies = sorted(found["latencies"])  # type: ignore[arg-type]
    failures: list[str] = found["failures"]  # type: ignore[assignment]
    memory: list[int] = found["memory"]  # type: ignore[assignment]
    first, last = memory[0] / 2**20, statistics.mean(memory[-5:]) / 2**20
    print(f"{options.clients} clients, {options.seconds:.0f} s: {len(latencies)} requests "
          f"({len(latencies) / options.seconds:.0f}/s), {len(failures)} failed")
    print(f"latency: median {statistics.median(latencies) * 1000:.0f} ms, "
          f"95% {latencies[int(0.95 * len(latencies))] * 1000:.0f} ms, worst {latencies[-1] * 1000:.0f} ms")
    print(f"server memory: {first:.0f} MiB at the start, {last:.0f} MiB at the end (largest {max(memory) / 2**20:.0f} MiB)")
    print(f"server CPU over {IDLE_FOR:.0f} s once the clients left: {idle_cpu:.2f} s")
    for failure in failures[:10]:
        print("failed:", failure)
    bad = failures or last > MEMORY_GROWTH * first or idle_cpu > IDLE_CPU
    print("FAIL" if bad else "ok")
    return 1 if bad else 0


if __name__ == "__main__":
    os.environ.setdefault("PYTHONPATH", "src")
    sys.exit(main())
