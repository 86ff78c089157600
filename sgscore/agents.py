"""Agents that make decisions, and a driver that plays a game with one agent per seat.

Each agent draws from its own PCG32 stream (stream ``1 + seat``), so an agent never shifts the
game's dice and a game re-simulates from its decisions alone.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol, TypeVar

from ._accel import mypyc_attr
from .core.protocol import Choice, Request
from .core.rng import Pcg32
from .core.spec import GameState

__all__ = ["Agent", "RandomAgent", "play"]

G = TypeVar("G", bound=GameState)


class Agent(Protocol):
    def choose(self, request: Request) -> Choice: ...


@mypyc_attr(allow_interpreted_subclasses=True)
class RandomAgent:
    """Chooses uniformly among the legal choices of each request."""

    name = "random"

    def __init__(self, seed: int, seat: int) -> None:
        self.rng = Pcg32(seed, 1 + seat)

    def choose(self, request: Request) -> Choice:
        return request.choice_at(self.rng.below(request.count()))


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
