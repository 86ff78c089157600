"""A toy second game, to prove that the replay toolkit and ``sgs`` serve any game: Nim for two.

A pile of stones; the players take turns taking 1-3 of them; whoever takes the last stone wins.
Each player is dealt a secret lucky number 1-3 at the start (a private event: only that seat sees
it); taking exactly one's lucky number of stones is announced as lucky. It is small, but it has
what a game needs: a config with a command line option, a seeded PRNG, requests, forced decisions
(one stone left), public and private events, views, hashes and a summary.

This is the worked example of docs/architecture.md, "Adding a game": a game is a package with a
:class:`~sgscore.core.spec.GameSpec`, registered with ``register_game`` (here, by the tests) or an
entry point in the ``sgscore.games`` group (a package's ``pyproject.toml``).
"""

from __future__ import annotations

import struct
import zlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from sgscore.core.canon import state_hash
from sgscore.core.engine import Engine, GameOver, Proc, redact
from sgscore.core.protocol import PickRequest
from sgscore.core.registry import EventKind, Registry, RequestKind
from sgscore.core.rng import ALGORITHM
from sgscore.core.spec import ConfigError, GameSpec, GameState, Option
from sgscore.core.telling import KindTeller

GAME = "toy/nim"


@dataclass(frozen=True)
class NimConfig:
    """The toy game's options: how many stones are in the pile."""

    stones: int = 10

    def __post_init__(self) -> None:
        if not isinstance(self.stones, int) or isinstance(self.stones, bool) or not (
            3 <= self.stones <= 99
        ):
            raise ConfigError(f"stones: 3-99, got {self.stones!r}")


# ---------------------------------------------------------------------------- words
class NimTeller(KindTeller):
    """Tells the toy game for one viewer."""

    def __init__(self, lang: str, seat: int | None) -> None:
        super().__init__(lang, seat)
        self.secrets: dict[int, int] = {}

    def p(self, seat: int) -> str:
        return f"{seat}号玩家" if self.lang == "zh" else f"player {seat}"

    def phase(self, phase: str) -> str:
        return "取石子" if self.lang == "zh" else "taking stones"

    def summary_lines(self, summary: Mapping[str, Any] | None) -> list[str]:
        if not summary:
            return [self.say(en="Result: none (the game did not finish)", zh="结果：无")]
        if summary.get("winner") is None:
            return [self.say(en="Result: no winner ({why})", zh="结果：无人获胜（{why}）",
                             why=summary.get("reason"))]
        return [self.say(en="Result: {w} wins after {t} turns", zh="结果：{w}在{t}个回合后获胜",
                         w=summary["winner"], t=summary.get("turns"))]

    def redact_summary(self, summary: Mapping[str, Any]) -> dict[str, Any]:
        out = dict(summary)
        if self.seat is not None and summary.get("winner") is None:
            secrets = summary.get("secrets")
            if isinstance(secrets, list):  # unfinished: the other's secret is not known yet
                out["secrets"] = [v if i == self.seat else None for i, v in enumerate(secrets)]
        return out


EVENTS: Registry[EventKind[NimTeller]] = Registry("event kind")
REQUESTS: Registry[RequestKind[NimTeller]] = Registry("request kind")
NimTeller.events = EVENTS
NimTeller.requests = REQUESTS


def event(name: str, hidden: str = "") -> Callable[[Callable[..., str]], EventKind[NimTeller]]:
    def declare(render: Callable[..., str]) -> EventKind[NimTeller]:
        return EVENTS.add(EventKind(name, render, hidden=hidden))
    return declare


@event("pile")
def PILE(t: NimTeller, stones: int) -> str:
    """The game starts with ``stones`` stones in the pile."""
    return t.say(en="A pile of {n} stones", zh="一堆{n}颗石子", n=stones)


@event("lucky_number", hidden="``(number,)``: that seat only")
def LUCKY_NUMBER(t: NimTeller, seat: int, *, hidden: tuple[int] | None = None) -> str:
    """``seat`` is dealt its secret lucky number (1-3)."""
    if hidden is None:
        return t.say(en="{p} is dealt a lucky number", zh="{p}得到一个幸运数字", p=t.p(seat))
    t.secrets[seat] = hidden[0]
    return t.say(en="{p} is dealt the lucky number {n}", zh="{p}的幸运数字是{n}", p=t.p(seat),
                 n=hidden[0])


@event("take")
def TAKE(t: NimTeller, seat: int, n: int, left: int) -> str:
    """``seat`` takes ``n`` stones; ``left`` remain."""
    return t.say(en="{p} takes {n}, {left} left", zh="{p}取走{n}颗，剩{left}颗", p=t.p(seat), n=n,
                 left=left)


@event("lucky")
def LUCKY(t: NimTeller, seat: int, n: int) -> str:
    """``seat`` took exactly its lucky number of stones (so its number is now known)."""
    t.secrets[seat] = n
    return t.say(en="{p} is lucky: {n} is their number", zh="{p}走运了：{n}是其幸运数字",
                 p=t.p(seat), n=n)


@event("win")
def WIN(t: NimTeller, seat: int) -> str:
    """``seat`` took the last stone and wins."""
    return t.say(en="{p} takes the last stone and wins", zh="{p}取走最后一颗石子，获胜", p=t.p(seat))


def _ask_take(t: NimTeller, seat: int, left: int) -> str:
    return t.say(en="{p} takes 1-3 of the {n} stones left", zh="{p}从剩下的{n}颗中取1-3颗",
                 p=t.p(seat), n=left)


def _describe_take(t: NimTeller, choice: int) -> str:
    """The player whose turn it is: how many stones to take."""
    return t.say(en="take {n}", zh="取{n}颗", n=choice)


TAKE_REQUEST = REQUESTS.add(RequestKind("take", _describe_take, _ask_take,
                                        choice="1, 2 or 3 (no more than are left)"))


# ---------------------------------------------------------------------------- the game
class NimGame(Engine):
    """One game of the toy Nim."""

    def __init__(self, config: NimConfig, seed: int) -> None:
        super().__init__(seed)  # checks the seed and makes self.rng, the game's PCG32
        self.config = config
        self.pile = config.stones
        self.secrets = [0, 0]
        self.turn_no = 0
        self.round = 0
        self.phase = "setup"
        self.current = 0
        self.start(self._game())

    @property
    def seats(self) -> int:
        return 2

    def restart(self) -> NimGame:
        return NimGame(self.config, self.seed)

    def _game(self) -> Proc:
        self.log(PILE, self.pile)
        for seat in (0, 1):
            self.secrets[seat] = 1 + self.rng.below(3)
            self.log_private(LUCKY_NUMBER, 1 << seat, (seat,), (self.secrets[seat],))
        while True:
            self.turn_no += 1
            self.round = (self.turn_no + 1) // 2
            self.phase = "take"
            seat = self.current
            n = yield PickRequest(seat, TAKE_REQUEST, range(1, min(3, self.pile) + 1),
                                  (self.pile,))
            self.pile -= n
            self.log(TAKE, seat, n, self.pile)
            if n == self.secrets[seat]:
                self.log(LUCKY, seat, n)
            if self.pile == 0:
                self.log(WIN, seat)
                raise GameOver(f"player {seat}", "last_stone")
            self.current = 1 - seat

    def canonical(self) -> tuple[Any, ...]:
        return (GAME, self.seed, self.rng.getstate(), self.pile, tuple(self.secrets),
                self.turn_no, self.current, self.decisions, len(self.events), self.result)

    def state_hash(self) -> str:
        return state_hash(self.canonical())

    def quick_hash(self) -> int:
        return zlib.crc32(struct.pack("<4q", self.pile, self.turn_no, self.decisions,
                                      len(self.events)))

    def summary(self) -> dict[str, Any]:
        winner, reason = self.result if self.result else (None, "error" if self.error else "")
        return {"winner": winner, "reason": reason, "turns": self.turn_no, "rounds": self.round,
                "decisions": self.decisions, "events": len(self.events),
                "hash": self.state_hash()[:32], "secrets": list(self.secrets)}

    def view(self, seat: int | None) -> dict[str, Any]:
        req = self.pending
        pending: dict[str, Any] | None = None
        if req is not None:
            pending = ({"seat": req.seat, "kind": req.kind, "prompt": list(req.prompt),
                        "choices": list(req.choices())} if seat == req.seat
                       else {"waiting": True})
        return {"seat": seat, "pile": self.pile, "current": self.current, "turn": self.turn_no,
                "secrets": [v if seat is not None and i == seat else None
                            for i, v in enumerate(self.secrets)],
                "pending": pending, "result": list(self.result) if self.result else None,
                "events": [redact(e, seat) for e in self.events]}


# ---------------------------------------------------------------------------- the spec
class NimSpec(GameSpec[NimConfig]):
    id = GAME
    title = {"en": "Nim (a toy)", "zh": "取石子（玩具）"}
    engine_version = "1.0"
    rules_version = "1"
    rng = ALGORITHM
    config_defaults = {"stones": 10}
    options = (Option("stones", ("--stones",), "Stones in the pile.", "int", 10, 3, 99),)
    events = EVENTS
    requests = REQUESTS

    def config_type(self) -> type[NimConfig]:
        return NimConfig

    def config_to_dict(self, config: NimConfig) -> dict[str, Any]:
        return {"stones": config.stones}

    def config_from_dict(self, data: Mapping[str, Any]) -> NimConfig:
        return NimConfig(stones=data.get("stones", 10))

    def config_from_options(self, values: Mapping[str, Any]) -> NimConfig:
        return NimConfig(stones=values.get("stones", 10))

    def seats(self, config: Mapping[str, Any]) -> int:
        return 2

    def game_class(self) -> type[NimGame]:
        return NimGame

    def teller(self, seat: int | None = None, lang: str = "en") -> NimTeller:
        return NimTeller(lang, seat)

    def header_line(self, config: Mapping[str, Any], lang: str) -> list[str]:
        return [f"{config.get('stones')} stones" if lang == "en" else f"{config.get('stones')}颗石子"]

    def full_view(self, game: GameState) -> dict[str, Any]:
        assert isinstance(game, NimGame)
        view = game.view(None)
        view["secrets"] = list(game.secrets)
        if game.pending is not None:
            req = game.pending
            view["pending"] = {"seat": req.seat, "kind": req.kind, "prompt": list(req.prompt),
                               "choices": list(req.choices())}
        return view

    def table_lines(self, state: Mapping[str, Any], teller: Any, *, current: bool) -> list[str]:
        secrets = state.get("secrets") or [None, None]
        return [f"  pile {state['pile']}"] + [
            f"  {'>' if current and s == state.get('current') else ' '}{teller.p(s)}: lucky "
            f"number {secrets[s] if secrets[s] is not None else '?'}" for s in (0, 1)]


SPEC = NimSpec()
