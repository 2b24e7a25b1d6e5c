""".ci/run: mypy beside pytest (either failing fails the run), pytest's arguments passed on, and "no test collected"
(exit 5) is a failure."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

CI_RUN = Path(__file__).parents[1] / ".ci" / "run"


def _stub(path: Path, body: str) -> None:
    path.write_text("#!/bin/sh\n" + body + "\n")
    path.chmod(0o755)


@pytest.fixture
def fake_ci(tmp_path):
    """A copy of .ci/run in an empty project, with python3, pip, mypy and pytest as stubs that log their calls."""
    (tmp_path / ".ci").mkdir()
    shutil.copy(CI_RUN, tmp_path / ".ci" / "run")
    stubs = tmp_path / "stubs"
    stubs.mkdir()
    log = tmp_path / "log"
    _stub(stubs / "python3", f'mkdir -p .venv-ci/bin && echo "PATH={stubs}:\\$PATH" > .venv-ci/bin/activate')
    _stub(stubs / "pip", f'echo pip "$@" >> {log}')
    _stub(stubs / "mypy", f'echo mypy "$@" >> {log}; exit ${{MYPY_STATUS:-0}}')
    _stub(stubs / "pytest", f'echo pytest "$@" >> {log}; exit ${{PYTEST_STATUS:-0}}')
    _stub(stubs / "chromium", "exit 0")  # found: the copy never runs the real apt-get, chromium or not

    def run(*args: str, **statuses: int) -> tuple[int, str, str]:
        env = {**os.environ, "PATH": f"{stubs}:{os.environ['PATH']}", **{k: str(v) for k, v in statuses.items()}}
        done = subprocess.run(["bash", str(tmp_path / ".ci" / "run"), *args], capture_output=True, text=True,
                              env=env, timeout=60)
        return done.returncode, log.read_text() if log.exists() else "", done.stderr

    return run


def test_mypy_runs_beside_pytest_after_the_install(fake_ci):
    status, log, _ = fake_ci("-k", "queens")
    assert status == 0
    lines = log.splitlines()
    assert lines[0] == "pip install -e .[test]" and sorted(lines[1:]) == ["mypy src", "pytest -k queens"]


@pytest.mark.parametrize("pytest_status, status", [(0, 1), (2, 2)])
def test_mypy_failing_fails_the_run_and_the_tests_still_run(fake_ci, pytest_status, status):
    got, log, err = fake_ci(MYPY_STATUS=1, PYTEST_STATUS=pytest_status)
    assert got == status and "pytest" in log
    assert "mypy src found problems" in err


@pytest.mark.parametrize("pytest_status, status", [(0, 0), (1, 1), (2, 2), (5, 1)])
def test_pytest_status(fake_ci, pytest_status, status):
    got, _, err = fake_ci(PYTEST_STATUS=pytest_status)
    assert got == status
    assert ("collected no tests" in err) == (pytest_status == 5)
