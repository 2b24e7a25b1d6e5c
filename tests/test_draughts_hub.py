"""The Hub protocol: the client against scripted engines (the protocol document's transcript, a dead, a silent
and a lawless one), the server against the document's lines, both ends together in separate processes, and
Scan itself when BOARDPUZZLES_SCAN names its program."""

from __future__ import annotations

import io
import os
import sys
import textwrap
import threading
from pathlib import Path

import pytest

from boardpuzzles import Cancelled, EngineError, InputError
from boardpuzzles.draughts import Game, HubEngine, Position, RandomPlayer, serve_hub
from boardpuzzles.draughts.hub import hub_line, hub_move, hub_position, parse_line, read_hub_move, read_hub_position
from boardpuzzles.draughts.moves import legal_moves
from boardpuzzles.draughts.players import Player

SRC = str(Path(__file__).parents[1] / "src")
START = "Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww"  # protocol.txt's first example

#: Scan's protocol.txt (Hub version 2), its engine's answers to the initialisation and to a search
DOCUMENT_ENGINE = r'''
import sys
said = {
    "hub": ['id name=Scan version=3.1 author="Fabien Letouzey" country=France',
            'param name=variant value=normal type=enum values="normal killer bt frisian losing"',
            'param name=book value=true type=bool', "wait"],
    "init": ["ready"],
    "go": ["info depth=21 mean-depth=20.8 score=-0.01 nodes=31261613 time=3.906 nps=8.0 "
           'pv="32-28 17-22 28x17x22 12x21x17 33-28 7-12 39-33 19-23 28x19x23 14x23x19"',
           "done move=32-28 ponder=17-22"],
    "ping": ["pong"],
}
for line in sys.stdin:
    with open(sys.argv[1], "a") as log:
        log.write(line)
    command = line.split()[0] if line.split() else ""
    if command == "quit":
        break
    for answer in said.get(command, []):
        print(answer, flush=True)
'''


def engine_script(tmp_path: Path, code: str) -> list[str]:
    """A scripted engine: ``code`` run by this Python (its first argument a log of the lines it read)."""
    script = tmp_path / "engine.py"
    script.write_text(textwrap.dedent(code))
    return [sys.executable, str(script), str(tmp_path / "read.log")]


def test_lines_are_read_and_written_as_the_protocol_says():
    assert parse_line('param name=variant value=normal type=enum values="normal killer bt"') == (
        "param", {"name": "variant", "value": "normal", "type": "enum", "values": "normal killer bt"})
    assert parse_line("go think") == ("go", {"think": ""})
    assert parse_line('error message=""') == ("error", {"message": ""})
    assert hub_line("level", move_time=1.5) == "level move-time=1.5"
    assert hub_line("error", message="bad pos") == 'error message="bad pos"'
    for bad in ('info pv="32-28', "", 'go a="b"c'):
        with pytest.raises(InputError, match="line"):
            parse_line(bad)


def test_positions_and_moves_in_hub_form():
    start = Position("start", "international")
    assert hub_position(start) == START and read_hub_position(START, "international") == start
    russian = Position("start", "russian")
    assert read_hub_position(hub_position(russian), "russian") == russian and len(hub_position(russian)) == 33
    capture = Position("W:W28:B23", "international")
    assert hub_move(read_hub_move("28x19x23", capture)) == "28x19x23"
    assert str(read_hub_move("28x19", capture)) == "28x19"  # one capture from 28 to 19: the squares taken may go
    with pytest.raises(InputError, match="32-23 is not legal"):
        read_hub_move("32-23", start)
    with pytest.raises(InputError, match="Hub writes moves"):
        read_hub_move("e3-d4", start)
    with pytest.raises(InputError, match="pos"):
        read_hub_position("W" + "e" * 49, "international")
    with pytest.raises(InputError, match="every square"):
        hub_position(Position("start", "turkish"))


def test_the_client_follows_the_protocol_documents_transcript(tmp_path):
    with HubEngine(engine_script(tmp_path, DOCUMENT_ENGINE), timeout=20) as engine:
        assert engine.name == "Scan 3.1" and engine.params["book"]["value"] == "true"
        move = engine.choose(Position("start", "international"), seconds=0.5)
        assert str(move) == "32-28"
        assert str(engine.choose(Position("start", "international"), depth=5)) == "32-28"
    read = (tmp_path / "read.log").read_text().splitlines()
    assert read == ["hub", "init", f"pos pos={START}", "level move-time=0.5", "go think",
                    f"pos pos={START}", "level depth=5", "go think", "quit"]


def test_an_engine_is_set_to_the_variant_it_plays(tmp_path):
    with HubEngine(engine_script(tmp_path, DOCUMENT_ENGINE), "frisian", params={"book": "false"}, timeout=20):
        pass
    read = (tmp_path / "read.log").read_text().splitlines()
    assert read[1:3] == ["set-param name=variant value=frisian", "set-param name=book value=false"]
    with pytest.raises(EngineError, match="does not play russian draughts"):
        HubEngine(engine_script(tmp_path, DOCUMENT_ENGINE), "russian", timeout=20)


@pytest.mark.parametrize("code, timeout, message", [
    ("import sys; print('unable to open file \"data/eval\"', file=sys.stderr); sys.exit(3)", 20,
     r"stopped during the start .*exit status 3.*it said: unable to open file \"data/eval\""),
    ("import time; time.sleep(60)", 0.5, r"did not answer the start .* within 0.5 s"),
    ("print('id name=\"Scan', flush=True); import time; time.sleep(60)", 20, "wrote a line that is not Hub"),
    ("print('error message=\"no eval\"', flush=True); import time; time.sleep(60)", 20,
     "answered an error during the start"),
])
def test_a_dead_silent_or_lawless_engine_is_one_clear_error(tmp_path, code, timeout, message):
    with pytest.raises(EngineError, match=message) as raised:
        HubEngine(engine_script(tmp_path, code), timeout=timeout)
    assert "engine.py" in str(raised.value)


def test_a_program_that_cannot_start_is_named(tmp_path):
    with pytest.raises(EngineError, match="cannot start the engine .*no-such-engine"):
        HubEngine(str(tmp_path / "no-such-engine") + " hub")


def test_an_illegal_or_missing_move_and_a_silent_search(tmp_path):
    script = DOCUMENT_ENGINE.replace("done move=32-28", "done move=31-22")
    with HubEngine(engine_script(tmp_path, script), timeout=20) as engine:
        with pytest.raises(EngineError, match="a move that cannot be played: its move 31-22 is not legal"):
            engine.choose(Position("start", "international"), seconds=0.1)
    silent = DOCUMENT_ENGINE.replace('"go": [', '"go": [] and [')
    with HubEngine(engine_script(tmp_path, silent), timeout=20) as engine:
        engine.timeout = 0.5  # started: now silence is soon an error
        with pytest.raises(EngineError, match=r"did not answer a search \(done move=...\) within 0.5 s"):
            engine.choose(Position("start", "international"), seconds=0.1)
        with pytest.raises(EngineError, match="is not running"):  # the silent engine was ended
            engine.choose(Position("start", "international"), seconds=0.1)


def test_cancel_sends_stop_and_waits_for_done(tmp_path):
    script = DOCUMENT_ENGINE.replace('"go": [', '"stop": [').replace('"ping"', '"go": [], "ping"')
    cancel = threading.Event()
    with HubEngine(engine_script(tmp_path, script), timeout=20) as engine:
        threading.Timer(0.2, cancel.set).start()
        with pytest.raises(Cancelled):
            engine.choose(Position("start", "international"), seconds=30, cancel=cancel)
    assert "stop" in (tmp_path / "read.log").read_text().splitlines()


class Waiting:
    """A player that thinks until it is stopped."""

    name = "waiting"

    def choose(self, position, seconds=None, depth=None, cancel=None):
        assert cancel is not None and cancel.wait(30)
        raise Cancelled()


def serve(player: Player, lines: str, variant: str = "international") -> list[str]:
    answers = io.StringIO()
    serve_hub(player, io.StringIO(textwrap.dedent(lines)), answers, variant)
    return answers.getvalue().splitlines()


def test_the_server_answers_the_protocol_documents_lines():
    said = serve(RandomPlayer(seed=1), f"""\
        hub
        set-param name=variant value=normal
        init
        pos pos={START}
        level move-time=1
        go think
        pos pos=BeeeWWeeeeeeeeeeeeeeeeeeeweeeeeeeeewweBeeeeeeeeeBee moves="38-15 5-41 48-26"
        level moves=9 time=291.587
        go ponder
        ping
        new-game
        quit
        """)
    assert said[:4] == ['id name="random (seed 1)" author=boardpuzzles',
                        "param name=variant value=normal type=enum values=normal", "wait", "ready"]
    first, second = parse_line(said[4]), parse_line(said[5])
    assert first[0] == "done" and read_hub_move(first[1]["move"], Position("start", "international"))
    after = read_hub_position("BeeeWWeeeeeeeeeeeeeeeeeeeweeeeeeeeewweBeeeeeeeeeBee", "international")
    for text in ("38-15", "5-41", "48-26"):
        after = Game(after, moves=[read_hub_move(text, after)]).position
    assert second[0] == "done" and read_hub_move(second[1]["move"], after)
    assert said[6:] == ["pong"]


def test_the_server_hears_ping_and_stop_while_its_player_thinks():
    said = serve(Waiting(), f"hub\ninit\npos pos={START}\ngo think\nping\nstop\nquit\n")
    assert said[-2:] == ["pong", "done"]  # stopped before it chose: done with no move


def test_the_server_answers_bad_lines_with_error_and_goes_on():
    said = serve(RandomPlayer(), f"""\
        pos pos=Wxyz
        pos pos={START} moves="32-23"
        level move-time=abc
        set-param name=variant value=killer
        go think
        ping
        """)
    assert [parse_line(line)[0] for line in said] == ["error"] * 4 + ["done", "pong"]
    assert "pos must be W or B" in said[0] and "32-23 is not legal" in said[1] and "level must hold numbers" in said[2]
    assert "plays international" in said[3]


def test_the_server_serves_other_rule_sets():
    position = Position("start", "russian")
    said = serve(RandomPlayer(), f"hub\npos pos={hub_position(position)}\ngo think\n", "russian")
    assert "values=russian" in said[1]
    assert read_hub_move(parse_line(said[-1])[1]["move"], position) in legal_moves(position)


def command(*argv: str) -> list[str]:
    return [sys.executable, "-m", "boardpuzzles", *argv]


@pytest.mark.slow
def test_the_hub_command_in_another_process_plays_a_game_against_a_random_player(monkeypatch):
    monkeypatch.setenv("PYTHONPATH", SRC)
    game = Game("start", "international")
    with HubEngine(command("draughts", "hub", "--engine", "random:5"), timeout=120) as engine:
        assert engine.name == "random (seed 5)"
        players = [RandomPlayer(seed=2), engine]
        while game.outcome() is None and len(game) < 60:
            game.play(players[len(game) % 2].choose(game.position, seconds=0.1))
    assert len(game) == 60 or game.outcome() is not None


SCAN = os.environ.get("BOARDPUZZLES_SCAN")


@pytest.mark.slow
@pytest.mark.skipif(not SCAN, reason="no Scan here: set BOARDPUZZLES_SCAN to its program (built from "
                                     "github.com/rhalbersma/scan, its data/ beside it) to play it")
def test_a_random_player_against_scan():
    game = Game("start", "international")
    with HubEngine([str(SCAN), "hub"], timeout=60) as scan:
        assert scan.name.startswith("Scan")
        players = [RandomPlayer(seed=3), scan]
        while game.outcome() is None and len(game) < 300:
            game.play(players[len(game) % 2].choose(game.position, seconds=0.1))
    assert game.outcome() is not None and game.outcome().winner == "B"
