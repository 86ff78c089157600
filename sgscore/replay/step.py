"""Stepping through a replay decision by decision: the table before a decision, what was asked,
what was answered, and what happened since the decision before.

:class:`Stepper` re-simulates a replay lazily, only as far as it is asked to go, and checks every
record on the way exactly as :class:`~sgscore.replay.resim.Resimulator` does (a decision that is
not legal, a checkpoint or events record that differs: :class:`~sgscore.replay.errors.ReplayError`
with the record index). Given a file (a path or bytes) it reads the records as it goes, so its
memory does not grow with the file; given a :class:`~sgscore.replay.reader.Replay` already read,
it steps through its records.

Positions are decision indices: position ``n`` (``0 <= n < stepper.decisions``) is the moment
before recorded decision ``n`` (0 is the first), with that decision's request pending; position
``stepper.decisions`` is the end of the replay (the result, the engine error, or where a truncated
file stops). Going backwards re-simulates from the start: games are short (a few hundred
decisions, milliseconds to replay), so nothing is kept to undo a decision.
"""

from __future__ import annotations

import os
import warnings
from collections.abc import Generator
from dataclasses import dataclass, field, replace
from typing import Any

from ..core.protocol import Choice
from ..core.spec import LANGS, AnyGame, GameState, Teller
from .errors import ReplayError
from .reader import AnyRecord, Decisions, Limits, RecordReader, Replay
from .render import json_events, jsonable, visible_events
from .resim import Resimulator, spec_of

__all__ = ["Stepper", "Moment", "SeatWatch"]


@dataclass(frozen=True)
class Moment:
    """One stop of a :class:`Stepper`, as one viewer sees it.

    ``index`` is the decision about to be taken (``decisions`` at the end), numbered from 0 as
    everywhere in the toolkit. A moment of a seat that sees only its own decisions
    (:meth:`Stepper.seat_moment`) has no ``index`` and ``decisions`` (None: how many decisions
    other seats took would tell what they could answer) but ``own``, how many decisions of its
    own came before, and its ``events`` are those since its previous decision. ``request`` is
    ``{"seat", "kind", "prompt"}`` of the pending request, ``{"waiting": True}`` when the viewer
    is a seat other than the one asked (as ``Game.view`` shows it), None at the end; ``answer``
    is the recorded choice (None when hidden, see ``answer_shown``, or at the end); ``question``
    and ``answer_text`` say both in words (None when hidden). ``state`` is ``view(seat)`` (or the
    game's full view, every hand shown, for ``seat=None``) without its events. ``events`` are the
    events since the previous decision (since the start for decision 0), each ``[kind, *args]``
    plus its hidden part when the viewer may see it, from event number ``events_from``; ``lines``
    are the same events told in words; ``event_lines`` gives, for each of ``events``, the index
    in ``lines`` of its first line (the number of lines before it), to tell which lines an event
    led to (``sgs replay html`` splits a moment's lines where a turn begins).
    """

    index: int | None
    decisions: int | None
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
    question: str | None = None
    #: The end of a saved game (a suspended record): the game waits on ``question`` there.
    suspended: bool = False
    answer_text: str | None = None
    lang: str = "en"
    end: bool = False
    own: int | None = None
    event_lines: tuple[int, ...] = ()

    @property
    def at_end(self) -> bool:
        return self.end

    def to_json(self, *, raw: bool = True, plain: bool = True) -> dict[str, Any]:
        """Plain JSON-ready data (tuples become lists); ``raw=False`` leaves out ``answer``,
        ``state`` and ``events`` (what the question, the answer's words and the lines tell);
        ``plain=False`` leaves the values as they are (tuples stay tuples: the same JSON once
        written, without copying the state)."""
        copy = jsonable if plain else _same
        out = {
            "decision": self.index, "decisions": self.decisions, "own": self.own,
            "end": self.at_end,
            "turn": self.turn, "round": self.round, "phase": self.phase,
            "current": self.current, "seat": self.seat, "request": copy(self.request),
            "answer": copy(self.answer) if raw else None, "answer_shown": self.answer_shown,
            "state": copy(self.state) if raw else None, "events_from": self.events_from,
            "events": self.events if raw else None, "lines": list(self.lines),
            "result": copy(self.result), "error": self.error, "truncated": self.truncated,
            "suspended": self.suspended, "question": self.question,
            "answer_text": self.answer_text,
        }
        if not raw:
            for key in ("answer", "state", "events"):
                del out[key]
        return out


def _same(x: Any) -> Any:
    return x


class _Telling:
    """An incremental account of the events for one viewer and language, so that telling the
    events of each moment in turn costs what telling the whole game once does."""

    def __init__(self, spec: AnyGame, seat: int | None, lang: str) -> None:
        self.spec = spec
        self.seat = seat
        self.lang = lang
        self.teller = spec.teller(seat=seat, lang=lang)
        self.told = 0  # events fed so far
        self.starts: tuple[int, ...] = ()  # see lines()

    def lines(self, events: list[Any], start: int, stop: int) -> list[str]:
        """The lines of ``events[start:stop]``; :attr:`starts` then holds the index in them of
        each event's first line."""
        if start < self.told:
            self.teller = self.spec.teller(seat=self.seat, lang=self.lang)
            self.told = 0
        for kind, args, hidden in visible_events(events[self.told:start], self.seat):
            self.teller.lines(str(kind), args, hidden)
        out: list[str] = []
        starts: list[int] = []
        for kind, args, hidden in visible_events(events[start:stop], self.seat):
            starts.append(len(out))
            out.extend(line for line in self.teller.lines(str(kind), args, hidden)
                       if line.strip())
        self.starts = tuple(starts)
        self.told = stop
        return out


def _seat_moment(spec: AnyGame, telling: _Telling, g: GameState, seat: int, own: int,
                since: int, answer: Choice, at_end: bool, truncated: bool = False,
                suspended: bool = False) -> Moment:
    """A moment of ``seat`` that sees only its own decisions (see :meth:`Stepper.seat_moment`):
    built from what that seat may see and nothing else."""
    events = g.events
    lines = telling.lines(events, since, len(events))
    teller = telling.teller
    req = g.pending
    request: dict[str, Any] | None = None
    question = answer_text = None
    if not at_end and req is not None:
        if req.seat != seat:
            raise ValueError(f"seat {req.seat} is asked, not seat {seat}: a seat's moment is one "
                             "of its own decisions, or the end")
        request = {"seat": req.seat, "kind": req.kind, "prompt": list(req.prompt)}
        question = teller.ask(req.kind, req.seat, req.prompt)
        answer_text = teller.describe(req.kind, answer)
    elif suspended and req is not None and req.seat == seat:  # the question it was saved on
        request = {"seat": req.seat, "kind": req.kind, "prompt": list(req.prompt)}
        question = teller.ask(req.kind, req.seat, req.prompt)
    error = None if g.error is None else f"{g.error.kind}: {g.error.message}"
    return Moment(
        index=None, decisions=None, turn=g.turn_no, round=g.round, phase=g.phase,
        current=g.current, seat=seat, request=request, answer=None if at_end else answer,
        answer_shown=not at_end, state=spec.table_view(g, seat), events_from=since,
        events=list(json_events(events[since:], seat)), lines=lines, result=g.result,
        error=error, truncated=truncated, question=question, answer_text=answer_text,
        lang=telling.lang, end=at_end, own=own, event_lines=telling.starts,
        suspended=suspended,
    )


class SeatWatch:
    """One seat's story of a live game, told as ``sgs replay step --as SEAT`` tells a replay:
    call :meth:`moment` whenever the game asks this seat (with the choice it makes) and once at
    the end. Each moment holds what the seat may see since its previous one, and nothing that
    depends on other seats' hidden cards (not even how many decisions they took)."""

    def __init__(self, spec: AnyGame, seat: int, lang: str = "en") -> None:
        if lang not in LANGS:
            raise ValueError(f"lang must be one of {LANGS}, got {lang!r}")
        self.seat = seat
        self.spec = spec
        self._telling = _Telling(spec, seat, lang)
        self._own = 0
        self._since = 0

    @property
    def teller(self) -> Teller:
        """The teller of this seat's story (it has seen the events told so far)."""
        return self._telling.teller

    def moment(self, game: GameState, answer: Choice = None) -> Moment:
        """The seat's moment now: ``game`` asks this seat (``answer``: its choice) or is over."""
        at_end = game.over
        m = _seat_moment(self.spec, self._telling, game, self.seat, self._own, self._since,
                        answer, at_end)
        self._own += not at_end
        self._since = len(game.events)
        return m


class Stepper:
    """Goes to any decision of a replay, or the start of any turn, and tells the moment.

    ``Stepper(path)`` (or bytes, or a :class:`Replay`); then :meth:`goto`, :meth:`goto_turn`,
    :meth:`forward`, :meth:`back` and :meth:`moment`. Re-simulation is lazy: it runs only as far as the position
    asked for, validating every record on the way (:class:`ReplayError` with the record index for
    an illegal decision, a checkpoint, events or error record that differs, or a missing end
    record in a file that is not truncated). After a ``ReplayError`` the stepper starts over from
    the beginning on the next move. Going backwards re-simulates from the start (games are short).
    A truncated replay can be stepped up to its last whole record; its end says so. A saved game
    (a suspended record) ends at the question it was saved on (``Moment.suspended``).

    Stepping goes decision by decision, so with a seat as viewer the sequence of moments still
    shows that some seat was asked something (``sgs replay show --as`` does not).
    """

    def __init__(self, replay: Replay | str | os.PathLike[str] | bytes, *,
                 limits: Limits | None = None) -> None:
        if isinstance(replay, Replay):
            self.replay: Replay | None = replay
            self._source: str | os.PathLike[str] | bytes | None = None
            self.header = replay.header
            self.decisions = len(replay.decisions)
            self.truncated, self.truncation = replay.truncated, replay.truncation
            #: Whether the file is a saved game: it ends with a suspended record.
            self.suspended: bool = replay.suspended is not None
            self._records = len(replay.records)
            self.warnings: list[str] = list(replay.warnings)
            self._seats = bytes(seat for seat, _ in replay.decisions)
        else:  # read once through now (an unreadable file fails here), then as it is stepped
            with RecordReader(replay, limits) as rd:
                seats = bytearray()  # who takes each decision, for stops(): 0-255 (MAX_SEAT)
                for _, rec in rd:
                    if type(rec) is Decisions:
                        seats.extend(bytes((rec.seat,)) * len(rec.choices))
            self.replay = None
            self._source = replay
            self.header = rd.header
            self.decisions = len(seats)
            self.truncated, self.truncation = rd.truncated, rd.truncation
            self.suspended = rd.suspended is not None
            self._records = rd.index
            self.warnings = list(rd.warnings)
            self._seats = bytes(seats)
        self._limits = limits
        self.spec = spec_of(self.header)
        self._sim: Resimulator | None = None
        self._it: Generator[tuple[int, AnyRecord], None, None] | None = None
        self._cur: tuple[int, AnyRecord] | None = None  # the record at the position
        self._tellings: dict[tuple[int | None, str], _Telling] = {}
        self._stops: dict[int, list[int]] = {}  # per seat: see stops()
        self._marks: dict[int, int] = {}  # position -> the events before it (the same each run)

    # ------------------------------------------------------------ where we are
    @property
    def game(self) -> GameState:
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

    # ------------------------------------------------------------ one seat's stops
    def stops(self, seat: int) -> list[int]:
        """The moments ``seat`` itself observes: the positions of its own recorded decisions,
        then the end (``decisions``). Read from the records (when the stepper was made), without
        re-simulating."""
        found = self._stops.get(seat)
        if found is None:
            found = [k for k, s in enumerate(self._seats) if s == seat] + [self.decisions]
            self._stops[seat] = found
        return found

    def goto_stop(self, seat: int, n: int = 0) -> None:
        """Go to ``seat``'s first stop (:meth:`stops`) at or after decision ``n``."""
        if not isinstance(n, int) or isinstance(n, bool) or not 0 <= n <= self.decisions:
            raise IndexError(f"decision {n!r} is not in this replay: it has {self.decisions} "
                             f"decisions (0-{max(self.decisions - 1, 0)})")
        self.goto(next(k for k in self.stops(seat) if k >= n))

    def next_stop(self, seat: int) -> bool:
        """Go to ``seat``'s next stop after the current position; False (no move) at the end."""
        pos = self.index
        if pos >= self.decisions:
            return False
        self.goto(next(k for k in self.stops(seat) if k > pos))
        return True

    def prev_stop(self, seat: int) -> bool:
        """Go to ``seat``'s stop before the current position; False (no move) at its first."""
        pos = self.index
        before = [k for k in self.stops(seat) if k < pos]
        if not before:
            return False
        self.goto(before[-1])
        return True

    def seat_moment(self, seat: int, lang: str = "en") -> Moment:
        """The current moment as ``seat`` observes it when it sees only its own decisions: the
        position must be one of its :meth:`stops`. No decision numbers (``index`` and
        ``decisions`` are None; ``own`` counts its own decisions before this one); the events are
        those since its previous stop. Two games that differ only in what ``seat`` may not see
        give the same seat moments (:class:`SeatWatch` gives the same for a live game)."""
        if lang not in LANGS:
            raise ValueError(f"lang must be one of {LANGS}, got {lang!r}")
        sim = self._start()
        g = sim.game
        if not 0 <= seat < g.seats:
            raise ValueError(f"seat {seat} is not in this {g.seats}-player game")
        stops = self.stops(seat)
        pos = self._pos
        if pos not in stops:
            raise ValueError(f"decision {pos} is not one of seat {seat}'s own decisions")
        own = stops.index(pos)
        since = self._marks[stops[own - 1]] if own > 0 else 0
        telling = self._tellings.get((seat, lang))
        if telling is None:
            telling = self._tellings[(seat, lang)] = _Telling(self.spec, seat, lang)
        at_end = pos >= self.decisions
        answer: Choice = None if at_end else self._expected()
        m = _seat_moment(self.spec, telling, g, seat, own, since, answer, at_end,
                         at_end and self.truncated, at_end and self.suspended)
        return replace(m, warnings=list(self.warnings))

    # ------------------------------------------------------------ telling
    def moment(self, seat: int | None = None, lang: str = "en") -> Moment:
        """The current moment as ``seat`` sees it (None: everyone, every hand shown)."""
        if lang not in LANGS:
            raise ValueError(f"lang must be one of {LANGS}, got {lang!r}")
        sim = self._start()
        g = sim.game
        if seat is not None and not 0 <= seat < g.seats:
            raise ValueError(f"seat {seat} is not in this {g.seats}-player game")
        events = g.events
        telling = self._tellings.get((seat, lang))
        if telling is None:
            telling = self._tellings[(seat, lang)] = _Telling(self.spec, seat, lang)
        lines = telling.lines(events, self._from, len(events))
        teller = telling.teller
        req = g.pending
        request: dict[str, Any] | None = None
        answer: Choice = None
        shown = False
        question = answer_text = None
        recorded: Choice = None if self._pos >= self.decisions else self._expected()
        if req is not None and self._pos < self.decisions:
            if seat is None or seat == req.seat:
                request = {"seat": req.seat, "kind": req.kind, "prompt": list(req.prompt)}
                answer, shown = recorded, True
                question = teller.ask(req.kind, req.seat, req.prompt)
                answer_text = teller.describe(req.kind, answer)
            else:
                request = {"waiting": True}
        suspended = self._pos >= self.decisions and self.suspended
        if suspended and req is not None:  # the question the saved game waits on, unanswered
            if seat is None or seat == req.seat:
                request = {"seat": req.seat, "kind": req.kind, "prompt": list(req.prompt)}
                question = teller.ask(req.kind, req.seat, req.prompt)
            else:
                request = {"waiting": True}
        error = None if g.error is None else f"{g.error.kind}: {g.error.message}"
        return Moment(
            index=self._pos, decisions=self.decisions, turn=g.turn_no, round=g.round,
            phase=g.phase, current=g.current, seat=seat, request=request, answer=answer,
            answer_shown=shown, state=self.state(seat), events_from=self._from,
            events=list(json_events(events[self._from:], seat)), lines=lines,
            result=g.result, error=error,
            truncated=self._pos >= self.decisions and self.truncated,
            warnings=list(self.warnings), question=question, answer_text=answer_text,
            lang=lang, end=self._pos >= self.decisions, event_lines=telling.starts,
            suspended=suspended,
        )

    def state(self, seat: int | None) -> dict[str, Any]:
        """The table now as ``seat`` sees it (None: everything), without the events."""
        g = self._start().game
        return self.spec.full_view(g) if seat is None else self.spec.table_view(g, seat)

    def teller(self, seat: int | None = None, lang: str = "en") -> Teller:
        """The teller of this moment's viewer: it has seen the events so far (names, roles)."""
        telling = self._tellings.get((seat, lang))
        if telling is None:
            self.moment(seat, lang)
            telling = self._tellings[(seat, lang)]
        return telling.teller

    # ------------------------------------------------------------ the re-simulation
    def _iter_records(self) -> Generator[tuple[int, AnyRecord], None, None]:
        """The records after the header with their indices, from the start."""
        if self.replay is not None:
            yield from enumerate(self.replay.records[1:], start=1)
            return
        assert self._source is not None
        with RecordReader(self._source, self._limits) as rd:
            yield from rd

    def _next_record(self) -> None:
        assert self._it is not None
        self._cur = next(self._it, None)
        self._k = 0  # the next choice of the current record when it is a Decisions record

    def _choice(self) -> Any:
        assert self._cur is not None
        rec = self._cur[1]
        assert type(rec) is Decisions
        return rec.choices[self._k]

    def _expected(self) -> Any:
        """The recorded decision about to be taken, checked first as re-simulation will take it
        (:meth:`Resimulator.expect`): a moment shows only a decision the game asks of that seat
        and takes, never one a file made up. Raises :class:`ReplayError` as stepping past it
        would (the stepper then starts over on the next move)."""
        assert self._sim is not None and self._cur is not None
        index, rec = self._cur
        assert type(rec) is Decisions
        choice = rec.choices[self._k]
        try:
            self._sim.expect(index, rec.seat, choice, self._k, len(rec.choices))
        except ReplayError:
            self._sim = None
            raise
        return choice

    def _start(self) -> Resimulator:
        """The simulation, started (at decision 0) if it is not."""
        if self._sim is not None:
            return self._sim
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            sim = Resimulator(self.header, max_events=(self._limits or Limits()).max_events)
        for w in sim.warnings:
            if w not in self.warnings:
                self.warnings.append(w)
        if self._it is not None:
            self._it.close()  # closes the file it reads
        self._sim = sim
        self._it = self._iter_records()
        self._next_record()
        self._pos = 0  # the next decision
        self._from = 0  # the events since the previous decision start here
        try:
            self._settle()
        except ReplayError:
            self._sim = None
            raise
        self._marks[0] = len(sim.game.events)
        return sim

    def _settle(self) -> None:
        """Feed the records before the next decision (checkpoints, events); at the end of the
        records, check that the replay is whole unless the file is truncated."""
        assert self._sim is not None
        while self._cur is not None:
            index, rec = self._cur
            if type(rec) is Decisions:
                if self._k < len(rec.choices):
                    return
            else:
                self._sim.feed(index, rec)
            self._next_record()
        if not self.truncated:
            self._sim.finish(self._records, self.truncation)

    def _advance(self) -> None:
        sim = self._sim
        assert sim is not None and self._cur is not None
        index, rec = self._cur
        assert type(rec) is Decisions
        try:
            self._from = len(sim.game.events)
            sim.decide(index, rec.seat, rec.choices[self._k], self._k, len(rec.choices))
            self._pos += 1
            self._k += 1
            self._settle()
            self._marks[self._pos] = len(sim.game.events)
        except ReplayError:
            self._sim = None
            raise
