"""Per-seat views: what one seat may see of the game (docs/views.md "Identity mode: a seat's view").

A seat sees its own hand and role, everyone's public state (HP, equipment, judgement areas, hand
sizes, the lord's role and dead players' roles), and the events with the hidden parts that were
shown to it. Once the game is over (it has a result), every role is shown, as every player turns
up their role card at a real table; a game stopped by an engine error has no result and shows
none. The seed, the RNG state and the order of the draw pile are never in a view.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..core.engine import redact
from .model import LORD

if TYPE_CHECKING:
    from .game import Game

__all__ = ["seat_view", "full_view", "redact"]


def seat_view(g: Game, seat: int | None, since: int = 0) -> dict[str, Any]:
    players = []
    over = g.result is not None  # every role card is turned up at the end
    for p in g.players:
        own = seat is not None and p.seat == seat
        players.append({
            "seat": p.seat,
            "general": p.general,
            "kingdom": p.kingdom,
            "sex": p.sex,
            "hp": p.hp,
            "max_hp": p.max_hp,
            "alive": p.alive,
            "role": (p.role if (own or over or p.role_shown or p.role == LORD or not p.alive)
                     else None),
            "hand_size": len(p.hand),
            "hand": list(p.hand) if own else None,
            "equip": list(p.equip),
            "judge": [list(j) for j in p.judge],
            "borrowed": list(p.borrowed) if p.borrowed else None,
            "skills": [s.id for s in g.active_skills(p)],
        })
    # Whose decision it is, and what kind, is shown only to that seat: a seat with nothing it
    # could play is never asked (the engine answers forced decisions), so "seat 3 is asked for a
    # 闪" would tell the table that seat 3 holds one. Other seats see only that a decision is
    # awaited (docs/api.md, "Forced decisions are not asked").
    pending: dict[str, Any] | None = None
    req = g.pending
    if req is not None:
        if seat is not None and req.seat == seat:
            pending = {"seat": req.seat, "kind": req.kind, "prompt": list(req.prompt)}
            pending["choices"] = list(req.choices()) if req.count() <= 4096 else None
        else:
            pending = {"waiting": True}
    return {
        "seat": seat,
        "current": g.current,
        "phase": g.phase,
        "round": g.round,
        "turn": g.turn_no,
        "draw_pile": len(g.draw_pile),
        "discard_pile": list(g.discard_pile),
        "processing": list(g.processing),
        "players": players,
        "pending": pending,
        "result": list(g.result) if g.result else None,
        "events": [redact(e, seat) for e in g.events[since:]],
    }


def full_view(g: Game) -> dict[str, Any]:
    """The whole table, for "everyone": ``view(None)`` with every hand and role filled in and the
    pending request's choices. The order of the draw pile and the RNG state stay out, as in every
    view; the events are left out."""
    view = seat_view(g, None, since=len(g.events))
    view.pop("events", None)
    for shown, p in zip(view["players"], g.players, strict=True):
        shown["hand"] = list(p.hand)
        shown["role"] = p.role or None
    req = g.pending
    if req is not None:
        view["pending"] = {"seat": req.seat, "kind": req.kind, "prompt": list(req.prompt),
                           "choices": list(req.choices()) if req.count() <= 4096 else None}
    return view
