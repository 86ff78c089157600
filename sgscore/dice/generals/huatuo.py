"""华佗 (8 HP): 青囊.

000: "回合开始时，你可以令一名角色回复1点体力。"

Decisions: any living player below max HP, himself included; he is not asked when everyone has
full HP (the heal would do nothing).
"""

from __future__ import annotations

from ...core.engine import Proc
from ...core.protocol import PickRequest
from ..game import DiceGame
from ..model import DiceGeneral, DiceSkill, Player, register_general, register_skill
from ..rules import heal, living_from
from ..telling import SKILL, SKILL_TARGET


@register_skill
class Qingnang(DiceSkill):
    """青囊: at the start of his turn, one player recovers 1 HP."""

    id = "qingnang"
    zh = "青囊"
    en = "Green Satchel"
    text_zh = "回合开始时，你可以令一名角色回复1点体力。"
    text_en = "At the start of your turn, you may have a player recover 1 HP."
    optional = True

    def turn_start(self, g: DiceGame, owner: Player) -> Proc:
        hurt = [q.seat for q in living_from(g, owner.seat) if q.hp < q.max_hp]
        if not hurt:
            return
        target = yield PickRequest(owner.seat, SKILL_TARGET, [None, *hurt], (self.id,))
        if target is None:
            return
        g.log(SKILL, owner.seat, self.id)
        heal(g, g.players[target], 1, self.id)


register_general(DiceGeneral("huatuo", "华佗", "Hua Tuo", "m", 8, "qingnang", "qun"))
