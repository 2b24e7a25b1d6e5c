"""The README and the docs say what the program does: Quick start, the library, the exit statuses,
and every Python example of README.md and docs/*.md, run as the interpreter session it shows."""

from __future__ import annotations

import doctest
import io
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


def page(name: str) -> str:
    return (ROOT / "docs" / name).read_text(encoding="utf-8")


def section(text: str, title: str) -> str:
    start = text.index(f"\n## {title}\n")
    end = text.find("\n## ", start + 1)
    return text[start : end if end >= 0 else None]


def test_quick_start_is_exactly_two_commands():
    blocks = re.findall(r"```\n(.*?)```", section(README, "Quick start"), flags=re.S)
    assert blocks == ["pip install . && boardpuzzles demo\n", "pip install -e '.[test]' && pytest\n"]


def sessions(path: Path) -> list[tuple[int, str]]:
    """The interpreter sessions of a page, each with the line before it: its ```pycon blocks, and its
    ```python blocks that hold a prompt."""
    text = path.read_text(encoding="utf-8")
    found = re.finditer(r"^```(pycon|python)\n(.*?)^```", text, flags=re.S | re.M)
    return [(text.count("\n", 0, match.start()) + 1, match[2]) for match in found
            if match[1] == "pycon" or ">>> " in match[2]]


def test_every_session_starts_with_a_prompt_and_the_pages_have_many():
    found = {path.name: sessions(path) for path in PAGES}
    assert all(block.startswith(">>> ") for blocks in found.values() for _, block in blocks)
    assert sum(map(len, found.values())) >= 20 and found["README.md"]


@pytest.mark.parametrize("path", [path for path in PAGES if sessions(path)], ids=lambda path: path.name)
def test_the_python_examples_answer_as_shown(path):
    """Each session of a page runs as a doctest, in order and sharing its names, as in one interpreter:
    every line answers what it shows."""
    names: dict = {}
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    report = io.StringIO()
    for line, block in sessions(path):
        test = doctest.DocTestParser().get_doctest(block, names, path.name, str(path), line)
        runner.run(test, out=report.write, clear_globs=False)
        names = test.globs
    assert runner.failures == 0, report.getvalue()


def test_the_library_section_shows_the_family_of_errors():
    library = section(page("getting-started.md"), "The library")
    for name in ("BoardpuzzlesError", "InputError", "TooLong", "NoSolution", "Cancelled", "InternalError"):
        assert re.search(rf"`(boardpuzzles\.)?{name}`", library), name


def test_the_exit_statuses_table_lists_each_status():
    table = section(page("cli.md"), "Exit statuses")
    assert [row.split("|")[1].strip() for row in table.splitlines() if row.startswith("| `")] == ["`0`", "`1`", "`2`", "`130`"]
