"""Random games with the generals dealt at random run to the end with every card conserved
(docs/rules.md "Determinism and decisions": cards are conserved in every state)."""

from __future__ import annotations

import pytest

from sgscore.agents import RandomAgent
from sgscore.sanguosha import GENERALS, Config, Game
from sgscore.testing import check_conservation


@pytest.mark.parametrize("players", range(4, 11))
def test_random_games_with_generals_end_and_conserve_cards(players: int) -> None:
    seen: set[str] = set()
    for seed in range(10):
        g = Game(Config(players=players, generals="random"), seed)
        agents = [RandomAgent(seed, i) for i in range(players)]
        check_conservation(g)
        while not g.over:
            req = g.pending
            assert req is not None
            g.submit(agents[req.seat].choose(req))
            check_conservation(g)
            assert all(p.hp <= p.max_hp for p in g.players)
        assert g.error is None and g.result is not None
        seen.update(p.general for p in g.players)
    assert seen <= set(GENERALS) and len(seen) >= min(players, len(GENERALS))
