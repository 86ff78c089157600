"""The part of a teller every game shares: telling events and requests by their declared kinds.

A game's teller subclasses :class:`KindTeller`, names its registries of event and request kinds,
and adds what is its own (how a seat is written, the result). An event's renderer is called with
the teller and the event's arguments (``hidden=`` added when the viewer may see the hidden part);
an event a reader does not know, or one whose arguments do not fit its renderer (a replay from a
newer engine, a damaged file), is written generically, never refused.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from .protocol import Choice
from .registry import EventKind, Registry, RequestKind

__all__ = ["KindTeller", "plain", "text_width", "pad"]

_MALFORMED = (IndexError, TypeError, ValueError, KeyError, AttributeError)


def plain(x: Any) -> Any:
    """Tuples to lists, recursively (what JSON and msgpack give back)."""
    if isinstance(x, list | tuple):
        return [plain(v) for v in x]
    if isinstance(x, dict):
        return {str(k): plain(v) for k, v in x.items()}
    return x


class KindTeller:
    """Tells events and requests through the registries :attr:`events` and :attr:`requests`."""

    events: ClassVar[Registry[EventKind[Any]]]
    requests: ClassVar[Registry[RequestKind[Any]]]
    #: Who won, in words, by language and by the summary's ``winner`` (``None``: a draw); a
    #: winner not named here is said as "WINNER wins".
    winners: ClassVar[Mapping[str, Mapping[Any, str]]] = {}

    def __init__(self, lang: str, seat: int | None) -> None:
        self.lang = lang
        self.seat = seat
        #: The roles this viewer has seen, by seat (a game with hidden roles fills it in).
        self.roles: dict[int, str] = {}

    def redact_summary(self, summary: Mapping[str, Any]) -> dict[str, Any]:
        """The summary as this viewer may see it. Every role is public once the game is over;
        while it is not (a truncated replay, an engine error), only the roles seen are kept. A
        seat never sees how many decisions were taken: that count tells how often other seats
        could answer (a seat with nothing to play is never asked), so it is left out, never
        given as 0."""
        out = dict(summary)
        if self.seat is not None:
            out.pop("decisions", None)
        if self.seat is None or summary.get("winner") is not None or summary.get("reason") not in (
            None, "", "error"
        ):
            return out
        roles = summary.get("roles")
        if isinstance(roles, list):
            out["roles"] = [self.roles.get(i) for i in range(len(roles))]
        return out

    def reason(self, reason: Any) -> str:
        """A reason code (why the game ended, why a card was discarded) in words; a game's
        teller names its own, this one says the code."""
        return str(reason)

    def outcome(self, summary: Mapping[str, Any]) -> str:
        """How a game ended, in words: who won and why, ``the rebels win (the lord died)``, ``a
        draw (round cap reached)``: the words of the result line (:meth:`summary_lines`), and of
        every line that says a result (``sgs sim``, ``sgs tournament``). JSON keeps the codes."""
        winner = summary.get("winner")
        said = self.winners.get(self.lang, {}).get(winner)
        if said is None:
            said = (self.say(en="{w} wins", zh="{w}获胜", w=winner) if winner is not None
                    else self.say(en="a draw", zh="平局"))
        why = summary.get("reason")
        return self.say(en="{w} ({r})", zh="{w}（{r}）", w=said, r=self.reason(why)) if why else said

    def say(self, *, en: str, zh: str, **fields: Any) -> str:
        """The sentence in the teller's language, its ``{fields}`` filled in."""
        return (zh if self.lang == "zh" else en).format(**fields)

    def generic(self, kind: str, args: Sequence[Any], hidden: Any) -> str:
        """An event told as its values: ``kind: args | hidden``."""
        a = " ".join(repr(plain(x)) if isinstance(x, str) else str(plain(x)) for x in args)
        sep = "：" if self.lang == "zh" else ": "
        if hidden is None:
            return f"{kind}{sep}{a}"
        return f"{kind}{sep}{a} | {plain(hidden)}"

    def lines(self, kind: str, args: tuple[Any, ...], hidden: Any) -> list[str]:
        """The lines for one event as this viewer sees it (``hidden`` None when not shown): a
        renderer's string is an event line (:meth:`event_line`), a list is said as it is."""
        ek = self.events.get(kind)
        try:
            if ek is None:
                raise KeyError(kind)
            out = ek.render(self, *args) if hidden is None else ek.render(self, *args,
                                                                           hidden=hidden)
        except _MALFORMED:
            return self.event_line(self.generic(kind, args, hidden))
        if isinstance(out, list):
            return out
        return self.event_line(out) if out else []

    def event_line(self, line: str) -> list[str]:
        """How an event's line is laid out (a game indents it under its turn, say)."""
        return [line]

    def ask(self, kind: str, seat: int, prompt: Sequence[Any]) -> str:
        """The question of a request in words: who is asked what."""
        rk = self.requests.get(kind)
        try:
            if rk is None:
                raise KeyError(kind)
            return str(rk.ask(self, seat, *prompt))
        except _MALFORMED:
            return f"{kind} ({', '.join(repr(plain(x)) for x in prompt)})"

    def describe(self, kind: str, choice: Choice) -> str:
        """A choice of a request of ``kind`` in words (its value when the shape is unknown)."""
        rk = self.requests.get(kind)
        try:
            if rk is None:
                raise KeyError(kind)
            return str(rk.describe(self, choice))
        except _MALFORMED:
            return repr(plain(choice))


def text_width(text: str) -> int:
    """Columns ``text`` takes on a terminal: Chinese characters (wide and full-width) take two."""
    return sum(2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1 for ch in text)


def pad(text: str, width: int) -> str:
    """``text`` padded with spaces to ``width`` terminal columns (:func:`text_width`)."""
    return text + " " * (width - text_width(text))
