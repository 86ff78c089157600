"""华佗: 急救 and 青囊 (003 "人物技能详解"; docs/rules.md "华佗 huatuo": first edition, 急救
prevents damage)."""

from __future__ import annotations

from sgscore.sanguosha.cards import OFFENSE_HORSE
from sgscore.testing import Scenario
from sgscore.testing import check_conservation as assert_conserved

# 003 急救: "任何时候，弃一张红色花色（红桃、方块）的牌，可抵消对包括自己在内的任意玩家的一点伤害。"


# ---------------------------------------------------------------------------- 急救
def test_jijiu_prevents_a_slash_on_another_player() -> None:
    s = Scenario(players=4, generals=[None, None, None, "huatuo"])
    s.seat(0).hand("slash", "ex_nihilo")
    s.seat(3).hand("peach H3", "slash C2", "jink D2")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "slash"), 1)
    t.answer(3, "invoke", True)
    req = t.expect(3, "jijiu")
    assert req.prompt == (1, 1)  # seat 1, 1 damage
    # ♣ is not red; no "None" at first (he said yes)
    assert sorted(req.choices()) == sorted([t.card(3, "peach H3"), t.card(3, "jink D2")])
    t.answer(3, "jijiu", t.card(3, "peach H3"))
    assert t.hp(1) == 4
    assert ("damage_prevented", 1) in t.events("damage_prevented")
    assert ("discard", 3, (t.card(3, "peach H3"),), "jijiu") in t.events("discard")
    assert t.hand(3) == [t.card(3, "slash C2"), t.card(3, "jink D2")]
    assert_conserved(t.game)


def test_jijiu_for_himself() -> None:
    # "包括自己在内的任意玩家"
    s = Scenario(players=4, generals=[None, "huatuo", None, None])
    s.seat(0).hand("slash", "ex_nihilo")
    s.seat(1).hand("jink D2")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "slash"), 1)
    t.answer(1, "respond", None)  # he keeps his 闪 for 急救
    t.answer(1, "invoke", True)  # the only red card is discarded without a further question
    assert t.hp(1) == 3 and t.hand(1) == []


def test_jijiu_with_an_equipped_red_card() -> None:
    # Ruling: "一张红色花色的牌" — a hand or an equipped card.
    s = Scenario(players=4, generals=[None, "huatuo", None, None])
    s.seat(0).hand("slash", "ex_nihilo")
    s.seat(1).equip("chitu")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "slash"), 1)
    t.answer(1, "invoke", True)
    assert t.hp(1) == 3
    assert t.p(1).equip[OFFENSE_HORSE] == -1
    assert t.card(1, "chitu") in t.game.discard_pile


def test_jijiu_one_red_card_per_point_against_lightning() -> None:
    # "一点伤害" per card: 闪电's 3 damage needs three red cards; he may stop when he likes.
    s = Scenario(players=4, generals=[None, "huatuo", None, None])
    s.seat(1).judge("lightning SA").hand("peach H3", "jink D2", "jink D3")
    s.top("slash S7")
    t = s.start(seat=1, phase="judge")
    t.answer(1, "invoke", True)
    t.answer(1, "jijiu", t.card(1, "peach H3"))
    req = t.expect(1, "jijiu")
    assert req.prompt == (1, 2, True) and None in req.choices()
    t.answer(1, "jijiu", t.card(1, "jink D2"))
    t.answer(1, "jijiu", None)  # he keeps the last one
    assert ("damage", -1, 1, 1, 2, "lightning") in t.events("damage")
    assert t.hand(1)[:1] == [t.card(1, "jink D3")]
    assert_conserved(t.game)


def test_jijiu_can_prevent_all_of_a_lightning() -> None:
    s = Scenario(players=4, generals=[None, None, "huatuo", None])
    s.seat(1).judge("lightning SA")
    s.seat(2).hand("peach H3", "jink D2", "jink D3", "jink D4")
    s.top("slash S7")
    t = s.start(seat=1, phase="judge")
    t.answer(2, "invoke", True)
    for card in ("peach H3", "jink D2", "jink D3"):
        t.answer(2, "jijiu", t.card(2, card))
    assert t.hp(1) == 4
    assert ("damage_prevented", 1) in t.events("damage_prevented")
    assert t.hand(2) == [t.card(2, "jink D4")]


def test_jijiu_is_optional_and_needs_a_red_card() -> None:
    s = Scenario(players=4, generals=[None, None, None, "huatuo"])
    s.seat(0).hand("slash", "ex_nihilo")
    s.seat(3).hand("peach H3")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "slash"), 1)
    t.answer(3, "invoke", False)
    assert t.hp(1) == 3 and t.hand(3) == [t.card(3, "peach H3")]

    black = Scenario(players=4, generals=[None, None, None, "huatuo"])
    black.seat(0).hand("slash", "ex_nihilo")
    black.seat(3).hand("slash C2").equip("eight_diagram")
    b = black.start(seat=0, phase="play")
    b.play(b.card(0, "slash"), 1)
    assert b.hp(1) == 3  # never asked: no red card


def test_jijiu_stops_jianxiong() -> None:
    # Prevented damage is no damage: 奸雄 ("对自己造成体力伤害的牌") gains nothing.
    s = Scenario(players=4, generals=["caocao", None, None, "huatuo"])
    s.seat(1).hand("slash", "ex_nihilo")
    s.seat(3).hand("jink D2")
    t = s.start(seat=1, phase="play")
    t.play(t.card(1, "slash"), 0)
    t.answer(3, "invoke", True)
    assert t.hp(0) == 4
    assert t.card(1, "slash") in t.game.discard_pile
    assert not any(e[2] == "jianxiong" for e in t.events("skill"))


def test_jijiu_stops_fankui_and_ganglie() -> None:
    for general in ("simayi", "xiahoudun"):
        s = Scenario(players=4, generals=[None, general, None, "huatuo"])
        s.seat(0).hand("slash", "jink", "ex_nihilo")
        s.seat(3).hand("peach H3")
        s.top("slash S9")
        t = s.start(seat=0, phase="play")
        t.play(t.card(0, "slash"), 1)
        t.answer(3, "invoke", True)
        assert t.hp(1) == t.p(1).max_hp, general
        assert not t.events("judge") and not t.events("gain"), general
        assert len(t.hand(0)) == 2, general


def test_jijiu_reduces_the_damage_yiji_counts() -> None:
    # 遗计 counts the points of damage taken: 3 from 闪电, 1 prevented, 2 taken → twice.
    s = Scenario(players=4, generals=[None, "guojia", "huatuo", None])
    s.seat(1).judge("lightning SA").hp(4, 4)
    s.seat(2).hand("peach H3")
    s.top("slash S7")
    t = s.start(seat=1, phase="judge")
    t.answer(1, "invoke", False)  # no 天妒
    t.answer(2, "invoke", True)  # 急救
    assert ("damage", -1, 1, 2, 2, "lightning") in t.events("damage")
    t.answer(1, "invoke", True)
    t.answer(1, "yiji", (1, 1))
    t.answer(1, "invoke", True)
    t.answer(1, "yiji", (1, 1))
    assert t.expect(1, "play")  # no third 遗计
    assert_conserved(t.game)


def test_jijiu_for_each_target_of_savage_assault() -> None:
    # "任何时候": against every damage of a 南蛮入侵, one at a time.
    s = Scenario(players=4, generals=[None, None, None, "huatuo"])
    s.seat(0).hand("savage_assault", "ex_nihilo")
    s.seat(3).hand("peach H3", "jink D2")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "savage_assault"))
    t.answer(3, "invoke", True)  # seat 1
    t.answer(3, "jijiu", t.card(3, "peach H3"))
    t.answer(3, "invoke", False)  # seat 2
    t.answer(3, "invoke", True)  # himself: the ♦ is his last red card
    assert (t.hp(1), t.hp(2), t.hp(3)) == (4, 3, 3)
    assert_conserved(t.game)


# ---------------------------------------------------------------------------- 青囊
def test_qingnang_discards_a_hand_card_to_heal_and_may_repeat() -> None:
    # 003 青囊: "出牌阶段，可弃一张手牌或已装备的牌为自己加一点体力，可多次使用该技能。"
    s = Scenario(players=4, generals=[None, "huatuo", None, None])
    s.seat(1).hp(1).hand("slash C2", "jink D2").equip("eight_diagram")
    t = s.start(seat=1, phase="play")
    slash, jink, armor = t.card(1, "slash C2"), t.card(1, "jink D2"), t.card(1, "eight_diagram")
    opts = {c for c in t.choices() if c is not None and c[0] == "qingnang"}
    assert opts == {("qingnang", (slash,), ()), ("qingnang", (jink,), ()),
                    ("qingnang", (armor,), ())}
    t.skill("qingnang", (slash,))
    assert t.hp(1) == 2
    assert ("discard", 1, (slash,), "qingnang") in t.events("discard")
    t.skill("qingnang", (armor,))  # an equipped card
    assert t.hp(1) == 3 and t.p(1).equip[1] == -1
    assert not any(c is not None and c[0] == "qingnang" for c in t.choices())  # full HP now
    assert t.hand(1) == [jink]
    assert_conserved(t.game)


def test_qingnang_not_at_full_hp() -> None:
    # Ruling: like 桃, only while wounded ("为自己加一点体力").
    s = Scenario(players=4, generals=[None, "huatuo", None, None])
    s.seat(1).hand("slash C2", "ex_nihilo")
    t = s.start(seat=1, phase="play")
    assert not any(c is not None and c[0] == "qingnang" for c in t.choices())
