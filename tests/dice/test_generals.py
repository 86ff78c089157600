"""The 16 generals of 000, each with its text and its clarification (docs/dice.md "How 000 is
read"), as scenarios.

Seats without a general have no skill (8 HP, the lord 10); the general under test sits where its
skill shows.
"""

from __future__ import annotations

from sgscore.core.protocol import SubsetRequest
from sgscore.dice.model import GENERALS, SKILLS
from sgscore.dice.testing import DiceScenario

QUIET = ("dynamite", "dynamite", "gatling", "gatling", "slash1")
"""Faces for the next turn that change nothing before its first question."""


def gens(players: int = 5, **at: str) -> list[str | None]:
    out: list[str | None] = [None] * players
    for key, gid in at.items():
        out[int(key[1:])] = gid
    return out


def test_all_sixteen_generals_with_000s_hp() -> None:
    hp = {"zhoutai": 8, "zhangjiao": 8, "zhaoyun": 8, "xiahoudun": 7, "menghuo": 9,
          "zhurong": 7, "huangyueying": 7, "wangyi": 8, "zhugeliang": 9, "guojia": 8, "machao": 9,
          "huatuo": 8, "dongzhuo": 8, "lvmeng": 8, "caopi": 9, "yuanshao": 8}
    assert {g: GENERALS[g].hp for g in GENERALS} == hp
    assert all(SKILLS[GENERALS[g].skill].text_zh for g in GENERALS)


# 周泰(8) 不屈：你可以将你受到的任意点数有来源的伤害改为获得等量的【箭】。（不能以此法获得牌堆里的最后一张【箭】。）
def test_buqu_takes_damage_with_a_source_as_arrows() -> None:
    s = DiceScenario(generals=gens(p1="zhoutai"))
    s.dice("slash1", "slash1", "dynamite", "dynamite", "gatling", *QUIET)
    t = s.start()
    t.keep().shoot(1).shoot(1)
    assert t.choices() == [0, 1]
    t.answer(1, "skill_amount", 1)
    assert t.hp(1) == 8 and t.arrows(1) == 1
    t.answer(1, "skill_amount", 0)
    assert t.hp(1) == 7 and t.arrows(1) == 1


def test_buqu_never_takes_the_last_arrow_nor_works_without_a_source() -> None:
    s = DiceScenario(generals=gens(p1="zhoutai"))
    s.seat(2).arrows(7)  # the pile holds 2: only 1 may be taken
    s.dice("gatling", "gatling", "gatling", "dynamite", "dynamite", *QUIET)
    t = s.start()
    t.keep()
    assert t.choices() == [0, 1]
    t.answer(1, "skill_amount", 1)
    assert t.arrows(1) == 1 and t.pile == 1
    s = DiceScenario(generals=gens(p1="zhoutai"))
    s.seat(1).arrows(2)
    s.seat(2).arrows(6)
    s.dice("arrow", "dynamite", "dynamite", "beer", "beer")
    t = s.start()  # 南蛮入侵: no source, so 不屈 is not asked
    assert t.hp(1) == 6 and t.asked() == (0, "reroll")


def test_buqu_not_against_dynamite() -> None:
    # docs/dice.md "How 000 is read": 不屈 only against damage that has a source (not 南蛮入侵, not
    # 闪电)
    s = DiceScenario(generals=gens(p0="zhoutai"))
    s.dice("dynamite", "dynamite", "dynamite", "beer", "beer", *QUIET)
    t = s.start()
    assert t.hp(0) == 9 and t.arrows(0) == 0 and t.current == 1


# 张角(8) 鬼道：你能重掷【闪电】。
def test_guidao_rerolls_dynamite() -> None:
    s = DiceScenario(generals=gens(p0="zhangjiao"))
    s.dice("dynamite", "dynamite", "beer", "beer", "gatling")
    t = s.start()
    req = t.game.pending
    assert isinstance(req, SubsetRequest) and req.pool == (0, 1, 2, 3, 4)
    t.dice("gatling", "gatling").reroll(0, 1)
    assert t.faces[:2] == ["gatling", "gatling"]


def test_guidao_three_dynamite_still_end_the_turn() -> None:
    # 000 "注意：2.【南蛮箭】和【闪电】须立即结算": 3 or more 闪电 end the turn before any reroll
    s = DiceScenario(generals=gens(p0="zhangjiao"))
    s.dice("dynamite", "dynamite", "dynamite", "beer", "beer", *QUIET)
    t = s.start()
    assert t.hp(0) == 9 and t.current == 1 and t.events("resolve") == []


# 赵云(8) 龙胆：你可以将【杀①】和【杀②】互换使用。
def test_longdan_uses_a_near_slash_as_a_far_one() -> None:
    s = DiceScenario(generals=gens(p0="zhaoyun"))
    s.dice("slash1", "dynamite", "dynamite", "gatling", "gatling")
    t = s.start()
    t.keep()
    assert sorted(t.choices()) == [1, 2, 3, 4]


def test_longdan_uses_a_far_slash_as_a_near_one() -> None:
    # "互换": the other way round too
    s = DiceScenario(generals=gens(p0="zhaoyun"))
    s.dice("slash2", "dynamite", "dynamite", "gatling", "gatling")
    t = s.start()
    t.keep()
    assert sorted(t.choices()) == [1, 2, 3, 4]


# 夏侯惇(7) 刚烈：每当你受到伤害后，伤害来源获得一张【箭】。（注意【南蛮入侵】和【闪电】造成的伤害没有来源。）
def test_ganglie_gives_the_source_an_arrow_per_damage() -> None:
    s = DiceScenario(generals=gens(p1="xiahoudun"))
    s.dice("slash1", "slash1", "dynamite", "dynamite", "gatling")
    t = s.start()
    t.keep().shoot(1).shoot(1)
    assert t.hp(1) == 5 and t.arrows(0) == 2
    assert t.events("skill") == [("skill", 1, "ganglie")] * 2


def test_ganglie_needs_a_source() -> None:
    s = DiceScenario(generals=gens(p0="xiahoudun"))
    s.dice("dynamite", "dynamite", "dynamite", "beer", "beer")
    t = s.start()
    assert t.hp(0) == 8 and t.events("skill") == [] and t.pile == 9 - sum(
        t.arrows(i) for i in range(5))


def test_ganglie_arrow_may_be_the_pile_s_last_and_set_off_indians() -> None:
    # docs/dice.md "How 000 is read" / 000 "当牌堆被摸光，则触发【南蛮入侵】": the source takes the
    # 【箭】 from the pile
    s = DiceScenario(generals=gens(p1="xiahoudun"))
    s.seat(2).arrows(4)
    s.seat(3).arrows(4)  # the pile holds 1
    s.dice("slash1", "dynamite", "dynamite", "beer", "gatling", *QUIET)
    t = s.start()
    t.keep().shoot(1)
    assert [t.hp(i) for i in range(5)] == [9, 6, 4, 4, 8] and t.pile == 9
    assert len(t.events("indians")) == 1 and t.asked() == (0, "beer_target")


def test_ganglie_not_when_he_dies_of_it() -> None:
    # Decision 3 (docs/dice.md, "Second reading"): "每当你受到伤害后" is a living general's; a dead
    # player's skill does nothing (000 "死亡角色不再参与游戏")
    s = DiceScenario(generals=gens(p1="xiahoudun"))
    s.seat(1).hp(1)
    s.dice("slash1", "dynamite", "dynamite", "beer", "gatling", *QUIET)
    t = s.start()
    t.keep().shoot(1)
    assert not t.alive(1) and t.arrows(0) == 0 and t.events("skill") == []


def test_ganglie_after_gatling_the_arrow_stays_with_the_shooter() -> None:
    # 000 5.【万箭齐发】: "你弃置所有【箭】，然后对每名其他角色各造成1点伤害": the discard comes
    # first, so the 【箭】 刚烈 gives afterwards stays
    s = DiceScenario(generals=gens(p1="xiahoudun"))
    s.seat(0).arrows(2)
    s.dice("gatling", "gatling", "gatling", "dynamite", "dynamite", *QUIET)
    t = s.start()
    t.keep()
    assert t.hp(1) == 6 and t.arrows(0) == 1 and t.pile == 8


# 孟获(9) 再起：若你的体力值不大于4，你对自己使用的每张【酒】额外回复1点体力。
def test_zaiqi_heals_one_more_at_four_or_less() -> None:
    s = DiceScenario(generals=gens(p0="menghuo"))
    s.seat(0).hp(4)
    s.dice("beer", "beer", "dynamite", "gatling", "gatling")
    t = s.start()
    t.keep().beer(0)
    assert t.hp(0) == 6
    t.beer(0)  # now above 4: just 1
    assert t.hp(0) == 7


def test_zaiqi_only_for_his_own_beer_on_himself() -> None:
    # "你对自己使用的每张【酒】": not his 酒 for another, not another's 酒 for him
    s = DiceScenario(generals=gens(p0="menghuo"))
    s.seat(0).hp(4)
    s.seat(1).hp(3)
    s.dice("beer", "dynamite", "dynamite", "gatling", "gatling", *QUIET)
    t = s.start()
    t.keep().beer(1)
    assert t.hp(1) == 4 and t.hp(0) == 4
    s = DiceScenario(generals=gens(p0="menghuo"))
    s.seat(0).hp(4)
    s.dice("beer", "dynamite", "dynamite", "gatling", "gatling", *QUIET)
    t = s.start(seat=1)
    t.keep().beer(0)
    assert t.hp(0) == 5 and t.events("skill") == []


# 祝融(7) 巨象：【南蛮入侵】对你造成的伤害至多为1。
def test_juxiang_caps_indians_at_one() -> None:
    s = DiceScenario(generals=gens(p1="zhurong"))
    s.seat(1).arrows(4)
    s.seat(2).arrows(4)
    s.dice("arrow", "dynamite", "dynamite", "beer", "beer")
    t = s.start()
    assert t.hp(1) == 6 and t.hp(2) == 4  # 7 - 1 (capped), 8 - 4


# 黄月英(7) 集智：每当结算【万箭齐发】结果前，你可以弃置至多X名角色的各一张【箭】（X为【万箭齐发】结果的数量）。
def test_jizhi_discards_an_arrow_from_up_to_x_players_herself_included() -> None:
    s = DiceScenario(generals=gens(p0="huangyueying"))
    s.seat(0).arrows(1)
    s.seat(1).arrows(2)
    s.seat(2).arrows(1)
    s.dice("gatling", "gatling", "dynamite", "dynamite", "slash1", *QUIET)
    t = s.start()
    t.keep().shoot(1)
    req = t.game.pending
    assert isinstance(req, SubsetRequest) and req.pool == (0, 1, 2) and req.high == 2
    t.answer(0, "skill_seats", (0, 1))
    assert (t.arrows(0), t.arrows(1), t.arrows(2)) == (0, 1, 1)


def test_jizhi_only_before_her_own_gatling() -> None:
    # Decision 2 (docs/dice.md, "Second reading"): "X为【万箭齐发】结果的数量": the results are
    # her own dice (Kit Carlson's text); another's 万箭齐发, or her turn without one, asks nothing
    s = DiceScenario(generals=gens(p1="huangyueying"))
    s.seat(2).arrows(2)
    s.dice("gatling", "gatling", "gatling", "dynamite", "dynamite")
    s.dice("slash1", "beer", "dynamite", "dynamite", "slash2")  # her turn: no 万箭齐发
    t = s.start()
    t.keep()
    assert t.hp(1) == 6 and t.arrows(2) == 2 and t.asked() == (1, "reroll")
    t.keep().shoot(2).shoot(3).beer(1)
    assert t.events("skill") == [] and t.current == 2


# 王异(8) 贞烈：你能额外重掷一次骰子。
def test_zhenlie_gives_a_third_reroll() -> None:
    s = DiceScenario(generals=gens(p0="wangyi"))
    s.dice("beer", "beer", "beer", "beer", "beer", "beer", "beer", "beer")
    t = s.start()
    t.reroll(0).reroll(0).reroll(0)
    assert t.asked() == (0, "beer_target")


# 诸葛亮(9) 八阵：你不会受到【万箭齐发】造成的伤害。
def test_bazhen_is_immune_to_gatling() -> None:
    s = DiceScenario(generals=gens(p1="zhugeliang"))
    s.dice("gatling", "gatling", "gatling", "dynamite", "dynamite")
    t = s.start()
    t.keep()
    assert t.hp(1) == 9 and t.hp(2) == 7
    assert t.events("prevented") == [("prevented", 1, "gatling", "bazhen")]


def test_bazhen_not_against_indians() -> None:
    # only "【万箭齐发】造成的伤害": 南蛮入侵 still hurts him
    s = DiceScenario(generals=gens(p1="zhugeliang"))
    s.seat(1).arrows(2)
    s.seat(2).arrows(6)  # the pile holds 1
    s.dice("arrow", "dynamite", "dynamite", "beer", "beer")
    t = s.start()
    assert t.hp(1) == 7 and t.events("prevented") == []


# 郭嘉(8) 遗计：每当你受到1点伤害后，你可以弃置一张【箭】。
def test_yiji_discards_an_arrow_per_point_of_damage() -> None:
    s = DiceScenario(generals=gens(p1="guojia"))
    s.seat(1).arrows(2)
    s.dice("slash1", "dynamite", "dynamite", "gatling", "gatling", *QUIET)
    t = s.start()
    t.keep().shoot(1)
    t.answer(1, "skill_invoke", True)
    assert t.arrows(1) == 1 and t.pile == 8


def test_yiji_on_any_damage_while_he_holds_an_arrow() -> None:
    # "每当你受到1点伤害后，你可以弃置一张【箭】": 闪电's damage too; no 【箭】, no question
    s = DiceScenario(generals=gens(p1="guojia"))
    s.seat(1).arrows(1)
    s.dice("slash1", "slash1", "dynamite", "dynamite", "gatling", *QUIET)
    t = s.start()
    t.keep().shoot(1).shoot(1)
    t.answer(1, "skill_invoke", True)  # the first point; the second finds no 【箭】
    assert t.arrows(1) == 0 and t.hp(1) == 6 and t.asked() == (1, "reroll")
    s = DiceScenario(generals=gens(p0="guojia"))
    s.seat(0).arrows(2)
    s.dice("dynamite", "dynamite", "dynamite", "beer", "beer", *QUIET)
    t = s.start()
    t.answer(0, "skill_invoke", True)
    assert t.arrows(0) == 1 and t.hp(0) == 9 and t.current == 1


# 马超(9) 马术：你可以令你使用【杀】的距离限制+1。
def test_mashu_reaches_one_further() -> None:
    s = DiceScenario(players=7, generals=gens(7, p0="machao"))
    s.dice("slash1", "slash2", "dynamite", "dynamite", "gatling")
    t = s.start()
    t.keep()
    assert sorted(t.choices()) == [1, 2, 5, 6]  # distance 1 or 2
    t.shoot(1)
    assert sorted(t.choices()) == [2, 3, 4, 5]  # distance 2 or 3


# 华佗(8) 青囊：回合开始时，你可以令一名角色回复1点体力。
def test_qingnang_heals_one_player_at_the_start_of_his_turn() -> None:
    s = DiceScenario(generals=gens(p0="huatuo"))
    s.seat(3).hp(5)
    s.dice(*["dynamite", "gatling", "gatling", "beer", "beer"])
    t = s.start()
    assert t.asked() == (0, "skill_target") and t.choices() == [None, 3]
    t.answer(0, "skill_target", 3)
    assert t.hp(3) == 6 and t.events("roll") != []


def test_qingnang_may_heal_himself_and_asks_nothing_when_nobody_is_hurt() -> None:
    # "令一名角色回复1点体力": himself included. Decision 4 (docs/dice.md, "Second reading"): with
    # everyone at full HP it would do nothing, so he is not asked
    s = DiceScenario(generals=gens(p0="huatuo"))
    s.dice(*QUIET)
    t = s.start()
    assert t.asked() == (0, "reroll") and t.events("skill") == []
    s = DiceScenario(generals=gens(p0="huatuo"))
    s.seat(0).hp(5)
    s.dice(*QUIET)
    t = s.start()
    assert t.choices() == [None, 0]
    t.answer(0, "skill_target", 0)
    assert t.hp(0) == 6


# 董卓(8) 酒池：每回合限一次，你可以将一张【酒】的效果改为令一张【杀】造成的伤害值×2。
def test_jiuchi_doubles_a_slash_with_a_beer_that_heals_nobody() -> None:
    s = DiceScenario(generals=gens(p0="dongzhuo"))
    s.seat(0).hp(5)
    s.dice("slash1", "beer", "dynamite", "dynamite", "gatling")
    t = s.start()
    t.keep().shoot(1)
    assert t.choices() == [None, 0]
    t.answer(0, "skill_shot", 0)
    assert t.hp(1) == 6 and t.hp(0) == 5 and t.events("beer") == []


def test_jiuchi_once_a_turn_and_the_other_beer_still_heals() -> None:
    # "每回合限一次" and "将一张【酒】的效果改为…": one 酒 is used, a second one heals as usual
    s = DiceScenario(generals=gens(p0="dongzhuo"))
    s.seat(0).hp(5)
    s.dice("slash1", "slash1", "beer", "beer", "dynamite")
    t = s.start()
    t.keep().shoot(1).shoot(4)
    assert t.choices() == [None, 0, 1]
    t.answer(0, "skill_shot", 1)
    assert t.asked() == (0, "beer_target")
    t.beer(0)
    assert (t.hp(0), t.hp(1), t.hp(4)) == (6, 7, 6)
    assert t.events("beer") == [("beer", 0, 0, 3)] and t.events("skill") == [("skill", 0, "jiuchi")]


def test_jiuchi_declined_the_beer_heals() -> None:
    s = DiceScenario(generals=gens(p0="dongzhuo"))
    s.seat(0).hp(5)
    s.dice("slash1", "beer", "dynamite", "dynamite", "gatling")
    t = s.start()
    t.keep().shoot(1)
    t.answer(0, "skill_shot", None)
    assert t.hp(1) == 7
    t.beer(0)
    assert t.hp(0) == 6


# 吕蒙(8) 克己：回合结束时，若你生效的骰子结果里没有【杀】，你回复2点体力。
def test_keji_heals_two_without_a_slash() -> None:
    s = DiceScenario(generals=gens(p0="lvmeng"))
    s.seat(0).hp(5)
    s.dice("gatling", "gatling", "dynamite", "dynamite", "gatling")
    t = s.start()
    t.keep()
    assert t.hp(0) == 7
    s = DiceScenario(generals=gens(p0="lvmeng"))
    s.seat(0).hp(5)
    s.dice("slash1", "gatling", "dynamite", "dynamite", "gatling")
    t = s.start()
    t.keep().shoot(1)
    assert t.hp(0) == 5


def test_keji_after_three_dynamite_no_die_took_effect() -> None:
    s = DiceScenario(generals=gens(p0="lvmeng"))
    s.seat(0).hp(5)
    s.dice("slash1", "dynamite", "dynamite", "dynamite", "gatling")
    t = s.start()
    assert t.hp(0) == 5 - 1 + 2


# 曹丕(9) 行殇：每当一名角色死亡时，你回复2点体力。
def test_xingshang_heals_two_per_death() -> None:
    s = DiceScenario(generals=gens(p2="caopi"))
    s.seat(2).hp(4)
    s.seat(1).hp(1)
    s.dice("slash1", "dynamite", "dynamite", "gatling", "gatling")
    t = s.start()
    t.keep().shoot(1)
    assert t.hp(2) == 6


def test_xingshang_two_deaths_at_once_heal_two_each() -> None:
    # "每当一名角色死亡时": each death, also when two die of one 万箭齐发
    s = DiceScenario(generals=gens(p4="caopi"))  # the loyalist
    s.seat(4).hp(3)
    s.seat(1).hp(1)
    s.seat(2).hp(1)
    s.dice("gatling", "gatling", "gatling", "dynamite", "dynamite", *QUIET)
    t = s.start()
    t.keep()  # seats 1 and 2 die; seat 3, a rebel, lives on
    assert not t.over and t.hp(4) == 3 - 1 + 2 + 2


# 袁绍(8) 乱击：你使用【万箭齐发】需要的结果数改为2。
def test_luanji_fires_with_two_gatling() -> None:
    s = DiceScenario(generals=gens(p0="yuanshao"))
    s.dice("gatling", "gatling", "dynamite", "dynamite", "beer")
    t = s.start()
    t.keep().beer(0)
    assert [t.hp(i) for i in range(1, 5)] == [7, 7, 7, 7]
