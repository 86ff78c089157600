"""The driver every game shares: a suspended generator of rule procedures, decided step by step.

A game's rules are one generator (the game procedure) that yields a :class:`~.protocol.Request`
whenever it needs a decision and receives the choice (docs/architecture.md "How a decision flows").
:class:`Engine` runs it: it answers forced requests (exactly one legal choice) itself, exposes the
others as :attr:`Engine.pending`, checks each submitted choice with the request, keeps the event
stream, and turns the two ways a game stops into state: :class:`GameOver` raised by the rules sets
:attr:`Engine.result`; any other exception becomes an :class:`EngineError` (the replay toolkit
records it, so a crash replays to the same crash).
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any, Final, TypeVar, cast

from .._accel import mypyc_attr
from .protocol import Choice, GameFinished, Request, normalize_choice
from .registry import Kind
from .rng import Pcg32

__all__ = [
    "Engine", "EngineError", "GameOver", "Event", "Proc", "ALL", "redact", "events_since", "rebuilt",
]

E = TypeVar("E", bound="Engine")

Proc = Generator[Request, Any, Any]
"""A rule procedure: a generator that yields requests and receives the choices."""

ALL: Final = -1
"""Event mask: everyone sees the hidden part."""

Event = tuple[str, tuple[Any, ...], int, tuple[Any, ...] | None]
"""``(kind, public_args, mask, hidden)``: the seats in the bitmask ``mask`` (everyone when it is
:data:`ALL`) also see ``hidden``; a hidden part of None means there is nothing hidden."""


@mypyc_attr(native_class=False)
class EngineError(RuntimeError):
    """The rules raised. The game is stopped; ``kind`` and ``message`` go to the replay's error
    record, so that re-simulating the decisions reproduces the same error. ``game`` is the
    stopped game (when the driver raised it), for its summary even when setting up failed."""

    def __init__(self, kind: str, message: str, game: object = None) -> None:
        super().__init__(f"{kind}: {message}")
        self.kind = kind
        self.message = message
        self.game = game


@mypyc_attr(native_class=False)
class GameOver(Exception):
    """Raised inside the rules when the game ends at once; the driver catches it."""

    def __init__(self, winner: str | None, reason: str) -> None:
        super().__init__(reason)
        self.winner = winner
        self.reason = reason


def redact(event: Event, seat: int | None) -> tuple[Any, ...]:
    """An event as ``seat`` sees it: ``(kind, *args)``, plus the hidden part if shown to it
    (``seat=None`` is a spectator, who sees only what everyone sees)."""
    kind, args, mask, hidden = event
    if hidden is None:
        return (kind, *args)
    if mask == ALL or (seat is not None and seat >= 0 and (mask >> seat) & 1):
        return (kind, *args, hidden)
    return (kind, *args)


def events_since(events: list[Event], seat: int | None, since: int) -> dict[str, Any]:
    """The events part of a view (docs/views.md): ``events``, those from index ``since`` on as
    ``seat`` sees them (:func:`redact`); ``events_from``, the index of the first of them; and
    ``rewound``, true when ``since`` is past the game's last event: a frontend that kept the
    events of a game it then undid (``replay_to`` gives a shorter history) drops the events it
    holds from ``events_from`` on. ``ValueError`` for a negative or non-integer ``since``."""
    if not isinstance(since, int) or isinstance(since, bool) or since < 0:
        raise ValueError(f"since must be an event index, 0 or more, got {since!r}")
    n = len(events)
    start = n if since > n else since
    return {"events_from": start, "rewound": since > n,
            "events": [redact(e, seat) for e in events[start:]]}


@mypyc_attr(allow_interpreted_subclasses=True)
class Engine:
    """The decision driver of one game. A game subclasses it, calls ``super().__init__(seed)``
    (which checks the seed and makes the game's PCG32, :attr:`rng`, stream 0, from which all its
    randomness comes), sets up its state, then calls :meth:`start` with its game procedure.

    The protocol the replay toolkit and frontends use: :attr:`pending`, :meth:`submit`,
    :attr:`over`, :attr:`result`, :attr:`error`, :attr:`decisions` and :attr:`events`; games add
    ``turn_no``, ``round``, ``phase``, ``current``, :attr:`seats` and the hashes, views and
    summary (:class:`sgscore.core.spec.GameState`).
    """

    def __init__(self, seed: int = 0) -> None:
        if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**64:
            raise ValueError(f"seed must be an integer in 0..2**64-1, got {seed!r}")
        #: The seed the game was made with, and its PCG32 (stream 0; agents draw from others).
        self.seed = seed
        self.rng = Pcg32(seed, 0)
        self.events: list[Event] = []
        self.decisions = 0
        self.pending: Request | None = None
        self.result: tuple[str | None, str] | None = None  # (winner, reason)
        self.error: EngineError | None = None
        self._proc: Proc | None = None
        #: A cache for what is computed from the state while it cannot change: from the moment
        #: the rules yield a request until a choice resumes them (a request's legal options
        #: share their distances and targets). None while the rules run.
        self.memo: dict[Any, Any] | None = None
        #: Every decision submitted, ``(seat, choice)`` in order: what :meth:`clone` and
        #: :meth:`replay_to` replay (the game's replay, without the header).
        self.history: list[tuple[int, Choice]] = []
        #: The last request the rules marked as a point the game can be rebuilt at from its state
        #: alone (:meth:`mark_safe`), and where that is (the game's own value, for
        #: :meth:`resume`). A copy made while it is pending costs a copy of the state.
        self.safe: Request | None = None
        self.safe_at: Any = None
        #: Whether the game keeps a snapshot at each safe request decided (a copy of the state,
        #: taken on :meth:`submit`), so that a copy made anywhere costs the state copy plus the few
        #: decisions since. Off by default (it costs a state copy per play-phase decision); a
        #: copy of a game keeps its setting. Turn it on for a game that will be copied often.
        self.snapshots = False
        self._snapshot: tuple[Engine, Any, int, int] | None = None

    def start(self, procedure: Proc) -> None:
        """Run ``procedure`` until its first decision (or the end)."""
        self._proc = procedure
        self._run(None)

    @property
    def over(self) -> bool:
        return self.result is not None or self.error is not None

    def submit(self, choice: Choice, then: tuple[int, Choice] | None = None) -> None:
        """Check ``choice`` against the pending request and resume the rules.

        Raises :class:`~sgscore.core.protocol.IllegalChoice` (game unchanged) for an illegal
        choice, :class:`~sgscore.core.protocol.GameFinished` when the game is over, and
        :class:`EngineError` if the rules raise.

        ``then``: the decision known to come next, ``(seat, choice)`` (a replay's next
        decision). A request that it shows not to be forced is not looked at any further, so
        re-simulating a replay lists no choices; the game goes exactly as without it.
        """
        if self.error is not None:
            raise GameFinished(f"the game stopped with an engine error: {self.error}")
        if self.result is not None or self.pending is None:
            raise GameFinished("the game is over")
        if type(choice) is list:  # the JSON form of a choice
            choice = normalize_choice(choice)
        self.pending.check(choice)
        if self.snapshots and self.pending is self.safe:
            kept = self.state_copy()
            if kept is not None:
                self._snapshot = (kept, self.safe_at, self.decisions, len(self.events))
        self.decisions += 1
        self.history.append((self.pending.seat, choice))
        self._run(choice, then)

    # ------------------------------------------------------------------ copies
    def restart(self: E) -> E:
        """A new game started as this one was (same config and seed), before any decision.
        Each game implements it; :meth:`clone` and :meth:`replay_to` build on it."""
        raise NotImplementedError(f"{type(self).__name__} cannot be restarted")

    def replay_to(self: E, n: int) -> E:
        """A new, independent game at the moment before decision ``n`` (``0 <= n <=
        decisions``): this game's first ``n`` decisions replayed on :meth:`restart`. This game
        is unchanged. Undoing the last decision is ``game = game.replay_to(game.decisions - 1)``.

        It costs a re-simulation of ``n`` decisions without listing choices, about as much as
        validating a replay of that length (a few milliseconds for a whole game)."""
        if not isinstance(n, int) or isinstance(n, bool) or not 0 <= n <= len(self.history):
            raise IndexError(f"decision {n!r} is not in this game: it has taken "
                             f"{len(self.history)} decisions (0-{len(self.history)})")
        g = self.restart()
        history = self.history
        last = len(history) - 1
        for i in range(n):
            seat, choice = history[i]
            try:
                g.submit(choice, history[i + 1] if i < last else None)
            except EngineError:
                if i != last:  # only the decision this game stopped on can raise
                    raise
        return g

    def clone(self: E) -> E:
        """A new, independent game in the same state as this one: same state hash, events,
        pending request and history; deciding on one never changes the other. ``copy.copy`` and
        ``copy.deepcopy`` give the same.

        What it costs (docs/api.md "Copies, forks and undo"): a copy of the state when the
        pending request is one the game can be rebuilt at (:meth:`mark_safe`: identity mode's
        play-phase requests, the dice game's rerolls) or the game is over; else, when the game
        keeps :attr:`snapshots`, the copy of the last snapshot plus the decisions since it; else
        :meth:`replay_to` of every decision so far.

        Raises ``ValueError`` for a game that was changed outside its decisions (a test
        scenario that set hands or dice by hand) where only a replay could copy it: replaying
        it would not give the same state."""
        g = self._copied()
        if g is not None:
            return g
        g = self.replay_to(len(self.history))
        if g.state_hash() != self.state_hash():
            raise ValueError(f"this {type(self).__name__} cannot be cloned: its state was set "
                             "outside its config, seed and decisions")
        g.snapshots = self.snapshots
        return g

    def _copied(self: E) -> E | None:
        """A copy made from a state copy (see :meth:`clone`), or None when there is none."""
        if self.error is not None:
            return None
        pending = self.pending
        if self.result is not None or (pending is not None and pending is self.safe):
            g = self.state_copy()
            if g is None:
                return None
            g.events = self.events.copy()
            g.history = self.history.copy()
            g.decisions = self.decisions
            g.result = self.result
            g.snapshots = self.snapshots
            g._snapshot = self._snapshot
            if pending is not None:
                g._resume(self.safe_at, pending)
            return g
        snap = self._snapshot
        if snap is None:
            return None
        kept, at, k, e = snap
        made = kept.state_copy()
        if made is None:
            return None
        g = cast(E, made)  # a snapshot is a state copy of this game's class
        g.events = self.events[:e]
        g.history = self.history[:k]
        g.decisions = k
        g._resume(at, None)
        history = self.history
        last = len(history) - 1
        for i in range(k, len(history)):
            g.submit(history[i][1], history[i + 1] if i < last else None)
        g.snapshots = self.snapshots
        g._snapshot = snap
        if g.quick_hash() != self.quick_hash() or len(g.events) != len(self.events):
            return None  # set by hand since the snapshot: only a replay can tell
        return g

    def _resume(self, at: Any, expect: Request | None) -> None:
        """Rebuild the rules' procedure at the safe request ``at`` (the state being that of the
        moment it was asked) and run it to that request again, which must be asked anew with no
        event (``expect``: the request it must match)."""
        proc = self.resume(at)
        self._proc = proc
        events = len(self.events)
        req = proc.send(None)
        if len(self.events) != events or (expect is not None and (
                req.seat != expect.seat or req.kind != expect.kind)):
            raise AssertionError(f"{type(self).__name__}.resume({at!r}) did not come back to "
                                 "the request it was asked at")
        self.memo = {}
        self.pending = req

    def mark_safe(self, request: Request, at: Any) -> None:
        """The rules say: ``request`` is about to be asked at a point where the whole game can be
        rebuilt from its state, and ``at`` says where (what :meth:`resume` takes). Called just
        before the request is yielded, with nothing done in between."""
        self.safe = request
        self.safe_at = at

    def state_copy(self: E) -> E | None:
        """A new game of this class with a copy of this one's state, neither its events, its
        history nor its procedure; None when this game cannot be rebuilt from its state (the
        default). A game that marks safe requests implements it and :meth:`resume`."""
        return None

    def resume(self, at: Any) -> Proc:
        """The rules' procedure going on from the safe point ``at`` (:meth:`mark_safe`): its
        first request is the one asked there."""
        raise NotImplementedError(f"{type(self).__name__} cannot be rebuilt at a request")

    def quick_hash(self) -> int:
        """A cheap checksum of the state (each game defines it)."""
        raise NotImplementedError

    def state_hash(self) -> str:
        """The hash of the whole state (each game defines it)."""
        raise NotImplementedError

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickling: a game travels as its class, config, seed and decisions (and its state
        hash), and is rebuilt by replaying them (:func:`rebuilt`), in this process or another,
        on either core. A game whose state was set outside its config, seed and decisions
        cannot be rebuilt: unpickling it raises ``ValueError``."""
        config = getattr(self, "config")  # noqa: B009 - every game has one; the base does not
        return (rebuilt, (type(self), config, self.seed, list(self.history), self.state_hash()))

    def __copy__(self: E) -> E:
        return self.clone()

    def __deepcopy__(self: E, memo: dict[int, Any]) -> E:
        return self.clone()

    def _run(self, value: Choice, then: tuple[int, Choice] | None = None) -> None:
        gen = self._proc
        assert gen is not None, "start() runs the game procedure first"
        self.pending = None
        self.memo = None
        try:
            req = gen.send(value)
            while True:
                self.memo = {}  # the state is frozen while the request is looked at
                if then is not None and req.seat == then[0] and req.not_forced_by(then[1]):
                    break
                forced, only = req.forced()
                if not forced:
                    break
                self.memo = None
                req = gen.send(only)
            self.pending = req
        except GameOver as over:
            self.memo = None
            self.result = (over.winner, over.reason)
            self._ended()
            self.game_over(over)
        except StopIteration:
            self.result = (None, "ended")
            self._ended()
        except Exception as exc:  # every engine failure becomes a record
            self._ended()
            self.error = EngineError(type(exc).__name__, str(exc), self)
            raise self.error from exc

    def _ended(self) -> None:
        """Forget the last safe request once the game is over: a request holds its game, and
        a finished game left in a cycle with it would wait for the cyclic garbage collector
        instead of being freed when its last reference goes (a study of thousands of games
        would spend a tenth of its time in that collector)."""
        self.safe = None
        self.safe_at = None

    def game_over(self, over: GameOver) -> None:
        """Called once when the rules end the game (a game logs its own event here)."""

    # ------------------------------------------------------------------ events
    def log(self, kind: Kind, *args: Any) -> None:
        """Append a public event. ``kind`` is the game's event kind (its ``name`` is stored)."""
        self.events.append((kind.name, args, ALL, None))

    def log_private(self, kind: Kind, mask: int, args: tuple[Any, ...],
                    hidden: tuple[Any, ...]) -> None:
        """Append an event whose ``hidden`` part only the seats in ``mask`` see."""
        self.events.append((kind.name, args, mask, hidden))


def rebuilt(cls: Any, config: Any, seed: int, history: list[tuple[int, Choice]],
            state_hash: str) -> Engine:
    """A game of class ``cls`` made with ``config`` and ``seed``, its ``history`` replayed: an
    unpickled game (:meth:`Engine.__reduce__`). ``ValueError`` when it does not come to the
    state whose hash is ``state_hash``."""
    game: Engine = cls(config, seed)
    last = len(history) - 1
    for i, (_, choice) in enumerate(history):
        try:
            game.submit(choice, history[i + 1] if i < last else None)
        except EngineError:
            if i != last:
                raise
    if game.state_hash() != state_hash:
        raise ValueError(f"this {cls.__name__} cannot be rebuilt: its state was set outside "
                         "its config, seed and decisions")
    return game
