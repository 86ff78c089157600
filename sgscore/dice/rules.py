"""The rules of 三国掷 as procedures (generators that yield requests), read as
docs/dice.md "How 000 is read" reads 000; ``docs/dice.md`` gives the passage of 000 behind each
step.

The game procedure deals roles and generals, then runs turns from the lord (the 忠臣 at 3 players)
in seat order. A turn: 青囊 at its start; the roll of the five dice and up to two rerolls, each
roll's new 南蛮箭 taken at once (the last 【箭】 of the pile sets off 南蛮入侵) and 3+ 闪电 ending
the turn with 1 damage; then the final dice in 000's order: 近杀/远杀 together, 酒, 万箭齐发; then
克己 at its end.
"""

from __future__ import annotations

from ..core.engine import GameOver, Proc
from ..core.protocol import PickRequest, SubsetRequest
from .game import DiceGame, plays, resumes
from .model import (
    ARROW,
    BEER,
    DICE,
    DYNAMITE,
    FACES,
    GATLING,
    GENERALS,
    LORD,
    LOYALIST,
    REBEL,
    RENEGADE,
    SLASH1,
    SLASH2,
    Damage,
    Player,
    skill_of,
)
from .telling import (
    ARROW_TAKEN,
    ARROWS_BACK,
    BEER_EVENT,
    BEER_TARGET,
    DAMAGE,
    DEATH,
    DUEL,
    DYNAMITE_END,
    GATLING_EVENT,
    HEAL,
    INDIANS,
    REROLL,
    RESOLVE,
    ROLE,
    ROLE_DEALT,
    ROLL,
    SETUP,
    SLASH,
    SLASH_TARGET,
    TURN,
)

__all__ = [
    "game_procedure", "deal_table", "turn", "take_arrow", "indians", "deal", "heal", "return_arrows",
    "distance", "living_from", "slash_targets", "GOAL",
]

GOAL = {LOYALIST: RENEGADE, RENEGADE: REBEL, REBEL: LOYALIST}
"""000 "3人局特别规则": 忠臣——亲自杀死内奸；内奸——亲自杀死反贼；反贼——亲自杀死忠臣."""


# ---------------------------------------------------------------------------- setup
def deal_table(g: DiceGame) -> None:
    """000 "游戏准备": roles shuffled and dealt, then generals; HP from the general, the lord's
    +2."""
    config = g.config
    roles = list(config.roles())
    g.rng.shuffle(roles)
    if isinstance(config.generals, tuple):
        generals = list(config.generals)
    else:
        pool = list(config.general_pool())
        g.rng.shuffle(pool)
        generals = pool[:config.players]
    for p, role, gid in zip(g.players, roles, generals, strict=True):
        p.role = role
        p.general = gid
    for p in g.players:
        p.max_hp = p.hp = GENERALS[p.general].hp + (2 if p.role == LORD else 0)


def announce(g: DiceGame) -> None:
    """The setup's events: the table, then each role (the lord's, and at 3 players every
    role, shown to all; the others to their seats only)."""
    g.log(SETUP, tuple(p.general for p in g.players), tuple(p.hp for p in g.players))
    for p in g.players:
        if p.role == LORD or g.n == 3:
            g.log(ROLE, p.seat, p.role)
        else:
            g.log_private(ROLE_DEALT, 1 << p.seat, (p.seat,), (p.role,))
    for p in g.players:
        if not p.alive:
            g.log(DEATH, p.seat, p.role, None)


def first_seat(g: DiceGame) -> int:
    """000: the lord starts (3 players: "游戏由忠臣开始回合")."""
    start = LOYALIST if g.n == 3 else LORD
    return next(p.seat for p in g.players if p.role == start)


@plays
def game_procedure(g: DiceGame) -> Proc:
    deal_table(g)
    setup = g.setup
    if setup is not None:
        setup.apply(g)
    announce(g)
    seat = setup.start if setup is not None and setup.start is not None else first_seat(g)
    g.first = seat
    yield from turns(g, seat)


@resumes
def turns(g: DiceGame, seat: int, resumed: int = -1) -> Proc:
    """Turns from ``seat``'s, each living player's in seat order, until the game ends.
    ``resumed``: the game was rebuilt at ``seat``'s reroll request after that roll (``DiceGame
    .resume``), which is asked again."""
    while True:
        p = g.players[seat]
        yield from turn(g, p, resumed)
        resumed = -1
        seat = next_living(g, seat)


def next_living(g: DiceGame, seat: int) -> int:
    for k in range(1, g.n + 1):
        q = g.players[(seat + k) % g.n]
        if q.alive:
            return q.seat
    return seat


def _begin_turn(g: DiceGame, p: Player) -> None:
    rel = (p.seat - g.first) % g.n
    if rel <= g.last_rel:
        g.round += 1
    g.last_rel = rel
    if g.round > g.config.max_rounds:
        raise GameOver(None, "round_cap")
    g.turn_no += 1
    g.current = p.seat
    g.phase = "roll"
    g.dice = [""] * DICE
    g.spent = [False] * DICE
    s = p.skill
    g.rerolls_left = 2 + (s.extra_rerolls if s is not None else 0)
    g.log(TURN, g.turn_no, g.round, p.seat)


# ---------------------------------------------------------------------------- a turn
def turn(g: DiceGame, p: Player, resumed: int = -1) -> Proc:
    """One turn of ``p``: 000 "游戏进程" (``resumed``: from its reroll request after that roll)."""
    if resumed < 0:
        _begin_turn(g, p)
        s = skill_of(p, "turn_start")
        if s is not None:
            yield from s.turn_start(g, p)
        if not p.alive:
            return
    ended = yield from rolling(g, p, resumed)
    if p.alive and not ended:
        yield from resolve(g, p)
    s = skill_of(p, "turn_end")
    if s is not None and p.alive:
        yield from s.turn_end(g, p)


def roll(g: DiceGame, p: Player, dice: list[int], roll_no: int) -> None:
    """Roll ``dice`` (indexes) with the game's RNG (or the faces a scenario set)."""
    for i in dice:
        g.dice[i] = g.rigged.pop(0) if g.rigged else FACES[g.rng.below(len(FACES))]
    g.log(ROLL, p.seat, roll_no, tuple(dice), tuple(g.dice))


def rolling(g: DiceGame, p: Player, resumed: int = -1) -> Proc:
    """The roll and the rerolls; returns True when 3+ 闪电 (or ``p``'s death) ended the turn.
    ``resumed``: the number of the roll after which the reroll request is asked again (the game
    rebuilt there, ``DiceGame.resume``).

    000: 南蛮箭 and 闪电 resolve at once: after each roll, each newly rolled 南蛮箭 gives one 【箭】;
    then 3+ 闪电 is 1 damage and the end of the turn. 闪电 cannot be rerolled (鬼道 can)."""
    rolled = list(range(DICE))
    roll_no = max(resumed, 0)
    asking = resumed >= 0
    while True:
        if not asking:
            roll(g, p, rolled, roll_no)
            for i in rolled:
                if g.dice[i] == ARROW and p.alive:
                    yield from take_arrow(g, p)
            if not p.alive:
                return True
            booms = g.dice.count(DYNAMITE)
            if booms >= 3:
                g.log(DYNAMITE_END, p.seat, booms)
                yield from deal(g, [Damage(p, 1, None, "dynamite")])
                return True
            if g.rerolls_left <= 0:
                return False
        asking = False
        s = p.skill
        free = s is not None and s.reroll_dynamite
        pool = [i for i in range(DICE) if free or g.dice[i] != DYNAMITE]
        req = SubsetRequest(p.seat, REROLL, pool, 0, len(pool), (tuple(g.dice), g.rerolls_left))
        g.mark_safe(req, (p.seat, roll_no))  # the game can be rebuilt here (Engine.clone)
        choice = yield req
        if not choice:
            return False
        g.rerolls_left -= 1
        rolled = list(choice)
        roll_no += 1


def resolve(g: DiceGame, p: Player) -> Proc:
    """000 "骰子": the final dice in order: 近杀/远杀 together, then 酒, then 万箭齐发."""
    g.phase = "resolve"
    g.log(RESOLVE, p.seat, tuple(g.dice))
    yield from slashes(g, p)
    if p.alive:
        yield from beers(g, p)
    if p.alive:
        yield from gatling(g, p)


# ---------------------------------------------------------------------------- distance
def living_from(g: DiceGame, seat: int) -> list[Player]:
    """The living players in turn order, starting with ``seat`` (living or not)."""
    return [q for k in range(g.n) if (q := g.players[(seat + k) % g.n]).alive]


def distance(g: DiceGame, a: Player, b: Player) -> int:
    """000: "计算距离不考虑死亡角色": the fewer steps around the table of the living."""
    living = [q.seat for q in g.players if q.alive or q is a or q is b]
    i, j = living.index(a.seat), living.index(b.seat)
    k = abs(i - j)
    return min(k, len(living) - k)


def slash_targets(g: DiceGame, p: Player, face: str) -> list[int]:
    """The seats a 杀 die of ``p`` showing ``face`` may hit: 近杀 distance 1, 远杀 distance 2
    (1 when 3 or fewer players live), as ``p``'s skill changes it (马术, 龙胆)."""
    alive = sum(1 for q in g.players if q.alive)
    reach: tuple[int, ...] = (1,) if face == SLASH1 or alive <= 3 else (2,)
    s = skill_of(p, "slash_reach")
    if s is not None:
        reach = s.slash_reach(g, p, face, reach)
    return [q.seat for q in living_from(g, p.seat) if q is not p and distance(g, p, q) in reach]


# ---------------------------------------------------------------------------- the final dice
def slashes(g: DiceGame, p: Player) -> Proc:
    """Every 杀 die picks its target, then their damage is dealt together (000: "近【杀】和远【杀】
    同时结算")."""
    shots: list[list[int]] = []
    for i, face in enumerate(g.dice):
        if face not in (SLASH1, SLASH2):
            continue
        options = slash_targets(g, p, face)
        if not options:
            continue
        target = yield PickRequest(p.seat, SLASH_TARGET, options, (i, face))
        g.spent[i] = True
        g.log(SLASH, p.seat, target, i, face)
        shots.append([i, target, 1])
    if not shots:
        return
    s = skill_of(p, "before_slashes")
    if s is not None:
        yield from s.before_slashes(g, p, shots)
    yield from deal(g, [Damage(g.players[t], n, p.seat, "slash") for _, t, n in shots])


def beers(g: DiceGame, p: Player) -> Proc:
    """Each 酒 die: one living player (any, ``p`` included) recovers 1 HP; a full-HP one may be
    chosen and the 酒 is wasted (000: "你可以选择未受伤的角色而不执行效果")."""
    for i, face in enumerate(g.dice):
        if face != BEER or g.spent[i] or not p.alive:
            continue
        options = [q.seat for q in living_from(g, p.seat)]
        target = yield PickRequest(p.seat, BEER_TARGET, options, (i,))
        g.spent[i] = True
        q = g.players[target]
        g.log(BEER_EVENT, p.seat, target, i)
        s = skill_of(p, "beer_bonus")
        bonus = s.beer_bonus(g, p, q) if s is not None else 0
        heal(g, q, 1 + bonus, "beer")


def gatling(g: DiceGame, p: Player) -> Proc:
    """000: "若【万箭齐发】结果数不小于3，你弃置所有【箭】，然后对每名其他角色各造成1点伤害"
    (乱击: 2); 集智 comes first."""
    count = g.dice.count(GATLING)
    if count == 0:
        return
    s = skill_of(p, "before_gatling")
    if s is not None:
        yield from s.before_gatling(g, p, count)
    skill = p.skill
    needs = skill.gatling_needs if skill is not None else 3
    if count < needs or not p.alive:
        return
    g.log(GATLING_EVENT, p.seat, count)
    if p.arrows:
        return_arrows(g, p, p.arrows, "gatling")
    others = [q for q in living_from(g, p.seat) if q is not p]
    yield from deal(g, [Damage(q, 1, p.seat, "gatling") for q in others])


# ---------------------------------------------------------------------------- arrows
def take_arrow(g: DiceGame, p: Player) -> Proc:
    """``p`` takes one 【箭】 from the pile; the last one sets off 南蛮入侵."""
    g.pile -= 1
    p.arrows += 1
    g.log(ARROW_TAKEN, p.seat, p.arrows, g.pile)
    if g.pile == 0:
        yield from indians(g, p)


def indians(g: DiceGame, p: Player) -> Proc:
    """000: "所有角色同时受到X点伤害（X为等同于其拥有的【箭】的数量），然后弃置所有【箭】"; no
    source."""
    g.log(INDIANS, p.seat)
    hits = [Damage(q, q.arrows, None, "indians") for q in living_from(g, g.current)
            if q.arrows > 0]
    yield from deal(g, hits, indians=True)


def return_arrows(g: DiceGame, p: Player, n: int, reason: str) -> None:
    p.arrows -= n
    g.pile += n
    g.log(ARROWS_BACK, p.seat, n, g.pile, reason)


# ---------------------------------------------------------------------------- HP
def heal(g: DiceGame, p: Player, n: int, reason: str) -> int:
    """``p`` recovers up to ``n`` HP (never past its max); returns how many."""
    amount = max(0, min(n, p.max_hp - p.hp))
    p.hp += amount
    g.log(HEAL, p.seat, amount, p.hp, reason)
    return amount


def deal(g: DiceGame, hits: list[Damage], *, indians: bool = False) -> Proc:
    """Damage dealt at once: every target's ``before_damage`` skill, then the HP lost, the deaths
    (with the victory check), then (南蛮入侵) every 【箭】 back to the pile, then ``after_damage``
    skills of the living targets."""
    for d in hits:
        s = skill_of(d.target, "before_damage")
        if s is not None and d.target.alive:
            yield from s.before_damage(g, d.target, d)
    applied: list[Damage] = []
    for d in hits:
        t = d.target
        if not t.alive or d.amount <= 0:
            continue
        t.hp -= d.amount
        g.log(DAMAGE, t.seat, d.amount, d.source, d.reason, t.hp)
        applied.append(d)
    dead: list[tuple[Player, int | None]] = []
    for d in applied:
        if d.target.hp <= 0 and all(d.target is not x for x, _ in dead):
            dead.append((d.target, d.source))
    yield from deaths(g, dead)
    if indians:
        for q in living_from(g, g.current):
            if q.arrows:
                return_arrows(g, q, q.arrows, "indians")
    for d in applied:
        s = skill_of(d.target, "after_damage")
        if s is not None and d.target.alive:
            yield from s.after_damage(g, d.target, d)


def deaths(g: DiceGame, dead: list[tuple[Player, int | None]]) -> Proc:
    """000 "伤害和死亡": each reveals its role and returns its 【箭】; then the victory check;
    then the skills that react to a death (行殇)."""
    if not dead:
        return
    for p, killer in dead:
        p.alive = False
        g.log(DEATH, p.seat, p.role, killer)
        if p.arrows:
            return_arrows(g, p, p.arrows, "death")
    check_victory(g, dead)
    for p, _ in dead:
        for q in living_from(g, g.current):
            s = skill_of(q, "on_death")
            if s is not None and q.alive:
                yield from s.on_death(g, q, p)


def check_victory(g: DiceGame, dead: list[tuple[Player, int | None]]) -> None:
    """000 "游戏结束" (and "3人局特别规则"): raise :class:`GameOver` when a side has won."""
    living = [q for q in g.players if q.alive]
    if g.n == 3:
        _victory_three(g, dead, living)
        return
    if not living:
        raise GameOver(REBEL, "all_dead")
    lord = next(q for q in g.players if q.role == LORD)
    if not lord.alive:
        if len(living) == 1 and living[0].role == RENEGADE:
            raise GameOver(RENEGADE, "lord_died")
        raise GameOver(REBEL, "lord_died")
    if not any(q.role in (REBEL, RENEGADE) for q in living):
        raise GameOver(LORD, "rebels_and_renegades_dead")


def _victory_three(g: DiceGame, dead: list[tuple[Player, int | None]],
                   living: list[Player]) -> None:
    for p, killer in dead:
        if not g.duel and killer is not None and GOAL[g.players[killer].role] == p.role:
            raise GameOver(g.players[killer].role, "goal")
    if not living:
        raise GameOver(REBEL, "all_dead")
    if len(living) == 1:
        raise GameOver(living[0].role, "last_standing")
    if not g.duel:
        g.duel = True
        g.log(DUEL, tuple(q.seat for q in living))
