"""大乔 (wu, f, 3): 国色, 流离 (003 "人物技能详解"; docs/rules.md "大乔 daqiao")."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.engine import Proc
from ...core.protocol import PickRequest
from ..cards import DIAMOND, OFFENSE_HORSE, SUIT, WEAPON
from ..content.basic import SLASH_TARGETED, SlashCtx, aimable, slash_under_way
from ..hints import general_hint
from ..memory import Memory, learns
from ..model import NO_CARD, General, Player, VCard, register_general
from ..requests import card_targets
from ..skills import PlayOption, Skill, register_skill
from ..telling import Teller, event_kind, request_kind
from ..zones import discard

if TYPE_CHECKING:
    from ..game import Game


@event_kind("slash_moved")
def SLASH_MOVED(t: Teller, seat: int, target: int) -> str:
    """流离 (大乔): ``seat`` moves the 杀 aimed at it on to ``target``."""
    return t.say(en="{p} moves the {slash} on to {target}", zh="{p}将杀转移给{target}", p=t.p(seat),
                 target=t.p(target), slash=t.name("slash"))


@learns("slash_moved")
def _moved(m: Memory, t: Teller, args: tuple[Any, ...], hidden: Any) -> None:
    s = slash_under_way(m)  # the account's 杀 under way has a new target
    if s is not None and args[0] in s.targets:
        s.targets[s.targets.index(args[0])] = args[1]


def _ask_liuli(t: Teller, seat: int, user: int) -> str:
    return t.say(en="{p} may discard a card to move {src}'s {slash} to another player ({skill})",
                 zh="{p}可以弃置一张牌，将{src}的杀转移给另一名角色（{skill}）", p=t.p(seat), src=t.p(user),
                 slash=t.name("slash"), skill=t.skill("liuli"))


@request_kind("liuli", ask=_ask_liuli,
              choice="``(card, seat)``: the card to discard and the seat the 杀 moves to")
def LIULI(t: Teller, choice: tuple[int, int]) -> str:
    """大乔, targeted by a 杀, after saying yes to 流离: which card to discard, and to whom the 杀
    moves."""
    card, seat = choice
    return t.say(en="{card}, the {slash} moves to {p}", zh="{card}，杀转移给{p}", card=t.card(card),
                 p=t.p(seat), slash=t.name("slash"))


@register_skill
class Guose(Skill):
    """国色: in the play phase, any ♦ card, in hand or equipped (003: "任意方块花色的牌"), may be
    used as 乐不思蜀 (``("guose", (card,), (seat,))``), with the card's own suit and rank."""

    id = "guose"
    zh = "国色"
    en = "National Beauty"
    text_zh = "出牌阶段，可将任意方块花色的牌横放在目标玩家面前，当作乐不思蜀使用。这张牌发挥与乐不思蜀同样的效果，也可被无懈可击取消。"
    text_en = "In your play phase, you may place any ♦ card in front of another player as Contentment: it has the same effect, and Nullification can cancel it."
    play_as = "indulgence"

    def play_options(self, g: Game, owner: Player) -> list[PlayOption]:
        out: list[PlayOption] = []
        for c in owner.hand + owner.equip:
            if c >= 0 and SUIT[c] == DIAMOND:
                for t in card_targets(g, owner, VCard(self.play_as, (c,), self.id)):
                    out.append(((c,), t))
        return out


@register_skill
class Liuli(Skill):
    """流离: when she becomes the target of a 杀 (never in a 决斗, whose 杀 are not used at her),
    she may discard a card (hand or equipped) to move the 杀 to another player within her attack
    range who is not its user (003: "这名玩家不得是攻击者本身").

    The range is her range after the discard (a discarded weapon or -1 horse no longer counts),
    and the new target must be one the user could have aimed this 杀 at (空城 still protects;
    乾坤 excludes 孙尚香 from a 诸葛连弩 user's second 杀 and a 方天画戟 user's extra targets;
    docs/rules.md "大乔 daqiao") and not already one of its targets (方天画戟).
    One decision after the yes/no: a ``(card, seat)`` pair.
    """

    id = "liuli"
    zh = "流离"
    en = "Displacement"
    text_zh = "任何时候，受到杀的攻击时（不包括决斗时），可弃一张牌，将这张杀的攻击对象转移给自己攻击范围内的一名玩家（这名玩家不得是攻击者本身）"
    text_en = "When you become the target of a Slash (not in a Duel), you may discard a card to move the Slash to another player within your attack range who is not its user."
    timings = (SLASH_TARGETED,)

    def _options(self, g: Game, owner: Player, ctx: SlashCtx) -> list[tuple[int, int]]:
        user = ctx.user
        seats = [
            q for q in g.players
            if q.alive and q is not owner and q is not user and q.seat not in ctx.targets
            and aimable(g, ctx, q)
        ]
        if not seats:
            return []
        out: list[tuple[int, int]] = []
        in_range = [q.seat for q in seats if g.in_attack_range(owner, q)]
        for c in owner.hand:
            out.extend((c, s) for s in in_range)
        for slot, c in enumerate(owner.equip):
            if c < 0:
                continue
            if slot in (WEAPON, OFFENSE_HORSE):
                out.extend((c, q.seat) for q in seats if _in_range_without(g, owner, slot, q))
            else:
                out.extend((c, s) for s in in_range)
        return out

    def can_trigger(self, g: Game, owner: Player, ctx: SlashCtx) -> bool:
        return ctx.target is owner and bool(self._options(g, owner, ctx))

    def trigger(self, g: Game, owner: Player, ctx: SlashCtx) -> Proc:
        card, seat = yield PickRequest(
            owner.seat, LIULI, self._options(g, owner, ctx), (ctx.user.seat,)
        )
        yield from discard(g, owner, [card], "liuli")
        ctx.target = g.players[seat]
        g.log(SLASH_MOVED, owner.seat, seat)


def _in_range_without(g: Game, owner: Player, slot: int, q: Player) -> bool:
    """Whether ``q`` is in ``owner``'s attack range once the card in ``slot`` is gone (a query:
    the slot is emptied only while the range is computed)."""
    card = owner.equip[slot]
    owner.equip[slot] = NO_CARD
    try:
        return g.in_attack_range(owner, q)
    finally:
        owner.equip[slot] = card


register_general(General("daqiao", "大乔", "wu", "f", 3, ("guose", "liuli"), en="Da Qiao"))


# ---------------------------------------------------------------------------- agent hints
general_hint("daqiao", 32)  # 国色 is scored as the 乐不思蜀 it makes; 流离 by the seats it moves to
