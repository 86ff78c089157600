"""The delayed tricks 乐不思蜀 and 闪电 (003 "延时类锦囊"; docs/rules.md "Cards" and "The turn"):
placed in a judgement area, judged in the holder's judge phase (``rules.judge_phase``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.engine import Proc
from ..cards import DELAYED, HEART, RANK, SPADE, SUIT, CardType, register_card
from ..contexts import CardUse
from ..events import judgement, register_staying
from ..hints import Advisor, card_hint, judgement_hint
from ..memory import JUDGE_AREA, Memory, learns
from ..model import LORD, Player, VCard
from ..rules import damage, judge
from ..telling import Teller, event_kind
from ..zones import to_discard
from .tricks import others

if TYPE_CHECKING:
    from ..game import Game

__all__ = ["PLACE_DELAYED", "MOVE_DELAYED", "INDULGENCE", "LIGHTNING", "lightning_hits"]


@event_kind("place_delayed")
def PLACE_DELAYED(t: Teller, seat: int, target: int, card: int, name: str) -> str:
    """``seat`` puts a delayed trick (``name``: ``indulgence`` or ``lightning``) in ``target``'s
    judgement area."""
    shown = t.vcard(name, (card,), "")
    if seat == target:
        return t.say(en="{p} places {card} in their own judgement area", zh="{p}将{card}置于自己的判定区",
                     p=t.p(seat), card=shown)
    return t.say(en="{p} places {card} in {target}'s judgement area", zh="{p}将{card}置于{target}的判定区",
                 p=t.p(seat), target=t.p(target), card=shown)


@event_kind("move_delayed")
def MOVE_DELAYED(t: Teller, seat: int, target: int, card: int, name: str) -> str:
    """闪电 moves on from ``seat`` to ``target``."""
    return t.say(en="{card} moves from {p} to {target}", zh="{card}从{p}移到{target}", p=t.p(seat),
                 target=t.p(target), card=t.vcard(name, (card,), ""))


def _has_delayed(p: Player, name: str) -> bool:
    return any(n == name for _, n in p.judge)


def _place(g: Game, use: CardUse) -> Proc:
    card = use.card
    target = g.players[use.targets[0]] if use.targets else use.user
    phys = card.cards[0]
    if phys in g.processing:
        g.processing.remove(phys)
    target.judge.append((phys, card.name))
    g.log(PLACE_DELAYED, use.user.seat, target.seat, phys, card.name)
    return
    yield


# ---------------------------------------------------------------------------- 乐不思蜀
def _indulgence_targets(g: Game, p: Player, card: VCard) -> list[tuple[int, ...]]:
    # 003 and 002's errata: any other player except the lord.
    return [
        (q.seat,) for q in others(g, p, "indulgence")
        if q.role != LORD and not _has_delayed(q, "indulgence")
    ]


@judgement("indulgence")
def INDULGENCE(t: Teller, seat: int, card: int) -> str:
    """乐不思蜀: not ♥ skips the play phase."""
    if SUIT[card] == HEART:
        return t.say(en="the judgement is ♥: {trick} has no effect",
                     zh="判定结果为♥：【{trick}】无效", trick=t.name("indulgence"))
    return t.say(en="the judgement is not ♥: {p} skips the play phase",
                 zh="判定结果不为♥：{p}跳过出牌阶段", p=t.p(seat))


def _indulgence_judged(g: Game, holder: Player, card: int, cancelled: bool) -> Proc:
    """乐不思蜀: not ♥ → skip the play phase; discarded either way (a nullified one too)."""
    if not cancelled:
        j = yield from judge(g, holder, INDULGENCE)
        if SUIT[j.card] != HEART:
            g.turn.skip("play")
    to_discard(g, [card])


register_card(CardType("indulgence", "乐不思蜀", DELAYED, en="Contentment", targets=_indulgence_targets,
                       effect=_place, judged=_indulgence_judged))


# ---------------------------------------------------------------------------- 闪电
def _lightning_targets(g: Game, p: Player, card: VCard) -> list[tuple[int, ...]]:
    return [] if _has_delayed(p, "lightning") else [()]


def lightning_hits(card: int) -> bool:
    """闪电 strikes on ♠2-♠9 (003)."""
    return SUIT[card] == SPADE and 2 <= RANK[card] <= 9


@judgement("lightning")
def LIGHTNING(t: Teller, seat: int, card: int) -> str:
    """闪电: ♠2-♠9 strikes."""
    if lightning_hits(card):
        return t.say(en="the judgement is within ♠2-♠9: {trick} strikes {p}",
                     zh="判定结果在♠2-♠9之间：【{trick}】击中{p}", trick=t.name("lightning"), p=t.p(seat))
    return t.say(en="the judgement is not within ♠2-♠9: {trick} does not strike",
                 zh="判定结果不在♠2-♠9之间：【{trick}】未击中", trick=t.name("lightning"))


def _lightning_judged(g: Game, holder: Player, card: int, cancelled: bool) -> Proc:
    """闪电: ♠2-♠9 → 3 damage with no source, then discarded; otherwise (or nullified) it moves on
    to the next living player whose judgement area holds no 闪电 (docs/rules.md "Cards")."""
    if not cancelled:
        j = yield from judge(g, holder, LIGHTNING)
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
        g.log(MOVE_DELAYED, holder.seat, nxt.seat, card, "lightning")


register_card(CardType("lightning", "闪电", DELAYED, en="Lightning", targets=_lightning_targets, effect=_place,
                       judged=_lightning_judged))


# ---------------------------------------------------------------------------- the account
# Where a delayed trick lies (memory.py): in the judgement area it was placed in or moved to,
# until it is judged; 闪电 stays there (or moves on) unless it strikes.
register_staying("lightning")


@learns("place_delayed", "move_delayed")
def _placed(m: Memory, t: Teller, args: tuple[Any, ...], hidden: Any) -> None:
    m.zone[args[2]] = (JUDGE_AREA, args[1])


@learns("judge_result")
def _struck(m: Memory, t: Teller, args: tuple[Any, ...], hidden: Any) -> None:
    if args[1] == "lightning" and lightning_hits(args[2]):
        m.zone.pop(m.delayed, None)  # it strikes and is discarded


# ---------------------------------------------------------------------------- agent hints
def _indulgence_use(a: Advisor, card: int, targets: tuple[int, ...]) -> int:
    return a.use_score("indulgence", (card,), targets)


def _lightning_use(a: Advisor, card: int, targets: tuple[int, ...]) -> int:
    return 1


def _indulgence_fails(card: int) -> bool:
    return SUIT[card] == HEART


def _lightning_misses(card: int) -> bool:
    return not lightning_hits(card)


card_hint("indulgence", 4, harms=True, use=_indulgence_use)
card_hint("lightning", 1, harms=True, use=_lightning_use)
judgement_hint("indulgence", _indulgence_fails)
judgement_hint("lightning", _lightning_misses)
