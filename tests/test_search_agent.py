"""The search agent (docs/training.md "Search"): sampled-world Monte Carlo over the play-phase
choices. It is deterministic for a seed, keeps nothing between decisions (an agent made afresh
for a copy of the game decides the same), plays only legal choices, and its games re-simulate
and validate like any other."""

from __future__ import annotations

from pathlib import Path

import pytest

from sgscore import Config, new_game
from sgscore.core.spec import ConfigError
from sgscore.ladder import agent_factory
from sgscore.replay import read_replay, record_game, validate_file
from sgscore.sanguosha.agent import HeuristicAgent
from sgscore.sanguosha.game import Game
from sgscore.sanguosha.search import (
    DEFAULT_BUDGET,
    LOGISTIC,
    MAX_BUDGET,
    SearchAgent,
    _evaluable,
    _logistic,
    _pick,
    evaluate,
)
from sgscore.sanguosha.spec import SPEC
from sgscore.testing import Scenario


def _play(seed: int, budget: int) -> list[tuple[int, object]]:
    game = new_game(Config(players=4), seed)
    agents: list[object] = [SearchAgent(game, seed, 0, budget)] + [
        HeuristicAgent(game, seed, s) for s in range(1, 4)]
    while not game.over:
        request = game.pending
        assert request is not None
        choice = agents[request.seat].choose(request)  # type: ignore[attr-defined]
        if request.seat == 0:
            assert request.is_legal(choice)
        game.submit(choice)
    return list(game.history)


def test_the_same_seed_gives_the_same_game() -> None:
    assert _play(3, 2) == _play(3, 2)


def test_an_agent_made_afresh_decides_the_same() -> None:
    # Its randomness comes from its seed, its seat and the decision number: an agent made for a
    # copy of the game at any of its play-phase questions chooses as the one that played it.
    game = new_game(Config(players=4), 5)
    mine = SearchAgent(game, 5, 0, 2)
    others = [HeuristicAgent(game, 5, s) for s in range(4)]
    compared = 0
    while not game.over and compared < 6:
        request = game.pending
        assert request is not None
        if request.seat == 0:
            choice = mine.choose(request)
            if request.kind == "play" and request.count() > 1:
                twin = game.clone()
                assert twin.pending is not None
                assert SearchAgent(twin, 5, 0, 2).choose(twin.pending) == choice
                compared += 1
        else:
            choice = others[request.seat].choose(request)
        game.submit(choice)
    assert compared >= 3


def test_its_replay_validates(tmp_path: Path) -> None:
    path = tmp_path / "search.mp"
    config = Config(players=4, generals="random")
    agents = ["ismcts", "heuristic", "heuristic", "heuristic"]
    assert "ismcts" in SPEC.agent_kinds()
    record_game(config, 7, str(path), agents=agents)
    assert validate_file(path).valid


def test_its_budget_is_set_by_name(tmp_path: Path) -> None:
    # ``ismcts:N``: the search with N worlds a decision, on the command line as in the library;
    # the replay's header names the agent so, and the replay validates.
    game = new_game(Config(players=4), 9)
    agents = SPEC.make_agents(game, 9, ["ismcts:3", "ismcts", "heuristic", "heuristic"])
    assert isinstance(agents[0], SearchAgent) and agents[0].budget == 3
    assert isinstance(agents[1], SearchAgent) and agents[1].budget == DEFAULT_BUDGET
    assert agent_factory(SPEC, "ismcts:5")(game, 9, 2).budget == 5  # sgs ladder's agents too
    path = tmp_path / "budget.mp"
    record_game(Config(players=4, generals="random"), 9, str(path),
                agents=["ismcts:2", "heuristic", "heuristic", "heuristic"])
    assert read_replay(path).header.agents == ["ismcts:2", "heuristic", "heuristic", "heuristic"]
    assert validate_file(path).valid


def test_a_budget_out_of_range_is_refused_with_its_reason() -> None:
    game = new_game(Config(players=4), 9)
    for name in ("ismcts:0", "ismcts:007", "ismcts:+3", "ismcts:x", f"ismcts:{MAX_BUDGET + 1}",
                 "ismcts:", "ismcts:٣"):
        with pytest.raises(ConfigError, match="whole number from 1 to 4096"):
            SPEC.make_agents(game, 9, name)
    with pytest.raises(ConfigError, match="no agent 'heuristic:3'"):
        SPEC.make_agents(game, 9, "heuristic:3")


def test_it_leaves_the_heuristic_choice_only_when_clearly_better() -> None:
    # docs/training.md "Search": a candidate replaces the heuristic agent's choice (index 0) only
    # when its gain over the worlds is two standard errors or more of the world-by-world
    # differences. 16 worlds, half points: a gain of 6 from differences of +2 in five worlds and
    # -2 in two (sum of squares 28) is 6/sqrt(28) = 1.1 standard errors: not enough; the same
    # gain from three worlds of +2 and none lost (12) is 1.7: not enough; from six worlds of +1
    # (6) it is 2.4: taken. Of two clearly better candidates, the one that gained more.
    assert _pick([0, 6], [0, 28]) == 0
    assert _pick([0, 6], [0, 12]) == 0
    assert _pick([0, 6], [0, 6]) == 1
    assert _pick([0, 6, 8], [0, 6, 8]) == 2
    assert _pick([0, -6], [0, 6]) == 0


def _table(setup: dict[int, tuple[int, int]] | None = None, dead: tuple[int, ...] = ()) -> Game:
    """Five beginners' seats (lord, loyalist, rebel, renegade, rebel), 4 HP and two slashes
    each; ``setup`` gives a seat (HP, cards in hand), ``dead`` the seats dead."""
    s = Scenario(players=5)
    for seat in range(5):
        if seat in dead:
            s.seat(seat).dead()
            continue
        hp, cards = (setup or {}).get(seat, (4, 2))
        s.seat(seat).hp(hp, 4).hand(*["slash"] * cards)
    return s.start(seat=0, phase="play").game


def test_the_evaluation_reads_the_table_for_each_side() -> None:
    # docs/training.md "Search": a truncated playout is scored by the chance that the seat's
    # side wins, in thousandths, as the heuristic agents' games read the living players' HP,
    # cards and count by role. A rebel hurt is good for the lord's side and bad for the rebels;
    # the lord at 1 HP the reverse; a rebel dead good for the lord (about as good as that rebel at 1
    # HP, as the heuristic agents' games have it: one so weak dies soon); the two rebels read
    # the same, and so do the lord and the loyalist.
    even = _table()
    lord, rebel = evaluate(even, 0), evaluate(even, 2)
    assert 0 < rebel < 500 < lord < 1000
    assert evaluate(even, 1) == lord and evaluate(even, 4) == rebel
    hurt = _table({2: (1, 2)})
    assert evaluate(hurt, 0) > lord and evaluate(hurt, 2) < rebel
    assert evaluate(_table(dead=(2,)), 0) > evaluate(_table({2: (2, 2)}), 0)
    weak_lord = _table({0: (1, 2)})
    assert evaluate(weak_lord, 0) < lord and evaluate(weak_lord, 2) > rebel
    # cards in hand count for their holder's side
    assert evaluate(_table({2: (4, 0)}), 0) > lord > evaluate(_table({0: (4, 0)}), 0)


def test_the_logistic_is_integer_and_symmetric() -> None:
    assert _logistic(0) == 500 and _logistic(8) == LOGISTIC[1]
    assert _logistic(4) == (LOGISTIC[0] + LOGISTIC[1]) // 2
    assert _logistic(10**6) == 1000 and _logistic(-10**6) == 0
    values = [_logistic(x) for x in range(-600, 601)]
    assert values == sorted(values)
    assert all(_logistic(-x) == 1000 - _logistic(x) for x in range(600))


def test_3v3_plays_out_to_the_end() -> None:
    # The evaluation knows identity mode's roles only: 3v3's camps are played out in full.
    assert _evaluable(_table())
    assert not _evaluable(Scenario(players=6, mode="3v3").start().game)


def test_full_playouts_still_decide_deterministically() -> None:
    # horizon=0 plays every playout to the game's end (the search before truncated playouts).
    game = new_game(Config(players=4), 11)
    agents = [HeuristicAgent(game, 11, s) for s in range(4)]
    searched = 0
    while not game.over and searched < 2:
        request = game.pending
        assert request is not None
        if request.seat == 0 and request.kind == "play" and request.count() > 1:
            twin = game.clone()
            assert twin.pending is not None
            choice = SearchAgent(game, 11, 0, 2, horizon=0).choose(request)
            assert SearchAgent(twin, 11, 0, 2, horizon=0).choose(twin.pending) == choice
            assert request.is_legal(choice)
            searched += 1
        else:
            choice = agents[request.seat].choose(request)
        game.submit(choice)
    assert searched == 2
