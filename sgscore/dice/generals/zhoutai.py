"""周泰 (8 HP): 不屈.

000: "你可以将你受到的任意点数有来源的伤害改为获得等量的【箭】。（不能以此法获得牌堆里的最后一张【箭】。）"

Decisions (docs/dice.md "How 000 is read"): only damage with a source (a 杀 or a 万箭齐发; never
南蛮入侵 or 闪电); he chooses how many points (0 up to the damage, and never so many that he would
take the pile's last 【箭】), asked once per damage; the 【箭】 are taken one at a time from the
pile.
"""

from __future__ import annotations

from ...core.engine import Proc
from ...core.protocol import PickRequest
from ..game import DiceGame
from ..model import Damage, DiceGeneral, DiceSkill, Player, register_general, register_skill
from ..rules import take_arrow
from ..telling import SKILL, SKILL_AMOUNT


@register_skill
class Buqu(DiceSkill):
    """不屈: damage with a source may be taken as 【箭】 instead, never the pile's last."""

    id = "buqu"
    zh = "不屈"
    en = "Unyielding"
    text_zh = "你可以将你受到的任意点数有来源的伤害改为获得等量的【箭】。（不能以此法获得牌堆里的最后一张【箭】。）"
    text_en = ("You may take any number of points of damage with a source as as many arrows "
               "instead (never the last arrow of the pile).")
    optional = True

    def before_damage(self, g: DiceGame, owner: Player, dmg: Damage) -> Proc:
        if dmg.source is None:
            return
        most = min(dmg.amount, g.pile - 1)
        if most <= 0:
            return
        n = yield PickRequest(owner.seat, SKILL_AMOUNT, range(most + 1), (self.id, dmg.amount))
        if not n:
            return
        g.log(SKILL, owner.seat, self.id)
        dmg.amount -= n
        for _ in range(n):
            yield from take_arrow(g, owner)


register_general(DiceGeneral("zhoutai", "周泰", "Zhou Tai", "m", 8, "buqu", "wu"))
