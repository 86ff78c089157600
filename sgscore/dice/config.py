"""The dice game's config: everything besides the seed and the decisions that shapes a game.

A replay header records it (``spec.py``), the general pool of a random deal included, so a
general added later never changes a recorded game.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..core.names import AmbiguousName, Names
from ..core.spec import ConfigError
from .model import GENERALS, LORD, LOYALIST, REBEL, RENEGADE

__all__ = ["DiceConfig", "ROLE_TABLE", "THREE_PLAYER_ROLES", "MIN_PLAYERS", "MAX_PLAYERS",
           "general_ids"]

MIN_PLAYERS = 3
MAX_PLAYERS = 8

ROLE_TABLE: dict[int, tuple[str, ...]] = {
    4: (LORD, RENEGADE, REBEL, REBEL),
    5: (LORD, RENEGADE, REBEL, REBEL, LOYALIST),
    6: (LORD, RENEGADE, REBEL, REBEL, REBEL, LOYALIST),
    7: (LORD, RENEGADE, REBEL, REBEL, REBEL, LOYALIST, LOYALIST),
    8: (LORD, RENEGADE, RENEGADE, REBEL, REBEL, REBEL, LOYALIST, LOYALIST),
}
"""000 "游戏准备": the roles dealt at 4-8 players (4人局：1主 1内 2反 ... 8人局：1主 2内 3反 2忠)."""

THREE_PLAYER_ROLES = (LOYALIST, RENEGADE, REBEL)
"""000 "3人局特别规则": 忠臣、内奸和反贼, all shown."""


def general_ids(names: str) -> tuple[str, ...]:
    """Comma-separated generals (``,``, ``，`` or ``、``) as ids: each an id or a display name,
    in Chinese or English (:mod:`sgscore.core.names`); a name that is no general's is kept as
    written, for the config to report as unknown."""
    index = Names(((g.id, (g.zh, g.en)) for g in GENERALS.values()), "dice general")
    try:
        return tuple(index.id_of(x.strip()) for x in re.split(r"[,，、]", names))
    except AmbiguousName as e:
        raise ConfigError(f"generals: {e}") from None


def _int(data: Mapping[str, Any], key: str, default: int) -> int:
    v = data.get(key, default)
    if not isinstance(v, int) or isinstance(v, bool):
        raise ConfigError(f"{key}: expected an integer, got {v!r:.60}")
    return v


@dataclass(frozen=True)
class DiceConfig:
    """Options of a 三国掷 game.

    - ``players``: 3-8.
    - ``generals``: ``"random"`` (each seat dealt a general from ``pool`` with the game's RNG)
      or one general id per seat.
    - ``pool``: the generals a random deal draws from; ``None``: every registered general. The
      header records the pool of a random deal.
    - ``max_rounds``: the round cap; past it the game is a draw (000 has none; a safety net).
    """

    players: int = 5
    generals: tuple[str, ...] | str = "random"
    pool: tuple[str, ...] | None = None
    max_rounds: int = 100

    def __post_init__(self) -> None:
        n = self.players
        if not isinstance(n, int) or isinstance(n, bool) or not MIN_PLAYERS <= n <= MAX_PLAYERS:
            raise ConfigError(f"players: the dice game takes {MIN_PLAYERS}-{MAX_PLAYERS} players, "
                              f"got {n!r}")
        m = self.max_rounds
        if not isinstance(m, int) or isinstance(m, bool) or m < 1:
            raise ConfigError(f"max_rounds: must be a positive integer, got {m!r}")
        g = self.generals
        if isinstance(g, list | tuple):
            ids = _ids(g, "generals")
            object.__setattr__(self, "generals", ids)
            _known(ids, "generals")
            for i, gid in enumerate(ids):
                if gid in ids[:i]:
                    raise ConfigError(f"generals: {gid} is named for seats {ids.index(gid)} and "
                                      f"{i}; a general sits at one seat only")
            if len(ids) != n:
                raise ConfigError(f"generals: {len(ids)} given for {n} seats (one per seat)")
        elif g != "random":
            raise ConfigError(f"generals: expected 'random' or one id per seat, got {g!r:.60}")
        if self.pool is not None:
            pool = _ids(self.pool, "pool")
            object.__setattr__(self, "pool", pool)
        if g == "random":
            pool = self.general_pool()
            _known(pool, "pool")
            if len(set(pool)) != len(pool):
                raise ConfigError("pool: a general is named twice")
            if len(pool) < n:
                raise ConfigError(f"pool: {n} seats need {n} generals, the pool has {len(pool)}")

    def general_pool(self) -> tuple[str, ...]:
        """The generals a random deal draws from, sorted."""
        return tuple(sorted(self.pool)) if self.pool is not None else tuple(GENERALS.names())

    def roles(self) -> tuple[str, ...]:
        return THREE_PLAYER_ROLES if self.players == 3 else ROLE_TABLE[self.players]

    def to_dict(self) -> dict[str, Any]:
        """Every entry as plain data; a random deal records its pool."""
        out: dict[str, Any] = {
            "players": self.players,
            "generals": list(self.generals) if isinstance(self.generals, tuple) else self.generals,
            "max_rounds": self.max_rounds,
        }
        if self.generals == "random":
            out["pool"] = list(self.general_pool())
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> DiceConfig:
        """A config from plain data (a header's), strict about types."""
        generals = data.get("generals", "random")
        if isinstance(generals, list | tuple):
            generals = _ids(generals, "generals")
        pool = data.get("pool")
        return cls(players=_int(data, "players", 5), generals=generals,
                   pool=_ids(pool, "pool") if pool is not None else None,
                   max_rounds=_int(data, "max_rounds", 100))


def _ids(value: Any, what: str) -> tuple[str, ...]:
    if isinstance(value, list | tuple) and all(isinstance(x, str) for x in value):
        return tuple(value)
    raise ConfigError(f"{what}: expected a list of ids (strings), got {value!r:.60}")


def _known(ids: tuple[str, ...], what: str) -> None:
    unknown = sorted({x for x in ids if x not in GENERALS})
    if unknown:
        raise ConfigError(f"{what}: unknown dice general(s) {', '.join(unknown)} "
                          f"(known: {', '.join(GENERALS.names()) or 'none'})")
