"""张飞 (shu, m, 4): 飞将 (003 "人物技能详解"; docs/rules.md "张飞 zhangfei")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..hints import general_hint
from ..model import REBEL, General, Player, register_general
from ..skills import Skill, register_skill

if TYPE_CHECKING:
    from ..game import Game


@register_skill
class Feijiang(Skill):
    """飞将 (not compulsory, docs/rules.md "Compulsory skills"): in his play phase he may use any
    number of 杀, and a weapon still gives him its attack range (003: "出牌阶段，可以出任意数量的
    杀。仍可以装备武器后增加攻击距离。"). This is 003's first-edition text, not the later 咆哮
    (docs/rules.md "张飞 zhangfei").

    It lifts the one-杀 limit (``slash_limit``) and nothing else: each 杀 still needs a target in
    his attack range. Being a skill, it works against 孙尚香 too (乾坤 ignores only equipment: "但
    角色技能对她依然有效"), where a 诸葛连弩's extra 杀 would not. It asks nothing: using a 杀 or
    not is already his choice.
    """

    id = "feijiang"
    zh = "飞将"
    en = "Flying General"
    text_zh = "出牌阶段，可以出任意数量的杀。仍可以装备武器后增加攻击距离。"
    text_en = "In your play phase you may use any number of Slashes; a weapon still gives you its attack range."
    optional = False

    def slash_limit(self, g: Game, owner: Player) -> int:
        return 1 << 30


register_general(General("zhangfei", "张飞", "shu", "m", 4, ("feijiang",), en="Zhang Fei"))


# ---------------------------------------------------------------------------- agent hints
general_hint("zhangfei", 88, (REBEL,))
