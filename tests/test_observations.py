"""Observations (docs/api.md "Observations"): a fixed-size vector of ints per game and config,
feature by feature, built from what the seat may see: two games that differ only in another
seat's hidden cards or hidden role give that seat the same observation."""

from __future__ import annotations

from typing import Any

import pytest

from sgscore.core.games import spec_for_config
from sgscore.core.rng import Pcg32
from sgscore.dice.game import DiceGame
from sgscore.fuzz import game_setup
from sgscore.sanguosha.game import Game
from sgscore.sanguosha.model import LORD

pytestmark = pytest.mark.long  # started first (tests/conftest.py)


def _moments(seed: int, games: int, every: int) -> Any:
    """Games of every variant of both games, at every ``every``-th decision."""
    for index in range(games):
        setup = game_setup(seed, index)
        spec = spec_for_config(setup.config)
        game, _ = spec.start_config(setup.config, setup.seed)
        agents = spec.make_agents(game, setup.seed, list(setup.agents))
        while not game.over:
            if game.decisions % every == 0:
                yield spec, setup.config, game
            request = game.pending
            assert request is not None
            game.submit(agents[request.seat].choose(request))
        yield spec, setup.config, game


def _hidden_twin(g: Any, seat: int, rng: Pcg32) -> Any:
    """A copy of ``g`` that differs only in what ``seat`` cannot see: other seats' hand cards
    swapped with cards of the draw pile, and two hidden roles swapped."""
    twin = g.clone()
    hidden: list[Any]
    if isinstance(twin, Game):
        for p in twin.players:
            if p.seat != seat and p.hand and twin.draw_pile:
                i, j = rng.below(len(p.hand)), rng.below(len(twin.draw_pile))
                p.hand[i], twin.draw_pile[j] = twin.draw_pile[j], p.hand[i]
        hidden = [p for p in twin.players if p.seat != seat and p.alive and not p.role_shown
                  and p.role != LORD and twin.result is None]
    else:
        assert isinstance(twin, DiceGame)
        hidden = [p for p in twin.players if not twin.role_seen(p, seat)]
    if len(hidden) >= 2:
        a, b = hidden[0], hidden[-1]
        a.role, b.role = b.role, a.role
    return twin


def test_an_observation_is_the_same_whatever_another_seat_hides() -> None:
    rng = Pcg32(87, 0)
    seen = changed = 0
    for spec, config, game in _moments(87, 40, 9):
        size = spec.observation_layout(config).size
        for seat in range(game.seats):
            mine = spec.observation(game, seat)
            assert len(mine) == size and all(type(v) is int for v in mine)
            twin = _hidden_twin(game, seat, rng)
            assert spec.observation(twin, seat) == mine
            seen += 1
            others = [s for s in range(game.seats) if s != seat]
            changed += any(spec.observation(twin, s) != spec.observation(game, s) for s in others)
    assert seen > 1200
    assert changed > seen // 4  # the twins do differ, for the seats that hold what changed


def test_the_observation_tells_what_the_seat_sees() -> None:
    # The observer's own hand and role are in it; the layout names every block, each of the
    # documented size; seat blocks are relative to the observer.
    for spec, config, game in _moments(88, 12, 25):
        lay = spec.observation_layout(config)
        assert sum(f.size for f in lay.features) == lay.size
        assert all(f.doc for f in lay.features)
        for seat in range(game.seats):
            obs = spec.observation(game, seat)
            assert obs[lay["seat"].offset + seat] == 1
            me = game.players[seat]
            stats = obs[lay["seat0.stats"].offset:lay["seat0.stats"].offset + 4]
            assert stats[1] == me.hp and stats[2] == me.max_hp
            role = lay["seat0.role"]
            assert sum(obs[role.offset:role.offset + role.size]) == 1
            assert obs[role.offset] == 0  # one's own role is never hidden
            if isinstance(game, Game):
                hand = lay["hand"]
                assert [c for c in range(hand.size) if obs[hand.offset + c]] == sorted(me.hand)


def test_the_docs_list_every_feature() -> None:
    # docs/api.md "Observations" lists each feature of identity mode's layout (its sizes are those
    # of the standard content: a general or a request kind registered more changes some).
    from pathlib import Path

    from sgscore import Config
    from sgscore.sanguosha.spec import SPEC

    text = Path(__file__).resolve().parents[1].joinpath("docs", "api.md").read_text("utf-8")
    for name, size, _ in SPEC.observation_layout(Config(players=5)).table():
        if name.startswith("seat") and "." in name:
            if not name.startswith("seat0."):
                continue
            name = name.replace("seat0.", "seatR.")
        assert f"`{name}`" in text, name
        del size
