"""Small shared types of the card game: players, cards in use, skills, generals and the registries.

Content (``content/`` for cards, ``generals/`` for generals) registers itself here; the rules look
things up by id and never branch on a particular general.
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from .cards import NAME, RANK, SUIT

if TYPE_CHECKING:
    from .game import Game

__all__ = [
    "Proc", "Player", "VCard", "Skill", "General", "CardDef", "GameOver",
    "SKILLS", "GENERALS", "CARD_DEFS", "register_skill", "register_general", "register_card",
    "LORD", "LOYALIST", "REBEL", "RENEGADE", "ROLES", "ROLE_ZH",
]

Proc = Generator[Any, Any, Any]
"""A rule procedure: a generator that yields requests and receives the choices."""

LORD, LOYALIST, REBEL, RENEGADE = "lord", "loyalist", "rebel", "renegade"
ROLES = (LORD, LOYALIST, REBEL, RENEGADE)
ROLE_ZH = {LORD: "主公", LOYALIST: "忠臣", REBEL: "反贼", RENEGADE: "内奸"}
NO_CARD = -1


class GameOver(Exception):
    """Raised inside the rules when the game ends at once (RULINGS §6); the driver catches it."""

    def __init__(self, winner: str | None, reason: str) -> None:
        super().__init__(reason)
        self.winner = winner
        self.reason = reason


class Player:
    """One seat's state. ``equip`` is [weapon, armor, +1 horse, -1 horse] with -1 for empty;
    ``judge`` holds ``(card, as_name)`` pairs in placement order (judged last-placed first)."""

    __slots__ = (
        "seat", "role", "general", "kingdom", "sex", "hp", "max_hp", "hand", "equip", "judge",
        "alive", "skills", "role_shown", "borrowed",
    )

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.role = ""
        self.general = ""
        self.kingdom = ""
        self.sex = "m"
        self.hp = 4
        self.max_hp = 4
        self.hand: list[int] = []
        self.equip: list[int] = [NO_CARD, NO_CARD, NO_CARD, NO_CARD]
        self.judge: list[tuple[int, str]] = []
        self.alive = True
        self.skills: list[Skill] = []
        self.role_shown = False
        #: A weapon borrowed with 借刀杀人: (card, owner seat, use_it) or None (RULINGS §4.2).
        self.borrowed: tuple[int, int, bool] | None = None

    def has_skill(self, skill_id: str) -> bool:
        for s in self.skills:
            if s.id == skill_id:
                return True
        return False

    def card_count(self) -> int:
        n = len(self.hand) + len(self.judge)
        for c in self.equip:
            if c >= 0:
                n += 1
        return n

    def equipped(self) -> list[int]:
        return [c for c in self.equip if c >= 0]

    def canonical(self) -> tuple[Any, ...]:
        return (
            self.seat, self.role, self.general, self.kingdom, self.sex, self.hp, self.max_hp,
            tuple(self.hand), tuple(self.equip), tuple(self.judge), self.alive,
            tuple(s.id for s in self.skills), self.role_shown, self.borrowed,
        )


class VCard:
    """A card as it is used or played: a name plus the physical cards behind it.

    A converted card (武圣: a red card as 杀) keeps the original's suit and rank (RULINGS §4.5);
    ``suit``/``rank`` are -1/0 when it stands for no single card. ``skill`` names the conversion.
    """

    __slots__ = ("name", "cards", "suit", "rank", "skill")

    def __init__(
        self, name: str, cards: tuple[int, ...], skill: str = "", suit: int = -2, rank: int = -1
    ) -> None:
        self.name = name
        self.cards = cards
        self.skill = skill
        if suit == -2:
            if len(cards) == 1:
                suit, rank = SUIT[cards[0]], RANK[cards[0]]
            else:
                suit, rank = -1, 0
        self.suit = suit
        self.rank = rank

    @classmethod
    def of(cls, card: int) -> VCard:
        return cls(NAME[card], (card,))

    @property
    def is_black(self) -> bool:
        return self.suit == 0 or self.suit == 2

    @property
    def is_red(self) -> bool:
        return self.suit == 1 or self.suit == 3

    def encode(self) -> tuple[Any, ...]:
        return (self.name, self.cards, self.skill)

    def __repr__(self) -> str:
        return f"VCard({self.name!r}, {self.cards!r}{', ' + self.skill if self.skill else ''})"


class Skill:
    """A skill (of a general or of a piece of equipment): a small declarative unit.

    Override only what the skill does:
    - ``timings`` + ``can_trigger`` + ``trigger``: react at a timing (see ``docs/architecture.md``);
      ``optional`` skills ask their owner first (a recorded yes/no).
    - ``play_options`` + ``play``: an action in the owner's play phase.
    - ``convert``: which of the owner's cards can stand for a card name (conversion skills).
    - ``respond_ok`` + ``respond``: produce a needed card another way (八卦阵, 护驾).
    - modifier hooks consulted by the rules (distance, targeting, slash limit, ...).
    """

    id: ClassVar[str] = ""
    zh: ClassVar[str] = ""
    lord: ClassVar[bool] = False  # a lord skill works only while its general is the lord
    timings: ClassVar[tuple[str, ...]] = ()
    optional: ClassVar[bool] = True
    #: Names of the modifier hooks this skill overrides, so the rules consult only those skills.
    modifies: ClassVar[tuple[str, ...]] = ()
    equipment: ClassVar[bool] = False
    #: An advanced weapon skill (RULINGS §7): only with ``Config.advanced_weapons``.
    advanced: ClassVar[bool] = False
    #: For a conversion skill usable in the play phase: the card name it makes (武圣: "slash").
    play_as: ClassVar[str] = ""
    #: Whether the cards of a play-phase use are named in the public ``skill`` event. False for
    #: a skill that hands cards over face down (仁德): the private ``gain`` event names them.
    public_cards: ClassVar[bool] = True

    def can_trigger(self, g: Game, owner: Player, ctx: Any) -> bool:
        return False

    def trigger(self, g: Game, owner: Player, ctx: Any) -> Proc:
        return
        yield

    def play_options(self, g: Game, owner: Player) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
        return []

    def play(self, g: Game, owner: Player, cards: tuple[int, ...], targets: tuple[int, ...]) -> Proc:
        return
        yield

    def convert(self, g: Game, owner: Player, name: str, ctx: Any) -> list[int]:
        """The owner's cards that may be played as ``name`` when responding (``ctx`` says to
        what: a SlashCtx, a DuelCtx, the dying Player, None for 无懈可击)."""
        return []

    def respond_ok(self, g: Game, owner: Player, name: str, ctx: Any) -> bool:
        return False

    def respond(self, g: Game, owner: Player, name: str, ctx: Any) -> Proc:
        """Yields requests; returns a VCard standing for ``name``, or None."""
        return None
        yield

    # --- modifier hooks (listed in ``modifies``) ---
    def distance_out(self, g: Game, owner: Player, other: Player) -> int:
        """Added to the distance from ``owner`` to ``other``."""
        return 0

    def distance_in(self, g: Game, owner: Player, other: Player) -> int:
        """Added to the distance from ``other`` to ``owner``."""
        return 0

    def blocks_target(self, g: Game, owner: Player, user: Player, name: str) -> bool:
        """True if ``owner`` cannot be chosen by ``user`` as the target of card ``name``."""
        return False

    def slash_limit(self, g: Game, owner: Player) -> int:
        """How many 杀 the owner may use in a play phase (largest wins; 1 by default)."""
        return 1

    def slash_targets(self, g: Game, owner: Player, card: VCard) -> int:
        """How many targets the owner's 杀 may have (largest wins; 1 by default; 方天画戟)."""
        return 1

    def trick_distance_unlimited(self, g: Game, owner: Player) -> bool:
        """True if the owner's tricks ignore distance (奇才)."""
        return False

    def jinks_needed(self, g: Game, owner: Player, target: Player) -> int:
        """How many 闪 a target needs against the owner's 杀 (largest wins; 1 by default)."""
        return 1

    def equipment_ignored(self, g: Game, owner: Player, other: Player) -> bool:
        """True if ``other``'s equipment has no effect on or against ``owner`` (乾坤)."""
        return False

    def horse_slots(self, g: Game, owner: Player) -> int:
        """How many horses the owner may equip (马术 limits it to one)."""
        return 2

    def __repr__(self) -> str:
        return f"<skill {self.id}>"


@dataclass(frozen=True)
class General:
    id: str
    zh: str
    kingdom: str  # wei | shu | wu | qun; 孙尚香's "shu wu" counts as both
    sex: str  # m | f
    hp: int
    skills: tuple[str, ...]
    can_be_lord: bool = True

    def kingdoms(self) -> tuple[str, ...]:
        return tuple(self.kingdom.split())


@dataclass
class CardDef:
    """What a card name does when used: who it may target and its effect.

    ``targets(g, user, vcard)`` lists the legal target tuples (``[()]`` for a card that needs no
    target, ``[]`` when it cannot be used now); ``effect`` resolves it.
    """

    name: str
    targets: Callable[[Game, Player, VCard], list[tuple[int, ...]]]
    effect: Callable[[Game, Player, VCard, tuple[int, ...]], Proc]
    is_trick: bool = False


SKILLS: dict[str, Skill] = {}
GENERALS: dict[str, General] = {}
CARD_DEFS: dict[str, CardDef] = {}


def register_skill(cls: type[Skill]) -> type[Skill]:
    """Class decorator: make one instance of a skill and register it by id."""
    if not cls.id:
        raise ValueError(f"{cls.__name__} has no id")
    SKILLS[cls.id] = cls()
    return cls


def register_general(general: General) -> General:
    GENERALS[general.id] = general
    return general


def register_card(card_def: CardDef) -> CardDef:
    CARD_DEFS[card_def.name] = card_def
    return card_def
