"""Copies that cost a copy of the state (docs/api.md "Copies, forks and undo"): at a request the
rules mark as safe (identity mode's play-phase requests, the dice game's reroll requests) a game
is copied field by field and its procedure rebuilt there; elsewhere, in a game that keeps
``snapshots``, from the last snapshot and the few decisions since; else by a replay. Every way
gives a game that plays on byte for byte as the original would, in every variant of both games."""

from __future__ import annotations

import ast
import copy
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

import sgscore
from sgscore import Config, new_game
from sgscore.agents import RandomAgent
from sgscore.core.engine import Engine
from sgscore.core.games import spec_for_config
from sgscore.core.rng import Pcg32
from sgscore.core.spec import GameState
from sgscore.dice.game import DiceGame
from sgscore.fuzz import game_setup
from sgscore.sanguosha.game import Game
from sgscore.testing import Scenario

pytestmark = pytest.mark.long  # started first (tests/conftest.py)


def _play_on(game: GameState, agents: list[Any], limit: int | None = None) -> GameState:
    while not game.over and (limit is None or game.decisions < limit):
        request = game.pending
        assert request is not None
        game.submit(agents[request.seat].choose(request))
    return game


def _way(game: Any) -> str:
    """How ``game.clone()`` will copy ``game`` (read from the engine's own fields)."""
    if game.result is not None or (game.pending is not None and game.pending is game.safe):
        return "state" if game.state_copy() is not None else "replay"
    return "snapshot" if game.snapshots and game._snapshot is not None else "replay"


def test_copies_made_every_way_play_on_as_the_game_would() -> None:
    # 200 games of every variant of both games (the fuzz harness's spread), half of them keeping
    # snapshots: copies at two random decisions (clone, copy.copy, deepcopy, a clone of a clone),
    # each played on with agents made afresh, end exactly as the game played straight through.
    rng = Pcg32(61, 0)
    ways: Counter[str] = Counter()
    for index in range(200):
        setup = game_setup(61, index)
        spec = spec_for_config(setup.config)
        names = list(setup.agents)
        whole, err = spec.start_config(setup.config, setup.seed)
        assert err is None
        _play_on(whole, spec.make_agents(whole, setup.seed, names))
        game, _ = spec.start_config(setup.config, setup.seed)
        game.snapshots = index % 2 == 0
        agents = spec.make_agents(game, setup.seed, names)
        copies = []
        for _ in range(2):
            _play_on(game, agents, limit=game.decisions + rng.below(whole.decisions + 1))
            ways[_way(game)] += 1
            fork = game.clone()
            assert fork.state_hash() == game.state_hash(), index
            assert fork.events == game.events and fork.history == game.history, index
            assert fork.snapshots == game.snapshots
            copies += [fork, copy.copy(game), copy.deepcopy(fork)]
            copies.append(fork.clone())
        for twin in copies:
            _play_on(twin, spec.make_agents(twin, setup.seed, names))
            assert twin.history == whole.history, index
            assert twin.events == whole.events, index
            assert twin.state_hash() == whole.state_hash(), index
        _play_on(game, agents)
        assert game.history == whole.history and game.state_hash() == whole.state_hash()
    assert ways["state"] >= 60 and ways["snapshot"] >= 40 and ways["replay"] >= 40, ways


def _assigned(cls: type, method: str) -> set[str]:
    """The attributes ``cls.<method>`` assigns to ``self`` (read from its source)."""
    # (from the .py file: a compiled module has no source of its own)
    path = Path(sgscore.__file__).parent.joinpath(*cls.__module__.split(".")[1:])
    tree = ast.parse(path.with_suffix(".py").read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef) and node.name == cls.__name__:
            for item in node.body:
                if isinstance(item, ast.FunctionDef) and item.name == method:
                    return {t.attr for n in ast.walk(item)
                            for t in (n.targets if isinstance(n, ast.Assign) else
                                      [n.target] if isinstance(n, ast.AnnAssign) else [])
                            if isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name)
                            and t.value.id == "self"}
    raise AssertionError(f"no {cls.__name__}.{method}")


@pytest.mark.parametrize("cls", [Game, DiceGame])
def test_a_state_copy_takes_every_attribute_a_game_is_made_with(cls: type) -> None:
    # A field added to a game's __init__ and forgotten in its _copy_state would be silently lost
    # by copies at safe requests: every one is taken (the engine's own fields are the clone's).
    made = _assigned(cls, "__init__") - {"config"}  # (both paths set it)
    engine = _assigned(Engine, "__init__")
    assert made - _assigned(cls, "_copy_state") - engine == set()


def test_a_state_copy_shares_nothing_that_changes() -> None:
    # Deciding on a copy never changes the original: no list or dict of the state is shared,
    # but for the skill indexes, the deck and the variants, which are replaced, never changed.
    game = new_game(Config(players=6, reincarnation=True), 3)
    _play_on(game, [RandomAgent(3, s) for s in range(6)], limit=40)
    twin = game.state_copy()
    assert twin is not None
    shared = {"hooks", "mods", "answering", "acting", "card_ids", "card_types", "variants"}
    for name in ("players", "draw_pile", "discard_pile", "processing", "table_actions", "extra",
                 "turn", *shared):
        assert (getattr(twin, name) is getattr(game, name)) == (name in shared), name
    for p, q in zip(game.players, twin.players, strict=True):
        for name in ("hand", "equip", "judge", "skills"):
            assert getattr(p, name) == getattr(q, name) and getattr(p, name) is not getattr(q, name)
    assert twin.extra["reborn"] is not game.extra["reborn"]
    assert twin.extra["reborn"].canonical() == game.extra["reborn"].canonical()


def test_copies_come_from_the_state_not_from_the_decisions() -> None:
    # A table changed by hand (a scenario's HP) before the moment copied cannot come back from the
    # decisions (a replay would refuse it, "cannot be cloned"); copies at a play-phase request and
    # from a snapshot after it keep it, so neither replays the game from its start.
    sc = Scenario(players=5)
    sc.seat(0).hand("slash", "slash", "peach", "jink")
    game = sc.start(seat=0, phase="play").game
    game.snapshots = True
    assert game.pending is game.safe  # seat 0's play-phase request
    game.players[3].max_hp += 2
    at_play = game.clone()
    assert at_play.players[3].max_hp == game.players[3].max_hp
    bots = [RandomAgent(5, s) for s in range(5)]
    while not game.over and (game.pending is game.safe or game.decisions < 2):
        _play_on(game, bots, limit=game.decisions + 1)
    assert not game.over and game.pending is not game.safe
    from_snapshot = game.clone()
    assert from_snapshot.state_hash() == game.state_hash()
    assert from_snapshot.players[3].max_hp == game.players[3].max_hp
    replayed = game.replay_to(game.decisions)  # what a replay of the decisions gives
    assert replayed.players[3].max_hp != game.players[3].max_hp
    assert replayed.state_hash() != game.state_hash()


def test_a_finished_game_copies_as_it_ended() -> None:
    game = new_game(Config(players=4), 12)
    _play_on(game, [RandomAgent(12, s) for s in range(4)])
    twin = game.clone()
    assert twin.over and twin.result == game.result and twin.pending is None
    assert twin.state_hash() == game.state_hash() and twin.events == game.events
    assert twin.summary() == game.summary()
