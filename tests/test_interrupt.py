"""Ctrl-C stops long work cleanly: one line, exit status 130, even inside a numba kernel."""

import signal
import subprocess
import sys
import time

import pytest

from boardpuzzles.runner import interruptible


def test_interruptible_returns_the_result_and_raises_the_error():
    assert interruptible(lambda a, b: a + b, 2, 3) == 5
    with pytest.raises(ZeroDivisionError):
        interruptible(lambda: 1 / 0)


@pytest.mark.parametrize("args", [["knight", "count", "7"], ["draughts", "perft", "--variant", "international", "--depth", "14"]])
def test_ctrl_c_inside_a_kernel(args):
    process = subprocess.Popen([sys.executable, "-m", "boardpuzzles", *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    time.sleep(2.5)
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=30)
    assert process.returncode == 130
    assert err.strip() == "boardpuzzles: interrupted"
