"""The invariants of a dice game (``docs/dice.md``), checked as it is played: after setting up,
after every decision and at the end, however the game ended (``docs/fuzzing.md``, "Random games and
their invariants"). :meth:`SPEC.invariants <sgscore.dice.spec.DiceSpec.invariants>` gives a
checker; the checks every game shares are in :mod:`sgscore.core.invariants`.
"""

from __future__ import annotations

from ..core.invariants import Broken, short, the_end, view_events
from .game import DiceGame
from .model import ARROWS, DICE, FACES

__all__ = ["DiceInvariants"]


class DiceInvariants:
    """The invariants of a dice game (``docs/dice.md``), checked after every decision and at the
    end: the 9 【箭】 (the pile and those held by the living, none by the dead), HP (a living
    player between 1 and their starting HP, so the 70 HP tokens never run out; the dead at 0 or
    below, and dead for good), the five dice (faces of the game's six, rerolls never below 0),
    ``pending`` None exactly when the game is over and only the living asked, the end told, and
    the views of every seat and of a spectator (roles hidden but for the lord's, a 3-player
    game's, the dead's, one's own and every role at the end; the request only for the seat
    asked; each event's hidden part only for its seats)."""

    def __init__(self, game: DiceGame) -> None:
        self.dead = [False] * game.n
        self.viewed = [0] * (game.n + 1)

    def check(self, game: DiceGame) -> list[Broken]:
        """The invariants broken now: ``(invariant, detail)`` pairs."""
        out = self._arrows(game) + self._hp(game) + self._dice(game) + self._pending(game)
        out += the_end(game)
        for k, seat in enumerate([*range(game.n), None]):
            out += self._view(game, seat, k)
        return out

    def _arrows(self, game: DiceGame) -> list[Broken]:
        held = [p.arrows for p in game.players]
        if (game.pile + sum(held) == ARROWS and 0 <= game.pile <= ARROWS and min(held) >= 0
                and not any(p.arrows for p in game.players if not p.alive)):
            return []
        return [("arrows", f"pile {game.pile}, held {held}, alive "
                           f"{[p.alive for p in game.players]}")]

    def _hp(self, game: DiceGame) -> list[Broken]:
        out = []
        for p in game.players:
            s = p.seat
            if self.dead[s] and p.alive:
                out.append(("dead stay dead", f"seat {s} is alive again"))
            if not p.alive:
                self.dead[s] = True
                if p.hp > 0:
                    out.append(("HP bounds", f"seat {s} is dead with {p.hp} HP"))
            elif not 1 <= p.hp <= p.max_hp:
                out.append(("HP bounds", f"seat {s} has {p.hp} of {p.max_hp} HP"))
        living = sum(p.hp for p in game.players if p.alive)
        if living > 70:
            out.append(("HP bounds", f"the living hold {living} HP: more than the 70 tokens"))
        return out

    def _dice(self, game: DiceGame) -> list[Broken]:
        faces, spent = game.dice, game.spent
        if (len(faces) == DICE == len(spent) and all(f == "" or f in FACES for f in faces)
                and game.rerolls_left >= 0):
            return []
        return [("dice", f"faces {faces}, spent {spent}, rerolls left {game.rerolls_left}")]

    def _pending(self, game: DiceGame) -> list[Broken]:
        req = game.pending
        out = []
        if (req is None) != game.over:
            out.append(("pending iff not over", f"pending {req!r}, over {game.over}"))
        if req is not None and not game.players[req.seat].alive:
            out.append(("only the living decide", f"seat {req.seat} is dead and asked {req.kind}"))
        return out

    def _view(self, game: DiceGame, seat: int | None, k: int) -> list[Broken]:
        # Only the events not looked at yet (``since``): checking a long game stays linear.
        view = game.view(seat, since=self.viewed[k])
        out = []
        for p, shown in zip(game.players, view["players"], strict=True):
            public = game.role_seen(p, seat)
            if shown["role"] != (p.role if public else None):
                out.append(("views: roles", f"seat {seat} sees seat {p.seat}'s role as "
                                            f"{shown['role']!r} (public: {public})"))
            if ((shown["hp"], shown["max_hp"], shown["arrows"], shown["alive"])
                    != (p.hp, p.max_hp, p.arrows, p.alive)):
                out.append(("views: public state", f"seat {seat} sees seat {p.seat} wrong"))
        req, pending = game.pending, view["pending"]
        if req is None:
            ok = pending is None
        elif seat is not None and req.seat == seat:
            ok = (pending is not None and pending.get("seat") == seat
                  and pending.get("kind") == req.kind)
        else:
            ok = pending == {"waiting": True}
        if not ok or view["pile"] != game.pile:
            out.append(("views: pending and piles", f"seat {seat} sees pending {short(pending)} "
                                                     f"and a pile of {view['pile']}"))
        return out + view_events(game.events, view, seat, self.viewed, k)
