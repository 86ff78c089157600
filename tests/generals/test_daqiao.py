"""大乔: 国色 and 流离 (003 "人物技能详解"; docs/rules.md "大乔 daqiao")."""

from __future__ import annotations

import pytest

from sgscore.core.protocol import IllegalChoice
from sgscore.sanguosha.cards import OFFENSE_HORSE
from sgscore.testing import Scenario
from sgscore.testing import check_conservation as assert_conserved


def test_guose_a_diamond_hand_card_as_indulgence() -> None:
    # 003 国色: "可将任意方块花色的牌横放在目标玩家面前，当作乐不思蜀使用。这张牌发挥与乐不思蜀同样的效果"
    s = Scenario(players=4, generals=[None, "daqiao", None, None])
    s.seat(1).hand("jink D2")
    s.top("slash S7")
    t = s.start(seat=1, phase="play")
    card = t.card(1, "jink D2")
    t.skill("guose", (card,), (2,))
    assert ("place_delayed", 1, 2, card, "indulgence") in t.events("place_delayed")
    # seat 2's judgement: ♠7 is not ♥, so seat 2 skips its play phase
    assert ("phase_skipped", 2, "play") in t.events("phase_skipped")
    assert_conserved(t.game)


def test_guose_an_equipped_diamond_card() -> None:
    # 003 国色: "任意方块花色的牌" — equipped cards too.
    s = Scenario(players=4, generals=[None, "daqiao", None, None])
    s.seat(1).hand("peach H3").equip("zixing DK")
    t = s.start(seat=1, phase="play")
    horse = t.card(1, "zixing DK")
    assert ("guose", (t.card(1, "peach H3"),), (2,)) not in t.choices()  # ♥ is not ♦
    t.skill("guose", (horse,), (3,))
    assert t.p(1).equip[OFFENSE_HORSE] == -1
    assert t.p(3).judge == [(horse, "indulgence")]


def test_guose_follows_indulgence_targeting() -> None:
    # 乐不思蜀 (docs/rules.md "Cards"): any other player except the lord, and not twice on one
    # player.
    s = Scenario(players=4, generals=[None, "daqiao", None, None])
    s.seat(1).hand("jink D2", "jink D3")
    s.seat(3).judge("indulgence S6")
    t = s.start(seat=1, phase="play")
    targets = {c[2] for c in t.choices() if c is not None and c[0] == "guose"}
    assert targets == {(2,)}
    with pytest.raises(IllegalChoice):
        t.skill("guose", (t.card(1, "jink D2"),), (0,))


def test_liuli_moves_the_slash_to_a_player_in_her_range() -> None:
    # 003 流离: "受到杀的攻击时...可弃一张牌，将这张杀的攻击对象转移给自己攻击范围内的一名玩家"
    s = Scenario(players=4, generals=[None, "daqiao", None, None])
    s.seat(0).hand("slash")
    s.seat(1).hand("peach")
    s.seat(2).hand("jink")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "slash"), 1)
    t.answer(1, "invoke", True)  # the only choice (peach, seat 2) is taken by the engine
    assert ("slash_moved", 1, 2) in t.events("slash_moved")
    t.answer(2, "respond", None)
    assert t.hp(1) == 3 and t.hp(2) == 3
    assert t.card(1, "peach") in t.game.discard_pile
    assert_conserved(t.game)


def test_liuli_never_to_the_user_and_range_after_the_discard() -> None:
    # 003 流离: "（这名玩家不得是攻击者本身）"; a discarded weapon no longer gives her its range.
    s = Scenario(players=4, generals=[None, "daqiao", None, None])
    s.seat(0).hand("slash")
    s.seat(1).hand("jink").equip("qinggang_sword")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "slash"), 1)
    t.answer(1, "invoke", True)
    jink, sword = t.card(1, "jink"), t.card(1, "qinggang_sword")
    assert sorted(t.expect(1, "liuli").choices()) == sorted([(jink, 2), (jink, 3), (sword, 2)])
    t.answer(1, "liuli", (jink, 3))
    assert t.hp(3) == 3 and t.hp(1) == 3


def test_liuli_may_be_declined() -> None:
    s = Scenario(players=4, generals=[None, "daqiao", None, None])
    s.seat(0).hand("slash")
    s.seat(1).hand("jink")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "slash"), 1)
    t.answer(1, "invoke", False)
    t.answer(1, "respond", t.card(1, "jink"))
    assert t.hp(1) == 3


def test_liuli_not_in_a_duel() -> None:
    # 流离 (docs/rules.md "大乔 daqiao"): against 杀 only (not in a duel) — 003: "（不包括决斗时）"
    s = Scenario(players=4, generals=[None, "daqiao", None, None])
    s.seat(0).hand("duel")
    s.seat(1).hand("slash", "jink")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "duel"), 1)
    t.answer(1, "respond", t.card(1, "slash"))  # strict: no 流离 question first
    assert not t.events("slash_moved")


def test_liuli_cannot_move_the_slash_to_an_empty_handed_zhugeliang() -> None:
    # 空城 (docs/rules.md "诸葛亮 zhugeliang"): he cannot be chosen as the target of 杀 — 流离
    # chooses a new target.
    s = Scenario(players=4, generals=[None, "daqiao", "zhugeliang", None])
    s.seat(0).hand("slash")
    s.seat(1).hand("jink")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "slash"), 1)
    t.expect(1, "respond")  # seat 2 was her only player in range: nothing to move the 杀 to


def test_liuli_moved_slash_keeps_its_users_wushuang() -> None:
    # The moved 杀 is still 吕布's: its new target needs two 闪.
    s = Scenario(players=4, generals=["lvbu", "daqiao", None, None])
    s.seat(0).hand("slash")
    s.seat(1).hand("peach")
    s.seat(2).hand("jink")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "slash"), 1)
    t.answer(1, "invoke", True)
    t.answer(2, "respond", t.card(2, "jink"))
    assert t.hp(2) == 3  # one 闪 was not enough


def test_liuli_not_to_another_target_of_the_same_slash() -> None:
    # 流离 (docs/rules.md "大乔 daqiao"): a player the 杀 already targets (方天画戟) cannot receive
    # it.
    s = Scenario(players=5, generals=[None, "daqiao", None, None, None])
    s.seat(0).hand("slash").equip("halberd")
    s.seat(1).hand("peach").equip("qinggang_sword")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "slash"), 1, 2)
    t.answer(1, "invoke", True)
    peach = t.card(1, "peach")
    assert sorted(t.expect(1, "liuli").choices()) == [(peach, 3), (peach, 4)]


def test_liuli_cannot_move_a_crossbow_users_second_slash_onto_sunshangxiang() -> None:
    # 乾坤 (docs/rules.md "孙尚香 sunshangxiang"): a 杀 the attacker could not have aimed at her
    # because of this (the second 杀 of a 诸葛连弩 user) cannot be moved onto her by 流离 either
    # (`sgs sim -p 6 -s 3025`, decisions 16-18, moved it onto her).
    s = Scenario(players=4, generals=[None, "daqiao", "sunshangxiang", None])
    s.seat(0).hand("slash", "slash").equip("crossbow")
    s.seat(1).hand("jink", "peach").equip("qinggang_sword")  # range 2: seats 2 and 3
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "slash", 0), 3)  # seat 3 holds nothing to answer with: hit
    t.play(t.card(0, "slash", 1), 1)  # the second: 诸葛连弩 does nothing against 孙尚香
    t.answer(1, "invoke", True)
    assert {seat for _, seat in t.expect(1, "liuli").choices()} == {3}


def test_liuli_may_move_a_first_slash_onto_sunshangxiang() -> None:
    # The first 杀 needs no 诸葛连弩: it could have been aimed at her, so 流离 may move it there.
    s = Scenario(players=4, generals=[None, "daqiao", "sunshangxiang", None])
    s.seat(0).hand("slash").equip("crossbow")
    s.seat(1).hand("jink", "peach").equip("qinggang_sword")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "slash"), 1)
    t.answer(1, "invoke", True)
    assert {seat for _, seat in t.expect(1, "liuli").choices()} == {2, 3}
