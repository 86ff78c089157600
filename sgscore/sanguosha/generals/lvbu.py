"""吕布 (qun, m, 4): 无双 (003 "人物技能详解"; docs/rules.md "吕布 lvbu")."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.engine import Proc
from ...core.protocol import Choice, PickRequest, Request
from ..content.tricks import AOE_ANSWERED, AoeCtx
from ..events import skill_effect
from ..hints import Advisor, answer_hint, general_hint
from ..memory import Memory, Window, learns_skill, window_kind
from ..model import REBEL, General, Player, register_general
from ..skills import Skill, register_skill
from ..telling import Teller, request_kind
from ..zones import discard

if TYPE_CHECKING:
    from ..game import Game


def _ask_wushuang(t: Teller, seat: int, lvbu: int, trick: str) -> str:
    return t.say(en="{p} must discard one more hand card against {src}'s {trick}, or take the "
                    "damage ({skill})", zh="{p}须再弃置一张手牌响应{src}的【{trick}】，否则受到伤害（{skill}）",
                 p=t.p(seat), src=t.p(lvbu), trick=t.name(trick), skill=t.skill("wushuang"))


@request_kind("wushuang_discard", ask=_ask_wushuang,
              choice="a hand card id to discard, or ``None`` to take the damage")
def WUSHUANG_DISCARD(t: Teller, choice: int | None) -> str:
    """A target of 吕布's 南蛮入侵/万箭齐发 who answered it: discard one more hand card, or take
    the damage."""
    if choice is None:
        return t.say(en="take the damage", zh="受到伤害")
    return t.card(choice)


@register_skill
class Wushuang(Skill):
    """无双 (compulsory): his 杀 needs two 闪 (八卦阵 judges once per 闪 needed); a target of his
    南蛮入侵 or 万箭齐发 who plays the 杀 or 闪 must also discard one more hand card, or take the
    damage (003: "需额外多弃一张任意手牌，否则减一点体力"). 003's text says nothing of 决斗."""

    id = "wushuang"
    zh = "无双"
    en = "Peerless"
    text_zh = "使用杀攻击时，对方需使用两张闪才能闪避，如果对方使用八卦阵，需要判定两次；使用范围攻击的锦囊（如万箭齐发和南蛮入侵）时，所有人除出闪或杀外，需额外多弃一张任意手牌，否则减一点体力。"
    text_en = "A target of your Slash needs two Dodges to avoid it (the Eight Trigrams judges once for each). A target of your Barbarian Invasion or Arrow Barrage who plays the Slash or Dodge must also discard one more hand card, or take the damage."
    optional = False
    compulsory = True
    timings = (AOE_ANSWERED,)

    def jinks_needed(self, g: Game, owner: Player, target: Player) -> int:
        return 2

    def can_trigger(self, g: Game, owner: Player, ctx: AoeCtx) -> bool:
        return ctx.user is owner and ctx.ok

    def trigger(self, g: Game, owner: Player, ctx: AoeCtx) -> Proc:
        t = ctx.target
        if not t.hand:
            ctx.ok = False
            return
        trick = ctx.card.name if ctx.card is not None else ""
        pick = yield PickRequest(t.seat, WUSHUANG_DISCARD, (None, *t.hand), (owner.seat, trick))
        if pick is None:
            ctx.ok = False
            return
        yield from discard(g, t, [pick], "wushuang")


register_general(General("lvbu", "吕布", "qun", "m", 4, ("wushuang",), en="Lü Bu"))


# ---------------------------------------------------------------------------- the account
# 无双 against a 南蛮入侵/万箭齐发 target who answered: it says what the target must do, and, when
# no discard follows, that the target did not discard (the two 闪 its 杀 needs are told with the
# 杀: content/basic.py).
@skill_effect("wushuang")
def _wushuang_effect(t: Teller, seat: int) -> str | None:
    if t.memory.last_played < 0:
        return None
    return t.say(en=": {p} must also discard a hand card, or take the damage",
                 zh="：{p}须再弃置一张手牌，否则受到伤害", p=t.p(t.memory.last_played))


@learns_skill("wushuang")
def _wushuang_asks(m: Memory, t: Teller, args: tuple[Any, ...], hidden: Any) -> None:
    if len(args) == 2:
        m.push(Window("aoe_discard", m.last_played))


def _aoe_discard_closing(t: Teller, w: Window, kind: str, args: tuple[Any, ...]) -> str:
    if kind == "discard" and args[0] == w.seat:
        return ""
    return t.say(en="{p} does not discard another hand card", zh="{p}没有再弃置一张手牌",
                 p=t.p(w.seat))


window_kind("aoe_discard", closing=_aoe_discard_closing)


# ---------------------------------------------------------------------------- agent hints
def _wushuang_discard(a: Advisor, request: Request) -> Choice:
    """A target of his 南蛮入侵/万箭齐发: the cheapest hand card worth 4 or less, else the
    damage."""
    cheap = [c for c in request.choices()
             if isinstance(c, int) and not isinstance(c, bool) and a.value(c) <= 4]
    return min(cheap, key=lambda c: (a.value(c), c)) if cheap else None


general_hint("lvbu", 76, (REBEL,))
answer_hint("wushuang_discard", _wushuang_discard)
