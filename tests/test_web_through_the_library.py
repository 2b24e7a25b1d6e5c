"""The web server speaks through the library only: each module of ``boardpuzzles.web`` takes from the rest
of the package only public names, those the API reference documents (the modules of
``test_docs.DOCUMENTED`` and the names of their ``__all__``), by import or by attribute
(``queens.search_steps``); what the server needs is public in the library, not reached for in its modules.
(``tests/test_no_reaching_across.py`` holds the rule for private names everywhere.)"""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

from test_docs import DOCUMENTED, public_names

import boardpuzzles

WEB = Path(boardpuzzles.__file__).parent / "web"


def _module(path: Path, node: ast.ImportFrom) -> str:
    """The dotted name of the module a ``from ... import`` in the module at ``path`` imports from."""
    if node.level == 0:
        return node.module or ""
    package = ["boardpuzzles", "web"][: 3 - node.level]
    return ".".join(package + ([node.module] if node.module else []))


def _public(module: str, name: str) -> bool:
    if f"{module}.{name}" in DOCUMENTED:
        return True
    return module in DOCUMENTED and name in public_names(importlib.import_module(module))


def taken(path: Path) -> list[str]:
    """Each name of the library outside ``web`` that the module at ``path`` takes and the reference does not
    document, as ``line: module.name``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: list[str] = []
    modules: dict[str, str] = {}  # local name: the public module bound to it
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            module = _module(path, node)
            if module.split(".")[0] != "boardpuzzles" or module.startswith("boardpuzzles.web"):
                continue
            for alias in node.names:
                if not _public(module, alias.name):
                    found.append(f"{node.lineno}: {module}.{alias.name}")
                elif f"{module}.{alias.name}" in DOCUMENTED:
                    modules[alias.asname or alias.name] = f"{module}.{alias.name}"
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("boardpuzzles") and not alias.name.startswith("boardpuzzles.web"):
                    if alias.name not in DOCUMENTED:
                        found.append(f"{node.lineno}: {alias.name}")
                    elif alias.asname:
                        modules[alias.asname] = alias.name
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in modules:
            module = modules[node.value.id]
            if not _public(module, node.attr):
                found.append(f"{node.lineno}: {module}.{node.attr}")
    return found


def test_the_web_takes_only_the_librarys_public_names():
    reached = {path.name: taken(path) for path in sorted(WEB.glob("*.py"))}
    assert {name: found for name, found in reached.items() if found} == {}


def test_the_check_sees_each_way_of_reaching(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text("from .. import draughts, queens\nfrom ..queens.steps import LISTINGS\nfrom ..errors import naming\n"
                      "from ..checks import flag\nimport boardpuzzles.knights.listed\nfrom .params import Query\n"
                      "x = queens.search_steps, queens.steps, draughts.seed.tree_json, draughts.tree_json\n",
                      encoding="utf-8")
    assert sorted(taken(sample)) == ["2: boardpuzzles.queens.steps.LISTINGS", "4: boardpuzzles.checks.flag",
                                     "5: boardpuzzles.knights.listed", "7: boardpuzzles.draughts.seed",
                                     "7: boardpuzzles.queens.steps"]
