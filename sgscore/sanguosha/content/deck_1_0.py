"""The 1.0 edition's deck (002, "三国无双杀人游戏"; docs/rules.md "The 1.0 edition's deck"): 80
cards, ids 200-279, the pack ``"1.0"`` (``Config(packs=("1.0",))``, ``sgs sim --deck 1.0``).

002 gives every card's effect but only two numbers: 25 杀 and 80 cards in all. It also says what
the edition is: 三国杀 "在BANG!的基础上改编" ("adapted from BANG!"), its cards a "对照表" away from
BANG!'s. Each of its cards is one of BANG!'s base deck under a Sanguosha name, and that deck has
exactly 25 BANG! and 80 cards: so the composition, suits and ranks here are BANG!'s, card for
card (``docs/rules.md``, "The 1.0 edition's deck", gives the table and the reasons):

- the cards the standard deck has too keep their names (杀, 闪, 桃, 决斗, 南蛮入侵, 顺手牵羊, 闪电,
  乐不思蜀), so that every skill that names them treats them as it does (谦逊, 国色, 急救, 空城);
  where 002's text differs from 003's — 桃, 顺手牵羊, 乐不思蜀 — the pack gives its own text of the
  name (:attr:`~sgscore.sanguosha.cards.Pack.texts`: :data:`PEACH_TEXT`, :data:`SNATCH_TEXT`,
  :data:`INDULGENCE_TEXT`), which a game of this deck plays those names by;
- its own cards are card types of their own: 亭台, 火牛阵, 喜宴, 猴子偷桃, 草木皆兵, 趾高气扬, the weapons
  +1..+5 (冥天照符 with its unlimited 杀; the others only extend the range, 002: "除了冥天照符，
  其他武器都是作为增加攻击距离的用途"), the +1 and -1 horses and its 八卦阵 (002 judges ♥, not red).

Every reading is written in ``docs/rules.md``; every card has a scenario test in
``tests/variants/test_deck_1_0.py``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ...core.checks import procedure
from ...core.engine import Proc
from ...core.protocol import Choice
from ..cards import (
    ARMOR,
    BASIC,
    CARD_TYPES,
    DEFENSE_HORSE,
    DELAYED,
    HEART,
    OFFENSE_HORSE,
    SUIT,
    TRICK,
    WEAPON,
    CardType,
    Pack,
    register_card,
    register_pack,
)
from ..contexts import CardUse, Ctx
from ..events import judgement, register_taken_away
from ..hints import judgement_hint
from ..model import Player, VCard
from ..rules import judge, nullified, recover
from ..telling import Teller, reason_words, request_kind
from ..zones import choose_card_of, discard, draw, gain, to_discard
from . import basic, delayed, tricks  # noqa: F401 - the cards whose names this deck shares
from .equipment import Crossbow, EightDiagram, equipment
from .tricks import SNATCH, others, pick_in_turn, trick_reach

if TYPE_CHECKING:
    from ..game import Game

__all__ = ["FEAST", "MONKEY", "PEACH_TEXT", "SNATCH_TEXT", "INDULGENCE_TEXT", "INDULGENCE_1_0",
           "EIGHT_DIAGRAM_1_0", "EightDiagram10",
           "MingtianZhaofu", "two_left"]


# ---------------------------------------------------------------------------- requests
def _ask_feast(t: Teller, seat: int) -> str:
    return t.say(en="{p} takes one of the revealed cards ({trick})",
                 zh="{p}从亮出的牌中选择一张获得（{trick}）", p=t.p(seat), trick=t.name("feast"))


@request_kind("feast", ask=_ask_feast, choice="one of the revealed card ids still on offer")
def FEAST(t: Teller, choice: int) -> str:
    """喜宴 (the 1.0 deck): each seat in turn from the user, which revealed card to take."""
    return t.card(choice)


def _ask_monkey(t: Teller, seat: int, target: int) -> str:
    return t.say(en="{p} chooses one of {target}'s cards to discard ({trick})",
                 zh="{p}选择{target}的一张牌弃置（{trick}）", p=t.p(seat), target=t.p(target),
                 trick=t.name("monkey_steals_peach"))


@request_kind("monkey_steals_peach", ask=_ask_monkey, choice="""``"hand"`` (a hand card is then
    taken at random with the game RNG) or an equipped card id""")
def MONKEY(t: Teller, choice: Choice) -> str:
    """猴子偷桃 (the 1.0 deck): which of the target's cards the user discards."""
    return t.card_or_hand(choice)


# ---------------------------------------------------------------------------- helpers
def two_left(g: Game) -> bool:
    """Whether only two players are left (002's errata: "只剩下两名玩家单挑的时候两方都不能使用桃")."""
    return sum(1 for q in g.players if q.alive) <= 2


def _has_hand_or_equipment(q: Player) -> bool:
    return bool(q.hand) or any(c >= 0 for c in q.equip)


def _self_target(g: Game, p: Player, card: VCard) -> list[tuple[int, ...]]:
    return [()]


# ---------------------------------------------------------------------------- 桃 (002's text)
def _peach_allowed(g: Game, p: Player) -> bool:
    return not two_left(g)


def _peach_targets(g: Game, p: Player, card: VCard) -> list[tuple[int, ...]]:
    # 002: "在玩家的回合吃掉它可以加一点血 ... 可以在自己的回合对别的玩家使用桃"; errata: not with
    # two players left.
    if two_left(g):
        return []
    out: list[tuple[int, ...]] = [()] if p.hp < p.max_hp else []
    out.extend((q.seat,) for q in g.players if q.alive and q is not p and q.hp < q.max_hp)
    return out


def _peach_effect(g: Game, use: CardUse) -> Proc:
    recover(g, g.players[use.targets[0]] if use.targets else use.user, 1)
    return
    yield


PEACH_TEXT = CardType("peach", "桃", BASIC, en="Peach", targets=_peach_targets,
                      effect=_peach_effect, allowed=_peach_allowed)
"""002's text of 桃."""


# ---------------------------------------------------------------------------- 顺手牵羊 (002's text)
def _snatch_targets(g: Game, p: Player, card: VCard) -> list[tuple[int, ...]]:
    # 002: "指定一名距离为1的玩家，从他的手牌或者装备牌中偷走一张" (horses count, "马影响到使用顺手牵羊时的距离").
    far = trick_reach(g, p)
    return [(q.seat,) for q in others(g, p, "snatch")
            if _has_hand_or_equipment(q) and (far or g.distance(p, q) <= 1)]


def _snatch_effect(g: Game, use: CardUse) -> Proc:
    target = g.players[use.targets[0]]
    if (yield from nullified(g, use.card, target, use.user)):
        return
    from_hand = bool(target.hand)
    c = yield from choose_card_of(g, use.user, target, SNATCH, judge=False)
    if c is not None:
        hidden = from_hand and c in target.hand
        yield from gain(g, use.user, [c], target, visible=not hidden)


SNATCH_TEXT = CardType("snatch", "顺手牵羊", TRICK, en="Snatch", targets=_snatch_targets,
                      effect=_snatch_effect)
"""002's text of 顺手牵羊."""


# ---------------------------------------------------------------------------- 乐不思蜀 (002's text)
def _indulgence_judged(g: Game, holder: Player, card: int, cancelled: bool) -> Proc:
    """002: "若判定通过，弃掉乐不思蜀，正常行动；若判定不通过，不能行动，乐不思蜀同时作废（弃掉）": not ♥, the holder
    skips the draw, play and discard phases of this turn."""
    if not cancelled:
        j = yield from judge(g, holder, INDULGENCE_1_0)
        if SUIT[j.card] != HEART:
            for phase in ("draw", "play", "discard"):
                g.turn.skip(phase)
    to_discard(g, [card])


_INDULGENCE = CARD_TYPES["indulgence"]
INDULGENCE_TEXT = CardType("indulgence", "乐不思蜀", DELAYED, en="Contentment",
                           targets=_INDULGENCE.targets, effect=_INDULGENCE.effect,
                           judged=_indulgence_judged)
"""002's text of 乐不思蜀: placed as 003's is; judged otherwise."""


@judgement("indulgence_1_0")
def INDULGENCE_1_0(t: Teller, seat: int, card: int) -> str:
    """The 1.0 deck's 乐不思蜀: not ♥ skips the draw, play and discard phases."""
    if SUIT[card] == HEART:
        return t.say(en="the judgement is ♥: {trick} has no effect", zh="判定结果为♥：【{trick}】无效",
                     trick=t.name("indulgence"))
    return t.say(en="the judgement is not ♥: {p} cannot act this turn (no draw, play or discard "
                    "phase)", zh="判定结果不为♥：{p}本回合不能行动（跳过摸牌、出牌和弃牌阶段）",
                 p=t.p(seat))


reason_words("indulgence_1_0", en="Contentment", zh="乐不思蜀")  # its judgement's reason, told


# ---------------------------------------------------------------------------- the new tricks
def _pavilion_effect(g: Game, use: CardUse) -> Proc:
    """亭台: "所有玩家加一点血" — as 桃园结义: every living player from the user, +1 HP up to the
    maximum; "血即将被减为0时无效": it is no answer to dying (never asked for there)."""
    for q in g.order_from(use.user.seat):
        if not q.alive or q.hp >= q.max_hp:
            continue
        if (yield from nullified(g, use.card, q, use.user)):
            continue
        recover(g, q, 1)


register_card(CardType("pavilion", "亭台", TRICK, en="Pavilion", targets=_self_target,
                       effect=_pavilion_effect, like="god_salvation"))

# 火牛阵: "其他所有玩家必须丢出一张闪，丢不出来的玩家掉一点血" — 万箭齐发's effect, under its own name.
register_card(CardType("fire_oxen", "火牛阵", TRICK, en="Fire Oxen",
                       targets=_self_target, effect=CARD_TYPES["archery_attack"].effect,
                       like="archery_attack"))


def _feast_effect(g: Game, use: CardUse) -> Proc:
    """喜宴: "先从底牌中摸出等于当前活着的角色数量的牌，由这名玩家先选择一张放入手牌，再顺时针由其他玩家轮流选牌"."""
    yield from pick_in_turn(g, use, g.order_from(use.user.seat), FEAST)


register_card(CardType("feast", "喜宴", TRICK, en="Wedding Feast", targets=_self_target,
                       effect=_feast_effect, like="amazing_grace"))


def _monkey_targets(g: Game, p: Player, card: VCard) -> list[tuple[int, ...]]:
    # 002: "玩家可以从任意距离的玩家的手牌（暗偷）或者装备牌（明偷）中偷走一张，放入弃牌堆".
    return [(q.seat,) for q in others(g, p, "monkey_steals_peach") if _has_hand_or_equipment(q)]


def _monkey_effect(g: Game, use: CardUse) -> Proc:
    target = g.players[use.targets[0]]
    if (yield from nullified(g, use.card, target, use.user)):
        return
    c = yield from choose_card_of(g, use.user, target, MONKEY, judge=False)
    if c is not None:
        yield from discard(g, target, [c], "monkey_steals_peach")


register_card(CardType("monkey_steals_peach", "猴子偷桃", TRICK, en="Monkey Steals the Peach",
                       targets=_monkey_targets, effect=_monkey_effect, like="dismantlement"))
register_taken_away("monkey_steals_peach")  # the user's choice: told as 过河拆桥's is


def _drawing(n: int) -> Callable[[Game, CardUse], Proc]:
    @procedure
    def effect(g: Game, use: CardUse) -> Proc:
        if (yield from nullified(g, use.card, use.user, use.user)):
            return
        yield from draw(g, use.user, n)

    return effect


# 草木皆兵: "可以从底牌中摸两张牌"; 趾高气扬: "可以从底牌中摸三张牌".
register_card(CardType("bush_soldiers", "草木皆兵", TRICK, en="Every Bush a Soldier",
                       targets=_self_target, effect=_drawing(2), like="ex_nihilo"))
register_card(CardType("high_spirits", "趾高气扬", TRICK, en="High Spirits",
                       targets=_self_target, effect=_drawing(3), like="ex_nihilo"))


# ---------------------------------------------------------------------------- equipment
class MingtianZhaofu(Crossbow):
    """冥天照符: any number of 杀 in the play phase (002)."""

    id = "mingtian_zhaofu"
    zh = "冥天照符"
    en = "Mingtian Talisman"
    text_zh = "冥天照符的攻击距离虽然只有1，但装备它之后，玩家可以在一轮当中使出任意多张的杀。"
    text_en = ("Attack range 1. While it is equipped, you may use any number of Slashes in your "
               "turn.")


class EightDiagram10(EightDiagram):
    """八卦阵 of the 1.0 deck: the judgement passes on ♥ (002: "判定...若这张牌是红桃则判定通过")."""

    id = "eight_diagram_1_0"
    zh = "八卦阵"
    en = "Eight Trigrams"
    text_zh = ("装备了八卦阵之后，当被使用杀时，可以先判定。若判定通过，自动躲过攻击；即使没有躲过，也可以再使用闪躲过攻击。"
               "八卦阵在火牛阵中有效，但在南蛮入侵、决斗和闪电中均无效。")
    text_en = ("When a Slash (or a Fire Oxen) asks you for a Dodge, you may judge first: on ♥ "
               "it counts as a Dodge played; otherwise you may still play one. It does not help "
               "against Barbarian Invasion, Duel or Lightning.")

    def respond(self, g: Game, owner: Player, name: str, ctx: Ctx | None) -> Proc:
        j = yield from judge(g, owner, EIGHT_DIAGRAM_1_0)
        if SUIT[j.card] == HEART:
            return VCard("jink", (), self.id, suit=-1, rank=0)
        return None


@judgement("eight_diagram_1_0")
def EIGHT_DIAGRAM_1_0(t: Teller, seat: int, card: int) -> str:
    """The 1.0 deck's 八卦阵: ♥ counts as a 闪."""
    if SUIT[card] == HEART:
        return t.say(en="the judgement is ♥: it counts as a {jink}", zh="判定结果为♥：视为打出了【{jink}】",
                     jink=t.name("jink"))
    return t.say(en="the judgement is not ♥: {armor} gives no {jink}",
                 zh="判定结果不为♥：【{armor}】未生效", armor=t.skill("eight_diagram_1_0"),
                 jink=t.name("jink"))



register_card(equipment("mingtian_zhaofu", "冥天照符", WEAPON, en="Mingtian Talisman", range=1,
                        skill=MingtianZhaofu))
# 002: "除了冥天照符，其他武器都是作为增加攻击距离的用途": the others have a range and nothing else.
register_card(equipment("qinggang_jian", "青钢剑", WEAPON, en="Green Steel Sword", range=2))
register_card(equipment("huanglong_jian", "黄龙剑", WEAPON, en="Yellow Dragon Sword", range=2))
register_card(equipment("bawang", "霸王", WEAPON, en="Overlord", range=2))
register_card(equipment("qinglong_dao", "青龙偃月刀", WEAPON, en="Green Dragon Blade", range=3))
register_card(equipment("fangtian_huaji", "方天化戟", WEAPON, en="Sky Piercer", range=4))
register_card(equipment("zhuque_yushan", "朱雀羽扇", WEAPON, en="Vermilion Bird Fan", range=5))
register_card(equipment("plus_horse", "+1马", DEFENSE_HORSE, en="+1 Horse"))
register_card(equipment("minus_horse", "-1马", OFFENSE_HORSE, en="-1 Horse"))
register_card(equipment("eight_diagram_1_0", "八卦阵", ARMOR, en="Eight Trigrams",
                        skill=EightDiagram10))


# ---------------------------------------------------------------------------- the deck
# BANG!'s base deck, card for card, under 002's names (docs/rules.md, "The 1.0 edition's deck").
register_pack(Pack("1.0", "1.0版", 200, """
slash SA D2 D3 D4 D5 D6 D7 D8 D9 D10 DJ DQ DK DA C2 C3 C4 C5 C6 C7 C8 C9 HQ HK HA
jink C10 CJ CQ CK CA S2 S3 S4 S5 S6 S7 S8
peach H6 H7 H8 H9 H10 HJ
pavilion H5
duel DQ SJ C8
savage_assault DK DA
fire_oxen H10
feast C9 SQ
monkey_steals_peach HK D9 D10 DJ
snatch HJ HQ HA D8
lightning H2
bush_soldiers S9 S9
high_spirits H3
indulgence SJ S10 H4
mingtian_zhaofu S10 C10
qinggang_jian SK
huanglong_jian CJ
bawang CQ
qinglong_dao CK
fangtian_huaji CA
zhuque_yushan S8
plus_horse H8 H9
minus_horse SA
eight_diagram_1_0 SQ SK
""", texts=(PEACH_TEXT, SNATCH_TEXT, INDULGENCE_TEXT)))


# ---------------------------------------------------------------------------- agent hints
def _heart(card: int) -> bool:
    """002's 乐不思蜀 and 八卦阵 go their player's way on ♥."""
    return SUIT[card] == HEART


judgement_hint("indulgence_1_0", _heart)
judgement_hint("eight_diagram_1_0", _heart)
