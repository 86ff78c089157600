"""吕蒙 (wu, m, 4): 克己 (003 "人物技能详解"; docs/rules.md "吕蒙 lvmeng")."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from ...core.engine import Proc
from ..contexts import CARD_PLAYED, CARD_USED, HAND_LIMIT, CardPlayed, CardUse, HandLimitCtx
from ..events import SKILL, skill_effect
from ..hints import general_hint
from ..model import General, Player, TurnCounter, register_general
from ..skills import Skill, register_skill
from ..telling import Teller

if TYPE_CHECKING:
    from ..game import Game

KEJI_BROKEN: Final = TurnCounter("keji_broken")


def _in_own_play_phase(g: Game, owner: Player) -> bool:
    return g.phase == "play" and g.current == owner.seat


@register_skill
class Keji(Skill):
    """克己 — 003: "若在出牌阶段没有打出杀（包括决斗中使用的杀），则弃牌阶段无需弃牌，即此回合手牌无上限。"

    No 杀 used or played in his play phase (a duel's 杀 count) → no hand limit this turn
    (docs/rules.md "吕蒙 lvmeng"). Every 杀 he uses in his play phase counts, whatever made it a 杀
    (a converted card, a 青龙偃月刀 follow-up that is not counted against the limit), and every 杀
    he plays when asked in it (in a 决斗). A 杀 used or played outside his play phase does not
    count. Compulsory: when his hand exceeds his HP in the discard phase and no 杀 was used or
    played, the skill is told (a ``skill`` event) and nothing is discarded; noting a 杀 tells
    nothing.
    """

    id = "keji"
    zh = "克己"
    en = "Self-Restraint"
    text_zh = "若在出牌阶段没有打出杀（包括决斗中使用的杀），则弃牌阶段无需弃牌，即此回合手牌无上限。"
    text_en = "If you used or played no Slash in your play phase (a Slash in a Duel counts), you need not discard in your discard phase: you have no hand limit this turn."
    compulsory = True
    timings = (CARD_USED, CARD_PLAYED, HAND_LIMIT)
    optional = False
    announce = False

    def can_trigger(self, g: Game, owner: Player, ctx: Any) -> bool:
        if isinstance(ctx, HandLimitCtx):
            return (ctx.player is owner and not g.turn[KEJI_BROKEN] and ctx.limit >= 0
                    and len(owner.hand) > ctx.limit)
        if g.turn[KEJI_BROKEN] or not _in_own_play_phase(g, owner):
            return False
        if isinstance(ctx, CardUse):
            return ctx.user is owner and ctx.card.name == "slash"
        if isinstance(ctx, CardPlayed):
            return ctx.player is owner and ctx.card.name == "slash"
        return False

    def trigger(self, g: Game, owner: Player, ctx: Any) -> Proc:
        if isinstance(ctx, HandLimitCtx):
            g.log(SKILL, owner.seat, self.id)
            ctx.limit = -1
        else:
            g.turn[KEJI_BROKEN] = 1
        return
        yield


register_general(General("lvmeng", "吕蒙", "wu", "m", 4, ("keji",), en="Lü Meng"))


@skill_effect("keji")
def _keji_effect(t: Teller, seat: int) -> str | None:
    return t.say(en=": no hand limit this turn", zh="：本回合手牌无上限")


# ---------------------------------------------------------------------------- agent hints
general_hint("lvmeng", 16)
