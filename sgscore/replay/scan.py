"""Reading a replay in passes, so that the memory a command needs does not grow with the file.

:func:`scan_replay` reads a file once through and keeps what describes it (its header, how many
decisions and records it holds, whether it is cut short, its end and error records, the
warnings); it re-simulates the game when asked for events the file does not record. A second pass
then streams what a command prints: :func:`iter_decisions`, :func:`iter_events`. Commands that
print a whole replay (``sgs replay show``, ``export``) scan first, so that a file that cannot be
read is refused before anything is printed, then stream.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import dataclass, field

from ..core.protocol import Choice
from ..core.spec import GameState
from .reader import Decisions, Events, EventTuple, Limits, RecordReader
from .records import End, ErrorRecord, Header
from .resim import Resimulator

__all__ = ["ReplayScan", "scan_replay", "iter_decisions", "iter_events", "iter_numbered_events"]

Source = str | os.PathLike[str] | bytes


@dataclass
class ReplayScan:
    """What one pass over a replay found. ``game`` is the re-simulated game when the scan was
    asked for events the file does not record (its ``events`` are the replay's events), else
    None."""

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

    @property
    def summary(self) -> dict[str, object] | None:
        """The end record's summary (None when the file has no end)."""
        return None if self.end is None else self.end.summary()


def scan_replay(src: Source, *, events: bool = False, limits: Limits | None = None) -> ReplayScan:
    """Read ``src`` once through, keeping no record. With ``events``, a file that records none is
    re-simulated (every record checked, as :func:`~sgscore.replay.resimulate` with
    ``allow_truncated``): then ``game`` holds the events. Raises :class:`ReplayError` for a file
    that cannot be read, or that does not re-simulate when it had to be."""
    with RecordReader(src, limits) as rd:
        sim = (Resimulator(rd.header, max_events=rd.limits.max_events)
               if events and not rd.header.events else None)
        if sim is not None:
            sim.marks = []
        decisions = 0
        for index, rec in rd:
            if type(rec) is Decisions:
                decisions += len(rec.choices)
            if sim is not None:
                sim.feed(index, rec)
        if sim is not None and not rd.truncated:
            sim.finish(rd.index, rd.truncation)
        return ReplayScan(
            header=rd.header, decisions=decisions, records=rd.index, truncated=rd.truncated,
            truncation=rd.truncation, end=rd.end, error=rd.error, bytes=rd.size,
            game=None if sim is None else sim.game,
            warnings=rd.warnings + ([] if sim is None else sim.warnings),
            marks=None if sim is None else sim.marks,
        )


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
