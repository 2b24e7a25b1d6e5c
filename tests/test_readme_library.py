"""The README's general sections say what the program does: Quick start, the library, and
every Python example, run as the interpreter session it shows."""

from __future__ import annotations

import doctest
import io
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


PYTHON_EXAMPLES = re.findall(r"```python\n(.*?)```", README, flags=re.S)


def test_every_python_example_is_an_interpreter_session():
    assert len(PYTHON_EXAMPLES) >= 5 and all(block.startswith(">>> ") for block in PYTHON_EXAMPLES)


@pytest.mark.parametrize("block", PYTHON_EXAMPLES, ids=lambda block: block.splitlines()[0][4:40])
def test_the_python_examples_answer_as_shown(block):
    """Each ```python block of the README runs as a doctest: every line answers what it shows."""
    test = doctest.DocTestParser().get_doctest(block, {}, "README.md", "README.md", 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    report = io.StringIO()
    runner.run(test, out=report.write)
    assert runner.failures == 0, report.getvalue()


def test_the_library_section_shows_the_family_of_errors():
    library = section("The library")
    for name in ("BoardpuzzlesError", "InputError", "TooLong", "NoSolution", "Cancelled", "InternalError"):
        assert re.search(rf"`(boardpuzzles\.)?{name}`", library), name


def test_the_exit_statuses_table_lists_each_status():
    table = section("The command line").split("### Exit statuses")[1]
    assert [row.split("|")[1].strip() for row in table.splitlines() if row.startswith("| `")] == ["`0`", "`1`", "`2`", "`130`"]
