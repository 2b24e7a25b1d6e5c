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

SRC = Path(__file__).resolve().parent.parent / "src"
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
    """A headless Chromium (Playwright's Browser); the caller checks :func:`chromium_path` first."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=chromium_path(), headless=True,
                                              args=["--no-sandbox", "--disable-gpu"])
        try:
            yield launched
        finally:
            launched.close()
