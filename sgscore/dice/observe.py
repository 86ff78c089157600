"""The dice game's observations (docs/api.md "Observations"): what one seat sees of the table as a
fixed-size vector of ints, feature by feature (:func:`layout`, :func:`observation`). Seats are
told relative to the observer (``seat0`` is the observer); built from what the seat's view holds
(every seat's HP, arrows and general, the dice; its own role, the lord's, the dead's, every role
in a three-player game), never a role hidden from it.
"""

from __future__ import annotations

from array import array
from functools import lru_cache

from ..core.observing import Layout, zeros
from .config import DiceConfig
from .game import DiceGame
from .model import DICE, FACES, GENERALS, ROLES
from .telling import REQUESTS

__all__ = ["layout", "observation"]

_PHASES = ("setup", "roll", "resolve")


@lru_cache(maxsize=16)
def _layout(players: int) -> tuple[Layout, tuple[str, ...], tuple[str, ...]]:
    generals = tuple(GENERALS.names())
    kinds = tuple(REQUESTS.names())
    features: list[tuple[str, int, str]] = [
        ("seat", players, "the observer's seat, one-hot"),
        ("current", players, "whose turn it is, one-hot, relative to the observer"),
        ("phase", len(_PHASES), f"the phase, one-hot: {', '.join(_PHASES)}"),
        ("round", 1, "the round"),
        ("turn", 1, "the turn number"),
        ("pile", 1, "the arrows (【箭】) left in the pile"),
        ("rerolls_left", 1, "the rerolls the current player has left"),
        ("dice", DICE * (len(FACES) + 1), "each die's face, one-hot per die (0: not rolled; "
                                          "then " + ", ".join(FACES) + ")"),
        ("spent", DICE, "each die already resolved, a flag per die"),
        ("pending", len(kinds) + 1, "the kind of the observer's own pending request, one-hot "
                                    "(0: none of the observer's; then the request kinds sorted)"),
        ("over", 1, "1 once the game has a result"),
    ]
    for r in range(players):
        s = f"seat{r}"
        features += [
            (f"{s}.stats", 4, f"seat +{r} from the observer: alive, HP, max HP, arrows held"),
            (f"{s}.role", len(ROLES) + 1, "its role, one-hot (0: hidden from the observer; then "
                                          + ", ".join(ROLES) + ")"),
            (f"{s}.general", len(generals) + 1, "its general, one-hot (0: none; then the "
                                                "registered generals sorted)"),
        ]
    return Layout("sanguozhi/dice", features), generals, kinds


def layout(config: DiceConfig) -> Layout:
    """The features of observations of games of ``config``."""
    return _layout(config.players)[0]


def observation(g: DiceGame, seat: int) -> array[int]:
    """What ``seat`` sees of ``g``, as the ints of :func:`layout` (an ``array.array`` of signed
    64-bit ints)."""
    lay, generals, kinds = _layout(g.n)
    at = lay.offsets
    v = zeros(lay.size)
    n = g.n
    v[at["seat"] + seat] = 1
    v[at["current"] + (g.current - seat) % n] = 1
    v[at["phase"] + (_PHASES.index(g.phase) if g.phase in _PHASES else 0)] = 1
    v[at["round"]] = g.round
    v[at["turn"]] = g.turn_no
    v[at["pile"]] = g.pile
    v[at["rerolls_left"]] = g.rerolls_left
    width = len(FACES) + 1
    o = at["dice"]
    for i, face in enumerate(g.dice):
        v[o + i * width + (1 + FACES.index(face) if face in FACES else 0)] = 1
    o = at["spent"]
    for i, spent in enumerate(g.spent):
        v[o + i] = 1 if spent else 0
    req = g.pending
    if req is not None and req.seat == seat and req.kind in kinds:
        v[at["pending"] + 1 + kinds.index(req.kind)] = 1
    v[at["over"]] = 1 if g.result is not None else 0
    for p in g.players:
        r = (p.seat - seat) % n
        o = at[f"seat{r}.stats"]
        v[o] = 1 if p.alive else 0
        v[o + 1] = p.hp
        v[o + 2] = p.max_hp
        v[o + 3] = p.arrows
        if g.role_seen(p, seat) and p.role in ROLES:
            v[at[f"seat{r}.role"] + 1 + ROLES.index(p.role)] = 1
        if p.general in generals:
            v[at[f"seat{r}.general"] + 1 + generals.index(p.general)] = 1
    return v
