"""Re-simulation and validation: replay the decisions on a fresh game and check every record.

:class:`Resimulator` takes records one at a time, so :func:`validate_file` streams a file with
memory flat in its length and keeps nothing between files. Every decision must be legal for
``game.pending`` and come from the seat it asks; every checkpoint, events record, error record and
the end summary must equal what the re-simulation gives. The first difference raises
:class:`ReplayError` at the record where the two part.
"""

from __future__ import annotations

import os
import warnings
from dataclasses import dataclass, field
from typing import Any

from ..core.engine import EngineError
from ..core.games import game_ids, get_game
from ..core.protocol import Choice, GameFinished, IllegalChoice, same_value
from ..core.spec import AnyGame, ConfigError, GameState
from .errors import ReplayError, ReplayWarning
from .reader import (
    AnyRecord,
    Checkpoint,
    Decisions,
    Events,
    Limits,
    RecordReader,
    Replay,
    UnknownRecord,
)
from .records import CHECKPOINT_MASK, End, ErrorRecord, HashRecord, Header, Suspended

__all__ = [
    "Resimulator", "resimulate", "validate_file", "ValidationResult", "spec_of", "start_game",
]


def _norm(v: Any) -> Any:
    """Lists to tuples, recursively (what a value becomes after a trip through msgpack)."""
    if isinstance(v, (list, tuple)):  # not list | tuple: compiled, that is built per call
        return tuple(_norm(x) for x in v)
    if isinstance(v, dict):
        return {k: _norm(x) for k, x in v.items()}
    return v


def _short(v: Any) -> str:
    s = repr(v)
    return s if len(s) <= 80 else s[:77] + "..."


def spec_of(header: Header) -> AnyGame:
    """The installed game a header names; :class:`ReplayError` at record 0 when there is none."""
    spec = get_game(header.game)
    if spec is None:
        raise ReplayError(0, f"unknown game {header.game!r:.60}; this engine plays "
                             f"{', '.join(repr(g) for g in game_ids())}")
    return spec


def start_game(header: Header) -> GameState:
    """A new game as a replay's header describes it, before its first decision: submit the
    replay's decisions to it to reach any moment. Raises :class:`ReplayError` (record 0) for an
    unknown game or a bad config, and the game's ``EngineError`` if setting up raises."""
    spec = spec_of(header)
    try:
        game, raised = spec.start(spec.full_config(header.config), header.seed)
    except (ConfigError, ValueError) as e:
        raise ReplayError(0, f"config: {e}") from None
    if raised is not None:
        raise raised
    return game


class Resimulator:
    """Replays records on a fresh game. :meth:`feed` each record after the header in order, then
    :meth:`finish`. ``warnings`` collects what does not make the replay invalid.

    With ``lookahead``, a decision is held until the next one is known, and submitted with it
    (``submit(choice, then=...)``): re-simulation then lists no legal choices at all. The
    checkpoints and events records between the two wait with it (a few at most); the game is
    checked in the same order, so the first record that does not hold is the same."""

    _WAIT = 16  # records held back at most while a decision waits for the next

    def __init__(self, header: Header, *, lookahead: bool = False,
                 max_events: int | None = None) -> None:
        spec = spec_of(header)
        if header.rng != spec.rng:
            raise ReplayError(0, f"PRNG {header.rng!r:.60} is not this engine's ({spec.rng!r})")
        self.warnings: list[str] = []
        #: The recording engine is another version: its final state hash (which covers the engine
        #: version) cannot be this engine's, so the end record's other entries are compared.
        self.other_engine = header.engine != spec.engine_version
        if self.other_engine:
            self.warnings.append(
                f"recorded by engine {header.engine!r:.60}, re-simulated by {spec.engine_version!r}"
                "; a difference shows at the record where the two engines part")
        if header.rules != spec.rules:
            self.warnings.append(
                f"recorded under other rules (rules id {header.rules[:12]}..., this engine's "
                f"{spec.rules[:12]}...); a difference shows at the record where the two part")
        self.header = header
        self.spec = spec
        try:
            self.game: GameState
            self.game, raised = spec.start(spec.full_config(header.config), header.seed)
        except (ConfigError, ValueError) as e:  # a bad config, or a seed out of range
            raise ReplayError(0, f"config: {e}") from None
        self._raised: EngineError | None = raised  # not yet matched by an error record
        self._raised_at = 0  # the record that made the engine raise
        self.error_seen = False
        self.end_seen = False
        #: The decisions a suspended record says the game was saved after, once it held.
        self.suspended_at: int | None = None
        self.decisions = 0
        self.events_seen = 0  # events covered by events records so far
        self.lookahead = lookahead
        self._held: tuple[int, int, Choice, int, int] | None = None  # a decision waiting
        self._waiting: list[tuple[int, AnyRecord]] = []  # records after it
        self._quick: tuple[int, int] | None = None  # (decisions, quick hash) last taken
        self._full: tuple[int, str] | None = None  # (decisions, state hash) last taken
        #: When a list, the number of events before each decision is appended to it (decision
        #: ``n`` caused the events from ``marks[n]`` on): how ``sgs replay show`` numbers lines.
        self.marks: list[int] | None = None
        #: The most events the game may tell (the reader's ``max_events``): a game that tells
        #: more is refused at the decision that passes it, whether the file records its events
        #: (the reader refuses them) or not (re-simulating would tell them all).
        self.max_events = Limits().max_events if max_events is None else max_events

    # ------------------------------------------------------------ records
    def feed(self, index: int, rec: AnyRecord) -> None:
        """Check one record (``index`` as in the file) against the re-simulated game."""
        if self.lookahead:
            self._feed_ahead(index, rec)
        else:
            self._check(index, rec)

    def _feed_ahead(self, index: int, rec: AnyRecord) -> None:
        if isinstance(rec, Decisions):
            n = len(rec.choices)
            for k, choice in enumerate(rec.choices):
                self._release((rec.seat, choice))
                self._held = (index, rec.seat, choice, k, n)
            return
        if (self._held is not None and isinstance(rec, (Checkpoint, Events))
                and len(self._waiting) < self._WAIT):
            self._waiting.append((index, rec))
            return
        self._release(None)
        self._check(index, rec)

    def _release(self, then: tuple[int, Choice] | None) -> None:
        """Submit the decision held back (knowing the next one, if ``then``), then check the
        records that waited with it."""
        held, self._held = self._held, None
        if held is None:
            return
        index, seat, choice, k, n = held
        self.decide(index, seat, choice, k, n, then=then)
        waiting, self._waiting = self._waiting, []
        for i, rec in waiting:
            self._check(i, rec)

    def _check(self, index: int, rec: AnyRecord) -> None:
        if isinstance(rec, Decisions):
            for k, choice in enumerate(rec.choices):
                self.decide(index, rec.seat, choice, k, len(rec.choices))
        elif isinstance(rec, Checkpoint):
            self._unmatched()
            want = self._quick_hash() & CHECKPOINT_MASK
            if rec.quick != want:
                raise ReplayError(index, (
                    f"checkpoint differs: the replay has {rec.quick:02x}, "
                    f"re-simulation gives {want:02x} (turn {self.game.turn_no}, "
                    f"after {self.game.decisions} decisions)"))
        elif isinstance(rec, Events):
            self._events(index, rec)
        elif isinstance(rec, HashRecord):
            self._unmatched()
            want_h = self._state_hash()
            if rec.hash != want_h:
                raise ReplayError(index, f"state hash differs: the replay has "
                                         f"{rec.hash[:16]}..., re-simulation gives {want_h[:16]}...")
        elif isinstance(rec, ErrorRecord):
            self._error(index, rec)
        elif isinstance(rec, End):
            self._end(index, rec)
        elif isinstance(rec, Suspended):
            self._suspended(index, rec)
        elif isinstance(rec, UnknownRecord):
            return
        else:  # pragma: no cover - the reader makes only the types above
            raise ReplayError(index, f"unexpected record {type(rec).__name__}")

    def _quick_hash(self) -> int:
        """The game's quick hash, taken once per position (the state changes only by decisions,
        so checkpoints in a row cost one hash)."""
        at = self.game.decisions
        if self._quick is None or self._quick[0] != at:
            self._quick = (at, self.game.quick_hash())
        return self._quick[1]

    def _state_hash(self) -> str:
        """The full state hash, taken once per position (as :meth:`_quick_hash`)."""
        at = self.game.decisions
        if self._full is None or self._full[0] != at:
            self._full = (at, self.game.state_hash())
        return self._full[1]

    def _unmatched(self) -> None:
        if self._raised is not None:
            e = self._raised
            where = "while setting up" if self._raised_at == 0 else "on this decision"
            raise ReplayError(self._raised_at, (
                f"re-simulation raised {e.kind}: {e.message} {where}, but the replay has no "
                "error record for it"))

    def decide(self, index: int, seat: int, choice: Choice, k: int = 0, n: int = 1, *,
               then: tuple[int, Choice] | None = None) -> None:
        """Replay one decision of the record at ``index`` (the ``k``-th of its ``n``), checking
        that the game asks ``seat`` and that ``choice`` is legal; ``then``: the decision that
        comes next, when it is known (``submit(..., then=)``)."""
        self._unmatched()
        g = self.game
        if self.marks is not None:
            self.marks.append(len(g.events))
        req = g.pending
        if req is not None and seat == req.seat:
            taken = False
            try:
                g.submit(choice, then)
                self.decisions += 1
                taken = True
            except IllegalChoice:
                pass  # reported below, with the words
            except EngineError as raised:
                self._raised, self._raised_at = raised, index
                self.decisions += 1
                return
            except (TypeError, ValueError, KeyError, IndexError, GameFinished):
                pass  # a malformed choice: reported below, with the words
            if taken:
                if len(g.events) > self.max_events:
                    raise ReplayError(index, (
                        f"the game tells more than {self.max_events} events: more than any "
                        "game tells (limit max_events)"))
                return
        self._asked(index, seat, k, n)
        assert req is not None
        which = self._which(k, n)
        # Each handler names its exception differently: the compiled core gives a name one type.
        try:
            g.submit(choice)
        except IllegalChoice as illegal:
            raise ReplayError(index, f"{which}: illegal for seat {seat} ({req.kind}): {illegal}") \
                from None
        except EngineError as raised:
            self._raised, self._raised_at = raised, index
        except GameFinished as over:  # pragma: no cover - excluded by the checks above
            raise ReplayError(index, str(over)) from None
        except (TypeError, ValueError, KeyError, IndexError) as bad:
            # A request's check met a value of a shape it never expected: still illegal.
            raise ReplayError(index, (
                f"{which}: illegal for seat {seat} ({req.kind}): {_short(choice)} "
                f"({type(bad).__name__})")) from None
        self.decisions += 1

    def _which(self, k: int, n: int) -> str:
        return f"decision {self.game.decisions}" + (
            f" ({k + 1} of {n} in this record)" if n > 1 else "")

    def _asked(self, index: int, seat: int, k: int, n: int) -> None:
        """Raise what :meth:`decide` raises when the game does not ask ``seat`` now (it is over,
        or it asks another seat)."""
        g = self.game
        req = g.pending
        if g.over or req is None:
            raise ReplayError(index, f"{self._which(k, n)} comes after the game ended "
                                     f"({_short(g.result)})")
        if seat != req.seat:
            raise ReplayError(index, (
                f"{self._which(k, n)}: seat {seat} decides, but the game asks seat {req.seat} "
                f"({req.kind})"))

    def expect(self, index: int, seat: int, choice: Choice, k: int = 0, n: int = 1) -> None:
        """Check, without taking it, the decision :meth:`decide` would take next: raise the
        :class:`ReplayError` it would raise when the game does not ask ``seat`` or ``choice`` is
        not legal (an error the engine raises while taking it is not foreseen). A tool that
        shows a recorded decision before taking it (``sgs replay step``) shows only one that
        re-simulation takes."""
        self._unmatched()
        self._asked(index, seat, k, n)
        req = self.game.pending
        assert req is not None
        try:
            req.check(choice)
        except IllegalChoice as illegal:
            raise ReplayError(index, f"{self._which(k, n)}: illegal for seat {seat} "
                                     f"({req.kind}): {illegal}") from None
        except (TypeError, ValueError, KeyError, IndexError) as bad:
            raise ReplayError(index, (
                f"{self._which(k, n)}: illegal for seat {seat} ({req.kind}): {_short(choice)} "
                f"({type(bad).__name__})")) from None

    def _events(self, index: int, rec: Events) -> None:
        evs = self.game.events
        ours = evs[rec.at:]
        if len(ours) != len(rec.events):
            raise ReplayError(index, (
                f"events differ: the replay has {len(rec.events)} new events from event "
                f"{rec.at}, re-simulation has {len(ours)}"))
        for i, (mine, theirs) in enumerate(zip(ours, rec.events, strict=True)):
            if not same_value(mine, theirs):  # True is not 1
                raise ReplayError(index, (
                    f"event {rec.at + i} differs: the replay has {_short(theirs)}, "
                    f"re-simulation gives {_short(_norm(mine))}"))
        self.events_seen = rec.at + len(rec.events)

    def _error(self, index: int, rec: ErrorRecord) -> None:
        e = self._raised
        if e is None:
            raise ReplayError(index, (
                f"the replay records an engine error ({rec.kind}: {rec.msg}) after "
                f"{rec.at} decisions, but re-simulation did not raise"))
        if (e.kind, e.message, self.game.decisions) != (rec.kind, rec.msg, rec.at):
            raise ReplayError(index, (
                f"engine error differs: the replay has {rec.kind}: {rec.msg} after {rec.at} "
                f"decisions, re-simulation raised {e.kind}: {e.message} after "
                f"{self.game.decisions} (a rules bug can surface differently on the compiled "
                "and the pure-Python core: sgs --version says which runs, SGSCORE_PURE=1 "
                "runs the pure one)"))
        self._raised = None
        self.error_seen = True

    def _end(self, index: int, rec: End) -> None:
        self._unmatched()
        g = self.game
        req = g.pending
        if not g.over and req is not None:
            raise ReplayError(index, (
                f"the end record comes while the game goes on (seat {req.seat} to decide "
                f"{req.kind}, after {g.decisions} decisions)"))
        if self.header.events and self.events_seen != len(g.events):
            raise ReplayError(index, (
                f"the header says events are recorded, but events records hold "
                f"{self.events_seen} of the game's {len(g.events)} events"))
        # Entry for entry, no entry more and none less: the record must be what the writer
        # writes from this game's summary (a forged entry never validates).
        ours = _norm(g.summary())
        theirs = _norm(rec.summary())
        if self.other_engine and "hash" in theirs:
            theirs["hash"] = ours.get("hash")  # it covers the engine version: see other_engine
        for key in ours:
            if key not in theirs:
                raise ReplayError(index, (
                    f"end summary differs: the replay has no {key} entry, re-simulation gives "
                    f"{_short(ours[key])}"))
            if not same_value(theirs[key], ours[key]):
                raise ReplayError(index, (
                    f"end summary differs: {key} is {_short(theirs[key])} in the replay, "
                    f"{_short(ours[key])} on re-simulation"))
        for key in theirs:
            if key not in ours:
                raise ReplayError(index, (
                    f"end summary differs: the replay has an entry {key!r:.40}, "
                    f"{_short(theirs[key])}, that re-simulation does not give"))
        self.end_seen = True

    def _suspended(self, index: int, rec: Suspended) -> None:
        """A game saved before its end: it must be where the record says, and still going."""
        self._unmatched()
        g = self.game
        if g.over or g.pending is None:
            raise ReplayError(index, (
                f"the replay says the game was suspended after {rec.at} decisions, but it is "
                f"over after {g.decisions} ({_short(g.result or g.error)})"))
        if rec.at != g.decisions:
            raise ReplayError(index, (
                f"suspended after {rec.at} decisions in the replay, after {g.decisions} on "
                "re-simulation"))
        if rec.events != len(g.events):
            raise ReplayError(index, (
                f"suspended with {rec.events} events told in the replay, {len(g.events)} on "
                "re-simulation"))
        if self.header.events and self.events_seen != len(g.events):
            raise ReplayError(index, (
                f"the header says events are recorded, but events records hold "
                f"{self.events_seen} of the game's {len(g.events)} events"))
        want = self._state_hash()[:32]
        if rec.hash != want and not self.other_engine:
            raise ReplayError(index, f"state hash differs: the replay was suspended at "
                                     f"{rec.hash[:16]}..., re-simulation gives {want[:16]}...")
        self.suspended_at = rec.at

    def finish(self, next_index: int, truncation: str | None = None) -> None:
        """After the last record: a raise without its error record, or a missing end (and no
        suspended record), fails."""
        self._release(None)
        self._unmatched()
        if not self.end_seen and self.suspended_at is None:
            raise ReplayError(next_index, f"truncated: {truncation or 'no end record'}")


def resimulate(replay: Replay, *, allow_truncated: bool = False) -> GameState:
    """Replay every decision of ``replay`` on a fresh game, checking every record; return the game.

    Raises :class:`ReplayError` at the first record that does not hold. A truncated replay raises
    after its last whole record, unless ``allow_truncated`` (then the game is returned where the
    file stops). Warnings (another engine version, other rules sources) go to
    :func:`warnings.warn` as :class:`ReplayWarning`.
    """
    sim = Resimulator(replay.header)
    for msg in replay.warnings + sim.warnings:
        warnings.warn(msg, ReplayWarning, stacklevel=2)
    for index, rec in enumerate(replay.records[1:], start=1):
        sim.feed(index, rec)
    if not (allow_truncated and replay.truncated):
        sim.finish(len(replay.records), replay.truncation)
    return sim.game


@dataclass
class ValidationResult:
    """The verdict on one file. ``error`` is ``{"record": int, "reason": str}`` when invalid.
    ``summary`` is the end record's of a valid file (the engine's summary), None for a file
    without one or an invalid file (whose end record need not be the game's). ``suspended`` is
    the number of decisions of a valid game saved before its end (a game so far, which
    ``resume_game`` continues), else None."""

    file: str
    valid: bool
    decisions: int
    turns: int
    bytes: int
    error: dict[str, Any] | None
    warnings: list[str] = field(default_factory=list)
    truncated: bool = False
    summary: dict[str, Any] | None = None
    suspended: int | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "file": self.file, "valid": self.valid, "decisions": self.decisions,
            "turns": self.turns, "bytes": self.bytes, "error": self.error,
            "warnings": list(self.warnings), "truncated": self.truncated,
            "suspended": self.suspended, "summary": self.summary,
        }


def validate_file(path: str | os.PathLike[str] | bytes, *, limits: Limits | None = None) \
        -> ValidationResult:
    """Check a replay's structure and re-simulate it; never raises for bad input.

    Valid means: every record well formed, every decision legal and from the seat asked, every
    checkpoint, events record and the end summary equal to the re-simulation's, and an error
    record (if any) matching the error the re-simulation raises at the same decision count.
    """
    name = "<bytes>" if isinstance(path, bytes) else os.fspath(path)
    try:
        size = len(path) if isinstance(path, bytes) else os.path.getsize(path)
    except OSError:
        size = 0
    current = 0
    sim: Resimulator | None = None
    warn: list[str] = []
    truncated = False
    summary: dict[str, Any] | None = None
    error: dict[str, Any] | None = None
    try:
        with RecordReader(path, limits) as rd:
            size = rd.size
            sim = Resimulator(rd.header, lookahead=True, max_events=rd.limits.max_events)
            warn = sim.warnings
            try:
                for current, rec in rd:
                    sim.feed(current, rec)
            finally:
                warn += rd.warnings
            truncated = rd.truncated
            if rd.end is not None:
                summary = rd.end.summary()
            sim.finish(rd.index, rd.truncation)
    except ReplayError as bad:
        error = bad.to_json()
    except Exception as e:  # the contract: a verdict, never a traceback
        error = {"record": current,
                 "reason": f"unexpected {type(e).__name__} while validating: {_short(str(e))}"}
    game = sim.game if sim is not None else None
    return ValidationResult(
        file=name, valid=error is None,
        decisions=game.decisions if game is not None else 0,
        turns=game.turn_no if game is not None else 0,
        bytes=size, error=error, warnings=warn, truncated=truncated,
        summary=summary if error is None else None,  # a forged end record is not the game's
        suspended=sim.suspended_at if sim is not None and error is None else None,
    )
