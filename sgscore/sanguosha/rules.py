"""The rule procedures of identity mode, as generators that yield requests
(docs/architecture.md "Procedures are generators"). They read like the rules: a turn is six phases,
a card asked for goes round with :func:`respond`, damage fires its timings, dying asks for 桃 around
the table. Cards and skills plug in through their registrations and the timings fired with
:func:`~.triggers.fire`; nothing here names a general. Card movement is in ``zones.py``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..core.engine import GameOver, Proc
from ..core.protocol import PickRequest, SubsetRequest
from ..core.registry import Kind
from .cards import NAME, NULLIFICATION, PEACH, SLASH
from .contexts import (
    CARD_PLAYED,
    CARD_USED,
    CAUSED_DAMAGE,
    DAMAGE_BEFORE,
    DAMAGED,
    DEATH,
    DISCARD_BEGIN,
    DRAW_PHASE,
    DYING,
    HAND_LIMIT,
    JUDGE_DONE,
    JUDGE_REVEALED,
    PHASE_BEGIN,
    PHASE_END,
    CardCtx,
    CardPlayed,
    CardUse,
    Ctx,
    DamageCtx,
    DeathCtx,
    DrawPhaseCtx,
    DyingCtx,
    HandLimitCtx,
    JudgeCtx,
    PhaseCtx,
)
from .events import (
    DAMAGE,
    DAMAGE_PREVENTED,
    DELAYED_JUDGE,
    DISCARD,
    JUDGE,
    JUDGE_RESULT,
    LOSE_HP,
    NULLIFIED,
    PHASE,
    PHASE_SKIPPED,
    PLAY,
    RECOVER,
    SKILL,
    TURN,
    USE,
    Judgement,
)
from .events import (
    DEATH as DEATH_EVENT,
)
from .events import (
    DYING as DYING_EVENT,
)
from .model import LORD, PHASES, Player, Turn, VCard
from .requests import DISCARD_PHASE, RESPOND, YES_NO, PlayRequest
from .skills import SKILLS, Skill
from .triggers import fire
from .zones import (
    discard,
    draw,
    lose_cards,
    remove_card,
    return_borrowed,
    take_from_pile,
    to_discard,
)

if TYPE_CHECKING:
    from .game import Game

__all__ = [
    "play_out", "rounds", "turn", "fire", "respond", "use_card", "damage", "recover", "lose_hp", "judge", "dying",
    "die", "nullified", "ask_yes_no", "ask_cards", "draw", "discard",
]


def ask_yes_no(g: Game, p: Player, kind: Kind, prompt: tuple[Any, ...] = ()) -> Proc:
    """Ask ``p`` a yes/no question; returns the answer."""
    return (yield PickRequest(p.seat, kind, YES_NO, prompt))


def ask_cards(
    g: Game, p: Player, kind: Kind, pool: list[int], low: int, high: int,
    prompt: tuple[Any, ...] = (),
) -> Proc:
    """Ask ``p`` to choose ``low..high`` cards from ``pool``; returns a sorted tuple."""
    return (yield SubsetRequest(p.seat, kind, pool, low, high, prompt))


# ---------------------------------------------------------------------------- the order of play
def play_out(g: Game, opening: Proc) -> Proc:
    """A mode's whole game: ``opening`` (its setup, which returns ``(seat, phase, under_way)``:
    where the turns start, and whether that turn's play phase is under way), then
    :func:`rounds`. Compiled, so that no decision passes through the mode's Python frames."""
    seat, first, under_way = yield from opening
    yield from rounds(g, seat, first, under_way)


def rounds(g: Game, seat: int, first: str = "start", resumed: bool = False) -> Proc:
    """Turns from ``seat``'s (its first from the phase ``first``), round after round from the
    lord, until someone wins or the cap is hit (docs/rules.md "The turn"). ``resumed``: the game
    was rebuilt at ``seat``'s play-phase request, which is asked again (:func:`turn`)."""
    lord = next(p for p in g.players if p.role == LORD)
    while True:
        p = g.players[seat]
        if p.alive:
            yield from turn(g, p, first, resumed)
        first = "start"
        resumed = False
        seat = (seat + 1) % g.n
        if seat == lord.seat:
            if g.round >= g.config.max_rounds:
                raise GameOver(None, "round_cap")  # a draw: docs/rules.md "The turn"
            g.round += 1
            for v in g.variants:
                yield from v.round_begins(g)  # the three-player drain


# ---------------------------------------------------------------------------- the turn
def turn(g: Game, p: Player, first: str = "start", resumed: bool = False) -> Proc:
    if not resumed:
        g.current = p.seat
        g.turn_no += 1
        g.slashes_used = 0
        g.turn = Turn()
        g.log(TURN, g.turn_no, g.round, p.seat)
    for phase in PHASES[PHASES.index(first):]:
        if not p.alive:
            break
        if resumed:  # rebuilt at a play-phase request (Engine.clone): the phase is under way
            resumed = False
        else:
            g.phase = phase
            if phase in g.turn.skipped:
                g.log(PHASE_SKIPPED, p.seat, phase)
                continue
            g.log(PHASE, p.seat, phase)
            if PHASE_BEGIN in g.hooks:
                yield from fire(g, PHASE_BEGIN, PhaseCtx(p, phase))
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
        if p.alive and PHASE_END in g.hooks:
            yield from fire(g, PHASE_END, PhaseCtx(p, phase))
    g.phase = "between"


def judge_phase(g: Game, p: Player) -> Proc:
    # docs/rules.md "The turn": delayed tricks are judged last-placed first, each card once: the
    # ones lying there when the phase starts (a 闪电 that stays is judged again next turn, not at
    # once).
    due = [c for c, _ in p.judge]
    while p.alive and due:
        card = due.pop()
        entry = next((j for j in p.judge if j[0] == card), None)
        if entry is None:
            continue  # taken away meanwhile
        p.judge.remove(entry)
        name = entry[1]
        g.processing.append(card)
        g.log(DELAYED_JUDGE, p.seat, card, name)
        vcard = VCard(name, (card,))
        cancelled = yield from nullified(g, vcard, p, None)
        judged = g.card_types[name].judged
        assert judged is not None, f"{name} is not a delayed trick"
        yield from judged(g, p, card, cancelled)


def draw_phase(g: Game, p: Player) -> Proc:
    ctx = DrawPhaseCtx(p, 2)
    if DRAW_PHASE in g.hooks:
        yield from fire(g, DRAW_PHASE, ctx)
    if not ctx.skip and p.alive:
        yield from draw(g, p, ctx.count)


def play_phase(g: Game, p: Player) -> Proc:
    while p.alive and g.phase == "play":
        req = PlayRequest(g, p)
        g.mark_safe(req, p.seat)  # the game can be rebuilt here from its state (Engine.clone)
        choice = yield req
        if choice is None:
            break
        yield from perform_play(g, p, choice)


def perform_play(g: Game, p: Player, choice: tuple[Any, ...]) -> Proc:
    """Carry out a legal play-phase choice (see ``requests.PlayRequest`` for its shape)."""
    if isinstance(choice[0], str):
        skill = SKILLS[choice[0]]
        cards, targets = tuple(choice[1]), tuple(choice[2])
        if skill.play_as:  # a conversion skill used as a card: (skill, (card,), targets)
            yield from use_card(g, p, VCard(skill.play_as, cards, skill.id), targets)
        else:
            shown = cards if skill.public_cards else ()
            g.log(SKILL, p.seat, skill.id, shown, targets)
            yield from skill.play(g, p, cards, targets)
        return
    yield from use_card(g, p, VCard.of(choice[0]), tuple(choice[1:]))


def discard_phase(g: Game, p: Player) -> Proc:
    return_borrowed(g, p)  # 借刀杀人: the weapon goes back at the start of the discard phase
    if DISCARD_BEGIN in g.hooks:
        yield from fire(g, DISCARD_BEGIN, PhaseCtx(p, "discard"))
    if not p.alive:
        return
    ctx = HandLimitCtx(p, max(p.hp, 0))
    if HAND_LIMIT in g.hooks:
        yield from fire(g, HAND_LIMIT, ctx)
    limit = ctx.limit  # -1: no hand limit this turn
    excess = len(p.hand) - limit if limit >= 0 else 0
    if excess > 0:
        cards = yield SubsetRequest(p.seat, DISCARD_PHASE, p.hand, excess, excess, (excess,))
        yield from discard(g, p, list(cards), "discard_phase")


# ---------------------------------------------------------------------------- using and playing
def _respond_options(g: Game, p: Player, name: str, ctx: Ctx | None,
                     tried: list[str]) -> list[Any]:
    options: list[Any] = [None]
    t = g.card_types.get(name)
    if t is not None and t.allowed is not None and not t.allowed(g, p):
        return options  # not to be used or played now at all (the 1.0 deck's 桃 with two left)
    for c in p.hand:
        if NAME[c] == name:
            options.append(c)
    listed = g.answering.get(p.seat)
    if listed:
        for s in listed:
            if s.equipment and not _equip_skill_works(g, p, s, ctx):
                continue
            if s.id in tried:
                continue
            for c in s.convert(g, p, name, ctx):
                options.append((s.id, c))
            if s.respond_ok(g, p, name, ctx):
                options.append((s.id,))
    return options


def respond(g: Game, p: Player, name: str, ctx: Ctx | None, prompt: tuple[Any, ...] = ()) -> Proc:
    """Ask ``p`` for a card named ``name`` (闪 to a 杀, 杀 in a duel, 桃 to the dying, 无懈可击).

    The options are: decline (None), a hand card of that name, ``(skill, card)`` for a conversion
    skill, or ``(skill,)`` for a skill that produces the card another way (八卦阵, 护驾). A skill
    that fails is not offered again in the same request. Returns the VCard played, or None. The
    played cards are in the processing area; the caller sends them on with :func:`to_discard`.
    """
    tried: list[str] = []
    while True:
        options = _respond_options(g, p, name, ctx, tried)
        if len(options) == 1:
            return None
        choice = yield PickRequest(p.seat, RESPOND, options, (name,) + prompt)
        if choice is None:
            return None
        if isinstance(choice, int):
            vcard = VCard.of(choice)
        elif len(choice) == 2:
            vcard = VCard(name, (choice[1],), choice[0])
        else:
            skill = SKILLS[choice[0]]
            tried.append(skill.id)
            g.log(SKILL, p.seat, skill.id)
            got = yield from skill.respond(g, p, name, ctx)
            if got is None:
                continue
            g.log(PLAY, p.seat, got.name, got.cards, got.skill)
            if CARD_PLAYED in g.hooks:
                yield from fire(g, CARD_PLAYED, CardPlayed(p, got, ctx))
            return got
        yield from lose_cards(g, list(vcard.cards))
        g.processing.extend(vcard.cards)
        g.log(PLAY, p.seat, vcard.name, vcard.cards, vcard.skill)
        if CARD_PLAYED in g.hooks:
            yield from fire(g, CARD_PLAYED, CardPlayed(p, vcard, ctx))
        return vcard


def _equip_skill_works(g: Game, p: Player, s: Skill, ctx: Ctx | None) -> bool:
    """An equipment skill used in a response has no effect against the other party when that
    player ignores it (乾坤: the target of the user's 决斗 too); the target's armor has none
    against a 杀 that ignores armor (青釭剑: "对方的八卦阵无效" — the target's only, so a 护驾
    helper's 八卦阵 still works)."""
    if not isinstance(ctx, CardCtx):
        return True
    user = ctx.user
    if p is user:
        return g.equipment_works(p, ctx.target)
    if p is ctx.target and ctx.ignore_armor:
        return False
    return g.equipment_works(p, user)


def use_card(
    g: Game, user: Player, vcard: VCard, targets: tuple[int, ...], *, counted: bool = True,
    via: str = "", played: bool = False,
) -> Proc:
    """Use a card: it goes to the processing area, ``card_used`` fires, the effect resolves, and
    whatever is still in the processing area then goes to the discard pile.

    ``counted``: whether a 杀 counts toward the play phase's limit (an extra 杀 granted by a weapon
    does not); ``via``: the skill or weapon that makes the use, named in the ``use`` event when
    the card is itself (青龙偃月刀); ``played``: the card was just played in response and is in the
    processing area already.
    """
    if not played:
        yield from lose_cards(g, list(vcard.cards))
        g.processing.extend(vcard.cards)
    g.log(USE, user.seat, vcard.name, vcard.cards, targets, vcard.skill or via)
    if counted and vcard.name == SLASH and g.phase == "play" and g.current == user.seat:
        g.slashes_used += 1
    use = CardUse(user, vcard, targets, via, counted)
    if CARD_USED in g.hooks:
        yield from fire(g, CARD_USED, use)
    yield from g.card_types[vcard.name].effect(g, use)
    to_discard(g, vcard.cards)


def nullified(g: Game, trick: VCard, target: Player, user: Player | None) -> Proc:
    """The 无懈可击 window for one trick on one target (docs/rules.md "Cards"): every living player
    may respond, asked in turn order from the current player; each 无懈可击 flips the outcome and
    opens the window again; it closes when everyone passes. Returns True if nullified."""
    cancelled = False
    while True:
        if not _anyone_can_nullify(g):
            return cancelled
        for q in g.order_from(g.current):
            what = "nullification" if not cancelled else "counter"
            vc = yield from respond(g, q, NULLIFICATION, None, (trick.name, target.seat, what))
            if vc is not None:
                to_discard(g, vc.cards)
                cancelled = not cancelled
                g.log(NULLIFIED, q.seat, trick.name, target.seat, cancelled)
                break
        else:
            return cancelled


def _anyone_can_nullify(g: Game) -> bool:
    for p in g.players:
        if not p.alive:
            continue
        for c in p.hand:
            if NAME[c] == NULLIFICATION:
                return True
        listed = g.answering.get(p.seat)
        if listed:
            for s in listed:
                if s.convert(g, p, NULLIFICATION, None):
                    return True
    return False


# ---------------------------------------------------------------------------- damage and death
def damage(g: Game, source: Player | None, target: Player, amount: int, card: VCard | None) -> Proc:
    """Deal damage: ``damage_before`` may change or prevent it; then HP drops, dying is resolved,
    and ``damaged`` fires for the survivors (奸雄, 反馈, ...)."""
    if not target.alive:
        return
    ctx = DamageCtx(source, target, amount, card)
    if DAMAGE_BEFORE in g.hooks:
        yield from fire(g, DAMAGE_BEFORE, ctx)
    if ctx.prevented or ctx.amount <= 0 or not target.alive:
        g.log(DAMAGE_PREVENTED, target.seat)
        return
    target.hp -= ctx.amount
    g.log(DAMAGE, source.seat if source else -1, target.seat, ctx.amount, target.hp,
          card.name if card else "")
    if target.hp <= 0:
        yield from dying(g, target, source)
    if target.alive and DAMAGED in g.hooks:
        yield from fire(g, DAMAGED, ctx)
    if source is not None and CAUSED_DAMAGE in g.hooks:
        yield from fire(g, CAUSED_DAMAGE, ctx)


def lose_hp(g: Game, target: Player, amount: int, source: Player | None = None) -> Proc:
    """Lose HP (not damage: no damage timings fire)."""
    target.hp -= amount
    g.log(LOSE_HP, target.seat, amount, target.hp)
    if target.hp <= 0:
        yield from dying(g, target, source)


def recover(g: Game, p: Player, amount: int) -> None:
    """Heal up to max HP."""
    new = min(p.max_hp, p.hp + amount)
    if new != p.hp:
        g.log(RECOVER, p.seat, new - p.hp, new)
        p.hp = new


def dying(g: Game, p: Player, source: Player | None) -> Proc:
    """docs/rules.md "Dying, death and victory": from the current player round the table, each
    living player may use 桃 on the dying player, one per request and as many as they like, until
    HP ≥ 1; else they die."""
    g.log(DYING_EVENT, p.seat, p.hp)
    ctx = DyingCtx(p, source)
    if DYING in g.hooks:
        yield from fire(g, DYING, ctx)
    if p.hp > 0:
        return
    for q in g.order_from(g.current):
        while p.hp <= 0 and q.alive:
            vc = yield from respond(g, q, PEACH, ctx, (p.seat,))
            if vc is None:
                break
            to_discard(g, vc.cards)
            recover(g, p, 1)
        if p.hp > 0:
            return
    yield from die(g, p, source)


def die(g: Game, p: Player, killer: Player | None) -> Proc:
    """Death (docs/rules.md "Dying, death and victory"): reveal the role, discard every card, check
    victory (the mode's), the ``death`` timing, reward or punish the killer (the mode's reward,
    unless a variant says this death rewards nobody), then what else the variants make of it."""
    p.alive = False
    p.role_shown = True
    g.log(DEATH_EVENT, p.seat, p.role, killer.seat if killer else -1)
    # a borrower who dies gives the weapon back at once (docs/rules.md "Cards")
    return_borrowed(g, p)
    cards = list(p.hand) + [c for c in p.equip if c >= 0] + [c for c, _ in p.judge]
    for c in cards:
        remove_card(g, c)
    # A weapon that someone borrowed from the dead is discarded when it is returned (§4.2).
    if cards:
        g.discard_pile.extend(cards)
        g.log(DISCARD, p.seat, tuple(cards), "death")
    g.rebuild_hooks()
    g.mode.victory(g)
    if DEATH in g.hooks:
        yield from fire(g, DEATH, DeathCtx(p, killer))
    if killer is not None and killer.alive and all(v.rewards(g, p) for v in g.variants):
        yield from g.mode.kill_reward(g, p, killer)
    for v in g.variants:
        yield from v.after_death(g, p)  # the detailed rules: protection ends, the drain, souls


# ---------------------------------------------------------------------------- judgement
def judge(g: Game, p: Player, judgement: Judgement) -> Proc:
    """Reveal the top card of the draw pile as ``p``'s judgement card for ``judgement`` (declared
    with what its result means: :func:`~.events.judgement`). ``judge_revealed`` lets skills
    replace it (鬼才); ``judge_done`` lets skills take it (天妒); then it is discarded. Returns the
    JudgeCtx whose ``card`` is the result (its ``reason``: the judgement's name)."""
    reason = judgement.name
    card = take_from_pile(g, 1)[0]
    g.processing.append(card)
    ctx = JudgeCtx(p, reason, card)
    g.log(JUDGE, p.seat, reason, card)
    if JUDGE_REVEALED in g.hooks:
        yield from fire(g, JUDGE_REVEALED, ctx)
    g.log(JUDGE_RESULT, p.seat, reason, ctx.card)
    if JUDGE_DONE in g.hooks:
        yield from fire(g, JUDGE_DONE, ctx)
    to_discard(g, [ctx.card])
    return ctx
