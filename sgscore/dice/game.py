"""The dice game's state: ``DiceGame(config, seed)`` runs the rules (``rules.py``) until they need a
decision, exposed as :attr:`pending` (the driver is :class:`sgscore.core.engine.Engine`); views,
the summary and the hashes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final, Protocol, TypeVar

from ..core.canon import crc32_i64, crc32_zeros, state_hash
from ..core.engine import Engine, GameOver, Proc, events_since
from ..core.telling import LABEL_LANGS, request_json
from .config import DiceConfig
from .model import ARROWS, DICE, LORD, Player
from .telling import GAME_OVER, table_teller

__all__ = ["DiceGame", "ENGINE_VERSION", "GAME_ID", "Setup", "plays", "resumes"]

ENGINE_VERSION: Final = "0.1.0"
GAME_ID: Final = "sanguozhi/dice"


class Setup(Protocol):
    """A table to play from instead of the dealt one (the scenario harness, ``testing.py``):
    applied after the deal, before the first event; ``start`` is the seat whose turn is first."""

    start: int | None

    def apply(self, g: DiceGame) -> None: ...


GameProcedure = Callable[["DiceGame"], Proc]
_RULES: GameProcedure | None = None
Turns = TypeVar("Turns", bound=Callable[..., Proc])
_TURNS: Callable[..., Proc] | None = None


def plays(procedure: GameProcedure) -> GameProcedure:
    """Make ``procedure`` the game procedure every :class:`DiceGame` plays: ``rules.py``, which is
    made of this module's state, registers its own so (``import sgscore.dice`` imports it).
    Returns it, as a decorator does."""
    global _RULES
    _RULES = procedure
    return procedure


def resumes(procedure: Turns) -> Turns:
    """Make ``procedure(game, seat, roll_no)`` what :meth:`DiceGame.resume` goes on with: the
    turns from ``seat``'s reroll request after roll ``roll_no`` (``rules.py`` registers its own).
    Returns it, as a decorator does."""
    global _TURNS
    _TURNS = procedure
    return procedure


class DiceGame(Engine):
    """One game of 三国掷, driven decision by decision."""

    def __init__(self, config: DiceConfig, seed: int, *, _setup: Setup | None = None,
                 _copy: DiceGame | None = None) -> None:
        super().__init__(seed)
        if _copy is not None:
            self._copy_state(_copy)
            return
        self.config = config
        self.n = config.players
        self.players = [Player(i) for i in range(self.n)]
        self.pile = ARROWS
        self.dice: list[str] = [""] * DICE
        self.spent: list[bool] = [False] * DICE
        self.rerolls_left = 0
        self.current = 0
        self.first = 0
        self.last_rel = self.n
        self.phase = "setup"
        self.round = 0
        self.turn_no = 0
        self.duel = False
        #: Faces the next rolls show, first rolled first (a scenario sets them; empty: the RNG).
        self.rigged: list[str] = []
        self.setup = _setup
        if _RULES is None:
            raise RuntimeError("the dice game's rules are not loaded (import sgscore.dice)")
        self.start(_RULES(self))

    @property
    def seats(self) -> int:
        return self.n

    def restart(self) -> DiceGame:
        return DiceGame(self.config, self.seed, _setup=self.setup)

    # ------------------------------------------------------------------ copies
    def _copy_state(self, src: DiceGame) -> None:
        """Take a copy of ``src``'s state (``Engine.state_copy``): every attribute set in
        ``__init__`` (tests/test_snapshots.py checks that none is missed)."""
        self.rng.setstate(src.rng.getstate())
        self.config = src.config
        self.n = src.n
        self.players = [p.copy() for p in src.players]
        self.pile = src.pile
        self.dice = src.dice.copy()
        self.spent = src.spent.copy()
        self.rerolls_left = src.rerolls_left
        self.current = src.current
        self.first = src.first
        self.last_rel = src.last_rel
        self.phase = src.phase
        self.round = src.round
        self.turn_no = src.turn_no
        self.duel = src.duel
        self.rigged = src.rigged.copy()
        self.setup = src.setup

    def state_copy(self) -> DiceGame:
        return DiceGame(self.config, self.seed, _copy=self)

    def resume(self, at: Any) -> Proc:
        """The rules going on from a reroll request: ``at`` is ``(seat, roll number)``."""
        if _TURNS is None:
            raise RuntimeError("the dice game's rules are not loaded (import sgscore.dice)")
        seat, roll_no = at
        return _TURNS(self, seat, roll_no)

    def game_over(self, over: GameOver) -> None:
        self.log(GAME_OVER, over.winner, over.reason)

    # ------------------------------------------------------------------ hashes
    def canonical(self) -> tuple[Any, ...]:
        """The whole state as a tree of plain values."""
        return (
            GAME_ID, self.seed, self.rng.getstate(), self.pile, tuple(self.dice),
            tuple(self.spent), self.rerolls_left, self.current, self.first, self.round,
            self.turn_no, self.duel, tuple(self.rigged),
            tuple((p.general, p.role, p.hp, p.max_hp, p.arrows, p.alive) for p in self.players),
            self.decisions, len(self.events), self.result,
        )

    def state_hash(self) -> str:
        return state_hash(self.canonical())

    def quick_hash(self) -> int:
        # zlib.crc32 of these numbers packed as signed 64-bit little-endian integers, worked out
        # by parts (core/canon.py): the RNG state's low half, the pile, the counters, then each
        # seat's HP and arrows.
        size = 40 + 16 * len(self.players)
        c = (crc32_zeros(size) ^ crc32_i64(self.rng.state & 0xFFFFFFFF, size - 8)
             ^ crc32_i64(self.pile, size - 16) ^ crc32_i64(self.turn_no, size - 24)
             ^ crc32_i64(self.decisions, size - 32) ^ crc32_i64(len(self.events), size - 40))
        after = size - 40
        for p in self.players:
            c ^= crc32_i64(p.hp, after - 8) ^ crc32_i64(p.arrows, after - 16)
            after -= 16
        return c

    # ------------------------------------------------------------------ reading
    def summary(self) -> dict[str, Any]:
        winner, reason = self.result if self.result else (None, "error" if self.error else "")
        out: dict[str, Any] = {
            "winner": winner, "reason": reason, "turns": self.turn_no, "rounds": self.round,
            "decisions": self.decisions, "events": len(self.events),
            "hash": self.state_hash()[:32],
            "roles": [p.role for p in self.players],
            "generals": [p.general for p in self.players],
            "alive": [p.alive for p in self.players],
            "hp": [p.hp for p in self.players],
        }
        if self.error is not None:
            out["error"] = f"{self.error.kind}: {self.error.message}"
        return out

    def role_seen(self, p: Player, seat: int | None) -> bool:
        """Whether ``seat`` sees ``p``'s role: its own, the lord's, a dead player's, any in a
        3-player game, and every role once the game is over (turned up, as at a real table)."""
        return (p.role == LORD or self.n == 3 or not p.alive or seat == p.seat
                or self.result is not None)

    def view(self, seat: int | None, *, since: int = 0) -> dict[str, Any]:
        """What ``seat`` sees (None: a spectator): everything but the roles still hidden from
        it; the pending request's kind and choices only for the seat asked. ``since``: only the
        events from that index on (the table is always whole; ``events_from`` and ``rewound`` as
        in identity mode's view)."""
        players = [{
            "seat": p.seat, "general": p.general,
            "role": p.role if self.role_seen(p, seat) else None,
            "hp": p.hp, "max_hp": p.max_hp, "arrows": p.arrows, "alive": p.alive,
        } for p in self.players]
        req = self.pending
        pending: dict[str, Any] | None = None
        if req is not None:
            pending = self.pending_json(seat) if seat == req.seat else {"waiting": True}
        return {
            "seat": seat, "current": self.current, "phase": self.phase, "round": self.round,
            "turn": self.turn_no, "pile": self.pile, "dice": list(self.dice),
            "rerolls_left": self.rerolls_left, "players": players, "pending": pending,
            "result": list(self.result) if self.result else None,
            **events_since(self.events, seat, since),
        }

    def full_view(self) -> dict[str, Any]:
        """Every role shown and the pending request in full; no events."""
        view = self.view(None, since=len(self.events))
        for key in ("events", "events_from", "rewound"):
            view.pop(key)
        for shown, p in zip(view["players"], self.players, strict=True):
            shown["role"] = p.role
        if self.pending is not None:
            view["pending"] = self.pending_json(None)
        return view

    def pending_json(self, seat: int | None) -> dict[str, Any]:
        """The pending request's JSON form (docs/views.md "A request in JSON"), its question and
        labels in every language as ``seat`` (None: everyone) knows the table."""
        req = self.pending
        assert req is not None
        return request_json(req, {lang: table_teller(self, seat, lang) for lang in LABEL_LANGS})
