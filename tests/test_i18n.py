"""The catalogue of strings (boardpuzzles.i18n): every key in both languages with the same slots, the language
read from a value or the environment's locale, an unknown language refused naming it."""

from __future__ import annotations

import importlib
import json
import re
from importlib import resources

import pytest
from language_helpers import english_runs

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
    for key, text in i18n.catalogue("ru").items():
        plain = re.sub(r"<(code|kbd)>.*?</\1>|<[^>]+>|\{\w+\}", " ", text)
        assert not english_runs(plain), (key, text)


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


def test_the_librarys_words_that_the_pages_say_have_their_texts():
    """What the pages show of the library's own words: each symmetry, each compared method (its English text
    the library's), the fixed refusals of the knight and of the seed's draughts program."""
    seed_steps = importlib.import_module("boardpuzzles.draughts.seed_steps")
    knight_steps = importlib.import_module("boardpuzzles.knights.steps")
    from boardpuzzles.queens.compare import compare
    from boardpuzzles.symmetry import SYMMETRIES

    english = i18n.catalogue("en")
    assert all(f"symmetry.{symmetry.name}" in english for symmetry in SYMMETRIES)
    for run in compare(4).runs:
        assert english[f"queens.compare_what.{run.method}"] == run.what
    assert english["knight.refused_dead_end"] == knight_steps.DEAD_END
    assert english["knight.refused_crossing"] == knight_steps.CROSSING
    assert english["draughts.reason_off"] == seed_steps.OFF_BOARD
    assert english["draughts.reason_not_empty"] == seed_steps.NOT_EMPTY
    assert english["draughts.reason_no_man"] == seed_steps.NO_MAN


@pytest.mark.parametrize("method", ["recursive", "iterative", "freelist"])
def test_trace_in_russian(cli, monkeypatch, method):
    """``--trace --lang ru`` prints the steps and the counts in Russian; so does a Russian locale."""
    english = cli("queens", "solve", "4", "--method", method, "--trace", "--lang", "en")
    russian = cli("queens", "solve", "4", "--method", method, "--trace", "--lang", "ru")
    assert english.status == russian.status == 0
    assert len(english.out.splitlines()) == len(russian.out.splitlines())
    steps = [line for line in russian.out.splitlines() if re.match(r" +[0-9]+  строка", line)]
    assert steps and all(not english_runs(re.sub(r"q\([0-9,]+\)", " ", line)) for line in steps)
    assert "проверка" in russian.out and "поиск окончен" not in english.out
    assert russian.out.splitlines()[0].startswith("Поиск ")
    for name in i18n.LOCALE_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "ru_RU.UTF-8")
    assert cli("queens", "solve", "4", "--method", method, "--trace").out == russian.out


def test_trace_refuses_an_unknown_language(cli):
    refused = cli("queens", "solve", "4", "--method", "recursive", "--trace", "--lang", "fr")
    assert refused.status == 2 and refused.err == "boardpuzzles: --lang must be one of en, ru (got 'fr')\n"


def test_the_player_file_from_the_command_line(cli, tmp_path):
    path = tmp_path / "q.html"
    done = cli("queens", "solve", "5", "--method", "freelist", "--html", str(path), "--lang", "ru")
    assert done.status == 0 and path.read_text(encoding="utf-8").startswith('<!doctype html>\n<html lang="ru">')
    refused = cli("queens", "solve", "5", "--html", str(tmp_path / "x.html"))
    assert refused.status == 2 and "--html needs a seed method" in refused.err and not (tmp_path / "x.html").exists()


def test_the_draughts_seeds_trace_in_russian(cli, tmp_path):
    """``draughts captures --seed-input FILE --trace --lang ru`` prints the program's steps in Russian."""
    source = tmp_path / "seed.txt"
    source.write_text("2 4 4 4 6 3 3\n")
    english = cli("draughts", "captures", "--seed-input", str(source), "--trace", "--lang", "en")
    russian = cli("draughts", "captures", "--seed-input", str(source), "--trace", "--lang", "ru")
    assert english.status == russian.status == 0
    steps = [line for line in russian.out.splitlines() if re.match(r" +[0-9]+  строка", line)]
    assert len(steps) == len([line for line in english.out.splitlines() if re.match(r" +[0-9]+  line", line)]) > 0
    assert all(not english_runs(re.sub(r"\b[a-h][1-8]\b", " ", line)) for line in steps)  # squares are no words
    assert russian.out.startswith("программа из статьи") and "бьёт d4, встаёт на e5" in russian.out
    assert "      4  line 18  move    from c3 try (2, 2): takes d4, lands on e5" in english.out


@pytest.mark.parametrize("method", ["warnsdorff", "lookahead", "backtrack"])
def test_the_knights_trace_in_russian(cli, method):
    """``knight tour ... --trace --lang ru`` prints the steps in Russian, the listed search's reasons for going
    back included."""
    english = cli("knight", "tour", "5x5", "--method", method, "--trace", "--lang", "en")
    russian = cli("knight", "tour", "5x5", "--method", method, "--trace", "--lang", "ru")
    assert english.status == russian.status == 0
    steps = [line for line in russian.out.splitlines() if re.match(r" +[0-9]+  строка", line)]
    assert len(steps) == len([line for line in english.out.splitlines() if re.match(r" +[0-9]+  line", line)]) > 0
    said = [re.sub(r"\b[a-h][1-8]\b", " ", line) for line in steps]
    assert all(not english_runs(line) for line in said)
    assert russian.out.startswith(f"код метода {method}") and "проверка c2: доступность" in russian.out
    assert "все поля пройдены" in russian.out and "every square visited" in english.out


@pytest.mark.parametrize("board", ["4x4", "3x3"])
def test_a_traced_board_without_a_tour_says_why_in_russian(cli, board):
    """The last line of ``knight tour BOARD --trace --lang ru`` (no tour, and the theorem that says so) is
    Russian; without --trace the line stays the library's English."""
    russian = cli("knight", "tour", board, "--trace", "--lang", "ru")
    assert russian.status == 1
    last = russian.err.strip().splitlines()[-1]
    assert last.startswith("обхода нет: ") and not english_runs(re.sub(r"\b[0-9]+x[0-9]+\b", " ", last))
    assert cli("knight", "tour", board).err.startswith("no tour: ")

