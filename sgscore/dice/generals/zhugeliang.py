"""诸葛亮 (9 HP): 八阵.

000: "你不会受到【万箭齐发】造成的伤害。"
"""

from __future__ import annotations

from ...core.engine import Proc
from ..game import DiceGame
from ..model import Damage, DiceGeneral, DiceSkill, Player, register_general, register_skill
from ..telling import PREVENTED


@register_skill
class Bazhen(DiceSkill):
    """八阵: 万箭齐发 never damages him."""

    id = "bazhen"
    zh = "八阵"
    en = "Eight Formations"
    text_zh = "你不会受到【万箭齐发】造成的伤害。"
    text_en = "Gatling never deals you damage."

    def before_damage(self, g: DiceGame, owner: Player, dmg: Damage) -> Proc:
        if dmg.reason == "gatling":
            g.log(PREVENTED, owner.seat, dmg.reason, self.id)
            dmg.amount = 0
        return
        yield


register_general(DiceGeneral("zhugeliang", "诸葛亮", "Zhuge Liang", "m", 9, "bazhen", "shu"))
