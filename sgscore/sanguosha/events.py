"""The event kinds the rules log (setup and flow, cards moving, using and playing cards,
judgements, HP and death), each with its words. Cards and skills declare theirs in their own
modules. ``docs/events.md`` is generated from these declarations (``sgs kinds``).

Conventions: a seat is an int ``0..players-1`` and ``-1`` means nobody (no source, no killer); a
card is its id (``cards.CARDS``, stable forever); a card *name* is an id such as ``slash``; a
*vcard* (a card as used or played) is three args ``name, cards, skill``: the name it counts as,
the physical cards behind it (none for a card a skill made from nothing: 八卦阵's 闪) and the skill
that converted it (``""`` when the card is itself).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..core.registry import RegistrationError, Registry, caller_module, module_of
from .cards import NULLIFICATION
from .memory import EQUIP_AREA, JUDGE_AREA, Memory, Window, inside, learns, learns_skill
from .memory import window_kind as _window_kind
from .model import KINGDOM_ZH, LORD
from .telling import WINNER, Teller, event_kind, is_card, phase_name, role_name

__all__ = [
    "SETUP", "ROLE", "ROLE_DEALT", "TURN", "PHASE", "PHASE_SKIPPED", "GAME_OVER", "DRAW",
    "RESHUFFLE", "DISCARD", "GAIN", "EQUIP", "RETURN_WEAPON", "USE", "PLAY", "SKILL",
    "NULLIFIED", "DELAYED_JUDGE", "JUDGE", "JUDGE_RESULT", "DAMAGE", "DAMAGE_PREVENTED",
    "LOSE_HP", "RECOVER", "DYING", "DEATH", "Judgement", "JUDGEMENTS", "judgement",
    "judgement_meaning", "register_meaning", "register_taken_away", "told_as_used",
    "skill_effect", "asks_round", "asks", "register_staying",
]

Cards = tuple[int, ...]


# ---------------------------------------------------------------------------- setup and flow
@event_kind("setup")
def SETUP(t: Teller, players: int, generals: tuple[str, ...]) -> list[str]:
    """The game starts; ``generals`` has one general id per seat (``""`` in beginner mode)."""
    t.generals = [str(x) for x in generals]
    out = [t.say(en="Setup: {n} players", zh="游戏开始：{n}名玩家", n=players)]
    out.extend(f"  {t.p(i)}" for i in range(len(t.generals)))
    return out


@event_kind("role")
def ROLE(t: Teller, seat: int, role: str) -> str:
    """The lord's role is public from the start (``role`` is ``"lord"``)."""
    t.roles[seat] = role
    return t.say(en="{p} is the lord", zh="{p}是主公", p=t.p(seat))


@event_kind("role_dealt", hidden="``(role,)``: that seat only")
def ROLE_DEALT(t: Teller, seat: int, *, hidden: tuple[str] | None = None) -> str:
    """A seat is dealt its role (``lord``, ``loyalist``, ``rebel``, ``renegade``)."""
    if hidden is None:
        return ""  # another seat's role: nothing to tell
    if t.roles.get(seat) == hidden[0]:
        return ""  # the lord's: the `role` line already told it
    t.roles[seat] = hidden[0]
    return t.say(en="{p} is dealt the role: {role}", zh="{p}的身份是{role}", p=t.p(seat),
                 role=role_name(hidden[0], t.lang))


@event_kind("turn")
def TURN(t: Teller, turn_no: int, round_no: int, seat: int) -> list[str]:
    """Turn ``turn_no`` (counted over the whole game) of round ``round_no`` begins for ``seat``."""
    out = _empty_play(t)
    t.pending_play = t.playing = -1
    if round_no != t.round:
        t.round = round_no
        out.append(t.say(en="== Round {r} ==", zh="== 第{r}轮 ==", r=round_no))
    out.append(t.say(en="-- Turn {n}: {p} --", zh="-- 第{n}回合：{p} --", n=turn_no, p=t.p(seat)))
    t.pending_phase = None
    return out


@event_kind("phase")
def PHASE(t: Teller, seat: int, phase: str) -> list[str]:
    """A phase begins: ``start``, ``judge``, ``draw``, ``play``, ``discard``, ``finish``."""
    out = _empty_play(t)
    after_play = t.playing >= 0
    t.playing = seat if phase == "play" and isinstance(seat, int) else -1
    heading = t.say(en="  {phase} phase", zh="  {phase}", phase=phase_name(phase, t.lang))
    if after_play:
        # Told at once: ending the play phase is a decision, and this is what came of it.
        t.pending_phase, t.pending_play = None, -1
        return [*out, heading]
    # Other headings wait for a line to go under: a phase in which nothing happens is left out.
    t.pending_phase = heading
    t.pending_play = t.playing
    return out


def _empty_play(t: Teller) -> list[str]:
    """The lines of a play phase in which nothing happened, told when the next phase comes (so
    that it is not left out of the account, with the decision that ended it)."""
    if t.pending_phase is None or t.pending_play < 0:
        return []
    return t.told(t.say(en="{p} uses no card and no skill", zh="{p}未使用任何牌或技能",
                        p=t.p(t.pending_play)))


@event_kind("phase_skipped")
def PHASE_SKIPPED(t: Teller, seat: int, phase: str) -> list[str]:
    """A phase is skipped (乐不思蜀 skips ``play``)."""
    out = _empty_play(t)
    t.pending_phase = None
    t.pending_play = t.playing = -1
    name = phase_name(phase, t.lang)
    return [*out, t.say(en="  {phase} phase skipped", zh="  跳过{phase}", phase=name)]


@event_kind("game_over")
def GAME_OVER(t: Teller, winner: str | None, reason: str) -> str:
    """The game ends. ``winner`` is ``lord`` (lord and loyalists), ``rebel``, ``renegade`` or
    None (a draw); ``reason`` is ``lord_died``, ``rebels_and_renegades_dead``, ``round_cap`` or
    ``no_cards``."""
    return t.say(en="Game over: {winner} ({reason})", zh="游戏结束：{winner}（{reason}）",
                 winner=WINNER[t.lang].get(winner, str(winner)), reason=t.reason(reason))


# ---------------------------------------------------------------------------- cards moving
@event_kind("draw", hidden="``cards``: the drawing seat")
def DRAW(t: Teller, seat: int, n: int, *, hidden: Cards | None = None) -> str:
    """``seat`` draws ``n`` cards from the draw pile. Others see only the count."""
    if hidden is None:
        return t.say(en="{p} draws {nc}", zh="{p}摸了{n}张牌", p=t.p(seat), n=n, nc=t.n_cards(n))
    return t.say(en="{p} draws {n}: {cards}", zh="{p}摸了{n}张牌：{cards}", p=t.p(seat), n=n,
                 cards=t.cards(hidden))


@event_kind("reshuffle")
def RESHUFFLE(t: Teller, n: int) -> str:
    """The draw pile ran out; the discard pile (``n`` cards) was shuffled into a new draw pile."""
    return t.say(en="the discard pile is shuffled into a new draw pile ({n} cards)",
                 zh="弃牌堆洗切成新的摸牌堆（{n}张）", n=n)


@event_kind("discard")
def DISCARD(t: Teller, seat: int, cards: Cards, reason: str = "") -> str:
    """``cards`` go to the discard pile from ``seat`` (``-1``: from no one). ``reason``:
    ``discard_phase``, ``replaced`` (equipment), ``death``, ``killed_loyalist`` (the lord who
    killed a loyalist loses every card), ``borrowed_weapon``, or the card or skill that caused it
    (``dismantlement``, ``axe``, ``double_swords``, ``kylin_bow``, ``ice_sword``, ...)."""
    shown = t.cards(cards)
    if not isinstance(seat, int) or seat < 0:
        go = "goes" if isinstance(cards, list | tuple) and len(cards) == 1 else "go"
        return t.say(en="{cards} " + go + " to the discard pile ({reason})",
                     zh="{cards}进入弃牌堆（{reason}）", cards=shown, reason=t.reason(reason))
    if reason in _TAKEN_AWAY:
        return _discarded_from(t, seat, cards, reason)
    if reason in ("", "discard_phase"):
        return t.say(en="{p} discards {cards}", zh="{p}弃置了{cards}", p=t.p(seat), cards=shown)
    return t.say(en="{p} discards {cards} ({reason})", zh="{p}弃置了{cards}（{reason}）",
                 p=t.p(seat), cards=shown, reason=t.reason(reason))


# Discards of another player's cards (the user of the card or skill chooses them): told with the
# area each card comes from, not as if the owner discarded it (register_taken_away).
_TAKEN_AWAY: set[str] = set()


def register_taken_away(reason: str) -> None:
    """Say that a ``discard`` for ``reason`` throws away another player's card, chosen by the
    user of the card or skill named ``reason`` (过河拆桥, 寒冰剑, 麒麟弓, the 1.0 deck's 猴子偷桃):
    the account tells it as discarded from that player's hand or area, not as their own
    discard. Registered by the module that defines the card or skill."""
    _TAKEN_AWAY.add(reason)


def _discarded_from(t: Teller, seat: int, cards: Cards, reason: str) -> str:
    lines = []
    for card in cards:
        area = t.memory.area(card, seat)
        if area == EQUIP_AREA:
            line = t.say(en="{card} is discarded from {p}'s equipment area ({reason})",
                         zh="{p}装备区的{card}被弃置（{reason}）", p=t.p(seat), card=t.card(card),
                         reason=t.reason(reason))
        elif area == JUDGE_AREA:
            line = t.say(en="{card} is discarded from {p}'s judgement area ({reason})",
                         zh="{p}判定区的{card}被弃置（{reason}）", p=t.p(seat), card=t.card(card),
                         reason=t.reason(reason))
        else:
            line = t.say(en="{card} is discarded from {p}'s hand ({reason})",
                         zh="{p}的手牌{card}被弃置（{reason}）", p=t.p(seat), card=t.card(card),
                         reason=t.reason(reason))
        lines.append(line)
    return t.say(en="; ", zh="；").join(lines)


def _from_area(t: Teller, source: int, cards: Any) -> str:
    """``"equip"`` or ``"judge"`` when every card of ``cards`` lay in that area of ``source``."""
    areas = {t.memory.area(c, source) for c in cards if is_card(c)}
    return areas.pop() if len(areas) == 1 and len(cards) else ""


@event_kind("gain", hidden="``cards``: ``seat`` and ``source``, when the third arg is a count")
def GAIN(t: Teller, seat: int, source: int, cards: Cards | int,
         hidden: Cards | None = None) -> str:
    """``seat`` takes cards into hand from ``source`` (``-1``: from no one). Visibly, with the
    cards named (五谷丰登, an equipped card taken by 顺手牵羊); or face down, with a count as the third
    arg and the cards as the hidden part (a hand card taken by 顺手牵羊, 仁德's gift)."""
    giving = t.memory.gift(source) if isinstance(source, int) and source >= 0 else ""
    if giving:  # a skill's gift (遗计): told as given, with the skill
        gift = t.cards(cards if isinstance(cards, list | tuple) else hidden) \
            if isinstance(cards, list | tuple) or hidden is not None else t.n_cards(cards)
        return t.say(en="{src} gives {p} {cards} ({skill})", zh="{src}将{cards}交给{p}（{skill}）",
                     src=t.p(source), p=t.p(seat), cards=gift, skill=t.skill(giving))
    if isinstance(cards, list | tuple):
        named: Any = cards
    elif hidden is not None:
        named = hidden
    else:
        if source < 0:
            return t.say(en="{p} gains {nc}", zh="{p}获得了{n}张牌", p=t.p(seat), n=cards,
                         nc=t.n_cards(cards))
        return t.say(en="{p} takes {nc} from {src}", zh="{p}从{src}处获得了{n}张牌", p=t.p(seat),
                     src=t.p(source), n=cards, nc=t.n_cards(cards))
    if source is None or source < 0:
        return t.say(en="{p} gains {cards}", zh="{p}获得了{cards}", p=t.p(seat),
                     cards=t.cards(named))
    area = _from_area(t, source, named)
    if area == EQUIP_AREA:
        return t.say(en="{p} takes {cards} from {src}'s equipment area",
                     zh="{p}获得了{src}装备区的{cards}", p=t.p(seat), src=t.p(source),
                     cards=t.cards(named))
    if area == JUDGE_AREA:
        return t.say(en="{p} takes {cards} from {src}'s judgement area",
                     zh="{p}获得了{src}判定区的{cards}", p=t.p(seat), src=t.p(source),
                     cards=t.cards(named))
    return t.say(en="{p} takes {cards} from {src}", zh="{p}从{src}处获得了{cards}", p=t.p(seat),
                 src=t.p(source), cards=t.cards(named))


@event_kind("equip")
def EQUIP(t: Teller, seat: int, card: int) -> str:
    """``card`` goes into ``seat``'s equipment area."""
    return t.say(en="{p} equips {card}", zh="{p}装备了{card}", p=t.p(seat), card=t.card(card))


@event_kind("return_weapon")
def RETURN_WEAPON(t: Teller, seat: int, owner: int, card: int) -> str:
    """A weapon borrowed with 借刀杀人 goes back to its owner's equipment area."""
    return t.say(en="{p} returns {card} to {owner}", zh="{p}将{card}还给{owner}", p=t.p(seat),
                 owner=t.p(owner), card=t.card(card))


# ---------------------------------------------------------------------------- using and playing
@event_kind("use")
def USE(t: Teller, seat: int, name: str, cards: Cards, targets: tuple[int, ...],
        skill: str = "") -> str:
    """``seat`` uses a card (a vcard: ``name, cards, skill``) on the seats in ``targets`` (empty
    for a card without targets). 青龙偃月刀's follow-up 杀 has ``skill`` ``"blade"`` when it is
    itself."""
    card = t.vcard(name, cards, skill)
    if targets:
        return t.say(en="{p} uses {card} on {targets}", zh="{p}对{targets}使用了{card}",
                     p=t.p(seat), card=card, targets=t.seats(targets))
    return t.say(en="{p} uses {card}", zh="{p}使用了{card}", p=t.p(seat), card=card)


_USED: set[str] = set()


def told_as_used(name: str) -> None:
    """Say that the card ``name``, played when asked for, is *used* in the rules' words (桃 for
    the dying, 无懈可击): the account says so. Registered by the module that defines the card."""
    _USED.add(name)


@event_kind("play")
def PLAY(t: Teller, seat: int, name: str, cards: Cards, skill: str) -> str:
    """``seat`` plays a card in response (闪 to a 杀, 杀 in a duel or to 南蛮入侵, 桃 to the
    dying, 无懈可击). 青龙偃月刀's follow-up 杀 is told by the ``use`` that comes next."""
    if t.memory.hushes(seat):  # told by what follows it (青龙偃月刀's follow-up 杀: its ``use``)
        return ""
    card = t.vcard(name, cards, skill)
    if name in _USED:  # used, not played, in the rules' words (told_as_used)
        line = t.say(en="{p} uses {card}", zh="{p}使用了{card}", p=t.p(seat), card=card)
        if t.memory.holds(name):
            t.memory.hold(line)  # told after the window it may close (the next ``nullified``)
            return ""
        return line
    return t.say(en="{p} plays {card}", zh="{p}打出了{card}", p=t.p(seat), card=card)


@event_kind("skill")
def SKILL(t: Teller, seat: int, skill: str, cards: Cards = (), targets: tuple[int, ...] = (),
          *extra: Any, hidden: Any = None) -> str:
    """A skill is invoked: ``seat, skill_id`` for a triggered or equipment skill (八卦阵, 贯石斧,
    ...) or a skill producing a card in response; ``seat, skill_id, cards, targets`` for a
    play-phase skill used with ``cards`` on ``targets`` (``cards`` is empty when the skill hands
    them over face down: 仁德's gift is named only in the private ``gain`` that follows). Skills
    added later may log more args after these; readers show unknown extra args as they are.

    A skill that did nothing is not told: 青釭剑 against a target with no armor, 青龙偃月刀
    (its follow-up 杀 is told by its ``use``); 无双 against a 南蛮入侵/万箭齐发 target and 克己
    say what they do."""
    line = t.say(en="{p} invokes {skill}", zh="{p}发动了【{skill}】", p=t.p(seat),
                 skill=t.skill(skill))
    if not cards and not targets and not extra:
        effect = _skill_effect(t, seat, skill)
        if effect is not None:
            return line + effect if effect else ""
    if isinstance(cards, list | tuple) and cards:
        line += t.say(en=" with {cards}", zh="，用{cards}", cards=t.cards(cards))
    if isinstance(targets, list | tuple) and targets:
        line += t.say(en=" on {targets}", zh="，目标{targets}", targets=t.seats(targets))
    if extra or hidden is not None:
        line += " " + " ".join(str(list(x) if isinstance(x, tuple) else x) for x in extra)
        if hidden is not None:
            line += f" | {list(hidden) if isinstance(hidden, tuple) else hidden}"
    return line.rstrip()


Effect = Callable[[Teller, int], "str | None"]
_EFFECTS: dict[str, Effect] = {}


def skill_effect(skill: str) -> Callable[[Effect], Effect]:
    """Say what the triggered skill ``skill`` does, after its name in its ``skill`` event (a
    decorator): ``effect(t, seat)`` returns the words (``": no hand limit this turn"``), ``""``
    when the skill did nothing and is not told, None for nothing to add. Registered by the module
    that defines the skill."""

    def register(effect: Effect) -> Effect:
        if skill in _EFFECTS:
            raise RegistrationError(f"{caller_module()}: what the skill {skill!r} does is told "
                                    "already")
        _EFFECTS[skill] = effect
        return effect

    return register


def _skill_effect(t: Teller, seat: int, skill: str) -> str | None:
    """What a triggered skill does, said after its name (None: nothing to add; ``""``: the skill
    did nothing, and is not told)."""
    effect = _EFFECTS.get(skill)
    return effect(t, seat) if effect is not None else None


@event_kind("nullified")
def NULLIFIED(t: Teller, seat: int, trick: str, target: int, cancelled: bool) -> str:
    """``seat`` played 无懈可击 in the window of ``trick`` on ``target``; ``cancelled`` is the
    outcome so far (true: the trick has no effect on that target; false: a counter restored it)."""
    if cancelled:
        return t.say(en="{trick} on {target} is nullified", zh="对{target}的【{trick}】被抵消",
                     trick=t.name(trick), target=t.p(target))
    return t.say(en="the {nul} is countered: {trick} on {target} takes effect again",
                 zh="{nul}被抵消，对{target}的【{trick}】重新生效", trick=t.name(trick),
                 target=t.p(target), nul=t.name(NULLIFICATION))


# ---------------------------------------------------------------------------- judgements
@event_kind("delayed_judge")
def DELAYED_JUDGE(t: Teller, seat: int, card: int, name: str) -> str:
    """In ``seat``'s judge phase, the delayed trick ``card`` (as ``name``) is resolved."""
    return t.say(en="{p}'s {card} is judged", zh="{p}判定{card}", p=t.p(seat),
                 card=t.vcard(name, (card,), ""))


@event_kind("judge")
def JUDGE(t: Teller, seat: int, reason: str, card: int) -> str:
    """The top card of the draw pile is turned up as ``seat``'s judgement for ``reason``
    (``indulgence``, ``lightning``, ``eight_diagram``, or a skill id)."""
    t.last_judge[(seat, reason)] = card
    return t.say(en="{p} judges for {reason}: {card}", zh="{p}进行{reason}判定：{card}",
                 p=t.p(seat), reason=t.reason(reason), card=t.card(card))


@event_kind("judge_result")
def JUDGE_RESULT(t: Teller, seat: int, reason: str, card: int) -> list[str]:
    """The judgement card in effect after skills could replace it (鬼才); the same card as
    ``judge`` unless it was replaced. Told with what it means for ``reason`` (乐不思蜀, 闪电,
    八卦阵, 刚烈, 洛神: :func:`judgement_meaning`)."""
    changed = ""
    if t.last_judge.get((seat, reason)) != card:  # unchanged: the judge line named the card
        changed = t.say(en="{p}'s judgement for {reason} becomes {card}",
                        zh="{p}的{reason}判定牌变为{card}", p=t.p(seat), reason=t.reason(reason),
                        card=t.card(card))
    return t.told(changed, judgement_meaning(t, seat, reason, card))


Meaning = Callable[[Teller, int, int], str]


class Judgement:
    """A reason to judge (a delayed trick, an armor, a skill), declared with what its result means:
    :func:`~sgscore.sanguosha.rules.judge` takes one, so nothing judges without its words.
    ``meaning(t, seat, card)`` says what the judgement card ``card`` in effect means for ``seat``
    (told with ``judge_result``)."""

    __slots__ = ("name", "meaning", "module")

    def __init__(self, name: str, meaning: Meaning) -> None:
        self.name = name
        self.meaning = meaning
        self.module = module_of(meaning)

    def __repr__(self) -> str:
        return f"<judgement {self.name}>"


JUDGEMENTS: Registry[Judgement] = Registry("judgement")


def judgement(name: str) -> Callable[[Meaning], Judgement]:
    """Declare a judgement with what its result means (a decorator on the meaning): one per name,
    from the module of the card or skill that judges (``name`` is what the ``judge`` event
    records: the card's name or the skill's id)."""

    def declare(meaning: Meaning) -> Judgement:
        return JUDGEMENTS.add(Judgement(name, meaning))

    return declare


def register_meaning(reason: str, meaning: Meaning) -> Judgement:
    """:func:`judgement` as a call: declare the judgement ``reason`` with ``meaning``."""
    return judgement(reason)(meaning)


def judgement_meaning(t: Teller, seat: int, reason: str, card: int) -> str:
    """What a judgement's result means, as its rule decides it (``""`` for a reason nothing
    declared, or a card that is no card)."""
    if not is_card(card):
        return ""
    told = JUDGEMENTS.get(reason)
    return told.meaning(t, seat, card) if told is not None else ""


# ---------------------------------------------------------------------------- HP and death
@event_kind("damage")
def DAMAGE(t: Teller, source: int, seat: int, amount: int, hp: int, card_name: str) -> str:
    """``source`` (``-1``: none, e.g. 闪电) deals ``amount`` damage to ``seat``, whose HP is now
    ``hp``; ``card_name`` is the card that caused it (``""`` for none)."""
    by = t.say(en=" with {card}", zh="【{card}】，", card=t.name(card_name)) if card_name else ""
    as_card = t.memory.as_card
    if not card_name and as_card is not None and {source, seat} == {as_card[2], as_card[3]}:
        by = t.say(en=" with {card} [{skill}]", zh="{skill}的【{card}】，", card=t.name(as_card[0]),
                   skill=t.skill(as_card[1]))  # 离间: the effect of 决斗, with no card
    if source is None or source < 0:
        return t.say(en="{p} takes {n} damage{by} (HP {hp})", zh="{p}受到{n}点伤害（{by}体力{hp}）",
                     p=t.p(seat), n=amount, hp=hp, by=by)
    return t.say(en="{src} deals {n} damage to {p}{by} (HP {hp})",
                 zh="{src}对{p}造成{n}点伤害（{by}体力{hp}）", src=t.p(source), p=t.p(seat),
                 n=amount, hp=hp, by=by)


@event_kind("damage_prevented")
def DAMAGE_PREVENTED(t: Teller, seat: int) -> str:
    """Damage to ``seat`` was prevented (or reduced to 0) before it was dealt."""
    return t.say(en="damage to {p} is prevented", zh="{p}受到的伤害被防止", p=t.p(seat))


@event_kind("lose_hp")
def LOSE_HP(t: Teller, seat: int, amount: int, hp: int) -> str:
    """``seat`` loses HP (not damage: no damage timings)."""
    return t.say(en="{p} loses {n} HP (HP {hp})", zh="{p}失去{n}点体力（体力{hp}）", p=t.p(seat),
                 n=amount, hp=hp)


@event_kind("recover")
def RECOVER(t: Teller, seat: int, amount: int, hp: int) -> str:
    """``seat`` recovers ``amount`` HP, now ``hp``."""
    return t.say(en="{p} recovers {n} HP (HP {hp})", zh="{p}回复{n}点体力（体力{hp}）", p=t.p(seat),
                 n=amount, hp=hp)


@event_kind("dying")
def DYING(t: Teller, seat: int, hp: int) -> str:
    """``seat`` is dying (HP ≤ 0); everyone in turn may use 桃."""
    return t.say(en="{p} is dying (HP {hp})", zh="{p}进入濒死状态（体力{hp}）", p=t.p(seat), hp=hp)


@event_kind("death")
def DEATH(t: Teller, seat: int, role: str, killer: int) -> str:
    """``seat`` dies and its role is revealed; ``killer`` is the seat whose damage killed it, or
    ``-1``."""
    t.roles[seat] = role
    shown = role_name(str(role), t.lang)
    if killer is None or killer < 0:
        return t.say(en="{p} dies: {role}", zh="{p}阵亡，身份是{role}", p=t.p(seat), role=shown)
    return t.say(en="{p} dies: {role}, killed by {killer}", zh="{p}被{killer}杀死，身份是{role}",
                 p=t.p(seat), role=shown, killer=t.p(killer))


assert LORD == "lord"  # the role event names the lord by this id


# ---------------------------------------------------------------------------- what they teach
# What the events of this module teach the account's memory (memory.py): where public cards lie,
# who is dead, the last judgement; the cards and skills register what theirs teach.
@learns("setup")
def _setup(m: Memory, t: Teller, args: tuple[Any, ...], hidden: Any) -> None:
    m.players = int(args[0])


@learns("use")
def _use(m: Memory, t: Teller, args: tuple[Any, ...], hidden: Any) -> None:
    m.moved(args[2])
    m.used = str(args[1])


@learns("play")
def _play(m: Memory, t: Teller, args: tuple[Any, ...], hidden: Any) -> None:
    m.moved(args[2])
    m.last_played = args[0]


@learns("equip")
def _equip(m: Memory, t: Teller, args: tuple[Any, ...], hidden: Any) -> None:
    m.zone[args[1]] = (EQUIP_AREA, args[0])


@learns("return_weapon")
def _return_weapon(m: Memory, t: Teller, args: tuple[Any, ...], hidden: Any) -> None:
    m.zone[args[2]] = (EQUIP_AREA, args[1])


_STAYING: set[str] = set()


def register_staying(name: str) -> None:
    """Say that the delayed trick ``name`` may stay in a judgement area, or move to another,
    once judged (闪电): the account keeps it where it lies until an event moves it. Registered by
    the module that defines the card."""
    _STAYING.add(name)


@learns("delayed_judge")
def _delayed_judge(m: Memory, t: Teller, args: tuple[Any, ...], hidden: Any) -> None:
    m.delayed = args[1]
    if args[2] not in _STAYING:  # it leaves the judgement area, with no event of its own
        m.zone.pop(args[1], None)


@learns("judge")
def _judge(m: Memory, t: Teller, args: tuple[Any, ...], hidden: Any) -> None:
    m.judged = args[0]


@learns("discard")
def _discard(m: Memory, t: Teller, args: tuple[Any, ...], hidden: Any) -> None:
    m.moved(args[1] if len(args) > 1 else ())
    m.moved(hidden)


@learns("gain")
def _gain(m: Memory, t: Teller, args: tuple[Any, ...], hidden: Any) -> None:
    m.moved(args[2] if len(args) > 2 else ())
    m.moved(hidden)


@learns("draw")
def _draw(m: Memory, t: Teller, args: tuple[Any, ...], hidden: Any) -> None:
    m.moved(hidden)


@learns("death")
def _death(m: Memory, t: Teller, args: tuple[Any, ...], hidden: Any) -> None:
    m.dead.add(args[0])


def _judging(m: Memory, args: tuple[Any, ...]) -> int:
    return int(args[0])


inside("judge", _judging)  # a judgement inside a response (八卦阵's) is part of it
inside("judge_result", _judging)


# ---------------------------------------------------------------------------- asking round
# A skill that asks the other players of a kingdom, in turn, for a card it needs (a lord skill:
# 激将, 护驾): the account says so when nobody answers.
_ASKS: dict[str, tuple[str, str]] = {}
_KINGDOM_EN = {"wei": "Wei", "shu": "Shu", "wu": "Wu", "qun": "Qun"}


def asks_round(skill: str, card: str, kingdom: str) -> None:
    """Say that the skill ``skill`` asks the other players of ``kingdom`` in turn for a card
    named ``card`` (its ``skill`` event opens the asking, which ends when one answers or, told
    so, when nobody does). Registered by the module that defines the skill."""
    _ASKS[skill] = (card, kingdom)

    @learns_skill(skill)
    def _asks(m: Memory, t: Teller, args: tuple[Any, ...], hidden: Any) -> None:
        m.push(Window("lord_ask", args[0], skill))


def asks(skill: str) -> bool:
    """Whether ``skill`` asks the others round for a card (:func:`asks_round`)."""
    return skill in _ASKS


def _ask_keeps(m: Memory, w: Window, kind: str, args: tuple[Any, ...]) -> bool:
    """The others answer, with a judgement (八卦阵) if they like."""
    inner = m.inner_seat(kind, args)
    card = _ASKS[w.about][0]
    return (inner >= 0 and inner != w.seat) or (
        kind == "play" and args[0] != w.seat and args[1] == card)


def _ask_closing(t: Teller, w: Window, kind: str, args: tuple[Any, ...]) -> str:
    kingdom = _ASKS[w.about][1]
    names = KINGDOM_ZH if t.lang == "zh" else _KINGDOM_EN
    return t.say(en="no {kingdom} general answers {skill}", zh="没有{kingdom}势力角色响应【{skill}】",
                 kingdom=names[kingdom], skill=t.skill(w.about))


def _ask_answered(m: Memory, t: Teller, w: Window, args: tuple[Any, ...],
                  hidden: Any) -> list[str] | None:
    if args[0] == w.seat:
        return None
    m.windows.pop()  # a helper answered
    return []


_window_kind("lord_ask", keeps=_ask_keeps, closing=_ask_closing, takes={"play": _ask_answered})

