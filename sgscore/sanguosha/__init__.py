"""Sanguosha (三国杀) identity mode: ``new_game(Config(...), seed)``."""

from __future__ import annotations

from . import content, generals  # noqa: F401 - registers the cards and generals
from .config import Config, ConfigError
from .game import ENGINE_VERSION, RULESET, EngineError, Game
from .model import CARD_DEFS, GENERALS, SKILLS

__all__ = [
    "Config", "ConfigError", "Game", "EngineError", "new_game", "ENGINE_VERSION", "RULESET",
    "GENERALS", "SKILLS", "CARD_DEFS",
]


def new_game(config: Config | None = None, seed: int = 0) -> Game:
    """A new game, run until its first decision."""
    return Game(config or Config(), seed)
