"""The JSON API of ``boardpuzzles serve``: every endpoint, the command's --json answer, bad input, jobs and cancel."""

from __future__ import annotations

import json
import re
import threading
import time
import warnings
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import httpx
import pytest
from bounds import STOP_BOUND

with warnings.catch_warnings():  # Starlette 1.x suggests httpx2; httpx (0.28) still drives its TestClient
    warnings.simplefilter("ignore", UserWarning)  # StarletteDeprecationWarning
    from starlette.testclient import TestClient

from boardpuzzles import queens
from boardpuzzles.errors import TooLong
from boardpuzzles.web import create_app
from boardpuzzles.web.server import ENDPOINTS
from boardpuzzles.web.params import MAX_VALUE
from boardpuzzles.web.server import bind, error_json

CAPTURE = "W:Wc3:Bd4,f6,d6"
SEED_INPUT = "2\n4 4\n4 6\n3 3"

#: One good request per endpoint, and a key its answer has.
GOOD = {
    "queens/solve": ({"n": "8"}, "columns"),
    "queens/all": ({"n": "6"}, "columns"),
    "queens/complete": ({"n": "8", "queens": "a1"}, "solutions"),
    "queens/count": ({"n": "8"}, "total"),
    "queens/steps": ({"n": "4", "method": "freelist", "limit": "3"}, "steps"),
    "queens/listing": ({"method": "iterative"}, "lines"),
    "queens/player": ({"n": "4", "method": "recursive", "lang": "ru"}, "html"),
    "queens/images": ({"columns": "2,4,1,3"}, "images"),
    "queens/compare": ({"n": "5"}, "methods"),
    "queens/lesson": ({"name": "backtracking"}, "stages"),
    "knight/tour": ({"board": "5x5", "start": "c3"}, "path"),
    "knight/count": ({"board": "3x4"}, "count"),
    "knight/starts": ({"board": "5x5"}, "starts"),
    "knight/steps": ({"board": "5x5", "method": "backtrack", "limit": "3"}, "steps"),
    "knight/listing": ({"method": "lookahead"}, "lines"),
    "knight/lesson": ({"name": "knight-warnsdorff"}, "stages"),
    "draughts/captures": ({"fen": CAPTURE}, "sequences"),
    "draughts/steps": ({"seed_input": SEED_INPUT}, "steps"),
    "draughts/listing": ({}, "lines"),
    "draughts/lesson": ({}, "stages"),
    "draughts/moves": ({"position": "start", "variant": "international"}, "moves"),
    "draughts/perft": ({"depth": "3"}, "nodes"),
    "draughts/variants": ({}, "russian"),
    "draughts/position": ({"seed_input": SEED_INPUT}, "pieces"),
    "draughts/play": ({"fen": "start", "move": "c3-d4"}, "fen"),
}


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app(), base_url="http://localhost") as client:  # the gate answers local names
        yield client


def lines(response: httpx.Response) -> list[dict]:
    return [json.loads(line) for line in response.text.splitlines() if line.strip()]


def test_every_endpoint_is_tried():
    assert set(GOOD) == set(ENDPOINTS)


@pytest.mark.parametrize("name", sorted(GOOD))
def test_every_endpoint_answers(client, name):
    params, key = GOOD[name]
    response = client.get(f"/api/{name}", params=params)
    assert response.status_code == 200, response.text
    answer = lines(response)[0] if "ndjson" in response.headers["content-type"] else response.json()
    assert key in answer


@pytest.mark.parametrize("path, params, command", [
    ("queens/solve", {"n": "12", "method": "bitboard"}, ["queens", "solve", "12", "--method", "bitboard"]),
    ("queens/solve", {"n": "3"}, ["queens", "solve", "3"]),  # no solution: the same JSON, HTTP 200
    ("queens/complete", {"n": "8", "queens": "d5,b4", "all": "true"}, ["queens", "complete", "8", "--queens", "d5,b4", "--all"]),
    ("queens/count", {"n": "9"}, ["queens", "count", "9"]),
    ("knight/tour", {"board": "5x6", "start": "b2"}, ["knight", "tour", "5x6", "--start", "b2"]),
    ("knight/tour", {"board": "3x3"}, ["knight", "tour", "3x3"]),
    ("knight/starts", {"board": "4x5"}, ["knight", "starts", "4x5"]),
    ("draughts/captures", {"fen": CAPTURE, "variant": "russian"}, ["draughts", "captures", CAPTURE]),
    ("draughts/moves", {"position": "start", "variant": "english"}, ["draughts", "moves", "start", "-v", "english"]),
    ("draughts/perft", {"depth": "4"}, ["draughts", "perft", "--depth", "4"]),
])
def test_an_answer_is_the_commands_json(client, cli, path, params, command):
    response = client.get(f"/api/{path}", params=params)
    assert response.status_code == 200
    answer, printed = response.json(), cli(*command, "--json").json()
    assert answer.pop("seconds", 0) >= 0 and printed.pop("seconds", 0) >= 0  # a count's time varies
    assert answer == printed


def test_queens_all_is_json_lines_as_the_command_prints_them(client, cli):
    response = client.get("/api/queens/all", params={"n": "8", "unique": "true"})
    assert response.headers["content-type"].startswith("application/x-ndjson")
    assert lines(response) == cli("queens", "all", "8", "--unique", "--json").json_lines()


def test_a_trace_is_the_steps_then_the_result(client, cli):
    response = client.get("/api/queens/solve", params={"n": "5", "method": "recursive", "trace": "true"})
    assert lines(response) == cli("queens", "solve", "5", "--method", "recursive", "--trace", "--json").json_lines()
    steps = lines(response)
    assert steps[0]["action"] == "test" and set(steps[0]) >= {"c", "cm", "dp", "dm", "line", "vars", "stack", "counts", "node"}
    assert steps[-2]["action"] == "solution" and steps[-2]["counts"]["solutions"] == 1
    assert steps[-1] == {"n": 5, "columns": [1, 3, 5, 2, 4]}


def test_steps_page_on(client):
    first = client.get("/api/queens/steps", params={"n": "6", "method": "iterative", "limit": "10"}).json()
    second = client.get("/api/queens/steps", params={"n": "6", "method": "iterative", "offset": "10", "limit": "10"}).json()
    assert first["more"] and len(first["steps"]) == 10
    assert [step["index"] for step in second["steps"]] == list(range(10, 20))
    listing = client.get("/api/queens/listing", params={"method": "iterative"}).json()
    assert listing["lines"][first["steps"][0]["line"] - 1].strip() == "while i <= n and not t.is_free(k, i):"


def test_the_images_of_a_solution_are_the_librarys(client):
    answer = client.get("/api/queens/images", params={"columns": "2,4,1,3"}).json()
    assert answer["class_size"] == 2 and answer["images"][0] == {"symmetry": "identity", "columns": [2, 4, 1, 3], "same": True}
    assert [image["symmetry"] for image in answer["images"]][1] == "rotate 90"
    assert sum(image["same"] for image in answer["images"]) == 4  # a class of 2: four symmetries map it onto itself


def test_complete_without_queens_completes_the_empty_board(client, cli):
    answer = client.get("/api/queens/complete", params={"n": "8"}).json()
    assert answer == cli("queens", "complete", "8", "--json").json()
    assert len(answer["solutions"]) == 1 and queens.Solution.from_columns(answer["solutions"][0]["columns"]).is_valid()


def test_a_watched_knight_is_paged_as_the_command_traces_it(client, cli):
    traced = cli("knight", "tour", "7", "--start", "g7", "--method", "backtrack", "--trace", "--json").json_lines()[:-1]
    ask = {"board": "7x7", "start": "g7", "method": "backtrack"}
    first = client.get("/api/knight/steps", params={**ask, "limit": "150"}).json()
    rest = client.get("/api/knight/steps", params={**ask, "offset": "150", "limit": "150"}).json()
    assert first["more"] and not rest["more"] and first["steps"] + rest["steps"] == traced
    assert rest["offset"] == 150 and rest["method"] == "backtrack" and (rest["rows"], rest["cols"]) == (7, 7)
    code = client.get("/api/knight/listing", params={"method": "backtrack"}).json()
    assert code["method"] == "backtrack" and code["frames"] == ["backtrack", "search"]
    assert code["lines"][first["steps"][1]["line"] - 1].strip() == "knight.test(r, c, capped=capped)"
    tour = client.get("/api/knight/tour", params={**ask, "trace": "true"})
    assert lines(tour)[:-1] == traced
    proved = client.get("/api/knight/steps", params={"board": "4x4"}).json()  # a theorem: no steps
    assert proved["steps"] == [] and not proved["more"]


def test_the_seeds_program_is_paged_as_the_command_traces_it(client, cli, tmp_path):
    source = tmp_path / "seed.txt"
    source.write_text(SEED_INPUT)
    traced = cli("draughts", "captures", "--seed-input", str(source), "--trace", "--json").json_lines()[:-1]
    first = client.get("/api/draughts/steps", params={"seed_input": SEED_INPUT, "limit": "10"}).json()
    rest = client.get("/api/draughts/steps", params={"seed_input": SEED_INPUT, "offset": "10"}).json()
    assert first["more"] and not rest["more"] and first["steps"] + rest["steps"] == traced
    code = client.get("/api/draughts/listing").json()
    assert code["lines"][first["steps"][0]["line"] - 1].strip() == "watch.made(root, None)"


def test_the_seed_tree_and_play(client):
    tree = client.get("/api/draughts/captures", params={"seed_input": SEED_INPUT, "tree": "true"}).json()
    assert tree["max_captures"] == 2 and tree["tree"]["num"] == 2
    played = client.get("/api/draughts/play", params={"fen": CAPTURE, "move": "c3:e5:c7"}).json()
    assert played["turn"] == "B" and played["pieces"] == {"c7": "w", "f6": "b"}


# --- bad input: 400, one line naming the field ---

@pytest.mark.parametrize("path, params, field", [
    ("queens/solve", {}, "n"),
    ("queens/solve", {"n": "eight"}, "n"),
    ("queens/solve", {"n": "8", "method": "fast"}, "method"),
    ("queens/solve", {"n": "50", "method": "recursive"}, "n"),
    ("queens/solve", {"n": "8", "trace": "maybe"}, "trace"),
    ("queens/solve", {"n": "8", "colour": "red"}, "colour"),
    ("queens/all", {"n": "20"}, "limit"),
    ("queens/complete", {"n": "8", "queens": ""}, "queens"),
    ("queens/images", {"columns": "1,1,2"}, "columns"),
    ("queens/images", {}, "columns"),
    ("queens/compare", {"n": "11"}, "n"),
    ("queens/complete", {"n": "8", "queens": "z9"}, "queens"),
    ("queens/count", {"n": "40"}, "n"),
    ("queens/steps", {"n": "8", "method": "bitboard"}, "method"),
    ("knight/tour", {}, "board"),
    ("knight/tour", {"board": "5x"}, "board"),
    ("knight/tour", {"board": "5x5", "start": "f9"}, "start"),
    ("knight/tour", {"board": "5x5", "method": "magic"}, "method"),
    ("knight/tour", {"board": "5x5", "lookahead": "9"}, "lookahead"),
    ("knight/count", {"board": "8x8"}, "board"),
    ("knight/count", {"board": "5x4", "blocked": "d4,z9"}, "blocked"),
    ("knight/steps", {"board": "21x20"}, "board"),
    ("knight/steps", {"board": "5x5", "offset": "-1"}, "offset"),
    ("knight/steps", {"board": "5x5", "limit": "5001"}, "limit"),
    ("knight/listing", {"method": "divide"}, "method"),
    ("draughts/steps", {}, "seed_input"),
    ("draughts/steps", {"seed_input": "1 9 9 3 3"}, "seed_input"),
    ("draughts/listing", {"method": "hod"}, "method"),
    ("draughts/captures", {"fen": "W:Wz99"}, "fen"),
    ("draughts/captures", {"fen": CAPTURE, "variant": "chess"}, "variant"),
    ("draughts/captures", {"fen": CAPTURE, "piece": "q0"}, "piece"),
    ("draughts/perft", {"depth": "99"}, "depth"),
    ("draughts/perft", {"variant": "seed", "depth": "7"}, "depth"),
    ("draughts/play", {"fen": "start", "move": "a1-h8"}, "move"),
    ("draughts/position", {"seed_input": "x"}, "seed_input"),
])
def test_bad_input_is_400_naming_the_field(client, path, params, field):
    response = client.get(f"/api/{path}", params=params)
    assert response.status_code == 400
    answer = response.json()
    assert field in answer["error"] and "\n" not in answer["error"] and "Traceback" not in answer["error"]
    assert answer.get("parameter") == field


def test_the_allowed_values_are_given(client):
    answer = client.get("/api/queens/solve", params={"n": "8", "method": "fast"}).json()
    assert answer["allowed"] == ["construction", "bitboard", "recursive", "iterative", "freelist"]
    assert "construction, bitboard" in answer["error"]


def test_long_values_and_queries_are_refused(client):
    too_long = client.get("/api/draughts/captures", params={"fen": "W:W" + "1," * MAX_VALUE})
    assert too_long.status_code == 400 and "at most" in too_long.json()["error"]
    huge = client.get("/api/queens/solve?n=8&" + "&".join(f"x{i}=1" for i in range(1000)))
    assert huge.status_code == 400 and "too long" in huge.json()["error"]


def test_unknown_endpoints_and_assets_are_404(client):
    assert client.get("/api/queens/magic").status_code == 404
    assert "/api/queens/solve" in client.get("/api/queens/magic").json()["error"]
    assert client.get("/static/../server.py").status_code == 404


def test_work_too_long_for_the_web_is_refused_without_offering_force():
    refused = error_json(TooLong("listing every one of the solutions of 30 queens", "about 10^18 solutions"))
    assert refused["error"] == ("listing every one of the solutions of 30 queens: about 10^18 solutions; "
                                "the web server does not run work this long: ask for less")


# --- pages and their assets ---

@pytest.mark.parametrize("path", ["/", "/queens", "/knight", "/draughts"])
def test_pages_are_served_with_a_strict_policy(client, path):
    page = client.get(path)
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    assert "default-src 'self'" in page.headers["content-security-policy"]
    assert "http://" not in page.text and "https://" not in page.text  # nothing from elsewhere


# --- jobs: progress as server-sent events, and cancel ---

def events(text: str) -> list[tuple[str, dict]]:
    found = []
    for block in text.split("\n\n"):
        fields = dict(line.split(": ", 1) for line in block.splitlines() if ": " in line)
        if "event" in fields:
            found.append((fields["event"], json.loads(fields["data"])))
    return found


def test_a_job_reports_progress_then_its_result(client):
    response = client.get("/api/queens/count", params={"n": "10"}, headers={"accept": "text/event-stream"})
    assert response.headers["content-type"].startswith("text/event-stream")
    found = events(response.text)
    kind, answer = found[-1]
    assert kind == "result" and answer.pop("seconds") >= 0
    assert answer == {"n": 10, "total": 724, "fundamental": 92, "method": "symmetry"}
    assert all(kind == "progress" for kind, _ in found[:-1])


def test_a_job_with_bad_input_is_an_error_event_or_400(client):
    response = client.get("/api/knight/count", params={"board": "9x9"}, headers={"accept": "text/event-stream"})
    assert response.status_code == 400 or events(response.text)[-1][0] == "error"


@pytest.fixture
def live() -> Iterator[tuple[str, object]]:
    """The app under uvicorn on a real socket (a client can go away), in a thread of this process."""
    import uvicorn

    app = create_app()
    sock = bind("127.0.0.1", 0)
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", lifespan="on"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{sock.getsockname()[1]}", app.state.server
    finally:
        server.should_exit = True
        thread.join(10)
        sock.close()


def test_a_job_whose_client_goes_away_leaves_nothing_running(live):
    url, server = live
    with httpx.Client(timeout=30) as http:
        with http.stream("GET", f"{url}/api/queens/count", params={"n": "17"},
                         headers={"accept": "text/event-stream"}) as response:
            for line in response.iter_lines():
                if line.startswith("event: progress"):
                    assert server.running, "the count should be running while its client reads its progress"
                    break  # the count runs: go away
    gone = time.monotonic()
    while server.running and time.monotonic() - gone < STOP_BOUND:
        time.sleep(0.02)
    assert not server.running, "the count went on after its client left"
    # and the server still answers at once
    with httpx.Client(timeout=5) as http:
        assert http.get(f"{url}/api/queens/solve", params={"n": "8"}).json()["columns"] == [2, 4, 6, 8, 3, 1, 7, 5]


def test_a_plain_request_whose_client_goes_away_is_cancelled(live):
    url, server = live
    with httpx.Client(timeout=0.5) as http, pytest.raises(httpx.ReadTimeout):
        http.get(f"{url}/api/queens/count", params={"n": "17"})
    gone = time.monotonic()
    while server.running and time.monotonic() - gone < STOP_BOUND:
        time.sleep(0.02)
    assert not server.running


# --- the examples of docs/web.md ---

def api_examples() -> list[tuple[str, list[dict]]]:
    """Each ``GET /api/...`` block of docs/web.md (the JSON API), with the JSON lines shown under it."""
    page = (Path(__file__).parents[1] / "docs" / "web.md").read_text(encoding="utf-8")
    examples = []
    for block in re.findall(r"```text\n(GET /api/.*?)```", page, flags=re.S):
        request, *answer = block.strip().splitlines()
        examples.append((request.removeprefix("GET "), [json.loads(line) for line in answer]))
    return examples


def test_the_json_api_page_shows_every_endpoint_but_variants():
    shown = {urlsplit(path).path.removeprefix("/api/") for path, _ in api_examples()}
    lessons = {f"{puzzle}/lesson" for puzzle in ("queens", "knight", "draughts")}  # a lesson: its search's steps, whole
    assert shown == set(ENDPOINTS) - {"draughts/variants", "queens/player", *lessons}  # the player: a whole HTML file


@pytest.mark.parametrize("path, shown", api_examples())
def test_the_json_api_page_examples_are_the_answers(client, path, shown):
    response = client.get(path)
    answer = lines(response) if "ndjson" in response.headers["content-type"] else [response.json()]
    for line in (*answer, *shown):
        line.pop("seconds", None)  # a count's time varies, and each method's in a comparison
        if "nodes" in line:  # a perft's method: the plain generator while the kernels are not compiled yet
            line.pop("method")
        for method in line.get("methods", []):
            method.pop("seconds")
    assert answer == shown


def test_knight_count_takes_blocked_squares(client):
    answer = client.get("/api/knight/count", params={"board": "5x4", "closed": "true", "blocked": "d4,d5"}).json()
    assert (answer["count"], answer["blocked"]) == (1, ["d4", "d5"])


def test_answers_are_gzipped_and_events_are_not(client):
    """5,000 steps of a search are megabytes of JSON: they travel gzipped to a client that takes it; a job's
    server-sent events travel as they are, each as it is sent."""
    response = client.get("/api/queens/steps", params={"n": "8", "limit": "5000"}, headers={"accept-encoding": "gzip"})
    assert response.headers["content-encoding"] == "gzip" and len(response.json()["steps"]) == 5000
    assert response.num_bytes_downloaded * 10 < len(response.content)  # the body as sent (streamed), decoded
    events = client.get("/api/queens/count", params={"n": "6"}, headers={"accept": "text/event-stream",
                                                                        "accept-encoding": "gzip"})
    assert "content-encoding" not in events.headers and "event: result" in events.text


def test_a_lesson_of_another_puzzle_is_refused_naming_it(client):
    response = client.get("/api/queens/lesson", params={"name": "knight-warnsdorff"})
    assert response.status_code == 400
    assert response.json()["parameter"] == "name" and "backtracking" in response.json()["error"]
