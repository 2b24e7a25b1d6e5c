"""The pages in English and in Russian (a headless Chromium): the switch on every page, the choice remembered,
the browser's language by default."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from web_helpers import browser, chromium_path, served

pytestmark = [pytest.mark.slow, pytest.mark.skipif(chromium_path() is None,
                                reason="no Chromium found (apt-get install chromium, or set BOARDPUZZLES_CHROMIUM)")]

PATHS = ["/", "/queens", "/knight", "/draughts"]


@pytest.fixture(scope="module")
def site() -> Iterator[tuple[str, object]]:
    with served() as url, browser() as chromium:
        yield url.rstrip("/"), chromium


def fresh(site, width=1280, height=800, locale="en-US"):
    """A page in a new browser context (nothing stored) whose script errors fail the test."""
    url, chromium = site
    context = chromium.new_context(viewport={"width": width, "height": height}, locale=locale)
    page = context.new_page()
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
    page.context.close()


def test_the_browsers_language_by_default_and_the_address_first(site):
    url, page = fresh(site, locale="ru-RU")
    page.goto(url + "/")
    assert page.locator("html").get_attribute("lang") == "ru"
    assert page.locator("h2").first.inner_text() == "N ферзей"
    page.goto(url + "/?lang=en")
    assert page.locator("html").get_attribute("lang") == "en"
    assert page.problems == []
    page.context.close()
