"""The identity-mode game: state, the skill indexes, distance, views and the state hash.

``Game(config, seed)`` runs the rules (generator procedures in ``rules.py``) until they need a
decision, which it exposes as :attr:`Game.pending` (the driver is :class:`sgscore.core.engine.Engine`).
:meth:`Game.submit` checks a choice with the request itself and resumes. Requests with exactly one
legal choice are answered by the engine and are not recorded (``docs/api.md``).
"""

from __future__ import annotations

import struct
import zlib
from collections.abc import Iterable
from typing import Any, Final

from ..core.canon import state_hash
from ..core.engine import Engine, EngineError, Event, GameOver, Proc
from .cards import CardType, deck_card_types, deck_ids, weapon_range
from .config import Config
from .model import LORD, NO_CARD, Player, Turn
from .skills import SKILLS, Skill, Timing

__all__ = ["Game", "EngineError", "Event", "ENGINE_VERSION", "RULESET", "Scenario"]

ENGINE_VERSION: Final = "0.1.0"
RULESET: Final = "sanguosha/identity"

Hooks = dict[Timing[Any], list[tuple[int, Skill]]]
_QUICK_LAYOUT: dict[int, struct.Struct] = {}
"""The byte layout of :meth:`Game.quick_hash` for each number of values (one per seat count)."""
_INDEX: dict[Skill, tuple[bool, tuple[Timing[Any], ...], tuple[str, ...], bool, bool]] = {}
"""What :meth:`Game.rebuild_hooks` reads of each skill (its class attributes), read once."""
Mods = dict[str, list[tuple[int, Skill]]]
Scenario = tuple[Any, ...]


class Game(Engine):
    """One game of identity mode, driven decision by decision."""

    def __init__(self, config: Config, seed: int, *, _scenario: Scenario | None = None) -> None:
        super().__init__(seed)
        self.config = config
        n = config.players
        self.n = n
        self.players = [Player(i) for i in range(n)]
        self.draw_pile: list[int] = []  # the top is the END of the list
        self.discard_pile: list[int] = []
        self.processing: list[int] = []  # cards being used, played or judged
        self.hooks: Hooks = {}
        self.mods: Mods = {}
        self.answering: dict[int, list[Skill]] = {}
        self.acting: dict[int, list[Skill]] = {}
        self.current = 0
        self.phase = "setup"
        self.round = 0
        self.turn_no = 0
        self.slashes_used = 0
        self.turn = Turn()
        #: Play-phase actions a variant offers every living player besides their own skills
        #: (转世's offering; set at setup).
        self.table_actions: list[Skill] = []
        #: How many times each seat has reincarnated (转世; in the state hash when it is on).
        self.reborn = [0] * n
        #: What the detailed rules keep between turns (``detailed.Detailed``; None when they are
        #: off): in the state hash when it is set.
        self.detailed: Any = None
        self.card_ids = deck_ids(config.packs, first_game=config.first_game)
        #: What each card name does in this game: its registered type, or the text an edition's
        #: pack gives it (the 1.0 deck's 桃, 002).
        self.card_types: dict[str, CardType] = deck_card_types(config.packs)
        self._scenario = _scenario
        from .rules import game_procedure  # the rules import this module

        proc: Proc = game_procedure(self, *(_scenario or ()))
        self.start(proc)

    @property
    def seats(self) -> int:
        return self.n

    def restart(self) -> Game:
        return Game(self.config, self.seed, _scenario=self._scenario)

    def game_over(self, over: GameOver) -> None:
        from .events import GAME_OVER  # the events module imports this one

        self.log(GAME_OVER, over.winner, over.reason)

    # ------------------------------------------------------------------ skills
    def add_skill(self, p: Player, skill_id: str) -> None:
        p.skills.append(SKILLS[skill_id])
        self.rebuild_hooks()

    def remove_skill(self, p: Player, skill_id: str) -> None:
        p.skills = [s for s in p.skills if s.id != skill_id]
        self.rebuild_hooks()

    def rebuild_hooks(self) -> None:
        """Index every living player's skills that work (a lord skill only for the lord): by
        timing (``hooks``), by modifier hook (``mods``), and per seat, in the order of the
        player's skills, those the rules ask for a needed card (``answering``) and those with
        play-phase actions (``acting``), then the ``table_actions``."""
        hooks: Hooks = {}
        mods: Mods = {}
        answering: dict[int, list[Skill]] = {}
        acting: dict[int, list[Skill]] = {}
        for p in self.players:
            if not p.alive:
                continue
            for s in p.skills:
                index = _INDEX.get(s)
                if index is None:
                    index = _INDEX[s] = (s.lord, s.timings, s.modifies, s.answers, s.acts)
                lord, timings, modifies, answers, acts = index
                if lord and p.role != LORD:
                    continue
                for t in timings:
                    hooks.setdefault(t, []).append((p.seat, s))
                for m in modifies:
                    mods.setdefault(m, []).append((p.seat, s))
                if answers:
                    answering.setdefault(p.seat, []).append(s)
                if acts:
                    if s.lent:  # offered to the others, in their play phases
                        for q in self.players:
                            if q.alive and q is not p:
                                acting.setdefault(q.seat, []).append(s)
                    else:
                        acting.setdefault(p.seat, []).append(s)
        if self.table_actions:
            self._add_table_actions(acting)
        self.hooks = hooks
        self.mods = mods
        self.answering = answering
        self.acting = acting

    def _add_table_actions(self, acting: dict[int, list[Skill]]) -> None:
        """Every living player's play-phase actions end with the ``table_actions``."""
        for p in self.players:
            if p.alive:
                acting.setdefault(p.seat, []).extend(self.table_actions)

    def active_skills(self, p: Player) -> list[Skill]:
        """``p``'s skills that work now (a lord skill only while ``p`` is the lord)."""
        return [s for s in p.skills if not (s.lord and p.role != LORD)]

    # ------------------------------------------------------------------ seats and distance
    def order_from(self, seat: int, include_dead: bool = False) -> list[Player]:
        """Players in turn order starting at ``seat`` (living ones unless ``include_dead``)."""
        ps = self.players
        n = self.n
        out = []
        for i in range(n):
            p = ps[(seat + i) % n]
            if include_dead or p.alive:
                out.append(p)
        return out

    def equipment_works(self, owner: Player, against: Player) -> bool:
        """Whether ``owner``'s equipment has effect on or against ``against`` (乾坤)."""
        if owner is against:
            return True
        for seat, s in self.mods.get("equipment_ignored", ()):
            if seat == against.seat and s.equipment_ignored(self, against, owner):
                return False
        return True

    def distance(self, a: Player, b: Player) -> int:
        """Distance from ``a`` to ``b`` (docs/rules.md "Distance"): living seats the shorter way
        round, then horses and skills, never below 1."""
        if a is b:
            return 0
        memo = self.memo
        if memo is not None:
            key = a.seat * 1024 + b.seat  # an int key of its own in the memo
            d = memo.get(key)
            if d is None:
                d = memo[key] = self._distance(a, b)
            return int(d)
        return self._distance(a, b)

    def _distance(self, a: Player, b: Player) -> int:
        n = self.n
        ps = self.players
        fwd = 0
        i = a.seat
        while i != b.seat:
            i = (i + 1) % n
            if ps[i].alive:
                fwd += 1
        total = sum(1 for p in ps if p.alive)
        d = min(fwd, total - fwd)
        if a.equip[3] >= 0 and self.equipment_works(a, b):
            d -= 1
        if b.equip[2] >= 0 and self.equipment_works(b, a):
            d += 1
        for seat, s in self.mods.get("distance_out", ()):
            if seat == a.seat:
                d += s.distance_out(self, a, b)
        for seat, s in self.mods.get("distance_in", ()):
            if seat == b.seat:
                d += s.distance_in(self, b, a)
        return d if d > 1 else 1

    def weapon_of(self, p: Player, against: Player | None = None) -> int:
        """The weapon card in effect for ``p``, or -1: a borrowed weapon when it was chosen, or
        when the borrower's own weapon is gone meanwhile (借刀杀人, docs/rules.md)."""
        w = p.equip[0]
        if p.borrowed is not None and (p.borrowed[2] or w < 0):
            w = p.borrowed[0]
        if w >= 0 and against is not None and not self.equipment_works(p, against):
            return NO_CARD
        return w

    def attack_range(self, p: Player, against: Player | None = None) -> int:
        w = self.weapon_of(p, against)
        return weapon_range(w) if w >= 0 else 1

    def in_attack_range(self, a: Player, b: Player) -> bool:
        return a is not b and self.distance(a, b) <= self.attack_range(a, b)

    def blocked(self, user: Player, target: Player, name: str) -> bool:
        for seat, s in self.mods.get("blocks_target", ()):
            if seat == target.seat and s.blocks_target(self, target, user, name):
                return True
        return False

    def slash_limit(self, p: Player, against: Player | None = None) -> int:
        """How many 杀 ``p`` may use in a play phase; with ``against``, only counting equipment
        that has effect against that player (乾坤)."""
        best = 1
        for seat, s in self.mods.get("slash_limit", ()):
            if seat == p.seat:
                if s.equipment and against is not None and not self.equipment_works(p, against):
                    continue
                best = max(best, s.slash_limit(self, p))
        return best

    # ------------------------------------------------------------------ cards
    def all_zones(self) -> Iterable[int]:
        """Every card in every zone (each card exactly once when the game is consistent)."""
        yield from self.draw_pile
        yield from self.discard_pile
        yield from self.processing
        for p in self.players:
            yield from p.hand
            yield from (c for c in p.equip if c >= 0)
            yield from (c for c, _ in p.judge)
            if p.borrowed is not None:
                yield p.borrowed[0]

    # ------------------------------------------------------------------ hashing and views
    def canonical(self) -> tuple[Any, ...]:
        return (
            RULESET, ENGINE_VERSION, self.seed, self.rng.getstate(), tuple(self.draw_pile),
            tuple(self.discard_pile), tuple(self.processing),
            tuple(p.canonical() for p in self.players), self.current, self.phase, self.round,
            self.turn_no, self.slashes_used, self.turn.canonical(),
            self.decisions, len(self.events), self.result,
        ) + ((("reborn", tuple(self.reborn)),) if self.config.reincarnation else ()) + (
            (("detailed", self.detailed.canonical()),) if self.detailed is not None else ())

    def state_hash(self) -> str:
        """SHA-256 over the canonical state (``docs/replay-format.md``)."""
        return state_hash(self.canonical())

    def quick_hash(self) -> int:
        """A cheap 32-bit checkpoint: CRC-32 over the RNG state (little-endian unsigned 64-bit)
        followed by signed 64-bit little-endian integers: the counters, then each seat's HP, max
        HP, hand size and alive flag. A desync shows up within a turn. See
        ``docs/replay-format.md``, "Checkpoints"."""
        vals = [
            self.rng.state, self.turn_no, self.decisions, len(self.draw_pile),
            len(self.discard_pile), len(self.events),
        ]
        for p in self.players:
            vals.extend((p.hp, p.max_hp, len(p.hand), 1 if p.alive else 0))
        layout = _QUICK_LAYOUT.get(len(vals))
        if layout is None:
            layout = _QUICK_LAYOUT[len(vals)] = struct.Struct(f"<Q{len(vals) - 1}q")
        return zlib.crc32(layout.pack(*vals))

    def view(self, seat: int | None, *, since: int = 0) -> dict[str, Any]:
        """What ``seat`` may see (``None``: a spectator who sees only public information).

        ``since``: only the events from that index on (a frontend that keeps the events it has
        already shown asks for the new ones; the table is always whole). Never contains the
        seed, the RNG state or the order of the draw pile.
        """
        from .view import seat_view

        return seat_view(self, seat, since)

    def summary(self) -> dict[str, Any]:
        winner, reason = self.result if self.result else (None, "error" if self.error else "")
        out: dict[str, Any] = {
            "winner": winner,
            "reason": reason,
            "turns": self.turn_no,
            "rounds": self.round,
            "decisions": self.decisions,
            "events": len(self.events),
            "hash": self.state_hash()[:32],  # the first 128 bits: enough to tell states apart
            "roles": [p.role for p in self.players],
            "generals": [p.general for p in self.players],
            "alive": [p.alive for p in self.players],
        }
        if self.config.scoring:  # only then: the end records of other games stay as they were
            from .scoring import game_scores  # it reads the events, which import this module

            out["scores"] = game_scores(self)
        return out
