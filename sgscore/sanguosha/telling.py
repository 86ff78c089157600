"""Telling a game in words: the :class:`Teller` of identity mode, and the registries of the
game's event and request kinds.

Every event kind is declared with :func:`event_kind` next to the code that logs it, with a
renderer that says it in English and Chinese (``t.say(en=..., zh=..., **fields)``); every request
kind with :func:`request_kind`, with words for the question and for a choice. A teller is fed the
events one viewer sees, in order, and keeps what that viewer has learnt (generals per seat, roles
seen, the round) and what lets it say why and what came of it (:class:`~.memory.Memory`: where
public cards lie, the 杀 under way, the response windows still open), so each renderer stays a
few lines.

Names are in the teller's language: the English names cards, skills and generals declare
(``Barbarian Invasion``, ``Peerless``, ``Lü Bu``) or the Chinese ones, never code ids.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Protocol

from ..core.registry import EventKind, Registry, RequestKind
from ..core.telling import KindTeller
from .cards import CARD_TYPES, CARDS, NAME, SUIT_SYMBOL
from .memory import EQUIP_AREA, JUDGE_AREA, Memory
from .model import GENERALS, LORD, PHASE_ZH, ROLE_ZH, Player
from .skills import SKILLS

__all__ = [
    "Teller", "EVENTS", "REQUESTS", "event_kind", "request_kind", "LANGS", "general_name",
    "skill_name", "card_name", "card_label", "role_name", "phase_name", "reason_name", "is_card",
    "WINNER", "role_words", "reason_words", "winner_words", "table_teller",
]

LANGS = ("en", "zh")

EVENTS: Registry[EventKind[Teller]] = Registry("event kind")
REQUESTS: Registry[RequestKind[Teller]] = Registry("request kind")

Render = Callable[..., str | list[str]]


def event_kind(name: str, *, hidden: str = "") -> Callable[[Render], EventKind[Teller]]:
    """Declare an event kind with its renderer (the decorated function), whose docstring says
    what the event means; ``hidden``: what its hidden part holds and who sees it."""

    def declare(render: Render) -> EventKind[Teller]:
        return EVENTS.add(EventKind(name, render, hidden=hidden))

    return declare


def request_kind(name: str, *, choice: str,
                 ask: Callable[..., str]) -> Callable[[Callable[..., str]], RequestKind[Teller]]:
    """Declare a request kind: the decorated function says what a choice means (its docstring:
    what is asked), ``ask(t, seat, *prompt)`` says the question, ``choice`` documents a choice's shape."""

    def declare(describe: Callable[..., str]) -> RequestKind[Teller]:
        return REQUESTS.add(RequestKind(name, describe, ask, choice=choice))

    return declare


# ---------------------------------------------------------------------------- names
def general_name(gid: str, lang: str) -> str:
    """A general's name: ``司马懿`` / ``Sima Yi`` (an unknown id as it is)."""
    g = GENERALS.get(gid)
    if g is None:
        return gid
    return (g.zh if lang == "zh" else g.en) or gid


def card_name(name: str, lang: str) -> str:
    """A card name (``savage_assault``) as shown: ``南蛮入侵`` / ``Barbarian Invasion``."""
    t = CARD_TYPES.get(name)
    if t is None:
        return name
    return (t.zh if lang == "zh" else t.en) or name


_RANK_LABEL = {1: "A", 11: "J", 12: "Q", 13: "K"}


def card_label(card: int, lang: str) -> str:
    """A physical card: ``杀♠7`` / ``Slash ♠7``."""
    c = CARDS[card]
    face = SUIT_SYMBOL[c.suit] + _RANK_LABEL.get(c.rank, str(c.rank))
    name = card_name(c.name, lang)
    return name + face if lang == "zh" else f"{name} {face}"


def skill_name(sid: str, lang: str) -> str:
    """A skill's name (equipment's too: ``八卦阵`` / ``Eight Trigrams``); else a card's name."""
    s = SKILLS.get(sid)
    if s is not None:
        name = s.zh if lang == "zh" else s.en
        if name:
            return name
    return card_name(sid, lang)


_ROLES: dict[str, tuple[str, str]] = {role: (role, zh) for role, zh in ROLE_ZH.items()}
"""Each role's name, in English and Chinese: identity mode's, and those a variant registers."""


def role_words(role: str, *, en: str, zh: str) -> None:
    """Name a role (or a side that wins, as ``sgs stats`` names the sides) in English and
    Chinese: a variant's own roles (3v3's camps and posts). An unnamed role is told as its id."""
    _ROLES[role] = (en, zh)


def role_name(role: str, lang: str) -> str:
    words = _ROLES.get(role)
    return role if words is None else words[1 if lang == "zh" else 0]


def phase_name(phase: str, lang: str) -> str:
    return PHASE_ZH.get(phase, phase) if lang == "zh" else phase


# Reasons that are neither card names nor skill ids (discards, judgements, the end of the game).
_REASONS = {
    "discard_phase": ("discard phase", "弃牌阶段"), "replaced": ("replaced", "替换装备"),
    "death": ("on death", "阵亡"), "killed_loyalist": ("the lord killed a loyalist", "主公杀忠臣"),
    "borrowed_weapon": ("borrowed weapon", "归还借来的武器"),
    "lord_died": ("the lord died", "主公阵亡"),
    "rebels_and_renegades_dead": ("every rebel and renegade died", "反贼和内奸全部阵亡"),
    "round_cap": ("round cap reached", "达到轮数上限"), "no_cards": ("no cards left", "牌堆耗尽"),
    "ended": ("ended", "结束"), "error": ("engine error", "引擎错误"),
}

WINNER: dict[str, dict[str | None, str]] = {
    "en": {"lord": "the lord and the loyalists win", "rebel": "the rebels win",
           "renegade": "the renegade wins", None: "a draw"},
    "zh": {"lord": "主公和忠臣获胜", "rebel": "反贼获胜", "renegade": "内奸获胜", None: "平局"},
}
"""Who won, by the winner a game's result names (a variant adds its own: :func:`winner_words`)."""


def reason_words(reason: str, *, en: str, zh: str) -> None:
    """Name a reason that is neither a card's name nor a skill's id (a discard's, a judgement's,
    the end of the game's) in English and Chinese: registered by the module whose rules give it
    (a variant's way to win, an edition's text of a card)."""
    _REASONS[reason] = (en, zh)


def winner_words(winner: str, *, en: str, zh: str) -> None:
    """Say that ``winner`` won, in English and Chinese (a variant's sides: 3v3's camps)."""
    WINNER["en"][winner] = en
    WINNER["zh"][winner] = zh


def reason_name(reason: Any, lang: str) -> str:
    """A discard, judgement or end-of-game reason: a card name, a skill id or a fixed word."""
    r = str(reason)
    if r in _REASONS:
        return _REASONS[r][1 if lang == "zh" else 0]
    if r in SKILLS:
        return skill_name(r, lang)
    return card_name(r, lang)


def is_card(x: Any) -> bool:
    """Whether ``x`` is the id of a registered physical card."""
    return isinstance(x, int) and not isinstance(x, bool) and 0 <= x < len(NAME) and bool(NAME[x])



# What ``Game.phase`` says outside a turn.
_OUTSIDE = {"setup": ("setup", "开局"), "between": ("between turns", "回合之间")}

_MALFORMED = (IndexError, TypeError, ValueError, KeyError, AttributeError)

_WORDS = {
    "en": {"nobody": "nobody", "and": ", ", "nothing": "nothing", "cards_1": "1 card",
           "cards_n": "{n} cards", "alive": "alive", "dead": "dead",
           "unknown_role": "role unknown"},
    "zh": {"nobody": "无人", "and": "、", "nothing": "无", "cards_1": "1张牌", "cards_n": "{n}张牌",
           "alive": "存活", "dead": "阵亡", "unknown_role": "身份未知"},
}


class Teller(KindTeller):
    """Turns one viewer's events into lines, keeping the little a reader needs: generals per
    seat, the current round and phase, the last judgement card, the roles known so far, and the
    :class:`~.memory.Memory` of public cards and open windows (``seat=None``: the omniscient
    viewer)."""

    events = EVENTS
    winners = WINNER
    requests = REQUESTS

    def __init__(self, lang: str = "en", seat: int | None = None) -> None:
        if lang not in LANGS:
            raise ValueError(f"lang must be one of {LANGS}, got {lang!r}")
        super().__init__(lang, seat)
        self.words = _WORDS[lang]
        self.generals: list[str] = []
        self.round = 0
        self.pending_phase: str | None = None
        self.pending_play = -1  # the seat whose play phase has told nothing yet (-1: none)
        self.playing = -1  # the seat whose play phase is under way (-1: none)
        self.last_judge: dict[tuple[Any, Any], Any] = {}
        self.memory = Memory()

    # -- words
    def p(self, seat: Any) -> str:
        """A seat as written: ``P2 simayi`` / ``2号位司马懿`` (``nobody`` for -1)."""
        if not isinstance(seat, int) or isinstance(seat, bool) or seat < 0:
            return self.words["nobody"]
        gid = self.generals[seat] if seat < len(self.generals) else ""
        if self.lang == "zh":
            head = f"{seat}号位"
            return f"{head}{general_name(gid, 'zh')}" if gid else head
        return f"P{seat} {general_name(gid, 'en')}" if gid else f"P{seat}"

    def n_cards(self, n: Any) -> str:
        """``n`` cards, as a count: "1 card", "3 cards", "3张牌"."""
        return self.words["cards_1"] if n == 1 else self.words["cards_n"].format(n=n)

    def seats(self, seats: Any) -> str:
        if not isinstance(seats, list | tuple) or not seats:
            return self.words["nobody"]
        return self.words["and"].join(self.p(s) for s in seats)

    def card(self, card: Any) -> str:
        """A physical card: ``slash ♠7`` / ``杀♠7`` (anything else as it is)."""
        return card_label(card, self.lang) if is_card(card) else str(card)

    def card_or_hand(self, choice: Any) -> str:
        """A card picked from another player's: ``"hand"`` is a hand card taken at random; an
        equipped card or one in a judgement area says so."""
        if choice == "hand":
            return self.say(en="a hand card at random", zh="随机一张手牌")
        where = self.memory.zone.get(choice) if is_card(choice) else None
        if where is not None and where[0] == EQUIP_AREA:
            return self.say(en="{card} (equipped)", zh="{card}（装备区）", card=self.card(choice))
        if where is not None and where[0] == JUDGE_AREA:
            return self.say(en="{card} (in the judgement area)", zh="{card}（判定区）",
                            card=self.card(choice))
        return self.card(choice)

    def item(self, kind: str, item: Any) -> str:
        """A card that a choice is made of (a card to discard, to arrange) by its label."""
        return self.card(item) if is_card(item) else super().item(kind, item)

    def cards(self, cards: Any) -> str:
        if not isinstance(cards, list | tuple) or not cards:
            return self.words["nothing"]
        return self.words["and"].join(self.card(c) for c in cards)

    def name(self, card_name_: Any) -> str:
        """A card name (``slash``) in the teller's language."""
        return card_name(str(card_name_), self.lang)

    def skill(self, sid: Any) -> str:
        return skill_name(str(sid), self.lang)

    def reason(self, reason: Any) -> str:
        return reason_name(reason, self.lang)

    def role(self, role: Any) -> str:
        return role_name(str(role), self.lang)

    def general(self, gid: Any) -> str:
        return general_name(str(gid), self.lang)

    def phase(self, phase: Any) -> str:
        """A phase as a heading names it: ``draw phase`` / ``摸牌阶段``; also the moments outside
        a turn (``setup``, ``between``)."""
        if phase in _OUTSIDE:
            return _OUTSIDE[phase][1 if self.lang == "zh" else 0]
        name = phase_name(str(phase), self.lang)
        return name if self.lang == "zh" else f"{name} phase"

    def vcard(self, name: Any, cards: Any, skill: Any) -> str:
        """A card as used: its label when it is itself, else ``name [skill: cards]``."""
        lang = self.lang
        cards = list(cards) if isinstance(cards, list | tuple) else []
        if len(cards) == 1 and not skill and is_card(cards[0]) and NAME[cards[0]] == name:
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

    # -- events
    def lines(self, kind: str, args: tuple[Any, ...], hidden: Any) -> list[str]:
        """An event's lines, after the lines of the windows it closes and before what follows
        from it (``memory``); a malformed event never breaks the memory's telling."""
        try:
            before = self.memory.before(self, kind, args)
        except _MALFORMED:
            before = []
        before += self.memory.take_held()
        out = [x for line in before for x in self.event_line(line)]
        out += super().lines(kind, args, hidden)
        try:
            after = self.memory.after(self, kind, args, hidden)
        except _MALFORMED:
            after = []
        out += [x for line in after for x in self.event_line(line)]
        return out

    def told(self, *lines: str) -> list[str]:
        """Several event lines from one renderer, laid out as one line is (empty ones left out)."""
        return [x for line in lines if line for x in self.event_line(line)]

    def event_line(self, line: str) -> list[str]:
        """An event's line, indented under its turn, after the phase heading it falls in."""
        out = []
        if self.pending_phase is not None:
            out.append(self.pending_phase)
            self.pending_phase = None
        self.pending_play = -1
        out.append(("    " if self.round else "  ") + line)
        return out

    # -- the result
    def summary_lines(self, summary: Mapping[str, Any] | None) -> list[str]:
        """The result line and one line per seat (role, alive or dead, and the score of a game
        that keeps score)."""
        w = self.words
        if not summary:
            return [self.say(en="Result: none (the game did not finish)", zh="结果：无（游戏未结束）")]
        out = []
        turns = summary.get("turns", 0)
        if summary.get("reason") == "error" or summary.get("error"):
            out.append(self.say(
                en="Result: the engine stopped with an error after {turns} turns: {error}",
                zh="结果：引擎在第{turns}回合出错：{error}", turns=turns,
                error=summary.get("error", "")))
        elif summary.get("winner") is None and not summary.get("reason"):
            out.append(self.say(en="Result: none (the game did not finish)", zh="结果：无（游戏未结束）"))
        elif "decisions" in summary:
            out.append(self.say(
                en="Result: {outcome} after {turns} turns in {rounds} rounds, {decisions} "
                   "decisions",
                zh="结果：{outcome}，共{turns}个回合、{rounds}轮、{decisions}次决策",
                outcome=self.outcome(summary), turns=turns,
                rounds=summary.get("rounds", 0), decisions=summary["decisions"]))
        else:  # a seat's summary: the count of decisions is hidden from it (redact_summary)
            out.append(self.say(
                en="Result: {outcome} after {turns} turns in {rounds} rounds",
                zh="结果：{outcome}，共{turns}个回合、{rounds}轮",
                outcome=self.outcome(summary), turns=turns, rounds=summary.get("rounds", 0)))
        names = Teller(self.lang)
        names.generals = [str(g or "") for g in summary.get("generals") or []]
        roles = summary.get("roles") or []
        alive = summary.get("alive") or []
        scores = summary.get("scores")  # 003 计分规则: a game recorded with scoring
        for i, role in enumerate(roles):
            state = w["alive"] if i < len(alive) and alive[i] else w["dead"]
            if isinstance(scores, list) and i < len(scores):
                state += self.say(en=", {n} point" + ("" if scores[i] == 1 else "s"),
                                  zh="，{n}分", n=scores[i])
            shown = role_name(str(role), self.lang) if role else w["unknown_role"]
            out.append(self.say(en="  {p}: {role}, {state}", zh="  {p}：{role}，{state}",
                                p=names.p(i), role=shown, state=state))
        return out



class Table(Protocol):
    """What :func:`table_teller` reads of a game (a ``Game``, which sits above this module)."""

    @property
    def players(self) -> list[Player]: ...

    @property
    def round(self) -> int: ...

    @property
    def result(self) -> object: ...


def table_teller(g: Table, seat: int | None, lang: str) -> Teller:
    """A teller of ``seat`` (None: everyone) that knows what the table of the game ``g`` shows
    now, without being fed its events: each seat's general, the round, the roles ``seat``
    sees, and where the equipped cards and those in judgement areas lie. That is what the words
    of a request and its choices need (``Game.view``'s ``question`` and ``labels``): they say
    what a teller fed every event the viewer saw says (``tests/test_request_forms.py``)."""
    t = Teller(lang, seat)
    t.generals = [p.general for p in g.players]
    t.round = g.round
    over = g.result is not None
    for p in g.players:
        if seat is None or over or p.seat == seat or p.role_shown or not p.alive or p.role == LORD:
            if p.role:
                t.roles[p.seat] = p.role
        for c in p.equip:
            if c >= 0:
                t.memory.zone[c] = (EQUIP_AREA, p.seat)
        for c, _ in p.judge:
            t.memory.zone[c] = (JUDGE_AREA, p.seat)
    return t
