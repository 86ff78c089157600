"""Sampled worlds of the dice game (docs/training.md "Sampled worlds"): the dice, the arrows and
HP are public, so what a seat cannot see is the roles hidden from it, drawn here at random among
the seats that hide them, and the random stream from then on (the dice not yet rolled)."""

from __future__ import annotations

from ..core.rng import Pcg32
from .game import DiceGame

__all__ = ["sample_world"]


def sample_world(g: DiceGame, seat: int, rng: Pcg32) -> DiceGame:
    """A copy of ``g`` as it might be for all ``seat`` knows, asked the same question; ``g``
    must be asking ``seat`` and is not changed."""
    req = g.pending
    if req is None or req.seat != seat:
        raise ValueError(f"a world is sampled for the seat asked (seat {seat} is not)")
    world = g.clone()
    hidden = [p for p in world.players if not world.role_seen(p, seat)]
    roles = [p.role for p in hidden]
    rng.shuffle(roles)
    for p, r in zip(hidden, roles, strict=True):
        p.role = r
    world.rng.setstate(((rng.next_u32() << 32) | rng.next_u32(), world.rng.inc))
    return world
