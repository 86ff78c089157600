"""A readable account of a game from its events, in English or Chinese, for everyone or one seat.

``render_account`` turns an event stream (the engine's ``(kind, args, mask, hidden)`` tuples, as
held by ``Game.events`` or read from a replay) into lines: round, turn and phase headers, who used
what on whom, judgements, damage, dying, deaths and the result. With ``seat`` set, every event is
first passed through :func:`sgscore.sanguosha.view.redact`, so the account holds only what that seat
could see (another seat's draw shows a count, not the cards). Event kinds that this module does not
know (a new general's skill, say) are written generically rather than refused.

``json_events`` gives the same redaction as plain lists, the shape of ``Game.view(seat)["events"]``.
The catalogue of event kinds is ``docs/events.md``.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from ..sanguosha.cards import NAME, ZH, card_label
from ..sanguosha.model import GENERALS, ROLE_ZH, SKILLS
from ..sanguosha.view import redact

__all__ = [
    "LANGS", "render_account", "render_events", "render_summary", "visible_events",
    "json_events", "jsonable", "redact_summary", "card_name", "general_name", "skill_name",
    "role_name", "phase_name", "render_header", "known_roles", "SECRET_HEADER_KEYS",
]

#: Header fields that come from the seed; a seat's view never shows them.
SECRET_HEADER_KEYS = ("seed",)

LANGS = ("en", "zh")

PHASE_ZH = {
    "start": "准备阶段", "judge": "判定阶段", "draw": "摸牌阶段", "play": "出牌阶段",
    "discard": "弃牌阶段", "finish": "结束阶段",
}

# Reasons that are neither card names nor skill ids (discards, judgements, the end of the game).
_REASON_ZH = {
    "discard_phase": "弃牌阶段", "replaced": "替换装备", "death": "阵亡", "killed_loyalist": "主公杀忠臣",
    "borrowed_weapon": "归还借来的武器", "lord_died": "主公阵亡",
    "rebels_and_renegades_dead": "反贼和内奸全部阵亡", "round_cap": "达到轮数上限",
    "no_cards": "牌堆耗尽", "ended": "结束", "error": "引擎错误",
}
_REASON_EN = {
    "discard_phase": "discard phase", "replaced": "replaced", "death": "on death",
    "killed_loyalist": "the lord killed a loyalist", "borrowed_weapon": "borrowed weapon",
    "lord_died": "the lord died", "rebels_and_renegades_dead": "every rebel and renegade died",
    "round_cap": "round cap reached", "no_cards": "no cards left", "ended": "ended",
    "error": "engine error",
}

_WINNER = {
    "en": {"lord": "the lord and the loyalists win", "rebel": "the rebels win",
           "renegade": "the renegade wins", None: "a draw"},
    "zh": {"lord": "主公和忠臣获胜", "rebel": "反贼获胜", "renegade": "内奸获胜", None: "平局"},
}

# One template per (language, line); the renderer fills in names already translated.
_T: dict[str, dict[str, str]] = {
    "en": {
        "round": "== Round {r} ==",
        "turn": "-- Turn {t}: {p} --",
        "phase": "  {phase} phase",
        "phase_skipped": "  {phase} phase skipped",
        "setup": "Setup: {n} players",
        "seat": "  {p}",
        "role": "{p} is the lord",
        "role_dealt": "{p} is dealt the role: {role}",
        "draw": "{p} draws {n}: {cards}",
        "draw_hidden": "{p} draws {nc}",
        "skill": "{p} invokes {skill}",
        "skill_cards": " with {cards}",
        "skill_targets": " on {targets}",
        "reshuffle": "the discard pile is shuffled into a new draw pile ({n} cards)",
        "discard": "{p} discards {cards}",
        "discard_reason": "{p} discards {cards} ({reason})",
        "discard_nobody": "{cards} go to the discard pile ({reason})",
        "gain": "{p} gains {cards}",
        "gain_from": "{p} takes {cards} from {src}",
        "gain_hidden": "{p} takes {nc} from {src}",
        "gain_hidden_nosrc": "{p} gains {nc}",
        "equip": "{p} equips {card}",
        "return_weapon": "{p} returns {card} to {owner}",
        "play": "{p} plays {card}",
        "play_use": "{p} uses {card}",
        "use": "{p} uses {card}",
        "use_on": "{p} uses {card} on {targets}",
        "nullified": "{trick} on {target} is nullified",
        "unnullified": "the nullification is countered: {trick} on {target} takes effect again",
        "damage_prevented": "damage to {p} is prevented",
        "damage": "{src} deals {n} damage to {p}{by} (HP {hp})",
        "damage_nosrc": "{p} takes {n} damage{by} (HP {hp})",
        "by": " with {card}",
        "cards_n": "{n} cards", "cards_1": "1 card",
        "lose_hp": "{p} loses {n} HP (HP {hp})",
        "recover": "{p} recovers {n} HP (HP {hp})",
        "dying": "{p} is dying (HP {hp})",
        "death": "{p} dies: {role}",
        "death_by": "{p} dies: {role}, killed by {killer}",
        "judge": "{p} judges for {reason}: {card}",
        "judge_result": "{p}'s judgement for {reason} becomes {card}",
        "delayed_judge": "{p}'s {card} is judged",
        "game_over": "Game over: {winner} ({reason})",
        "no_effect": "{card} has no effect on {p}",
        "dodged": "{p} dodges the slash from {src}",
        "duel_lost": "{p} loses the duel",
        "borrow": "{p} borrows {card} from {src}",
        "borrow_unused": "{p} borrows {card} from {src} and keeps using their own weapon",
        "reveal": "{p} reveals {cards}",
        "place_delayed": "{p} places {card} in {target}'s judgement area",
        "place_delayed_self": "{p} places {card} in their own judgement area",
        "move_delayed": "{card} moves from {p} to {target}",
        "slash_moved": "{p} moves the slash on to {target}",
        "judge_replaced": "{p} replaces {target}'s judgement card {old} with {new}",
        "guanxing_look": "{p} looks at the top {nc} of the draw pile",
        "guanxing_look_cards": "{p} looks at the top {nc} of the draw pile: {cards}",
        "guanxing": "{p} puts {top} back on top of the draw pile and {bottom} at the bottom",
        "guanxing_cards": "{p} puts {top_cards} on top of the draw pile and {bottom_cards} at "
                          "the bottom",
        "generic": "{kind}: {args}",
        "generic_hidden": "{kind}: {args} | {hidden}",
        "nobody": "nobody",
        "result": "Result: {winner} ({reason}) after {turns} turns in {rounds} rounds, "
                  "{decisions} decisions",
        "result_error": "Result: the engine stopped with an error after {turns} turns: {error}",
        "unfinished": "Result: none (the game did not finish)",
        "final": "  {p}: {role}, {state}",
        "alive": "alive", "dead": "dead", "unknown_role": "role unknown",
        "and": ", ",
        "nothing": "nothing",
    },
    "zh": {
        "round": "== 第{r}轮 ==",
        "turn": "-- 第{t}回合：{p} --",
        "phase": "  {phase}",
        "phase_skipped": "  跳过{phase}",
        "setup": "游戏开始：{n}名玩家",
        "seat": "  {p}",
        "role": "{p}是主公",
        "role_dealt": "{p}的身份是{role}",
        "draw": "{p}摸了{n}张牌：{cards}",
        "draw_hidden": "{p}摸了{n}张牌",
        "skill": "{p}发动了【{skill}】",
        "skill_cards": "，用{cards}",
        "skill_targets": "，目标{targets}",
        "reshuffle": "弃牌堆洗切成新的摸牌堆（{n}张）",
        "discard": "{p}弃置了{cards}",
        "discard_reason": "{p}弃置了{cards}（{reason}）",
        "discard_nobody": "{cards}进入弃牌堆（{reason}）",
        "gain": "{p}获得了{cards}",
        "gain_from": "{p}从{src}处获得了{cards}",
        "gain_hidden": "{p}从{src}处获得了{n}张牌",
        "gain_hidden_nosrc": "{p}获得了{n}张牌",
        "equip": "{p}装备了{card}",
        "return_weapon": "{p}将{card}还给{owner}",
        "play": "{p}打出了{card}",
        "play_use": "{p}使用了{card}",
        "use": "{p}使用了{card}",
        "use_on": "{p}对{targets}使用了{card}",
        "nullified": "对{target}的【{trick}】被抵消",
        "unnullified": "无懈可击被抵消，对{target}的【{trick}】重新生效",
        "damage_prevented": "{p}受到的伤害被防止",
        "damage": "{src}对{p}造成{n}点伤害（{by}体力{hp}）",
        "damage_nosrc": "{p}受到{n}点伤害（{by}体力{hp}）",
        "by": "【{card}】，",
        "cards_n": "{n}张牌", "cards_1": "1张牌",
        "lose_hp": "{p}失去{n}点体力（体力{hp}）",
        "recover": "{p}回复{n}点体力（体力{hp}）",
        "dying": "{p}进入濒死状态（体力{hp}）",
        "death": "{p}阵亡，身份是{role}",
        "death_by": "{p}被{killer}杀死，身份是{role}",
        "judge": "{p}进行{reason}判定：{card}",
        "judge_result": "{p}的{reason}判定牌变为{card}",
        "delayed_judge": "{p}判定{card}",
        "game_over": "游戏结束：{winner}（{reason}）",
        "no_effect": "{card}对{p}无效",
        "dodged": "{p}闪避了{src}的杀",
        "duel_lost": "{p}决斗失败",
        "borrow": "{p}借来了{src}的{card}",
        "borrow_unused": "{p}借来了{src}的{card}，仍使用自己的武器",
        "reveal": "{p}亮出了{cards}",
        "place_delayed": "{p}将{card}置于{target}的判定区",
        "place_delayed_self": "{p}将{card}置于自己的判定区",
        "move_delayed": "{card}从{p}移到{target}",
        "slash_moved": "{p}将杀转移给{target}",
        "judge_replaced": "{p}将{target}的判定牌{old}改为{new}",
        "guanxing_look": "{p}观看牌堆顶的{n}张牌",
        "guanxing_look_cards": "{p}观看牌堆顶的{n}张牌：{cards}",
        "guanxing": "{p}将{top}置于牌堆顶，{bottom}置于牌堆底",
        "guanxing_cards": "{p}将{top_cards}置于牌堆顶，{bottom_cards}置于牌堆底",
        "generic": "{kind}：{args}",
        "generic_hidden": "{kind}：{args} | {hidden}",
        "nobody": "无人",
        "result": "结果：{winner}（{reason}），共{turns}个回合、{rounds}轮、{decisions}次决策",
        "result_error": "结果：引擎在第{turns}回合出错：{error}",
        "unfinished": "结果：无（游戏未结束）",
        "final": "  {p}：{role}，{state}",
        "alive": "存活", "dead": "阵亡", "unknown_role": "身份未知",
        "and": "、",
        "nothing": "无",
    },
}


# ---------------------------------------------------------------------------- names
def card_name(name: str, lang: str) -> str:
    """A card name (``"slash"``) as shown: ``杀`` in Chinese."""
    return ZH.get(name, name) if lang == "zh" else name


def general_name(gid: str, lang: str) -> str:
    g = GENERALS.get(gid)
    if lang == "zh" and g is not None and g.zh:
        return g.zh
    return gid


def skill_name(sid: str, lang: str) -> str:
    s = SKILLS.get(sid)
    if lang == "zh":
        if s is not None and s.zh:
            return s.zh
        return ZH.get(sid, sid)
    return sid


def role_name(role: str, lang: str) -> str:
    return ROLE_ZH.get(role, role) if lang == "zh" else role


def phase_name(phase: str, lang: str) -> str:
    return PHASE_ZH.get(phase, phase) if lang == "zh" else phase


def reason_name(reason: Any, lang: str) -> str:
    """A discard, judgement or end-of-game reason: a card name, a skill id or a fixed word."""
    r = str(reason)
    table = _REASON_ZH if lang == "zh" else _REASON_EN
    if r in table:
        return table[r]
    if r in SKILLS:
        return skill_name(r, lang)
    return card_name(r, lang)


def _is_card(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool) and 0 <= x < len(NAME)


def _label(card: Any, lang: str) -> str:
    return card_label(card, lang) if _is_card(card) else str(card)


# ---------------------------------------------------------------------------- redaction
def visible_events(
    events: Iterable[Sequence[Any]], seat: int | None
) -> Iterator[tuple[str, tuple[Any, ...], Any]]:
    """``(kind, args, hidden)`` per event; ``hidden`` is None unless the viewer may see it.

    ``seat=None`` is the omniscient view (every hidden part); a seat number sees what
    :func:`~sgscore.sanguosha.view.redact` shows that seat.
    """
    for ev in events:
        kind, args, mask, hidden = ev[0], tuple(ev[1]), ev[2], ev[3]
        if seat is None or hidden is None:
            yield kind, args, hidden
            continue
        shown = redact((kind, args, mask, hidden), seat)
        yield kind, args, (shown[-1] if len(shown) > 1 + len(args) else None)


def jsonable(x: Any) -> Any:
    """Tuples to lists, recursively (msgpack and JSON know only lists)."""
    if isinstance(x, list | tuple):
        return [jsonable(v) for v in x]
    if isinstance(x, dict):
        return {str(k): jsonable(v) for k, v in x.items()}
    return x


def json_events(events: Iterable[Sequence[Any]], seat: int | None) -> Iterator[list[Any]]:
    """Each event as ``[kind, *args]`` plus the hidden part last when the viewer may see it —
    the shape of ``Game.view(seat)["events"]``. ``seat=None`` shows every hidden part."""
    for kind, args, hidden in visible_events(events, seat):
        out = [kind, *jsonable(args)]
        if hidden is not None:
            out.append(jsonable(hidden))
        yield out


def redact_summary(
    summary: dict[str, Any], seat: int | None, known_roles: dict[int, str] | None = None
) -> dict[str, Any]:
    """The summary as ``seat`` may see it. Every role is public once the game is over; while it
    is not (a truncated replay, an engine error), only the roles in ``known_roles`` are kept."""
    if seat is None or summary.get("winner") is not None or summary.get("reason") not in (
        None, "", "error"
    ):
        return dict(summary)
    out = dict(summary)
    known = known_roles or {}
    roles = summary.get("roles")
    if isinstance(roles, list):
        out["roles"] = [known.get(i) for i in range(len(roles))]
    return out


# ---------------------------------------------------------------------------- the account
class _Account:
    """Turns visible events into lines, keeping the little state a reader needs: generals per
    seat, the current round and phase, the last judgement card, the roles known so far."""

    def __init__(self, lang: str) -> None:
        if lang not in LANGS:
            raise ValueError(f"lang must be one of {LANGS}, got {lang!r}")
        self.lang = lang
        self.t = _T[lang]
        self.generals: list[str] = []
        self.round = 0
        self.pending_phase: str | None = None
        self.last_judge: dict[tuple[int, str], Any] = {}
        self.roles: dict[int, str] = {}

    # -- pieces
    def p(self, seat: Any) -> str:
        if not isinstance(seat, int) or isinstance(seat, bool) or seat < 0:
            return self.t["nobody"]
        gid = self.generals[seat] if seat < len(self.generals) else ""
        if self.lang == "zh":
            head = f"{seat}号位"
            return f"{head}{general_name(gid, 'zh')}" if gid else head
        return f"P{seat} {general_name(gid, 'en')}" if gid else f"P{seat}"

    def n_cards(self, n: Any) -> str:
        """``n`` cards, as a count: "1 card", "3 cards", "3张牌"."""
        return self.t["cards_1"] if n == 1 else self.t["cards_n"].format(n=n)

    def seats(self, seats: Any) -> str:
        if not isinstance(seats, list | tuple) or not seats:
            return self.t["nobody"]
        return self.t["and"].join(self.p(s) for s in seats)

    def cards(self, cards: Any) -> str:
        if not isinstance(cards, list | tuple) or not cards:
            return self.t["nothing"]
        return self.t["and"].join(_label(c, self.lang) for c in cards)

    def vcard(self, name: Any, cards: Any, skill: Any) -> str:
        """A card as used: its label when it is itself, else ``name [skill: cards]``."""
        lang = self.lang
        cards = list(cards) if isinstance(cards, list | tuple) else []
        if len(cards) == 1 and not skill and _is_card(cards[0]) and NAME[cards[0]] == name:
            return card_label(cards[0], lang)
        inner = []
        if skill:
            inner.append(skill_name(str(skill), lang))
        if cards:
            inner.append(self.cards(cards))
        shown = card_name(str(name), lang)
        if lang == "zh":
            return f"【{shown}】" + (f"（{'：'.join(inner)}）" if inner else "")
        return shown + (f" [{': '.join(inner)}]" if inner else "")

    def generic(self, kind: str, args: tuple[Any, ...], hidden: Any) -> str:
        a = " ".join(repr(jsonable(x)) if isinstance(x, str) else str(jsonable(x)) for x in args)
        if hidden is None:
            return self.t["generic"].format(kind=kind, args=a)
        return self.t["generic_hidden"].format(kind=kind, args=a, hidden=jsonable(hidden))

    # -- one event
    def lines(self, kind: str, args: tuple[Any, ...], hidden: Any) -> list[str]:
        """The lines for one event (headers included); unknown or malformed events become one
        generic line."""
        try:
            return self._lines(kind, args, hidden)
        except (IndexError, TypeError, ValueError, KeyError):
            return ["    " + self.generic(kind, args, hidden)]

    def _lines(self, kind: str, args: tuple[Any, ...], hidden: Any) -> list[str]:
        t = self.t
        lang = self.lang
        if kind == "setup":
            self.generals = [str(x) for x in args[1]]
            out = [t["setup"].format(n=args[0])]
            out.extend(t["seat"].format(p=self.p(i)) for i in range(len(self.generals)))
            return out
        if kind == "turn":
            out = []
            rnd = args[1]
            if rnd != self.round:
                self.round = rnd
                out.append(t["round"].format(r=rnd))
            out.append(t["turn"].format(t=args[0], p=self.p(args[2])))
            self.pending_phase = None
            return out
        if kind == "phase":
            self.pending_phase = t["phase"].format(phase=phase_name(args[1], lang))
            return []
        if kind == "phase_skipped":
            self.pending_phase = None
            return [t["phase_skipped"].format(phase=phase_name(args[1], lang))]
        if kind == "role_dealt":
            if hidden is None:
                return []  # another seat's role: nothing to tell
            if self.roles.get(args[0]) == hidden[0]:
                return []  # the lord's: the `role` line already told it
            self.roles[args[0]] = hidden[0]
            return self._event(t["role_dealt"].format(p=self.p(args[0]),
                                                      role=role_name(hidden[0], lang)))
        line = self._line(kind, args, hidden)
        return self._event(line)

    def _event(self, line: str) -> list[str]:
        out = []
        if self.pending_phase is not None:
            out.append(self.pending_phase)
            self.pending_phase = None
        out.append(("    " if self.round else "  ") + line)
        return out

    def _line(self, kind: str, a: tuple[Any, ...], hidden: Any) -> str:  # noqa: C901 - a table
        t = self.t
        lang = self.lang
        p = self.p
        if kind == "role":
            self.roles[a[0]] = a[1]
            return t["role"].format(p=p(a[0]))
        if kind == "draw":
            if hidden is None:
                return t["draw_hidden"].format(p=p(a[0]), n=a[1], nc=self.n_cards(a[1]))
            return t["draw"].format(p=p(a[0]), n=a[1], cards=self.cards(hidden))
        if kind == "skill":
            line = t["skill"].format(p=p(a[0]), skill=skill_name(str(a[1]), lang))
            if len(a) >= 3 and isinstance(a[2], list | tuple) and a[2]:
                line += t["skill_cards"].format(cards=self.cards(a[2]))
            if len(a) >= 4 and isinstance(a[3], list | tuple) and a[3]:
                line += t["skill_targets"].format(targets=self.seats(a[3]))
            extra = a[4:] if len(a) >= 4 else ()
            if extra or hidden is not None:
                line += " " + " ".join(str(jsonable(x)) for x in extra)
                if hidden is not None:
                    line += f" | {jsonable(hidden)}"
            return line.rstrip()
        if kind == "reshuffle":
            return t["reshuffle"].format(n=a[0])
        if kind == "discard":
            cards = self.cards(a[1])
            reason = a[2] if len(a) > 2 else ""
            if not isinstance(a[0], int) or a[0] < 0:
                return t["discard_nobody"].format(cards=cards, reason=reason_name(reason, lang))
            if reason in ("", "discard_phase"):
                return t["discard"].format(p=p(a[0]), cards=cards)
            return t["discard_reason"].format(p=p(a[0]), cards=cards,
                                              reason=reason_name(reason, lang))
        if kind == "gain":
            if isinstance(a[2], list | tuple):  # visible to everyone: the cards are named
                if a[1] is None or a[1] < 0:
                    return t["gain"].format(p=p(a[0]), cards=self.cards(a[2]))
                return t["gain_from"].format(p=p(a[0]), src=p(a[1]), cards=self.cards(a[2]))
            if hidden is not None:
                if a[1] < 0:
                    return t["gain"].format(p=p(a[0]), cards=self.cards(hidden))
                return t["gain_from"].format(p=p(a[0]), src=p(a[1]), cards=self.cards(hidden))
            if a[1] < 0:
                return t["gain_hidden_nosrc"].format(p=p(a[0]), n=a[2], nc=self.n_cards(a[2]))
            return t["gain_hidden"].format(p=p(a[0]), src=p(a[1]), n=a[2],
                                           nc=self.n_cards(a[2]))
        if kind == "equip":
            return t["equip"].format(p=p(a[0]), card=_label(a[1], lang))
        if kind == "return_weapon":
            return t["return_weapon"].format(p=p(a[0]), owner=p(a[1]), card=_label(a[2], lang))
        if kind == "play":
            # 无懈可击 and 桃 (to save the dying) are used, not played, in the rules' words
            key = "play_use" if a[1] in ("nullification", "peach") else "play"
            return t[key].format(p=p(a[0]), card=self.vcard(a[1], a[2], a[3]))
        if kind == "use":
            card = self.vcard(a[1], a[2], a[4] if len(a) > 4 else "")
            if a[3]:
                return t["use_on"].format(p=p(a[0]), card=card, targets=self.seats(a[3]))
            return t["use"].format(p=p(a[0]), card=card)
        if kind == "nullified":
            key = "nullified" if a[3] else "unnullified"
            return t[key].format(p=p(a[0]), trick=card_name(str(a[1]), lang), target=p(a[2]))
        if kind == "damage_prevented":
            return t["damage_prevented"].format(p=p(a[0]))
        if kind == "damage":
            by = t["by"].format(card=card_name(str(a[4]), lang)) if a[4] else ""
            if a[0] is None or a[0] < 0:
                return t["damage_nosrc"].format(p=p(a[1]), n=a[2], hp=a[3], by=by)
            return t["damage"].format(src=p(a[0]), p=p(a[1]), n=a[2], hp=a[3], by=by)
        if kind == "lose_hp":
            return t["lose_hp"].format(p=p(a[0]), n=a[1], hp=a[2])
        if kind == "recover":
            return t["recover"].format(p=p(a[0]), n=a[1], hp=a[2])
        if kind == "dying":
            return t["dying"].format(p=p(a[0]), hp=a[1])
        if kind == "death":
            self.roles[a[0]] = a[1]
            role = role_name(str(a[1]), lang)
            if a[2] is None or a[2] < 0:
                return t["death"].format(p=p(a[0]), role=role)
            return t["death_by"].format(p=p(a[0]), role=role, killer=p(a[2]))
        if kind == "judge":
            self.last_judge[(a[0], a[1])] = a[2]
            return t["judge"].format(p=p(a[0]), reason=reason_name(a[1], lang),
                                     card=_label(a[2], lang))
        if kind == "judge_result":
            if self.last_judge.get((a[0], a[1])) == a[2]:
                return ""  # unchanged: the judge line already named the card
            return t["judge_result"].format(p=p(a[0]), reason=reason_name(a[1], lang),
                                            card=_label(a[2], lang))
        if kind == "delayed_judge":
            return t["delayed_judge"].format(p=p(a[0]), card=self.vcard(a[2], (a[1],), ""))
        if kind == "game_over":
            winner = _WINNER[lang].get(a[0], str(a[0]))
            return t["game_over"].format(winner=winner, reason=reason_name(a[1], lang))
        if kind == "no_effect":
            return t["no_effect"].format(p=p(a[0]), card=card_name(str(a[1]), lang))
        if kind == "dodged":
            return t["dodged"].format(p=p(a[0]), src=p(a[1]))
        if kind == "duel_lost":
            return t["duel_lost"].format(p=p(a[0]))
        if kind == "borrow":
            key = "borrow" if len(a) < 4 or a[3] else "borrow_unused"
            return t[key].format(p=p(a[0]), src=p(a[1]), card=_label(a[2], lang))
        if kind == "reveal":
            return t["reveal"].format(p=p(a[0]), cards=self.cards(a[1]))
        if kind == "place_delayed":
            card = self.vcard(a[3], (a[2],), "")
            if a[0] == a[1]:
                return t["place_delayed_self"].format(p=p(a[0]), card=card)
            return t["place_delayed"].format(p=p(a[0]), target=p(a[1]), card=card)
        if kind == "move_delayed":
            card = self.vcard(a[3], (a[2],), "")
            return t["move_delayed"].format(p=p(a[0]), target=p(a[1]), card=card)
        if kind == "slash_moved":
            return t["slash_moved"].format(p=p(a[0]), target=p(a[1]))
        if kind == "judge_replaced":
            return t["judge_replaced"].format(p=p(a[0]), target=p(a[1]), old=_label(a[2], lang),
                                              new=_label(a[3], lang))
        if kind == "guanxing_look":
            if hidden is None:
                return t["guanxing_look"].format(p=p(a[0]), n=a[1], nc=self.n_cards(a[1]))
            return t["guanxing_look_cards"].format(p=p(a[0]), n=a[1], nc=self.n_cards(a[1]),
                                                   cards=self.cards(hidden))
        if kind == "guanxing":
            if hidden is None:
                return t["guanxing"].format(p=p(a[0]), top=self.n_cards(a[1]),
                                            bottom=self.n_cards(a[2]))
            return t["guanxing_cards"].format(p=p(a[0]), top_cards=self.cards(hidden[0]),
                                              bottom_cards=self.cards(hidden[1]))
        return self.generic(kind, a, hidden)


def render_events(
    events: Iterable[Sequence[Any]], *, seat: int | None = None, lang: str = "en",
    known_roles: dict[int, str] | None = None,
) -> Iterator[str]:
    """The account's lines for ``events`` as ``seat`` sees them (``None``: everything).

    ``known_roles``, if given, is filled with the roles the viewer learns from the events.
    """
    acc = _Account(lang)
    for kind, args, hidden in visible_events(events, seat):
        for line in acc.lines(str(kind), args, hidden):
            if line.strip():
                yield line
    if known_roles is not None:
        known_roles.update(acc.roles)


def known_roles(events: Iterable[Sequence[Any]], seat: int | None) -> dict[int, str]:
    """The roles ``seat`` has seen in ``events``: the lord's, its own, the dead's (every role
    for ``seat=None``)."""
    roles: dict[int, str] = {}
    for kind, args, hidden in visible_events(events, seat):
        if kind == "role_dealt" and hidden is not None:
            roles[args[0]] = hidden[0]
        elif kind in ("role", "death") and len(args) >= 2:
            roles[args[0]] = args[1]
    return roles


def render_header(header: dict[str, Any], *, seat: int | None = None, lang: str = "en") -> str:
    """One line about a replay's header (a plain dict, config filled in): format, game, engine,
    players, generals mode, options, and the seed unless shown as a seat."""
    cfg = header.get("config") or {}
    gens = cfg.get("generals")
    if lang == "zh":
        mode = "新手模式" if gens is None else ("随机武将" if gens == "random" else "指定武将")
    else:
        mode = "beginner" if gens is None else ("random generals" if gens == "random" else
                                                "chosen generals")
    bits = [
        f"{header.get('format', '?')} v{header.get('version', '?')}",
        f"{header.get('game', '?')}, engine {header.get('engine', '?')}",
        f"{cfg.get('players', '?')} players" if lang == "en" else f"{cfg.get('players', '?')}人",
        mode,
    ]
    bits += [k for k in ("first_game", "ex_cards", "role_variant") if cfg.get(k)]
    if cfg.get("advanced_weapons") is False:
        bits.append("no_advanced_weapons")
    if "max_rounds" in cfg:
        cap = cfg["max_rounds"]
        bits.append(f"round cap {cap}" if lang == "en" else f"最多{cap}轮")
    if seat is not None:
        bits.append(f"as seat {seat}" if lang == "en" else f"{seat}号位视角")
    elif "seed" in header:
        bits.append(f"seed {header['seed']}" if lang == "en" else f"种子{header['seed']}")
    return ", ".join(str(b) for b in bits)


def render_summary(summary: dict[str, Any] | None, *, lang: str = "en") -> list[str]:
    """The result line and one line per seat (role, alive or dead)."""
    t = _T[lang]
    if not summary:
        return [t["unfinished"]]
    out = []
    turns = summary.get("turns", 0)
    if summary.get("reason") == "error" or summary.get("error"):
        out.append(t["result_error"].format(turns=turns, error=summary.get("error", "")))
    elif summary.get("winner") is None and not summary.get("reason"):
        out.append(t["unfinished"])
    else:
        out.append(t["result"].format(
            winner=_WINNER[lang].get(summary.get("winner"), str(summary.get("winner"))),
            reason=reason_name(summary.get("reason", ""), lang), turns=turns,
            rounds=summary.get("rounds", 0), decisions=summary.get("decisions", 0),
        ))
    acc = _Account(lang)
    acc.generals = [str(g or "") for g in summary.get("generals") or []]
    roles = summary.get("roles") or []
    alive = summary.get("alive") or []
    for i, role in enumerate(roles):
        state = t["alive"] if i < len(alive) and alive[i] else t["dead"]
        shown = role_name(str(role), lang) if role else t["unknown_role"]
        out.append(t["final"].format(p=acc.p(i), role=shown, state=state))
    return out


def render_account(
    events: Iterable[Sequence[Any]], summary: dict[str, Any] | None = None, *,
    seat: int | None = None, lang: str = "en",
) -> Iterator[str]:
    """The whole account: the events as ``seat`` sees them, then the result."""
    known: dict[int, str] = {}
    yield from render_events(events, seat=seat, lang=lang, known_roles=known)
    shown = redact_summary(summary, seat, known) if summary else None
    yield from render_summary(shown, lang=lang)
