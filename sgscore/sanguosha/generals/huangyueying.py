"""黄月英 (shu, f, 3): 集智, 奇才 (003 "人物技能详解"; docs/rules.md "黄月英 huangyueying")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.engine import Proc
from ..cards import CARD_TYPES
from ..contexts import CARD_PLAYED, CARD_USED, CardPlayed, CardUse
from ..hints import general_hint
from ..model import General, Player, register_general
from ..skills import Skill, register_skill
from ..zones import draw

if TYPE_CHECKING:
    from ..game import Game


@register_skill
class Jizhi(Skill):
    """集智 (compulsory): when she uses a trick she draws a card from the top of the draw pile at
    once, before the trick resolves (003: "当她使用一张锦囊牌后，立即从牌堆顶摸一张牌加入手牌"; and its
    example: "若月英使用如万箭齐发等锦囊牌后对司马懿造成伤害，则月英应先从牌堆摸一张牌，再让司马懿抽走一张").

    Rulings where 003 is silent:

    - Every 锦囊牌 counts, the delayed ones too: 003 describes 乐不思蜀 and 闪电 among "锦囊牌的详解".
      A trick that is then nullified was still used: she has drawn already.
    - The text says she draws ("立即...摸"), not that she may: no yes/no is asked (drawing from the
      pile costs nothing and nobody else).
    - 无懈可击 is a 锦囊牌 she uses too (003 lists it among "锦囊牌的详解"): it is played in its
      window when asked for (``card_played``), and she draws at once, before the window opens
      again — so the card drawn may be the next 无懈可击.
    """

    id = "jizhi"
    zh = "集智"
    en = "Gathering Wisdom"
    text_zh = "当她使用一张锦囊牌后，立即从牌堆顶摸一张牌加入手牌。"
    text_en = "Whenever you use a trick (a delayed trick or a Nullification too), draw a card from the top of the draw pile at once."
    optional = False
    compulsory = True
    timings = (CARD_USED, CARD_PLAYED)

    def can_trigger(self, g: Game, owner: Player, ctx: CardUse | CardPlayed) -> bool:
        if isinstance(ctx, CardUse):
            return ctx.user is owner and CARD_TYPES[ctx.card.name].is_trick
        return ctx.player is owner and CARD_TYPES[ctx.card.name].is_trick

    def trigger(self, g: Game, owner: Player, ctx: CardUse | CardPlayed) -> Proc:
        yield from draw(g, owner, 1)


@register_skill
class Qicai(Skill):
    """奇才 (compulsory): her tricks have no distance limit (003: "使用任何锦囊牌无距离限制，如顺手
    牵羊"). In the standard deck only 顺手牵羊 has one (distance 1): she may use it on any other
    player who has a card. A player she may not choose for other reasons (谦逊) stays out of
    reach."""

    id = "qicai"
    zh = "奇才"
    en = "Rare Talent"
    text_zh = "使用任何锦囊牌无距离限制，如顺手牵羊。"
    text_en = "Your tricks have no distance limit (Snatch's, for one)."
    optional = False
    compulsory = True

    def trick_distance_unlimited(self, g: Game, owner: Player) -> bool:
        return True


register_general(General("huangyueying", "黄月英", "shu", "f", 3, ("jizhi", "qicai"), en="Huang Yueying"))


# ---------------------------------------------------------------------------- agent hints
general_hint("huangyueying", 48)
