"""A finished game is freed when its last reference goes, by reference counting alone: nothing of
it is left in a reference cycle for Python's cyclic garbage collector. A study plays thousands of
games in one process; a game left in a cycle (a finished game still holding its last safe
request, which holds the game) made that collector run ten times as often and took a tenth of
the study's time."""

from __future__ import annotations

import gc
import sys
from collections import Counter

from sgscore.core.games import spec_for_config
from sgscore.core.spec import AnyGame
from sgscore.fuzz import game_setup


def test_finished_games_of_every_variant_leave_no_cycle() -> None:
    # 120 games of the fuzz harness's spread (both games, every option and variant, random,
    # heuristic and mixed agents), each played to its end with the cyclic collector off: once the
    # game and its agents are dropped, a collection finds nothing unreachable.
    # The objects there before the games are frozen out of the collections (gc.freeze), which
    # then walk only what the games made: a collection of the whole test process's heap, twice a
    # game, cost more than the games.
    left: Counter[str] = Counter()
    played: Counter[str] = Counter()
    gc.collect()
    gc.freeze()
    try:
        for index in range(120):
            setup = game_setup(67, index)
            spec = spec_for_config(setup.config)
            unreachable = _cycles_left(spec, setup.config, setup.seed, list(setup.agents))
            for variant in setup.variants:
                played[variant] += 1
                if unreachable:
                    left[variant] += 1
    finally:
        gc.unfreeze()
    assert played["identity"] and played["3v3"] and played["dice"] and played["heuristic agents"]
    assert not left, f"games of these variants left cycles behind: {dict(left)}"


def _cycles_left(spec: AnyGame, config: object, seed: int, names: list[str]) -> int:
    """How many objects a collection finds unreachable once a game of ``config`` played to its
    end with the collector off, and its agents, are dropped."""
    gc.collect()
    gc.disable()
    try:
        game, err = spec.start_config(config, seed)
        assert err is None
        agents = spec.make_agents(game, seed, names)
        while not game.over:
            request = game.pending
            assert request is not None
            game.submit(agents[request.seat].choose(request))
        del game, agents, request
        return gc.collect()
    finally:
        gc.enable()


def test_heuristic_agents_keep_no_finished_game_alive() -> None:
    # The heuristic agents of a game share one reading of its events; once that game and its
    # agents are gone and another game has been played, nothing holds the first game's events
    # (a study of thousands of games keeps only the game it plays).
    from sgscore import Config, new_game
    from sgscore.sanguosha.spec import SPEC

    def play(seed: int) -> object:
        game = new_game(Config(players=5), seed)
        agents = SPEC.make_agents(game, seed, "heuristic")
        while not game.over:
            request = game.pending
            assert request is not None
            game.submit(agents[request.seat].choose(request))
        return game.events

    first = play(1)
    play(2)
    assert isinstance(first, list) and len(first) > 100
    assert sys.getrefcount(first) == 2, "something still holds a finished game's events"
