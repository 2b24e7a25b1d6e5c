"""DXP, the DamExchange protocol: two draughts programs play over TCP (port 27531 by custom).

Each message is ASCII ended by a NUL byte, its first letter its kind (the DamExchange documents,
http://www.mesander.nl/damexchange/edxpmain.htm; Scan's ``dxp.cpp`` speaks the same):

- GAMEREQ ``R``: version ``01``, the initiator's name (32 characters), the follower's colour
  (``W`` white, ``Z`` black), the thinking time in minutes (3 digits), the number of moves it is
  for (3), then ``A`` (the initial position) or ``B`` with the side to move and 50 squares
  (``e`` empty, ``w`` ``z`` white and black men, ``W`` ``Z`` kings);
- GAMEACC ``A``: the follower's name (32) and ``0`` (accepted), ``1`` (not this version), ``2``
  (not this game) or ``3`` (no game at all);
- MOVE ``M``: the seconds used (4), the start and end squares (2 each), the number of pieces taken
  (2) and their squares (2 each);
- GAMEEND ``E``: the reason, ``0`` unknown, ``1`` the sender loses, ``2`` a draw, ``3`` the sender
  wins; then ``0`` (another game may follow) or ``1`` (no more games);
- CHAT ``C``: text; BACKREQ ``B``: a move number (3) and the side to move then; BACKACC ``K``:
  ``0`` (taken back), ``1`` (not supported) or ``2`` (refused).

DXP numbers the 50 squares of the international board, so it plays international draughts only:
a position or a player of another rule set is refused (an InputError naming ``variant``).

:class:`DxpEngine` is a player reached at ``dxp://HOST:PORT`` (it starts the game as the initiator);
:func:`serve_dxp` lets any player follow games there, as Scan's ``dxp`` mode does.

>>> from boardpuzzles.draughts import Position
>>> decode(encode(MoveMessage(3, 32, 28, ())))
MoveMessage(seconds=3, start=32, end=28, captured=())
>>> encode(GameEnd("3", "0"))
b'E30\\x00'
"""

from __future__ import annotations

import math
import re
import socket
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Union
from urllib.parse import urlsplit

from .. import checks
from ..errors import Cancelled, EngineError, InputError, InputTypeError
from .board import Position, require_position
from .game import Game
from .hub import TIMEOUT, check_seconds, find_move, move_numbers, numbered_squares
from .moves import Move, after, legal_moves
from .players import Player

#: the port DXP programs listen on by custom
PORT = 27531
#: the moves of a long game: a DXP game's clock is ``seconds`` a move for this many
GAME_MOVES = 75
#: the longest message read, in bytes (a MOVE taking 20 pieces is 51)
MOST_MESSAGE = 1024
_LETTERS = {"w": "w", "b": "z", "W": "W", "B": "Z"}
_PIECES = {letter: piece for piece, letter in _LETTERS.items()}


@dataclass(frozen=True)
class GameRequest:
    """GAMEREQ: the initiator ``name`` asks the follower to play ``follower`` ("W" or "B") from ``position``
    (None: the initial one), ``minutes`` for ``moves`` moves."""

    name: str
    follower: str
    minutes: int
    moves: int
    position: Position | None = None


@dataclass(frozen=True)
class GameAccept:
    """GAMEACC: the follower ``name`` and its answer ``code`` ("0" accepted, "1", "2", "3" refused)."""

    name: str
    code: str


@dataclass(frozen=True)
class MoveMessage:
    """MOVE: a move as square numbers (``start``, ``end``, the squares ``captured``) after ``seconds``."""

    seconds: int
    start: int
    end: int
    captured: tuple[int, ...]


@dataclass(frozen=True)
class GameEnd:
    """GAMEEND: ``reason`` "0" unknown, "1" the sender loses, "2" a draw, "3" the sender wins; ``stop``
    "0" (another game may follow) or "1" (no more)."""

    reason: str
    stop: str


@dataclass(frozen=True)
class Chat:
    """CHAT: a line of text for the other side's operator."""

    text: str


@dataclass(frozen=True)
class BackRequest:
    """BACKREQ: go back to move ``number`` with ``turn`` ("W" or "B") to move."""

    number: int
    turn: str


@dataclass(frozen=True)
class BackAccept:
    """BACKACC: ``code`` "0" taken back, "1" not supported, "2" refused."""

    code: str


#: any DXP message
Message = Union[GameRequest, GameAccept, MoveMessage, GameEnd, Chat, BackRequest, BackAccept]


def _field(text: str, size: int) -> str:
    return text[:size].ljust(size)


def _dxp_position(position: Position) -> str:
    pieces = position.pieces
    return ("W" if position.turn == "W" else "Z") + "".join(
        _LETTERS[pieces[square]] if square in pieces else "e" for square in numbered_squares(position.variant))


def encode(message: Message) -> bytes:
    """The bytes that carry ``message``, its NUL included."""
    if isinstance(message, GameRequest):
        start = "A" if message.position is None else "B" + _dxp_position(message.position)
        text = (f"R01{_field(message.name, 32)}{'W' if message.follower == 'W' else 'Z'}"
                f"{message.minutes:03d}{message.moves:03d}{start}")
    elif isinstance(message, GameAccept):
        text = f"A{_field(message.name, 32)}{message.code}"
    elif isinstance(message, MoveMessage):
        text = f"M{message.seconds:04d}{message.start:02d}{message.end:02d}{len(message.captured):02d}" + "".join(
            f"{square:02d}" for square in message.captured)
    elif isinstance(message, GameEnd):
        text = f"E{message.reason}{message.stop}"
    elif isinstance(message, Chat):
        text = "C" + message.text.replace("\0", " ")
    elif isinstance(message, BackRequest):
        text = f"B{message.number:03d}{'W' if message.turn == 'W' else 'Z'}"
    elif isinstance(message, BackAccept):
        text = f"K{message.code}"
    else:
        raise InputTypeError("{parameter} must be a DXP message", parameter="message", value=type(message).__name__)
    return text.encode("ascii", "replace") + b"\0"


def _number(text: str, at: int, size: int) -> int:
    digits = text[at:at + size]
    if not re.fullmatch(r" *[0-9]+", digits) or len(digits) != size:
        raise InputError(f"{{parameter}}: {size} digits expected at {at}", parameter="message", value=text)
    return int(digits)


def decode(data: bytes) -> Message:
    """The message ``data`` carries (its NUL may be left off); InputError naming ``message`` if it is
    not one DXP knows, or not written as it says."""
    text = data.rstrip(b"\0").decode("ascii", "replace")
    kind, body = text[:1], text[1:]
    sizes = {"R": None, "A": 33, "E": 2, "B": 4, "K": 1}
    if kind in sizes and sizes[kind] is not None and len(body) != sizes[kind]:
        raise InputError(f"{{parameter}} must be {sizes[kind]} characters after its letter {kind}",
                         parameter="message", value=text)
    if kind == "R":
        side, start = body[34:35], body[41:42]
        length = 42 if start == "A" else 93
        if _number(text, 1, 2) < 1 or side not in ("W", "Z") or start not in ("A", "B") or len(body) != length:
            raise InputError("{parameter} is no GAMEREQ: version, name (32), W or Z, minutes (3), moves (3), then A, "
                             "or B and 51 letters", parameter="message", value=text)
        position = None
        if start == "B":
            letters = body[42:]
            if letters[0] not in "WZ" or any(letter not in "ewzWZ" for letter in letters[1:]):
                raise InputError("{parameter}: the position must be W or Z and e, w, z, W or Z for each square",
                                 parameter="message", value=text)
            squares = numbered_squares("international")
            pieces = {square: _PIECES[letter] for square, letter in zip(squares, letters[1:]) if letter != "e"}
            position = Position.from_pieces(pieces, "W" if letters[0] == "W" else "B", "international")
        return GameRequest(body[2:34].strip(), "W" if side == "W" else "B", _number(text, 36, 3),
                           _number(text, 39, 3), position)
    if kind == "A":
        return GameAccept(body[:32].strip(), body[32])
    if kind == "M":
        count = _number(text, 9, 2) if len(text) >= 11 else -1
        if count < 0 or len(text) != 11 + 2 * count:
            raise InputError("{parameter} is no MOVE: seconds (4), start, end, count and each square taken (2 "
                             "digits each)", parameter="message", value=text)
        return MoveMessage(_number(text, 1, 4), _number(text, 5, 2), _number(text, 7, 2),
                           tuple(_number(text, 11 + 2 * index, 2) for index in range(count)))
    if kind == "E":
        return GameEnd(body[0], body[1])
    if kind == "C":
        return Chat(body)
    if kind == "B":
        if body[3] not in "WZ":
            raise InputError("{parameter}: the side to move must be W or Z", parameter="message", value=text)
        return BackRequest(_number(text, 1, 3), "W" if body[3] == "W" else "B")
    if kind == "K":
        return BackAccept(body)
    raise InputError("{parameter} is no DXP message (R, A, M, E, C, B or K first)", parameter="message", value=text)


def move_message(move: Move, seconds: float = 0.0) -> MoveMessage:
    """``move`` as a MOVE message, ``seconds`` its thinking time."""
    start, end, captured = move_numbers(move)
    return MoveMessage(min(9999, round(seconds)), start, end, tuple(captured))


def message_move(message: MoveMessage, position: Position) -> Move:
    """The legal move of ``position`` that ``message`` names (InputError naming ``move`` if none)."""
    return find_move(position, message.start, message.end, message.captured)


def _international(position: Position) -> Position:
    require_position(position)
    if position.variant.name != "international":
        raise InputError(f"{{parameter}} is {position.variant.name}: DXP plays international draughts only (its "
                         "messages number the 50 squares of the 10x10 board)", parameter="variant",
                         value=position.variant.name, show_value=False)
    return position


class Connection:
    """A DXP connection: messages sent and received over a socket, every read bounded by ``timeout``
    seconds, the peer named ``peer`` in errors."""

    def __init__(self, sock: socket.socket, peer: str, timeout: float = TIMEOUT) -> None:
        self.socket, self.peer, self.timeout = sock, peer, timeout
        self._buffer = b""

    def send(self, message: Message) -> None:
        """Send ``message``; EngineError if the peer has gone."""
        try:
            self.socket.sendall(encode(message))
        except OSError as error:
            raise EngineError(f"the DXP peer {self.peer} cannot be written to: {error.strerror or error}") from None

    def receive(self, what: str, seconds: float | None = None, cancel: threading.Event | None = None) -> Message:
        """The next message, read within ``seconds`` (default ``timeout``); EngineError saying it was
        awaited for ``what`` when the peer is silent, closes the connection or sends what DXP does not
        allow; :class:`~boardpuzzles.errors.Cancelled` once ``cancel`` is set."""
        end = time.monotonic() + (self.timeout if seconds is None else seconds)
        while b"\0" not in self._buffer:
            if cancel is not None and cancel.is_set():
                raise Cancelled()
            left = end - time.monotonic()
            if left <= 0:
                raise EngineError(f"the DXP peer {self.peer} sent nothing for {what} within "
                                  f"{self.timeout if seconds is None else seconds:g} s")
            self.socket.settimeout(min(left, 0.1) if cancel is not None else left)
            try:
                data = self.socket.recv(4096)
            except (TimeoutError, socket.timeout):
                continue
            except OSError as error:
                raise EngineError(f"the DXP peer {self.peer} cannot be read during {what}: "
                                  f"{error.strerror or error}") from None
            if not data:
                raise EngineError(f"the DXP peer {self.peer} closed the connection during {what}")
            self._buffer += data
            if b"\0" not in self._buffer and len(self._buffer) > MOST_MESSAGE:
                raise EngineError(f"the DXP peer {self.peer} sent more than {MOST_MESSAGE} bytes with no NUL")
        data, _, self._buffer = self._buffer.partition(b"\0")
        try:
            return decode(data)
        except InputError as error:
            raise EngineError(f"the DXP peer {self.peer} sent a message DXP does not allow during {what}: "
                              f"{error.worded('it')}") from None

    def close(self) -> None:
        """Close the socket."""
        try:
            self.socket.close()
        except OSError:  # closed already
            pass


def parse_address(address: str) -> tuple[str, int]:
    """``dxp://HOST:PORT`` (or ``HOST:PORT``; the port 27531 when left off) as its host and port;
    InputError naming ``address`` otherwise."""
    if not isinstance(address, str):
        raise InputTypeError("{parameter} must be text: dxp://HOST:PORT", parameter="address",
                             value=type(address).__name__)
    text = address.strip()
    try:
        split = urlsplit(text if "://" in text else "dxp://" + text)
        port = split.port or PORT
    except ValueError:
        split, port = None, 0
    if split is None or split.scheme != "dxp" or not split.hostname or split.path not in ("", "/"):
        raise InputError("{parameter} must be dxp://HOST:PORT, say dxp://127.0.0.1:27531", parameter="address",
                         value=address)
    return split.hostname, port


class DxpEngine:
    """A draughts program that follows DXP games at ``address`` (``dxp://HOST:PORT``): a
    :class:`~.players.Player` of international draughts.

    The first :meth:`choose` connects and asks for a game (GAMEREQ) from the position given, the program
    playing the side to move; each later call sends the move that led from the program's last move to
    the position given (it must be one move: a position that is not is a new game, the old one ended
    with GAMEEND) and waits for the program's MOVE. ``minutes`` and ``moves`` are the GAMEREQ's time
    control: by default ``seconds`` a move for the 75 moves of a long game, in whole minutes (at least one:
    a program may spend its clock as it likes), and 999 moves, the most a GAMEREQ writes, so that no game
    ends by its count of moves; ``timeout`` bounds the connection, and a move is awaited three times
    ``seconds`` (or the ``seconds`` :meth:`choose` is given) plus ``timeout``. A take-back the program
    asks for (BACKREQ) is answered "not supported".

    :meth:`close` (or a ``with`` block) ends the game (GAMEEND, no more games) and the connection.
    """

    def __init__(self, address: str, *, seconds: float = 1.0, moves: int = 999, minutes: int | None = None,
                 timeout: float = TIMEOUT, name: str = "boardpuzzles") -> None:
        self.host, self.port = parse_address(address)
        self.address = f"dxp://{self.host}:{self.port}"
        self.timeout = check_seconds(timeout, "timeout")
        self.seconds = check_seconds(seconds, "seconds")
        self.moves = checks.whole_number(moves, "moves", lo=1, hi=999)
        self.minutes = (checks.whole_number(minutes, "minutes", lo=1, hi=999) if minutes is not None
                        else min(999, max(1, math.ceil(self.seconds * GAME_MOVES / 60))))
        self.own_name = str(name)
        self.name = self.address
        self._connection: Connection | None = None
        self._position: Position | None = None  # the position after the program's last move (None: no game)

    def _connect(self) -> Connection:
        if self._connection is None:
            try:
                sock = socket.create_connection((self.host, self.port), timeout=self.timeout)
            except OSError as error:
                raise EngineError(f"cannot reach the DXP program at {self.address}: {error.strerror or error}") \
                    from None
            self._connection = Connection(sock, self.address, self.timeout)
        return self._connection

    def _end_game(self, stop: str) -> None:
        """Send GAMEEND (reason unknown) and read up to the program's own GAMEEND."""
        connection = self._connection
        if connection is None or self._position is None:
            return
        self._position = None
        connection.send(GameEnd("0", stop))
        while not isinstance(connection.receive("the answer to GAMEEND"), GameEnd):
            pass

    def choose(self, position: Position, seconds: float | None = None, depth: int | None = None,
               cancel: threading.Event | None = None, history: Sequence[Move] = ()) -> Move:
        """The program's move in ``position`` (see the class); ``seconds`` and ``depth`` are fixed by the
        game's time control, so only the wait is bounded by them; ``cancel`` ends the game and raises
        :class:`~boardpuzzles.errors.Cancelled`; ``history`` is not needed (the program has the game's
        moves)."""
        _international(position)
        if not legal_moves(position):
            raise InputError("{parameter} has no legal move: the game is over", parameter="position",
                             value=position.fen(), show_value=False)
        connection = self._connect()
        known = self._position
        if known is not None:  # the game goes on if one move of the other side leads to the position given
            sent = next((move for move in legal_moves(known) if after(known, move) == position), None)
            if sent is None:
                self._end_game("0")
            else:
                connection.send(move_message(sent))
        if self._position is None:
            start = None if position == Position.initial(position.variant) else position
            connection.send(GameRequest(self.own_name, position.turn, self.minutes, self.moves, start))
            answer = self._answer(connection, GameAccept, "the answer to GAMEREQ", None)
            assert isinstance(answer, GameAccept)
            if answer.code != "0":
                raise EngineError(f"the DXP program at {self.address} refused the game (GAMEACC code {answer.code})")
            self.name = answer.name or self.address
        self._position = position
        wait = 3 * max(self.seconds, seconds or 0.0) + self.timeout  # a program may spend more on some moves
        try:
            message = self._answer(connection, MoveMessage, "its move", cancel, wait)
        except Cancelled:
            self._end_game("0")
            raise
        assert isinstance(message, MoveMessage)
        try:
            move = message_move(message, position)
        except InputError as error:
            raise EngineError(f"the DXP program at {self.address} sent a move that cannot be played: "
                              f"{error.worded('its move')}") from None
        self._position = after(position, move)
        return move

    def _answer(self, connection: Connection, kind: type, what: str, cancel: threading.Event | None,
                seconds: float | None = None) -> Message:
        """The next message of ``kind``: chat skipped, a take-back refused, a GAMEEND an EngineError."""
        while True:
            message = connection.receive(what, seconds, cancel)
            if isinstance(message, kind):
                return message
            if isinstance(message, BackRequest):
                connection.send(BackAccept("1"))
            elif isinstance(message, GameEnd):
                self._position = None
                connection.send(GameEnd("0", message.stop))
                said = {"1": "it loses", "2": "a draw", "3": "it wins"}.get(message.reason, "no reason given")
                raise EngineError(f"the DXP program at {self.address} ended the game instead of sending {what} "
                                  f"({said})")
            elif not isinstance(message, Chat):
                raise EngineError(f"the DXP program at {self.address} sent {type(message).__name__} while "
                                  f"{what} was awaited")

    def close(self) -> None:
        """End the game (GAMEEND, no more games) and the connection. Safe to call twice."""
        if self._connection is not None:
            try:
                self._end_game("1")
            except EngineError:
                pass  # a peer gone or silent: the connection is closed all the same
            self._connection.close()
            self._connection = None

    def __enter__(self) -> DxpEngine:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"DxpEngine({self.address!r})"


class _Follower:
    """The games of one connection, ``player`` following each."""

    def __init__(self, player: Player, connection: Connection, name: str,
                 report: Callable[[dict[str, Any]], None], cancel: threading.Event | None) -> None:
        self.player, self.connection, self.name, self.report, self.cancel = player, connection, name, report, cancel
        self.game: Game | None = None
        self.side = "W"
        self.seconds = 1.0
        self.moves = 0
        self.opponent = ""

    def run(self) -> None:
        """Answer the peer's messages until it stops (GAMEEND with no more games) or closes the connection."""
        while True:
            try:
                message = self.connection.receive("its next message", 3600.0, self.cancel)
            except EngineError:
                if self.game is not None:
                    self.finish("the connection closed")
                return
            if isinstance(message, GameRequest):
                self.start(message)
            elif isinstance(message, MoveMessage):
                self.moved(message)
            elif isinstance(message, GameEnd):
                if self.game is not None:
                    self.connection.send(GameEnd("0", message.stop))
                    self.finish({"1": "the initiator resigned", "2": "the initiator claimed a draw",
                                 "3": "the initiator claimed a win"}.get(message.reason, "the initiator ended it"))
                if message.stop == "1":
                    return
            elif isinstance(message, BackRequest):
                self.back(message)
            if self.game is not None and self.game.turn == self.side:
                self.play()

    def start(self, request: GameRequest) -> None:
        if self.game is not None:
            self.connection.send(GameAccept(self.name, "2"))
            return
        self.game = Game(request.position or Position.initial("international"))
        self.side = request.follower
        self.moves = request.moves
        self.seconds = max(0.1, request.minutes * 60 / max(1, request.moves))
        self.opponent = request.name
        self.connection.send(GameAccept(self.name, "0"))
        self.report({"event": "start", "opponent": self.opponent, "side": "white" if self.side == "W" else "black",
                     "fen": self.game.start.fen()})

    def moved(self, message: MoveMessage) -> None:
        game = self.game
        if game is None or game.turn == self.side:
            raise EngineError(f"the DXP peer {self.connection.peer} sent a move out of turn")
        try:
            game.play(message_move(message, game.position))
        except InputError as error:
            raise EngineError(f"the DXP peer {self.connection.peer} sent a move that cannot be played: "
                              f"{error.worded('its move')}") from None

    def back(self, request: BackRequest) -> None:
        game = self.game
        if game is None:
            self.connection.send(BackAccept("2"))
            return
        ply = (request.number - 1) * 2 + (request.turn != game.variant.first) - (game.start.turn != game.variant.first)
        if not 0 <= ply <= len(game):
            self.connection.send(BackAccept("2"))
            return
        while len(game) > ply:
            game.undo()
        self.connection.send(BackAccept("0"))

    def play(self) -> None:
        """The player's move, or the game's end said when the game is over or its moves are all played."""
        game = self.game
        assert game is not None
        end = game.outcome()
        if end is not None:
            reason = "2" if end.winner is None else "3" if end.winner == self.side else "1"
            self.connection.send(GameEnd(reason, "0"))
            self.finish(end.reason)
        elif self.moves and len(game) >= 2 * self.moves:
            self.connection.send(GameEnd("0", "0"))
            self.finish(f"the {self.moves} moves of the game's time control played")
        else:
            started = time.monotonic()
            move = self.player.choose(game.position, seconds=self.seconds, cancel=self.cancel, history=game.moves)
            game.play(move)
            self.connection.send(move_message(move, time.monotonic() - started))

    def finish(self, reason: str) -> None:
        game = self.game
        assert game is not None
        end = game.outcome()
        self.report({"event": "end", "opponent": self.opponent, "side": "white" if self.side == "W" else "black",
                     "plies": len(game), "result": "*" if end is None else end.result(game.variant),
                     "reason": reason, "moves": list(game.notation)})
        self.game = None


def serve_dxp(player: Player, host: str = "127.0.0.1", port: int = PORT, *,
              report: Callable[[dict[str, Any]], None] | None = None, connections: int | None = None,
              timeout: float = TIMEOUT, cancel: threading.Event | None = None) -> None:
    """Let ``player`` follow DXP games at ``host``:``port`` (0: a free port): accept a connection, accept
    each GAMEREQ of international draughts, answer each MOVE with the player's move (its time per move
    the game's minutes over its moves), end a game with GAMEEND when it is over or its moves are played,
    answer a GAMEEND with one, and take back moves on BACKREQ. One connection at a time; after
    ``connections`` of them (None: until ``cancel`` is set) it returns.

    ``report`` is called with a dict for each event: ``{"event": "listening", "host", "port"}``, then
    ``"start"`` (``opponent``, ``side``, ``fen``) and ``"end"`` (``opponent``, ``side``, ``plies``,
    ``result``, ``reason``, ``moves``) for each game. A peer that breaks the protocol or is silent for
    an hour ends its connection (reported as ``{"event": "error", "error": ...}``), never the server."""
    if not isinstance(player, Player):
        raise InputTypeError("{parameter} must be a Player (a name and choose())", parameter="player",
                             value=type(player).__name__)
    port = checks.whole_number(port, "port", lo=0, hi=65535)
    if connections is not None:
        connections = checks.whole_number(connections, "connections", lo=1)
    timeout = check_seconds(timeout, "timeout")
    say = report or (lambda event: None)
    try:
        server = socket.create_server((host, port))
    except OSError as error:
        raise InputError(f"{{parameter}}: cannot listen on {host}:{port}: {error.strerror or error}",
                         parameter="port", value=port, show_value=False) from None
    with server:
        server.settimeout(0.1)
        bound = server.getsockname()
        say({"event": "listening", "host": bound[0], "port": bound[1]})
        served = 0
        while connections is None or served < connections:
            if cancel is not None and cancel.is_set():
                raise Cancelled()
            try:
                sock, peer = server.accept()
            except (TimeoutError, socket.timeout):
                continue
            served += 1
            connection = Connection(sock, f"{peer[0]}:{peer[1]}", timeout)
            follower = _Follower(player, connection, player.name[:32], say, cancel)
            try:
                follower.run()
            except EngineError as error:
                say({"event": "error", "error": str(error)})
            finally:
                connection.close()
