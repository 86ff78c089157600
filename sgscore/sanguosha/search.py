"""A search agent (``--agents ismcts``, docs/training.md "Search"): Monte Carlo search over the
play-phase choices, on worlds sampled for what the seat knows, that plays another choice than the
heuristic agent's only when its playouts show it clearly better.

At each play-phase question with more than one choice (up to :data:`MAX_CHOICES`), the agent
weighs :data:`CANDIDATES` of its choices: the heuristic agent's first, then ending the phase, then
others at random. It samples ``budget`` worlds (``worlds.sample_world``: the other hands, the draw
order and the hidden roles drawn among what the seat cannot tell apart, the roles weighted by how
the heuristic agent reads the others' play: a seat it takes for a friend four times as likely on
its side), and in each world plays every candidate, then :data:`HORIZON` turns with heuristic
agents at every seat (the one under way counted), and scores the position reached by
:func:`evaluate`: the chance, in thousandths, that the seat's side wins from there, by a logistic
model of the living players' HP, hands, equipment and count by role fitted on heuristic agents'
games (a game ended in the playout scores its result: 1000 a win, 0 a loss). A playout to the
game's end (``horizon=0``, the search before) scores 0 or 1000 and its noise drowned most
choices' differences; a few turns and an evaluation keep the effect of the choice and lose most
of the noise of the rest of the game, and cost less.
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
from .model import LORD, LOYALIST, REBEL, RENEGADE
from .summaries import seat_outcomes
from .worlds import knowledge, sample_world

__all__ = [
    "SearchAgent", "DEFAULT_BUDGET", "MAX_BUDGET", "MAX_CHOICES", "CANDIDATES",
    "PLAYOUT_DECISIONS", "SURE", "HORIZON", "EVAL_FEATURES", "EVAL_WEIGHTS", "LOGISTIC",
    "evaluate",
]

DEFAULT_BUDGET = 64
"""Worlds per searched decision (each plays every candidate: 256 playouts). Fewer cost less and
play worse (docs/training.md "Search": the rebels won 31% with 16, 34% with 32 and 39% with 64
on the same 300 deals); ``ismcts:N`` sets it."""
MAX_BUDGET = 4096
"""The most worlds ``--agents ismcts:N`` takes (a decision of 4,096 worlds costs several
seconds)."""
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
HORIZON = 5
"""How many turns a playout plays, counting the searching seat's own: it stops as the turn after
them begins and :func:`evaluate` scores the position (a game that ends before is scored by its
result). 0: play every playout to the game's end."""

EVAL_FEATURES: tuple[str, ...] = ("alive", "hp", "hand", "equip", "max_hp")
"""What :func:`evaluate` counts of each role, over its living players: how many, their HP, the
cards in their hands, their equipment and their HP limits."""
EVAL_WEIGHTS: dict[str, tuple[int, dict[str, tuple[int, ...]]]] = {
    LORD: (68, {
        LORD: (0, 26, 14, 13, -37), LOYALIST: (119, 29, 10, 8, -32),
        REBEL: (-64, -23, -10, -5, 28), RENEGADE: (-29, -10, -2, -5, 18)}),
    REBEL: (-299, {
        LORD: (0, -33, -16, -15, 58), LOYALIST: (-84, -18, -6, -2, 27),
        REBEL: (128, 29, 12, 8, -33), RENEGADE: (-89, -17, -4, -3, 25)}),
    RENEGADE: (-1193, {
        LORD: (0, -11, -8, -10, 27), LOYALIST: (-49, -30, -9, -16, 22),
        REBEL: (-17, 0, 1, -10, 4), RENEGADE: (1102, 35, 7, 8, -42)}),
}
"""For each side (the lord's, the rebels', the renegade's): the log-odds of its winning, in 64ths,
at the start of a turn: a constant plus, for each role, the weights of :data:`EVAL_FEATURES`.
Fitted by logistic regression on the turn starts of 10,000 five-player games of heuristic agents
with drafted generals (seeds 100000-109999; fitted on 8,000 games, it cut the log loss of the
other 2,000 from 0.59 to 0.43 for the lord's side, 0.44 to 0.29 for the rebels'), so it reads a
position as the heuristic agents would play it on. The lord is always alive at a turn's start
(his count weighs nothing); an HP limit weighs against its side because, at equal HP, a higher
limit is HP lost."""
LOGISTIC: tuple[int, ...] = (
    500, 531, 562, 593, 622, 651, 679, 706, 731, 755, 777, 798, 818, 835, 852, 867, 881, 893, 905,
    915, 924, 932, 940, 947, 953, 958, 963, 967, 971, 974, 977, 980, 982, 984, 986, 988, 989, 990,
    991, 992, 993, 994, 995, 995, 996, 996, 997, 997, 998, 998, 998, 998, 998, 999, 999, 999, 999,
    999, 999, 999, 999, 1000, 1000, 1000, 1000)
"""The logistic function in thousandths at log-odds 0, 1/8, 2/8, ... 8 (``round(1000 / (1 +
exp(-k / 8)))``), written out so that no float decides anything: :func:`evaluate` interpolates
it in integers."""


class SearchAgent:
    """Plays one seat of an identity-mode game by sampled-world Monte Carlo search (module
    docstring); ``budget`` worlds per searched decision."""

    name = "ismcts"

    def __init__(self, game: Game, seed: int, seat: int, budget: int = DEFAULT_BUDGET,
                 horizon: int = HORIZON) -> None:
        if budget < 1:
            raise ValueError(f"budget must be at least 1, got {budget}")
        if horizon < 0:
            raise ValueError(f"horizon must be 0 or more, got {horizon}")
        self.g = game
        self.seed = seed
        self.seat = seat
        self.budget = budget
        self.horizon = horizon
        # what a replay's header records: the name that makes this agent again (``ismcts:N``)
        self.name = "ismcts" if budget == DEFAULT_BUDGET else f"ismcts:{budget}"

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
        horizon = self.horizon if _evaluable(g) else 0
        gains = [0] * len(choices)  # each candidate's thousandths over the heuristic's choice
        spread = [0] * len(choices)  # the sum of the squared differences, world by world
        known = knowledge(g, self.seat)  # read from the events once for all its worlds
        for _ in range(self.budget):
            world = sample_world(g, self.seat, rng, weight, known)
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
                points = _playout(x, self.seat, seed, horizon)
                if k == 0:
                    first = points
                else:
                    gains[k] += points - first
                    spread[k] += (points - first) ** 2
        return choices[_pick(gains, spread)]

    def __reduce__(self) -> tuple[Any, ...]:
        return (SearchAgent, (self.g, self.seed, self.seat, self.budget, self.horizon))


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


def evaluate(game: Game, seat: int) -> int:
    """The chance, in thousandths, that ``seat``'s side wins from this position, as
    :data:`EVAL_WEIGHTS` reads it: the log-odds of the living players' counts, HP, hands,
    equipment and HP limits by role, through :data:`LOGISTIC`. In integers: the same on every
    machine."""
    x, weights = EVAL_WEIGHTS[_side(game.players[seat].role)]
    for p in game.players:
        if not p.alive:
            continue
        alive, hp, hand, equip, max_hp = weights[p.role]
        x += alive + hp * p.hp + hand * len(p.hand) + max_hp * p.max_hp
        x += equip * sum(1 for c in p.equip if c >= 0)
    return _logistic(x)


def _logistic(x: int) -> int:
    """:data:`LOGISTIC` at ``x`` 64ths of log-odds, interpolated in integers."""
    if x < 0:
        return 1000 - _logistic(-x)
    i, r = divmod(x, 8)
    if i >= len(LOGISTIC) - 1:
        return LOGISTIC[-1]
    return LOGISTIC[i] + (LOGISTIC[i + 1] - LOGISTIC[i]) * r // 8


def _evaluable(game: Game) -> bool:
    """Whether :func:`evaluate` knows every role at the table (not 3v3's camps)."""
    return all(_side(p.role) in EVAL_WEIGHTS for p in game.players)


def _playout(world: Game, seat: int, seed: int, horizon: int) -> int:
    """Play ``world`` with heuristic agents for ``horizon`` turns (counting the one under way;
    0: to its end), then score it for ``seat``'s side in thousandths: :func:`evaluate` if it goes
    on; 1000 for a win, 0 for a loss, 500 for a draw or a playout cut short."""
    agents = [HeuristicAgent(world, seed, s) for s in range(world.n)]
    start = world.decisions
    end = world.turn_no + horizon
    while not world.over and world.decisions - start < PLAYOUT_DECISIONS:
        if horizon and world.turn_no >= end:
            return evaluate(world, seat)
        req = world.pending
        assert req is not None
        world.submit(agents[req.seat].choose(req))
    if world.result is None:
        return 500
    outcomes = seat_outcomes(world.summary())
    if outcomes is None:
        return 500
    return {"win": 1000, "loss": 0}.get(outcomes[seat], 500)
