"""The search agent (docs/training.md "Search"): sampled-world Monte Carlo over the play-phase
choices. It is deterministic for a seed, keeps nothing between decisions (an agent made afresh
for a copy of the game decides the same), plays only legal choices, and its games re-simulate
and validate like any other."""

from __future__ import annotations

import math
from pathlib import Path

from sgscore import Config, new_game
from sgscore.replay import record_game, validate_file
from sgscore.sanguosha.agent import HeuristicAgent
from sgscore.sanguosha.search import SearchAgent, _ln_fixed
from sgscore.sanguosha.spec import SPEC


def _play(seed: int, budget: int) -> list[tuple[int, object]]:
    game = new_game(Config(players=4), seed)
    agents: list[object] = [SearchAgent(game, seed, 0, budget)] + [
        HeuristicAgent(game, seed, s) for s in range(1, 4)]
    while not game.over:
        request = game.pending
        assert request is not None
        choice = agents[request.seat].choose(request)  # type: ignore[attr-defined]
        if request.seat == 0:
            assert request.is_legal(choice)
        game.submit(choice)
    return list(game.history)


def test_the_same_seed_gives_the_same_game() -> None:
    assert _play(3, 2) == _play(3, 2)


def test_an_agent_made_afresh_decides_the_same() -> None:
    # Its randomness comes from its seed, its seat and the decision number: an agent made for a
    # copy of the game at any of its play-phase questions chooses as the one that played it.
    game = new_game(Config(players=4), 5)
    mine = SearchAgent(game, 5, 0, 2)
    others = [HeuristicAgent(game, 5, s) for s in range(4)]
    compared = 0
    while not game.over and compared < 6:
        request = game.pending
        assert request is not None
        if request.seat == 0:
            choice = mine.choose(request)
            if request.kind == "play" and request.count() > 1:
                twin = game.clone()
                assert twin.pending is not None
                assert SearchAgent(twin, 5, 0, 2).choose(twin.pending) == choice
                compared += 1
        else:
            choice = others[request.seat].choose(request)
        game.submit(choice)
    assert compared >= 3


def test_its_replay_validates(tmp_path: Path) -> None:
    path = tmp_path / "search.mp"
    config = Config(players=4, generals="random")
    agents = ["ismcts", "heuristic", "heuristic", "heuristic"]
    assert "ismcts" in SPEC.agent_kinds()
    record_game(config, 7, str(path), agents=agents)
    assert validate_file(path).valid


def test_the_integer_logarithm_is_close() -> None:
    for n in (2, 3, 7, 10, 100, 1000, 4095, 4096, 10**6):
        assert abs(_ln_fixed(n) / 65536 - math.log(n)) < 0.001
