"""The advanced weapon skills (003 "进阶武器技能"; docs/rules.md "Advanced weapons"), and that they
are off with ``advanced_weapons=False``."""

from __future__ import annotations

from sgscore.core.protocol import SubsetRequest
from sgscore.sanguosha.cards import DEFENSE_HORSE, OFFENSE_HORSE
from sgscore.testing import Scenario
from sgscore.testing import check_conservation as assert_conserved


# ---------------------------------------------------------------------------- 雌雄双股剑
def test_double_swords_target_of_the_other_gender_lets_the_user_draw() -> None:
    # 003: "被攻击玩家选择的角色与自己选择的角色为异性时，用杀攻击成功后，被攻击者选择弃一张手牌，
    # 或让攻击者从牌堆摸一张牌。"
    s = Scenario(players=4)
    s.seat(0).hand("slash", "dilu").equip("double_swords")
    s.seat(1).hand("peach").sex("f")
    s.top("jink")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "slash"), 1)
    assert list(t.expect(1, "double_swords").choices()) == ["discard", "draw"]
    t.answer(1, "double_swords", "draw")
    assert t.card(-1, "jink") in t.hand(0) and t.hp(1) == 3


def test_double_swords_target_may_discard_a_hand_card_instead() -> None:
    s = Scenario(players=4)
    s.seat(0).hand("slash", "dilu").equip("double_swords")
    s.seat(1).hand("peach", "jink").sex("f")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "slash"), 1)
    t.decline(1)
    t.answer(1, "double_swords", "discard")
    t.answer(1, "double_swords_discard", (t.card(1, "peach"),))
    assert t.hand(1) == [t.card(1, "jink")] and len(t.hand(0)) == 1


def test_double_swords_does_nothing_against_the_same_gender_or_when_off() -> None:
    for sex, advanced in (("m", True), ("f", False)):
        s = Scenario(players=4, advanced_weapons=advanced)
        s.seat(0).hand("slash", "dilu").equip("double_swords")
        s.seat(1).hand("peach").sex(sex)
        t = s.start(seat=0, phase="play")
        t.play(t.card(0, "slash"), 1)
        t.expect(0, "play")  # nobody was asked anything
        assert t.hp(1) == 3 and len(t.hand(0)) == 1


# ---------------------------------------------------------------------------- 贯石斧
def test_axe_discards_two_cards_to_make_a_dodged_slash_hit() -> None:
    # 003: "自己角色的体力上限大于3点（不包括3点）时，用杀攻击被对方闪避后（用闪或八卦阵），攻击者可以弃
    # 两张牌，强制命中对方，对方无法闪避。"
    s = Scenario(players=4)
    s.seat(0).hand("slash", "peach", "jink").equip("axe", "chitu")
    s.seat(1).hand("jink")
    t = s.start(seat=0, phase="play")
    axe = t.card(0, "axe")
    t.play(t.card(0, "slash"), 1)
    t.answer(1, "respond", t.card(1, "jink"))
    t.answer(0, "invoke", True)
    req = t.expect(0, "axe_discard")
    assert isinstance(req, SubsetRequest)
    assert axe not in req.pool and t.card(0, "chitu") in req.pool  # the axe itself stays
    t.answer(0, "axe_discard", tuple(sorted((t.card(0, "peach"), t.card(0, "chitu")))))
    assert t.hp(1) == 3
    assert_conserved(t.game)


def test_axe_needs_max_hp_above_three() -> None:
    s = Scenario(players=4)
    s.seat(0).hand("slash", "peach", "jink").equip("axe").hp(3, 3)
    s.seat(1).hand("jink")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "slash"), 1)
    t.answer(1, "respond", t.card(1, "jink"))
    assert t.hp(1) == 4 and t.events("skill") == []


def test_axe_is_off_without_advanced_weapons() -> None:
    s = Scenario(players=4, advanced_weapons=False)
    s.seat(0).hand("slash", "peach", "jink").equip("axe")
    s.seat(1).hand("jink")
    t = s.start(seat=0, phase="play")
    assert t.game.attack_range(t.p(0)) == 3  # the range still counts
    t.play(t.card(0, "slash"), 1)
    t.answer(1, "respond", t.card(1, "jink"))
    assert t.hp(1) == 4 and not t.p(0).has_skill("axe")


# ---------------------------------------------------------------------------- 青龙偃月刀
def test_blade_follows_a_dodged_slash_with_another_that_may_be_dodged_again() -> None:
    # 003: "自己当前体力值大于2点（不包括2点）时，如果第一次用杀攻击被对方闪避，攻击者可以再出一张杀追加
    # 攻击，对方可再次闪避。"
    s = Scenario(players=4)
    s.seat(0).hand("slash", "slash", "slash", "dilu").equip("blade")
    s.seat(1).hand("jink", "jink")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "slash", 0), 1)
    t.answer(1, "respond", t.card(1, "jink", 0))
    t.answer(0, "respond", t.card(0, "slash", 1))  # the follow-up 杀
    t.answer(1, "respond", t.card(1, "jink", 1))  # dodged again: no third 杀
    t.expect(0, "play")
    assert t.hp(1) == 4
    # The follow-up does not use up the play phase's 杀; the first one did.
    assert all(c is None or c[0] != t.card(0, "slash", 2) for c in t.choices())


def test_blade_follow_up_hits() -> None:
    s = Scenario(players=4)
    s.seat(0).hand("slash", "slash").equip("blade")
    s.seat(1).hand("jink")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "slash", 0), 1)
    t.answer(1, "respond", t.card(1, "jink"))
    t.answer(0, "respond", t.card(0, "slash", 1))
    assert t.hp(1) == 3


def test_blade_needs_hp_above_two_and_advanced_weapons() -> None:
    for hp, advanced in ((2, True), (4, False)):
        s = Scenario(players=4, advanced_weapons=advanced)
        s.seat(0).hand("slash", "slash", "dilu").equip("blade").hp(hp)
        s.seat(1).hand("jink")
        t = s.start(seat=0, phase="play")
        t.play(t.card(0, "slash", 0), 1)
        t.answer(1, "respond", t.card(1, "jink"))
        t.expect(0, "play")  # no follow-up offered


# ---------------------------------------------------------------------------- 丈八蛇矛
def test_spear_plays_any_hand_card_as_slash_in_a_duel() -> None:
    # 003: "自己当前体力值大于2点（不包括2点）时，决斗中，可以用任意手牌代替杀。"
    s = Scenario(players=4)
    s.seat(0).hand("duel", "peach").equip("spear")
    s.seat(1).hand("slash")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "duel"), 1)
    t.answer(1, "respond", t.card(1, "slash"))
    peach = t.card(0, "peach")
    assert ("spear", peach) in t.expect(0, "respond").choices()
    t.answer(0, "respond", ("spear", peach))
    assert t.hp(1) == 3 and t.hp(0) == 4
    assert ("play", 0, "slash", (peach,), "spear") in t.events("play")


def test_spear_not_at_two_hp_nor_outside_a_duel_nor_when_off() -> None:
    for hp, advanced in ((2, True), (4, False)):
        s = Scenario(players=4, advanced_weapons=advanced)
        s.seat(0).hand("duel", "peach").equip("spear").hp(hp)
        s.seat(1).hand("slash")
        t = s.start(seat=0, phase="play")
        t.play(t.card(0, "duel"), 1)
        t.answer(1, "respond", t.card(1, "slash"))
        assert t.hp(0) == hp - 1  # seat 0 could not answer
    # Against 南蛮入侵 the 杀 is not a duel's: no conversion is offered, the damage is taken.
    s = Scenario(players=4)
    s.seat(0).hand("savage_assault", "dilu")
    s.seat(1).hand("peach", "jink").equip("spear")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "savage_assault"))
    t.expect(0, "play")
    assert t.hp(1) == 3


# ---------------------------------------------------------------------------- 方天画戟
def test_halberd_last_hand_card_may_target_up_to_three() -> None:
    # 003: "当你打出的杀是你最后一张手牌时——用一张杀，可以同时攻击攻击距离内，最多三名玩家。"
    s = Scenario(players=5)
    s.seat(0).hand("slash").equip("halberd")
    t = s.start(seat=0, phase="play")
    c = t.card(0, "slash")
    targets = [x[1:] for x in t.choices() if x is not None]
    assert (1, 2, 3) in targets and (1, 2, 3, 4) not in targets and (4,) in targets
    assert len(targets) == 4 + 6 + 4
    t.play(c, 1, 3, 4)
    assert [t.hp(i) for i in range(5)] == [5, 3, 4, 3, 3]


def test_halberd_targets_are_resolved_in_turn_order_from_the_user() -> None:
    # Engine ruling (docs/rules.md): several targets of one card resolve in turn order from the
    # user, as every multi-target card does (docs/rules.md "Cards").
    s = Scenario(players=5)
    s.seat(3).hand("slash").equip("halberd")
    t = s.start(seat=3, phase="play")
    t.play(t.card(3, "slash"), 0, 1, 4)
    assert [e[2] for e in t.events("damage")] == [4, 0, 1]


def test_halberd_only_when_the_slash_is_the_last_hand_card_and_on() -> None:
    for hand, advanced in ((("slash", "jink"), True), (("slash",), False)):
        s = Scenario(players=5, advanced_weapons=advanced)
        s.seat(0).hand(*hand).equip("halberd")
        t = s.start(seat=0, phase="play")
        assert all(x is None or len(x) == 2 for x in t.choices())


# ---------------------------------------------------------------------------- 麒麟弓
def test_kylin_bow_hit_beyond_distance_two_discards_a_horse_of_the_users_choice() -> None:
    # 003: "与被攻击者的距离大于2时（不包括2，必须计算马的影响）——若用杀攻击命中，对方需弃掉一匹已装备的马"
    s = Scenario(players=6)
    s.seat(0).hand("slash", "dilu").equip("kylin_bow")
    s.seat(3).equip("jueying", "chitu")  # distance 3 + 1 = 4
    t = s.start(seat=0, phase="play")
    plus, minus = t.card(3, "jueying"), t.card(3, "chitu")
    t.play(t.card(0, "slash"), 3)
    assert sorted(t.expect(0, "kylin_bow").choices()) == sorted((plus, minus))
    t.answer(0, "kylin_bow", minus)
    assert t.p(3).equip[OFFENSE_HORSE] == -1 and t.p(3).equip[DEFENSE_HORSE] == plus
    assert t.hp(3) == 3


def test_kylin_bow_not_at_distance_two() -> None:
    s = Scenario(players=6)
    s.seat(0).hand("slash", "dilu").equip("kylin_bow")
    s.seat(2).equip("chitu")  # distance 2: the bow does nothing
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "slash"), 2)
    assert t.p(2).equip[OFFENSE_HORSE] == t.card(2, "chitu") and t.hp(2) == 3


def test_kylin_bow_counts_the_targets_horse_in_the_distance_and_is_off_when_off() -> None:
    for advanced, kept in ((True, False), (False, True)):
        s = Scenario(players=6, advanced_weapons=advanced)
        s.seat(0).hand("slash", "dilu").equip("kylin_bow")
        s.seat(2).equip("jueying")  # 2 + 1 = 3 > 2
        t = s.start(seat=0, phase="play")
        t.play(t.card(0, "slash"), 2)
        assert (t.p(2).equip[DEFENSE_HORSE] >= 0) is kept
