"""许褚 (wei, m, 4): 裸衣 (003 "人物技能详解"; docs/rules.md "许褚 xuchu")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.engine import Proc
from ..cards import WEAPON
from ..content.basic import SLASH_HIT, SlashCtx
from ..hints import general_hint
from ..model import REBEL, General, Player, register_general
from ..skills import Skill, register_skill

if TYPE_CHECKING:
    from ..game import Game


@register_skill
class Luoyi(Skill):
    """裸衣 (compulsory): in his play phase, while he has no weapon, a 杀 of his that hits deals 2
    damage instead of 1 (003: "出牌阶段，如果自己没装备武器牌，用杀攻击成功后（不包括决斗），对方受
    到两点体力伤害"; docs/rules.md "许褚 xuchu": without a weapon, no draw penalty in this
    first-edition text, not a duel's 杀).

    Rulings (003 is silent):
    - It asks no yes/no: 003 states the damage as what happens ("对方受到两点体力伤害").
    - "用杀攻击成功" is the 杀 hitting: after the target did not dodge it, before the damage
      (``slash_hit``). A duel's 杀 is never a 杀 attack (it is played, and the damage is the
      duel's), nor is a 杀 played against 南蛮入侵.
    - "没装备武器牌": a weapon borrowed with 借刀杀人 (or 借刀) counts as one: while he holds it he
      uses its range and skill, so he is armed.
    - "出牌阶段" is his own play phase, when he uses 杀.
    - A 杀 moved by 流离 is still his: it deals 2 to its new target.
    """

    id = "luoyi"
    zh = "裸衣"
    en = "Bare-Chested"
    text_zh = "出牌阶段，如果自己没装备武器牌，用杀攻击成功后（不包括决斗），对方受到两点体力伤害。"
    text_en = "In your play phase, while you have no weapon, a Slash of yours that hits deals 2 damage instead of 1 (never in a Duel)."
    optional = False
    compulsory = True
    timings = (SLASH_HIT,)

    def can_trigger(self, g: Game, owner: Player, ctx: SlashCtx) -> bool:
        return (
            ctx.user is owner and g.phase == "play" and g.current == owner.seat
            and owner.equip[WEAPON] < 0 and owner.borrowed is None
        )

    def trigger(self, g: Game, owner: Player, ctx: SlashCtx) -> Proc:
        ctx.extra += 1
        return
        yield


register_general(General("xuchu", "许褚", "wei", "m", 4, ("luoyi",), en="Xu Chu"))


# ---------------------------------------------------------------------------- agent hints
general_hint("xuchu", 20, (REBEL,))
