"""Game configuration: everything besides the seed and the decisions that shapes a game.

The config is recorded in every replay header, so a replay re-simulates under the same options.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

__all__ = ["Config", "ROLE_TABLE", "ROLE_TABLE_VARIANT", "ConfigError"]

# RULINGS §2, roles by player count: (lord, loyalist, rebel, renegade).
ROLE_TABLE = {
    4: (1, 1, 1, 1), 5: (1, 1, 2, 1), 6: (1, 1, 3, 1), 7: (1, 2, 3, 1),
    8: (1, 2, 4, 1), 9: (1, 3, 4, 1), 10: (1, 3, 4, 2),
}
# The 6- and 8-player variants with two renegades.
ROLE_TABLE_VARIANT = {6: (1, 1, 2, 2), 8: (1, 2, 3, 2)}


class ConfigError(ValueError):
    """A config that cannot make a game (says which field and why)."""


@dataclass(frozen=True)
class Config:
    """Options of an identity-mode game.

    ``generals``: ``None`` for beginner mode (no generals, no skills), ``"random"`` to deal each seat
    one of the implemented generals at random, or a tuple with one general id per seat.
    """

    players: int = 5
    generals: tuple[str, ...] | str | None = "random"
    first_game: bool = False  # 003 "第一次游戏": no J/Q/K in the deck
    ex_cards: bool = False  # RULINGS §4.1: the 4 EX cards
    advanced_weapons: bool = True  # RULINGS §7
    role_variant: bool = False  # 6/8 players: two renegades
    lord_seat_zero: bool = True  # RULINGS §2: the lord sits at seat 0 (else roles are dealt)
    max_rounds: int = 60  # RULINGS §3: round cap, then a draw
    extra: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)

    def __post_init__(self) -> None:
        if not isinstance(self.players, int) or not 4 <= self.players <= 10:
            raise ConfigError(f"players: identity mode takes 4-10 players, got {self.players!r}")
        if self.role_variant and self.players not in ROLE_TABLE_VARIANT:
            raise ConfigError("role_variant: only 6- and 8-player games have a variant role table")
        if not isinstance(self.max_rounds, int) or self.max_rounds < 1:
            raise ConfigError(f"max_rounds: must be a positive integer, got {self.max_rounds!r}")
        g = self.generals
        if isinstance(g, list):
            object.__setattr__(self, "generals", tuple(g))
            g = self.generals
        if isinstance(g, tuple):
            if len(g) != self.players:
                raise ConfigError(
                    f"generals: {len(g)} given for {self.players} seats (one per seat is needed)"
                )
        elif g is not None and g != "random":
            raise ConfigError(f"generals: expected None, 'random' or one id per seat, got {g!r}")

    @property
    def beginner(self) -> bool:
        return self.generals is None

    def roles(self) -> tuple[int, int, int, int]:
        if self.role_variant:
            return ROLE_TABLE_VARIANT[self.players]
        return ROLE_TABLE[self.players]

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        d.pop("extra")
        g = d["generals"]
        d["generals"] = list(g) if isinstance(g, tuple) else g
        return d

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Config:
        known = {k: v for k, v in data.items() if k in cls.__dataclass_fields__ and k != "extra"}
        g = known.get("generals")
        if isinstance(g, list):
            known["generals"] = tuple(g)
        try:
            return cls(**known)
        except TypeError as e:
            raise ConfigError(str(e)) from None
