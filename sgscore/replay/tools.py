"""Replay tools over the reader and the re-simulator: compare two replays, re-record one with this
engine, export one as JSON.

- :func:`diff_replays` re-simulates two replays side by side and finds the first point, in game
  order, where the two games part: an event, a decision, the end (one game goes on), or the
  summaries. Each file is checked as it is re-simulated; one that does not hold is reported with
  its record index instead.
- :func:`resim_file` replays a file's decisions on this engine and writes them as a new replay
  (this engine's version and rules hash, events on or off), checking every record on the way;
  where this engine parts from the file, it writes nothing and raises :class:`ReplayError` with the
  record index.
- :func:`export_replay` gives a whole replay as JSON-ready data (docs/replay-format.md,
  "JSON export").

The final state hash includes the engine version, so the end record of a replay recorded by
another engine version can never hold this engine's hash: these tools check every other summary
entry of such a file, and compare the hashes of two files only when they name the same engine.
"""

from __future__ import annotations

import io
import json
import os
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from typing import IO, Any, NamedTuple, Protocol

from ..core.games import get_game
from ..core.protocol import same_value
from ..core.telling import plain
from .errors import ReplayError, json_text
from .reader import Decisions, Events, Limits, RecordReader
from .records import End, ErrorRecord, HashRecord, Header, Suspended
from .resim import Resimulator, spec_of
from .scan import iter_events, scan_replay
from .writer import ReplayWriter, atomic_output

__all__ = [
    "ReplayDiff", "ResimResult", "diff_replays", "resim_file", "export_replay", "write_export",
    "header_json",
]

Source = str | os.PathLike[str] | bytes
GAME_FIELDS = ("game", "rng", "seed", "config")
"""Header fields that make the game: a difference in one of them makes two replays differ."""
NOTE_FIELDS = ("engine", "rules", "agents", "events")
"""Header fields that do not: reported, but two games that agree otherwise are the same."""




def _name(src: Source) -> str:
    return "<bytes>" if isinstance(src, bytes) else os.fspath(src)


def header_json(header: Header) -> dict[str, Any]:
    """The header under its readable field names, its config with the format's defaults filled in
    (``format``, ``version``, ``engine``, ``game``, ``rules``, ``rng``, ``seed``, ``config``,
    ``agents``, ``events``)."""
    data: dict[str, Any] = plain(header.to_dict(short=False))
    spec = get_game(header.game)
    if spec is not None:
        data["config"] = spec.full_config(data["config"])
    return data


def _agents(header: Header) -> list[str]:
    """The agents, one per seat (a single description stands for every seat)."""
    if isinstance(header.agents, list):
        return list(header.agents)
    spec = get_game(header.game)
    n = spec.seats(header_json(header)["config"]) if spec is not None else 1
    return [header.agents] * max(1, min(n, 256))


def _unexpected(index: int, e: Exception) -> ReplayError:
    text = " ".join(str(e).split())
    return ReplayError(index, f"unexpected {type(e).__name__}: {text[:200]}")


# ---------------------------------------------------------------------------- diff
class _Item(NamedTuple):
    """One step of a game, in game order: an event, a decision, or the end."""

    kind: str  # "event", "decision" or "end"
    number: int  # the event's index, the decision's number (0 = the first), or the decisions taken
    record: int  # the record that holds it (or, for a re-simulated event, caused it)
    decisions: int  # decisions taken before it
    value: Any  # the event, (seat, choice), or the summary (None for a truncated file)


class _Side:
    """One file being re-simulated record by record, giving its game's steps in order."""

    def __init__(self, src: Source, limits: Limits | None) -> None:
        self.name = _name(src)
        self.src = src
        self.limits = limits
        self.header: Header | None = None
        self.warnings: list[str] = []
        self.truncation: str | None = None
        self.index = 0  # the record being read

    def items(self) -> Iterator[_Item]:
        """The game's steps; raises :class:`ReplayError` where the file does not hold."""
        try:
            yield from self._items()
        except ReplayError:
            raise
        except Exception as e:  # untrusted input: a verdict, never a traceback
            raise _unexpected(self.index, e) from None

    def _items(self) -> Iterator[_Item]:
        with RecordReader(self.src, self.limits) as rd:
            self.header = rd.header
            sim = Resimulator(rd.header, max_events=rd.limits.max_events)
            self.warnings = sim.warnings
            game = sim.game
            shown = 0  # events given so far
            cause = 0  # the record whose decision led to the events not yet given
            ev_records: list[tuple[int, int]] = []  # (first event, record) of events records

            def events_so_far() -> Iterator[_Item]:
                nonlocal shown
                evs = game.events
                while shown < len(evs):
                    while len(ev_records) > 1 and ev_records[1][0] <= shown:
                        ev_records.pop(0)
                    rec_i = ev_records[0][1] if ev_records and ev_records[0][0] <= shown else cause
                    yield _Item("event", shown, rec_i, sim.decisions, evs[shown])
                    shown += 1

            error: ErrorRecord | None = None
            try:
                for self.index, rec in rd:
                    t = type(rec)
                    if t is Decisions:
                        for choice in rec.choices:  # type: ignore[union-attr]
                            yield from events_so_far()
                            sim.feed(self.index, Decisions(rec.seat, (choice,)))  # type: ignore[union-attr]
                            cause = self.index
                            yield _Item("decision", sim.decisions - 1, self.index, sim.decisions - 1,
                                        (rec.seat, choice))  # type: ignore[union-attr]
                    elif t is Events:
                        sim.feed(self.index, rec)
                        ev_records.append((rec.at, self.index))  # type: ignore[union-attr]
                    elif t is End:
                        sim.feed(self.index, rec)
                        yield from events_so_far()
                        summary = rec.summary()  # type: ignore[union-attr]
                        if error is not None:
                            summary["error"] = f"{error.kind}: {error.msg}"
                        yield _Item("end", sim.decisions, self.index, sim.decisions, summary)
                    else:
                        sim.feed(self.index, rec)
                        if t is ErrorRecord:
                            error = rec  # type: ignore[assignment]
            finally:
                self.warnings = self.warnings + rd.warnings
            if rd.truncated:
                self.truncation = rd.truncation
                yield from events_so_far()
                yield _Item("end", sim.decisions, rd.index, sim.decisions, None)
            else:
                sim.finish(rd.index, rd.truncation)


@dataclass
class ReplayDiff:
    """What :func:`diff_replays` found.

    ``same``: the two replays hold the same game (same game, seed and config, same decisions,
    events and summary; engine, rules hash, agents and the events setting may differ: they are
    in ``header`` as notes). ``header``: ``{"field", "a", "b", "note"}`` per differing header
    field (``note`` is true for a field that does not make the game). ``first_difference``:
    ``{"kind", "decision", "event", "record_a", "record_b", "a", "b"}`` or None; ``decision``
    numbers decisions from 0 as every tool does: the differing decision, for an event the decision
    that led to it (-1: the setup, as ``sgs replay show`` numbers its lines), else the decisions
    both games took. ``errors``:
    ``{"file", "record", "reason"}`` per file that does not re-simulate (then ``same`` is
    false). ``game``: the game id of the first file (of the second when the first has none)."""

    a: str
    b: str
    same: bool
    header: list[dict[str, Any]]
    first_difference: dict[str, Any] | None
    decisions: int = 0
    events: int = 0
    notes: list[str] = field(default_factory=list)
    errors: list[dict[str, Any]] = field(default_factory=list)
    game: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "a": self.a, "b": self.b, "game": self.game, "same": self.same,
            "header": plain(self.header),
            "first_difference": plain(self.first_difference), "decisions": self.decisions,
            "events": self.events, "notes": list(self.notes), "errors": list(self.errors),
        }


def _header_diff(ha: Header, hb: Header) -> list[dict[str, Any]]:
    ja, jb = header_json(ha), header_json(hb)
    ja["agents"], jb["agents"] = _agents(ha), _agents(hb)
    return [{"field": f, "a": ja.get(f), "b": jb.get(f), "note": f in NOTE_FIELDS}
            for f in (*GAME_FIELDS, *NOTE_FIELDS) if ja.get(f) != jb.get(f)]


def _summary_keys(sa: dict[str, Any], sb: dict[str, Any], hashes: bool) -> list[str]:
    keys = [k for k in sa if k not in sb or not same_value(sa[k], sb[k])]
    keys += [k for k in sb if k not in sa]
    return [k for k in keys if hashes or k != "hash"]


def _difference(xa: _Item | None, xb: _Item | None, hashes: bool) -> dict[str, Any] | None:
    """The difference between two steps at the same place of the two games, or None."""
    if xa is None or xb is None:  # a file that stopped being readable: reported as an error
        return None
    same_kind = xa.kind == xb.kind
    if same_kind and xa.kind == "end":
        if xa.value is None or xb.value is None:
            if xa.value is None and xb.value is None:
                return None
            kind = "length"
        else:
            keys = _summary_keys(xa.value, xb.value, hashes)
            if not keys:
                return None
            out = _diff("summary", xa, xb, xa.value, xb.value)
            out["keys"] = keys
            return out
    elif same_kind and xa.kind == "decision":
        if same_value(xa.value, xb.value):
            return None
        kind = "decision"
    elif same_kind and xa.kind == "event":
        if same_value(xa.value, xb.value) and xa.number == xb.number:
            return None
        kind = "event"
    elif "end" in (xa.kind, xb.kind):
        kind = "length"  # one game is over (or its file stops) while the other goes on
    else:
        kind = "event"  # one game has an event where the other asks for a decision
    return _diff(kind, xa, xb,
                 None if xa.kind == "end" and kind != "summary" else xa.value,
                 None if xb.kind == "end" and kind != "summary" else xb.value)


def _diff(kind: str, xa: _Item, xb: _Item, va: Any, vb: Any) -> dict[str, Any]:
    event = next((x.number for x in (xa, xb) if x.kind == "event"), None)
    if kind == "decision":
        decision = xa.number
    elif kind == "event":  # the decision that led to it, as `sgs replay show` numbers its lines
        decision = min(xa.decisions, xb.decisions) - 1
    else:  # the decisions both games took
        decision = min(xa.decisions, xb.decisions)
    if kind == "event":
        va = va if xa.kind == "event" else None
        vb = vb if xb.kind == "event" else None
    return {"kind": kind, "decision": decision, "event": event if kind == "event" else None,
            "record_a": xa.record, "record_b": xb.record, "a": plain(va), "b": plain(vb)}


class _Walk:
    """Both files' steps, side by side, keeping each file's first error."""

    def __init__(self, sides: list[_Side]) -> None:
        self.sides = sides
        self.its = [s.items() for s in sides]
        self.errors: list[dict[str, Any] | None] = [None, None]
        self.steps = [0, 0]  # how many steps each file gave

    def step(self, i: int) -> _Item | None:
        if self.errors[i] is not None:
            return None
        try:
            x = next(self.its[i], None)
        except ReplayError as e:
            self.errors[i] = {"file": self.sides[i].name, "record": e.record, "reason": e.reason}
            return None
        if x is not None:
            self.steps[i] += 1
        return x

    def first_difference(self) -> tuple[dict[str, Any] | None, list[int]]:
        """The first difference while both files hold, and how many decisions and events agreed
        before it."""
        first: dict[str, Any] | None = None
        counts = [0, 0]
        hashes = True
        while first is None:
            xa, xb = self.step(0), self.step(1)
            if xa is None or xb is None:
                break
            if self.steps == [1, 1]:
                ha, hb = self.sides[0].header, self.sides[1].header
                hashes = ha is not None and hb is not None and ha.engine == hb.engine
            first = _difference(xa, xb, hashes)
            if first is None and xa.kind in ("decision", "event"):
                counts[0 if xa.kind == "decision" else 1] += 1
            if xa.kind == "end" and xb.kind == "end":
                break
        return first, counts

    def finish(self) -> None:
        """Check the rest of each file."""
        for i in (0, 1):
            while self.step(i) is not None:
                pass  # each step checks one more record


def diff_replays(a: Source, b: Source, *, limits: Limits | None = None) -> ReplayDiff:
    """Compare two replays: their headers, then their games step by step in game order (each
    file re-simulated and checked as it goes). Never raises for bad input: a file that does not
    hold is in ``errors`` with its record index."""
    sides = [_Side(a, limits), _Side(b, limits)]
    walk = _Walk(sides)
    first, counts = walk.first_difference()
    walk.finish()
    header: list[dict[str, Any]] = []
    ha, hb = sides[0].header, sides[1].header
    if ha is not None and hb is not None:
        header = _header_diff(ha, hb)
    notes = [f"{s.name}: {w}" for s in sides for w in s.warnings]
    notes += [f"{s.name}: truncated: {s.truncation}" for s in sides if s.truncation]
    if ha is not None and hb is not None and ha.engine != hb.engine:
        notes.append("the final hashes are not compared: the state hash includes the engine "
                      "version, and the two files name different engines")
    errs = [e for e in walk.errors if e is not None]
    if errs:
        first = None
    same = not errs and first is None and not any(not h["note"] for h in header)
    game = ha.game if ha is not None else (hb.game if hb is not None else None)
    return ReplayDiff(a=sides[0].name, b=sides[1].name, same=same, header=header,
                      first_difference=first, decisions=counts[0], events=counts[1],
                      notes=notes, errors=errs, game=game)


# ---------------------------------------------------------------------------- resim
@dataclass(frozen=True)
class ResimResult:
    """What :func:`resim_file` wrote: the new file's size, decisions and turns, whether it holds
    events, the engine error it reproduces (``{"kind", "msg", "at"}`` or None), the summary and
    the warnings about the source (e.g. recorded by another engine version)."""

    src: str
    dst: str
    bytes: int
    decisions: int
    turns: int
    events: bool
    error: dict[str, Any] | None
    summary: dict[str, Any]
    warnings: list[str]
    truncated: bool = False

    def to_json(self) -> dict[str, Any]:
        return {"file": self.src, "out": self.dst, "bytes": self.bytes,
                "decisions": self.decisions, "turns": self.turns, "events": self.events,
                "error": self.error, "summary": plain(self.summary),
                "warnings": list(self.warnings), "truncated": self.truncated}


class _Raised(Exception):
    """The engine error of the source's error record, for :meth:`ReplayWriter.error`."""

    def __init__(self, kind: str, message: str) -> None:
        super().__init__(f"{kind}: {message}")
        self.kind = kind
        self.message = message


def resim_file(src: Source, dst: str | os.PathLike[str], events: bool | None = None, *,
               limits: Limits | None = None) -> ResimResult:
    """Re-simulate ``src``'s decisions with this engine and write them to ``dst`` as a new replay:
    the same game, seed, config and agents, this engine's version and rules hash, events as
    ``events`` says (None: as in ``src``), checkpoints and records as :func:`record_game` writes
    them (full checkpoints of ``src`` are kept where they are). An error record of ``src`` is
    reproduced. Every record of ``src`` is checked on the way; at the first that does not hold
    (where the two engines part), nothing is written and :class:`ReplayError` names that record.
    A truncated ``src`` (a crash, or a replay cut short by ``sgs replay shrink``) gives a
    truncated ``dst`` that stops at the same decision, with no end record (``truncated`` in the
    result); a saved game (a suspended record) gives a saved game. ``dst`` may be ``src``: it is replaced only when the new replay is written whole."""
    dst = os.fspath(dst)
    where = [0]  # the record being re-simulated
    with atomic_output(dst) as f:  # the umask's permissions, moved into place when whole
        try:
            return _resim(src, dst, events, limits, f, where)
        except (ReplayError, OSError):
            raise
        except Exception as e:  # untrusted input: a verdict, not a traceback
            raise _unexpected(where[0], e) from None


def _resim(src: Source, dst: str, events: bool | None, limits: Limits | None,
           f: IO[bytes], where: list[int]) -> ResimResult:
    with RecordReader(src, limits) as rd:
        sim = Resimulator(rd.header, max_events=rd.limits.max_events)
        spec = spec_of(rd.header)
        on = rd.header.events if events is None else events
        header = replace(rd.header, engine=spec.engine_version, rules=spec.rules, events=on)
        game = sim.game
        error: dict[str, Any] | None = None
        w = ReplayWriter(f, header, on)
        last_turn = -1
        for index, rec in rd:
            where[0] = index
            t = type(rec)
            if t is Decisions:
                for choice in rec.choices:  # type: ignore[union-attr]
                    w.events(game)
                    if game.turn_no != last_turn:
                        w.checkpoint(game)
                        last_turn = game.turn_no
                    w.decision(rec.seat, choice)  # type: ignore[union-attr]
                    sim.feed(index, Decisions(rec.seat, (choice,)))  # type: ignore[union-attr]
            elif t is ErrorRecord:
                sim.feed(index, rec)
                w.error(_Raised(rec.kind, rec.msg), game)  # type: ignore[union-attr]
                error = {"kind": rec.kind, "msg": rec.msg, "at": rec.at}  # type: ignore[union-attr]
            elif t is HashRecord:
                sim.feed(index, rec)
                w.checkpoint(game, full=True)
            elif t is End:
                sim.feed(index, rec)
                w.end(game)
            elif t is Suspended:  # a saved game stays saved, where it was
                sim.feed(index, rec)
                w.suspend(game)
            else:  # checkpoints and events are checked, then written afresh; unknown: dropped
                sim.feed(index, rec)
        if rd.truncated:  # the new replay stops where this one does
            w.events(game)
        else:
            sim.finish(rd.index, rd.truncation)
        w.close()
        return ResimResult(
            src=_name(src), dst=dst, bytes=w.bytes, decisions=game.decisions,
            turns=game.turn_no, events=on, error=error, summary=game.summary(),
            warnings=sim.warnings + rd.warnings, truncated=rd.truncated,
        )


# ---------------------------------------------------------------------------- export
class _Text(Protocol):
    def write(self, text: str, /) -> object: ...


def _json(value: Any) -> str:
    """Compact, strict JSON, non-ASCII kept readable (tuples are arrays); a value JSON cannot
    hold raises :class:`~sgscore.replay.errors.OutputError` in one line (the reader lets none
    through: the last line of defence)."""
    return json_text(value)


def write_export(src: Source, out: _Text, *, events: bool = False,
                 limits: Limits | None = None) -> list[str]:
    """Write :func:`export_replay`'s JSON (one line, with a newline) to ``out``: the file is
    read once through, then re-simulated record by record (a file that cannot be read, or that
    parts from re-simulation anywhere, raises :class:`ReplayError` before anything is written),
    and the decisions, events and summary written are the re-simulated game's. Returns the
    warnings."""
    try:
        scan = scan_replay(src, limits=limits)
    except ReplayError:
        raise
    except Exception as e:  # untrusted input: a verdict, never a traceback
        raise _unexpected(0, e) from None
    game = scan.game
    assert game is not None  # a checked scan re-simulates
    out.write('{"header":' + _json(header_json(scan.header)) + ',"decisions":[')
    for k, (seat, choice) in enumerate(game.history):
        out.write(("," if k else "") + _json((seat, choice)))
    out.write('],"events":')
    if events:
        out.write("[")
        for k, event in enumerate(iter_events(src, scan, limits=limits)):
            out.write(("," if k else "") + _json(event))
        out.write("]")
    else:
        out.write("null")
    err = scan.error
    tail = {
        "summary": scan.summary,
        "error": None if err is None else {"kind": err.kind, "msg": err.msg, "at": err.at},
        "truncated": scan.truncated,
        "suspended": scan.suspended,
        "warnings": scan.warnings,
    }
    out.write("," + _json(tail)[1:] + "\n")
    return scan.warnings


def export_replay(src: Source, *, events: bool = False,
                  limits: Limits | None = None) -> dict[str, Any]:
    """The whole replay as JSON-ready data (docs/replay-format.md, "JSON export"):
    ``header`` (readable names, config filled in), ``decisions`` (``[seat, choice]`` each),
    ``events`` (with ``events``: ``[kind, args, mask, hidden]`` each, as recorded, or
    re-simulated when the file has none; else None), ``summary`` (the end record's, or None),
    ``error`` (``{"kind", "msg", "at"}`` or None), ``truncated``, ``suspended`` and ``warnings``.

    It reads the file record by record, then re-simulates it, checking every record as
    ``validate_file`` does: a file that cannot be read, or that parts from re-simulation (a
    decision that is not legal, a checkpoint, events record or end record that is not what the
    engine gives), raises :class:`ReplayError` naming the record, so what it gives is the
    engine's game and never a value the file made up. A truncated file gives its game as far as
    it goes. :func:`write_export` writes the same JSON to a stream."""
    buf = io.StringIO()
    write_export(src, buf, events=events, limits=limits)
    data: dict[str, Any] = json.loads(buf.getvalue())
    return data
