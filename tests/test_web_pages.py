"""The pages in a real browser (headless Chromium through Playwright), driven by the squares' aria-labels.

The server runs as the user starts it (``boardpuzzles serve --port 0 --json``).
The tests skip, saying why, when this machine has no Chromium; ``.ci/run``
installs Debian's ``chromium`` first, so CI always runs them.
"""

from __future__ import annotations

import re
from urllib.parse import urlsplit

import pytest
from web_helpers import chromium_path

pytestmark = [pytest.mark.slow, pytest.mark.skipif(chromium_path() is None,
                                reason="no Chromium found (apt-get install chromium, or set BOARDPUZZLES_CHROMIUM)")]

from playwright.sync_api import expect


@pytest.fixture
def page(site):
    """A fresh page that may reach nothing but the server; the test fails on any script error or refused request."""
    url, tabs = site
    page = tabs.new_page()
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
    page.close()
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
            page.locator(".frame-vars").inner_text().partition(": ")[2], page.locator(".watch-stack li").count())


def plain(value):
    """A value as the page writes it (watch.js: strings quoted, JSON's null, true and false)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return "[" + ", ".join(map(plain, value)) + "]"
    return f'"{value}"' if isinstance(value, str) else str(value)


def variables(vars_):
    return ", ".join(f"{name} = {plain(value)}" for name, value in vars_.items())


def follow(page, steps, listing, size, count=12):
    """Step through the first ``count`` steps of the page's player: each shows its number, the lit line and the
    frame's variables of its step (the line's text is the listing's), and its stack; on a phone the board and
    the step controls stay in view while the page scrolls. Returns what was shown, step by step."""
    counter = page.locator("#bar .counter")
    expect(counter).to_contain_text("step 1 of")
    assert page.locator(".listing .ln").count() == len(listing["lines"])
    seen = []
    for index in range(count):
        step = steps[index]
        number, line, vars_text, frames = shown(page)
        assert (number, line, vars_text, frames) == (index + 1, step["line"], variables(step["vars"]), min(len(step["stack"]), 12))
        assert listing["lines"][line - 1].strip() in page.locator(".listing .ln.now").inner_text()
        seen.append((line, vars_text))
        if size == "phone":
            page.locator(".watch-tree").scroll_into_view_if_needed()
            assert page.locator("#board").bounding_box()["y"] >= -1
            expect(page.get_by_role("button", name="Step ❯").first).to_be_in_viewport()
        page.get_by_role("button", name="Step ❯").first.click()
        expect(counter).to_contain_text(f"step {index + 2} of")
    assert len(set(seen)) > 4  # the line and the variables change with the step
    return seen


@pytest.mark.parametrize("size", ["wide", "phone"])
@pytest.mark.parametrize("method", ["recursive", "iterative", "freelist"])
def test_queens_the_lit_line_and_the_variables_follow_each_step(page, method, size):
    if size == "phone":
        page.set_viewport_size(PHONE)
    steps, listing = steps_of(page, 6, method)
    page.goto(page.url_base + f"/queens?n=6&view=watch&method={method}&step=1")
    follow(page, steps, listing, size)
    expect(page).to_have_url(re.compile(rf"method={method}.*step=13|step=13.*method={method}"))  # the address keeps the step
    expect(page.locator("#caption")).to_contain_text(WATCHED[method][0] if method != "iterative" else "k =")


def test_queens_a_refused_test_is_marked_on_the_board_and_in_the_table(page):
    steps, _ = steps_of(page, 6, "recursive")
    index = next(i for i, step in enumerate(steps) if step.get("reason") and step["blocker"]["table"] == "dp")
    step = steps[index]
    page.goto(page.url_base + f"/queens?n=6&view=watch&method=recursive&step={index + 1}")
    expect(page.locator("#caption")).to_contain_text(f"refused, {step['reason']}")
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
    expect(page.locator("#caption")).to_contain_text("row 1 has no square left: the search is over")
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
    expect(page.locator("table.compare tbody tr")).to_have_count(6)
    expect(page.locator("table.compare")).to_contain_text("2,057")
    expect(page.locator("#status")).to_contain_text("Symmetry saves 78% of the nodes")


#: A board each knight method is watched on, and a word its caption holds at its first steps.
KNIGHTS = {"warnsdorff": ("board=6x6&start=a1", "looks at"), "lookahead": ("board=6x6&start=a1&lookahead=3", "look-ahead score"),
           "roth": ("board=6x6&start=c4", "looks at"), "backtrack": ("board=7x7&start=g7", "looks at")}


def knight_steps(page, query, method, limit=200):
    """The steps the knight page plays and the code they cite, as the API gives them."""
    answer = page.request.get(f"{page.url_base}/api/knight/steps?{query}&method={method}&limit={limit}").json()
    return answer["steps"], page.request.get(f"{page.url_base}/api/knight/listing?method={method}").json()


@pytest.mark.parametrize("size", ["wide", "phone"])
@pytest.mark.parametrize("method", list(KNIGHTS))
def test_knight_the_lit_line_and_the_variables_follow_each_step(page, method, size):
    if size == "phone":
        page.set_viewport_size(PHONE)
    query, said = KNIGHTS[method]
    steps, listing = knight_steps(page, query, method)
    page.goto(page.url_base + f"/knight?{query}&method={method}&view=tour&step=1")
    follow(page, steps, listing, size, 10)
    expect(page.locator("#caption")).to_contain_text(said)
    tested = next(step for step in steps[10:] if step["kind"] == "test")  # its candidate on the board and in the table
    page.goto(page.url_base + f"/knight?{query}&method={method}&view=tour&step={tested['index'] + 1}")
    name = tested["candidate"]["square"]
    expect(square(page, name)).to_have_attribute("aria-label", re.compile(rf"^{name}, candidate, accessibility "
                                                                           rf"{tested['candidate']['accessibility']}.*tested now"))
    expect(page.locator("table.candidates tr.now")).to_contain_text(name)
    expect(page).to_have_url(re.compile(rf"step={tested['index'] + 1}(&|$)"))


def test_knight_the_search_backtracks_where_warnsdorff_is_stuck(page):
    page.goto(page.url_base + "/knight?board=7x7&start=g7&method=warnsdorff&view=tour&step=1")
    page.get_by_role("button", name="End ⇥").click()
    expect(page.locator("#status")).to_have_text("Warnsdorff is stuck: 33 of 49 squares visited, after 88 tests, 32 moves, 0 backtracks.")
    expect(page.locator("#caption")).to_have_text(re.compile(r"^Stuck on a1 after 32 moves with 16 squares left: "))
    expect(page.locator("#counts")).to_contain_text("backtracks0")
    page.get_by_role("button", name="Watch backtrack rescue it").click()  # the search, at its first backtrack
    expect(page.locator("#caption")).to_have_text("Backtrack: the knight goes back from b3 to a1. Why: d4 is a dead end: "
                                                  "it could only be the last square, and 17 are left.")
    expect(page.locator("#bar .counter")).to_have_text("step 119 of 201")
    expect(square(page, "b3")).to_have_attribute("aria-label", re.compile(r"^b3, left by the retreat"))
    expect(square(page, "d4")).to_have_attribute("aria-label", re.compile(r"named in the backtrack's reason$"))
    expect(page.locator("#method")).to_have_value("backtrack")
    expect(page.locator(".watch-own")).to_contain_text("How backtrack chooses")
    page.keyboard.press("b")  # the next backtrack
    expect(page.locator("#caption")).to_have_text("Backtrack: the knight goes back from a1 to c2. Why: no move from a1 leads to a tour.")
    page.keyboard.press("m")  # the next move
    expect(page.locator("#caption")).to_contain_text("Move 30: the knight goes from c2 to d4")
    page.get_by_role("button", name="End ⇥").click()
    expect(page.locator("#status")).to_have_text("Tour found by backtrack: 49 squares after 129 tests, 59 moves, 11 backtracks.")
    expect(page.locator("#counts")).to_contain_text("backtracks11")


def test_knight_a_click_on_a_tree_node_goes_to_the_step_that_made_it(page):
    steps, _ = knight_steps(page, "board=7x7&start=g7", "backtrack", 201)
    page.goto(page.url_base + "/knight?board=7x7&start=g7&method=backtrack&view=tour&step=125")
    dead = page.locator('.tree-focus .node[aria-label*="a dead end"]').first
    node = int(dead.get_attribute("data-node"))
    dead.click()
    made = next(i for i, step in enumerate(steps) if step.get("parent") is not None and step["node"] == node)
    expect(page.locator("#bar .counter")).to_have_text(f"step {made + 1} of 201")
    expect(page.locator("#caption")).to_contain_text(f"the knight goes from {steps[made]['path'][-2]} to {steps[made]['square']}")


def test_knight_how_each_rule_breaks_ties_and_what_the_score_means_is_said(page):
    page.goto(page.url_base + "/knight?board=6x6&start=a1&method=warnsdorff&view=tour&step=2")
    expect(page.locator(".watch-own")).to_contain_text("Ties go to the square met first in the order of the seed's move codes")
    expect(page.locator(".watch-own svg.codes")).to_be_visible()
    page.goto(page.url_base + "/knight?board=6x6&start=a1&method=lookahead&lookahead=3&view=tour&step=2")
    expect(page.locator(".watch-own")).to_contain_text("0x35 is accessibility 3, then 5")
    expect(page.locator("table.candidates")).to_contain_text("score (digit by digit)")


def test_knight_a_board_is_kept_when_a_side_is_refused(page):
    page.goto(page.url_base + "/knight?board=6x6&start=a1")
    page.locator("#rows").fill("0")
    page.locator("#rows").press("Enter")
    expect(page.locator("#status")).to_have_text("The rows must be a whole number from 1 to 100, not 0: the board stays 6x6.")
    expect(page.locator("#rows")).to_have_value("6")
    expect(page.locator('#board [role="gridcell"]')).to_have_count(36)


def test_knight_a_board_too_large_to_step_says_so(page):
    page.goto(page.url_base + "/knight?board=30x30&start=a1")
    page.click("#tour")
    expect(page.locator("#status")).to_contain_text("Open tour by roth: 900 squares from a1")
    expect(page.locator("#watch-message")).to_contain_text("This board has 900 squares: the page steps through tours of up to 400")
    expect(page.locator("#watch-side")).to_be_hidden()


def test_knight_the_start_map_is_a_job_with_its_legend(page):
    page.goto(page.url_base + "/knight?board=5x5")
    page.click("#starts")
    expect(page.locator("#status")).to_have_text("13 of 25 squares start an open tour.")
    expect(square(page, "a1")).to_have_attribute("aria-label", "a1, a tour starts here")
    expect(square(page, "b1")).to_have_attribute("aria-label", "b1, no tour from here")
    expect(page.locator("#legend")).to_contain_text("no tour from here (12)")


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
    step = page.get_by_role("button", name="Step ❯")
    step.click()
    step.click()  # the second jump: d4 taken but still on the board (the Turkish strike)
    expect(page.locator("#caption")).to_contain_text("Jump 2 of 2")
    expect(square(page, "d4")).to_have_attribute("aria-label", "d4, black man, captured")
    step.click()  # the move ends: the captured pieces leave
    expect(square(page, "d4")).to_have_attribute("aria-label", "d4")
    expect(square(page, "g7")).to_have_attribute("aria-label", "g7, white man")


def test_draughts_a_click_made_while_the_board_loads_puts_the_piece_chosen_at_the_click(page):
    """The server held while the emptied board loads: c3 clicked with the white man chosen, then the black man
    chosen and d4 clicked; once the board has loaded, c3 holds a white man (it took the palette's piece of
    when it was clicked, not of when its turn came)."""
    page.goto(page.url_base + "/draughts")
    expect(square(page, "c3")).to_have_attribute("aria-label", "c3, white man")
    # the page is idle only once the legal moves have come too (the board is drawn before they are asked for):
    # a request for them held here would keep the empty board waiting behind it
    expect(page.locator("#moves button").first).to_be_visible()
    held = []

    def hold(route):
        held.append(route)

    page.route("**/api/draughts/**", hold)
    with page.expect_request("**/api/draughts/**"):
        page.click("#empty")
    square(page, "c3").click()
    page.get_by_role("radio", name="black man").check()
    square(page, "d4").click()
    page.unroute("**/api/draughts/**", hold)
    for route in held:
        route.continue_()
    expect(page.locator("#fen")).to_have_value("W:Wc3:Bd4")


def test_draughts_a_legal_move_is_played_and_undone(page):
    page.goto(page.url_base + "/draughts?variant=russian")
    page.locator("#moves button", has_text="c3-d4").click()
    expect(square(page, "d4")).to_have_attribute("aria-label", "d4, white man")
    expect(page.locator("#fen")).to_have_value(re.compile(r"^B:"))
    page.click("#undo")
    expect(square(page, "c3")).to_have_attribute("aria-label", "c3, white man")
    expect(page.locator("#fen")).to_have_value(re.compile(r"^W:"))


SEED = "W%3AWc3%3ABb6%2Cd6%2Cb4%2Cd4%2Cf4"  # the seed's example: 5 black men, the white man on c3


def seed_steps(page):
    """The seed's program on its example, as the API gives it, and its code."""
    answer = page.request.get(f"{page.url_base}/api/draughts/steps?seed_input=5%204%204%204%206%202%206%202%204%206%204%203%203").json()
    return answer["steps"], page.request.get(f"{page.url_base}/api/draughts/listing?method=seed").json()


@pytest.mark.parametrize("size", ["wide", "phone"])
def test_draughts_the_seeds_program_builds_its_tree_step_by_step(page, size):
    if size == "phone":
        page.set_viewport_size(PHONE)
    steps, listing = seed_steps(page)
    page.goto(page.url_base + "/draughts")
    page.locator("summary").click()
    page.click("#read-seed")
    expect(page.locator("#variant")).to_have_value("seed")
    page.click("#tree")
    follow(page, steps, listing, size, 10)
    expect(page.locator(".tree-focus .node")).to_have_count(3)  # the root and the two nodes hod made so far
    expect(page.locator("#caption")).to_contain_text("hod tries the capture")
    expect(page).to_have_url(re.compile(r"view=seed.*step=11"))


def test_draughts_the_seeds_tree_its_nums_and_the_timeline(page):
    steps, _ = seed_steps(page)
    page.goto(page.url_base + f"/draughts?variant=seed&fen={SEED}&view=seed&step=1")
    expect(page.locator("#bar .counter")).to_have_text("step 1 of 89")
    page.get_by_role("button", name="Next num").click()  # the first num: bottom-up, a leaf's
    first = next(i for i, step in enumerate(steps) if step["action"] == "num")
    expect(page.locator("#bar .counter")).to_have_text(f"step {first + 1} of 89")
    expect(page.locator("#caption")).to_contain_text("hod stores num = 2 in node 2")
    expect(page.locator('.tree-focus .node[data-node="2"]')).to_have_attribute("aria-label", re.compile(r"^node 2: g3, num 2"))
    expect(page.locator('.tree-focus .node[data-node="0"]')).to_have_attribute("aria-label", re.compile(r"^node 0: c3, on"))
    page.keyboard.press("l")  # the next longest capture
    found = next(i for i, step in enumerate(steps) if step["action"] == "path")
    expect(page.locator("#bar .counter")).to_have_text(f"step {found + 1} of 89")
    expect(page.locator("#caption")).to_have_text("A longest capture: c3 → e5 → c7 → a5 → c3, taking d4, d6, b6, b4 (4 men).")
    node = page.locator('.tree-focus .node[data-node="6"]')  # a5, the root's second child: a click goes to where hod made it
    node.click()
    made = next(i for i, step in enumerate(steps) if step.get("parent") is not None and step["node"] == 6)
    expect(page.locator("#bar .counter")).to_have_text(f"step {made + 1} of 89")
    expect(page.locator("#caption")).to_contain_text("Node 6: hod makes it on a5")
    expect(square(page, "b4")).to_have_attribute("aria-label", "b4, taken")
    page.get_by_role("button", name="End ⇥").click()
    expect(page.locator("#status")).to_have_text("The program is over: hod made 11 nodes after 44 captures tried; search "
                                                 "found 3 longest captures, each taking 4 men.")


def test_draughts_each_longest_capture_is_one_line_through_its_landing_squares(page):
    page.goto(page.url_base + "/draughts?variant=russian&fen=W%3AWc3%3ABb4%2Cd6%2Cf6%2Cd4%2Cf4&view=captures")
    routes = page.locator("#board g.route")
    expect(routes).to_have_count(3)
    assert sorted(routes.evaluate_all("gs => gs.map(g => g.getAttribute('data-label'))")) == [
        "path 1: c3 e5 c7", "path 2: c3 e5 g7", "path 3: c3 e5 g3"]
    points = routes.evaluate_all("gs => gs.map(g => g.querySelector('polyline').getAttribute('points').split(' ').length)")
    assert points == [3, 3, 3]  # each one line through the start and its two landing squares
    starts = routes.evaluate_all("gs => gs.map(g => g.querySelector('polyline').getAttribute('points').split(' ')[0])")
    assert len(set(starts)) == 3  # side by side, not on top of one another
    page.locator("#paths button", has_text="c3:e5:g7").click()
    expect(page.locator("#paths button[aria-pressed=true]")).to_have_text("c3:e5:g7")
    chosen = page.locator('#board g.route[data-label^="path 2"]').last
    expect(chosen).to_have_attribute("opacity", "1")
    expect(page.locator('#board g.route[data-label="path 1: c3 e5 c7"]')).to_have_attribute("opacity", "0.28")


def test_draughts_the_numbers_come_from_the_server_and_a_new_board_keeps_no_focus(page):
    page.goto(page.url_base + "/draughts?variant=russian")
    square(page, "e3").click()  # a square of the Russian board takes the focus
    page.select_option("#variant", "international")
    expect(square(page, "a1")).to_have_attribute("aria-label", "a1 (46), white man")
    expect(square(page, "a10")).to_have_attribute("aria-label", "a10")  # a light square has no number
    assert page.evaluate("!document.activeElement.closest('#board')")  # no stale focus frame on the new board


def test_knight_a_search_too_long_to_watch_still_shows_its_tour(site):
    """The trace is refused (400, the one console error allowed here); the page then shows the tour alone."""
    url, tabs = site
    page = tabs.new_page()
    problems: list[str] = []
    page.on("pageerror", lambda error: problems.append(f"script error: {error}"))
    page.on("console", lambda message: message.type == "error" and problems.append(message.text))
    page.goto(url + "/knight?board=5x6&start=a1&blocked=c2,e5&method=backtrack&view=tour")
    expect(page.locator("#status")).to_contain_text("Open tour by backtrack: 28 squares from a1", timeout=30_000)
    expect(page.locator("#status")).to_contain_text("makes 1,562,448 steps, and the web server shows at most 1,000")
    expect(square(page, "f1")).to_have_attribute("aria-label", "f1, end, square 28")
    page.close()
    assert problems == ["Failed to load resource: the server responded with a status of 400 (Bad Request)"]
