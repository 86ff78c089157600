"""夏侯惇 (7 HP): 刚烈.

000: "每当你受到伤害后，伤害来源获得一张【箭】。（注意【南蛮入侵】和【闪电】造成的伤害没有来源。）"

Decisions (docs/dice.md "How 000 is read"): one 【箭】 per damage event, whatever its amount;
compulsory; not when he dies of it (a dead player's skill does nothing) or when the source has died.
The 【箭】 comes from the pile, so it may be the last and set off 南蛮入侵.
"""

from __future__ import annotations

from ...core.engine import Proc
from ..game import DiceGame
from ..model import Damage, DiceGeneral, DiceSkill, Player, register_general, register_skill
from ..rules import take_arrow
from ..telling import SKILL


@register_skill
class Ganglie(DiceSkill):
    """刚烈: whoever damages him takes a 【箭】."""

    id = "ganglie"
    zh = "刚烈"
    en = "Unbending"
    text_zh = "每当你受到伤害后，伤害来源获得一张【箭】。（注意【南蛮入侵】和【闪电】造成的伤害没有来源。）"
    text_en = ("Each time you take damage, its source takes an arrow. (Indians and dynamite "
               "deal damage without a source.)")

    def after_damage(self, g: DiceGame, owner: Player, dmg: Damage) -> Proc:
        if dmg.source is None or dmg.source == owner.seat:
            return
        source = g.players[dmg.source]
        if not source.alive:
            return
        g.log(SKILL, owner.seat, self.id)
        yield from take_arrow(g, source)


register_general(DiceGeneral("xiahoudun", "夏侯惇", "Xiahou Dun", "m", 7, "ganglie", "wei"))
