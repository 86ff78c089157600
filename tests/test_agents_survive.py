"""Agents that survive undo, copies and resuming (docs/api.md "Agents that survive undo"): agents
made afresh for a game under way go on exactly as those that played it from the start."""

from __future__ import annotations

from pathlib import Path

from sgscore import Config, new_game
from sgscore.core.games import spec_for_config
from sgscore.core.rng import Pcg32
from sgscore.core.spec import GameState
from sgscore.fuzz import game_setup
from sgscore.replay import resume_game, save_game
from sgscore.sanguosha import SPEC
from sgscore.sanguosha.agent import HeuristicAgent
from sgscore.testing import Scenario


def _play_on(game: GameState, agents: list[object]) -> GameState:
    while not game.over:
        request = game.pending
        assert request is not None
        game.submit(agents[request.seat].choose(request))  # type: ignore[attr-defined]
    return game


def test_undo_clone_and_resume_go_on_as_the_game_played_in_one_go(tmp_path: Path) -> None:
    # 200 games of every variant of both games, random, heuristic and mixed agents: undone to a
    # decision drawn at random (or copied, or saved and resumed there), with agents made afresh
    # for it, each plays on to the very same end, decision for decision.
    rng = Pcg32(44, 0)
    path = tmp_path / "saved.mp"
    same = 0
    for index in range(200):
        setup = game_setup(44, index)
        spec = spec_for_config(setup.config)
        names = list(setup.agents)
        game, err = spec.start_config(setup.config, setup.seed)
        assert err is None
        _play_on(game, spec.make_agents(game, setup.seed, names))
        k = rng.below(game.decisions + 1)
        undone = game.replay_to(k)
        how = index % 3
        if how == 1:
            undone = undone.clone()
        if how == 2 and not undone.over:
            save_game(undone, path, agents=names)
            resumed = resume_game(path)
            assert resumed.agents is not None
            again = resumed.play()
        else:
            again = _play_on(undone, spec.make_agents(undone, setup.seed, names))
        assert again.history == game.history, (index, k)
        assert again.state_hash() == game.state_hash()
        same += 1
    assert same == 200


def test_an_agent_made_midway_is_the_agent_that_played_there() -> None:
    game = new_game(Config(players=6, generals="draft"), 21)
    agents = SPEC.make_agents(game, 21, "heuristic")
    for _ in range(150):
        request = game.pending
        assert request is not None
        game.submit(agents[request.seat].choose(request))
    fresh = SPEC.make_agents(game, 21, "heuristic")
    for old, new in zip(agents, fresh, strict=True):
        assert isinstance(old, HeuristicAgent) and isinstance(new, HeuristicAgent)
        assert new.g is game  # it watches the game it was made for
        assert (new.rng.state, new.lean, new.endgame, new.rebels_dead) == (
            old.rng.state, old.lean, old.endgame, old.rebels_dead)


def test_a_table_set_up_by_hand_gets_agents_as_it_stands() -> None:
    s = Scenario(players=4)
    s.seat(0).hand("slash", "peach")
    s.seat(1).hand("jink")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "slash"), 1)
    assert t.game.decisions == 1 and not t.game.over  # its start does not lead here
    agents = SPEC.make_agents(t.game, 3, "heuristic")
    assert all(isinstance(a, HeuristicAgent) and a.g is t.game for a in agents)
