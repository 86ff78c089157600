"""The rule procedures of identity mode, as generators that yield requests (DESIGN "The game
protocol"). They read like the rules: a turn is six phases, a 杀 asks for a 闪, damage fires its
timings, dying asks for 桃 around the table. Cards and skills plug in through ``model``'s
registries and the timings fired with :func:`fire`; nothing here names a general.
"""

from __future__ import annotations

from typing import Any

from ..core.protocol import PickRequest, SubsetRequest
from .cards import KIND, NAME, SUBTYPE
from .model import (
    CARD_DEFS,
    GENERALS,
    LORD,
    LOYALIST,
    NO_CARD,
    REBEL,
    RENEGADE,
    SKILLS,
    GameOver,
    Player,
    Proc,
    VCard,
)

__all__ = [
    "game_procedure", "fire", "draw", "take_from_pile", "discard", "lose_cards", "gain",
    "respond", "use_card", "damage", "recover", "lose_hp", "judge", "nullified", "ask_yes_no",
    "choose_card_of", "equip_card", "DamageCtx", "JudgeCtx", "SlashCtx", "ask_cards",
    "return_borrowed", "set_weapon_skills", "to_discard",
]

YES_NO = (False, True)


# ---------------------------------------------------------------------------- contexts
class DamageCtx:
    """A damage event: ``amount`` may be changed or ``prevented`` before it is dealt."""

    __slots__ = ("source", "target", "amount", "card", "prevented", "nature")

    def __init__(self, source: Player | None, target: Player, amount: int, card: VCard | None) -> None:
        self.source = source
        self.target = target
        self.amount = amount
        self.card = card
        self.prevented = False
        self.nature = "normal"


class JudgeCtx:
    """A judgement: ``card`` is the judgement card in effect (鬼才 may replace it)."""

    __slots__ = ("player", "reason", "card")

    def __init__(self, player: Player, reason: str, card: int) -> None:
        self.player = player
        self.reason = reason
        self.card = card


class SlashCtx:
    """One 杀 against one target, while it resolves."""

    __slots__ = (
        "user", "target", "card", "need", "hit", "no_effect", "extra", "ignore_armor",
        "dodged_by", "prevent_damage", "in_duel", "followup", "targets",
    )

    def __init__(self, user: Player, target: Player, card: VCard) -> None:
        self.user = user
        self.target = target
        self.card = card
        self.targets: tuple[int, ...] = (target.seat,)  # every target of the 杀 (方天画戟: several)
        self.need = 1
        self.hit = False
        self.no_effect = False
        self.extra = 0
        self.ignore_armor = False
        self.dodged_by: list[VCard] = []
        self.prevent_damage = False
        self.in_duel = False
        self.followup = False  # a 杀 used by 青龙偃月刀 after the first was dodged


# ---------------------------------------------------------------------------- triggers
def fire(g: Any, timing: str, ctx: Any) -> Proc:
    """Resolve every skill hooked on ``timing`` whose condition holds, in turn order from the
    current player (RULINGS §3). When one player has several, that player picks the order."""
    hooks = g.hooks.get(timing)
    if not hooks:
        return
    n = g.n
    cur = g.current
    ordered = sorted(hooks, key=lambda h: (h[0] - cur) % n)
    i = 0
    while i < len(ordered):
        seat = ordered[i][0]
        group = []
        while i < len(ordered) and ordered[i][0] == seat:
            group.append(ordered[i][1])
            i += 1
        p = g.players[seat]
        while group and p.alive:
            ready = [s for s in group if s in p.skills and s.can_trigger(g, p, ctx)]
            if not ready:
                break
            skill = ready[0]
            if len(ready) > 1:
                sid = yield PickRequest(
                    seat, "order_skills", [s.id for s in ready], (timing,)
                )
                skill = next(s for s in ready if s.id == sid)
            group.remove(skill)
            if skill.optional:
                ok = yield PickRequest(seat, "invoke", YES_NO, (skill.id, timing))
                if not ok:
                    continue
            g.log("skill", seat, skill.id)
            yield from skill.trigger(g, p, ctx)


def ask_yes_no(g: Any, p: Player, kind: str, prompt: tuple[Any, ...] = ()) -> Proc:
    return (yield PickRequest(p.seat, kind, YES_NO, prompt))


def ask_cards(
    g: Any, p: Player, kind: str, pool: list[int], low: int, high: int, prompt: tuple[Any, ...] = ()
) -> Proc:
    """Ask ``p`` to choose ``low..high`` cards from ``pool``; returns a sorted tuple."""
    return (yield SubsetRequest(p.seat, kind, pool, low, high, prompt))


# ---------------------------------------------------------------------------- setup and flow
def _deal_roles(g: Any) -> None:
    lords, loyal, rebels, renegades = g.config.roles()
    others = [LOYALIST] * loyal + [REBEL] * rebels + [RENEGADE] * renegades
    if g.config.lord_seat_zero:
        g.rng.shuffle(others)
        roles = [LORD] + others
    else:
        roles = [LORD] + others
        g.rng.shuffle(roles)
    for p, r in zip(g.players, roles, strict=True):
        p.role = r
        if r == LORD:
            p.role_shown = True


def _assign_generals(g: Any) -> None:
    cfg = g.config
    lord_bonus = 1 if g.n >= 5 else 0  # RULINGS §2: +1 for the lord in games of 5 or more
    if cfg.generals is None:  # beginner mode: no generals, 4 max HP (lord 5 at 5+ players)
        for p in g.players:
            p.max_hp = p.hp = 4 + (lord_bonus if p.role == LORD else 0)
        return
    if cfg.generals == "random":
        # Each seat gets a distinct general while there are enough of them; beyond that (more
        # seats than implemented generals) the shuffled list is dealt again from its start.
        pool = sorted(GENERALS)
        if not pool:
            raise ValueError("generals='random' needs at least one registered general")
        g.rng.shuffle(pool)
        lord_seat = next(p.seat for p in g.players if p.role == LORD)
        chosen: list[str] = [""] * g.n
        # The lord cannot be a general that may not be lord (甘宁, RULINGS §2).
        for gid in pool:
            if GENERALS[gid].can_be_lord:
                chosen[lord_seat] = gid
                pool.remove(gid)
                break
        rest = pool or sorted(GENERALS)
        k = 0
        for p in g.players:
            if p.seat != lord_seat:
                chosen[p.seat] = rest[k % len(rest)]
                k += 1
        ids = chosen
    else:
        ids = list(cfg.generals)
    for p, gid in zip(g.players, ids, strict=True):
        gen = GENERALS.get(gid)
        if gen is None:
            raise ValueError(f"unknown general {gid!r} for seat {p.seat}")
        p.general = gen.id
        p.kingdom = gen.kingdom
        p.sex = gen.sex
        p.max_hp = gen.hp + (lord_bonus if p.role == LORD else 0)
        p.hp = p.max_hp
        p.skills = [SKILLS[s] for s in gen.skills]


def setup(g: Any) -> None:
    _deal_roles(g)
    _assign_generals(g)
    g.rebuild_hooks()
    pile = list(g.card_ids)
    g.rng.shuffle(pile)
    g.draw_pile = pile
    g.log("setup", g.n, tuple(p.general for p in g.players))
    for p in g.players:
        if p.role == LORD:
            g.log("role", p.seat, LORD)
    for p in g.players:
        g.log_private("role_dealt", 1 << p.seat, (p.seat,), (p.role,))
    for p in g.players:
        _draw_now(g, p, 4)


def game_procedure(
    g: Any, arrange: Any = None, start_seat: int | None = None, start_phase: str = "start"
) -> Proc:
    """The whole game: set up, then turns from the lord until someone wins or the cap is hit.

    ``arrange``, ``start_seat`` and ``start_phase`` are for scenarios (``sgscore.testing``): a
    callable that rearranges the dealt state, and where the first turn starts.
    """
    setup(g)
    if arrange is not None:
        arrange(g)
        g.rebuild_hooks()
    lord = next(p for p in g.players if p.role == LORD)
    seat = lord.seat if start_seat is None else start_seat
    g.round = 1
    first = start_phase
    while True:
        p = g.players[seat]
        if p.alive:
            yield from turn(g, p, first)
        first = "start"
        seat = (seat + 1) % g.n
        if seat == lord.seat:
            if g.round >= g.config.max_rounds:
                raise GameOver(None, "round_cap")  # RULINGS §3: the cap ends the game as a draw
            g.round += 1


PHASES = ("start", "judge", "draw", "play", "discard", "finish")


def turn(g: Any, p: Player, first: str = "start") -> Proc:
    g.current = p.seat
    g.turn_no += 1
    g.slashes_used = 0
    g.turn_flags = {}
    g.log("turn", g.turn_no, g.round, p.seat)
    for phase in PHASES[PHASES.index(first):]:
        if not p.alive:
            break
        g.phase = phase
        if g.turn_flags.get("skip_" + phase):
            g.log("phase_skipped", p.seat, phase)
            continue
        g.log("phase", p.seat, phase)
        if "phase_begin" in g.hooks:
            yield from fire(g, "phase_begin", phase)
        if not p.alive:
            break
        if phase == "judge":
            yield from judge_phase(g, p)
        elif phase == "draw":
            yield from draw_phase(g, p)
        elif phase == "play":
            yield from play_phase(g, p)
        elif phase == "discard":
            yield from discard_phase(g, p)
        if p.alive:
            if "phase_end" in g.hooks:
                yield from fire(g, "phase_end", phase)
    g.phase = "between"


def judge_phase(g: Any, p: Player) -> Proc:
    # RULINGS §3: delayed tricks are judged last-placed first, each card once: the ones lying
    # there when the phase starts (a 闪电 that stays is judged again next turn, not at once).
    due = [c for c, _ in p.judge]
    while p.alive and due:
        card = due.pop()
        entry = next((j for j in p.judge if j[0] == card), None)
        if entry is None:
            continue  # taken away meanwhile
        p.judge.remove(entry)
        name = entry[1]
        g.processing.append(card)
        g.log("delayed_judge", p.seat, card, name)
        vcard = VCard(name, (card,))
        cancelled = yield from nullified(g, vcard, p, None)
        effect = DELAYED[name]
        yield from effect(g, p, card, cancelled)


DELAYED: dict[str, Any] = {}
"""Delayed-trick effects by name, registered by ``content.tricks``:
``effect(g, holder, card, nullified)`` resolves the judgement and moves the card on."""


def draw_phase(g: Any, p: Player) -> Proc:
    ctx: dict[str, Any] = {"player": p, "count": 2, "skip": False}
    if "draw_phase" in g.hooks:
        yield from fire(g, "draw_phase", ctx)
    if not ctx["skip"] and p.alive:
        yield from draw(g, p, int(ctx["count"]))


def play_phase(g: Any, p: Player) -> Proc:
    from .requests import PlayRequest  # noqa: PLC0415

    while p.alive and g.phase == "play":
        choice = yield PlayRequest(g, p)
        if choice is None:
            break
        yield from perform_play(g, p, choice)


def perform_play(g: Any, p: Player, choice: tuple[Any, ...]) -> Proc:
    """Carry out a legal play-phase choice (see ``requests.PlayRequest`` for its shape)."""
    if isinstance(choice[0], str):
        skill = SKILLS[choice[0]]
        cards, targets = choice[1], choice[2]
        if skill.play_as:  # a conversion skill used as a card: (skill, (card,), targets)
            vcard = VCard(skill.play_as, tuple(cards), skill.id)
            yield from use_card(g, p, vcard, tuple(targets))
        else:
            shown = tuple(cards) if skill.public_cards else ()
            g.log("skill", p.seat, skill.id, shown, tuple(targets))
            yield from skill.play(g, p, tuple(cards), tuple(targets))
        return
    card = choice[0]
    yield from use_card(g, p, VCard.of(card), tuple(choice[1:]))


def discard_phase(g: Any, p: Player) -> Proc:
    return_borrowed(g, p)  # 借刀杀人: the weapon goes back at the start of the discard phase
    if "discard_begin" in g.hooks:
        yield from fire(g, "discard_begin", p)
    if not p.alive:
        return
    limit = max(p.hp, 0)
    ctx: dict[str, Any] = {"player": p, "limit": limit}
    if "hand_limit" in g.hooks:
        yield from fire(g, "hand_limit", ctx)
    limit = int(ctx["limit"])  # -1: no hand limit this turn
    excess = len(p.hand) - limit if limit >= 0 else 0
    if excess > 0:
        cards = yield SubsetRequest(p.seat, "discard_phase", p.hand, excess, excess, (excess,))
        yield from discard(g, p, list(cards), "discard_phase")


# ---------------------------------------------------------------------------- card movement
def take_from_pile(g: Any, n: int) -> list[int]:
    """Take ``n`` cards from the top of the draw pile, reshuffling the discard pile into a new
    draw pile whenever it runs out; if both are empty the game is a draw (RULINGS §3)."""
    out: list[int] = []
    pile = g.draw_pile
    for _ in range(n):
        if not pile:
            if not g.discard_pile:
                raise GameOver(None, "no_cards")
            pile.extend(g.discard_pile)
            g.discard_pile.clear()
            g.rng.shuffle(pile)
            g.log("reshuffle", len(pile))
        out.append(pile.pop())
    return out


def _draw_now(g: Any, p: Player, n: int) -> list[int]:
    cards = take_from_pile(g, n)
    p.hand.extend(cards)
    g.log_private("draw", 1 << p.seat, (p.seat, n), tuple(cards))
    return cards


def draw(g: Any, p: Player, n: int) -> Proc:
    """``p`` draws ``n`` cards."""
    cards = _draw_now(g, p, n)
    if "gained" in g.hooks:
        yield from fire(g, "gained", (p, cards))
    return cards


def _remove(g: Any, card: int) -> tuple[str, Player | None]:
    """Take ``card`` out of whatever zone holds it; returns the zone and its owner."""
    for p in g.players:
        h = p.hand
        if card in h:
            h.remove(card)
            return "hand", p
        eq = p.equip
        if card in eq:
            eq[eq.index(card)] = NO_CARD
            if KIND[card] == "equip":
                _unequip_skill(g, p, card)
            return "equip", p
        for i, (c, _) in enumerate(p.judge):
            if c == card:
                del p.judge[i]
                return "judge", p
        if p.borrowed is not None and p.borrowed[0] == card:
            p.borrowed = None
            return "borrowed", p
    if card in g.processing:
        g.processing.remove(card)
        return "processing", None
    if card in g.discard_pile:
        g.discard_pile.remove(card)
        return "discard", None
    if card in g.draw_pile:
        g.draw_pile.remove(card)
        return "draw", None
    raise AssertionError(f"card {card} is in no zone")


def lose_cards(g: Any, cards: list[int]) -> Proc:
    """Take cards out of their zones; fires ``hand_emptied`` for a player whose hand this empties."""
    emptied: list[Player] = []
    for c in cards:
        zone, owner = _remove(g, c)
        if zone == "hand" and owner is not None and not owner.hand and owner not in emptied:
            emptied.append(owner)
    if emptied and g.hooks.get("hand_emptied"):
        for p in emptied:
            if "hand_emptied" in g.hooks:
                yield from fire(g, "hand_emptied", p)


def discard(g: Any, p: Player | None, cards: list[int], reason: str) -> Proc:
    """Discard ``cards`` (from wherever they are) to the discard pile."""
    if not cards:
        return
    yield from lose_cards(g, cards)
    g.discard_pile.extend(cards)
    g.log("discard", p.seat if p is not None else -1, tuple(cards), reason)


def to_discard(g: Any, cards: list[int] | tuple[int, ...]) -> None:
    """Move cards still in the processing area to the discard pile."""
    proc = g.processing
    for c in cards:
        if c in proc:
            proc.remove(c)
            g.discard_pile.append(c)


def gain(g: Any, p: Player, cards: list[int], source: Player | None, visible: bool) -> Proc:
    """``p`` takes ``cards`` into hand from wherever they are (another player, the processing
    area, ...). ``visible``: whether everyone sees which cards moved."""
    yield from lose_cards(g, cards)
    p.hand.extend(cards)
    src = source.seat if source is not None else -1
    if visible:
        g.log("gain", p.seat, src, tuple(cards))
    else:
        mask = (1 << p.seat) | ((1 << source.seat) if source is not None else 0)
        g.log_private("gain", mask, (p.seat, src, len(cards)), tuple(cards))
    if "gained" in g.hooks:
        yield from fire(g, "gained", (p, cards))


def equip_card(g: Any, p: Player, card: int) -> Proc:
    """Put an equipment card into ``p``'s equipment area, discarding the one it replaces."""
    slot = SUBTYPE[card]
    old = p.equip[slot]
    if old >= 0:
        yield from discard(g, p, [old], "replaced")
    if slot >= 2:
        # 马术: only one horse in all may be equipped; the other slot's horse is replaced.
        horses = 2
        for seat, s in g.mods.get("horse_slots", ()):
            if seat == p.seat:
                horses = min(horses, s.horse_slots(g, p))
        other = 5 - slot
        if horses < 2 and p.equip[other] >= 0:
            yield from discard(g, p, [p.equip[other]], "replaced")
    if card in g.processing:
        g.processing.remove(card)
    p.equip[slot] = card
    g.log("equip", p.seat, card)
    sid = NAME[card]
    s = SKILLS.get(sid)
    if s is not None and (g.config.advanced_weapons or not s.advanced):
        if slot == 0 and p.borrowed is not None:
            set_weapon_skills(g, p)
        else:
            p.skills.append(s)
            g.rebuild_hooks()


def _unequip_skill(g: Any, p: Player, card: int) -> None:
    if SUBTYPE[card] == 0 and p.borrowed is not None:
        set_weapon_skills(g, p)  # a borrowed weapon takes over when the own one is gone
        return
    sid = NAME[card]
    if sid in SKILLS:
        for i, s in enumerate(p.skills):
            if s.id == sid and s.equipment:
                del p.skills[i]
                break
        g.rebuild_hooks()


def choose_card_of(
    g: Any, chooser: Player, target: Player, kind: str, hand: bool = True, equip: bool = True,
    judge: bool = True,
) -> Proc:
    """``chooser`` picks one of ``target``'s cards: "hand" (then one hand card is taken at random
    with the game RNG, 003 "随机抽"), or one specific equipped or judgement-area card."""
    options: list[Any] = []
    if hand and target.hand:
        options.append("hand")
    if equip:
        options.extend(c for c in target.equip if c >= 0)
    if judge:
        options.extend(c for c, _ in target.judge)
    if not options:
        return None
    pick = yield PickRequest(chooser.seat, kind, options, (target.seat,))
    if pick == "hand":
        return target.hand[g.rng.below(len(target.hand))]
    return pick


def set_weapon_skills(g: Any, p: Player) -> None:
    """Keep the skill list in line with the weapon in effect (own or borrowed)."""
    p.skills = [s for s in p.skills if not (s.equipment and s.id in _WEAPON_SKILLS)]
    w = g.weapon_of(p)
    s = SKILLS.get(NAME[w]) if w >= 0 else None
    if s is not None and (g.config.advanced_weapons or not s.advanced):
        p.skills.append(s)
    g.rebuild_hooks()


_WEAPON_SKILLS = frozenset(
    ("crossbow", "double_swords", "qinggang_sword", "ice_sword", "blade", "spear", "axe",
     "halberd", "kylin_bow")
)


def return_borrowed(g: Any, p: Player) -> None:
    """Give a borrowed weapon back: to its owner's equipment area if the owner is alive and has no
    weapon, else to the discard pile (RULINGS §4.2)."""
    if p.borrowed is None:
        return
    weapon, owner_seat, _ = p.borrowed
    p.borrowed = None
    owner = g.players[owner_seat]
    if owner.alive and owner.equip[0] < 0:
        owner.equip[0] = weapon
        s = SKILLS.get(NAME[weapon])
        if s is not None and (g.config.advanced_weapons or not s.advanced):
            owner.skills.append(s)
        g.log("return_weapon", p.seat, owner_seat, weapon)
    else:
        g.discard_pile.append(weapon)
        g.log("discard", p.seat, (weapon,), "borrowed_weapon")
    if p.alive:
        set_weapon_skills(g, p)
    else:
        g.rebuild_hooks()



# ---------------------------------------------------------------------------- using and playing
def respond(g: Any, p: Player, name: str, ctx: Any, prompt: tuple[Any, ...] = ()) -> Proc:
    """Ask ``p`` for a card named ``name`` (闪 to a 杀, 杀 in a duel, 桃 to the dying, 无懈可击).

    The options are: decline (None), a hand card of that name, ``(skill, card)`` for a conversion
    skill, or ``(skill,)`` for a skill that produces the card another way (八卦阵, 护驾). A skill
    that fails is not offered again in the same request. Returns the VCard played, or None. The
    played cards are in the processing area; the caller sends them on with :func:`to_discard`.
    """
    tried: list[str] = []
    while True:
        options: list[Any] = [None]
        for c in p.hand:
            if NAME[c] == name:
                options.append(c)
        for s in p.skills:
            if s.lord and p.role != LORD:
                continue
            if s.equipment and not _equip_skill_works(g, p, s, ctx):
                continue
            if s.id in tried:
                continue
            conv = s.convert(g, p, name, ctx)
            for c in conv:
                options.append((s.id, c))
            if s.respond_ok(g, p, name, ctx):
                options.append((s.id,))
        if len(options) == 1:
            return None
        choice = yield PickRequest(p.seat, "respond", options, (name,) + prompt)
        if choice is None:
            return None
        if isinstance(choice, int):
            vcard = VCard.of(choice)
        elif len(choice) == 2:
            vcard = VCard(name, (choice[1],), choice[0])
        else:
            skill = SKILLS[choice[0]]
            tried.append(skill.id)
            g.log("skill", p.seat, skill.id)
            got = yield from skill.respond(g, p, name, ctx)
            if got is None:
                continue
            g.log("play", p.seat, got.name, got.cards, got.skill)
            return got
        yield from lose_cards(g, list(vcard.cards))
        g.processing.extend(vcard.cards)
        g.log("play", p.seat, vcard.name, vcard.cards, vcard.skill)
        return vcard


def _equip_skill_works(g: Any, p: Player, s: Any, ctx: Any) -> bool:
    """An equipment skill used in a response has no effect against the other party when that
    player ignores it (乾坤: the target of the user's 决斗 too); the target's armor has none
    against a 杀 that ignores armor (青釭剑: "对方的八卦阵无效" — the target's only, so a 护驾
    helper's 八卦阵 still works)."""
    user = getattr(ctx, "user", None)
    if user is None:
        return True
    if p is user:
        other = getattr(ctx, "target", None)
        return other is None or bool(g.equipment_works(p, other))
    if p is getattr(ctx, "target", None) and getattr(ctx, "ignore_armor", False):
        return False
    return bool(g.equipment_works(p, user))


def use_card(
    g: Any, user: Player, vcard: VCard, targets: tuple[int, ...], counted: bool = True
) -> Proc:
    """Use a card: it goes to the processing area, ``card_used`` fires, the effect resolves, and
    whatever is still in the processing area then goes to the discard pile. ``counted``: whether
    a 杀 counts toward the play phase's limit (an extra 杀 granted by a weapon does not)."""
    yield from lose_cards(g, list(vcard.cards))
    g.processing.extend(vcard.cards)
    g.log("use", user.seat, vcard.name, vcard.cards, targets, vcard.skill)
    if counted and vcard.name == "slash" and g.phase == "play" and g.current == user.seat:
        g.slashes_used += 1
    if "card_used" in g.hooks:
        yield from fire(g, "card_used", (user, vcard, targets))
    yield from CARD_DEFS[vcard.name].effect(g, user, vcard, targets)
    to_discard(g, vcard.cards)


def nullified(g: Any, trick: VCard, target: Player, user: Player | None) -> Proc:
    """The 无懈可击 window for one trick on one target (RULINGS §4.2): every living player may
    respond, asked in turn order from the current player; each 无懈可击 flips the outcome and
    opens the window again; it closes when everyone passes. Returns True if nullified."""
    cancelled = False
    while True:
        if not _anyone_can_nullify(g):
            return cancelled
        for q in g.order_from(g.current):
            what = "nullification" if not cancelled else "counter"
            vc = yield from respond(g, q, "nullification", None, (trick.name, target.seat, what))
            if vc is not None:
                to_discard(g, vc.cards)
                cancelled = not cancelled
                g.log("nullified", q.seat, trick.name, target.seat, cancelled)
                break
        else:
            return cancelled


def _anyone_can_nullify(g: Any) -> bool:
    for p in g.players:
        if not p.alive:
            continue
        for c in p.hand:
            if NAME[c] == "nullification":
                return True
        for s in p.skills:
            if s.convert(g, p, "nullification", None):
                return True
    return False


# ---------------------------------------------------------------------------- damage and death
def damage(
    g: Any, source: Player | None, target: Player, amount: int, card: VCard | None,
) -> Proc:
    """Deal damage: ``damage_before`` may change or prevent it; then HP drops, dying is resolved,
    and ``damaged`` fires for the survivors (奸雄, 反馈, ...)."""
    if not target.alive:
        return
    ctx = DamageCtx(source, target, amount, card)
    if "damage_before" in g.hooks:
        yield from fire(g, "damage_before", ctx)
    if ctx.prevented or ctx.amount <= 0 or not target.alive:
        g.log("damage_prevented", target.seat)
        return
    target.hp -= ctx.amount
    g.log("damage", source.seat if source else -1, target.seat, ctx.amount, target.hp,
          card.name if card else "")
    if target.hp <= 0:
        yield from dying(g, target, source)
    if target.alive:
        if "damaged" in g.hooks:
            yield from fire(g, "damaged", ctx)
    if source is not None and "caused_damage" in g.hooks:
        yield from fire(g, "caused_damage", ctx)


def lose_hp(g: Any, target: Player, amount: int, source: Player | None = None) -> Proc:
    """Lose HP (not damage: no damage timings fire)."""
    target.hp -= amount
    g.log("lose_hp", target.seat, amount, target.hp)
    if target.hp <= 0:
        yield from dying(g, target, source)


def recover(g: Any, p: Player, amount: int) -> None:
    """Heal up to max HP."""
    new = min(p.max_hp, p.hp + amount)
    if new != p.hp:
        g.log("recover", p.seat, new - p.hp, new)
        p.hp = new


def dying(g: Any, p: Player, source: Player | None) -> Proc:
    """RULINGS §6: from the current player round the table, each living player may use 桃 on the
    dying player, one per request and as many as they like, until HP ≥ 1; else they die."""
    g.log("dying", p.seat, p.hp)
    if "dying" in g.hooks:
        yield from fire(g, "dying", p)
    if p.hp > 0:
        return
    for q in g.order_from(g.current):
        while p.hp <= 0 and q.alive:
            vc = yield from respond(g, q, "peach", p, (p.seat,))
            if vc is None:
                break
            to_discard(g, vc.cards)
            recover(g, p, 1)
        if p.hp > 0:
            return
    yield from die(g, p, source)


def die(g: Any, p: Player, killer: Player | None) -> Proc:
    """Death (RULINGS §6): reveal the role, discard every card, reward or punish, check victory."""
    p.alive = False
    p.role_shown = True
    g.log("death", p.seat, p.role, killer.seat if killer else -1)
    return_borrowed(g, p)  # a borrower who dies gives the weapon back at once (RULINGS §4.2)
    cards = list(p.hand) + [c for c in p.equip if c >= 0] + [c for c, _ in p.judge]
    for c in cards:
        _remove(g, c)
    # A weapon that someone borrowed from the dead is discarded when it is returned (§4.2).
    if cards:
        g.discard_pile.extend(cards)
        g.log("discard", p.seat, tuple(cards), "death")
    g.rebuild_hooks()
    _check_victory(g)
    if "death" in g.hooks:
        yield from fire(g, "death", (p, killer))
    if killer is not None and killer.alive:
        if p.role == REBEL:
            yield from draw(g, killer, 3)
        elif p.role == LOYALIST and killer.role == LORD:
            lost = list(killer.hand) + [c for c in killer.equip if c >= 0]
            if lost:
                yield from discard(g, killer, lost, "killed_loyalist")


def _check_victory(g: Any) -> None:
    alive = [q for q in g.players if q.alive]
    lord = next(q for q in g.players if q.role == LORD)
    if not lord.alive:
        if len(alive) == 1 and alive[0].role == RENEGADE:
            raise GameOver(RENEGADE, "lord_died")
        raise GameOver(REBEL, "lord_died")
    if not any(q.role in (REBEL, RENEGADE) for q in alive):
        raise GameOver(LORD, "rebels_and_renegades_dead")


# ---------------------------------------------------------------------------- judgement
def judge(g: Any, p: Player, reason: str) -> Proc:
    """Reveal the top card of the draw pile as ``p``'s judgement card. ``judge_revealed`` lets
    skills replace it (鬼才); ``judge_done`` lets skills take it (天妒); then it is discarded.
    Returns the JudgeCtx whose ``card`` is the result."""
    card = take_from_pile(g, 1)[0]
    g.processing.append(card)
    ctx = JudgeCtx(p, reason, card)
    g.log("judge", p.seat, reason, card)
    if "judge_revealed" in g.hooks:
        yield from fire(g, "judge_revealed", ctx)
    g.log("judge_result", p.seat, reason, ctx.card)
    if "judge_done" in g.hooks:
        yield from fire(g, "judge_done", ctx)
    to_discard(g, [ctx.card])
    return ctx
