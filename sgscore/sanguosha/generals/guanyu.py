"""关羽 (shu, m, 4): 武圣 (003 "人物技能详解"; docs/rules.md "关羽 guanyu")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards import NAME, SUBTYPE, SUIT, WEAPON, is_red
from ..contexts import Ctx
from ..hints import general_hint
from ..model import NO_CARD, General, Player, VCard, register_general
from ..requests import card_targets
from ..skills import PlayOption, Skill, register_skill
from ..zones import set_weapon_skills

if TYPE_CHECKING:
    from ..game import Game


def _red_cards(owner: Player) -> tuple[list[int], list[int]]:
    """His red hand cards that are not 杀 already (those are played as themselves), and his red
    equipped cards."""
    hand = [c for c in owner.hand if is_red(SUIT[c]) and NAME[c] != "slash"]
    equip = [c for c in owner.equip if c >= 0 and is_red(SUIT[c])]
    return hand, equip


def _targets_without(g: Game, owner: Player, card: int, vcard: VCard) -> list[tuple[int, ...]]:
    """The targets of ``vcard`` once the equipped ``card`` has left its slot: a weapon used as the
    杀 no longer gives its range or its skill (诸葛连弩's extra 杀), a -1 horse no longer shortens
    the distance. A query: the slot (and the weapon's skill) are taken away only while the
    targets are computed, with the request's memo of distances set aside."""
    slot = SUBTYPE[card]
    memo = g.memo
    skills = list(owner.skills)
    g.memo = None
    owner.equip[slot] = NO_CARD
    if slot == WEAPON:
        set_weapon_skills(g, owner)
    try:
        return card_targets(g, owner, vcard)
    finally:
        owner.equip[slot] = card
        if slot == WEAPON:
            owner.skills = skills
            g.rebuild_hooks()
        g.memo = memo


@register_skill
class Wusheng(Skill):
    """武圣: whenever he needs a 杀, any red card (♥ or ♦) in his hand or equipped may stand for it
    (003: "需要出杀时，可以用任意红色花色（红桃、方块）的手牌或已装备的装备牌代替杀使用"). A card
    conversion (docs/rules.md "Generals"): the card is "as" 杀, with the original's suit and rank.

    - In his play phase it is used as a 杀, ``("wusheng", (card,), (seat,))``, with the 杀's targets
      and its one-per-phase limit (003 calls using a 杀 in the play phase "出杀").
    - When he must play a 杀 (决斗, 南蛮入侵, 青龙偃月刀's follow-up, or for 刘备's 激将), it is a
      conversion: ``("wusheng", card)``.
    - Ruling (003 is silent): an equipped card used as the 杀 leaves its slot as it is used, so its
      range and skill are not counted for this 杀: an equipped weapon used as 杀 reaches only the
      players in range without it (诸葛连弩 itself gives no second 杀), a -1 horse no longer
      shortens the distance.
    - His red hand cards that already are 杀 are played as themselves, not offered again.
    """

    id = "wusheng"
    zh = "武圣"
    en = "Warrior Saint"
    text_zh = "需要出杀时，可以用任意红色花色（红桃、方块）的手牌或已装备的装备牌代替杀使用。"
    text_en = "Whenever you need a Slash, you may use or play any red card (♥ ♦) in your hand or equipped as one."
    play_as = "slash"

    def play_options(self, g: Game, owner: Player) -> list[PlayOption]:
        hand, equip = _red_cards(owner)
        out: list[PlayOption] = []
        for c in hand:
            for t in card_targets(g, owner, VCard(self.play_as, (c,), self.id)):
                out.append(((c,), t))
        for c in equip:
            for t in _targets_without(g, owner, c, VCard(self.play_as, (c,), self.id)):
                out.append(((c,), t))
        return out

    def convert(self, g: Game, owner: Player, name: str, ctx: Ctx | None) -> list[int]:
        if name != "slash":
            return []
        hand, equip = _red_cards(owner)
        return hand + equip


register_general(General("guanyu", "关羽", "shu", "m", 4, ("wusheng",), en="Guan Yu"))


# ---------------------------------------------------------------------------- agent hints
general_hint("guanyu", 80)  # 武圣 is scored as the 杀 it makes
