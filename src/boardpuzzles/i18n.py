"""The words of the pages, the players and ``--trace`` in English and in Russian: one catalogue of strings.

The catalogue is two files of the package, ``catalogue/en.json`` and
``catalogue/ru.json``: flat objects from a key to its text, with ``{field}``
slots that :func:`text` fills.  Every key is in both files.  The web page reads
the same files (``web/static/i18n.js``), so a sentence is written once for the
library, the command line and the browser.  The seed's own names (С, И, СОК,
СБ, С8, Я, HR(k)) stay as the seed writes them in both languages.  The
library's error messages are in English only.  A sentence the library says in
English and a page says in its own language is a :class:`Note`: its key and its
fields, given as ``said`` beside the English words.

>>> text("language.name", "ru")
'Русский'
>>> text("switch.label", "ru")
'Язык'
>>> language("RU")
'ru'
"""

from __future__ import annotations

import json
import os
import string
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from .errors import InputError

__all__ = ["LANGUAGES", "language", "text", "number", "Note", "catalogue", "catalogue_script"]

#: The languages the catalogue speaks, the first the default.
LANGUAGES = ("en", "ru")
#: The environment's locale, read in the order gettext reads it: the first set one wins.
LOCALE_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG")


def language(value: str | None = None) -> str:
    """The language to speak: ``value`` when given (``"ru"``, ``"RU"``, ``"ru_RU.UTF-8"``), else the
    environment's locale (``LC_ALL``, ``LC_MESSAGES``, ``LANG``; Russian for ``ru_*``), else English.
    An explicit value not in :data:`LANGUAGES` is an :class:`~.errors.InputError` naming it; a
    locale in another language means English."""
    if value is None:
        for name in LOCALE_VARIABLES:
            locale = os.environ.get(name, "")
            if locale:
                found = locale.split("_")[0].split(".")[0].lower()
                return found if found in LANGUAGES else LANGUAGES[0]
        return LANGUAGES[0]
    found = value.split("_")[0].split(".")[0].lower() if isinstance(value, str) else value
    if found not in LANGUAGES:
        raise InputError("{parameter} must be one of " + ", ".join(LANGUAGES), parameter="lang", value=value,
                         allowed=list(LANGUAGES))
    return str(found)


@cache
def catalogue(lang: str) -> dict[str, str]:
    """The catalogue of ``lang`` (one of :data:`LANGUAGES`): every key and its text, slots unfilled."""
    lang = language(lang)
    path = resources.files(__package__).joinpath("catalogue", f"{lang}.json")
    return dict(json.loads(path.read_text(encoding="utf-8")))


def slots(template: str) -> set[str]:
    """The names of the ``{field}`` slots in a catalogue text."""
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def text(key: str, lang: str | None = None, **fields: Any) -> str:
    """The text of ``key`` in ``lang`` (see :func:`language`; None: the environment's locale) with its
    ``{field}`` slots filled from ``fields`` (each written with ``str()``); an unknown key is an
    :class:`~.errors.InputError` naming it."""
    found = catalogue(language(lang))
    if key not in found:
        raise InputError("{parameter}: no such text in the catalogue", parameter="key", value=key)
    return found[key].format(**fields)


def number(value: int, lang: str | None = None) -> str:
    """A whole number as ``lang`` writes it: ``5,000`` in English, ``5 000`` in Russian (a no-break space
    between the groups of three digits).

    >>> number(19924, "en"), number(19924, "ru")
    ('19,924', '19\xa0924')
    """
    written = f"{value:,}"
    return written.replace(",", "\u00a0") if language(lang) == "ru" else written


@dataclass(frozen=True)
class Note:
    """A sentence of the catalogue with its fields, said in any language: its ``key`` and its ``fields``
    (name, value) in order.  A field may be a note itself, a tuple of names, written "c3, e4 and g5" in the
    language, a whole number, written as the language writes it (:func:`number`), or a text, kept as it is.
    ``str()`` gives it in English; :meth:`to_json` gives it to a page, which says it in its language
    (``web/static/i18n.js``: ``said(note)``).

    >>> note = Note("knight.condition_more", (("squares", ("c3", "e4")), ("more", 1000)))
    >>> str(note), note.text("ru")
    ('c3 and e4 and 1,000 more', 'c3 и e4 и ещё 1\xa0000')
    >>> note.to_json()
    {'key': 'knight.condition_more', 'fields': {'squares': ['c3', 'e4'], 'more': 1000}}
    """

    #: the catalogue's key of the sentence
    key: str
    #: its fields, (name, value) in order
    fields: tuple[tuple[str, Any], ...] = ()

    def text(self, lang: str | None = "en") -> str:
        """The sentence in ``lang`` (see :func:`language`; None: the environment's locale)."""
        def said(value: Any) -> Any:
            if isinstance(value, Note):
                return value.text(lang)
            if isinstance(value, tuple):
                return value[0] if len(value) == 1 else ", ".join(value[:-1]) + text("common.and", lang) + value[-1]
            return number(value, lang) if isinstance(value, int) and not isinstance(value, bool) else value

        return text(self.key, lang, **{name: said(value) for name, value in self.fields})

    def __str__(self) -> str:
        return self.text()

    def to_json(self) -> dict[str, Any]:
        """``key`` and ``fields`` (a note as its own ``key`` and ``fields``, names as a list), for a page to say
        the sentence in its language."""
        def plain(value: Any) -> Any:
            if isinstance(value, Note):
                return value.to_json()
            return list(value) if isinstance(value, tuple) else value

        return {"key": self.key, "fields": {name: plain(value) for name, value in self.fields}}


def catalogue_script(lang: str | None = None) -> str:
    """The catalogue in both languages as the HTML data block that ``web/static/i18n.js`` reads (the
    web server puts it in every page, the notebook player in itself); ``lang`` fixes the language the
    page speaks (None: the reader's choice, else the browser's language)."""
    data = json.dumps({name: catalogue(name) for name in LANGUAGES}, ensure_ascii=False).replace("</", "<\\/")
    fixed = f' data-lang="{language(lang)}"' if lang else ""
    return f'<script type="application/json" id="bp-catalogue"{fixed}>{data}</script>'
