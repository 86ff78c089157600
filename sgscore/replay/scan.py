"""Reading a replay in passes, so that the memory a command needs does not grow with the file.

:func:`scan_replay` reads a file once through and keeps what describes it (its header, how many
decisions and records it holds, whether it is cut short, its end and error records, the
warnings), then re-simulates it, checking every record as ``sgs replay validate`` does: what a
command tells of the game (its events, its summary) is then the re-simulation's, and never a
value the file made up. Where the file parts from re-simulation, the scan raises, or, for a
command that tells the game as far as it holds (``sgs replay show``), keeps the game up to that
record and says where (``failure``). ``sgs stats`` scans without re-simulating
(``check=False``): it reads the end record as written. A second pass then streams what a command
prints: :func:`iter_decisions`, :func:`iter_events`, :func:`iter_numbered_events`.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import dataclass, field

from ..core.protocol import Choice
from ..core.spec import GameState
from ..core.telling import plain
from .errors import ReplayError
from .reader import Decisions, Events, EventTuple, Limits, RecordReader
from .records import End, ErrorRecord, Header
from .resim import Resimulator

__all__ = ["ReplayScan", "scan_replay", "iter_decisions", "iter_events", "iter_numbered_events"]

Source = str | os.PathLike[str] | bytes


@dataclass
class ReplayScan:
    """What a pass over a replay found: what the file holds (``header``, ``decisions``,
    ``records``, ``truncated``, ``end``, ``error``, ``bytes``, ``warnings``) and, when the scan
    re-simulated it (``checked``, or events asked of a file that records none), ``game``, the
    re-simulated game (its ``events`` are the replay's events), with ``marks``.

    ``failure``: the first record where the file parts from re-simulation, when the scan was
    asked to keep going to it (``partial``); ``game`` then stops before that record, and
    ``summary`` is None."""

    header: Header
    decisions: int
    records: int
    truncated: bool
    truncation: str | None
    end: End | None
    error: ErrorRecord | None
    bytes: int
    game: GameState | None = None
    warnings: list[str] = field(default_factory=list)
    #: With ``game``: the number of events before each decision (see :func:`iter_numbered_events`).
    marks: list[int] | None = None
    #: Whether every record was checked against a re-simulation (the default of :func:`scan_replay`).
    checked: bool = False
    failure: ReplayError | None = None
    #: The decisions of a saved game (its suspended record: a game so far), else None.
    suspended: int | None = None

    @property
    def summary(self) -> dict[str, object] | None:
        """The game's summary: re-simulation's when the scan was ``checked`` (so the end record
        held, entry for entry: the only value that differs from the file's is the final hash of
        a file another engine version recorded, which covers the engine version and is this
        engine's here), else the end record's as written. None when the file has no end, or
        parts from re-simulation before it."""
        if self.end is None or self.failure is not None:
            return None
        if self.checked and self.game is not None:
            out: dict[str, object] = plain(self.game.summary())
            return out
        return self.end.summary()


def scan_replay(src: Source, *, events: bool = False, check: bool = True, partial: bool = False,
                limits: Limits | None = None) -> ReplayScan:
    """Read ``src`` once through, keeping no record (a file that cannot be read raises
    :class:`ReplayError` here, before anything is re-simulated), then re-simulate it, checking
    every decision, checkpoint, events record, error record and the end record as
    :func:`~sgscore.replay.validate_file` does (``checked``; ``game`` is the re-simulated game,
    whose events and summary are what a command tells). A truncated file is checked as far as it
    goes.

    Where the file parts from re-simulation, :class:`ReplayError` names the record; with
    ``partial`` the scan returns instead, its ``failure`` that error and its ``game`` the game up
    to that record (a failure at record 0, a game that cannot start, still raises).

    ``check=False`` reads without re-simulating (``sgs stats``, for speed): the summary is the
    end record's as written, a well-formed record but not a proven one; with ``events``, a file
    that records none is still re-simulated to get them (and checked)."""
    with RecordReader(src, limits) as rd:
        decisions = 0
        for _, rec in rd:
            if type(rec) is Decisions:
                decisions += len(rec.choices)
        found = ReplayScan(
            header=rd.header, decisions=decisions, records=rd.index, truncated=rd.truncated,
            truncation=rd.truncation, end=rd.end, error=rd.error, bytes=rd.size,
            warnings=list(rd.warnings),
            suspended=None if rd.suspended is None else rd.suspended.at)
    if not check and not (events and not found.header.events):
        return found
    found.checked = check
    with RecordReader(src, limits) as rd:
        sim = Resimulator(rd.header, max_events=rd.limits.max_events)
        sim.marks = []
        found.game, found.marks = sim.game, sim.marks
        found.warnings += sim.warnings
        try:
            for index, rec in rd:
                sim.feed(index, rec)
            if not rd.truncated:
                sim.finish(rd.index, rd.truncation)
        except ReplayError as e:
            if not partial or e.record == 0:
                raise
            found.failure = e
    return found


def iter_decisions(src: Source, *, limits: Limits | None = None) -> Iterator[tuple[int, Choice]]:
    """``(seat, choice)`` for each decision of ``src``, read as they come."""
    with RecordReader(src, limits) as rd:
        for _, rec in rd:
            if type(rec) is Decisions:
                for choice in rec.choices:
                    yield rec.seat, choice


def iter_events(src: Source, scan: ReplayScan, *,
                limits: Limits | None = None) -> Iterator[EventTuple]:
    """The events of the replay ``scan`` describes: the re-simulated game's, or those its events
    records hold, read as they come."""
    if scan.game is not None:
        yield from scan.game.events
        return
    if not scan.header.events:
        return
    with RecordReader(src, limits) as rd:
        for _, rec in rd:
            if type(rec) is Events:
                yield from rec.events



def iter_numbered_events(src: Source, scan: ReplayScan, *,
                         limits: Limits | None = None) -> Iterator[tuple[int, EventTuple]]:
    """``(decision, event)`` for each event of the replay ``scan`` describes: ``decision`` is the
    number of the decision that led to it (decisions are numbered from 0, as everywhere in the
    toolkit), -1 for the events of the setup, before any decision.

    A re-simulated replay knows where each decision fell (``scan.marks``); a replay that records
    its events says it by the order of its records (each decision's events are written before the
    next decision)."""
    if scan.game is not None:
        marks = scan.marks or []
        n = -1
        for i, ev in enumerate(scan.game.events):
            while n + 1 < len(marks) and marks[n + 1] <= i:
                n += 1
            yield n, ev
        return
    if not scan.header.events:
        return
    with RecordReader(src, limits) as rd:
        taken = 0
        for _, rec in rd:
            if type(rec) is Decisions:
                taken += len(rec.choices)
            elif type(rec) is Events:
                for ev in rec.events:
                    yield taken - 1, ev
