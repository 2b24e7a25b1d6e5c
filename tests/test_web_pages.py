"""The pages in a real browser (headless Chromium through Playwright), driven by the squares' aria-labels.

The server runs as the user starts it (``boardpuzzles serve --port 0 --json``).
The tests skip, saying why, when this machine has no Chromium; ``.ci/run``
installs Debian's ``chromium`` first, so CI always runs them.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from urllib.parse import urlsplit

import pytest
from web_helpers import browser, chromium_path, served

pytestmark = pytest.mark.skipif(chromium_path() is None,
                                reason="no Chromium found (apt-get install chromium, or set BOARDPUZZLES_CHROMIUM)")

playwright_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed (pip install playwright)")
expect = playwright_api.expect


@pytest.fixture(scope="module")
def site() -> Iterator[tuple[str, object]]:
    with served() as url, browser() as chromium:
        yield url.rstrip("/"), chromium


@pytest.fixture
def page(site):
    """A fresh page that may reach nothing but the server; the test fails on any script error or refused request."""
    url, chromium = site
    context = chromium.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.set_default_timeout(10_000)
    problems: list[str] = []
    here = urlsplit(url).netloc

    def offline(route):
        if urlsplit(route.request.url).netloc == here or route.request.url.startswith(("data:", "blob:")):
            route.continue_()
        else:
            problems.append(f"request to {route.request.url}")
            route.abort()

    page.route("**/*", offline)
    page.on("pageerror", lambda error: problems.append(f"script error: {error}"))
    page.on("console", lambda message: message.type == "error" and problems.append(f"console: {message.text}"))
    page.url_base = url
    yield page
    context.close()
    assert problems == []


def square(page, name: str):
    """The board's square whose aria-label starts with its name (``d5``, ``d5, queen``, ``c3, white king``)."""
    return page.locator("#board").get_by_role("gridcell", name=re.compile(rf"^{name}(?![0-9])"))


@pytest.mark.parametrize("path, title", [("/", "boardpuzzles"), ("/queens", "N queens"), ("/knight", "Knight's tour"),
                                         ("/draughts", "Draughts")])
def test_each_page_loads_offline(page, path, title):
    page.goto(page.url_base + path)
    expect(page.locator("h1")).to_have_text(title)
    if path != "/":
        expect(page.locator('#board [role="gridcell"]').first).to_be_visible()
        labels = page.locator('#board [role="gridcell"]').evaluate_all("cells => cells.map(c => c.getAttribute('aria-label'))")
        assert all(re.match(r"^[a-z]+[0-9]+\b", label) for label in labels)


def test_queens_a_conflict_is_shown(page):
    page.goto(page.url_base + "/queens?n=6")
    square(page, "a1").click()
    square(page, "c3").click()
    expect(square(page, "a1")).to_have_attribute("aria-label", "a1, queen, in conflict")
    expect(page.locator("#status")).to_contain_text("Conflict: a1 and c3")
    square(page, "c3").click()  # taken off again
    expect(square(page, "a1")).to_have_attribute("aria-label", "a1, queen")
    expect(square(page, "c3")).to_have_attribute("aria-label", "c3, attacked")
    expect(square(page, "b3")).to_have_attribute("aria-label", "b3")


def test_queens_the_keyboard_places_a_queen(page):
    page.goto(page.url_base + "/queens?n=5")
    square(page, "a1").focus()
    page.keyboard.press("ArrowUp")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    expect(square(page, "b2")).to_have_attribute("aria-label", "b2, queen")


def test_queens_solutions_are_browsed_with_their_symmetry_class(page):
    page.goto(page.url_base + "/queens?n=8")
    page.click("#all")
    expect(page.locator("#which")).to_have_text("1 of 92")
    expect(square(page, "e2")).to_have_attribute("aria-label", "e2, queen")  # c = 1 5 8 6 3 7 2 4
    page.get_by_role("button", name="next solution").click()
    expect(page.locator("#which")).to_have_text("2 of 92")
    expect(page.locator("#images figure")).to_have_count(8)
    expect(page.locator("#images figure.same")).to_have_count(1)  # only the identity: a class of 8
    page.get_by_label("fundamental only").check()
    expect(page.locator("#which")).to_have_text("1 of 12")
    assert "unique=true" in page.url


@pytest.mark.parametrize("method, first, second, shown", [
    ("recursive", "HR(1): occupy 1, 1", "HR(2): occupy 2, 3", "c[1..k]"),
    ("iterative", "С (k = 1)", "И", "the automaton, state"),
    ("freelist", "place_a_queen: q(1,1)", "place_a_queen: q(2,3)", "board("),
])
def test_queens_a_seed_search_steps_forward_and_back(page, method, first, second, shown):
    page.goto(page.url_base + "/queens?n=6")
    page.select_option("#method", method)
    page.click("#watch")
    expect(page.locator("#step-text")).to_contain_text(first)
    step = page.get_by_role("button", name="Step ▶")
    step.click()
    step.click()
    step.click()
    expect(page.locator("#player .counter")).to_have_text("step 4")
    page.get_by_role("button", name="◀ Back").click()
    page.get_by_role("button", name="◀ Back").click()
    expect(page.locator("#player .counter")).to_have_text("step 2")
    expect(page.locator("#step-text")).to_contain_text(second)
    expect(page.locator("#state")).to_contain_text(shown) if shown != "the automaton, state" else \
        expect(page.locator("#state svg")).to_have_attribute("aria-label", re.compile("the automaton, state"))
    assert "step=2" in page.url and f"method={method}" in page.url  # the link holds the state
    if method == "recursive":  # queen 1 on a1, queen 2 on c2: the tables hold them
        cells = page.locator("#state table tr").nth(1).locator("td").all_inner_texts()
        assert cells[:2] == ["1", "3"]
        expect(square(page, "c2")).to_have_attribute("aria-label", "c2, queen")


def test_knight_a_tour_plays_to_the_end(page):
    page.goto(page.url_base + "/knight?board=5x5&start=a1&method=warnsdorff")
    page.click("#tour")
    expect(page.locator("#player .counter")).to_have_text("square 1")
    expect(page.locator("#candidates")).to_contain_text("candidate")
    page.locator("#player input[type=range]").fill("60")
    page.get_by_role("button", name="▶ Play").click()
    expect(page.locator("#status")).to_contain_text("25", timeout=15_000)
    expect(page.locator("#player button", has_text="Play")).to_be_visible()  # it stopped by itself
    labels = page.locator('#board [role="gridcell"]').evaluate_all("cells => cells.map(c => c.getAttribute('aria-label'))")
    numbers = sorted(int(m.group(1)) for label in labels if (m := re.search(r"square (\d+)", label)))
    assert numbers == list(range(1, 26))


def test_knight_the_start_map_is_a_job_with_its_legend(page):
    page.goto(page.url_base + "/knight?board=5x5")
    page.click("#starts")
    expect(page.locator("#status")).to_have_text("13 of 25 squares start an open tour.")
    expect(square(page, "a1")).to_have_attribute("aria-label", "a1, a tour starts here")
    expect(square(page, "b1")).to_have_attribute("aria-label", "b1, no tour from here")
    expect(page.locator("#legend")).to_contain_text("no tour from here (12)")


def test_knight_where_warnsdorff_gets_stuck_is_said(page):
    page.goto(page.url_base + "/knight?board=7x7&start=b2&method=warnsdorff&view=tour&step=99")
    expect(page.locator("#status")).to_contain_text("Stuck on g1 after 42 moves with 6 squares left")
    expect(page.locator("#player .counter")).to_have_text("stuck")
    expect(square(page, "g1")).to_have_attribute("aria-label", re.compile(r"^g1, knight"))


def test_knight_no_tour_says_why(page):
    page.goto(page.url_base + "/knight?board=4x4&view=tour")
    expect(page.locator("#status")).to_contain_text("no", ignore_case=True)
    expect(page.locator("#status")).to_contain_text("4x4")


def test_draughts_the_editor_sets_up_a_capture_and_finds_every_longest_path(page):
    page.goto(page.url_base + "/draughts")
    expect(square(page, "c3")).to_have_attribute("aria-label", "c3, white man")
    page.click("#empty")
    expect(page.locator("#fen")).to_have_value("W:W:B")
    square(page, "c3").click()  # the palette starts on the white man
    page.get_by_label("black man").check()
    for name in ("d4", "d6", "f6", "f4"):  # quick clicks while the board redraws: none is lost
        square(page, name).click()
    expect(page.locator("#fen")).to_have_value(re.compile(r"^W:Wc3:B(\w+,){3}\w+$"))
    expect(square(page, "f6")).to_have_attribute("aria-label", "f6, black man")
    page.click("#captures")
    expect(page.locator("#status")).to_contain_text("Longest capture: 2 pieces; 3 paths")
    assert sorted(page.locator("#paths button").all_inner_texts()) == ["c3:e5:c7", "c3:e5:g3", "c3:e5:g7"]
    page.locator("#paths button", has_text="c3:e5:g7").click()
    step = page.get_by_role("button", name="Step ▶")
    step.click()
    step.click()  # the second jump: d4 taken but still on the board (the Turkish strike)
    expect(page.locator("#jump-text")).to_contain_text("Jump 2 of 2")
    expect(square(page, "d4")).to_have_attribute("aria-label", "d4, black man, captured")
    step.click()  # the move ends: the captured pieces leave
    expect(square(page, "d4")).to_have_attribute("aria-label", "d4")
    expect(square(page, "g7")).to_have_attribute("aria-label", "g7, white man")


def test_draughts_a_legal_move_is_played_and_undone(page):
    page.goto(page.url_base + "/draughts?variant=russian")
    page.locator("#moves button", has_text="c3-d4").click()
    expect(square(page, "d4")).to_have_attribute("aria-label", "d4, white man")
    expect(page.locator("#fen")).to_have_value(re.compile(r"^B:"))
    page.click("#undo")
    expect(square(page, "c3")).to_have_attribute("aria-label", "c3, white man")
    expect(page.locator("#fen")).to_have_value(re.compile(r"^W:"))


def test_draughts_the_seed_input_and_its_tree(page):
    page.goto(page.url_base + "/draughts")
    page.locator("summary").click()
    page.click("#read-seed")
    expect(page.locator("#variant")).to_have_value("seed")
    page.click("#tree")
    expect(page.locator("#tree-view svg")).to_have_attribute("aria-label", re.compile(r"longest num \d+"))


def test_knight_a_search_too_long_to_watch_still_shows_its_tour(site):
    """The trace is refused (400, the one console error allowed here); the page then shows the tour alone."""
    url, chromium = site
    context = chromium.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    problems: list[str] = []
    page.on("pageerror", lambda error: problems.append(f"script error: {error}"))
    page.on("console", lambda message: message.type == "error" and problems.append(message.text))
    page.goto(url + "/knight?board=5x6&start=a1&blocked=c2,e5&method=backtrack&view=tour")
    expect(page.locator("#status")).to_contain_text("Open tour by backtrack: 28 squares from a1")
    expect(page.locator("#status")).to_contain_text("a watched search makes at most 100,000")
    expect(square(page, "f1")).to_have_attribute("aria-label", "f1, end, square 28")
    context.close()
    assert problems == ["Failed to load resource: the server responded with a status of 400 (Bad Request)"]
