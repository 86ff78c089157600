"""赵云: 龙胆 (003 "人物技能详解"; docs/rules.md "赵云 zhaoyun")."""

from __future__ import annotations

import pytest

from sgscore.core.protocol import IllegalChoice
from sgscore.sanguosha.model import LORD, LOYALIST, REBEL, RENEGADE
from sgscore.testing import Scenario
from sgscore.testing import check_conservation as assert_conserved

# 003 龙胆: "可以用杀代替闪使用，也可以用闪代替杀使用。" docs/rules.md "赵云 zhaoyun": a card
# conversion both ways, "as" the other card with the original's suit and rank; as 杀 also in the
# play phase.


def test_longdan_a_jink_used_as_slash_in_the_play_phase() -> None:
    # 003 龙胆: "也可以用闪代替杀使用"
    s = Scenario(players=4, generals=["zhaoyun", None, None, None])
    s.seat(0).hand("jink D2")
    t = s.start(seat=0, phase="play")
    jink = t.card(0, "jink D2")
    t.skill("longdan", (jink,), (1,))
    assert ("use", 0, "slash", (jink,), (1,), "longdan") in t.events("use")
    assert t.hp(1) == 3
    assert_conserved(t.game)


def test_longdan_only_jinks_become_slashes_and_within_the_slashs_reach() -> None:
    s = Scenario(players=4, generals=["zhaoyun", None, None, None])
    s.seat(0).hand("jink D2", "peach H3", "slash S7")
    t = s.start(seat=0, phase="play")
    jink = t.card(0, "jink D2")
    offered = {(c[1], c[2]) for c in t.choices() if isinstance(c, tuple) and c[0] == "longdan"}
    assert offered == {((jink,), (1,)), ((jink,), (3,))}  # seat 2 is at distance 2
    with pytest.raises(IllegalChoice):
        t.skill("longdan", (t.card(0, "peach H3"),), (1,))


def test_longdan_slash_is_the_one_slash_of_the_play_phase() -> None:
    # 003 杀: "一名玩家一回合只能用杀攻击一次"
    s = Scenario(players=4, generals=["zhaoyun", None, None, None])
    s.seat(0).hand("jink D2", "jink D3", "slash", "peach").hp(3)
    t = s.start(seat=0, phase="play")
    t.skill("longdan", (t.card(0, "jink D2"),), (1,))
    assert t.choices() == [None, (t.card(0, "peach"),)]  # no second 杀, by 龙胆 or not


def test_longdan_a_slash_played_as_jink_against_a_slash() -> None:
    # 003 龙胆: "可以用杀代替闪使用"
    s = Scenario(players=4, generals=[None, "zhaoyun", None, None])
    s.seat(0).hand("slash")
    s.seat(1).hand("slash S8")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "slash"), 1)
    own = t.card(1, "slash S8")
    assert t.choices() == [None, ("longdan", own)]
    t.answer(1, "respond", ("longdan", own))
    assert ("play", 1, "jink", (own,), "longdan") in t.events("play")
    assert t.hp(1) == 4
    assert_conserved(t.game)


def test_longdan_two_answers_to_lvbus_slash() -> None:
    # 003 无双: "使用杀攻击时，对方需使用两张闪才能闪避" — a 杀 as 闪 and a 闪 are the two.
    s = Scenario(players=4, generals=["lvbu", "zhaoyun", None, None])
    s.seat(0).hand("slash")
    s.seat(1).hand("slash S8", "jink")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "slash"), 1)
    t.answer(1, "respond", ("longdan", t.card(1, "slash S8")))
    t.answer(1, "respond", t.card(1, "jink"))
    assert t.hp(1) == 4
    assert ("dodged", 1, 0) in t.events("dodged")


def test_longdan_a_slash_as_jink_against_archery_attack() -> None:
    # 003 万箭齐发: "所有玩家需要出一张闪" — a 杀 stands for it.
    s = Scenario(players=4, generals=[None, "zhaoyun", None, None])
    s.seat(0).hand("archery_attack")
    s.seat(1).hand("slash")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "archery_attack"))
    t.answer(1, "respond", ("longdan", t.card(1, "slash")))
    assert t.hp(1) == 4 and t.hp(2) == 3 and t.hp(3) == 3


def test_longdan_a_jink_as_slash_against_savage_assault() -> None:
    # 003 南蛮入侵: "所有玩家需要出一张杀" — a 闪 stands for it.
    s = Scenario(players=4, generals=[None, "zhaoyun", None, None])
    s.seat(0).hand("savage_assault")
    s.seat(1).hand("jink")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "savage_assault"))
    t.answer(1, "respond", ("longdan", t.card(1, "jink")))
    assert t.hp(1) == 4


def test_longdan_jinks_as_slashes_in_a_duel() -> None:
    # 003 决斗: "双方轮流出杀" — his 闪 are his 杀 there.
    s = Scenario(players=4, generals=[None, "zhaoyun", None, None])
    s.seat(0).hand("duel", "slash")
    s.seat(1).hand("jink D2", "jink D3")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "duel"), 1)
    t.answer(1, "respond", ("longdan", t.card(1, "jink D2")))
    t.answer(0, "respond", t.card(0, "slash"))
    t.answer(1, "respond", ("longdan", t.card(1, "jink D3")))
    assert t.hp(0) == 3 and t.hp(1) == 4  # seat 0 ran out of 杀
    assert_conserved(t.game)


def test_longdan_for_liubeis_jijiang() -> None:
    # 003 激将: Shu players help 刘备 "出杀" — 赵云's 闪 is a 杀 for it.
    s = Scenario(players=4, generals=["liubei", "zhaoyun", None, None],
                 roles=[LORD, LOYALIST, REBEL, RENEGADE])
    s.seat(1).hand("jink D2")
    t = s.start(seat=0, phase="play")
    t.skill("jijiang", (), (3,))
    jink = t.card(1, "jink D2")
    t.answer(1, "respond", ("longdan", jink))
    assert ("use", 0, "slash", (jink,), (3,), "jijiang") in t.events("use")
    assert t.hp(3) == 3


def test_longdan_slash_is_red_like_its_jink_against_renwang_shield() -> None:
    # docs/rules.md "赵云 zhaoyun": the converted card keeps the original's suit; 仁王盾
    # (docs/rules.md "EX cards") stops only black 杀.
    s = Scenario(players=4, generals=["zhaoyun", None, None, None], packs=("standard", "ex"))
    s.seat(0).hand("jink H2")
    s.seat(1).equip("renwang_shield")
    t = s.start(seat=0, phase="play")
    t.skill("longdan", (t.card(0, "jink H2"),), (1,))
    assert t.hp(1) == 3


def test_longdan_slash_hitting_caocao_gives_him_the_jink() -> None:
    # 003 奸雄: "和部分角色用来代替这些牌的牌" — the 闪 used as the 杀 is gained.
    s = Scenario(players=4, generals=["caocao", "zhaoyun", None, None],
                 roles=[LORD, REBEL, LOYALIST, RENEGADE])
    s.seat(1).hand("jink D2")
    t = s.start(seat=1, phase="play")
    jink = t.card(1, "jink D2")
    t.skill("longdan", (jink,), (0,))
    t.answer(0, "invoke", True)
    assert t.hp(0) == 3 and t.hand(0) == [jink]


def test_longdan_a_jink_is_no_slash_to_dodge_with_and_the_conversion_may_be_declined() -> None:
    # He may still play his 闪 as itself, or nothing.
    s = Scenario(players=4, generals=[None, "zhaoyun", None, None])
    s.seat(0).hand("slash")
    s.seat(1).hand("jink", "slash S8")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "slash"), 1)
    assert sorted(t.choices(), key=repr) == sorted(
        [None, t.card(1, "jink"), ("longdan", t.card(1, "slash S8"))], key=repr)
    t.answer(1, "respond", None)
    assert t.hp(1) == 3
