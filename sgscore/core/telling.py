"""The part of a teller every game shares: telling events and requests by their declared kinds.

A game's teller subclasses :class:`KindTeller`, names its registries of event and request kinds,
and adds what is its own (how a seat is written, the result). An event's renderer is called with
the teller and the event's arguments (``hidden=`` added when the viewer may see the hidden part);
an event a reader does not know, or one whose arguments do not fit its renderer (a replay from a
newer engine, a damaged file), is written generically, never refused.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, ClassVar

from .engine import ALL
from .protocol import Choice, Request
from .registry import EventKind, Registry, RequestKind

__all__ = [
    "KindTeller", "plain", "text_width", "pad", "request_json", "LABEL_LANGS", "seen_events",
]

LABEL_LANGS = ("en", "zh")
"""The languages of the labels of a request's JSON form (:func:`request_json`)."""

_MALFORMED = (IndexError, TypeError, ValueError, KeyError, AttributeError)


_ATOMS = (str, int, bool, float, type(None), bytes)


def plain(x: Any) -> Any:
    """Tuples to lists, recursively (what JSON and msgpack give back)."""
    if type(x) in _ATOMS:  # most values: a summary's, a header's
        return x
    if isinstance(x, list | tuple):
        return [v if type(v) in _ATOMS else plain(v) for v in x]
    if isinstance(x, dict):
        return {str(k): v if type(v) in _ATOMS else plain(v) for k, v in x.items()}
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

    def item(self, kind: str, item: Any) -> str:
        """One item that a choice of ``kind`` is made of, in words: a card of a subset to
        discard, a card to arrange, a die to reroll. By default, the choice of that item alone
        (:meth:`describe` of ``(item,)``); a game names its items itself (a card by its name)."""
        return self.describe(kind, (item,))


def text_width(text: str) -> int:
    """Columns ``text`` takes on a terminal: Chinese characters (wide and full-width) take two."""
    return sum(2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1 for ch in text)


def pad(text: str, width: int) -> str:
    """``text`` padded with spaces to ``width`` terminal columns (:func:`text_width`)."""
    return text + " " * (width - text_width(text))


# ---------------------------------------------------------------------------- a live game
def _words(tellers: Mapping[str, Any], say: Any) -> dict[str, str]:
    return {lang: str(say(t)) for lang, t in tellers.items()}


def _item(t: Any, kind: str, item: Any) -> str:
    said = getattr(t, "item", None)  # a teller that does not name items: the choice of it alone
    return str(said(kind, item)) if said is not None else str(t.describe(kind, (item,)))


def request_json(request: Request, tellers: Mapping[str, Any]) -> dict[str, Any]:
    """A pending request in its JSON form, as ``view(seat)["pending"]`` gives it to the seat asked
    (docs/views.md "A request in JSON"): ``seat``, ``kind``, ``prompt``, ``question`` (the
    question in words, by language), ``count`` (how many choices are legal), then the
    request's :meth:`~sgscore.core.protocol.Request.form` (``form`` and its keys: ``choices``,
    ``pool``/``low``/``high``, ``cards``, ...) and ``labels``, the words of each item of its list
    (each choice of ``choices``; each item of a subset's ``pool``; each card of an
    arrangement's ``cards``), by language; the play phase's groups each have a ``label`` too.

    ``tellers`` maps each language to a teller of the viewer (:data:`LABEL_LANGS`; a game's
    view passes tellers that know its table, ``GameSpec.account`` one that has seen the
    events)."""
    kind = request.kind
    form = request.form()
    out: dict[str, Any] = {
        "seat": request.seat, "kind": kind, "prompt": list(request.prompt),
        "question": _words(tellers, lambda t: t.ask(kind, request.seat, request.prompt)),
        "count": request.count(),
    }
    out.update(form)
    shape = form.get("form")
    if shape == "subset":
        listed = [("item", x) for x in form["pool"]]
    elif shape == "arrange":
        listed = [("item", x) for x in form["cards"]]
    else:
        listed = [("choice", c) for c in form.get("choices", ())]
    out["labels"] = [
        _words(tellers, lambda t, how=how, x=x: _item(t, kind, x) if how == "item"
               else t.describe(kind, x)) for how, x in listed]
    if shape == "play":
        for group in form.get("cards", ()):
            group["label"] = _words(tellers, lambda t, g=group: t.describe(kind, (g["card"],)))
        for group in form.get("skills", ()):
            group["label"] = _words(tellers, lambda t, g=group: t.describe(
                kind, (g["skill"], tuple(g["cards"]), ())))
    return out


def seen_events(events: Iterable[Sequence[Any]], seat: int | None
                ) -> Iterable[tuple[str, tuple[Any, ...], Any]]:
    """``(kind, args, hidden)`` of each event as a teller of ``seat`` is fed it: ``hidden`` is
    None unless shown to ``seat`` (``None``: everyone, every hidden part shown)."""
    for ev in events:
        kind, args, mask, hidden = ev[0], tuple(ev[1]), ev[2], ev[3]
        if hidden is not None and seat is not None and not (
                mask == ALL or (seat >= 0 and (mask >> seat) & 1)):
            hidden = None
        yield str(kind), args, hidden
