"""The layers that docs/architecture.md draws, held: the shared modules, queens and knights each import
only what their table lists before them, and each table names every module.  (Draughts' order:
tests/test_draughts_layers.py; private names: tests/test_no_reaching_across.py.)"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import boardpuzzles
from boardpuzzles.registry import PUZZLES

PACKAGE = Path(boardpuzzles.__file__).parent
DOC = Path(__file__).parents[1] / "docs" / "architecture.md"
PUZZLE_PACKAGES = [puzzle.attribute for puzzle in PUZZLES]


def table(heading: str, known: set[str]) -> list[str]:
    """The modules of the table under ``### heading``, lowest first (the names of ``known`` it shows)."""
    section = DOC.read_text(encoding="utf-8").split(f"\n### {heading}\n", 1)[1].split("\n#", 1)[0]
    rows = [line.split("|")[2] for line in section.splitlines() if re.match(r"\| [0-9]+ \|", line)]
    return [name for row in rows for name in re.findall(r"`([a-z0-9_.]+)`", row) if name in known]


def _imports(path: Path) -> list[tuple[int, str | None, list[str]]]:
    """Each ``from ... import`` of ours in the module at ``path``: its level, its module and the names."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.level > 0:
            found.append((node.level, node.module, [alias.name for alias in node.names]))
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("boardpuzzles."):
            found.append((1, node.module.removeprefix("boardpuzzles."), [alias.name for alias in node.names]))
    return found


def _top(module: str | None, names: list[str]) -> set[str]:
    """The shared units (a top-level module, a puzzle's subpackage, ``web.<module>``) an import takes from the top."""
    if module is None:
        return {name for name in names if name != "__version__"}
    first, _, rest = module.partition(".")
    if first == "web":
        return {f"web.{rest.split('.')[0]}" if rest else "web.server"}
    return {first}


def shared_units() -> dict[str, set[str]]:
    """What each shared unit imports of the others."""
    units: dict[str, set[str]] = {}
    for path in PACKAGE.glob("*.py"):
        if path.stem not in ("__init__", "__main__"):
            units[path.stem] = set().union(*(_top(module, names) for level, module, names in _imports(path)), set())
    for package in PUZZLE_PACKAGES:
        units[package] = {unit for path in (PACKAGE / package).glob("*.py")
                          for level, module, names in _imports(path) if level == 2 for unit in _top(module, names)}
    for path in (PACKAGE / "web").glob("*.py"):
        if path.stem != "__init__":
            units[f"web.{path.stem}"] = {
                unit for level, module, names in _imports(path)
                for unit in (_top(module, names) if level == 2 else {f"web.{(module or names[0]).split('.')[0]}"})}
    return units


def package_modules(package: str) -> dict[str, set[str]]:
    """What each module of a puzzle's subpackage imports of its siblings (``__init__``: the public API)."""
    modules = {path.stem for path in (PACKAGE / package).glob("*.py")}
    found: dict[str, set[str]] = {}
    for name in modules:
        found[name] = set()
        for level, module, names in _imports(PACKAGE / package / f"{name}.py"):
            if level == 1 and module is None:
                found[name] |= {imported if imported in modules else "__init__" for imported in names}
            elif level == 1:
                found[name].add(module.split(".")[0])
    return found


def held(order: list[str], imports: dict[str, set[str]]) -> list[str]:
    """Each import of a module from one not listed before it, as ``module imports name``."""
    return [f"{name} imports {imported}" for index, name in enumerate(order)
            for imported in sorted(imports[name] - {name} - set(order[:index]))]


def test_the_shared_modules_import_only_the_layers_below():
    imports = shared_units()
    order = table("The shared modules", set(imports))
    assert sorted(order) == sorted(imports)
    assert held(order, imports) == []


@pytest.mark.parametrize("package", ["queens", "knights"])
def test_each_puzzles_modules_import_only_the_layers_below(package):
    imports = package_modules(package)
    order = table(package, set(imports))
    assert sorted(order) == sorted(imports)
    assert held(order, imports) == []


def test_the_check_sees_an_import_from_above():
    assert held(["a", "b"], {"a": {"b"}, "b": {"a"}}) == ["a imports b"]
