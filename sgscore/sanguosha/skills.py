"""Skills and timings: the one mechanism that skills, equipment and cards hook into
(docs/architecture.md "Triggers and timings").

A :class:`Timing` is a moment the rules announce with :func:`~sgscore.sanguosha.rules.fire` and a
context object of a declared type (``DAMAGED`` with a ``DamageCtx``). A :class:`Skill` is a small
class that overrides only the hooks it uses; what it hooks into is checked when the class is
defined, so a mistake fails at import with the module named:

- ``timings`` must hold registered :class:`Timing` objects, and a skill with timings must define
  ``can_trigger`` and ``trigger`` (and one that defines them must have timings);
- ``respond`` goes with ``respond_ok``, ``play`` with ``play_options`` (or ``play_as``);
- the modifier hooks a skill overrides are found from its methods (:data:`MODIFIERS`), so the
  rules consult exactly those; any other public method is refused as a misspelt hook;
- :func:`register_skill` refuses a second skill with the same id.

Every skill also carries its words: ``zh`` and ``en``, its name in Chinese and English, and
``text_zh``/``text_en``, its text (003's first-edition text verbatim, and an English rendering of
it as the project reads it). :func:`register_skill` refuses a skill without them, and
:func:`~sgscore.sanguosha.model.register_general` and :func:`~sgscore.sanguosha.cards.register_card`
check those they name (:func:`skill_words_missing`).
"""

from __future__ import annotations

from typing import Any, ClassVar, Generic, TypeVar

from ..core.checks import CHECK_PROCEDURES, procedure
from ..core.engine import Proc
from ..core.registry import RegistrationError, Registry, caller_module

__all__ = [
    "Timing", "TIMINGS", "Skill", "SKILLS", "MODIFIERS", "HOOKS", "register_skill", "PlayOption",
    "skill_words_missing",
]

C = TypeVar("C")

PlayOption = tuple[tuple[int, ...], tuple[int, ...]]
"""A play-phase use of a skill: ``(cards, targets)``."""


class Timing(Generic[C]):
    """A moment skills can react to, with the type of the context object the rules pass."""

    __slots__ = ("name", "ctx", "doc", "module")

    def __init__(self, name: str, ctx: type[C], doc: str) -> None:
        self.name = name
        self.ctx = ctx
        self.doc = " ".join(doc.split())
        self.module = caller_module()
        TIMINGS.add(self)

    def __repr__(self) -> str:
        return f"<timing {self.name}>"


TIMINGS: Registry[Timing[Any]] = Registry("timing")

MODIFIERS = (
    "distance_out", "distance_in", "blocks_target", "slash_limit", "slash_targets",
    "jinks_needed", "equipment_ignored", "horse_slots", "trick_distance_unlimited",
)
"""The modifier hooks: the rules ask only the skills that override them (``Game.mods``)."""

_PROCEDURES = ("trigger", "play", "respond")
HOOKS = ("can_trigger", "trigger", "invoke_prompt", "play_options", "play", "convert",
         "respond_ok", "respond", *MODIFIERS)
"""Every method a skill may override."""


class Skill:
    """A skill of a general or a piece of equipment. Override only what the skill does:

    - ``timings`` + ``can_trigger`` + ``trigger``: react at a timing; ``optional`` skills ask
      their owner first (a recorded yes/no).
    - ``play_options`` + ``play``: an action in the owner's play phase; or ``play_options`` +
      ``play_as``: a conversion used as a card in the play phase (国色).
    - ``convert``: which of the owner's cards can stand for a card name (武圣, 丈八蛇矛).
    - ``respond_ok`` + ``respond``: produce a needed card another way (八卦阵, 护驾).
    - modifier hooks (:data:`MODIFIERS`) consulted by the rules: distance, targeting, limits.

    Every hook is given the game, then its owner: a :class:`~sgscore.sanguosha.game.Game` and a
    :class:`~sgscore.sanguosha.model.Player`, which are made of skills and so are built above
    this module; the hooks declare them (and the other players, the card, the timing's context)
    without naming their classes, and a skill names them in the hooks it overrides (``g: Any,
    owner: Any, ctx: DamageCtx``).
    """

    id: ClassVar[str] = ""
    zh: ClassVar[str] = ""
    #: The name in English (奸雄: ``"Villainous Hero"``).
    en: ClassVar[str] = ""
    #: The skill's text in Chinese, as the rules document gives it (003's first edition, verbatim).
    text_zh: ClassVar[str] = ""
    #: The text in English, as the project reads it (docs/rules.md "Generals").
    text_en: ClassVar[str] = ""
    #: A lord skill works only while its general is the lord.
    lord: ClassVar[bool] = False
    timings: ClassVar[tuple[Timing[Any], ...]] = ()
    #: Whether reacting at a timing first asks the owner a recorded yes/no (``invoke``).
    optional: ClassVar[bool] = True
    #: The label 锁定技 (compulsory) of ``sgs info``: the skill takes effect without its owner
    #: choosing to use it. Declared from 003's wording: a text with 可, 可以 or 能 leaves the use to
    #: the owner (a yes/no, an option of a request, or how he plays) and is not compulsory; one
    #: that states what happens is (docs/rules.md, "Compulsory skills", gives each skill's
    #: wording). A compulsory skill asks no yes/no and is no option of a request.
    compulsory: ClassVar[bool] = False
    #: The modifier hooks this skill overrides (found from its methods; never declared).
    modifies: ClassVar[tuple[str, ...]] = ()
    #: Whether the rules ask this skill for a needed card: it overrides ``convert`` or
    #: ``respond_ok`` (found from its methods; never declared).
    answers: ClassVar[bool] = False
    #: Whether it has play-phase actions: it overrides ``play_options`` (found; never declared).
    acts: ClassVar[bool] = False
    equipment: ClassVar[bool] = False
    #: An advanced weapon skill (docs/rules.md "Advanced weapons"): only with
    #: ``Config.advanced_weapons``.
    advanced: ClassVar[bool] = False
    #: For a conversion skill usable in the play phase: the card name it makes (国色: 乐不思蜀).
    play_as: ClassVar[str] = ""
    #: Whether the cards of a play-phase use are named in the public ``skill`` event. False for
    #: a skill that hands cards over face down (仁德): the private ``gain`` event names them.
    public_cards: ClassVar[bool] = True
    #: Whether reacting at a timing is told (a ``skill`` event). False for a compulsory skill
    #: that only keeps count of something (克己 noting a 杀): its trigger tells what matters.
    announce: ClassVar[bool] = True
    #: A play-phase action lent to the other players: the rules offer it in *their* play phases
    #: (``play_options``/``play`` get the acting player, not the owner), never to the owner
    #: (孙权's lord skill: Wu players give him a hand card in their turns).
    lent: ClassVar[bool] = False

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        _check_skill_class(cls)

    @property
    def name(self) -> str:
        return self.id

    @property
    def module(self) -> str:
        return type(self).__module__

    def can_trigger(self, g: Any, owner: Any, ctx: Any) -> bool:
        """Whether the skill reacts now (``ctx``: the timing's context type)."""
        return False

    def trigger(self, g: Any, owner: Any, ctx: Any) -> Proc:
        return
        yield

    def invoke_prompt(self, g: Any, owner: Any, ctx: Any) -> tuple[Any, ...]:
        """What the owner's yes/no for an optional skill tells besides the skill and the timing
        (急救: the seat about to be damaged and the amount); public, like every prompt."""
        return ()

    def play_options(self, g: Any, owner: Any) -> list[PlayOption]:
        return []

    def play(self, g: Any, owner: Any, cards: tuple[int, ...], targets: tuple[int, ...]) -> Proc:
        return
        yield

    def convert(self, g: Any, owner: Any, name: str, ctx: Any) -> list[int]:
        """The owner's cards that may be played as ``name`` when responding; ``ctx`` says to
        what (a SlashCtx, DuelCtx or AoeCtx, a DyingCtx, None for 无懈可击)."""
        return []

    def respond_ok(self, g: Any, owner: Any, name: str, ctx: Any) -> bool:
        return False

    def respond(self, g: Any, owner: Any, name: str, ctx: Any) -> Proc:
        """Yields requests; returns a VCard standing for ``name``, or None."""
        return None
        yield

    # --- modifier hooks
    def distance_out(self, g: Any, owner: Any, other: Any) -> int:
        """Added to the distance from ``owner`` to ``other``."""
        return 0

    def distance_in(self, g: Any, owner: Any, other: Any) -> int:
        """Added to the distance from ``other`` to ``owner``."""
        return 0

    def blocks_target(self, g: Any, owner: Any, user: Any, name: str) -> bool:
        """True if ``owner`` cannot be chosen by ``user`` as the target of card ``name``."""
        return False

    def slash_limit(self, g: Any, owner: Any) -> int:
        """How many 杀 the owner may use in a play phase (largest wins; 1 by default)."""
        return 1

    def slash_targets(self, g: Any, owner: Any, card: Any) -> int:
        """How many targets the owner's 杀 may have (largest wins; 1 by default; 方天画戟)."""
        return 1

    def trick_distance_unlimited(self, g: Any, owner: Any) -> bool:
        """True if the owner's tricks ignore distance (奇才)."""
        return False

    def jinks_needed(self, g: Any, owner: Any, target: Any) -> int:
        """How many 闪 a target needs against the owner's 杀 (largest wins; 1 by default)."""
        return 1

    def equipment_ignored(self, g: Any, owner: Any, other: Any) -> bool:
        """True if ``other``'s equipment has no effect on or against ``owner`` (乾坤)."""
        return False

    def horse_slots(self, g: Any, owner: Any) -> int:
        """How many horses the owner may equip (马术 limits it to one)."""
        return 2

    def __repr__(self) -> str:
        return f"<skill {self.id}>"


def _overrides(cls: type, name: str) -> bool:
    return getattr(cls, name) is not getattr(Skill, name)


def _check_names(cls: type[Skill]) -> str | None:
    """A public method that is no hook (a misspelling), or a declared ``modifies``."""
    for attr, value in vars(cls).items():
        if attr.startswith("_") or not callable(value) or isinstance(value, type):
            continue
        if attr not in HOOKS:
            return (f"{attr}() is not a skill hook (hooks: {', '.join(HOOKS)}); "
                    "name a helper with a leading underscore")
    for found in ("modifies", "answers", "acts"):
        if found in vars(cls):
            return f"{found} is found from the methods a skill overrides; do not declare it"
    for t in cls.timings:
        if not isinstance(t, Timing) or TIMINGS.get(t.name) is not t:
            return (f"timings holds {t!r}, which is not a registered Timing "
                    f"(known: {', '.join(TIMINGS.names())})")
    return None


def _check_pairs(cls: type[Skill]) -> str | None:
    """Hooks that only work together: timings with can_trigger and trigger, respond with
    respond_ok, play with play_options."""
    trigger, can = _overrides(cls, "trigger"), _overrides(cls, "can_trigger")
    if cls.timings and not (trigger and can):
        return "a skill with timings needs both can_trigger() and trigger()"
    if (trigger or can) and not cls.timings:
        return "can_trigger()/trigger() do nothing without timings to react to"
    if _overrides(cls, "respond") != _overrides(cls, "respond_ok"):
        return "respond() and respond_ok() go together"
    play, options = _overrides(cls, "play"), _overrides(cls, "play_options")
    if play and cls.play_as:
        return "a play_as conversion is used as its card; it has no play()"
    if (play or cls.play_as) and not options:
        return "a play-phase skill needs play_options()"
    if options and not (play or cls.play_as):
        return "play_options() needs play() or play_as"
    if cls.compulsory and cls.timings and cls.optional:
        return "a compulsory skill asks no yes/no: set optional = False"
    if cls.compulsory and (options or _overrides(cls, "convert") or _overrides(cls, "respond_ok")):
        return "a compulsory skill is no option of a request (play_options, convert, respond_ok)"
    return None


def _check_skill_class(cls: type[Skill]) -> None:
    """The checks of the module docstring; raises :class:`RegistrationError` naming the class.
    Then the modifier hooks are found, and with ``SGSCORE_CHECK_PROCEDURES`` the procedures are
    watched (``sgscore.core.checks``)."""
    why = _check_names(cls) or _check_pairs(cls)
    if why is not None:
        raise RegistrationError(f"{cls.__module__}.{cls.__qualname__}: {why}")
    cls.modifies = tuple(m for m in MODIFIERS if _overrides(cls, m))
    cls.answers = _overrides(cls, "convert") or _overrides(cls, "respond_ok")
    cls.acts = _overrides(cls, "play_options")
    if CHECK_PROCEDURES:
        for name in _PROCEDURES:
            fn = vars(cls).get(name)
            if fn is not None:
                setattr(cls, name, procedure(fn))


SKILLS: Registry[Skill] = Registry("skill")


def skill_words_missing(skill: Skill | type[Skill]) -> list[str]:
    """What a skill lacks of its words: ``"zh"``, ``"en"``, ``"text_zh"``, ``"text_en"`` (empty
    when it has them all)."""
    return [attr for attr in ("zh", "en", "text_zh", "text_en") if not getattr(skill, attr)]


S = TypeVar("S", bound=type[Skill])


def register_skill(cls: S) -> S:
    """Class decorator: make one instance of the skill and register it by id. It must have its
    words (:func:`skill_words_missing`): the account and ``sgs info`` tell every skill by them,
    a copy under a new id too."""
    if not cls.id:
        raise RegistrationError(f"{cls.__module__}.{cls.__qualname__} has no id")
    existing = SKILLS.get(cls.id)
    if existing is not None and type(existing) is cls:
        return cls  # the same class again (an equipment card registering its skill)
    missing = skill_words_missing(cls) if existing is None else []  # (a second id: refused below)
    if missing:
        raise RegistrationError(f"{cls.__module__}: skill {cls.id!r} (of {cls.__module__}) has "
                                f"no {' or '.join(missing)}")
    SKILLS.add(cls())
    return cls

