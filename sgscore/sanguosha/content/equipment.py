"""Equipment: weapons, armor and horses (003 "装备牌"; docs/rules.md "Equipment", "EX cards" and
"Advanced weapons").

Using an equipment card puts it in its slot; a card with a skill (a weapon, 八卦阵, 仁王盾) gives
its holder that skill while equipped. 诸葛连弩 and 青釭剑 are normal rules; the other weapon skills
are the advanced rules (``Config.advanced_weapons``, on by default).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.engine import Proc
from ...core.protocol import Choice, PickRequest, SubsetRequest
from ..cards import (
    ARMOR,
    CARD_TYPES,
    DEFENSE_HORSE,
    EQUIP,
    NAME,
    OFFENSE_HORSE,
    SUIT,
    WEAPON,
    CardType,
    is_red,
    register_card,
)
from ..contexts import CardUse, Ctx
from ..events import judgement, register_taken_away, skill_effect
from ..hints import (
    FRIEND,
    Advisor,
    answer_hint,
    card_hint,
    judgement_hint,
    skill_hint,
    take_from_target,
)
from ..memory import EQUIP_AREA, Memory, Window, inside_skill, learns_skill, window_kind
from ..model import Player, VCard
from ..requests import asked_for
from ..rules import judge, respond, use_card
from ..skills import Skill
from ..telling import Teller, request_kind
from ..zones import choose_card_of, discard, draw, equip_card
from .basic import (
    SLASH_AIM,
    SLASH_ARMOR,
    SLASH_DODGED,
    SLASH_HIT,
    SlashCtx,
    aimed_target,
    slash_under_way,
)
from .tricks import DuelCtx

if TYPE_CHECKING:
    from ..game import Game

__all__ = [
    "equipment", "DOUBLE_SWORDS", "DOUBLE_SWORDS_DISCARD", "AXE_DISCARD", "KYLIN_BOW",
    "ICE_SWORD", "EIGHT_DIAGRAM",
]


def _equip_targets(g: Game, p: Player, card: VCard) -> list[tuple[int, ...]]:
    return [()]


def _equip_effect(g: Game, use: CardUse) -> Proc:
    yield from equip_card(g, use.user, use.card.cards[0])


def equipment(name: str, zh: str, slot: int, *, range: int = 0,
              skill: type[Skill] | None = None, en: str = "") -> CardType:
    """The card type of a piece of equipment: used on oneself, it goes into its slot."""
    return CardType(name, zh, EQUIP, targets=_equip_targets, effect=_equip_effect, slot=slot,
                    range=range, skill=skill, en=en)


class _Equipment(Skill):
    equipment = True
    optional = False


def _works(g: Game, owner: Player, other: Player) -> bool:
    return g.equipment_works(owner, other)


# ---------------------------------------------------------------------------- normal rules
class Crossbow(_Equipment):
    """诸葛连弩: any number of 杀 in the play phase."""

    id = "crossbow"
    zh = "诸葛连弩"
    en = "Zhuge Crossbow"
    text_zh = "攻击距离为1，装备后，出牌阶段可以出任意张杀。"
    text_en = "Attack range 1. While it is equipped, you may use any number of Slashes in your play phase."

    def slash_limit(self, g: Game, owner: Player) -> int:
        return 1 << 30


register_card(equipment("crossbow", "诸葛连弩", WEAPON, en="Zhuge Crossbow", range=1, skill=Crossbow))


class QinggangSword(_Equipment):
    """青釭剑: the target's armor has no effect against this 杀 (003: "对方的八卦阵无效")."""

    id = "qinggang_sword"
    zh = "青釭剑"
    en = "Qinggang Sword"
    text_zh = "攻击距离为2，装备后，出杀时，对方的八卦阵无效。"
    text_en = "Attack range 2. While it is equipped, the target's armor (the Eight Trigrams) has no effect against your Slash."
    compulsory = True
    timings = (SLASH_AIM,)

    def can_trigger(self, g: Game, owner: Player, ctx: SlashCtx) -> bool:
        return ctx.user is owner and _works(g, owner, ctx.target)

    def trigger(self, g: Game, owner: Player, ctx: SlashCtx) -> Proc:
        ctx.ignore_armor = True
        return
        yield


register_card(equipment("qinggang_sword", "青釭剑", WEAPON, en="Qinggang Sword", range=2, skill=QinggangSword))


@judgement("eight_diagram")
def EIGHT_DIAGRAM(t: Teller, seat: int, card: int) -> str:
    """八卦阵: red counts as a 闪."""
    if is_red(SUIT[card]):
        return t.say(en="the judgement is red: it counts as a {jink}",
                     zh="判定结果为红色：视为打出了【{jink}】", jink=t.name("jink"))
    return t.say(en="the judgement is black: {armor} gives no {jink}",
                 zh="判定结果为黑色：【{armor}】未生效", armor=t.skill("eight_diagram"),
                 jink=t.name("jink"))


class EightDiagram(_Equipment):
    """八卦阵: when you need to play 闪 you may judge first; red counts as a 闪, otherwise you may
    still play one (003; the ``respond`` request offers it once per 闪 needed)."""

    id = "eight_diagram"
    zh = "八卦阵"
    en = "Eight Trigrams"
    text_zh = "在出牌阶段装备，装备八卦阵后，需要出闪的时候（受到杀或万箭齐发攻击时），可以选择判定，若判定结果为红色花色（红桃或方块），则等效于出了一张闪；否则需再出闪。"
    text_en = "Equipped in the play phase. Whenever you need to play a Dodge (against a Slash or an Arrow Barrage), you may judge: on red (♥ ♦) it counts as a Dodge played; otherwise you may still play one."

    def respond_ok(self, g: Game, owner: Player, name: str, ctx: Ctx | None) -> bool:
        return name == "jink"

    def respond(self, g: Game, owner: Player, name: str, ctx: Ctx | None) -> Proc:
        j = yield from judge(g, owner, EIGHT_DIAGRAM)
        if is_red(SUIT[j.card]):
            return VCard("jink", (), "eight_diagram", suit=-1, rank=0)
        return None


register_card(equipment("eight_diagram", "八卦阵", ARMOR, en="Eight Trigrams", skill=EightDiagram))


class RenwangShield(_Equipment):
    """仁王盾 (EX, docs/rules.md "EX cards"): black 杀 have no effect on you."""

    id = "renwang_shield"
    zh = "仁王盾"
    en = "Renwang Shield"
    text_zh = "锁定技，黑色的杀对你无效。"
    text_en = "Black Slashes have no effect on you."
    compulsory = True
    timings = (SLASH_ARMOR,)

    def can_trigger(self, g: Game, owner: Player, ctx: SlashCtx) -> bool:
        return (
            ctx.target is owner and ctx.slash.is_black and not ctx.ignore_armor
            and _works(g, owner, ctx.user)
        )

    def trigger(self, g: Game, owner: Player, ctx: SlashCtx) -> Proc:
        ctx.no_effect = True
        return
        yield


register_card(equipment("renwang_shield", "仁王盾", ARMOR, en="Renwang Shield", skill=RenwangShield))

# Horses: +1 (others count one more to you) and -1 (you count one less to others).
register_card(equipment("jueying", "绝影", DEFENSE_HORSE, en="Shadowrunner"))
register_card(equipment("dilu", "的卢", DEFENSE_HORSE, en="Hex Mark"))
register_card(equipment("zhuahuangfeidian", "爪黄飞电", DEFENSE_HORSE, en="Flying Lightning"))
register_card(equipment("chitu", "赤兔", OFFENSE_HORSE, en="Red Hare"))
register_card(equipment("dayuan", "大宛", OFFENSE_HORSE, en="Ferghana Horse"))
register_card(equipment("zixing", "紫骍", OFFENSE_HORSE, en="Violet Stallion"))


# ---------------------------------------------------------------------------- advanced (§7)
class _Advanced(_Equipment):
    advanced = True


def _ask_double(t: Teller, seat: int, source: int) -> str:
    return t.say(en="{p} chooses: discard a hand card, or {src} draws 1 ({weapon})",
                 zh="{p}选择：弃置一张手牌，或令{src}摸一张牌（{weapon}）", p=t.p(seat), src=t.p(source),
                 weapon=t.name("double_swords"))


@request_kind("double_swords", ask=_ask_double,
              choice='``"discard"`` (then ``double_swords_discard``) or ``"draw"`` (the source draws)')
def DOUBLE_SWORDS(t: Teller, choice: str) -> str:
    """The target of 雌雄双股剑: discard a hand card, or let the source draw one."""
    if choice == "discard":
        return t.say(en="discard a hand card", zh="弃置一张手牌")
    if choice == "draw":
        return t.say(en="the source draws 1", zh="对方摸一张牌")
    raise ValueError(choice)


def _ask_double_discard(t: Teller, seat: int) -> str:
    return t.say(en="{p} discards a hand card ({weapon})", zh="{p}弃置一张手牌（{weapon}）", p=t.p(seat),
                 weapon=t.name("double_swords"))


@request_kind("double_swords_discard", ask=_ask_double_discard,
              choice="a sorted tuple of one hand card id")
def DOUBLE_SWORDS_DISCARD(t: Teller, choice: tuple[int, ...]) -> str:
    """The target of 雌雄双股剑 who chose to discard: which hand card."""
    return t.cards(choice)


class DoubleSwords(_Advanced):
    """雌雄双股剑: when your 杀 hits a target of the other gender, the target chooses: discard a
    hand card, or let you draw 1."""

    id = "double_swords"
    zh = "雌雄双股剑"
    en = "Twin Swords"
    text_zh = "攻击距离为2.技能：被攻击玩家选择的角色与自己选择的角色为异性时，用杀攻击成功后，被攻击者选择弃一张手牌，或让攻击者从牌堆摸一张牌。"
    text_en = "Attack range 2. Skill: when your Slash hits a target whose general is of the other sex, the target chooses: discard a hand card, or let you draw a card."
    compulsory = True
    timings = (SLASH_HIT,)

    def can_trigger(self, g: Game, owner: Player, ctx: SlashCtx) -> bool:
        return ctx.user is owner and ctx.target.sex != owner.sex and _works(g, owner, ctx.target)

    def trigger(self, g: Game, owner: Player, ctx: SlashCtx) -> Proc:
        t = ctx.target
        options = ("discard", "draw") if t.hand else ("draw",)
        pick = yield PickRequest(t.seat, DOUBLE_SWORDS, options, (owner.seat,))
        if pick == "discard":
            cards = yield SubsetRequest(t.seat, DOUBLE_SWORDS_DISCARD, t.hand, 1, 1)
            yield from discard(g, t, list(cards), "double_swords")
        else:
            yield from draw(g, owner, 1)


register_card(equipment("double_swords", "雌雄双股剑", WEAPON, en="Twin Swords", range=2, skill=DoubleSwords))


def _ask_axe(t: Teller, seat: int) -> str:
    return t.say(en="{p} discards two cards to make the {slash} hit ({weapon})",
                 zh="{p}弃置两张牌令此杀强制命中（{weapon}）", p=t.p(seat), slash=t.name("slash"),
                 weapon=t.name("axe"))


@request_kind("axe_discard", ask=_ask_axe, choice="a sorted tuple of two card ids")
def AXE_DISCARD(t: Teller, choice: tuple[int, ...]) -> str:
    """贯石斧's owner, after saying yes: which two cards (hand or equipped, not the axe)."""
    return t.cards(choice)


class Axe(_Advanced):
    """贯石斧: with max HP > 3, when your 杀 is dodged you may discard two cards to make it hit."""

    id = "axe"
    zh = "贯石斧"
    en = "Stone-Piercing Axe"
    text_zh = "攻击距离为3.技能：自己角色的体力上限大于3点（不包括3点）时，用杀攻击被对方闪避后（用闪或八卦阵），攻击者可以弃两张牌，强制命中对方，对方无法闪避。"
    text_en = "Attack range 3. Skill: while your max HP is more than 3, when your Slash is dodged (with a Dodge or the Eight Trigrams) you may discard two cards to make it hit anyway."
    timings = (SLASH_DODGED,)
    optional = True

    def _pool(self, owner: Player) -> list[int]:
        w = owner.equip[0]
        return list(owner.hand) + [c for c in owner.equip if c >= 0 and c != w]

    def can_trigger(self, g: Game, owner: Player, ctx: SlashCtx) -> bool:
        return (
            ctx.user is owner and owner.max_hp > 3 and len(self._pool(owner)) >= 2
            and _works(g, owner, ctx.target)
            # 空城 (docs/rules.md "诸葛亮 zhugeliang"): no 杀 affects him once his last card
            # was the 闪
            and not g.blocked(owner, ctx.target, "slash")
        )

    def trigger(self, g: Game, owner: Player, ctx: SlashCtx) -> Proc:
        cards = yield SubsetRequest(owner.seat, AXE_DISCARD, self._pool(owner), 2, 2)
        yield from discard(g, owner, list(cards), "axe")
        ctx.hit = True


register_card(equipment("axe", "贯石斧", WEAPON, en="Stone-Piercing Axe", range=3, skill=Axe))


class Blade(_Advanced):
    """青龙偃月刀: with HP > 2, when your first 杀 is dodged you may use another 杀 on the same
    target, which may be dodged again (it is not followed up a second time). Not on a target a 杀
    cannot be used on now: 诸葛亮 whose last hand card was the 闪 (空城,
    docs/rules.md "诸葛亮 zhugeliang")."""

    id = "blade"
    zh = "青龙偃月刀"
    en = "Green Dragon Crescent Blade"
    text_zh = "攻击距离为3.技能：自己当前体力值大于2点（不包括2点）时，如果第一次用杀攻击被对方闪避，攻击者可以再出一张杀追加攻击，对方可再次闪避。"
    text_en = "Attack range 3. Skill: while your HP is more than 2, when your first Slash is dodged you may use another Slash on the same target, which may be dodged again."
    timings = (SLASH_DODGED,)

    def can_trigger(self, g: Game, owner: Player, ctx: SlashCtx) -> bool:
        return (
            ctx.user is owner and owner.hp > 2 and ctx.via != self.id and ctx.target.alive
            and _works(g, owner, ctx.target) and not g.blocked(owner, ctx.target, "slash")
        )

    def trigger(self, g: Game, owner: Player, ctx: SlashCtx) -> Proc:
        vc = yield from respond(g, owner, "slash", ctx, ("blade", ctx.target.seat))
        if vc is None:
            return
        # The second 杀 is used (not counted against the limit), as the first was.
        yield from use_card(g, owner, vc, (ctx.target.seat,), counted=False, via=self.id,
                            played=True)


register_card(equipment("blade", "青龙偃月刀", WEAPON, en="Green Dragon Crescent Blade", range=3, skill=Blade))


class Spear(_Advanced):
    """丈八蛇矛: with HP > 2, in a duel you may play any hand card as 杀."""

    id = "spear"
    zh = "丈八蛇矛"
    en = "Serpent Spear"
    text_zh = "攻击距离为3.技能：自己当前体力值大于2点（不包括2点）时，决斗中，可以用任意手牌代替杀。"
    text_en = "Attack range 3. Skill: while your HP is more than 2, you may play any hand card as a Slash in a Duel."

    def convert(self, g: Game, owner: Player, name: str, ctx: Ctx | None) -> list[int]:
        # Only for the duel's own parties: not for a 杀 played for another (激将).
        if name == "slash" and owner.hp > 2 and isinstance(ctx, DuelCtx) and ctx.asked is owner:
            return [c for c in owner.hand if NAME[c] != "slash"]
        return []


register_card(equipment("spear", "丈八蛇矛", WEAPON, en="Serpent Spear", range=3, skill=Spear))


class Halberd(_Advanced):
    """方天画戟: if the 杀 is your last hand card, it may target up to three players in range."""

    id = "halberd"
    zh = "方天画戟"
    en = "Sky Piercing Halberd"
    text_zh = "攻击距离为4.技能：当你打出的杀是你最后一张手牌时——用一张杀，可以同时攻击攻击距离内，最多三名玩家。"
    text_en = "Attack range 4. Skill: when the Slash you use is your last hand card, it may target up to three players within your attack range."

    def slash_targets(self, g: Game, owner: Player, card: VCard) -> int:
        if len(card.cards) == 1 and owner.hand == [card.cards[0]]:
            return 3
        return 1


register_card(equipment("halberd", "方天画戟", WEAPON, en="Sky Piercing Halberd", range=4, skill=Halberd))


def _ask_kylin(t: Teller, seat: int, target: int) -> str:
    return t.say(en="{p} chooses which of {target}'s horses to discard ({weapon})",
                 zh="{p}选择弃置{target}的一匹马（{weapon}）", p=t.p(seat), target=t.p(target),
                 weapon=t.name("kylin_bow"))


@request_kind("kylin_bow", ask=_ask_kylin, choice="the target's horse card id to discard")
def KYLIN_BOW(t: Teller, choice: int) -> str:
    """麒麟弓's owner, whose 杀 hit: which of the target's horses to discard."""
    return t.card(choice)


class KylinBow(_Advanced):
    """麒麟弓: if the distance to the target is > 2 (horses counted) and your 杀 hits, the target
    discards one equipped horse (your choice if they have two)."""

    id = "kylin_bow"
    zh = "麒麟弓"
    en = "Qilin Bow"
    text_zh = "攻击距离为5.技能：与被攻击者的距离大于2时（不包括2，必须计算马的影响）——若用杀攻击命中，对方需弃掉一匹已装备的马"
    text_en = "Attack range 5. Skill: when your Slash hits a target at a distance greater than 2 (horses counted), the target discards one of their equipped horses (your choice if they have two)."
    compulsory = True
    timings = (SLASH_HIT,)

    def can_trigger(self, g: Game, owner: Player, ctx: SlashCtx) -> bool:
        t = ctx.target
        return (
            ctx.user is owner and (t.equip[DEFENSE_HORSE] >= 0 or t.equip[OFFENSE_HORSE] >= 0)
            and g.distance(owner, t) > 2 and _works(g, owner, t)
        )

    def trigger(self, g: Game, owner: Player, ctx: SlashCtx) -> Proc:
        t = ctx.target
        horses = [c for c in (t.equip[DEFENSE_HORSE], t.equip[OFFENSE_HORSE]) if c >= 0]
        pick = yield PickRequest(owner.seat, KYLIN_BOW, horses, (t.seat,))
        yield from discard(g, t, [pick], "kylin_bow")


register_card(equipment("kylin_bow", "麒麟弓", WEAPON, en="Qilin Bow", range=5, skill=KylinBow))


def _ask_ice(t: Teller, seat: int, target: int) -> str:
    return t.say(en="{p} chooses one of {target}'s cards to discard ({weapon})",
                 zh="{p}选择弃置{target}的一张牌（{weapon}）", p=t.p(seat), target=t.p(target),
                 weapon=t.name("ice_sword"))


@request_kind("ice_sword", ask=_ask_ice, choice="""``"hand"`` (a hand card is then taken at random
    with the game RNG) or an equipped or judgement-area card id""")
def ICE_SWORD(t: Teller, choice: Choice) -> str:
    """寒冰剑's owner, who prevented the damage: which of the target's cards to discard (asked
    twice)."""
    return t.card_or_hand(choice)


class IceSword(_Advanced):
    """寒冰剑 (EX, docs/rules.md "EX cards"): when your 杀 would deal damage, you may prevent it and
    instead discard two of the target's cards (one at a time, your choice; a hand card at
    random)."""

    id = "ice_sword"
    zh = "寒冰剑"
    en = "Ice Sword"
    text_zh = "攻击距离为2。当你使用的杀即将造成伤害时，你可以防止此伤害，改为依次弃置目标角色的两张牌。"
    text_en = "Attack range 2. When your Slash would deal damage, you may prevent it and instead discard two of the target's cards, one at a time (a hand card is taken at random)."
    timings = (SLASH_HIT,)
    optional = True
    advanced = False  # an EX card's own text, not one of the §7 advanced skills

    def can_trigger(self, g: Game, owner: Player, ctx: SlashCtx) -> bool:
        return ctx.user is owner and ctx.target.card_count() > 0 and _works(g, owner, ctx.target)

    def trigger(self, g: Game, owner: Player, ctx: SlashCtx) -> Proc:
        ctx.prevent_damage = True
        t = ctx.target
        for _ in range(2):
            c = yield from choose_card_of(g, owner, t, ICE_SWORD)
            if c is None:
                break
            yield from discard(g, t, [c], "ice_sword")


register_card(equipment("ice_sword", "寒冰剑", WEAPON, en="Ice Sword", range=2, skill=IceSword))


# ---------------------------------------------------------------------------- the account
# What the account makes of the equipment's skill events (events.py, memory.py): 青釭剑 says the
# armor it makes useless; 青龙偃月刀's follow-up 杀 is told by its ``use``; 八卦阵's judgement is
# part of the answer it is made in; 寒冰剑 and 麒麟弓 throw away the target's cards.
register_taken_away("ice_sword")
register_taken_away("kylin_bow")


def _armor(m: Memory, seat: int) -> int:
    """The armor ``seat`` was seen to equip (-1: none)."""
    for card, (area, owner) in m.zone.items():
        if owner == seat and area == EQUIP_AREA and 0 <= card < len(NAME):
            t = CARD_TYPES.get(NAME[card])
            if t is not None and t.slot == ARMOR:
                return card
    return -1


@skill_effect("qinggang_sword")
def _qinggang_effect(t: Teller, seat: int) -> str | None:
    target = aimed_target(t.memory)
    armor = _armor(t.memory, target) if target >= 0 else -1
    if armor < 0:
        return ""
    return t.say(en=": {target}'s {armor} has no effect", zh="，{target}的{armor}无效",
                 armor=t.card(armor), target=t.p(target))


@learns_skill("qinggang_sword")
def _qinggang_aimed(m: Memory, t: Teller, args: tuple[Any, ...], hidden: Any) -> None:
    s = slash_under_way(m)
    if s is not None:
        s.aimed += 1


@skill_effect("blade")
def _blade_effect(t: Teller, seat: int) -> str | None:
    return ""  # its follow-up 杀 is told by the ``use`` that comes next


@learns_skill("blade")
def _blade_asks(m: Memory, t: Teller, args: tuple[Any, ...], hidden: Any) -> None:
    m.push(Window("blade", args[0]))


def _blade_keeps(m: Memory, w: Window, kind: str, args: tuple[Any, ...]) -> bool:
    return kind == "play" and args[0] == w.seat and args[1] == "slash"


def _blade_played(m: Memory, t: Teller, w: Window, args: tuple[Any, ...],
                  hidden: Any) -> list[str] | None:
    if args[0] != w.seat:
        return None
    m.windows.pop()
    return []


window_kind("blade", keeps=_blade_keeps, takes={"play": _blade_played}, hushes=True)


@asked_for("blade")
def _blade_asks_again(t: Teller, seat: int, name: str, context: tuple[Any, ...]) -> str:
    """青龙偃月刀: another 杀 on the target who dodged."""
    return t.say(en="{p} may use another {card} on {other} ({skill})", zh="{p}可以对{other}再使用一张【{card}】（{skill}）",
                 p=t.p(seat), card=t.name(name), other=t.p(context[1]), skill=t.skill(context[0]))


def _own_judgement(m: Memory, args: tuple[Any, ...]) -> int:
    return int(args[0])


inside_skill("eight_diagram", _own_judgement)


# ---------------------------------------------------------------------------- agent hints
def _blade_again(a: Advisor, ctx: tuple[Any, ...]) -> bool:
    """青龙偃月刀's follow-up 杀, at anyone but a friend."""
    return a.attitude(ctx[1]) != FRIEND


def _red(card: int) -> bool:
    return is_red(SUIT[card])


def _slashes_held(a: Advisor) -> int:
    return sum(1 for c in a.me.hand if NAME[c] == "slash")


def _crossbow_use(a: Advisor, card: int, targets: tuple[int, ...]) -> int:
    """诸葛连弩 in place of another weapon with two 杀 or more in hand to use at once."""
    return 6 if _slashes_held(a) >= 2 else -5


def _crossbow_keep(a: Advisor, card: int) -> int:
    """Kept rather than thrown away while the agent holds 杀 to use with it."""
    return a.value(card) + 2 * min(_slashes_held(a), 3)


skill_hint("blade", respond=_blade_again)
card_hint("crossbow", 2, use=_crossbow_use, keep=_crossbow_keep)
judgement_hint("eight_diagram", _red)
answer_hint("ice_sword", take_from_target)
