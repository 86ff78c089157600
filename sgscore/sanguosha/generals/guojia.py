"""郭嘉 (wei, m, 3): 天妒, 遗计 (003 "人物技能详解"; docs/rules.md "郭嘉 guojia")."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.checks import procedure
from ...core.engine import Proc
from ...core.protocol import Choice, PickRequest, Request
from ..contexts import DAMAGED, JUDGE_DONE, DamageCtx, JudgeCtx
from ..events import SKILL
from ..hints import NO_OPINION, Advisor, answer_hint, general_hint
from ..memory import Memory, Window, card_ids, inside, inside_skill, learns_skill, window_kind
from ..model import RENEGADE, General, Player, register_general
from ..requests import INVOKE
from ..rules import ask_yes_no
from ..skills import Skill, register_skill
from ..telling import Teller, event_kind, request_kind
from ..zones import draw, gain

if TYPE_CHECKING:
    from ..game import Game


def _ask_yiji(t: Teller, seat: int, cards: tuple[int, ...]) -> str:
    return t.say(en="{p} gives the cards drawn, {cards}, to one or two players, themselves "
                    "allowed ({skill})", zh="{p}将摸到的{cards}交给任意一名或两名角色，可以是自己（{skill}）",
                 p=t.p(seat), cards=t.cards(cards), skill=t.skill("yiji"))


@request_kind("yiji", ask=_ask_yiji, choice="""``(seat, seat)``: who receives the first and who
    the second of the two cards drawn (``cards`` in the prompt); the same seat twice gives both to
    one player, 郭嘉's own seat keeps a card""")
def YIJI(t: Teller, choice: tuple[int, int]) -> str:
    """郭嘉, after drawing two cards with 遗计: to whom each of them goes."""
    first, second = choice
    if first == second:
        return t.say(en="both to {p}", zh="两张都交给{p}", p=t.p(first))
    return t.say(en="the first to {a}, the second to {b}", zh="第一张交给{a}，第二张交给{b}",
                 a=t.p(first), b=t.p(second))


@event_kind("yiji_keep", hidden="``cards``: that seat")
def YIJI_KEEP(t: Teller, seat: int, n: int, *, hidden: tuple[int, ...] | None = None) -> str:
    """遗计 (郭嘉): ``seat`` keeps ``n`` of the cards he drew (after the ``gain`` of those he gave
    away, if any). Logged only when he keeps one."""
    if hidden is None:
        return t.say(en="{p} keeps {nc} ({skill})", zh="{p}自己留下了{n}张牌（{skill}）", p=t.p(seat),
                     n=n, nc=t.n_cards(n), skill=t.skill("yiji"))
    return t.say(en="{p} keeps {cards} ({skill})", zh="{p}自己留下了{cards}（{skill}）", p=t.p(seat),
                 cards=t.cards(hidden), skill=t.skill("yiji"))


@register_skill
class Tiandu(Skill):
    """天妒: his own judgement cards go to his hand (003: "可将所有自己的判定牌加入自己的手牌。
    包括司马懿用于改变判定结果的牌。"), 鬼才's replacement card too (003's example: "若司马懿对郭嘉
    使用鬼才，则郭嘉将司马懿打出的用来做判定牌的牌收入手牌").

    At ``judge_done`` of a judgement of his (乐不思蜀, 闪电, 八卦阵, the 刚烈 judgement of a 夏侯惇
    he damaged): the judgement card in effect, which everyone has seen, goes to his hand. "可" makes
    it optional (a recorded yes/no). The result is already decided by the card's suit and rank, so
    taking it changes no outcome; the card is his *after* the judgement takes effect
    (docs/rules.md "郭嘉 guojia"). The card is in his hand when the judging skill's effect follows,
    so 刚烈 (the one effect that reads the hand of the player who judged) leaves that card out of
    his choice.
    """

    id = "tiandu"
    zh = "天妒"
    en = "Envy of Heaven"
    text_zh = "可将所有自己的判定牌加入自己的手牌。包括司马懿用于改变判定结果的牌。"
    text_en = "You may take the judgement cards of your own judgements into your hand once they have taken effect, a card Sima Yi played to replace one included."
    timings = (JUDGE_DONE,)

    def can_trigger(self, g: Game, owner: Player, ctx: JudgeCtx) -> bool:
        return ctx.player is owner and ctx.card in g.processing

    def trigger(self, g: Game, owner: Player, ctx: JudgeCtx) -> Proc:
        yield from gain(g, owner, [ctx.card], None, visible=True)


@register_skill
class Yiji(Skill):
    """遗计: for each point of damage he takes, he may draw two cards and give them to one or two
    players, himself included (003: "自己每受到一点体力伤害，就能从牌堆摸两张牌，将这两张牌交给包括
    自己在内的任意一名或两名玩家"; docs/rules.md "郭嘉 guojia").

    Per point: a yes/no (the first one is the skill's own ``invoke``, each further point another
    ``invoke``), then he draws two cards and says who gets each, ``(seat, seat)``
    (:data:`YIJI`). Only the living can receive. A card given to another player is handed over
    face down: only the two of them see it (``gain``, as 仁德's gift); the cards he keeps are told
    after them (:data:`YIJI_KEEP`, the cards seen only by him). He must survive the damage
    (``damaged`` fires for survivors only).
    """

    id = "yiji"
    zh = "遗计"
    en = "Bequeathed Strategy"
    text_zh = "自己每受到一点体力伤害，就能从牌堆摸两张牌，将这两张牌交给包括自己在内的任意一名或两名玩家。"
    text_en = "For each point of damage you take, you may draw two cards and give them to one or two players, yourself included."
    timings = (DAMAGED,)

    def can_trigger(self, g: Game, owner: Player, ctx: DamageCtx) -> bool:
        return ctx.target is owner and ctx.amount > 0

    def trigger(self, g: Game, owner: Player, ctx: DamageCtx) -> Proc:
        for point in range(ctx.amount):
            if not owner.alive:
                return
            if point > 0:
                again = yield from ask_yes_no(g, owner, INVOKE, (self.id, DAMAGED.name))
                if not again:
                    return
                g.log(SKILL, owner.seat, self.id)
            cards = yield from draw(g, owner, 2)
            yield from self._give(g, owner, tuple(cards))

    @procedure
    def _give(self, g: Game, owner: Player, cards: tuple[int, ...]) -> Proc:
        seats = [q.seat for q in g.players if q.alive]
        options = [(a, b) for a in seats for b in seats]
        first, second = yield PickRequest(owner.seat, YIJI, options, (cards,))
        receivers: dict[int, list[int]] = {}
        for card, seat in zip(cards, (first, second), strict=True):
            if seat != owner.seat:
                receivers.setdefault(seat, []).append(card)
        for seat in sorted(receivers, key=lambda s: (s - owner.seat) % g.n):
            given = [c for c in receivers[seat] if c in owner.hand]
            if given:
                yield from gain(g, g.players[seat], given, owner, visible=False)
        kept = tuple(c for c, seat in zip(cards, (first, second), strict=True)
                     if seat == owner.seat and c in owner.hand)
        if kept:
            g.log_private(YIJI_KEEP, 1 << owner.seat, (owner.seat, len(kept)), kept)


register_general(General("guojia", "郭嘉", "wei", "m", 3, ("tiandu", "yiji"), en="Guo Jia"))


# ---------------------------------------------------------------------------- the account
# 天妒 takes his judgement card inside the answer it was made in (八卦阵's): part of it. 遗计's
# draw and gifts are told as one: the cards he gives are his gifts, and those he gave to nobody
# stay his ("P2 keeps ...") when it ends.
def _his_own(m: Memory, args: tuple[Any, ...]) -> int:
    return int(args[0])


def _tiandu_gain(m: Memory, args: tuple[Any, ...]) -> int:
    return int(args[0]) if m.prev == "skill:tiandu" else -1


inside_skill("tiandu", _his_own)
inside("gain", _tiandu_gain)


@learns_skill("yiji")
def _yiji_begins(m: Memory, t: Teller, args: tuple[Any, ...], hidden: Any) -> None:
    m.push(Window("yiji", args[0]))


def _yiji_keeps(m: Memory, w: Window, kind: str, args: tuple[Any, ...]) -> bool:
    """The draw (a reshuffle before it), then his gifts."""
    return (kind == "draw" and args[0] == w.seat and w.left < 0) or kind == "reshuffle" \
        or (kind == "gain" and args[1] == w.seat)


def _yiji_closing(t: Teller, w: Window, kind: str, args: tuple[Any, ...]) -> str:
    """What he kept: told by ``yiji_keep`` since it was logged."""
    if w.left <= 0 or kind == "yiji_keep":
        return ""
    if len(w.cards) == w.left:
        return t.say(en="{p} keeps {cards} ({skill})", zh="{p}自己留下了{cards}（{skill}）",
                     p=t.p(w.seat), cards=t.cards(w.cards), skill=t.skill("yiji"))
    return t.say(en="{p} keeps {nc} ({skill})", zh="{p}自己留下了{n}张牌（{skill}）",
                 p=t.p(w.seat), n=w.left, nc=t.n_cards(w.left), skill=t.skill("yiji"))


def _yiji_drawn(m: Memory, t: Teller, w: Window, args: tuple[Any, ...],
                hidden: Any) -> list[str] | None:
    if args[0] != w.seat or w.left >= 0:
        return None
    w.left, w.cards = int(args[1]), card_ids(hidden)
    return []


def _yiji_given(m: Memory, t: Teller, w: Window, args: tuple[Any, ...],
                hidden: Any) -> list[str] | None:
    if args[1] != w.seat:
        return None
    cards = args[2] if len(args) > 2 else ()
    given = card_ids(cards) or card_ids(hidden)
    w.left -= len(given) if given else int(cards) if isinstance(cards, int) else 0
    w.cards = [c for c in w.cards if c not in given]
    return []


window_kind("yiji", keeps=_yiji_keeps, closing=_yiji_closing,
            takes={"draw": _yiji_drawn, "gain": _yiji_given}, gift=True)


# ---------------------------------------------------------------------------- agent hints
def _yiji(a: Advisor, request: Request) -> Choice:
    """遗计: both cards to himself."""
    mine = (a.seat, a.seat)
    return mine if mine in request.choices() else NO_OPINION


general_hint("guojia", 56, (RENEGADE,))
answer_hint("yiji", _yiji)
