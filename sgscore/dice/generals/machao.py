"""马超 (9 HP): 马术.

000: "你可以令你使用【杀】的距离限制+1。（即可以对距离1和2的角色使用近【杀】，对距离2和3的角色使用远【杀】。）"

Decisions: with 3 or fewer living players a 远杀 is a 近杀 (000), so it reaches 1 and 2 too.
"""

from __future__ import annotations

from ..game import DiceGame
from ..model import DiceGeneral, DiceSkill, Player, register_general, register_skill


@register_skill
class Mashu(DiceSkill):
    """马术: each 杀 die reaches one step further."""

    id = "mashu"
    zh = "马术"
    en = "Horsemanship"
    text_zh = ("你可以令你使用【杀】的距离限制+1。（即可以对距离1和2的角色使用近【杀】，"
               "对距离2和3的角色使用远【杀】。）")
    text_en = ("Your slashes reach one further: a near slash hits distance 1 or 2, a far slash "
               "distance 2 or 3.")
    optional = True

    def slash_reach(self, g: DiceGame, owner: Player, face: str,
                    reach: tuple[int, ...]) -> tuple[int, ...]:
        return tuple(sorted({*reach, *(r + 1 for r in reach)}))


register_general(DiceGeneral("machao", "马超", "Ma Chao", "m", 9, "mashu", "shu"))
