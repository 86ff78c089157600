"""sgscore: deterministic, seeded Sanguosha (三国杀) engines and a replay-file toolkit.

``from sgscore import Config, new_game`` is identity mode; the names are loaded when first used,
so ``import sgscore`` (and ``sgs --version``) costs next to nothing.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

from . import _accel

__version__ = "0.1.0"

_accel.install()  # the compiled core, or its sources (sgscore/_accel.py)

if TYPE_CHECKING:
    from .core.engine import EngineError
    from .core.protocol import GameFinished, IllegalChoice, Request
    from .core.spec import ConfigError
    from .sanguosha import Config, Game, new_game

_WHERE = {
    "Config": ".sanguosha", "Game": ".sanguosha", "new_game": ".sanguosha",
    "ConfigError": ".core.spec", "Request": ".core.protocol", "IllegalChoice": ".core.protocol",
    "GameFinished": ".core.protocol", "EngineError": ".core.engine",
}

__all__ = [
    "Config", "ConfigError", "Game", "new_game", "Request", "IllegalChoice", "GameFinished",
    "EngineError", "__version__",
]


def __getattr__(name: str) -> Any:
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module 'sgscore' has no attribute {name!r}")
    value = getattr(import_module(module, __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_WHERE))
