"""诸葛亮 (shu, m, 3): 观星, 空城 (003 "人物技能详解", RULINGS §4.5)."""

from __future__ import annotations

from typing import Any

from ..arrange import ArrangeRequest, place_arranged
from ..model import General, Player, Proc, Skill, register_general, register_skill
from ..rules import take_from_pile

__all__: list[str] = []


@register_skill
class Guanxing(Skill):
    """观星: before his draw phase he looks at the top 3 cards of the draw pile (fewer if the draw
    and discard piles hold fewer) and puts any of them on the bottom and the rest on top, in any
    order: one decision, an :class:`~sgscore.sanguosha.arrange.ArrangeRequest` (003: "查看牌堆顶的
    三张牌，将其中任意数量的牌以任意顺序置于牌堆底，其余则以任意顺序置于牌堆顶"). The look is private.

    Looking costs nothing, so it is not asked as a yes/no: keeping all three on top in their order
    is the same as not using it.
    """

    id = "guanxing"
    zh = "观星"
    optional = False
    timings = ("phase_begin",)

    def can_trigger(self, g: Any, owner: Player, ctx: Any) -> bool:
        return ctx == "draw" and g.current == owner.seat and bool(g.draw_pile or g.discard_pile)

    def trigger(self, g: Any, owner: Player, ctx: Any) -> Proc:
        k = min(3, len(g.draw_pile) + len(g.discard_pile))
        # Taking them reshuffles the discard pile in if the draw pile runs short (RULINGS §3); they
        # go straight back in the same order and stay in the draw pile while he looks.
        shown = tuple(take_from_pile(g, k))
        g.draw_pile.extend(reversed(shown))
        mask = 1 << owner.seat
        g.log_private("guanxing_look", mask, (owner.seat, k), shown)
        top, bottom = yield ArrangeRequest(owner.seat, "guanxing", shown, (shown,))
        del g.draw_pile[-k:]
        place_arranged(g.draw_pile, top, bottom)
        g.log_private("guanxing", mask, (owner.seat, len(top), len(bottom)), (top, bottom))


@register_skill
class Kongcheng(Skill):
    """空城: while he has no hand cards he cannot be chosen as the target of 杀 or 决斗 (RULINGS
    §4.5, which reads 003's "无手牌时，不受杀的影响（包括决斗中出的杀）")."""

    id = "kongcheng"
    zh = "空城"
    optional = False
    modifies = ("blocks_target",)

    def blocks_target(self, g: Any, owner: Player, user: Player, name: str) -> bool:
        return not owner.hand and (name == "slash" or name == "duel")


register_general(General("zhugeliang", "诸葛亮", "shu", "m", 3, ("guanxing", "kongcheng")))
