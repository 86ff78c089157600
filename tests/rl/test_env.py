"""The PettingZoo environment (docs/training.md): PettingZoo's own API and seed tests for both games
and several configs; an episode played through the environment is a game like any other (its
replay validates and is the same bytes for the same seed and actions); rewards by outcome; an
action the mask does not allow changes nothing. Needs the rl extra (pip install 'sgscore[rl]')."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("pettingzoo", reason="the rl extra is not installed (pip install 'sgscore[rl]')")

import numpy as np
from pettingzoo.test import api_test, seed_test

from sgscore.core.rng import Pcg32
from sgscore.replay import validate_file
from sgscore.rl import make_env

CONFIGS: list[tuple[str, dict[str, Any]]] = [
    ("sanguosha/identity", {"players": 5}),
    ("sanguosha/identity", {"players": 8, "reincarnation": True}),
    ("sanguosha/identity", {"players": 6, "mode": "3v3"}),
    ("sanguosha/identity", {"players": 4, "scoring": True}),
    ("sanguozhi/dice", {"players": 5}),
    ("dice", {"players": 3}),
]


@pytest.mark.parametrize(("game", "config"), CONFIGS)
@pytest.mark.filterwarnings("ignore::UserWarning")  # a dict observation with its action mask
def test_pettingzoo_api_and_seed_tests_pass(game: str, config: dict[str, Any]) -> None:
    api_test(make_env(game, **config), num_cycles=300, verbose_progress=False)
    seed_test(lambda: make_env(game, **config), num_cycles=200)


def _episode(env: Any, seed: int) -> list[int]:
    rng = Pcg32(seed, 5)
    env.reset(seed=seed)
    actions = []
    for _agent in env.agent_iter():
        obs, _reward, terminated, truncated, _info = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        assert len(legal) > 0
        action = int(legal[rng.below(len(legal))])
        actions.append(action)
        env.step(action)
    return actions


@pytest.mark.parametrize(("game", "config"), CONFIGS)
def test_an_episode_is_a_replay_that_validates_the_same_for_the_same_seed(
        game: str, config: dict[str, Any], tmp_path: Path) -> None:
    blobs = []
    for run in range(2):
        env = make_env(game, **config)
        _episode(env, 11)
        assert env.game.over and not env.agents  # every agent stepped out at the end
        path = tmp_path / f"episode-{run}.mp"
        env.save(str(path))
        assert validate_file(path).valid
        blobs.append(path.read_bytes())
    assert blobs[0] == blobs[1]


def test_rewards_follow_the_outcome_by_role() -> None:
    env = make_env("sanguosha/identity", players=5)
    for seed in range(6):
        rewards: dict[str, float] = {}
        env.reset(seed=seed)
        rng = Pcg32(seed, 6)
        for agent in env.agent_iter():
            obs, reward, terminated, truncated, _info = env.last()
            if terminated or truncated:
                rewards[agent] = reward
                env.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            env.step(int(legal[rng.below(len(legal))]))
        outcomes = env.spec.outcomes(env.game.summary())
        want = {f"seat_{i}": {"win": 1.0, "loss": -1.0}.get(o, 0.0) for i, o in enumerate(outcomes)}
        assert rewards == want


def test_an_action_the_mask_does_not_allow_changes_nothing() -> None:
    env = make_env("sanguosha/identity", players=5)
    env.reset(seed=3)
    agent = env.agent_selection
    mask = env.observe(agent)["action_mask"]
    bad = int(np.flatnonzero(mask == 0)[0])
    before = (env.game.state_hash(), env.taken)
    with pytest.raises(ValueError, match="not allowed"):
        env.step(bad)
    assert (env.game.state_hash(), env.taken) == before and env.agent_selection == agent
    others = [a for a in env.agents if a != agent]
    assert all(not env.observe(a)["action_mask"].any() for a in others)


def test_render_tells_the_account() -> None:
    env = make_env("sanguosha/identity", players=5, render_mode="ansi", lang="zh")
    env.reset(seed=2)
    first = env.render()
    assert first and "号位" in first
    _episode(env, 2)
    assert env.render()
