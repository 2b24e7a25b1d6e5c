"""The web server: the home page, each puzzle's page and the JSON API, on Starlette and uvicorn.

Pages and their assets are read from the package once, when the app is made;
no request reads or writes a file.  A gate (:class:`Gate`) answers only requests
for the address served, from no page of another site: a web page the user opens
elsewhere can neither start work here nor, by DNS rebinding, read the answers.  Every API call runs in a worker
process (:mod:`.pool`), stopped when its client goes away or its time is up, its answer
streamed as it comes, so the event loop only waits and answers.
"""

from __future__ import annotations

import html
import ipaddress
import json
import logging
import re
import socket
import threading
import webbrowser
from collections.abc import AsyncIterator, Callable, Iterable
from contextlib import asynccontextmanager
from importlib import resources
from typing import Any

from starlette.applications import Starlette
from starlette.datastructures import Headers
from starlette.middleware import Middleware
from starlette.middleware.gzip import GZipMiddleware
from starlette.requests import Request
from starlette.responses import Response, StreamingResponse
from starlette.routing import Route
from starlette.types import ASGIApp, Receive, Scope, Send

from ..errors import BoardpuzzlesError, Cancelled, InputError, InternalError
from ..i18n import catalogue_script
from ..lessons import LESSONS
from ..registry import PUZZLES
from .api import JOB_SECONDS, REQUEST_SECONDS, Endpoint
from .params import MAX_QUERY, Query
from .pool import RETRY_SECONDS, Busy, Call, Pool, error_json, never

#: Seconds a connection may take to send a request's headers (from when it opens or its last answer)
HEADER_SECONDS = 10.0
#: The names this machine is reached by from itself; the host given to :func:`serve` is added
LOCAL_NAMES = ("127.0.0.1", "localhost", "[::1]")

#: The pages by their path: the home page, each puzzle's (from the registry), the lessons' index and each lesson.
PAGES = {"/": "index.html", **{puzzle.path: puzzle.page for puzzle in PUZZLES}, "/learn": "lessons.html",
         **{f"/learn/{name}": "lesson.html" for name in LESSONS}}
#: Every endpoint of every puzzle, by ``<puzzle>/<action>`` (from the registry).
ENDPOINTS: dict[str, Endpoint] = {f"{puzzle.name}/{action}": endpoint
                                  for puzzle in PUZZLES for action, endpoint in puzzle.web_endpoints().items()}
CONTENT_TYPES = {".html": "text/html; charset=utf-8", ".js": "text/javascript; charset=utf-8",
                 ".css": "text/css; charset=utf-8", ".svg": "image/svg+xml", ".png": "image/png"}
SECURITY_HEADERS = {
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data: blob:; style-src 'self'; "
                               "object-src 'none'; base-uri 'none'; frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}

log = logging.getLogger("boardpuzzles.web")


def _assets() -> dict[str, tuple[bytes, str]]:
    """Every file of the package's ``static`` folder: its bytes and content type, by name."""
    found = {}
    for entry in resources.files(__package__).joinpath("static").iterdir():
        suffix = entry.name[entry.name.rfind("."):]
        if entry.is_file() and suffix in CONTENT_TYPES:
            found[entry.name] = (entry.read_bytes(), CONTENT_TYPES[suffix])
    return found


def _html_text(text: str) -> str:
    """Plain text as HTML, its backquoted words as code."""
    return re.sub(r"`([^`]+)`", r"<code>\1</code>", html.escape(text, quote=False))


def _nav(current: str) -> str:
    """The header's links: the home page (from the others) and every puzzle's page, the one shown marked."""
    links = [] if current == "/" else ['<a href="/" data-t="nav.home">Home</a>']
    for puzzle in PUZZLES:
        mark = ' aria-current="page"' if puzzle.path == current else ""
        links.append(f'<a href="{puzzle.path}"{mark} data-t="puzzle.{puzzle.name}.title">{_html_text(puzzle.title)}</a>')
    return "".join(links)


def _cards() -> str:
    """The home page's cards: each puzzle's title and what its page shows."""
    return "\n".join(f'<a href="{puzzle.path}"><h2 data-t="puzzle.{puzzle.name}.title">{_html_text(puzzle.title)}</h2>'
                     f'<span data-t-html="puzzle.{puzzle.name}.summary">{_html_text(puzzle.summary)}</span></a>'
                     for puzzle in PUZZLES)


def _examples() -> str:
    """One call of the API per puzzle, as links: "a, b or c"."""
    links = [f'<a href="{html.escape(puzzle.example)}">{_html_text(puzzle.example)}</a>' for puzzle in PUZZLES]
    return links[0] if len(links) == 1 else ", ".join(links[:-1]) + ' <span data-t="home.or">or</span> ' + links[-1]


def page_html(template: str, path: str) -> str:
    """A page's HTML with the registry's puzzles in its slots (``<!--puzzles:nav-->``, ``<!--puzzles:cards-->``,
    ``<!--puzzles:examples-->``), and the catalogue of strings in ``<!--catalogue-->``: adding a puzzle changes
    no other page."""
    slots = {"nav": lambda: _nav(path), "cards": _cards, "examples": _examples, "catalogue": catalogue_script}
    return re.sub(r"<!--(?:puzzles:)?([a-z]+)-->", lambda found: slots[found.group(1)](), template)


def _json(payload: Any, status: int = 200, headers: dict[str, str] | None = None) -> Response:
    """JSON as the command prints it with --json (the same text, byte for byte)."""
    return Response(json.dumps(payload) + "\n", status_code=status, media_type="application/json",
                    headers={**SECURITY_HEADERS, **(headers or {})})


def _error(error: BoardpuzzlesError) -> Response:
    return _json(error_json(error), 400)


class Server:
    """The app's state: its pages and assets, and the worker processes that do the API's work (:mod:`.pool`)."""

    def __init__(self, say: Callable[[str], None] | None = None) -> None:
        self.pool = Pool(say)
        self.assets = _assets()
        self.pages = {path: page_html(self.assets[name][0].decode("utf-8"), path).encode("utf-8")
                      for path, name in PAGES.items()}

    @property
    def running(self) -> set[Call]:
        """The calls at work, even those whose client is gone, until their worker has stopped."""
        return self.pool.running

    def stop(self) -> None:
        """End all work in progress: every worker is killed."""
        self.pool.stop()

    async def page(self, request: Request) -> Response:
        return Response(self.pages[request.url.path], media_type=CONTENT_TYPES[".html"], headers=SECURITY_HEADERS)

    async def asset(self, request: Request) -> Response:
        found = self.assets.get(request.path_params["name"])
        if found is None:
            return _json({"error": f"no asset {request.path_params['name'][:60]!r}"}, 404)
        body, kind = found
        return Response(body, media_type=kind, headers={**SECURITY_HEADERS, "Cache-Control": "no-cache"})

    async def api(self, request: Request) -> Response:
        name = f"{request.path_params['puzzle']}/{request.path_params['action']}"
        endpoint = ENDPOINTS.get(name)
        if endpoint is None:
            return _json({"error": f"no endpoint /api/{name[:60]}: there are " +
                          ", ".join("/api/" + known for known in ENDPOINTS)}, 404)
        if len(request.url.query) > MAX_QUERY:
            return _json({"error": f"the query is too long: at most {MAX_QUERY} characters"}, 400)
        try:
            query = Query(request.query_params.multi_items(), endpoint.fields)
        except InputError as error:
            return _error(error)
        events = endpoint.job and "text/event-stream" in request.headers.get("accept", "")
        try:
            call = await self.pool.call(endpoint, query, JOB_SECONDS if endpoint.job else REQUEST_SECONDS, endpoint.job)
        except Busy as busy:
            return _json({"error": str(busy)}, 503, {"Retry-After": str(RETRY_SECONDS)})
        if events:
            return StreamingResponse(self._events(call), media_type="text/event-stream",
                                     headers={**SECURITY_HEADERS, "Cache-Control": "no-cache"})
        try:
            while (message := await call.next(request.is_disconnected))[0] != "head":
                pass  # progress: for events only
        except Cancelled:
            return _json({"error": "cancelled: the client went away"}, 499)
        except InternalError as error:
            return _json({"error": str(error)}, 500)
        except BoardpuzzlesError as error:
            return _error(error)
        _, status, media = message
        return StreamingResponse(call.body(), status_code=status, media_type=media, headers=SECURITY_HEADERS)

    async def _events(self, call: Call) -> AsyncIterator[str]:
        """A job as server-sent events: ``progress`` now and then, then ``result`` or ``error``."""
        try:
            while (message := await call.next(never))[0] == "progress":  # the response hears its client leave
                yield f"event: progress\ndata: {json.dumps(message[1])}\n\n"
            answer = "".join([piece async for piece in call.body()]).strip()
            yield f"event: {'result' if message[1] == 200 else 'error'}\ndata: {answer}\n\n"
        except Cancelled:
            return
        except BoardpuzzlesError as error:
            yield f"event: error\ndata: {json.dumps(error_json(error))}\n\n"
        finally:
            call.close(False)


def _address(text: str) -> tuple[str, str]:
    """A ``Host`` header's name (an IPv6 address in brackets) and port (``""`` when none), lowercase."""
    text = text.strip().lower()
    if text.startswith("["):
        name, _, rest = text.partition("]")
        return f"{name}]", rest.removeprefix(":")
    name, _, port = text.partition(":")
    return name, port


class Gate:
    """The front gate: a request is answered only when its ``Host`` is an address served (the local names
    and the ``names`` given, with the port served), and it comes from no page of another site (an
    ``Origin``, when there is one, of those addresses too); else a 403 saying why.  A path with a trailing
    slash is redirected to the one without, by a path alone (never a URL built from ``Host``)."""

    def __init__(self, app: ASGIApp, names: Iterable[str] = ()) -> None:
        self.app = app
        self.names = set(LOCAL_NAMES) | {f"[{n}]" if ":" in n else n.lower() for n in names}

    def serves(self, address: str, port: int | None) -> bool:
        name, given = _address(address)
        return name in self.names and (port is None or given == str(port) or (given == "" and port == 80))

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = Headers(scope=scope)
        port = scope["server"][1] if scope.get("server") else None
        host, origin = headers.get("host", ""), headers.get("origin")
        refusal = None
        if not self.serves(host, port):
            served = ", ".join(sorted(self.names)) + (f" (port {port})" if port is not None else "")
            refusal = f"this server answers requests for {served} only, not for the Host {host[:60]!r}"
        elif origin is not None and not (origin.lower().startswith("http://") and self.serves(origin[7:], port)):
            refusal = f"a page of another site ({origin[:60]!r}) may not use this server"
        if refusal is not None:
            await _json({"error": refusal}, 403)(scope, receive, send)
            return
        path = scope["path"]
        if path != "/" and path.endswith("/"):
            query = scope.get("query_string", b"").decode("latin-1")
            location = "/" + path.strip("/") + (f"?{query}" if query else "")
            await Response(status_code=307, headers={**SECURITY_HEADERS, "Location": location})(scope, receive, send)
            return
        await self.app(scope, receive, send)


def create_app(hosts: Iterable[str] = (), say: Callable[[str], None] | None = None) -> Starlette:
    """The web app: the home page at ``/``, each puzzle's page at ``/<puzzle>``, the API at ``/api/<puzzle>/<action>``;
    it answers requests for the local names and ``hosts`` only (:class:`Gate`). ``say`` gets a line when the
    workers are slow to get ready (their kernels compile, on the first start after an install), and one when
    they are."""
    server = Server(say)

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        server.pool.warm()
        yield
        server.stop()

    routes = [Route(path, server.page) for path in PAGES]
    routes += [Route("/static/{name}", server.asset), Route("/api/{puzzle}/{action}", server.api)]
    # answers are gzipped when the client takes it (5,000 queens steps: 3.94 MB of JSON, 142 KB gzipped); the
    # server-sent events of a job are not, so that each reaches the page as it is sent
    app = Starlette(routes=routes, lifespan=lifespan, middleware=[Middleware(Gate, names=tuple(hosts)),
                                                                   Middleware(GZipMiddleware, minimum_size=1000)])
    app.router.redirect_slashes = False  # the gate redirects, by the path alone
    app.state.server = server
    return app


def http_protocol() -> type:
    """uvicorn's HTTP/1.1 protocol with a header timeout: a connection that has not sent a whole request's
    headers :data:`HEADER_SECONDS` after it opened or after its last answer is closed (uvicorn has no such
    option: a client sending a byte now and then would hold its connection for ever)."""
    from uvicorn.protocols.http.h11_impl import H11Protocol

    class Protocol(H11Protocol):
        def connection_made(self, transport: Any) -> None:
            super().connection_made(transport)
            self.header_timer = self.loop.call_later(HEADER_SECONDS, self.header_timeout)

        def on_response_complete(self) -> None:
            super().on_response_complete()
            self.header_timer.cancel()
            self.header_timer = self.loop.call_later(HEADER_SECONDS, self.header_timeout)

        def connection_lost(self, exc: Exception | None) -> None:
            self.header_timer.cancel()
            super().connection_lost(exc)

        def header_timeout(self) -> None:
            if self.cycle is None or self.cycle.response_complete:  # no request being answered
                self.transport.close()

    return Protocol


def is_local(host: str) -> bool:
    """True for a loopback address or ``localhost``."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def bind(host: str, port: int) -> socket.socket:
    """A listening socket on host:port (InputError naming host or port when that cannot be)."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (socket.gaierror, UnicodeError) as error:
        raise InputError(f"{{parameter}} {host!r} is not an address of this machine: {error}",
                         parameter="host") from None
    family, kind, _, _, address = infos[0]
    sock = socket.socket(family, kind)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind(address)
    except OSError as error:
        sock.close()
        raise InputError(f"cannot listen on {host}:{port}: {error.strerror or error}; give another {{parameter}}",
                         parameter="port") from None
    sock.listen(128)
    return sock


def serve(host: str = "127.0.0.1", port: int = 8000, open_browser: bool = False,
          say: Callable[[str], None] = print, ready: Callable[[str], None] | None = None) -> None:
    """Serve the pages and the API until Ctrl-C.

    ``say`` prints warnings and, unless ``ready`` is given, the address; ``ready(url)``
    receives the address once the socket listens (``serve --json`` prints it as JSON).
    """
    import uvicorn

    if not 0 <= port <= 65535:
        raise InputError("{parameter} must be 0..65535", parameter="port", value=port)
    sock = bind(host, port)
    port = sock.getsockname()[1]
    shown = f"[{host}]" if ":" in host else host
    url = f"http://{shown}:{port}/"
    if not is_local(host):
        say(f"warning: listening on {host}: anyone who can reach this machine on the network can use this server")
    if ready is not None:
        ready(url)
    else:
        say(f"boardpuzzles serving {url} (Ctrl-C stops it)")

    class Quiet(uvicorn.Server):
        """uvicorn, but Ctrl-C ends the run instead of being raised again once it has stopped."""

        def handle_exit(self, sig: int, frame: Any) -> None:
            self.force_exit = self.should_exit
            self.should_exit = True

    config = uvicorn.Config(create_app([host], say), log_level="warning", lifespan="on", timeout_graceful_shutdown=2,
                            http=http_protocol())
    if open_browser:
        threading.Timer(0.5, webbrowser.open, (url,)).start()
    Quiet(config).run(sockets=[sock])
    say("boardpuzzles: server stopped")
