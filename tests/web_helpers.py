"""The web server as the user starts it, and a headless Chromium: shared by the browser tests and the screenshots."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from playwright.sync_api import expect

SRC = Path(__file__).resolve().parent.parent / "src"
#: Playwright's assertions wait up to a minute for what they expect (its own 5 s, a page's first draw on a quiet
#: machine taking 0.1-0.5 s, failed on a busy CI running four test processes)
expect.set_options(timeout=60_000)
#: Where Debian's chromium package puts the browser (Playwright's own download cannot be used here).
CHROMIUM_PATHS = ("/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome")


def chromium_path() -> str | None:
    """The Chromium to drive, or None when this machine has none."""
    for path in (os.environ.get("BOARDPUZZLES_CHROMIUM"), *CHROMIUM_PATHS, shutil.which("chromium")):
        if path and os.access(path, os.X_OK):
            return path
    return None


@contextmanager
def served() -> Iterator[str]:
    """``boardpuzzles serve --port 0 --json`` in a child process: yields its address, then stops it (Ctrl-C)."""
    env = {**os.environ, "PYTHONPATH": str(SRC) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    child = subprocess.Popen([sys.executable, "-m", "boardpuzzles", "serve", "--port", "0", "--json"],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    try:
        assert child.stdout is not None
        line = child.stdout.readline()
        if not line:
            raise RuntimeError(f"serve did not start: {child.communicate(timeout=10)[1].strip()}")
        yield json.loads(line)["url"]
    finally:
        child.send_signal(2)  # SIGINT: Ctrl-C
        try:
            child.wait(timeout=10)
        except subprocess.TimeoutExpired:
            child.kill()
            child.wait()


@contextmanager
def browser() -> Iterator[object]:
    """A headless Chromium (Playwright's Browser); the caller checks :func:`chromium_path` first.  Its pages of
    one site share a renderer process (``--process-per-site``: see :class:`Tabs`)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=chromium_path(), headless=True,
                                              args=["--no-sandbox", "--disable-gpu", "--process-per-site"])
        try:
            yield launched
        finally:
            launched.close()


class Tabs:
    """The pages of the browser tests of a test process: each test opens its own page (:meth:`new_page`) in one
    browser context, with nothing stored.  A page kept open at the server holds the site's renderer process,
    which every new page then shares: a new context for each test (its own renderer, the scripts loaded
    cold) cost about 2 s of CPU a page, a new page here about 0.6."""

    def __init__(self, chromium: object, url: str) -> None:
        self.browser = chromium
        self.context = chromium.new_context(viewport={"width": 1280, "height": 800},  # type: ignore[attr-defined]
                                           locale="en-US")
        self.keeper = self.context.new_page()
        self.keeper.goto(url + "/learn")

    def new_page(self, width: int = 1280, height: int = 800) -> object:
        """A new page of this size, the site's cookies and storage cleared first; the caller closes it."""
        self.context.clear_cookies()
        self.keeper.evaluate("window.localStorage.clear()")
        page = self.context.new_page()
        page.set_viewport_size({"width": width, "height": height})
        return page


@contextmanager
def players_page(folder: Path, players: list[object]) -> Iterator[tuple[object, list[str]]]:
    """The notebook players' HTML (``_repr_html_``) in one file:// document in a headless Chromium, as a
    notebook exported to HTML shows them: yields the page and the problems seen (a request that would
    leave the document, a script error, a console error), which the caller checks are none."""
    document = folder / "players.html"
    document.write_text("<!doctype html><meta charset='utf-8'><body>" + "".join(p._repr_html_() for p in players)
                        + "</body>", encoding="utf-8")
    problems: list[str] = []
    with browser() as chromium:
        page = chromium.new_page(viewport={"width": 1100, "height": 900})  # type: ignore[attr-defined]
        page.route("**/*", lambda route: route.continue_() if route.request.url == document.as_uri()
                   else (problems.append(route.request.url), route.abort()))
        page.on("pageerror", lambda error: problems.append(f"script error: {error}"))
        page.on("console", lambda message: message.type == "error" and problems.append(f"console: {message.text}"))
        page.goto(document.as_uri())
        yield page, problems
