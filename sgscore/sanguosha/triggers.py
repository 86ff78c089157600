"""Firing a timing: every skill hooked on it whose condition holds reacts, in turn order from the
current player (docs/rules.md "The turn"); a player with several picks the order, and an optional
skill asks its owner first (both recorded decisions)."""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeVar

from ..core.engine import Proc
from ..core.protocol import PickRequest
from .events import SKILL
from .requests import INVOKE, ORDER_SKILLS, YES_NO
from .skills import Skill, Timing

if TYPE_CHECKING:
    from .game import Game

__all__ = ["fire"]

C = TypeVar("C")


def fire(g: Game, timing: Timing[C], ctx: C) -> Proc:
    """Resolve every skill hooked on ``timing`` whose condition holds, in turn order from the
    current player (docs/rules.md "The turn"). When one player has several, that player picks the
    order."""
    hooks = g.hooks.get(timing)
    if not hooks:
        return
    # ``hooks`` lists the seats in ascending order (``Game.rebuild_hooks``): turn order from the
    # current player is that list rotated to start at the first seat at or after the current one.
    cur = g.current
    k = 0
    while k < len(hooks) and hooks[k][0] < cur:
        k += 1
    ordered = hooks[k:] + hooks[:k] if k else hooks  # (hook lists are never changed in place)
    i = 0
    while i < len(ordered):
        seat = ordered[i][0]
        group: list[Skill] = []
        while i < len(ordered) and ordered[i][0] == seat:
            group.append(ordered[i][1])
            i += 1
        p = g.players[seat]
        while group and p.alive:
            ready = [s for s in group if s in p.skills and s.can_trigger(g, p, ctx)]
            if not ready:
                break
            skill = ready[0]
            if len(ready) > 1:
                sid = yield PickRequest(seat, ORDER_SKILLS, [s.id for s in ready], (timing.name,))
                skill = next(s for s in ready if s.id == sid)
            group.remove(skill)
            if skill.optional:
                ok = yield PickRequest(seat, INVOKE, YES_NO, (skill.id, timing.name,
                                                              *skill.invoke_prompt(g, p, ctx)))
                if not ok:
                    continue
            if skill.announce:
                g.log(SKILL, seat, skill.id)
            yield from skill.trigger(g, p, ctx)
