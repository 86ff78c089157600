"""华佗 (qun, m, 3): 急救, 青囊 (003 "人物技能详解"; docs/rules.md "华佗 huatuo")."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.engine import Proc
from ...core.protocol import Choice, PickRequest, Request
from ..cards import SUIT, is_red
from ..contexts import DAMAGE_BEFORE, DamageCtx
from ..hints import FRIEND, Advisor, answer_hint, cost, general_hint, skill_hint
from ..model import LOYALIST, General, Player, register_general
from ..rules import recover
from ..skills import PlayOption, Skill, register_skill
from ..telling import Teller, request_kind
from ..zones import discard

if TYPE_CHECKING:
    from ..game import Game


def _ask_jijiu(t: Teller, seat: int, target: int, amount: int, more: bool = False) -> str:
    if more:
        return t.say(en="{p} may discard another red card to prevent 1 more of the {n} damage "
                        "to {target} ({skill})", zh="{p}可以再弃置一张红色牌，再防止{target}受到的{n}点伤害中的"
                        "1点（{skill}）", p=t.p(seat), target=t.p(target), n=amount, skill=t.skill("jijiu"))
    return t.say(en="{p} discards a red card to prevent 1 of the {n} damage to {target} ({skill})",
                 zh="{p}弃置一张红色牌，防止{target}受到的{n}点伤害中的1点（{skill}）", skill=t.skill("jijiu"), p=t.p(seat),
                 target=t.p(target), n=amount)


@request_kind("jijiu", ask=_ask_jijiu, choice="""a red card id (hand or equipped) to discard;
    ``None`` (offered only after the first, ``more`` in the prompt) to prevent no more""")
def JIJIU(t: Teller, choice: int | None) -> str:
    """华佗, after saying yes to 急救 as damage (``amount`` still to be dealt) is about to hit
    ``target``: which red card to discard to prevent 1 point of it; then, while damage is left,
    another one or ``None``."""
    if choice is None:
        return t.say(en="prevent no more", zh="不再防止")
    return t.card(choice)


def _own_cards(owner: Player) -> list[int]:
    """His hand and equipped cards (not a weapon borrowed with 借刀杀人, not his judgement area)."""
    return list(owner.hand) + [c for c in owner.equip if c >= 0]


def _red_cards(owner: Player) -> list[int]:
    return [c for c in _own_cards(owner) if is_red(SUIT[c])]


@register_skill
class Jijiu(Skill):
    """急救 (first edition): at any time, discard a red card (♥ ♦) to prevent 1 point of damage to
    any player, himself included (003: "任何时候，弃一张红色花色（红桃、方块）的牌，可抵消对包括自己在内
    的任意玩家的一点伤害"; docs/rules.md "华佗 huatuo": damage prevention, not the later "桃 as
    急救").

    At ``damage_before`` of any damage to a living player (with or without a source: 闪电 too),
    a yes/no, then which red card (:data:`JIJIU`); the damage is 1 less, and prevented when
    nothing is left (no ``damaged``: no 奸雄, 反馈, 刚烈 or 遗计 for it). Decisions where 003 is
    silent:

    - "一张红色花色的牌": a hand or an equipped card (the cards a player owns; 青囊 says so in
      words, 急救 says "牌" without limiting it).
    - "一点伤害" per card, and "任何时候": against damage of several points (闪电's 3) he may go
      on, one red card per point, until none is left or he says ``None``.
    """

    id = "jijiu"
    zh = "急救"
    en = "First Aid"
    text_zh = "任何时候，弃一张红色花色（红桃、方块）的牌，可抵消对包括自己在内的任意玩家的一点伤害。"
    text_en = "At any time, you may discard a red card (♥ ♦) to prevent 1 point of damage to any player, yourself included."
    timings = (DAMAGE_BEFORE,)

    def can_trigger(self, g: Game, owner: Player, ctx: DamageCtx) -> bool:
        return (ctx.target.alive and not ctx.prevented and ctx.amount > 0
                and bool(_red_cards(owner)))

    def invoke_prompt(self, g: Game, owner: Player, ctx: DamageCtx) -> tuple[Any, ...]:
        return (ctx.target.seat, ctx.amount)  # whom the damage is about to hit, and how much

    def trigger(self, g: Game, owner: Player, ctx: DamageCtx) -> Proc:
        first = True
        while owner.alive and ctx.amount > 0:
            reds = _red_cards(owner)
            if not reds:
                break
            options: list[int | None] = list(reds) if first else [None, *reds]
            prompt = (ctx.target.seat, ctx.amount) if first else (ctx.target.seat, ctx.amount, True)
            card = yield PickRequest(owner.seat, JIJIU, options, prompt)
            if card is None:
                break
            first = False
            yield from discard(g, owner, [card], self.id)
            ctx.amount -= 1
        if ctx.amount <= 0:
            ctx.prevented = True


@register_skill
class Qingnang(Skill):
    """青囊: in his play phase, discard a hand or equipped card to heal himself 1 HP, as often as he
    likes (003: "出牌阶段，可弃一张手牌或已装备的牌为自己加一点体力，可多次使用该技能";
    docs/rules.md "华佗 huatuo"): ``("qingnang", (card,), ())``.

    Decision where 003 is silent: only while he is wounded, as 桃 is used on oneself
    (docs/rules.md "Cards"); at full HP "加一点体力" would do nothing, and the card would be thrown
    away for it.
    """

    id = "qingnang"
    zh = "青囊"
    en = "Green Satchel"
    text_zh = "出牌阶段，可弃一张手牌或已装备的牌为自己加一点体力，可多次使用该技能。"
    text_en = "In your play phase, while wounded, you may discard a hand or equipped card to recover 1 HP, as often as you like."

    def play_options(self, g: Game, owner: Player) -> list[PlayOption]:
        if owner.hp >= owner.max_hp:
            return []
        return [((c,), ()) for c in _own_cards(owner)]

    def play(self, g: Game, owner: Player, cards: tuple[int, ...], targets: tuple[int, ...]) -> Proc:
        yield from discard(g, owner, list(cards), self.id)
        recover(g, owner, 1)


register_general(General("huatuo", "华佗", "qun", "m", 3, ("jijiu", "qingnang"), en="Hua Tuo"))


# ---------------------------------------------------------------------------- agent hints
def _jijiu_for(a: Advisor, prompt: tuple[Any, ...]) -> bool:
    """急救 for a friend about to be damaged (the prompt's seat)."""
    about = prompt[2] if len(prompt) > 2 else -1
    return isinstance(about, int) and 0 <= about < a.game.n and a.attitude(about) == FRIEND


def _jijiu_card(a: Advisor, request: Request) -> Choice:
    """The cheapest red card, for a friend (or when he must give one)."""
    options = request.choices()
    prompt = request.prompt
    cards = [o for o in options if isinstance(o, int) and not isinstance(o, bool)]
    target = prompt[0] if prompt else -1
    friend = isinstance(target, int) and 0 <= target < a.game.n and a.attitude(target) == FRIEND
    if cards and (friend or None not in options):
        return min(cards, key=lambda c: (a.value(c), c))
    return None


def _qingnang(a: Advisor, cards: tuple[int, ...], targets: tuple[int, ...]) -> int:
    """青囊 when hurt, the card it costs counted."""
    me = a.me
    return 10 - cost(a, cards) if me.hp < me.max_hp else -10


general_hint("huatuo", 64, (LOYALIST,))
skill_hint("jijiu", invoke=_jijiu_for)
answer_hint("jijiu", _jijiu_card)
skill_hint("qingnang", play=_qingnang)
