"""Copies of a game: ``clone()``, ``replay_to(n)`` (undo), ``copy.copy``/``deepcopy``, for every
game through the one engine driver (docs/api.md "Copies, forks and undo")."""

from __future__ import annotations

import copy
import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sgscore import Config, IllegalChoice, new_game
from sgscore.agents import RandomAgent
from sgscore.core.games import get_game
from sgscore.core.spec import GameState
from sgscore.testing import Scenario


def _play(game: GameState, seed: int, steps: int) -> None:
    bots = [RandomAgent(seed, s) for s in range(game.seats)]
    for _ in range(steps):
        if game.over:
            return
        req = game.pending
        assert req is not None
        game.submit(bots[req.seat].choose(req))


def _dice(seed: int) -> GameState:
    spec = get_game("sanguozhi/dice")
    assert spec is not None
    game, _ = spec.start(spec.full_config({"players": 5}), seed)
    return game


@given(seed=st.integers(0, 2**20), steps=st.integers(0, 120))
def test_a_clone_is_the_same_game_and_goes_on_alone(seed: int, steps: int) -> None:
    game = new_game(Config(players=5, generals="random"), seed)
    _play(game, seed, steps)
    twin = game.clone()
    assert twin is not game
    assert twin.state_hash() == game.state_hash()
    assert twin.events == game.events and twin.history == game.history
    assert twin.view(1) == game.view(1)
    if game.over:
        return
    # deciding on the clone leaves the original where it was
    before = game.state_hash()
    _play(twin, seed + 1, 30)
    assert game.state_hash() == before
    # and the original, given the clone's decisions, reaches the clone's state
    for seat, choice in twin.history[len(game.history):]:
        assert game.pending is not None and game.pending.seat == seat
        game.submit(choice)
    assert game.state_hash() == twin.state_hash()


def test_copy_and_deepcopy_are_clones_not_shared_state() -> None:
    game = new_game(Config(players=4), 3)
    _play(game, 3, 10)
    for twin in (copy.copy(game), copy.deepcopy(game)):
        assert twin.players is not game.players
        assert twin.state_hash() == game.state_hash()


def test_undo_is_replay_to_one_decision_less() -> None:
    game = new_game(Config(players=5), 8)
    _play(game, 8, 25)
    at = game.decisions
    before = game.state_hash()
    req = game.pending
    assert req is not None
    game.submit(req.choices()[0])
    undone = game.replay_to(game.decisions - 1)
    assert undone.decisions == at and undone.state_hash() == before
    assert game.decisions == at + 1  # the game itself is unchanged


def test_replay_to_any_decision_matches_the_game_at_that_decision() -> None:
    game = new_game(Config(players=4), 21)
    hashes = [game.state_hash()]
    bots = [RandomAgent(21, s) for s in range(4)]
    while not game.over and game.decisions < 60:
        req = game.pending
        assert req is not None
        game.submit(bots[req.seat].choose(req))
        hashes.append(game.state_hash())
    for n in (0, 1, 17, len(hashes) - 1):
        assert game.replay_to(n).state_hash() == hashes[n]
    with pytest.raises(IndexError, match="decision 61 is not in this game"):
        game.replay_to(61)
    with pytest.raises(IndexError):
        game.replay_to(-1)


def test_the_dice_game_clones_too() -> None:
    game = _dice(5)
    _play(game, 5, 40)
    twin = game.clone()
    assert twin.state_hash() == game.state_hash() and twin.events == game.events


def test_a_finished_game_clones_with_its_result() -> None:
    game = new_game(Config(players=4), 2)
    _play(game, 2, 10_000)
    assert game.over
    twin = game.clone()
    assert twin.result == game.result and twin.summary() == game.summary()


def test_a_scenario_game_clones_and_one_changed_by_hand_refuses_where_only_a_replay_copies(
) -> None:
    # The scenario harness sets its table up again on a restart, so its games clone. A game whose
    # state was changed by hand is copied as it is at a play-phase request (a copy of the state,
    # docs/api.md "Copies, forks and undo"); elsewhere only a replay of its decisions could copy
    # it, which would not come back to that state, and clone says so.
    sc = Scenario(players=4)
    sc.seat(0).hand("slash", "peach")
    game = sc.start().game
    _play(game, 4, 5)
    assert game.clone().state_hash() == game.state_hash()
    bots = [RandomAgent(4, s) for s in range(game.seats)]
    edited = 0
    while not game.over and edited < 2:
        req = game.pending
        assert req is not None
        if (req is game.safe) == (edited == 0):
            game.players[2].hp -= 1 if edited else 0
            game.players[2].max_hp += 1
            if edited == 0:  # at a play-phase request: the copy is the state as it stands
                fork = game.clone()
                assert fork.state_hash() == game.state_hash()
                assert fork.players[2].max_hp == game.players[2].max_hp
            else:
                with pytest.raises(ValueError, match="cannot be cloned"):
                    game.clone()
            edited += 1
        game.submit(bots[req.seat].choose(req))
    assert edited == 2


def test_submit_and_check_take_the_json_form_of_a_choice() -> None:
    # A choice that went through JSON has lists where it had tuples: [60, 1] for (60, 1).
    game = new_game(Config(players=5), 11)
    bots = [RandomAgent(11, s) for s in range(5)]
    seen_tuple = False
    while not game.over and game.decisions < 200:
        req = game.pending
        assert req is not None
        choice = bots[req.seat].choose(req)
        as_json = json.loads(json.dumps(choice))
        seen_tuple |= isinstance(choice, tuple)
        req.check(as_json)
        assert req.is_legal(as_json)
        game.submit(as_json)
        assert game.history[-1] == (req.seat, choice)  # stored as the tuple it stands for
    assert seen_tuple


def test_an_illegal_json_choice_is_still_refused() -> None:
    game = new_game(Config(players=5), 11)
    req = game.pending
    assert req is not None
    with pytest.raises(IllegalChoice):
        game.submit([10_000, 99])
    assert game.decisions == 0 and game.history == []
