"""What a learner hit on the pages (issue 31, item 4), each reproduced in a browser: a stale search, a lost
click, no word while steps load, keys that did the wrong thing, a bad link said nothing, an answer that
depended on the machine's load, a layout that hid the sentence or the column's end, and words that did not
match the board.  Headless Chromium as in ``tests/test_web_pages.py``, whose fixtures these tests share.
"""

from __future__ import annotations

import re

import pytest
from test_web_pages import PHONE, page, square  # noqa: F401 - the fixtures, shared
from web_helpers import chromium_path

pytestmark = [pytest.mark.slow, pytest.mark.skipif(chromium_path() is None,
                                reason="no Chromium found (apt-get install chromium, or set BOARDPUZZLES_CHROMIUM)")]

from playwright.sync_api import expect

STEP = "Step ❯"
#: ms to wait for what the server computes (the steps of a search, a tour), on a busy machine
LOADS = 60_000


def watching(page, address: str, step: int = 1) -> None:
    page.goto(page.url_base + address)
    expect(page.locator("#bar .counter")).to_contain_text(f"step {step} of", timeout=LOADS)


@pytest.fixture
def refused(site):
    """A page where the requests the server refuses (HTTP 400: a bad link's position, a search too long to
    watch) are the only console errors; any other, or a script error, fails the test."""
    url, tabs = site
    page = tabs.new_page()
    problems: list[str] = []
    page.on("pageerror", lambda error: problems.append(f"script error: {error}"))
    page.on("console", lambda message: message.type == "error" and "status of 400" not in message.text
            and problems.append(message.text))
    page.url_base = url
    yield page
    page.close()
    assert problems == []


# ---------------------------------------------------------------- a stale search, a lost click


def test_queens_a_new_n_leaves_nothing_of_the_old_search(page):
    watching(page, "/queens?n=6&view=watch&method=recursive&step=50", 50)
    page.fill("#n", "7")
    page.press("#n", "Enter")
    expect(page.locator("#status")).to_have_text("Press “Watch” to watch the recursive search on 7 queens.")
    for part in ("#bar", "#watch-side"):
        expect(page.locator(part)).to_be_hidden()
    expect(page.locator("#counts")).to_be_empty()
    expect(page.locator("#caption")).to_be_empty()
    expect(page.locator("#board svg")).to_have_attribute("aria-label", "7 queens")
    assert "step=" not in page.url
    page.fill("#n", "21")
    page.press("#n", "Enter")
    expect(page.locator("#status")).to_have_text(
        "The search can be watched on boards up to 20 x 20: choose N from 4 to 20 (it is 21).")
    expect(page.locator("#status")).to_be_in_viewport(ratio=1)
    expect(page.locator("#watch-side")).to_be_hidden()


def test_queens_watch_continues_from_the_queens_placed_on_the_board(page):
    page.goto(page.url_base + "/queens?n=6")
    square(page, "b1").click()
    square(page, "d2").click()
    page.locator("#tab-watch").click()
    expect(page.locator("#status")).to_contain_text("The search keeps your queens b1, d2 and starts on row 3.")
    page.locator("#watch").click()
    expect(page.locator("#bar .counter")).to_contain_text("step 1 of", timeout=LOADS)
    expect(page.locator("#caption")).to_have_text("HR(3) tests a3: free, no queen holds its file or its diagonals.")
    for name in ("b1", "d2"):
        expect(square(page, name)).to_have_attribute("aria-label", re.compile(rf"^{name}, queen"))
    page.get_by_role("button", name="End ⇥").click()
    expect(page.locator("#caption")).to_contain_text("row 3 has no square left: the search is over", timeout=LOADS)


def test_queens_watch_refuses_placed_queens_off_the_first_rows_in_one_line(refused):
    refused.goto(refused.url_base + "/queens?n=6&queens=b2&view=watch")
    expect(refused.locator("#status")).to_contain_text("the seeds fill the rows in order", timeout=LOADS)
    expect(refused.locator("#bar")).to_be_hidden()


def test_knight_the_first_click_after_typing_a_size_counts(page):
    page.goto(page.url_base + "/knight")
    expect(square(page, "a1")).to_have_attribute("aria-label", "a1, knight, start")
    page.fill("#rows", "7")  # the field left by the click on the board: the board is drawn anew under the pointer
    page.fill("#cols", "7")
    square(page, "g7").click()
    expect(square(page, "g7")).to_have_attribute("aria-label", "g7, knight, start")
    expect(page).to_have_url(re.compile(r"board=7x7.*start=g7"))


# ---------------------------------------------------------------- loading, keys


def test_queens_the_bar_says_how_far_the_steps_have_loaded_and_stop_ends_it(page):
    watching(page, "/queens?n=10&view=watch&method=recursive&step=1")
    page.get_by_role("button", name="End ⇥").click()
    loading = page.locator("#bar .loading")
    expect(loading).to_contain_text("Loading the steps:", timeout=LOADS)
    expect(page.get_by_role("button", name="End ⇥")).to_be_disabled()
    expect(page.get_by_role("button", name="▶ Play")).to_be_disabled()
    page.get_by_role("button", name="■ Stop").click()
    expect(loading).to_be_hidden(timeout=LOADS)
    expect(page.get_by_role("button", name="End ⇥")).to_be_enabled()
    counter = page.locator("#bar .counter").inner_text()
    assert counter.endswith("+")  # stopped before the end: the search goes on past the steps loaded


def test_keys_space_on_step_steps_once_the_arrows_step_after_a_board_click_and_the_tree_is_reached(page):
    watching(page, "/queens?n=6&view=watch&method=recursive&step=40", 40)
    page.get_by_role("button", name=STEP).focus()
    page.keyboard.press(" ")
    expect(page.locator("#bar .counter")).to_contain_text("step 41 of")
    expect(page.get_by_role("button", name="▶ Play")).to_have_attribute("aria-pressed", "false")
    square(page, "c3").click()  # the board shows the search: it takes no keys
    page.keyboard.press("ArrowRight")
    expect(page.locator("#bar .counter")).to_contain_text("step 42 of")
    node = page.locator(".tree-focus .node[tabindex='0']")
    expect(node).to_have_count(1)
    node.focus()
    first = page.evaluate("document.activeElement.dataset.node")
    page.keyboard.press("ArrowUp")  # towards the root
    expect(page.locator(".tree-focus .node:focus")).not_to_have_attribute("data-node", first)
    page.keyboard.press("Enter")  # the step that made it
    expect(page.locator("#bar .counter")).not_to_contain_text("step 42 of")
    expect(page.locator(".watch-keys")).to_contain_text("Esc")


# ---------------------------------------------------------------- links


def test_a_bad_value_in_a_link_is_said(refused):
    page = refused
    page.goto(page.url_base + "/queens?n=abc&method=zzz")
    note = page.locator("#address-note")
    expect(note).to_contain_text("In the address: N “abc” is not a board size from 4 to 32: here are 8 queens.")
    expect(note).to_contain_text("The method “zzz” is not one of recursive, iterative, freelist")
    page.goto(page.url_base + "/draughts?fen=garbage&view=captures")
    expect(note).to_contain_text("The fen “garbage” is not a russian position", timeout=LOADS)
    expect(page.locator("#status")).not_to_contain_text("No capture")
    page.goto(page.url_base + "/knight?board=8&start=z9&method=fast")
    expect(note).to_contain_text("The start “z9” is not a square of the 8x8 board: here is a1.")
    expect(note).to_contain_text("The method “fast”")


def test_knight_a_long_exhaustive_search_gets_the_same_answer_each_time(refused):
    """A count, not the machine's load, decides: 20x20 from a1 makes 1,769 steps, over the web's 1,000."""
    page = refused
    page.goto(page.url_base + "/knight?board=20x20&start=a1&method=backtrack&view=tour")
    expect(page.locator("#status")).to_contain_text("makes 1,769 steps, and the web server shows at most 1,000",
                                                    timeout=LOADS)
    expect(page.locator("#status")).to_contain_text("ask for a smaller board or another start (7x7 from g7 makes 201)")


# ---------------------------------------------------------------- layout


def test_play_and_step_look_different(page):
    watching(page, "/queens?n=6&view=watch&method=recursive")
    signs = page.locator("#bar .buttons button span[aria-hidden]:not(.word)").all_inner_texts()
    assert len(signs) == len(set(signs))


def test_phone_the_step_sentence_stays_with_the_board(page):
    page.set_viewport_size(PHONE)
    watching(page, "/queens?n=6&view=watch&method=recursive&step=30", 30)
    page.locator(".watch-tree").scroll_into_view_if_needed()
    expect(page.locator("#caption")).to_be_in_viewport()
    expect(page.locator("#caption")).not_to_be_empty()


def test_wide_the_end_of_the_board_column_is_reached_before_the_end_of_the_page(page):
    watching(page, "/queens?n=8&view=watch&method=iterative&step=304", 304)
    stage = page.evaluate("(() => { const s = document.querySelector('main > .stage'); return [s.offsetHeight, innerHeight, "
                          "document.documentElement.scrollHeight]; })()")
    height, window, page_height = stage
    assert height > window  # taller than the window: it sticks by its end
    page.evaluate(f"window.scrollTo(0, {height - window + 40})")
    expect(page.locator("#export")).to_be_in_viewport()
    assert height - window + 40 < page_height - window  # not the end of the page


def test_a_twenty_square_boards_names_are_readable(page):
    watching(page, "/queens?n=20&view=watch&method=recursive")
    smallest = page.evaluate("Math.min(...[...document.querySelectorAll('#board svg > text')].map((t) => t.getBoundingClientRect().height))")
    assert smallest >= 9


# ---------------------------------------------------------------- words


def test_queens_captions_name_squares_as_the_board_does(page):
    watching(page, "/queens?n=6&view=watch&method=recursive&step=1")
    expect(page.locator("#caption")).to_have_text("HR(1) tests a1: free, no queen holds its file or its diagonals.")
    watching(page, "/queens?n=6&view=watch&method=recursive&step=1")
    page.keyboard.press("b")
    expect(page.locator("#caption")).to_have_text(re.compile(r"^HR\(\d\): queen \d is taken back from [a-f][1-6]; "))
    watching(page, "/queens?n=6&view=watch&method=freelist&step=3", 3)
    expect(page.locator("#caption")).to_have_text("place_a_queen tries b2: refused, FreeDiag1 lacks D1 = 6: the queen on a1 took it.")


def test_queens_the_ending_says_why_recursive_and_iterative_count_differently(page):
    watching(page, "/queens?n=6&view=watch&method=iterative")
    page.get_by_role("button", name="End ⇥").click()
    expect(page.locator("#status")).to_contain_text("HR(k), the recursive search, counts more tests and placements",
                                                    timeout=LOADS)


def test_a_jump_to_a_step_there_is_none_of_says_so(page):
    watching(page, "/knight?board=5x5&start=a1&method=warnsdorff&view=tour")
    page.get_by_role("button", name="Next backtrack").click()
    expect(page.locator("#status")).to_contain_text("“Next backtrack”: there is none after this step")


def test_queens_compare_has_every_seed_method(page):
    page.goto(page.url_base + "/queens?n=6&view=compare")
    table = page.locator("table.compare")
    for method in ("recursive", "iterative", "freelist", "half-row", "symmetry", "bitboard"):
        expect(table).to_contain_text(method, timeout=LOADS)


def test_draughts_each_jump_says_the_man_it_takes(page):
    """A king taking two men on one diagonal (russian): whether the path names every landing square or not,
    each jump names the men between its landing squares, and all of them are the move's."""
    fen = "W%3AWe3%2CKa1%2Cg1%3ABb6%2Cd6%2Cf6%2Cd4%2Cf4%2Cb2"
    page.goto(page.url_base + f"/draughts?variant=russian&fen={fen}&view=captures")
    page.locator("#paths button", has_text=re.compile(r"^a1")).click(timeout=LOADS)
    taken = []
    caption = page.locator("#caption")
    page.get_by_role("button", name=STEP).first.click()
    while "The move ends" not in caption.inner_text():
        text = caption.inner_text()
        assert text.startswith("Jump ")
        taken.append(re.findall(r"black man on ([a-h][1-8])", text))
        page.get_by_role("button", name=STEP).first.click()
        expect(caption).not_to_have_text(text)
    assert all(taken) and [man for men in taken for man in men] == ["b2", "d4", "d6", "b6"]


# ---------------------------------------------------------------- printed


def test_a_printed_step_is_one_page_with_the_board_the_code_and_the_sentence(page):
    watching(page, "/queens?n=8&view=watch&method=recursive&step=651", 651)
    page.emulate_media(media="print")
    for part in ("#board svg", "#caption", ".listing .ln.now", "table.tables"):
        expect(page.locator(part)).to_be_visible()
    for part in ("header.top", "#bar", ".watch-tree", ".tabs"):
        expect(page.locator(part)).to_be_hidden()
    pdf = page.pdf(format="A4", print_background=True)
    assert len(re.findall(rb"/Type\s*/Page[^s]", pdf)) == 1
