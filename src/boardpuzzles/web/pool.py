"""The worker processes that do the API's work, and the bounds on that work.

Every API call runs in a worker process, never in the server's: the event loop only
waits and answers, and a call in plain Python (a seed's search watched step by step)
shares no interpreter lock with it, so cheap calls answer at once while heavy ones run.
A worker is forked from a fork server that has imported the library and run each
kernel the API uses once (:func:`warm_kernels`), so a new worker is ready in a few
milliseconds with every kernel compiled: none is compiled, or killed while it compiles,
in a worker.

Bounds:

* time: a request works at most its seconds (:data:`.api.REQUEST_SECONDS`, a job
  :data:`.api.JOB_SECONDS`), then its ``cancel`` is set and it answers "ask for less";
  when its client goes away, ``cancel`` is set at once.  The library hears ``cancel``
  between two chunks of work; a worker that has not stopped :data:`GRACE_SECONDS` later
  (a plain-Python look-ahead deep in one step) is killed and another takes its place.
* memory: a worker over :data:`MEMORY_MOST` bytes is killed and its call answered "ask for
  less"; one left over :data:`IDLE_MOST` after a call is retired.  The answer comes back
  from the worker in pieces of about :data:`PIECE_BYTES` and is streamed to the client as
  it comes (the worker waits while the client reads), never joined on the event loop.
* work at once: at most :data:`WORKERS` requests and :data:`JOB_WORKERS` jobs run at once;
  up to :data:`QUEUE_MOST` more wait for a worker, each at most :data:`QUEUE_SECONDS`;
  beyond, the call is refused (:class:`Busy`: HTTP 503 with ``Retry-After``).
"""

from __future__ import annotations

import asyncio
import json
import logging
import multiprocessing
import os
import queue
import signal
import threading
import time
from multiprocessing import forkserver
from urllib.parse import parse_qsl
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from multiprocessing.connection import Connection
from typing import Any

from ..errors import BoardpuzzlesError, Cancelled, InputError, InternalError, TooLong
from ..registry import find_puzzle
from .api import JOB_SECONDS, Endpoint, OverBudget, Work
from .params import Query

#: Requests that run at once, and jobs (counts), apart: a count never holds up a request.
WORKERS = 6
JOB_WORKERS = 2
#: Calls that may wait for a worker beyond those, and for how long; then 503, to try again after RETRY_SECONDS.
QUEUE_MOST = 64
QUEUE_SECONDS = 10.0
RETRY_SECONDS = 2
#: Seconds a worker has to stop once told to, before it is killed.
GRACE_SECONDS = 0.5
#: Seconds between two looks at a waiting call (its client, its time, its worker's memory).
POLL_SECONDS = 0.1
#: Memory (resident bytes) a worker may take while it works, and keep once done.
MEMORY_MOST = 768 << 20
IDLE_MOST = 320 << 20
#: Seconds the first worker may take before the server says that it is getting them ready (compiling).
NOTICE_SECONDS = 10.0
#: What it says then.
NOT_READY = ("boardpuzzles: getting the workers ready (on the first start after an install, the kernels the "
             "pages use compile: up to a few minutes); the pages load meanwhile, and their answers wait")
#: Workers kept ready when none works.
SPARE = 2
#: Characters of an answer sent from the worker at once.
PIECE_BYTES = 1 << 18
#: Seconds an answer may take to reach its client once it is made.
SEND_SECONDS = 60.0
#: Calls that run every kernel the API uses (on inputs large enough for the compiled kernel), in the fork server.
WARM = ("queens/solve?n=12&method=bitboard", "queens/count?n=13", "queens/complete?n=12&queens=a1",
        "knight/tour?board=40x40", "knight/tour?board=40x40&method=warnsdorff",
        "knight/tour?board=40x40&method=lookahead&lookahead=3", "knight/tour?board=40x40&closed=true",
        "knight/tour?board=6x6&method=backtrack", "knight/count?board=5x4", "knight/starts?board=5x5",
        "draughts/moves?position=start", "draughts/moves?position=start&variant=international",
        "draughts/perft?depth=6", "draughts/perft?depth=6&variant=international",
        "draughts/captures?fen=W:Wc3:Bd4,d6,f6,f4")
#: Set in the fork server's environment only: there, importing this module runs :func:`warm_kernels`.
WARM_VARIABLE = "BOARDPUZZLES_WARM_WORKERS"

log = logging.getLogger("boardpuzzles.web")


class Busy(BoardpuzzlesError):
    """More calls than the server runs at once and lets wait: try again in :data:`RETRY_SECONDS` s."""


def error_json(error: BoardpuzzlesError) -> dict[str, Any]:
    """An error as the API answers it: ``{"error": ...}`` and, for bad input, the field (named in the
    message too) and the allowed values.

    Work refused as too long (:class:`TooLong`) cannot be forced on the web: its message says to ask for less.
    """
    if isinstance(error, TooLong):
        problem = error.problem.replace("; pass {parameter} to run it anyway", "")
        return {"error": f"{problem}; the web server does not run work this long: ask for less",
                "parameter": None, "value": None, "allowed": None}
    if not isinstance(error, InputError):
        return {"error": str(error)}
    payload = error.to_json()
    if error.parameter and error.parameter not in payload["error"]:
        payload["error"] = f"{error.parameter}: {payload['error']}"  # the message names the field
    return payload


def over_time(seconds: float) -> OverBudget:
    return OverBudget(f"this needs more than the {seconds:.0f} s a request may work: ask for less")


def over_memory() -> OverBudget:
    return OverBudget(f"this needs more than the {MEMORY_MOST >> 20} MiB a request may take: ask for less")


# ---------------------------------------------------------------------------- in the worker


def answer_pieces(answer: Any) -> Iterator[str]:
    """An endpoint's answer as the text the API sends, in pieces of about :data:`PIECE_BYTES`:
    JSON and a newline, or for a list JSON Lines."""
    if not isinstance(answer, list):
        yield json.dumps(answer) + "\n"
        return
    piece: list[str] = []
    size = 0
    for line in answer:
        text = json.dumps(line) + "\n"
        piece.append(text)
        size += len(text)
        if size >= PIECE_BYTES:
            yield "".join(piece)
            piece, size = [], 0
    if piece:
        yield "".join(piece)


def _answer(send: Callable[[tuple[Any, ...]], None], endpoint: Endpoint, query: Query, work: Work,
            expired: threading.Event) -> None:
    """Run one call and send its messages: ``progress`` reports, then ``head`` (status, media type),
    the ``body`` in pieces and ``end``; or ``cancelled`` (stopped for its client, not ``expired``)."""
    try:
        answer = work.run(endpoint, query)
    except Cancelled:
        if not expired.is_set() and not work.over():
            send(("cancelled",))
            return
        answer, status = error_json(over_time(work.seconds)), 400
    except BoardpuzzlesError as error:
        answer, status = error_json(error), 400
    except Exception as error:  # a bug: one line on the wire, the traceback in the server's log
        log.exception("%s failed", endpoint.run.__name__)
        answer, status = {"error": f"internal error in {endpoint.run.__name__}: {type(error).__name__}"}, 500
    else:
        status = 200
    send(("head", status, "application/x-ndjson" if isinstance(answer, list) else "application/json"))
    for piece in answer_pieces(answer):
        send(("body", piece))
    send(("end",))


def work_loop(tasks: Connection, results: Connection) -> None:
    """A worker's life: run each call it is given (``("run", number, endpoint, query, seconds)``), and
    hear ``("cancel", number)`` meanwhile; end when the server closes ``tasks`` (or is gone)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the server's: it ends its workers
    todo: queue.Queue[tuple[Any, ...]] = queue.Queue()
    cancel = threading.Event()
    current = [0]

    def listen() -> None:
        while True:
            try:
                message = tasks.recv()
            except (EOFError, OSError):
                os._exit(0)  # nothing of the call is worth keeping
            if message[0] == "run":  # the server sends a call once the one before has ended
                current[0] = message[1]
                cancel.clear()
                todo.put(message)
            elif message[1] == current[0]:
                cancel.set()

    threading.Thread(target=listen, name="boardpuzzles-listen", daemon=True).start()

    def send(message: tuple[Any, ...]) -> None:
        results.send(message)

    while True:
        _, _, endpoint, query, seconds = todo.get()
        expired = threading.Event()  # the time is up (not the client gone), whatever the work's own clock says

        def expire() -> None:
            expired.set()
            cancel.set()

        timer = threading.Timer(seconds, expire)
        timer.start()
        try:
            _answer(send, endpoint, query, Work(cancel, seconds, lambda payload: send(("progress", payload))), expired)
        finally:
            timer.cancel()


def warm_kernels() -> None:
    """Run each call of :data:`WARM`, so that every kernel the API uses is compiled (or loaded from
    numba's cache) in this process."""
    for path in WARM:
        name, _, fields = path.partition("?")
        puzzle, action = name.split("/")
        endpoint = find_puzzle(puzzle).web_endpoints()[action]
        endpoint.run(Query(parse_qsl(fields), endpoint.fields), Work(threading.Event(), JOB_SECONDS))


# ---------------------------------------------------------------------------- in the server


def _context() -> Any:
    """Processes forked from a fork server that has the library loaded and its kernels compiled
    (``spawn``, each worker on its own, where there is no ``forkserver``)."""
    if "forkserver" not in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("spawn")
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload([__name__])
    os.environ[WARM_VARIABLE] = "1"
    try:
        forkserver.ensure_running()
    finally:
        del os.environ[WARM_VARIABLE]
    return context


#: The message :meth:`Worker.receive` gives when none came in time.
NOTHING = ("nothing",)


async def never() -> bool:
    """A client that never goes away (one whose leaving the response hears itself)."""
    return False


class Worker:
    """One worker process: the pipe its calls go down, the pipe its messages come up."""

    def __init__(self, context: Any) -> None:
        tasks, self.tasks = context.Pipe(duplex=False)
        self.results, results = context.Pipe(duplex=False)
        self.process = context.Process(target=work_loop, args=(tasks, results), name="boardpuzzles-worker",
                                       daemon=True)
        self.process.start()
        tasks.close()
        results.close()

    async def receive(self, timeout: float) -> tuple[Any, ...]:
        """The worker's next message, or :data:`NOTHING` after ``timeout`` seconds; EOFError when it died."""
        if not self.results.poll():
            loop = asyncio.get_running_loop()
            ready = loop.create_future()
            descriptor = self.results.fileno()

            def readable() -> None:
                if not ready.done():
                    ready.set_result(None)

            loop.add_reader(descriptor, readable)
            try:
                await asyncio.wait_for(ready, timeout)
            except TimeoutError:
                return NOTHING
            finally:
                loop.remove_reader(descriptor)
        message: tuple[Any, ...] = self.results.recv()
        return message

    def memory(self) -> int:
        """Resident bytes of the process (0 where /proc cannot tell)."""
        try:
            with open(f"/proc/{self.process.pid}/statm", "rb") as statm:
                return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
        except (OSError, ValueError, IndexError):
            return 0

    def kill(self) -> None:
        """End the process at once, wherever it is."""
        self.process.kill()
        self.process.join()
        self.tasks.close()
        self.results.close()


class Call:
    """One call given to a worker: its messages as they come (:meth:`next`), and its end (:meth:`close`)."""

    def __init__(self, pool: Pool, worker: Worker, number: int, seconds: float, job: bool) -> None:
        self.pool, self.worker, self.number, self.seconds, self.job = pool, worker, number, seconds, job
        self.started = time.monotonic()
        self.kill_at = self.started + seconds + GRACE_SECONDS
        self.told = False
        self.done = False
        self.looked = self.started

    def tell(self) -> None:
        """Tell the worker to stop; it is killed if it has not within :data:`GRACE_SECONDS`."""
        if not self.told and not self.done:
            self.told = True
            self.worker.tasks.send(("cancel", self.number))
            self.kill_at = min(self.kill_at, time.monotonic() + GRACE_SECONDS)

    async def next(self, gone: Callable[[], Awaitable[bool]]) -> tuple[Any, ...]:
        """The worker's next message (``progress``, ``head``, ``body``, ``end``), meanwhile telling it to stop
        when ``gone()`` (its client left), and killing it past its time or its memory.  Raises Cancelled when
        it stopped for its client, :class:`.api.OverBudget` when it was killed for its time or memory."""
        while True:
            now = time.monotonic()
            if now >= self.looked + POLL_SECONDS:
                self.looked = now
                await self.look(gone)
            try:
                message = await self.worker.receive(POLL_SECONDS)
            except (EOFError, OSError):
                self.close(False)
                raise InternalError("internal error: the worker stopped") from None
            if message[0] == "cancelled":
                self.close(True)
                raise Cancelled()
            if message[0] == "end":
                self.close(True)
            if message is not NOTHING:
                return message

    async def look(self, gone: Callable[[], Awaitable[bool]]) -> None:
        """Tell the worker to stop when ``gone()``; kill it past its time or its memory (and raise)."""
        if not self.told and await gone():
            self.tell()
        if self.worker.memory() > MEMORY_MOST:
            self.close(False)
            raise over_memory()
        if time.monotonic() > self.kill_at:
            self.close(False)
            if self.told:
                raise Cancelled()
            raise over_time(self.seconds)

    async def body(self) -> AsyncIterator[str]:
        """The answer's pieces, as the worker sends them; the worker is killed when the client leaves
        (the response stops reading) or the answer takes over :data:`SEND_SECONDS` to go out."""
        self.kill_at = time.monotonic() + SEND_SECONDS
        try:
            while not self.done:
                message = await self.next(never)
                if message[0] == "body":
                    yield message[1]
        finally:
            self.close(False)

    def close(self, healthy: bool) -> None:
        """The call is over: its worker goes back to the pool (``healthy``: it finished) or is killed."""
        if self.done:
            return
        self.done = True
        self.pool.release(self, healthy)


class Pool:
    """The workers: those ready, those at work (:attr:`running`), and the calls waiting for one."""

    def __init__(self, say: Callable[[str], None] | None = None) -> None:
        #: where the server's lines go (the notice that the first worker is slow to start, and when it is ready)
        self.say = say
        self.context: Any = None
        self.starts = threading.Lock()  # the fork server is started once, by the first thread that needs it
        self.ready: list[Worker] = []
        self.running: set[Call] = set()
        self.starting = {False: 0, True: 0}
        self.waiting = 0
        self.turns: list[asyncio.Future[None]] = []  # the calls waiting for a worker, woken when one is free
        self.numbers = 0
        self.warming = False
        self.stopped = False

    def _worker(self) -> Worker:
        with self.starts:
            if self.context is None:
                self.context = _context()
        return Worker(self.context)

    def warm(self) -> None:
        """Start workers until :data:`SPARE` are ready, in a thread (the first starts the fork server,
        which takes seconds)."""
        if self.warming or self.stopped:
            return
        self.warming = True

        def start() -> None:
            notice, told, began = None, threading.Event(), time.monotonic()
            if self.say is not None and self.context is None:
                def tell() -> None:
                    told.set()
                    if self.say is not None:
                        self.say(NOT_READY)
                notice = threading.Timer(NOTICE_SECONDS, tell)
                notice.daemon = True
                notice.start()
            try:
                while len(self.ready) < SPARE and len(self.running) + len(self.ready) < WORKERS + JOB_WORKERS:
                    worker = self._worker()
                    if notice is not None:
                        notice.cancel()
                        notice = None
                        if told.is_set() and self.say is not None:
                            self.say(f"boardpuzzles: the workers are ready ({time.monotonic() - began:.0f} s)")
                    if self.stopped:
                        worker.kill()
                        return
                    self.ready.append(worker)
            finally:
                self.warming = False

        threading.Thread(target=start, name="boardpuzzles-warm", daemon=True).start()

    def busy(self, job: bool) -> int:
        """Calls that run (or whose worker starts), requests or jobs."""
        return self.starting[job] + sum(1 for call in self.running if call.job == job)

    async def call(self, endpoint: Endpoint, query: Query, seconds: float, job: bool) -> Call:
        """Give the call to a worker, once one is free; :class:`Busy` when too many wait, or it waited too long."""
        most = JOB_WORKERS if job else WORKERS
        if self.busy(job) >= most:
            if self.waiting >= QUEUE_MOST:
                raise Busy(f"the server is busy: {len(self.running)} calls run and {self.waiting} wait; "
                           f"try again in {RETRY_SECONDS} s")
            self.waiting += 1
            try:
                until = time.monotonic() + QUEUE_SECONDS
                while self.busy(job) >= most:
                    if time.monotonic() > until:
                        raise Busy(f"the server is busy: {len(self.running)} calls run, and this one waited "
                                   f"{QUEUE_SECONDS:.0f} s for its turn; try again in {RETRY_SECONDS} s")
                    turn = asyncio.get_running_loop().create_future()
                    self.turns.append(turn)
                    try:
                        await asyncio.wait_for(turn, until - time.monotonic())
                    except TimeoutError:
                        pass
            finally:
                self.waiting -= 1
        self.starting[job] += 1
        try:
            worker = self.ready.pop() if self.ready else await asyncio.to_thread(self._worker)
        finally:
            self.starting[job] -= 1
        self.warm()
        self.numbers += 1
        call = Call(self, worker, self.numbers, seconds, job)
        self.running.add(call)
        try:
            worker.tasks.send(("run", call.number, endpoint, query, seconds))
        except OSError:  # the worker died while it was ready
            call.close(False)
            raise InternalError("internal error: a worker stopped; try again") from None
        return call

    def release(self, call: Call, healthy: bool) -> None:
        """Take back the worker of a call that is over (ready for the next one, or killed), and wake the
        calls that wait for their turn."""
        self.running.discard(call)
        turns, self.turns = self.turns, []
        for turn in turns:
            if not turn.done():
                turn.set_result(None)
        worker = call.worker
        if healthy and not self.stopped and worker.memory() <= IDLE_MOST:
            self.ready.append(worker)
        else:
            worker.kill()

    def stop(self) -> None:
        """Kill every worker, at work or not."""
        self.stopped = True
        for call in list(self.running):
            call.close(False)
        while self.ready:
            self.ready.pop().kill()


if os.environ.get(WARM_VARIABLE):  # imported by the fork server, before it forks the first worker
    warm_kernels()
