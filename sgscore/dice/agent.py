"""A simple heuristic agent for the dice game: it plays by what its seat can see (its own role,
the lord's, the roles revealed) and a few rules of thumb.

- Rerolls: a 酒 when nobody it cares for is hurt, a lone 万箭齐发 that cannot fire, and a 闪电
  when its skill lets it (鬼道) and two show or other dice roll anyway; it keeps 南蛮箭
  (rerolling one risks another 【箭】) and 杀.
- 杀: at the player it most wants dead: the lord for a rebel; known rebels and renegades for
  the lord's side (never the lord); otherwise the weakest it may hit.
- 酒 and 青囊: itself when hurt, else the lord if it serves the lord, else itself.
- Skills: always used when offered, 不屈 to the full.
"""

from __future__ import annotations

from typing import Any

from ..core.protocol import Choice, PickRequest, Request, SubsetRequest
from ..core.rng import Pcg32
from ..core.spec import remade_agent
from .game import DiceGame
from .model import BEER, DYNAMITE, GATLING, LORD, LOYALIST, REBEL, RENEGADE, Player

__all__ = ["DiceHeuristicAgent"]


class DiceHeuristicAgent:
    """Chooses by the rules of thumb above; ties and unknown kinds at random (its own stream)."""

    name = "heuristic"

    def __init__(self, game: DiceGame, seed: int, seat: int) -> None:
        self.game = game
        self.seat = seat
        self.seed = seed
        self.rng = Pcg32(seed, 1 + seat)

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickling: the agent travels as its game, seed and seat, and is made again caught up
        on the game (``sgscore.core.spec.remade_agent``): the same stream and the same reading
        of the table, in this process or another."""
        return (remade_agent, (type(self), self.game, self.seed, self.seat))

    def follow(self, game: DiceGame) -> None:
        """Watch ``game`` from now on: a copy, at the same moment, of the game this agent has
        played so far (see ``GameSpec.make_agents``)."""
        self.game = game

    @property
    def me(self) -> Player:
        return self.game.players[self.seat]

    def role_of(self, p: Player) -> str | None:
        return p.role if self.game.role_seen(p, self.seat) else None

    def hostility(self, p: Player) -> int:
        """How much it wants ``p`` hurt: 2 an enemy it knows, 1 unknown, 0 a friend."""
        mine, theirs = self.me.role, self.role_of(p)
        if self.game.n == 3:
            return 2
        if mine in (LORD, LOYALIST):
            return 0 if theirs in (LORD, LOYALIST) else 2 if theirs in (REBEL, RENEGADE) else 1
        if mine == REBEL:
            return 2 if theirs == LORD else 0 if theirs == REBEL else 1
        alive = sum(1 for q in self.game.players if q.alive)
        return 0 if theirs == LORD and alive > 2 else 1

    def friend_hurt(self) -> Player | None:
        me = self.me
        if me.hp < me.max_hp:
            return me
        if me.role == LOYALIST:
            lord = next((q for q in self.game.players if q.role == LORD and q.alive), None)
            if lord is not None and lord.hp < lord.max_hp:
                return lord
        return None

    def choose(self, request: Request) -> Choice:
        kind = request.kind
        if kind == "reroll" and isinstance(request, SubsetRequest):
            return self.reroll(request)
        if isinstance(request, PickRequest):
            if kind == "slash_target":
                return self.worst(request.options)
            if kind in ("beer_target", "skill_target"):
                friend = self.friend_hurt()
                if friend is not None and friend.seat in request.options:
                    return friend.seat
                return self.seat if self.seat in request.options else request.options[-1]
            if kind in ("skill_amount", "skill_shot"):
                return request.options[-1]
            if kind == "skill_invoke":
                return True
        if kind == "skill_seats" and isinstance(request, SubsetRequest):
            return (self.seat,) if self.seat in request.pool and request.high else ()
        return request.choice_at(self.rng.below(request.count()))

    def reroll(self, request: SubsetRequest) -> tuple[int, ...]:
        dice = self.game.dice
        gatlings = dice.count(GATLING)
        out = []
        for i in request.pool:
            face = dice[i]
            if face == BEER and self.friend_hurt() is None:
                out.append(i)
            elif face == GATLING and gatlings < 2:
                out.append(i)
        # 闪电 may be rerolled only by a skill that allows it (鬼道): it is offered then, and
        # rerolled when two show (a third ends the turn with a wound) or other dice roll anyway
        booms = [i for i in request.pool if dice[i] == DYNAMITE]
        if booms and (out or len(booms) >= 2):
            out.extend(booms)
        return tuple(sorted(out))

    def worst(self, options: tuple[Choice, ...]) -> Choice:
        players = self.game.players
        return max(options, key=lambda s: (self.hostility(players[s]), -players[s].hp, -s))
