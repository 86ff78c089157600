"""Games and agents pickle (docs/api.md "Copies, forks and undo"): a game travels as its config,
seed and decisions and is rebuilt by replaying them; an agent travels as its game, seed and seat
and is made again caught up; together they go on as the game would have, in this process and in
another, on either core."""

from __future__ import annotations

import copy
import hashlib
import pickle
import subprocess
import sys
from typing import Any

import pytest

from sgscore import Config, new_game
from sgscore.core.games import spec_for_config
from sgscore.core.rng import Pcg32
from sgscore.core.spec import GameState
from sgscore.fuzz import game_setup
from sgscore.testing import Scenario

pytestmark = pytest.mark.long  # started first (tests/conftest.py)

_PLAY_ON = """
import hashlib, pickle, sys
game, agents = pickle.loads(sys.stdin.buffer.read())
while not game.over:
    game.submit(agents[game.pending.seat].choose(game.pending))
print(hashlib.sha256(repr(game.history).encode()).hexdigest(), game.state_hash())
"""


def _play_on(game: GameState, agents: list[Any], limit: int | None = None) -> GameState:
    n = 0
    while not game.over and (limit is None or n < limit):
        request = game.pending
        assert request is not None
        game.submit(agents[request.seat].choose(request))
        n += 1
    return game


def _digest(game: GameState) -> tuple[str, str]:
    return hashlib.sha256(repr(game.history).encode()).hexdigest(), game.state_hash()


def test_a_game_pickled_with_its_agents_goes_on_the_same_here_and_in_another_process() -> None:
    rng = Pcg32(52, 0)
    blobs = []
    for index in range(60):  # every variant of both games
        setup = game_setup(52, index)
        spec = spec_for_config(setup.config)
        game, err = spec.start_config(setup.config, setup.seed)
        assert err is None
        agents = spec.make_agents(game, setup.seed, list(setup.agents))
        twin = copy.deepcopy(game)
        whole = _play_on(twin, spec.make_agents(twin, setup.seed, list(setup.agents)))
        _play_on(game, agents, limit=rng.below(whole.decisions + 1))
        blob = pickle.dumps((game, agents))
        again, their_agents = pickle.loads(blob)
        assert again.state_hash() == game.state_hash() and again.history == game.history
        assert _digest(_play_on(again, their_agents)) == _digest(whole), index
        if index % 6 == 0:
            blobs.append((blob, _digest(whole)))
    for blob, want in blobs:  # another process: the pure or the compiled core, as this one
        done = subprocess.run([sys.executable, "-c", _PLAY_ON], input=blob, capture_output=True,
                              timeout=600, check=True)
        assert tuple(done.stdout.decode().split()) == want


def test_agents_copy_and_pickle_alone() -> None:
    game = new_game(Config(players=6), 8)
    spec = spec_for_config(game.config)
    agents = spec.make_agents(game, 8, "heuristic")
    _play_on(game, agents, limit=25)
    for agent in agents:
        twin = copy.copy(agent)  # a copy of the agent, caught up on the same game
        assert twin.g is game and twin.rng.getstate() == agent.rng.getstate()
        assert twin.lean == agent.lean
    request = game.pending
    assert request is not None
    mine = agents[request.seat]
    theirs = pickle.loads(pickle.dumps(mine))
    assert theirs.choose(request) == mine.choose(request)


def test_a_game_set_up_by_hand_does_not_unpickle_as_another() -> None:
    s = Scenario(players=4)
    s.seat(0).hand("slash", "peach")
    t = s.start(seat=0, phase="play")
    blob = pickle.dumps(t.game)
    with pytest.raises(ValueError, match="cannot be rebuilt"):
        pickle.loads(blob)
