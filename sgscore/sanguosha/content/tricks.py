"""The 13 tricks and the 2 delayed tricks (003 "锦囊牌", RULINGS §4.2)."""

from __future__ import annotations

from typing import Any

from ...core.protocol import PickRequest
from ..cards import HEART, RANK, SPADE, SUIT
from ..model import LORD, CardDef, Player, Proc, VCard, register_card
from ..rules import (
    DELAYED,
    choose_card_of,
    damage,
    discard,
    draw,
    fire,
    gain,
    judge,
    nullified,
    recover,
    respond,
    set_weapon_skills,
    take_from_pile,
    to_discard,
)

__all__ = ["DuelCtx", "AoeCtx", "duel"]


class DuelCtx:
    """A duel while it resolves: who started it and who is being asked for 杀."""

    __slots__ = ("user", "target", "card", "asked", "in_duel")

    def __init__(self, user: Player, target: Player, card: VCard | None) -> None:
        self.user = user
        self.target = target
        self.card = card
        self.asked = target
        self.in_duel = True


class AoeCtx:
    """One target of 南蛮入侵 / 万箭齐发: ``ok`` is whether the target has answered it."""

    __slots__ = ("user", "target", "card", "ok", "need")

    def __init__(self, user: Player, target: Player, card: VCard, need: str) -> None:
        self.user = user
        self.target = target
        self.card = card
        self.ok = False
        self.need = need


def _others(g: Any, p: Player, name: str) -> list[Player]:
    return [q for q in g.players if q.alive and q is not p and not g.blocked(p, q, name)]


def _trick_reach(g: Any, p: Player) -> bool:
    for seat, s in g.mods.get("trick_distance_unlimited", ()):
        if seat == p.seat and s.trick_distance_unlimited(g, p):
            return True
    return False


# ---------------------------------------------------------------------------- 决斗
def _duel_targets(g: Any, p: Player, card: VCard) -> list[tuple[int, ...]]:
    return [(q.seat,) for q in _others(g, p, "duel")]


def duel(g: Any, user: Player, target: Player, card: VCard | None, first: Player | None = None) -> Proc:
    """The duel proper (also used by 离间): starting with ``first`` (the target by default), the two
    play 杀 in turn; the first who does not takes 1 damage from the other (RULINGS §4.2)."""
    ctx = DuelCtx(user, target, card)
    asked = first if first is not None else target
    other = user if asked is target else target
    while True:
        ctx.asked = asked
        vc = yield from respond(g, asked, "slash", ctx, ("duel", other.seat))
        if vc is None:
            break
        to_discard(g, vc.cards)
        asked, other = other, asked
    g.log("duel_lost", asked.seat)
    yield from damage(g, other, asked, 1, card)


def _duel_effect(g: Any, user: Player, card: VCard, targets: tuple[int, ...]) -> Proc:
    target = g.players[targets[0]]
    if (yield from nullified(g, card, target, user)):
        return
    yield from duel(g, user, target, card)


# ---------------------------------------------------------------------------- 过河拆桥 / 顺手牵羊
def _dismantle_targets(g: Any, p: Player, card: VCard) -> list[tuple[int, ...]]:
    return [(q.seat,) for q in _others(g, p, "dismantlement") if q.card_count()]


def _dismantle_effect(g: Any, user: Player, card: VCard, targets: tuple[int, ...]) -> Proc:
    target = g.players[targets[0]]
    if (yield from nullified(g, card, target, user)):
        return
    c = yield from choose_card_of(g, user, target, "dismantle")
    if c is not None:
        yield from discard(g, target, [c], "dismantlement")


def _snatch_targets(g: Any, p: Player, card: VCard) -> list[tuple[int, ...]]:
    # 003: distance 1; horses count, weapons do not (RULINGS §4.2).
    far = _trick_reach(g, p)
    return [
        (q.seat,) for q in _others(g, p, "snatch")
        if q.card_count() and (far or g.distance(p, q) <= 1)
    ]


def _snatch_effect(g: Any, user: Player, card: VCard, targets: tuple[int, ...]) -> Proc:
    target = g.players[targets[0]]
    if (yield from nullified(g, card, target, user)):
        return
    from_hand = bool(target.hand)
    c = yield from choose_card_of(g, user, target, "snatch")
    if c is not None:
        hidden = from_hand and c in target.hand
        yield from gain(g, user, [c], target, visible=not hidden)


# ---------------------------------------------------------------------------- 无中生有
def _self_target(g: Any, p: Player, card: VCard) -> list[tuple[int, ...]]:
    return [()]


def _ex_nihilo_effect(g: Any, user: Player, card: VCard, targets: tuple[int, ...]) -> Proc:
    if (yield from nullified(g, card, user, user)):
        return
    yield from draw(g, user, 2)


# ---------------------------------------------------------------------------- 借刀杀人
def _collateral_targets(g: Any, p: Player, card: VCard) -> list[tuple[int, ...]]:
    if p.borrowed is not None:
        return []
    return [(q.seat,) for q in _others(g, p, "collateral") if q.equip[0] >= 0]


def _collateral_effect(g: Any, user: Player, card: VCard, targets: tuple[int, ...]) -> Proc:
    """003's first-edition text: borrow the target's weapon, with its range and skill, until the
    start of your discard phase (RULINGS §4.2)."""
    target = g.players[targets[0]]
    if (yield from nullified(g, card, target, user)):
        return
    weapon = target.equip[0]
    if weapon < 0 or user.borrowed is not None or not user.alive:
        return
    from ..rules import _remove  # noqa: PLC0415

    _remove(g, weapon)
    user.borrowed = (weapon, target.seat, True)
    if user.equip[0] >= 0:
        # Choose which of the two weapons is active; the other has no effect meanwhile.
        pick = yield PickRequest(user.seat, "choose_weapon", (user.equip[0], weapon), (weapon,))
        user.borrowed = (weapon, target.seat, pick == weapon)
    g.log("borrow", user.seat, target.seat, weapon, user.borrowed[2])
    set_weapon_skills(g, user)


# ---------------------------------------------------------------------------- 无懈可击
def _never(g: Any, p: Player, card: VCard) -> list[tuple[int, ...]]:
    return []


def _nothing(g: Any, user: Player, card: VCard, targets: tuple[int, ...]) -> Proc:
    return
    yield


# ---------------------------------------------------------------------------- 南蛮入侵 / 万箭齐发
def _aoe(need: str) -> Any:
    def effect(g: Any, user: Player, card: VCard, targets: tuple[int, ...]) -> Proc:
        # RULINGS §4.2: every other living player, in turn order from the user's next seat.
        for q in g.order_from(user.seat)[1:]:
            if not q.alive:
                continue
            if (yield from nullified(g, card, q, user)):
                continue
            ctx = AoeCtx(user, q, card, need)
            vc = yield from respond(g, q, need, ctx, (card.name, user.seat))
            if vc is not None:
                to_discard(g, vc.cards)
                ctx.ok = True
                if "aoe_answered" in g.hooks:
                    yield from fire(g, "aoe_answered", ctx)
            if not ctx.ok and q.alive:
                yield from damage(g, user, q, 1, card)

    return effect


# ---------------------------------------------------------------------------- 桃园结义 / 五谷丰登
def _god_salvation_effect(g: Any, user: Player, card: VCard, targets: tuple[int, ...]) -> Proc:
    for q in g.order_from(user.seat):
        if not q.alive or q.hp >= q.max_hp:
            continue  # nothing to heal: no window (a nullification would change nothing)
        if (yield from nullified(g, card, q, user)):
            continue
        recover(g, q, 1)


def _amazing_grace_effect(g: Any, user: Player, card: VCard, targets: tuple[int, ...]) -> Proc:
    order = g.order_from(user.seat)
    shown = take_from_pile(g, len(order))
    g.processing.extend(shown)
    g.log("reveal", user.seat, tuple(shown))
    for q in order:
        if not shown:
            break
        if not q.alive:
            continue
        if (yield from nullified(g, card, q, user)):
            continue
        pick = yield PickRequest(q.seat, "amazing_grace", tuple(shown), ())
        shown.remove(pick)
        yield from gain(g, q, [pick], None, visible=True)
    to_discard(g, shown)


# ---------------------------------------------------------------------------- delayed tricks
def _has_delayed(p: Player, name: str) -> bool:
    return any(n == name for _, n in p.judge)


def _indulgence_targets(g: Any, p: Player, card: VCard) -> list[tuple[int, ...]]:
    # 003 and 002's errata: any other player except the lord.
    return [
        (q.seat,) for q in _others(g, p, "indulgence")
        if q.role != LORD and not _has_delayed(q, "indulgence")
    ]


def _place_delayed(g: Any, user: Player, card: VCard, targets: tuple[int, ...]) -> Proc:
    target = g.players[targets[0]] if targets else user
    phys = card.cards[0]
    if phys in g.processing:
        g.processing.remove(phys)
    target.judge.append((phys, card.name))
    g.log("place_delayed", user.seat, target.seat, phys, card.name)
    return
    yield


def _lightning_targets(g: Any, p: Player, card: VCard) -> list[tuple[int, ...]]:
    return [] if _has_delayed(p, "lightning") else [()]


def _indulgence_judge(g: Any, holder: Player, card: int, cancelled: bool) -> Proc:
    """乐不思蜀: not ♥ → skip the play phase; discarded either way (a nullified one too)."""
    if not cancelled:
        j = yield from judge(g, holder, "indulgence")
        if SUIT[j.card] != HEART:
            g.turn_flags["skip_play"] = 1
    to_discard(g, [card])


def lightning_hits(card: int) -> bool:
    """闪电 strikes on ♠2-♠9 (003)."""
    return SUIT[card] == SPADE and 2 <= RANK[card] <= 9


def _lightning_judge(g: Any, holder: Player, card: int, cancelled: bool) -> Proc:
    """闪电: ♠2-♠9 → 3 damage with no source, then discarded; otherwise (or nullified) it moves on
    to the next living player whose judgement area holds no 闪电 (RULINGS §4.2)."""
    if not cancelled:
        j = yield from judge(g, holder, "lightning")
        if lightning_hits(j.card):
            yield from damage(g, None, holder, 3, VCard("lightning", (card,)))
            to_discard(g, [card])
            return
    if card not in g.processing:
        return  # taken by a skill meanwhile
    g.processing.remove(card)
    nxt = holder
    for q in g.order_from(holder.seat)[1:]:
        if not _has_delayed(q, "lightning"):
            nxt = q
            break
    if not nxt.alive:
        g.discard_pile.append(card)
        return
    nxt.judge.append((card, "lightning"))
    if nxt is not holder:  # nobody else can take it: it stays (judged again next turn)
        g.log("move_delayed", holder.seat, nxt.seat, card, "lightning")


DELAYED["indulgence"] = _indulgence_judge
DELAYED["lightning"] = _lightning_judge

for _name, _targets, _effect in (
    ("duel", _duel_targets, _duel_effect),
    ("dismantlement", _dismantle_targets, _dismantle_effect),
    ("snatch", _snatch_targets, _snatch_effect),
    ("ex_nihilo", _self_target, _ex_nihilo_effect),
    ("collateral", _collateral_targets, _collateral_effect),
    ("nullification", _never, _nothing),
    ("savage_assault", _self_target, _aoe("slash")),
    ("archery_attack", _self_target, _aoe("jink")),
    ("god_salvation", _self_target, _god_salvation_effect),
    ("amazing_grace", _self_target, _amazing_grace_effect),
    ("indulgence", _indulgence_targets, _place_delayed),
    ("lightning", _lightning_targets, _place_delayed),
):
    register_card(CardDef(_name, _targets, _effect, is_trick=True))
