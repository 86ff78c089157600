"""马超 (shu, m, 4): 马术 (003 "人物技能详解"; docs/rules.md "马超 machao")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..hints import general_hint
from ..model import REBEL, General, Player, register_general
from ..skills import Skill, register_skill

if TYPE_CHECKING:
    from ..game import Game


@register_skill
class Mashu(Skill):
    """马术: he always counts as riding a -1 and a +1 horse, whether or not he has horses; he may
    equip one more horse, either kind, which adds its effect (003: "算上自己始终骑着的两匹马一共三匹").
    Equipping a second horse replaces the first (``horse_slots``)."""

    id = "mashu"
    zh = "马术"
    en = "Horsemanship"
    text_zh = "始终视为骑着一匹-1马和一匹+1马，不管他是否装备马。但他最多只能再装备一匹马（算上自己始终骑着的两匹马一共三匹）。"
    text_en = "You always count as riding a -1 horse and a +1 horse, whether or not you equip horses; you may equip only one more horse, of either kind (three horses in all)."
    optional = False
    compulsory = True

    def distance_out(self, g: Game, owner: Player, other: Player) -> int:
        return -1

    def distance_in(self, g: Game, owner: Player, other: Player) -> int:
        return 1

    def horse_slots(self, g: Game, owner: Player) -> int:
        return 1


register_general(General("machao", "马超", "shu", "m", 4, ("mashu",), en="Ma Chao"))


# ---------------------------------------------------------------------------- agent hints
general_hint("machao", 12, (REBEL,))
