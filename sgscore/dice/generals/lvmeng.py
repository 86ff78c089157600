"""吕蒙 (8 HP): 克己.

000: "回合结束时，若你生效的骰子结果里没有【杀】，你回复2点体力。"

Decisions (docs/dice.md "How 000 is read"): checked on the final dice, at the end of his turn. When
3 or more 闪电 ended the turn, no die took effect ("生效的" results are none), so he recovers 2.
"""

from __future__ import annotations

from ...core.engine import Proc
from ..game import DiceGame
from ..model import SLASH1, SLASH2, DiceGeneral, DiceSkill, Player, register_general, register_skill
from ..rules import heal
from ..telling import SKILL


@register_skill
class Keji(DiceSkill):
    """克己: no 杀 took effect this turn: he recovers 2 HP."""

    id = "keji"
    zh = "克己"
    en = "Self-Restraint"
    text_zh = "回合结束时，若你生效的骰子结果里没有【杀】，你回复2点体力。"
    text_en = "At the end of your turn, if no slash was among your dice that took effect, " \
              "you recover 2 HP."

    def turn_end(self, g: DiceGame, owner: Player) -> Proc:
        took_effect = g.phase == "resolve"
        if took_effect and any(f in (SLASH1, SLASH2) for f in g.dice):
            return
        if owner.hp < owner.max_hp:
            g.log(SKILL, owner.seat, self.id)
            heal(g, owner, 2, self.id)
        return
        yield


register_general(DiceGeneral("lvmeng", "吕蒙", "Lü Meng", "m", 8, "keji", "wu"))
