"""Agents that make decisions, and a driver that plays a game with one agent per seat.

:class:`Agent` and :class:`RandomAgent` belong to the decision protocol
(:mod:`sgscore.core.protocol`), which every game's spec offers; they are named here too. Each
agent draws from its own PCG32 stream (stream ``1 + seat``), so an agent never shifts the game's
dice and a game re-simulates from its decisions alone.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

from .core.protocol import Agent, Choice, RandomAgent
from .core.spec import GameState

__all__ = ["Agent", "RandomAgent", "play"]

G = TypeVar("G", bound=GameState)


def play(
    game: G,
    agents: Sequence[Agent],
    on_decision: Callable[[int, Choice], None] | None = None,
) -> G:
    """Drive ``game`` (of any game) to its end, asking ``agents[seat]`` for each decision.
    ``on_decision`` is called with (seat, choice) before each submit. Returns the game."""
    while not game.over:
        req = game.pending
        assert req is not None
        choice = agents[req.seat].choose(req)
        if on_decision is not None:
            on_decision(req.seat, choice)
        game.submit(choice)
    return game
