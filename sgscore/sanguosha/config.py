"""Game configuration: everything besides the seed and the decisions that shapes a game.

The config is recorded in every replay header (``spec.py`` says how), so a replay re-simulates
under the same options, whatever content is added to the engine later.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, fields
from typing import Any

from ..core.names import AmbiguousName, Names
from ..core.spec import ConfigError
from .cards import PACKS
from .model import GENERALS

__all__ = ["Config", "ROLE_TABLE", "ROLE_TABLE_VARIANT", "ConfigError", "POOLS", "MODES",
           "general_ids", "offer_size", "draft_needs", "register_mode", "register_check",
           "unregister"]

# docs/rules.md "Setup", roles by player count: (lord, loyalist, rebel, renegade).
ROLE_TABLE = {
    4: (1, 1, 1, 1), 5: (1, 1, 2, 1), 6: (1, 1, 3, 1), 7: (1, 2, 3, 1),
    8: (1, 2, 4, 1), 9: (1, 3, 4, 1), 10: (1, 3, 4, 2),
}
# The 6- and 8-player variants with two renegades.
ROLE_TABLE_VARIANT = {6: (1, 1, 2, 2), 8: (1, 2, 3, 2)}

MODES: list[str] = []
"""What ``Config.mode`` may be: the modes the variants register (``game.register_variant``):
identity mode (身份局, ``identity.py``), 003's 3v3 (``variants/mode_3v3.py``)."""
_CHECKS: list[Callable[[Config], None]] = []


def register_mode(name: str) -> None:
    """Let a config name the mode ``name`` (a variant registers its own)."""
    MODES.append(name)


def register_check(check: Callable[[Config], None]) -> None:
    """``check(config)`` refuses a config a variant cannot play (a ``ConfigError``), after the
    config's own checks (each variant registers its own)."""
    _CHECKS.append(check)


def unregister(mode: str, check: Callable[[Config], None]) -> None:
    """Take a mode (``""``: none) and a check out again (``game.unregister_variant``)."""
    if mode in MODES:
        MODES.remove(mode)
    if check in _CHECKS:
        _CHECKS.remove(check)

Generals = tuple[str, ...] | str | None


def offer_size(players: int) -> int:
    """How many generals the draft (``draft.py``) deals each seat but the lord's: 3, or 2 at 10
    players (003 "挑选武将")."""
    return 2 if players >= 10 else 3


def draft_needs(players: int) -> int:
    """The fewest generals a pool needs for a draft at ``players`` seats: the lord's pick and a
    full offer for every other seat (25 generals serve every table of 4-10)."""
    return 1 + offer_size(players) * (players - 1)

POOLS: dict[str, tuple[str, ...]] = {
    "standard": (
        "caocao", "daqiao", "diaochan", "ganning", "guanyu", "guojia", "huanggai", "huangyueying",
        "huatuo", "liubei", "luxun", "lvbu", "lvmeng", "machao", "simayi", "sunquan",
        "sunshangxiang", "xiahoudun", "xuchu", "zhangfei", "zhangliao", "zhaoyun", "zhenji",
        "zhouyu", "zhugeliang",
    ),
}
"""Named general pools, frozen with the format: a header names one of these instead of listing
its generals. ``standard``: the 25 generals of 003's first edition (docs/rules.md "Generals")."""


def general_ids(names: str | Iterable[str], what: str = "generals") -> tuple[str, ...]:
    """Generals as people name them, as ids: each an id or a display name, in Chinese or English
    (``曹操``, ``Cao Cao``, ``caocao``: :mod:`sgscore.core.names`); a string is split at its
    commas (``,``, ``，`` or ``、``). A name that is no general's is kept as written, for the
    config to report as unknown; a name two generals bear is a :class:`ConfigError`."""
    items = re.split(r"[,，、]", names) if isinstance(names, str) else list(names)
    index = Names(((g.id, (g.zh, g.en)) for g in GENERALS.values()), "general")
    try:
        return tuple(index.id_of(x.strip()) for x in items)
    except AmbiguousName as e:
        raise ConfigError(f"{what}: {e}") from None


def _ids(value: Any, what: str) -> tuple[str, ...]:
    if isinstance(value, list | tuple) and all(isinstance(x, str) for x in value):
        return tuple(value)
    raise ConfigError(f"{what}: expected a list of ids (strings), got {value!r:.60}")


def _check_editions(packs: tuple[str, ...]) -> None:
    """A pack of an edition of its own (its cards play by its texts: the 1.0 deck) is played
    alone."""
    for p in packs:
        if PACKS[p].texts and len(packs) > 1:
            raise ConfigError(f"packs: {p} is a deck of its own (its cards play by its "
                              "edition's texts): it takes no other pack")


def _check_distinct(generals: tuple[str, ...]) -> None:
    """One general per seat, each at one seat: there is one card of each general (003 deals
    them from the general cards, and ``"random"`` and ``"draft"`` never deal one twice)."""
    for i, gid in enumerate(generals):
        if gid in generals[:i]:
            raise ConfigError(f"generals: {gid} is named for seats {generals.index(gid)} and {i}; "
                              "a general sits at one seat only")


@dataclass(frozen=True)
class Config:
    """Options of an identity-mode game.

    - ``generals``: ``None`` for beginner mode (no generals, no skills), ``"random"`` to deal each
      seat a general from ``pool`` at random, ``"draft"`` for the selection of generals
      (docs/rules.md "Setup": the lord chooses from five, then every other seat from three; recorded
      decisions), or a tuple with one general id per seat.
    - ``pool``: the general ids ``"random"`` and ``"draft"`` deal from, or the name of a frozen
      pool (:data:`POOLS`); ``None``: every registered general. A replay header records the pool,
      so adding a general never changes a recorded game.
    - ``packs``: the card packs in the deck: ``("standard",)`` (104 cards), ``("standard", "ex")``
      with the 4 EX cards (docs/rules.md "The deck"), or ``("1.0",)``, the 1.0 edition's 80 cards
      (002, ``content/deck_1_0.py``).
    - ``first_game``: 003 "第一次游戏": no J/Q/K in the deck.
    - ``advanced_weapons``: the weapons' advanced skills (docs/rules.md "Advanced weapons").
    - ``role_variant``: 6 or 8 players with two renegades.
    - ``lord_seat_zero``: the lord sits at seat 0 (docs/rules.md "Setup"; else roles are dealt at
      random).
    - ``lord_seat``: the seat the lord's role is given to when it is not dealt at random (0 by
      default; a rotating-lord tournament passes it round the table, 003 "计分规则").
    - ``scoring``: the end summary holds each seat's score (003 "计分规则",
      ``variants/scoring.py``).
    - ``max_rounds``: the round cap; past it the game is a draw (docs/rules.md "The turn").
    - ``mode``: ``"identity"``, or ``"3v3"`` (003 "三国杀 3V3规则", ``variants/mode_3v3.py``):
      exactly 6 seats in two camps, a marshal and two vanguards each; ``"draft"`` is then 3v3's
      draft of 16 generals and ``"random"`` deals 6 distinct ones; or a mode a variant added
      (:data:`MODES`).
    - ``reincarnation``: 转世 (docs/rules.md "Reincarnation", ``variants/reincarnation.py``): the
      dead stay at the table and come back as a general of their kingdom; it needs generals (not
      beginner mode).
    - ``last_blood``, ``three_player_drain``, ``dark_souls``: the detailed rules (003 "详细规则",
      docs/rules.md "Detailed rules and dark souls", ``variants/detailed.py``): the seat under
      last-blood protection (the first player out of the previous game; ``None``: nobody), the
      drain once three players are left, and the dark souls 罗汉, 玄武 and 祝由.

    What a mode or another variant cannot play is refused by that variant's check
    (:func:`register_check`), after the checks of the fields themselves.
    """

    players: int = 5
    generals: Generals = "random"
    first_game: bool = False
    packs: tuple[str, ...] = ("standard",)
    advanced_weapons: bool = True
    role_variant: bool = False
    lord_seat_zero: bool = True
    lord_seat: int = 0
    scoring: bool = False
    max_rounds: int = 60
    pool: tuple[str, ...] | str | None = None
    mode: str = "identity"
    reincarnation: bool = False
    last_blood: int | None = None
    three_player_drain: bool = False
    dark_souls: bool = False

    def __post_init__(self) -> None:
        if not isinstance(self.players, int) or not 4 <= self.players <= 10:
            raise ConfigError(f"players: identity mode takes 4-10 players, got {self.players!r}")
        if self.role_variant and self.players not in ROLE_TABLE_VARIANT:
            raise ConfigError("role_variant: only 6- and 8-player games have a variant role table")
        if not isinstance(self.max_rounds, int) or self.max_rounds < 1:
            raise ConfigError(f"max_rounds: must be a positive integer, got {self.max_rounds!r}")
        if self.mode not in MODES:
            raise ConfigError(f"mode: expected {' or '.join(MODES)}, got {self.mode!r:.60}")
        self._check_lord_seat()
        g = self.generals
        if isinstance(g, list):
            object.__setattr__(self, "generals", tuple(g))
            g = self.generals
        if isinstance(g, tuple):
            self._known(g, "generals")
            _check_distinct(g)
            if len(g) != self.players:
                raise ConfigError(
                    f"generals: {len(g)} given for {self.players} seats (one per seat is needed)")
        elif g is not None and g not in ("random", "draft"):
            raise ConfigError(
                f"generals: expected None, 'random', 'draft' or one id per seat, got {g!r:.60}")
        packs = _ids(self.packs, "packs")
        object.__setattr__(self, "packs", packs)
        unknown = [p for p in packs if p not in PACKS]
        if not packs or unknown or len(set(packs)) != len(packs):
            raise ConfigError(f"packs: expected distinct card packs out of "
                              f"{', '.join(PACKS.names())}, got {', '.join(packs) or 'none'}")
        _check_editions(packs)
        if isinstance(self.pool, str):
            if self.pool not in POOLS:
                raise ConfigError(f"pool: no pool named {self.pool!r:.60} "
                                  f"(named pools: {', '.join(POOLS)})")
        elif self.pool is not None:
            object.__setattr__(self, "pool", _ids(self.pool, "pool"))
        if g in ("random", "draft"):
            self._check_pool()
        for check in _CHECKS:  # what the modes and the other variants refuse
            check(self)

    def _check_lord_seat(self) -> None:
        k = self.lord_seat
        if not isinstance(k, int) or isinstance(k, bool) or not 0 <= k < self.players:
            raise ConfigError(f"lord_seat: a seat of the {self.players} (0-{self.players - 1}), "
                              f"got {k!r}")
        if k and not self.lord_seat_zero:
            raise ConfigError("lord_seat: the lord's seat is dealt at random (lord_seat_zero is "
                              "off), so it cannot be given")

    def _check_pool(self) -> None:
        pool = self.general_pool()
        self._known(pool, "pool")
        if len(set(pool)) != len(pool):
            raise ConfigError("pool: a general is named twice")

    @staticmethod
    def _known(ids: tuple[str, ...], what: str) -> None:
        unknown = sorted({x for x in ids if x not in GENERALS})
        names = [f"{x} is {gid}" for x in unknown for gid in general_ids([x]) if gid != x]
        if names:  # a frontend passed what a user typed: say which ids they are
            raise ConfigError(f"{what}: a config takes general ids, not names ({'; '.join(names)}"
                              "); general_ids() reads names")
        if unknown:
            raise ConfigError(f"{what}: unknown general(s) {', '.join(unknown)} "
                              f"(known: {', '.join(GENERALS.names()) or 'none'})")

    @property
    def beginner(self) -> bool:
        return self.generals is None

    @property
    def ex_cards(self) -> bool:
        """Whether the 4 EX cards are in the deck."""
        return "ex" in self.packs

    def general_pool(self) -> tuple[str, ...]:
        """The generals ``"random"`` and ``"draft"`` deal from, sorted: ``pool`` (a named pool's
        generals), or every registered general."""
        if isinstance(self.pool, str):
            return POOLS[self.pool]
        return tuple(sorted(self.pool)) if self.pool is not None else tuple(GENERALS.names())

    def pool_name(self) -> str | None:
        """The name of the frozen pool (:data:`POOLS`) that :meth:`general_pool` is, if any."""
        pool = self.general_pool()
        return next((name for name, ids in POOLS.items() if ids == pool), None)

    def roles(self) -> tuple[int, int, int, int]:
        if self.role_variant:
            return ROLE_TABLE_VARIANT[self.players]
        return ROLE_TABLE[self.players]

    def to_dict(self) -> dict[str, Any]:
        """Every field as plain data (tuples as lists)."""
        out: dict[str, Any] = {}
        for f in fields(self):
            v = getattr(self, f.name)
            out[f.name] = list(v) if isinstance(v, tuple) else v
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Config:
        """A config from plain data, strict about types (a header's config, say). Unknown keys are
        ignored; ``ex_cards: true`` (headers written before packs were recorded) adds ``"ex"``."""
        known: dict[str, Any] = {}
        for f in fields(cls):
            if f.name not in data:
                continue
            v, default = data[f.name], f.default
            if isinstance(default, bool) and not isinstance(v, bool):
                raise ConfigError(f"{f.name}: expected a boolean, got {v!r:.60}")
            if type(default) is int and (not isinstance(v, int) or isinstance(v, bool)):
                raise ConfigError(f"{f.name}: expected an integer, got {v!r:.60}")
            known[f.name] = v
        g = known.get("generals")
        if isinstance(g, list):
            known["generals"] = _ids(g, "generals")
        legacy_ex = data.get("ex_cards")
        if legacy_ex is not None:
            if not isinstance(legacy_ex, bool):
                raise ConfigError(f"ex_cards: expected a boolean, got {legacy_ex!r:.60}")
            packs = _ids(known.get("packs", ("standard",)), "packs")
            if legacy_ex and "ex" not in packs:
                known["packs"] = (*packs, "ex")
        try:
            return cls(**known)
        except TypeError as e:
            raise ConfigError(str(e)) from None
