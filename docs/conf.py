"""Sphinx settings of the documentation site: ``sphinx-build -W -b html docs docs/_build/html``.

The pages are MyST Markdown; the API reference (``api/``) is made by autodoc from the
docstrings, which napoleon reads in the Google and NumPy styles as well as plain reST.
"""

import inspect
import sys

from sphinx.errors import PycodeError
from sphinx.pycode import ModuleAnalyzer

import boardpuzzles

project = "boardpuzzles"
author = "boardpuzzles developers"
copyright = "boardpuzzles developers"
release = boardpuzzles.__version__
version = ".".join(release.split(".")[:2])

extensions = ["myst_parser", "sphinx.ext.autodoc", "sphinx.ext.napoleon", "sphinx.ext.viewcode"]
source_suffix = {".md": "markdown"}
exclude_patterns = ["_build"]

myst_enable_extensions = ["colon_fence", "deflist"]
myst_heading_anchors = 4

# The reference follows each module's own order (its __all__ where it has one), shows the
# signatures with their types and leaves the types out of the descriptions.
autodoc_member_order = "bysource"
autodoc_typehints = "signature"
autodoc_preserve_defaults = True
napoleon_google_docstring = True
napoleon_numpy_docstring = True

html_theme = "furo"
html_title = f"boardpuzzles {release}"
html_static_path: list[str] = []


# A constant a subpackage imports from one of its modules (``knights.HORIZONTAL`` from
# ``knights.moves``) has its ``#:`` comment where it is assigned, which autodoc reads only for
# the module it documents: its page names it in an ``autodata`` directive, and this handler
# finds the comment.
def _assigned_comment(app, what, name, obj, options, lines):
    """Give ``lines`` the ``#:`` comment above the assignment of the constant ``obj`` in boardpuzzles
    where autodoc found none (it then takes the docstring of the value's type: ``tuple``'s)."""
    if what != "data":
        return
    type_doc = inspect.getdoc(type(obj)) or ""
    if "\n".join(lines).strip() not in ("", type_doc):
        return
    attribute = name.rpartition(".")[2]
    for modname, module in list(sys.modules.items()):
        if modname.startswith("boardpuzzles.") and getattr(module, attribute, None) is obj:
            try:
                comments = ModuleAnalyzer.for_module(modname).find_attr_docs()
            except PycodeError:
                continue
            if ("", attribute) in comments:
                lines[:] = comments["", attribute]
                return


def setup(app):
    app.connect("autodoc-process-docstring", _assigned_comment)
