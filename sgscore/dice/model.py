"""三国掷's pieces: the faces of a die, the roles, a player, damage, and the generals with their
skills (registered, each checked when it is defined).

A general has its HP and one skill. A skill is a class that overrides some of the hooks of
:class:`DiceSkill`; the rules call a hook only on the living players whose skill overrides it, so
adding a general is one module in ``generals/`` and never a change to the rules.
"""

from __future__ import annotations

from typing import Any, ClassVar, Final

from .._accel import mypyc_attr
from ..core.checks import watch_hooks
from ..core.engine import Proc
from ..core.registry import RegistrationError, Registry, caller_module

__all__ = [
    "ARROW", "DYNAMITE", "SLASH1", "SLASH2", "BEER", "GATLING", "FACES", "FACE_ZH", "FACE_EN",
    "LORD", "LOYALIST", "REBEL", "RENEGADE", "ROLES", "ROLE_ZH", "KINGDOM_ZH", "ARROWS", "DICE",
    "Player", "Damage", "DiceSkill", "DiceGeneral", "SKILLS", "GENERALS", "HOOKS",
    "register_skill", "register_general",
]

# ---------------------------------------------------------------------------- dice
ARROW: Final = "arrow"
DYNAMITE: Final = "dynamite"
SLASH1: Final = "slash1"
SLASH2: Final = "slash2"
BEER: Final = "beer"
GATLING: Final = "gatling"
FACES: Final = (ARROW, DYNAMITE, SLASH1, SLASH2, BEER, GATLING)
"""The six faces of every die, in the order a roll numbers them (``rng.below(6)``)."""
FACE_ZH: Final = {ARROW: "南蛮箭", DYNAMITE: "闪电", SLASH1: "近杀", SLASH2: "远杀", BEER: "酒",
                  GATLING: "万箭齐发"}
FACE_EN: Final = {ARROW: "arrow", DYNAMITE: "dynamite", SLASH1: "near slash (1)",
                  SLASH2: "far slash (2)", BEER: "beer", GATLING: "gatling"}
DICE: Final = 5
"""Dice rolled each turn."""
ARROWS: Final = 9
"""【箭】 in the game: the pile plus those held."""

# ---------------------------------------------------------------------------- roles
LORD: Final = "lord"
LOYALIST: Final = "loyalist"
REBEL: Final = "rebel"
RENEGADE: Final = "renegade"
ROLES: Final = (LORD, LOYALIST, REBEL, RENEGADE)
ROLE_ZH: Final = {LORD: "主公", LOYALIST: "忠臣", REBEL: "反贼", RENEGADE: "内奸"}
KINGDOM_ZH: Final = {"wei": "魏", "shu": "蜀", "wu": "吴", "qun": "群"}


class Player:
    """One seat: its general, role, HP and the 【箭】 it holds."""

    __slots__ = ("seat", "general", "role", "hp", "max_hp", "arrows", "alive")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.general = ""
        self.role = ""
        self.hp = 0
        self.max_hp = 0
        self.arrows = 0
        self.alive = True

    def copy(self) -> Player:
        q = Player(self.seat)
        q.general = self.general
        q.role = self.role
        q.hp = self.hp
        q.max_hp = self.max_hp
        q.arrows = self.arrows
        q.alive = self.alive
        return q

    @property
    def skill(self) -> DiceSkill | None:
        g = GENERALS.get(self.general)
        return SKILLS[g.skill] if g is not None and g.skill else None

    def __repr__(self) -> str:
        return f"<P{self.seat} {self.general} {self.role} {self.hp}/{self.max_hp} " \
               f"arrows={self.arrows}{'' if self.alive else ' dead'}>"


class Damage:
    """One player's damage: ``source`` is the seat that deals it (None: 南蛮入侵 and 闪电 have no
    source); ``reason`` is ``slash``, ``gatling``, ``indians`` or ``dynamite``. Skills at
    ``before_damage`` may lower ``amount`` (to 0: prevented)."""

    __slots__ = ("target", "amount", "source", "reason")

    def __init__(self, target: Player, amount: int, source: int | None, reason: str) -> None:
        self.target = target
        self.amount = amount
        self.source = source
        self.reason = reason

    def __repr__(self) -> str:
        return f"<Damage {self.amount} to P{self.target.seat} from {self.source} ({self.reason})>"


# ---------------------------------------------------------------------------- skills
HOOKS: Final = {
    "slash_reach": "the distances a 杀 die of its owner may hit (马术, 龙胆)",
    "turn_start": "a procedure at the start of its owner's turn (青囊)",
    "before_damage": "a procedure before its owner takes damage; may lower the amount (不屈, "
                     "巨象, 八阵)",
    "after_damage": "a procedure after its owner, still alive, took damage (刚烈, 遗计)",
    "on_death": "a procedure when another player dies (行殇)",
    "beer_bonus": "extra HP a 酒 of its owner's gives (再起)",
    "before_slashes": "a procedure when its owner's 杀 dice have their targets, before the "
                      "damage (酒池)",
    "before_gatling": "a procedure before its owner's 万箭齐发 step (集智)",
    "turn_end": "a procedure at the end of its owner's turn (克己)",
}
"""The hooks a skill may override, with what the rules call them for."""
_PROCEDURES = frozenset({"turn_start", "before_damage", "after_damage", "on_death", "before_slashes",
                         "before_gatling", "turn_end"})

@mypyc_attr(allow_interpreted_subclasses=True)
class DiceSkill:
    """A general's skill. Class attributes: ``id``, ``zh``, ``en``, ``text_zh`` (000's text),
    ``text_en``; the settings ``extra_rerolls`` (贞烈), ``reroll_dynamite`` (鬼道) and
    ``gatling_needs`` (乱击); ``optional``: its owner is asked before it is used. Override the
    hooks it needs (:data:`HOOKS`); a hook not overridden is never called.

    Each hook is given the game first: a :class:`~sgscore.dice.game.DiceGame`, which is made of
    the pieces of this module, so this module cannot name it; a skill names it in its hooks
    (``g: DiceGame``)."""

    id: ClassVar[str] = ""
    zh: ClassVar[str] = ""
    en: ClassVar[str] = ""
    text_zh: ClassVar[str] = ""
    text_en: ClassVar[str] = ""
    optional: ClassVar[bool] = False
    extra_rerolls: ClassVar[int] = 0
    reroll_dynamite: ClassVar[bool] = False
    gatling_needs: ClassVar[int] = 3
    hooks: ClassVar[frozenset[str]] = frozenset()

    @property
    def name(self) -> str:
        return self.id

    @property
    def module(self) -> str:
        return type(self).__module__

    def slash_reach(self, g: Any, owner: Player, face: str,
                    reach: tuple[int, ...]) -> tuple[int, ...]:
        return reach

    def turn_start(self, g: Any, owner: Player) -> Proc:
        return
        yield

    def before_damage(self, g: Any, owner: Player, dmg: Damage) -> Proc:
        return
        yield

    def after_damage(self, g: Any, owner: Player, dmg: Damage) -> Proc:
        return
        yield

    def on_death(self, g: Any, owner: Player, dead: Player) -> Proc:
        return
        yield

    def beer_bonus(self, g: Any, owner: Player, target: Player) -> int:
        return 0

    def before_slashes(self, g: Any, owner: Player, shots: list[list[int]]) -> Proc:
        return
        yield

    def before_gatling(self, g: Any, owner: Player, count: int) -> Proc:
        return
        yield

    def turn_end(self, g: Any, owner: Player) -> Proc:
        return
        yield


SKILLS: Registry[DiceSkill] = Registry("dice skill")


def register_skill(cls: type[DiceSkill]) -> type[DiceSkill]:
    """Register a skill class (a decorator). Checked: its id and words, that every public method
    is a hook of :data:`HOOKS` (a misspelt hook would never be called), and its settings."""
    where = caller_module()
    if not issubclass(cls, DiceSkill):
        raise RegistrationError(f"{where}: {cls.__name__} is not a DiceSkill")
    for attr in ("id", "zh", "en", "text_zh", "text_en"):
        if not getattr(cls, attr):
            raise RegistrationError(f"{where}: dice skill {cls.__name__} needs its {attr}")
    public = {n for n in vars(cls) if not n.startswith("_") and callable(vars(cls)[n])}
    unknown = sorted(public - set(HOOKS))
    if unknown:
        raise RegistrationError(f"{where}: dice skill {cls.id!r}: {', '.join(unknown)} is no hook "
                                f"(hooks: {', '.join(HOOKS)})")
    if cls.extra_rerolls < 0 or cls.gatling_needs < 1:
        raise RegistrationError(f"{where}: dice skill {cls.id!r}: bad settings")
    hooks = frozenset(h for h in HOOKS if getattr(cls, h) is not getattr(DiceSkill, h))
    cls.hooks = hooks
    watch_hooks(cls, (h for h in sorted(hooks) if h in _PROCEDURES))  # a missing yield from
    SKILLS.add(cls())
    return cls


class DiceGeneral:
    """A dice general: id, Chinese and English names, sex, HP (000's number), its skill, and
    the kingdom of the character in the card game (000 names none; no rule reads it: it is
    shown by ``sgs info``)."""

    __slots__ = ("id", "zh", "en", "sex", "hp", "skill", "kingdom", "module")

    def __init__(self, id: str, zh: str, en: str, sex: str, hp: int, skill: str,
                 kingdom: str) -> None:
        self.id = id
        self.kingdom = kingdom
        self.zh = zh
        self.en = en
        self.sex = sex
        self.hp = hp
        self.skill = skill
        self.module = caller_module(3)

    @property
    def name(self) -> str:
        return self.id


GENERALS: Registry[DiceGeneral] = Registry("dice general")


def register_general(g: DiceGeneral) -> DiceGeneral:
    """Register a general. Checked: its names, its HP, its sex and that its skill is registered."""
    if not g.zh or not g.en:
        raise RegistrationError(f"{g.module}: dice general {g.id!r} needs its zh and en names")
    if not isinstance(g.hp, int) or isinstance(g.hp, bool) or not 1 <= g.hp <= 12:
        raise RegistrationError(f"{g.module}: dice general {g.id!r}: HP 1-12, got {g.hp!r}")
    if g.kingdom not in KINGDOM_ZH:
        raise RegistrationError(f"{g.module}: dice general {g.id!r}: kingdom out of "
                                f"{', '.join(KINGDOM_ZH)}")
    if g.sex not in ("m", "f"):
        raise RegistrationError(f"{g.module}: dice general {g.id!r}: sex is 'm' or 'f'")
    if g.skill not in SKILLS:
        raise RegistrationError(f"{g.module}: dice general {g.id!r} names the skill {g.skill!r}, "
                                "which is not registered")
    return GENERALS.add(g)


def skill_of(p: Player, hook: str) -> DiceSkill | None:
    """``p``'s skill if it overrides ``hook`` (None otherwise)."""
    s = p.skill
    return s if s is not None and hook in s.hooks else None

