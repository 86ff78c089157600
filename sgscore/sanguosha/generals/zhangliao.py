"""张辽 (wei, m, 4): 突袭 (003 "人物技能详解"; docs/rules.md "张辽 zhangliao")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.engine import Proc
from ...core.protocol import PickRequest
from ..contexts import DRAW_PHASE, DrawPhaseCtx
from ..hints import general_hint
from ..model import General, Player, register_general
from ..skills import Skill, register_skill
from ..telling import Teller, request_kind
from ..zones import gain

if TYPE_CHECKING:
    from ..game import Game

Seats = tuple[int, ...]


def _ask_tuxi(t: Teller, seat: int) -> str:
    return t.say(en="{p} takes a hand card at random from each of one or two players instead of "
                    "drawing ({skill})",
                 zh="{p}放弃摸牌，改为从一至两名角色手里各随机抽取一张手牌（{skill}）", p=t.p(seat),
                 skill=t.skill("tuxi"))


@request_kind("tuxi", ask=_ask_tuxi, choice="""a tuple of one or two seats, in ascending order, of
    other players who hold hand cards; a hand card of each is then taken at random with the game
    RNG, in turn order from 张辽""")
def TUXI(t: Teller, choice: Seats) -> str:
    """张辽, after saying yes to 突袭 in his draw phase: the players whose hand cards he takes."""
    return t.seats(choice)


@register_skill
class Tuxi(Skill):
    """突袭: in his draw phase he may draw nothing and instead take one hand card at random (the
    game RNG; docs/rules.md "张辽 zhangliao") from each of one or two other players (003: "可选择不
    摸牌，而是从一到两名玩家手里各随机抽取一张手牌加入自己手牌（若只剩一名其他玩家时，则只能从一名玩
    家手里抽走一张，总共只能获得一张手牌）").

    A yes/no, then one decision: the seats (:data:`TUXI`, ascending). Rulings where 003 is silent:

    - Only other players who hold hand cards can be chosen ("手里...抽取一张手牌": a player without
      one has nothing to take), so with one such player he takes one card in all, as when one other
      player is left; with none, 突袭 is not offered and he draws as usual.
    - The cards are taken one after the other in turn order from him (the order of
      docs/rules.md "The turn"), so a skill that reacts to the first (连营) resolves before the
      second is taken.
    - Each card taken is seen only by him and its owner, as with 反馈 and 顺手牵羊.
    - 突袭 is a skill, not 顺手牵羊: 谦逊 does not stop it.
    """

    id = "tuxi"
    zh = "突袭"
    en = "Sudden Strike"
    text_zh = "摸牌阶段，可选择不摸牌，而是从一到两名玩家手里各随机抽取一张手牌加入自己手牌（若只剩一名其他玩家时，则只能从一名玩家手里抽走一张，总共只能获得一张手牌）"
    text_en = "In your draw phase, you may draw nothing and instead take one hand card at random from each of one or two other players (one card in all when only one other player has hand cards)."
    timings = (DRAW_PHASE,)

    def _victims(self, g: Game, owner: Player) -> list[Player]:
        return [q for q in g.order_from(owner.seat)[1:] if q.hand]

    def can_trigger(self, g: Game, owner: Player, ctx: DrawPhaseCtx) -> bool:
        return ctx.player is owner and not ctx.skip and bool(self._victims(g, owner))

    def trigger(self, g: Game, owner: Player, ctx: DrawPhaseCtx) -> Proc:
        seats = sorted(q.seat for q in self._victims(g, owner))
        options: list[Seats] = [(s,) for s in seats]
        options.extend((a, b) for i, a in enumerate(seats) for b in seats[i + 1:])
        ctx.skip = True
        chosen = yield PickRequest(owner.seat, TUXI, options, ())
        for seat in sorted(chosen, key=lambda s: (s - owner.seat) % g.n):
            victim = g.players[seat]
            if not victim.alive or not victim.hand or not owner.alive:
                continue
            card = victim.hand[g.rng.below(len(victim.hand))]
            yield from gain(g, owner, [card], victim, visible=False)


register_general(General("zhangliao", "张辽", "wei", "m", 4, ("tuxi",), en="Zhang Liao"))


# ---------------------------------------------------------------------------- agent hints
general_hint("zhangliao", 24)  # 突袭 by the seats it takes from
