"""司马懿 (wei, m, 3): 反馈, 鬼才 (003 "人物技能详解", RULINGS §4.5)."""

from __future__ import annotations

from typing import Any

from ...core.protocol import PickRequest
from ..model import General, Player, Proc, Skill, register_general, register_skill
from ..rules import DamageCtx, JudgeCtx, gain, lose_cards, to_discard

__all__: list[str] = []


@register_skill
class Fankui(Skill):
    """反馈: when another player damages him, take one of that player's hand cards at random with
    the game RNG (003: "随机抽取对方一张手牌...若此时对方无手牌，则此技能无效")."""

    id = "fankui"
    zh = "反馈"
    timings = ("damaged",)

    def can_trigger(self, g: Any, owner: Player, ctx: DamageCtx) -> bool:
        src = ctx.source
        return (
            ctx.target is owner and src is not None and src is not owner and src.alive
            and bool(src.hand)
        )

    def trigger(self, g: Any, owner: Player, ctx: DamageCtx) -> Proc:
        src = ctx.source
        assert src is not None
        card = src.hand[g.rng.below(len(src.hand))]
        yield from gain(g, owner, [card], src, visible=False)


@register_skill
class Guicai(Skill):
    """鬼才: after anyone's judgement card is revealed, he may play a hand card to be the judgement
    card instead; the original is discarded and the new card's suit decides (003: "将这张牌作为新的
    判定牌...将原来翻开那张判定牌弃掉")."""

    id = "guicai"
    zh = "鬼才"
    timings = ("judge_revealed",)

    def can_trigger(self, g: Any, owner: Player, ctx: JudgeCtx) -> bool:
        return bool(owner.hand)

    def trigger(self, g: Any, owner: Player, ctx: JudgeCtx) -> Proc:
        old = ctx.card
        new = yield PickRequest(
            owner.seat, "guicai", tuple(owner.hand), (ctx.player.seat, ctx.reason, old)
        )
        yield from lose_cards(g, [new])
        g.processing.append(new)
        ctx.card = new
        to_discard(g, [old])
        g.log("judge_replaced", owner.seat, ctx.player.seat, old, new)


register_general(General("simayi", "司马懿", "wei", "m", 3, ("fankui", "guicai")))
