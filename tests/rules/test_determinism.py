"""A game is reproducible from its seed and decisions; an illegal choice changes nothing
(docs/rules.md "Determinism and decisions": randomness only from the game RNG)."""

from __future__ import annotations

import pytest

from sgscore.agents import RandomAgent
from sgscore.core.protocol import GameFinished, IllegalChoice
from sgscore.sanguosha import Config, Game
from sgscore.testing import Scenario


def _run(seed: int, n: int = 5) -> Game:
    g = Game(Config(players=n, generals=None, max_rounds=6), seed)
    agents = [RandomAgent(seed, i) for i in range(n)]
    while g.pending is not None:
        g.submit(agents[g.pending.seat].choose(g.pending))
    return g


def test_same_seed_same_game() -> None:
    a, b = _run(21), _run(21)
    assert a.events == b.events and a.state_hash() == b.state_hash()
    assert a.result == b.result
    c = _run(22)
    assert c.events != a.events


def test_the_same_decisions_replayed_give_the_same_game() -> None:
    g = _run(8, 6)
    decisions: list[object] = []
    g2 = Game(Config(players=6, generals=None, max_rounds=6), 8)
    agents = [RandomAgent(8, i) for i in range(6)]
    while g2.pending is not None:
        ch = agents[g2.pending.seat].choose(g2.pending)
        decisions.append(ch)
        g2.submit(ch)
    g3 = Game(Config(players=6, generals=None, max_rounds=6), 8)
    for ch in decisions:
        g3.submit(ch)
    assert g3.events == g.events and g3.state_hash() == g.state_hash()
    assert g3.decisions == len(decisions)  # forced decisions are not counted


@pytest.mark.parametrize(
    ("choice", "code"),
    [((999, 1), "card_unusable"), (("nosuchskill", (), ()), "skill_unavailable"),
     ("slash", "bad_shape"), ((), "bad_shape"), ((True, 1), "bad_shape")],
)
def test_an_illegal_play_raises_with_a_stable_code_and_changes_nothing(
    choice: object, code: str,
) -> None:
    s = Scenario(players=4)
    s.seat(0).hand("slash", "dilu")
    t = s.start(seat=0, phase="play")
    g = t.game
    before, n_events = g.state_hash(), len(g.events)
    with pytest.raises(IllegalChoice) as err:
        g.submit(choice)
    assert err.value.code == code
    assert g.state_hash() == before and len(g.events) == n_events


def test_an_illegal_target_and_an_illegal_response() -> None:
    s = Scenario(players=4)
    s.seat(0).hand("slash", "dilu")
    s.seat(1).hand("jink", "peach")
    t = s.start(seat=0, phase="play")
    g = t.game
    before = (g.state_hash(), len(g.events))
    with pytest.raises(IllegalChoice) as err:
        g.submit((t.card(0, "slash"), 2))  # out of range
    assert err.value.code == "bad_targets" and (g.state_hash(), len(g.events)) == before
    t.play(t.card(0, "slash"), 1)
    before = (g.state_hash(), len(g.events))
    with pytest.raises(IllegalChoice) as err:
        g.submit(t.card(1, "peach"))  # a 桃 is no 闪
    assert err.value.code == "not_an_option" and (g.state_hash(), len(g.events)) == before
    with pytest.raises(IllegalChoice) as err:
        g.submit(True)  # True is not card 1
    assert err.value.code == "not_an_option"


def test_an_illegal_discard() -> None:
    s = Scenario(players=4)
    s.seat(0).hand("slash", "jink", "peach").hp(1)
    t = s.start(seat=0, phase="discard")
    g = t.game
    before = (g.state_hash(), len(g.events))
    slash, jink = t.card(0, "slash"), t.card(0, "jink")
    for choice, code in (((slash,), "wrong_count"), ((max(slash, jink), min(slash, jink)),
                         "not_sorted"), ((0, 1), "not_in_pool"), ((slash, "jink"), "bad_shape"),
                         ([slash, str(jink)], "bad_shape")):  # a list is the JSON form: still checked
        with pytest.raises(IllegalChoice) as err:
            g.submit(choice)
        assert err.value.code == code
        assert (g.state_hash(), len(g.events)) == before


def test_submitting_to_a_finished_game() -> None:
    g = _run(3, 4)
    with pytest.raises(GameFinished):
        g.submit(None)
