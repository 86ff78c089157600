"""Cards: what a card name is and does (:class:`CardType`), and the physical cards (:class:`Pack`).

A card type (杀, 闪, 诸葛连弩, ...) is one :func:`register_card` from the content module that gives
its rules. A pack is one :func:`register_pack` listing its physical cards, each a name with a suit
and a rank; the standard 104 and the 4 EX cards are the two packs of docs/rules.md "The deck"
(``content/pack_standard.py``, ``content/pack_ex.py``). Which packs a game uses is its config
(``Config.packs``), recorded in every replay header.

A physical card is an id, stable forever (replays name cards by id): a pack declares the first id
of its cards, and the ids follow its list. The tables :data:`NAME`, :data:`SUIT`, :data:`RANK`,
:data:`KIND` and :data:`SUBTYPE` are indexed by id, for the rules' hot paths.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final, NamedTuple

from ..core.checks import procedure
from ..core.engine import Proc
from ..core.registry import RegistrationError, Registry, caller_module
from .skills import Skill, register_skill, skill_words_missing

__all__ = [
    "Card", "CardType", "Pack", "CARD_TYPES", "PACKS", "CARDS", "NAME", "SUIT", "RANK", "KIND",
    "SUBTYPE", "register_card", "register_pack", "unregister_pack", "check_cards", "deck_ids",
    "deck_card_types", "card_label",
    "card_name", "is_red", "is_black", "weapon_range",
    "SPADE", "HEART", "CLUB", "DIAMOND", "SUIT_SYMBOL", "BASIC", "TRICK", "DELAYED", "EQUIP",
    "WEAPON", "ARMOR", "DEFENSE_HORSE", "OFFENSE_HORSE", "SLOTS", "SLASH", "PEACH",
    "NULLIFICATION",
]

SPADE: Final = 0
HEART: Final = 1
CLUB: Final = 2
DIAMOND: Final = 3
SUIT_SYMBOL: Final = ("♠", "♥", "♣", "♦")
_SUIT_OF = {"S": SPADE, "H": HEART, "C": CLUB, "D": DIAMOND}
_RANKS = {"A": 1, "J": 11, "Q": 12, "K": 13}
_RANK_LABEL = {1: "A", 11: "J", 12: "Q", 13: "K"}

BASIC: Final = "basic"
TRICK: Final = "trick"
DELAYED: Final = "delayed"
EQUIP: Final = "equip"
_KINDS: Final = (BASIC, TRICK, DELAYED, EQUIP)

# The cards the rules themselves name (docs/rules.md "Cards"; their types are registered by
# content/ like any other's): a 杀 used in the play phase counts toward its limit, the dying ask
# everyone for 桃, and 无懈可击 answers a trick (``rules.nullified``).
SLASH: Final = "slash"
PEACH: Final = "peach"
NULLIFICATION: Final = "nullification"

# Equipment slots, in the order of a player's ``equip`` list.
WEAPON: Final = 0
ARMOR: Final = 1
DEFENSE_HORSE: Final = 2
OFFENSE_HORSE: Final = 3
SLOTS: Final = (WEAPON, ARMOR, DEFENSE_HORSE, OFFENSE_HORSE)

# What a card type does, given the game first (a ``game.Game``), then players (``model.Player``),
# the card as used (``model.VCard``) or the use (``contexts.CardUse``): the game is made of cards,
# so these are built above this module, and each card's functions name them.
Targets = Callable[[Any, Any, Any], list[tuple[int, ...]]]
"""``targets(g, user, vcard)``."""
Effect = Callable[[Any, Any], Proc]
"""``effect(g, use)``."""
Judged = Callable[[Any, Any, int, bool], Proc]
"""``judged(g, holder, card, nullified)``."""
Allowed = Callable[[Any, Any], bool]
"""``allowed(g, player)``."""


class Card(NamedTuple):
    """One physical card."""

    id: int
    name: str
    suit: int
    rank: int
    kind: str  # basic | trick | delayed | equip
    subtype: int  # equipment slot for equipment, -1 otherwise
    pack: str


class CardType:
    """A card name and what it does when used.

    ``targets(g, user, vcard)`` lists the legal target tuples (``[()]`` for a card that needs no
    target, ``[]`` when it cannot be used now); ``targets=None`` for a card that is never used on
    its own, only played or used in answer to something (闪, 无懈可击); ``effect(g, use)`` resolves it (a
    :class:`~sgscore.sanguosha.contexts.CardUse`: user, card, targets). A delayed trick has
    ``judged(g, holder, card, nullified)`` too: its judgement in the holder's judge phase.
    Equipment (``kind=EQUIP``) has a ``slot``, weapons a ``range``, and a piece with a skill names
    its :class:`~sgscore.sanguosha.skills.Skill` class (registered with it);
    ``content/equipment.py``'s ``equipment()`` makes one, used by putting it in its slot.
    ``en`` is the name in English (``"Slash"``), required.

    ``allowed(g, player)``, when given, says whether the card may be used or played at all now:
    ``False`` takes it (and every card a skill would turn into it) out of every request that asks
    for it (the 1.0 edition's 桃 with two players left, 002). ``like`` names the card of the
    standard deck that this one plays like, for agents that value cards by name (002's 火牛阵 is
    played like 万箭齐发).
    """

    __slots__ = ("name", "zh", "en", "kind", "slot", "range", "skill", "targets", "effect",
                 "judged", "module", "allowed", "like")

    def __init__(
        self, name: str, zh: str, kind: str, *, targets: Targets | None, effect: Effect,
        judged: Judged | None = None, slot: int = -1,
        range: int = 0, skill: type[Skill] | None = None, en: str = "",
        allowed: Allowed | None = None, like: str = "",
    ) -> None:
        where = caller_module()
        if kind not in _KINDS:
            raise RegistrationError(f"{where}: card {name!r}: kind must be one of {_KINDS}")
        if kind == EQUIP:
            if slot not in SLOTS:
                raise RegistrationError(f"{where}: equipment {name!r} needs a slot {SLOTS}")
            if (range > 0) != (slot == WEAPON):
                raise RegistrationError(f"{where}: {name!r}: weapons (and only they) have a range")
        if (targets is not None and not callable(targets)) or not callable(effect):
            raise RegistrationError(f"{where}: card {name!r} needs targets() (or None) and "
                                    "effect()")
        if (kind == DELAYED) != (judged is not None):
            raise RegistrationError(f"{where}: {name!r}: delayed tricks (and only they) have "
                                    "judged()")
        if not zh:
            raise RegistrationError(f"{where}: card {name!r} needs its Chinese name")
        if not en:
            raise RegistrationError(f'{where}: card {name!r} needs its English name (en="...")')
        if skill is not None:
            missing = skill_words_missing(skill)
            if missing:
                raise RegistrationError(f"{where}: card {name!r}: its skill {skill.id!r} (of "
                                        f"{skill.__module__}) has no {' or '.join(missing)}")
        self.name = name
        self.zh = zh
        self.en = en
        self.kind = kind
        self.slot = slot
        self.range = range
        self.skill = skill
        self.targets = targets
        self.effect = procedure(effect)  # watched for a missing yield from (core/checks.py)
        self.judged = procedure(judged) if judged is not None else None
        self.module = where
        self.allowed = allowed
        self.like = like

    @property
    def is_trick(self) -> bool:
        return self.kind == TRICK or self.kind == DELAYED

    def __repr__(self) -> str:
        return f"<card type {self.name}>"


class Pack:
    """A set of physical cards: ``faces`` holds one line per card name, ``name S7 S8 HQ ...``
    (suit S H C D, rank A 2-10 J Q K); ids are ``first_id`` onwards in that order.

    ``texts`` makes the pack an edition of its own: ``{card name: card type}``, the text a game
    with this pack in its deck plays a registered card name by (the 1.0 edition's 桃, 顺手牵羊
    and 乐不思蜀 are 002's, not 003's). A text is a :class:`CardType` of that name, not registered
    (it is no card name of its own); skills and rules keep naming the card as they do (谦逊 still
    protects from 顺手牵羊), only what it does changes. It must have the kind, slot and range of
    the registered type (checked), and such a pack is played alone (``Config``)."""

    __slots__ = ("name", "zh", "first_id", "cards", "module", "texts")

    def __init__(self, name: str, zh: str, first_id: int, faces: str,
                 texts: tuple[CardType, ...] = ()) -> None:
        self.name = name
        self.zh = zh
        self.first_id = first_id
        self.texts: dict[str, CardType] = {t.name: t for t in texts}
        self.module = caller_module()
        cards: list[Card] = []
        for line in faces.strip().splitlines():
            card_name, *specs = line.split()
            for spec in specs:
                suit = _SUIT_OF.get(spec[:1])
                r = spec[1:]
                rank = _RANKS.get(r) or (int(r) if r.isdigit() else 0)
                if suit is None or not 1 <= rank <= 13:
                    raise RegistrationError(f"{self.module}: pack {name!r}: bad face {spec!r} "
                                            f"of {card_name!r} (e.g. S7, HQ, DA)")
                cards.append(Card(first_id + len(cards), card_name, suit, rank, "", -1, name))
        self.cards = tuple(cards)

    @property
    def ids(self) -> tuple[int, ...]:
        return tuple(c.id for c in self.cards)

    def __repr__(self) -> str:
        return f"<pack {self.name}: {len(self.cards)} cards from id {self.first_id}>"


CARD_TYPES: Final[Registry[CardType]] = Registry("card type")
PACKS: Final[Registry[Pack]] = Registry("card pack")

_NONE: Final = Card(-1, "", -1, 0, "", -1, "")
CARDS: Final[list[Card]] = []
"""Every registered physical card by id (an id no pack uses holds an empty entry)."""
NAME: Final[list[str]] = []
SUIT: Final[list[int]] = []
RANK: Final[list[int]] = []
KIND: Final[list[str]] = []
SUBTYPE: Final[list[int]] = []
ITSELF: Final[list[Any]] = []
"""Per card id, the card as used as itself (``model.VCard.of`` fills it; reset when a card
changes)."""


def _set(card: Card) -> None:
    i = card.id
    missing = i + 1 - len(CARDS)
    if missing > 0:
        CARDS.extend([_NONE] * missing)
        NAME.extend([""] * missing)
        SUIT.extend([-1] * missing)
        RANK.extend([0] * missing)
        KIND.extend([""] * missing)
        SUBTYPE.extend([-1] * missing)
        ITSELF.extend([None] * missing)
    CARDS[i], NAME[i], SUIT[i], RANK[i] = card, card.name, card.suit, card.rank
    KIND[i], SUBTYPE[i] = card.kind, card.subtype
    ITSELF[i] = None


def _typed(card: Card) -> Card:
    t = CARD_TYPES.get(card.name)
    if t is None:
        return card
    return card._replace(kind=t.kind, subtype=t.slot if t.kind == EQUIP else -1)


def register_pack(pack: Pack) -> Pack:
    """Register a pack; its ids must not overlap another pack's (checked, naming both)."""
    for other in PACKS.values():
        lo, hi = pack.first_id, pack.first_id + len(pack.cards)
        if other.cards and lo < other.first_id + len(other.cards) and other.first_id < hi:
            raise RegistrationError(
                f"{pack.module}: pack {pack.name!r} (ids {lo}-{hi - 1}) overlaps pack "
                f"{other.name!r} of {other.module}")
    PACKS.add(pack)
    for card in pack.cards:
        _set(_typed(card))
    for text in pack.texts.values():
        if text.skill is not None:
            register_skill(text.skill)
    return pack


def unregister_pack(name: str) -> None:
    """Take a pack out again, its cards with it (tests that add content for one test)."""
    pack = PACKS[name]
    PACKS.remove(name)
    for card in pack.cards:
        if card.id < len(CARDS) and CARDS[card.id].pack == name:
            _set(_NONE._replace(id=card.id))


def register_card(card_type: CardType) -> CardType:
    """Register a card type (once per name; checked)."""
    CARD_TYPES.add(card_type)
    if card_type.skill is not None:
        register_skill(card_type.skill)
    for card in CARDS:
        if card.name == card_type.name:
            _set(_typed(card))
    return card_type


def check_cards() -> None:
    """Every physical card names a registered card type, and every text of an edition's pack is
    the text of a registered card type of its kind (raises naming the pack's module)."""
    for pack in PACKS.values():
        for card in pack.cards:
            if card.name not in CARD_TYPES:
                raise RegistrationError(f"{pack.module}: pack {pack.name!r} has {card.name!r} "
                                        "cards, but no card type of that name is registered")
        for name, text in pack.texts.items():
            was = CARD_TYPES.get(name)
            if was is None or (was.kind, was.slot, was.range) != (text.kind, text.slot,
                                                                  text.range):
                raise RegistrationError(f"{pack.module}: pack {pack.name!r}: its text of "
                                        f"{name!r} needs a registered card of that name, kind, "
                                        "slot and range")


def deck_card_types(packs: tuple[str, ...]) -> dict[str, CardType]:
    """The card types a game whose deck holds ``packs`` plays each card name by: the registered
    ones (:data:`CARD_TYPES` itself), but for the names an edition's pack gives its own text of
    (:attr:`Pack.texts`)."""
    texts = {name: text for p in packs for name, text in PACKS[p].texts.items()}
    if not texts:
        return CARD_TYPES
    out = dict(CARD_TYPES)
    out.update(texts)
    return out


def deck_ids(packs: tuple[str, ...] = ("standard",), first_game: bool = False) -> list[int]:
    """The card ids in play: the cards of ``packs`` in id order, without J/Q/K for a first game
    (003 "第一次游戏")."""
    ids: list[int] = []
    for name in packs:
        ids.extend(PACKS[name].ids)
    ids.sort()
    if first_game:
        ids = [i for i in ids if RANK[i] < 11]
    return ids


def is_red(suit: int) -> bool:
    return suit == HEART or suit == DIAMOND


def is_black(suit: int) -> bool:
    return suit == SPADE or suit == CLUB


def weapon_range(card: int) -> int:
    """A weapon's attack range."""
    return CARD_TYPES[NAME[card]].range


def card_name(name: str, lang: str) -> str:
    """A card name (``"slash"``) as shown: ``杀`` in Chinese, ``Slash`` in English (the names the
    card type declares; an unknown name as it is)."""
    t = CARD_TYPES.get(name)
    if t is None:
        return name
    return (t.zh if lang == "zh" else t.en) or name


def card_label(card: int, lang: str = "en") -> str:
    """``"Slash ♠7"`` or ``"杀♠7"``."""
    c = CARDS[card]
    face = SUIT_SYMBOL[c.suit] + _RANK_LABEL.get(c.rank, str(c.rank))
    if lang == "zh":
        return card_name(c.name, "zh") + face
    return f"{card_name(c.name, 'en')} {face}"
