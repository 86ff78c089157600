"""Sampled worlds (docs/training.md "Sampled worlds"): a copy of the game in which what the asked
seat cannot see is drawn at random, given all it has seen; its view of the world is its view of
the game, the world is a whole game that plays on, and what it knows (the top of the pile after
its 观星, a card it gave) stays where it knows it is."""

from __future__ import annotations

import pytest

from sgscore.core.games import spec_for_config
from sgscore.core.rng import Pcg32
from sgscore.dice.game import DiceGame
from sgscore.fuzz import game_setup
from sgscore.sanguosha.game import Game
from sgscore.sanguosha.worlds import knowledge, sample_world
from sgscore.testing import Scenario, check_conservation

pytestmark = pytest.mark.long  # started first (tests/conftest.py)


def test_the_seat_sees_the_same_in_every_world_it_samples() -> None:
    # Random moments of games of both games and every variant: the asked seat's view of each
    # sampled world (its table, its events, its question) is its view of the game; the world's
    # cards are all there; the other hands do change from world to world; a world plays on.
    rng = Pcg32(89, 0)
    moments = differed = played = 0
    for index in range(80):
        setup = game_setup(89, index)
        spec = spec_for_config(setup.config)
        game, _ = spec.start_config(setup.config, setup.seed)
        agents = spec.make_agents(game, setup.seed, list(setup.agents))
        while not game.over:
            request = game.pending
            assert request is not None
            if rng.below(12) == 0:
                seat = request.seat
                view = game.view(seat)
                for _ in range(3):
                    world = spec.sample_world(game, seat, rng)
                    assert world.view(seat) == view, index
                    moments += 1
                    if isinstance(world, Game):
                        check_conservation(world)
                        assert isinstance(game, Game)
                        differed += any(p.hand != q.hand for p, q in
                                        zip(world.players, game.players, strict=True))
                    else:
                        assert isinstance(world, DiceGame) and isinstance(game, DiceGame)
                        differed += any(p.role != q.role for p, q in
                                        zip(world.players, game.players, strict=True))
                if played < 40:
                    bots = spec.make_agents(world, 1, "random")
                    while not world.over:
                        asked = world.pending
                        assert asked is not None
                        world.submit(bots[asked.seat].choose(asked))
                    played += 1
            game.submit(agents[request.seat].choose(request))
    assert moments > 600 and differed > moments // 3 and played == 40


def test_a_world_keeps_the_top_its_guanxing_left() -> None:
    # 观星 (docs/rules.md "诸葛亮 zhugeliang"): he knows the top of the draw pile as he left it,
    # less the two he drew: every world he samples has them there, in that order.
    s = Scenario(players=4, generals=["zhugeliang", None, None, None])
    s.top("slash", "jink", "peach", "duel")
    t = s.start(seat=0, phase="start")
    request = t.expect(0, "guanxing")
    shown = request.prompt[0] if request.prompt else ()
    t.answer(0, "guanxing", (tuple(reversed(shown)), ()))
    t.until(0, "play")
    game = t.game
    known = knowledge(game, 0)
    assert known.top and game.draw_pile[-len(known.top):][::-1] == known.top
    rng = Pcg32(5, 0)
    for _ in range(20):
        world = sample_world(game, 0, rng)
        assert world.draw_pile[-len(known.top):][::-1] == known.top
    assert len(known.top) == len(shown) - 2


def test_a_world_keeps_a_card_it_gave_in_the_hand_it_went_to() -> None:
    # 仁德 gives cards face down: the giver knows where they went; the others do not.
    s = Scenario(players=4, generals=["liubei", None, None, None])
    s.seat(0).hand("jink", "slash", "peach")
    s.seat(2).hand("duel", "duel")
    t = s.start(seat=0, phase="play")
    given = t.card(0, "jink")
    t.skill("rende", (given,), (2,))
    game = t.game
    assert game.pending is not None and game.pending.seat == 0
    rng = Pcg32(6, 0)
    for _ in range(30):
        world = sample_world(game, 0, rng)
        assert given in world.players[2].hand
    assert knowledge(game, 0).holders[given] == {2}
    assert given not in knowledge(game, 1).holders  # seat 1 did not see which card went


def test_only_the_seat_asked_samples_a_world() -> None:
    s = Scenario(players=4)
    t = s.start(seat=0, phase="play")
    with pytest.raises(ValueError, match="seat asked"):
        sample_world(t.game, 1, Pcg32(1, 0))


def test_what_a_seat_knows_is_true() -> None:
    # The knowledge read from the events, checked against the game at random moments of identity
    # games of every option, for every seat: a card it places in some hands is in one of them (or
    # has gone public, where the view shows it), and the top it knows is the top.
    rng = Pcg32(90, 0)
    checked = records = 0
    for index in range(120):
        setup = game_setup(90, index)
        if getattr(setup.config, "mode", "") != "identity":
            continue
        spec = spec_for_config(setup.config)
        game, _ = spec.start_config(setup.config, setup.seed)
        assert isinstance(game, Game)
        agents = spec.make_agents(game, setup.seed, list(setup.agents))
        while not game.over:
            if rng.below(20) == 0:
                hand_of = {c: p.seat for p in game.players for c in p.hand}
                pile = set(game.draw_pile)
                for seat in range(game.n):
                    known = knowledge(game, seat)
                    for card, holders in known.holders.items():
                        if card in hand_of:
                            assert hand_of[card] in holders, (index, seat, card, holders)
                        assert card not in pile, (index, seat, card)
                        records += 1
                    if known.top:
                        assert game.draw_pile[-len(known.top):][::-1] == known.top
                    checked += 1
            request = game.pending
            assert request is not None
            game.submit(agents[request.seat].choose(request))
    assert checked > 500 and records > 50


def _lord_asked(players: int) -> Game:
    from sgscore import Config, new_game

    game = new_game(Config(players=players), 3)
    while not (game.pending is not None and game.pending.seat == 0 and game.pending.kind == "play"):
        assert game.pending is not None
        game.submit(game.pending.choice_at(0))
    assert isinstance(game, Game)
    return game


def test_weighted_roles_follow_the_weights_exactly() -> None:
    # sample_world(..., role_weight): each arrangement of the hidden roles is drawn in proportion
    # to the product of its weights. Five players: the lord (seat 0) does not know which of seats
    # 1-4 holds the loyalist, the renegade and the two rebels (12 arrangements). Weighing seat 1
    # as the loyalist 9 to 1 makes it the loyalist in 9 / (9 + 3) = 3/4 of the worlds.
    game = _lord_asked(5)
    rng = Pcg32(7, 1)
    draws = 1200
    loyal = sum(
        sample_world(game, 0, rng, lambda seat, role: 9 if (seat, role) == (1, "loyalist") else 1)
        .players[1].role == "loyalist" for _ in range(draws))
    assert abs(loyal - draws * 3 // 4) < 60, loyal  # the binomial's sd is 15


def test_weights_of_any_size_are_taken() -> None:
    # A belief as strong as a searcher likes: weights whose products pass 2**32 (a seat's true
    # role weighed a billion to one) still draw exactly, here the true roles every time; the
    # seat's view is unchanged; and at ten players (2,520 arrangements of nine hidden roles).
    for players in (5, 10):
        game = _lord_asked(players)
        truth = [p.role for p in game.players]

        def believed(seat: int, role: str, truth: list[str] = truth) -> int:
            return 10**9 if truth[seat] == role else 1

        rng = Pcg32(8, players)
        for _ in range(5):
            world = sample_world(game, 0, rng, believed)
            assert [p.role for p in world.players] == truth
            assert world.view(0) == game.view(0)
