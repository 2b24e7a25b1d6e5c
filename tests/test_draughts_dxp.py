"""DXP: the messages as the DamExchange documents write them, a client and a server playing each other (in
this process and through the dxp command in another), and a dead, silent or lawless peer."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from boardpuzzles import EngineError, InputError
from boardpuzzles.draughts import DxpEngine, Game, Position, RandomPlayer, serve_dxp
from boardpuzzles.draughts.dxp import (
    BackAccept, BackRequest, Chat, GameAccept, GameEnd, GameRequest, MoveMessage, decode, encode, parse_address,
)

SRC = str(Path(__file__).parents[1] / "src")
NAME = "Scan 3.1".ljust(32)

#: messages written as the DamExchange documents lay them out (and as Scan's dxp.cpp writes them)
RECORDED = [
    (b"R01" + NAME.encode() + b"Z003075A\0", GameRequest("Scan 3.1", "B", 3, 75)),
    (b"A" + NAME.encode() + b"0\0", GameAccept("Scan 3.1", "0")),
    (b"M0003322800\0", MoveMessage(3, 32, 28, ())),
    (b"M0012281903231724\0", MoveMessage(12, 28, 19, (23, 17, 24))),  # the squares taken, in any order
    (b"E10\0", GameEnd("1", "0")),
    (b"Cgood game\0", Chat("good game")),
    (b"B012W\0", BackRequest(12, "W")),
    (b"K1\0", BackAccept("1")),
]


@pytest.mark.parametrize("data, message", RECORDED)
def test_messages_read_and_written_as_recorded(data, message):
    assert decode(data) == message and encode(message) == data


def test_a_game_request_from_a_position():
    position = Position("B:W28,K46:B23,K5", "international")
    data = encode(GameRequest("boardpuzzles", "W", 10, 50, position))
    assert len(data) == 1 + 2 + 32 + 1 + 3 + 3 + 1 + 51 + 1 and data[42:44] == b"BZ"
    assert decode(data).position == position


@pytest.mark.parametrize("data", [b"X\0", b"M00033228\0", b"M00033228019999\0", b"E1\0", b"R01short\0", b"B01xW\0",
                                  b"R01" + NAME.encode() + b"Z003075Bzeeee\0"])
def test_a_malformed_message_is_refused(data):
    with pytest.raises(InputError, match="message"):
        decode(data)


def test_addresses():
    assert parse_address("dxp://127.0.0.1:27000") == ("127.0.0.1", 27000)
    assert parse_address("localhost") == ("localhost", 27531)
    for bad in ("http://x:1", "dxp://x:99999", "dxp://:1", "dxp://x:1/path"):
        with pytest.raises(InputError, match="address"):
            parse_address(bad)


def serving(player, **options):
    """A DXP server of ``player`` on a free port in a thread, for one connection; its events and address."""
    events: list[dict] = []
    listening = threading.Event()

    def report(event):
        events.append(event)
        if event["event"] == "listening":
            listening.set()

    thread = threading.Thread(target=serve_dxp, args=(player, "127.0.0.1", 0),
                              kwargs={"report": report, "connections": 1, **options}, daemon=True)
    thread.start()
    assert listening.wait(30)
    return thread, events, f"dxp://127.0.0.1:{events[0]['port']}"


def play(white, black, game: Game, most: int = 400) -> Game:
    players = {"W": white, "B": black}
    while game.outcome() is None and len(game) < most:
        game.play(players[game.turn].choose(game.position))
    return game


def test_a_client_and_a_server_play_two_games():
    thread, events, address = serving(RandomPlayer(seed=4))
    with DxpEngine(address, seconds=0.5) as engine:
        first = play(RandomPlayer(seed=1), engine, Game("start", "international"), most=60)
        second = play(engine, RandomPlayer(seed=2), Game("W:W31,32,33,37:B14,18,19,20", "international"))
    thread.join(30)
    assert not thread.is_alive()
    ends = [event for event in events if event["event"] == "end"]
    starts = [event for event in events if event["event"] == "start"]
    assert [event["side"] for event in starts] == ["black", "white"]
    assert starts[0]["fen"] == first.fen(1)  # the game was asked for at black's first move
    assert ends[0]["moves"] == first.notation[1:1 + ends[0]["plies"]]
    assert ends[1]["moves"] == second.notation[:ends[1]["plies"]] and ends[1]["reason"] == "the initiator ended it"
    assert engine.name == "random (seed 4)"


def test_the_server_takes_moves_back():
    thread, events, address = serving(RandomPlayer(seed=4))
    with socket.create_connection(("127.0.0.1", int(address.rsplit(":", 1)[1])), timeout=30) as peer:
        peer.sendall(encode(GameRequest("tester", "B", 1, 75)) + encode(MoveMessage(0, 32, 28, ())))
        answers = peer.recv(1000).split(b"\0")
        while len(answers) < 3:
            answers[-1:] = (answers[-1] + peer.recv(1000)).split(b"\0")
        assert decode(answers[0]) == GameAccept("random (seed 4)", "0") and isinstance(decode(answers[1]), MoveMessage)
        peer.sendall(encode(BackRequest(1, "W")))
        assert decode(peer.recv(1000)) == BackAccept("0")
        peer.sendall(encode(GameEnd("0", "1")))
        assert decode(peer.recv(1000)) == GameEnd("0", "1")
    thread.join(30)
    assert [event["plies"] for event in events if event["event"] == "end"] == [0]


def test_dxp_plays_international_only():
    with pytest.raises(InputError, match="DXP plays international draughts only"):
        DxpEngine("dxp://127.0.0.1:1").choose(Position("start", "russian"))


def peer_that(answer: bytes | None):
    """A peer on a free port that accepts one connection, then answers ``answer`` to anything (None:
    nothing) and keeps the connection open until the test ends."""
    server = socket.create_server(("127.0.0.1", 0))
    done = threading.Event()

    def run():
        connection, _ = server.accept()
        with connection:
            connection.recv(1000)
            if answer is not None:
                connection.sendall(answer)
            done.wait(30)
        server.close()

    threading.Thread(target=run, daemon=True).start()
    return f"dxp://127.0.0.1:{server.getsockname()[1]}", done


@pytest.mark.parametrize("answer, message", [
    (None, r"sent nothing for the answer to GAMEREQ within 0.5 s"),
    (b"Xhello\0", "sent a message DXP does not allow"),
    (b"A" + NAME.encode() + b"2\0", r"refused the game \(GAMEACC code 2\)"),
    (b"A" + NAME.encode() + b"0\0" + b"M0000313600\0", "sent a move that cannot be played: its move 31-36 is not legal"),
    (b"x" * 2000, "more than 1024 bytes with no NUL"),
])
def test_a_silent_or_lawless_peer_is_one_clear_error(answer, message):
    address, done = peer_that(answer)
    try:
        with pytest.raises(EngineError, match=message):
            DxpEngine(address, seconds=0.5, timeout=0.5).choose(Position("start", "international"))
    finally:
        done.set()


def test_no_peer_is_one_clear_error():
    free = socket.create_server(("127.0.0.1", 0))
    port = free.getsockname()[1]
    free.close()
    with pytest.raises(EngineError, match=f"cannot reach the DXP program at dxp://127.0.0.1:{port}"):
        DxpEngine(f"dxp://127.0.0.1:{port}").choose(Position("start", "international"))


@pytest.mark.slow
def test_the_dxp_command_in_another_process_follows_a_game():
    program = subprocess.Popen(
        [sys.executable, "-m", "boardpuzzles", "draughts", "dxp", "--port", "0", "--connections", "1", "--json",
         "--engine", "random:6"], stdout=subprocess.PIPE, text=True, env={**os.environ, "PYTHONPATH": SRC})
    try:
        assert program.stdout is not None
        listening = json.loads(program.stdout.readline())
        with DxpEngine(f"dxp://127.0.0.1:{listening['port']}", timeout=120) as engine:
            game = play(engine, RandomPlayer(seed=7), Game("start", "international"), most=40)
        events = [json.loads(line) for line in program.stdout]
        assert program.wait(120) == 0
    finally:
        program.kill()
        program.wait()
    assert [event["event"] for event in events] == ["start", "end"]
    assert events[1]["moves"] == game.notation[:events[1]["plies"]] and events[1]["result"] == "*"
