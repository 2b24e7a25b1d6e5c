"""The watched search as one HTML file (queens.watch(...).to_html(), ``queens solve --html``, the page's
Download button; the knight's and the draughts seed's players too): opened from the disk in a headless Chromium
with the network blocked, it plays and steps, in the language asked."""

from __future__ import annotations

import pytest
from language_helpers import VISIBLE_TEXT, english_runs
from web_helpers import browser, chromium_path

from boardpuzzles import draughts, knights, queens
from boardpuzzles.draughts.cli import EXAMPLE_SEED

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


@pytest.mark.parametrize("make", [
    lambda: knights.watch("3x7", start="d2", method="backtrack", lang="ru"),  # ways back, then no tour
    lambda: knights.watch("7x7", start="g7", method="warnsdorff", lang="ru"),  # the rule stuck
    lambda: draughts.watch(seed_input=EXAMPLE_SEED, lang="ru"),  # captures refused, a child not followed
], ids=["knight-backtrack", "knight-stuck", "draughts-seed"])
def test_the_knight_and_draughts_players_speak_russian(tmp_path, make):
    """``watch(..., lang="ru")``: the player's own words, its steps' notes and its ending show no English phrase."""
    path = tmp_path / "player.html"
    make().write_html(path)
    with browser() as chromium:
        page, problems = open_offline(chromium, path)
        counter = page.locator(".bp-player .counter")
        counter.wait_for(timeout=30_000)
        assert counter.inner_text().startswith("шаг 1 из")
        seen = [page.evaluate(VISIBLE_TEXT)]
        page.locator(".bp-player").focus()
        for key in "b" * 3 + "." * 12:  # three jumps to the next way back (where there is one), then steps
            page.keyboard.press(key)
            seen.append(page.evaluate(VISIBLE_TEXT))
        page.get_by_role("button", name="Конец ⇥").click()
        seen.append(page.evaluate(VISIBLE_TEXT))
        assert [english_runs(text) for text in seen] == [[]] * len(seen)
        assert page.locator("html").get_attribute("lang") == "ru"
        assert problems == []
