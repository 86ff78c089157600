"""董卓 (8 HP): 酒池.

000: "每回合限一次，你可以将一张【酒】的效果改为令一张【杀】造成的伤害值×2。"

Decisions (docs/dice.md "How 000 is read"): once per turn; asked when his 杀 dice have their
targets, before their damage, if a 酒 die is among his final dice; the 酒 he uses this way heals
nobody (the first 酒 die, by index, is the one used).
"""

from __future__ import annotations

from ...core.engine import Proc
from ...core.protocol import PickRequest
from ..game import DiceGame
from ..model import BEER, DiceGeneral, DiceSkill, Player, register_general, register_skill
from ..telling import SKILL, SKILL_SHOT


@register_skill
class Jiuchi(DiceSkill):
    """酒池: a 酒 doubles one 杀's damage instead of healing."""

    id = "jiuchi"
    zh = "酒池"
    en = "Lake of Wine"
    text_zh = "每回合限一次，你可以将一张【酒】的效果改为令一张【杀】造成的伤害值×2。"
    text_en = "Once per turn, you may use a beer to double the damage of one slash instead."
    optional = True

    def before_slashes(self, g: DiceGame, owner: Player, shots: list[list[int]]) -> Proc:
        beers = [i for i, f in enumerate(g.dice) if f == BEER and not g.spent[i]]
        if not beers:
            return
        die = yield PickRequest(owner.seat, SKILL_SHOT, [None, *(s[0] for s in shots)],
                                (self.id,))
        if die is None:
            return
        g.log(SKILL, owner.seat, self.id)
        g.spent[beers[0]] = True
        for shot in shots:
            if shot[0] == die:
                shot[2] *= 2


register_general(DiceGeneral("dongzhuo", "董卓", "Dong Zhuo", "m", 8, "jiuchi", "qun"))
