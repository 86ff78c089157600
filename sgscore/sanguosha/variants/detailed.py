"""The detailed rules (003 "详细规则"; docs/rules.md "Detailed rules and dark souls"): last-blood
protection, the three-player drain and the dark souls 暗魂 (罗汉, 玄武, 祝由).

003 gives them in outline only; every reading made here is written in ``docs/rules.md``,
"Detailed rules and dark souls", beside the passage it interprets. Each is a ``Config`` option:

- ``last_blood=SEAT``: the player at ``SEAT`` went out first in the previous game, so their last
  HP is protected (damage that would bring them below 1 HP is reduced to leave them at 1) until
  someone is out, except against a player they have attacked.
- ``three_player_drain``: once three players or fewer are left, after three full rounds every
  living player loses 1 HP at the start of each round; a round in which that would put every
  player out together waits for the next.
- ``dark_souls``: a dead loyalist, rebel or renegade becomes a soul (罗汉, 玄武, 祝由) and possesses
  a living player of their choice; each soul acts once, by its dead player's decision, then is
  gone.

They are the option :class:`DetailedRules` of identity mode (a
:class:`~sgscore.sanguosha.game.Variant`), on when any of them is; it plugs into three of the hooks
the rules offer: :meth:`~DetailedRules.begin` (:func:`install`, after a scenario's arrangement),
:meth:`~DetailedRules.round_begins` and :meth:`~DetailedRules.after_death`. What they keep between
turns is :class:`Detailed` (:func:`state`; ``Game.extra["detailed"]``, in the state hash once it is
set). The souls and the protection act through skills given to the players they concern (the
host of a soul, the protected player), so they show in the views' skill lists.
"""

from __future__ import annotations

from typing import Any, Final

from ...core.engine import Proc
from ...core.protocol import Choice, PickRequest, Request
from ..cards import NAME
from ..config import Config, ConfigError
from ..contexts import DAMAGE_BEFORE, DYING, PHASE_BEGIN, DamageCtx, DyingCtx, PhaseCtx
from ..events import DISCARD, LOSE_HP
from ..game import Game, Variant, register_variant
from ..hints import ENEMY, FRIEND, UNKNOWN, Advisor, answer_hint
from ..model import LORD, LOYALIST, REBEL, RENEGADE, Player
from ..requests import YES_NO
from ..rules import dying
from ..skills import SKILLS, Skill, register_skill
from ..telling import Teller, event_kind, request_kind
from ..zones import discard, draw, take_from_pile

__all__ = [
    "DetailedRules", "Detailed", "Soul", "LastBlood", "Luohan", "Xuanwu", "Zhuyou", "SOUL_OF",
    "ATTACKS", "DRAIN_AFTER", "enabled", "state", "install", "round_begins", "after_death",
    "attacked", "first_out", "souls_on",
]

LUOHAN: Final = "luohan"
XUANWU: Final = "xuanwu"
ZHUYOU: Final = "zhuyou"
SOUL_OF: Final = {LOYALIST: LUOHAN, REBEL: XUANWU, RENEGADE: ZHUYOU}
"""The soul a dead player becomes, by role (003 "忠臣出局后，变成罗汉暗魂" and so on)."""

ATTACKS: Final = frozenset({"slash", "duel", "dismantlement", "snatch", "indulgence", "collateral"})
"""The cards that attack the player they are used on (last-blood protection): the protected
player who uses one of them on someone, or deals them damage, has attacked them."""

DRAIN_AFTER: Final = 3
"""003 "三轮以后": full rounds played before the first drain."""


class Soul:
    """A dark soul: the dead ``seat``'s soul of ``kind``, possessing the living ``host``;
    ``card`` is 玄武's card while it holds one (in the dead player's hand), else -1."""

    __slots__ = ("seat", "kind", "host", "card")

    def __init__(self, seat: int, kind: str, host: int, card: int = -1) -> None:
        self.seat = seat
        self.kind = kind
        self.host = host
        self.card = card

    def canonical(self) -> tuple[int, str, int, int]:
        return (self.seat, self.kind, self.host, self.card)


class Detailed:
    """What the detailed rules keep between turns: whether someone is out yet (which ends
    last-blood protection), the round in which three players or fewer were first left (0: not
    yet), and the dark souls at the table, in the order they rose."""

    __slots__ = ("someone_out", "three_left", "souls")

    def __init__(self, someone_out: bool) -> None:
        self.someone_out = someone_out
        self.three_left = 0
        self.souls: list[Soul] = []

    def canonical(self) -> tuple[Any, ...]:
        return (self.someone_out, self.three_left, tuple(s.canonical() for s in self.souls))


def enabled(config: Config) -> bool:
    """Whether any of the detailed rules is on."""
    return config.last_blood is not None or config.three_player_drain or config.dark_souls


def state(g: Game) -> Detailed | None:
    """What the detailed rules keep in ``g`` (None until they are installed, or in a game
    without them)."""
    kept = g.extra.get("detailed")
    return kept if isinstance(kept, Detailed) else None


def _state(g: Game) -> Detailed:
    kept = state(g)
    assert kept is not None, "the detailed rules are not installed"
    return kept


def _living(g: Game) -> int:
    return sum(1 for p in g.players if p.alive)


def _lord(g: Game) -> Player:
    return next(p for p in g.players if p.role == LORD)


# ---------------------------------------------------------------------------- the rules' calls
def install(g: Game) -> None:
    """The detailed rules' part of the start: their state, and the protected player's skill."""
    kept = g.extra["detailed"] = Detailed(someone_out=_living(g) < g.n)
    seat = g.config.last_blood
    if seat is not None and not kept.someone_out and g.players[seat].alive:
        g.players[seat].skills.append(SKILLS[LastBlood.id])
        g.log(LAST_BLOOD_ON, seat)
    g.rebuild_hooks()


def round_begins(g: Game) -> Proc:
    """A round begins (before the lord's turn): the three-player drain, once it is due."""
    kept = state(g)
    if kept is None or not g.config.three_player_drain:
        return
    if not kept.three_left:
        if _living(g) > 3:
            return
        # A table that started with the dead (a scenario): counted from the round just ended.
        _countdown(g, kept, g.round - 1)
    if g.round > kept.three_left + DRAIN_AFTER:
        yield from _drain(g)


def after_death(g: Game, p: Player) -> Proc:
    """Everything a death means to the detailed rules, after the dead player's cards, victory,
    death skills and the reward: protection ends, the drain's countdown starts, the souls
    possessing the dead are gone, and the dead player becomes a soul."""
    kept = state(g)
    if kept is None:
        return
    cfg = g.config
    if not kept.someone_out:
        kept.someone_out = True
        seat = cfg.last_blood
        if seat is not None and g.players[seat].has_skill(LastBlood.id):
            g.remove_skill(g.players[seat], LastBlood.id)
            g.log(LAST_BLOOD_ENDS, seat, p.seat)
    if cfg.three_player_drain and not kept.three_left and _living(g) <= 3:
        _countdown(g, kept, g.round)
    if cfg.dark_souls:
        _souls_of_the_dead_host(g, p)
        yield from _rise(g, p)


def first_out(events: list[tuple[Any, ...]]) -> int | None:
    """The seat that went out first in a game, from its events (``Game.events``, or a replay's):
    the seat a next game protects with ``last_blood``; None if nobody died."""
    for e in events:
        if e[0] == "death":
            seat = e[1][0]
            return seat if isinstance(seat, int) else None
    return None


@register_variant
class DetailedRules(Variant):
    """The detailed rules and dark souls, an option of identity mode (``last_blood``,
    ``three_player_drain``, ``dark_souls``)."""

    id = "detailed"
    en = "the detailed rules"
    zh = "详细规则"

    def on(self, config: Config) -> bool:
        return enabled(config)

    def check(self, config: Config) -> None:
        """A protected seat of the table; identity mode only; dark souls and reincarnation both
        decide what the dead do, so not together (docs/rules.md "Detailed rules and dark
        souls")."""
        seat = config.last_blood
        if seat is not None and (type(seat) is not int or not 0 <= seat < config.players):
            raise ConfigError(f"last_blood: expected a seat 0-{config.players - 1} or null, "
                              f"got {seat!r:.60}")
        for name in ("three_player_drain", "dark_souls"):
            if not isinstance(getattr(config, name), bool):
                raise ConfigError(f"{name}: expected a boolean, got {getattr(config, name)!r:.60}")
        if enabled(config) and config.mode != "identity":
            raise ConfigError(f"the detailed rules (last_blood, three_player_drain, dark_souls) "
                              f"are identity mode's, not {config.mode}'s")
        if config.dark_souls and config.reincarnation:
            raise ConfigError("dark_souls and reincarnation both decide what the dead do: "
                              "choose one")

    def begin(self, g: Game) -> None:
        install(g)

    def round_begins(self, g: Game) -> Proc:
        return (yield from round_begins(g))

    def after_death(self, g: Game, dead: Player) -> Proc:
        return (yield from after_death(g, dead))


# ---------------------------------------------------------------------------- last blood
def attacked(g: Game, seat: int, other: int) -> bool:
    """Whether ``seat`` has attacked ``other`` in this game: used one of :data:`ATTACKS` on them,
    or dealt them damage (read from the events, which record both)."""
    for kind, args, _mask, _hidden in g.events:
        if kind == "use":
            if args[0] == seat and args[1] in ATTACKS and other in args[3]:
                return True
        elif kind == "damage" and args[0] == seat and args[1] == other:
            return True
    return False


@register_skill
class LastBlood(Skill):
    """最后一滴血 (003 "详细规则" 2): the first player out of the previous game cannot be the first
    out of this one. Damage that would bring them below 1 HP is reduced to leave them at 1 (at 1
    HP it is prevented), whatever its source (闪电 too), until someone is out ("只要有人先出局了"),
    and never against a player they have attacked ("被攻击的人攻击他", :func:`attacked`). HP
    lost (苦肉, the drain) is not damage and is not protected."""

    id = "last_blood"
    zh = "最后一滴血"
    en = "Last Blood"
    text_zh = ("此局游戏第一个出局的玩家，下局不能第一个出局，换言之，最后一滴血受规则保护。但只要有人先出局"
               "了，或者被攻击的人攻击他，则不受此规则保护。")
    text_en = ("You went out first in the previous game: damage cannot take your last HP until "
               "someone is out, except damage from a player you have attacked.")
    optional = False
    compulsory = True
    announce = False  # the ``last_blood`` event tells what it did
    timings = (DAMAGE_BEFORE,)

    def can_trigger(self, g: Game, owner: Player, ctx: DamageCtx) -> bool:
        src = ctx.source
        return (ctx.target is owner and not ctx.prevented and 1 <= owner.hp <= ctx.amount
                and not _state(g).someone_out
                and (src is None or src is owner or not attacked(g, owner.seat, src.seat)))

    def trigger(self, g: Game, owner: Player, ctx: DamageCtx) -> Proc:
        before = ctx.amount
        ctx.amount = owner.hp - 1
        g.log(LAST_BLOOD, owner.seat, ctx.source.seat if ctx.source else -1, before, ctx.amount)
        return
        yield


# ---------------------------------------------------------------------------- the drain
def _countdown(g: Game, kept: Detailed, since: int) -> None:
    kept.three_left = since
    g.log(DRAIN_COUNTDOWN, kept.three_left + DRAIN_AFTER + 1)


def _drain(g: Game) -> Proc:
    """003 "每轮所有人同时各减一点体力，如一起出局则延续到下轮": every living player loses 1 HP at
    once, then the dying are resolved in turn order from the lord; if it would bring every one of
    them to 0 together, nobody loses any and the drain waits for the next round."""
    lord = _lord(g)
    living = g.order_from(lord.seat)
    if all(p.hp <= 1 for p in living):
        g.log(DRAIN_DEFERRED, g.round)
        return
    g.current = lord.seat  # the round has begun: the dying ask for 桃 from the lord round
    g.log(DRAIN, g.round, tuple(p.seat for p in living))
    for p in living:
        p.hp -= 1
        g.log(LOSE_HP, p.seat, 1, p.hp)
    for p in living:
        if p.alive and p.hp <= 0:
            yield from dying(g, p, None)


# ---------------------------------------------------------------------------- dark souls
def souls_on(g: Game, host: Player, kind: str | None = None) -> list[Soul]:
    """The souls possessing ``host`` (of ``kind``), in the order they rose."""
    kept = state(g)
    if kept is None:
        return []
    return [s for s in kept.souls if s.host == host.seat and (kind is None or s.kind == kind)]


def _attach(g: Game, host: Player, kind: str) -> None:
    if not host.has_skill(kind):
        g.add_skill(host, kind)


def _gone(g: Game, soul: Soul) -> None:
    """The soul has acted, or lost its host: it leaves the table."""
    _state(g).souls.remove(soul)
    host = g.players[soul.host]
    if not souls_on(g, host, soul.kind) and host.has_skill(soul.kind):
        g.remove_skill(host, soul.kind)


def _souls_of_the_dead_host(g: Game, p: Player) -> None:
    """The souls possessing ``p``, who died, are gone unused; 玄武's card is discarded."""
    for soul in souls_on(g, p):
        _gone(g, soul)
        g.log(SOUL_GONE, soul.seat, soul.kind, p.seat)
        if soul.card >= 0:
            g.players[soul.seat].hand.remove(soul.card)
            g.discard_pile.append(soul.card)
            g.log(DISCARD, soul.seat, (soul.card,), XUANWU)


def _rise(g: Game, p: Player) -> Proc:
    """The dead ``p`` becomes the soul of their role and chooses a living player to possess (a
    recorded decision of the dead seat); 玄武 draws its card."""
    kind = SOUL_OF.get(p.role)
    hosts = [q.seat for q in g.order_from(p.seat)]
    if kind is None or not hosts:
        return
    host = g.players[(yield PickRequest(p.seat, SOUL_HOST, hosts, (kind,)))]
    soul = Soul(p.seat, kind, host.seat)
    _state(g).souls.append(soul)
    _attach(g, host, kind)
    g.log(SOUL, p.seat, kind, host.seat)
    if kind == XUANWU:
        soul.card = take_from_pile(g, 1)[0]
        p.hand.append(soul.card)
        g.log_private(SOUL_CARD, 1 << p.seat, (p.seat,), (soul.card,))


def _ask(soul: Soul, *about: Any) -> PickRequest:
    """The soul's dead player: use the soul now?"""
    return PickRequest(soul.seat, SOUL_USE, YES_NO, (soul.kind, soul.host, *about))


@register_skill
class Luohan(Skill):
    """罗汉 (003 "暗魂"): "忠臣出局后，变成罗汉暗魂。可以为附体玩家抵挡一点伤害，该玩家不能拒绝，且需弃掉一张
    手牌，同时暗魂消失。" Given to the host while a 罗汉 soul possesses them: as damage is about to
    hit the host, the soul's dead player may block 1 point of it; the host cannot refuse and
    discards a hand card of their choice (none if the hand is empty); the soul is gone."""

    id = LUOHAN
    zh = "罗汉"
    en = "Arhat"
    text_zh = "忠臣出局后，变成罗汉暗魂。可以为附体玩家抵挡一点伤害，该玩家不能拒绝，且需弃掉一张手牌，同时暗魂消失。"
    text_en = ("A dead loyalist's soul possesses you: it may block 1 point of damage to you; you "
               "cannot refuse and must discard a hand card; then the soul is gone.")
    optional = False
    announce = False
    timings = (DAMAGE_BEFORE,)

    def can_trigger(self, g: Game, owner: Player, ctx: DamageCtx) -> bool:
        return (ctx.target is owner and not ctx.prevented and ctx.amount > 0
                and bool(souls_on(g, owner, LUOHAN)))

    def trigger(self, g: Game, owner: Player, ctx: DamageCtx) -> Proc:
        for soul in souls_on(g, owner, LUOHAN):
            if ctx.amount <= 0 or not owner.alive:
                break
            if not (yield _ask(soul, ctx.amount)):
                continue
            ctx.amount -= 1
            _gone(g, soul)
            g.log(LUOHAN_BLOCK, soul.seat, owner.seat, ctx.amount)
            if owner.hand:
                card = yield PickRequest(owner.seat, LUOHAN_DISCARD, sorted(owner.hand),
                                         (soul.seat,))
                yield from discard(g, owner, [card], LUOHAN)


@register_skill
class Xuanwu(Skill):
    """玄武 (003 "暗魂"): "反贼出局后，变成玄武暗魂。玄武暗魂附体是从牌堆上摸一张牌，可在任何时候将
    这张牌与被附体玩家手上的暗魂指定的一张牌进行交换，同时暗魂消失。" Given to the host while a 玄武
    soul possesses them. "任何时候" is read as: at the start of every phase of every turn, and as
    the host starts dying; the soul's dead player may then exchange its card for one of the host's
    hand cards, which the soul names unseen, so it is taken at random (003's "随机抽",
    docs/rules.md "Cards"); the card taken goes to the discard pile with the soul."""

    id = XUANWU
    zh = "玄武"
    en = "Black Tortoise"
    text_zh = ("反贼出局后，变成玄武暗魂。玄武暗魂附体是从牌堆上摸一张牌，可在任何时候将这张牌与被附体玩家手上的暗魂"
               "指定的一张牌进行交换，同时暗魂消失。")
    text_en = ("A dead rebel's soul possesses you and draws a card: at any time it may exchange "
               "that card for one of your hand cards it names; then the soul is gone.")
    optional = False
    announce = False
    timings = (PHASE_BEGIN, DYING)

    def can_trigger(self, g: Game, owner: Player, ctx: PhaseCtx | DyingCtx) -> bool:
        if isinstance(ctx, DyingCtx) and ctx.player is not owner:
            return False
        return bool(owner.hand) and any(s.card >= 0 for s in souls_on(g, owner, XUANWU))

    def trigger(self, g: Game, owner: Player, ctx: PhaseCtx | DyingCtx) -> Proc:
        moment = "dying" if isinstance(ctx, DyingCtx) else ctx.phase
        for soul in souls_on(g, owner, XUANWU):
            if not owner.hand or not owner.alive or soul.card < 0:
                continue
            if not (yield _ask(soul, moment)):
                continue
            taken = owner.hand[g.rng.below(len(owner.hand))]
            given, soul.card = soul.card, -1
            _gone(g, soul)
            g.players[soul.seat].hand.remove(given)
            owner.hand.append(given)
            owner.hand.remove(taken)
            g.discard_pile.append(taken)
            g.log_private(XUANWU_SWAP, (1 << soul.seat) | (1 << owner.seat),
                          (soul.seat, owner.seat), (given, taken))
            g.log(DISCARD, -1, (taken,), XUANWU)


@register_skill
class Zhuyou(Skill):
    """祝由 (003 "暗魂"): "内奸出局后，变成祝由暗魂。可以在出牌阶段命令被附体玩家弃掉手上所有牌，然后从牌堆抽取
    与弃掉手牌数量相同数量的牌，同时暗魂消失。" Given to the host while a 祝由 soul possesses them: as
    the host's play phase begins, with cards in hand, the soul's dead player may order the host
    to discard the whole hand and draw as many; the soul is gone."""

    id = ZHUYOU
    zh = "祝由"
    en = "Zhuyou"
    text_zh = "内奸出局后，变成祝由暗魂。可以在出牌阶段命令被附体玩家弃掉手上所有牌，然后从牌堆抽取与弃掉手牌数量相同数量的牌，同时暗魂消失。"
    text_en = ("A dead renegade's soul possesses you: in your play phase it may order you to "
               "discard your whole hand and draw as many cards; then the soul is gone.")
    optional = False
    announce = False
    timings = (PHASE_BEGIN,)

    def can_trigger(self, g: Game, owner: Player, ctx: PhaseCtx) -> bool:
        return (ctx.player is owner and ctx.phase == "play" and bool(owner.hand)
                and bool(souls_on(g, owner, ZHUYOU)))

    def trigger(self, g: Game, owner: Player, ctx: PhaseCtx) -> Proc:
        for soul in souls_on(g, owner, ZHUYOU):
            if not owner.hand or not owner.alive:
                break
            n = len(owner.hand)
            if not (yield _ask(soul, n)):
                continue
            _gone(g, soul)
            g.log(ZHUYOU_PURGE, soul.seat, owner.seat, n)
            yield from discard(g, owner, list(owner.hand), ZHUYOU)
            if owner.alive:
                yield from draw(g, owner, n)


# ---------------------------------------------------------------------------- telling
def _soul(t: Teller, kind: Any) -> str:
    return t.say(en="{name}", zh="【{name}】", name=t.skill(kind))


@event_kind("last_blood_on")
def LAST_BLOOD_ON(t: Teller, seat: int) -> str:
    """Last-blood protection: ``seat`` went out first in the previous game and is protected."""
    return t.say(en="{p} went out first last game: last-blood protection",
                 zh="{p}上局第一个出局：最后一滴血受规则保护", p=t.p(seat))


@event_kind("last_blood")
def LAST_BLOOD(t: Teller, seat: int, source: int, before: int, after: int) -> str:
    """Last-blood protection reduces ``before`` damage to ``seat`` (from ``source``, ``-1``:
    none) to ``after``, leaving them at 1 HP (``after`` 0: the damage is prevented)."""
    if after <= 0:
        return t.say(en="{p}'s last HP is protected: the {n} damage is prevented",
                     zh="{p}的最后一滴血受规则保护：{n}点伤害被防止", p=t.p(seat), n=before)
    return t.say(en="{p}'s last HP is protected: the {n} damage is reduced to {m}",
                 zh="{p}的最后一滴血受规则保护：{n}点伤害减为{m}点", p=t.p(seat), n=before, m=after)


@event_kind("last_blood_ends")
def LAST_BLOOD_ENDS(t: Teller, seat: int, dead: int) -> str:
    """``dead`` is the first player out: ``seat``'s last-blood protection ends."""
    return t.say(en="{dead} is out: {p}'s last-blood protection ends",
                 zh="{dead}已出局：{p}不再受最后一滴血保护", dead=t.p(dead), p=t.p(seat))


_ZH_COUNT: Final = {1: "一", 2: "两", 3: "三"}


def _left(t: Teller) -> tuple[int, str]:
    """How many players are left when the drain's countdown starts (three or fewer: those the
    viewer has not seen die), as a number and in Chinese."""
    n = min(3, max(t.memory.players, len(t.generals)) - len(t.memory.dead))
    return n, _ZH_COUNT.get(n, str(n))


@event_kind("drain_countdown")
def DRAIN_COUNTDOWN(t: Teller, first: int) -> str:
    """Three players or fewer are left: from round ``first`` on, each round begins with every
    living player losing 1 HP."""
    n, zh_n = _left(t)
    return t.say(en="{n} players are left: from round {r} on, everyone loses 1 HP as each round "
                    "begins (the three-player drain)",
                 zh="只剩{zh_n}名玩家：从第{r}轮起，每轮开始时所有人各减一点体力（三人减体力）",
                 n=n, zh_n=zh_n, r=first)


def _round_begins(t: Teller, round_no: int, line: str) -> list[str]:
    """A line told as round ``round_no`` begins, before the lord's turn: under the round's
    heading (which the ``turn`` that follows then does not repeat), not under the last phase of
    the turn before."""
    out = []
    if isinstance(round_no, int) and round_no != t.round:
        t.pending_phase = None  # the phase that ended the round told nothing: left out
        t.round = round_no
        out.append(t.say(en="== Round {r} ==", zh="== 第{r}轮 ==", r=round_no))
    return [*out, *t.told(line)]


@event_kind("drain")
def DRAIN(t: Teller, round_no: int, seats: tuple[int, ...]) -> list[str]:
    """Round ``round_no`` begins with the three-player drain: ``seats`` lose 1 HP each, at once
    (the ``lose_hp`` events follow)."""
    return _round_begins(t, round_no, t.say(
        en="round {r} begins: {ps} lose 1 HP each (the three-player drain)",
        zh="第{r}轮开始：{ps}各减一点体力（三人减体力）", r=round_no, ps=t.seats(seats)))


@event_kind("drain_deferred")
def DRAIN_DEFERRED(t: Teller, round_no: int) -> list[str]:
    """The drain of round ``round_no`` would put every player out together: it waits for the
    next round."""
    return _round_begins(t, round_no, t.say(
        en="round {r} begins: the drain would put everyone out together: it waits a round",
        zh="第{r}轮开始：减体力会使所有人一起出局，延续到下轮", r=round_no))


@event_kind("soul")
def SOUL(t: Teller, seat: int, kind: str, host: int) -> str:
    """The dead ``seat`` becomes a dark soul of ``kind`` (``luohan``, ``xuanwu``, ``zhuyou``)
    and possesses ``host``."""
    return t.say(en="{p} becomes the {soul} soul and possesses {host}",
                 zh="{p}变成{soul}暗魂，附体于{host}", p=t.p(seat), soul=_soul(t, kind),
                 host=t.p(host))


@event_kind("soul_card", hidden="``(card,)``: the soul's seat")
def SOUL_CARD(t: Teller, seat: int, *, hidden: tuple[int] | None = None) -> str:
    """玄武: the dead ``seat``'s soul draws its card from the draw pile (kept in their hand)."""
    if hidden is None:
        return t.say(en="{p}'s {soul} soul draws a card", zh="{p}的{soul}暗魂摸了一张牌",
                     p=t.p(seat), soul=_soul(t, XUANWU))
    return t.say(en="{p}'s {soul} soul draws {card}", zh="{p}的{soul}暗魂摸了{card}",
                 p=t.p(seat), soul=_soul(t, XUANWU), card=t.card(hidden[0]))


@event_kind("luohan_block")
def LUOHAN_BLOCK(t: Teller, seat: int, host: int, left: int) -> str:
    """罗汉: the dead ``seat``'s soul blocks 1 damage to ``host`` (``left`` still to be dealt)
    and is gone; the host discards a hand card next."""
    return t.say(en="{p}'s {soul} soul blocks 1 damage to {host} and is gone",
                 zh="{p}的{soul}暗魂为{host}抵挡一点伤害，暗魂消失", p=t.p(seat),
                 soul=_soul(t, LUOHAN), host=t.p(host))


@event_kind("xuanwu_swap", hidden="``(given, taken)``: the soul's seat and the host")
def XUANWU_SWAP(t: Teller, seat: int, host: int, *,
                hidden: tuple[int, int] | None = None) -> str:
    """玄武: the dead ``seat``'s soul exchanges its card for a hand card of ``host`` taken at
    random, and is gone; the card taken goes to the discard pile (the ``discard`` that follows)."""
    if hidden is None:
        return t.say(en="{p}'s {soul} soul exchanges its card with a hand card of {host} and is "
                        "gone", zh="{p}的{soul}暗魂将其牌与{host}的一张手牌交换，暗魂消失",
                     p=t.p(seat), soul=_soul(t, XUANWU), host=t.p(host))
    return t.say(en="{p}'s {soul} soul gives {host} {given} for {taken} and is gone",
                 zh="{p}的{soul}暗魂以{given}交换{host}的{taken}，暗魂消失", p=t.p(seat),
                 soul=_soul(t, XUANWU), host=t.p(host), given=t.card(hidden[0]),
                 taken=t.card(hidden[1]))


@event_kind("zhuyou_purge")
def ZHUYOU_PURGE(t: Teller, seat: int, host: int, n: int) -> str:
    """祝由: the dead ``seat``'s soul orders ``host`` to discard the ``n`` hand cards and draw as
    many, and is gone (the ``discard`` and ``draw`` follow)."""
    return t.say(en="{p}'s {soul} soul orders {host} to discard the whole hand and draw {nc}; "
                    "the soul is gone",
                 zh="{p}的{soul}暗魂命令{host}弃掉所有手牌并摸{n}张牌，暗魂消失", p=t.p(seat),
                 soul=_soul(t, ZHUYOU), host=t.p(host), n=n, nc=t.n_cards(n))


@event_kind("soul_gone")
def SOUL_GONE(t: Teller, seat: int, kind: str, host: int) -> str:
    """``host`` died possessed: the dead ``seat``'s soul of ``kind`` is gone unused."""
    return t.say(en="{host} is dead: {p}'s {soul} soul is gone unused",
                 zh="{host}阵亡：{p}的{soul}暗魂未用即消失", host=t.p(host), p=t.p(seat),
                 soul=_soul(t, kind))


def _ask_host(t: Teller, seat: int, kind: str) -> str:
    return t.say(en="{p} becomes the {soul} soul: which living player does it possess?",
                 zh="{p}变成{soul}暗魂：附体于哪名存活的玩家？", p=t.p(seat), soul=_soul(t, kind))


@request_kind("soul_host", ask=_ask_host, choice="the seat of a living player")
def SOUL_HOST(t: Teller, choice: int) -> str:
    """A dead loyalist, rebel or renegade (dark souls): which living player their soul of
    ``kind`` possesses."""
    return t.p(choice)


def _ask_use(t: Teller, seat: int, kind: str, host: int, about: Any) -> str:
    soul, h = _soul(t, kind), t.p(host)
    if kind == LUOHAN:
        return t.say(en="{p} may have the {soul} soul block 1 of the {n} damage to {host}",
                     zh="{p}可以令{soul}暗魂为{host}抵挡{n}点伤害中的一点", p=t.p(seat),
                     soul=soul, host=h, n=about)
    if kind == XUANWU:
        when = (t.say(en="{host} is dying", zh="{host}濒死", host=h) if about == "dying"
                else t.phase(about))
        return t.say(en="{p} may exchange the {soul} soul's card with a hand card of {host} "
                        "({when})", zh="{p}可以将{soul}暗魂的牌与{host}的一张手牌交换（{when}）",
                     p=t.p(seat), soul=soul, host=h, when=when)
    return t.say(en="{p} may have the {soul} soul order {host} to discard the {n} hand cards "
                    "and draw as many", zh="{p}可以令{soul}暗魂命令{host}弃掉{n}张手牌并摸等量的牌",
                 p=t.p(seat), soul=soul, host=h, n=about)


@request_kind("soul", ask=_ask_use, choice="``True`` or ``False``")
def SOUL_USE(t: Teller, choice: bool) -> str:
    """A soul's dead player, whether to use it now (it is then gone): ``("luohan", host,
    amount)`` as damage is about to hit the host; ``("xuanwu", host, moment)`` at the start of a
    phase (``moment``: the phase) or as the host starts dying (``"dying"``); ``("zhuyou", host,
    n)`` as the host's play phase begins with ``n`` hand cards."""
    if not isinstance(choice, bool):
        raise TypeError(choice)
    return t.say(en="yes", zh="是") if choice else t.say(en="no", zh="否")


def _ask_discard(t: Teller, seat: int, soul: int) -> str:
    return t.say(en="{p} must discard a hand card: {q}'s {soul} soul blocked damage",
                 zh="{p}须弃掉一张手牌：{q}的{soul}暗魂抵挡了伤害", p=t.p(seat), q=t.p(soul),
                 soul=_soul(t, LUOHAN))


@request_kind("luohan_discard", ask=_ask_discard, choice="a hand card id")
def LUOHAN_DISCARD(t: Teller, choice: Choice) -> str:
    """The host whose damage a 罗汉 soul (of the dead ``soul`` seat) blocked: which hand card to
    discard (they cannot refuse)."""
    return t.card(choice)


# ---------------------------------------------------------------------------- agent hints
def _soul_host(a: Advisor, request: Request) -> Choice:
    """Its dead player's choice of host: 罗汉 and 玄武 the weakest friend, 祝由 the enemy
    holding most cards."""
    players = a.game.players
    soul = request.prompt[0] if request.prompt else ""

    def score(seat: int) -> int:
        q = players[seat]
        if soul == ZHUYOU:
            return -10 * a.attitude(seat) + len(q.hand)
        return 10 * a.attitude(seat) - q.hp

    options = request.choices()
    seats = [o for o in options if isinstance(o, int) and 0 <= o < a.game.n]
    return a.best([(score(s), s) for s in seats]) if seats else options[0]


def _soul_use(a: Advisor, request: Request) -> Choice:
    """罗汉 blocks for a friend; 玄武 gives a dying friend its 桃, or a good card as their play
    phase begins, and trades a poor card away with an enemy; 祝由 makes an enemy throw away
    their hand."""
    prompt = request.prompt
    soul = prompt[0] if prompt else ""
    host = prompt[1] if len(prompt) > 1 and isinstance(prompt[1], int) else -1
    side = a.attitude(host) if 0 <= host < a.game.n else UNKNOWN
    if soul == XUANWU:
        mine = a.me.hand
        value = a.value(mine[0]) if mine else 0
        if side == FRIEND:  # a 桃 for the dying, a good card to play
            if prompt[2] == "dying":
                return bool(mine) and NAME[mine[0]] == "peach"
            return prompt[2] == "play" and a.game.current == host and value >= 4
        return side == ENEMY and value <= 3
    return side == (FRIEND if soul == LUOHAN else ENEMY)


answer_hint("soul_host", _soul_host)
answer_hint("soul", _soul_use)
