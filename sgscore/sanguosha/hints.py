"""What the heuristic agent knows of each general, skill, card, judgement and request kind:
*agent hints*, registered by the module that defines the thing, beside its rules.

The heuristic agent (:mod:`.agent`) plays by rules of thumb that name no general, skill or card.
What it knows of a particular one comes from here, so a new general's module says in a few lines
how strong the agent should think him and when to use his skills, and nothing else changes:

- :func:`general_hint`: the agent's estimate of a general (``strength``, 1-100, and the roles he
  suits), which weighs its picks in the draft (:func:`~.agent.draft_weight`);
- :func:`skill_hint`: when to use a skill: ``use_as`` (a play-phase use that is scored as the use
  of that card on its targets: 激将 as a 杀), ``play`` (the score of a play-phase use, against
  the agent's other actions and ending the phase at 0), ``invoke`` (the yes/no of an optional
  skill), ``respond`` (whether to play a card when asked for one on the skill's behalf: 护驾's
  闪 for a friendly lord), ``as_answer`` (whether to take the skill when a request offers it as an
  answer);
- :func:`card_hint`: a card's ``value`` (how much the agent wants to keep it), whether it
  ``harms`` its targets (an attack the agent answers, and holds against its user), its ``use``
  score in the play phase, ``rescues`` (it can take a delayed trick off a friend), ``saves``
  (played to the dying it saves them, and the agent takes the saver for the dying's friend), its
  ``keep`` value when discarding, and ``respond`` (whether to use it when asked: 桃 for the
  dying, 无懈可击);
- :func:`judgement_hint`: whether a judgement card for a reason goes the judging player's way (鬼才
  reads it);
- :func:`answer_hint`: the answer to a request kind a general, card or variant asks (遗计's
  gifts, 过河拆桥's card, a dark soul's use).

A hint's functions get an :class:`Advisor`: the agent's view of the table through what its seat
may see (its attitude to each seat, what a card is worth to it, how it scores a use). A thing
without a hint is still played: an unknown card is kept at a middling value and used when its
targets say so, an unknown skill's play-phase use scores below ending the phase unless it is a
card conversion (``Skill.play_as``), an optional skill is used, an unknown request is answered
at random. Hints are agent knowledge, never rules: no game changes with them, only what the
heuristic agent decides.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Final, Protocol

from ..core.protocol import Choice, Request
from ..core.registry import RegistrationError, Registry, caller_module

if TYPE_CHECKING:
    from .game import Game
    from .model import Player

__all__ = [
    "ENEMY", "UNKNOWN", "FRIEND", "NO_OPINION", "NoOpinion", "Advisor", "GeneralHint",
    "SkillHint", "CardHint", "JudgementHint", "AnswerHint", "GENERAL_HINTS", "SKILL_HINTS",
    "CARD_HINTS", "JUDGEMENT_HINTS", "ANSWER_HINTS", "SidesHint", "SIDES_HINTS", "general_hint",
    "skill_hint", "card_hint", "judgement_hint", "answer_hint", "sides_hint", "strength",
    "draft_order", "asker_is_friend", "cost", "take_from_target",
]

ENEMY: Final = -1
UNKNOWN: Final = 0
FRIEND: Final = 1


class NoOpinion:
    """What an answer hint returns when it has no opinion (the agent then decides as if there
    were no hint)."""


NO_OPINION: Final = NoOpinion()


class Advisor(Protocol):
    """What a hint's functions may ask the heuristic agent: its seat, the game (read only through
    what the seat may see) and its judgements of seats and cards."""

    @property
    def seat(self) -> int: ...

    @property
    def game(self) -> Game: ...

    @property
    def me(self) -> Player: ...

    def attitude(self, seat: int) -> int:
        """:data:`ENEMY`, :data:`UNKNOWN` or :data:`FRIEND` (itself a friend)."""
        ...

    def value(self, card: int) -> int:
        """How much it wants to keep ``card`` (the card's hint, or what the card plays like)."""
        ...

    def keep(self, card: int) -> int:
        """How much it wants to keep ``card`` now, its hand's needs counted (discarding)."""
        ...

    def harms(self, name: str) -> bool:
        """Whether the card ``name`` (or the card it plays like) harms its targets."""
        ...

    def target_score(self, name: str, targets: Sequence[int]) -> int:
        """What using the card ``name`` on ``targets`` is worth: enemies hit are good, friends
        hit are bad (unless the card rescues them), unknown seats by its role's guess."""
        ...

    def use_score(self, name: str, cards: Sequence[int], targets: Sequence[int]) -> int:
        """:meth:`target_score`, less half the value of ``cards`` spent when it is worth it."""
        ...

    def area_score(self, harm: bool) -> int:
        """What a card for every living player is worth: harm to the others (南蛮入侵), or help
        to the hurt, itself among them (桃园结义)."""
        ...

    def judgement(self, reason: str, card: int) -> int:
        """1 when ``card`` as a judgement for ``reason`` goes the judging player's way, -1 when
        it does not, 0 when the agent does not know (:func:`judgement_hint`)."""
        ...

    def take_card(self, target: int, options: Sequence[Choice]) -> Choice:
        """Which of ``target``'s cards to take or throw away (``"hand"``, or a card id): from an
        enemy the best equipment, from a friend a delayed trick."""
        ...

    def best(self, scored: Sequence[tuple[int, Choice]]) -> Choice:
        """The choice with the highest score, ties broken with the agent's own stream."""
        ...


SkillScore = Callable[[Advisor, tuple[int, ...], tuple[int, ...]], int]
"""The score of a play-phase use of a skill, from its ``(cards, targets)``."""
CardScore = Callable[[Advisor, int, tuple[int, ...]], int]
"""The score of using a card in the play phase, from the card id and its targets."""
Ask = Callable[[Advisor, tuple[Any, ...]], bool]
"""A yes/no from a request's prompt."""
Keep = Callable[[Advisor, int], int]
"""How much the agent wants to keep a card now (discarding)."""
Good = Callable[[int], bool]
"""Whether a judgement card goes the judging player's way."""
Answer = Callable[[Advisor, Request], Choice]
"""A request's answer, or :data:`NO_OPINION`."""
SameSide = Callable[[str, str], bool]
"""Whether two roles are on one side (a mode whose sides are public)."""


def _ids(what: str, value: str, where: str) -> None:
    if not isinstance(value, str) or not value:
        raise RegistrationError(f"{where}: an agent hint for a {what} needs its id")


class GeneralHint:
    """The agent's estimate of a general: ``strength`` from 1 (the weakest) to 100 (a rough tier
    list: 81-100 the top tier, 61-80 the second, ... 1-20 the fifth), and the ``roles`` he suits
    beyond his tier (a loyalist's healer, a rebel's attacker, a renegade's survivor)."""

    __slots__ = ("general", "strength", "roles", "module")

    def __init__(self, general: str, strength: int, roles: tuple[str, ...], module: str) -> None:
        self.general = general
        self.strength = strength
        self.roles = roles
        self.module = module

    @property
    def name(self) -> str:
        return self.general


class SkillHint:
    """When the agent uses a skill (see the module docstring; every part is optional)."""

    __slots__ = ("skill", "use_as", "play", "invoke", "respond", "as_answer", "module")

    def __init__(self, skill: str, use_as: str, play: SkillScore | None, invoke: Ask | None,
                 respond: Ask | None, as_answer: bool, module: str) -> None:
        self.skill = skill
        self.use_as = use_as
        self.play = play
        self.invoke = invoke
        self.respond = respond
        self.as_answer = as_answer
        self.module = module

    @property
    def name(self) -> str:
        return self.skill


class CardHint:
    """What the agent knows of a card name (see the module docstring)."""

    __slots__ = ("card", "value", "harms", "use", "rescues", "saves", "keep", "respond", "module")

    def __init__(self, card: str, value: int, harms: bool, use: CardScore | None, rescues: bool,
                 saves: bool, keep: Keep | None, respond: Ask | None, module: str) -> None:
        self.card = card
        self.value = value
        self.harms = harms
        self.use = use
        self.rescues = rescues
        self.saves = saves
        self.keep = keep
        self.respond = respond
        self.module = module

    @property
    def name(self) -> str:
        return self.card


class JudgementHint:
    """Whether a judgement card for ``reason`` goes the judging player's way."""

    __slots__ = ("reason", "good", "module")

    def __init__(self, reason: str, good: Good, module: str) -> None:
        self.reason = reason
        self.good = good
        self.module = module

    @property
    def name(self) -> str:
        return self.reason


class AnswerHint:
    """How the agent answers a request kind."""

    __slots__ = ("kind", "answer", "module")

    def __init__(self, kind: str, answer: Answer, module: str) -> None:
        self.kind = kind
        self.answer = answer
        self.module = module

    @property
    def name(self) -> str:
        return self.kind


class SidesHint:
    """A mode in which everyone's side is public (3v3's camps)."""

    __slots__ = ("mode", "same_side", "module")

    def __init__(self, mode: str, same_side: SameSide, module: str) -> None:
        self.mode = mode
        self.same_side = same_side
        self.module = module

    @property
    def name(self) -> str:
        return self.mode


GENERAL_HINTS: Registry[GeneralHint] = Registry("general hint")
SKILL_HINTS: Registry[SkillHint] = Registry("skill hint")
CARD_HINTS: Registry[CardHint] = Registry("card hint")
JUDGEMENT_HINTS: Registry[JudgementHint] = Registry("judgement hint")
ANSWER_HINTS: Registry[AnswerHint] = Registry("answer hint")
SIDES_HINTS: Registry[SidesHint] = Registry("sides hint")


def general_hint(general: str, strength: int, roles: Sequence[str] = ()) -> GeneralHint:
    """Register the agent's estimate of ``general`` (from his module): ``strength`` 1-100, and
    the roles (``"loyalist"``, ``"rebel"``, ``"renegade"``) he suits beyond it."""
    where = caller_module()
    _ids("general", general, where)
    if not isinstance(strength, int) or isinstance(strength, bool) or not 1 <= strength <= 100:
        raise RegistrationError(f"{where}: general hint {general!r}: strength is 1-100, got "
                                f"{strength!r}")
    return GENERAL_HINTS.add(GeneralHint(general, strength, tuple(roles), where))


def skill_hint(skill: str, *, use_as: str = "", play: SkillScore | None = None,
               invoke: Ask | None = None, respond: Ask | None = None,
               as_answer: bool = True) -> SkillHint:
    """Register when the agent uses ``skill`` (from the module that defines it)."""
    where = caller_module()
    _ids("skill", skill, where)
    if use_as and play is not None:
        raise RegistrationError(f"{where}: skill hint {skill!r}: give use_as or play, not both")
    return SKILL_HINTS.add(SkillHint(skill, use_as, play, invoke, respond, as_answer, where))


def card_hint(card: str, value: int, *, harms: bool = False, use: CardScore | None = None,
              rescues: bool = False, saves: bool = False, keep: Keep | None = None,
              respond: Ask | None = None) -> CardHint:
    """Register what the agent knows of the card ``card`` (from the module that defines it):
    ``value`` is how much it wants to keep one (3 for a card without a hint, 2 for equipment)."""
    where = caller_module()
    _ids("card", card, where)
    return CARD_HINTS.add(CardHint(card, value, harms, use, rescues, saves, keep, respond, where))


def judgement_hint(reason: str, good: Good) -> JudgementHint:
    """Register whether a judgement card for ``reason`` (a card's or a skill's) goes the judging
    player's way: ``good(card)``."""
    where = caller_module()
    _ids("judgement", reason, where)
    return JUDGEMENT_HINTS.add(JudgementHint(reason, good, where))


def answer_hint(kind: str, answer: Answer) -> AnswerHint:
    """Register how the agent answers requests of ``kind`` (from the module that declares the
    kind): ``answer(advisor, request)`` gives a legal choice or :data:`NO_OPINION`."""
    where = caller_module()
    _ids("request kind", kind, where)
    return ANSWER_HINTS.add(AnswerHint(kind, answer, where))


def sides_hint(mode: str, same_side: SameSide) -> SidesHint:
    """Register that in the mode ``mode`` (from the module of its variant) every player's side is
    public: the agent takes the seats on its own side, ``same_side(its role, their role)``, for
    friends and every other seat for an enemy, and reads no roles from play."""
    where = caller_module()
    _ids("mode", mode, where)
    return SIDES_HINTS.add(SidesHint(mode, same_side, where))


def strength(general: str) -> int:
    """The agent's estimate of ``general`` (0 for a general without a hint)."""
    hint = GENERAL_HINTS.get(general)
    return hint.strength if hint is not None else 0


def draft_order(generals: Sequence[str]) -> list[str]:
    """``generals`` strongest first by the agent's estimate (ties, and generals without a hint,
    in id order)."""
    return sorted(generals, key=lambda g: (-strength(g), g))


def asker_is_friend(a: Advisor, ctx: tuple[Any, ...]) -> bool:
    """A ``respond`` for a skill that asks others to play a card for its owner (护驾, 激将:
    ``ctx`` is ``(skill, owner, ...)``): play it for a friend only."""
    return a.attitude(ctx[1]) == FRIEND


def cost(a: Advisor, cards: Sequence[int]) -> int:
    """What ``cards`` are worth to the agent together (what a skill spends)."""
    total = 0
    for c in cards:
        total += a.value(c)
    return total


def take_from_target(a: Advisor, request: Request) -> Choice:
    """An answer for a request to take or throw away one of the prompt's seat's cards
    (过河拆桥, 顺手牵羊, 寒冰剑): :meth:`Advisor.take_card`."""
    prompt = request.prompt
    target = prompt[0] if prompt and isinstance(prompt[0], int) else -1
    return a.take_card(target, request.choices())
