"""转世, reincarnation (003 "转世规则"; docs/rules.md "Reincarnation"): the dead stay at the table
and may come back.

With ``Config(reincarnation=True)`` a player who dies keeps their seat. Their cards go to the
discard pile as at any death and their role is shown; their general's card is set aside with them
until they reincarnate, then goes back among the unused generals. Every other living player may,
once in each of their own turns, give a dead player one hand card face down: the *offering* (献祭),
an action of their play phase, ``("offering", (card,), (dead_seat,))``, like 孙权's tribute (it is
the giver's decision alone, so nothing is asked of the dead). When a dead player holds 4 cards (3 in
a 4- or 5-player game), they reincarnate at once: the unused generals are shuffled with the game's
RNG and revealed one by one until one of the dead player's kingdom comes up; that general is theirs,
at 1 HP and its own max HP, and they play from their next turn, keeping the cards they were given.
If no unused general of their kingdom is left they cannot reincarnate: they keep the cards and
accept no more.

A reincarnated player plays like anyone else, except that they make no offerings, they count as
dead when victory is checked (their role is shown), and killing them brings neither the reward
for a rebel nor the penalty for a loyalist. They may die and reincarnate again. The lord never
stays dead: the lord's death ends the game.

It is the option :class:`Reincarnation` of identity mode (a
:class:`~sgscore.sanguosha.game.Variant`), on with ``Config.reincarnation``; it plugs into three of
the hooks the rules offer: :meth:`~Reincarnation.dealt` (the offering is every living player's
action), :meth:`~Reincarnation.counts_dead` (victory) and :meth:`~Reincarnation.rewards` (a death
that would reward or punish its killer). The number of times each seat has reincarnated
(:func:`reborn`) is kept in ``Game.extra`` as ``reborn``, part of the state hash. Every reading of
003 made here is written in ``docs/rules.md``, "Reincarnation".
"""

from __future__ import annotations

from typing import Final

from ...core.engine import Proc
from ..config import Config, ConfigError
from ..game import Game, Variant, register_variant
from ..hints import FRIEND, Advisor, cost, skill_hint
from ..model import GENERALS, KINGDOM_ZH, LORD, Player, TurnCounter
from ..skills import SKILLS, PlayOption, Skill, register_skill
from ..telling import Teller, event_kind
from ..zones import gain

__all__ = [
    "Reincarnation", "Reborn", "Offering", "OFFERING_GIVEN", "REINCARNATE", "NO_REINCARNATION",
    "install", "threshold", "reborn", "accepts_offerings", "counts_dead", "no_reward",
    "unused_generals", "reincarnate",
]

OFFERING_GIVEN = TurnCounter("offering_given")
"""1 once the current player has made this turn's offering."""

_KINGDOM_EN: Final = {"wei": "Wei", "shu": "Shu", "wu": "Wu", "qun": "Qun"}


class Reborn:
    """How many times each seat has reincarnated (``Game.extra["reborn"]``, in the state hash)."""

    __slots__ = ("counts",)

    def __init__(self, seats: int) -> None:
        self.counts = [0] * seats

    def canonical(self) -> tuple[int, ...]:
        return tuple(self.counts)


def reborn(g: Game) -> list[int]:
    """How many times each seat has reincarnated, by seat (all 0 in a game without 转世)."""
    kept = g.extra.get("reborn")
    return kept.counts if isinstance(kept, Reborn) else [0] * g.n


def threshold(g: Game) -> int:
    """How many cards make a dead player reincarnate: 4, or 3 in a 4- or 5-player game (003:
    "到达4张（4～5人游戏：3张）")."""
    return 3 if g.n <= 5 else 4


def counts_dead(g: Game, p: Player) -> bool:
    """Whether ``p`` counts as dead when victory is checked: dead, or reincarnated (003: "在判定胜利
    条件时，仍将此角色视为已死亡")."""
    return not p.alive or reborn(g)[p.seat] > 0


def no_reward(g: Game, p: Player) -> bool:
    """Whether the death of ``p`` neither rewards nor punishes its killer: ``p`` had
    reincarnated (003: "杀死转世后的反贼不获得摸三张牌的奖励，主公杀死转世后的忠臣也不得到惩罚")."""
    return reborn(g)[p.seat] > 0


def accepts_offerings(g: Game, p: Player) -> bool:
    """Whether ``p`` may be given an offering: dead, not the lord, holding fewer cards than
    :func:`threshold` (a dead player who reached it and found no general of their kingdom keeps
    the cards and "不能再接受新的献祭")."""
    return not p.alive and p.role != LORD and len(p.hand) < threshold(g)


def unused_generals(g: Game) -> list[str]:
    """The unused general cards, sorted by id: the generals of the game (its pool, and the generals
    a config names for the seats) that no player has. The living play theirs; a dead player's is set
    aside with them until they reincarnate, so it is never revealed for their own reincarnation nor
    for another's (docs/rules.md "Reincarnation"; 003: "将转世前的角色牌放回未使用的角色牌堆", after
    the reveal). Once they have taken a new general, the old one is nobody's and unused again."""
    ids = set(g.config.general_pool())
    if isinstance(g.config.generals, tuple):
        ids.update(g.config.generals)
    for p in g.players:
        ids.discard(p.general)
    return sorted(ids)


def _same_kingdom(kingdoms: str, gid: str) -> bool:
    """Whether the general ``gid`` shares a kingdom with ``kingdoms`` (孙尚香 is shu and wu)."""
    mine = kingdoms.split()
    return any(k in mine for k in GENERALS[gid].kingdoms())


def reincarnate(g: Game, p: Player) -> None:
    """003: "将未使用的角色牌洗混后面向下放成一堆，从牌堆顶翻起，翻开的第一张与这名玩家同国籍的角色，即成为转世后的
    角色". The player's own general is not in that pile (:func:`unused_generals`); it goes back
    among the unused ones once the new one is taken, as do the revealed generals that are not
    taken (the pile is shuffled anew every time)."""
    pile = unused_generals(g)
    g.rng.shuffle(pile)  # then revealed from the start of the list
    revealed: list[str] = []
    for gid in pile:
        revealed.append(gid)
        if _same_kingdom(p.kingdom, gid):
            _become(g, p, gid)
            g.log(REINCARNATE, p.seat, tuple(revealed), gid, p.max_hp)
            return
    g.log(NO_REINCARNATION, p.seat, p.kingdom)


def _become(g: Game, p: Player, gid: str) -> None:
    """``p`` comes back as ``gid`` at 1 HP (003: "转世后的角色的初始体力值为1")."""
    gen = GENERALS[gid]
    p.general, p.kingdom, p.sex = gen.id, gen.kingdom, gen.sex
    p.max_hp = gen.hp
    p.hp = 1
    p.skills = [SKILLS[s] for s in gen.skills]
    p.alive = True
    reborn(g)[p.seat] += 1
    g.rebuild_hooks()


@register_skill
class Offering(Skill):
    """献祭, the offering — 003: "其他玩家每回合每人可以选择给他一张手牌，作为献祭。每名玩家每回合只能献祭一次。"

    Not a general's skill: with reincarnation on, the rules offer it to every living player
    (``Game.table_actions``). Read like 孙权's tribute ("在他们各自的回合",
    docs/rules.md "孙权 sunquan"): an action of the giver's own play phase, once per turn, one hand
    card given face down to a dead player who still accepts offerings; reincarnated players make
    none (003: "不能献祭其他角色"). A gift that brings the dead player to :func:`threshold` cards
    makes them reincarnate at once.
    """

    id = "offering"
    zh = "献祭"
    en = "Offering"
    text_zh = "其他玩家每回合每人可以选择给他一张手牌，作为献祭。每名玩家每回合只能献祭一次。"
    text_en = ("Once in each of your turns, in your play phase, you may give one hand card face "
               "down to a dead player (reincarnation).")
    public_cards = False  # the gift is face down: the private ``gain`` names it

    def play_options(self, g: Game, owner: Player) -> list[PlayOption]:
        # ``owner`` is the acting player (the rules give this action to every living player).
        if not owner.hand or reborn(g)[owner.seat] or g.turn[OFFERING_GIVEN]:
            return []
        dead = [q.seat for q in g.players if accepts_offerings(g, q)]
        return [((c,), (seat,)) for c in owner.hand for seat in dead]

    def play(self, g: Game, owner: Player, cards: tuple[int, ...], targets: tuple[int, ...]) -> Proc:
        g.turn[OFFERING_GIVEN] = 1
        dead = g.players[targets[0]]
        yield from gain(g, dead, list(cards), owner, visible=False)
        if not dead.alive and len(dead.hand) >= threshold(g):
            reincarnate(g, dead)  # 003: "这名玩家立即转世"


def install(g: Game) -> None:
    """Reincarnation's part of the setup: the offering is an action of every living player."""
    g.table_actions = [SKILLS[Offering.id]]


@register_variant
class Reincarnation(Variant):
    """转世, an option of identity mode (``Config.reincarnation``)."""

    id = "reincarnation"
    en = "reincarnation"
    zh = "转世"

    def on(self, config: Config) -> bool:
        return config.reincarnation

    def check(self, config: Config) -> None:
        if config.reincarnation and config.generals is None:
            raise ConfigError("reincarnation: beginner mode has no generals to reincarnate as")

    def start(self, g: Game) -> None:
        g.extra["reborn"] = Reborn(g.n)

    def dealt(self, g: Game) -> None:
        install(g)

    def counts_dead(self, g: Game, p: Player) -> bool:
        return counts_dead(g, p)

    def rewards(self, g: Game, dead: Player) -> bool:
        return not no_reward(g, dead)


# ---------------------------------------------------------------------------- telling
def _kingdom(kingdoms: str, lang: str) -> str:
    names = [KINGDOM_ZH.get(k, k) if lang == "zh" else _KINGDOM_EN.get(k, k)
             for k in str(kingdoms).split()]
    return "/".join(names) or "?"


@event_kind("reincarnate")
def REINCARNATE(t: Teller, seat: int, generals: tuple[str, ...], general: str,
                max_hp: int) -> str:
    """转世: the dead ``seat`` reincarnates. ``generals``: the unused generals revealed, in order;
    the last, ``general``, is of the seat's kingdom and is theirs now, at 1 HP of ``max_hp``."""
    before = t.p(seat)
    if isinstance(seat, int) and 0 <= seat < len(t.generals):
        t.generals[seat] = str(general)
    t.memory.dead.discard(seat)
    shown = t.words["and"].join(t.general(str(x)) for x in generals)
    return t.say(en="{p} reincarnates: {shown} revealed; {p2} comes back at 1/{m} HP",
                 zh="{p}转世：翻开{shown}；成为{p2}，体力1/{m}", p=before, shown=shown,
                 p2=t.p(seat), m=max_hp)


@event_kind("no_reincarnation")
def NO_REINCARNATION(t: Teller, seat: int, kingdom: str) -> str:
    """转世 fails: no unused general of the dead ``seat``'s ``kingdom`` is left, so they keep the
    cards they were given and accept no more offerings."""
    return t.say(en="{p} cannot reincarnate: no unused {k} general is left; the cards stay and "
                    "no more offerings are accepted",
                 zh="{p}无法转世：未使用的角色牌中已没有{k}国角色；保留所献之牌，不再接受献祭",
                 p=t.p(seat), k=_kingdom(kingdom, t.lang))


# ---------------------------------------------------------------------------- agent hints
def _offering(a: Advisor, cards: tuple[int, ...], targets: tuple[int, ...]) -> int:
    """An offering to a dead friend, who may come back."""
    return 2 - cost(a, cards) // 2 if a.attitude(targets[0]) == FRIEND else -20


skill_hint("offering", play=_offering)
