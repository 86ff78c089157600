"""周瑜 (wu, m, 3): 英姿, 借刀 (003 "人物技能详解"; docs/rules.md "周瑜 zhouyu")."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from ...core.engine import Proc
from ..contexts import DRAW_PHASE, DrawPhaseCtx
from ..hints import general_hint, skill_hint
from ..model import General, Player, TurnCounter, VCard, register_general
from ..requests import card_targets
from ..rules import use_card
from ..skills import PlayOption, Skill, register_skill

if TYPE_CHECKING:
    from ..game import Game

JIEDAO_USED: Final = TurnCounter("jiedao_used")


@register_skill
class Yingzi(Skill):
    """英姿 (compulsory): in his draw phase he draws three cards, the usual two and one more — not
    three more (003: "摸牌阶段摸三张牌（并非额外摸三张）").

    Ruling (003 is silent): it asks no yes/no; 003 states it as what happens ("摸三张牌"), as it
    does for 无双 and 马术. A draw phase that is skipped draws nothing.
    """

    id = "yingzi"
    zh = "英姿"
    en = "Heroic Bearing"
    text_zh = "摸牌阶段摸三张牌（并非额外摸三张）"
    text_en = "In your draw phase, draw three cards (not three more)."
    optional = False
    compulsory = True
    timings = (DRAW_PHASE,)

    def can_trigger(self, g: Game, owner: Player, ctx: DrawPhaseCtx) -> bool:
        return ctx.player is owner and not ctx.skip

    def trigger(self, g: Game, owner: Player, ctx: DrawPhaseCtx) -> Proc:
        ctx.count += 1
        return
        yield


@register_skill
class Jiedao(Skill):
    """借刀: once per turn, in his play phase, he forcibly borrows another player's equipped weapon,
    as the trick 借刀杀人 does (003: "出牌阶段，可强制向一名玩家借用一张已装备的武器牌（如同锦囊牌借
    刀杀人的效果）。一回合只能使用一次该技能"; docs/rules.md "周瑜 zhouyu"). ``("jiedao", (),
    (seat,))``: he uses a 借刀杀人 made of no card on that player, so everything the card does
    follows (docs/rules.md "Cards"): he takes the weapon and uses its range and skill until the
    start of his discard phase; with a weapon of his own he chooses which is active
    (``choose_weapon``); one borrowed weapon at a time, so not while he holds one borrowed by 借刀
    or by the card.

    Rulings:
    - It is a skill, not a trick card (docs/rules.md "周瑜 zhouyu"): no 无懈可击 window opens for it
      (003 无懈可击: "取消一张锦囊牌对某一位玩家的作用"; 借刀 is "强制"). It is logged as the use of
      a 借刀杀人 made of no card (a ``use`` event of ``collateral`` by ``jiedao``), which is how the
      card's effect tells it apart; none of the 25 generals has a skill that reacts to his using a
      trick.
    """

    id = "jiedao"
    zh = "借刀"
    en = "Borrowed Blade"
    text_zh = "出牌阶段，可强制向一名玩家借用一张已装备的武器牌（如同锦囊牌借刀杀人的效果）。一回合只能使用一次该技能。"
    text_en = "Once per turn, in your play phase, you may force another player to lend you their equipped weapon, as the trick Borrowed Sword does."

    def _card(self) -> VCard:
        return VCard("collateral", (), self.id)

    def play_options(self, g: Game, owner: Player) -> list[PlayOption]:
        if g.turn[JIEDAO_USED]:
            return []
        return [((), t) for t in card_targets(g, owner, self._card())]

    def play(self, g: Game, owner: Player, cards: tuple[int, ...], targets: tuple[int, ...]) -> Proc:
        g.turn[JIEDAO_USED] = 1
        yield from use_card(g, owner, self._card(), targets)


register_general(General("zhouyu", "周瑜", "wu", "m", 3, ("yingzi", "jiedao"), en="Zhou Yu"))


# ---------------------------------------------------------------------------- agent hints
general_hint("zhouyu", 72)
skill_hint("jiedao", use_as="collateral")  # as the 借刀杀人 it is
