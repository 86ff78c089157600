"""The basic cards: 杀, 闪, 桃 (003 "游戏牌详解", RULINGS §4.2)."""

from __future__ import annotations

from itertools import combinations
from typing import Any

from ..model import CardDef, Player, Proc, VCard, register_card
from ..rules import SlashCtx, damage, fire, recover, respond, to_discard

__all__ = ["slash_at", "slash_max_targets"]


def slash_max_targets(g: Any, p: Player, card: VCard, against: Player | None = None) -> int:
    """How many targets ``p``'s 杀 may have; with ``against``, only counting equipment that has
    effect against that player (乾坤)."""
    best = 1
    for seat, s in g.mods.get("slash_targets", ()):
        if seat == p.seat:
            if s.equipment and against is not None and not g.equipment_works(p, against):
                continue
            best = max(best, s.slash_targets(g, p, card))
    return best


def _slash_targets(g: Any, p: Player, card: VCard) -> list[tuple[int, ...]]:
    # 003: "一名玩家一回合只能用杀攻击一次" unless a card or skill lifts the limit.
    if g.phase == "play" and g.slashes_used >= g.slash_limit(p):
        return []
    ok = [
        q.seat for q in g.players
        if q.alive and q is not p and g.in_attack_range(p, q) and not g.blocked(p, q, "slash")
    ]
    # 乾坤 (RULINGS §4.5): equipment without effect against a player gives no extra 杀 (诸葛连弩)
    # and no extra targets (方天画戟) against them.
    picky = bool(g.mods.get("equipment_ignored"))
    if picky and g.phase == "play" and g.slashes_used:
        ok = [t for t in ok if g.slashes_used < g.slash_limit(p, g.players[t])]
    if not ok:
        return []
    most = slash_max_targets(g, p, card)
    if most <= 1:
        return [(t,) for t in ok]
    cap = {t: slash_max_targets(g, p, card, g.players[t]) for t in ok} if picky else {}
    out: list[tuple[int, ...]] = []
    for k in range(1, min(most, len(ok)) + 1):
        out.extend(c for c in combinations(ok, k) if not picky or all(cap[t] >= k for t in c))
    return out


def _slash_effect(g: Any, user: Player, card: VCard, targets: tuple[int, ...]) -> Proc:
    # Several targets (方天画戟) are resolved in turn order from the user, like every card with
    # several targets (RULINGS §4.2).
    for t in sorted(targets, key=lambda s: (s - user.seat) % g.n):
        target = g.players[t]
        if target.alive and user.alive:
            yield from slash_at(g, user, card, target, targets=targets)


def slash_at(
    g: Any, user: Player, card: VCard, target: Player, followup: bool = False,
    targets: tuple[int, ...] = (),
) -> Proc:
    """One 杀 against one target: it may be redirected (流离) or have no effect (仁王盾); the
    target must play 闪 (two against 无双); a dodged 杀 may still hit (贯石斧); a hit deals 1
    damage from the user (more with 裸衣-like skills), unless a weapon prevents it (寒冰剑).
    ``targets``: all the targets of this 杀 when it has several."""
    ctx = SlashCtx(user, target, card)
    ctx.followup = followup
    if targets:
        ctx.targets = targets
    if "slash_targeted" in g.hooks:
        yield from fire(g, "slash_targeted", ctx)
    target = ctx.target
    if "slash_aim" in g.hooks:
        yield from fire(g, "slash_aim", ctx)
    if "slash_armor" in g.hooks:
        yield from fire(g, "slash_armor", ctx)
    if ctx.no_effect or not target.alive:
        g.log("no_effect", target.seat, "slash")
        return
    for seat, s in g.mods.get("jinks_needed", ()):
        if seat == user.seat:
            ctx.need = max(ctx.need, s.jinks_needed(g, user, target))
    dodged = True
    for _ in range(ctx.need):
        vc = yield from respond(g, target, "jink", ctx, (user.seat,))
        if vc is None:
            dodged = False
            break
        to_discard(g, vc.cards)
        ctx.dodged_by.append(vc)
    if dodged:
        g.log("dodged", target.seat, user.seat)
        if "slash_dodged" in g.hooks:
            yield from fire(g, "slash_dodged", ctx)
        if not ctx.hit or not target.alive:
            return
    ctx.hit = True
    if "slash_hit" in g.hooks:
        yield from fire(g, "slash_hit", ctx)
    if ctx.prevent_damage or not target.alive:
        return
    yield from damage(g, user, target, 1 + ctx.extra, card)


def _jink_targets(g: Any, p: Player, card: VCard) -> list[tuple[int, ...]]:
    return []  # 闪 is only ever played in response (RULINGS §4.2)


def _no_effect(g: Any, user: Player, card: VCard, targets: tuple[int, ...]) -> Proc:
    return
    yield


def _peach_targets(g: Any, p: Player, card: VCard) -> list[tuple[int, ...]]:
    return [()] if p.hp < p.max_hp else []


def _peach_effect(g: Any, user: Player, card: VCard, targets: tuple[int, ...]) -> Proc:
    recover(g, user, 1)
    return
    yield


register_card(CardDef("slash", _slash_targets, _slash_effect))
register_card(CardDef("jink", _jink_targets, _no_effect))
register_card(CardDef("peach", _peach_targets, _peach_effect))
