"""曹操 (wei, m, 4): 奸雄, and the lord skill 护驾 (003 "人物技能详解"; docs/rules.md "曹操 caocao")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.engine import Proc
from ..contexts import DAMAGED, Ctx, DamageCtx
from ..events import asks_round
from ..hints import asker_is_friend, general_hint, skill_hint
from ..model import General, Player, VCard, register_general
from ..rules import respond
from ..skills import Skill, register_skill
from ..zones import gain

if TYPE_CHECKING:
    from ..game import Game


@register_skill
class Jianxiong(Skill):
    """奸雄: gain the card(s) that damaged him (003: "可立即获得所有对自己造成体力伤害的牌").

    The cards are those behind the damaging card that are still in the processing area: a
    converted card gives the cards used for it; the 杀 played inside a 决斗 never are (they are
    discarded as they are played, and the damage is the 决斗's).
    """

    id = "jianxiong"
    zh = "奸雄"
    en = "Villainous Hero"
    text_zh = "可立即获得所有对自己造成体力伤害的牌。包括杀、决斗、万箭齐发、南蛮入侵、闪电，和部分角色用来代替这些牌的牌，但不包括决斗中双方出的杀牌。"
    text_en = "When you take damage, you may gain the card(s) that dealt it: a Slash, Duel, Barbarian Invasion, Arrow Barrage or Lightning, or the cards a skill used in place of one; never the Slashes played in a Duel."
    timings = (DAMAGED,)

    def _cards(self, g: Game, ctx: DamageCtx) -> list[int]:
        card = ctx.card
        if card is None:
            return []
        return [c for c in card.cards if c in g.processing]

    def can_trigger(self, g: Game, owner: Player, ctx: DamageCtx) -> bool:
        return ctx.target is owner and bool(self._cards(g, ctx))

    def trigger(self, g: Game, owner: Player, ctx: DamageCtx) -> Proc:
        yield from gain(g, owner, self._cards(g, ctx), None, visible=True)


@register_skill
class Hujia(Skill):
    """护驾 (lord): when he needs to play 闪, the other Wei players are asked in turn order whether
    to play a 闪 for him (003: "曹操可以要求（但不强制要求）魏国武将帮曹操出闪"). Not offered when no
    other Wei player is alive."""

    id = "hujia"
    zh = "护驾"
    en = "Royal Escort"
    text_zh = "任何时候，曹操可以要求（但不强制要求）魏国武将帮曹操出闪。"
    text_en = "Whenever you need to play a Dodge, you may ask the other Wei players, in turn order, to play one for you; none of them has to."
    lord = True

    def _helpers(self, g: Game, owner: Player) -> list[Player]:
        return [q for q in g.order_from(owner.seat)[1:] if q.of_kingdom("wei")]

    def respond_ok(self, g: Game, owner: Player, name: str, ctx: Ctx | None) -> bool:
        return name == "jink" and bool(self._helpers(g, owner))

    def respond(self, g: Game, owner: Player, name: str, ctx: Ctx | None) -> Proc:
        for q in self._helpers(g, owner):
            if not q.alive:
                continue
            vc = yield from respond(g, q, "jink", ctx, ("hujia", owner.seat))
            if vc is not None:
                return VCard("jink", vc.cards, self.id, vc.suit, vc.rank)
        return None


register_general(General("caocao", "曹操", "wei", "m", 4, ("jianxiong", "hujia"), en="Cao Cao",
                         offered_to_lord=True))  # 003: every draft offers him to the lord
asks_round("hujia", "jink", "wei")  # the account: "no Wei general answers 护驾"


# ---------------------------------------------------------------------------- agent hints
general_hint("caocao", 92)
skill_hint("hujia", respond=asker_is_friend)  # a 闪 for a friendly lord only
