"""王异 (8 HP): 贞烈.

000: "你能额外重掷一次骰子。"

Decisions (docs/dice.md "The generals"): three rerolls a turn instead of two.
"""

from __future__ import annotations

from ..model import DiceGeneral, DiceSkill, register_general, register_skill


@register_skill
class Zhenlie(DiceSkill):
    """贞烈: one more reroll."""

    id = "zhenlie"
    zh = "贞烈"
    en = "Chaste Valor"
    text_zh = "你能额外重掷一次骰子。"
    text_en = "You may reroll one more time."
    optional = True
    extra_rerolls = 1


register_general(DiceGeneral("wangyi", "王异", "Wang Yi", "f", 8, "zhenlie", "wei"))
