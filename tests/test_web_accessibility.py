"""No page and no state of a page has an axe-core violation of impact serious or critical.

The states are those of the screenshots (``tests/screenshots.py``: every page and view, each a link), at
both sizes.  axe-core is vendored, pinned, as ``tests/axe.min.js`` (axe-core 4.10.3, MPL-2.0, its
licence header kept; ``tests/axe.LICENSE`` is its licence); it is evaluated in each page as the browser's
own tools evaluate a script, which the server's Content-Security-Policy does not govern.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import TimeoutError as NotShown
from screenshots import SIZES, STATES
from web_helpers import chromium_path

pytestmark = [pytest.mark.slow, pytest.mark.skipif(chromium_path() is None,
                                reason="no Chromium found (apt-get install chromium, or set BOARDPUZZLES_CHROMIUM)")]

AXE = Path(__file__).resolve().parent / "axe.min.js"
#: The impacts that fail the test.
FAILING = ("serious", "critical")


def violations(page) -> list[str]:
    """axe-core's violations of impact serious or critical in the page as it stands, one line each."""
    page.evaluate(AXE.read_text(encoding="utf-8"))  # evaluated as the browser's own tools would: no CSP applies
    # resultTypes: only the violations get a selector for every node (the passes' selectors cost most of the time)
    found = page.evaluate("async () => (await axe.run(document, {resultTypes: ['violations']}))"
                          ".violations.map((v) => ({id: v.id, impact: v.impact, "
                          "targets: v.nodes.slice(0, 3).map((n) => n.target.join(' '))}))")
    return [f"{v['id']} ({v['impact']}): {', '.join(v['targets'])}" for v in found if v["impact"] in FAILING]


@pytest.mark.parametrize("state", list(STATES))
@pytest.mark.parametrize("size", list(SIZES))
def test_no_serious_violation(site, size, state):
    """One state at one size (each a test of its own, so that test processes share them out)."""
    url, tabs = site
    address, shown, _ = STATES[state]
    page = tabs.new_page(*SIZES[size])
    try:
        page.goto(url + address)
        try:
            page.get_by_text(shown).filter(visible=True).first.wait_for(timeout=120_000)
        except NotShown:
            pytest.fail(f"the page never showed {shown!r}")
        assert violations(page) == []
    finally:
        page.close()
