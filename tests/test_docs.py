"""The documentation site: it builds with no warning, and its API reference shows every public name.

The build is the one the README gives (``sphinx-build -W -b html docs docs/_build/html``), into a
temporary folder; it takes about a minute, so these tests are slow.
"""

from __future__ import annotations

import importlib
import inspect
import subprocess
import sys
from pathlib import Path

import pytest
from sphinx.util.inventory import InventoryFile

DOCS = Path(__file__).resolve().parent.parent / "docs"

#: the modules whose public names the reference documents: each name of their ``__all__`` (or,
#: without one, each name they define that has no leading underscore)
DOCUMENTED = [
    "boardpuzzles", "boardpuzzles.queens", "boardpuzzles.knights", "boardpuzzles.draughts",
    "boardpuzzles.errors", "boardpuzzles.counts", "boardpuzzles.progress", "boardpuzzles.geometry",
    "boardpuzzles.registry", "boardpuzzles.lessons", "boardpuzzles.i18n",
]

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site built with warnings as errors; the test fails with Sphinx's output when it warns."""
    out = tmp_path_factory.mktemp("site")
    build = subprocess.run(
        [sys.executable, "-m", "sphinx", "-W", "--keep-going", "-q", "-b", "html", str(DOCS), str(out)],
        capture_output=True, text=True, check=False,
    )
    if build.returncode:
        pytest.fail(f"sphinx-build -W failed (exit {build.returncode}):\n{build.stdout}{build.stderr}", pytrace=False)
    return out


def documented_names(site: Path) -> set[str]:
    with open(site / "objects.inv", "rb") as file:
        inventory = InventoryFile.load(file, "", lambda base, uri: uri)
    return {name for kind, objects in inventory.items() if kind.startswith("py:") for name in objects}


def public_names(module: object) -> list[str]:
    names = getattr(module, "__all__", None)
    if names is not None:
        return list(names)
    return [
        name for name, value in vars(module).items()
        if not name.startswith("_") and getattr(value, "__module__", module.__name__) == module.__name__  # type: ignore[attr-defined]
        and not inspect.ismodule(value)
    ]


def where_documented(modname: str, name: str, value: object, documented: set[str]) -> str | None:
    """The name the reference gives ``value``: in the module that exports it, or in the one that defines it."""
    candidates = [f"{modname}.{name}"]
    if inspect.isclass(value) or inspect.isroutine(value):
        candidates.append(f"{value.__module__}.{value.__qualname__}")
    return next((candidate for candidate in candidates if candidate in documented), None)


def test_docs_build_without_warnings_and_the_reference_shows_every_public_name(site: Path) -> None:
    """One test (the build is its fixture): two would build the site twice when test processes share them out."""
    assert (site / "index.html").is_file()
    assert (site / "api" / "index.html").is_file()
    documented = documented_names(site)
    missing = []
    for modname in DOCUMENTED:
        module = importlib.import_module(modname)
        for name in public_names(module):
            value = getattr(module, name)
            where = where_documented(modname, name, value, documented)
            if where is None:
                missing.append(f"{modname}.{name}")
            elif inspect.isclass(value):
                missing.extend(
                    f"{where}.{member}" for member in vars(value)
                    if not member.startswith("_") and f"{where}.{member}" not in documented
                )
    assert not missing, "not in the API reference (a docstring or a #: comment is missing): " + ", ".join(missing)
