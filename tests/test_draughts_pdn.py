"""PDN: real published files read, every move checked, written and read back the same."""

from __future__ import annotations

from pathlib import Path

import pytest

from boardpuzzles.draughts import Game, check_games, get_variant, read_games, replay, write_games
from boardpuzzles.draughts.pdn import from_game
from boardpuzzles.errors import InputError

DATA = Path(__file__).parent / "data"


def _read(name: str) -> str:
    return (DATA / name).read_text(encoding="utf-8")


def _same(a, b) -> bool:
    return [(g.tags, g.moves, g.notes, g.result) for g in a] == [(g.tags, g.moves, g.notes, g.result) for g in b]


@pytest.mark.parametrize(
    ("name", "variant", "games", "plies"),
    [
        ("lidraughts_export.pdn", None, 1, [301]),
        ("kurnik.pdn", None, 4, [126, 117, 165, 127]),
        ("nk2009_round1.pdn", None, 1, [117]),
        ("fmjd_problems.pdn", None, 3, [11, 13, 19]),
        ("ussr1950_russian.pdn", "russian", 3, [61, 69, 58]),
        ("own_variants.pdn", None, 8, [99, 42, 57, 77, 40, 58, 81, 34]),
        ("own_new_variants.pdn", None, 9, [65, 44, 99, 35, 166, 152, 107, 144, 59]),
    ],
)
def test_published_files_replay_and_round_trip(name, variant, games, plies):
    text = _read(name)
    checked = check_games(text, get_variant(variant) if variant else None)
    assert len(checked.games) == games and [len(one.game) for one in checked.games] == plies
    pdn = [one.pdn for one in checked.games]
    written = write_games(pdn, get_variant(variant) if variant else None)
    assert _same(read_games(written), pdn)
    assert write_games(read_games(written), get_variant(variant) if variant else None) == written


def test_the_lidraughts_export():
    (game,) = read_games(_read("lidraughts_export.pdn"))
    assert game.tags["Site"] == "https://lidraughts.org/001NahOY" and game.tags["GameType"] == "20"
    assert game.result == "2-0" and game.moves[:3] == ["31-26", "18-22", "34-30"]
    assert game.notes[1] == ["{[%clock w0:10:00 B0:10:00]}"]
    assert game.notes[len(game.moves)][-1] == "{Black resigns.}"


def test_variations_comments_and_nags_are_kept_where_they_stood():
    (game,) = read_games(_read("nk2009_round1.pdn"))
    assert game.notes[0][0].startswith("{ Beide spelers")
    variation = game.notes[8][-1]  # after 4... 19-23: black's 4... 1-6 instead, and what follows
    assert variation.startswith("( { Meestal wordt eerst") and "4... 1-6" in variation
    assert "$1" in game.notes[91] and game.moves[90] == "33-28"


def test_the_rule_set_from_game_type_and_variant_tags():
    text = '[GameType "25"]\n1. c3-d4 *\n\n[GameType "21,B,8,8,N1,0"]\n1. 11-15 *\n\n[Variant "Brazilian"]\n[GameType "20"]\n1. c3-d4 *'
    assert [one.game.variant.name for one in check_games(text).games] == ["russian", "english", "brazilian"]
    with pytest.raises(InputError, match="GameType '99' is not a draughts type"):
        check_games('[GameType "99"]\n*')
    assert [one.game.variant.name for one in check_games('[GameType "40"]\n*\n[GameType "30"]\n*').games] == [
        "frisian", "turkish"]


def test_strengths_escapes_line_comments_and_several_games_without_tags():
    text = '% an escape line\n[White "a \\"quoted\\" name"]\n1.32-28!? 19-23(!?!!!) 2.28x19 ; the rest of the line\n*'
    (game,) = read_games(text)
    assert game.tags["White"] == 'a "quoted" name' and game.moves == ["32-28", "19-23", "28x19"]
    assert game.notes[1] == ["!?"] and game.notes[2] == ["(!?!!!)"]
    assert _same(read_games(write_games([game])), [game])
    assert [g.moves for g in read_games("32-28 19-23 2-0 31-27 *")] == [["32-28", "19-23"], ["31-27"]]


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("1. 32-28 19-23 2. 28x10 *", r"^game 1 \(\? - \?\), move 2\. '28x10' is not legal for white here"),
        ('[White "A"]\n[Black "B"]\n1. 32-28 2-0\n\n[White "C"]\n1. 32-28 19-24 2. 28x19 *',
         r"^game 2 \(C - \?\), move 2\. '28x19' is not legal"),
        ("1. 32-28 19-23 2. 28x19x10 *", "is not legal"),
        ("1. 32-28 kx19 *", r"^game 1 \(\? - \?\), move 1\.\.\. 'kx19': 'k' is not a square"),
        ("1. 32-28\n@19 *", "game 1, line 2: '@19' is not a move, a move number or a result"),
        ("1. 32-28 {never closed", "a comment '{' is never closed"),
        ("1. 32-28 (19-23", r"a variation '\(' is never closed"),
        ('[Event "x"\n1. 32-28', r"a tag must read \[Name \"value\"\]"),
        ('[FEN "W:W99:B1"]\n*', r"^game 1 \(\? - \?\): square 99 \(in field 2 of the FEN\) is out of range"),
        ("1. c3-d4 *", "no GameType tag: it was read as international"),
    ],
)
def test_a_bad_game_is_one_error_naming_game_move_and_text(text, words):
    with pytest.raises(InputError, match=words):
        check_games(text)


def test_a_black_first_move_number_and_a_game_written_from_a_game():
    (game,) = read_games('[FEN "B:W31,32:B19,20"]\n1... 19-23 2. 32-28 23x32 3. 31-27 *')
    assert [game.move_number(i, get_variant("international")) for i in range(4)] == ["1...", "2.", "2...", "3."]
    played = replay(game)
    pdn = from_game(played, {"Event": "test"})
    assert pdn.tags == {"Event": "test", "GameType": "20", "FEN": "B:W31,32:B19,20", "Result": "*"}
    assert write_games([pdn]).endswith("1... 19-23 2. 32-28 23x32 3. 31-27 *\n")
    ended = Game("B:W31:B", "international")
    assert from_game(ended).result == "2-0"
