"""黄月英 (7 HP): 集智.

000: "每当结算【万箭齐发】结果前，你可以弃置至多X名角色的各一张【箭】（X为【万箭齐发】结果的数量）。"

Decisions (docs/dice.md "How 000 is read"): any players holding 【箭】, herself included, each at
most once; on her own turns, before the 万箭齐发 step, whenever her final dice show at least one
万箭齐发 (whether or not enough to fire it).
"""

from __future__ import annotations

from ...core.engine import Proc
from ...core.protocol import SubsetRequest
from ..game import DiceGame
from ..model import DiceGeneral, DiceSkill, Player, register_general, register_skill
from ..rules import living_from, return_arrows
from ..telling import SKILL, SKILL_SEATS


@register_skill
class Jizhi(DiceSkill):
    """集智: per 万箭齐发 die, one player discards one 【箭】."""

    id = "jizhi"
    zh = "集智"
    en = "Wisdom"
    text_zh = "每当结算【万箭齐发】结果前，你可以弃置至多X名角色的各一张【箭】（X为【万箭齐发】结果的数量）。"
    text_en = ("Before your gatling dice resolve, you may discard one arrow from each of up to "
               "X players (X: the number of gatling dice).")
    optional = True

    def before_gatling(self, g: DiceGame, owner: Player, count: int) -> Proc:
        holders = [q.seat for q in living_from(g, owner.seat) if q.arrows > 0]
        if not holders:
            return
        chosen = yield SubsetRequest(owner.seat, SKILL_SEATS, holders, 0,
                                     min(count, len(holders)), (self.id, count))
        if not chosen:
            return
        g.log(SKILL, owner.seat, self.id)
        for seat in chosen:
            return_arrows(g, g.players[seat], 1, self.id)


register_general(DiceGeneral("huangyueying", "黄月英", "Huang Yueying", "f", 7, "jizhi", "shu"))
