"""The server's front gate: only requests for the address served, from no page of another site, redirects by the
path alone, and a connection that is slow to send its headers closed."""

from __future__ import annotations

import socket
import threading
import warnings
from collections.abc import Iterator

import pytest

with warnings.catch_warnings():  # Starlette 1.x suggests httpx2; httpx (0.28) still drives its TestClient
    warnings.simplefilter("ignore", UserWarning)
    from starlette.testclient import TestClient

from boardpuzzles.web import create_app
from boardpuzzles.web import server as web_server
from boardpuzzles.web.server import bind, http_protocol


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app(["boards.example"]), base_url="http://127.0.0.1:8000",
                    follow_redirects=False) as client:
        yield client


@pytest.mark.parametrize("host", ["127.0.0.1:8000", "localhost:8000", "[::1]:8000", "LOCALHOST:8000",
                                  "boards.example:8000"])
def test_the_addresses_served_are_answered(client, host):
    response = client.get("/api/queens/solve", params={"n": "8"}, headers={"host": host})
    assert response.status_code == 200 and "columns" in response.json()


@pytest.mark.parametrize("host", ["evil.example", "evil.example:8000", "127.0.0.1:8001", "127.0.0.1",
                                  "localhost.evil.example:8000", "", "[::2]:8000"])
def test_a_foreign_host_is_refused_before_any_work(client, host):
    response = client.get("/api/queens/count", params={"n": "8"}, headers={"host": host})
    assert response.status_code == 403
    assert "answers requests for" in response.json()["error"]
    assert not client.app.state.server.running


@pytest.mark.parametrize("origin", ["http://evil.example", "http://evil.example:8000", "null",
                                    "https://127.0.0.1:8000", "http://127.0.0.1:9999"])
def test_a_page_of_another_site_is_refused(client, origin):
    response = client.get("/api/queens/solve", params={"n": "8"}, headers={"origin": origin})
    assert response.status_code == 403
    assert response.json()["error"].startswith("a page of another site")


@pytest.mark.parametrize("origin", ["http://127.0.0.1:8000", "http://localhost:8000"])
def test_a_page_of_this_server_is_answered(client, origin):
    response = client.get("/api/queens/solve", params={"n": "8"}, headers={"origin": origin})
    assert response.status_code == 200


def test_the_trailing_slash_redirect_is_a_path_never_built_from_host(client):
    response = client.get("/api/queens/solve/", params={"n": "8"})
    assert response.status_code == 307 and response.headers["location"] == "/api/queens/solve?n=8"
    foreign = client.get("/api/queens/solve/", params={"n": "8"}, headers={"host": "evil.example"})
    assert foreign.status_code == 403 and "location" not in foreign.headers
    assert client.get("http://127.0.0.1:8000//evil.example/").headers["location"] == "/evil.example"  # no other site


def test_a_connection_slow_to_send_its_headers_is_closed(monkeypatch):
    import uvicorn

    monkeypatch.setattr(web_server, "HEADER_SECONDS", 0.5)
    sock = bind("127.0.0.1", 0)
    port = sock.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(create_app(), log_level="warning", lifespan="on", http=http_protocol()))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    try:
        started = threading.Event()
        while not server.started and not started.wait(0.02):
            pass
        with socket.create_connection(("127.0.0.1", port), timeout=60) as slow:
            slow.sendall(b"GET /api/queens/solve?n=8 HTTP/1.1\r\nHost: 127.0.0.1:%d\r\n" % port)  # never ends
            assert slow.recv(1024) == b""  # closed by the server (the 60 s timeout would raise)
        with socket.create_connection(("127.0.0.1", port), timeout=60) as quick:
            quick.sendall(b"GET /api/queens/solve?n=8 HTTP/1.1\r\nHost: 127.0.0.1:%d\r\n\r\n" % port)
            assert quick.recv(1024).startswith(b"HTTP/1.1 200")
    finally:
        server.should_exit = True
        thread.join(10)
        sock.close()
