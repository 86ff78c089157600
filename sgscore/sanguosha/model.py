"""Small shared types of the card game: players, cards in use, generals, the per-turn state.

Content (``generals/``) registers generals here; the rules look things up by id and never branch
on a particular general.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any, Final

from ..core.registry import RegistrationError, Registry, caller_module
from .cards import ITSELF, NAME, RANK, SUIT
from .skills import SKILLS, Skill, skill_words_missing

__all__ = [
    "Player", "VCard", "General", "GENERALS", "register_general", "Turn", "TurnCounter",
    "LORD", "LOYALIST", "REBEL", "RENEGADE", "ROLES", "ROLE_ZH", "KINGDOMS", "KINGDOM_ZH",
    "PHASES", "PHASE_ZH", "NO_CARD",
]

LORD: Final = "lord"
LOYALIST: Final = "loyalist"
REBEL: Final = "rebel"
RENEGADE: Final = "renegade"
ROLES: Final = (LORD, LOYALIST, REBEL, RENEGADE)
ROLE_ZH: Final = {LORD: "主公", LOYALIST: "忠臣", REBEL: "反贼", RENEGADE: "内奸"}
KINGDOMS: Final = ("wei", "shu", "wu", "qun")
KINGDOM_ZH: Final = {"wei": "魏", "shu": "蜀", "wu": "吴", "qun": "群"}
PHASES: Final = ("start", "judge", "draw", "play", "discard", "finish")
PHASE_ZH: Final = {
    "start": "准备阶段", "judge": "判定阶段", "draw": "摸牌阶段", "play": "出牌阶段",
    "discard": "弃牌阶段", "finish": "结束阶段",
}
NO_CARD: Final = -1


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
        #: A weapon borrowed with 借刀杀人: (card, owner seat, use_it) or None (docs/rules.md "Cards").
        self.borrowed: tuple[int, int, bool] | None = None

    def copy(self) -> Player:
        """An independent copy (its lists copied; cards, skills and the rest are values)."""
        q = Player(self.seat)
        q.role = self.role
        q.general = self.general
        q.kingdom = self.kingdom
        q.sex = self.sex
        q.hp = self.hp
        q.max_hp = self.max_hp
        q.hand = self.hand.copy()
        q.equip = self.equip.copy()
        q.judge = self.judge.copy()
        q.alive = self.alive
        q.skills = self.skills.copy()
        q.role_shown = self.role_shown
        q.borrowed = self.borrowed
        return q

    def has_skill(self, skill_id: str) -> bool:
        for s in self.skills:
            if s.id == skill_id:
                return True
        return False

    def of_kingdom(self, kingdom: str) -> bool:
        """Whether the player's general counts as ``kingdom`` (孙尚香 counts as shu and wu)."""
        return kingdom in self.kingdom.split()

    def card_count(self) -> int:
        n = len(self.hand) + len(self.judge)
        for c in self.equip:
            if c >= 0:
                n += 1
        return n

    def canonical(self) -> tuple[Any, ...]:
        return (
            self.seat, self.role, self.general, self.kingdom, self.sex, self.hp, self.max_hp,
            tuple(self.hand), tuple(self.equip), tuple(self.judge), self.alive,
            tuple(s.id for s in self.skills), self.role_shown, self.borrowed,
        )

    def __repr__(self) -> str:
        return f"<P{self.seat} {self.general or '-'} {self.hp}/{self.max_hp}>"


class VCard:
    """A card as it is used or played: a name plus the physical cards behind it.

    A converted card (武圣: a red card as 杀) keeps the original's suit and rank
    (docs/rules.md "Generals"); ``suit``/``rank`` are -1/0 when it stands for no single card.
    ``skill`` names the conversion.
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
        """The physical card ``card`` used as itself (one shared object per card: a VCard is
        never changed once made)."""
        v: VCard | None = ITSELF[card]
        if v is None:
            v = ITSELF[card] = cls(NAME[card], (card,))
        return v

    @property
    def is_black(self) -> bool:
        return self.suit == 0 or self.suit == 2

    @property
    def is_red(self) -> bool:
        return self.suit == 1 or self.suit == 3

    def __repr__(self) -> str:
        return f"VCard({self.name!r}, {self.cards!r}{', ' + self.skill if self.skill else ''})"


@dataclass(frozen=True)
class General:
    """A general's card: kingdom (``"shu wu"``: both), sex (m/f), HP and skill ids; ``en``, the
    English name (``"Lü Bu"``), is given by keyword and required. ``offered_to_lord``: the draft
    offers the general to the lord in every game whose pool holds him (003 "挑选武将": 曹操, 刘备,
    孙权)."""

    id: str
    zh: str
    kingdom: str
    sex: str
    hp: int
    skills: tuple[str, ...]
    can_be_lord: bool = True
    en: str = ""
    module: str = field(default="", compare=False)
    offered_to_lord: bool = False

    @property
    def name(self) -> str:
        return self.id

    def kingdoms(self) -> tuple[str, ...]:
        return tuple(self.kingdom.split())


GENERALS: Final[Registry[General]] = Registry("general")


def register_general(general: General) -> General:
    """Register a general (from its module: ``generals/<id>.py``). Its skills must be registered
    already (define them above, or import the module that does), and it and they must have their
    names and texts (``en``; a skill's ``en``, ``text_zh``, ``text_en``); checked, naming the
    module."""
    where = general.module or caller_module()
    if not general.module:
        general = replace(general, module=where)
    bad = [k for k in general.kingdoms() if k not in KINGDOMS]
    if not general.kingdoms() or bad:
        raise RegistrationError(f"{where}: general {general.id!r}: kingdom must be one or more "
                                f"of {KINGDOMS}, got {general.kingdom!r}")
    if general.sex not in ("m", "f") or general.hp < 1 or not general.zh:
        raise RegistrationError(f"{where}: general {general.id!r}: needs sex m/f, HP of at "
                                "least 1 and a Chinese name")
    if not general.en:
        raise RegistrationError(f"{where}: general {general.id!r} needs its English name "
                                '(en="...")')
    for sid in general.skills:
        skill = SKILLS.get(sid)
        if skill is None:
            raise RegistrationError(f"{where}: general {general.id!r}: unknown skill {sid!r} "
                                    "(define it above or import the module that registers it)")
        missing = skill_words_missing(skill)
        if missing:
            raise RegistrationError(f"{where}: general {general.id!r}: skill {sid!r} (of "
                                    f"{skill.module}) has no {' or '.join(missing)}")
    return GENERALS.add(general)


class TurnCounter:
    """A number a skill keeps for the current turn (仁德's cards given this turn). Declared once
    at import, by name; its value starts at 0 every turn."""

    __slots__ = ("name", "module")

    def __init__(self, name: str) -> None:
        self.name = name
        self.module = caller_module()
        TURN_COUNTERS.add(self)

    def __repr__(self) -> str:
        return f"<turn counter {self.name}>"


TURN_COUNTERS: Final[Registry[TurnCounter]] = Registry("turn counter")


class Turn:
    """The state of the turn under way that is not on the table: phases to skip (乐不思蜀) and
    the skills' :class:`TurnCounter` values. A new turn starts with a new one."""

    __slots__ = ("skipped", "counts")

    def __init__(self) -> None:
        self.skipped: list[str] = []
        self.counts: dict[str, int] = {}

    def copy(self) -> Turn:
        t = Turn()
        t.skipped = self.skipped.copy()
        t.counts = self.counts.copy()
        return t

    def skip(self, phase: str) -> None:
        """The phase ``phase`` of this turn will be skipped."""
        if phase not in PHASES:
            raise ValueError(f"no phase {phase!r} to skip (phases: {', '.join(PHASES)})")
        if phase not in self.skipped:
            self.skipped.append(phase)

    def skips(self, phase: str) -> bool:
        return phase in self.skipped

    def __getitem__(self, counter: TurnCounter) -> int:
        return self.counts.get(counter.name, 0)

    def __setitem__(self, counter: TurnCounter, value: int) -> None:
        self.counts[counter.name] = value

    def canonical(self) -> tuple[tuple[str, int], ...]:
        """``(name, value)`` pairs, sorted: ``("skip_<phase>", 1)`` per skipped phase, then the
        counters that were set (docs/replay-format.md, "Canonical encoding and the state hash")."""
        items: Mapping[str, int] = {**{f"skip_{p}": 1 for p in self.skipped}, **self.counts}
        return tuple(sorted(items.items()))
