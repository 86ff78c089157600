"""000's worked example turn ("例如：牌堆只剩一张【箭】。主公6体力拥有一张【箭】开始回合…"), step by step.

One slip in 000's text: "主公决定保留近【杀】，重掷【南蛮箭】、【南蛮箭】、近【杀】" keeps the 近杀 and rerolls
three dice; the third must be the 万箭齐发 (the only other die besides the 闪电), since the 近杀 is
still there for the second reroll ("选择了【酒】和近【杀】").
"""

from __future__ import annotations

from sgscore.dice.testing import DiceScenario, check_arrows


def test_the_worked_example_turn_of_000() -> None:
    s = DiceScenario(players=5)
    # "牌堆只剩一张【箭】。主公6体力拥有一张【箭】开始回合"
    s.seat(0).hp(6).arrows(1)
    s.seat(1).arrows(3)
    s.seat(2).arrows(2)
    s.seat(3).arrows(2)
    # "掷出的结果为【万箭齐发】、【南蛮箭】、【南蛮入侵】、近【杀】、【闪电】" (two 南蛮箭)
    s.dice("gatling", "arrow", "arrow", "slash1", "dynamite")
    t = s.start()

    # "首先他须依次获得两张【箭】，先获得牌堆里最后的【箭】，触发【南蛮入侵】。所有角色根据拥有的【箭】的数量
    # 受到相应点数的伤害（其中主公受到2点伤害），然后弃置所有【箭】。【南蛮入侵】结算完毕后，主公继续获得第二张【箭】。"
    kinds = [e[0] for e in t.events() if e[0] in ("arrow", "indians", "damage", "arrows_back")]
    assert kinds[:3] == ["arrow", "indians", "damage"] and kinds[-1] == "arrow"
    assert [t.hp(i) for i in range(5)] == [4, 5, 6, 6, 8]
    # "此时牌堆里有八张【箭】，主公4体力拥有一张【箭】"
    assert t.pile == 8 and t.arrows(0) == 1 and t.hp(0) == 4
    check_arrows(t.game)

    # "由于【闪电】不能重掷，主公决定保留近【杀】，重掷【南蛮箭】、【南蛮箭】、【万箭齐发】。
    # 重掷的结果为【万箭齐发】、【万箭齐发】、【酒】。"
    assert 4 not in t.game.pending.pool  # type: ignore[union-attr]
    t.dice("gatling", "gatling", "beer").reroll(0, 1, 2)
    assert t.faces == ["gatling", "gatling", "beer", "slash1", "dynamite"]

    # "因为希望触发【万箭齐发】，主公在第二次重掷时选择了【酒】和近【杀】。第二次重掷的结果为【万箭齐发】、远【杀】。"
    t.dice("gatling", "slash2").reroll(2, 3)
    # "因为主公本回合累计重掷过2次骰子，回合结束。"
    # "主公的最终结果为：【闪电】、【万箭齐发】、【万箭齐发】、【万箭齐发】、远【杀】。"
    assert t.events("resolve")[-1] == ("resolve", 0, ("gatling", "gatling", "gatling", "slash2",
                                                      "dynamite"))

    # "主公须先结算远【杀】，对距离为2的一名角色造成1点伤害。"
    assert sorted(t.choices()) == [2, 3]
    t.shoot(2)
    # "然后触发【万箭齐发】，主公弃置所有【箭】，然后对每名其他角色同时造成1点伤害。"
    assert [t.hp(i) for i in range(5)] == [4, 4, 4, 5, 7]
    # "最后主公4体力拥有零张【箭】。"
    assert t.hp(0) == 4 and t.arrows(0) == 0
    assert t.events("arrows_back")[-1] == ("arrows_back", 0, 1, 9, "gatling")
