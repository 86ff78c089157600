"""Equipment: weapons, armor and horses (003 "装备牌", RULINGS §4.3, §4.4 and §7).

Using an equipment card puts it in its slot; a card with a skill (a weapon, 八卦阵, 仁王盾) gives
its holder that skill while equipped. 诸葛连弩 and 青釭剑 are normal rules; the other weapon skills
are the advanced rules (``Config.advanced_weapons``, on by default).
"""

from __future__ import annotations

from typing import Any

from ...core.protocol import PickRequest, SubsetRequest
from ..cards import DEFENSE_HORSE, KIND, NAME, OFFENSE_HORSE, is_red
from ..model import CardDef, Player, Proc, Skill, VCard, register_card, register_skill
from ..rules import (
    SlashCtx,
    choose_card_of,
    discard,
    draw,
    equip_card,
    fire,
    judge,
    respond,
    to_discard,
)

__all__: list[str] = []


def _equip_targets(g: Any, p: Player, card: VCard) -> list[tuple[int, ...]]:
    return [()]


def _equip_effect(g: Any, user: Player, card: VCard, targets: tuple[int, ...]) -> Proc:
    yield from equip_card(g, user, card.cards[0])


for _name in sorted({NAME[i] for i in range(108) if KIND[i] == "equip"}):
    register_card(CardDef(_name, _equip_targets, _equip_effect))


class _Equipment(Skill):
    equipment = True
    optional = False


def _works(g: Any, owner: Player, other: Player) -> bool:
    return bool(g.equipment_works(owner, other))


# ---------------------------------------------------------------------------- normal rules
@register_skill
class Crossbow(_Equipment):
    """诸葛连弩: any number of 杀 in the play phase."""

    id = "crossbow"
    zh = "诸葛连弩"
    modifies = ("slash_limit",)

    def slash_limit(self, g: Any, owner: Player) -> int:
        return 1 << 30


@register_skill
class QinggangSword(_Equipment):
    """青釭剑: the target's armor has no effect against this 杀 (003: "对方的八卦阵无效")."""

    id = "qinggang_sword"
    zh = "青釭剑"
    timings = ("slash_aim",)

    def can_trigger(self, g: Any, owner: Player, ctx: Any) -> bool:
        return ctx.user is owner and _works(g, owner, ctx.target)

    def trigger(self, g: Any, owner: Player, ctx: Any) -> Proc:
        ctx.ignore_armor = True
        return
        yield


@register_skill
class EightDiagram(_Equipment):
    """八卦阵: when you need to play 闪 you may judge first; red counts as a 闪, otherwise you may
    still play one (003; the ``respond`` request offers it once per 闪 needed)."""

    id = "eight_diagram"
    zh = "八卦阵"

    def respond_ok(self, g: Any, owner: Player, name: str, ctx: Any) -> bool:
        return name == "jink"

    def respond(self, g: Any, owner: Player, name: str, ctx: Any) -> Proc:
        j = yield from judge(g, owner, "eight_diagram")
        if is_red(_suit(j.card)):
            return VCard("jink", (), "eight_diagram", suit=-1, rank=0)
        return None


def _suit(card: int) -> int:
    from ..cards import SUIT  # noqa: PLC0415

    return SUIT[card]


@register_skill
class RenwangShield(_Equipment):
    """仁王盾 (EX, RULINGS §4.4): black 杀 have no effect on you."""

    id = "renwang_shield"
    zh = "仁王盾"
    timings = ("slash_armor",)

    def can_trigger(self, g: Any, owner: Player, ctx: Any) -> bool:
        return (
            ctx.target is owner and ctx.card.is_black and not ctx.ignore_armor
            and _works(g, owner, ctx.user)
        )

    def trigger(self, g: Any, owner: Player, ctx: Any) -> Proc:
        ctx.no_effect = True
        return
        yield


# ---------------------------------------------------------------------------- advanced (§7)
class _Advanced(_Equipment):
    advanced = True


@register_skill
class DoubleSwords(_Advanced):
    """雌雄双股剑: when your 杀 hits a target of the other gender, the target chooses: discard a
    hand card, or let you draw 1."""

    id = "double_swords"
    zh = "雌雄双股剑"
    timings = ("slash_hit",)

    def can_trigger(self, g: Any, owner: Player, ctx: SlashCtx) -> bool:
        return ctx.user is owner and ctx.target.sex != owner.sex and _works(g, owner, ctx.target)

    def trigger(self, g: Any, owner: Player, ctx: SlashCtx) -> Proc:
        t = ctx.target
        options = ("discard", "draw") if t.hand else ("draw",)
        pick = yield PickRequest(t.seat, "double_swords", options, (owner.seat,))
        if pick == "discard":
            cards = yield SubsetRequest(t.seat, "double_swords_discard", t.hand, 1, 1)
            yield from discard(g, t, list(cards), "double_swords")
        else:
            yield from draw(g, owner, 1)


@register_skill
class Axe(_Advanced):
    """贯石斧: with max HP > 3, when your 杀 is dodged you may discard two cards to make it hit."""

    id = "axe"
    zh = "贯石斧"
    timings = ("slash_dodged",)
    optional = True

    def _pool(self, owner: Player) -> list[int]:
        w = owner.equip[0]
        return list(owner.hand) + [c for c in owner.equip if c >= 0 and c != w]

    def can_trigger(self, g: Any, owner: Player, ctx: SlashCtx) -> bool:
        return (
            ctx.user is owner and owner.max_hp > 3 and len(self._pool(owner)) >= 2
            and _works(g, owner, ctx.target)
        )

    def trigger(self, g: Any, owner: Player, ctx: SlashCtx) -> Proc:
        cards = yield SubsetRequest(owner.seat, "axe_discard", self._pool(owner), 2, 2)
        yield from discard(g, owner, list(cards), "axe")
        ctx.hit = True


@register_skill
class Blade(_Advanced):
    """青龙偃月刀: with HP > 2, when your first 杀 is dodged you may use another 杀 on the same
    target, which may be dodged again (it is not followed up a second time)."""

    id = "blade"
    zh = "青龙偃月刀"
    timings = ("slash_dodged",)

    def can_trigger(self, g: Any, owner: Player, ctx: SlashCtx) -> bool:
        return (
            ctx.user is owner and owner.hp > 2 and not ctx.followup and ctx.target.alive
            and _works(g, owner, ctx.target)
        )

    def trigger(self, g: Any, owner: Player, ctx: SlashCtx) -> Proc:
        from .basic import slash_at  # noqa: PLC0415

        vc = yield from respond(g, owner, "slash", ctx, ("blade", ctx.target.seat))
        if vc is None:
            return
        target = ctx.target
        g.log("use", owner.seat, "slash", vc.cards, (target.seat,), vc.skill or "blade")
        yield from fire(g, "card_used", (owner, vc, (target.seat,)))
        yield from slash_at(g, owner, vc, target, followup=True)
        to_discard(g, vc.cards)


@register_skill
class Spear(_Advanced):
    """丈八蛇矛: with HP > 2, in a duel you may play any hand card as 杀."""

    id = "spear"
    zh = "丈八蛇矛"

    def convert(self, g: Any, owner: Player, name: str, ctx: Any) -> list[int]:
        # Only for the duel's own parties: not for a 杀 played for another (激将).
        if (
            name == "slash" and owner.hp > 2 and getattr(ctx, "in_duel", False)
            and getattr(ctx, "asked", owner) is owner
        ):
            return [c for c in owner.hand if NAME[c] != "slash"]
        return []


@register_skill
class Halberd(_Advanced):
    """方天画戟: if the 杀 is your last hand card, it may target up to three players in range."""

    id = "halberd"
    zh = "方天画戟"
    modifies = ("slash_targets",)

    def slash_targets(self, g: Any, owner: Player, card: VCard) -> int:
        if len(card.cards) == 1 and owner.hand == [card.cards[0]]:
            return 3
        return 1


@register_skill
class KylinBow(_Advanced):
    """麒麟弓: if the distance to the target is > 2 (horses counted) and your 杀 hits, the target
    discards one equipped horse (your choice if they have two)."""

    id = "kylin_bow"
    zh = "麒麟弓"
    timings = ("slash_hit",)

    def can_trigger(self, g: Any, owner: Player, ctx: SlashCtx) -> bool:
        t = ctx.target
        return (
            ctx.user is owner and (t.equip[DEFENSE_HORSE] >= 0 or t.equip[OFFENSE_HORSE] >= 0)
            and g.distance(owner, t) > 2 and _works(g, owner, t)
        )

    def trigger(self, g: Any, owner: Player, ctx: SlashCtx) -> Proc:
        t = ctx.target
        horses = [c for c in (t.equip[DEFENSE_HORSE], t.equip[OFFENSE_HORSE]) if c >= 0]
        pick = yield PickRequest(owner.seat, "kylin_bow", horses, (t.seat,))
        yield from discard(g, t, [pick], "kylin_bow")


@register_skill
class IceSword(_Advanced):
    """寒冰剑 (EX, RULINGS §4.4): when your 杀 would deal damage, you may prevent it and instead
    discard two of the target's cards (one at a time, your choice; a hand card at random)."""

    id = "ice_sword"
    zh = "寒冰剑"
    timings = ("slash_hit",)
    optional = True
    advanced = False  # an EX card's own text, not one of the §7 advanced skills

    def can_trigger(self, g: Any, owner: Player, ctx: SlashCtx) -> bool:
        return ctx.user is owner and ctx.target.card_count() > 0 and _works(g, owner, ctx.target)

    def trigger(self, g: Any, owner: Player, ctx: SlashCtx) -> Proc:
        ctx.prevent_damage = True
        t = ctx.target
        for _ in range(2):
            c = yield from choose_card_of(g, owner, t, "ice_sword")
            if c is None:
                break
            yield from discard(g, t, [c], "ice_sword")

