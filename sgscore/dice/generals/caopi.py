"""曹丕 (9 HP): 行殇.

000: "每当一名角色死亡时，你回复2点体力。"

Decisions: for every other player's death while he lives (several at once: 2 each), after the
victory check (a finished game heals nobody).
"""

from __future__ import annotations

from ...core.engine import Proc
from ..game import DiceGame
from ..model import DiceGeneral, DiceSkill, Player, register_general, register_skill
from ..rules import heal
from ..telling import SKILL


@register_skill
class Xingshang(DiceSkill):
    """行殇: whenever someone dies, he recovers 2 HP."""

    id = "xingshang"
    zh = "行殇"
    en = "Mourning Song"
    text_zh = "每当一名角色死亡时，你回复2点体力。"
    text_en = "Whenever a player dies, you recover 2 HP."

    def on_death(self, g: DiceGame, owner: Player, dead: Player) -> Proc:
        if owner.hp < owner.max_hp:
            g.log(SKILL, owner.seat, self.id)
            heal(g, owner, 2, self.id)
        return
        yield


register_general(DiceGeneral("caopi", "曹丕", "Cao Pi", "m", 9, "xingshang", "wei"))
