"""The selection of generals (003 "挑选武将"; docs/rules.md "Setup"), as recorded decisions.

003: "首先分给获得主公身份的玩家“曹操”、“刘备”、“孙权”，和另外随机抽取的2张武将牌，一共5张武将牌。由主公玩家
挑选一个武将扮演，并将选好的武将牌展示给其他玩家。将剩余的24张武将牌洗混，随机发给其余每位玩家各3张（10人游戏
时每人发2张）。接着每人从3张牌里挑选一张扣在自己面前，待所有玩家都挑选好后同时亮出。"

- The lord is offered 曹操, 刘备 and 孙权 (the generals declared ``offered_to_lord``, those of
  them in the pool: :func:`lord_candidates`) and random others from the shuffled pool until five
  are offered; a general that cannot be the lord (甘宁) is passed over
  and stays in the pile (003: "若主公玩家的备选牌里有甘宁，则随机再抽一张加入备选角色，将甘宁放回角色牌堆").
  The lord's pick is shown to everyone at once (``draft_pick``).
- Every other general of the pool (the lord's four unchosen ones included) is shuffled and each
  other seat, in turn order from the lord, is dealt 3 (2 at 10 players), seen only by that seat
  (``draft_offer``); each picks one. The picks are made in turn order but nobody sees another's
  offer or pick: they are revealed together by the ``setup`` event that follows.
- Every pick is a ``draft`` request whose choice is a general id; one option is no decision.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from ..core.engine import Proc
from ..core.protocol import PickRequest
from .config import draft_needs, offer_size
from .model import GENERALS, LORD
from .telling import Teller, event_kind, request_kind

if TYPE_CHECKING:
    from .game import Game

__all__ = ["LORD_OFFER", "lord_candidates", "draft", "offer_size", "draft_needs"]

LORD_OFFER: Final = 5


def lord_candidates(pool: list[str]) -> list[str]:
    """The generals of ``pool`` offered to the lord in every draft (003: 曹操, 刘备 and 孙权, each
    declared so by his module: ``General(offered_to_lord=True)``), in id order."""
    return sorted(x for x in pool if GENERALS[x].offered_to_lord)


Ids = tuple[str, ...]


@event_kind("draft_offer", hidden="``generals``: that seat")
def DRAFT_OFFER(t: Teller, seat: int, n: int, *, hidden: Ids | None = None) -> str:
    """The draft: ``seat`` is offered ``n`` generals to choose from."""
    if hidden is None:
        return t.say(en="{p} is offered {n} generals", zh="{p}获得{n}张备选武将牌", p=t.p(seat), n=n)
    names = ", ".join(t.general(x) for x in hidden)
    return t.say(en="{p} is offered {names}", zh="{p}的备选武将：{names}", p=t.p(seat), names=names)


@event_kind("draft_pick")
def DRAFT_PICK(t: Teller, seat: int, general: str) -> str:
    """The draft: the lord's pick, shown to everyone at once (the others' picks are revealed
    together by ``setup``)."""
    return t.say(en="{p} (the lord) chooses {g}", zh="{p}（主公）选择了{g}", p=t.p(seat),
                 g=t.general(general))


def _ask_draft(t: Teller, seat: int, *prompt: Any) -> str:
    if prompt[:1] == ("lord",):
        return t.say(en="{p} (the lord) chooses a general", zh="{p}（主公）挑选武将", p=t.p(seat))
    return t.say(en="{p} chooses a general", zh="{p}挑选武将", p=t.p(seat))


@request_kind("draft", ask=_ask_draft, choice="a general id, one of the offered ones")
def DRAFT(t: Teller, choice: str) -> str:
    """The selection of generals: which of the offered generals this seat plays."""
    return t.general(choice)


def draft(g: Game) -> Proc:
    """Run the draft; returns one general id per seat."""
    cfg = g.config
    pool = list(cfg.general_pool())
    lord = next(p for p in g.players if p.role == LORD)
    offer: list[str] = lord_candidates(pool)
    rest = [x for x in pool if x not in offer]
    g.rng.shuffle(rest)
    for gid in rest:
        if len(offer) >= LORD_OFFER:
            break
        if GENERALS[gid].can_be_lord:
            offer.append(gid)
    g.log_private(DRAFT_OFFER, 1 << lord.seat, (lord.seat, len(offer)), tuple(offer))
    pick = yield PickRequest(lord.seat, DRAFT, offer, ("lord",))
    g.log(DRAFT_PICK, lord.seat, pick)
    chosen = [""] * g.n
    chosen[lord.seat] = pick
    left = [x for x in pool if x != pick]
    g.rng.shuffle(left)
    k = offer_size(g.n)
    offers: list[tuple[int, list[str]]] = []
    for p in g.order_from(lord.seat)[1:]:
        mine, left = left[:k], left[k:]
        offers.append((p.seat, mine))
        g.log_private(DRAFT_OFFER, 1 << p.seat, (p.seat, len(mine)), tuple(mine))
    for seat, mine in offers:
        chosen[seat] = yield PickRequest(seat, DRAFT, mine, ())
    return chosen
