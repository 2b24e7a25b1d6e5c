"""The draughts subpackage in layers: each module imports only the modules below it (the order of its
docstring).  (That no module takes another's private names: tests/test_no_reaching_across.py.)"""

from __future__ import annotations

import ast
from pathlib import Path

import boardpuzzles.draughts

PACKAGE = Path(boardpuzzles.draughts.__file__).parent

#: Lowest first; a module may import only those before it.
ORDER = ["published", "seed", "seed_steps", "rules", "board", "fast", "bulk", "moves", "notation", "bitboard", "captures",
         "counting", "game", "players", "engine", "hub", "dxp", "pdn", "match", "cli"]


def _imports(name: str) -> set[str]:
    """The draughts modules ``name`` imports."""
    tree = ast.parse((PACKAGE / f"{name}.py").read_text(encoding="utf-8"))
    modules: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level == 1:
            if node.module is None:  # from . import fast
                modules.update(alias.name for alias in node.names)
            else:
                modules.add(node.module.split(".")[0])
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("boardpuzzles.draughts"):
            modules.add((node.module or "").split(".")[2])
    return modules


def test_the_order_names_every_module():
    assert {path.stem for path in PACKAGE.glob("*.py")} - {"__init__"} == set(ORDER)


def test_each_module_imports_only_those_below_it():
    for index, name in enumerate(ORDER):
        above = _imports(name) - set(ORDER[:index])
        assert not above, f"{name} imports {sorted(above)}, which are not below it"


def test_the_docstring_states_the_order():
    doc = boardpuzzles.draughts.__doc__ or ""
    places = [doc.index(f":mod:`.{name}`") for name in ("rules", "board", "fast", "moves", "notation", "game", "pdn", "cli")]
    assert places == sorted(places)
