"""Shared test helpers: run the command line in-process and capture what it prints."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from hypothesis import settings

from boardpuzzles.cli import main

# The same examples on every run: a test that passes here passes in CI (random ones once drew a good value
# that takes hours, 40 queens listed to a limit, and hung the run).
settings.register_profile("deterministic", derandomize=True)
settings.load_profile("deterministic")


#: Seconds the kernels' compiling before the test processes may take before it is given up (the tests then
#: compile what is left, as they would without it): quiet, 2 cores, from nothing: 131 s.
WARM_MOST = 1200


def pytest_configure(config):
    """Before pytest-xdist starts its test processes (two or more): the kernels compiled once, in two processes
    side by side (tests/warm_kernels.py), so that the test processes take them from numba's cache instead of
    each compiling them again."""
    if hasattr(config, "workerinput") or (getattr(config.option, "numprocesses", None) or 0) < 2 \
            or config.option.collectonly:
        return
    script = Path(__file__).resolve().parent / "warm_kernels.py"
    began = time.monotonic()
    parts = [subprocess.Popen([sys.executable, str(script), part], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              text=True) for part in ("draughts", "others")]
    took = []
    for part in parts:
        try:
            seconds, errors = part.communicate(timeout=max(1.0, WARM_MOST - (time.monotonic() - began)))
        except subprocess.TimeoutExpired:
            part.kill()
            seconds, errors = part.communicate()
        if part.returncode != 0:  # the tests that meet the same calls will say what is wrong
            sys.stderr.write(f"tests/warm_kernels.py {part.args[-1]} failed:\n{errors[-2000:]}\n")
        took.append(f"{part.args[-1]} {seconds.strip() or '?'} s")
    sys.stderr.write(f"kernels compiled (or loaded from numba's cache): {', '.join(took)}\n")


@dataclass
class Run:
    status: int
    out: str
    err: str

    def json(self):
        return json.loads(self.out)

    def json_lines(self):
        return [json.loads(line) for line in self.out.splitlines() if line.strip()]


@pytest.fixture
def cli(capsys):
    """``cli("queens", "solve", "8")`` runs the command and returns its status and output."""

    def run(*args: str) -> Run:
        status = main(list(args))
        captured = capsys.readouterr()
        return Run(status, captured.out, captured.err)

    return run


@pytest.fixture(scope="session")
def site() -> Iterator[tuple[str, object]]:
    """``boardpuzzles serve`` and a headless Chromium, one of each for all the browser tests of a test process
    (each test opens its own page, ``tabs.new_page()``): the server's address without its last ``/``, and
    the pages (web_helpers.Tabs)."""
    from web_helpers import Tabs, browser, served

    with served() as url, browser() as chromium:
        yield url.rstrip("/"), Tabs(chromium, url.rstrip("/"))
