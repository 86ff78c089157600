"""张角 (8 HP): 鬼道.

000: "你能重掷【闪电】。"

Decisions: his 闪电 may be rerolled like any other die, as long as the roll did not already show 3
or more (which ends the turn at once, before any reroll: 000 "立即结算").
"""

from __future__ import annotations

from ..model import DiceGeneral, DiceSkill, register_general, register_skill


@register_skill
class Guidao(DiceSkill):
    """鬼道: his 闪电 may be rerolled."""

    id = "guidao"
    zh = "鬼道"
    en = "Dark Arts"
    text_zh = "你能重掷【闪电】。"
    text_en = "You may reroll dynamite."
    optional = True
    reroll_dynamite = True


register_general(DiceGeneral("zhangjiao", "张角", "Zhang Jiao", "m", 8, "guidao", "qun"))
