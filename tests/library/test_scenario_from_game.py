"""A position as a test (docs/bug-reports.md "A position as a test"): ``Scenario.from_game`` copies
a game's table at its last play-phase question, and the decisions since bring the scenario to the
game's question; the table is checked against the game's, and what a scenario cannot set up is
refused by name."""

from __future__ import annotations

import pytest

from sgscore import Config, new_game
from sgscore.agents import RandomAgent
from sgscore.core.games import spec_for_config
from sgscore.core.spec import GameState
from sgscore.fuzz import game_setup
from sgscore.sanguosha.game import Game
from sgscore.testing import Scenario, ScenarioError, table_difference


def _play(game: GameState, agents: list[object], limit: int) -> None:
    while not game.over and game.decisions < limit:
        request = game.pending
        assert request is not None
        game.submit(agents[request.seat].choose(request))  # type: ignore[attr-defined]


def test_a_scenario_from_a_game_asks_the_games_question_again() -> None:
    # Identity-mode games of every option (the fuzz harness's spread), cut at a decision each:
    # the scenario's table equals the game's at the copied moment (from_game checks it), and its
    # decisions bring it to the very question the game is asked, choices and all.
    made = refused = 0
    for index in range(120):
        setup = game_setup(71, index)
        if getattr(setup.config, "mode", "") != "identity":
            continue
        spec = spec_for_config(setup.config)
        game, _ = spec.start_config(setup.config, setup.seed)
        agents = spec.make_agents(game, setup.seed, list(setup.agents))
        _play(game, agents, 20 + index * 7 % 200)
        if game.over:
            continue
        assert isinstance(game, Game)
        try:
            scenario = Scenario.from_game(game)
        except ScenarioError as e:  # only what a scenario cannot set: 转世's counts, souls
            assert "cannot be set up" in str(e) or "no play-phase question" in str(e), e
            refused += 1
            continue
        table = scenario.start()
        for _seat, choice in scenario.decisions:
            table.game.submit(choice)
        mine, theirs = table.game.pending, game.pending
        assert mine is not None and theirs is not None
        assert (mine.seat, mine.kind, mine.prompt) == (theirs.seat, theirs.kind, theirs.prompt)
        assert list(mine.choices()) == list(theirs.choices()), index
        assert table_difference(table.game, game) == "", index
        made += 1
    assert made >= 40 and refused <= made // 4, (made, refused)


def test_a_scenario_starts_inside_a_play_phase_with_its_counters() -> None:
    # under_way: the turn is not begun again, so 杀 already used this turn stays used (docs/rules.md
    # "The turn": one 杀 per play phase), where a scenario starting the phase afresh resets it.
    s = Scenario(players=4)
    s.seat(0).hand("slash", "duel")
    s.under_way(0, turn=5, round=2, slashes=1)
    t = s.start()
    t.expect(0, "play")
    assert (t.game.turn_no, t.game.round, t.game.slashes_used) == (5, 2, 1)
    used = {c[0] for c in t.choices() if c is not None}
    assert t.card(0, "duel") in used and t.card(0, "slash") not in used
    fresh = Scenario(players=4)
    fresh.seat(0).hand("slash", "duel")
    table = fresh.start(seat=0, phase="play")
    assert table.card(0, "slash") in {c[0] for c in table.choices() if c is not None}


def test_a_game_before_its_first_play_phase_question_has_no_scenario() -> None:
    game = new_game(Config(players=5, generals="draft"), 4)
    assert game.pending is not None and game.pending.kind != "play"
    with pytest.raises(ScenarioError, match="no play-phase question"):
        Scenario.from_game(game)


def test_a_3v3_game_has_no_scenario_position() -> None:
    game = new_game(Config(players=6, mode="3v3"), 2)
    _play(game, [RandomAgent(2, s) for s in range(6)], 30)
    with pytest.raises(ScenarioError, match="3v3"):
        Scenario.from_game(game)
