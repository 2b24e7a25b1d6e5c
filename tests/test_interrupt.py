"""Ctrl-C stops the program cleanly at any moment: one line, exit status 130, even inside a numba
kernel, and during start-up (while the modules load) as well."""

import os
import re
import signal
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from bounds import DEADLINE
from signal_helpers import Terminal, sigint_as_at_a_terminal

import boardpuzzles
from boardpuzzles import draughts, knights

pytestmark = pytest.mark.slow  # each test starts the program, and stops it at a moment of its run

ROOT = Path(__file__).parents[1]
SRC = str(Path(boardpuzzles.__file__).parents[1])


def _warm_kernels() -> None:
    """Compile (or load) the kernels here first, so the child is inside a kernel, not the compiler, when it is stopped."""
    knights.count_tours(3, 4)
    draughts.perft(draughts.Position.initial(draughts.get_variant("international")), 2)


@pytest.mark.parametrize("args", [["knight", "count", "7x10", "--closed"], ["draughts", "perft", "--variant", "international", "--depth", "14", "--force"]])
def test_ctrl_c_inside_a_kernel(args):
    _warm_kernels()
    terminal = Terminal(args)
    try:
        terminal.wait_for(r"\d:\d\d:\d\d")  # the progress bar (its clock): the count has run a second and reported
        status, after = terminal.interrupt()
    finally:
        terminal.close()
    assert status == 130
    assert after[-1:] == ["boardpuzzles: interrupted"] and not any("Traceback" in line for line in after)


def _program() -> list[str]:
    """The command that the installed ``boardpuzzles`` program runs: pyproject's entry point."""
    module, function = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["scripts"]["boardpuzzles"].split(":")
    return [sys.executable, "-c", f"from {module} import {function}; {function}()"]


#: Moments of start-up, each the module whose import has just ended: the package, the command
#: line's framework and output, numba, the knight's tour and its last module.
START_UP = ["boardpuzzles", "typer", "boardpuzzles.output", "boardpuzzles.cli", "numba", "boardpuzzles.knights.tour",
            "boardpuzzles.knights.steps"]


@pytest.mark.parametrize("moment", START_UP)
def test_ctrl_c_during_start_up(moment):
    # the interpreter writes a line as each import ends (PYTHONPROFILEIMPORTTIME): Ctrl-C right after that one
    env = {**os.environ, "PYTHONPATH": SRC, "PYTHONPROFILEIMPORTTIME": "1"}
    child = subprocess.Popen([*_program(), "knight", "tour", "6000"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             text=True, env=env, preexec_fn=sigint_as_at_a_terminal)
    try:
        for line in child.stderr:
            if re.search(rf"\|\s+{re.escape(moment)}$", line.rstrip()):
                break
        else:
            pytest.fail(f"{moment} was never imported")
        child.send_signal(signal.SIGINT)
        _, err = child.communicate(timeout=DEADLINE)
    finally:
        child.kill()
    said = [line for line in err.splitlines() if not line.startswith("import time:")]
    assert child.returncode == 130 and said == ["boardpuzzles: interrupted"], err[-2000:]
