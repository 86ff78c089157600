"""``sgs serve``: the tables of :mod:`sgscore.serve.tables` over HTTP and WebSocket, on the
``websockets`` library (the ``serve`` extra).

One process, one thread: every message is handled in the event loop, one after another, so a
table changes in one place at a time. The page at ``/`` is self-contained (``page.html``); a
table's page is ``/t/ID`` (a seat's link carries its token in the address's fragment, which the
browser never sends to the server in a request line); its finished replay downloads from
``/t/ID/replay.mp``; the page talks JSON over the WebSocket at ``/ws`` (docs/serve.md lists the
messages). What nobody may send is refused with an error message and changes nothing: a message
that is not a JSON object, longer than :data:`MAX_MESSAGE` bytes or beyond :data:`RATE` a
second, an unknown ``op``, an answer from a seat not asked or not legal (the engine's check).
A WebSocket from a page of another site (its ``Origin`` not this server's) is refused.
"""

from __future__ import annotations

import asyncio
import json
import signal
import time
from collections.abc import Callable
from http import HTTPStatus
from importlib.resources import files
from typing import Any

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.datastructures import Headers
from websockets.exceptions import ConnectionClosed
from websockets.http11 import Request, Response

from ..core.engine import EngineError
from ..core.games import game_ids, get_game
from ..core.protocol import GameFinished, IllegalChoice
from ..core.spec import LANGS
from ..replay.viewer import table_js
from .tables import PERSON, SPECTATOR, Table, TableError, Tables, Viewer, option_form

__all__ = ["MAX_MESSAGE", "RATE", "Hub", "run", "start"]

MAX_MESSAGE = 64 * 1024
"""The longest message a client may send (bytes); a longer one is answered with an error."""
RATE = 20
"""Messages a second a client may send on average (bursts of twice as many); the rest are
answered with an error and not read."""
_BURST = 2 * RATE
_PAGE_CSP = ("default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; "
             "connect-src 'self'; img-src data:; base-uri 'none'; form-action 'none'")


def page_html() -> bytes:
    """The page: the lobby at ``/`` and a table at ``/t/ID`` (one file, self-contained), with
    the replay viewer's drawing of a table embedded (``sgscore/replay/table.js``)."""
    page = files("sgscore.serve").joinpath("page.html").read_text(encoding="utf-8")
    return page.replace("/*SGS-TABLE-JS*/", table_js(), 1).encode("utf-8")


class _Client:
    """One WebSocket: what it watches (a table as one seat or as a spectator) and its budget of
    messages (a token bucket refilled at :data:`RATE` a second)."""

    def __init__(self, ws: ServerConnection, clock: Callable[[], float]) -> None:
        self.ws = ws
        self.viewer: Viewer | None = None
        self.clock = clock
        self.budget = float(_BURST)
        self.at = clock()

    def spend(self) -> bool:
        now = self.clock()
        self.budget = min(float(_BURST), self.budget + (now - self.at) * RATE)
        self.at = now
        if self.budget < 1:
            return False
        self.budget -= 1
        return True


class Hub:
    """The server's state: the tables of its folder and who watches which."""

    def __init__(self, folder: str, *, max_tables: int = 1000,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.tables = Tables(folder, max_tables=max_tables)
        self.clients: dict[_Client, None] = {}  # connected, in the order they came
        self.clock = clock
        self.timers: dict[str, asyncio.TimerHandle] = {}  # a table's time limit running

    # ------------------------------------------------------------------ HTTP
    def http(self, connection: ServerConnection, request: Request) -> Response | None:
        """Answer a plain HTTP request (the page, a replay); None lets a WebSocket through."""
        path = request.path.split("?", 1)[0]
        if path == "/ws":
            origin = request.headers.get("Origin")
            host = request.headers.get("Host")
            if origin is not None and origin.split("://", 1)[-1] != host:
                return _response(HTTPStatus.FORBIDDEN, b"a page of another site may not "
                                 b"connect here\n", "text/plain; charset=utf-8")
            return None
        if path == "/" or (path.startswith("/t/") and path.count("/") == 2):
            return _response(HTTPStatus.OK, page_html(), "text/html; charset=utf-8",
                             csp=_PAGE_CSP)
        if path.startswith("/t/") and path.endswith("/replay.mp") and path.count("/") == 3:
            table = self.tables.get(path.split("/")[2])
            if table is None:
                return _response(HTTPStatus.NOT_FOUND, b"no such table\n",
                                 "text/plain; charset=utf-8")
            if not table.over:
                return _response(HTTPStatus.FORBIDDEN, b"the game is not over: its replay "
                                 b"would show every hidden card\n", "text/plain; charset=utf-8")
            with open(table.replay_path, "rb") as f:
                body = f.read()
            resp = _response(HTTPStatus.OK, body, "application/octet-stream")
            resp.headers["Content-Disposition"] = f'attachment; filename="{table.id}.mp"'
            return resp
        return _response(HTTPStatus.NOT_FOUND, b"not found\n", "text/plain; charset=utf-8")

    # ------------------------------------------------------------------ WebSocket
    async def handle(self, ws: ServerConnection) -> None:
        client = _Client(ws, self.clock)
        self.clients[client] = None
        try:
            async for message in ws:
                if not client.spend():
                    await _send(ws, _error("too many messages: at most "
                                           f"{RATE} a second (this one was not read)"))
                    continue
                for target, out in self.receive(client, message):
                    await _send(target.ws, out)
        except ConnectionClosed:
            pass
        finally:
            self.clients.pop(client, None)

    def receive(self, client: _Client, message: str | bytes) -> list[tuple[_Client, dict[str, Any]]]:
        """What to send to whom for one message of ``client``: an error to it alone, or the
        new state of a table to each of its viewers."""
        size = len(message) if isinstance(message, bytes) else len(message.encode("utf-8"))
        if size > MAX_MESSAGE:
            return [(client, _error(f"message too long: at most {MAX_MESSAGE} bytes"))]
        try:
            data = json.loads(message)
        except (ValueError, RecursionError):
            return [(client, _error("not JSON: each message is one JSON object"))]
        if not isinstance(data, dict):
            return [(client, _error("each message is one JSON object, with an \"op\""))]
        op = data.get("op")
        try:
            if op == "games":
                return [(client, self._games())]
            if op == "create":
                return [(client, self._create(data))]
            if op == "list":
                return [(client, {"type": "tables", "tables": self.tables.listing()})]
            if op in ("join", "watch"):
                return self._join(client, data, op == "join")
            if op == "answer":
                return self._answer(client, data)
        except TableError as e:
            return [(client, _error(str(e)))]
        return [(client, _error(f"unknown op {str(op)[:40]!r} (games, create, list, join, "
                                "watch, answer)"))]

    def _games(self) -> dict[str, Any]:
        out = []
        for gid in game_ids():
            spec = get_game(gid)
            assert spec is not None
            out.append({"id": gid, "title": dict(spec.title), "agents": list(spec.agent_kinds()),
                        "options": option_form(spec)})
        return {"type": "games", "games": out, "person": PERSON}

    def _create(self, data: dict[str, Any]) -> dict[str, Any]:
        table = self.tables.create(data.get("game"), data.get("config", {}), data.get("seats"),
                                   seed=data.get("seed"), lang=data.get("lang", "en"),
                                   time_limit=data.get("time_limit"),
                                   fallback=data.get("fallback"), options=data.get("options"))
        self.arm(table)
        return {"type": "created", "table": table.id, "watch": f"/t/{table.id}",
                "seats": [{"seat": s, "kind": k,
                           "link": (f"/t/{table.id}#seat={s}&token={table.tokens[s]}"
                                    if s in table.tokens else None)}
                          for s, k in enumerate(table.seats)]}

    # ------------------------------------------------------------------ time limits
    def arm(self, table: Table) -> None:
        """Start the time limit of the person ``table`` asks now (a table with a limit)."""
        old = self.timers.pop(table.id, None)
        if old is not None:
            old.cancel()
        limit, seat = table.limit, table.asked()
        if limit is None or seat is None or seat not in table.tokens:
            return
        self.timers[table.id] = asyncio.get_running_loop().call_later(
            limit, self._expire, table, seat, table.version)

    def _expire(self, table: Table, seat: int, version: int) -> None:
        """The limit is reached: unless the person answered meanwhile, the table's agent
        answers for them, and every viewer is told."""
        self.timers.pop(table.id, None)
        if table.version != version or table.asked() != seat:
            return
        try:
            table.time_out(seat)
        except EngineError:
            pass  # the game stopped: its state says so
        self.tables.settle(table)
        for client, out in self._states(table):
            asyncio.get_running_loop().create_task(_send(client.ws, out))
        self.arm(table)

    def _join(self, client: _Client, data: dict[str, Any], seat_wanted: bool
              ) -> list[tuple[_Client, dict[str, Any]]]:
        table = self.tables.get(data.get("table"))
        if table is None:
            raise TableError("no such table")
        lang = data.get("lang", table.lang)
        if lang not in LANGS:
            raise TableError(f"lang: one of {', '.join(LANGS)}")
        seat = SPECTATOR
        if seat_wanted:
            found = table.seat_of(data.get("token"))
            if found is None:
                raise TableError("this token is no seat's of this table")
            seat = found
        client.viewer = table.viewer(seat, lang)
        return [(client, table.state(client.viewer))]

    def _answer(self, client: _Client, data: dict[str, Any]
                ) -> list[tuple[_Client, dict[str, Any]]]:
        viewer = client.viewer
        if viewer is None or viewer.seat < 0:
            raise TableError("join a table with a seat's token first")
        table = viewer.table
        if "choice" not in data:
            raise TableError("an answer has a \"choice\"")
        try:
            table.answer(viewer.seat, data["choice"])
        except IllegalChoice as e:
            return [(client, _error(f"not a legal answer ({e.code}): {e}"))]
        except GameFinished as e:
            return [(client, _error(str(e)))]
        except EngineError:
            pass  # the game stopped: everyone is told (its state has the error)
        self.tables.settle(table)
        self.arm(table)
        return self._states(table)

    def _states(self, table: Table) -> list[tuple[_Client, dict[str, Any]]]:
        return [(c, table.state(c.viewer)) for c in self.clients
                if c.viewer is not None and c.viewer.table is table]

    def close(self) -> None:
        for timer in self.timers.values():
            timer.cancel()
        self.timers.clear()
        self.tables.close()


def _error(message: str) -> dict[str, Any]:
    return {"type": "error", "message": message}


async def _send(ws: ServerConnection, out: dict[str, Any]) -> None:
    try:
        await ws.send(json.dumps(out, ensure_ascii=False))
    except ConnectionClosed:
        pass


def _response(status: HTTPStatus, body: bytes, content_type: str, *, csp: str | None = None
              ) -> Response:
    headers = Headers()
    headers["Content-Type"] = content_type
    headers["Content-Length"] = str(len(body))
    headers["X-Content-Type-Options"] = "nosniff"
    headers["Cache-Control"] = "no-store"
    if csp is not None:
        headers["Content-Security-Policy"] = csp
    return Response(status.value, status.phrase, headers, body)


async def start(hub: Hub, host: str, port: int) -> Server:
    """Listen on ``host``:``port`` (port 0: any free one; ``server.sockets`` tells which), the
    time limits of the tables played on from the folder running again."""
    server = await serve(hub.handle, host, port, process_request=hub.http,
                         max_size=4 * MAX_MESSAGE, max_queue=64, compression=None)
    for table in list(hub.tables.tables.values()):
        hub.arm(table)
    return server


def run(folder: str, host: str = "127.0.0.1", port: int = 8000,
        ready: Callable[[str], None] | None = None) -> None:
    """Serve the tables of ``folder`` until interrupted (Ctrl-C or SIGTERM), then save every
    unfinished table (a suspended record in its replay) for the next run on the same folder."""
    hub = Hub(folder)

    async def main() -> None:
        server = await start(hub, host, port)
        loop = asyncio.get_running_loop()
        stop = loop.create_future()

        def stopping() -> None:
            if not stop.done():
                stop.set_result(None)

        for sig in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(sig, stopping)
        bound = server.sockets[0].getsockname()
        if ready is not None:
            ready(f"http://{bound[0]}:{bound[1]}/")
        try:
            await stop
        finally:
            server.close()
            await server.wait_closed()

    try:
        asyncio.run(main())
    finally:
        hub.close()
