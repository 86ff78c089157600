"""Shrinking a replay: delta debugging over its decisions, down to a small replay that still
shows a bug.

:func:`shrink_replay` takes a replay and a predicate on replay files ("this file still shows the
bug") and searches for a replay with fewer, simpler decisions for which the predicate still holds.
The header stays: the same game, seed and config (the engine and rules become this engine's, as
with :func:`~sgscore.replay.tools.resim_file`); only the decisions change. Every candidate is
written by re-simulating the game with the candidate's decisions through :class:`ReplayWriter`,
as :func:`~sgscore.replay.writer.record_game` writes a game, so every candidate is a valid replay
of this engine: events as the source has them, a checkpoint per turn, an error record when the
engine raises (so a crash that a candidate reproduces is kept), and an end record when the game
is over. A candidate whose decisions run out before the game ends is a truncated replay (no end
record).

The moves, repeated until none succeeds:

1. **Cut the tail**: the shortest prefix of the decisions for which the predicate holds, found by
   bisection; the prefix one decision shorter has been tested and does not hold.
2. **Replace decisions** with simpler legal ones, ddmin style: chunks of half the decisions, then
   a quarter, ... down to single decisions, each chunk's decisions replaced by the simplest legal
   choice of the request asked there; a single decision tries each simpler choice in turn.

*Simpler* is a fixed order over values that any game's requests may accept: ``None`` (pass, end
the play phase, play no card), ``False`` (decline), ``()`` (the empty subset), then the first
legal choice of the request (``Request.choice_at(0)``). :func:`simple_choices` gives the ones
that are legal for a request; a choice that is none of them is the least simple. A replaced
decision changes the game after it, so a later decision may be asked of another seat or no longer
be legal: such a decision becomes the simplest legal choice of the request asked there (the
candidate goes on rather than stopping), and the candidate's decisions are what was submitted.
A candidate replaces the best one found so far only if it has fewer decisions, or as many and is
simpler at the first decision where the two differ; so the search cannot go round in circles.

The predicate is asked at most ``max_tests`` times (a candidate already asked about is answered
from memory and not counted). Given the same source and the same answers, the result is the same
bytes: no clock, no randomness. Candidates are written to a temporary folder that is removed at
the end; ``out`` is written once, at the end, beside its name and moved into place.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import os
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from ..core.engine import EngineError
from ..core.protocol import Choice, IllegalChoice, Request, same_value
from ..core.spec import AnyGame, GameState
from .errors import ReplayError
from .reader import Decisions, Limits, RecordReader
from .records import Header
from .resim import Resimulator, spec_of
from .writer import ReplayWriter, _move_into_place, _partial_file

__all__ = [
    "shrink_replay", "ShrinkResult", "ShrinkStep", "NothingToShrink", "simple_choices",
    "DEFAULT_MAX_TESTS",
]

Source = str | os.PathLike[str] | bytes
Predicate = Callable[[str], bool]
Decision = tuple[int, Choice]

DEFAULT_MAX_TESTS = 2000
"""How many times :func:`shrink_replay` asks the predicate at most, unless told otherwise."""

SIMPLE: tuple[Choice, ...] = (None, False, ())
"""The simplest values, in order, before a request's first legal choice (see the module)."""


class NothingToShrink(ValueError):
    """The predicate does not hold for the source replay itself: there is no bug to keep."""


class _Exhausted(Exception):
    """The predicate has been asked ``max_tests`` times."""


def simple_choices(request: Request) -> tuple[Choice, ...]:
    """The legal choices of ``request`` among ``None``, ``False``, ``()`` and its first legal
    choice, in that order and without repeats: the simplest first."""
    out: list[Choice] = []
    for value in SIMPLE:
        if _legal(request, value):
            out.append(value)
    try:
        first = request.choice_at(0)
    except (IndexError, ValueError, TypeError, KeyError):
        first = None  # no legal choice at all: only the values above, if any
    else:
        if not any(same_value(first, c) for c in out):
            out.append(first)
    return tuple(out)


def _legal(request: Request, choice: Choice) -> bool:
    try:
        request.check(choice)
    except (IllegalChoice, TypeError, ValueError, KeyError, IndexError):
        return False  # a value of a shape the request never expects is not legal either
    return True


def _rank(simple: Sequence[Choice], choice: Choice) -> int:
    """How simple ``choice`` is: its place in ``simple``, or after them all."""
    for i, c in enumerate(simple):
        if same_value(c, choice):
            return i
    return len(simple)


@dataclass(frozen=True)
class ShrinkStep:
    """One move that succeeded. ``move``: ``"cut"`` (the decisions from ``at`` on were cut,
    ``size`` of them) or ``"replace"`` (``size`` decisions from ``at`` became simpler ones; the
    game after them may have changed too). ``decisions``: how many the replay holds after it;
    ``tests``: the predicate runs so far."""

    move: str
    at: int
    size: int
    decisions: int
    tests: int

    def to_json(self) -> dict[str, Any]:
        return {"move": self.move, "at": self.at, "size": self.size,
                "decisions": self.decisions, "tests": self.tests}


@dataclass
class ShrinkResult:
    """What :func:`shrink_replay` did: the decisions before and after, the predicate runs
    (``tests``), the moves that succeeded (``steps``), whether it stopped at ``max_tests``
    (``exhausted``: the result holds for the predicate but may not be minimal), whether the
    result is truncated (its decisions end before the game does), the engine error it keeps
    (``{"kind", "msg", "at"}`` or None), its size, and the warnings about the source."""

    src: str
    out: str
    before: int
    after: int
    tests: int
    steps: list[ShrinkStep]
    exhausted: bool
    truncated: bool
    error: dict[str, Any] | None
    bytes: int
    warnings: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {"file": self.src, "out": self.out, "before": self.before, "after": self.after,
                "tests": self.tests, "steps": [s.to_json() for s in self.steps],
                "exhausted": self.exhausted, "truncated": self.truncated, "error": self.error,
                "bytes": self.bytes, "warnings": list(self.warnings)}


@dataclass(frozen=True)
class _Candidate:
    """A replay written from a plan: the decisions taken, how simple each was (its rank among
    ``simple``, the simple choices legal there), the file's bytes, the error it keeps."""

    decisions: tuple[Decision, ...]
    ranks: tuple[int, ...]
    simple: tuple[tuple[Choice, ...], ...]
    data: bytes
    error: dict[str, Any] | None
    ended: bool

    def key(self) -> tuple[int, tuple[int, ...]]:
        """Smaller is better: fewer decisions, then simpler ones from the first."""
        return len(self.decisions), self.ranks

    def same(self, other: _Candidate) -> bool:
        return len(self.decisions) == len(other.decisions) and all(
            a[0] == b[0] and same_value(a[1], b[1])
            for a, b in zip(self.decisions, other.decisions, strict=True))


Plan = Sequence[Decision | None]
"""A candidate's decisions: ``(seat, choice)`` to take when the game asks that seat and the choice
is legal, else (and for None) the simplest legal choice."""


class _Recorder:
    """Writes candidates of one game: its header, spec and config."""

    def __init__(self, header: Header, spec: AnyGame) -> None:
        self.header = replace(header, engine=spec.engine_version, rules=spec.rules)
        self.spec = spec
        self.config = spec.full_config(header.config)

    def play(self, plan: Plan) -> _Candidate:
        buf = io.BytesIO()
        w = ReplayWriter(buf, self.header, self.header.events)
        game, raised = self.spec.start(self.config, self.header.seed)
        taken: list[Decision] = []
        ranks: list[int] = []
        simples: list[tuple[Choice, ...]] = []
        error: dict[str, Any] | None = None
        if raised is not None:
            error = self._error(w, raised, game)
        else:
            last_turn = -1
            for want in plan:
                req = game.pending
                if game.over or req is None:
                    break
                simple = simple_choices(req)
                if want is not None and want[0] == req.seat and _legal(req, want[1]):
                    choice = want[1]
                elif simple:
                    choice = simple[0]
                else:  # pragma: no cover - a request always has a legal choice
                    break
                w.events(game)
                if game.turn_no != last_turn:
                    w.checkpoint(game)
                    last_turn = game.turn_no
                w.decision(req.seat, choice)
                taken.append((req.seat, choice))
                ranks.append(_rank(simple, choice))
                simples.append(simple)
                try:
                    game.submit(choice)
                except EngineError as e:
                    error = self._error(w, e, game)
                    break
        if game.over:
            w.end(game)
        else:
            w.events(game)  # a truncated replay: the events so far, no end record
        w.close()
        return _Candidate(tuple(taken), tuple(ranks), tuple(simples), buf.getvalue(), error,
                          game.over)

    @staticmethod
    def _error(w: ReplayWriter, e: EngineError, game: GameState) -> dict[str, Any]:
        w.error(e, game)
        return {"kind": e.kind, "msg": e.message, "at": game.decisions}


def _read_source(src: Source, limits: Limits | None) -> tuple[Header, list[Decision], list[str]]:
    """The header and decisions of ``src``, every record checked on the way (a truncated file is
    taken as far as it goes, with a warning)."""
    index = 0
    try:
        with RecordReader(src, limits) as rd:
            sim = Resimulator(rd.header)
            decisions: list[Decision] = []
            for index, rec in rd:
                sim.feed(index, rec)
                if type(rec) is Decisions:
                    decisions.extend((rec.seat, c) for c in rec.choices)
            warnings = sim.warnings + rd.warnings
            if rd.truncated:
                warnings.append(f"truncated: {rd.truncation or 'no end record'}; shrinking its "
                                f"{len(decisions)} decisions")
            else:
                sim.finish(rd.index, rd.truncation)
            return rd.header, decisions, warnings
    except ReplayError:
        raise
    except Exception as e:  # untrusted input: a verdict, never a traceback
        text = " ".join(str(e).split())
        raise ReplayError(index, f"unexpected {type(e).__name__}: {text[:200]}") from None


class _Shrinker:
    """The search: the best candidate so far and the moves that make it smaller."""

    def __init__(self, recorder: _Recorder, until: Predicate, folder: str, name: str,
                 max_tests: int, on_progress: Callable[[ShrinkStep], None] | None) -> None:
        self.recorder = recorder
        self.until = until
        self.path = os.path.join(folder, name)
        self.max_tests = max_tests
        self.on_progress = on_progress
        self.tests = 0
        self.answers: dict[bytes, bool] = {}  # sha-256 of a candidate's bytes -> the answer
        self.steps: list[ShrinkStep] = []
        self.exhausted = False
        self.best: _Candidate | None = None

    def test(self, cand: _Candidate) -> bool:
        """Whether the predicate holds for the candidate (asked once per distinct file)."""
        digest = hashlib.sha256(cand.data).digest()
        known = self.answers.get(digest)
        if known is not None:
            return known
        if self.tests >= self.max_tests:
            raise _Exhausted
        with open(self.path, "wb") as f:
            f.write(cand.data)
        self.tests += 1
        answer = bool(self.until(self.path))
        self.answers[digest] = answer
        return answer

    def run(self, decisions: list[Decision]) -> _Candidate:
        first = self.recorder.play(decisions)
        if not self.test(first):
            raise NothingToShrink("the predicate does not hold for the replay itself")
        self.best = first
        try:
            while True:
                self.cut_tail()
                if not self.replace_all():
                    break
        except _Exhausted:
            self.exhausted = True
        return self.best

    def _accept(self, cand: _Candidate, move: str, at: int, size: int) -> None:
        self.best = cand
        step = ShrinkStep(move, at, size, len(cand.decisions), self.tests)
        self.steps.append(step)
        if self.on_progress is not None:
            self.on_progress(step)

    def cut_tail(self) -> None:
        """Bisect for the shortest prefix that holds; the one a decision shorter was tested."""
        best = self.best
        assert best is not None
        n = len(best.decisions)
        lo, hi = -1, n  # the prefix of hi decisions holds; that of lo does not (-1: none yet)
        found: _Candidate | None = None
        try:
            while hi - lo > 1:
                mid = (lo + hi) // 2
                cand = self.recorder.play(best.decisions[:mid])
                if self.test(cand):
                    hi, found = mid, cand
                else:
                    lo = mid
        finally:  # out of tests too: the shortest prefix found so far still counts
            if found is not None:
                self._accept(found, "cut", hi, n - hi)

    def replace_all(self) -> bool:
        """One pass of replacements, chunks of half the decisions down to single ones; whether
        any succeeded."""
        assert self.best is not None
        progress = False
        size = max(1, len(self.best.decisions) // 2)
        while True:
            at = 0
            while at < len(self.best.decisions):
                if self.replace(at, size):
                    progress = True
                at += size
            if size == 1:
                return progress
            size //= 2

    def replace(self, at: int, size: int) -> bool:
        """Replace the decisions from ``at`` (``size`` of them) by simpler ones: the simplest
        legal each, or for a single decision each simpler choice in turn."""
        best = self.best
        assert best is not None
        plans: list[Plan]
        if size == 1:
            simpler = best.simple[at][:best.ranks[at]]
            seat = best.decisions[at][0]
            plans = [[*best.decisions[:at], (seat, c), *best.decisions[at + 1:]] for c in simpler]
        else:
            size = min(size, len(best.decisions) - at)  # never longer than the best
            plans = [[*best.decisions[:at], *([None] * size), *best.decisions[at + size:]]]
        for plan in plans:
            cand = self.recorder.play(plan)
            if cand.same(best) or cand.key() >= best.key():
                continue  # nothing simpler there
            if self.test(cand):
                self._accept(cand, "replace", at, size)
                return True
        return False


def shrink_replay(
    src: Source,
    until: Predicate,
    out: str | os.PathLike[str],
    *,
    max_tests: int = DEFAULT_MAX_TESTS,
    on_progress: Callable[[ShrinkStep], None] | None = None,
    limits: Limits | None = None,
) -> ShrinkResult:
    """Shrink the replay ``src`` to a replay for which ``until(path)`` still holds, and write it
    to ``out`` (replacing what is there, in one step). See the module for the moves and what
    "simpler" means.

    ``until`` is called with the path of a candidate replay (in a temporary folder, named like
    ``out``) and returns whether it still shows the bug. It is called at most ``max_tests``
    times, the first on the source itself as this engine re-records it; if that does not hold,
    :class:`NothingToShrink` is raised and nothing is written. ``on_progress`` is called with
    each move that succeeds. A source that does not re-simulate raises :class:`ReplayError`
    with the record at fault; a truncated source is shrunk as far as it goes (a warning says
    so). Exceptions of ``until`` propagate, and nothing is written then."""
    if max_tests < 1:
        raise ValueError(f"max_tests must be at least 1, not {max_tests}")
    out = os.fspath(out)
    header, decisions, warnings = _read_source(src, limits)
    recorder = _Recorder(header, spec_of(header))
    name = os.path.basename(out) or "candidate.mp"
    with tempfile.TemporaryDirectory(prefix="sgs-shrink-") as folder:
        shrinker = _Shrinker(recorder, until, folder, name, max_tests, on_progress)
        best = shrinker.run(decisions)
    _write(best.data, out)
    return ShrinkResult(
        src="<bytes>" if isinstance(src, bytes) else os.fspath(src), out=out,
        before=len(decisions), after=len(best.decisions), tests=shrinker.tests,
        steps=shrinker.steps, exhausted=shrinker.exhausted, truncated=not best.ended,
        error=best.error, bytes=len(best.data), warnings=warnings,
    )


def _write(data: bytes, out: str) -> None:
    """``data`` into ``out``: written beside it, then moved into place (replacing it)."""
    fd, tmp = _partial_file(out)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        _move_into_place(tmp, out, True)
        tmp = ""
    finally:
        if tmp:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
