"""A watched search as a player for a notebook: the web page's player, self-contained.

:class:`Player` holds a search's listing and its steps (each a JSON object with
the keys of :mod:`.watching`); its ``_repr_html_`` is the page's player, the
board, the code with the line executing lit, the stack, the search tree, the
counts and the puzzle's own tables, built from the page's own modules
(``web/static``), bundled into one classic inline script, with the styles
inlined and the steps packed inside (each step as its difference from the one
before, gzip, base64): no server, no network, nothing loaded from anywhere.  So
it plays in JupyterLab, in VS Code and in a notebook exported to HTML (a browser
from 2023 on: the steps are unpacked with ``DecompressionStream``).  Several
players in one notebook keep apart: each has its own id and its own copy of the
code, run in its own function scope.

A puzzle plugs in with its adapter module ``web/static/<puzzle>-watch.js``
exporting ``puzzle`` (see ``web/static/watch.js`` and docs/watching.md):
``queens.watch(8)`` is ``Player("queens", listing, steps, ...)``.
"""

from __future__ import annotations

import base64
import gzip
import json
import re
import uuid
from collections.abc import Sequence
from html import escape
from importlib import resources
from pathlib import Path
from typing import Any

from .errors import InputError, InternalError, OutputError
from .i18n import catalogue_script, language, number, text
from .listing import Listing
from .watching import delta

#: The most steps a player holds (the whole 8-queens search by HR(k) is 19,924 steps;
#: a player of 60,000 steps is about 1 MB of HTML).
MAX_STEPS = 60_000


def check_steps(count: int, parameter: str, value: Any, what: str) -> None:
    """Refuse a player of more than :data:`MAX_STEPS` steps, naming the input that asks for it:
    ``what`` says what has that many steps (``"the recursive search of 9 queens"``)."""
    if count > MAX_STEPS:
        raise InputError(f"{{parameter}}: {what} has more than {MAX_STEPS:,} steps, too many for a player "
                         f"(a player holds at most {MAX_STEPS:,})", parameter=parameter, value=value, show_value=False)


_IMPORT = re.compile(r'^import \{([^}]*)\} from "\./([\w-]+\.js)";$', re.M)
_EXPORT = re.compile(r"^export (?:async function|function|class|const|let) ([A-Za-z_$][\w$]*)", re.M)


def _asset(name: str) -> str:
    return resources.files(__package__).joinpath("web", "static", name).read_text(encoding="utf-8")


def _module(name: str) -> tuple[list[str], str]:
    """A page module as a function that returns its exports: its imports read from the modules
    made before it.  The modules are written for this: ``import { a, b as c } from "./x.js";`` on
    one line, ``export`` before a declaration."""
    text = _asset(name)
    needs: list[str] = []

    def imported(match: re.Match[str]) -> str:
        needs.append(match.group(2))
        names = ", ".join(part.strip().replace(" as ", ": ") for part in match.group(1).split(",") if part.strip())
        return f'const {{ {names} }} = modules["{match.group(2)}"];'

    code = _IMPORT.sub(imported, text)
    exported = _EXPORT.findall(code)
    code = re.sub(r"^export ", "", code, flags=re.M)
    if re.search(r"^\s*(import|export)\b", code, re.M) or "</script" in code:
        raise InternalError(f"{name}: a module the player cannot bundle (imports on one line, no </script)")
    return needs, f'modules["{name}"] = (function () {{\n{code}\nreturn {{ {", ".join(exported)} }};\n}})();'


def bundle(entries: Sequence[str]) -> str:
    """The modules ``entries`` and every module they import, in an order where each comes after
    those it imports, as one script that fills ``modules`` (it runs inside a function)."""
    done: dict[str, str] = {}

    def add(name: str, seen: tuple[str, ...] = ()) -> None:
        if name in done:
            return
        if name in seen:
            raise InternalError(f"modules import each other: {' -> '.join((*seen, name))}")
        needs, code = _module(name)
        for need in needs:
            add(need, (*seen, name))
        done[name] = code

    for entry in entries:
        add(entry)
    return "\n".join(done.values())


def _pack(payload: dict[str, Any]) -> str:
    return base64.b64encode(gzip.compress(json.dumps(payload, separators=(",", ":")).encode(), 6, mtime=0)).decode()


class Player:
    """A watched search to play in a notebook: ``puzzle`` names its adapter (``queens``), ``listing``
    its code (None for steps that no listed code makes: a knight's tour replayed), ``steps`` its steps
    as JSON objects in order, ``title`` what it is, ``setup`` what the search was asked
    (``{"n": 8, "method": "recursive"}``), ``lang`` the language it speaks (``"en"`` or ``"ru"``; None:
    the reader's browser's)."""

    def __init__(self, puzzle: str, listing: Listing | None, steps: Sequence[dict[str, Any]], title: str,
                 setup: dict[str, Any], lang: str | None = None) -> None:
        self.puzzle = puzzle
        self.listing = listing
        self.steps = list(steps)
        self.title = title
        self.setup = dict(setup)
        self.lang = None if lang is None else language(lang)

    def __repr__(self) -> str:
        return f"Player({self.title}: {len(self.steps):,} steps)"

    def __len__(self) -> int:
        return len(self.steps)

    def packed(self) -> str:
        """The listing, the setup and the steps (each as its difference from the one before), as
        gzip in base64: what the page's script unpacks."""
        written, before = [], None
        for step in self.steps:
            written.append(delta(before, step))
            before = step
        listing = self.listing.to_json() if self.listing else {"method": "", "lines": [], "frames": [], "variables": []}
        return _pack({"title": self.title, "setup": self.setup, "listing": listing, "steps": written})

    def _repr_html_(self) -> str:
        uid = "bp" + uuid.uuid4().hex[:12]
        lang = self.lang or "en"  # the line shown without JavaScript: the reader's language is not known then
        script = bundle(["notebook.js", f"{self.puzzle}-watch.js"])
        start = (f'modules["notebook.js"].mount(document.getElementById("{uid}"), "{self.packed()}", '
                 f'modules["{self.puzzle}-watch.js"].puzzle, "{uid}");')
        return (f'<style>{_asset("watch.css")}</style>{catalogue_script(self.lang)}'
                f'<div id="{uid}" class="bp-player" tabindex="0" aria-label="{escape(self.title)}">'
                f'<p class="bp-loading">{escape(text("player.needs_js", lang, title=self.title, steps=number(len(self.steps), lang)))}'
                f"</p></div>"
                f"<script>(function () {{\n\"use strict\";\nconst modules = {{}};\n{script}\n{start}\n}})();</script>")

    def to_html(self) -> str:
        """The player as one self-contained HTML file: it plays offline in any browser from 2023 on,
        opened from the disk, with nothing loaded from anywhere (what the page's Download button and
        ``queens solve --html FILE`` write)."""
        return (f'<!doctype html>\n<html lang="{self.lang or "en"}">\n<head>\n<meta charset="utf-8">\n'
                f'<meta name="viewport" content="width=device-width, initial-scale=1">\n'
                f'<title>{escape(self.title)} · boardpuzzles</title>\n<style>body {{ margin: 1rem; font-family: system-ui, '
                f'sans-serif; background: #faf8f4; color: #1d1d1f; }}</style>\n</head>\n<body>\n{self._repr_html_()}\n'
                f'</body>\n</html>\n')

    def write_html(self, path: str | Path) -> None:
        """Write :meth:`to_html` to the file ``path`` (an :class:`~.errors.OutputError` when it cannot be
        written)."""
        try:
            Path(path).write_text(self.to_html(), encoding="utf-8")
        except OSError as error:
            raise OutputError(f"cannot write HTML file {path}: {error.strerror or error}") from None
