"""貂蝉 (qun, f, 3): 闭月, 离间 (003 "人物技能详解"; docs/rules.md "貂蝉 diaochan")."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from ...core.engine import Proc
from ..content.tricks import duel
from ..contexts import PHASE_END, PhaseCtx
from ..hints import ENEMY, FRIEND, Advisor, cost, general_hint, skill_hint
from ..memory import Memory, learns
from ..model import General, Player, TurnCounter, register_general
from ..skills import PlayOption, Skill, register_skill
from ..telling import Teller, event_kind
from ..zones import discard, draw

if TYPE_CHECKING:
    from ..game import Game

LIJIAN_USED: Final = TurnCounter("lijian_used")


@event_kind("lijian_duel")
def LIJIAN_DUEL(t: Teller, seat: int, first: int, second: int) -> str:
    """离间 (貂蝉): ``seat`` makes ``first`` and ``second`` duel; ``first`` plays 杀 first."""
    return t.say(en="{p} makes {a} and {b} duel; {a} plays a slash first",
                 zh="{p}令{a}与{b}决斗，由{a}先出杀", p=t.p(seat), a=t.p(first), b=t.p(second))


@register_skill
class Biyue(Skill):
    """闭月 (compulsory): after her discard phase she draws a card (003: "弃牌阶段结束后摸一张牌加入
    手牌").

    Rulings where 003 is silent: the text says she draws, not that she may, so no yes/no is asked;
    it is her own discard phase that ends (each player's 弃牌阶段 is in their own turn), whether or
    not she had to discard anything; a skipped discard phase does not end, so it gives nothing.
    """

    id = "biyue"
    zh = "闭月"
    en = "Eclipse the Moon"
    text_zh = "弃牌阶段结束后摸一张牌加入手牌。"
    text_en = "At the end of your discard phase, draw a card."
    optional = False
    compulsory = True
    timings = (PHASE_END,)

    def can_trigger(self, g: Game, owner: Player, ctx: PhaseCtx) -> bool:
        return ctx.player is owner and ctx.phase == "discard"

    def trigger(self, g: Game, owner: Player, ctx: PhaseCtx) -> Proc:
        yield from draw(g, owner, 1)


@register_skill
class Lijian(Skill):
    """离间: once per turn, in her play phase, she discards a card (in hand or equipped) and makes
    two male generals duel, choosing which of them plays 杀 first (003: "出牌阶段可弃一张牌，然后指
    定两名男性角色进行决斗（即执行决斗这张锦囊牌的效用），并由貂蝉决定出杀的先后（角色性别跟玩家性别
    无关）。一回合只能使用一次。"; docs/rules.md "貂蝉 diaochan"). One play choice, ``("lijian",
    (card,), (first, second))``: ``first`` plays 杀 first, then they alternate as in a 决斗; the
    first who does not play 杀 takes 1 damage.

    Rulings where 003 is silent (docs/rules.md "貂蝉 diaochan"):

    - **No 无懈可击.** 离间 carries out the effect of 决斗 ("执行决斗这张锦囊牌的效用") but no 决斗 card
      is used: the card she discards is its cost, of any kind. 无懈可击 "取消一张锦囊牌对某一位玩家的
      作用", so there is nothing for it to cancel, and no window opens.
    - **The damage is the other duellist's.** The two "进行决斗" with each other: the loser takes 1
      damage from the other duellist, who is its source (反馈 takes from them, 刚烈 judges them, a
      rebel's death rewards them, a lord who kills his loyalist this way is punished), never from
      貂蝉. The damage has no card, so 奸雄 gains nothing (as for the 杀 played in a 决斗).
    - "男性角色" is the general's sex ("角色性别跟玩家性别无关"); she is not one of the two. A
      player who cannot be chosen as the target of a 决斗 (空城: 诸葛亮 with no hand cards) cannot
      be chosen for 离间 either, in either place; a duel that empties his hand ends as a 决斗 does
      (空城, docs/rules.md "诸葛亮 zhugeliang").
    - "弃一张牌" is any of her cards, in hand or equipped, as for 流离.
    """

    id = "lijian"
    zh = "离间"
    en = "Sow Discord"
    text_zh = "出牌阶段可弃一张牌，然后指定两名男性角色进行决斗（即执行决斗这张锦囊牌的效用），并由貂蝉决定出杀的先后（角色性别跟玩家性别无关）。一回合只能使用一次。"
    text_en = "Once per turn, in your play phase, you may discard a card and make two male generals duel each other, as the Duel trick does; you choose which of them plays a Slash first (the general's sex counts, not the player's)."

    def play_options(self, g: Game, owner: Player) -> list[PlayOption]:
        if g.turn[LIJIAN_USED]:
            return []
        males = [
            q.seat for q in g.order_from(owner.seat)
            if q is not owner and q.sex == "m" and not g.blocked(owner, q, "duel")
        ]
        if len(males) < 2:
            return []
        pairs = [(a, b) for a in males for b in males if a != b]
        cards = [c for c in owner.hand + owner.equip if c >= 0]
        return [((c,), pair) for c in cards for pair in pairs]

    def play(self, g: Game, owner: Player, cards: tuple[int, ...], targets: tuple[int, ...]) -> Proc:
        g.turn[LIJIAN_USED] = 1
        yield from discard(g, owner, list(cards), self.id)
        first, second = g.players[targets[0]], g.players[targets[1]]
        if not (first.alive and second.alive):
            return
        g.log(LIJIAN_DUEL, owner.seat, first.seat, second.seat)
        # The one who plays 杀 first stands where a 决斗's target stands; the other where its user.
        yield from duel(g, second, first, None, first)


register_general(General("diaochan", "貂蝉", "qun", "f", 3, ("biyue", "lijian"), en="Diaochan"))


# ---------------------------------------------------------------------------- the account
# The duel 离间 starts has no card: its damage is told as the 决斗's, with the skill.
@learns("lijian_duel")
def _duel_begins(m: Memory, t: Teller, args: tuple[Any, ...], hidden: Any) -> None:
    m.as_card = ("duel", "lijian", args[1], args[2])


@learns("turn", "damage", "damage_prevented", "no_effect")
def _duel_ends(m: Memory, t: Teller, args: tuple[Any, ...], hidden: Any) -> None:
    m.as_card = None


# ---------------------------------------------------------------------------- agent hints
def _lijian(a: Advisor, cards: tuple[int, ...], targets: tuple[int, ...]) -> int:
    """离间 between two enemies, never a friend; the card it costs counted."""
    s = 0
    for t in targets:
        side = a.attitude(t)
        s += 6 if side == ENEMY else -20 if side == FRIEND else -1
    return s - cost(a, cards)


general_hint("diaochan", 40)
skill_hint("lijian", play=_lijian)
