"""Stepping through a replay decision by decision: the table before a decision, what was asked,
what was answered, and what happened since the decision before.

:class:`Stepper` re-simulates a :class:`~sgscore.replay.reader.Replay` lazily, only as far as it
is asked to go, and checks every record on the way exactly as
:class:`~sgscore.replay.resim.Resimulator` does (a decision that is not legal, a checkpoint or
events record that differs: :class:`~sgscore.replay.errors.ReplayError` with the record index).

Positions are decision indices: position ``n`` (``0 <= n < stepper.decisions``) is the moment
before recorded decision ``n`` (0 is the first), with that decision's request pending; position
``stepper.decisions`` is the end of the replay (the result, the engine error, or where a truncated
file stops). Going backwards re-simulates from the start: games are short (a few hundred
decisions, milliseconds to replay), so nothing is kept to undo a decision.
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass, field
from typing import Any

from ..core.protocol import Choice
from ..sanguosha.cards import NAME, card_label
from .errors import ReplayError
from .reader import Decisions, Replay
from .render import LANGS, _Account, json_events, jsonable, skill_name, visible_events
from .resim import Resimulator

__all__ = ["Stepper", "Moment", "full_view", "describe_choice"]


def full_view(game: Any) -> dict[str, Any]:
    """The whole table, for "everyone": ``game.view(None)`` with every hand and role filled in
    and the pending request's choices. The order of the draw pile and the RNG state stay out, as
    in every view; the events are left out (a moment carries its own)."""
    view: dict[str, Any] = game.view(None)
    view.pop("events", None)
    for shown, p in zip(view["players"], game.players, strict=True):
        shown["hand"] = list(p.hand)
        shown["role"] = p.role or None
    req = game.pending
    if req is not None:
        view["pending"] = {"seat": req.seat, "kind": req.kind, "prompt": list(req.prompt),
                           "choices": list(req.choices()) if req.count() <= 4096 else None}
    return view


def _seat_state(game: Any, seat: int | None) -> dict[str, Any]:
    if seat is None:
        return full_view(game)
    view: dict[str, Any] = game.view(seat)
    view.pop("events", None)
    return view


def _is_card(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool) and 0 <= x < len(NAME)


def _card(x: Any, lang: str) -> str:
    return card_label(x, lang) if _is_card(x) else str(x)


def _cards(xs: Any, lang: str) -> str:
    if not isinstance(xs, list | tuple) or not xs:
        return "-"
    return ", ".join(_card(c, lang) for c in xs)


def _seats(xs: Any) -> str:
    return ", ".join(f"P{s}" for s in xs) if isinstance(xs, list | tuple) and xs else "-"


def describe_choice(kind: str, choice: Choice, lang: str = "en") -> str:  # noqa: C901 - a table
    """A recorded choice in words, by request kind (``docs/api.md``, "Choices are values"):
    ``(16, 1)`` for ``play`` is ``"slash ♠7 on P1"``. A choice of a shape the kind does not
    have is shown as its value."""
    try:
        if kind in ("play", "respond") and choice is None:
            return "end the play phase" if kind == "play" else "decline"
        if choice is None:
            return "none"
        if kind == "play" and isinstance(choice, tuple) and choice:
            if isinstance(choice[0], str):
                skill, cards, targets = choice[0], choice[1], choice[2]
                line = skill_name(skill, lang)
                if cards:
                    line += f" with {_cards(cards, lang)}"
                if targets:
                    line += f" on {_seats(targets)}"
                return line
            line = _card(choice[0], lang)
            return line + (f" on {_seats(choice[1:])}" if len(choice) > 1 else "")
        if kind == "respond":
            if isinstance(choice, tuple):
                skill = skill_name(str(choice[0]), lang)
                return skill + (f" with {_card(choice[1], lang)}" if len(choice) > 1 else "")
            return _card(choice, lang)
        if kind == "invoke" and isinstance(choice, bool):
            return "yes" if choice else "no"
        if kind == "order_skills":
            return skill_name(str(choice), lang)
        if kind in ("discard_phase", "axe_discard", "double_swords_discard"):
            return _cards(choice, lang)
        if kind in ("dismantle", "snatch", "ice_sword"):
            return "a hand card at random" if choice == "hand" else _card(choice, lang)
        if kind in ("amazing_grace", "choose_weapon", "kylin_bow", "guicai", "wushuang_discard"):
            return _card(choice, lang)
        if kind == "double_swords":
            return str(choice)
        if kind == "liuli" and isinstance(choice, tuple):
            return f"{_card(choice[0], lang)}, the slash moves to P{choice[1]}"
        if kind == "guanxing" and isinstance(choice, tuple):
            return f"top: {_cards(choice[0], lang)}; bottom: {_cards(choice[1], lang)}"
    except (IndexError, TypeError, ValueError, KeyError):
        pass  # a shape this describer does not know: shown as the raw value below
    return repr(jsonable(choice))


@dataclass(frozen=True)
class Moment:
    """One stop of a :class:`Stepper`, as one viewer sees it.

    ``index`` is the decision about to be taken (``decisions`` at the end). ``request`` is
    ``{"seat", "kind", "prompt"}`` of the pending request, ``{"waiting": True}`` when the viewer
    is a seat other than the one asked (as ``Game.view`` shows it), None at the end; ``answer``
    is the recorded choice (None when hidden, see ``answer_shown``, or at the end). ``state`` is
    ``Game.view(seat)`` (or :func:`full_view` for ``seat=None``) without its events. ``events``
    are the events since the previous decision (since the start for decision 0), each
    ``[kind, *args]`` plus its hidden part when the viewer may see it, from event number
    ``events_from``; ``lines`` are the same events told by :mod:`sgscore.replay.render`.
    """

    index: int
    decisions: int
    turn: int
    round: int
    phase: str
    current: int
    seat: int | None
    request: dict[str, Any] | None
    answer: Choice
    answer_shown: bool
    state: dict[str, Any]
    events_from: int
    events: list[list[Any]]
    lines: list[str]
    result: tuple[str | None, str] | None = None
    error: str | None = None
    truncated: bool = False
    warnings: list[str] = field(default_factory=list)

    @property
    def at_end(self) -> bool:
        return self.index >= self.decisions

    def to_json(self) -> dict[str, Any]:
        """Plain JSON-ready data (tuples become lists)."""
        return {
            "decision": self.index, "decisions": self.decisions, "end": self.at_end,
            "turn": self.turn, "round": self.round, "phase": self.phase,
            "current": self.current, "seat": self.seat, "request": jsonable(self.request),
            "answer": jsonable(self.answer), "answer_shown": self.answer_shown,
            "state": jsonable(self.state), "events_from": self.events_from,
            "events": self.events, "lines": list(self.lines),
            "result": jsonable(self.result), "error": self.error, "truncated": self.truncated,
        }


class _Teller:
    """An incremental account of the events for one viewer and language, so that telling the
    events of each moment in turn costs what telling the whole game once does."""

    def __init__(self, seat: int | None, lang: str) -> None:
        self.seat = seat
        self.account = _Account(lang)
        self.told = 0  # events fed so far

    def lines(self, events: list[Any], start: int, stop: int) -> list[str]:
        if start < self.told:
            self.account = _Account(self.account.lang)
            self.told = 0
        for kind, args, hidden in visible_events(events[self.told:start], self.seat):
            self.account.lines(str(kind), args, hidden)
        out = [line for kind, args, hidden in visible_events(events[start:stop], self.seat)
               for line in self.account.lines(str(kind), args, hidden) if line.strip()]
        self.told = stop
        return out


class Stepper:
    """Goes to any decision of a replay, or the start of any turn, and tells the moment.

    ``Stepper(read_replay(path))``; then :meth:`goto`, :meth:`goto_turn`, :meth:`forward`,
    :meth:`back` and :meth:`moment`. Re-simulation is lazy: it runs only as far as the position
    asked for, validating every record on the way (:class:`ReplayError` with the record index for
    an illegal decision, a checkpoint, events or error record that differs, or a missing end
    record in a file that is not truncated). After a ``ReplayError`` the stepper starts over from
    the beginning on the next move. Going backwards re-simulates from the start (games are short).
    A truncated replay can be stepped up to its last whole record; its end says so.

    Stepping goes decision by decision, so with a seat as viewer the sequence of moments still
    shows that some seat was asked something (``sgs replay show --as`` does not).
    """

    def __init__(self, replay: Replay) -> None:
        self.replay = replay
        self.decisions = len(replay.decisions)
        self.warnings: list[str] = list(replay.warnings)
        self._sim: Resimulator | None = None
        self._tellers: dict[tuple[int | None, str], _Teller] = {}

    # ------------------------------------------------------------ where we are
    @property
    def game(self) -> Any:
        """The re-simulated game at the current position."""
        return self._start().game

    @property
    def index(self) -> int:
        """The current position: the decision about to be taken (``decisions`` at the end)."""
        self._start()
        return self._pos

    @property
    def at_end(self) -> bool:
        return self.index >= self.decisions

    # ------------------------------------------------------------ moving
    def goto(self, n: int) -> None:
        """Go to the moment before decision ``n`` (``0 <= n <= decisions``; ``decisions`` is the
        end). Raises ``IndexError`` outside that range."""
        if not isinstance(n, int) or isinstance(n, bool) or not 0 <= n <= self.decisions:
            raise IndexError(f"decision {n!r} is not in this replay: it has {self.decisions} "
                             f"decisions (0-{max(self.decisions - 1, 0)})")
        if self._sim is not None and n < self._pos:
            self._sim = None  # backwards: re-simulate from the start
        self._start()
        while self._pos < n:
            self._advance()

    def goto_turn(self, turn: int) -> None:
        """Go to the start of turn ``turn`` (``-- Turn T --`` in ``sgs replay show``): the moment
        before its first decision. A turn in which nobody was asked anything starts at the next
        decision. Raises ``IndexError``, at the end of the replay, when the game ends first."""
        sim = self._start()
        if sim.game.turn_no >= turn and self._pos > 0:
            self._sim = None
            sim = self._start()
        while sim.game.turn_no < turn and self._pos < self.decisions:
            self._advance()
        if sim.game.turn_no < turn:
            raise IndexError(f"turn {turn} is not in this replay: it stops in turn "
                             f"{sim.game.turn_no}")

    def forward(self) -> bool:
        """Take the recorded decision; False (and no move) at the end."""
        self._start()
        if self._pos >= self.decisions:
            return False
        self._advance()
        return True

    def back(self) -> bool:
        """Go to the decision before, re-simulating from the start; False at decision 0."""
        pos = self.index
        if pos == 0:
            return False
        self.goto(pos - 1)
        return True

    # ------------------------------------------------------------ telling
    def moment(self, seat: int | None = None, lang: str = "en") -> Moment:
        """The current moment as ``seat`` sees it (None: everyone, every hand shown)."""
        if lang not in LANGS:
            raise ValueError(f"lang must be one of {LANGS}, got {lang!r}")
        sim = self._start()
        g = sim.game
        if seat is not None and not 0 <= seat < g.n:
            raise ValueError(f"seat {seat} is not in this {g.n}-player game")
        req = g.pending
        request: dict[str, Any] | None = None
        answer: Choice = None
        shown = False
        if req is not None and self._pos < self.decisions:
            if seat is None or seat == req.seat:
                request = {"seat": req.seat, "kind": req.kind, "prompt": list(req.prompt)}
                answer, shown = self.replay.decisions[self._pos][1], True
            else:
                request = {"waiting": True}
        events = g.events
        teller = self._tellers.get((seat, lang))
        if teller is None:
            teller = self._tellers[(seat, lang)] = _Teller(seat, lang)
        error = None if g.error is None else f"{g.error.kind}: {g.error.message}"
        return Moment(
            index=self._pos, decisions=self.decisions, turn=g.turn_no, round=g.round,
            phase=g.phase, current=g.current, seat=seat, request=request, answer=answer,
            answer_shown=shown, state=_seat_state(g, seat), events_from=self._from,
            events=list(json_events(events[self._from:], seat)),
            lines=teller.lines(events, self._from, len(events)),
            result=g.result, error=error,
            truncated=self._pos >= self.decisions and self.replay.truncated,
            warnings=list(self.warnings),
        )

    # ------------------------------------------------------------ the re-simulation
    def _start(self) -> Resimulator:
        """The simulation, started (at decision 0) if it is not."""
        if self._sim is not None:
            return self._sim
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            sim = Resimulator(self.replay.header)
        for w in sim.warnings:
            if w not in self.warnings:
                self.warnings.append(w)
        self._sim = sim
        self._pos = 0  # the next decision
        self._rec = 1  # the next record to feed
        self._k = 0  # the next choice in records[_rec] when it is a Decisions record
        self._from = 0  # the events since the previous decision start here
        try:
            self._settle()
        except ReplayError:
            self._sim = None
            raise
        return sim

    def _settle(self) -> None:
        """Feed the records before the next decision (checkpoints, events); at the end of the
        records, check that the replay is whole unless the file is truncated."""
        assert self._sim is not None
        records = self.replay.records
        while self._rec < len(records):
            rec = records[self._rec]
            if type(rec) is Decisions and self._k < len(rec.choices):
                return
            if type(rec) is not Decisions:
                self._sim.feed(self._rec, rec)
            self._rec += 1
            self._k = 0
        if not self.replay.truncated:
            self._sim.finish(len(records), self.replay.truncation)

    def _advance(self) -> None:
        sim = self._sim
        assert sim is not None
        rec = self.replay.records[self._rec]
        assert type(rec) is Decisions
        try:
            self._from = len(sim.game.events)
            sim._decision(self._rec, rec.seat, rec.choices[self._k], self._k, len(rec.choices))
            self._pos += 1
            self._k += 1
            self._settle()
        except ReplayError:
            self._sim = None
            raise
