"""A strength ladder: agents play each other with seats and roles rotated (``sgs ladder``).

Each *deal* (a seed) is played once per agent, the agents moved one seat along each time: with
``k`` agents, seat ``s`` of rotation ``r`` is played by agent ``(s + r) mod k``. Every seat, and
so every role the deal gives that seat (identity mode's lord sits at seat 0), is played by each
agent once per deal, and the deal itself (roles, cards, the game's dice) is the same in every
rotation, so no agent is dealt better games than another. A game's seats win as the game says
(:meth:`GameSpec.outcomes <sgscore.core.spec.GameSpec.outcomes>`; a draw is won by nobody).

For each agent: its seats and wins, overall and by role, each rate with its 95% Wilson interval
(:func:`sgscore.stats.wilson`; the seats of one game are not independent, so by role the
interval counts the games in which the agent had that role, as ``sgs stats`` does); and a
rating, from a Bradley-Terry fit of the same games: in each game, every seat that won against
every seat of another agent that lost is one win of its agent over the other's (seats of one
agent are not compared; a draw compares nobody). The fit finds strengths ``p`` with
``P(a beats b) = p_a / (p_a + p_b)`` by Hunter's MM iterations; each pair of agents is first
given one win each way, so that an agent that never won still has a finite rating. Ratings are on
the Elo scale: 400 points are odds of 10 to 1, and the anchor (``random`` when it plays, else the
first agent) is 1000. The rating's 95% interval is the 2.5th and 97.5th percentile of the fits
of ``BOOTSTRAP`` resamples of the deals (drawn with the project's PCG32 stream, so the same games
give the same interval).

An agent is named as ``sgs sim --agents`` names it (``random``, ``heuristic``: the game's own),
by an entry point of the group ``sgscore.agents``, or by ``MODULE:ATTRIBUTE``: anything called
with ``(game, seed, seat)`` that returns an object with ``choose(request)`` (a class like
:class:`~sgscore.sanguosha.agent.HeuristicAgent`). Counts are integers; the fit and the
percentiles are floats, which statistics may use (the rules never do). The same seeds give the
same table.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from importlib import import_module
from typing import Any

from .core.engine import EngineError
from .core.protocol import IllegalChoice
from .core.rng import Pcg32
from .core.spec import AnyGame, ConfigError

__all__ = ["AGENT_GROUP", "BOOTSTRAP", "AgentFactory", "Ladder", "LadderAgent", "LadderError",
           "RoleRate", "agent_factory", "play_ladder", "bradley_terry"]

AGENT_GROUP = "sgscore.agents"
"""The entry-point group a package names its agents in: ``name = "module:factory"``."""

BOOTSTRAP = 200
"""Resamples of the deals for a rating's interval."""

AgentFactory = Callable[[Any, int, int], Any]
"""Makes an agent from ``(game, seed, seat)``."""


class LadderError(Exception):
    """An agent that cannot play: it raised, or chose what the game refuses (the message names
    the agent, the seat and the deal)."""


def agent_factory(spec: AnyGame, name: str) -> AgentFactory:
    """The factory of the agent ``name`` for ``spec``'s game: one of its own agents, an entry
    point of :data:`AGENT_GROUP`, or ``MODULE:ATTRIBUTE``. :class:`ConfigError` says why not."""
    kinds = spec.agent_kinds()
    own = spec.agent_kind(name)  # its own agents' settings too (``ismcts:32``)
    if own is not None:
        return own
    from .core.games import entry_points

    for ep in entry_points(AGENT_GROUP):
        if ep.name == name:
            try:
                found = ep.load()
            except Exception as e:  # a package's own import errors
                raise ConfigError(f"agents: the entry point {name!r} ({ep.value}) cannot be "
                                  f"loaded: {type(e).__name__}: {e}") from None
            return _callable(name, found)
    if ":" not in name:
        raise ConfigError(f"agents: no agent {name!r:.60} for {spec.id} (its agents: "
                          f"{', '.join(kinds)}; or an entry point of {AGENT_GROUP}, or "
                          "MODULE:ATTRIBUTE)")
    module, _, attr = name.partition(":")
    try:
        found = import_module(module)
        for part in attr.split("."):
            found = getattr(found, part)
    except (ImportError, AttributeError) as e:
        raise ConfigError(f"agents: {name!r:.80} cannot be loaded: {type(e).__name__}: {e}"
                          ) from None
    return _callable(name, found)


def _callable(name: str, found: Any) -> AgentFactory:
    if not callable(found):
        raise ConfigError(f"agents: {name!r:.80} is not a factory of agents (called with "
                          "game, seed, seat)")
    factory: AgentFactory = found
    return factory


@dataclass
class RoleRate:
    """One agent's seats of one role: ``seats``, ``games`` (the games it had that role in),
    ``wins`` and the rate with its 95% interval."""

    role: str
    seats: int = 0
    games: int = 0
    wins: int = 0

    def to_json(self) -> dict[str, Any]:
        from .stats import Rate

        low, high = Rate(self.role, self.seats, self.wins, 0, games=self.games).interval
        return {"role": self.role, "seats": self.seats, "games": self.games,
                "wins": self.wins, "rate": _round(self.wins / self.seats if self.seats else 0.0),
                "low": _round(low), "high": _round(high)}


@dataclass
class LadderAgent:
    """One agent on the ladder."""

    name: str
    seats: int = 0
    games: int = 0
    wins: int = 0
    roles: dict[str, RoleRate] = field(default_factory=dict)
    rating: float = 0.0
    rating_low: float = 0.0
    rating_high: float = 0.0

    def to_json(self) -> dict[str, Any]:
        from .stats import Rate

        low, high = Rate(self.name, self.seats, self.wins, 0, games=self.games).interval
        return {"agent": self.name, "rating": round(self.rating, 1),
                "rating_low": round(self.rating_low, 1), "rating_high": round(self.rating_high, 1),
                "seats": self.seats, "games": self.games, "wins": self.wins,
                "rate": _round(self.wins / self.seats if self.seats else 0.0),
                "low": _round(low), "high": _round(high),
                "roles": [r.to_json() for r in sorted(self.roles.values(),
                                                      key=lambda r: r.role)]}


def _round(x: float) -> float:
    return round(x, 6)


@dataclass
class Ladder:
    """What ``sgs ladder`` prints: the game, the deals and games played, the engine errors,
    the draws, and each agent, best rating first."""

    game: str
    players: int
    seed: int
    deals: int
    games: int
    errors: int
    draws: int
    anchor: str
    agents: list[LadderAgent]
    wins: list[list[int]]  # wins[i][j]: seat comparisons agent i won over agent j

    def to_json(self) -> dict[str, Any]:
        names = [a.name for a in self.agents]
        return {"game": self.game, "players": self.players, "seed": self.seed,
                "deals": self.deals, "games": self.games, "errors": self.errors,
                "draws": self.draws, "anchor": self.anchor, "bootstrap": BOOTSTRAP,
                "agents": [a.to_json() for a in self.agents],
                "pairs": [{"agent": names[i], "over": names[j], "wins": self.wins[i][j]}
                          for i in range(len(names)) for j in range(len(names)) if i != j]}


def bradley_terry(wins: Sequence[Sequence[int | float]], iterations: int = 500) -> list[float]:
    """Bradley-Terry strengths from ``wins[i][j]`` (the times ``i`` beat ``j``), by Hunter's MM
    iterations, each pair given one win each way first; the strengths' geometric mean is 1.
    ``iterations`` at most (it stops when no strength moves by 1e-12)."""
    k = len(wins)
    w = [[(float(wins[i][j]) + 1.0 if i != j else 0.0) for j in range(k)] for i in range(k)]
    p = [1.0] * k
    for _ in range(iterations):
        new = []
        for i in range(k):
            total = sum(w[i])
            denom = sum((w[i][j] + w[j][i]) / (p[i] + p[j]) for j in range(k) if j != i)
            new.append(total / denom if denom > 0 else p[i])
        mean = math.exp(sum(math.log(x) for x in new) / k)
        new = [x / mean for x in new]
        moved = max(abs(a - b) for a, b in zip(new, p, strict=True))
        p = new
        if moved < 1e-12:
            break
    return p


def _elo(p: Sequence[float], anchor: int) -> list[float]:
    return [1000.0 + 400.0 * math.log10(x / p[anchor]) for x in p]


def play_ladder(spec: AnyGame, config: object, agents: Sequence[str], deals: int, seed: int = 1,
                *, on_game: Callable[[int, int, Any], None] | None = None) -> Ladder:
    """Play ``deals`` deals (seeds ``seed`` ...) of ``config``, each once per rotation of
    ``agents`` round the seats, and rate them (see the module docstring). ``on_game(deal,
    rotation, game)`` is called after each game. :class:`ConfigError` for an unknown agent or
    fewer than two, :class:`LadderError` for an agent that cannot play."""
    if len(agents) < 2 or len(set(agents)) != len(agents):
        raise ConfigError("agents: a ladder needs two agents or more, each named once")
    factories = [agent_factory(spec, a) for a in agents]
    k = len(agents)
    rows: list[LadderAgent] = [LadderAgent(a) for a in agents]
    per_deal: list[list[list[int]]] = []  # each deal's comparisons, for the bootstrap
    errors = draws = games = players = 0
    for d in range(deals):
        s = seed + d
        deal_wins = [[0] * k for _ in range(k)]
        for r in range(k):
            games += 1
            try:
                game = spec.new_game(config, s)
            except EngineError:
                errors += 1
                continue
            players = game.seats
            who = [(seat + r) % k for seat in range(players)]
            try:
                _play(game, [factories[who[seat]](game, s, seat) for seat in range(players)],
                      [agents[who[seat]] for seat in range(players)], s)
            except EngineError:  # the game holds it: an engine error, below
                pass
            if on_game is not None:
                on_game(d, r, game)
            result = _result(spec, game)
            if result is None:
                errors += 1
                continue
            draws += "win" not in result[0]
            _tally(rows, who, result[0], result[1], deal_wins)
        per_deal.append(deal_wins)
    total = [[sum(dw[i][j] for dw in per_deal) for j in range(k)] for i in range(k)]
    anchor = agents.index("random") if "random" in agents else 0
    ratings = _elo(bradley_terry(total), anchor)
    lows, highs = _interval(per_deal, k, anchor, seed)
    for i, a in enumerate(rows):
        a.rating, a.rating_low, a.rating_high = ratings[i], lows[i], highs[i]
    order = sorted(range(k), key=lambda i: (-rows[i].rating, agents[i]))
    return Ladder(spec.id, players, seed, deals, games, errors, draws, agents[anchor],
                  [rows[i] for i in order], [[total[i][j] for j in order] for i in order])


def _result(spec: AnyGame, game: Any) -> tuple[list[str], list[str]] | None:
    """A finished game's outcome and role for each seat; None after an engine error."""
    if game.error is not None:
        return None
    summary = game.summary()
    outcomes = spec.outcomes(summary)
    players = game.seats
    if outcomes is None or len(outcomes) != players:
        return None
    roles = summary.get("roles")
    role_of = ([str(x) for x in roles] if isinstance(roles, list) and len(roles) == players
               else ["-"] * players)
    return list(outcomes), role_of


def _tally(rows: Sequence[LadderAgent], who: Sequence[int], outcomes: Sequence[str],
           roles: Sequence[str], deal_wins: list[list[int]]) -> None:
    """Count one game: each seat for its agent and role, and the pairs of seats of two agents
    where one won and the other did not."""
    seen: set[tuple[int, str]] = set()
    for seat, outcome in enumerate(outcomes):
        a = rows[who[seat]]
        won = outcome == "win"
        a.seats += 1
        a.wins += won
        rr = a.roles.setdefault(roles[seat], RoleRate(roles[seat]))
        rr.seats += 1
        rr.wins += won
        if (who[seat], roles[seat]) not in seen:
            seen.add((who[seat], roles[seat]))
            rr.games += 1
    for i in set(who):
        rows[i].games += 1
    for x, ox in enumerate(outcomes):
        for y, oy in enumerate(outcomes):
            if ox == "win" and oy != "win" and who[x] != who[y]:
                deal_wins[who[x]][who[y]] += 1


def _play(game: Any, seats: Sequence[Any], names: Sequence[str], seed: int) -> None:
    """Play ``game`` to its end with an agent per seat; :class:`LadderError` for an agent that
    raises or makes a choice the game refuses."""
    while not game.over:
        req = game.pending
        assert req is not None
        where = f"agent {names[req.seat]!r:.80} at seat {req.seat} (deal {seed})"
        try:
            choice = seats[req.seat].choose(req)
        except Exception as e:  # the agent's own failure, told in one line
            raise LadderError(f"{where} raised {type(e).__name__}: {e}") from None
        try:
            game.submit(choice)
        except IllegalChoice as e:
            raise LadderError(f"{where} chose {choice!r:.80}, which the game refuses: {e}"
                              ) from None


def _interval(per_deal: Sequence[Sequence[Sequence[int]]], k: int, anchor: int,
              seed: int) -> tuple[list[float], list[float]]:
    """Each rating's 95% bootstrap interval: the deals resampled with replacement
    :data:`BOOTSTRAP` times (the stream ``Pcg32(seed, 0x1add)``), a fit of each."""
    n = len(per_deal)
    if n == 0:
        return [1000.0] * k, [1000.0] * k
    rng = Pcg32(seed, 0x1ADD)
    fits: list[list[float]] = [[] for _ in range(k)]
    for _ in range(BOOTSTRAP):
        total = [[0] * k for _ in range(k)]
        for _ in range(n):
            dw = per_deal[rng.below(n)]
            for i in range(k):
                for j in range(k):
                    total[i][j] += dw[i][j]
        for i, r in enumerate(_elo(bradley_terry(total, 200), anchor)):
            fits[i].append(r)
    lows, highs = [], []
    for f in fits:
        f.sort()
        lows.append(f[int(0.025 * (BOOTSTRAP - 1))])
        highs.append(f[int(math.ceil(0.975 * (BOOTSTRAP - 1)))])
    return lows, highs
