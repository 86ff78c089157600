"""甄姬 (wei, f, 3): 洛神, 倾国 (003 "人物技能详解"; docs/rules.md "甄姬 zhenji")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.engine import Proc
from ..cards import NAME, SUIT, is_black
from ..contexts import PHASE_END, Ctx, PhaseCtx
from ..events import judgement
from ..hints import general_hint, judgement_hint
from ..model import General, Player, register_general
from ..rules import judge
from ..skills import Skill, register_skill
from ..telling import Teller
from ..zones import gain

if TYPE_CHECKING:
    from ..game import Game


@judgement("luoshen")
def LUOSHEN_JUDGEMENT(t: Teller, seat: int, card: int) -> str:
    """洛神: black, the card goes to her hand and she judges again; red ends it."""
    if is_black(SUIT[card]):
        return t.say(en="the judgement is black: {skill} succeeds and {p} judges again",
                     zh="判定结果为黑色：【{skill}】成功，{p}继续判定", skill=t.skill("luoshen"),
                     p=t.p(seat))
    return t.say(en="the judgement is red: {skill} fails and ends",
                 zh="判定结果为红色：【{skill}】失败，结束", skill=t.skill("luoshen"))


@register_skill
class Luoshen(Skill):
    """洛神: in her judgement phase she may judge: black (♠ ♣) succeeds and the card goes to her
    hand, red (♥ ♦) fails and the card is discarded; she judges again until one fails (003:
    "判定阶段可以主动进行判定，若判定结果为黑色花色（黑桃、梅花），则判定成功，并将判定牌加入手牌；若
    判定结果为红色花色（红桃、方块）则为判定失败，将此判定牌弃掉。可以反复进行判定，直至判定失败。一回合
    只能使用一次该技能。使用洛神技能与闪电、乐不思蜀、八卦阵无关。").

    After the judgement-area judgements (003: "若甄姬面前放有闪电或乐不思蜀，则仍需先进行闪电或乐不
    思蜀的判定，最后执行洛神技能"; docs/rules.md "甄姬 zhenji"): at the end of her judgement phase
    (``phase_end``), whether or not anything lay there, and not if 闪电 killed her. One yes/no
    starts it, once a turn; then she judges while black (docs/rules.md "甄姬 zhenji":
    "直至判定失败"), so the only choice is whether to start. Each judgement is a judgement like any
    other (``judge(甄姬, "luoshen")``): 司马懿's 鬼才 may replace it, and its suit after that
    decides. A black card goes from the discard pile, where every judgement card ends, to her hand,
    visibly.
    """

    id = "luoshen"
    zh = "洛神"
    en = "Goddess of the Luo"
    text_zh = "判定阶段可以主动进行判定，若判定结果为黑色花色（黑桃、梅花），则判定成功，并将判定牌加入手牌；若判定结果为红色花色（红桃、方块）则为判定失败，将此判定牌弃掉。可以反复进行判定，直至判定失败。一回合只能使用一次该技能。使用洛神技能与闪电、乐不思蜀、八卦阵无关。"
    text_en = "In your judgement phase, after the judgements of your judgement area, you may judge: on black (♠ ♣) the card goes to your hand and you judge again; on red (♥ ♦) it is discarded and the skill ends. Once per turn. It has nothing to do with Lightning, Contentment or the Eight Trigrams."
    timings = (PHASE_END,)

    def can_trigger(self, g: Game, owner: Player, ctx: PhaseCtx) -> bool:
        return (ctx.player is owner and ctx.phase == "judge" and g.current == owner.seat
                and bool(g.draw_pile or g.discard_pile))

    def trigger(self, g: Game, owner: Player, ctx: PhaseCtx) -> Proc:
        while owner.alive:
            j = yield from judge(g, owner, LUOSHEN_JUDGEMENT)
            card = j.card
            if not is_black(SUIT[card]):
                return  # failed: the card stays discarded and 洛神 ends
            if card in g.discard_pile:
                yield from gain(g, owner, [card], None, visible=True)


@register_skill
class Qingguo(Skill):
    """倾国: any hand card may be played as 闪 (003: "可以用任意手牌代替闪使用"): a conversion, the
    card counts as 闪 with its own suit and rank (docs/rules.md "Generals"), ``("qingguo", card)``
    in a ``respond`` request.

    Wherever she is asked for a 闪: against a 杀 (each of the two 闪 of 吕布's 无双), against
    万箭齐发, and when she plays a 闪 for 曹操 by his 护驾 (she is Wei; the 闪 she plays is hers
    to convert). A 闪 in her hand is simply played as itself, so it is not offered again as a
    conversion.
    """

    id = "qingguo"
    zh = "倾国"
    en = "Stunning Beauty"
    text_zh = "可以用任意手牌代替闪使用。"
    text_en = "You may play any hand card as a Dodge."

    def convert(self, g: Game, owner: Player, name: str, ctx: Ctx | None) -> list[int]:
        if name != "jink":
            return []
        return [c for c in owner.hand if NAME[c] != "jink"]


register_general(General("zhenji", "甄姬", "wei", "f", 3, ("luoshen", "qingguo"), en="Zhen Ji"))


# ---------------------------------------------------------------------------- agent hints
def _luoshen_goes_on(card: int) -> bool:
    """洛神 goes her way on black."""
    return is_black(SUIT[card])


general_hint("zhenji", 60)
judgement_hint("luoshen", _luoshen_goes_on)
