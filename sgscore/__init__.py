"""sgscore: deterministic, seeded Sanguosha (三国杀) engines and a replay-file toolkit."""

from __future__ import annotations

from .core.protocol import GameFinished, IllegalChoice, Request
from .sanguosha import Config, EngineError, Game, new_game

__version__ = "0.1.0"

__all__ = [
    "Config", "Game", "new_game", "Request", "IllegalChoice", "GameFinished", "EngineError",
    "__version__",
]
