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
from boardpuzzles.draughts import Game, HubEngine, Position, RandomPlayer, after, serve_hub
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

    def choose(self, position, seconds=None, depth=None, cancel=None, history=()):
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
    # the ping comes while the player ponders: its pong may come before the ponder's move or after it
    assert len(said) == 7 and said[5:].count("pong") == 1
    first, second = parse_line(said[4]), parse_line(next(line for line in said[5:] if line != "pong"))
    assert first[0] == "done" and read_hub_move(first[1]["move"], Position("start", "international"))
    after = read_hub_position("BeeeWWeeeeeeeeeeeeeeeeeeeweeeeeeeeewweBeeeeeeeeeBee", "international")
    for text in ("38-15", "5-41", "48-26"):
        after = Game(after, moves=[read_hub_move(text, after)]).position
    assert second[0] == "done" and read_hub_move(second[1]["move"], after)


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


@pytest.mark.slow
def test_the_client_analyzes_and_ponders_with_the_built_in_engine_in_another_process(monkeypatch):
    monkeypatch.setenv("PYTHONPATH", SRC)
    start = Position("start", "international")
    with HubEngine(command("draughts", "hub", "--engine", "builtin"), timeout=120) as engine:
        heard: list = []
        last = engine.analyze(start, seconds=1.0, on_info=heard.append)
        assert heard and [info.depth for info in heard] == sorted(info.depth for info in heard)
        assert last.pv and last.pv[0] in legal_moves(start) and last.move == str(last.pv[0])
        move = engine.choose(start, depth=3)
        assert engine.info is not None and engine.info.depth == 3 and len(engine.info.pv) > 1
        expected = after(after(start, move), engine.info.pv[1])
        engine.ponder(expected, seconds=0.2)
        assert engine.choose(expected, seconds=0.2) in legal_moves(expected)  # ponder-hit
        engine.ponder(expected, seconds=0.2)
        other = after(start, move)
        assert engine.choose(other, seconds=0.2) in legal_moves(other)  # stop, then a search of its own


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



# ---------------------------------------------------------------- the whole protocol: info, ponder, analyze, history

KINGS = Position("W:WK46,31:BK1", "international")


def test_the_client_reads_info_and_sends_the_kings_moves(tmp_path):
    with HubEngine(engine_script(tmp_path, DOCUMENT_ENGINE), timeout=20) as engine:
        engine.choose(Position("start", "international"), seconds=0.1)
        info = engine.info
        assert info is not None and (info.depth, info.score, info.nodes, info.seconds) == (21, -1, 31261613, 3.906)
        assert [hub_move(move) for move in info.pv] == (
            "32-28 17-22 28x17x22 12x21x17 33-28 7-12 39-33 19-23 28x19x23 14x23x19".split())
        game = Game(KINGS, moves="46-41 1-7")
        with pytest.raises(EngineError, match="cannot be played"):  # the transcript's move is the start's
            engine.choose(game.position, seconds=0.1, history=game.moves)
    read = (tmp_path / "read.log").read_text().splitlines()
    assert read[5] == f'pos pos={hub_position(KINGS)} moves="46-41 1-7"'


def test_the_client_takes_the_answer_expected_from_done(tmp_path):
    script = DOCUMENT_ENGINE.replace('"info depth=21', '"info depth=1 score=0.2", "" and "info depth=21')
    with HubEngine(engine_script(tmp_path, script), timeout=20) as engine:
        assert str(engine.choose(Position("start", "international"), seconds=0.1)) == "32-28"
        assert engine.info is not None and [str(move) for move in engine.info.pv] == ["32-28", "17-22"]
        assert engine.info.score == 20


#: An engine silent during a search that answers ping, then after its second ping gives its move
PATIENT = r"""
import sys
pings = 0
for line in sys.stdin:
    command = line.split()[0] if line.split() else ""
    answers = {"hub": ["id name=patient", "wait"], "init": ["ready"]}.get(command, [])
    if command == "ping":
        pings += 1
        answers = ["pong"] + (["done move=32-28"] if pings == 2 else [])
    if command == "quit":
        break
    for answer in answers:
        print(answer, flush=True)
"""


def test_a_long_search_is_kept_alive_by_ping_and_a_silent_one_is_an_error(tmp_path):
    with HubEngine(engine_script(tmp_path, PATIENT), timeout=20) as engine:
        engine.timeout = 0.3
        assert str(engine.choose(Position("start", "international"), depth=30)) == "32-28"
    silent = PATIENT.replace('["pong"] + ', "")
    with HubEngine(engine_script(tmp_path, silent), timeout=20) as engine:
        engine.timeout = 0.3
        with pytest.raises(EngineError, match=r"did not answer ping during a search .* within 0.3 s"):
            engine.choose(Position("start", "international"), depth=30)


class Lines(io.TextIOBase):
    """An interface's side of a server run in a thread: lines written to it, its answers read as they come."""

    def __init__(self) -> None:
        import queue
        self.sent: queue.Queue[str] = queue.Queue()
        self.answers: queue.Queue[str] = queue.Queue()

    def readline(self, size: int = -1) -> str:
        return self.sent.get()

    def write(self, text: str) -> int:
        for line in text.splitlines():
            self.answers.put(line)
        return len(text)

    def until(self, command: str, seen: list[str]) -> list[str]:
        """The answers up to the first line of ``command`` (30 s at most), added to ``seen``."""
        while True:
            line = self.answers.get(timeout=30)
            seen.append(line)
            if parse_line(line)[0] == command:
                return seen


def served(player: Player, variant: str = "international") -> tuple[Lines, threading.Thread]:
    lines = Lines()
    server = threading.Thread(target=serve_hub, args=(player, lines, lines, variant), daemon=True)
    server.start()
    return lines, server


def talk(player: Player, text: str, variant: str = "international") -> list[str]:
    """The server's answers to the lines of ``text``, the last a ``go``, up to its ``done``."""
    lines, server = served(player, variant)
    for line in textwrap.dedent(text).splitlines():
        lines.sent.put(line + "\n")
    said = lines.until("done", [])
    lines.sent.put("quit\n")
    server.join(30)
    return said


def test_the_built_in_engine_says_info_and_its_expected_answer():
    from boardpuzzles.draughts import Engine
    said = talk(Engine(), f"pos pos={hub_position(Position('start', 'russian'))}\nlevel depth=4\ngo think", "russian")
    infos = [parse_line(line) for line in said if line.startswith("info")]
    assert [int(arguments["depth"]) for _, arguments in infos] == [1, 2, 3, 4]
    assert all({"depth", "score", "nodes", "time", "nps", "pv"} <= set(arguments) for _, arguments in infos)
    command, done = parse_line(said[-1])
    assert command == "done" and done["move"] == infos[-1][1]["pv"].split()[0]
    assert done["ponder"] == infos[-1][1]["pv"].split()[1]


def test_analyze_and_ponder_search_until_told():
    from boardpuzzles.draughts import Engine
    lines, server = served(Engine())
    seen: list[str] = []
    lines.sent.put(f"pos pos={START}\n")
    lines.sent.put("go analyze\n")
    lines.until("info", seen)
    lines.until("info", seen)  # two depths searched: it goes on until stop
    lines.sent.put("ping\n")
    lines.until("pong", seen)
    lines.sent.put("stop\n")
    lines.until("done", seen)
    assert read_hub_move(parse_line(seen[-1])[1]["move"], Position("start", "international"))
    lines.sent.put("level move-time=0.2\n")
    lines.sent.put("go ponder\n")
    lines.until("info", seen)
    lines.sent.put("ponder-hit\n")  # now its 0.2 s run
    lines.until("done", seen)
    lines.sent.put("quit\n")
    server.join(30)
    assert not server.is_alive()


def test_the_server_reads_the_games_moves_and_sees_a_position_come_again():
    from boardpuzzles.draughts import Engine
    said = talk(Engine(), f"""\
        pos pos={hub_position(KINGS)} moves="46-41 1-7 41-46"
        level depth=1
        go think""")
    assert parse_line(said[-1])[1]["move"] == "7-1"  # black, a man down, takes the draw
