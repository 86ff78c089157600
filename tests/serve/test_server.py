"""``sgs serve`` on the wire (docs/serve.md): the page and the replays over HTTP, the tables over
WebSocket, and nobody trusted: a token acts only for its seat and a spectator sees no hand;
messages that are not JSON objects, too long, unknown or a thousand a second are answered with
an error and the table goes on; a page of another site may not connect; a replay downloads only
once its game is over, byte for byte the server's file."""

from __future__ import annotations

import asyncio
import json
import urllib.error
import urllib.request
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("websockets", reason="the serve extra is not installed "
                    "(pip install 'sgscore[serve]')")

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import InvalidStatus

from sgscore.replay import validate_file
from sgscore.serve.load import first_answer
from sgscore.serve.server import MAX_MESSAGE, RATE, Hub, start

FIVE = ["person", "heuristic", "heuristic", "heuristic", "heuristic"]


class Clock:
    """A clock that moves only when told: the rate limit then counts messages, not seconds."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def serving(folder: Path, body: Callable[[str, Hub], Awaitable[None]],
            clock: Clock | None = None) -> Hub:
    """Run ``body(base_url, hub)`` against a server on a free port of localhost, then stop it."""
    hub = Hub(str(folder), clock=clock or Clock())

    async def main() -> None:
        server = await start(hub, "127.0.0.1", 0)
        port = server.sockets[0].getsockname()[1]
        try:
            await asyncio.wait_for(body(f"127.0.0.1:{port}", hub), 300)
        finally:
            server.close()
            await server.wait_closed()

    asyncio.run(main())
    return hub


async def call(ws: ClientConnection, message: Any) -> dict[str, Any]:
    await ws.send(message if isinstance(message, str) else json.dumps(message))
    reply: dict[str, Any] = json.loads(await ws.recv())
    return reply


async def create(ws: ClientConnection, seats: list[str], seed: int, players: int = 5
                 ) -> dict[str, Any]:
    made = await call(ws, {"op": "create", "game": "sanguosha/identity",
                           "config": {"players": players}, "seats": seats, "seed": seed})
    assert made["type"] == "created", made
    return made


def token_of(made: dict[str, Any], seat: int) -> str:
    link: str = made["seats"][seat]["link"]
    return link.split("token=", 1)[1]


async def get(url: str) -> tuple[int, bytes]:
    def fetch() -> tuple[int, bytes]:
        try:
            with urllib.request.urlopen(url, timeout=30) as r:
                return r.status, r.read()
        except urllib.error.HTTPError as e:
            return e.code, e.read()
    return await asyncio.to_thread(fetch)


def test_a_whole_game_over_the_wire_and_its_replay_downloads(tmp_path: Path) -> None:
    async def body(base: str, hub: Hub) -> None:
        status, page = await get(f"http://{base}/")
        assert status == 200 and b"sgs serve" in page
        async with connect(f"ws://{base}/ws") as ws:
            made = await create(ws, FIVE, seed=41)
            table = made["table"]
            assert made["seats"][1]["link"] is None  # an agent's seat has no link
            status, _ = await get(f"http://{base}/t/{table}/replay.mp")
            assert status == 403  # not before the end: it would show every hidden card
            state = await call(ws, {"op": "join", "table": table, "token": token_of(made, 0),
                                    "lang": "zh"})
            answers = 0
            while not state["over"]:
                assert state["type"] == "state" and state["request"] is not None, state
                state = await call(ws, {"op": "answer", "choice": first_answer(state["request"])})
                answers += 1
            assert answers > 3 and state["result"]
            status, data = await get(f"http://{base}/t/{table}/replay.mp")
            assert status == 200
            assert data == (tmp_path / f"{table}.mp").read_bytes()
            assert validate_file(str(tmp_path / f"{table}.mp")).valid

    serving(tmp_path, body)


def test_a_token_acts_only_for_its_seat_and_a_spectator_sees_no_hand(tmp_path: Path) -> None:
    async def body(base: str, hub: Hub) -> None:
        async with (connect(f"ws://{base}/ws") as a, connect(f"ws://{base}/ws") as b,
                    connect(f"ws://{base}/ws") as spy):
            made = await create(a, ["person", "person", "random", "random", "random"], seed=42)
            table = made["table"]
            bad = await call(b, {"op": "join", "table": table, "token": "guess"})
            assert bad["type"] == "error" and "token" in bad["message"]
            bad = await call(b, {"op": "answer", "choice": None})
            assert bad["type"] == "error" and "join" in bad["message"]
            sa = await call(a, {"op": "join", "table": table, "token": token_of(made, 0)})
            sb = await call(b, {"op": "join", "table": table, "token": token_of(made, 1)})
            watch = await call(spy, {"op": "watch", "table": table})
            assert watch["request"] is None and watch["seat"] == -1
            for st in (watch,):
                assert all(not isinstance(r["cells"].get("hand"), list)
                           for r in st["view"]["seats"])
            for st, seat in ((sa, 0), (sb, 1)):
                hands = {r["seat"]: r["cells"].get("hand") for r in st["view"]["seats"]}
                assert isinstance(hands[seat], list)
                assert all(not isinstance(h, list) for s, h in hands.items() if s != seat)
            asked, other = (a, b) if sa["request"] is not None else (b, a)
            request = (sa if asked is a else sb)["request"]
            assert (sb if asked is a else sa)["request"] is None
            refused = await call(other, {"op": "answer", "choice": first_answer(request)})
            assert refused["type"] == "error" and "not asked" in refused["message"]
            illegal = await call(asked, {"op": "answer", "choice": [999, [1]]})
            assert illegal["type"] == "error" and "not a legal answer" in illegal["message"]
            # the right seat's answer goes through, and every viewer of the table is told
            await asked.send(json.dumps({"op": "answer", "choice": first_answer(request)}))
            told = [json.loads(await ws.recv()) for ws in (a, b, spy)]
            assert all(t["type"] == "state" for t in told)

    serving(tmp_path, body)


def test_bad_messages_get_errors_and_the_table_goes_on(tmp_path: Path) -> None:
    clock = Clock()

    async def body(base: str, hub: Hub) -> None:
        async with connect(f"ws://{base}/ws") as ws:
            made = await create(ws, FIVE, seed=43)
            state = await call(ws, {"op": "join", "table": made["table"],
                                    "token": token_of(made, 0)})
            for bad, words in [("not json", "not JSON"), ("[1, 2]", "JSON object"),
                               ('"text"', "JSON object"), ("[" * 50_000 + "]" * 50_000, "long"),
                               ("[" * 20_000 + "]" * 20_000, "JSON"),
                               ({"op": "fly"}, "unknown op"), ({"choice": 1}, "unknown op"),
                               ({"op": "answer"}, "choice"),
                               ({"op": "join", "table": ["x"]}, "no such table"),
                               ("x" * (MAX_MESSAGE + 1), "too long")]:
                reply = await call(ws, bad)
                assert reply["type"] == "error" and words in reply["message"], (bad, reply)
                clock.now += 1  # a second later: within the rate allowed
            # a flood: a thousand messages within the same instant; a burst of twice the rate
            # is read, each of the rest is answered with an error and not read; a second later
            # the budget is back and the table answers as before
            clock.now += 10
            for _ in range(1000):
                await ws.send(json.dumps({"op": "list"}))
            replies = [json.loads(await ws.recv()) for _ in range(1000)]
            refused = [r for r in replies if r["type"] == "error"]
            assert all("too many" in r["message"] for r in refused)
            assert len(replies) - len(refused) == 2 * RATE
            clock.now += 1
            after = await call(ws, {"op": "answer", "choice": first_answer(state["request"])})
            assert after["type"] == "state"

    serving(tmp_path, body, clock)


def test_a_page_of_another_site_may_not_connect(tmp_path: Path) -> None:
    async def body(base: str, hub: Hub) -> None:
        with pytest.raises(InvalidStatus):
            async with connect(f"ws://{base}/ws", origin="http://evil.example"):  # type: ignore[arg-type]
                pass
        async with connect(f"ws://{base}/ws", origin=f"http://{base}") as ws:  # type: ignore[arg-type]
            assert (await call(ws, {"op": "list"}))["type"] == "tables"

    serving(tmp_path, body)


def test_a_reconnecting_browser_gets_its_seat_back(tmp_path: Path) -> None:
    async def body(base: str, hub: Hub) -> None:
        async with connect(f"ws://{base}/ws") as ws:
            made = await create(ws, FIVE, seed=44)
            join = {"op": "join", "table": made["table"], "token": token_of(made, 0)}
            first = await call(ws, join)
            again = await call(ws, {"op": "answer", "choice": first_answer(first["request"])})
        async with connect(f"ws://{base}/ws") as ws:
            back = await call(ws, join)
            assert back["request"] == again["request"]
            assert back["lines"][-len(again["lines"]):] == again["lines"]  # the whole story

    serving(tmp_path, body)


def test_a_person_who_does_not_answer_in_time_is_answered_for(tmp_path: Path) -> None:
    # A table with a one-second limit: the person joins and never answers; the agent the table
    # names answers each question for them when the limit is reached (the server's timer), and
    # every viewer is told, to the end of the game.
    async def body(base: str, hub: Hub) -> None:
        async with connect(f"ws://{base}/ws") as ws:
            made = await call(ws, {"op": "create", "game": "sanguosha/identity",
                                   "config": {"players": 4}, "seats": ["person", "random",
                                                                       "random", "random"],
                                   "seed": 45, "time_limit": 1, "fallback": "random"})
            assert made["type"] == "created" and made["seats"][0]["kind"] == "person@1s:random"
            state = await call(ws, {"op": "join", "table": made["table"],
                                    "token": token_of(made, 0)})
            assert state["time_limit"] == 1
            told = 0
            while not state["over"] and told < 5:
                state = json.loads(await asyncio.wait_for(ws.recv(), 60))
                assert state["type"] == "state"
                told += 1
            assert told == 5 or state["over"]

    serving(tmp_path, body)
