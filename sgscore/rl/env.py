"""The PettingZoo AEC environment (docs/training.md): one agent per seat, ``"seat_0"`` ...

Each step is one token of the game's action space (docs/api.md "Action ids"): a choice that is
one value is one step; a tuple (a card and its targets, a subset, an arrangement) takes several,
the same agent acting until its choice is whole, which is then submitted to the game and so
recorded in its replay exactly as a whole choice would be. An observation is a dict of
``observation`` (the seat's observation, docs/api.md "Observations") and ``action_mask`` (the
ids that may be taken now, all 0 for a seat that is not asked). Rewards come at the end: +1 for a
win, -1 for a loss, 0 for a draw, by role (``GameSpec.outcomes``); in a game that keeps scores
(``scoring=True``) the seat's score. ``reset(seed)`` plays the game of that seed: the same seed
and actions give the same game, byte for byte. ``render()`` is the account of what happened since
the last call (``render_mode="ansi"`` returns it, ``"human"`` prints it).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from ..core.games import get_game
from ..core.spec import GameState

__all__ = ["SgsEnv"]

_OBS_LOW, _OBS_HIGH = -(2**31), 2**31 - 1


class SgsEnv(AECEnv):  # type: ignore[misc]
    """An AEC environment of one game and config (:func:`sgscore.rl.make_env`)."""

    RENDER_MODES = ("human", "ansi")
    metadata = {"name": "sgscore_v1", "render_modes": list(RENDER_MODES),
                "is_parallelizable": False}

    def __init__(self, game_id: str = "sanguosha/identity", *, render_mode: str | None = None,
                 lang: str = "en", **config: Any) -> None:
        super().__init__()
        spec = get_game(game_id)
        if spec is None:
            raise ValueError(f"unknown game {game_id!r}")
        if render_mode is not None and render_mode not in self.RENDER_MODES:
            raise ValueError(f"render_mode must be one of {', '.join(self.RENDER_MODES)}")
        self.spec = spec
        self.config = spec.config_from_dict(spec.full_config(config))
        self.render_mode = render_mode
        self.lang = lang
        self.space = spec.action_space(self.config)
        self.layout = spec.observation_layout(self.config)
        seats = spec.seats(spec.config_to_dict(self.config))
        self.possible_agents = [f"seat_{i}" for i in range(seats)]
        self._action_spaces = {a: spaces.Discrete(self.space.size) for a in self.possible_agents}
        self._observation_spaces = {a: spaces.Dict({
            "observation": spaces.Box(_OBS_LOW, _OBS_HIGH, (self.layout.size,), np.int64),
            "action_mask": spaces.Box(0, 1, (self.space.size,), np.int8),
        }) for a in self.possible_agents}
        self.game: GameState | None = None
        self.taken: tuple[int, ...] = ()
        self._account: Any = None
        self._held: tuple[Any, tuple[int, ...], list[int]] | None = None

    # ------------------------------------------------------------------ spaces
    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._action_spaces[agent]

    # ------------------------------------------------------------------ the game
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game of the config, seeded ``seed`` (0 when None)."""
        self.game = self.spec.new_game(self.config, 0 if seed is None else seed)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.taken = ()
        self._account = None
        self._select()
        if self.game.over:
            self._finish()

    def _select(self) -> None:
        assert self.game is not None
        req = self.game.pending
        if req is not None:
            self.agent_selection = self.possible_agents[req.seat]

    def observe(self, agent: str) -> dict[str, Any]:
        assert self.game is not None, "reset() first"
        seat = self.possible_agents.index(agent)
        mask = np.zeros(self.space.size, dtype=np.int8)
        req = self.game.pending
        if req is not None and req.seat == seat:
            mask[self._legal()] = 1
        obs = np.frombuffer(self.spec.observation(self.game, seat), dtype=np.int64)
        return {"observation": obs, "action_mask": mask}

    def _legal(self) -> list[int]:
        """The ids allowed now (kept until a step changes them)."""
        assert self.game is not None
        req = self.game.pending
        held = self._held
        if held is not None and held[0] is req and held[1] == self.taken:
            return held[2]
        assert req is not None
        ids = self.space.legal_ids(req, self.taken)
        self._held = (req, self.taken, ids)
        return ids

    def step(self, action: Any) -> None:
        """Take the token ``action`` for the agent whose turn it is; a whole choice goes to the
        game. An id the mask does not allow raises ``ValueError`` (the game is unchanged)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        game = self.game
        assert game is not None
        req = game.pending
        assert req is not None
        token = int(action)
        if token not in self._legal():
            what = self.space.name(token) if 0 <= token < self.space.size else "out of range"
            raise ValueError(f"{agent}: action {token} ({what}) is not allowed now: take one "
                             "that the action mask allows")
        self._cumulative_rewards[agent] = 0.0
        self.taken = (*self.taken, token)
        if not self._legal():  # the choice is whole
            choice = self.space.choice_of(req, self.taken)
            self.taken = ()
            game.submit(choice)
            if game.over:
                self._finish()
            else:
                self._select()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _finish(self) -> None:
        game = self.game
        assert game is not None
        summary = game.summary()
        scores = self.spec.scores(summary)
        outcomes = self.spec.outcomes(summary) or ["draw"] * len(self.agents)
        for i, agent in enumerate(self.possible_agents):
            if scores is not None:
                self.rewards[agent] = float(scores[i])
            else:
                self.rewards[agent] = {"win": 1.0, "loss": -1.0}.get(outcomes[i], 0.0)
            self.terminations[agent] = True
            self.infos[agent] = {"outcome": outcomes[i], "result": game.result}

    # ------------------------------------------------------------------ showing and saving
    def render(self) -> str | None:
        """The account of what happened since the last call (the table as a spectator sees it)."""
        if self.render_mode is None or self.game is None:
            return None
        if self._account is None:
            self._account = self.spec.account(self.game, None, self.lang)
        text = "\n".join(self._account.lines())
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def save(self, path: str) -> int:
        """Write the game so far as an sgscore replay (finished, or saved: docs/api.md "Save
        and resume"); returns its size in bytes."""
        from ..replay.saved import save_game

        assert self.game is not None, "reset() first"
        return save_game(self.game, path)

    def close(self) -> None:
        self.game = None
