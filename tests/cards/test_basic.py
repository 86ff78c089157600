"""杀, 闪, 桃 (003 "游戏牌详解"; docs/rules.md "Cards")."""

from __future__ import annotations

import pytest

from sgscore.core.protocol import IllegalChoice
from sgscore.testing import Scenario
from sgscore.testing import check_conservation as assert_conserved


def test_slash_hits_when_the_target_has_no_jink() -> None:
    # 003 杀: "若攻击成功，被攻击的玩家减1点体力"
    s = Scenario(players=4)
    s.seat(0).hand("slash")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "slash"), 1)
    assert t.hp(1) == 3
    assert ("damage", 0, 1, 1, 3, "slash") in t.events("damage")
    assert_conserved(t.game)


def test_jink_dodges_a_slash() -> None:
    # 003 闪: "闪避一次杀的攻击"
    s = Scenario(players=4)
    s.seat(0).hand("slash")
    s.seat(1).hand("jink")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "slash"), 1)
    t.answer(1, "respond", t.card(1, "jink"))
    assert t.hp(1) == 4
    assert t.events("dodged") == [("dodged", 1, 0)]


def test_declining_to_play_jink_takes_the_damage() -> None:
    s = Scenario(players=4)
    s.seat(0).hand("slash")
    s.seat(1).hand("jink")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "slash"), 1)
    t.answer(1, "respond", None)
    assert t.hp(1) == 3


def test_only_one_slash_per_play_phase() -> None:
    # 003: "一名玩家一回合只能用杀攻击一次"
    s = Scenario(players=4)
    s.seat(0).hand("slash", "slash")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "slash", 0), 1)
    with pytest.raises(IllegalChoice):
        t.game.submit((t.card(0, "slash", 1), 1))


def test_slash_needs_the_target_in_attack_range() -> None:
    # 003: without a weapon the attack range is 1; seat 2 of 4 is at distance 2.
    s = Scenario(players=4)
    s.seat(0).hand("slash")
    t = s.start(seat=0, phase="play")
    before = len(t.game.events)
    with pytest.raises(IllegalChoice) as err:
        t.game.submit((t.card(0, "slash"), 2))
    assert err.value.code == "bad_targets"
    assert len(t.game.events) == before  # the game is left untouched


def test_peach_heals_only_when_wounded() -> None:
    # 003 桃: "为自己加一点体力。任何时候体力值不得超过体力上限"
    s = Scenario(players=4)
    s.seat(0).hand("peach")
    t = s.start(seat=0, phase="play")
    assert (t.card(0, "peach"),) not in t.choices()
    s2 = Scenario(players=4)
    s2.seat(0).hand("peach").hp(2)
    t2 = s2.start(seat=0, phase="play")
    t2.play(t2.card(0, "peach"))
    assert t2.hp(0) == 3


def test_jink_cannot_be_used_in_the_play_phase() -> None:
    # docs/rules.md "Cards": 闪 is only ever played in response.
    s = Scenario(players=4)
    s.seat(0).hand("jink", "slash")
    t = s.start(seat=0, phase="play")
    assert all(c is None or c[0] != t.card(0, "jink") for c in t.choices())


def test_peach_saves_a_dying_player_outside_their_turn() -> None:
    # 003 桃: "桃也可以在任何角色任何时候需要扣减最后一点体力时，对该玩家使用" — a peach is used on
    # the dying player by anyone, in anyone's turn.
    s = Scenario(players=4)
    s.seat(0).hand("slash", "dilu")
    s.seat(1).hp(1)
    s.seat(2).hand("peach")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "slash"), 1)
    req = t.expect(2, "respond")
    assert req.prompt == ("peach", 1)
    t.answer(2, "respond", t.card(2, "peach"))
    assert t.hp(1) == 1 and t.p(1).alive


def test_a_peach_heals_one_and_cannot_be_used_on_another_player_in_play() -> None:
    s = Scenario(players=4)
    s.seat(0).hand("peach").hp(2)
    s.seat(1).hp(1)
    t = s.start(seat=0, phase="play")
    assert [c for c in t.choices() if c is not None] == [(t.card(0, "peach"),)]
