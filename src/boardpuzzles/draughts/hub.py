"""The Hub protocol (Scan's, version 2): a draughts engine run as a program, and any player served to one.

Hub is line-based text on standard input and output. Each line is a command and its arguments,
``name=value`` or a bare ``name`` (a flag); a value with a space or ``=`` is quoted (``pv="32-28 19-23"``).
A graphical interface (here, :class:`HubEngine`) starts the engine, sends ``hub`` and reads the engine's
``id`` and ``param`` lines up to ``wait``; sets parameters (``set-param name=... value=...``), sends
``init`` and waits for ``ready``. Each search is then three lines, ``pos pos=... [moves="..."]``,
``level ...`` and ``go think`` (or ``ponder``, ``analyze``); the engine may answer ``info`` lines and
ends with ``done move=... [ponder=...]``. ``stop`` ends a search early (the engine still answers
``done``), ``ping`` asks for ``pong`` at any time, ``quit`` ends the engine.

A position is the side to move (``W`` or ``B``) and one letter for each dark square in number order
(``w`` ``b`` white and black men, ``W`` ``B`` kings, ``e`` empty): 51 letters on the international
board. A move is written with square numbers: ``32-28``, or a capture as its start, its end and the
squares taken in any order, ``28x19x23``. Hub is written for the international board; here the same
form serves every rule set played on the dark squares, its squares numbered as its notation numbers
them (1 is the top left dark square seen from white), and the engine and this side agree on the rule
set beforehand (an engine that declares a ``variant`` parameter is set to it).

>>> from boardpuzzles.draughts import Position
>>> hub_position(Position("W:W31:B19", "international"))
'Weeeeeeeeeeeeeeeeeebeeeeeeeeeeeweeeeeeeeeeeeeeeeeee'
>>> parse_line('done move=28x19x23 ponder="17-22"')
('done', {'move': '28x19x23', 'ponder': '17-22'})
"""

from __future__ import annotations

import os
import queue
import re
import shlex
import subprocess
import tempfile
import threading
import time
import weakref
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import IO, Any

from .. import checks
from ..errors import Cancelled, EngineError, InputError, InputTypeError
from ..geometry import Square
from .board import Position, number_square, require_position, square_number
from .moves import Move, after, legal_moves
from .engine import DEEPEST, Engine, SearchInfo
from .players import Player, reversible_tail
from .rules import Variant, get_variant

#: seconds an engine may take to answer beyond the time it was given to think
TIMEOUT = 10.0
#: the longest line read from an engine, in characters (a principal variation is some hundreds)
MOST_LINE = 100_000
_WORD = re.compile(r'\s*([^\s=]+)(?:=(?:"([^"]*)"|([^\s"]*)))?')


def parse_line(line: str) -> tuple[str, dict[str, str]]:
    """A Hub line as its command and its arguments (a flag's value is empty text); InputError naming
    ``line`` for an empty line or a quote never closed."""
    if not isinstance(line, str):
        raise InputTypeError("{parameter} must be text", parameter="line", value=type(line).__name__)
    text = line.strip()
    command, _, rest = text.partition(" ")
    if not command:
        raise InputError("{parameter} is empty: a Hub line starts with its command", parameter="line")
    arguments: dict[str, str] = {}
    at = 0
    rest = rest.strip()
    while at < len(rest):
        match = _WORD.match(rest, at)
        if match is None or match.end() == at or (match.end() < len(rest) and not rest[match.end()].isspace()):
            raise InputError("{parameter} is not Hub: write name=value, a value with spaces in double quotes",
                             parameter="line", value=line)
        name, quoted, plain = match.groups()
        arguments[name] = quoted if quoted is not None else plain or ""
        at = match.end()
        while at < len(rest) and rest[at].isspace():
            at += 1
    return command, arguments


def hub_line(command: str, *flags: str, **arguments: str | float) -> str:
    """A Hub line: ``command``, its ``flags`` and ``name=value`` arguments (an underscore in a name is
    written ``-``; a value with a space, ``=`` or nothing is quoted)."""
    words = [command, *flags]
    for name, value in arguments.items():
        text = str(value)
        if not text or any(character in text for character in ' ="'):
            text = '"' + text.replace('"', "'") + '"'
        words.append(f"{name.replace('_', '-')}={text}")
    return " ".join(words)


def numbered_squares(variant: Variant | str) -> list[Square]:
    """The dark squares of ``variant``'s board in number order (square 1 first); InputError naming
    ``variant`` for a rule set that plays on every square (Turkish), which the protocols cannot write."""
    rules = get_variant(variant)
    if not rules.dark_only:
        raise InputError(f"{{parameter}}: {rules.name} draughts plays on every square; the engine protocols "
                         "number the dark squares only", parameter="variant", value=rules.name, show_value=False)
    return [number_square(number, rules.size, rules.mirrored) for number in range(1, rules.size * rules.size // 2 + 1)]


def hub_position(position: Position) -> str:
    """``position`` as Hub writes it: the side to move, then each numbered square's letter."""
    require_position(position)
    pieces = position.pieces
    return position.turn + "".join(pieces.get(square, "e") for square in numbered_squares(position.variant))


def read_hub_position(text: str, variant: Variant | str) -> Position:
    """The position that Hub's ``text`` writes (:func:`hub_position`); InputError naming ``pos`` if it is not
    one of ``variant``."""
    rules = get_variant(variant)
    squares = numbered_squares(rules)
    if not (isinstance(text, str) and len(text) == len(squares) + 1 and text[0] in "WB"
            and all(letter in "wbWBe" for letter in text[1:])):
        raise InputError(f"{{parameter}} must be W or B and one of w b W B e for each of the {len(squares)} squares "
                         f"of {rules.name}", parameter="pos", value=text)
    pieces = {square: letter for square, letter in zip(squares, text[1:]) if letter != "e"}
    return Position.from_pieces(pieces, text[0], rules)


def move_numbers(move: Move) -> tuple[int, int, list[int]]:
    """A move's start, end and captured squares as numbers (the protocols' form of a move)."""
    size = move.variant.size
    return square_number(move.start, size), square_number(move.end, size), \
        [square_number(square, size) for square in move.captured]


def hub_move(move: Move) -> str:
    """A move as Hub writes it: ``32-28``, or ``28x19x23`` (start, end, the squares taken)."""
    start, end, captured = move_numbers(move)
    return "x".join(map(str, [start, end, *captured])) if move.is_capture else f"{start}-{end}"


def find_move(position: Position, start: int, end: int, captured: Sequence[int] | None) -> Move:
    """The legal move of ``position`` from square number ``start`` to ``end`` taking the squares
    ``captured`` (None: whatever it takes, when only one legal move goes from ``start`` to ``end``);
    InputError naming ``move`` if none is, or if several are and ``captured`` does not tell which."""
    found = []
    for move in legal_moves(position):
        numbers = move_numbers(move)
        if numbers[:2] == (start, end) and (captured is None or sorted(numbers[2]) == sorted(captured)):
            found.append(move)
    shown = f"{start}-{end}" if not captured else "x".join(map(str, [start, end, *captured]))
    if len(found) != 1:
        legal = ", ".join(hub_move(move) for move in legal_moves(position))
        why = "is not legal" if not found else "fits several legal moves: name the squares taken"
        raise InputError(f"{{parameter}} {shown} {why} in {position.fen()} (legal: {legal})", parameter="move")
    return found[0]


def read_hub_move(text: str, position: Position) -> Move:
    """The legal move of ``position`` that Hub's ``text`` writes (``32-28``, ``28x19x23``; ``28x19`` when
    one capture goes from 28 to 19); InputError naming ``move`` otherwise."""
    if not isinstance(text, str) or not re.fullmatch(r"[0-9]{1,3}(-[0-9]{1,3}|(x[0-9]{1,3})+)", text.strip()):
        raise InputError("{parameter} must be written as Hub writes moves: 32-28, or 28x19x23 (start, end, "
                         "the squares taken)", parameter="move", value=text)
    numbers = [int(part) for part in re.split("[-x]", text.strip())]
    captured = numbers[2:] if "x" in text and len(numbers) > 2 else None if "x" in text else []
    return find_move(position, numbers[0], numbers[1], captured)


def pos_line(position: Position, history: Sequence[Move] = ()) -> str:
    """The ``pos`` line of ``position``: with ``history`` (the game's moves that led to it), the position
    before the game's last kings' quiet moves and those moves (``moves="..."``, as Hub sends them, so
    that the engine sees a position come again).

    >>> from boardpuzzles.draughts import Game
    >>> game = Game("W:WK46,31:BK1", "international", "31-27 1-7 46-41")
    >>> pos_line(game.position, game.moves)[-17:]
    'moves="1-7 46-41"'
    """
    tail = reversible_tail(position, history)
    if not tail:
        return hub_line("pos", pos=hub_position(position))
    return hub_line("pos", pos=hub_position(tail[0][0]), moves=" ".join(hub_move(move) for _, move in tail))


def _variant_value(rules: Variant, values: Sequence[str]) -> str | None:
    """The value of an engine's ``variant`` parameter that is ``rules`` (Scan calls international
    draughts ``normal``), if one is."""
    for value in values:
        if value == rules.name or (rules.name == "international" and value == "normal"):
            return value
    return None


def _kill(process: subprocess.Popen[str]) -> None:
    """End the engine's process, whatever state it is in."""
    if process.poll() is None:
        process.kill()
    process.wait()
    for stream in (process.stdin, process.stdout):
        if stream is not None:
            try:
                stream.close()
            except OSError:  # a pipe already broken by the engine's death
                pass


class HubEngine:
    """A draughts engine that speaks Hub, run as a program: a :class:`~.players.Player`.

    ``command`` is the program and its arguments (a list, or one string split as a shell would: Scan is
    ``"./scan hub"``), run in the folder ``cwd`` (Scan reads its ``data/`` there; default: the program's own
    folder when it is named by its path, else the current one). ``variant`` is the rule
    set it plays (default international, Hub's own); ``params`` are set before ``init`` (``{"book":
    "false"}``). ``timeout`` bounds every wait: the start, ``init``, and each move beyond the time given
    to think; past it, or when the program dies or breaks the protocol, the call raises
    :class:`~boardpuzzles.errors.EngineError` naming the engine and the program is ended. ``seconds``
    is the time per move when :meth:`choose` is given neither time nor depth.

    :meth:`close` (or a ``with`` block) ends the program; so does the engine's garbage collection.
    """

    def __init__(self, command: str | Sequence[str], variant: Variant | str = "international", *,
                 params: Mapping[str, str] | None = None, cwd: str | os.PathLike[str] | None = None,
                 timeout: float = TIMEOUT, seconds: float = 1.0) -> None:
        if isinstance(command, str):
            argv = shlex.split(command)
        else:
            argv = [os.fspath(checks.path(part, "command"))
                    for part in checks.items(command, "command", "a program and its arguments")]
        if not argv:
            raise InputError("{parameter} is empty: give the engine's program, say './scan hub'", parameter="command")
        if cwd is None and os.sep in argv[0]:  # a program named by its path runs in its own folder
            argv[0] = os.path.abspath(argv[0])
            cwd = os.path.dirname(argv[0])
        self.command = " ".join(map(str, argv))
        self.variant = get_variant(variant)
        numbered_squares(self.variant)
        self.timeout = check_seconds(timeout, "timeout")
        self.seconds = check_seconds(seconds, "seconds")
        wanted = dict(params or {})
        if not all(isinstance(key, str) and isinstance(value, str) for key, value in wanted.items()):
            raise InputTypeError("{parameter} must map parameter names to their values, both text", parameter="params",
                                 value=type(params).__name__)
        self.name = os.path.basename(str(argv[0]))
        #: what the engine's last search said: its ``info`` lines' depth, score (hundredths of a man), nodes,
        #: seconds and line of play, with the move it chose (None before a search)
        self.info: SearchInfo | None = None
        self._pondering: tuple[Position, str] | None = None
        #: the parameters the engine declared, by name: their ``param`` line's arguments
        self.params: dict[str, dict[str, str]] = {}
        self._errors = tempfile.TemporaryFile("w+", encoding="utf-8", errors="replace")
        try:
            self._process = subprocess.Popen(
                argv, cwd=cwd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self._errors, text=True,
                encoding="utf-8", errors="replace", bufsize=1,
            )
        except OSError as error:
            self._errors.close()
            raise EngineError(f"cannot start the engine '{self.command}': {error.strerror or error}") from None
        self._lines: queue.Queue[str | None] = queue.Queue()
        self._reader = threading.Thread(target=self._read_all, name=f"hub engine {self.name}", daemon=True)
        self._reader.start()
        self._finalizer = weakref.finalize(self, _kill, self._process)
        try:
            self._start(wanted)
        except BaseException:
            self.close()
            raise

    def _read_all(self) -> None:
        """The engine's lines into the queue as they come; None once it closes its output."""
        stream = self._process.stdout
        assert stream is not None
        try:
            for line in stream:
                self._lines.put(line[:MOST_LINE])
        except (OSError, ValueError):  # the pipe closed under the reader by close()
            pass
        self._lines.put(None)

    def _start(self, wanted: dict[str, str]) -> None:
        self._send("hub")
        while True:
            command, arguments = self._expect("the start (hub: its id and params up to wait)")
            if command == "id":
                named = " ".join(arguments[key] for key in ("name", "version") if arguments.get(key))
                self.name = named or self.name
            elif command == "param" and "name" in arguments:
                self.params[arguments["name"]] = arguments
            elif command == "wait":
                break
        declared = self.params.get("variant")
        if declared is not None:
            value = _variant_value(self.variant, declared.get("values", declared.get("value", "")).split())
            if value is None:
                raise self._failure(f"does not play {self.variant.name} draughts (its variants: "
                                    f"{declared.get('values', declared.get('value', ''))})", kill=True)
            wanted = {"variant": value, **wanted}  # the rule set first: other parameters may depend on it
        for name, value in wanted.items():
            if self.params.get(name, {}).get("value") != value:
                self._send(hub_line("set-param", name=name, value=value))
        self._send("init")
        while self._expect("init (ready)")[0] != "ready":
            pass

    def _send(self, line: str) -> None:
        stream = self._process.stdin
        try:
            assert stream is not None
            stream.write(line + "\n")
            stream.flush()
        except (OSError, ValueError):
            raise self._failure(f"stopped before it read '{line}'", kill=True) from None

    def _failure(self, what: str, kill: bool = False) -> EngineError:
        """The error that says the engine ``what``, with the end of what it wrote on standard error; with
        ``kill`` the program is ended first (it cannot be used any more)."""
        if kill:
            self._finalizer()
        status = self._process.poll()
        said = ""
        try:
            self._errors.seek(0)
            lines = [line.strip() for line in self._errors.read()[-2000:].splitlines() if line.strip()]
            said = f"; it said: {lines[-1]}" if lines else ""
        except (OSError, ValueError):  # the file closed by close()
            pass
        dead = f" (exit status {status})" if status is not None and not kill else ""
        return EngineError(f"the engine '{self.name}' ({self.command}) {what}{dead}{said}")

    def _expect(self, what: str, deadline: float | None = None,
                cancel: threading.Event | None = None) -> tuple[str, dict[str, str]]:
        """The engine's next line, read before ``deadline`` (default: ``timeout`` from now), parsed; an
        ``error`` line, silence, death or a line that is not Hub is an EngineError saying it happened
        during ``what``. Returns ``("", {})`` when ``cancel`` is set first."""
        got = self._next(what, time.monotonic() + self.timeout if deadline is None else deadline, cancel)
        if got is None:
            raise self._failure(f"did not answer {what} within {self.timeout:g} s of its time", kill=True)
        return got

    def _next(self, what: str, end: float, cancel: threading.Event | None) -> tuple[str, dict[str, str]] | None:
        """:meth:`_expect`, but None when ``end`` comes first."""
        while True:
            if cancel is not None and cancel.is_set():
                return "", {}
            left = end - time.monotonic()
            if left <= 0:
                return None
            try:
                line = self._lines.get(timeout=min(left, 0.05 if cancel is not None else left))
            except queue.Empty:
                continue
            if line is None:
                self._process.wait()
                raise self._failure(f"stopped during {what}")
            if not line.strip():
                continue
            try:
                command, arguments = parse_line(line)
            except InputError:
                raise self._failure(f"wrote a line that is not Hub during {what}: {line.strip()[:80]!r}",
                                    kill=True) from None
            if command == "error":
                raise self._failure(f"answered an error during {what}: {arguments.get('message', line.strip())}",
                                    kill=True)
            return command, arguments

    def _check(self, position: Position, seconds: float | None, depth: int | None) -> tuple[float | None, int | None]:
        """``position`` one this engine can search, ``seconds`` and ``depth`` checked; the engine running."""
        require_position(position)
        if position.variant != self.variant:
            raise InputError(f"{{parameter}} is a {position.variant.name} position: this engine plays "
                             f"{self.variant.name}", parameter="position", value=position.fen(), show_value=False)
        if not legal_moves(position):
            raise InputError("{parameter} has no legal move: the game is over", parameter="position",
                             value=position.fen(), show_value=False)
        if depth is not None:
            depth = checks.whole_number(depth, "depth", lo=1)
        if seconds is not None:
            seconds = check_seconds(seconds, "seconds")
        if self._process.poll() is not None or not self._finalizer.alive:
            raise self._failure("is not running")
        return seconds, depth

    def _level(self, seconds: float | None, depth: int | None) -> tuple[str, float | None]:
        """The ``level`` line of a search by ``seconds`` or ``depth`` (neither: the engine's ``seconds``), and
        the seconds it thinks (None: as long as the depth takes)."""
        think = self.seconds if seconds is None and depth is None else seconds
        limits: dict[str, str | float] = {} if depth is None else {"depth": depth}
        if think is not None:
            limits["move_time"] = f"{think:g}"
        return hub_line("level", **limits), think

    def choose(self, position: Position, seconds: float | None = None, depth: int | None = None,
               cancel: threading.Event | None = None, history: Sequence[Move] = ()) -> Move:
        """The engine's move in ``position`` (``pos`` with the game's last kings' moves from ``history``,
        ``level``, ``go think``, its ``done``): ``seconds`` to think (``level move-time``), or ``depth`` plies
        (``level depth``; the engine may then take as long as it needs, as long as it answers ``ping`` within
        ``timeout`` whenever it is silent that long), else the engine's ``seconds``. After :meth:`ponder` in
        the same position and limits, ``ponder-hit`` lets the engine go on with what it has found. What its
        ``info`` lines said is :attr:`info`, with the move and the answer it expects (``done ... ponder=``).
        Setting ``cancel`` sends ``stop``; the call then waits for ``done`` and raises
        :class:`~boardpuzzles.errors.Cancelled`."""
        seconds, depth = self._check(position, seconds, depth)
        level, think = self._level(seconds, depth)
        pondered, self._pondering = self._pondering, None
        if pondered is not None and pondered == (position, level):
            self._send("ponder-hit")
        else:
            if pondered is not None:
                self._search(pondered[0], cancel=None, stop_at=time.monotonic())  # its move is not wanted
            self._send(pos_line(position, history))
            self._send(level)
            self._send("go think")
        now = time.monotonic()
        done, stopped = self._search(position, cancel=cancel, limit=None if think is None else now + think)
        if stopped:
            raise Cancelled()
        if self.info is None or not self.info.pv:
            raise self._failure(f"ended its search in {position.fen()} with no move")
        return self.info.pv[0]

    def ponder(self, position: Position, seconds: float | None = None, depth: int | None = None,
               history: Sequence[Move] = ()) -> None:
        """Let the engine think in ``position`` while its opponent does (``go ponder``): ``position`` is the
        one the engine expects after its opponent's move (the second move of :attr:`info`'s ``pv``). The next
        :meth:`choose` in that position with the same ``seconds`` and ``depth`` sends ``ponder-hit`` (the
        engine's clock starts and it goes on with what it has found); in another, ``stop`` (the search
        pondered is thrown away). The call returns at once."""
        seconds, depth = self._check(position, seconds, depth)
        if self._pondering is not None:
            self._search(self._pondering[0], cancel=None, stop_at=time.monotonic())
        level, _ = self._level(seconds, depth)
        self._send(pos_line(position, history))
        self._send(level)
        self._send("go ponder")
        self._pondering = (position, level)

    def analyze(self, position: Position, seconds: float | None = None, depth: int | None = None,
                cancel: threading.Event | None = None, history: Sequence[Move] = (),
                on_info: Callable[[SearchInfo], None] | None = None) -> SearchInfo:
        """The engine's analysis of ``position`` (``go analyze``): it searches until ``seconds`` have passed
        or ``cancel`` is set (then this side sends ``stop``), or to ``depth`` (``level depth``); with none of
        them, until ``cancel`` (``level infinite``). Each ``info`` line is given to ``on_info`` as a
        :class:`~.engine.SearchInfo` (its score in hundredths of a man, its ``pv`` the moves read); the
        return is the last, with the move of the engine's ``done``. A silent engine is pinged as in
        :meth:`choose`."""
        seconds, depth = self._check(position, seconds, depth)
        if self._pondering is not None:
            self._search(self._pondering[0], cancel=None, stop_at=time.monotonic())
            self._pondering = None
        self._send(pos_line(position, history))
        self._send("level infinite" if depth is None else hub_line("level", depth=depth))
        self._send("go analyze")
        self._search(position, cancel=cancel, stop_at=None if seconds is None else time.monotonic() + seconds,
                     on_info=on_info)
        assert self.info is not None
        return self.info

    def _search(self, position: Position, cancel: threading.Event | None, limit: float | None = None,
                stop_at: float | None = None, on_info: Callable[[SearchInfo], None] | None = None,
                ) -> tuple[dict[str, str], bool]:
        """The lines of a search in ``position`` up to its ``done``: each ``info`` read into :attr:`info` (and
        given to ``on_info``). ``stop`` is sent when ``cancel`` is set or at ``stop_at``; the engine then has
        ``timeout`` to answer ``done``, and as long past ``limit``, the end of its time to think. Silent
        ``timeout`` seconds otherwise, it is sent ``ping`` and must answer within as long. Returns ``done``'s
        arguments and whether ``stop`` was sent (the move then read into :attr:`info` all the same)."""
        what = "a search (done move=...)"
        stopped = pinged = False
        self.info = None
        while True:
            now = time.monotonic()
            if not stopped and stop_at is not None and now >= stop_at:
                self._send("stop")
                stopped, limit = True, now
            end = now + self.timeout
            if limit is not None:
                end = min(end, limit + self.timeout)
            if stop_at is not None and not stopped:
                end = min(end, stop_at)
            got = self._next(what, end, None if stopped else cancel)
            if got is None:
                if stop_at is not None and not stopped and time.monotonic() >= stop_at:
                    continue
                if (limit is not None and time.monotonic() >= limit + self.timeout) or pinged:
                    raise self._failure(f"did not answer {'ping during ' if pinged else ''}{what} within "
                                        f"{self.timeout:g} s{'' if pinged else ' of its time'}", kill=True)
                self._send("ping")
                pinged = True
                continue
            command, arguments = got
            pinged = False
            if command == "":  # cancel was set: stop, then read the done that follows
                self._send("stop")
                stopped, limit = True, time.monotonic()
            elif command == "info":
                self.info = read_info(arguments, position)
                if on_info is not None:
                    on_info(self.info)
            elif command == "done":
                self.info = self._done(arguments, position, stopped)
                return arguments, stopped

    def _done(self, arguments: dict[str, str], position: Position, stopped: bool) -> SearchInfo | None:
        """What the search found, with ``done``'s move (and the answer it expects) first in its ``pv``; None when
        it gives no move after ``stop``."""
        if "move" not in arguments:
            if stopped:
                return None
            raise self._failure(f"ended its search in {position.fen()} with no move")
        try:
            move = read_hub_move(arguments["move"], position)
        except InputError as error:
            raise self._failure(f"answered a move that cannot be played: {error.worded('its move')}") from None
        last = self.info or SearchInfo(str(move), 0, 0, 0, 0.0)
        pv = last.pv if last.pv[:1] == (move,) else (move,)
        if len(pv) == 1 and arguments.get("ponder"):
            try:
                pv = (move, read_hub_move(arguments["ponder"], after(position, move)))
            except InputError:
                pass  # an answer that cannot be played is only a guess: left out
        return replace(last, move=str(move), pv=pv)

    def close(self) -> None:
        """End the engine: ``quit``, a moment for it to go, then the program killed if it has not. Safe to call
        twice."""
        if self._finalizer.alive:
            try:
                stream = self._process.stdin
                assert stream is not None
                stream.write("quit\n")
                stream.flush()
                self._process.wait(timeout=min(1.0, self.timeout))
            except (OSError, ValueError, subprocess.TimeoutExpired):
                pass
            self._finalizer()
        self._reader.join(timeout=self.timeout)
        self._errors.close()

    def __enter__(self) -> HubEngine:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"HubEngine({self.command!r}, variant={self.variant.name!r})"


def read_info(arguments: Mapping[str, str], position: Position) -> SearchInfo:
    """An ``info`` line's arguments as a :class:`~.engine.SearchInfo` of a search in ``position``: Scan's
    fields (``depth``, ``score`` in men, ``nodes``, ``time``, ``pv``) where they are given and read, the
    line of play as far as its moves can be played.

    >>> from boardpuzzles.draughts import Position
    >>> line = parse_line('info depth=9 score=-0.5 nodes=12 pv="32-28 19-23"')
    >>> info = read_info(line[1], Position("start", "international"))
    >>> info.depth, info.score, [str(move) for move in info.pv]
    (9, -50, ['32-28', '19-23'])
    """
    pv: list[Move] = []
    at = position
    for text in arguments.get("pv", "").split():
        try:
            move = read_hub_move(text, at)
        except InputError:
            break
        pv.append(move)
        at = after(at, move)

    def number(name: str, kind: Callable[[str], float]) -> float:
        try:
            return kind(arguments[name])
        except (KeyError, ValueError):
            return 0

    return SearchInfo(str(pv[0]) if pv else "", round(number("score", float) * 100), int(number("depth", int)),
                      int(number("nodes", int)), number("time", float), tuple(pv))


def check_seconds(value: Any, parameter: str) -> float:
    """``value`` as a number of seconds above 0; InputError naming ``parameter`` otherwise."""
    number = checks.real(value, parameter)
    if not number > 0:
        raise InputError("{parameter} must be a number of seconds above 0", parameter=parameter, value=value)
    return number


def info_line(info: SearchInfo) -> str:
    """A search's progress as Scan's ``info`` line writes it: the depth, the score in men, the positions
    searched, the seconds, the speed in millions of positions a second and the line of play (``pv``)."""
    speed = info.nodes / info.seconds / 1e6 if info.seconds > 0 else 0.0
    return hub_line("info", depth=info.depth, score=f"{info.score / 100:.2f}", nodes=info.nodes,
                    time=f"{info.seconds:.3f}", nps=f"{speed:.2f}", pv=" ".join(hub_move(move) for move in info.pv))


class _Server:
    """One player served over Hub: the lines read, a search at a time in a thread, the answers written."""

    def __init__(self, player: Player, output: IO[str], variant: Variant, name: str) -> None:
        self.player, self.output, self.variant, self.name = player, output, variant, name
        self.position = Position.initial(variant)
        self.history: list[Move] = []
        self.seconds: float | None = None
        self.depth: int | None = None
        self.search: threading.Thread | None = None
        self.cancel = threading.Event()
        #: a ``go ponder`` search's clock: its time starts at ``ponder-hit``
        self.clock: threading.Timer | None = None
        self.pondering = False
        #: whether the search is a ponder or an analysis, which ends only when told
        self.endless = False
        self.lock = threading.Lock()

    def write(self, line: str) -> None:
        """Write one line; an interface that has stopped reading is not answered (its input ends next)."""
        with self.lock:
            try:
                self.output.write(line + "\n")
                self.output.flush()
            except (OSError, ValueError):
                pass

    def wait(self) -> None:
        """Let the search running, if any, end (the protocol allows no other command during one)."""
        if self.search is not None:
            self.search.join()
            self.search = None
        if self.clock is not None:
            self.clock.cancel()
            self.clock = None

    def think(self, position: Position, history: list[Move], seconds: float | None, depth: int | None) -> None:
        """The search of one ``go``, run in its thread: the built-in engine's progress as ``info`` lines,
        the player's move as ``done`` (with the answer it expects, when it says one)."""
        try:
            if isinstance(self.player, Engine):
                move = self.player.choose(position, seconds=seconds, depth=depth, cancel=self.cancel,
                                          history=history, on_info=lambda info: self.write(info_line(info)))
                pv = self.player.info.pv if self.player.info is not None else ()
            else:
                move = self.player.choose(position, seconds=seconds, depth=depth, cancel=self.cancel,
                                          history=history)
                pv = ()
            if len(pv) > 1 and pv[0] == move:
                self.write(hub_line("done", move=hub_move(move), ponder=hub_move(pv[1])))
            else:
                self.write(hub_line("done", move=hub_move(move)))
        except Cancelled:
            self.write("done")  # stopped before it chose: a done with no move, as the protocol must have one
        except Exception as error:  # the player's failure said to the interface, never a dead server
            self.write(hub_line("error", message=str(error)))
            self.write("done")

    def line(self, text: str) -> bool:
        """Do what one line says; False once it says quit."""
        try:
            command, arguments = parse_line(text)
        except InputError as error:
            self.write(hub_line("error", message=str(error)))
            return True
        if command == "ping":
            self.write("pong")
            return True
        if command == "stop":
            self.cancel.set()
            return True
        if command == "ponder-hit":
            self.ponder_hit()
            return True
        if command == "quit":
            if self.endless:
                self.cancel.set()
            self.wait()
            return False
        self.wait()
        try:
            self.command(command, arguments)
        except InputError as error:
            self.write(hub_line("error", message=str(error)))
        return True

    def command(self, command: str, arguments: dict[str, str]) -> None:
        if command == "hub":
            self.write(hub_line("id", name=self.name, author="boardpuzzles"))
            names = ["normal" if self.variant.name == "international" else self.variant.name]
            self.write(hub_line("param", name="variant", value=names[0], type="enum", values=" ".join(names)))
            self.write("wait")
        elif command == "set-param" and arguments.get("name") == "variant":
            if _variant_value(self.variant, [arguments.get("value", "")]) is None:
                raise InputError(f"{{parameter}}: this player plays {self.variant.name}", parameter="variant",
                                 value=arguments.get("value", ""))
        elif command == "init":
            self.write("ready")
        elif command == "pos":
            position = (Position.initial(self.variant) if "pos" not in arguments
                        else read_hub_position(arguments["pos"], self.variant))
            history = []
            for text in arguments.get("moves", "").split():
                move = read_hub_move(text, position)
                history.append(move)
                position = after(position, move)
            self.position, self.history = position, history
            self.seconds = self.depth = None
        elif command == "level":
            self.level(arguments)
        elif command == "go":
            self.go(arguments)

    def go(self, arguments: dict[str, str]) -> None:
        """``go think``: a search in the level's limits; ``go analyze``, and ``go ponder`` until
        ``ponder-hit`` starts its clock: a search until ``stop`` (or the level's depth)."""
        if not legal_moves(self.position):
            raise InputError("{parameter} has no legal move: the game is over", parameter="pos",
                             value=hub_position(self.position))
        self.cancel = threading.Event()
        seconds, depth = self.seconds, self.depth
        self.pondering = "ponder" in arguments
        self.endless = self.pondering or "analyze" in arguments
        if self.endless:
            seconds, depth = None, depth or DEEPEST
        self.search = threading.Thread(target=self.think, args=(self.position, self.history, seconds, depth),
                                       name="hub search", daemon=True)
        self.search.start()

    def ponder_hit(self) -> None:
        """The move pondered was played: the search's time (the level's) starts now."""
        if self.pondering and self.search is not None and self.seconds is not None and self.clock is None:
            self.clock = threading.Timer(self.seconds, self.cancel.set)
            self.clock.daemon = True
            self.clock.start()
        self.pondering = False

    def level(self, arguments: dict[str, str]) -> None:
        """``level``: ``depth``, ``move-time``, or ``time`` spread over ``moves`` (30 when not given) plus
        ``inc``; ``infinite`` leaves the player its own choice."""
        try:
            if "depth" in arguments:
                self.depth = checks.whole_number(int(arguments["depth"]), "depth", lo=1)
            if "move-time" in arguments:
                self.seconds = float(arguments["move-time"])
            elif "time" in arguments:
                moves = max(1, int(arguments.get("moves", "30") or "30"))
                self.seconds = float(arguments["time"]) / moves + float(arguments.get("inc", "0") or "0")
        except ValueError:
            raise InputError("{parameter} must hold numbers: depth=12, move-time=1.5, time=60 moves=40",
                             parameter="level", value=hub_line("level", **arguments)) from None
        if self.seconds is not None and not self.seconds > 0:
            raise InputError("{parameter}: the time must be above 0", parameter="level", value=self.seconds)


def serve_hub(player: Player, input: IO[str], output: IO[str], variant: Variant | str = "international",
              name: str | None = None) -> None:
    """Let ``player`` be a Hub engine: read the interface's lines from ``input`` and answer on
    ``output`` until ``quit`` or the end of ``input``. The player chooses each move in a thread, so
    ``ping`` is answered and ``stop`` heard (it sets the player's ``cancel``) while it thinks; a stopped
    player that gives no move is answered ``done`` with no move. ``pos ... moves="..."`` gives the player
    those moves as its ``history``; ``go analyze`` and ``go ponder`` search until ``stop`` (a ponder
    until ``ponder-hit`` starts the level's time). The built-in :class:`~.engine.Engine` also writes an
    ``info`` line after each depth and the answer it expects in its ``done`` (``ponder=``). ``quit``
    lets a ``go think`` end and stops an analysis or a ponder; the end of ``input`` stops any search. A
    line that cannot be used is answered ``error message="..."``, and the server goes on. ``variant`` is
    the rule set served (declared as the ``variant`` parameter; Scan's name ``normal`` is
    international); ``name`` the ``id`` given (default: the player's)."""
    if not isinstance(player, Player):
        raise InputTypeError("{parameter} must be a Player (a name and choose())", parameter="player",
                             value=type(player).__name__)
    rules = get_variant(variant)
    numbered_squares(rules)
    server = _Server(player, output, rules, player.name if name is None else name)
    try:
        for text in iter(input.readline, ""):
            if text.strip() and not server.line(text):
                break
    finally:
        server.cancel.set()
        server.wait()
