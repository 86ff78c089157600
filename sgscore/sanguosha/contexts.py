"""The timings the rules fire, and the typed context object each one passes to skills.

Cards that fire timings of their own declare them with their cards (``content/basic.py``: the 杀
timings and :class:`~sgscore.sanguosha.content.basic.SlashCtx`; ``content/tricks.py``:
``AOE_ANSWERED``). Contexts are small slotted classes: a skill reads and changes exactly the
fields its rule text speaks of (``DamageCtx.amount``, ``JudgeCtx.card``, ``DrawPhaseCtx.count``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from .._accel import mypyc_attr
from .skills import Timing

if TYPE_CHECKING:
    from .model import Player, VCard

__all__ = [
    "Ctx", "CardCtx", "DyingCtx", "PlayerCtx", "CardPlayed", "PhaseCtx", "DrawPhaseCtx", "HandLimitCtx", "CardUse",
    "GainCtx", "DamageCtx", "DeathCtx", "JudgeCtx",
    "PHASE_BEGIN", "PHASE_END", "DRAW_PHASE", "DISCARD_BEGIN", "HAND_LIMIT", "CARD_USED", "CARD_PLAYED",
    "DAMAGE_BEFORE", "DAMAGED", "CAUSED_DAMAGE", "DYING", "DEATH", "JUDGE_REVEALED",
    "JUDGE_DONE", "HAND_EMPTIED", "GAINED",
]


@mypyc_attr(allow_interpreted_subclasses=True)
class Ctx:
    """What a card is asked for (``rules.respond``): the base of the contexts passed there."""

    __slots__ = ()


@mypyc_attr(allow_interpreted_subclasses=True)
class CardCtx(Ctx):
    """One card resolving against one target: who used it, on whom, and whether the target's
    armor counts (青釭剑)."""

    __slots__ = ("user", "target", "card", "ignore_armor")

    def __init__(self, user: Player, target: Player, card: VCard | None) -> None:
        self.user = user
        self.target = target
        self.card = card
        self.ignore_armor = False


@mypyc_attr(allow_interpreted_subclasses=True)
class DyingCtx(Ctx):
    """A dying player asking round the table for 桃."""

    __slots__ = ("player", "source")

    def __init__(self, player: Player, source: Player | None) -> None:
        self.player = player
        self.source = source


class PlayerCtx:
    """Something happened to ``player``."""

    __slots__ = ("player",)

    def __init__(self, player: Player) -> None:
        self.player = player


class PhaseCtx:
    """A phase of ``player``'s turn begins or ends."""

    __slots__ = ("player", "phase")

    def __init__(self, player: Player, phase: str) -> None:
        self.player = player
        self.phase = phase


class DrawPhaseCtx:
    """The draw phase: ``count`` cards are drawn unless ``skip`` (a skill may change either)."""

    __slots__ = ("player", "count", "skip")

    def __init__(self, player: Player, count: int) -> None:
        self.player = player
        self.count = count
        self.skip = False


class HandLimitCtx:
    """The discard phase's hand limit (the HP); ``limit = -1``: no limit this turn."""

    __slots__ = ("player", "limit")

    def __init__(self, player: Player, limit: int) -> None:
        self.player = player
        self.limit = limit


class CardUse:
    """A card being used: ``via`` names the skill or weapon that made the use, if one did (青龙
    偃月刀's second 杀); ``counted``: whether a 杀 counts toward the play phase's limit."""

    __slots__ = ("user", "card", "targets", "via", "counted")

    def __init__(self, user: Player, card: VCard, targets: tuple[int, ...], via: str = "",
                 counted: bool = True) -> None:
        self.user = user
        self.card = card
        self.targets = targets
        self.via = via
        self.counted = counted


class GainCtx:
    """``player`` got ``cards`` into hand (drawn or gained)."""

    __slots__ = ("player", "cards")

    def __init__(self, player: Player, cards: list[int]) -> None:
        self.player = player
        self.cards = cards


class CardPlayed:
    """``player`` played ``card`` when asked for it (``rules.respond``); ``asked``: to what."""

    __slots__ = ("player", "card", "asked")

    def __init__(self, player: Player, card: VCard, asked: Ctx | None) -> None:
        self.player = player
        self.card = card
        self.asked = asked


class DamageCtx:
    """A damage event: ``amount`` may be changed or ``prevented`` before it is dealt."""

    __slots__ = ("source", "target", "amount", "card", "prevented")

    def __init__(self, source: Player | None, target: Player, amount: int,
                 card: VCard | None) -> None:
        self.source = source
        self.target = target
        self.amount = amount
        self.card = card
        self.prevented = False


class DeathCtx:
    """``player`` died; ``killer`` dealt the damage (None: no source)."""

    __slots__ = ("player", "killer")

    def __init__(self, player: Player, killer: Player | None) -> None:
        self.player = player
        self.killer = killer


class JudgeCtx:
    """A judgement: ``card`` is the judgement card in effect (鬼才 may replace it)."""

    __slots__ = ("player", "reason", "card")

    def __init__(self, player: Player, reason: str, card: int) -> None:
        self.player = player
        self.reason = reason
        self.card = card


PHASE_BEGIN: Final = Timing("phase_begin", PhaseCtx, "a phase begins (before it is played; 观星)")
PHASE_END: Final = Timing("phase_end", PhaseCtx, "a phase has been played")
DRAW_PHASE: Final = Timing("draw_phase", DrawPhaseCtx, "the draw phase, before drawing")
DISCARD_BEGIN: Final = Timing("discard_begin", PhaseCtx, "the discard phase begins")
HAND_LIMIT: Final = Timing("hand_limit", HandLimitCtx, "the hand limit of the discard phase is set")
CARD_USED: Final = Timing("card_used", CardUse, "a card has been used, before it resolves")
CARD_PLAYED: Final = Timing("card_played", CardPlayed,
                            "a card has been played when asked for (a 杀 in a duel; 克己)")
DAMAGE_BEFORE: Final = Timing("damage_before", DamageCtx, "damage is about to be dealt")
DAMAGED: Final = Timing("damaged", DamageCtx, "a surviving target has been dealt damage")
CAUSED_DAMAGE: Final = Timing("caused_damage", DamageCtx, "a source has dealt damage")
DYING: Final = Timing("dying", DyingCtx, "a player is dying, before anyone is asked for 桃")
DEATH: Final = Timing("death", DeathCtx, "a player has died (cards discarded, victory checked)")
JUDGE_REVEALED: Final = Timing("judge_revealed", JudgeCtx, "a judgement card is revealed (鬼才)")
JUDGE_DONE: Final = Timing("judge_done", JudgeCtx, "a judgement has its result (天妒)")
HAND_EMPTIED: Final = Timing("hand_emptied", PlayerCtx, "a player's last hand card left the hand")
GAINED: Final = Timing("gained", GainCtx, "cards went into a player's hand")
