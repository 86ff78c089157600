"""A load test of ``sgs serve`` on this machine (docs/serve.md "Load"): ``python -m
sgscore.serve.load --tables 50 --seconds 60``.

It starts ``sgs serve`` in a process of its own on a free port of localhost, then opens one
WebSocket client per table in this process, each creating a five-player table (one person, four
heuristic agents), joining it and answering every question put to it (the last option of a play
phase, the first of anything else) as soon as it comes, but no faster than four fifths of the
rate the server allows a client, and creating a new table when its game ends, until the time is up. Then it stops the server (which saves the unfinished tables) and checks every table: the
person's decisions in its replay are exactly the answers its client sent, in order (none lost,
none twice), and every replay validates. It prints the answers' latency (from sending an answer
to the state that follows it), as percentiles, and exits 1 if any check failed.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from typing import Any

__all__ = ["LoadResult", "first_answer", "main", "run_load"]


@dataclass
class LoadResult:
    """What a load run saw."""

    tables: int = 0
    finished: int = 0
    answers: int = 0
    latencies: list[float] = field(default_factory=list)  # seconds
    sent: dict[str, list[Any]] = field(default_factory=dict)  # table id -> answers sent
    errors: list[str] = field(default_factory=list)
    invalid: list[str] = field(default_factory=list)
    mismatched: list[str] = field(default_factory=list)
    seconds: float = 0.0

    def percentile(self, p: int) -> float:
        xs = sorted(self.latencies)
        if not xs:
            return 0.0
        return xs[min(len(xs) - 1, (len(xs) * p) // 100)]

    def ok(self) -> bool:
        return not (self.errors or self.invalid or self.mismatched) and self.answers > 0

    def to_json(self) -> dict[str, Any]:
        return {"tables": self.tables, "finished": self.finished, "answers": self.answers,
                "seconds": round(self.seconds, 1),
                "latency_ms": {f"p{p}": round(1000 * self.percentile(p), 2)
                               for p in (50, 90, 99)} | {
                    "max": round(1000 * max(self.latencies, default=0.0), 2)},
                "errors": self.errors[:20], "invalid": self.invalid[:20],
                "mismatched": self.mismatched[:20], "ok": self.ok()}


def first_answer(request: dict[str, Any]) -> Any:
    """A scripted person's answer, from a question's JSON form alone (``docs/api.md``): the
    last option of a play phase (so that the game goes on), the fewest cards of a subset, 观星's
    cards all on top, the first option of anything else. The load test and the tests use it."""
    form = request["form"]
    if form == "subset":
        return request["pool"][:request["low"]]
    if form == "arrange":
        return [request["cards"], []]
    return request["choices"][-1 if form == "play" else 0]


async def _client(url: str, index: int, until: float, result: LoadResult) -> None:
    from websockets.asyncio.client import connect

    from .server import RATE

    seed = 1000 * index
    gap = 1.25 / RATE  # a client that keeps within the rate the server allows
    last = [0.0]

    async def send(message: dict[str, Any]) -> None:
        wait = last[0] + gap - time.monotonic()
        if wait > 0:
            await asyncio.sleep(wait)
        last[0] = time.monotonic()
        await ws.send(json.dumps(message))

    async with connect(url, max_size=None) as ws:
        while time.monotonic() < until:
            seed += 1
            await send({"op": "create", "game": "sanguosha/identity",
                                      "config": {"players": 5}, "seed": seed,
                        "seats": ["person"] + ["heuristic"] * 4})
            made = json.loads(await ws.recv())
            if made.get("type") != "created":
                result.errors.append(f"client {index}: create: {made}")
                return
            table = made["table"]
            token = made["seats"][0]["link"].split("token=", 1)[1]
            result.tables += 1
            sent: list[Any] = result.sent.setdefault(table, [])
            await send({"op": "join", "table": table, "token": token})
            state = json.loads(await ws.recv())
            while state.get("type") == "state" and not state["over"]:
                if time.monotonic() >= until:
                    return
                choice = first_answer(state["request"])
                await send({"op": "answer", "choice": choice})
                t0 = time.perf_counter()
                state = json.loads(await ws.recv())
                result.latencies.append(time.perf_counter() - t0)
                if state.get("type") == "state":
                    sent.append(choice)
                    result.answers += 1
            if state.get("type") != "state":
                result.errors.append(f"client {index}, table {table}: {state}")
                return
            result.finished += 1


def _start_server(folder: str) -> tuple[subprocess.Popen[str], str]:
    proc = subprocess.Popen(
        [sys.executable, "-c", "from sgscore_cli.main import main; main()", "serve", "--port",
         "0", "--folder", folder],
        stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True)
    assert proc.stderr is not None
    line = proc.stderr.readline()  # "sgs serve: tables in ..., open http://127.0.0.1:PORT/ ..."
    if "open http://" not in line:
        proc.kill()
        raise RuntimeError(f"sgs serve did not start: {line.strip() or proc.stderr.read()}")
    address = line.split("open http://", 1)[1].split("/", 1)[0]
    return proc, f"ws://{address}/ws"


def _check(folder: str, result: LoadResult) -> None:
    """Every table's replay valid; its person's decisions the answers sent, in order."""
    from ..core.protocol import normalize_choice
    from ..replay import Decisions, read_replay, validate_file

    for table, sent in result.sent.items():
        path = os.path.join(folder, f"{table}.mp")
        if not validate_file(path).valid:
            result.invalid.append(table)
            continue
        replay = read_replay(path)
        mine = [choice for rec in replay.records if isinstance(rec, Decisions)
                and rec.seat == 0 for choice in rec.choices]
        wanted = [normalize_choice(c) if isinstance(c, list) else c for c in sent]
        got = [normalize_choice(c) if isinstance(c, list) else c for c in mine]
        if got != wanted:
            result.mismatched.append(f"{table}: {len(got)} decisions of seat 0 recorded, "
                                     f"{len(wanted)} answers sent")


def run_load(tables: int, seconds: float, folder: str | None = None) -> LoadResult:
    """Serve ``tables`` tables at once for ``seconds`` (see the module's docstring)."""
    folder = folder or tempfile.mkdtemp(prefix="sgs-serve-load-")
    proc, url = _start_server(folder)
    result = LoadResult()
    start = time.monotonic()
    try:
        async def clients() -> None:
            until = time.monotonic() + seconds
            await asyncio.gather(*(_client(url, i, until, result) for i in range(tables)))

        asyncio.run(clients())
    finally:
        result.seconds = time.monotonic() - start
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(120)
        except subprocess.TimeoutExpired:
            proc.kill()
            result.errors.append("the server did not stop on SIGTERM")
    _check(folder, result)
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m sgscore.serve.load",
                                     description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--tables", type=int, default=50, help="tables at once (default 50)")
    parser.add_argument("--seconds", type=float, default=60.0, help="how long (default 60)")
    parser.add_argument("--folder", default=None, help="the tables' folder (default: a new "
                        "temporary one)")
    args = parser.parse_args(argv)
    result = run_load(args.tables, args.seconds, args.folder)
    print(json.dumps(result.to_json(), indent=1))
    return 0 if result.ok() else 1


if __name__ == "__main__":
    sys.exit(main())
