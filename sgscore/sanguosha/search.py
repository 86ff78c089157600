"""A search agent (``--agents ismcts``, docs/training.md "Search"): information-set Monte Carlo
search over the play-phase choices, on worlds sampled for what the seat knows.

At each play-phase question with more than one choice (up to :data:`MAX_CHOICES`), the agent
weighs :data:`CANDIDATES` of its choices (the heuristic agent's first, then ending the phase, then
others at random) by its budget of playouts. Each samples a world (``worlds.sample_world``: the
other hands, the draw order and the hidden roles drawn among what the seat cannot tell apart,
the roles weighted by how the heuristic agent reads the others' play: a seat it takes for a
friend four times as likely on its side), takes the root choice that UCB1 picks among those
tried so far, and plays the world to its end with heuristic agents at every seat (a draw after
:data:`PLAYOUT_DECISIONS` decisions); a win counts 1, a draw 1/2. It plays the choice tried most
(the heuristic agent's on a tie). Every other question is answered by the heuristic agent. All
its randomness comes from a PCG32 seeded by its seed, its seat and the decision number, so it
keeps nothing between decisions: an agent made afresh for any game (an undone one, a clone, a
resumed one) decides as this one would, and its games re-simulate and validate like any other.
"""

from __future__ import annotations

from collections.abc import Callable
from math import isqrt
from typing import Any

from ..core.protocol import Choice, IllegalChoice, Request
from ..core.rng import Pcg32
from .agent import HeuristicAgent
from .game import Game
from .hints import ENEMY, FRIEND
from .model import LORD, LOYALIST
from .summaries import seat_outcomes
from .worlds import sample_world

__all__ = ["SearchAgent", "DEFAULT_BUDGET", "MAX_CHOICES", "CANDIDATES", "PLAYOUT_DECISIONS"]

DEFAULT_BUDGET = 16
"""Playouts per searched decision."""
MAX_CHOICES = 40
"""A play-phase question with more choices than this is answered by the heuristic agent."""
CANDIDATES = 4
"""The root choices a search weighs: the heuristic agent's, ending the play phase, and two
others at random (a budget of 16 playouts then gives each about four)."""
PLAYOUT_DECISIONS = 600
"""A playout that has not ended after this many decisions counts as a draw."""


class SearchAgent:
    """Plays one seat of an identity-mode game by sampled-world Monte Carlo search (module
    docstring); ``budget`` playouts per searched decision."""

    name = "ismcts"

    def __init__(self, game: Game, seed: int, seat: int, budget: int = DEFAULT_BUDGET) -> None:
        if budget < 1:
            raise ValueError(f"budget must be at least 1, got {budget}")
        self.g = game
        self.seed = seed
        self.seat = seat
        self.budget = budget

    def _stream(self, purpose: int) -> Pcg32:
        """A stream for this decision: the seed, the seat, the decision number, the purpose."""
        return Pcg32(self.seed ^ (self.g.decisions << 20) ^ purpose, 4096 + self.seat)

    def choose(self, request: Request) -> Choice:
        g = self.g
        helper = HeuristicAgent(g, self._stream(1).next_u32(), self.seat)
        if request.kind != "play" or request.count() > MAX_CHOICES:
            return helper.choose(request)
        rng = self._stream(2)
        weight = _beliefs(helper, self.seat)
        choices = _candidates(request, helper.choose(request), rng)
        if len(choices) == 1:
            return choices[0]
        visits = [0] * len(choices)
        wins = [0] * len(choices)  # in half points: a win 2, a draw 1
        for n in range(self.budget):
            k = _ucb(visits, wins, n)
            world = sample_world(g, self.seat, rng, weight)
            visits[k] += 1
            try:
                world.submit(choices[k])
            except IllegalChoice:  # (never: the seat's own question is the same in every world)
                continue
            wins[k] += _playout(world, self.seat, rng.next_u32())
        best = max(range(len(choices)), key=lambda i: (visits[i], wins[i], -i))
        return choices[best]

    def __reduce__(self) -> tuple[Any, ...]:
        return (SearchAgent, (self.g, self.seed, self.seat, self.budget))


def _candidates(request: Request, preferred: Choice, rng: Pcg32) -> list[Choice]:
    """The root choices searched: the heuristic agent's first (it keeps ties), ending the play
    phase, and others drawn at random, :data:`CANDIDATES` in all."""
    out = [preferred]
    rest = [c for c in request.choices() if c != preferred]
    if None in rest:
        out.append(None)
        rest.remove(None)
    rng.shuffle(rest)
    return (out + rest)[:CANDIDATES]


def _side(role: str) -> str:
    return LORD if role == LOYALIST else role


def _beliefs(helper: HeuristicAgent, seat: int) -> Callable[[int, str], int]:
    """The weight of a seat holding a role, as the heuristic agent reads the table: a seat it
    takes for a friend is 4 times as likely on its side, one it takes for an enemy 4 times as
    likely on another; a seat it cannot read, as likely any."""
    helper._observe()  # what it has seen so far (as choose() starts with)
    g = helper.g
    mine = _side(g.players[seat].role)
    att = [helper.attitude(q) for q in range(g.n)]

    def weight(other: int, role: str) -> int:
        a = att[other]
        if a == FRIEND:
            return 4 if _side(role) == mine else 1
        if a == ENEMY:
            return 1 if _side(role) == mine else 4
        return 1

    return weight


def _ucb(visits: list[int], wins: list[int], n: int) -> int:
    """The root choice to try next: each once in order, then the best by UCB1 (the mean plus
    sqrt(2 ln n / visits)), in integers, 1/65536ths (no floats in a decision)."""
    for k, v in enumerate(visits):
        if v == 0:
            return k
    log_n = _ln_fixed(n)
    best, best_score = 0, -1
    for k, v in enumerate(visits):
        mean = wins[k] * _SCALE // (2 * v)  # wins are half points
        bonus = isqrt(2 * log_n * _SCALE // v)
        if mean + bonus > best_score:
            best, best_score = k, mean + bonus
    return best


_SCALE = 1 << 16
_LN2 = 45426  # ln 2 in 1/65536ths


def _ln_fixed(n: int) -> int:
    """ln(n) in 1/65536ths, to within a thousandth (integers only)."""
    if n <= 1:
        return 0
    bits = n.bit_length() - 1
    x = ((n << 16) >> bits) - _SCALE  # n / 2^bits - 1, in 1/65536ths: 0 <= x < 1
    # ln(1 + x) = 2 atanh(y), y = x / (2 + x) <= 1/3: 2 (y + y^3/3 + y^5/5 + y^7/7)
    y = x * _SCALE // (2 * _SCALE + x)
    y2 = y * y // _SCALE
    term, total = y, 0
    for k in (1, 3, 5, 7):
        total += term // k
        term = term * y2 // _SCALE
    return bits * _LN2 + 2 * total


def _playout(world: Game, seat: int, seed: int) -> int:
    """Play ``world`` to its end with heuristic agents: 2 for a win of ``seat``'s side, 1 for a
    draw or a playout cut short, 0 for a loss."""
    agents = [HeuristicAgent(world, seed, s) for s in range(world.n)]
    start = world.decisions
    while not world.over and world.decisions - start < PLAYOUT_DECISIONS:
        req = world.pending
        assert req is not None
        world.submit(agents[req.seat].choose(req))
    if world.result is None:
        return 1
    outcomes = seat_outcomes(world.summary())
    if outcomes is None:
        return 1
    return {"win": 2, "loss": 0}.get(outcomes[seat], 1)
