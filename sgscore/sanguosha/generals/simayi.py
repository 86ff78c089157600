"""司马懿 (wei, m, 3): 反馈, 鬼才 (003 "人物技能详解"; docs/rules.md "司马懿 simayi")."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.engine import Proc
from ...core.protocol import Choice, PickRequest, Request
from ..contexts import DAMAGED, JUDGE_REVEALED, DamageCtx, JudgeCtx
from ..hints import (
    ENEMY,
    FRIEND,
    NO_OPINION,
    UNKNOWN,
    Advisor,
    answer_hint,
    general_hint,
    skill_hint,
)
from ..memory import Memory, inside, inside_skill
from ..model import RENEGADE, General, Player, register_general
from ..skills import Skill, register_skill
from ..telling import Teller, event_kind, request_kind
from ..zones import gain, lose_cards, to_discard

if TYPE_CHECKING:
    from ..game import Game


@event_kind("judge_replaced")
def JUDGE_REPLACED(t: Teller, seat: int, judged: int, old: int, new: int) -> str:
    """鬼才 (司马懿): ``seat`` replaces ``judged``'s judgement card ``old`` with its hand card
    ``new``."""
    return t.say(en="{p} replaces {target}'s judgement card {old} with {new}",
                 zh="{p}将{target}的判定牌{old}改为{new}", p=t.p(seat), target=t.p(judged),
                 old=t.card(old), new=t.card(new))


def _ask_guicai(t: Teller, seat: int, judged: int, reason: str, card: int) -> str:
    return t.say(en="{p} replaces {target}'s judgement card {card} ({reason}) with a hand card ({skill})",
                 zh="{p}用一张手牌替换{target}的判定牌{card}（{reason}，{skill}）", p=t.p(seat),
                 target=t.p(judged), card=t.card(card), reason=t.reason(reason), skill=t.skill("guicai"))


@request_kind("guicai", ask=_ask_guicai,
              choice="the hand card id that becomes the judgement card")
def GUICAI(t: Teller, choice: int) -> str:
    """司马懿, after saying yes to 鬼才: which hand card replaces the judgement card."""
    return t.card(choice)


@register_skill
class Fankui(Skill):
    """反馈 (compulsory): when another player damages him, he takes one of that player's hand cards
    at random with the game RNG (003: "随机抽取对方一张手牌...若此时对方无手牌，则此技能无效").

    Ruling (docs/rules.md, "Compulsory skills"): no yes/no is asked. 003 states what happens
    ("随机抽取") with no 可 or 能, as it does for 刚烈, 集智, 英姿 and 闭月, which ask nothing either.
    """

    id = "fankui"
    zh = "反馈"
    en = "Feedback"
    text_zh = "若有玩家对自己造成体力伤害，随机抽取对方一张手牌，加入自己的手牌。若此时对方无手牌，则此技能无效。"
    text_en = "When another player damages you, take one of their hand cards at random. Nothing happens if they have none."
    optional = False
    compulsory = True
    timings = (DAMAGED,)

    def can_trigger(self, g: Game, owner: Player, ctx: DamageCtx) -> bool:
        src = ctx.source
        return (
            ctx.target is owner and src is not None and src is not owner and src.alive
            and bool(src.hand)
        )

    def trigger(self, g: Game, owner: Player, ctx: DamageCtx) -> Proc:
        src = ctx.source
        assert src is not None
        card = src.hand[g.rng.below(len(src.hand))]
        yield from gain(g, owner, [card], src, visible=False)


@register_skill
class Guicai(Skill):
    """鬼才: after anyone's judgement card is revealed, he may play a hand card to be the judgement
    card instead; the original is discarded and the new card's suit decides (003: "将这张牌作为新的
    判定牌...将原来翻开那张判定牌弃掉")."""

    id = "guicai"
    zh = "鬼才"
    en = "Demonic Talent"
    text_zh = "在任意玩家（包括自己）的判定牌翻开后，可立即从手里打出一张牌，将这张牌作为新的判定牌，并以这张牌上的花色作为判定结果。将原来翻开那张判定牌弃掉。"
    text_en = "After any player's judgement card is revealed (yours included), you may play a card from your hand as the new judgement card: its suit decides the result, and the original card is discarded."
    timings = (JUDGE_REVEALED,)

    def can_trigger(self, g: Game, owner: Player, ctx: JudgeCtx) -> bool:
        return bool(owner.hand)

    def trigger(self, g: Game, owner: Player, ctx: JudgeCtx) -> Proc:
        old = ctx.card
        new = yield PickRequest(
            owner.seat, GUICAI, tuple(owner.hand), (ctx.player.seat, ctx.reason, old)
        )
        yield from lose_cards(g, [new])
        g.processing.append(new)
        ctx.card = new
        to_discard(g, [old])
        g.log(JUDGE_REPLACED, owner.seat, ctx.player.seat, old, new)


register_general(General("simayi", "司马懿", "wei", "m", 3, ("fankui", "guicai"), en="Sima Yi"))


# ---------------------------------------------------------------------------- the account
# 鬼才 acts inside the answer of the player whose judgement it replaces (八卦阵's): part of it.
def _replaced_for(m: Memory, args: tuple[Any, ...]) -> int:
    return int(args[1])


def _judged_seat(m: Memory, args: tuple[Any, ...]) -> int:
    return m.judged


inside("judge_replaced", _replaced_for)
inside_skill("guicai", _judged_seat)


# ---------------------------------------------------------------------------- agent hints
def _judging(a: Advisor) -> tuple[int, str, int]:
    """The judgement just revealed (the last ``judge`` event): its player, reason and card."""
    events = a.game.events
    for i in range(len(events) - 1, -1, -1):
        kind, args = events[i][0], events[i][1]
        if kind == "judge" and len(args) >= 3:
            return int(args[0]), str(args[1]), int(args[2])
    return -1, "", -1


def _turning(a: Advisor, seat: int, reason: str, card: int, hand: list[int]) -> list[int]:
    """The hand cards that would turn the judgement the way the agent wants it: a friend's (or
    his own) its player's way, an enemy's against him; none when it already goes that way, or
    the agent does not know what it means."""
    side = a.attitude(seat) if 0 <= seat < a.game.n else UNKNOWN
    want = 1 if side == FRIEND else -1 if side == ENEMY else 0
    if want == 0 or a.judgement(reason, card) in (0, want):
        return []
    return [c for c in hand if a.judgement(reason, c) == want]


def _guicai(a: Advisor, prompt: tuple[Any, ...]) -> bool:
    """鬼才 when a hand card turns the judgement his way."""
    seat, reason, card = _judging(a)
    return bool(_turning(a, seat, reason, card, list(a.me.hand)))


def _guicai_card(a: Advisor, request: Request) -> Choice:
    """The cheapest hand card that turns it (the prompt: the judged seat, reason and card)."""
    prompt = request.prompt
    if len(prompt) < 3:
        return NO_OPINION
    hand = [c for c in request.choices() if isinstance(c, int) and not isinstance(c, bool)]
    cards = _turning(a, int(prompt[0]), str(prompt[1]), int(prompt[2]), hand)
    pool = cards or hand
    return min(pool, key=lambda c: (a.value(c), c)) if pool else NO_OPINION


general_hint("simayi", 68, (RENEGADE,))
skill_hint("guicai", invoke=_guicai)
answer_hint("guicai", _guicai_card)
