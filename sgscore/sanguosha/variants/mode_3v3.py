"""3v3 (003 "三国杀 3V3规则"): two camps of three, an alternating order of action, a draft of 16.

``Config(players=6, mode="3v3")`` (``sgs sim --mode 3v3``). It is a mode of identity mode, not a
game of its own: it plays the same cards, generals, turns, damage and dying, and only its setup,
its order of turns, its victory and a few rules differ, so it is a
:class:`~sgscore.sanguosha.game.Variant` whose hooks replace identity mode's at those few places
(:meth:`~ThreeVThree.play`, :meth:`~ThreeVThree.victory`, :meth:`~ThreeVThree.kill_reward`,
:meth:`~ThreeVThree.area_order`). Its replays are ``sanguosha/identity`` replays whose header says
``mode: "3v3"``; every tool reads them as it reads any other.

- **Seats** (003 "双方的座位顺序为:冷色前锋A-冷色主帅-冷色前锋B-暖色前锋B-暖色主帅-暖色前锋A"): seat 0
  cold vanguard A, 1 cold marshal, 2 cold vanguard B, 3 warm vanguard B, 4 warm marshal, 5 warm
  vanguard A. The roles are the camps' (``cold_marshal``, ``cold_vanguard``, ``warm_marshal``,
  ``warm_vanguard``; 003 uses the identity cards as markers: 主公 the warm marshal, 忠臣 the warm
  vanguards, 内奸 the cold marshal, 反贼 the cold vanguards), all face up from the start
  ("身份牌均为正面朝上放置"). There is no lord: no lord skill works ("此规则变体中不使用主公技"), and
  乐不思蜀 may target a marshal.
- **The draft** (``generals="draft"``; steps 1-8): the pool is shuffled and two piles of 8 are
  laid face up (``draft_generals``); the warm marshal decides which camp picks first
  (``first_pick``), the cold marshal which camp acts first (``first_action``); the marshals take
  1, 2, 2, 2, 2, 2, 2, 2, 1 generals in turn (``draft_take``, public); then each marshal puts 3
  of his 8 face down on his camp's seats (``assign_generals``: marshal, vanguard A, vanguard B,
  seen by him alone) and the ``setup`` event reveals them together. ``"random"`` deals 6
  distinct generals from the shuffled pool in seat order; a tuple names them; ``None`` is
  beginner mode (4 HP each). Without a draft the cold marshal still decides which camp acts
  first, before the cards are dealt ("由冷色方主帅决定由哪一方先行动，决定后，分发每名角色4张手牌").
- **Marshals** have +1 HP and max HP ("此模式中主帅体力及体力上限+1"). **No 闪电**: every card named
  闪电 is left out of the deck the packs make ("闪电 此规则里不使用闪电").
- **The order of action** (游戏流程 1-3): the camps alternate; the camp that has the action is asked
  by its marshal (``camp_action``) whether the marshal takes a turn or the vanguards take theirs,
  one after the other, in the order he names. A player's role card is tapped when his turn
  begins; when a turn ends with every living player's card tapped, all are reset and a round
  begins. A camp whose living players are all tapped passes the action to the other. The very
  first turn of the game is a marshal's ("游戏开始的第一回合只能由主帅先行动").
- **Victory**: the camp whose marshal dies loses at once ("消灭对方阵营主帅"); the round cap and an
  empty deck end the game as a draw, as in identity mode.
- **Reward** ("杀死任意一名角色,可以立即摸3张牌,即使杀死的是自己的同伙"): whoever kills anyone draws 3;
  no penalty for killing a teammate.
- **Area tricks** ("普牌的变体规则"): the user of 南蛮入侵, 万箭齐发, 桃园结义 or 五谷丰登 chooses the
  direction it resolves in (``trick_order``: ``ccw``, seat order, or ``cw``) when three or more
  players are alive; the targets are those of identity mode.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations, permutations
from typing import Any, Final

from ...core.engine import GameOver, Proc
from ...core.protocol import Choice, PickRequest, Request
from ..cards import NAME
from ..config import Config, ConfigError
from ..events import SETUP
from ..game import Arrange, Game, Variant, register_variant
from ..hints import Advisor, answer_hint, draft_order, sides_hint
from ..model import GENERALS, Player, VCard
from ..rules import turn
from ..skills import SKILLS
from ..telling import Teller, event_kind, reason_words, request_kind, role_words, winner_words
from ..zones import draw, draw_now

__all__ = [
    "MODE", "COLD", "WARM", "CAMPS", "COLD_MARSHAL", "COLD_VANGUARD", "WARM_MARSHAL",
    "WARM_VANGUARD", "ROLES_3V3", "MARSHALS", "CAMP_ROLES", "POSTS", "MARSHAL_SEAT",
    "VANGUARD_SEATS", "TAKES", "CCW", "CW", "REQUEST_KINDS", "DRAFT_3V3", "ThreeVThree",
    "camp_of", "other_camp", "config_3v3", "game_procedure", "check_victory", "area_order",
    "heuristic_choice",
]

MODE: Final = "3v3"
COLD: Final = "cold"
WARM: Final = "warm"
CAMPS: Final = (COLD, WARM)
COLD_MARSHAL: Final = "cold_marshal"
COLD_VANGUARD: Final = "cold_vanguard"
WARM_MARSHAL: Final = "warm_marshal"
WARM_VANGUARD: Final = "warm_vanguard"
ROLES_3V3: Final = (COLD_VANGUARD, COLD_MARSHAL, COLD_VANGUARD, WARM_VANGUARD, WARM_MARSHAL,
                    WARM_VANGUARD)
"""The role of each seat, 0-5 (003: 冷色前锋A-冷色主帅-冷色前锋B-暖色前锋B-暖色主帅-暖色前锋A)."""
POSTS: Final = ("vanguard_a", "marshal", "vanguard_b", "vanguard_b", "marshal", "vanguard_a")
"""Each seat's post in its camp."""
MARSHALS: Final = (COLD_MARSHAL, WARM_MARSHAL)
CAMP_ROLES: Final = {COLD: (COLD_MARSHAL, COLD_VANGUARD), WARM: (WARM_MARSHAL, WARM_VANGUARD)}
MARSHAL_SEAT: Final = {COLD: 1, WARM: 4}
VANGUARD_SEATS: Final = {COLD: (0, 2), WARM: (5, 3)}
"""Each camp's vanguards: (vanguard A, vanguard B)."""
TAKES: Final = (1, 2, 2, 2, 2, 2, 2, 2, 1)
"""How many generals each turn of the draft takes (003 "选将顺序及数量为 1、2、2、2、2、2、2、2、1")."""
PILE: Final = 8
DRAFT_3V3: Final = 2 * PILE
"""The generals a 3v3 draft lays on the table: two piles of 8 (003 "三国杀 3V3规则")."""
CCW: Final = "ccw"
CW: Final = "cw"
AREA_TRICKS: Final = ("savage_assault", "archery_attack", "god_salvation", "amazing_grace")


def camp_of(role: str) -> str:
    """The camp of a 3v3 role (``""`` for any other role)."""
    for camp, roles in CAMP_ROLES.items():
        if role in roles:
            return camp
    return ""


def other_camp(camp: str) -> str:
    return WARM if camp == COLD else COLD


def config_3v3(**options: Any) -> Config:
    """``Config(players=6, mode="3v3", **options)``."""
    return Config(players=6, mode=MODE, **options)


# ---------------------------------------------------------------------------- words
# The roles are told by their names (in English their ids with a space); the camps, the sides
# that win, by theirs (sgs stats names the sides as roles).
for _role, _zh in ((COLD_MARSHAL, "冷色主帅"), (COLD_VANGUARD, "冷色前锋"), (WARM_MARSHAL, "暖色主帅"),
                   (WARM_VANGUARD, "暖色前锋")):
    role_words(_role, en=_role.replace("_", " "), zh=_zh)
role_words(COLD, en=COLD, zh="冷色方")
role_words(WARM, en=WARM, zh="暖色方")
winner_words(WARM, en="the warm camp wins", zh="暖色方获胜")
winner_words(COLD, en="the cold camp wins", zh="冷色方获胜")
reason_words("marshal_died", en="a marshal died", zh="主帅阵亡")

_CAMP_WORDS = {COLD: ("the cold camp", "冷色方"), WARM: ("the warm camp", "暖色方")}
_POST_WORDS = {"marshal": ("marshal", "主帅"), "vanguard_a": ("vanguard A", "前锋甲"),
               "vanguard_b": ("vanguard B", "前锋乙")}
_DIRECTION_WORDS = {CCW: ("counter-clockwise (in seat order)", "逆时针（按座位顺序）"),
                    CW: ("clockwise (against seat order)", "顺时针（逆座位顺序）")}


def _word(t: Teller, words: dict[str, tuple[str, str]], key: Any) -> str:
    pair = words.get(str(key))
    if pair is None:
        return str(key)
    return pair[1] if t.lang == "zh" else pair[0]


def _camp(t: Teller, camp: Any) -> str:
    return _word(t, _CAMP_WORDS, camp)


def _generals(t: Teller, ids: Any) -> str:
    if not isinstance(ids, list | tuple) or not ids:
        return t.say(en="none", zh="无")
    return ("、" if t.lang == "zh" else ", ").join(t.general(x) for x in ids)


# ---------------------------------------------------------------------------- events
@event_kind("camps")
def CAMPS_EVENT(t: Teller, roles: tuple[str, ...]) -> list[str]:
    """A 3v3 game (``variants/mode_3v3.py``): ``roles`` gives every seat's role, all of them public (the
    cold vanguards at seats 0 and 2, the cold marshal at 1, the warm vanguards at 3 and 5, the
    warm marshal at 4)."""
    out = [t.say(en="3v3: two camps of three, every role face up",
                 zh="三对三：双方阵营各三人，身份牌均正面朝上")]
    for seat, role in enumerate(roles if isinstance(roles, list | tuple) else ()):
        t.roles[seat] = str(role)
        post = POSTS[seat] if seat < len(POSTS) else ""
        out.append(t.say(en="  {p}: {camp}, {post}", zh="  {p}：{camp}{post}", p=t.p(seat),
                         camp=_camp(t, camp_of(str(role))), post=_word(t, _POST_WORDS, post)))
    return out


@event_kind("draft_generals")
def DRAFT_GENERALS(t: Teller, generals: tuple[str, ...]) -> str:
    """The 3v3 draft: the two piles of 8, laid face up on the table for the marshals to choose
    from (in id order)."""
    return t.say(en="The generals on the table: {g}", zh="桌上的武将：{g}",
                 g=_generals(t, generals))


@event_kind("first_pick")
def FIRST_PICK(t: Teller, seat: int, camp: str) -> str:
    """The 3v3 draft: the warm marshal (``seat``) decides which ``camp`` picks first."""
    return t.say(en="{p} decides that {camp} picks first", zh="{p}决定由{camp}先选将",
                 p=t.p(seat), camp=_camp(t, camp))


@event_kind("first_action")
def FIRST_ACTION(t: Teller, seat: int, camp: str) -> str:
    """3v3: the cold marshal (``seat``) decides which ``camp`` acts first."""
    return t.say(en="{p} decides that {camp} acts first", zh="{p}决定由{camp}先行动",
                 p=t.p(seat), camp=_camp(t, camp))


@event_kind("draft_take")
def DRAFT_TAKE(t: Teller, seat: int, generals: tuple[str, ...]) -> str:
    """The 3v3 draft: the marshal at ``seat`` takes ``generals`` for his camp, in view of all."""
    return t.say(en="{p} takes {g}", zh="{p}选择了{g}", p=t.p(seat), g=_generals(t, generals))


@event_kind("assign_generals", hidden="``(marshal, vanguard A, vanguard B)``: that seat")
def ASSIGN_GENERALS(t: Teller, seat: int, *,
                    hidden: tuple[str, str, str] | None = None) -> str:
    """The 3v3 draft: the marshal at ``seat`` puts 3 of his camp's generals face down on its
    seats; the others see them when ``setup`` reveals every seat's general."""
    if hidden is None:
        return t.say(en="{p} places three generals face down", zh="{p}将三张武将牌背面朝上放置",
                     p=t.p(seat))
    return t.say(en="{p} places {m} as marshal, {a} as vanguard A, {b} as vanguard B",
                 zh="{p}安排{m}为主帅，{a}为前锋甲，{b}为前锋乙", p=t.p(seat),
                 m=t.general(hidden[0]), a=t.general(hidden[1]), b=t.general(hidden[2]))


@event_kind("camp_action")
def CAMP_ACTION(t: Teller, seat: int, camp: str, seats: tuple[int, ...], passed: bool) -> str:
    """3v3: ``camp`` has the action and its marshal (``seat``) names who acts: ``seats``, in
    order (the marshal alone, or the vanguards one after the other). ``passed``: the other camp
    had the action, but all its living players had acted this round."""
    if passed:
        head = t.say(en="{camp} has the action (the other camp has all acted)",
                     zh="{camp}获得行动权（对方已全部行动）", camp=_camp(t, camp))
    else:
        head = t.say(en="{camp} has the action", zh="{camp}获得行动权", camp=_camp(t, camp))
    who = t.seats(seats)
    return head + t.say(en=": {who}", zh="：{who}行动", who=who)


@event_kind("reset")
def RESET(t: Teller, round_no: int) -> str:
    """3v3: a turn ended with every living player's role card tapped; all are reset and round
    ``round_no`` begins."""
    return t.say(en="Every role card is tapped: all are reset", zh="所有人的身份牌均已横置，全部重置")


@event_kind("trick_order")
def TRICK_ORDER(t: Teller, seat: int, name: str, direction: str) -> str:
    """3v3: the user (``seat``) of the area trick ``name`` chooses the ``direction`` it resolves
    in: ``ccw`` (seat order) or ``cw``."""
    return t.say(en="{p} resolves {card} {d}", zh="{p}指定{card}按{d}结算", p=t.p(seat),
                 card=t.name(name), d=_word(t, _DIRECTION_WORDS, direction))


# ---------------------------------------------------------------------------- requests
def _ask_first_pick(t: Teller, seat: int, *prompt: Any) -> str:
    return t.say(en="{p} decides which camp picks first", zh="{p}决定哪一方先选将", p=t.p(seat))


@request_kind("first_pick", ask=_ask_first_pick, choice='``"cold"`` or ``"warm"``')
def FIRST_PICK_REQUEST(t: Teller, choice: str) -> str:
    """The warm marshal: which camp takes the first general of the draft."""
    return _camp(t, choice)


def _ask_first_action(t: Teller, seat: int, *prompt: Any) -> str:
    return t.say(en="{p} decides which camp acts first", zh="{p}决定哪一方先行动", p=t.p(seat))


@request_kind("first_action", ask=_ask_first_action, choice='``"cold"`` or ``"warm"``')
def FIRST_ACTION_REQUEST(t: Teller, choice: str) -> str:
    """The cold marshal: which camp has the first action of the game."""
    return _camp(t, choice)


def _ask_take(t: Teller, seat: int, n: int = 1, *prompt: Any) -> str:
    return t.say(en="{p} takes {n} of the generals on the table", zh="{p}从桌上选择{n}名武将",
                 p=t.p(seat), n=n)


@request_kind("draft_take", ask=_ask_take,
              choice="a tuple of 1 or 2 general ids (as the prompt says), in id order")
def DRAFT_TAKE_REQUEST(t: Teller, choice: tuple[str, ...]) -> str:
    """A marshal's turn of the 3v3 draft: which generals his camp takes."""
    return _generals(t, choice)


def _ask_assign(t: Teller, seat: int, *prompt: Any) -> str:
    return t.say(en="{p} places three of the camp's generals on its seats",
                 zh="{p}从本方武将中选出三张安排在主帅和前锋位置上", p=t.p(seat))


@request_kind("assign_generals", ask=_ask_assign,
              choice="``(marshal, vanguard A, vanguard B)``: three of the camp's general ids")
def ASSIGN_REQUEST(t: Teller, choice: tuple[str, str, str]) -> str:
    """The end of the 3v3 draft: which of his camp's 8 generals the marshal puts on which
    seat."""
    return t.say(en="{m} as marshal, {a} as vanguard A, {b} as vanguard B",
                 zh="{m}为主帅，{a}为前锋甲，{b}为前锋乙", m=t.general(choice[0]),
                 a=t.general(choice[1]), b=t.general(choice[2]))


def _ask_action(t: Teller, seat: int, camp: str = "", *prompt: Any) -> str:
    return t.say(en="{p} decides who of {camp} acts", zh="{p}决定{camp}由谁行动", p=t.p(seat),
                 camp=_camp(t, camp))


@request_kind("camp_action", ask=_ask_action,
              choice="the seats that act, in order: the marshal's, or the vanguards'")
def CAMP_ACTION_REQUEST(t: Teller, choice: tuple[int, ...]) -> str:
    """3v3: the marshal of the camp that has the action names who takes turns: he alone, or
    his camp's vanguards (those who have not acted this round) one after the other."""
    return t.seats(choice)


def _ask_order(t: Teller, seat: int, name: str = "", *prompt: Any) -> str:
    return t.say(en="{p} chooses the direction {card} resolves in", zh="{p}指定{card}的结算方向",
                 p=t.p(seat), card=t.name(name))


@request_kind("trick_order", ask=_ask_order, choice='``"ccw"`` (seat order) or ``"cw"``')
def TRICK_ORDER_REQUEST(t: Teller, choice: str) -> str:
    """3v3: the user of 南蛮入侵, 万箭齐发, 桃园结义 or 五谷丰登 chooses its direction."""
    return _word(t, _DIRECTION_WORDS, choice)


REQUEST_KINDS: Final = frozenset({
    "first_pick", "first_action", "draft_take", "assign_generals", "camp_action", "trick_order",
})


# ---------------------------------------------------------------------------- setup
def _draft(g: Game, ask_first: bool) -> Proc:
    """003 步骤1-8: returns one general id per seat and the camp that acts first."""
    pool = list(g.config.general_pool())
    g.rng.shuffle(pool)
    table = sorted(pool[:2 * PILE])  # two piles of 8, face down: the marshals' choice is a deal
    g.log(DRAFT_GENERALS, tuple(table))
    warm, cold = MARSHAL_SEAT[WARM], MARSHAL_SEAT[COLD]
    camp = yield PickRequest(warm, FIRST_PICK_REQUEST, (WARM, COLD))
    g.log(FIRST_PICK, warm, camp)
    first = COLD
    if ask_first:
        first = yield PickRequest(cold, FIRST_ACTION_REQUEST, (COLD, WARM))
        g.log(FIRST_ACTION, cold, first)
    taken: dict[str, list[str]] = {COLD: [], WARM: []}
    for k in TAKES:
        seat = MARSHAL_SEAT[camp]
        pick = yield PickRequest(seat, DRAFT_TAKE_REQUEST, list(combinations(table, k)), (k,))
        g.log(DRAFT_TAKE, seat, tuple(pick))
        table = [x for x in table if x not in pick]
        taken[camp].extend(pick)
        camp = other_camp(camp)
    ids = [""] * g.n
    for camp in CAMPS:  # face down, revealed together: nobody sees the other's choice
        seat = MARSHAL_SEAT[camp]
        mine = sorted(taken[camp])
        placed = yield PickRequest(seat, ASSIGN_REQUEST, list(permutations(mine, 3)), ())
        g.log_private(ASSIGN_GENERALS, 1 << seat, (seat,), tuple(placed))
        a, b = VANGUARD_SEATS[camp]
        ids[seat], ids[a], ids[b] = placed
    return ids, first


def _assign(g: Game, ids: Sequence[str] | None) -> None:
    """Generals, max HP (+1 for the marshals) and skills. A lord skill stays on the general but
    never works: nobody is the lord (``Game.rebuild_hooks``)."""
    for p in g.players:
        bonus = 1 if p.role in MARSHALS else 0
        if ids is None:
            p.max_hp = p.hp = 4 + bonus
            continue
        gen = GENERALS.get(ids[p.seat])
        if gen is None:
            raise ValueError(f"unknown general {ids[p.seat]!r} for seat {p.seat}")
        p.general, p.kingdom, p.sex = gen.id, gen.kingdom, gen.sex
        p.max_hp = p.hp = gen.hp + bonus
        p.skills = [SKILLS[s] for s in gen.skills]


def _decide_first_action(g: Game) -> Proc:
    cold = MARSHAL_SEAT[COLD]
    first = yield PickRequest(cold, FIRST_ACTION_REQUEST, (COLD, WARM))
    g.log(FIRST_ACTION, cold, first)
    return first


def setup(g: Game, ask_first: bool = True) -> Proc:
    """Camps, the deck without 闪电, generals, the starting hands; returns the camp that acts
    first (the cold marshal's decision; cold when ``ask_first`` is off, in a scenario)."""
    for p, role in zip(g.players, ROLES_3V3, strict=True):
        p.role = role
        p.role_shown = True
    g.log(CAMPS_EVENT, ROLES_3V3)
    g.card_ids = [c for c in g.card_ids if NAME[c] != "lightning"]  # "此规则里不使用闪电"
    g.draw_pile = list(g.card_ids)  # unshuffled until the generals are chosen, as in identity
    cfg = g.config
    first = COLD
    ids: list[str] | None
    if cfg.generals == "draft":
        ids, first = yield from _draft(g, ask_first)
    else:
        if cfg.generals is None:
            ids = None
        elif cfg.generals == "random":
            pool = list(cfg.general_pool())
            g.rng.shuffle(pool)
            ids = pool[:g.n]
        else:
            ids = list(cfg.generals)
    _assign(g, ids)
    for v in g.variants:
        v.dealt(g)
    g.rebuild_hooks()
    pile = list(g.card_ids)
    g.rng.shuffle(pile)
    g.draw_pile = pile
    g.log(SETUP, g.n, tuple(p.general for p in g.players))
    if cfg.generals != "draft" and ask_first:  # the draft asked it at its step 5
        first = yield from _decide_first_action(g)
    for p in g.players:
        draw_now(g, p, 4)
    return first


# ---------------------------------------------------------------------------- the order of action
def _choices(g: Game, camp: str, tapped: list[bool], first: bool) -> list[tuple[int, ...]]:
    """Who of ``camp`` may act: the marshal alone, or the vanguards who have not acted this
    round, in either order."""
    out: list[tuple[int, ...]] = []
    m = MARSHAL_SEAT[camp]
    if g.players[m].alive and not tapped[m]:
        out.append((m,))
    if first:
        return out  # 003: "游戏开始的第一回合只能由主帅先行动"
    ready = [s for s in VANGUARD_SEATS[camp] if g.players[s].alive and not tapped[s]]
    out.extend(permutations(ready))
    return [o for o in out if o]


def _ready(g: Game, camp: str, tapped: list[bool]) -> bool:
    return any(p.alive and not tapped[p.seat] and camp_of(p.role) == camp for p in g.players)


def _act(g: Game, seats: Sequence[int], tapped: list[bool], first_phase: str = "start") -> Proc:
    """The turns of one action, each seat's role card tapped as its turn begins; a turn that
    ends with every living player tapped resets them all and begins a round."""
    for seat in seats:
        p = g.players[seat]
        if not p.alive:
            continue  # died during a teammate's turn
        tapped[seat] = True
        yield from turn(g, p, first_phase)
        first_phase = "start"
        if all(tapped[q.seat] for q in g.players if q.alive):
            if g.round >= g.config.max_rounds:
                raise GameOver(None, "round_cap")  # docs/rules.md "The turn"
            g.round += 1
            tapped[:] = [False] * g.n
            g.log(RESET, g.round)
            for v in g.variants:
                yield from v.round_begins(g)


def game_procedure(
    g: Game, arrange: Arrange | None = None, start_seat: int | None = None,
    start_phase: str = "start",
) -> Proc:
    """The whole 3v3 game (:meth:`ThreeVThree.play`). A scenario's first turn is
    ``start_seat``'s from ``start_phase``: its camp has the action, a vanguard's teammate acting
    after it; then the camps alternate."""
    first = yield from setup(g, ask_first=start_seat is None)
    if arrange is not None:
        arrange(g)
        g.rebuild_hooks()
    for v in g.variants:
        v.begin(g)
    g.round = 1
    tapped = [False] * g.n
    camp = first
    opening = True
    if start_seat is not None:
        p = g.players[start_seat]
        camp = camp_of(p.role)
        seats = [start_seat]
        if p.role not in MARSHALS:
            seats += [s for s in VANGUARD_SEATS[camp] if s != start_seat]
        yield from _act(g, seats, tapped, start_phase)
        camp, opening = other_camp(camp), False
    while True:
        passed = not _ready(g, camp, tapped)
        if passed:  # 003 游戏流程 2: all of this camp has acted this round
            camp = other_camp(camp)
        marshal = MARSHAL_SEAT[camp]
        options = _choices(g, camp, tapped, opening)
        seats = yield PickRequest(marshal, CAMP_ACTION_REQUEST, options, (camp,))
        g.log(CAMP_ACTION, marshal, camp, tuple(seats), passed)
        yield from _act(g, seats, tapped)
        camp, opening = other_camp(camp), False


def check_victory(g: Game) -> None:
    """003 "游戏目标：消灭对方阵营主帅": a marshal's death ends the game, his camp losing."""
    for p in g.players:
        if not p.alive and p.role in MARSHALS:
            raise GameOver(other_camp(camp_of(p.role)), "marshal_died")


def area_order(g: Game, user: Player, card: VCard, order: list[Player]) -> Proc:
    """003 "普牌的变体规则": the user of an area trick chooses the direction (``order`` is every
    living player in seat order from the user); asked when three or more are alive, since with
    two both directions are one."""
    if len(order) < 3:
        return order
    direction = yield PickRequest(user.seat, TRICK_ORDER_REQUEST, (CCW, CW), (card.name,))
    g.log(TRICK_ORDER, user.seat, card.name, direction)
    if direction == CW:
        return [order[0], *reversed(order[1:])]
    return order


# ---------------------------------------------------------------------------- the mode
@register_variant
class ThreeVThree(Variant):
    """3v3 (003 "三国杀 3V3规则"), the mode ``"3v3"``: its setup and order of action
    (:func:`game_procedure`), victory by a marshal's death (:func:`check_victory`), any kill
    drawing 3 and the direction of an area trick (:func:`area_order`)."""

    id = "3v3"
    mode = MODE
    en = "3v3"
    zh = "三对三"

    def check(self, config: Config) -> None:
        """Six seats in two camps with roles of their own (no lord, no renegade: no identity
        roles' options, no 转世, whose victory counts the reincarnated as dead by role); a pool
        dealt from holds the draft's 16 or the 6 dealt."""
        if config.mode != self.mode:
            return
        if config.players != 6:
            raise ConfigError(f"players: 3v3 seats exactly 6 players, got {config.players!r}")
        given = [name for name, on in (
            ("role_variant", config.role_variant), ("lord_seat_zero", not config.lord_seat_zero),
            ("lord_seat", config.lord_seat), ("scoring", config.scoring)) if on]
        if given:
            named = " and ".join([", ".join(given[:-1]), given[-1]] if len(given) > 1 else given)
            raise ConfigError(f"mode: 3v3 has camps, not identity roles: {named} "
                              f"{'does' if len(given) == 1 else 'do'} not apply")
        if config.reincarnation:
            raise ConfigError("mode: reincarnation is identity mode's (its victory counts the "
                              "reincarnated as dead by role), not 3v3's")
        if config.generals in ("random", "draft"):
            pool = config.general_pool()
            need = DRAFT_3V3 if config.generals == "draft" else config.players
            if len(pool) < need:
                what = "a 3v3 draft" if config.generals == "draft" else "3v3 with random generals"
                raise ConfigError(f"pool: {what} needs {need} generals, the pool has {len(pool)}")

    def play(self, g: Game, arrange: Arrange | None, start_seat: int | None,
             start_phase: str, under_way: bool = False) -> Proc:
        if under_way:  # its order of play keeps state of its own (resumable is False)
            raise NotImplementedError("a 3v3 game cannot start inside a play phase")
        return (yield from game_procedure(g, arrange, start_seat, start_phase))

    def victory(self, g: Game) -> None:
        check_victory(g)

    def kill_reward(self, g: Game, dead: Player, killer: Player) -> Proc:
        """003 奖惩: "杀死任意一名角色,可以立即摸3张牌,即使杀死的是自己的同伙"."""
        yield from draw(g, killer, 3)

    def area_order(self, g: Game, user: Player, card: VCard, order: list[Player]) -> Proc:
        return (yield from area_order(g, user, card, order))


# ---------------------------------------------------------------------------- the heuristic agent
_HARMFUL_AREA = ("savage_assault", "archery_attack")


def heuristic_choice(g: Game, seat: int, request: Request, rank: Sequence[str]) -> Choice:
    """What :class:`~.agent.HeuristicAgent` answers to a 3v3 request: its own camp first (to
    pick, to act), the strongest generals by ``rank`` (the agent's draft order, the highest HP
    of the three as marshal), the vanguards before a healthy marshal, an area trick towards
    the enemies first (南蛮入侵, 万箭齐发) or the friends first (桃园结义, 五谷丰登)."""
    assert isinstance(request, PickRequest)
    options = request.options
    me = g.players[seat]
    mine = camp_of(me.role)

    def order_of(gid: Any) -> tuple[int, str]:
        return (rank.index(gid) if gid in rank else len(rank), str(gid))

    kind = request.kind
    if kind in ("first_pick", "first_action"):
        return mine
    if kind == "draft_take":
        return min(options, key=lambda o: sorted(order_of(x) for x in o))
    if kind == "assign_generals":
        best = sorted({x for o in options for x in o}, key=order_of)[:3]
        marshal = max(best, key=lambda x: (GENERALS[x].hp, -best.index(x)))
        vanguards = [x for x in best if x != marshal]
        return (marshal, *vanguards)
    if kind == "camp_action":  # ``seat`` is the marshal: himself first when hurt with a 桃
        hurt = me.hp < me.max_hp and any(NAME[c] == "peach" for c in me.hand)
        return sorted(options, key=lambda o: (o == (seat,)) != hurt)[0]
    if kind == "trick_order":
        name = request.prompt[0] if request.prompt else ""
        order = g.order_from(seat)
        harmful = name in _HARMFUL_AREA

        def score(seq: list[Player]) -> int:
            total = 0
            for i, q in enumerate(seq):
                wanted = (camp_of(q.role) != mine) == harmful
                total += (len(seq) - i) * (1 if wanted else -1)
            return total

        ccw = score(order[1:])
        cw = score(list(reversed(order[1:])))
        return CW if cw > ccw else CCW
    return options[0]


# ---------------------------------------------------------------------------- agent hints
def _same_camp(mine: str, theirs: str) -> bool:
    return camp_of(mine) == camp_of(theirs)


def _answer(a: Advisor, request: Request) -> Choice:
    return heuristic_choice(a.game, a.seat, request, draft_order(GENERALS.names()))


sides_hint("3v3", _same_camp)  # the camps are public
for _kind in sorted(REQUEST_KINDS):
    answer_hint(_kind, _answer)
