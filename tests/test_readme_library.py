"""The README's general sections say what the program does: Quick start, the library example."""

from __future__ import annotations

import inspect
import re
from pathlib import Path

import pytest

README = (Path(__file__).parents[1] / "README.md").read_text(encoding="utf-8")


def section(title: str) -> str:
    start = README.index(f"\n## {title}\n")
    end = README.find("\n## ", start + 1)
    return README[start : end if end >= 0 else None]


def test_quick_start_is_exactly_two_commands():
    blocks = re.findall(r"```\n(.*?)```", section("Quick start"), flags=re.S)
    assert blocks == ["pip install . && boardpuzzles demo\n", "pip install -e '.[test]' && pytest\n"]


def test_the_library_example_runs_as_shown(capsys):
    from boardpuzzles import queens

    if "cancel" not in inspect.signature(queens.count).parameters:
        pytest.skip("queens.count does not take cancel= yet (the queens branch adds it)")
    code = re.search(r"```python\n(.*?)```", section("The library"), flags=re.S)[1]
    exec(compile(code, "README.md", "exec"), {})
    printed = capsys.readouterr().out.splitlines()
    assert printed[0] == "{'n': 12, 'total': 14200, 'fundamental': 1787}"
    assert printed[1:3] == ["True", "cancelled"]
    assert printed[3].startswith("svg: the 1000x1000 board is too large to draw")
    assert printed[4] == "svg"


def test_the_exit_statuses_table_lists_each_status():
    table = section("The command line").split("### Exit statuses")[1]
    assert [row.split("|")[1].strip() for row in table.splitlines() if row.startswith("| `")] == ["`0`", "`1`", "`2`", "`130`"]
