"""The 16 generals of 000, each with its text and RULINGS §9's clarification, as scenarios.

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


# 张角(8) 鬼道：你能重掷【闪电】。
def test_guidao_rerolls_dynamite() -> None:
    s = DiceScenario(generals=gens(p0="zhangjiao"))
    s.dice("dynamite", "dynamite", "beer", "beer", "gatling")
    t = s.start()
    req = t.game.pending
    assert isinstance(req, SubsetRequest) and req.pool == (0, 1, 2, 3, 4)
    t.dice("gatling", "gatling").reroll(0, 1)
    assert t.faces[:2] == ["gatling", "gatling"]


# 赵云(8) 龙胆：你可以将【杀①】和【杀②】互换使用。
def test_longdan_uses_a_near_slash_as_a_far_one() -> None:
    s = DiceScenario(generals=gens(p0="zhaoyun"))
    s.dice("slash1", "dynamite", "dynamite", "gatling", "gatling")
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


# 郭嘉(8) 遗计：每当你受到1点伤害后，你可以弃置一张【箭】。
def test_yiji_discards_an_arrow_per_point_of_damage() -> None:
    s = DiceScenario(generals=gens(p1="guojia"))
    s.seat(1).arrows(2)
    s.dice("slash1", "dynamite", "dynamite", "gatling", "gatling", *QUIET)
    t = s.start()
    t.keep().shoot(1)
    t.answer(1, "skill_invoke", True)
    assert t.arrows(1) == 1 and t.pile == 8


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


# 袁绍(8) 乱击：你使用【万箭齐发】需要的结果数改为2。
def test_luanji_fires_with_two_gatling() -> None:
    s = DiceScenario(generals=gens(p0="yuanshao"))
    s.dice("gatling", "gatling", "dynamite", "dynamite", "beer")
    t = s.start()
    t.keep().beer(0)
    assert [t.hp(i) for i in range(1, 5)] == [7, 7, 7, 7]
