"""甘宁 (wu, m, 4): 铜铃; he cannot be the lord (003 "人物技能详解"; docs/rules.md "甘宁 ganning")."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.engine import Proc
from ..content.tricks import keeps_reveal
from ..contexts import DYING, Ctx, DyingCtx
from ..hints import Advisor, general_hint, skill_hint
from ..model import REBEL, General, Player, register_general
from ..skills import PlayOption, Skill, register_skill
from ..telling import Teller, event_kind, role_name

if TYPE_CHECKING:
    from ..game import Game


@event_kind("tongling")
def TONGLING(t: Teller, seat: int, role: str, max_hp: int, hp: int) -> str:
    """铜铃 (甘宁): ``seat`` shows the role card ``role``; max HP and HP are now ``max_hp`` and
    ``hp``."""
    t.roles[seat] = str(role)
    return t.say(en="{p} reveals the role: {role}; max HP {m}, HP {hp}",
                 zh="{p}亮出身份牌：{role}；体力上限{m}，体力{hp}", p=t.p(seat),
                 role=role_name(str(role), t.lang), m=max_hp, hp=hp)


def _reveal(g: Game, owner: Player) -> None:
    owner.role_shown = True
    owner.max_hp += 1
    owner.hp += 1
    g.log(TONGLING, owner.seat, owner.role, owner.max_hp, owner.hp)


@register_skill
class Tongling(Skill):
    """铜铃 — 003: "任何时候可亮出自己的身份牌，亮出后体力上限和当前体力值各加一。一局游戏中只能使用一次。"

    Once per game, any time he could act or respond, including while dying
    (docs/rules.md "甘宁 ganning"). So it is offered (a) in his play phase, as an action
    ``("tongling", (), ())``; (b) whenever he is asked for a card (闪, 杀, 桃 for another,
    无懈可击), as the answer ``("tongling",)``, after which he is asked for that card again; (c)
    when he is dying, before anyone is asked for 桃 (a recorded yes/no). His role card is shown for
    the rest of the game, which is also what marks the skill as used. HP rises by 1 whatever it is:
    003's example at 1 HP hit by a 杀 he cannot dodge goes to 0, then back to 1 with max HP 5; from
    闪电's 3 damage at 1 HP he is at -1 even after it and needs 桃.
    """

    id = "tongling"
    zh = "铜铃"
    en = "Bronze Bells"
    text_zh = "任何时候可亮出自己的身份牌，亮出后体力上限和当前体力值各加一。一局游戏中只能使用一次。"
    text_en = "Once per game, at any time (even while dying), you may reveal your role card: your max HP and your HP each rise by 1."
    timings = (DYING,)

    def can_trigger(self, g: Game, owner: Player, ctx: Any) -> bool:
        return isinstance(ctx, DyingCtx) and ctx.player is owner and not owner.role_shown

    def trigger(self, g: Game, owner: Player, ctx: Any) -> Proc:
        _reveal(g, owner)
        return
        yield

    def play_options(self, g: Game, owner: Player) -> list[PlayOption]:
        return [] if owner.role_shown else [((), ())]

    def play(self, g: Game, owner: Player, cards: tuple[int, ...], targets: tuple[int, ...]) -> Proc:
        _reveal(g, owner)
        return
        yield

    def respond_ok(self, g: Game, owner: Player, name: str, ctx: Ctx | None) -> bool:
        # While he is dying the moment is the dying timing's (before anyone is asked for 桃).
        return not owner.role_shown and not (isinstance(ctx, DyingCtx) and ctx.player is owner)

    def respond(self, g: Game, owner: Player, name: str, ctx: Ctx | None) -> Proc:
        _reveal(g, owner)
        return None
        yield


register_general(General("ganning", "甘宁", "wu", "m", 4, ("tongling",), can_be_lord=False, en="Gan Ning"))
keeps_reveal("tongling")  # 铜铃 may answer a 五谷丰登 pick: the picks go on


# ---------------------------------------------------------------------------- agent hints
def _tongling_now(a: Advisor, prompt: tuple[Any, ...]) -> bool:
    """铜铃 is kept for dying (its yes/no then), never spent on an action or an answer."""
    return prompt[1:2] == ("dying",)


general_hint("ganning", 4, (REBEL,))
skill_hint("tongling", invoke=_tongling_now, as_answer=False)
