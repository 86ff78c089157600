"""貂蝉: 闭月 and 离间 (003 "人物技能详解"; docs/rules.md "貂蝉 diaochan")."""

from __future__ import annotations

import pytest

from sgscore.core.protocol import IllegalChoice
from sgscore.testing import Scenario, Table
from sgscore.testing import check_conservation as assert_conserved


def _lijian_pairs(t: Table) -> set[tuple[int, ...]]:
    """The (first, second) pairs the play request offers for 离间."""
    return {c[2] for c in t.choices() if isinstance(c, tuple) and c[0] == "lijian"}


def test_biyue_she_draws_a_card_after_her_discard_phase() -> None:
    # 003 闭月: "弃牌阶段结束后摸一张牌加入手牌。" After the discard, so the card drawn is kept.
    s = Scenario(players=4, generals=["diaochan", None, None, None])
    s.seat(0).hand("slash", "jink", "peach", "duel", "snatch")
    s.top("dilu")
    t = s.start(seat=0, phase="discard")
    t.answer(0, "discard_phase", (t.card(0, "slash"), t.card(0, "jink")))
    assert ("skill", 0, "biyue") in t.events("skill")
    assert len(t.hand(0)) == 4 and t.card(-1, "dilu") in t.hand(0)
    assert_conserved(t.game)


def test_biyue_also_when_she_discards_nothing() -> None:
    # "弃牌阶段结束后": the discard phase ends whether or not she had to discard.
    s = Scenario(players=4, generals=["diaochan", None, None, None])
    s.top("dilu")
    t = s.start(seat=0, phase="discard")
    t.expect(1, "play")  # no question: it is compulsory
    assert t.hand(0) == [t.card(-1, "dilu")]


def test_biyue_only_after_her_own_discard_phase() -> None:
    s = Scenario(players=4, generals=[None, "diaochan", None, None])
    s.seat(1).hand("dilu")  # keeps her play phase open
    t = s.start(seat=0, phase="discard")
    t.expect(1, "play")  # seat 0's discard phase ended, and her turn came: nothing for her
    assert not [e for e in t.events("skill") if e[2] == "biyue"]
    assert len(t.hand(1)) == 3


def test_lijian_two_male_generals_duel_and_she_chooses_who_plays_first() -> None:
    # 003 离间: "出牌阶段可弃一张牌，然后指定两名男性角色进行决斗（即执行决斗这张锦囊牌的效用），并
    # 由貂蝉决定出杀的先后"; docs/rules.md "貂蝉 diaochan": two male generals duel, 貂蝉 chooses who
    # plays 杀 first.
    s = Scenario(players=4, generals=["diaochan", None, None, None])
    s.seat(0).hand("jink", "dilu")
    s.seat(1).hand("slash C2")
    s.seat(2).hand("slash C3")
    t = s.start(seat=0, phase="play")
    jink = t.card(0, "jink")
    t.skill("lijian", (jink,), (2, 1))  # seat 2 plays 杀 first
    assert jink in t.game.discard_pile
    assert ("lijian_duel", 0, 2, 1) in t.events("lijian_duel")
    req = t.expect(2, "respond")
    assert req.prompt == ("slash", "duel", 1)
    t.answer(2, "respond", t.card(2, "slash C3"))
    t.answer(1, "respond", t.card(1, "slash C2"))
    # seat 2 has no 杀 left: it loses, and takes 1 damage from seat 1, the other duellist
    assert ("duel_lost", 2) in t.events("duel_lost")
    assert ("damage", 1, 2, 1, 3, "") in t.events("damage")
    assert t.hp(0) == 3 and t.hp(1) == 4
    assert_conserved(t.game)


def test_lijian_the_first_chosen_is_asked_first() -> None:
    s = Scenario(players=4, generals=["diaochan", None, None, None])
    s.seat(0).hand("jink", "dilu")
    s.seat(1).hand("slash C2")
    s.seat(2).hand("slash C3")
    t = s.start(seat=0, phase="play")
    t.skill("lijian", (t.card(0, "jink"),), (1, 2))
    t.expect(1, "respond")


def test_lijian_cannot_be_nullified() -> None:
    # Ruling (docstring of Lijian): no 决斗 card is used, so 无懈可击 ("取消一张锦囊牌对某一位玩家的作用")
    # has nothing to cancel: nobody is asked for one.
    s = Scenario(players=4, generals=["diaochan", None, None, None])
    s.seat(0).hand("jink", "nullification", "dilu")
    s.seat(3).hand("nullification")
    s.seat(1).hand("slash C2")
    t = s.start(seat=0, phase="play")
    t.skill("lijian", (t.card(0, "jink"),), (1, 3))
    t.answer(1, "respond", t.card(1, "slash C2"))  # straight to the duel: no 无懈可击 window
    assert t.hp(3) == 3
    assert not t.events("nullified")


def test_lijian_once_per_turn() -> None:
    # 003 离间: "一回合只能使用一次。"
    s = Scenario(players=4, generals=["diaochan", None, None, None])
    s.seat(0).hand("jink", "peach", "dilu")
    t = s.start(seat=0, phase="play")
    assert _lijian_pairs(t) == {(1, 2), (2, 1), (1, 3), (3, 1), (2, 3), (3, 2)}
    t.skill("lijian", (t.card(0, "jink"),), (1, 2))
    assert t.hp(1) == 3
    assert _lijian_pairs(t) == set()
    with pytest.raises(IllegalChoice):
        t.skill("lijian", (t.card(0, "peach"),), (1, 3))


def test_lijian_only_male_generals_and_not_herself() -> None:
    # 003 离间: "两名男性角色...（角色性别跟玩家性别无关）": the general's sex counts.
    s = Scenario(players=5, generals=["diaochan", "daqiao", "zhugeliang", "huangyueying", None])
    s.seat(0).hand("jink")
    s.seat(2).hand("jink")
    t = s.start(seat=0, phase="play")
    assert _lijian_pairs(t) == {(2, 4), (4, 2)}


def test_lijian_needs_two_male_generals() -> None:
    s = Scenario(players=4, generals=["diaochan", "daqiao", "sunshangxiang", None])
    s.seat(0).hand("jink", "dilu")
    t = s.start(seat=0, phase="play")
    t.expect(0, "play")
    assert _lijian_pairs(t) == set()


def test_lijian_an_equipped_card_may_be_discarded() -> None:
    # 003 离间: "可弃一张牌" — hand or equipped, as for 流离.
    s = Scenario(players=4, generals=["diaochan", None, None, None])
    s.seat(0).equip("qinggang_sword")
    t = s.start(seat=0, phase="play")
    sword = t.card(0, "qinggang_sword")
    t.skill("lijian", (sword,), (1, 2))
    assert t.p(0).equip[0] == -1 and sword in t.game.discard_pile
    assert t.hp(1) == 3


def test_lijian_not_an_empty_handed_zhugeliang() -> None:
    # 空城 (docs/rules.md "诸葛亮 zhugeliang"): with no hand cards he cannot be chosen as the target
    # of 决斗 — nor for 离间's duel (docstring of Lijian), in either place.
    s = Scenario(players=4, generals=["diaochan", "zhugeliang", None, None])
    s.seat(0).hand("jink")
    t = s.start(seat=0, phase="play")
    assert _lijian_pairs(t) == {(2, 3), (3, 2)}


def test_lijian_fankui_takes_from_the_other_duellist_not_from_her() -> None:
    # Ruling: the damage's source is the other duellist (they "进行决斗" with each other).
    s = Scenario(players=4, generals=["diaochan", "simayi", None, None])
    s.seat(0).hand("jink", "peach", "dilu")
    s.seat(2).hand("slash C2", "duel")
    t = s.start(seat=0, phase="play")
    t.skill("lijian", (t.card(0, "jink"),), (1, 2))
    assert t.hp(1) == 2
    assert t.events("gain")[0][1:4] == (1, 2, 1)
    assert len(t.hand(0)) == 2 and len(t.hand(2)) == 1


def test_lijian_jianxiong_gains_nothing() -> None:
    # 003 奸雄 gains the damaging card(s), "但不包括决斗中双方出的杀牌": 离间 uses no card.
    s = Scenario(players=4, generals=["diaochan", "caocao", None, None])
    s.seat(0).hand("jink", "dilu")
    s.seat(2).hand("slash C2")
    t = s.start(seat=0, phase="play")
    t.skill("lijian", (t.card(0, "jink"),), (1, 2))
    assert t.hp(1) == 3
    assert t.hand(1) == [] and not [e for e in t.events("skill") if e[2] == "jianxiong"]


def test_lijian_the_winning_duellist_is_rewarded_for_a_rebel() -> None:
    # docs/rules.md "Dying, death and victory": whoever caused the death (the source of the damage)
    # draws 3 for a rebel.
    s = Scenario(players=4, generals=["diaochan", None, None, None],
                 roles=["loyalist", "lord", "rebel", "renegade"])
    s.seat(0).hand("jink", "dilu")
    s.seat(2).hp(1)
    t = s.start(seat=0, phase="play")
    t.skill("lijian", (t.card(0, "jink"),), (2, 3))
    assert not t.p(2).alive
    assert len(t.hand(3)) == 3 and len(t.hand(0)) == 1
    assert_conserved(t.game)


def test_lijian_a_duellist_with_the_spear_plays_any_hand_card_as_slash() -> None:
    # 丈八蛇矛 (docs/rules.md "Advanced weapons"): in a duel any hand card may be played as 杀 —
    # 离间's duel is a duel.
    s = Scenario(players=4, generals=["diaochan", None, None, None])
    s.seat(0).hand("jink", "dilu")
    s.seat(1).hand("peach").equip("spear")
    t = s.start(seat=0, phase="play")
    t.skill("lijian", (t.card(0, "jink"),), (1, 2))
    t.answer(1, "respond", ("spear", t.card(1, "peach")))
    assert t.hp(2) == 3 and t.hp(1) == 4


def test_lijian_and_lianying() -> None:
    # 陆逊 plays his last 杀 in 离间's duel: 连营 draws at once (docs/rules.md "貂蝉 diaochan").
    s = Scenario(players=4, generals=["diaochan", "luxun", None, None])
    s.seat(0).hand("jink", "dilu")
    s.seat(1).hand("slash C2")
    s.top("slash C3")
    t = s.start(seat=0, phase="play")
    t.skill("lijian", (t.card(0, "jink"),), (1, 2))
    t.answer(1, "respond", t.card(1, "slash C2"))
    assert t.hp(2) == 3 and t.hand(1) == [t.card(-1, "slash C3")]


def test_lijian_a_duel_with_lvbu_needs_one_slash_at_a_time() -> None:
    # 003 无双 speaks of 杀 and of 万箭齐发 / 南蛮入侵, not of 决斗 (docs/rules.md "吕布 lvbu"): in
    # 离间's duel one 杀 answers each of his.
    s = Scenario(players=4, generals=["diaochan", "lvbu", None, None])
    s.seat(0).hand("jink", "dilu")
    s.seat(1).hand("slash C2")
    s.seat(2).hand("slash C3")
    t = s.start(seat=0, phase="play")
    t.skill("lijian", (t.card(0, "jink"),), (1, 2))
    t.answer(1, "respond", t.card(1, "slash C2"))
    t.answer(2, "respond", t.card(2, "slash C3"))
    assert t.hp(1) == 3 and t.hp(2) == 4
    assert ("damage", 2, 1, 1, 3, "") in t.events("damage")
