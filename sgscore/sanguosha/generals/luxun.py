"""陆逊 (wu, m, 3): 谦逊, 连营 (003 "人物技能详解"; docs/rules.md "陆逊 luxun")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.engine import Proc
from ..contexts import HAND_EMPTIED, PlayerCtx
from ..hints import general_hint
from ..model import RENEGADE, General, Player, register_general
from ..skills import Skill, register_skill
from ..zones import draw

if TYPE_CHECKING:
    from ..game import Game


@register_skill
class Qianxun(Skill):
    """谦逊 (compulsory): 顺手牵羊 and 乐不思蜀 do not affect him (003: "不受顺手牵羊和乐不思蜀的影
    响"): he cannot be chosen as their target, 国色's 乐不思蜀 included
    (docs/rules.md "陆逊 luxun"). 奇才 lifts 顺手牵羊's distance, not this. Other tricks (过河拆桥,
    决斗, ...) and skills that take cards (突袭, 反馈) still reach him."""

    id = "qianxun"
    zh = "谦逊"
    en = "Modesty"
    text_zh = "不受顺手牵羊和乐不思蜀的影响。"
    text_en = "Snatch and Contentment do not affect you: you cannot be their target."
    optional = False
    compulsory = True

    def blocks_target(self, g: Game, owner: Player, user: Player, name: str) -> bool:
        return name == "snatch" or name == "indulgence"


@register_skill
class Lianying(Skill):
    """连营 (compulsory): whenever his hand becomes empty he draws a card (003: "任何时候，只要自己
    手里没牌了就能从牌堆里摸一张加入自己手牌中"; docs/rules.md "陆逊 luxun"). He draws the moment
    the last card leaves his hand, before whatever that card does resolves; 003's example: "若陆逊打
    出手里最后一张杀扣减了司马懿一点体力，此时应由陆逊先摸一张牌，而后让司马懿把这张牌拿走" — and
    when 反馈 then takes that card, his hand is empty again and he draws again ("任何时候").

    Ruling: no yes/no is asked (docs/rules.md "Compulsory skills"). 003 says what he gets
    ("摸一张"), and the moment comes while the last card is on its way to where it goes
    (``zones.lose_cards`` fires ``hand_emptied`` before the card arrives), where no decision may
    wait. Every way a hand empties counts: a card used, played or discarded, given away (to 孙权 as
    his lord skill asks) or taken (过河拆桥, 反馈, 突袭); not death, whose cards are discarded
    without that timing.
    """

    id = "lianying"
    zh = "连营"
    en = "Linked Camps"
    text_zh = "任何时候，只要自己手里没牌了就能从牌堆里摸一张加入自己手牌中。"
    text_en = "Whenever your hand becomes empty, draw a card from the draw pile."
    optional = False
    compulsory = True
    timings = (HAND_EMPTIED,)

    def can_trigger(self, g: Game, owner: Player, ctx: PlayerCtx) -> bool:
        return ctx.player is owner and owner.alive and not owner.hand

    def trigger(self, g: Game, owner: Player, ctx: PlayerCtx) -> Proc:
        yield from draw(g, owner, 1)


register_general(General("luxun", "陆逊", "wu", "m", 3, ("qianxun", "lianying"), en="Lu Xun"))


# ---------------------------------------------------------------------------- agent hints
general_hint("luxun", 52, (RENEGADE,))
