"""PDN: real published files read, every game listed with its error if it has one, every move checked,
written normalised and read back the same."""

from __future__ import annotations

from pathlib import Path

import pytest

from boardpuzzles.draughts import (
    Game, GameError, PdnGame, check_games, from_game, get_variant, pdn_text, read_games, replay, write_games,
)
from boardpuzzles.draughts.pdn import normalised
from boardpuzzles.errors import InputError

DATA = Path(__file__).parent / "data"


def _read(name: str) -> bytes:
    return (DATA / name).read_bytes()


def _same(a, b) -> bool:
    return [(g.tags, g.moves, g.notes, g.result, g.error, g.rest) for g in a] == \
        [(g.tags, g.moves, g.notes, g.result, g.error, g.rest) for g in b]


#: Each real file of tests/data (SOURCES.md): the variant given (None: each game's own), then per game
#: the plies replayed and, for a game that fails, the ply of its error.
FILES = [
    ("lidraughts_export.pdn", None, [301]),
    ("kurnik.pdn", None, [126, 117, 165, 127]),
    ("nk2009_round1.pdn", None, [117]),
    ("fmjd_problems.pdn", None, [11, 13, 19]),
    ("ussr1950_russian.pdn", None, [61, 69, 58]),
    ("own_variants.pdn", None, [99, 42, 57, 77, 40, 58, 81, 34]),
    ("own_new_variants.pdn", None, [65, 44, 99, 35, 166, 152, 107, 144, 59]),
    ("dutch96_spaced.pdn", None, [105, 102]),
    ("cat_a1_problems.pdn", None, [18, 5]),
    ("cat_d1_problems.pdn", None, [9, 7, 7]),
    ("ussr1965_russian.pdn", None, [83, 0]),
    ("delfts_match_scores.pdn", None, [128, 124]),
    ("nested_comment.pdn", None, [3]),
    ("windragon_engine.pdn", None, [152]),
    ("italian2005.pdn", None, [75, (25, 26)]),
    ("italy2004_international.pdn", None, [115, 112]),
    ("czech2007.pdn", None, [32, 47]),  # recognised: the Russian rules fail, the Czech ones replay
    ("czech2007.pdn", "czech", [32, 47]),
    ("oca_english.pdn", None, [44, 52]),
    ("tinsley_english.pdn", None, [56, 75, (30, 31)]),
    ("checkerboard_11man_italian.pdn", "italian", [0, 0, 0, 0]),
]


@pytest.mark.parametrize(("name", "variant", "plies"), FILES, ids=[f"{n}-{v}" if v else n for n, v, _ in FILES])
def test_real_files_every_game_listed_replayed_and_round_tripped(name, variant, plies):
    default = get_variant(variant) if variant else None
    checked = check_games(_read(name), default)
    found = [len(one.game) if one.ok else (len(one.game) if one.game else 0, one.error.ply) for one in checked.games]
    assert found == plies
    written = write_games([normalised(one) for one in checked.games], default)
    again = check_games(written, default)
    assert [(one.pdn.tags, one.game.notation if one.game else None, one.error) for one in again.games] == \
        [(normalised(one).tags, one.game.notation if one.game else None, one.error) for one in checked.games]
    assert write_games([normalised(one) for one in again.games], default) == written
    read = read_games(_read(name))
    assert _same(read_games(write_games(read, default)), read)


def test_one_games_problem_never_costs_another_game():
    checked = check_games(_read("tinsley_english.pdn"))
    first, second, third = checked.games
    assert first.ok and second.ok and not third.ok and checked.failed == [third]
    assert third.error == GameError(31, "8-11Redoversteppedthetimecontrolonthismove.",
                                    "is not a move, a move number or a result")
    assert third.pdn.rest.startswith("8-11Redoverstepped") and third.pdn.result == "0-1"
    assert third.summary() == (
        "game 3 (MF Tinsley - DM Lafferty), Petal 1987, game 15: english (recognised: black moving first from 9-12): "
        "FAILED at move 16. (ply 31) '8-11Redoversteppedthetimecontrolonthismove.': is not a move, a move number "
        "or a result; replayed 15 moves (30 plies) before it")
    assert third.to_json()["error"] == {"ply": 31, "text": "8-11Redoversteppedthetimecontrolonthismove.",
                                        "problem": "is not a move, a move number or a result"}
    assert first.to_json()["error"] is None and first.to_json()["moves"][:2] == ["11-15", "23-18"]


def test_a_capture_two_routes_fit_names_both():
    game = check_games(_read("italian2005.pdn")).games[1]
    assert game.error.text == "3x26" and game.where() == "move 13... (ply 26)"
    assert "ambiguous: 2 captures go from 3 to 26, taking different pieces" in game.error.problem
    assert "3x10x19x26" in game.error.problem and "3x10x17x26" in game.error.problem


def test_a_capture_two_routes_fit_is_settled_by_the_next_move():
    text = _read("italian2005.pdn").decode("utf-8")
    last = text.rindex("3x26") + len("3x26")
    for follow, route in (("30-27", "3x10x19x26"), ("30x21", "3x10x17x26")):  # legal after one route only
        game = check_games(text[:last] + f" 14. {follow} *").games[1]
        assert game.ok and game.game.moves[25].notation(full=True) == route and game.game.notation[26] == follow
        assert f"13... 3x26 (ply 26): 2 routes fit; {route} is taken, after which 1 more ply replay" in \
            game.warnings[-1]


def test_a_fen_whose_side_is_unknown_and_moves_not_known_or_without_separator():
    (game,) = check_games('[GameType "20"][FEN "?:W29,13,11:B22,4,2"]\n1... 22-27 2. 11-7 *').games
    assert game.ok and game.game.start.turn == "B" and game.pdn.move_number(0, game.variant) == "1..."
    assert "the FEN's side to move is '?': read as black (the first move, 22-27, is black's)" in game.warnings
    (game,) = check_games('[GameType "20"][FEN "?:W29,13,11:B22,4,2"]\n*').games
    assert game.ok and game.game.start.turn == "W" and "the side that moves first in international" in game.warnings[0]
    (game,) = check_games("1. 3228 1823 2. 3732 *").games
    assert game.ok and game.game.notation == ["32-28", "18-23", "37-32"] and game.pdn.moves[0] == "3228"
    (game,) = check_games('[Result "1-1"]\n1. 32-28 18-23 2. - - 3. - - 1-1').games
    assert game.ok and game.game.notation == ["32-28", "18-23"] and game.pdn.moves[2:] == ["-"] * 4
    assert "the moves from 2. (ply 3) on are not known (written -): replayed up to there" in game.warnings
    assert write_games([normalised(game)]).endswith("1. 32-28 18-23 2. - - 3. - - 1-1\n")


def test_rules_recognised_that_fail_where_several_others_replay_the_game():
    # a Russian man crowned on f8 goes on taking d6 as a king; Brazilian and Czech men stop there
    (game,) = check_games('[FEN "W:Wb6,h6:BKg7,d6,Kb2"]\n1. h6:f8 *').games
    assert not game.ok and game.variant.name == "russian" and game.error.text == "h6:f8"
    assert game.error.problem.endswith("(the brazilian and czech rules replay the whole game: give the variant)")
    (game,) = check_games('[FEN "W:Wb6,h6:BKg7,d6,Kb2"]\n1. h6:f8 *', "czech").games
    assert game.ok and game.reason == "the default given"
    # in a file whose other games only the Czech rules replay, it is read as Czech too
    text = _read("czech2007.pdn").decode("utf-8") + '\n[FEN "W:Wb6,h6:BKg7,d6,Kb2"]\n1. h6:f8 *\n'
    games = check_games(text).games
    assert [one.ok for one in games] == [True] * 3 and [one.variant.name for one in games] == ["czech"] * 3
    assert games[2].reason.endswith("; as the other games of the file")


def test_the_forms_real_files_use():
    (problem, stray_dot) = read_games(_read("cat_a1_problems.pdn"))
    assert problem.moves[:2] == ["7-12", "8x17"] and problem.error is None  # 1. ... 7-12
    assert stray_dot.error is None and stray_dot.moves[-1] == "8-3"  # 3. 8-3 . 1-0
    spaced = read_games(_read("dutch96_spaced.pdn"))[0]
    assert spaced.moves[32:36] == ["43-39", "1-6", "49-43", "2-7"]  # 17. 43-39  1- 6  18. 49-43  2- 7
    (nested,) = read_games(_read("nested_comment.pdn"))
    assert nested.notes[3] == ["{ nested { comment } }"]
    scores = read_games(_read("delfts_match_scores.pdn"))
    assert [game.result for game in scores] == ["4-6", "1-9"] and scores[0].moves[:2] == ["34-29", "18-22"]
    text = ('[Event "x"]\n1. 32 - 28 19-23!? 2. 28x19 $1 { a {nested} comment } ( 2. 37-32? ) 14x23 '
            '3... 35-30 {unbalanced { brace} 1/2-1/2\n[Event "y"]\n1.c3d4 *')
    first, second = read_games(text)
    assert first.moves == ["32-28", "19-23", "28x19", "14x23", "35-30"] and first.result == "1/2-1/2"
    assert first.notes[2] == ["!?"] and first.notes[3] == ["$1", "{ a {nested} comment }", "( 2. 37-32? )"]
    assert first.notes[5] == ["{unbalanced { brace}"]
    assert second.moves == ["c3d4"] and check_games(text).games[1].game.notation == ["c3-d4"]


@pytest.mark.parametrize("result", ["1-0", "0-1", "2-0", "0-2", "1-1", "1/2-1/2", "0-0", "*"])
def test_every_result_token(result):
    (game,) = read_games(f"1. 32-28 19-23 {result}")
    assert game.result == result and game.moves == ["32-28", "19-23"]


def test_encodings_and_line_ends():
    original = _read("italy2004_international.pdn")
    text = original.decode("utf-8")
    assert "Bertè" in text and "\r\n" in text
    games = read_games(text)
    for data in (text.encode("latin-1"), b"\xef\xbb\xbf" + original, text.replace("\r\n", "\r").encode("cp1252"),
                 text.replace("\r\n", "\n").encode("utf-8")):
        assert pdn_text(data).replace("\r\n", "\n").replace("\r", "\n") == text.replace("\r\n", "\n")
        assert _same(read_games(data), games)
    with pytest.raises(InputError, match="is not text"):
        pdn_text(b"\x00\x01PDN")


def test_a_man_on_its_crowning_row_in_a_fen_is_read_as_a_king_with_a_warning():
    game = check_games('[FEN "W:W5,31:B50"]\n1. 5-10 50-45 *').games[0]
    assert game.ok and game.game.start.pieces[(9, 9)] == "W" and game.game.start.pieces[(0, 8)] == "B"
    assert game.warnings == ["the FEN puts a man on its own crowning row (5, 50): read as a king"]
    assert check_games('[GameType "20"]\n[FEN "W:W5:B1"] *').games[0].to_json()["warnings"] == [
        "the FEN puts a man on its own crowning row (5): read as a king"]


def test_the_rules_of_each_game_and_why():
    text = ('[GameType "25"]\n1. c3-d4 *\n\n[GameType "21,B,8,8,N1,0"]\n1. 11-15 *\n\n[Variant "Brazilian"]\n'
            '[GameType "20"]\n1. c3-d4 *\n\n1. 11-15 *\n\n1. 22-18 *\n\n1. 32-28 *\n\n1. c3-d4 *')
    found = [(one.variant.name, one.reason) for one in check_games(text).games]
    assert found == [
        ("russian", "GameType 25"), ("english", "GameType 21"), ("brazilian", "Variant tag Brazilian"),
        ("english", "recognised: black moving first from 9-12"), ("italian", "recognised: white moving first from 21-24"),
        ("international", "recognised: white moving first from 31-35"), ("russian", "recognised: algebraic squares (8x8)"),
    ]
    (empty,) = check_games('[Event "no moves"] *').games
    assert (empty.variant.name, empty.reason) == ("international", "recognised: no squares to go by (PDN's own game)")
    given = check_games("1. 11-15 *\n\n[GameType \"20\"]\n1. 32-28 *", get_variant("pool")).games
    assert [(one.variant.name, one.reason) for one in given] == [("pool", "the default given"), ("international", "GameType 20")]
    like = check_games(_read("cat_d1_problems.pdn")).games[1]
    assert (like.variant.name, like.reason) == ("international", "recognised: like the other games of the file")


@pytest.mark.parametrize(
    ("tags", "words"),
    [
        ('[GameType "99"]', "GameType '99' is not a draughts type this library knows: 20 international"),
        ('[GameType "28"]', "GameType '28' is Portuguese draughts, which this library does not play"),
        ('[GameType "20,W,8,8,N1,0"]', "GameType '20,W,8,8,N1,0' says a 8x8 board, but type 20 (international) is played on 10x10"),
        ('[FEN "W:W99:B1"]', "square 99 (in field 2 of the FEN) is out of range"),
    ],
)
def test_a_game_that_cannot_start_is_listed_with_its_error(tags, words):
    games = check_games(f'{tags}\n1. 32-28 *\n\n[Event "next"]\n1. 32-28 *').games
    assert not games[0].ok and games[0].error.ply == 0 and games[0].game is None
    assert words in games[0].error.problem
    assert games[1].ok and games[1].pdn.tags == {"Event": "next"}


@pytest.mark.parametrize(
    ("text", "ply", "token", "problem"),
    [
        ("1. 32-28 19-23 2. 28x10 *", 3, "28x10", "not legal for white here: the legal moves are 28x19"),
        ("1. 32-28 kx19 *", 2, "kx19", "is not a move, a move number or a result"),
        ("1. 32-28 z9-19 *", 2, "z9-19", "square z9 is off the 10x10 board"),
        ("1. 32-28\n@19 *", 2, "@19", "is not a move, a move number or a result"),
        ("1. 32-28 {never closed", 2, "{never closed", "a comment '{' is never closed"),
        ("1. 32-28 (19-23", 2, "(19-23", "a variation '(' is never closed"),
        ("1. 32-28 19-23 2. - - 3. 28-22 *", 5, "28-22", "follows a move not known (-): the position it is"),
    ],
)
def test_a_bad_game_names_its_ply_text_and_problem(text, ply, token, problem):
    (game,) = check_games(text).games
    assert (game.error.ply, game.error.text) == (ply, token) and problem in game.error.problem


def test_a_black_first_move_number_and_a_game_written_from_a_game():
    (game,) = read_games('[FEN "B:W31,32:B19,20"]\n1... 19-23 2. 32-28 23x32 3. 31-27 *')
    assert [game.move_number(i, get_variant("international")) for i in range(4)] == ["1...", "2.", "2...", "3."]
    played = replay(game, default=get_variant("international")).game
    pdn = from_game(played, {"Event": "test"})
    assert pdn.tags == {"Event": "test", "GameType": "20", "FEN": "B:W31,32:B19,20", "Result": "*"}
    assert write_games([pdn]).endswith("1... 19-23 2. 32-28 23x32 3. 31-27 *\n")
    ended = Game("B:W31:B", "international")
    assert from_game(ended).result == "2-0"


def test_pdn_games_are_values():
    text = '[White "A"]\n[Black "B"]\n\n1. 32-28 19-23 {a comment} 2. 28x19 2-0\n'
    game = PdnGame.from_text(text)
    assert str(game) == text and repr(game) == f"PdnGame.from_text({text!r})"
    assert eval(repr(game)) == game and PdnGame.from_text(str(game)) == game
    with pytest.raises(InputError, match="text holds 2 games, not one"):
        PdnGame.from_text(text + "\n" + text)
