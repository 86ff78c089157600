"""赵云 (shu, m, 4): 龙胆 (003 "人物技能详解"; docs/rules.md "赵云 zhaoyun")."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from ..cards import NAME
from ..contexts import Ctx
from ..hints import general_hint
from ..model import LOYALIST, General, Player, VCard, register_general
from ..requests import card_targets
from ..skills import PlayOption, Skill, register_skill

if TYPE_CHECKING:
    from ..game import Game

_AS: Final = {"slash": "jink", "jink": "slash"}
"""The card 龙胆 makes, and the card it makes it from."""


@register_skill
class Longdan(Skill):
    """龙胆: a 杀 of his hand may stand for a 闪, and a 闪 for a 杀 (003: "可以用杀代替闪使用，也可
    以用闪代替杀使用"). A card conversion both ways (docs/rules.md "Generals"): the card is "as" the
    other, with the original's suit and rank.

    - In his play phase a 闪 is used as a 杀, ``("longdan", (card,), (seat,))``, with the 杀's
      targets and its one-per-phase limit.
    - Whenever he must play a 闪 (against 杀, each 闪 of 无双, 万箭齐发) a 杀 may stand for it, and
      whenever he must play a 杀 (决斗, 南蛮入侵, for 刘备's 激将) a 闪 may: ``("longdan", card)``.
    - Ruling (003 is silent): only hand cards: 杀 and 闪 are basic cards, which are only ever held
      in the hand.
    """

    id = "longdan"
    zh = "龙胆"
    en = "Dragon Courage"
    text_zh = "可以用杀代替闪使用，也可以用闪代替杀使用。"
    text_en = "You may use or play a Slash as a Dodge, and a Dodge as a Slash."
    play_as = "slash"

    def play_options(self, g: Game, owner: Player) -> list[PlayOption]:
        out: list[PlayOption] = []
        for c in owner.hand:
            if NAME[c] == "jink":
                for t in card_targets(g, owner, VCard(self.play_as, (c,), self.id)):
                    out.append(((c,), t))
        return out

    def convert(self, g: Game, owner: Player, name: str, ctx: Ctx | None) -> list[int]:
        source = _AS.get(name)
        if source is None:
            return []
        return [c for c in owner.hand if NAME[c] == source]


register_general(General("zhaoyun", "赵云", "shu", "m", 4, ("longdan",), en="Zhao Yun"))


# ---------------------------------------------------------------------------- agent hints
general_hint("zhaoyun", 84, (LOYALIST,))  # 龙胆 is scored as the 杀 it makes
