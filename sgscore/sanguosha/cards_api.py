"""Naming cards in scenarios and tools: ``"slash"``, ``"slash S7"``, ``"peach HQ"`` or an id.

Its public name is ``sgscore.cards_api``, which re-exports it."""

from __future__ import annotations

from .cards import CARDS, NAME

__all__ = ["card_matches", "find_card", "parse_spec"]

_SUITS = {"S": 0, "H": 1, "C": 2, "D": 3, "♠": 0, "♥": 1, "♣": 2, "♦": 3}
_RANKS = {"A": 1, "J": 11, "Q": 12, "K": 13}


def parse_spec(spec: str) -> tuple[str, int | None, int | None]:
    """``"slash S7"`` → ``("slash", 0, 7)``; ``"slash"`` → ``("slash", None, None)``."""
    parts = spec.split()
    name = parts[0]
    if name not in NAME:
        raise ValueError(f"unknown card name {name!r}")
    if len(parts) == 1:
        return name, None, None
    face = parts[1]
    suit = _SUITS.get(face[0])
    rank_s = face[1:]
    if suit is None or not rank_s:
        raise ValueError(f"bad card face {face!r} in {spec!r} (e.g. S7, HQ, DA)")
    rank = _RANKS.get(rank_s) or int(rank_s)
    return name, suit, rank


def card_matches(card: int, spec: int | str) -> bool:
    if isinstance(spec, int):
        return card == spec
    name, suit, rank = parse_spec(spec)
    c = CARDS[card]
    return c.name == name and (suit is None or c.suit == suit) and (rank is None or c.rank == rank)


def find_card(spec: int | str, deck: list[int], taken: set[int]) -> int:
    """The first card of ``deck`` (in id order) matching ``spec`` and not in ``taken``."""
    if isinstance(spec, int):
        if spec in taken:
            raise ValueError(f"card {spec} is named twice")
        if spec not in deck:
            raise ValueError(f"card {spec} is not in this game's deck")
        return spec
    for c in deck:
        if c not in taken and card_matches(c, spec):
            return c
    raise ValueError(f"no free card matches {spec!r}")
