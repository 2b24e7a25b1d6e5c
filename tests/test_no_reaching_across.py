"""No reaching across: no module of boardpuzzles takes another module's private name (``_x``), by
import (``from .tour import _orbits``) or by attribute (``warnsdorff._BASE``); what another module
needs is public there, or moves where it belongs.  (A module's own private names are its own.)"""

from __future__ import annotations

import ast
from pathlib import Path

import boardpuzzles

PACKAGE = Path(boardpuzzles.__file__).parent


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def _ours(node: ast.ImportFrom) -> bool:
    return node.level > 0 or (node.module or "").split(".")[0] == "boardpuzzles"


def reaching(path: Path) -> list[str]:
    """Each private name of another of our modules that the module at ``path`` takes, as ``line: name``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: list[str] = []
    modules: set[str] = set()  # local names bound to our modules
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and _ours(node):
            where = "." * node.level + (node.module or "")
            if any(map(_private, (node.module or "").split("."))):
                found.append(f"{node.lineno}: from {where}")
            for alias in node.names:
                if _private(alias.name):
                    found.append(f"{node.lineno}: from {where} import {alias.name}")
                modules.add(alias.asname or alias.name)  # a module or a name: only modules have attributes used below
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] == "boardpuzzles":
                    if any(map(_private, alias.name.split("."))):
                        found.append(f"{node.lineno}: import {alias.name}")
                    modules.add(alias.asname or alias.name.split(".")[0])
    for node in ast.walk(tree):
        if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in modules
                and _private(node.attr)):
            found.append(f"{node.lineno}: {node.value.id}.{node.attr}")
    return found


def test_no_module_takes_another_modules_private_names():
    taken = {str(path.relative_to(PACKAGE)): reaching(path) for path in sorted(PACKAGE.rglob("*.py"))}
    assert {name: found for name, found in taken.items() if found} == {}


def test_the_check_sees_each_way_of_reaching(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text("from .tour import _orbits, orbits\nfrom .. import checks\nfrom . import warnsdorff as w\n"
                      "import boardpuzzles.knights._kernels\nfrom .knights._kernels import run\n"
                      "x = checks._is_whole(1) + w._BASE + w.BASE\n", encoding="utf-8")
    assert sorted(reaching(sample)) == ["1: from .tour import _orbits", "4: import boardpuzzles.knights._kernels",
                                        "5: from .knights._kernels", "6: checks._is_whole", "6: w._BASE"]
