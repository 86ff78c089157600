"""The games a replay can hold, by the header's ``game`` id, and the rules hash of each.

The replay toolkit is game-agnostic: it needs to build a game from a header's config and seed, and
to know the engine version, PRNG algorithm and rules hash to compare with a header. A game adds a
:class:`GameSpec` here.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass, fields
from functools import cache
from pathlib import Path
from typing import Any

from ..core.rng import ALGORITHM
from ..sanguosha import game as sgs_game
from ..sanguosha.config import Config, ConfigError

__all__ = [
    "GameSpec", "GAMES", "rules_hash", "source_hash", "spec_for", "sparse_config", "full_config",
]


def source_hash(package_dir: Path) -> str:
    """SHA-256 (hex) over the ``*.py`` files under ``package_dir`` (``docs/replay-format.md``).

    Files are taken in the order of their relative POSIX paths as UTF-8 bytes; for each, the hash
    takes ``path``, a newline, the decimal byte length, a newline, then the content with CRLF turned
    into LF (so a Windows checkout hashes the same)."""
    h = hashlib.sha256()
    rels = sorted(
        (p.relative_to(package_dir).as_posix() for p in package_dir.rglob("*.py")),
        key=lambda r: r.encode("utf-8"),
    )
    for rel in rels:
        data = (package_dir / rel).read_bytes().replace(b"\r\n", b"\n")
        h.update(b"%s\n%d\n" % (rel.encode("utf-8"), len(data)))
        h.update(data)
    return h.hexdigest()


@dataclass(frozen=True)
class GameSpec:
    """How the toolkit builds and identifies one game."""

    game: str
    engine_version: str
    rng: str
    package_dir: Path
    #: ``(config_dict, seed) -> (game, error)``: the game, and the EngineError if the rules raised
    #: while setting up (the game object is still returned, stopped, so its summary can be taken).
    start: Callable[[dict[str, Any], int], tuple[Any, Exception | None]]
    engine_error: type[Exception]
    #: Config values that format v1 fixes as defaults for this game: a header leaves out an entry
    #: equal to its default here. Frozen with the format (never the engine's own defaults), so
    #: a change of the engine's defaults cannot change what an old replay means.
    config_defaults: dict[str, Any]


@cache
def rules_hash(game: str) -> str:
    """The header's rules hash of ``game`` as this engine computes it: the first 32 hex digits
    (128 bits) of :func:`source_hash` of its package (cached: sources do not change)."""
    return source_hash(GAMES[game].package_dir)[:32]


def _same(a: Any, b: Any) -> bool:
    return type(a) is type(b) and a == b


def sparse_config(game: str, config: dict[str, Any]) -> dict[str, Any]:
    """``config`` without the entries equal (value and type) to the format's defaults."""
    defaults = GAMES[game].config_defaults
    return {k: v for k, v in config.items() if not (k in defaults and _same(defaults[k], v))}


def full_config(game: str, config: dict[str, Any]) -> dict[str, Any]:
    """A header's config with the format's defaults filled in."""
    return {**GAMES[game].config_defaults, **config}


def _sanguosha_config(data: dict[str, Any]) -> Config:
    """A Config from a header's config map, refusing values of the wrong type."""
    for f in fields(Config):
        if f.name not in data or f.name in ("generals", "extra"):
            continue
        v, default = data[f.name], f.default
        if isinstance(default, bool) and not isinstance(v, bool):
            raise ConfigError(f"{f.name}: expected a boolean, got {v!r}")
        if type(default) is int and (not isinstance(v, int) or isinstance(v, bool)):
            raise ConfigError(f"{f.name}: expected an integer, got {v!r}")
    g = data.get("generals")
    if isinstance(g, list) and not all(isinstance(x, str) for x in g):
        raise ConfigError("generals: expected general ids (strings)")
    return Config.from_dict(data)


def _start_sanguosha(config: dict[str, Any], seed: int) -> tuple[Any, Exception | None]:
    cfg = _sanguosha_config(config)
    g = sgs_game.Game.__new__(sgs_game.Game)
    try:
        sgs_game.Game.__init__(g, cfg, seed)
    except sgs_game.EngineError as e:
        return g, e
    return g, None


GAMES: dict[str, GameSpec] = {
    sgs_game.RULESET: GameSpec(
        game=sgs_game.RULESET,
        engine_version=sgs_game.ENGINE_VERSION,
        rng=ALGORITHM,
        package_dir=Path(sgs_game.__file__).resolve().parent,
        start=_start_sanguosha,
        engine_error=sgs_game.EngineError,
        config_defaults={
            "players": 5, "generals": "random", "first_game": False, "ex_cards": False,
            "advanced_weapons": True, "role_variant": False, "lord_seat_zero": True,
            "max_rounds": 60,
        },
    ),
}


def spec_for(game: str) -> GameSpec | None:
    return GAMES.get(game)
