"""sgscore: deterministic, seeded Sanguosha (三国杀) engines and a replay-file toolkit."""

from __future__ import annotations

from .core.engine import EngineError
from .core.protocol import GameFinished, IllegalChoice, Request
from .core.spec import ConfigError
from .sanguosha import Config, Game, new_game

__version__ = "0.1.0"

__all__ = [
    "Config", "ConfigError", "Game", "new_game", "Request", "IllegalChoice", "GameFinished",
    "EngineError", "__version__",
]
