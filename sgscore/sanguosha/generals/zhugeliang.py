"""诸葛亮 (shu, m, 3): 观星, 空城 (003 "人物技能详解"; docs/rules.md "诸葛亮 zhugeliang")."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.engine import Proc
from ...core.protocol import Choice, Request
from ..arrange import ArrangeRequest, place_arranged
from ..contexts import PHASE_BEGIN, PhaseCtx
from ..hints import NO_OPINION, Advisor, answer_hint, general_hint
from ..memory import Memory, card_ids, learns
from ..model import RENEGADE, General, Player, register_general
from ..skills import Skill, register_skill
from ..telling import Teller, event_kind, request_kind
from ..zones import take_from_pile

if TYPE_CHECKING:
    from ..game import Game

Cards = tuple[int, ...]


@event_kind("guanxing_look", hidden="``cards``, top first: that seat")
def GUANXING_LOOK(t: Teller, seat: int, n: int, *, hidden: Cards | None = None) -> str:
    """观星 (诸葛亮): ``seat`` looks at the top ``n`` cards of the draw pile."""
    if hidden is None:
        return t.say(en="{p} looks at the top {nc} of the draw pile", zh="{p}观看牌堆顶的{n}张牌",
                     p=t.p(seat), n=n, nc=t.n_cards(n))
    return t.say(en="{p} looks at the top {nc} of the draw pile: {cards}",
                 zh="{p}观看牌堆顶的{n}张牌：{cards}", p=t.p(seat), n=n, nc=t.n_cards(n),
                 cards=t.cards(hidden))


@event_kind("guanxing", hidden="``(top, bottom)``: that seat")
def GUANXING(t: Teller, seat: int, n_top: int, n_bottom: int,
             hidden: tuple[Cards, Cards] | None = None) -> str:
    """观星: the cards go back, ``n_top`` on top of the draw pile and ``n_bottom`` at the bottom;
    only that seat learns their order."""
    if hidden is None:
        top, bottom = t.n_cards(n_top), t.n_cards(n_bottom)
    else:
        top, bottom = t.cards(hidden[0]), t.cards(hidden[1])
        if not hidden[1] and tuple(hidden[0]) == t.memory.notes.get("guanxing", ()):
            return t.say(en="{p} puts {top} back on top of the draw pile as they were",
                         zh="{p}将{top}按原顺序放回牌堆顶", p=t.p(seat), top=top)
    if not n_bottom:
        return t.say(en="{p} puts {top} back on top of the draw pile", zh="{p}将{top}置于牌堆顶",
                     p=t.p(seat), top=top)
    if not n_top:
        return t.say(en="{p} puts {bottom} at the bottom of the draw pile",
                     zh="{p}将{bottom}置于牌堆底", p=t.p(seat), bottom=bottom)
    return t.say(en="{p} puts {top} back on top of the draw pile and {bottom} at the bottom",
                 zh="{p}将{top}置于牌堆顶，{bottom}置于牌堆底", p=t.p(seat), top=top,
                 bottom=bottom)


@learns("guanxing_look")
def _looked(m: Memory, t: Teller, args: tuple[Any, ...], hidden: Any) -> None:
    m.notes["guanxing"] = tuple(card_ids(hidden))  # the cards looked at, top first (if seen)


def _ask_guanxing(t: Teller, seat: int, cards: Cards) -> str:
    return t.say(en="{p} puts {cards} back on top of or under the draw pile, in any order ({skill})",
                 zh="{p}将{cards}以任意顺序置于牌堆顶或牌堆底（{skill}）", p=t.p(seat),
                 cards=t.cards(cards), skill=t.skill("guanxing"))


@request_kind("guanxing", ask=_ask_guanxing, choice="""``(top, bottom)``: two tuples that hold every
    shown card once; ``top[0]`` is drawn first, ``bottom[-1]`` is the very bottom card""")
def GUANXING_ARRANGE(t: Teller, choice: tuple[Cards, Cards]) -> str:
    """诸葛亮, before his draw phase: how to put back the cards he looks at (``cards``, top
    first)."""
    top, bottom = choice
    return t.say(en="top: {top}; bottom: {bottom}", zh="牌堆顶：{top}；牌堆底：{bottom}",
                 top=t.cards(top) if top else "-", bottom=t.cards(bottom) if bottom else "-")


@register_skill
class Guanxing(Skill):
    """观星: before his draw phase he looks at the top 3 cards of the draw pile (fewer if the draw
    and discard piles hold fewer) and puts any of them on the bottom and the rest on top, in any
    order: one decision, an :class:`~sgscore.sanguosha.arrange.ArrangeRequest` (003: "查看牌堆顶的
    三张牌，将其中任意数量的牌以任意顺序置于牌堆底，其余则以任意顺序置于牌堆顶"). The look is private.

    Looking costs nothing, so it is not asked as a yes/no: keeping all three on top in their order
    is the same as not using it.
    """

    id = "guanxing"
    zh = "观星"
    en = "Stargazing"
    text_zh = "摸牌阶段前，查看牌堆顶的三张牌，将其中任意数量的牌以任意顺序置于牌堆底，其余则以任意顺序置于牌堆顶。摸牌阶段照常摸两张牌。"
    text_en = "Before your draw phase, look at the top three cards of the draw pile and put any number of them on the bottom and the rest on top, in any order. You then draw two cards as usual."
    optional = False
    compulsory = True
    timings = (PHASE_BEGIN,)

    def can_trigger(self, g: Game, owner: Player, ctx: PhaseCtx) -> bool:
        return (ctx.phase == "draw" and g.current == owner.seat
                and bool(g.draw_pile or g.discard_pile))

    def trigger(self, g: Game, owner: Player, ctx: PhaseCtx) -> Proc:
        k = min(3, len(g.draw_pile) + len(g.discard_pile))
        # Taking them reshuffles the discard pile in if the draw pile runs short
        # (docs/rules.md "The turn"); they go straight back in the same order and stay in the draw
        # pile while he looks.
        shown = tuple(take_from_pile(g, k))
        g.draw_pile.extend(reversed(shown))
        mask = 1 << owner.seat
        g.log_private(GUANXING_LOOK, mask, (owner.seat, k), shown)
        top, bottom = yield ArrangeRequest(owner.seat, GUANXING_ARRANGE, shown, (shown,))
        del g.draw_pile[-k:]
        place_arranged(g.draw_pile, top, bottom)
        g.log_private(GUANXING, mask, (owner.seat, len(top), len(bottom)), (top, bottom))


@register_skill
class Kongcheng(Skill):
    """空城: while he has no hand cards he cannot be chosen as the target of 杀 or 决斗
    (docs/rules.md "诸葛亮 zhugeliang", which reads 003's "无手牌时，不受杀的影响（包括决斗中出的杀）")."""

    id = "kongcheng"
    zh = "空城"
    en = "Empty City"
    text_zh = "无手牌时，不受杀的影响（包括决斗中出的杀）。"
    text_en = "While you have no hand cards, no Slash affects you (a Slash in a Duel included): you cannot be chosen as the target of a Slash or a Duel."
    optional = False
    compulsory = True

    def blocks_target(self, g: Game, owner: Player, user: Player, name: str) -> bool:
        return not owner.hand and (name == "slash" or name == "duel")


register_general(General("zhugeliang", "诸葛亮", "shu", "m", 3, ("guanxing", "kongcheng"), en="Zhuge Liang"))


# ---------------------------------------------------------------------------- agent hints
def _guanxing(a: Advisor, request: Request) -> Choice:
    """观星: the cards he wants on top, the one he wants most first (he draws them next), the
    others at the bottom."""
    if not isinstance(request, ArrangeRequest):
        return NO_OPINION
    ranked = sorted(request.cards, key=lambda c: (-a.keep(c), c))
    top = tuple(c for c in ranked if a.keep(c) >= 4)
    return top, tuple(c for c in ranked if c not in top)


general_hint("zhugeliang", 36, (RENEGADE,))
answer_hint("guanxing", _guanxing)
