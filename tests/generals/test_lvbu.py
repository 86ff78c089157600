"""吕布: 无双 (003 "人物技能详解"; docs/rules.md "吕布 lvbu")."""

from __future__ import annotations

from sgscore.testing import Scenario
from sgscore.testing import check_conservation as assert_conserved


def test_wushuang_slash_needs_two_jinks() -> None:
    # 003 无双: "使用杀攻击时，对方需使用两张闪才能闪避"
    s = Scenario(players=4, generals=["lvbu", None, None, None])
    s.seat(0).hand("slash")
    s.seat(1).hand("jink", "jink")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "slash"), 1)
    t.answer(1, "respond", t.card(1, "jink", 0))
    t.answer(1, "respond", t.card(1, "jink", 1))
    assert t.hp(1) == 4
    assert t.events("dodged") == [("dodged", 1, 0)]
    assert_conserved(t.game)


def test_wushuang_one_jink_is_not_enough() -> None:
    s = Scenario(players=4, generals=["lvbu", None, None, None])
    s.seat(0).hand("slash")
    s.seat(1).hand("jink", "peach")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "slash"), 1)
    t.answer(1, "respond", t.card(1, "jink"))
    assert t.hp(1) == 3  # no second 闪: hit, and the first 闪 is spent
    assert t.card(1, "jink") in t.game.discard_pile


def test_wushuang_against_eight_diagram_judges_twice() -> None:
    # 003 无双: "如果对方使用八卦阵，需要判定两次"
    s = Scenario(players=4, generals=["lvbu", None, None, None])
    s.seat(0).hand("slash")
    s.seat(1).equip("eight_diagram")
    s.top("peach H3", "jink D2")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "slash"), 1)
    t.answer(1, "respond", ("eight_diagram",))
    t.answer(1, "respond", ("eight_diagram",))
    assert [e[2] for e in t.events("judge")] == ["eight_diagram", "eight_diagram"]
    assert t.hp(1) == 4
    assert_conserved(t.game)


def test_wushuang_eight_diagram_then_a_jink() -> None:
    # One 闪 from a red judgement, the second from the hand.
    s = Scenario(players=4, generals=["lvbu", None, None, None])
    s.seat(0).hand("slash")
    s.seat(1).hand("jink").equip("eight_diagram")
    s.top("peach H3", "slash S9")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "slash"), 1)
    t.answer(1, "respond", ("eight_diagram",))
    t.answer(1, "respond", ("eight_diagram",))  # ♠9: no 闪 from this judgement
    t.answer(1, "respond", t.card(1, "jink"))
    assert t.hp(1) == 4


def test_wushuang_savage_assault_needs_one_more_hand_card() -> None:
    # 003 无双: "使用范围攻击的锦囊（如万箭齐发和南蛮入侵）时，所有人除出闪或杀外，需额外多弃一张任意手牌，
    # 否则减一点体力"
    s = Scenario(players=4, generals=["lvbu", None, None, None])
    s.seat(0).hand("savage_assault")
    s.seat(1).hand("slash", "peach")
    s.seat(2).hand("slash", "jink")
    s.seat(3).hand("slash")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "savage_assault"))
    t.answer(1, "respond", t.card(1, "slash"))
    t.answer(1, "wushuang_discard", t.card(1, "peach"))  # pays the extra card
    t.answer(2, "respond", t.card(2, "slash"))
    t.answer(2, "wushuang_discard", None)  # keeps the 闪 and takes the damage
    t.answer(3, "respond", t.card(3, "slash"))  # no card left to pay: damage
    assert (t.hp(1), t.hp(2), t.hp(3)) == (4, 3, 3)
    assert t.card(1, "peach") in t.game.discard_pile and t.card(2, "jink") in t.hand(2)
    assert_conserved(t.game)


def test_wushuang_archery_attack_too() -> None:
    s = Scenario(players=4, generals=["lvbu", None, None, None])
    s.seat(0).hand("archery_attack")
    s.seat(1).hand("jink", "slash")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "archery_attack"))
    t.answer(1, "respond", t.card(1, "jink"))
    t.answer(1, "wushuang_discard", t.card(1, "slash"))
    assert t.hp(1) == 4 and t.hp(2) == 3 and t.hp(3) == 3


def test_wushuang_others_aoe_is_unchanged() -> None:
    # Only 吕布's own 南蛮入侵 asks for the extra card.
    s = Scenario(players=4, generals=[None, "lvbu", None, None])
    s.seat(0).hand("savage_assault")
    s.seat(1).hand("slash")
    s.seat(2).hand("slash", "jink")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "savage_assault"))
    t.answer(1, "respond", t.card(1, "slash"))
    t.answer(2, "respond", t.card(2, "slash"))
    assert t.hp(1) == 4 and t.hp(2) == 4 and t.hp(3) == 3


def test_wushuang_says_nothing_of_duels() -> None:
    # 003's first-edition 无双 names 杀 and the area tricks only: one 杀 answers his 决斗.
    s = Scenario(players=4, generals=["lvbu", None, None, None])
    s.seat(0).hand("duel")
    s.seat(1).hand("slash")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "duel"), 1)
    t.answer(1, "respond", t.card(1, "slash"))
    assert t.hp(0) == 3 and t.hp(1) == 4
