"""郭嘉 (8 HP): 遗计.

000: "每当你受到1点伤害后，你可以弃置一张【箭】。"

Decisions: asked once per point of damage, while he holds a 【箭】 and lives; after 南蛮入侵 his
【箭】 are already back in the pile, so he is not asked.
"""

from __future__ import annotations

from ...core.engine import Proc
from ...core.protocol import PickRequest
from ..game import DiceGame
from ..model import Damage, DiceGeneral, DiceSkill, Player, register_general, register_skill
from ..rules import return_arrows
from ..telling import SKILL, SKILL_INVOKE


@register_skill
class Yiji(DiceSkill):
    """遗计: per point of damage taken, he may discard a 【箭】."""

    id = "yiji"
    zh = "遗计"
    en = "Bequeathed Strategy"
    text_zh = "每当你受到1点伤害后，你可以弃置一张【箭】。"
    text_en = "Each time you take 1 damage, you may discard an arrow."
    optional = True

    def after_damage(self, g: DiceGame, owner: Player, dmg: Damage) -> Proc:
        for _ in range(dmg.amount):
            if owner.arrows <= 0 or not owner.alive:
                return
            yes = yield PickRequest(owner.seat, SKILL_INVOKE, (True, False), (self.id,))
            if yes:
                g.log(SKILL, owner.seat, self.id)
                return_arrows(g, owner, 1, self.id)


register_general(DiceGeneral("guojia", "郭嘉", "Guo Jia", "m", 8, "yiji", "wei"))
