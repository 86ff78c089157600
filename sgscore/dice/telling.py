"""三国掷 in words: the registries of its event and request kinds, each declared with what it says
in English and Chinese, and the :class:`DiceTeller` that tells one viewer's events.

Everything in the dice game is public except the roles: a role is dealt privately to its seat
(the lord's is shown to all, and in a 3-player game every role), and revealed at death.

A run tells in one language: generals, skills and faces by the names they declare in English or
Chinese, never by their ids; the question of every request says what its prompt holds.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Protocol

from ..core.registry import EventKind, Registry, RequestKind
from ..core.telling import KindTeller
from .model import FACE_EN, FACE_ZH, GENERALS, ROLE_ZH, SKILLS, Player

__all__ = [
    "DiceTeller", "table_teller", "EVENTS", "REQUESTS", "WINNER", "REASONS",
    "SETUP", "ROLE_DEALT", "ROLE", "TURN", "SKILL", "ROLL", "ARROW_TAKEN", "INDIANS", "DAMAGE",
    "PREVENTED",
    "HEAL", "ARROWS_BACK", "DYNAMITE_END", "RESOLVE", "SLASH", "BEER_EVENT", "GATLING_EVENT",
    "DEATH", "DUEL", "GAME_OVER",
    "REROLL", "SLASH_TARGET", "BEER_TARGET", "SKILL_TARGET", "SKILL_AMOUNT", "SKILL_INVOKE",
    "SKILL_SEATS", "SKILL_SHOT",
]

EVENTS: Registry[EventKind[DiceTeller]] = Registry("event kind")
REQUESTS: Registry[RequestKind[DiceTeller]] = Registry("request kind")

WINNER = {
    "en": {"lord": "the lord and the loyalists win", "rebel": "the rebels win",
           "renegade": "the renegade wins", "loyalist": "the loyalist wins", None: "a draw"},
    "zh": {"lord": "主公和忠臣获胜", "rebel": "反贼获胜", "renegade": "内奸获胜",
           "loyalist": "忠臣获胜", None: "平局"},
}

REASONS = {
    "slash": ("slash", "杀"), "gatling": ("gatling", "万箭齐发"), "indians": ("Indians", "南蛮入侵"),
    "dynamite": ("dynamite", "闪电"), "beer": ("beer", "酒"), "death": ("on death", "阵亡"),
    "lord_died": ("the lord died", "主公阵亡"),
    "rebels_and_renegades_dead": ("every rebel and renegade died", "反贼和内奸全部阵亡"),
    "all_dead": ("everyone died at once", "所有角色同时阵亡"),
    "goal": ("killed their target", "亲自杀死了目标"),
    "last_standing": ("the last one standing", "最后的存活者"),
    "round_cap": ("round cap reached", "达到轮数上限"), "ended": ("ended", "结束"),
    "error": ("engine error", "引擎错误"),
}


def _event(name: str, hidden: str = "") -> Callable[[Callable[..., Any]], EventKind[DiceTeller]]:
    def declare(render: Callable[..., Any]) -> EventKind[DiceTeller]:
        return EVENTS.add(EventKind(name, render, hidden=hidden))
    return declare


def _request(name: str, *, choice: str,
             ask: Callable[..., str]) -> Callable[[Callable[..., str]], RequestKind[DiceTeller]]:
    def declare(describe: Callable[..., str]) -> RequestKind[DiceTeller]:
        return REQUESTS.add(RequestKind(name, describe, ask, choice=choice))
    return declare


class DiceTeller(KindTeller):
    """Tells the dice game for one viewer (``seat=None``: every hidden part), keeping the
    generals of the seats and the roles seen so far."""

    events = EVENTS
    requests = REQUESTS
    winners = WINNER

    def __init__(self, lang: str = "en", seat: int | None = None) -> None:
        if lang not in WINNER:
            raise ValueError(f"lang must be en or zh, got {lang!r}")
        super().__init__(lang, seat)
        self.generals: list[str] = []
        self.round = 0

    # -- words
    def p(self, seat: Any) -> str:
        """A seat: ``P2 Zhou Tai`` / ``2号位周泰`` (``nobody`` for None)."""
        if not isinstance(seat, int) or isinstance(seat, bool) or seat < 0:
            return self.say(en="nobody", zh="无来源")
        gid = self.generals[seat] if seat < len(self.generals) else ""
        if self.lang == "zh":
            return f"{seat}号位{self.general(gid)}" if gid else f"{seat}号位"
        return f"P{seat} {self.general(gid)}" if gid else f"P{seat}"

    def general(self, gid: Any) -> str:
        """A general's name (``周泰`` / ``Zhou Tai``; an unknown id as it is)."""
        g = GENERALS.get(str(gid))
        if g is None:
            return str(gid)
        return (g.zh if self.lang == "zh" else g.en) or str(gid)

    def dice(self, indexes: Any) -> str:
        """Dice by their indexes, told from 1 as a player counts them: ``1, 3, 5`` / ``1、3、5``."""
        return ("、" if self.lang == "zh" else ", ").join(str(i + 1) for i in indexes)

    def count(self, n: Any, one: str, many: str, zh: str) -> str:
        """``n`` things: ``1 arrow``, ``3 arrows``, ``3张``."""
        if self.lang == "zh":
            return f"{n}{zh}"
        return f"{n} {one if n == 1 else many}"

    def phase(self, phase: Any) -> str:
        words = {"setup": ("setup", "准备"), "roll": ("rolling", "掷骰"),
                 "resolve": ("resolving the dice", "结算骰子")}
        en, zh = words.get(str(phase), (str(phase), str(phase)))
        return zh if self.lang == "zh" else en

    def face(self, face: Any) -> str:
        f = str(face)
        return f"【{FACE_ZH.get(f, f)}】" if self.lang == "zh" else FACE_EN.get(f, f)

    def faces(self, faces: Any) -> str:
        sep = "、" if self.lang == "zh" else ", "
        return sep.join(self.face(f) for f in faces) if faces else self.say(en="none", zh="无")

    def skill(self, sid: Any) -> str:
        s = SKILLS.get(str(sid))
        if s is None:
            return str(sid)
        return s.zh if self.lang == "zh" else s.en

    def role(self, role: Any) -> str:
        return ROLE_ZH.get(str(role), str(role)) if self.lang == "zh" else str(role)

    def reason(self, reason: Any) -> str:
        r = str(reason)
        if r in REASONS:
            return REASONS[r][1 if self.lang == "zh" else 0]
        return self.skill(r)

    def event_line(self, line: str) -> list[str]:
        return [("    " if self.round else "  ") + line]

    # -- the result
    def summary_lines(self, summary: Mapping[str, Any] | None) -> list[str]:
        """The result line and one line per seat."""
        if not summary or (summary.get("winner") is None and not summary.get("reason")):
            return [self.say(en="Result: none (the game did not finish)", zh="结果：无（游戏未结束）")]
        if summary.get("reason") == "error" or summary.get("error"):
            out = [self.say(en="Result: the engine stopped with an error after {t} turns: {e}",
                            zh="结果：引擎在第{t}回合出错：{e}", t=summary.get("turns", 0),
                            e=summary.get("error", ""))]
        elif "decisions" in summary:
            out = [self.say(
                en="Result: {o} after {t} turns in {rounds} rounds, {d} decisions",
                zh="结果：{o}，共{t}个回合、{rounds}轮、{d}次决策",
                o=self.outcome(summary), t=summary.get("turns", 0),
                rounds=summary.get("rounds", 0), d=summary["decisions"])]
        else:  # a seat's summary: the count of decisions is hidden from it (redact_summary)
            out = [self.say(
                en="Result: {o} after {t} turns in {rounds} rounds",
                zh="结果：{o}，共{t}个回合、{rounds}轮",
                o=self.outcome(summary), t=summary.get("turns", 0),
                rounds=summary.get("rounds", 0))]
        names = DiceTeller(self.lang)
        names.generals = [str(g or "") for g in summary.get("generals") or []]
        alive = summary.get("alive") or []
        for i, role in enumerate(summary.get("roles") or []):
            living = i < len(alive) and alive[i]
            out.append(self.say(en="  {p}: {role}, {state}", zh="  {p}：{role}，{state}",
                                p=names.p(i),
                                role=self.role(role) if role else self.say(en="role unknown",
                                                                           zh="身份未知"),
                                state=self.say(en="alive", zh="存活") if living
                                else self.say(en="dead", zh="阵亡")))
        return out


# ---------------------------------------------------------------------------- events
@_event("setup")
def SETUP(t: DiceTeller, generals: tuple[str, ...], hp: tuple[int, ...]) -> list[str]:
    """The table: each seat's general and starting HP (the lord's with its +2), in seat order."""
    t.generals = [str(g) for g in generals]
    head = t.say(en="{n} players:", zh="{n}名玩家：", n=len(generals))
    return [head] + ["  " + t.say(en="{p}: {h} HP", zh="{p}：{h}点体力", p=t.p(i), h=h)
                     for i, h in enumerate(hp)]


@_event("role_dealt", hidden="``(role,)``: that seat only")
def ROLE_DEALT(t: DiceTeller, seat: int, *, hidden: tuple[str] | None = None) -> str:
    """``seat`` is dealt its role face down (its own seat sees which)."""
    if hidden is None:
        return ""
    t.roles[seat] = str(hidden[0])
    return t.say(en="{p} is dealt the role {r}", zh="{p}的身份是{r}", p=t.p(seat),
                 r=t.role(hidden[0]))


@_event("role")
def ROLE(t: DiceTeller, seat: int, role: str) -> str:
    """``seat``'s role is shown to everyone (the lord's; every role of a 3-player game)."""
    t.roles[seat] = role
    return t.say(en="{p} is the {r}", zh="{p}是{r}", p=t.p(seat), r=t.role(role))


@_event("turn")
def TURN(t: DiceTeller, turn_no: int, round_no: int, seat: int) -> list[str]:
    """``seat``'s turn begins: the game's ``turn_no``-th, in round ``round_no``."""
    t.round = round_no
    return [t.say(en="Turn {n} (round {r}): {p}", zh="第{n}回合（第{r}轮）：{p}", n=turn_no,
                  r=round_no, p=t.p(seat))]


@_event("skill")
def SKILL(t: DiceTeller, seat: int, skill: str) -> str:
    """``seat`` uses its skill ``skill``."""
    return t.say(en="{p} uses {s}", zh="{p}发动【{s}】", p=t.p(seat), s=t.skill(skill))


@_event("roll")
def ROLL(t: DiceTeller, seat: int, roll_no: int, rolled: tuple[int, ...],
         dice: tuple[str, ...]) -> str:
    """``seat``'s roll ``roll_no`` (0: the first, then the rerolls) rolled the dice ``rolled``
    (indexes 0-4, told as dice 1-5); ``dice``: all five faces after it."""
    idx = t.dice(rolled)
    if roll_no == 0:
        return t.say(en="{p} rolls: {d}", zh="{p}掷骰：{d}", p=t.p(seat), d=t.faces(dice))
    return t.say(en="{p} rerolls dice {i}: {d}", zh="{p}重掷第{i}个骰子：{d}", p=t.p(seat), i=idx,
                 d=t.faces(dice))


@_event("arrow")
def ARROW_TAKEN(t: DiceTeller, seat: int, held: int, pile: int) -> str:
    """``seat`` takes one 【箭】 from the pile: it holds ``held``, ``pile`` are left."""
    return t.say(en="{p} takes an arrow (holds {h}, {n} left in the pile)",
                 zh="{p}获得一张【箭】（共{h}张，牌堆剩{n}张）", p=t.p(seat), h=held, n=pile)


@_event("indians")
def INDIANS(t: DiceTeller, seat: int) -> str:
    """``seat`` took the last 【箭】: 南蛮入侵, everyone takes damage equal to the 【箭】 held."""
    return t.say(en="The pile of arrows is empty: the Indians attack!",
                 zh="牌堆的【箭】被摸光，触发【南蛮入侵】！")


@_event("damage")
def DAMAGE(t: DiceTeller, seat: int, amount: int, source: int | None, reason: str,
           hp: int) -> str:
    """``seat`` takes ``amount`` damage from ``source`` (None: no source) by ``reason``
    (``slash``, ``gatling``, ``indians``, ``dynamite``); ``hp`` is left."""
    if source is None:
        return t.say(en="{p} takes {n} damage ({r}), {hp} HP left",
                     zh="{p}受到{n}点伤害（{r}），剩余{hp}点体力", p=t.p(seat), n=amount,
                     r=t.reason(reason), hp=hp)
    return t.say(en="{p} takes {n} damage from {s} ({r}), {hp} HP left",
                 zh="{p}受到{s}造成的{n}点伤害（{r}），剩余{hp}点体力", p=t.p(seat), n=amount,
                 s=t.p(source), r=t.reason(reason), hp=hp)


@_event("prevented")
def PREVENTED(t: DiceTeller, seat: int, reason: str, skill: str) -> str:
    """``seat``'s damage by ``reason`` is prevented by its skill ``skill``."""
    return t.say(en="{p} takes no damage ({r}): {s}", zh="{p}的【{s}】：不受到伤害（{r}）",
                 p=t.p(seat), r=t.reason(reason), s=t.skill(skill))


@_event("heal")
def HEAL(t: DiceTeller, seat: int, amount: int, hp: int, reason: str) -> str:
    """``seat`` recovers ``amount`` HP (0: it had full HP; the 酒 is wasted) by ``reason``
    (``beer`` or a skill); ``hp`` is its HP now."""
    if amount == 0:
        return t.say(en="{p} is at full HP: nothing recovered ({r})",
                     zh="{p}未受伤，不回复体力（{r}）", p=t.p(seat), r=t.reason(reason))
    return t.say(en="{p} recovers {n} HP ({r}), {hp} HP now", zh="{p}回复{n}点体力（{r}），现为{hp}点",
                 p=t.p(seat), n=amount, r=t.reason(reason), hp=hp)


@_event("arrows_back")
def ARROWS_BACK(t: DiceTeller, seat: int, n: int, pile: int, reason: str) -> str:
    """``seat`` returns ``n`` 【箭】 to the pile (``pile`` there now) by ``reason``
    (``indians``, ``gatling``, ``death`` or a skill)."""
    return t.say(en="{p} returns {arrows} to the pile ({r}); the pile holds {k}",
                 zh="{p}弃置{n}张【箭】（{r}），牌堆现有{k}张", p=t.p(seat), n=n, r=t.reason(reason),
                 k=pile, arrows=t.count(n, "arrow", "arrows", "张"))


@_event("dynamite")
def DYNAMITE_END(t: DiceTeller, seat: int, count: int) -> str:
    """``count`` (3 or more) dice of ``seat`` show 闪电: 1 damage and the turn ends at once."""
    return t.say(en="{n} dynamite: {p} takes 1 damage and the turn ends",
                 zh="{n}个【闪电】：{p}受到1点伤害，回合直接结束", n=count, p=t.p(seat))


@_event("resolve")
def RESOLVE(t: DiceTeller, seat: int, dice: tuple[str, ...]) -> str:
    """The end of ``seat``'s rolling: the final ``dice`` take effect."""
    return t.say(en="{p} resolves: {d}", zh="{p}的最终结果：{d}", p=t.p(seat), d=t.faces(dice))


@_event("slash")
def SLASH(t: DiceTeller, seat: int, target: int, die: int, face: str) -> str:
    """``seat``'s 杀 die ``die`` (showing ``face``) hits ``target``."""
    return t.say(en="{p}'s {f} (die {i}) at {q}", zh="{p}以{f}（第{i}个骰子）指定{q}",
                 p=t.p(seat), f=t.face(face), i=die + 1, q=t.p(target))


@_event("beer")
def BEER_EVENT(t: DiceTeller, seat: int, target: int, die: int) -> str:
    """``seat``'s 酒 die ``die`` is given to ``target``."""
    return t.say(en="{p}'s beer (die {i}) for {q}", zh="{p}对{q}使用【酒】（第{i}个骰子）",
                 p=t.p(seat), q=t.p(target), i=die + 1)


@_event("gatling")
def GATLING_EVENT(t: DiceTeller, seat: int, count: int) -> str:
    """``seat``'s ``count`` 万箭齐发 dice fire: it discards its 【箭】 and deals 1 damage to
    every other player."""
    return t.say(en="{p} fires the gatling ({n} dice)", zh="{p}的{n}个【万箭齐发】生效",
                 p=t.p(seat), n=count)


@_event("death")
def DEATH(t: DiceTeller, seat: int, role: str, killer: int | None) -> str:
    """``seat`` dies (killed by ``killer``; None: no source) and its ``role`` is revealed."""
    t.roles[seat] = role
    if killer is None:
        return t.say(en="{p} dies, a {r}", zh="{p}阵亡，身份是{r}", p=t.p(seat), r=t.role(role))
    return t.say(en="{p} dies, killed by {k}, a {r}", zh="{p}被{k}杀死，身份是{r}", p=t.p(seat),
                 k=t.p(killer), r=t.role(role))


@_event("duel")
def DUEL(t: DiceTeller, seats: tuple[int, ...]) -> str:
    """3 players: a target died by another hand, so the players ``seats`` left now only have to
    eliminate each other."""
    sep = "、" if t.lang == "zh" else " and "
    return t.say(en="{ps} now have to eliminate each other", zh="{ps}的目标改为互相消灭对方",
                 ps=sep.join(t.p(s) for s in seats))


@_event("game_over")
def GAME_OVER(t: DiceTeller, winner: str | None, reason: str) -> str:
    """The game is over: ``winner`` (``lord``, ``rebel``, ``renegade``, ``loyalist``; None: a
    draw), by ``reason``."""
    return t.say(en="Game over: {o}", zh="游戏结束：{o}",
                 o=t.outcome({"winner": winner, "reason": reason}))


# ---------------------------------------------------------------------------- requests
def _ask_reroll(t: DiceTeller, seat: int, dice: tuple[str, ...], left: int) -> str:
    return t.say(en="{p} may reroll any of {d} ({rerolls} left)",
                 zh="{p}可以重掷任意骰子：{d}（还可重掷{n}次）", p=t.p(seat), d=t.faces(dice), n=left,
                 rerolls=t.count(left, "reroll", "rerolls", "次"))


@_request("reroll", choice="the indexes (0-4) of the dice to reroll, ascending; () keeps them all "
          "and ends the rolling", ask=_ask_reroll)
def REROLL(t: DiceTeller, choice: tuple[int, ...]) -> str:
    """The player whose turn it is: which dice to reroll (none: stop rolling)."""
    if not choice:
        return t.say(en="keep the dice", zh="不再重掷")
    return t.say(en="reroll dice {i}", zh="重掷第{i}个骰子", i=t.dice(choice))


def _ask_slash(t: DiceTeller, seat: int, die: int, face: str) -> str:
    return t.say(en="{p}: whom does {f} (die {i}) hit?", zh="{p}：{f}（第{i}个骰子）指定谁？",
                 p=t.p(seat), f=t.face(face), i=die + 1)


@_request("slash_target", choice="a seat at the die's distance", ask=_ask_slash)
def SLASH_TARGET(t: DiceTeller, choice: int) -> str:
    """The player whose turn it is: the target of one 近杀/远杀 die."""
    return t.say(en="hit {q}", zh="指定{q}", q=t.p(choice))


def _ask_beer(t: DiceTeller, seat: int, die: int) -> str:
    return t.say(en="{p}: who gets the beer (die {i})?", zh="{p}：【酒】（第{i}个骰子）给谁？",
                 p=t.p(seat), i=die + 1)


@_request("beer_target", choice="a living seat (the player's own included)", ask=_ask_beer)
def BEER_TARGET(t: DiceTeller, choice: int) -> str:
    """The player whose turn it is: who recovers 1 HP from one 酒 die."""
    return t.say(en="beer for {q}", zh="给{q}", q=t.p(choice))


def _ask_skill_target(t: DiceTeller, seat: int, skill: str) -> str:
    return t.say(en="{p} may use {s}: on whom?", zh="{p}可以发动【{s}】：指定谁？", p=t.p(seat),
                 s=t.skill(skill))


@_request("skill_target", choice="a seat, or None not to use the skill", ask=_ask_skill_target)
def SKILL_TARGET(t: DiceTeller, choice: int | None) -> str:
    """A skill's owner: use it on one player, or not (青囊)."""
    if choice is None:
        return t.say(en="do not use it", zh="不发动")
    return t.say(en="on {q}", zh="指定{q}", q=t.p(choice))


def _ask_amount(t: DiceTeller, seat: int, skill: str, damage: int) -> str:
    return t.say(en="{p} may use {s} on {n} damage: how many points?",
                 zh="{p}可以对{n}点伤害发动【{s}】：改为多少点？", p=t.p(seat), s=t.skill(skill),
                 n=damage)


@_request("skill_amount", choice="an int, 0 (not used) up to what the skill allows",
          ask=_ask_amount)
def SKILL_AMOUNT(t: DiceTeller, choice: int) -> str:
    """A skill's owner: how many points it applies to (不屈: damage taken as 【箭】 instead)."""
    if choice == 0:
        return t.say(en="do not use it", zh="不发动")
    return t.say(en="{points}", zh="{n}点", n=choice,
                 points=t.count(choice, "point", "points", "点"))


def _ask_invoke(t: DiceTeller, seat: int, skill: str) -> str:
    return t.say(en="{p}: use {s}?", zh="{p}：是否发动【{s}】？", p=t.p(seat), s=t.skill(skill))


@_request("skill_invoke", choice="true to use the skill, false not to", ask=_ask_invoke)
def SKILL_INVOKE(t: DiceTeller, choice: bool) -> str:
    """A skill's owner: use it now or not (遗计)."""
    return t.say(en="yes", zh="发动") if choice else t.say(en="no", zh="不发动")


def _ask_seats(t: DiceTeller, seat: int, skill: str, most: int) -> str:
    return t.say(en="{p} may use {s} on up to {players}",
                 zh="{p}可以对至多{n}名角色发动【{s}】", p=t.p(seat), s=t.skill(skill), n=most,
                 players=t.count(most, "player", "players", "名角色"))


@_request("skill_seats", choice="the seats chosen, ascending; () not to use the skill",
          ask=_ask_seats)
def SKILL_SEATS(t: DiceTeller, choice: tuple[int, ...]) -> str:
    """A skill's owner: the players it is used on (集智: each discards one 【箭】)."""
    if not choice:
        return t.say(en="do not use it", zh="不发动")
    sep = "、" if t.lang == "zh" else ", "
    return t.say(en="on {ps}", zh="指定{ps}", ps=sep.join(t.p(s) for s in choice))


def _ask_shot(t: DiceTeller, seat: int, skill: str) -> str:
    return t.say(en="{p} may use {s}: which slash die deals double damage?",
                 zh="{p}可以发动【{s}】：令哪个【杀】的伤害×2？", p=t.p(seat), s=t.skill(skill))


@_request("skill_shot", choice="the index (0-4) of a 杀 die, or None not to use the skill",
          ask=_ask_shot)
def SKILL_SHOT(t: DiceTeller, choice: int | None) -> str:
    """A skill's owner: the 杀 die it is used on (酒池: a 酒 doubles its damage)."""
    if choice is None:
        return t.say(en="do not use it", zh="不发动")
    return t.say(en="die {i}", zh="第{i}个骰子", i=choice + 1)


class Table(Protocol):
    """What :func:`table_teller` reads of a game (a ``DiceGame``, which sits above this module)."""

    @property
    def players(self) -> list[Player]: ...

    @property
    def round(self) -> int: ...

    def role_seen(self, p: Player, seat: int | None) -> bool: ...


def table_teller(g: Table, seat: int | None, lang: str) -> DiceTeller:
    """A teller of ``seat`` (None: everyone) that knows what the table of the game ``g`` shows
    now, without being fed its events: each seat's general, the round and the roles ``seat``
    sees. That is what the words of a request and its choices need (``DiceGame.view``'s
    ``question`` and ``labels``)."""
    t = DiceTeller(lang, seat)
    t.generals = [p.general for p in g.players]
    t.round = g.round
    for p in g.players:
        if seat is None or g.role_seen(p, seat):
            t.roles[p.seat] = p.role
    return t
