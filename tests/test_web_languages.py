"""The pages in English and in Russian (a headless Chromium): the switch on every page, the choice remembered,
the browser's language by default."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from language_helpers import VISIBLE_TEXT, english_runs
from web_helpers import chromium_path

pytestmark = [pytest.mark.slow, pytest.mark.skipif(chromium_path() is None,
                                reason="no Chromium found (apt-get install chromium, or set BOARDPUZZLES_CHROMIUM)")]

PATHS = ["/", "/queens", "/knight", "/draughts"]


def fresh(site, width=1280, height=800, locale="en-US"):
    """A new page (nothing stored) whose script errors fail the test: in a browser context of its own when the
    browser's language is not the shared context's; ``page.close_all()`` closes it."""
    url, tabs = site
    if locale == "en-US":
        page = tabs.new_page(width, height)
        page.close_all = page.close
    else:
        context = tabs.browser.new_context(viewport={"width": width, "height": height}, locale=locale)
        page = context.new_page()
        page.close_all = context.close
    page.set_default_timeout(15_000)
    problems: list[str] = []
    page.on("pageerror", lambda error: problems.append(f"script error: {error}"))
    page.problems = problems
    return url, page


def test_the_switch_is_on_every_page_and_remembered(site):
    url, page = fresh(site)
    for path in PATHS:
        page.goto(url + path)
        assert page.locator("html").get_attribute("lang") == "en"
        assert page.get_by_role("group", name="Language").get_by_role("button").all_inner_texts() == ["EN", "RU"]
    page.goto(url + "/queens")
    page.get_by_role("button", name="RU", exact=True).click()
    page.wait_for_url("**lang=ru**")
    assert page.locator("html").get_attribute("lang") == "ru"
    assert page.get_by_role("button", name="RU", exact=True).get_attribute("aria-pressed") == "true"
    page.goto(url + "/knight")  # no ?lang=: the stored choice
    assert page.locator("html").get_attribute("lang") == "ru"
    assert page.locator("nav a[href='/knight']").inner_text() == "Ход конём"
    page.get_by_role("button", name="EN", exact=True).click()
    page.wait_for_url("**lang=en**")
    page.goto(url + "/")
    assert page.locator("html").get_attribute("lang") == "en"
    assert page.problems == []
    page.close_all()


def test_the_browsers_language_by_default_and_the_address_first(site):
    url, page = fresh(site, locale="ru-RU")
    page.goto(url + "/")
    assert page.locator("html").get_attribute("lang") == "ru"
    assert page.locator("h2").first.inner_text() == "N ферзей"
    page.goto(url + "/?lang=en")
    assert page.locator("html").get_attribute("lang") == "en"
    assert page.problems == []
    page.close_all()


#: Each page in its states (the address, and what shows once it has drawn), in Russian.
STATES = [
    ("/", "h2"),
    ("/queens", "#status:not(:empty)"),
    ("/queens?view=watch&method=recursive&step=30", "#caption:not(:empty)"),
    ("/queens?view=watch&method=iterative&step=40", "#caption:not(:empty)"),
    ("/queens?view=watch&method=freelist&step=12", "#caption:not(:empty)"),
    ("/queens?view=solutions", "#images figure"),
    ("/queens?view=compare&n=6", "table.compare"),
    ("/queens?n=abc&method=zzz", "#address-note"),
    ("/knight", "#status:not(:empty)"),
    ("/knight?board=5x5&view=tour&method=warnsdorff&step=6", "#caption:not(:empty)"),
    ("/knight?board=6x6&view=tour&method=lookahead&step=200", "#caption:not(:empty)"),
    # the knight's notes said through the catalogue: a run's budget, a way back and why, a rule stuck, no tour
    ("/knight?board=7x7&start=g7&view=tour&method=backtrack&step=1", "#caption:not(:empty)"),
    ("/knight?board=7x7&start=g7&view=tour&method=backtrack&step=119", "#caption:not(:empty)"),
    ("/knight?board=7x7&start=g7&view=tour&method=backtrack&step=201", "#caption:not(:empty)"),
    ("/knight?board=7x7&start=g7&view=tour&method=warnsdorff&step=122", "#caption:not(:empty)"),
    ("/knight?board=3x7&start=d2&view=tour&method=backtrack&step=542", "#caption:not(:empty)"),
    ("/knight?board=4x6&view=tour&method=backtrack&step=40", "#caption:not(:empty)"),  # a candidate refused
    # where a theorem or a condition says there is no tour (no search runs): its reason through the catalogue
    ("/knight?board=4x4&view=tour&method=backtrack", "#watch-message .note"),
    ("/knight?board=3x3&view=tour", "#watch-message .note"),
    ("/knight?board=1x2&view=tour", "#watch-message .note"),
    ("/knight?board=5x5&closed=true&view=tour", "#watch-message .note"),
    ("/knight?board=5x5&start=b1&view=tour", "#watch-message .note"),
    ("/knight?board=4x5&start=a2&view=tour", "#watch-message .note"),
    ("/knight?board=4x5&view=tour&method=divide", "#watch-message .note"),
    ("/knight?board=5x5&blocked=b1&view=tour", "#watch-message .note"),
    ("/knight?board=5x5&blocked=c1,e1,c2,b3&view=tour", "#watch-message .note"),
    ("/knight?board=5x5&blocked=c1,d3&view=tour", "#watch-message .note"),
    ("/knight?board=5x5&blocked=b1,c1,d1,b4&view=tour", "#watch-message .note"),
    ("/knight?board=5x5&blocked=b1,c1,c3&closed=true&view=tour", "#watch-message .note"),
    ("/draughts", "#status:not(:empty)"),
    ("/draughts?view=captures&fen=W:Wc3:Bd4,d6,f6,f4&path=1&jump=2", "#caption:not(:empty)"),
    ("/draughts?variant=seed&view=seed&step=5&fen=W:Wc3:Bd4,d6,f6,f4", "#caption:not(:empty)"),
    # the seed's reasons said from the step's said: a capture refused, a child not followed
    ("/draughts?variant=seed&view=seed&step=2&fen=W:Wc3:Bd4,d6,f6,f4", "#caption:not(:empty)"),
    ("/draughts?variant=seed&view=seed&step=4&fen=W:Wc3:Bd4,e5", "#caption:not(:empty)"),
    ("/draughts?variant=seed&view=seed&step=70&fen=W:Wc3:Bb4,b6,d4,d6,f4", "#caption:not(:empty)"),
]


#: A catalogue key shown as itself (``t()`` says a key it does not find): "knight.theory_open_no".
UNSAID = re.compile(r"\b(?:common|draughts|knight|lesson|player|queens|trace|watch)\.[a-z_]+")


@pytest.mark.parametrize("width, height", [(1280, 800), (390, 844)])
def test_a_russian_page_shows_no_english_sentence(site, width, height):
    """Every page and state at both widths, in Russian: no three Latin words in a row outside the code."""
    url, page = fresh(site, width, height)
    for path, drawn in STATES:
        page.goto(url + path + ("&" if "?" in path else "?") + "lang=ru")
        page.wait_for_selector(drawn, timeout=120_000)
        shown = page.evaluate(VISIBLE_TEXT)
        assert english_runs(shown) == [], path
        assert not UNSAID.findall(shown), path  # a key the catalogue lacks is shown as itself
    assert page.problems == []
    page.close_all()


def downloaded(site, tmp_path, address: str, button: str, name: str):
    """The file that the page at ``address`` downloads with ``button`` (named ``name``), opened in a new page
    that may load nothing but the file, once its player has drawn."""
    url, page = fresh(site)
    page.goto(url + address)
    page.wait_for_selector("#caption:not(:empty)", timeout=120_000)
    with page.expect_download(timeout=60_000) as made:
        page.get_by_role("button", name=button, exact=True).click()
    assert made.value.suggested_filename == name
    path = Path(tmp_path / name)
    made.value.save_as(path)
    page.close_all()
    url, offline = fresh(site)
    offline.route("**/*", lambda route: route.continue_() if route.request.url == path.as_uri() else route.abort())
    offline.goto(path.as_uri())
    offline.locator(".bp-player .counter").wait_for(timeout=30_000)
    return offline


def test_the_page_downloads_the_search_as_one_file_that_plays_offline(site, tmp_path):
    offline = downloaded(site, tmp_path, "/queens?view=watch&method=iterative&n=5&lang=ru", "Скачать",
                         "queens-5-iterative-ru.html")
    offline.get_by_role("button", name="Шаг ❯").click()
    assert offline.locator(".bp-player .counter").inner_text().startswith("шаг 2 из")
    assert offline.problems == []
    offline.close_all()


def test_the_download_carries_the_queens_placed_on_the_board(site, tmp_path):
    """Watch from queens placed on the first rows, then Download: the file plays the same search, from them."""
    offline = downloaded(site, tmp_path, "/queens?view=watch&method=recursive&n=6&queens=b1,d2&lang=en", "Download",
                         "queens-6-recursive-from-b1-d2-en.html")
    assert offline.locator(".bp-player .caption").inner_text() == "HR(3) tests a3: free, no queen holds its file or its diagonals."
    for name in ("b1", "d2"):
        assert offline.locator(f'.bp-player [data-square="{name}"]').get_attribute("aria-label").startswith(f"{name}, queen")
    assert offline.problems == []
    offline.close_all()
