"""The catalogue of strings (boardpuzzles.i18n): every key in both languages with the same slots, the language
read from a value or the environment's locale, an unknown language refused naming it."""

from __future__ import annotations

import json
import re
from importlib import resources

import pytest

from boardpuzzles import i18n
from boardpuzzles.errors import InputError
from boardpuzzles.registry import PUZZLES


def test_every_key_is_in_both_languages_with_the_same_slots():
    english, russian = (i18n.catalogue(lang) for lang in i18n.LANGUAGES)
    assert set(english) == set(russian), (set(english) ^ set(russian))
    for key, text in english.items():
        assert i18n.slots(text) == i18n.slots(russian[key]), key
        assert text.strip() and russian[key].strip(), key


def test_the_catalogue_is_package_data_of_flat_strings():
    for lang in i18n.LANGUAGES:
        raw = resources.files("boardpuzzles").joinpath("catalogue", f"{lang}.json").read_text(encoding="utf-8")
        data = json.loads(raw)
        assert all(isinstance(key, str) and isinstance(value, str) for key, value in data.items())


def test_the_russian_text_is_russian():
    """No Russian text is an English sentence left untranslated (three English words in a row)."""
    english, russian = (i18n.catalogue(lang) for lang in i18n.LANGUAGES)
    for key, text in russian.items():
        plain = re.sub(r"<[^>]+>|\{\w+\}", " ", text)
        assert not re.search(r"\b[A-Za-z]{2,}\b\W+\b[A-Za-z]{2,}\b\W+\b[A-Za-z]{2,}\b", plain), (key, text)


def test_the_puzzles_titles_and_summaries_are_the_registrys():
    english = i18n.catalogue("en")
    for puzzle in PUZZLES:
        assert english[f"puzzle.{puzzle.name}.title"] == puzzle.title
        assert re.sub(r"</?code>", "`", english[f"puzzle.{puzzle.name}.summary"]) == puzzle.summary


def test_text_fills_the_slots():
    assert i18n.text("nav.home", "en") == "Home"
    assert i18n.text("nav.home", "ru") == "Главная"


@pytest.mark.parametrize("value, lang", [("en", "en"), ("RU", "ru"), ("ru_RU.UTF-8", "ru"), ("en_GB", "en")])
def test_an_explicit_language(value, lang):
    assert i18n.language(value) == lang


@pytest.mark.parametrize("environment, lang", [
    ({"LANG": "ru_RU.UTF-8"}, "ru"),
    ({"LC_ALL": "ru_RU.UTF-8", "LANG": "en_US.UTF-8"}, "ru"),
    ({"LC_ALL": "C.UTF-8", "LANG": "ru_RU.UTF-8"}, "en"),
    ({"LANG": "de_DE.UTF-8"}, "en"),
    ({}, "en"),
])
def test_the_language_of_the_environment(monkeypatch, environment, lang):
    for name in i18n.LOCALE_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    for name, value in environment.items():
        monkeypatch.setenv(name, value)
    assert i18n.language() == lang
    assert i18n.text("nav.home") == i18n.text("nav.home", lang)


def test_an_unknown_language_is_refused_naming_it():
    with pytest.raises(InputError) as refused:
        i18n.language("fr")
    assert refused.value.parameter == "lang" and refused.value.value == "fr"
    assert str(refused.value) == "lang must be one of en, ru (got 'fr')"
    with pytest.raises(InputError, match="no such text"):
        i18n.text("no.such.key", "en")
