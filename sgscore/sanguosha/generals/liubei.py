"""刘备 (shu, m, 4): 仁德, and the lord skill 激将 (003 "人物技能详解"; docs/rules.md "刘备 liubei")."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from ...core.engine import Proc
from ..contexts import Ctx
from ..events import asks_round
from ..hints import FRIEND, Advisor, asker_is_friend, cost, general_hint, skill_hint
from ..model import LOYALIST, General, Player, TurnCounter, VCard, register_general
from ..requests import card_targets
from ..rules import recover, respond, use_card
from ..skills import PlayOption, Skill, register_skill
from ..zones import gain

if TYPE_CHECKING:
    from ..game import Game

RENDE_GIVEN: Final = TurnCounter("rende_given")
JIJIANG_REFUSED: Final = TurnCounter("jijiang_refused")


@register_skill
class Rende(Skill):
    """仁德: in the play phase, give a hand card to another player, one card per use
    (``("rende", (card,), (seat,))``). The count given is kept for the whole play phase and every
    second card heals 1 (003: five cards → 2 HP)."""

    id = "rende"
    zh = "仁德"
    en = "Benevolence"
    text_zh = "出牌阶段，可以任意地把手牌分发给其他玩家（可以全给一个人，也可以分别分发给几个人若干张）。其他玩家获得后加入手牌。每分发出两张手牌刘备加一点体力。不足两张的，不加体力。"
    text_en = "In your play phase, you may give any number of your hand cards to other players, all to one or some to each. For every two cards given in the phase you recover 1 HP (five cards: 2 HP); fewer than two give nothing."
    public_cards = False  # the gift is face down: only giver and receiver see it (``gain``)

    def play_options(self, g: Game, owner: Player) -> list[PlayOption]:
        if not owner.hand:
            return []
        others = [q.seat for q in g.players if q.alive and q is not owner]
        return [((c,), (s,)) for c in owner.hand for s in others]

    def play(self, g: Game, owner: Player, cards: tuple[int, ...], targets: tuple[int, ...]) -> Proc:
        yield from gain(g, g.players[targets[0]], list(cards), owner, visible=False)
        given = g.turn[RENDE_GIVEN] + len(cards)
        g.turn[RENDE_GIVEN] = given
        if given % 2 == 0:  # 003: "每分发出两张手牌刘备加一点体力"
            recover(g, owner, 1)


def _shu_helpers(g: Game, owner: Player) -> list[Player]:
    return [q for q in g.order_from(owner.seat)[1:] if q.of_kingdom("shu")]


def _ask_helpers(g: Game, owner: Player, ctx: Ctx | None, prompt: tuple[Any, ...]) -> Proc:
    """Ask the other Shu players in turn order for a 杀; returns it as 刘备's card, or None."""
    for q in _shu_helpers(g, owner):
        if not q.alive:
            continue
        vc = yield from respond(g, q, "slash", ctx, prompt)
        if vc is not None:
            return VCard("slash", vc.cards, "jijiang", vc.suit, vc.rank)
    return None


@register_skill
class Jijiang(Skill):
    """激将 (lord): when he needs a 杀, the other Shu players are asked in turn order whether to
    play one for him (003: "刘备可以在需要出杀的时候，要求（但不强制要求）其他蜀国玩家帮他出杀").

    In response (决斗, 南蛮入侵) it is a respond skill. In his play phase it is a play skill: he
    chooses the targets of a 杀 as if he held one, ``("jijiang", (), (seat,))``; the 杀 a helper
    plays is used by 刘备 and counts against his limit. When every Shu player declines, he cannot
    ask again in that play phase (a decline is final: docs/rules.md "The turn").
    """

    id = "jijiang"
    zh = "激将"
    en = "Rouse"
    text_zh = "刘备可以在需要出杀的时候，要求（但不强制要求）其他蜀国玩家帮他出杀。"
    text_en = "Whenever you need a Slash, you may ask the other Shu players, in turn order, to play one for you; none of them has to."
    lord = True

    def respond_ok(self, g: Game, owner: Player, name: str, ctx: Ctx | None) -> bool:
        return name == "slash" and bool(_shu_helpers(g, owner))

    def respond(self, g: Game, owner: Player, name: str, ctx: Ctx | None) -> Proc:
        return (yield from _ask_helpers(g, owner, ctx, ("jijiang", owner.seat)))

    def play_options(self, g: Game, owner: Player) -> list[PlayOption]:
        if g.turn[JIJIANG_REFUSED] or not _shu_helpers(g, owner):
            return []
        ask = VCard("slash", (), self.id, suit=-1, rank=0)
        return [((), t) for t in card_targets(g, owner, ask)]

    def play(self, g: Game, owner: Player, cards: tuple[int, ...], targets: tuple[int, ...]) -> Proc:
        vc = yield from _ask_helpers(g, owner, None, ("jijiang", owner.seat, targets))
        if vc is None:
            g.turn[JIJIANG_REFUSED] = 1
            return
        yield from use_card(g, owner, vc, targets)


register_general(General("liubei", "刘备", "shu", "m", 4, ("rende", "jijiang"), en="Liu Bei",
                         offered_to_lord=True))  # 003: every draft offers him to the lord
asks_round("jijiang", "slash", "shu")  # the account: "no Shu general answers 激将"


# ---------------------------------------------------------------------------- agent hints
def _rende(a: Advisor, cards: tuple[int, ...], targets: tuple[int, ...]) -> int:
    """仁德 to a friend, when hurt or holding more cards than HP."""
    if a.attitude(targets[0]) != FRIEND:
        return -20
    me = a.me
    return (4 if me.hp < me.max_hp or len(me.hand) > me.hp else -1) - cost(a, cards) // 3


general_hint("liubei", 100, (LOYALIST,))
skill_hint("rende", play=_rende)
skill_hint("jijiang", use_as="slash", respond=asker_is_friend)  # a 杀 for a friendly lord only
