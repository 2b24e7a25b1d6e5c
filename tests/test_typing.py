"""A user's script type-checks against the package: ``mypy --strict`` on tests/typed/user_script.py passes,
and ``reveal_type(queens.solve(8))`` is the Solution class.  mypy runs in a folder that holds the script
alone, with no configuration, so that it finds boardpuzzles as a user's would: installed, typed by its
``py.typed`` marker (without it, --strict refuses the import).  (``mypy src``, the package's own check,
runs in .ci/run.)"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

SCRIPT = Path(__file__).parent / "typed" / "user_script.py"


@pytest.mark.slow
def test_a_users_script_passes_mypy_strict(tmp_path: Path) -> None:
    shutil.copy(SCRIPT, tmp_path / SCRIPT.name)
    env = {key: value for key, value in os.environ.items() if key != "MYPYPATH"}
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--config-file=", "--cache-dir", str(tmp_path / "cache"),
         SCRIPT.name],
        cwd=tmp_path, env=env, capture_output=True, text=True, timeout=600)
    said = result.stdout + result.stderr
    assert result.returncode == 0, said
    line = SCRIPT.read_text(encoding="utf-8").splitlines().index("    reveal_type(queens.solve(8))") + 1
    assert f'{SCRIPT.name}:{line}: note: Revealed type is "boardpuzzles.queens.solution.Solution"' in said, said
