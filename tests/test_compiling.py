"""Small work before the kernels are compiled: the kernels' source interpreted gives what the kernels give, and
the command line says when it compiles (on a terminal only)."""

from __future__ import annotations

import io
import os
import pty
import select
import subprocess
import sys
import time

import numpy as np
import pytest

from boardpuzzles import compiling
from boardpuzzles.draughts import Position, fast, get_variant, perft_count
from boardpuzzles.draughts import bulk, counting as draughts_counting
from boardpuzzles.knights import warnsdorff
from boardpuzzles.knights.verify import first_fault
from boardpuzzles.progress import Tracker
from boardpuzzles.queens import bitboard, counting


def test_a_compiled_kernel_is_ready_and_its_interpreted_copy_is_plain_python():
    counting._count_with_nodes(counting.subproblems(13)[0], counting._search)
    assert compiling.ready(counting._search)
    plain = compiling.interpreted(counting._search)
    assert plain is compiling.interpreted(counting._search) and plain.__code__ is counting._search.py_func.__code__
    assert compiling.chosen(counting._search, small=True) is counting._search


def test_queens_counted_interpreted_as_by_the_kernel():
    plain = compiling.interpreted(counting._search)
    for n in range(1, counting.PLAIN_MOST_N + 1):
        for sub in counting.subproblems(n):
            assert counting._count_with_nodes(sub, plain) == counting._count_with_nodes(sub, counting._search)


def test_queens_listed_interpreted_as_by_the_kernel(monkeypatch):
    kernel = {n: list(bitboard.solutions_bitboard(n, batch=7)) for n in range(1, bitboard.PLAIN_MOST_N + 1)}
    monkeypatch.setattr(compiling, "ready", lambda kernel: False)
    for n, listed in kernel.items():
        assert list(bitboard.solutions_bitboard(n, batch=7)) == listed


@pytest.mark.parametrize(("rows", "cols", "rule", "depth"), [
    (8, 8, warnsdorff.SEED, 1), (5, 7, warnsdorff.SEED, 1), (12, 12, warnsdorff.LOOKAHEAD, 2),
    (10, 9, warnsdorff.ROTH, 1), (3, 4, warnsdorff.SEED, 1),
])
def test_tours_walked_and_checked_interpreted_as_by_the_kernels(monkeypatch, rows, cols, rule, depth):
    kernel = warnsdorff.run_rule(rows, cols, 0, rule, depth)
    free = np.ones(rows * cols, dtype=np.bool_)
    broken = kernel.astype(np.int64)[::-1].copy()
    broken[1] = broken[0]
    faults = [first_fault(rows, cols, path, False, free, Tracker("squares")) for path in (kernel.astype(np.int64), broken)]
    monkeypatch.setattr(compiling, "ready", lambda kernel: False)
    assert warnsdorff.run_rule(rows, cols, 0, rule, depth).tolist() == kernel.tolist()
    assert [first_fault(rows, cols, path, False, free, Tracker("squares"))
            for path in (kernel.astype(np.int64), broken)] == faults


@pytest.mark.parametrize(("variant", "depth"), [("russian", 6), ("international", 4), ("brazilian", 5),
                                                  ("frisian", 4)])
def test_a_small_perft_is_counted_by_the_plain_generator_before_the_kernels_are_compiled(monkeypatch, variant,
                                                                                            depth):
    start = Position.initial(get_variant(variant))
    kernel = int(fast.perft_rows(np.array([start.bitboards()]), depth, start.variant)[0])
    if bulk.applies(start.variant):  # its kernel too, whatever the tests before did in this process
        assert int(bulk.perft_rows(np.array([start.bitboards()]), depth, start.variant)[0]) == kernel
    assert perft_count(start, depth).method in ("bitboard", "bulk")  # the kernels are ready now
    monkeypatch.setattr(compiling, "ready", lambda kernel: False)
    plain = perft_count(start, depth)
    assert plain.method == "reference" and plain.count == kernel
    assert draughts_counting.compiles(start, 7) and not draughts_counting.compiles(start, depth)  # 7: too big


def _run(args: list[str], cache: str, terminal: bool) -> str:
    """Standard error of ``boardpuzzles ARGS`` run with numba's cache in ``cache``: a pseudo-terminal or a pipe."""
    env = dict(os.environ, NUMBA_CACHE_DIR=cache, COLUMNS="160", TERM="xterm")
    if not terminal:
        return subprocess.run([sys.executable, "-m", "boardpuzzles", *args], capture_output=True, text=True, env=env,
                              check=True).stderr
    master, slave = pty.openpty()
    process = subprocess.Popen([sys.executable, "-m", "boardpuzzles", *args], stdin=subprocess.DEVNULL,
                               stdout=subprocess.DEVNULL, stderr=slave, env=env)
    os.close(slave)
    data = b""
    while True:
        if select.select([master], [], [], 0.1)[0]:
            try:
                chunk = os.read(master, 1 << 16)
            except OSError:  # the child has closed its end
                break
            if not chunk:
                break
            data += chunk
        elif process.poll() is not None and not select.select([master], [], [], 0)[0]:
            break
    assert process.wait(60) == 0
    os.close(master)
    return data.decode(errors="replace")


@pytest.mark.slow
def test_a_terminal_is_told_that_the_kernel_compiles(tmp_path):
    started = time.monotonic()
    told = _run(["queens", "count", "13"], str(tmp_path / "terminal"), terminal=True)
    line = f"compiling the counting kernel, once: about {counting.COMPILE_SECONDS:.0f} s"
    assert line in told
    assert line not in _run(["queens", "count", "13"], str(tmp_path / "terminal"), terminal=True)  # cached now
    assert "compiling" not in _run(["queens", "count", "12"], str(tmp_path / "small"), terminal=True)  # interpreted
    assert time.monotonic() - started < 600


@pytest.mark.parametrize(("terminal", "args", "told"), [
    (True, [], True), (True, ["--json"], False), (False, [], False)])
def test_json_and_pipes_are_not_told(cli, monkeypatch, terminal, args, told):
    """The same decision without compiling again (the kernel is compiled by then): the count is made to
    believe that it compiles, standard error to be a terminal or a pipe."""
    from rich.console import Console

    from boardpuzzles import output
    from boardpuzzles.queens import cli as queens_cli

    error = Console(file=io.StringIO(), force_terminal=terminal)
    monkeypatch.setattr(output, "error_console", error)
    monkeypatch.setattr(queens_cli, "compiles_count", lambda n, method: True)
    assert cli("queens", "count", "13", *args).status == 0
    assert ("compiling the counting kernel" in error.file.getvalue()) == told


@pytest.mark.slow
def test_any_compilation_that_lasts_a_second_is_said_once_on_a_terminal(tmp_path):
    """A command with no estimate of its own (the knight's exhaustive search) is told by numba's compile events."""
    line = "compiling this command's kernels (numba), once: the next runs take them from the cache"
    told = _run(["knight", "tour", "8", "--method", "backtrack"], str(tmp_path / "terminal"), terminal=True)
    assert told.count(line) == 1
    assert line not in _run(["knight", "tour", "8", "--method", "backtrack"], str(tmp_path / "terminal"),
                            terminal=True)  # cached now


def test_a_json_run_is_not_told_of_compiling_even_at_a_terminal(monkeypatch):
    from rich.console import Console

    from boardpuzzles import output

    error = Console(file=io.StringIO(), force_terminal=True)
    monkeypatch.setattr(output, "error_console", error)
    for json_mode in (True, False):
        notice = output.CompileNotice()
        notice.begin(json_mode=json_mode)
        notice.say("compiling this command's kernels")
    assert error.file.getvalue().count("compiling") == 1


def test_the_library_says_nothing_when_it_compiles(capsys, tmp_path):
    assert counting.compiles(13) == (not compiling.ready(counting._search))
    counting.count(13, workers=1)
    assert capsys.readouterr() == ("", "")
