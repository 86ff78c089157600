"""Learning environments over sgscore's games (docs/training.md): a PettingZoo AEC environment per
game and config, :func:`make_env`. Needs the optional extra ``pip install 'sgscore[rl]'``
(pettingzoo, gymnasium, numpy); the rest of sgscore imports none of them."""

from __future__ import annotations

from typing import Any

__all__ = ["make_env", "SgsEnv"]


def make_env(game_id: str = "sanguosha/identity", **config: Any) -> Any:
    """A PettingZoo AEC environment of ``game_id`` (``"sanguosha/identity"``, ``"sanguozhi/dice"``
    or ``"dice"``) with the config ``config`` (a header's config entries: ``players=5``,
    ``reincarnation=True``, ...; ``render_mode`` and ``lang`` are the environment's own)."""
    from .env import SgsEnv

    return SgsEnv(game_id, **config)


def __getattr__(name: str) -> Any:
    if name == "SgsEnv":
        from .env import SgsEnv

        return SgsEnv
    raise AttributeError(f"module 'sgscore.rl' has no attribute {name!r}")
