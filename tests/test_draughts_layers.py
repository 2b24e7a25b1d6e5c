"""The draughts subpackage in layers: each module imports only the modules below it (the order of its
docstring), and none reaches for another module's private names."""

from __future__ import annotations

import ast
from pathlib import Path

import boardpuzzles.draughts

PACKAGE = Path(boardpuzzles.draughts.__file__).parent

#: Lowest first; a module may import only those before it.
ORDER = ["published", "seed", "seed_steps", "rules", "board", "fast", "moves", "notation", "bitboard", "captures", "counting",
         "game", "pdn", "cli"]


def _imports(name: str) -> tuple[set[str], list[str]]:
    """The draughts modules ``name`` imports, and the private names it takes from them."""
    tree = ast.parse((PACKAGE / f"{name}.py").read_text(encoding="utf-8"))
    modules: set[str] = set()
    private: list[str] = []
    bound: set[str] = set()  # local names of draughts modules imported whole
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level == 1:
            if node.module is None:  # from . import fast
                for alias in node.names:
                    modules.add(alias.name)
                    bound.add(alias.asname or alias.name)
            else:
                modules.add(node.module.split(".")[0])
                private += [f"{node.module}.{alias.name}" for alias in node.names if alias.name.startswith("_")]
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("boardpuzzles.draughts"):
            modules.add((node.module or "").split(".")[2])
    for node in ast.walk(tree):
        if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in bound
                and node.attr.startswith("_") and not node.attr.startswith("__")):
            private.append(f"{node.value.id}.{node.attr}")
    return modules, private


def test_the_order_names_every_module():
    assert {path.stem for path in PACKAGE.glob("*.py")} - {"__init__"} == set(ORDER)


def test_each_module_imports_only_those_below_it():
    for index, name in enumerate(ORDER):
        modules, _ = _imports(name)
        above = modules - set(ORDER[:index])
        assert not above, f"{name} imports {sorted(above)}, which are not below it"


def test_no_module_takes_another_modules_private_names():
    for name in ORDER:
        _, private = _imports(name)
        assert not private, f"{name} uses {private}"


def test_the_docstring_states_the_order():
    doc = boardpuzzles.draughts.__doc__ or ""
    places = [doc.index(f":mod:`.{name}`") for name in ("rules", "board", "fast", "moves", "notation", "game", "pdn", "cli")]
    assert places == sorted(places)
