"""What a teller remembers between events, so that the account can say why something happened
and what came of it, from the events alone (no event is added for the account's sake: recorded
replays keep their events, and every fact here is one the viewer was shown).

- **Where public cards lie**: a card that went into an equipment area or a judgement area, until
  an event moves it again, so that a card 过河拆桥 discards or 顺手牵羊 takes is told with the
  area it came from.
- **The 杀 under way**: its user and targets (流离 moves one), how many 闪 each target needs
  (two against 无双), which target 青釭剑 is aimed at.
- **Open windows**: moments that end without an event of their own. A window is opened by the
  event that starts it (a 无懈可击 played, 激将 or 护驾 asked, the first of two 闪 played, ...),
  kept open by the events that belong to it (a 八卦阵 judgement inside a response, another
  无懈可击), and closed by the first event that does not: the teller then says how it ended
  ("nobody plays another 无懈可击", "no 蜀 general answers 激将", "P3 does not play a second 闪")
  before that event's own line. Two windows tell where cards went that no event moved: the cards
  郭嘉 drew with 遗计 and gave to nobody stay his ("P2 keeps ..."), and the cards 五谷丰登 showed
  that nobody took go to the discard pile.
- **A duel a skill started** (离间): its damage has no card, and is told as the 决斗's.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .cards import ARMOR, CARD_TYPES, NAME
from .model import GENERALS, KINGDOM_ZH
from .skills import SKILLS

if TYPE_CHECKING:
    from .telling import Teller

__all__ = ["Memory", "Window", "SlashUnderWay", "LORD_ASKS", "HAND", "EQUIP_AREA", "JUDGE_AREA"]

HAND, EQUIP_AREA, JUDGE_AREA = "hand", "equip", "judge"

# Lord skills that ask the other players of a kingdom, in turn, for a card: (card, kingdom).
LORD_ASKS = {"jijiang": ("slash", "shu"), "hujia": ("jink", "wei")}

# Skills that act inside a response without ending it: 八卦阵's judgement, 鬼才 replacing a
# judgement card, 天妒 taking one.
_INNER_SKILLS = ("eight_diagram", "guicai", "tiandu")
_KINGDOM_EN = {"wei": "Wei", "shu": "Shu", "wu": "Wu", "qun": "Qun"}


@dataclass
class Window:
    """A moment whose end has no event of its own. ``kind``: ``nullification`` (after a 无懈可击:
    ``seat`` is the trick's target, ``about`` the trick, ``cancelled`` the outcome so far),
    ``lord_ask`` (``seat``'s lord skill ``about`` asks the others), ``second_jink`` (``seat``
    played the first of two 闪 against ``about``'s 杀), ``aoe_discard`` (无双: ``seat`` must
    discard one more hand card), ``blade`` (青龙偃月刀's follow-up 杀 of ``seat``), ``zhiheng``
    (制衡 of ``seat``), ``yiji`` (郭嘉 ``seat`` gives away the cards he drew with 遗计:
    ``cards`` those the viewer saw, ``left`` how many are still his), ``reveal`` (the cards
    ``seat``'s ``about`` (五谷丰登, 喜宴) showed, ``cards`` those nobody has taken yet, ``left``
    the picks still to come: one per card shown, less those taken or cancelled)."""

    kind: str
    seat: int
    about: Any = ""
    cancelled: bool = False
    playing: bool = False  # nullification: a 无懈可击 was played, whose window is not known yet
    cards: list[int] = field(default_factory=list)
    left: int = -1  # yiji: the cards drawn and not given yet (-1: not drawn yet)


@dataclass
class SlashUnderWay:
    """The 杀 being resolved: ``targets`` in the order they are resolved; ``need``: 闪 each one
    needs; ``aimed``: how many targets 青釭剑 has been aimed at; ``answered``: targets that
    played a first 闪."""

    user: int
    targets: list[int]
    need: int
    aimed: int = 0
    answered: list[int] = field(default_factory=list)


def _is_seat(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool) and x >= 0


def _cards(x: Any) -> list[int]:
    if isinstance(x, list | tuple):
        return [c for c in x if isinstance(c, int) and not isinstance(c, bool)]
    return []


def jinks_skill(gid: str) -> str:
    """The skill of general ``gid`` that makes its 杀 need more than one 闪 (无双), or ``""``."""
    g = GENERALS.get(gid)
    if g is None:
        return ""
    for sid in g.skills:
        s = SKILLS.get(sid)
        if s is not None and "jinks_needed" in s.modifies:
            return sid
    return ""


class Memory:
    """The teller's memory (see the module's docstring); :meth:`before` and :meth:`after` are
    called with every event the viewer sees, in order, around its own line."""

    def __init__(self) -> None:
        self.players = 0
        self.zone: dict[int, tuple[str, int]] = {}
        self.dead: set[int] = set()
        self.slash: SlashUnderWay | None = None
        self.windows: list[Window] = []
        self.last_played = -1  # the seat of the last card played in response
        self.judged = -1  # the seat of the last judgement
        self.delayed = -1  # the delayed trick being judged
        self.prev = ""  # the previous event's kind, with its skill for a ``skill`` event
        self.held: list[str] = []  # lines told after those of the windows the next event closes
        self.used = ""  # the name of the card used last
        self.duel: tuple[str, int, int] | None = None  # a duel a skill started: (skill, a, b)
        self.looked: tuple[int, ...] = ()  # the cards 观星 looked at, top first (if seen)

    # ------------------------------------------------------------ what the renderers ask
    def area(self, card: int, seat: int) -> str:
        """Where ``seat``'s card ``card`` was, as far as the viewer saw: :data:`EQUIP_AREA`,
        :data:`JUDGE_AREA`, else :data:`HAND`."""
        where = self.zone.get(card)
        return where[0] if where is not None and where[1] == seat else HAND

    def armor(self, seat: int) -> int:
        """The armor ``seat`` was seen to equip (-1: none)."""
        for card, (area, owner) in self.zone.items():
            if owner == seat and area == EQUIP_AREA and 0 <= card < len(NAME):
                t = CARD_TYPES.get(NAME[card])
                if t is not None and t.slot == ARMOR:
                    return card
        return -1

    def aimed_target(self) -> int:
        """The target the 杀 under way is aimed at next (-1: none known)."""
        s = self.slash
        if s is None:
            return -1
        living = [q for q in s.targets if q not in self.dead]
        return living[min(s.aimed, len(living) - 1)] if living else -1

    def open(self, kind: str, seat: int) -> bool:
        """Whether the innermost open window is ``kind`` for ``seat``."""
        return self.open_window(kind) and self.windows[-1].seat == seat

    def open_window(self, kind: str) -> bool:
        """Whether the innermost open window is ``kind``."""
        return bool(self.windows) and self.windows[-1].kind == kind

    # ------------------------------------------------------------ closing windows
    def before(self, t: Teller, kind: str, args: tuple[Any, ...]) -> list[str]:
        """The lines that end the windows this event closes, innermost first."""
        out = []
        while self.windows:
            w = self.windows[-1]
            if self._keeps(w, kind, args):
                break
            self.windows.pop()
            line = _closing(t, w, kind, args)
            if line:
                out.append(line)
            below = self.windows[-1] if self.windows else None
            if w.kind == "nullification" and w.cancelled and below is not None \
                    and below.kind == "reveal" and below.about == w.about:
                below.left -= 1  # that player's pick is cancelled: one pick fewer to come
        return out

    def _inner_seat(self, kind: str, args: tuple[Any, ...]) -> int:
        """The seat whose response an event belongs to when it is a judgement inside one (-1:
        the event is none)."""
        if kind in ("judge", "judge_result"):
            return int(args[0])
        if kind == "judge_replaced":
            return int(args[1])
        if kind == "skill" and len(args) == 2 and args[1] in _INNER_SKILLS:
            return self.judged if args[1] == "guicai" else int(args[0])
        if kind == "gain" and self.prev == "skill:tiandu":
            return int(args[0])
        return -1

    def hold(self, line: str) -> None:
        """Tell ``line`` with the next event, after the windows that event closes: a 无懈可击
        played while one window is open may open the next (南蛮入侵's next target), which only
        the ``nullified`` event that follows says."""
        self.held.append(line)

    def take_held(self) -> list[str]:
        held, self.held = self.held, []
        return held

    def _keeps(self, w: Window, kind: str, args: tuple[Any, ...]) -> bool:
        if w.kind == "yiji":  # the draw (a reshuffle before it), then his gifts
            return (kind == "draw" and args[0] == w.seat and w.left < 0) or kind == "reshuffle" \
                or (kind == "gain" and args[1] == w.seat)
        if w.kind == "reveal":  # the picks, each with its 无懈可击 window and what that brings
            return w.left > 0 and kind in _REVEAL_KEEPS
        if w.kind == "nullification":
            if kind == "nullified":
                return bool(args[1] == w.about and args[2] == w.seat)
            # what a 无懈可击 played brings with it (集智) comes before its ``nullified``
            return w.playing or (kind == "play" and args[1] == "nullification")
        if w.kind == "blade":
            return kind == "play" and args[0] == w.seat and args[1] == "slash"
        if w.kind not in ("lord_ask", "second_jink"):
            return False
        inner = self._inner_seat(kind, args)
        if w.kind == "lord_ask":  # the others answer, with a judgement (八卦阵) if they like
            card = LORD_ASKS[w.about][0]
            return (inner >= 0 and inner != w.seat) or (
                kind == "play" and args[0] != w.seat and args[1] == card)
        # second_jink: the target's own 闪, by a judgement or through 护驾
        return inner == w.seat or (kind == "play" and args[0] == w.seat and args[1] == "jink") or (
            kind == "skill" and args[0] == w.seat and args[1] in LORD_ASKS)

    # ------------------------------------------------------------ learning
    def after(self, t: Teller, kind: str, args: tuple[Any, ...], hidden: Any) -> list[str]:
        """Learn from an event once its line is told; returns lines that follow it."""
        out: list[str] = []
        learn = _LEARN.get(kind)
        if learn is not None:
            out = learn(self, t, args, hidden) or []
        self.prev = f"skill:{args[1]}" if kind == "skill" and len(args) > 1 else kind
        return out

    def moved(self, cards: Any) -> None:
        for c in _cards(cards):
            self.zone.pop(c, None)

    def push(self, w: Window) -> None:
        self.windows.append(w)

    def pop_if(self, kind: str, seat: int) -> bool:
        if self.open(kind, seat):
            self.windows.pop()
            return True
        return False


def _closing(t: Teller, w: Window, kind: str, args: tuple[Any, ...]) -> str:
    """How a window ended, told when the event that closes it comes (``""``: nothing to say)."""
    if w.kind == "nullification":
        if w.cancelled:
            return t.say(en="nobody plays another {nul}: {trick} on {target} has no effect",
                         zh="无人再使用【{nul}】，对{target}的【{trick}】无效",
                         nul=t.name("nullification"), trick=t.name(w.about), target=t.p(w.seat))
        return t.say(en="nobody plays another {nul}: {trick} on {target} takes effect",
                     zh="无人再使用【{nul}】，对{target}的【{trick}】生效",
                     nul=t.name("nullification"), trick=t.name(w.about), target=t.p(w.seat))
    if w.kind == "lord_ask":
        kingdom = LORD_ASKS[w.about][1]
        names = KINGDOM_ZH if t.lang == "zh" else _KINGDOM_EN
        return t.say(en="no {kingdom} general answers {skill}", zh="没有{kingdom}势力角色响应【{skill}】",
                     kingdom=names[kingdom], skill=t.skill(w.about))
    if w.kind == "second_jink":
        if kind == "no_effect":  # 空城: the 杀 stopped affecting the target
            return ""
        return t.say(en="{p} does not play a second {jink}", zh="{p}没有打出第二张【{jink}】",
                     p=t.p(w.seat), jink=t.name("jink"))
    if w.kind == "aoe_discard":
        if kind == "discard" and args[0] == w.seat:
            return ""
        return t.say(en="{p} does not discard another hand card", zh="{p}没有再弃置一张手牌",
                     p=t.p(w.seat))
    if w.kind == "yiji":  # what he kept: told by ``yiji_keep`` since it was logged
        if w.left <= 0 or kind == "yiji_keep":
            return ""
        if len(w.cards) == w.left:
            return t.say(en="{p} keeps {cards} ({skill})", zh="{p}自己留下了{cards}（{skill}）",
                         p=t.p(w.seat), cards=t.cards(w.cards), skill=t.skill("yiji"))
        return t.say(en="{p} keeps {nc} ({skill})", zh="{p}自己留下了{n}张牌（{skill}）",
                     p=t.p(w.seat), n=w.left, nc=t.n_cards(w.left), skill=t.skill("yiji"))
    if w.kind == "reveal":
        if not w.cards or kind == "game_over":
            return ""
        go = "goes" if len(w.cards) == 1 else "go"
        return t.say(en="{cards} " + go + " to the discard pile ({trick})",
                     zh="{cards}进入弃牌堆（{trick}）", cards=t.cards(w.cards), trick=t.name(w.about))
    if w.kind == "zhiheng":
        if args[0] == w.seat and (kind == "draw" or (kind == "discard" and args[2:3] == (w.kind,))):
            return ""
        return t.say(en="{p} discards no card and draws none", zh="{p}没有弃牌，也没有摸牌",
                     p=t.p(w.seat))
    return ""


# ---------------------------------------------------------------------------- per event kind
# What an event teaches the memory: (memory, teller, args, hidden) -> lines that follow it.
Learn = Callable[[Memory, "Teller", tuple[Any, ...], Any], "list[str] | None"]


def _setup(m: Memory, t: Teller, args: tuple[Any, ...], hidden: Any) -> None:
    m.players = int(args[0])


def _turn(m: Memory, t: Teller, args: tuple[Any, ...], hidden: Any) -> None:
    m.slash = None
    m.duel = None


def _use(m: Memory, t: Teller, args: tuple[Any, ...], hidden: Any) -> None:
    seat, name, cards, targets = args[0], args[1], args[2], args[3]
    m.moved(cards)
    m.used = str(name)
    if name != "slash" or not _is_seat(seat):
        m.slash = None
        return
    n = max(m.players, len(t.generals), 1)
    order = sorted((s for s in targets if _is_seat(s)), key=lambda s: (s - seat) % n)
    gid = t.generals[seat] if seat < len(t.generals) else ""
    m.slash = SlashUnderWay(seat, order, 2 if jinks_skill(gid) else 1)


def _slash_moved(m: Memory, t: Teller, args: tuple[Any, ...], hidden: Any) -> None:
    s = m.slash
    if s is not None and args[0] in s.targets:
        s.targets[s.targets.index(args[0])] = args[1]


def _play(m: Memory, t: Teller, args: tuple[Any, ...], hidden: Any) -> list[str] | None:
    seat, name = args[0], args[1]
    m.moved(args[2])
    m.last_played = seat
    top = m.windows[-1] if m.windows else None
    if top is not None and top.kind == "nullification" and name == "nullification":
        top.playing = True
        return None
    if top is not None and top.kind == "lord_ask" and seat != top.seat:
        m.windows.pop()  # a helper answered
        return None
    if m.pop_if("blade", seat) or m.pop_if("second_jink", seat) or name != "jink":
        return None
    s = m.slash
    if s is None or s.need < 2 or seat not in s.targets or seat in s.answered:
        return None
    s.answered.append(seat)
    m.push(Window("second_jink", seat, s.user))
    gid = t.generals[s.user] if s.user < len(t.generals) else ""
    return [t.say(en="{src}'s {skill}: {p} must play a second {jink}",
                  zh="{src}的【{skill}】：{p}须再打出一张【{jink}】", skill=t.skill(jinks_skill(gid)),
                  src=t.p(s.user), p=t.p(seat), jink=t.name("jink"))]


def _skill(m: Memory, t: Teller, args: tuple[Any, ...], hidden: Any) -> None:
    seat, sid = args[0], args[1]
    if sid in LORD_ASKS:
        m.push(Window("lord_ask", seat, sid))
    elif sid == "wushuang" and len(args) == 2:
        m.push(Window("aoe_discard", m.last_played))
    elif sid in ("blade", "zhiheng", "yiji"):
        m.push(Window(sid, seat))
    elif sid == "qinggang_sword" and m.slash is not None:
        m.slash.aimed += 1


def _nullified(m: Memory, t: Teller, args: tuple[Any, ...], hidden: Any) -> None:
    trick, target, cancelled = args[1], args[2], bool(args[3])
    top = m.windows[-1] if m.windows else None
    if top is not None and top.kind == "nullification" and (top.about, top.seat) == (trick, target):
        top.cancelled, top.playing = cancelled, False
    else:
        m.push(Window("nullification", target, trick, cancelled))


def _equip(m: Memory, t: Teller, args: tuple[Any, ...], hidden: Any) -> None:
    m.zone[args[1]] = (EQUIP_AREA, args[0])


def _return_weapon(m: Memory, t: Teller, args: tuple[Any, ...], hidden: Any) -> None:
    m.zone[args[2]] = (EQUIP_AREA, args[1])


def _borrow(m: Memory, t: Teller, args: tuple[Any, ...], hidden: Any) -> None:
    m.zone.pop(args[2], None)


def _delayed_placed(m: Memory, t: Teller, args: tuple[Any, ...], hidden: Any) -> None:
    m.zone[args[2]] = (JUDGE_AREA, args[1])


def _delayed_judge(m: Memory, t: Teller, args: tuple[Any, ...], hidden: Any) -> None:
    m.delayed = args[1]
    if args[2] != "lightning":  # only 闪电 can come back to a judgement area, with no event
        m.zone.pop(args[1], None)


def _judge(m: Memory, t: Teller, args: tuple[Any, ...], hidden: Any) -> None:
    m.judged = args[0]


def _judge_result(m: Memory, t: Teller, args: tuple[Any, ...], hidden: Any) -> None:
    from .content.delayed import lightning_hits  # content imports the teller

    if args[1] == "lightning" and lightning_hits(args[2]):
        m.zone.pop(m.delayed, None)  # it strikes and is discarded


def _moved_args(index: int) -> Learn:
    def learn(m: Memory, t: Teller, args: tuple[Any, ...], hidden: Any) -> None:
        m.moved(args[index] if len(args) > index else ())
        m.moved(hidden)

    return learn


def _draw(m: Memory, t: Teller, args: tuple[Any, ...], hidden: Any) -> None:
    m.moved(hidden)
    if m.open("yiji", args[0]) and m.windows[-1].left < 0:
        w = m.windows[-1]
        w.left, w.cards = int(args[1]), _cards(hidden)


def _gain(m: Memory, t: Teller, args: tuple[Any, ...], hidden: Any) -> list[str] | None:
    cards = args[2] if len(args) > 2 else ()
    m.moved(cards)
    m.moved(hidden)
    top = m.windows[-1] if m.windows else None
    if top is None:
        return None
    shown = _cards(cards) or _cards(hidden)
    if top.kind == "yiji" and args[1] == top.seat:  # a gift of 遗计
        given = shown if shown else []
        top.left -= len(given) if given else int(cards) if isinstance(cards, int) else 0
        top.cards = [c for c in top.cards if c not in given]
    elif top.kind == "reveal" and any(c in top.cards for c in shown):  # a pick of 五谷丰登
        top.cards = [c for c in top.cards if c not in shown]
        top.left -= 1
        if top.left <= 0:  # the last pick: what is left goes to the discard pile now
            m.windows.pop()
            line = _closing(t, top, "gain", args)
            return [line] if line else None
    return None


def _reveal(m: Memory, t: Teller, args: tuple[Any, ...], hidden: Any) -> None:
    cards = _cards(args[1])  # one per player, who each pick one unless 无懈可击 stops them
    m.push(Window("reveal", args[0], m.used, cards=cards, left=len(cards)))


def _skill_duel(m: Memory, t: Teller, args: tuple[Any, ...], hidden: Any) -> None:
    m.duel = ("lijian", args[1], args[2])


def _duel_over(m: Memory, t: Teller, args: tuple[Any, ...], hidden: Any) -> None:
    m.duel = None


def _guanxing_look(m: Memory, t: Teller, args: tuple[Any, ...], hidden: Any) -> None:
    m.looked = tuple(_cards(hidden))


def _death(m: Memory, t: Teller, args: tuple[Any, ...], hidden: Any) -> None:
    m.dead.add(args[0])


_LEARN: dict[str, Learn] = {
    "setup": _setup, "turn": _turn, "use": _use, "slash_moved": _slash_moved, "play": _play,
    "skill": _skill, "nullified": _nullified, "equip": _equip, "return_weapon": _return_weapon,
    "borrow": _borrow, "place_delayed": _delayed_placed, "move_delayed": _delayed_placed,
    "delayed_judge": _delayed_judge, "judge": _judge, "judge_result": _judge_result,
    "discard": _moved_args(1), "gain": _gain, "draw": _draw, "death": _death,
    "reveal": _reveal, "lijian_duel": _skill_duel, "damage": _duel_over,
    "damage_prevented": _duel_over, "no_effect": _duel_over, "guanxing_look": _guanxing_look,
}

# What may happen while the cards 五谷丰登 showed are being picked: the picks, 无懈可击 and its
# windows, and what playing one brings (集智, 连营: a skill and a draw; 铜铃 answering the question).
_REVEAL_KEEPS = frozenset({"gain", "play", "nullified", "skill", "draw", "reshuffle", "tongling"})
