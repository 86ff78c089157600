"""Equipment under the normal rules (003 "装备牌"; docs/rules.md "Equipment" and "Distance") and the
EX cards (docs/rules.md "EX cards")."""

from __future__ import annotations

import pytest

from sgscore.sanguosha.cards import ARMOR, DEFENSE_HORSE, NAME, OFFENSE_HORSE, WEAPON
from sgscore.testing import Scenario
from sgscore.testing import check_conservation as assert_conserved


@pytest.mark.parametrize(
    ("card", "slot"),
    [("crossbow", WEAPON), ("halberd", WEAPON), ("eight_diagram", ARMOR),
     ("jueying", DEFENSE_HORSE), ("dilu", DEFENSE_HORSE), ("zhuahuangfeidian", DEFENSE_HORSE),
     ("chitu", OFFENSE_HORSE), ("dayuan", OFFENSE_HORSE), ("zixing", OFFENSE_HORSE)],
)
def test_equipment_goes_to_its_slot(card: str, slot: int) -> None:
    # 003: "装备牌使用后放在自己面前"
    s = Scenario(players=4)
    s.seat(0).hand(card, "jink")
    t = s.start(seat=0, phase="play")
    c = t.card(0, card)
    t.play(c)
    assert t.p(0).equip[slot] == c and c not in t.hand(0)


def test_a_new_weapon_replaces_and_discards_the_old() -> None:
    # 003: "每名玩家只能同时装备一把武器。如果装备新的武器必须将原有武器弃掉。"
    s = Scenario(players=4)
    s.seat(0).hand("halberd", "dilu").equip("crossbow")
    t = s.start(seat=0, phase="play")
    crossbow, halberd = t.card(0, "crossbow"), t.card(0, "halberd")
    t.play(halberd)
    assert t.p(0).equip[WEAPON] == halberd and crossbow in t.game.discard_pile
    assert ("discard", 0, (crossbow,), "replaced") in t.events("discard")
    assert not t.p(0).has_skill("crossbow") and t.p(0).has_skill("halberd")
    assert_conserved(t.game)


def test_both_horses_at_once_but_not_two_of_a_kind() -> None:
    # 003: "+1马和－1马可以同时装备，不能同时装备两匹或以上作用相同的马"
    s = Scenario(players=4)
    s.seat(0).hand("dilu", "chitu", "jueying", "jink")
    t = s.start(seat=0, phase="play")
    dilu, chitu, jueying = (t.card(0, n) for n in ("dilu", "chitu", "jueying"))
    t.play(dilu)
    t.play(chitu)
    assert t.p(0).equip[DEFENSE_HORSE] == dilu and t.p(0).equip[OFFENSE_HORSE] == chitu
    t.play(jueying)
    assert t.p(0).equip[DEFENSE_HORSE] == jueying and dilu in t.game.discard_pile


# docs/rules.md "Equipment": the weapons' attack ranges (寒冰剑, EX, has range 2 too).
RANGE = {"crossbow": 1, "double_swords": 2, "qinggang_sword": 2, "blade": 3, "spear": 3, "axe": 3,
         "halberd": 4, "kylin_bow": 5}


@pytest.mark.parametrize("weapon", sorted(RANGE))
def test_weapon_attack_ranges(weapon: str) -> None:
    # 003: "未装备武器时，玩家杀的攻击距离为1.装备武器后，杀的攻击距离为武器的攻击距离。"
    s = Scenario(players=10)
    s.seat(0).equip(weapon)
    t = s.start(seat=0, phase="play")
    g = t.game
    assert g.attack_range(t.p(0)) == RANGE[weapon]
    reach = [q.seat for q in g.players if g.in_attack_range(t.p(0), q)]
    r = RANGE[weapon]
    assert reach == sorted({i for i in range(1, 10) if min(i, 10 - i) <= r})


def test_attack_range_without_a_weapon_is_one() -> None:
    s = Scenario(players=5)
    t = s.start(seat=0, phase="play")
    assert t.game.attack_range(t.p(0)) == 1


def test_horses_change_distance_and_it_never_drops_below_one() -> None:
    # 003: "+1马为防守马 ... 与攻击者距离等于当前距离加1. －1马为攻击马 ... 距离等于当前距离减1."
    # docs/rules.md "Equipment": a distance is never below 1.
    s = Scenario(players=6)
    s.seat(0).equip("chitu")
    s.seat(3).equip("dilu")
    s.seat(1).equip("jueying")
    t = s.start(seat=0, phase="play")
    g, p = t.game, t.p
    assert g.distance(p(0), p(1)) == 1  # 1 - 1 + 1
    assert g.distance(p(0), p(2)) == 1  # 2 - 1
    assert g.distance(p(0), p(3)) == 3  # 3 - 1 + 1
    assert g.distance(p(0), p(5)) == 1  # 1 - 1, never below 1
    assert g.distance(p(1), p(0)) == 1 and g.distance(p(2), p(1)) == 2
    assert g.distance(p(3), p(0)) == 3


def test_crossbow_allows_any_number_of_slashes() -> None:
    # 003 诸葛连弩: "出牌阶段可以出任意张杀"
    s = Scenario(players=4)
    s.seat(0).hand("slash", "slash", "slash").equip("crossbow")
    t = s.start(seat=0, phase="play")
    for i in range(3):
        t.play(t.card(0, "slash", i), 1)
    assert t.hp(1) == 1


def test_qinggang_sword_ignores_eight_diagram() -> None:
    # 003 青钢剑: "出杀时，对方的八卦阵无效"
    s = Scenario(players=4)
    s.seat(0).hand("slash").equip("qinggang_sword")
    s.seat(2).hand("jink").equip("eight_diagram")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "slash"), 2)
    req = t.expect(2, "respond")
    assert list(req.choices()) == [None, t.card(2, "jink")]  # no 八卦阵 option
    t.decline(2)
    assert t.hp(2) == 3


def test_qinggang_sword_ignores_renwang_shield() -> None:
    # docs/rules.md "Equipment" and "EX cards": the target's armor has no effect against this 杀,
    # 仁王盾 included.
    s = Scenario(players=4, packs=("standard", "ex"))
    s.seat(0).hand("slash S7").equip("qinggang_sword")
    s.seat(2).equip("renwang_shield")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "slash S7"), 2)
    assert t.hp(2) == 3 and t.events("no_effect") == []


def test_eight_diagram_red_counts_as_jink() -> None:
    # 003 八卦阵: "若判定结果为红色花色（红桃或方块），则等效于出了一张闪"
    s = Scenario(players=4)
    s.seat(0).hand("slash")
    s.seat(1).equip("eight_diagram")
    s.top("peach H3")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "slash"), 1)
    t.answer(1, "respond", ("eight_diagram",))
    assert t.hp(1) == 4 and t.events("dodged") == [("dodged", 1, 0)]
    assert t.card(-1, "peach H3") in t.game.discard_pile
    assert_conserved(t.game)


def test_eight_diagram_black_then_may_still_play_jink() -> None:
    # 003: "否则需再出闪"
    s = Scenario(players=4)
    s.seat(0).hand("slash")
    s.seat(1).hand("jink").equip("eight_diagram")
    s.top("slash C2")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "slash"), 1)
    t.answer(1, "respond", ("eight_diagram",))
    req = t.expect(1, "respond")
    assert list(req.choices()) == [None, t.card(1, "jink")]  # 八卦阵 is not offered twice
    t.answer(1, "respond", t.card(1, "jink"))
    assert t.hp(1) == 4


def test_eight_diagram_black_without_jink_takes_the_hit() -> None:
    s = Scenario(players=4)
    s.seat(0).hand("slash")
    s.seat(1).equip("eight_diagram")
    s.top("slash C2")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "slash"), 1)
    t.answer(1, "respond", ("eight_diagram",))
    assert t.hp(1) == 3


# ---------------------------------------------------------------------------- EX cards
def test_renwang_shield_stops_black_slashes_only() -> None:
    # docs/rules.md "EX cards": black 杀 have no effect on the holder of 仁王盾.
    s = Scenario(players=4, packs=("standard", "ex"))
    s.seat(0).hand("slash S7", "slash H10").equip("crossbow")
    s.seat(1).equip("renwang_shield")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "slash S7"), 1)
    assert t.hp(1) == 4 and t.events("no_effect") == [("no_effect", 1, "slash")]
    t.play(t.card(0, "slash H10"), 1)
    assert t.hp(1) == 3


def test_ice_sword_discards_two_cards_instead_of_damage() -> None:
    # docs/rules.md "EX cards": when your 杀 would deal damage, you may prevent it and discard two
    # of the target's cards instead, one at a time, each a hand card (at random) or a chosen one.
    s = Scenario(players=4, packs=("standard", "ex"))
    s.seat(0).hand("slash", "dilu").equip("ice_sword")  # the horse keeps the phase open
    s.seat(2).hand("peach").equip("eight_diagram", "chitu")
    s.top("slash C2")
    t = s.start(seat=0, phase="play")
    armor, horse = t.card(2, "eight_diagram"), t.card(2, "chitu")
    t.play(t.card(0, "slash"), 2)  # range 2 reaches seat 2
    t.answer(2, "respond", ("eight_diagram",))
    t.answer(0, "invoke", True)
    assert list(t.expect(0, "ice_sword").choices()) == ["hand", armor, horse]
    t.answer(0, "ice_sword", armor)
    t.answer(0, "ice_sword", "hand")
    assert t.hp(2) == 4 and t.hand(2) == [] and t.p(2).equip[ARMOR] == -1
    assert t.p(2).equip[OFFENSE_HORSE] == horse
    assert_conserved(t.game)


def test_ice_sword_may_be_declined() -> None:
    s = Scenario(players=4, packs=("standard", "ex"))
    s.seat(0).hand("slash").equip("ice_sword")
    s.seat(1).hand("peach")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "slash"), 1)
    t.answer(0, "invoke", False)
    assert t.hp(1) == 3 and t.card(1, "peach") in t.hand(1)


def test_ice_sword_works_with_advanced_weapons_off() -> None:
    # It is an EX card's own text, not one of the advanced skills
    # (docs/rules.md "Advanced weapons").
    s = Scenario(players=4, packs=("standard", "ex"), advanced_weapons=False)
    s.seat(0).hand("slash").equip("ice_sword")
    s.seat(1).hand("peach")
    t = s.start(seat=0, phase="play")
    assert NAME[t.card(0, "ice_sword")] == "ice_sword"
    t.play(t.card(0, "slash"), 1)
    t.expect(0, "invoke")
