"""袁绍 (8 HP): 乱击.

000: "你使用【万箭齐发】需要的结果数改为2。"
"""

from __future__ import annotations

from ..model import DiceGeneral, DiceSkill, register_general, register_skill


@register_skill
class Luanji(DiceSkill):
    """乱击: two 万箭齐发 dice are enough."""

    id = "luanji"
    zh = "乱击"
    en = "Random Volley"
    text_zh = "你使用【万箭齐发】需要的结果数改为2。"
    text_en = "Your gatling fires with 2 gatling dice."
    gatling_needs = 2


register_general(DiceGeneral("yuanshao", "袁绍", "Yuan Shao", "m", 8, "luanji", "qun"))
