"""The game interface: what a game gives the replay toolkit, the command line and frontends.

A game is a :class:`GameSpec`: its id and versions, its config (model, format defaults, command
line options), how to start a game, and how to tell one (event and request kinds with their words,
state tables, names). The replay toolkit and ``sgs`` know games only through this interface and
the registry (:mod:`sgscore.core.games`), so a second game, or one shipped by another package,
works with every ``sgs replay`` command unchanged. ``docs/architecture.md`` shows how to write one.
"""

from __future__ import annotations

import hashlib
import warnings
from abc import ABC, abstractmethod
from array import array
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Literal, Protocol, TypeVar

from .actions import ActionSpace
from .engine import EngineError, Event
from .invariants import InvariantChecker
from .observing import Layout
from .protocol import Choice, RandomAgent, Request
from .registry import EventKind, Registry, RequestKind
from .rng import Pcg32
from .telling import request_json, seen_events

__all__ = [
    "LANGS", "Account", "AnyGame", "ConfigError", "GameState", "GameSpec", "Option", "Teller",
    "remade_agent", "rules_id", "same_value", "side_outcomes", "viewer_args",
]


LANGS = ("en", "zh")
"""The languages every game tells itself in (its tellers, names and messages)."""


class ConfigError(ValueError):
    """A config that cannot make a game (says which field and why)."""


class GameState(Protocol):
    """What the toolkit reads from a running game (``sgscore.core.engine.Engine`` gives the
    driver half)."""

    pending: Request | None
    events: list[Event]
    result: tuple[str | None, str] | None
    error: EngineError | None
    decisions: int
    history: list[tuple[int, Choice]]
    turn_no: int
    round: int
    phase: str
    current: int
    seed: int
    config: Any  # the game's config object (its spec's ``config_type``)
    #: Keep a snapshot at each safe request decided (docs/api.md "Copies, forks and undo").
    snapshots: bool

    @property
    def over(self) -> bool: ...

    def clone(self) -> GameState: ...

    def restart(self) -> GameState: ...

    def replay_to(self, n: int) -> GameState: ...

    @property
    def seats(self) -> int: ...

    def submit(self, choice: Choice, then: tuple[int, Choice] | None = None) -> None: ...

    def quick_hash(self) -> int: ...

    def state_hash(self) -> str: ...

    def summary(self) -> dict[str, Any]: ...

    def view(self, seat: int | None) -> dict[str, Any]: ...


class Teller(Protocol):
    """Tells a game's events and requests in words for one viewer and language; it keeps what
    the viewer has learnt so far (names of the seats, roles seen), so it is fed every event the
    viewer sees, in order."""

    lang: str
    seat: int | None

    def p(self, seat: int) -> str:
        """A seat as written in this language (``P2 simayi``)."""
        ...

    def phase(self, phase: str) -> str:
        """A phase of a turn as written in this language (``draw phase``)."""
        ...

    def lines(self, kind: str, args: tuple[Any, ...], hidden: Any) -> list[str]:
        """The lines for one event as this viewer sees it (``hidden`` None when not shown)."""
        ...

    def summary_lines(self, summary: Mapping[str, Any] | None) -> list[str]:
        """The result of the game, as far as this viewer may know it."""
        ...

    def redact_summary(self, summary: Mapping[str, Any]) -> dict[str, Any]:
        """The end record's summary without what this viewer may not know yet."""
        ...

    def ask(self, kind: str, seat: int, prompt: Sequence[Any]) -> str:
        """A request in words: who is asked what."""
        ...

    def describe(self, kind: str, choice: Choice) -> str:
        """A choice in words."""
        ...


def viewer_args(seat: Any, lang: Any, where: str) -> tuple[int | None, str]:
    """``(seat, lang)`` of a call that takes a viewer then a language (``teller(seat, lang)``),
    given the old order ``(lang, seat)`` too (a language first, which no seat is): that order
    still works, with a ``DeprecationWarning`` naming ``where``. A language that is not one of
    :data:`LANGS` is a ``ValueError``."""
    if isinstance(seat, str):  # teller("zh", 2) or teller("zh"), the old order
        warnings.warn(f"{where}(lang, seat) is deprecated: the viewer comes first, "
                      f"{where}(seat, lang)", DeprecationWarning, stacklevel=3)
        seat, lang = (None if isinstance(lang, str) else lang), seat
    if lang not in LANGS:
        raise ValueError(f"lang must be one of {LANGS}, got {lang!r}")
    if seat is not None and (not isinstance(seat, int) or isinstance(seat, bool)):
        raise ValueError(f"seat must be a seat number or None, got {seat!r}")
    return seat, lang


class Account:
    """The account of a live game as one viewer sees it, in one language: the lines of what
    happened, the pending question and any choice in words, and the result, from a
    :class:`Teller` fed every event the viewer sees, in order
    (``GameSpec.account(game, seat, lang)`` makes one; docs/api.md, "Labels and the account of
    a live game").

    An account follows one game object, whose events only grow. After an undo
    (``game.replay_to(k)`` gives a new game), make a new account of the new game."""

    def __init__(self, teller: Teller, game: GameState) -> None:
        self.teller = teller
        self.game = game
        self.seat = teller.seat
        self.lang = teller.lang
        self.told = 0

    def _catch_up(self) -> list[str]:
        events = self.game.events
        out: list[str] = []
        for kind, args, hidden in seen_events(events[self.told:], self.seat):
            out.extend(line for line in self.teller.lines(kind, args, hidden) if line.strip())
        self.told = len(events)
        return out

    def lines(self) -> list[str]:
        """The lines of the events not told yet (the first call: the whole account so far)."""
        return self._catch_up()

    def question(self) -> str | None:
        """The pending request in words (``P2 Sima Yi may use Demonic Talent``); None when the
        game is over, or when another seat than this viewer is asked (a seat is told only its
        own questions; ``seat=None`` is told every one)."""
        req = self.game.pending
        if req is None or (self.seat is not None and req.seat != self.seat):
            return None
        self._catch_up()
        return self.teller.ask(req.kind, req.seat, req.prompt)

    def describe(self, choice: Choice) -> str:
        """A choice of the pending request in words (``use Slash ♠7 on P2 Sima Yi``)."""
        req = self.game.pending
        if req is None:
            raise ValueError("the game is over: no request is pending")
        self._catch_up()
        return self.teller.describe(req.kind, choice)

    def request(self) -> dict[str, Any] | None:
        """The pending request's JSON form (:func:`~sgscore.core.telling.request_json`) with
        this account's words in its language only; None as for :meth:`question`."""
        req = self.game.pending
        if req is None or (self.seat is not None and req.seat != self.seat):
            return None
        self._catch_up()
        return request_json(req, {self.lang: self.teller})

    def result(self) -> list[str]:
        """The result of the game in words, as far as this viewer may know it (the lines
        ``sgs replay show`` ends with); ``Result: none`` while the game runs."""
        self._catch_up()
        g = self.game
        summary = g.summary() if g.over else None
        return self.teller.summary_lines(self.teller.redact_summary(summary) if summary else None)


def _caught_up(game: GameState, seed: int, kinds: Sequence[Callable[[GameState, int, int], Any]]
               ) -> list[Any] | None:
    """Agents of ``kinds`` for ``game`` as they would be after playing its decisions (see
    :meth:`GameSpec.make_agents`), or None when the game's decisions do not lead to it from its
    start (a table set up by hand) or no agent can follow another game."""
    replay = game.restart()
    shadow = [make(replay, seed, seat) for seat, make in enumerate(kinds)]
    follows = [callable(getattr(a, "follow", None)) for a in shadow]
    if not any(follows):
        return None
    history = game.history
    last = len(history) - 1
    for i, (seat, choice) in enumerate(history):
        req = replay.pending
        if req is None or req.seat != seat:
            return None
        if follows[seat]:
            shadow[seat].choose(req)  # its stream and what it learns move as they did
        try:
            replay.submit(choice)
        except EngineError:
            if i != last:
                return None
    if replay.state_hash() != game.state_hash():
        return None
    out = []
    for seat, (agent, follow) in enumerate(zip(shadow, follows, strict=True)):
        if follow:
            agent.follow(game)
            out.append(agent)
        else:
            out.append(kinds[seat](game, seed, seat))
    return out


def remade_agent(make: Callable[[GameState, int, int], Any], game: GameState, seed: int,
                 seat: int) -> Any:
    """The agent ``make(game, seed, seat)`` as it would be after playing ``game``'s decisions
    so far (caught up as :meth:`GameSpec.make_agents` does): how an agent that keeps its game is
    unpickled (its ``__reduce__``). Made on ``game`` as it stands when its decisions do not lead
    to it from its start."""
    kinds: list[Callable[[GameState, int, int], Any]] = [_idle] * game.seats
    kinds[seat] = make
    caught = _caught_up(game, seed, kinds) if game.decisions else None
    return caught[seat] if caught is not None else make(game, seed, seat)


def _idle(game: GameState, seed: int, seat: int) -> Any:
    """No agent: a seat :func:`remade_agent` does not catch up."""
    return None


OptionKind = Literal["flag", "int", "str"]


@dataclass(frozen=True)
class Option:
    """A command line option of ``sgs sim`` for this game: ``--flag`` sets ``values[name]``.

    ``kind``: ``flag`` (True when given), ``int`` (within ``low..high``) or ``str``. ``default`` is
    what the game uses when the option is not given (shown in the help)."""

    name: str
    flags: tuple[str, ...]
    help: str
    kind: OptionKind = "flag"
    default: Any = None
    low: int | None = None
    high: int | None = None
    metavar: str | None = None


def rules_id(game: str, version: str) -> str:
    """The header's rules identity: the first 128 bits (32 hex digits) of SHA-256 over
    ``"<game>\\n<rules version>"`` (``docs/replay-format.md``)."""
    return hashlib.sha256(f"{game}\n{version}".encode()).hexdigest()[:32]


def same_value(a: Any, b: Any) -> bool:
    """Equal in value and in type, lists and tuples alike (True is not 1)."""
    if isinstance(a, list | tuple) and isinstance(b, list | tuple):
        return len(a) == len(b) and all(same_value(x, y) for x, y in zip(a, b, strict=True))
    return type(a) is type(b) and a == b


C = TypeVar("C")


class GameSpec(ABC, Generic[C]):
    """One game, as the toolkit sees it. Subclass it, fill in the class attributes, implement the
    abstract methods, and register an instance (:func:`sgscore.core.games.register_game`, or the
    ``sgscore.games`` entry-point group of a package).

    - ``id``: the game and ruleset id stored in replay headers (``"sanguosha/identity"``).
    - ``title``: the game's name by language (``{"en": ..., "zh": ...}``).
    - ``engine_version``: the version of the code that plays it (the package's).
    - ``rules_version``: declared by the game, changed whenever the behaviour of the rules
      changes (never for a comment or a refactoring); headers store :func:`rules_id` of it.
    - ``rng``: the PRNG algorithm id.
    - ``config_defaults``: the format's frozen defaults: a header leaves out a config entry equal
      to its default here. Never change an entry once replays exist: a missing key means it.
    - ``options``: the ``sgs sim`` options this game takes.
    - ``events`` / ``requests``: the registries of the game's event and request kinds.
    - ``turn_event`` / ``death_event``: the event kind that begins a turn (its first argument the
      turn's number over the game) and the one that tells a death (its first argument the seat),
      or None for a game without them: ``sgs replay html`` splits a moment's log where a turn
      begins and dates each death by the turn it happened in.
    """

    id: str
    title: Mapping[str, str]
    engine_version: str
    rules_version: str
    rng: str
    config_defaults: Mapping[str, Any]
    options: tuple[Option, ...] = ()
    events: Registry[EventKind[Any]]
    requests: Registry[RequestKind[Any]]
    turn_event: str | None = None
    death_event: str | None = None
    bench_players: tuple[int, ...] = (4, 5)
    """The player counts ``sgs bench`` measures when it is given none."""

    @property
    def rules(self) -> str:
        """The rules identity stored in headers (:func:`rules_id`)."""
        return rules_id(self.id, self.rules_version)

    # ------------------------------------------------------------------ config
    @abstractmethod
    def config_type(self) -> type[C]:
        """The class of this game's config objects."""

    @abstractmethod
    def config_to_dict(self, config: C) -> dict[str, Any]:
        """Every config entry as plain data (JSON and msgpack types), everything a re-simulation
        needs to deal the same game."""

    @abstractmethod
    def config_from_dict(self, data: Mapping[str, Any]) -> C:
        """A config from plain data (a header's, defaults filled in); strict about types: raises
        :class:`ConfigError` naming the field."""

    @abstractmethod
    def config_from_options(self, values: Mapping[str, Any]) -> C:
        """A config from ``sgs sim`` option values (only the options given on the command line);
        raises :class:`ConfigError`."""

    def header_config(self, config: C) -> dict[str, Any]:
        """The config as a header stores it: without entries equal to the format's defaults."""
        defaults = self.config_defaults
        return {k: v for k, v in self.config_to_dict(config).items()
                if not (k in defaults and same_value(defaults[k], v))}

    def full_config(self, data: Mapping[str, Any]) -> dict[str, Any]:
        """A header's config with the format's defaults filled in."""
        return {**self.config_defaults, **data}

    def seats(self, config: Mapping[str, Any]) -> int:
        """The number of seats of a game with this (full) header config."""
        n = config.get("players")
        return n if isinstance(n, int) and not isinstance(n, bool) and 0 < n <= 256 else 1

    # ------------------------------------------------------------------ playing
    @abstractmethod
    def game_class(self) -> Callable[[C, int], GameState]:
        """The game's class: ``game_class()(config, seed)`` makes a game and runs it until its
        first decision, raising :class:`EngineError` if the rules raise while setting up."""

    def new_game(self, config: C, seed: int) -> GameState:
        """A new game, run until its first decision (:class:`EngineError` if setting up raises)."""
        return self.game_class()(config, seed)

    def agent_kinds(self) -> dict[str, Callable[[GameState, int, int], Any]]:
        """The agents that can play this game, by the name a replay header records: each makes
        an agent from ``(game, seed, seat)``. Every game has ``"random"``; override to add more
        (call ``super()`` and extend)."""
        def random_agent(game: GameState, seed: int, seat: int) -> Any:
            return RandomAgent(seed, seat)

        return {"random": random_agent}

    def agent_kind(self, name: str) -> Callable[[GameState, int, int], Any] | None:
        """The factory of the agent ``name`` (as :meth:`agent_kinds` gives it), or None when
        this game has no such agent. A game whose agents take a setting reads it from the name
        here (identity mode's ``ismcts:32``, a search of 32 worlds a decision); override to
        add such forms (call ``super()`` for the others)."""
        return self.agent_kinds().get(name)

    def make_agents(self, game: GameState, seed: int, names: str | Sequence[str]) -> list[Any]:
        """One agent per seat of ``game``: ``names`` is one name for every seat or one per
        seat (``"heuristic"``, ``["heuristic", "random", ...]``); :class:`ConfigError` names
        an unknown one or a wrong count.

        Agents made for a game under way (an undone game, ``replay_to(k)``; a clone; a resumed
        one) are caught up: each has been asked every decision its seat took, on a copy of the
        game replayed from its start, so its random stream and what it learnt are where they
        would be had it played from the start, and it goes on as the game played in one go by
        such agents would (docs/api.md "Agents that survive undo"). An agent is caught up when
        it has ``follow(game)`` (it then watches ``game``); another is made on ``game`` as it
        stands. A game set up by hand (its state not its decisions') gets agents as it stands."""
        made = self._factories(game.seats, names)
        if game.decisions:
            caught = _caught_up(game, seed, made)
            if caught is not None:
                return caught
        return [kind(game, seed, seat) for seat, kind in enumerate(made)]

    def agent_factories(self, seats: int, names: str | Sequence[str]
                        ) -> list[Callable[[GameState, int, int], Any]] | None:
        """The factory of each seat's agent (:meth:`make_agents`' ``names``), called as
        ``factory(game, seed, seat)`` on a game at its start: what a caller that starts many
        games of one config looks up once (:class:`~sgscore.replay.writer.Recorder`). None
        when which agent a seat gets depends on the game itself (identity mode's agents by
        role): :meth:`make_agents` then makes them game by game."""
        return self._factories(seats, names)

    def _factories(self, seats: int, names: str | Sequence[str]
                   ) -> list[Callable[[GameState, int, int], Any]]:
        listed = [names] * seats if isinstance(names, str) else list(names)
        if len(listed) == 1:
            listed = listed * seats
        if len(listed) != seats:
            raise ConfigError(f"agents: {len(listed)} given for {seats} seats "
                              "(one for every seat, or one per seat)")
        found: dict[str, Callable[[GameState, int, int], Any]] = {}
        for name in listed:
            if name not in found:
                kind = self.agent_kind(name)
                if kind is None:
                    raise ConfigError(f"agents: no agent {name!r:.40} for {self.id} "
                                      f"(agents: {', '.join(self.agent_kinds())})")
                found[name] = kind
        return [found[name] for name in listed]

    def start(self, config: Mapping[str, Any], seed: int) -> tuple[GameState, EngineError | None]:
        """A game from a header's (full) config: the game, and the engine error if setting up
        raised (the game is then stopped but still there, so its summary can be taken)."""
        return self.start_config(self.config_from_dict(config), seed)

    def start_config(self, config: C, seed: int) -> tuple[GameState, EngineError | None]:
        """As :meth:`start`, from a config object."""
        try:
            return self.new_game(config, seed), None
        except EngineError as e:
            if e.game is None:
                raise
            game: GameState = e.game  # type: ignore[assignment]
            return game, e

    # ------------------------------------------------------------------ results
    def outcomes(self, summary: Mapping[str, Any]) -> list[str] | None:
        """Each seat's outcome of a game, from its summary (the end record's): ``"win"``,
        ``"loss"`` or ``"draw"`` per seat, for statistics (:mod:`sgscore.study`). None when the
        game did not finish (an engine error) or does not say (the default)."""
        return None

    def scores(self, summary: Mapping[str, Any]) -> list[int] | None:
        """Each seat's score of a game, from its summary, for a game that keeps score (``sgs
        tournament`` adds them up); None when it keeps none (the default)."""
        return None

    def summary_problems(self, config: C, summary: Mapping[str, Any]) -> list[str]:
        """What in ``summary`` (an end record's, under the engine's names) no game of ``config``
        ends with: an entry this config never writes or one missing, a value of another type or
        length, a winner and a reason that do not go together or that the roles and who is
        alive contradict, as far as the game can say without playing it. Each problem is a few
        words naming the entry; ``[]`` when there is none (the default: a game that does not
        say). ``sgs stats`` reads summaries without re-simulating the games and refuses one
        with a problem (:mod:`sgscore.core.summaries` has the pieces)."""
        return []

    def skill_uses(self, events: Sequence[Event], seats: int) -> list[dict[str, int]]:
        """How many times each seat used each skill in a game's ``events``, by skill id (``sgs
        stats --by skill``). By default, the events of kind ``skill`` whose first two arguments
        are the seat and the skill's id; a game that tells some uses otherwise (a card played
        through a skill) extends it."""
        counts: list[dict[str, int]] = [{} for _ in range(seats)]
        for kind, args, _, _ in events:
            if kind == "skill" and len(args) >= 2:
                seat, sid = args[0], args[1]
                if type(seat) is int and 0 <= seat < seats and isinstance(sid, str):
                    counts[seat][sid] = counts[seat].get(sid, 0) + 1
        return counts

    def bench_config(self, players: int, generals: str = "random",
                     pool: str | Sequence[str] | None = None,
                     options: Mapping[str, Any] | None = None) -> C:
        """The config of the games ``sgs bench`` measures: ``players`` seats, the game's ``sgs
        sim`` ``options`` given (by name), and for a game that deals generals (one that takes
        ``--generals``) their deal, ``generals`` (``"random"`` or ``"draft"``), from ``pool``
        (``sgs bench --pool``: the game reads it). The default takes no pool. Raises
        :class:`ConfigError`."""
        values: dict[str, Any] = {**(options or {}), "players": players}
        if any(o.name == "generals" for o in self.options):
            values["generals"] = generals
        elif generals != "random":
            raise ConfigError(f"{self.id} takes no --generals")
        if pool is not None:
            raise ConfigError(f"--pool is not an option of {self.id}")
        return self.config_from_options(values)

    def bench_pool(self, config: C) -> str:
        """What ``sgs bench`` reports of the generals ``config`` deals from: the pool's name or
        their ids, or ``""`` (the default) for a game without pools."""
        return ""

    def tournament_config(self, config: C, game: int) -> C:
        """The config of game ``game`` (0, 1, ...) of a tournament of ``config``'s games that
        passes something round the table (identity mode: the lord's seat) and keeps score; ``sgs
        tournament`` plays as many games as there are seats in each round. A game without
        tournaments raises :class:`ConfigError` (the default)."""
        raise ConfigError(f"{self.id} has no tournament")

    def invariants(self, game: GameState) -> InvariantChecker | None:
        """A checker of the game's invariants, set up on ``game`` as it is now (just made, in
        general): what must hold after every decision and at the end, however the game ended
        (:mod:`sgscore.core.invariants`; ``python -m sgscore.fuzz games`` calls its ``check``
        after every decision of its random games). None when the game has none (the default)."""
        return None

    # ------------------------------------------------------------------ telling
    @abstractmethod
    def teller(self, seat: int | None = None, lang: str = "en") -> Teller:
        """A fresh :class:`Teller` for one viewer (``None``: everyone, every hidden part) in
        ``lang`` (:data:`LANGS`); feed it the events that viewer sees, in order. The viewer
        comes first, as in every call that takes both (``game.view(seat)``,
        :meth:`account`, ``Stepper.moment(seat, lang)``); the toolkit calls it by keyword,
        ``teller(seat=..., lang=...)``. A game implements it; the built-in games still take the
        old order ``teller(lang, seat)`` (a language first), with a ``DeprecationWarning``
        (:func:`viewer_args`)."""

    def action_space(self, config: C) -> ActionSpace:
        """The stable action ids of games of ``config`` (docs/api.md "Action ids"): tokens for
        ``None``, booleans, tuples, the ints ``0..action_ints(config)-1`` and the words of
        :meth:`action_words`."""
        return ActionSpace(self.id, self.action_ints(config), self.action_words(config))

    def action_ints(self, config: C) -> int:
        """How many integer tokens the action space has: more than any int a choice holds (a
        card id, a seat). A game whose choices hold larger ints says so."""
        return 64

    def action_words(self, config: C) -> tuple[str, ...]:
        """Every string a choice may hold (skill and general ids, ...): the action space's
        words. None by default."""
        return ()

    def observation_layout(self, config: C) -> Layout:
        """The features of :meth:`observation` for games of ``config`` (docs/api.md
        "Observations"); ``NotImplementedError`` for a game that has none."""
        raise NotImplementedError(f"{self.id} has no observations")

    def observation(self, game: GameState, seat: int) -> array[int]:
        """What ``seat`` sees of ``game`` as the ints of :meth:`observation_layout` (an
        ``array.array`` of signed 64-bit ints, which numpy reads without a copy): built from
        what the seat may see, never another seat's hidden cards or role."""
        raise NotImplementedError(f"{self.id} has no observations")

    def sample_world(self, game: GameState, seat: int, rng: Pcg32) -> GameState:
        """A copy of ``game`` in which what ``seat`` cannot see (others' hands, the draw order,
        hidden roles, the random stream) is drawn from ``rng`` among what it could be, given all
        the seat has seen (docs/training.md "Sampled worlds"); the seat's view of it is its view
        of ``game``. ``game`` must be asking ``seat``; ``NotImplementedError`` for a game that has
        no sampler."""
        raise NotImplementedError(f"{self.id} has no sampled worlds")

    def scenario_test(self, game: GameState, *, name: str = "test_position", source: str = "",
                      then: Choice | None = None, has_then: bool = False) -> str:
        """The source of a runnable test that sets ``game``'s table up with the game's scenario
        harness and reaches its question, then takes ``then`` (when ``has_then``): ``sgs replay
        scenario`` (docs/bug-reports.md "A position as a test"). ``ValueError`` (its message a
        sentence) when this game, or this moment of it, cannot be written so (the default)."""
        raise ValueError(f"a {self.id} game cannot be written as a scenario test")

    def account(self, game: GameState, seat: int | None = None, lang: str = "en") -> Account:
        """The account of the live ``game`` as ``seat`` sees it (``None``: everyone, every
        hidden part), in ``lang``: its lines, the pending question and choices in words, the
        result (:class:`Account`; docs/api.md, "Labels and the account of
        a live game"). It has been told nothing yet: its first ``lines()`` is the whole story
        so far."""
        if lang not in LANGS:
            raise ValueError(f"lang must be one of {LANGS}, got {lang!r}")
        return Account(self.teller(seat=seat, lang=lang), game)

    @abstractmethod
    def header_line(self, config: Mapping[str, Any], lang: str) -> list[str]:
        """What the (full) config says, as short phrases for the one-line header of an account."""

    @abstractmethod
    def full_view(self, game: GameState) -> dict[str, Any]:
        """The whole table, every hidden part shown (the shape of ``view(seat)``, no events)."""

    def table_view(self, game: GameState, seat: int | None) -> dict[str, Any]:
        """``game.view(seat)`` without its events: the table as ``seat`` sees it now (``sgs
        replay step --as``, the ``--as`` page; ``None``: a spectator, as ``game.view(None)``). A game whose view takes ``since=`` (both built-in
        games do) overrides it to skip the events it would drop: the table of every moment of a
        long game then costs the same."""
        view = game.view(seat)
        view.pop("events", None)
        return view

    @abstractmethod
    def table_lines(self, state: Mapping[str, Any], teller: Teller, *, current: bool) -> list[str]:
        """A view (``view(seat)`` or :meth:`full_view`) as a table of the seats, for ``sgs replay
        step``; ``current``: mark the seat whose turn it is."""

    def table_json(self, state: Mapping[str, Any], teller: Teller) -> dict[str, Any]:
        """A view (``view(seat)`` or :meth:`full_view`) as a table for a frontend (the page of
        ``sgs replay html``), in the teller's language and as its viewer knows the table:

        - ``columns``: ``[{"key", "label"}]``, the cells of a seat in order;
        - ``seats``: ``[{"seat", "label", "alive", "cells"}]``, ``cells`` mapping each column's
          key to a text or a list of texts (cards in a hand, say);
        - ``piles``: ``[{"key", "label", "value"}]``, what lies on the table outside the seats;
        - ``lines``: text to show as it is.

        The default has no columns: the lines of :meth:`table_lines`."""
        return {"columns": [], "seats": [], "piles": [],
                "lines": self.table_lines(state, teller, current=False)}

    # ------------------------------------------------------------------ the catalogue
    def catalogue(self) -> dict[str, Any]:
        """What the game is made of, named in English and Chinese, as plain data (``sgs info``):
        ``{"generals": [...], "skills": [...], "cards": [...]}``, each a list of objects, in a
        fixed order. A game without such things (the default) has empty sections.

        - a general: ``id``, ``zh``, ``en``, ``kingdoms`` (ids) and ``kingdoms_zh``, ``sex``
          (``"m"``/``"f"``), ``hp``, ``skills`` (ids), ``can_be_lord``;
        - a skill: ``id``, ``zh``, ``en``, ``text_zh`` (the rules document's text), ``text_en``
          (an English rendering of it), ``lord``, ``compulsory`` (it takes effect without its
          owner being asked whether to use it), ``generals`` (the ids of those who have it) and
          ``cards`` (the card names that give it);
        - a card, one per physical card: ``id``, ``name`` (the card name's id), ``zh``, ``en``,
          ``suit`` (a letter, ``S`` ``H`` ``C`` ``D``), ``symbol`` (``♠`` ``♥`` ``♣`` ``♦``),
          ``rank`` (as printed: ``A``, ``2``-``10``, ``J``, ``Q``, ``K``), ``kind`` and
          ``kind_zh``, ``slot`` and ``slot_zh`` (equipment: its slot, else ``""``), ``range`` (a
          weapon's attack range, else 0), ``pack``;
        - optionally ``packs``, the cards' packs in order: ``id`` (a card's ``pack``), ``zh``,
          ``en``, for showing the cards pack by pack.
        """
        return {"generals": [], "skills": [], "cards": []}

    # ------------------------------------------------------------------ schemas
    def view_schema(self) -> dict[str, Any] | None:
        """The JSON Schema (draft 2020-12) of ``view(seat)`` and :meth:`full_view` in their JSON
        form, or None (the default): the game declares none. ``python -m sgscore.schemas`` writes
        it as ``schemas/<game id, / as ->.view.schema.json`` (``docs/views.md``). A game that
        makes it with pydantic imports pydantic here, not when it is loaded."""
        return None

    def request_schema(self) -> dict[str, Any] | None:
        """The JSON Schema of a pending request in its JSON form (``{"seat", "kind", "prompt",
        "choices"}``, as ``view(seat)["pending"]`` gives it to the seat asked), or None (the
        default); written as ``<game>.request.schema.json``."""
        return None


AnyGame = GameSpec[Any]
"""Any game's spec (what the toolkit handles)."""


def side_outcomes(summary: Mapping[str, Any], allies: Mapping[str, Sequence[str]],
                  alone: Sequence[str] = ()) -> list[str] | None:
    """The outcomes (:meth:`GameSpec.outcomes`) of a game whose ``winner`` names a role of
    ``summary["roles"]``: a seat wins with that role or one of its ``allies`` (dead or alive),
    except that of several seats with a role in ``alone`` only the living win; no winner is a
    draw for everyone. None without roles, after an engine error, or for a summary that no
    engine writes (a role or a winner that is not a string, an ``alive`` that is not one boolean
    per role): a summary read from a file is never trusted to have the engine's shape."""
    roles = summary.get("roles")
    if (not isinstance(roles, list) or summary.get("reason") == "error"
            or not all(isinstance(r, str) for r in roles)):
        return None
    winner = summary.get("winner")
    if winner is None:
        return ["draw"] * len(roles)
    alive = summary.get("alive")
    if not isinstance(winner, str) or (alive is not None and not (
            isinstance(alive, list) and len(alive) == len(roles)
            and all(isinstance(a, bool) for a in alive))):
        return None
    sides = {winner, *allies.get(winner, ())}
    several = {r for r in alone if roles.count(r) > 1}  # counted once: a list may be long
    return ["win" if role in sides and not (
        role in several and alive is not None and not alive[i])
        else "loss" for i, role in enumerate(roles)]
