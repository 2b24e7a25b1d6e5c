"""Ctrl-C stops long work cleanly: one line, exit status 130, even inside a numba kernel."""

import signal
import subprocess
import sys
import time

import pytest
from signal_helpers import sigint_as_at_a_terminal

from boardpuzzles import draughts, knights


def _warm_kernels() -> None:
    """Compile (or load) the kernels here first, so the child is inside a kernel, not the compiler, when it is stopped."""
    knights.count_tours(3, 4)
    draughts.perft(draughts.Position.initial(draughts.get_variant("international")), 2)


@pytest.mark.parametrize("args", [["knight", "count", "7x10", "--closed"], ["draughts", "perft", "--variant", "international", "--depth", "14", "--force"]])
def test_ctrl_c_inside_a_kernel(args):
    _warm_kernels()
    process = subprocess.Popen(
        [sys.executable, "-m", "boardpuzzles", *args],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, preexec_fn=sigint_as_at_a_terminal,
    )
    try:
        time.sleep(2.5)
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=30)
    finally:
        process.kill()  # never leave a count running if the test fails
    assert process.returncode == 130
    assert err.strip() == "boardpuzzles: interrupted"
