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
    page.get_by_role("tab", name="Solutions").click()
    expect(page.locator("#which")).to_have_text("1 of 92")
    expect(square(page, "e2")).to_have_attribute("aria-label", "e2, queen")  # c = 1 5 8 6 3 7 2 4
    page.get_by_role("button", name="next solution").click()
    expect(page.locator("#which")).to_have_text("2 of 92")
    expect(page.locator("#images figure")).to_have_count(8)
    expect(page.locator("#images figure.same")).to_have_count(1)  # only the identity: a class of 8
    page.get_by_label("fundamental only").check()
    expect(page.locator("#which")).to_have_text("1 of 12")
    assert "unique=true" in page.url


PHONE = {"width": 390, "height": 844}
WATCHED = {"recursive": ("HR(", "c[1..k]"), "iterative": ("automaton", "the automaton, state"), "freelist": ("place_a_queen", "board(")}


def steps_of(page, n, method, limit=60):
    """The steps the page plays and the code they cite, as the API gives them (the library's JSON)."""
    answer = page.request.get(f"{page.url_base}/api/queens/steps?n={n}&method={method}&limit={limit}").json()
    return answer["steps"], page.request.get(f"{page.url_base}/api/queens/listing?method={method}").json()


def shown(page):
    """The step the page shows: its number, the lit line, the frame's variables as written, the stack's lines."""
    counter = page.locator("#bar .counter").inner_text()
    lit = page.locator(".listing .ln.now")
    return (int(re.match(r"step ([0-9,]+)", counter).group(1).replace(",", "")), int(lit.get_attribute("data-line")),
            page.locator(".frame-vars code").inner_text(), page.locator(".watch-stack li").count())


def variables(vars_):
    return ", ".join(f'{name} = "{value}"' if isinstance(value, str) else f"{name} = {value}" for name, value in vars_.items())


@pytest.mark.parametrize("size", ["wide", "phone"])
@pytest.mark.parametrize("method", ["recursive", "iterative", "freelist"])
def test_queens_the_lit_line_and_the_variables_follow_each_step(page, method, size):
    if size == "phone":
        page.set_viewport_size(PHONE)
    steps, listing = steps_of(page, 6, method)
    page.goto(page.url_base + f"/queens?n=6&view=watch&method={method}&step=1")
    expect(page.locator("#bar .counter")).to_contain_text("step 1 of")
    assert page.locator(".listing .ln").count() == len(listing["lines"])
    seen = []
    for index in range(12):
        step = steps[index]
        number, line, vars_text, frames = shown(page)
        assert (number, line, vars_text, frames) == (index + 1, step["line"], variables(step["vars"]), len(step["stack"]))
        assert listing["lines"][line - 1].strip() in page.locator(".listing .ln.now").inner_text()
        seen.append((line, vars_text))
        if size == "phone":  # the board and the step controls stay in view while the page scrolls
            page.locator(".watch-tree").scroll_into_view_if_needed()
            assert page.locator("#board").bounding_box()["y"] >= -1
            expect(page.get_by_role("button", name="Step ▶")).to_be_in_viewport()
        page.get_by_role("button", name="Step ▶").click()
        expect(page.locator("#bar .counter")).to_contain_text(f"step {index + 2} of")
    assert len(set(seen)) > 4  # the line and the variables change with the step
    expect(page).to_have_url(re.compile(rf"method={method}.*step=13|step=13.*method={method}"))  # the address keeps the step
    expect(page.locator("#caption")).to_contain_text(WATCHED[method][0] if method != "iterative" else "k =")


def test_queens_a_refused_test_is_marked_on_the_board_and_in_the_table(page):
    steps, _ = steps_of(page, 6, "recursive")
    index = next(i for i, step in enumerate(steps) if step.get("reason") and step["blocker"]["table"] == "dp")
    step = steps[index]
    page.goto(page.url_base + f"/queens?n=6&view=watch&method=recursive&step={index + 1}")
    expect(page.locator("#caption")).to_contain_text(f"is refused: {step['reason']}")
    name = "abcdef"[step["i"] - 1] + str(step["k"])
    expect(square(page, name)).to_have_attribute("aria-label", f"{name}, attacked, refused")
    expect(page.locator("table.tables td.refuses")).to_have_text(str(step["blocker"]["row"]))


def test_queens_a_click_on_a_tree_node_goes_to_the_step_that_made_it(page):
    steps, _ = steps_of(page, 6, "recursive", 200)
    page.goto(page.url_base + "/queens?n=6&view=watch&method=recursive&step=150")
    expect(page.locator("#bar .counter")).to_contain_text("step 150 of")
    dead = page.locator('.tree-focus .node[aria-label*="a dead end"]').first
    node = int(dead.get_attribute("data-node"))
    dead.click()
    made = next(i for i, step in enumerate(steps) if step.get("parent") is not None and step["node"] == node)
    expect(page.locator("#bar .counter")).to_contain_text(f"step {made + 1} of")
    expect(page.locator(".tree-focus circle[r='18']")).to_have_count(1)  # the current node, ringed
    expect(page).to_have_url(re.compile(rf"step={made + 1}(&|$)"))


def test_queens_the_timeline_jumps_land_where_they_say(page):
    page.goto(page.url_base + "/queens?n=6&view=watch&method=recursive&step=1")
    expect(page.locator("#bar .counter")).to_contain_text("step 1 of")
    page.get_by_role("button", name="Next solution").click()
    expect(page.locator("#caption")).to_contain_text("solution 1 is c = 2 4 6 1 3 5")
    expect(page.locator("#counts")).to_contain_text("solutions1tree")
    page.keyboard.press("b")  # the next backtrack
    expect(page.locator("#caption")).to_contain_text("is taken back")
    page.get_by_role("button", name="End ⇥").click()
    expect(page.locator("#status")).to_have_text(re.compile(r"^Search over: 4 solutions after [0-9,]+ tests"))
    total = int(page.locator("#bar .counter").inner_text().split(" of ")[1].replace(",", ""))
    expect(page.locator("#bar .counter")).to_have_text(f"step {total:,} of {total:,}")
    expect(page.locator("#caption")).to_contain_text("row 1 has no column left: the search is over")
    page.keyboard.press("Home")
    expect(page.locator("#bar .counter")).to_have_text(f"step 1 of {total:,}")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowLeft")
    expect(page.locator("#bar .counter")).to_have_text(f"step 2 of {total:,}")
    expect(page.get_by_role("slider", name="speed, steps a second")).to_be_visible()
    expect(page.locator("#bar .speed output")).to_have_text("8 steps/s")
    expect(page.locator(".watch-keys")).to_contain_text("Next solution")


def test_queens_complete_on_an_empty_board_gives_a_solution(page):
    page.goto(page.url_base + "/queens?n=8")
    page.click("#complete")
    expect(page.locator("#status")).to_contain_text("A solution from the empty board")
    labels = page.locator('#board [role="gridcell"]').evaluate_all("cells => cells.map(c => c.getAttribute('aria-label'))")
    assert sum(label.endswith("queen") for label in labels) == 8 and not any("attacked" in label for label in labels)


def test_queens_the_comparison_shows_what_symmetry_saves(page):
    page.goto(page.url_base + "/queens?n=8&view=compare")
    expect(page.locator("table.compare tbody tr")).to_have_count(4)
    expect(page.locator("table.compare")).to_contain_text("2,057")
    expect(page.locator("#status")).to_contain_text("Symmetry saves 78% of the nodes")


def test_knight_a_tour_plays_to_the_end(page):
    page.goto(page.url_base + "/knight?board=5x5&start=a1&method=warnsdorff")
    page.click("#tour")
    expect(page.locator("#player .counter")).to_have_text("square 1")
    expect(page.locator("#candidates")).to_contain_text("candidate")
    page.get_by_role("slider", name="speed, steps a second").fill("10")
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
