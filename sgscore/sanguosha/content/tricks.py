"""The 13 tricks (003 "锦囊牌"; docs/rules.md "Cards"); the delayed ones are in ``delayed.py``."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final

from ...core.checks import procedure
from ...core.engine import GameOver, Proc
from ...core.protocol import Choice, PickRequest, Request
from ...core.registry import Kind
from ..cards import NAME, TRICK, CardType, register_card
from ..contexts import CardCtx, CardUse
from ..events import register_taken_away, told_as_used
from ..hints import ENEMY, FRIEND, NO_OPINION, Advisor, answer_hint, card_hint, take_from_target
from ..memory import Memory, Window, card_ids, learns, window_kind
from ..model import Player, VCard
from ..requests import asked_for
from ..rules import damage, nullified, recover, respond
from ..skills import Timing
from ..telling import Teller, event_kind, request_kind
from ..triggers import fire
from ..zones import (
    choose_card_of,
    discard,
    draw,
    gain,
    remove_card,
    set_weapon_skills,
    take_from_pile,
    to_discard,
)
from .basic import NO_EFFECT

if TYPE_CHECKING:
    from ..game import Game

__all__ = [
    "DuelCtx", "AoeCtx", "duel", "others", "trick_reach", "area_order", "AOE_ANSWERED", "DUEL_LOST", "BORROW",
    "REVEAL", "DISMANTLE", "SNATCH", "AMAZING_GRACE", "CHOOSE_WEAPON", "keeps_reveal",
]


class DuelCtx(CardCtx):
    """A duel while it resolves: who started it (``user``), the other party (``target``) and who
    is being asked for 杀 (``asked``). ``card`` is None for a duel a skill starts (离间)."""

    __slots__ = ("asked",)

    def __init__(self, user: Player, target: Player, card: VCard | None) -> None:
        super().__init__(user, target, card)
        self.asked = target


class AoeCtx(CardCtx):
    """One target of 南蛮入侵 / 万箭齐发: ``ok`` is whether the target has answered it with the
    card ``need`` names."""

    __slots__ = ("ok", "need")

    def __init__(self, user: Player, target: Player, card: VCard, need: str) -> None:
        super().__init__(user, target, card)
        self.ok = False
        self.need = need


AOE_ANSWERED: Final = Timing("aoe_answered", AoeCtx,
                      "a target answered 南蛮入侵 or 万箭齐发 with its card (无双)")


# ---------------------------------------------------------------------------- events
@event_kind("duel_lost")
def DUEL_LOST(t: Teller, seat: int) -> str:
    """``seat`` did not play 杀 in a duel and takes the damage."""
    return t.say(en="{p} loses the duel", zh="{p}决斗失败", p=t.p(seat))


@event_kind("borrow")
def BORROW(t: Teller, seat: int, owner: int, card: int, in_use: bool = True) -> str:
    """``seat`` borrows ``owner``'s weapon ``card`` with 借刀杀人; ``in_use`` is false when
    ``seat`` keeps using its own weapon."""
    if in_use:
        return t.say(en="{p} borrows {card} from {src}", zh="{p}借来了{src}的{card}", p=t.p(seat),
                     src=t.p(owner), card=t.card(card))
    return t.say(en="{p} borrows {card} from {src} and keeps using their own weapon",
                 zh="{p}借来了{src}的{card}，仍使用自己的武器", p=t.p(seat), src=t.p(owner),
                 card=t.card(card))


@event_kind("reveal")
def REVEAL(t: Teller, seat: int, cards: tuple[int, ...]) -> str:
    """Cards turned face up from the draw pile for everyone (五谷丰登, used by ``seat``)."""
    return t.say(en="{p} reveals {cards}", zh="{p}亮出了{cards}", p=t.p(seat), cards=t.cards(cards))


# ---------------------------------------------------------------------------- requests
def _ask_dismantle(t: Teller, seat: int, target: int) -> str:
    return t.say(en="{p} chooses one of {target}'s cards to discard ({trick})",
                 zh="{p}选择{target}的一张牌弃置（{trick}）", p=t.p(seat), target=t.p(target),
                 trick=t.name("dismantlement"))


@request_kind("dismantle", ask=_ask_dismantle, choice="""``"hand"`` (a hand card is then taken at
    random with the game RNG) or an equipped or judgement-area card id""")
def DISMANTLE(t: Teller, choice: Choice) -> str:
    """The user of 过河拆桥: which of the target's cards to discard."""
    return t.card_or_hand(choice)


def _ask_snatch(t: Teller, seat: int, target: int) -> str:
    return t.say(en="{p} chooses one of {target}'s cards to take ({trick})",
                 zh="{p}选择{target}的一张牌获得（{trick}）", p=t.p(seat), target=t.p(target),
                 trick=t.name("snatch"))


@request_kind("snatch", ask=_ask_snatch, choice="""``"hand"`` (a hand card is then taken at random
    with the game RNG) or an equipped or judgement-area card id""")
def SNATCH(t: Teller, choice: Choice) -> str:
    """The user of 顺手牵羊: which of the target's cards to take."""
    return t.card_or_hand(choice)


def _ask_grace(t: Teller, seat: int) -> str:
    return t.say(en="{p} takes one of the revealed cards ({trick})", zh="{p}从亮出的牌中选择一张获得（{trick}）",
                 p=t.p(seat), trick=t.name("amazing_grace"))


@request_kind("amazing_grace", ask=_ask_grace, choice="one of the revealed card ids still on offer")
def AMAZING_GRACE(t: Teller, choice: int) -> str:
    """Each seat in turn: which revealed card of 五谷丰登 to take."""
    return t.card(choice)


def _ask_weapon(t: Teller, seat: int, borrowed: int) -> str:
    return t.say(en="{p} chooses which weapon to use: their own or the borrowed {card}",
                 zh="{p}选择使用的武器：自己的或借来的{card}", p=t.p(seat), card=t.card(borrowed))


@request_kind("choose_weapon", ask=_ask_weapon,
              choice="the weapon card id to use meanwhile: its own or the borrowed one")
def CHOOSE_WEAPON(t: Teller, choice: int) -> str:
    """The user of 借刀杀人 who has a weapon of its own: which of the two to use meanwhile."""
    return t.card(choice)


def _asked_against(t: Teller, seat: int, name: str, context: tuple[Any, ...]) -> str:
    """决斗, 南蛮入侵, 万箭齐发 ask for a card against them: ``(card, source)``."""
    return t.say(en="{p} may play {card} against {src}'s {what}", zh="{p}可以打出【{card}】响应{src}的【{what}】",
                 p=t.p(seat), card=t.name(name), src=t.p(context[1]), what=t.name(context[0]))


for _asking in ("archery_attack", "savage_assault", "duel"):
    asked_for(_asking)(_asked_against)


# ---------------------------------------------------------------------------- targets
def others(g: Game, p: Player, name: str) -> list[Player]:
    """The other living players ``p`` may choose as targets of the card ``name``."""
    return [q for q in g.players if q.alive and q is not p and not g.blocked(p, q, name)]


def trick_reach(g: Game, p: Player) -> bool:
    """Whether ``p``'s tricks ignore distance (奇才)."""
    hooked = g.mods.get("trick_distance_unlimited")
    if hooked:
        for seat, s in hooked:
            if seat == p.seat and s.trick_distance_unlimited(g, p):
                return True
    return False


def _self_target(g: Game, p: Player, card: VCard) -> list[tuple[int, ...]]:
    return [()]


def area_order(g: Game, user: Player, card: VCard) -> Proc:
    """Every living player, in the order a card that affects them all resolves: turn order from
    the user (docs/rules.md "Cards"), as the game's mode has it (a mode may let the user choose
    the direction: ``Variant.area_order``)."""
    return (yield from g.mode.area_order(g, user, card, g.order_from(user.seat)))


# ---------------------------------------------------------------------------- 决斗
def _duel_targets(g: Game, p: Player, card: VCard) -> list[tuple[int, ...]]:
    return [(q.seat,) for q in others(g, p, "duel")]


def duel(g: Game, user: Player, target: Player, card: VCard | None,
         first: Player | None = None) -> Proc:
    """The duel proper (also used by 离间): starting with ``first`` (the target by default), the two
    play 杀 in turn; the first who does not takes 1 damage from the other (docs/rules.md "Cards").
    A 杀 played at a player no 杀 affects now (空城: 诸葛亮 whose hand the duel emptied) ends the
    duel with no damage (docs/rules.md "诸葛亮 zhugeliang")."""
    ctx = DuelCtx(user, target, card)
    asked = first if first is not None else target
    other = user if asked is target else target
    while True:
        ctx.asked = asked
        vc = yield from respond(g, asked, "slash", ctx, ("duel", other.seat))
        if vc is None:
            break
        to_discard(g, vc.cards)
        if g.blocked(asked, other, "slash"):
            g.log(NO_EFFECT, other.seat, "slash")
            return
        asked, other = other, asked
    g.log(DUEL_LOST, asked.seat)
    yield from damage(g, other, asked, 1, card)


def _duel_effect(g: Game, use: CardUse) -> Proc:
    target = g.players[use.targets[0]]
    if (yield from nullified(g, use.card, target, use.user)):
        return
    yield from duel(g, use.user, target, use.card)


register_card(CardType("duel", "决斗", TRICK, en="Duel", targets=_duel_targets, effect=_duel_effect))


# ---------------------------------------------------------------------------- 过河拆桥 / 顺手牵羊
def _dismantle_targets(g: Game, p: Player, card: VCard) -> list[tuple[int, ...]]:
    return [(q.seat,) for q in others(g, p, "dismantlement") if q.card_count()]


def _dismantle_effect(g: Game, use: CardUse) -> Proc:
    target = g.players[use.targets[0]]
    if (yield from nullified(g, use.card, target, use.user)):
        return
    c = yield from choose_card_of(g, use.user, target, DISMANTLE)
    if c is not None:
        yield from discard(g, target, [c], "dismantlement")


register_card(CardType("dismantlement", "过河拆桥", TRICK, en="Dismantle", targets=_dismantle_targets,
                       effect=_dismantle_effect))
register_taken_away("dismantlement")  # the user chooses the target's card: told from its area


def _snatch_targets(g: Game, p: Player, card: VCard) -> list[tuple[int, ...]]:
    # 003: distance 1; horses count, weapons do not (docs/rules.md "Cards").
    far = trick_reach(g, p)
    return [
        (q.seat,) for q in others(g, p, "snatch")
        if q.card_count() and (far or g.distance(p, q) <= 1)
    ]


def _snatch_effect(g: Game, use: CardUse) -> Proc:
    target = g.players[use.targets[0]]
    if (yield from nullified(g, use.card, target, use.user)):
        return
    from_hand = bool(target.hand)
    c = yield from choose_card_of(g, use.user, target, SNATCH)
    if c is not None:
        hidden = from_hand and c in target.hand
        yield from gain(g, use.user, [c], target, visible=not hidden)


register_card(CardType("snatch", "顺手牵羊", TRICK, en="Snatch", targets=_snatch_targets, effect=_snatch_effect))


# ---------------------------------------------------------------------------- 无中生有
def _ex_nihilo_effect(g: Game, use: CardUse) -> Proc:
    if (yield from nullified(g, use.card, use.user, use.user)):
        return
    yield from draw(g, use.user, 2)


register_card(CardType("ex_nihilo", "无中生有", TRICK, en="Something from Nothing", targets=_self_target,
                       effect=_ex_nihilo_effect))


# ---------------------------------------------------------------------------- 借刀杀人
def _collateral_targets(g: Game, p: Player, card: VCard) -> list[tuple[int, ...]]:
    if p.borrowed is not None:
        return []
    return [(q.seat,) for q in others(g, p, "collateral") if q.equip[0] >= 0]


def _collateral_effect(g: Game, use: CardUse) -> Proc:
    """003's first-edition text: borrow the target's weapon, with its range and skill, until the
    start of your discard phase (docs/rules.md "Cards"). A 借刀杀人 made of no card is 周瑜's 借刀,
    a skill with the card's effect and no 锦囊牌: no 无懈可击 window opens for it
    (docs/rules.md "周瑜 zhouyu")."""
    user = use.user
    target = g.players[use.targets[0]]
    if use.card.cards and (yield from nullified(g, use.card, target, user)):
        return
    weapon = target.equip[0]
    if weapon < 0 or user.borrowed is not None or not user.alive:
        return
    remove_card(g, weapon)
    user.borrowed = (weapon, target.seat, True)
    if user.equip[0] >= 0:
        # Choose which of the two weapons is active; the other has no effect meanwhile.
        pick = yield PickRequest(user.seat, CHOOSE_WEAPON, (user.equip[0], weapon), (weapon,))
        user.borrowed = (weapon, target.seat, pick == weapon)
    g.log(BORROW, user.seat, target.seat, weapon, user.borrowed[2])
    set_weapon_skills(g, user)


register_card(CardType("collateral", "借刀杀人", TRICK, en="Borrowed Sword", targets=_collateral_targets,
                       effect=_collateral_effect))


# ---------------------------------------------------------------------------- 无懈可击
def _nothing(g: Game, use: CardUse) -> Proc:
    return
    yield


# 无懈可击 is never used in the play phase: only in a window (``rules.nullified``).
register_card(CardType("nullification", "无懈可击", TRICK, en="Nullification", targets=None, effect=_nothing))
told_as_used("nullification")  # used, not played, in the rules' words


# ---------------------------------------------------------------------------- 南蛮入侵 / 万箭齐发
def _aoe(need: str) -> Callable[[Game, CardUse], Proc]:
    @procedure
    def effect(g: Game, use: CardUse) -> Proc:
        # docs/rules.md "Cards": every other living player, in turn order from the user's next
        # seat.
        user, card = use.user, use.card
        order = yield from area_order(g, user, card)
        for q in order[1:]:
            if not q.alive:
                continue
            if (yield from nullified(g, card, q, user)):
                continue
            ctx = AoeCtx(user, q, card, need)
            vc = yield from respond(g, q, need, ctx, (card.name, user.seat))
            if vc is not None:
                to_discard(g, vc.cards)
                ctx.ok = True
                if AOE_ANSWERED in g.hooks:
                    yield from fire(g, AOE_ANSWERED, ctx)
            if not ctx.ok and q.alive:
                yield from damage(g, user, q, 1, card)

    return effect


register_card(CardType("savage_assault", "南蛮入侵", TRICK, en="Barbarian Invasion", targets=_self_target,
                       effect=_aoe("slash")))
register_card(CardType("archery_attack", "万箭齐发", TRICK, en="Arrow Barrage", targets=_self_target,
                       effect=_aoe("jink")))


# ---------------------------------------------------------------------------- 桃园结义 / 五谷丰登
def _god_salvation_effect(g: Game, use: CardUse) -> Proc:
    order = yield from area_order(g, use.user, use.card)
    for q in order:
        if not q.alive or q.hp >= q.max_hp:
            continue  # nothing to heal: no window (a nullification would change nothing)
        if (yield from nullified(g, use.card, q, use.user)):
            continue
        recover(g, q, 1)


register_card(CardType("god_salvation", "桃园结义", TRICK, en="Peach Garden Oath", targets=_self_target,
                       effect=_god_salvation_effect))


def _amazing_grace_effect(g: Game, use: CardUse) -> Proc:
    order = yield from area_order(g, use.user, use.card)
    yield from pick_in_turn(g, use, order, AMAZING_GRACE)


def pick_in_turn(g: Game, use: CardUse, order: list[Player], kind: Kind) -> Proc:
    """As many cards as ``order`` holds are shown from the pile; each player in ``order`` (alive,
    and unless 无懈可击 stops it for them) picks one (a ``kind`` request); the rest are discarded.
    五谷丰登, and the 1.0 deck's 喜宴."""
    user = use.user
    first = len(g.processing)
    try:
        # each card shown lies on the table as it is taken (docs/rules.md "The turn": cards
        # taken before the piles run out)
        shown = take_from_pile(g, len(order), g.processing)
    except GameOver:
        if len(g.processing) > first:
            g.log(REVEAL, user.seat, tuple(g.processing[first:]))
        raise
    g.log(REVEAL, user.seat, tuple(shown))
    for q in order:
        if not shown:
            break
        if not q.alive:
            continue
        if (yield from nullified(g, use.card, q, user)):
            continue
        pick = yield PickRequest(q.seat, kind, tuple(shown), ())
        shown.remove(pick)
        yield from gain(g, q, [pick], None, visible=True)
    to_discard(g, shown)


register_card(CardType("amazing_grace", "五谷丰登", TRICK, en="Bountiful Harvest", targets=_self_target,
                       effect=_amazing_grace_effect))


# ---------------------------------------------------------------------------- the account
# What the account remembers (memory.py): the 无懈可击 window of a trick on a target, which ends
# with no event when nobody plays another; the cards 五谷丰登 showed, which go to the discard pile
# with no event when the picks are over; a weapon borrowed with 借刀杀人, out of its owner's area.
def _null_keeps(m: Memory, w: Window, kind: str, args: tuple[Any, ...]) -> bool:
    if kind == "nullified":
        return bool(args[1] == w.about and args[2] == w.seat)
    # what a 无懈可击 played brings with it (集智) comes before its ``nullified``
    return w.playing or (kind == "play" and args[1] == "nullification")


def _null_closing(t: Teller, w: Window, kind: str, args: tuple[Any, ...]) -> str:
    if w.cancelled:
        return t.say(en="nobody plays another {nul}: {trick} on {target} has no effect",
                     zh="无人再使用【{nul}】，对{target}的【{trick}】无效",
                     nul=t.name("nullification"), trick=t.name(w.about), target=t.p(w.seat))
    return t.say(en="nobody plays another {nul}: {trick} on {target} takes effect",
                 zh="无人再使用【{nul}】，对{target}的【{trick}】生效",
                 nul=t.name("nullification"), trick=t.name(w.about), target=t.p(w.seat))


def _null_closed(m: Memory, w: Window) -> None:
    below = m.windows[-1] if m.windows else None
    if w.cancelled and below is not None and below.kind == "reveal" and below.about == w.about:
        below.left -= 1  # that player's pick is cancelled: one pick fewer to come


def _null_played(m: Memory, t: Teller, w: Window, args: tuple[Any, ...],
                 hidden: Any) -> list[str] | None:
    if args[1] != "nullification":
        return None
    w.playing = True
    return []


def _null_outcome(m: Memory, t: Teller, w: Window, args: tuple[Any, ...],
                  hidden: Any) -> list[str] | None:
    if (w.about, w.seat) != (args[1], args[2]):
        return None
    w.cancelled, w.playing = bool(args[3]), False
    return []


@learns("nullified", untaken=True)
def _nullified(m: Memory, t: Teller, args: tuple[Any, ...], hidden: Any) -> None:
    m.push(Window("nullification", args[2], args[1], bool(args[3])))


window_kind("nullification", keeps=_null_keeps, closing=_null_closing, closed=_null_closed,
            takes={"play": _null_played, "nullified": _null_outcome}, holds=("nullification",))

_REVEAL_KEEPS: Final = {"gain", "play", "nullified", "skill", "draw", "reshuffle"}


def keeps_reveal(kind: str) -> None:
    """Say that an event of ``kind`` may happen while the cards 五谷丰登 showed are being picked
    (besides the picks, 无懈可击 and its windows, and what playing one brings: a skill, a draw),
    so it does not end them: a skill that answers a question (铜铃)."""
    _REVEAL_KEEPS.add(kind)


def _reveal_keeps(m: Memory, w: Window, kind: str, args: tuple[Any, ...]) -> bool:
    return w.left > 0 and kind in _REVEAL_KEEPS


def _reveal_closing(t: Teller, w: Window, kind: str, args: tuple[Any, ...]) -> str:
    if not w.cards or kind == "game_over":
        return ""
    go = "goes" if len(w.cards) == 1 else "go"
    return t.say(en="{cards} " + go + " to the discard pile ({trick})",
                 zh="{cards}进入弃牌堆（{trick}）", cards=t.cards(w.cards), trick=t.name(w.about))


def _reveal_picked(m: Memory, t: Teller, w: Window, args: tuple[Any, ...],
                   hidden: Any) -> list[str] | None:
    shown = card_ids(args[2] if len(args) > 2 else ()) or card_ids(hidden)
    if not any(c in w.cards for c in shown):  # a pick of 五谷丰登
        return None
    w.cards = [c for c in w.cards if c not in shown]
    w.left -= 1
    if w.left <= 0:  # the last pick: what is left goes to the discard pile now
        return m.close(t, w, "gain", args)
    return []


@learns("reveal")
def _reveal(m: Memory, t: Teller, args: tuple[Any, ...], hidden: Any) -> None:
    cards = card_ids(args[1])  # one per player, who each pick one unless 无懈可击 stops them
    m.push(Window("reveal", args[0], m.used, cards=cards, left=len(cards)))


window_kind("reveal", keeps=_reveal_keeps, closing=_reveal_closing,
            takes={"gain": _reveal_picked})


@learns("borrow")
def _borrow(m: Memory, t: Teller, args: tuple[Any, ...], hidden: Any) -> None:
    m.zone.pop(args[2], None)


# ---------------------------------------------------------------------------- agent hints
def _attack(name: str) -> Callable[[Advisor, int, tuple[int, ...]], int]:
    def use(a: Advisor, card: int, targets: tuple[int, ...]) -> int:
        return a.use_score(name, (card,), targets)
    return use


def _duel_use(a: Advisor, card: int, targets: tuple[int, ...]) -> int:
    """A 决斗 is worse without a 杀 to answer with."""
    s = a.target_score("duel", targets)
    if not any(NAME[c] == "slash" for c in a.me.hand):
        s -= 2
    return s - a.value(card) // 2 if s > 0 else s


def _draws(a: Advisor, card: int, targets: tuple[int, ...]) -> int:
    return 9


def _area_harm(a: Advisor, card: int, targets: tuple[int, ...]) -> int:
    return a.area_score(True)


def _area_help(a: Advisor, card: int, targets: tuple[int, ...]) -> int:
    """桃园结义: worth it when it heals more friends than enemies."""
    return a.area_score(False)


def _nullify(a: Advisor, ctx: tuple[Any, ...]) -> bool:
    """无懈可击 against harm to a friend or help to an enemy (and against a 无懈可击 that would
    cancel the harm to an enemy or the help to a friend)."""
    trick, target, what = (ctx + ("", -1, "nullification"))[:3]
    harmful = a.harms(trick)
    seat = isinstance(target, int) and 0 <= target < a.game.n
    friend = seat and a.attitude(target) == FRIEND
    enemy = seat and a.attitude(target) == ENEMY
    if what == "nullification":
        return (harmful and friend) or (not harmful and enemy)
    return (harmful and enemy) or (not harmful and friend)


def _best_card(a: Advisor, request: Request) -> Choice:
    """五谷丰登: the card it wants most."""
    cards = [o for o in request.choices() if isinstance(o, int) and not isinstance(o, bool)]
    return max(cards, key=lambda c: (a.value(c), -c)) if cards else NO_OPINION


card_hint("duel", 4, harms=True, use=_duel_use)
card_hint("dismantlement", 4, harms=True, rescues=True, use=_attack("dismantlement"))
card_hint("snatch", 5, harms=True, rescues=True, use=_attack("snatch"))
card_hint("collateral", 2, harms=True, use=_attack("collateral"))
card_hint("savage_assault", 3, harms=True, use=_area_harm)
card_hint("archery_attack", 3, harms=True, use=_area_harm)
card_hint("ex_nihilo", 8, use=_draws)
card_hint("amazing_grace", 2, use=_draws)
card_hint("god_salvation", 2, use=_area_help)
card_hint("nullification", 7, respond=_nullify)
answer_hint("dismantle", take_from_target)
answer_hint("snatch", take_from_target)
answer_hint("amazing_grace", _best_card)
