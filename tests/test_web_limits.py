"""The server's work bounded (issue 35): in time, in memory and in number; stopped when its client
leaves; cheap calls answered at once while heavy ones run; answers streamed from the workers."""

from __future__ import annotations

import json
import socket
import threading
import time
import warnings
from collections.abc import Iterator
from contextlib import contextmanager

import httpx
import psutil
import pytest
from bounds import DEADLINE, STOP_BOUND

from boardpuzzles.web import create_app, pool, server as web_server
from boardpuzzles.web.api import Endpoint
from boardpuzzles.web.server import bind

with warnings.catch_warnings():  # Starlette 1.x suggests httpx2; httpx (0.28) still drives its TestClient
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

#: Requests that work for minutes unless they are bounded (the issue's reproductions).
HEAVY = ["/api/knight/tour?board=100x100&method=lookahead&lookahead=8",
         "/api/knight/steps?board=20x20&method=lookahead&lookahead=8&limit=5000",
         "/api/knight/tour?board=100x100&method=lookahead&lookahead=8&start=e5",
         "/api/knight/steps?board=20x20&method=lookahead&lookahead=8&limit=5000&start=b2"]
CHEAP = "/api/queens/solve?n=8"
#: Seconds a cheap call may take beside heavy work: ten times the 100 ms the issue asks for the 95th percentile
#: (quiet, with four heavy calls at work on 2 cores: 10-30 ms).
CHEAP_BOUND = 1.0


@pytest.fixture(scope="module")
def live() -> Iterator[tuple[str, web_server.Server]]:
    """The app under uvicorn on a real socket (a client can go away), in a thread of this process;
    its workers ready before the test begins."""
    import uvicorn

    app = create_app()
    sock = bind("127.0.0.1", 0)
    uvicorn_server = uvicorn.Server(uvicorn.Config(app, log_level="warning", lifespan="on"))
    thread = threading.Thread(target=uvicorn_server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    url = f"http://127.0.0.1:{sock.getsockname()[1]}"
    began = time.monotonic()
    while not uvicorn_server.started and time.monotonic() - began < DEADLINE:
        time.sleep(0.02)
    with httpx.Client(timeout=DEADLINE) as http:
        assert http.get(url + CHEAP).status_code == 200  # the fork server has loaded the kernels
    try:
        yield url, app.state.server
    finally:
        uvicorn_server.should_exit = True
        thread.join(DEADLINE)
        sock.close()


@contextmanager
def held(url: str, *paths: str) -> Iterator[None]:
    """Requests for ``paths`` sent on sockets of their own, whose clients go away (close them) on leaving."""
    host, port = url.removeprefix("http://").split(":")
    sockets = []
    try:
        for path in paths:
            client = socket.create_connection((host, int(port)))
            sockets.append(client)
            client.sendall(f"GET {path} HTTP/1.1\r\nHost: {host}:{port}\r\n\r\n".encode())
        yield
    finally:
        for client in sockets:
            client.close()


def wait_for(condition, bound: float) -> float:
    """Seconds until ``condition()`` holds (fails past ``bound``)."""
    began = time.monotonic()
    while not condition():
        assert time.monotonic() - began < bound, "the condition did not hold in time"
        time.sleep(0.02)
    return time.monotonic() - began


def workers_cpu(server: web_server.Server) -> float:
    """CPU seconds used so far by the server's workers (at work or ready)."""
    used = 0.0
    for worker in [*server.pool.ready, *(call.worker for call in server.running)]:
        try:
            times = psutil.Process(worker.process.pid).cpu_times()
            used += times.user + times.system
        except psutil.NoSuchProcess:
            pass
    return used


@pytest.mark.slow
def test_four_heavy_requests_abandoned_while_a_cheap_one_is_timed(live, monkeypatch):
    url, server = live
    monkeypatch.setattr(web_server, "REQUEST_SECONDS", DEADLINE)  # they run until their clients leave
    with held(url, *HEAVY):
        wait_for(lambda: len(server.running) == len(HEAVY), DEADLINE)
        with httpx.Client(timeout=DEADLINE) as http:
            took = []
            for _ in range(10):
                began = time.monotonic()
                assert http.get(url + CHEAP).json()["columns"] == [2, 4, 6, 8, 3, 1, 7, 5]
                took.append(time.monotonic() - began)
        assert len(server.running) == len(HEAVY), "the heavy requests should still run"
    assert sorted(took)[-2] < CHEAP_BOUND, took
    wait_for(lambda: not server.running, STOP_BOUND)  # told to stop, or killed half a second later
    before = workers_cpu(server)
    time.sleep(0.3)
    assert workers_cpu(server) - before < 0.05  # nothing runs on


def test_a_request_over_its_time_is_told_so_at_once(live, monkeypatch):
    url, server = live
    monkeypatch.setattr(web_server, "REQUEST_SECONDS", 1.0)
    with httpx.Client(timeout=DEADLINE) as http:
        began = time.monotonic()
        response = http.get(url + HEAVY[0])
        took = time.monotonic() - began
    assert response.status_code == 400
    assert response.json() == {"error": "this needs more than the 1 s a request may work: ask for less"}
    assert took < 1.0 + STOP_BOUND
    assert not server.running


def stubborn(query, work):
    """An endpoint that never looks at ``cancel`` (as a plain-Python look-ahead deep in one step)."""
    while True:
        time.sleep(0.01)


@pytest.mark.slow
def test_a_worker_that_does_not_stop_is_killed(live, monkeypatch):
    url, server = live
    monkeypatch.setitem(web_server.ENDPOINTS, "queens/stubborn", Endpoint(stubborn, ()))
    monkeypatch.setattr(web_server, "REQUEST_SECONDS", 1.0)
    with httpx.Client(timeout=DEADLINE) as http:
        began = time.monotonic()
        response = http.get(url + "/api/queens/stubborn")
        took = time.monotonic() - began
    assert response.status_code == 400 and "1 s a request may work" in response.json()["error"]
    assert 1.0 + pool.GRACE_SECONDS <= took < 1.0 + STOP_BOUND
    assert not server.running


def test_beyond_the_work_at_once_is_503_with_retry_after(live, monkeypatch):
    url, server = live
    monkeypatch.setattr(pool, "WORKERS", 1)
    monkeypatch.setattr(pool, "QUEUE_MOST", 0)
    with held(url, HEAVY[0]):
        wait_for(lambda: len(server.running) == 1, DEADLINE)
        with httpx.Client(timeout=DEADLINE) as http:
            refused = http.get(url + CHEAP)
            job = http.get(url + "/api/knight/count?board=5x4")  # the jobs have workers of their own
    assert refused.status_code == 503
    assert refused.headers["retry-after"] == str(pool.RETRY_SECONDS)
    assert refused.json()["error"].startswith("the server is busy: 1 calls run")
    assert job.status_code == 200 and job.json()["count"] > 0
    wait_for(lambda: not server.running, STOP_BOUND)


def test_a_worker_over_its_memory_is_killed(live, monkeypatch):
    url, server = live
    monkeypatch.setattr(pool, "MEMORY_MOST", 1 << 20)
    with httpx.Client(timeout=DEADLINE) as http:
        response = http.get(url + "/api/knight/tour?board=20x20&method=roth&trace=true")
    assert response.status_code == 400
    assert response.json() == {"error": "this needs more than the 1 MiB a request may take: ask for less"}
    assert not server.running


def test_a_large_answer_comes_in_pieces_that_make_the_json_lines(monkeypatch):
    monkeypatch.setattr(pool, "PIECE_BYTES", 1000)
    lines = [{"index": index, "path": ["a1"] * 20} for index in range(200)]
    pieces = list(pool.answer_pieces(lines))
    longest = max(len(json.dumps(line)) + 1 for line in lines)
    assert len(pieces) > 1 and all(len(piece) < pool.PIECE_BYTES + longest for piece in pieces)
    assert "".join(pieces) == "".join(json.dumps(line) + "\n" for line in lines)
    assert list(pool.answer_pieces({"n": 8})) == ['{"n": 8}\n']


def test_the_server_stopped_leaves_no_worker():
    app = create_app()
    with TestClient(app, base_url="http://localhost") as client:
        assert client.get(CHEAP).status_code == 200
        workers = [worker.process for worker in app.state.server.pool.ready]
    assert workers and not any(process.is_alive() for process in workers)
    assert not app.state.server.pool.ready and not app.state.server.running
