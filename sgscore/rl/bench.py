"""Environment steps per second (docs/training.md): ``python -m sgscore.rl.bench [--game ID]
[--players N] [--episodes N] [--seed S]`` plays episodes with a random legal action each step
(a seeded PCG32 over the action mask) and prints the steps, the CPU seconds and the rate, with
the observation and the mask made at every step as a learner would."""

from __future__ import annotations

import argparse
import time

import numpy as np

from ..core.rng import Pcg32
from . import make_env

__all__ = ["run", "main"]


def run(game: str = "sanguosha/identity", players: int = 5, episodes: int = 50,
        seed: int = 1) -> tuple[int, int, float]:
    """``(episodes, steps, cpu seconds)`` of ``episodes`` random-action episodes."""
    env = make_env(game, players=players)
    rng = Pcg32(seed, 7)
    steps = 0
    t0 = time.process_time()
    for e in range(episodes):
        env.reset(seed=seed + e)
        for _agent in env.agent_iter():
            obs, _reward, terminated, truncated, _info = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            env.step(int(legal[rng.below(len(legal))]))
            steps += 1
    return episodes, steps, time.process_time() - t0


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m sgscore.rl.bench", description=__doc__)
    parser.add_argument("--game", default="sanguosha/identity")
    parser.add_argument("--players", type=int, default=5)
    parser.add_argument("--episodes", type=int, default=50)
    parser.add_argument("--seed", type=int, default=1)
    a = parser.parse_args(argv)
    episodes, steps, seconds = run(a.game, a.players, a.episodes, a.seed)
    print(f"{a.game}, {a.players} players: {episodes} episodes, {steps} steps in {seconds:.2f} s "
          f"CPU: {steps / seconds:.0f} steps/s")


if __name__ == "__main__":
    main()
