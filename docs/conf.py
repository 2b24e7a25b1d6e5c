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

# The reference follows each module's own order (its __all__ where it has one) and shows the
# signatures with their types, one parameter a line when they are long, the types named as the
# API names them (``SolveMethod``, not the Literal it stands for).
autodoc_member_order = "bysource"
autodoc_typehints = "signature"
autodoc_preserve_defaults = True
autodoc_type_aliases = {
    "SearchMethod": "boardpuzzles.queens.SearchMethod",
    "SolveMethod": "boardpuzzles.queens.SolveMethod",
}
add_module_names = False
python_use_unqualified_type_names = True
python_maximum_signature_line_length = 88
napoleon_google_docstring = True
napoleon_numpy_docstring = True

html_theme = "furo"
html_title = f"boardpuzzles {release}"
html_static_path = ["_static"]
# axe-core: the captions' heading level, and keyboard access to what scrolls sideways
html_js_files = ["keyboard.js"]


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
    lines.clear()  # the value's type's docstring says nothing of the constant


def _no_object_base(app, name, obj, options, bases):
    """Say the bases of a class only when it has some besides ``object``."""
    if bases == [object]:
        bases.clear()


def _defined_where(app, env, node, contnode):
    """Resolve a reference to a name a module imports (``BoardpuzzlesError`` in the package's docstring)
    to the name the reference documents it by: where it is defined."""
    if node.get("refdomain") != "py":
        return None
    target = node["reftarget"].lstrip(".~")
    module = node.get("py:module") or ""
    for dotted in (f"{module}.{target}" if module else target, target):
        modname, _, attribute = dotted.rpartition(".")
        value = getattr(sys.modules.get(modname), attribute, None)
        defined = f"{getattr(value, '__module__', '')}.{getattr(value, '__qualname__', '')}"
        if defined.startswith("boardpuzzles.") and defined != dotted:
            return env.domains["py"].resolve_xref(
                env, node["refdoc"], app.builder, node["reftype"], defined, node, contnode,
            )
    return None


def setup(app):
    app.connect("autodoc-process-docstring", _assigned_comment)
    app.connect("autodoc-process-bases", _no_object_base)
    app.connect("missing-reference", _defined_where)
