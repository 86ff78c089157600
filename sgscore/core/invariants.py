"""Checking a game's invariants as it is played: the interface of a game's checker and the checks
every game shares.

A game brings its own checker through its spec (:meth:`GameSpec.invariants
<sgscore.core.spec.GameSpec.invariants>`): an object set up on a game as it starts whose
:meth:`~InvariantChecker.check` is called after every decision and at the end, however the game
ended, and says what is broken then as ``(invariant, detail)`` pairs (``docs/fuzzing.md``,
"Random games and their invariants"). Identity mode's is
:class:`sgscore.sanguosha.invariants.Invariants`, the dice game's
:class:`sgscore.dice.invariants.DiceInvariants`; both use the checks below, which hold for any
game on the decision protocol: the end told as the last event, and each event's hidden part
shown only to the seats in its mask.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from .engine import ALL, Event

__all__ = ["Broken", "InvariantChecker", "short", "the_end", "view_events"]

Broken = tuple[str, str]
"""An invariant broken: its name (``"card conservation"``) and what was found, in words."""


class InvariantChecker(Protocol):
    """A game's invariants, set up on one game (it may keep what its checks need between two
    decisions: who died, how many events it has looked at)."""

    def check(self, game: Any) -> list[Broken]:
        """The invariants broken now: ``(invariant, detail)`` pairs, ``[]`` when all hold."""
        ...


class _Played(Protocol):
    """What the shared checks read of a game: its result and its events."""

    @property
    def result(self) -> tuple[str | None, str] | None: ...

    @property
    def events(self) -> Sequence[Event]: ...


def short(v: Any, n: int = 60) -> str:
    """A value in a detail: its ``repr``, cut to ``n`` characters."""
    text = repr(v)
    return text if len(text) <= n else text[:n - 3] + "..."


def the_end(game: _Played) -> list[Broken]:
    """A game that is over says so last: its final event is ``game_over`` with its result (an
    engine error stops it without one)."""
    if game.result is None:
        return []
    last = game.events[-1] if game.events else None
    if last is not None and last[0] == "game_over" and tuple(last[1]) == tuple(game.result):
        return []
    return [("the end is told", f"result {game.result}, last event {short(last)}")]


def view_events(events: Sequence[Event], view: dict[str, Any], seat: int | None,
                viewed: list[int], k: int) -> list[Broken]:
    """Each event as ``seat`` sees it in ``view`` (a view of the events since ``viewed[k]``): its
    public part, and its hidden part only when ``seat`` is in its mask (everyone for ``-1``).
    Events are checked once per seat, as they come: ``viewed[k]`` is moved on past them."""
    first = viewed[k]
    shown = view["events"]
    if first + len(shown) != len(events):
        return [("views: events", f"seat {seat} sees {first + len(shown)} of {len(events)}")]
    out = []
    for j, got in enumerate(shown):
        i = first + j
        kind, args, mask, hidden = events[i]
        sees = hidden is not None and (mask == ALL or (seat is not None and mask >> seat & 1))
        want = (kind, *args, hidden) if sees else (kind, *args)
        if tuple(got) != want:
            out.append(("views: events", f"seat {seat} sees event {i} as {short(got)}"))
    viewed[k] = len(events)
    return out[:3]
