"""孙尚香 (shu and wu, f, 3): 乾坤 (003 "人物技能详解"; docs/rules.md "孙尚香 sunshangxiang").

003: "香香既是蜀国武将也是吴国武将": her kingdom ``"shu wu"`` counts as both (激将, 护驾 and the like
ask ``Player.of_kingdom``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..hints import general_hint
from ..model import LOYALIST, General, Player, register_general
from ..skills import Skill, register_skill

if TYPE_CHECKING:
    from ..game import Game


@register_skill
class Qiankun(Skill):
    """乾坤: other players' equipment has no effect on her or against her (003: "无视其他玩家任何
    装备牌的效果，即其他玩家的武器牌、马、八卦阵"): their weapons' ranges and skills when they target
    her (诸葛连弩's extra 杀 and 方天画戟's extra targets included), their horses either way,
    their armor against her. Her own equipment works, and skills still apply ("但角色技能对她依然有效").

    ``Game.equipment_works`` consults this modifier; every equipment effect goes through it."""

    id = "qiankun"
    zh = "乾坤"
    en = "Heaven and Earth"
    text_zh = "无视其他玩家任何装备牌的效果，即其他玩家的武器牌、马、八卦阵。但角色技能对她依然有效。"
    text_en = "Other players' equipment has no effect on you or against you: their weapons, horses and armor. Skills still affect you."
    optional = False
    compulsory = True

    def equipment_ignored(self, g: Game, owner: Player, other: Player) -> bool:
        return other is not owner


register_general(General("sunshangxiang", "孙尚香", "shu wu", "f", 3, ("qiankun",), en="Sun Shangxiang"))


# ---------------------------------------------------------------------------- agent hints
general_hint("sunshangxiang", 8, (LOYALIST,))
