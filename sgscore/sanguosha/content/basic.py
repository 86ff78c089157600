"""The basic cards: 杀, 闪, 桃 (003 "游戏牌详解"; docs/rules.md "Cards"), and the timings of a 杀 as
it resolves, which skills and weapons hook into."""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations
from typing import TYPE_CHECKING, Any, Final

from ...core.engine import Proc
from ..cards import BASIC, NAME, CardType, register_card
from ..contexts import CardCtx, CardUse
from ..events import asks, told_as_used
from ..hints import FRIEND, Advisor, card_hint
from ..memory import Memory, Window, is_seat, learns, window_kind
from ..model import GENERALS, Player, VCard
from ..rules import damage, recover, respond
from ..skills import SKILLS, Timing
from ..telling import Teller, event_kind
from ..triggers import fire
from ..zones import to_discard

if TYPE_CHECKING:
    from ..game import Game

__all__ = [
    "SlashCtx", "aimable", "slash_at", "slash_max_targets", "SLASH_TARGETED", "SLASH_AIM", "SLASH_ARMOR",
    "SLASH_DODGED", "SLASH_HIT", "NO_EFFECT", "DODGED", "SlashUnderWay", "slash_under_way",
    "aimed_target", "jinks_skill",
]


class SlashCtx(CardCtx):
    """One 杀 against one target, while it resolves: what skills and weapons may change.

    ``target`` (流离 moves it), ``targets`` (every target of the 杀: 方天画戟), ``need`` (闪
    needed: 无双), ``no_effect`` (仁王盾), ``hit`` (贯石斧 makes a dodged 杀 hit), ``extra``
    (damage added), ``prevent_damage`` (寒冰剑), ``dodged_by`` (the 闪 played), ``via`` (the
    weapon that made this use: 青龙偃月刀's second 杀 is not followed up again), ``counted``
    (it counts toward the user's 杀 of this play phase, and ``slashes_used`` includes it).
    """

    __slots__ = ("targets", "need", "hit", "no_effect", "extra", "dodged_by", "prevent_damage",
                 "via", "counted")

    def __init__(self, user: Player, target: Player, card: VCard) -> None:
        super().__init__(user, target, card)
        self.targets: tuple[int, ...] = (target.seat,)
        self.need = 1
        self.hit = False
        self.no_effect = False
        self.extra = 0
        self.dodged_by: list[VCard] = []
        self.prevent_damage = False
        self.via = ""
        self.counted = False  # it counts toward the user's 杀 of this play phase

    @property
    def slash(self) -> VCard:
        assert self.card is not None
        return self.card


SLASH_TARGETED: Final = Timing("slash_targeted", SlashCtx, "a 杀 has chosen its target (流离)")
SLASH_AIM: Final = Timing("slash_aim", SlashCtx, "a 杀 takes aim (青釭剑)")
SLASH_ARMOR: Final = Timing("slash_armor", SlashCtx, "the target's armor against a 杀 (仁王盾)")
SLASH_DODGED: Final = Timing("slash_dodged", SlashCtx, "a 杀 was dodged (贯石斧, 青龙偃月刀)")
SLASH_HIT: Final = Timing("slash_hit", SlashCtx, "a 杀 hits, before its damage (寒冰剑, 麒麟弓)")


@event_kind("no_effect")
def NO_EFFECT(t: Teller, seat: int, name: str) -> str:
    """A card (``name``, e.g. ``slash`` against 仁王盾) has no effect on ``seat``."""
    return t.say(en="{card} has no effect on {p}", zh="{card}对{p}无效", card=t.name(name),
                 p=t.p(seat))


@event_kind("dodged")
def DODGED(t: Teller, seat: int, source: int) -> str:
    """``seat`` dodged ``source``'s 杀 (after the 闪 was played)."""
    return t.say(en="{p} dodges the {slash} from {src}", zh="{p}闪避了{src}的杀", p=t.p(seat),
                 src=t.p(source), slash=t.name("slash"))


def slash_max_targets(g: Game, p: Player, card: VCard, against: Player | None = None) -> int:
    """How many targets ``p``'s 杀 may have; with ``against``, only counting equipment that has
    effect against that player (乾坤)."""
    best = 1
    hooked = g.mods.get("slash_targets")
    if hooked:
        for seat, s in hooked:
            if seat == p.seat:
                if s.equipment and against is not None and not g.equipment_works(p, against):
                    continue
                best = max(best, s.slash_targets(g, p, card))
    return best


_SLASH_SEATS: Final = tuple(("slash_seats", seat) for seat in range(16))
"""The memo's key of :func:`slash_seats` for each seat of a table (made once, not at each call)."""


def slash_seats(g: Game, p: Player) -> list[int]:
    """The seats ``p`` could choose for a 杀 now: living others in attack range who are not
    protected from it (空城). The same for every 杀 of one request (memoised while it waits)."""
    memo = g.memo
    key = _SLASH_SEATS[p.seat] if p.seat < 16 else ("slash_seats", p.seat)
    if memo is not None:
        seats: list[int] | None = memo.get(key)
        if seats is not None:
            return seats
    seats = [
        q.seat for q in g.players
        if q.alive and q is not p and g.in_attack_range(p, q) and not g.blocked(p, q, "slash")
    ]
    if memo is not None:
        memo[key] = seats
    return seats


def aimable(g: Game, ctx: SlashCtx, q: Player) -> bool:
    """Whether the 杀 of ``ctx`` could have been aimed at ``q`` as it was at its target: ``q`` is a
    player its user may choose for a 杀 (空城 protects), and equipment that has no effect against
    ``q`` (乾坤, docs/rules.md "孙尚香 sunshangxiang") gives no extra 杀 (诸葛连弩: this 杀 is one
    more than the limit against ``q``) and no extra targets (方天画戟). For a skill that moves a 杀
    (流离)."""
    user = ctx.user
    if g.blocked(user, q, "slash"):
        return False
    if not g.mods.get("equipment_ignored"):
        return True
    if ctx.counted and g.slashes_used > g.slash_limit(user, q):
        return False
    # A 杀 with several targets has them from equipment (方天画戟), which has no effect against
    # ``q``. (Its "last hand card" condition was met when it was used: not asked again.)
    return len(ctx.targets) <= 1 or g.equipment_works(user, q)


def _slash_targets(g: Game, p: Player, card: VCard) -> list[tuple[int, ...]]:
    # 003: "一名玩家一回合只能用杀攻击一次" unless a card or skill lifts the limit.
    if g.phase == "play" and g.slashes_used >= g.slash_limit(p):
        return []
    ok = slash_seats(g, p)
    # 乾坤 (docs/rules.md "孙尚香 sunshangxiang"): equipment without effect against a player gives
    # no extra 杀 (诸葛连弩) and no extra targets (方天画戟) against them.
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


def _slash_effect(g: Game, use: CardUse) -> Proc:
    # Several targets (方天画戟) are resolved in turn order from the user, like every card with
    # several targets (docs/rules.md "Advanced weapons").
    user = use.user
    for t in sorted(use.targets, key=lambda s: (s - user.seat) % g.n):
        target = g.players[t]
        if target.alive and user.alive:
            yield from slash_at(g, user, use.card, target, targets=use.targets, via=use.via,
                                counted=use.counted and g.phase == "play"
                                and g.current == user.seat)


def slash_at(
    g: Game, user: Player, card: VCard, target: Player, targets: tuple[int, ...] = (),
    via: str = "", counted: bool = False,
) -> Proc:
    """One 杀 against one target: it may be redirected (流离) or have no effect (仁王盾); the
    target must play 闪 (two against 无双); a dodged 杀 may still hit (贯石斧); a hit deals 1
    damage from the user (more with 裸衣-like skills), unless a weapon prevents it (寒冰剑).
    ``targets``: all the targets of this 杀 when it has several; ``via``: the weapon that made the
    use, if one did."""
    ctx = SlashCtx(user, target, card)
    ctx.via = via
    ctx.counted = counted
    if targets:
        ctx.targets = targets
    if SLASH_TARGETED in g.hooks:
        yield from fire(g, SLASH_TARGETED, ctx)
    target = ctx.target
    if SLASH_AIM in g.hooks:
        yield from fire(g, SLASH_AIM, ctx)
    if SLASH_ARMOR in g.hooks:
        yield from fire(g, SLASH_ARMOR, ctx)
    if ctx.no_effect or not target.alive:
        g.log(NO_EFFECT, target.seat, "slash")
        return
    hooked = g.mods.get("jinks_needed")
    if hooked:
        for seat, s in hooked:
            if seat == user.seat:
                ctx.need = max(ctx.need, s.jinks_needed(g, user, target))
    dodged = yield from _ask_jinks(g, ctx)
    if dodged is None:
        return
    if dodged:
        g.log(DODGED, target.seat, user.seat)
        if SLASH_DODGED in g.hooks:
            yield from fire(g, SLASH_DODGED, ctx)
        if not ctx.hit or not target.alive:
            return
    ctx.hit = True
    if SLASH_HIT in g.hooks:
        yield from fire(g, SLASH_HIT, ctx)
    if ctx.prevent_damage or not target.alive:
        return
    yield from damage(g, user, target, 1 + ctx.extra, card)


def _ask_jinks(g: Game, ctx: SlashCtx) -> Proc:
    """The target plays the 闪 the 杀 needs (two against 无双): True if it dodged, False if not,
    None when the 杀 stops having effect on the way."""
    user, target = ctx.user, ctx.target
    for i in range(ctx.need):
        if i and g.blocked(user, target, "slash"):
            # 空城 (docs/rules.md "诸葛亮 zhugeliang"): his last card was a 闪 and 无双 asks
            # another: no 杀 affects him while his hand is empty, however it reaches him.
            g.log(NO_EFFECT, target.seat, "slash")
            return None
        vc = yield from respond(g, target, "jink", ctx, (user.seat,))
        if vc is None:
            return False
        to_discard(g, vc.cards)
        ctx.dodged_by.append(vc)
    return True


def _no_effect(g: Game, use: CardUse) -> Proc:
    return
    yield


def _peach_targets(g: Game, p: Player, card: VCard) -> list[tuple[int, ...]]:
    return [()] if p.hp < p.max_hp else []


def _peach_effect(g: Game, use: CardUse) -> Proc:
    recover(g, use.user, 1)
    return
    yield


register_card(CardType("slash", "杀", BASIC, en="Slash", targets=_slash_targets, effect=_slash_effect))
# 闪 is only ever played in response (docs/rules.md "Cards"): it has no targets of its own.
register_card(CardType("jink", "闪", BASIC, en="Dodge", targets=None, effect=_no_effect))
register_card(CardType("peach", "桃", BASIC, en="Peach", targets=_peach_targets, effect=_peach_effect))
told_as_used("peach")  # 桃 for the dying is used, not played (docs/rules.md "Cards")


# ---------------------------------------------------------------------------- the account
# What the account remembers of the 杀 under way (memory.py): its user and targets (流离 moves
# one), how many 闪 each target needs (two against 无双), which target 青釭剑 is aimed at.
@dataclass
class SlashUnderWay:
    """The 杀 being resolved: ``targets`` in the order they are resolved; ``need``: 闪 each one
    needs; ``aimed``: how many targets 青釭剑 has been aimed at; ``answered``: targets that
    played a first 闪."""

    user: int
    targets: list[int]
    need: int
    aimed: int = 0
    answered: list[int] = field(default_factory=list)


def slash_under_way(m: Memory) -> SlashUnderWay | None:
    """The 杀 under way, as far as the viewer saw."""
    s: SlashUnderWay | None = m.notes.get("slash")
    return s


def aimed_target(m: Memory) -> int:
    """The target the 杀 under way is aimed at next (-1: none known)."""
    s = slash_under_way(m)
    if s is None:
        return -1
    living = [q for q in s.targets if q not in m.dead]
    return living[min(s.aimed, len(living) - 1)] if living else -1


def jinks_skill(gid: str) -> str:
    """The skill of general ``gid`` that makes its 杀 need more than one 闪 (无双), or ``""``."""
    g = GENERALS.get(gid)
    if g is None:
        return ""
    for sid in g.skills:
        s = SKILLS.get(sid)
        if s is not None and "jinks_needed" in s.modifies:
            return sid
    return ""


@learns("turn")
def _turn(m: Memory, t: Teller, args: tuple[Any, ...], hidden: Any) -> None:
    m.notes["slash"] = None


@learns("use")
def _use(m: Memory, t: Teller, args: tuple[Any, ...], hidden: Any) -> None:
    seat, name, targets = args[0], args[1], args[3]
    if name != "slash" or not is_seat(seat):
        m.notes["slash"] = None
        return
    n = max(m.players, len(t.generals), 1)
    order = sorted((s for s in targets if is_seat(s)), key=lambda s: (s - seat) % n)
    gid = t.generals[seat] if seat < len(t.generals) else ""
    m.notes["slash"] = SlashUnderWay(seat, order, 2 if jinks_skill(gid) else 1)


@learns("play", untaken=True)
def _second_jink(m: Memory, t: Teller, args: tuple[Any, ...], hidden: Any) -> list[str] | None:
    """The first 闪 played against a 杀 that needs two opens the wait for the second."""
    seat, name = args[0], args[1]
    s = slash_under_way(m)
    if name != "jink" or s is None or s.need < 2 or seat not in s.targets or seat in s.answered:
        return None
    s.answered.append(seat)
    m.push(Window("second_jink", seat, s.user))
    gid = t.generals[s.user] if s.user < len(t.generals) else ""
    return [t.say(en="{src}'s {skill}: {p} must play a second {jink}",
                  zh="{src}的【{skill}】：{p}须再打出一张【{jink}】", skill=t.skill(jinks_skill(gid)),
                  src=t.p(s.user), p=t.p(seat), jink=t.name("jink"))]


def _second_jink_keeps(m: Memory, w: Window, kind: str, args: tuple[Any, ...]) -> bool:
    """The target's own 闪, by a judgement or through 护驾."""
    return m.inner_seat(kind, args) == w.seat or (
        kind == "play" and args[0] == w.seat and args[1] == "jink") or (
        kind == "skill" and args[0] == w.seat and asks(args[1]))


def _second_jink_closing(t: Teller, w: Window, kind: str, args: tuple[Any, ...]) -> str:
    if kind == "no_effect":  # 空城: the 杀 stopped affecting the target
        return ""
    return t.say(en="{p} does not play a second {jink}", zh="{p}没有打出第二张【{jink}】",
                 p=t.p(w.seat), jink=t.name("jink"))


def _second_jink_played(m: Memory, t: Teller, w: Window, args: tuple[Any, ...],
                        hidden: Any) -> list[str] | None:
    if args[0] != w.seat:
        return None
    m.windows.pop()
    return []


window_kind("second_jink", keeps=_second_jink_keeps, closing=_second_jink_closing,
            takes={"play": _second_jink_played})


# ---------------------------------------------------------------------------- agent hints
def _slash_keep(a: Advisor, card: int) -> int:
    """A second 杀 is worth less than the first (one a turn)."""
    spare = sum(1 for c in a.me.hand if NAME[c] == "slash") > 1
    return a.value(card) - (2 if spare else 0)


def _slash_use(a: Advisor, card: int, targets: tuple[int, ...]) -> int:
    return a.use_score("slash", (card,), targets)


def _jink_keep(a: Advisor, card: int) -> int:
    """A 闪 is kept at 2 HP or less."""
    return a.value(card) + (3 if a.me.hp <= 2 else 0)


def _peach_use(a: Advisor, card: int, targets: tuple[int, ...]) -> int:
    """A 桃 when hurt (the more, the better); the 1.0 deck's on a hurt friend."""
    if targets:  # the 1.0 deck's 桃 on another player (002)
        q = a.game.players[targets[0]]
        return 8 + 4 * (q.max_hp - q.hp) if a.attitude(q.seat) == FRIEND else -10
    me = a.me
    return 12 + 4 * (me.max_hp - me.hp) if me.hp < me.max_hp else -10


def _peach_for(a: Advisor, ctx: tuple[Any, ...]) -> bool:
    """A 桃 for a dying friend (or itself)."""
    dying = ctx[0] if ctx and isinstance(ctx[0], int) else a.seat
    return a.attitude(dying) == FRIEND


card_hint("slash", 4, harms=True, use=_slash_use, keep=_slash_keep)
card_hint("jink", 6, keep=_jink_keep)
card_hint("peach", 10, use=_peach_use, saves=True, respond=_peach_for)
