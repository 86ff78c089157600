"""赵云 (8 HP): 龙胆.

000: "你可以将【杀①】和【杀②】互换使用。"

Decisions: each of his 近杀 and 远杀 dice may hit a player at distance 1 or at distance 2 (with
3 or fewer living players both are 近杀 anyway); he picks the target, so no question of its own.
"""

from __future__ import annotations

from ..game import DiceGame
from ..model import DiceGeneral, DiceSkill, Player, register_general, register_skill


@register_skill
class Longdan(DiceSkill):
    """龙胆: a 近杀 may be used as a 远杀 and the other way round."""

    id = "longdan"
    zh = "龙胆"
    en = "Dragon Heart"
    text_zh = "你可以将【杀①】和【杀②】互换使用。"
    text_en = "You may use a near slash (1) as a far slash (2), and the other way round."
    optional = True

    def slash_reach(self, g: DiceGame, owner: Player, face: str,
                    reach: tuple[int, ...]) -> tuple[int, ...]:
        far = 1 if sum(1 for q in g.players if q.alive) <= 3 else 2
        return tuple(sorted({*reach, 1, far}))


register_general(DiceGeneral("zhaoyun", "赵云", "Zhao Yun", "m", 8, "longdan", "shu"))
