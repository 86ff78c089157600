"""What a teller remembers between events, so that the account can say why something happened
and what came of it, from the events alone (no event is added for the account's sake: recorded
replays keep their events, and every fact here is one the viewer was shown).

- **Where public cards lie**: a card that went into an equipment area or a judgement area, until
  an event moves it again, so that a card taken or discarded from another player is told with
  the area it came from.
- **Open windows**: moments that end without an event of their own. A window is opened by the
  event that starts it (a 无懈可击 played, a lord skill asking the others, ...), kept open by the
  events that belong to it, and closed by the first event that does not: the teller then says how
  it ended ("nobody plays another 无懈可击") before that event's own line.
- **What a module keeps** (:attr:`Memory.notes`): the 杀 under way, the cards 观星 looked at.

This module is the mechanism; it names no card, skill or general. Each module that declares a
card, a skill or an event kind registers here what its events teach the memory
(:func:`learns`, :func:`learns_skill`), the windows they open (:func:`window_kind`) and the events
that happen inside a response (:func:`inside`, :func:`inside_skill`). The teller is passed to
what is registered as it is given (a :class:`~sgscore.sanguosha.telling.Teller`, which holds a
memory and so is built above this module).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ..core.registry import RegistrationError, Registry, caller_module

__all__ = [
    "Memory", "Window", "WindowKind", "WINDOWS", "window_kind", "learns", "learns_skill",
    "inside", "inside_skill", "HAND", "EQUIP_AREA", "JUDGE_AREA", "is_seat", "card_ids",
]

HAND, EQUIP_AREA, JUDGE_AREA = "hand", "equip", "judge"


@dataclass
class Window:
    """A moment whose end has no event of its own, of the registered ``kind``
    (:func:`window_kind`): ``seat`` is the player it is about, ``about`` what it is about (a
    trick, a skill), ``cancelled`` an outcome so far, ``playing`` that a card was played whose
    window is not known yet, ``cards`` cards the viewer saw, ``left`` how many are still to come
    (-1: not known yet)."""

    kind: str
    seat: int
    about: Any = ""
    cancelled: bool = False
    playing: bool = False
    cards: list[int] = field(default_factory=list)
    left: int = -1


Learn = Callable[["Memory", Any, tuple[Any, ...], Any], "list[str] | None"]
"""What an event teaches the memory: ``learn(memory, teller, args, hidden)``; it returns the lines
told after the event's own, if any."""
Take = Callable[["Memory", Any, Window, tuple[Any, ...], Any], "list[str] | None"]
"""How the innermost open window takes an event: ``take(memory, teller, window, args, hidden)``
returns None when the window does not take it, else the lines to tell after it (often none)."""
Keeps = Callable[["Memory", Window, str, tuple[Any, ...]], bool]
"""Whether an event (``kind``, ``args``) belongs to an open window, which then stays open."""
Closing = Callable[[Any, Window, str, tuple[Any, ...]], str]
"""How a window ended, said when the event that closes it comes (``""``: nothing to say)."""
Closed = Callable[["Memory", Window], None]
"""What closing a window changes in the memory (the window below it, say)."""
Inside = Callable[["Memory", tuple[Any, ...]], int]
"""The seat whose response an event belongs to (a judgement inside it), or -1."""


class WindowKind:
    """A kind of window, declared by the module whose events open it: which events keep it open
    (``keeps``), how its end is told (``closing``) and what closing it changes (``closed``),
    which events it takes (``takes``: by event kind). ``gift``: cards its seat hands over while
    it is open are told as gifts of the skill that opened it (the window's kind is that skill's
    id); ``hushes``: the cards its seat plays are told by what follows, not as plays; ``holds``:
    the names of cards whose line is told after the windows the next event closes."""

    __slots__ = ("name", "keeps", "closing", "closed", "takes", "gift", "hushes", "holds",
                 "module")

    def __init__(self, name: str, module: str, *, keeps: Keeps | None = None,
                 closing: Closing | None = None, closed: Closed | None = None,
                 takes: Mapping[str, Take] | None = None, gift: bool = False,
                 hushes: bool = False, holds: tuple[str, ...] = ()) -> None:
        self.name = name
        self.keeps = keeps
        self.closing = closing
        self.closed = closed
        self.takes: dict[str, Take] = dict(takes or {})
        self.gift = gift
        self.hushes = hushes
        self.holds = holds
        self.module = module


WINDOWS: Registry[WindowKind] = Registry("window kind")
_LEARN: dict[str, list[Learn]] = {}
_UNTAKEN: dict[str, list[Learn]] = {}
_SKILLS: dict[str, Learn] = {}
_INSIDE: dict[str, list[Inside]] = {}
_INSIDE_SKILL: dict[str, Inside] = {}


def window_kind(name: str, **how: Any) -> WindowKind:
    """Declare a kind of window (see :class:`WindowKind` for ``how``); one per name."""
    return WINDOWS.add(WindowKind(name, caller_module(), **how))


def learns(*kinds: str, untaken: bool = False) -> Callable[[Learn], Learn]:
    """Register what events of ``kinds`` teach the memory (a decorator). Learners run in the
    order they were registered; with ``untaken``, only when the innermost open window did not
    take the event (:attr:`WindowKind.takes`)."""

    def register(learn: Learn) -> Learn:
        for kind in kinds:
            (_UNTAKEN if untaken else _LEARN).setdefault(kind, []).append(learn)
        return learn

    return register


def learns_skill(skill: str) -> Callable[[Learn], Learn]:
    """Register what the ``skill`` event of the skill ``skill`` teaches the memory (a
    decorator; one per skill)."""

    def register(learn: Learn) -> Learn:
        if skill in _SKILLS:
            raise RegistrationError(f"{caller_module()}: what the skill {skill!r} teaches the "
                                    "account's memory is registered already")
        _SKILLS[skill] = learn
        return learn

    return register


def inside(kind: str, seat_of: Inside) -> None:
    """Events of ``kind`` may belong to a response under way: ``seat_of(memory, args)`` is the
    seat whose response (-1: none), such as a judgement's."""
    _INSIDE.setdefault(kind, []).append(seat_of)


def inside_skill(skill: str, seat_of: Inside) -> None:
    """The ``skill`` event of ``skill`` belongs to the response of the seat ``seat_of`` gives
    (a skill that acts inside a response without ending it: an armor's judgement)."""
    _INSIDE_SKILL[skill] = seat_of


def is_seat(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool) and x >= 0


def card_ids(x: Any) -> list[int]:
    """The card ids in an event's argument (none when it holds none)."""
    if isinstance(x, list | tuple):
        return [c for c in x if isinstance(c, int) and not isinstance(c, bool)]
    return []


class Memory:
    """The teller's memory (see the module's docstring); :meth:`before` and :meth:`after` are
    called with every event the viewer sees, in order, around its own line."""

    def __init__(self) -> None:
        self.players = 0
        self.zone: dict[int, tuple[str, int]] = {}
        self.dead: set[int] = set()
        self.windows: list[Window] = []
        self.last_played = -1  # the seat of the last card played in response
        self.judged = -1  # the seat of the last judgement
        self.delayed = -1  # the delayed trick being judged
        self.prev = ""  # the previous event's kind, with its skill for a ``skill`` event
        self.held: list[str] = []  # lines told after those of the windows the next event closes
        self.used = ""  # the name of the card used last
        #: A card whose effect a skill carries out between two seats, with no card of it:
        #: ``(card name, skill, seat, seat)``; its damage is told as that card's.
        self.as_card: tuple[str, str, int, int] | None = None
        #: What a card's or skill's module keeps here, under a key of its own.
        self.notes: dict[str, Any] = {}

    # ------------------------------------------------------------ what the renderers ask
    def area(self, card: int, seat: int) -> str:
        """Where ``seat``'s card ``card`` was, as far as the viewer saw: :data:`EQUIP_AREA`,
        :data:`JUDGE_AREA`, else :data:`HAND`."""
        where = self.zone.get(card)
        return where[0] if where is not None and where[1] == seat else HAND

    def open(self, kind: str, seat: int) -> bool:
        """Whether the innermost open window is ``kind`` for ``seat``."""
        return self.open_window(kind) and self.windows[-1].seat == seat

    def open_window(self, kind: str) -> bool:
        """Whether the innermost open window is ``kind``."""
        return bool(self.windows) and self.windows[-1].kind == kind

    def _innermost(self) -> tuple[Window, WindowKind] | None:
        if not self.windows:
            return None
        w = self.windows[-1]
        return w, WINDOWS[w.kind]

    def gift(self, seat: int) -> str:
        """The skill under which ``seat`` hands cards over now (``""``: none)."""
        top = self._innermost()
        return top[0].kind if top is not None and top[1].gift and top[0].seat == seat else ""

    def hushes(self, seat: int) -> bool:
        """Whether a card ``seat`` plays now is told by what follows it, not as a play."""
        top = self._innermost()
        return top is not None and top[1].hushes and top[0].seat == seat

    def holds(self, name: str) -> bool:
        """Whether a card named ``name`` played now is told after the windows the next event
        closes."""
        top = self._innermost()
        return top is not None and name in top[1].holds

    def inner_seat(self, kind: str, args: tuple[Any, ...]) -> int:
        """The seat whose response an event belongs to when it happens inside one (-1: the event
        is none of those)."""
        if kind == "skill" and len(args) == 2:
            seat_of = _INSIDE_SKILL.get(args[1])
            return seat_of(self, args) if seat_of is not None else -1
        for seat_of in _INSIDE.get(kind, ()):
            seat = seat_of(self, args)
            if seat >= 0:
                return seat
        return -1

    # ------------------------------------------------------------ closing windows
    def before(self, t: Any, kind: str, args: tuple[Any, ...]) -> list[str]:
        """The lines that end the windows this event closes, innermost first."""
        out = []
        while self.windows:
            w = self.windows[-1]
            wk = WINDOWS[w.kind]
            if wk.keeps is not None and wk.keeps(self, w, kind, args):
                break
            self.windows.pop()
            line = wk.closing(t, w, kind, args) if wk.closing is not None else ""
            if line:
                out.append(line)
            if wk.closed is not None:
                wk.closed(self, w)
        return out

    def hold(self, line: str) -> None:
        """Tell ``line`` with the next event, after the windows that event closes: a card played
        while one window is open may open the next, which only the event that follows says."""
        self.held.append(line)

    def take_held(self) -> list[str]:
        held, self.held = self.held, []
        return held

    # ------------------------------------------------------------ learning
    def after(self, t: Any, kind: str, args: tuple[Any, ...], hidden: Any) -> list[str]:
        """Learn from an event once its line is told; returns lines that follow it."""
        out: list[str] = []
        for learn in _LEARN.get(kind, ()):
            out += learn(self, t, args, hidden) or []
        if kind == "skill" and len(args) > 1:
            learn_skill = _SKILLS.get(args[1])
            if learn_skill is not None:
                out += learn_skill(self, t, args, hidden) or []
        top = self._innermost()
        take = top[1].takes.get(kind) if top is not None else None
        taken = take(self, t, top[0], args, hidden) if take is not None and top is not None \
            else None
        if taken is None:
            for learn in _UNTAKEN.get(kind, ()):
                out += learn(self, t, args, hidden) or []
        else:
            out += taken
        self.prev = f"skill:{args[1]}" if kind == "skill" and len(args) > 1 else kind
        return out

    def moved(self, cards: Any) -> None:
        for c in card_ids(cards):
            self.zone.pop(c, None)

    def push(self, w: Window) -> None:
        self.windows.append(w)

    def pop_if(self, kind: str, seat: int) -> bool:
        if self.open(kind, seat):
            self.windows.pop()
            return True
        return False

    def close(self, t: Any, w: Window, kind: str, args: tuple[Any, ...]) -> list[str]:
        """Close the innermost window ``w`` now (its last pick was taken): its closing line."""
        self.windows.pop()
        closing = WINDOWS[w.kind].closing
        line = closing(t, w, kind, args) if closing is not None else ""
        return [line] if line else []
