"""夏侯惇 (wei, m, 4): 刚烈 (003 "人物技能详解"; docs/rules.md "夏侯惇 xiahoudun")."""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING

from ...core.engine import Proc
from ...core.protocol import Choice, PickRequest, Request
from ..cards import SUIT, is_black
from ..contexts import DAMAGED, DamageCtx
from ..events import judgement
from ..hints import NO_OPINION, Advisor, answer_hint, general_hint, judgement_hint
from ..model import RENEGADE, General, Player, register_general
from ..rules import judge, lose_hp
from ..skills import Skill, register_skill
from ..telling import Teller, request_kind
from ..zones import discard

if TYPE_CHECKING:
    from ..game import Game


def _ask_ganglie(t: Teller, seat: int, xiahoudun: int) -> str:
    return t.say(en="{p} must lose 1 HP or discard two hand cards ({src}'s {skill})",
                 zh="{p}须失去1点体力或弃置两张手牌（{src}的{skill}）", p=t.p(seat),
                 src=t.p(xiahoudun), skill=t.skill("ganglie"))


@request_kind("ganglie", ask=_ask_ganglie, choice="""``None`` to lose 1 HP, or a sorted pair
    ``(card, card)`` of hand card ids to discard""")
def GANGLIE(t: Teller, choice: tuple[int, int] | None) -> str:
    """The source of damage to 夏侯惇 whose 刚烈 judgement was black, holding two hand cards or more:
    lose 1 HP, or discard two hand cards."""
    if choice is None:
        return t.say(en="lose 1 HP", zh="失去1点体力")
    return t.say(en="discard {cards}", zh="弃置{cards}", cards=t.cards(choice))


@judgement("ganglie")
def GANGLIE_JUDGEMENT(t: Teller, seat: int, card: int) -> str:
    """刚烈: the damage source judges; black costs 1 HP or two hand cards."""
    if is_black(SUIT[card]):
        return t.say(en="the judgement is black: {p} must lose 1 HP or discard two hand cards",
                     zh="判定结果为黑色：{p}须失去1点体力或弃置两张手牌", p=t.p(seat))
    return t.say(en="the judgement is red: {skill} has no effect",
                 zh="判定结果为红色：【{skill}】无效", skill=t.skill("ganglie"))


@register_skill
class Ganglie(Skill):
    """刚烈: when a player deals him damage (a 杀, 决斗, 南蛮入侵, 万箭齐发, ...), that player
    judges at once; on black (♠ ♣) that player loses 1 HP or discards two hand cards, their choice;
    with fewer than two hand cards they lose 1 HP (003: "当有玩家对夏侯敦造成体力伤害时（包括使用万
    箭齐发和南蛮入侵），这名玩家需要立即进行判定，若判定结果为黑色花色（黑桃、梅花），则这名玩家需减
    一点体力或者弃两张手牌（若没有手牌或手牌不足两张，则只能扣减一点体力）";
    docs/rules.md "夏侯惇 xiahoudun").

    Decisions where 003 is silent:

    - Compulsory: 003 says the source "需要立即进行判定" (must judge), not that 夏侯惇 may.
    - Once per damage event, whatever its amount ("当有玩家对夏侯敦造成体力伤害时"; 遗计 counts
      points, 刚烈 does not). Only when he survives it (``damaged``) and the source is alive.
    - The judgement is the source's (``judge(source, "ganglie")``): 鬼才 may replace it, and a 郭嘉
      source keeps the card by 天妒 — *after* it has taken effect (docs/rules.md "郭嘉 guojia"), so
      that card is not among the two hand cards he could discard nor counted toward them.
    - The HP loss is not damage (no damage timings: no 遗计, no 刚烈 back); if it kills the source,
      夏侯惇 caused the death (a rebel's reward, a lord's penalty:
      docs/rules.md "Dying, death and victory").
    """

    id = "ganglie"
    zh = "刚烈"
    en = "Eye for an Eye"
    text_zh = "当有玩家对夏侯敦造成体力伤害时（包括使用万箭齐发和南蛮入侵），这名玩家需要立即进行判定，若判定结果为黑色花色（黑桃、梅花），则这名玩家需减一点体力或者弃两张手牌（若没有手牌或手牌不足两张，则只能扣减一点体力）"
    text_en = "Whenever a player damages you (with Arrow Barrage and Barbarian Invasion too), that player judges at once; on black (♠ ♣) they lose 1 HP or discard two hand cards, as they choose (with fewer than two hand cards, they lose 1 HP)."
    optional = False
    compulsory = True
    timings = (DAMAGED,)

    def can_trigger(self, g: Game, owner: Player, ctx: DamageCtx) -> bool:
        src = ctx.source
        return ctx.target is owner and src is not None and src.alive

    def trigger(self, g: Game, owner: Player, ctx: DamageCtx) -> Proc:
        src = ctx.source
        assert src is not None
        j = yield from judge(g, src, GANGLIE_JUDGEMENT)
        if not is_black(SUIT[j.card]) or not src.alive:
            return
        hand = sorted(c for c in src.hand if c != j.card)  # 天妒's card is not his yet
        pick: tuple[int, int] | None = None
        if len(hand) >= 2:
            options: list[tuple[int, int] | None] = [None, *combinations(hand, 2)]
            pick = yield PickRequest(src.seat, GANGLIE, options, (owner.seat,))
        if pick is None:
            yield from lose_hp(g, src, 1, owner)
        else:
            yield from discard(g, src, list(pick), self.id)


register_general(General("xiahoudun", "夏侯惇", "wei", "m", 4, ("ganglie",), en="Xiahou Dun"))


# ---------------------------------------------------------------------------- agent hints
def _ganglie(a: Advisor, request: Request) -> Choice:
    """The source of damage to him, on a black judgement: two cheap cards, or both at 2 HP or
    less; else 1 HP."""
    options = request.choices()
    pairs = [o for o in options if isinstance(o, tuple)]
    if pairs and (a.me.hp <= 2 or min(sum(map(a.value, o)) for o in pairs) <= 6):
        return min(pairs, key=lambda o: (sum(map(a.value, o)), o))
    return None if None in options else NO_OPINION


def _ganglie_fails(card: int) -> bool:
    """刚烈's judgement goes its player's (the source's) way when it is not black."""
    return not is_black(SUIT[card])


general_hint("xiahoudun", 28, (RENEGADE,))
answer_hint("ganglie", _ganglie)
judgement_hint("ganglie", _ganglie_fails)
