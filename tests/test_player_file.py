"""The watched search as one HTML file (queens.watch(...).to_html(), ``queens solve --html``, the page's
Download button): opened from the disk in a headless Chromium with the network blocked, it plays and steps."""

from __future__ import annotations

import pytest
from language_helpers import VISIBLE_TEXT, english_runs
from web_helpers import browser, chromium_path

from boardpuzzles import queens

pytestmark = [pytest.mark.slow, pytest.mark.skipif(chromium_path() is None,
                                reason="no Chromium found (apt-get install chromium, or set BOARDPUZZLES_CHROMIUM)")]


def open_offline(chromium, path):
    """The file in a new page that may load nothing but itself: yields the page and the problems seen."""
    page = chromium.new_page(viewport={"width": 1280, "height": 800})
    problems: list[str] = []
    page.route("**/*", lambda route: route.continue_() if route.request.url == path.as_uri()
               else (problems.append(route.request.url), route.abort()))
    page.on("pageerror", lambda error: problems.append(f"script error: {error}"))
    page.goto(path.as_uri())
    return page, problems


@pytest.mark.parametrize("lang, step, start", [("en", "Step ❯", "step 1 of"), ("ru", "Шаг ❯", "шаг 1 из")])
def test_the_player_file_plays_offline_from_the_disk(tmp_path, lang, step, start):
    path = tmp_path / "queens.html"
    queens.watch(5, "iterative", lang).write_html(path)
    with browser() as chromium:
        page, problems = open_offline(chromium, path)
        counter = page.locator(".bp-player .counter")
        counter.wait_for(timeout=30_000)
        assert counter.inner_text().startswith(start)
        caption = page.locator(".bp-player .caption").inner_text()
        for _ in range(3):
            page.get_by_role("button", name=step).click()
        assert page.locator(".bp-player .counter").inner_text().startswith(start.replace("1", "4"))
        assert page.locator(".bp-player .caption").inner_text() != caption
        assert page.locator("html").get_attribute("lang") == lang
        if lang == "ru":
            assert english_runs(page.evaluate(VISIBLE_TEXT)) == []
        assert problems == []
