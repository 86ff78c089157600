"""A search agent (``--agents ismcts``, docs/training.md "Search"): Monte Carlo search over the
play-phase choices, on worlds sampled for what the seat knows, that plays another choice than the
heuristic agent's only when its playouts show it clearly better.

At each play-phase question with more than one choice (up to :data:`MAX_CHOICES`), the agent
weighs :data:`CANDIDATES` of its choices: the heuristic agent's first, then ending the phase, then
others at random. It samples ``budget`` worlds (``worlds.sample_world``: the other hands, the draw
order and the hidden roles drawn among what the seat cannot tell apart, the roles weighted by how
the heuristic agent reads the others' play: a seat it takes for a friend four times as likely on
its side), and in each world plays every candidate, then the world to its end with heuristic
agents at every seat (a draw after :data:`PLAYOUT_DECISIONS` decisions): a win counts 2, a draw 1.
Every candidate meets the same worlds and the same playout seeds, so that what differs between
their results is the choice. It plays the candidate that gained most over the heuristic agent's
choice, if that gain is at least two standard errors of the world-by-world differences
(:data:`SURE`), and the heuristic agent's choice otherwise: a game's outcome from mid-game is so
uncertain that a few playouts cannot tell most choices apart, and a search that played the best
of noisy estimates played close to at random. Every other question is answered by the heuristic
agent. All its randomness comes from a PCG32 seeded by its seed, its seat and the decision number,
so it keeps nothing between decisions: an agent made afresh for any game (an undone one, a clone,
a resumed one) decides as this one would, and its games re-simulate and validate like any other.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..core.protocol import Choice, IllegalChoice, Request
from ..core.rng import Pcg32
from .agent import HeuristicAgent
from .game import Game
from .hints import ENEMY, FRIEND
from .model import LORD, LOYALIST
from .summaries import seat_outcomes
from .worlds import sample_world

__all__ = ["SearchAgent", "DEFAULT_BUDGET", "MAX_CHOICES", "CANDIDATES", "PLAYOUT_DECISIONS", "SURE"]

DEFAULT_BUDGET = 16
"""Worlds per searched decision (each plays every candidate: 64 playouts)."""
MAX_CHOICES = 40
"""A play-phase question with more choices than this is answered by the heuristic agent."""
CANDIDATES = 4
"""The root choices a search weighs: the heuristic agent's, ending the play phase, and two
others at random."""
PLAYOUT_DECISIONS = 600
"""A playout that has not ended after this many decisions counts as a draw."""
SURE = 4
"""How sure a search must be to play another choice than the heuristic agent's: its gain over the
worlds, squared, at least this many times the sum of the squared world-by-world differences (a
gain of two standard errors)."""


class SearchAgent:
    """Plays one seat of an identity-mode game by sampled-world Monte Carlo search (module
    docstring); ``budget`` worlds per searched decision."""

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
        # every candidate played out on the same worlds with the same playout seeds, so that
        # what differs between their results is the choice (common random numbers)
        gains = [0] * len(choices)  # each candidate's half points over the heuristic's choice
        spread = [0] * len(choices)  # the sum of the squared differences, world by world
        for _ in range(self.budget):
            world = sample_world(g, self.seat, rng, weight)
            seed = rng.next_u32()
            first = 0
            for k, choice in enumerate(choices):
                x = world if k == len(choices) - 1 else world.clone()
                try:
                    x.submit(choice)
                except IllegalChoice:  # (never: the seat's own question is the same in every world)
                    if k == 0:
                        break  # nothing to compare with in this world
                    continue
                points = _playout(x, self.seat, seed)
                if k == 0:
                    first = points
                else:
                    gains[k] += points - first
                    spread[k] += (points - first) ** 2
        return choices[_pick(gains, spread)]

    def __reduce__(self) -> tuple[Any, ...]:
        return (SearchAgent, (self.g, self.seed, self.seat, self.budget))


def _pick(gains: list[int], spread: list[int]) -> int:
    """The candidate to play: the one that gained most over the heuristic agent's choice (index
    0) among those clearly better (a gain of :data:`SURE` ** 0.5 standard errors and more: its
    square at least ``SURE`` times the sum of the squared differences), else 0."""
    best = 0
    for k in range(1, len(gains)):
        if gains[k] > 0 and gains[k] ** 2 >= SURE * spread[k] and gains[k] > gains[best]:
            best = k
    return best


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
