"""A readable account of a game from its events, in any language the game speaks, for everyone or
for one seat.

The words are the game's: each event kind is declared with its renderer (``docs/events.md``), and
a game's :class:`~sgscore.core.spec.Teller` turns the events one viewer sees into lines. This
module only routes: it redacts each event for the viewer (:func:`sgscore.core.engine.redact`),
feeds the teller, and adds the header line and the result. An event kind the game does not know
(a replay from a newer engine, say) is written generically rather than refused.

``json_events`` gives the same redaction as plain lists, the shape of ``view(seat)["events"]``.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any

from ..core.engine import redact
from ..core.games import get_game
from ..core.spec import LANGS, AnyGame, GameSpec, Teller
from ..core.telling import plain as jsonable

__all__ = [
    "LANGS", "render_account", "render_events", "render_header", "visible_events", "json_events",
    "jsonable", "spec_named", "SECRET_HEADER_KEYS", "numbered_lines",
]

#: Header fields that come from the seed; a seat's view never shows them.
SECRET_HEADER_KEYS = ("seed",)


def spec_named(game: str | AnyGame) -> AnyGame:
    """The spec of ``game`` (an id or a spec); ValueError when no installed game has the id."""
    if isinstance(game, GameSpec):
        return game
    spec = get_game(game)
    if spec is None:
        raise ValueError(f"unknown game {game!r}")
    return spec


def visible_events(
    events: Iterable[Sequence[Any]], seat: int | None
) -> Iterator[tuple[str, tuple[Any, ...], Any]]:
    """``(kind, args, hidden)`` per event; ``hidden`` is None unless the viewer may see it.

    ``seat=None`` is the omniscient view (every hidden part); a seat number sees what
    :func:`~sgscore.core.engine.redact` shows that seat.
    """
    for ev in events:
        kind, args, mask, hidden = ev[0], tuple(ev[1]), ev[2], ev[3]
        if seat is None or hidden is None:
            yield kind, args, hidden
            continue
        shown = redact((kind, args, mask, hidden), seat)
        yield kind, args, (shown[-1] if len(shown) > 1 + len(args) else None)




def json_events(events: Iterable[Sequence[Any]], seat: int | None) -> Iterator[list[Any]]:
    """Each event as ``[kind, *args]`` plus the hidden part last when the viewer may see it —
    the shape of ``view(seat)["events"]``. ``seat=None`` shows every hidden part."""
    for kind, args, hidden in visible_events(events, seat):
        out = [kind, *jsonable(args)]
        if hidden is not None:
            out.append(jsonable(hidden))
        yield out


def feed(teller: Teller, events: Iterable[Sequence[Any]]) -> Iterator[str]:
    """The lines of ``events`` as ``teller``'s viewer sees them (``teller`` learns from them)."""
    for kind, args, hidden in visible_events(events, teller.seat):
        for line in teller.lines(str(kind), args, hidden):
            if line.strip():
                yield line


def numbered_lines(teller: Teller, numbered: Iterable[tuple[int, Sequence[Any]]],
                   width: int) -> Iterator[str]:
    """The lines of ``(decision, event)`` pairs (:func:`~sgscore.replay.scan.iter_numbered_events`)
    with the decision's number in a column ``width`` wide: ``#N`` on the first line that decision
    led to, blank on the others and on the setup's lines. ``sgs replay step --at N`` shows the
    table before decision N and what was answered."""
    last = -1
    for n, event in numbered:
        for line in feed(teller, (event,)):
            label = ""
            if n != last and n >= 0:
                label, last = f"#{n}", n
            yield f"{label:>{width}} {line}"


def render_events(
    game: str | AnyGame, events: Iterable[Sequence[Any]], *, seat: int | None = None,
    lang: str = "en", teller: Teller | None = None,
) -> Iterator[str]:
    """The account's lines for ``events`` of ``game`` as ``seat`` sees them (``None``:
    everything). Pass a ``teller`` to keep what the viewer learnt (for the summary after)."""
    t = teller if teller is not None else spec_named(game).teller(seat=seat, lang=lang)
    yield from feed(t, events)


def render_account(
    game: str | AnyGame, events: Iterable[Sequence[Any]],
    summary: Mapping[str, Any] | None = None, *, seat: int | None = None, lang: str = "en",
) -> Iterator[str]:
    """The whole account: the events as ``seat`` sees them, then the result."""
    t = spec_named(game).teller(seat=seat, lang=lang)
    yield from feed(t, events)
    yield from t.summary_lines(t.redact_summary(summary) if summary else None)


def render_header(spec: AnyGame, header: Mapping[str, Any], *, seat: int | None = None,
                  lang: str = "en") -> str:
    """One line about a replay's header (a plain dict, its config filled in): format, game,
    engine, what the game's config says, and the seed unless shown as a seat."""
    cfg = header.get("config") or {}
    bits = [
        f"{header.get('format', '?')} v{header.get('version', '?')}",
        f"{header.get('game', '?')}, " + ("引擎" if lang == "zh" else "engine ")
        + f"{header.get('engine', '?')}",
        *spec.header_line(cfg, lang),
    ]
    if seat is not None:
        bits.append(f"as seat {seat}" if lang == "en" else f"{seat}号位视角")
    elif "seed" in header:
        bits.append(f"seed {header['seed']}" if lang == "en" else f"种子{header['seed']}")
    return ", ".join(str(b) for b in bits)
