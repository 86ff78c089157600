"""The requests of the rules themselves: the play-phase request, and the kinds the rules ask
(``play``, ``respond``, ``invoke``, ``order_skills``, ``discard_phase``) with their words.

Play-phase choice shapes (values, never list positions):

- ``None``: end the play phase.
- ``(card, target, ...)``: use the physical card ``card`` as itself on the given seats
  (``(card,)`` for a card that needs no target: 桃, 无中生有, equipment, ...).
- ``(skill_id, cards, targets)``: use a skill, e.g. ``("wusheng", (17,), (3,))`` (a red card as
  杀 on seat 3) or ``("rende", (40,), (2,))`` (give card 40 to seat 2).

The options are computed once per request, from one function, and both :meth:`PlayRequest.choices`
and :meth:`PlayRequest.check` read them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final

from ..core.protocol import Choice, IllegalChoice, Request
from .cards import NAME, NULLIFICATION, PEACH, SLASH
from .model import Player, VCard
from .telling import Teller, request_kind

if TYPE_CHECKING:
    from .game import Game

__all__ = [
    "PlayRequest", "card_targets", "PLAY", "RESPOND", "INVOKE", "ORDER_SKILLS", "DISCARD_PHASE",
    "YES_NO",
]

YES_NO: Final = (False, True)


def card_targets(g: Game, p: Player, vcard: VCard) -> list[tuple[int, ...]]:
    """Legal target tuples for using ``vcard`` now (``[]``: it cannot be used)."""
    t = g.card_types.get(vcard.name)
    if t is None or t.targets is None:  # 闪, 无懈可击: never used on their own
        return []
    return t.targets(g, p, vcard)


def _ids(values: tuple[Any, ...]) -> bool:
    """Whether every value is an int, exactly (``True == 1``, but a bool is no card or seat)."""
    return all(type(v) is int for v in values)


def _short(value: Any) -> str:
    """``repr`` of a choice, cut to 60 characters (choices from files can be long)."""
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


Options = dict[int, list[tuple[int, ...]]]
SkillOptions = dict[tuple[str, tuple[int, ...]], list[tuple[int, ...]]]


class PlayRequest(Request):
    """The play-phase request. Options are computed lazily from the frozen state of a pending
    request: :meth:`forced` stops at the first usable card, :meth:`check` looks only at the card
    or skill named, and :meth:`choices` computes everything once (all from :func:`card_targets`
    and the skills' ``play_options``)."""

    __slots__ = ("_g", "_p", "_per_card", "_cards_all", "_skills_all", "_list")

    def __init__(self, g: Game, p: Player) -> None:
        super().__init__(p.seat, PLAY.name, ())
        self._g = g
        self._p = p
        self._per_card: Options = {}
        self._cards_all: Options | None = None
        self._skills_all: SkillOptions | None = None
        self._list: list[Choice] | None = None

    def _targets(self, card: int) -> list[tuple[int, ...]]:
        ts = self._per_card.get(card)
        if ts is None:
            ts = card_targets(self._g, self._p, VCard.of(card))
            self._per_card[card] = ts
        return ts

    @property
    def _cards(self) -> Options:
        if self._cards_all is None:
            out: Options = {}
            for c in self._p.hand:
                ts = self._targets(c)
                if ts:
                    out[c] = ts
            self._cards_all = out
        return self._cards_all

    @property
    def _skills(self) -> SkillOptions:
        if self._skills_all is None:
            g, p = self._g, self._p
            skills: SkillOptions = {}
            listed = g.acting.get(p.seat)
            if listed:
                for s in listed:
                    for used, targets in s.play_options(g, p):
                        key = (s.id, tuple(used))
                        options = skills.get(key)
                        if options is None:
                            skills[key] = [tuple(targets)]
                        else:
                            options.append(tuple(targets))
            self._skills_all = skills
        return self._skills_all

    def choices(self) -> list[Choice]:
        if self._list is None:
            out: list[Choice] = [None]
            for c, tss in self._cards.items():
                for ts in tss:
                    out.append((c, *ts))
            for (sid, used), tss in self._skills.items():
                for ts in tss:
                    out.append((sid, used, ts))
            self._list = out
        return self._list

    def choice_at(self, index: int) -> Choice:
        """The choice at ``index`` of :meth:`choices`, found without listing them all."""
        if self._list is not None:
            return self._list[index]
        if index == 0:
            return None
        i = index - 1
        for c, tss in self._cards.items():
            if i < len(tss):
                return (c, *tss[i])
            i -= len(tss)
        for (sid, used), tss in self._skills.items():
            if i < len(tss):
                return (sid, used, tss[i])
            i -= len(tss)
        raise IndexError(f"choice index {index} out of range")

    def count(self) -> int:
        if self._list is not None:
            return len(self._list)
        n = 1
        for ts in self._cards.values():
            n += len(ts)
        for tss in self._skills.values():
            n += len(tss)
        return n

    def forced(self) -> tuple[bool, Choice]:
        if self._cards_all is not None:
            if self._cards_all:
                return False, None
        else:
            for c in self._p.hand:
                if self._targets(c):
                    return False, None
        if self._skills:
            return False, None
        return True, None

    def not_forced_by(self, choice: Choice) -> bool:
        # Ending the play phase is always legal: a legal use of a card or skill is a second choice.
        return choice is not None and self.is_legal(choice)

    def _check(self, choice: Choice) -> None:
        if choice is None:
            return
        if not isinstance(choice, tuple) or not choice:
            raise IllegalChoice("bad_shape", f"a play choice is None or a tuple, got {choice!r}")
        head = choice[0]
        if isinstance(head, str):
            self._check_skill(choice)
            return
        if not _ids(choice):  # a bool is no card or seat id, though True == 1
            raise IllegalChoice("bad_shape", "a card choice is a card id and seat ids (integers), "
                                f"got {_short(choice)}")
        opts = self._targets(head) if head in self._p.hand else None
        if not opts:
            raise IllegalChoice(
                "card_unusable", f"card {head} is not a usable card in seat {self.seat}'s hand"
            )
        if tuple(choice[1:]) not in opts:
            raise IllegalChoice(
                "bad_targets",
                f"{list(choice[1:])!r} are not legal targets for {NAME[head]} (card {head})",
            )

    def _check_skill(self, choice: tuple[Any, ...]) -> None:
        head = choice[0]
        if (len(choice) != 3 or not isinstance(choice[1], tuple) or not isinstance(choice[2], tuple)
                or not _ids(choice[1]) or not _ids(choice[2])):
            raise IllegalChoice(
                "bad_shape", f"a skill choice is (skill, card ids, seat ids), got {_short(choice)}"
            )
        skills = self._skills
        try:
            opts = skills.get((head, choice[1]))
        except TypeError:  # an unhashable value inside the tuple
            opts = None
        if opts is None:
            if not any(k[0] == head for k in skills):
                raise IllegalChoice("skill_unavailable", f"skill {head!r} cannot be used now")
            raise IllegalChoice(
                "bad_cards", f"skill {head!r} cannot be used with cards {choice[1]!r}"
            )
        if choice[2] not in opts:
            raise IllegalChoice("bad_targets", f"{choice[2]!r} are not legal targets for {head!r}")

    def form(self) -> dict[str, Any]:
        """``{"form": "play", "choices": [...], "cards": [...], "skills": [...]}``: every choice
        listed (``None``, ending the play phase, first), and the same options grouped as a
        frontend shows a hand: ``cards``, one ``{"card", "targets"}`` per usable hand card (a
        card that needs no target has ``[[]]``), and ``skills``, one ``{"skill", "cards",
        "targets"}`` per skill and set of cards it can be used with. ``(card, *targets)`` for
        each card's targets and ``(skill, cards, targets)`` for each skill's are the choices
        other than ``None``."""
        return {
            "form": "play", "choices": list(self.choices()),
            "cards": [{"card": c, "targets": [list(t) for t in ts]}
                      for c, ts in self._cards.items()],
            "skills": [{"skill": sid, "cards": list(used), "targets": [list(t) for t in ts]}
                       for (sid, used), ts in self._skills.items()],
        }

    def describe(self) -> dict[str, Any]:
        """The options as plain data (for frontends): cards and skills with their target sets."""
        return {
            "cards": {c: [list(t) for t in ts] for c, ts in self._cards.items()},
            "skills": [
                {"skill": sid, "cards": list(used), "targets": [list(t) for t in ts]}
                for (sid, used), ts in self._skills.items()
            ],
        }


# ---------------------------------------------------------------------------- the rules' kinds
def _ask_play(t: Teller, seat: int) -> str:
    return t.say(en="{p}'s play phase: use a card or a skill, or end the phase",
                 zh="{p}的出牌阶段：使用牌或技能，或结束出牌", p=t.p(seat))


@request_kind("play", ask=_ask_play, choice="""``None`` to end the play phase; ``(card, target,
    ...)`` to use a card (``(card,)`` when it needs no target; 借刀杀人 names the weapon's holder
    then the victim); ``(skill_id, cards, targets)`` for a skill, e.g. ``("rende", (17,), (3,))``
    (仁德), ``("guose", (29,), (2,))`` (国色), ``("jijiang", (), (1,))`` (激将)""")
def PLAY(t: Teller, choice: Choice) -> str:
    """The current seat, in its play phase: what to do next."""
    if choice is None:
        return t.say(en="end the play phase", zh="结束出牌阶段")
    if not isinstance(choice, tuple) or not choice:
        raise TypeError(choice)
    if isinstance(choice[0], str):
        skill, cards, targets = choice
        line = t.skill(skill)
        if cards:
            line += t.say(en=" with {cards}", zh="，用{cards}", cards=t.cards(cards))
        if targets:
            line += t.say(en=" on {seats}", zh="，目标{seats}", seats=t.seats(targets))
        return str(line)
    line = t.card(choice[0])
    if len(choice) > 1:
        line += t.say(en=" on {seats}", zh="，目标{seats}", seats=t.seats(choice[1:]))
    return str(line)


AskWords = Callable[[Teller, int, str, tuple[Any, ...]], str]
_ASKED_FOR: Final[dict[str, AskWords]] = {}


def asked_for(what: str) -> Callable[[AskWords], AskWords]:
    """Say how a ``respond`` request whose context starts with ``what`` (a card or a skill that
    asks for the card) is put: ``words(t, seat, name, context)`` (a decorator; registered by the
    module that defines ``what``: 决斗, 南蛮入侵 and 万箭齐发 ask for a card against them, 青龙偃月刀
    for another 杀). Any other skill's asking is put as playing the card for the one it asks
    for (护驾, 激将)."""

    def register(words: AskWords) -> AskWords:
        _ASKED_FOR[what] = words
        return words

    return register


def _ask_respond(t: Teller, seat: int, name: str, *context: Any) -> str:
    card = t.name(name)
    p = t.p(seat)
    if name == NULLIFICATION:
        trick, target, what = context
        if what == "counter":
            return t.say(en="{p} may use {card} to counter the nullification of {trick} on "
                            "{target}", zh="{p}可以使用【{card}】抵消对{target}的【{trick}】的无懈可击",
                         p=p, card=card, trick=t.name(trick), target=t.p(target))
        return t.say(en="{p} may use {card} against {trick} on {target}",
                     zh="{p}可以使用【{card}】抵消对{target}的【{trick}】", p=p, card=card,
                     trick=t.name(trick), target=t.p(target))
    if name == PEACH:
        return t.say(en="{p} may use {card} on the dying {target}", zh="{p}可以对濒死的{target}使用【{card}】",
                     p=p, card=card, target=t.p(context[0]))
    if context and isinstance(context[0], int):
        return t.say(en="{p} may play {card} against {src}'s {slash}", zh="{p}可以打出【{card}】响应{src}的【{slash}】",
                     p=p, card=card, src=t.p(context[0]), slash=t.name(SLASH))
    words = _ASKED_FOR.get(context[0]) if context and isinstance(context[0], str) else None
    if words is not None:
        return words(t, seat, name, context)
    if context:
        return t.say(en="{p} may play {card} for {other} ({skill})", zh="{p}可以为{other}打出【{card}】（{skill}）",
                     p=p, card=card, other=t.p(context[1]), skill=t.skill(context[0]))
    return t.say(en="{p} may play {card}", zh="{p}可以打出【{card}】", p=p, card=card)


@request_kind("respond", ask=_ask_respond, choice="""``None`` to decline; a hand card id; ``(skill_id,
    card)`` for a conversion (``("spear", 72)``); ``(skill_id,)`` for a skill that produces the card
    another way (``("eight_diagram",)``, ``("hujia",)``, ``("jijiang",)``)""")
def RESPOND(t: Teller, choice: Choice) -> str:
    """A seat asked for a card named ``name``; the context says why: ``(source,)`` (闪 against a
    杀), ``("archery_attack", source)``, ``("duel", opponent)``, ``("savage_assault", source)``,
    ``(dying,)`` (桃), ``(trick, target, "nullification" or "counter")`` (无懈可击), ``("hujia",
    lord)``, ``("jijiang", lord)``, ``("blade", target)``."""
    if choice is None:
        return t.say(en="decline", zh="不出")
    if isinstance(choice, tuple):
        line = t.skill(choice[0])
        if len(choice) > 1:
            line += t.say(en=" with {card}", zh="，用{card}", card=t.card(choice[1]))
        return str(line)
    return t.card(choice)


def _ask_invoke(t: Teller, seat: int, skill: str, timing: str, *about: Any) -> str:
    if about and isinstance(about[0], int) and not isinstance(about[0], bool):
        if timing == "damage_before" and len(about) > 1:  # 急救: whom the damage is about to hit
            return t.say(en="{p} may use {skill}: {other} is about to take {n} damage",
                         zh="{p}可以发动【{skill}】：{other}即将受到{n}点伤害", p=t.p(seat),
                         skill=t.skill(skill), other=t.p(about[0]), n=about[1])
        return t.say(en="{p} may use {skill} (for {other})", zh="{p}可以发动【{skill}】（{other}）",
                     p=t.p(seat), skill=t.skill(skill), other=t.p(about[0]))
    return t.say(en="{p} may use {skill}", zh="{p}可以发动【{skill}】", p=t.p(seat),
                 skill=t.skill(skill))


@request_kind("invoke", ask=_ask_invoke, choice="``True`` or ``False``")
def INVOKE(t: Teller, choice: bool) -> str:
    """The owner of an optional skill, whether to use it now (e.g. ``("jianxiong",
    "damaged")``); a skill may add what it is about (``("jijiu", "damage_before", seat,
    amount)``: the seat about to be damaged)."""
    if not isinstance(choice, bool):
        raise TypeError(choice)
    return t.say(en="yes", zh="是") if choice else t.say(en="no", zh="否")


def _ask_order(t: Teller, seat: int, timing: str) -> str:
    return t.say(en="{p} has several skills ready at once: which resolves first?",
                 zh="{p}有多个技能同时发动：先发动哪个？", p=t.p(seat))


@request_kind("order_skills", ask=_ask_order, choice="the skill id to resolve first")
def ORDER_SKILLS(t: Teller, choice: str) -> str:
    """A seat with several skills ready at one timing: which resolves first."""
    return t.skill(choice)


def _ask_discard(t: Teller, seat: int, n: int) -> str:
    return t.say(en="{p} is over the hand limit: discard {nc}", zh="{p}超出手牌上限：弃置{n}张牌",
                 p=t.p(seat), n=n, nc=t.n_cards(n))


@request_kind("discard_phase", ask=_ask_discard, choice="a sorted tuple of exactly ``n`` hand card ids")
def DISCARD_PHASE(t: Teller, choice: tuple[int, ...]) -> str:
    """The current seat, over its hand limit in its discard phase: which ``n`` cards to discard."""
    return t.cards(choice)
