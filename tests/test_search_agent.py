"""The search agent (docs/training.md "Search"): sampled-world Monte Carlo over the play-phase
choices. It is deterministic for a seed, keeps nothing between decisions (an agent made afresh
for a copy of the game decides the same), plays only legal choices, and its games re-simulate
and validate like any other."""

from __future__ import annotations

from pathlib import Path

from sgscore import Config, new_game
from sgscore.replay import record_game, validate_file
from sgscore.sanguosha.agent import HeuristicAgent
from sgscore.sanguosha.search import SearchAgent, _pick
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


def test_it_leaves_the_heuristic_choice_only_when_clearly_better() -> None:
    # docs/training.md "Search": a candidate replaces the heuristic agent's choice (index 0) only
    # when its gain over the worlds is two standard errors or more of the world-by-world
    # differences. 16 worlds, half points: a gain of 6 from differences of +2 in five worlds and
    # -2 in two (sum of squares 28) is 6/sqrt(28) = 1.1 standard errors: not enough; the same
    # gain from three worlds of +2 and none lost (12) is 1.7: not enough; from six worlds of +1
    # (6) it is 2.4: taken. Of two clearly better candidates, the one that gained more.
    assert _pick([0, 6], [0, 28]) == 0
    assert _pick([0, 6], [0, 12]) == 0
    assert _pick([0, 6], [0, 6]) == 1
    assert _pick([0, 6, 8], [0, 6, 8]) == 2
    assert _pick([0, -6], [0, 6]) == 0
