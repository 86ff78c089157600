"""Identity mode's observations (docs/api.md "Observations"): what one seat sees of the table as
a fixed-size vector of ints, feature by feature (:func:`layout`, :func:`observation`).

Seats are told relative to the observer (block ``seat0`` is the observer, ``seat1`` the next
seat in turn order, ...), so that one policy serves every seat. Built from what the seat's view
holds: its own hand and role, the public table (HP, hand sizes, equipment, judgement areas, the
discard pile, the lord's role, the roles shown), never another seat's hand or hidden role.
"""

from __future__ import annotations

from array import array
from functools import lru_cache

from ..core.observing import Layout, zeros
from .cards import CARD_TYPES, deck_ids
from .config import Config
from .game import Game
from .model import GENERALS, LORD, PHASES, ROLES
from .telling import REQUESTS
from .variants.mode_3v3 import ROLES_3V3

__all__ = ["layout", "observation"]

_PHASES = ("setup", *PHASES, "between")


@lru_cache(maxsize=64)
def _layout(players: int, cards: int) -> tuple[Layout, tuple[str, ...], tuple[str, ...],
                                                tuple[str, ...], tuple[str, ...]]:
    roles = tuple(dict.fromkeys((*ROLES, *ROLES_3V3)))
    generals = tuple(GENERALS.names())
    kinds = tuple(REQUESTS.names())
    delayed = tuple(sorted(name for name, t in CARD_TYPES.items() if t.judged is not None))
    features: list[tuple[str, int, str]] = [
        ("seat", players, "the observer's seat, one-hot"),
        ("current", players, "whose turn it is, one-hot, relative to the observer"),
        ("phase", len(_PHASES), f"the phase, one-hot: {', '.join(_PHASES)}"),
        ("round", 1, "the round"),
        ("turn", 1, "the turn number"),
        ("draw_pile", 1, "the cards in the draw pile"),
        ("hand", cards, "the observer's hand, one flag per card id"),
        ("discard_pile", cards, "the discard pile, one flag per card id"),
        ("processing", cards, "the cards being used or judged, one flag per card id"),
        ("pending", len(kinds) + 1, "the kind of the observer's own pending request, one-hot "
                                    "(0: none of the observer's; then the request kinds sorted)"),
        ("over", 1, "1 once the game has a result"),
    ]
    for r in range(players):
        s = f"seat{r}"
        features += [
            (f"{s}.stats", 4, f"seat +{r} from the observer: alive, HP, max HP, hand size"),
            (f"{s}.role", len(roles) + 1, "its role, one-hot (0: hidden from the observer; then "
                                          + ", ".join(roles) + ")"),
            (f"{s}.general", len(generals) + 1, "its general, one-hot (0: none; then the "
                                                "registered generals sorted)"),
            (f"{s}.equip", cards, "its equipment, one flag per card id"),
            (f"{s}.judge", cards, "the cards in its judgement area, one flag per card id"),
            (f"{s}.judge_as", len(delayed), "its delayed tricks by what they are judged as: "
                                            + ", ".join(delayed)),
            (f"{s}.borrowed", cards, "a weapon lent to it by 借刀杀人, one flag per card id"),
        ]
    return Layout("sanguosha/identity", features), roles, generals, kinds, delayed


def _cards(config: Config) -> int:
    return max(deck_ids(config.packs, first_game=config.first_game), default=0) + 1


def layout(config: Config) -> Layout:
    """The features of observations of games of ``config``."""
    return _layout(config.players, _cards(config))[0]


def observation(g: Game, seat: int) -> array[int]:
    """What ``seat`` sees of ``g``, as the ints of :func:`layout` (an ``array.array`` of signed
    64-bit ints)."""
    lay, roles, generals, kinds, delayed = _layout(g.n, _cards(g.config))
    at = lay.offsets
    v = zeros(lay.size)
    n = g.n
    v[at["seat"] + seat] = 1
    v[at["current"] + (g.current - seat) % n] = 1
    v[at["phase"] + (_PHASES.index(g.phase) if g.phase in _PHASES else 0)] = 1
    v[at["round"]] = g.round
    v[at["turn"]] = g.turn_no
    v[at["draw_pile"]] = len(g.draw_pile)
    me = g.players[seat]
    o = at["hand"]
    for c in me.hand:
        v[o + c] = 1
    o = at["discard_pile"]
    for c in g.discard_pile:
        v[o + c] = 1
    o = at["processing"]
    for c in g.processing:
        v[o + c] = 1
    req = g.pending
    if req is not None and req.seat == seat and req.kind in kinds:
        v[at["pending"] + 1 + kinds.index(req.kind)] = 1
    over = g.result is not None
    v[at["over"]] = 1 if over else 0
    for p in g.players:
        s = _SEAT_NAMES[(p.seat - seat) % n]
        o = at[s[0]]
        v[o] = 1 if p.alive else 0
        v[o + 1] = p.hp
        v[o + 2] = p.max_hp
        v[o + 3] = len(p.hand)
        shown = p.seat == seat or over or p.role_shown or p.role == LORD or not p.alive
        if shown and p.role in roles:
            v[at[s[1]] + 1 + roles.index(p.role)] = 1
        if p.general in generals:
            v[at[s[2]] + 1 + generals.index(p.general)] = 1
        o = at[s[3]]
        for c in p.equip:
            if c >= 0:
                v[o + c] = 1
        if p.judge:
            o, oa = at[s[4]], at[s[5]]
            for c, as_name in p.judge:
                v[o + c] = 1
                if as_name in delayed:
                    v[oa + delayed.index(as_name)] += 1
        if p.borrowed is not None:
            v[at[s[6]] + p.borrowed[0]] = 1
    return v


_SEAT_NAMES = tuple(tuple(f"seat{r}.{part}" for part in (
    "stats", "role", "general", "equip", "judge", "judge_as", "borrowed")) for r in range(64))
"""The names of each relative seat's blocks (looked up once)."""
