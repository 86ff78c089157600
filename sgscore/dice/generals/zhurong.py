"""祝融 (7 HP): 巨象.

000: "【南蛮入侵】对你造成的伤害至多为1。"

Decisions (docs/dice.md "How 000 is read"): a cap, not immunity: she still takes 1 when she holds
any 【箭】.
"""

from __future__ import annotations

from ...core.engine import Proc
from ..game import DiceGame
from ..model import Damage, DiceGeneral, DiceSkill, Player, register_general, register_skill
from ..telling import SKILL


@register_skill
class Juxiang(DiceSkill):
    """巨象: 南蛮入侵 deals her at most 1."""

    id = "juxiang"
    zh = "巨象"
    en = "Great Elephant"
    text_zh = "【南蛮入侵】对你造成的伤害至多为1。"
    text_en = "Indians deal you at most 1 damage."

    def before_damage(self, g: DiceGame, owner: Player, dmg: Damage) -> Proc:
        if dmg.reason == "indians" and dmg.amount > 1:
            g.log(SKILL, owner.seat, self.id)
            dmg.amount = 1
        return
        yield


register_general(DiceGeneral("zhurong", "祝融", "Zhurong", "f", 7, "juxiang", "shu"))
