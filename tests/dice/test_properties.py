"""Properties of every dice game: the 9 【箭】 are conserved (pile + held), HP stays within
bounds, and every game ends (random and heuristic agents, 3-8 players)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from sgscore.agents import RandomAgent
from sgscore.dice import DiceConfig, DiceGame
from sgscore.dice.spec import SPEC
from sgscore.dice.testing import check_arrows


def _check(g: DiceGame) -> None:
    check_arrows(g)
    for p in g.players:
        assert p.hp <= p.max_hp
        assert p.hp > 0 or not p.alive


@settings(max_examples=40, deadline=None)
@given(players=st.integers(3, 8), seed=st.integers(0, 2**64 - 1), heuristic=st.booleans())
def test_arrows_conserved_hp_bounded_and_the_game_ends(players: int, seed: int,
                                                       heuristic: bool) -> None:
    g = DiceGame(DiceConfig(players=players), seed)
    agents = (SPEC.make_agents(g, seed, "heuristic") if heuristic
              else [RandomAgent(seed, s) for s in range(players)])
    while not g.over:
        _check(g)
        req = g.pending
        assert req is not None
        g.submit(agents[req.seat].choose(req))
    _check(g)
    assert g.error is None and g.result is not None and g.result[1] != "round_cap"
    assert g.summary()["winner"] in ("lord", "rebel", "renegade", "loyalist")


@settings(max_examples=20, deadline=None)
@given(players=st.integers(3, 8), seed=st.integers(0, 2**32))
def test_the_same_seed_and_choices_give_the_same_game(players: int, seed: int) -> None:
    a = DiceGame(DiceConfig(players=players), seed)
    b = DiceGame(DiceConfig(players=players), seed)
    bots = [RandomAgent(seed, s) for s in range(players)]
    while not a.over:
        req = a.pending
        assert req is not None
        choice = bots[req.seat].choose(req)
        a.submit(choice)
        b.submit(choice)
    assert a.state_hash() == b.state_hash() and a.events == b.events
