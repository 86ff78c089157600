"""孙权 (wu, m, 4): 制衡, and a lord skill: Wu players may give him a hand card in their turns
(003 "人物技能详解"; docs/rules.md "孙权 sunquan")."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from ...core.engine import Proc
from ...core.protocol import Choice, Request, SubsetRequest
from ..contexts import DISCARD_BEGIN, PhaseCtx
from ..hints import FRIEND, NO_OPINION, Advisor, answer_hint, cost, general_hint, skill_hint
from ..memory import Memory, Window, learns_skill, window_kind
from ..model import LORD, General, Player, TurnCounter, register_general
from ..rules import ask_cards
from ..skills import PlayOption, Skill, register_skill
from ..telling import Teller, request_kind
from ..zones import discard, draw, gain

if TYPE_CHECKING:
    from ..game import Game

TRIBUTE_GIVEN: Final = TurnCounter("tribute_given")


def _ask_zhiheng(t: Teller, seat: int, *_: Any) -> str:
    return t.say(en="{p} discards any number of hand cards, then draws up to HP ({skill})",
                 zh="{p}弃置任意张手牌，然后将手牌补至体力值（{skill}）", p=t.p(seat), skill=t.skill("zhiheng"))


@request_kind("zhiheng", ask=_ask_zhiheng, choice="the hand cards to discard (none is allowed)")
def ZHIHENG_DISCARD(t: Teller, choice: tuple[int, ...]) -> str:
    """孙权, in his discard phase, after saying yes to 制衡: which hand cards to discard first."""
    return t.cards(choice) if choice else t.say(en="none", zh="不弃牌")


@register_skill
class Zhiheng(Skill):
    """制衡 — 003: "弃牌阶段，如果当前手牌数量小于当前体力值，可补充手牌到当前体力值；也可以在弃牌阶段主动弃掉
    任意张手牌（正常情况下不能主动弃牌），然后补充手牌到当前体力值（此时补充的手牌不得立即使用）。一回合只能使用一次。"

    At the start of his discard phase (before the hand limit is applied), a recorded yes/no; then
    he chooses any number of hand cards to discard (none is allowed: the plain refill) and draws
    until his hand holds as many cards as his HP. The hand limit then applies as usual. It can
    be used once per turn because there is one discard phase per turn; it is not offered at 0 HP
    or below (nothing to refill to). The cards drawn "cannot be used at once": from the discard
    phase to the end of his turn the rules ask him to use no card, so the restriction never
    has anything to forbid.
    """

    id = "zhiheng"
    zh = "制衡"
    en = "Balance of Power"
    text_zh = "弃牌阶段，如果当前手牌数量小于当前体力值，可补充手牌到当前体力值；也可以在弃牌阶段主动弃掉任意张手牌（正常情况下不能主动弃牌），然后补充手牌到当前体力值（此时补充的手牌不得立即使用）。一回合只能使用一次。"
    text_en = "In your discard phase, once per turn: you may discard any number of hand cards (none is allowed), then draw until you hold as many cards as your HP. The cards drawn cannot be used at once."
    timings = (DISCARD_BEGIN,)

    def can_trigger(self, g: Game, owner: Player, ctx: Any) -> bool:
        return isinstance(ctx, PhaseCtx) and ctx.player is owner and owner.hp > 0

    def trigger(self, g: Game, owner: Player, ctx: Any) -> Proc:
        if owner.hand:
            chosen = yield from ask_cards(g, owner, ZHIHENG_DISCARD, list(owner.hand), 0,
                                          len(owner.hand))
            yield from discard(g, owner, list(chosen), self.id)
        short = owner.hp - len(owner.hand)
        if short > 0:
            yield from draw(g, owner, short)


def _lords_with(g: Game, skill: Skill) -> list[Player]:
    return [q for q in g.players if q.alive and q.role == LORD and skill in q.skills]


@register_skill
class Tribute(Skill):
    """The lord skill of 孙权 — 003: "主公技：可以要求（但不强制要求）吴国的角色在他们各自的回合给孙权一张手牌。"
    (003 gives it no name.)

    Wu players may give him a hand card in their turns (docs/rules.md "孙权 sunquan"). It is an
    action of the Wu player in their own play phase, once per turn, one hand card given face down
    (``("tribute", (card,), (lord,))``): 孙权 may ask, but only the giver decides, so the ask is no
    decision of its own. 孙尚香 counts as Wu. It works only while 孙权 is the lord.
    """

    id = "tribute"
    zh = "主公技"
    en = "Tribute"
    text_zh = "可以要求（但不强制要求）吴国的角色在他们各自的回合给孙权一张手牌。"
    text_en = "The Wu players may each give you a hand card in their own turns (you may ask; none of them has to): once in each of their play phases."
    lord = True
    lent = True
    public_cards = False  # the gift is face down, like 仁德's

    def play_options(self, g: Game, owner: Player) -> list[PlayOption]:
        # ``owner`` is the acting player here (a lent action).
        if not owner.hand or not owner.of_kingdom("wu") or g.turn[TRIBUTE_GIVEN]:
            return []
        lords = [q for q in _lords_with(g, self) if q is not owner]
        return [((c,), (q.seat,)) for c in owner.hand for q in lords]

    def play(self, g: Game, owner: Player, cards: tuple[int, ...], targets: tuple[int, ...]) -> Proc:
        g.turn[TRIBUTE_GIVEN] = 1
        yield from gain(g, g.players[targets[0]], list(cards), owner, visible=False)


register_general(General("sunquan", "孙权", "wu", "m", 4, ("zhiheng", "tribute"), en="Sun Quan",
                         offered_to_lord=True))  # 003: every draft offers him to the lord


# ---------------------------------------------------------------------------- the account
# 制衡 used with no card to discard draws none, with no event of its own: the account says so.
@learns_skill("zhiheng")
def _zhiheng_asks(m: Memory, t: Teller, args: tuple[Any, ...], hidden: Any) -> None:
    m.push(Window("zhiheng", args[0]))


def _zhiheng_closing(t: Teller, w: Window, kind: str, args: tuple[Any, ...]) -> str:
    if args[0] == w.seat and (kind == "draw" or (kind == "discard" and args[2:3] == (w.kind,))):
        return ""
    return t.say(en="{p} discards no card and draws none", zh="{p}没有弃牌，也没有摸牌",
                 p=t.p(w.seat))


window_kind("zhiheng", closing=_zhiheng_closing)


# ---------------------------------------------------------------------------- agent hints
def _zhiheng(a: Advisor, request: Request) -> Choice:
    """制衡: throw away the cards it cares least for (worth less than 4)."""
    if not isinstance(request, SubsetRequest):
        return NO_OPINION
    pool = sorted(request.pool, key=lambda c: (a.keep(c), c))
    n = max(request.low, min(request.high, sum(1 for c in pool if a.keep(c) < 4)))
    return tuple(sorted(pool[:n]))


def _tribute(a: Advisor, cards: tuple[int, ...], targets: tuple[int, ...]) -> int:
    """A Wu player's gift to a friendly lord."""
    return 3 - cost(a, cards) // 2 if a.attitude(targets[0]) == FRIEND else -20


general_hint("sunquan", 96)
answer_hint("zhiheng", _zhiheng)
skill_hint("tribute", play=_tribute)
