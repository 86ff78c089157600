"""孟获 (9 HP): 再起.

000: "若你的体力值不大于4，你对自己使用的每张【酒】额外回复1点体力。"

Decisions: checked for each 酒 as it is used (so a first 酒 may lift him past 4 and the second
then gives 1); never past his max HP.
"""

from __future__ import annotations

from ..game import DiceGame
from ..model import DiceGeneral, DiceSkill, Player, register_general, register_skill
from ..telling import SKILL


@register_skill
class Zaiqi(DiceSkill):
    """再起: at 4 HP or less, each 酒 he gives himself heals 1 more."""

    id = "zaiqi"
    zh = "再起"
    en = "Rise Again"
    text_zh = "若你的体力值不大于4，你对自己使用的每张【酒】额外回复1点体力。"
    text_en = "While you have 4 HP or less, each beer you use on yourself heals 1 more HP."

    def beer_bonus(self, g: DiceGame, owner: Player, target: Player) -> int:
        if target is not owner or owner.hp > 4:
            return 0
        g.log(SKILL, owner.seat, self.id)
        return 1


register_general(DiceGeneral("menghuo", "孟获", "Meng Huo", "m", 9, "zaiqi", "shu"))
