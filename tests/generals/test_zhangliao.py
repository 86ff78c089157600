"""张辽: 突袭 (003 "人物技能详解"; docs/rules.md "张辽 zhangliao")."""

from __future__ import annotations

import pytest

from sgscore.core.protocol import IllegalChoice
from sgscore.testing import Scenario
from sgscore.testing import check_conservation as assert_conserved


def test_tuxi_takes_a_random_hand_card_from_each_of_two_players_instead_of_drawing() -> None:
    # 003 突袭: "摸牌阶段，可选择不摸牌，而是从一到两名玩家手里各随机抽取一张手牌加入自己手牌"
    s = Scenario(players=4, generals=["zhangliao", None, None, None])
    s.seat(1).hand("slash", "jink")
    s.seat(2).hand("peach", "duel")
    s.seat(3).hand("jink")
    s.top("slash D6", "slash D7")
    t = s.start(seat=0, phase="draw").mark()
    t.answer(0, "invoke", True)
    t.answer(0, "tuxi", (1, 2))
    gains = t.events("gain")
    assert [(e[1], e[2], e[3]) for e in gains] == [(0, 1, 1), (0, 2, 1)]
    from_1, from_2 = gains[0][4][0], gains[1][4][0]
    assert from_1 in (t.card(1, "slash"), t.card(1, "jink"))
    assert from_2 in (t.card(2, "peach"), t.card(2, "duel"))
    assert sorted(t.hand(0)) == sorted([from_1, from_2])
    assert len(t.hand(1)) == 1 and len(t.hand(2)) == 1 and len(t.hand(3)) == 1
    assert not [e for e in t.events("draw") if e[1] == 0]  # "不摸牌": nothing drawn
    assert t.game.draw_pile[-2:] == [t.card(-1, "slash D7"), t.card(-1, "slash D6")]
    assert_conserved(t.game)


def test_tuxi_the_cards_taken_are_seen_only_by_him_and_their_owner() -> None:
    # 突袭 (docs/rules.md "张辽 zhangliao"), as 反馈: a hand card taken "at random" — hand cards are
    # hidden.
    s = Scenario(players=4, generals=["zhangliao", None, None, None])
    s.seat(1).hand("slash")
    s.seat(2).hand("peach")
    t = s.start(seat=0, phase="draw")
    t.answer(0, "invoke", True)
    t.answer(0, "tuxi", (1,))
    assert t.hand(0) == [t.card(1, "slash")]
    assert ("gain", 0, 1, 1) in t.game.view(3)["events"]
    assert ("gain", 0, 1, 1, (t.card(1, "slash"),)) in t.game.view(1)["events"]


def test_tuxi_from_one_player_gives_one_card() -> None:
    # 003 突袭: "从一到两名玩家手里各随机抽取一张手牌": one card from each player chosen, never two.
    s = Scenario(players=4, generals=["zhangliao", None, None, None])
    s.seat(1).hand("slash", "jink", "peach")
    s.seat(3).hand("jink")
    t = s.start(seat=0, phase="draw")
    t.answer(0, "invoke", True)
    assert sorted(t.choices()) == [(1,), (1, 3), (3,)]
    with pytest.raises(IllegalChoice):
        t.answer(0, "tuxi", (1, 1))
    t.answer(0, "tuxi", (1,))
    assert len(t.hand(0)) == 1 and len(t.hand(1)) == 2
    assert_conserved(t.game)


def test_tuxi_with_one_other_player_left_takes_one_card_in_all() -> None:
    # 003 突袭: "若只剩一名其他玩家时，则只能从一名玩家手里抽走一张，总共只能获得一张手牌"
    s = Scenario(players=4, generals=["zhangliao", None, None, None],
                 roles=["lord", "loyalist", "rebel", "renegade"])
    s.seat(1).dead()
    s.seat(3).dead()
    s.seat(2).hand("slash", "jink")
    t = s.start(seat=0, phase="draw")
    t.answer(0, "invoke", True)  # the only choice, (2,), is taken by the engine
    assert len(t.hand(0)) == 1 and len(t.hand(2)) == 1
    t.expect(0, "play")
    assert_conserved(t.game)


def test_tuxi_only_players_holding_hand_cards_can_be_chosen() -> None:
    # Ruling (docstring of Tuxi): a player without a hand card has nothing to take; equipment
    # is not a hand card ("手牌").
    s = Scenario(players=4, generals=["zhangliao", None, None, None])
    s.seat(1).equip("eight_diagram")
    s.seat(2).hand("slash")
    s.seat(3).hand("jink")
    t = s.start(seat=0, phase="draw")
    t.answer(0, "invoke", True)
    assert sorted(t.choices()) == [(2,), (2, 3), (3,)]


def test_tuxi_is_not_offered_when_nobody_else_has_a_hand_card() -> None:
    s = Scenario(players=4, generals=["zhangliao", None, None, None])
    s.seat(1).equip("eight_diagram")
    s.top("slash D6", "slash D7")
    t = s.start(seat=0, phase="draw")
    t.expect(0, "play")  # no 突袭 question: he drew as usual
    assert sorted(t.hand(0)) == sorted([t.card(-1, "slash D6"), t.card(-1, "slash D7")])


def test_tuxi_declined_he_draws_two() -> None:
    s = Scenario(players=4, generals=["zhangliao", None, None, None])
    s.seat(1).hand("jink")
    s.top("slash D6", "slash D7")
    t = s.start(seat=0, phase="draw")
    t.answer(0, "invoke", False)
    assert sorted(t.hand(0)) == sorted([t.card(-1, "slash D6"), t.card(-1, "slash D7")])
    assert t.hand(1) == [t.card(1, "jink")]


def test_tuxi_only_in_his_own_draw_phase() -> None:
    # 003 突袭: "摸牌阶段" — his own: another player's draw phase asks him nothing.
    s = Scenario(players=4, generals=["zhangliao", None, None, None])
    s.seat(2).hand("jink")
    s.top("slash D6", "slash D7")
    t = s.start(seat=1, phase="draw")
    t.expect(1, "play")
    assert len(t.hand(1)) == 2 and t.hand(2) == [t.card(2, "jink")]


def test_tuxi_is_the_same_for_the_same_seed() -> None:
    # 突袭 (docs/rules.md "张辽 zhangliao"), as 反馈: "at random" is the game RNG, so a seed always
    # takes the same cards.
    taken = []
    for _ in range(2):
        s = Scenario(players=4, generals=["zhangliao", None, None, None], seed=11)
        s.seat(1).hand("slash", "jink", "peach", "duel")
        s.seat(2).hand("slash", "jink", "peach", "duel")
        t = s.start(seat=0, phase="draw")
        t.answer(0, "invoke", True)
        t.answer(0, "tuxi", (1, 2))
        taken.append(t.hand(0))
    assert taken[0] == taken[1] and len(taken[0]) == 2


def test_tuxi_reaches_luxun_whose_lianying_then_draws() -> None:
    # 谦逊 stops 顺手牵羊 and 乐不思蜀 only ("不受顺手牵羊和乐不思蜀的影响"): 突袭 is a skill. 003 连营:
    # "只要自己手里没牌了就能从牌堆里摸一张" — taking his last card makes him draw one.
    s = Scenario(players=4, generals=["zhangliao", "luxun", None, None])
    s.seat(1).hand("jink")
    s.seat(2).hand("slash")
    s.top("peach H3")
    t = s.start(seat=0, phase="draw")
    t.answer(0, "invoke", True)
    t.answer(0, "tuxi", (1, 2))
    assert sorted(t.hand(0)) == sorted([t.card(1, "jink"), t.card(2, "slash")])
    assert t.hand(1) == [t.card(-1, "peach H3")]
    assert_conserved(t.game)


def test_tuxi_against_an_empty_handed_zhugeliang_takes_nothing_from_him() -> None:
    # 诸葛亮 with no hand cards has nothing to take; he is not offered.
    s = Scenario(players=4, generals=["zhangliao", "zhugeliang", None, None])
    s.seat(2).hand("slash")
    t = s.start(seat=0, phase="draw")
    t.answer(0, "invoke", True)  # only (2,): taken by the engine
    assert t.hand(0) == [t.card(2, "slash")]


def test_tuxi_takes_in_turn_order_from_him() -> None:
    # The seats are named in ascending order; the cards are taken in turn order from 张辽 (seat 2:
    # seat 3 first, then seat 0), so 连营 draws for 陆逊 between the two.
    s = Scenario(players=4, generals=["luxun", None, "zhangliao", None])
    s.seat(0).hand("jink")
    s.seat(3).hand("slash")
    s.top("peach H3")
    t = s.start(seat=2, phase="draw").mark()
    t.answer(2, "invoke", True)
    assert sorted(t.choices()) == [(0,), (0, 3), (3,)]
    t.answer(2, "tuxi", (0, 3))
    assert [e[1:4] for e in t.events("gain")] == [(2, 3, 1), (2, 0, 1)]
    assert t.hand(0) == [t.card(-1, "peach H3")]
    assert sorted(t.hand(2)) == sorted([t.card(0, "jink"), t.card(3, "slash")])
