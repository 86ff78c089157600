"""Stable action ids (docs/api.md "Action ids"): every legal choice of every request, in both games
and every variant, is one sequence of tokens and back; stepping through the legal ids reaches
exactly the legal choices, each by one path; a game played by random steps is a game like any
other (its decisions are the choices the steps spell)."""

from __future__ import annotations

from typing import Any

import pytest

from sgscore import Config
from sgscore.core.actions import CLOSE, FIRST_INT, OPEN, PASS, ActionSpace, NotInSpace
from sgscore.core.games import spec_for_config
from sgscore.core.protocol import IllegalChoice, Request
from sgscore.core.rng import Pcg32
from sgscore.fuzz import game_setup
from sgscore.sanguosha.game import Game
from sgscore.sanguosha.spec import SPEC

pytestmark = pytest.mark.long  # started first (tests/conftest.py)


def _paths(space: ActionSpace, request: Request, taken: tuple[int, ...] = ()) -> list[tuple[int, ...]]:
    """Every whole choice reachable by steps from ``taken`` (small requests only)."""
    nxt = space.legal_ids(request, taken)
    if not nxt:
        return [taken]
    out = []
    for t in nxt:
        out += _paths(space, request, (*taken, t))
    return out


def _walk(space: ActionSpace, request: Request, rng: Pcg32) -> tuple[int, ...]:
    taken: tuple[int, ...] = ()
    while True:
        nxt = space.legal_ids(request, taken)
        if not nxt:
            return taken
        taken = (*taken, nxt[rng.below(len(nxt))])


def test_every_choice_is_one_path_of_steps_and_back() -> None:
    # Games of every variant of both games (the fuzz harness's spread), every request: each legal
    # choice encodes to tokens that decode to it and that the steps allow one by one; for a request
    # of up to 300 choices the paths of steps are exactly its choices.
    rng = Pcg32(83, 0)
    requests = enumerated = 0
    kinds: set[str] = set()
    for index in range(160):
        setup = game_setup(83, index)
        spec = spec_for_config(setup.config)
        space = spec.action_space(setup.config)
        game, _ = spec.start_config(setup.config, setup.seed)
        agents = spec.make_agents(game, setup.seed, list(setup.agents))
        while not game.over:
            request = game.pending
            assert request is not None
            requests += 1
            kinds.add(request.kind)
            count = request.count()
            picks = range(count) if count <= 300 else [rng.below(count) for _ in range(20)]
            for i in picks:
                choice = request.choice_at(i)
                tokens = space.encode(choice)
                assert all(0 <= t < space.size for t in tokens)
                assert space.decode(tokens) == choice
                assert space.choice_of(request, tokens) == choice
                for k in range(len(tokens)):
                    assert tokens[k] in space.legal_ids(request, tokens[:k]), (request, choice)
                assert space.legal_ids(request, tokens) == []
            if count <= 300:
                enumerated += 1
                want = sorted(space.encode(c) for c in request.choices())
                assert sorted(_paths(space, request)) == want, request
            game.submit(agents[request.seat].choose(request))
    assert requests > 10_000 and enumerated > requests * 0.9
    assert {"play", "respond", "discard_phase", "guanxing", "reroll", "camp_action"} <= kinds


def test_a_game_played_by_random_steps_is_a_game() -> None:
    # Each decision a random walk over the legal ids: the choice it spells is legal, and the
    # game goes on to its end with exactly those choices as its decisions.
    for index in range(40):
        setup = game_setup(84, index)
        spec = spec_for_config(setup.config)
        space = spec.action_space(setup.config)
        game, _ = spec.start_config(setup.config, setup.seed)
        rng = Pcg32(index, 9)
        chosen: list[Any] = []
        while not game.over:
            request = game.pending
            assert request is not None
            choice = space.choice_of(request, _walk(space, request, rng))
            chosen.append(choice)
            game.submit(choice)
        assert [c for _, c in game.history] == chosen


def test_a_single_value_is_one_id_and_a_tuple_takes_steps() -> None:
    config = Config(players=5)
    space = SPEC.action_space(config)
    game = SPEC.new_game(config, 3)
    assert isinstance(game, Game)
    while game.pending is not None and game.pending.kind != "play":
        game.submit(game.pending.choice_at(0))
    request = game.pending
    assert request is not None
    assert space.action_id(request, None) == PASS
    assert space.choice_of(request, PASS) is None
    card_use = next(c for c in request.choices() if c is not None)
    with pytest.raises(NotInSpace, match="steps"):
        space.action_id(request, card_use)
    ids = space.action_ids(request, card_use)
    assert ids[0] == OPEN and ids[-1] == CLOSE and ids[1] == FIRST_INT + card_use[0]
    assert space.name(ids[1]) == f"INT {card_use[0]}"
    elsewhere = next(c for c in range(space.ints) if c not in game.players[request.seat].hand)
    with pytest.raises(IllegalChoice):  # a card the seat does not hold
        space.choice_of(request, (OPEN, FIRST_INT + elsewhere, CLOSE))
    with pytest.raises(NotInSpace):
        space.decode((OPEN, FIRST_INT))
    with pytest.raises(NotInSpace):
        space.encode("no such word")


def test_the_space_is_versioned_by_its_vocabulary() -> None:
    a = SPEC.action_space(Config(players=5))
    assert a.digest == SPEC.action_space(Config(players=8)).digest  # the same tokens
    assert a.size == 5 + a.ints + len(a.words) and a.words == tuple(sorted(a.words))
    assert {"rende", "caocao", "cw", "warm", "hand", "discard"} <= set(a.words)
    deck = SPEC.action_space(Config(players=5, packs=("1.0",)))
    assert deck.ints != a.ints and deck.digest != a.digest
