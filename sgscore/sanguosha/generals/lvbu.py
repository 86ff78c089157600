"""吕布 (qun, m, 4): 无双 (003 "人物技能详解", RULINGS §4.5)."""

from __future__ import annotations

from typing import Any

from ...core.protocol import PickRequest
from ..model import General, Player, Proc, Skill, register_general, register_skill
from ..rules import discard

__all__: list[str] = []


@register_skill
class Wushuang(Skill):
    """无双 (compulsory): his 杀 needs two 闪 (八卦阵 judges once per 闪 needed); a target of his
    南蛮入侵 or 万箭齐发 who plays the 杀 or 闪 must also discard one more hand card, or take the
    damage (003: "需额外多弃一张任意手牌，否则减一点体力"). 003's text says nothing of 决斗."""

    id = "wushuang"
    zh = "无双"
    optional = False
    modifies = ("jinks_needed",)
    timings = ("aoe_answered",)

    def jinks_needed(self, g: Any, owner: Player, target: Player) -> int:
        return 2

    def can_trigger(self, g: Any, owner: Player, ctx: Any) -> bool:
        return ctx.user is owner and ctx.ok

    def trigger(self, g: Any, owner: Player, ctx: Any) -> Proc:
        t = ctx.target
        if not t.hand:
            ctx.ok = False
            return
        pick = yield PickRequest(
            t.seat, "wushuang_discard", (None, *t.hand), (owner.seat, ctx.card.name)
        )
        if pick is None:
            ctx.ok = False
            return
        yield from discard(g, t, [pick], "wushuang")


register_general(General("lvbu", "吕布", "qun", "m", 4, ("wushuang",)))
