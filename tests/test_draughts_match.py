"""Matches: colours and openings in turn, the score and table, the PDN written and read back, players made
from their text, and the match command (against the hub command in another process, and Scan when
BOARDPUZZLES_SCAN names it)."""

from __future__ import annotations

import os
import shlex
import sys
import threading
from pathlib import Path

import pytest

from boardpuzzles import Cancelled, EngineError, InputError
from boardpuzzles.draughts import DxpEngine, HubEngine, Position, RandomPlayer, check_games, play_match, player_from
from boardpuzzles.draughts.match import default_openings

SRC = str(Path(__file__).parents[1] / "src")


def test_openings_take_each_first_move_in_turn():
    lines = default_openings("international")
    assert len(lines) == 81 == len(set(lines))
    assert lines[:2] == ["31-26 16-21", "31-27 16-21"] and lines[9] == "31-26 17-21"
    assert len(default_openings("russian")) == 49


def test_a_match_alternates_colours_and_openings():
    match = play_match(RandomPlayer(seed=1), RandomPlayer(seed=2), games=4, variant="russian", most_plies=30)
    assert [game.white for game in match.games] == [0, 1, 0, 1]
    openings = [game.opening for game in match.games]
    assert openings[0] == openings[1] != openings[2] == openings[3]
    for one in match.games:
        assert " ".join(one.game.notation[:2]) == one.opening and len(one.game) <= 30
    first, second = match.score()
    assert first + second == 4 and [row["points"] for row in match.table()] == [first, second]
    payload = match.to_json()
    assert set(payload) == {"variant", "players", "score", "table", "games"}
    assert set(payload["games"][0]) == {"number", "white", "black", "opening", "result", "reason", "plies", "moves"}
    assert payload["players"] == ["random (seed 1)", "random (seed 2)"]
    assert "wins  draws  losses  points" in str(match) and repr(match).startswith("Match('random (seed 1)'")


def test_the_games_are_written_as_pdn_that_reads_back(tmp_path):
    match = play_match(RandomPlayer(seed=3), RandomPlayer(seed=4), games=2, most_plies=20,
                       openings=["32-28 19-23"])
    checked = check_games(match.pdn())
    assert [game.ok for game in checked.games] == [True, True]
    assert [game.pdn.tags["White"] for game in checked.games] == ["random (seed 3)", "random (seed 4)"]
    assert [game.pdn.result for game in checked.games] == [one.result for one in match.games]
    assert checked.games[0].game.notation == match.games[0].game.notation


def test_bad_openings_and_players_are_named():
    with pytest.raises(InputError, match="opening 1: .*not legal"):
        play_match(RandomPlayer(), RandomPlayer(), openings=["32-27 16-22"])
    with pytest.raises(InputError, match="second must be a Player"):
        play_match(RandomPlayer(), "random")


def test_cancel_stops_a_match():
    cancel = threading.Event()
    cancel.set()
    with pytest.raises(Cancelled):
        play_match(RandomPlayer(), RandomPlayer(), cancel=cancel)


def test_players_from_their_text(tmp_path):
    assert repr(player_from("random")) == "RandomPlayer(seed=0)"
    assert repr(player_from(" random:7 ")) == "RandomPlayer(seed=7)"
    assert isinstance(player_from("dxp://127.0.0.1:1"), DxpEngine)
    assert player_from("builtin:5").level == 5 and player_from("builtin").level == 3
    for spec, message in (("random:x", "seed after random"), ("builtin:9", "level after builtin"), ("  ", "empty"),
                          ("dxp://:1", "address")):
        with pytest.raises(InputError, match=message):
            player_from(spec)
    with pytest.raises(InputError, match="DXP plays international draughts only"):
        player_from("dxp://127.0.0.1:1", "russian")
    with pytest.raises(EngineError, match=r"cannot start .*\(an engine is builtin, random, a Hub engine.s command"):
        player_from(str(tmp_path / "nothing-here"))


def hub_command(seed: int) -> str:
    return shlex.join([sys.executable, "-m", "boardpuzzles", "draughts", "hub", "--engine", f"random:{seed}"])


def test_the_match_command_with_random_players(cli, tmp_path):
    pdn = tmp_path / "match.pdn"
    run = cli("draughts", "match", "random:1", "random:2", "--games", "2", "--variant", "russian", "--most-plies",
              "20", "--pdn", str(pdn), "--json")
    assert run.status == 0
    payload = run.json()
    assert [game["white"] for game in payload["games"]] == ["random (seed 1)", "random (seed 2)"]
    assert len(check_games(pdn.read_text()).games) == 2
    run = cli("draughts", "match", "random:1", "random:2", "--games", "1", "--most-plies", "10")
    assert run.status == 0 and "game 1: random (seed 1) (white) - random (seed 2) (black)" in run.out
    assert "unfinished after 10 plies" in run.out


def test_the_match_command_refuses_bad_engines_in_one_line(cli, tmp_path):
    run = cli("draughts", "match", "random", str(tmp_path / "no-engine"))
    assert run.status == 2 and run.err.count("\n") == 1 and "cannot start the engine" in run.err
    run = cli("draughts", "match", "random", "dxp://127.0.0.1:1", "--variant", "russian")
    assert run.status == 2 and "DXP plays international draughts only" in run.err


@pytest.mark.slow
def test_the_match_command_against_the_hub_command_in_another_process(cli, monkeypatch):
    monkeypatch.setenv("PYTHONPATH", SRC)
    run = cli("draughts", "match", "random:1", hub_command(9), "--games", "2", "--most-plies", "40",
              "--timeout", "120", "--json")
    assert run.status == 0
    assert run.json()["players"] == ["random (seed 1)", "random (seed 9)"]


SCAN = os.environ.get("BOARDPUZZLES_SCAN")


@pytest.mark.slow
@pytest.mark.skipif(not SCAN, reason="no Scan here: set BOARDPUZZLES_SCAN to its program (built from "
                                     "github.com/rhalbersma/scan, its data/ beside it) to play it")
def test_the_match_command_against_scan(cli):
    run = cli("draughts", "match", "random", f"{SCAN} hub", "--games", "2", "--seconds", "0.1", "--json")
    assert run.status == 0
    payload = run.json()
    assert payload["players"][1].startswith("Scan") and payload["score"] == [0, 2]


def test_a_hub_engine_in_a_match_is_closed_after_it(tmp_path):
    script = tmp_path / "engine.py"
    script.write_text("import sys\nfor line in sys.stdin:\n    w = line.split()[0]\n"
                      "    print({'hub': 'id name=fake\\nwait', 'init': 'ready'}.get(w, ''), flush=True)\n"
                      "    if w == 'quit': break\n")
    engine = player_from(shlex.join([sys.executable, str(script)]))
    assert isinstance(engine, HubEngine) and engine.name == "fake"
    engine.close()
    with pytest.raises(EngineError, match="is not running"):
        engine.choose(Position("start", "international"))
