"""Per-seat views (docs/views.md "Identity mode: a seat's view"): :func:`seat_view` and
:func:`full_view` are the game's (``game.py``: ``Game.view``), also named here."""

from __future__ import annotations

from ..core.engine import redact
from .game import full_view, seat_view

__all__ = ["seat_view", "full_view", "redact"]
