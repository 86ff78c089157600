"""Sanguosha (三国杀) identity mode: ``new_game(Config(...), seed)``.

Importing the package registers every card, pack, general, skill and variant it holds
(``content/``, ``generals/`` and ``variants/`` are discovered, never listed by hand; the base
rules' mode is ``identity.py``).
"""

from __future__ import annotations

from ..core.checks import watch_procedures
from ..core.engine import EngineError
from . import content, generals, identity, variants  # noqa: F401 - they register what they hold
from .cards import CARD_TYPES, PACKS
from .config import Config, ConfigError
from .game import ENGINE_VERSION, RULESET, Game
from .model import GENERALS
from .skills import SKILLS, TIMINGS
from .spec import RULES_VERSION, SPEC

watch_procedures(__name__)  # with SGSCORE_CHECK_PROCEDURES only (core/checks.py)

__all__ = [
    "Config", "ConfigError", "Game", "EngineError", "new_game", "ENGINE_VERSION", "RULESET",
    "RULES_VERSION", "GENERALS", "SKILLS", "CARD_TYPES", "PACKS", "TIMINGS", "SPEC",
]


def new_game(config: Config | None = None, seed: int = 0) -> Game:
    """A new game, run until its first decision."""
    return Game(config or Config(), seed)
