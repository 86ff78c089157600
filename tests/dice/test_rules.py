"""The rules of 三国掷 as docs/dice.md "How 000 is read" reads 000, one scenario each; the comments
quote 000."""

from __future__ import annotations

from collections import Counter

import pytest

from sgscore.core.protocol import IllegalChoice, SubsetRequest
from sgscore.dice import DiceConfig, DiceGame
from sgscore.dice.testing import DiceScenario, check_arrows

QUIET = ("gatling", "gatling", "dynamite", "dynamite", "slash1")
"""Five faces that set nothing off at once (no 南蛮箭, fewer than 3 闪电 and 万箭齐发)."""


# ---------------------------------------------------------------------------- setup
def test_roles_follow_the_table_of_000() -> None:
    # 000 "游戏准备": 4人局：1主 1内 2反 / 5人局：1主 1内 2反 1忠 / 6人局：1主 1内 3反 1忠 /
    # 7人局：1主 1内 3反 2忠 / 8人局：1主 2内 3反 2忠
    table = {4: (1, 0, 2, 1), 5: (1, 1, 2, 1), 6: (1, 1, 3, 1), 7: (1, 2, 3, 1), 8: (1, 2, 3, 2)}
    for n, (lord, loyal, rebel, renegade) in table.items():
        g = DiceGame(DiceConfig(players=n), seed=n)
        roles = Counter(p.role for p in g.players)
        assert roles == Counter(lord=lord, loyalist=loyal, rebel=rebel, renegade=renegade) - \
            Counter(), n


def test_the_lord_has_two_more_hp_is_shown_and_starts() -> None:
    # 000: "主公的初始体力+2" / "分到主公身份牌的玩家明置之" / "游戏由从主公开始"
    from sgscore.dice.model import GENERALS

    for seed in range(6):
        g = DiceGame(DiceConfig(players=5), seed)
        lord = next(p for p in g.players if p.role == "lord")
        for p in g.players:
            assert p.max_hp == p.hp == GENERALS[p.general].hp + (2 if p is lord else 0)
        turns = [e for e in g.events if e[0] == "turn"]
        assert turns[0][1][2] == lord.seat
        shown = [e[1] for e in g.events if e[0] == "role"]
        assert shown == [(lord.seat, "lord")]
        dealt = [e for e in g.events if e[0] == "role_dealt"]
        assert len(dealt) == 4 and all(e[2] == 1 << e[1][0] for e in dealt)


def test_roles_and_generals_are_shuffled_then_dealt() -> None:
    # 000 "游戏准备": 洗匀后随机分给每个玩家一张 / 洗匀武将牌后随机分给每名玩家一张
    lords, tables = set(), set()
    for seed in range(12):
        g = DiceGame(DiceConfig(players=5), seed)
        lords.add(next(p.seat for p in g.players if p.role == "lord"))
        generals = tuple(p.general for p in g.players)
        assert len(set(generals)) == 5  # one card each, out of one deck of 16
        tables.add(generals)
    assert len(lords) > 1 and len(tables) > 1


def test_turns_go_round_from_the_lord_skipping_the_dead() -> None:
    s = DiceScenario(players=5)
    s.seat(1).dead()
    s.dice(*QUIET)
    t = s.start()
    t.keep().shoot(4)
    assert t.current == 2  # seat 1 is dead: the turn passes to seat 2


# ---------------------------------------------------------------------------- rolling
def test_arrows_are_taken_at_once_and_a_kept_arrow_gives_none_again() -> None:
    # 000: "【南蛮箭】（掷出此结果立即结算，而非回合结束才结算。）你依次获得等同于【南蛮箭】结果数量的【箭】"
    s = DiceScenario(players=4)
    s.dice("arrow", "arrow", "beer", "beer", "gatling")
    t = s.start()
    assert t.arrows(0) == 2 and t.pile == 7 and t.asked() == (0, "reroll")
    t.dice("gatling").reroll(2)  # dice 0 and 1 still show 南蛮箭: no new 【箭】
    assert t.arrows(0) == 2
    t.dice("arrow").reroll(0)  # a rerolled die showing 南蛮箭 again gives one more
    assert t.arrows(0) == 3 and t.pile == 6
    check_arrows(t.game)


def test_the_last_arrow_sets_off_indians_then_the_rest_come_from_the_refilled_pile() -> None:
    # 000: "当牌堆被摸光，则触发【南蛮入侵】，所有角色同时受到X点伤害（X为等同于其拥有的【箭】的数量），
    # 然后弃置所有【箭】"
    s = DiceScenario(players=4)
    s.seat(1).arrows(3)
    s.seat(2).arrows(4)  # the pile holds 2
    s.dice("arrow", "arrow", "arrow", "beer", "gatling")
    t = s.start()
    assert t.hp(0) == 10 - 2 and t.hp(1) == 8 - 3 and t.hp(2) == 8 - 4 and t.hp(3) == 8
    assert t.arrows(0) == 1 and t.arrows(1) == t.arrows(2) == 0 and t.pile == 8
    damage = t.events("damage")
    assert all(e[3] is None and e[4] == "indians" for e in damage)  # no source
    assert len(t.events("indians")) == 1
    check_arrows(t.game)


def test_three_dynamite_deal_one_damage_and_end_the_turn_unresolved() -> None:
    # 000: "若【闪电】的结果数不小于3，你受到1点伤害，然后直接结束回合"
    s = DiceScenario(players=4)
    s.dice("dynamite", "dynamite", "dynamite", "slash1", "gatling")
    t = s.start()
    assert t.hp(0) == 9 and t.current == 1
    assert t.events("resolve") == [] and t.events("slash") == []
    assert t.events("damage")[0][3:5] == (None, "dynamite")


def test_arrows_resolve_before_three_dynamite_end_the_turn() -> None:
    # 000 "骰子的结果须按以下顺序结算": 1.【南蛮箭】 before 2.【闪电】, both "立即结算"
    s = DiceScenario(players=4)
    s.dice("arrow", "dynamite", "dynamite", "dynamite", "slash1", *QUIET)
    t = s.start()
    assert t.arrows(0) == 1 and t.hp(0) == 9 and t.current == 1
    assert [e[0] for e in t.events() if e[0] in ("arrow", "dynamite")] == ["arrow", "dynamite"]


def test_a_roller_killed_by_his_own_indians_does_nothing_more() -> None:
    # 000 "伤害和死亡": "死亡角色不再参与游戏" — no reroll, no dice resolved; the next living
    # player's turn follows
    s = DiceScenario(players=5)
    s.seat(2).hp(2).arrows(1)
    s.seat(1).arrows(7)  # the pile holds 1
    s.dice("arrow", "slash1", "beer", "gatling", "gatling", *QUIET)
    t = s.start(seat=2)
    assert not t.alive(2) and t.hp(1) == 1
    assert t.events("death") == [("death", 2, "rebel", None)]
    assert t.events("resolve") == [] and t.asked() == (3, "reroll")


def test_dynamite_cannot_be_rerolled_and_accumulates_over_rerolls() -> None:
    # 000: "注意：1.【闪电】不能重掷"
    s = DiceScenario(players=4)
    s.dice("dynamite", "dynamite", "beer", "beer", "gatling")
    t = s.start()
    req = t.game.pending
    assert isinstance(req, SubsetRequest) and req.pool == (2, 3, 4)
    with pytest.raises(IllegalChoice):
        t.game.submit((0,))
    t.dice("dynamite").reroll(2)  # a third 闪电: the turn ends at once
    assert t.hp(0) == 9 and t.current == 1


def test_two_rerolls_then_the_dice_resolve_and_kept_dice_may_be_rerolled() -> None:
    # 000: "若你本回合累计重掷过2次骰子，进行第4步" / docs/dice.md "How 000 is read": earlier kept
    # dice may be rerolled
    s = DiceScenario(players=4)
    s.dice("beer", "beer", "beer", "beer", "beer")
    t = s.start()
    t.dice("beer").reroll(0)
    t.dice("beer", "beer").reroll(0, 1)  # die 1, kept at the first reroll, is rerolled now
    assert t.asked() == (0, "beer_target")  # no third reroll: the dice resolve
    assert [e[2] for e in t.events("roll")] == [0, 1, 2]


def test_the_empty_choice_ends_rolling() -> None:
    s = DiceScenario(players=4)
    s.dice(*QUIET)
    t = s.start()
    t.keep()
    assert t.events("resolve") == [("resolve", 0, QUIET)]


# ---------------------------------------------------------------------------- 杀
def test_near_and_far_slash_distances_count_living_players_only() -> None:
    # 000: "近【杀】。你对距离为1的一名角色造成1点伤害。远【杀】。你对距离为2的一名角色造成1点伤害。"
    # "计算距离不考虑死亡角色。"
    s = DiceScenario(players=5)
    s.dice("slash1", "slash2", "beer", "dynamite", "gatling")
    t = s.start()
    t.keep()
    assert sorted(t.choices()) == [1, 4]
    t.shoot(1)
    assert sorted(t.choices()) == [2, 3]
    s = DiceScenario(players=5)
    s.seat(1).dead()
    s.dice("slash2", "dynamite", "gatling", "gatling", "beer")
    t = s.start()
    t.keep()  # living 0, 2, 3, 4: only seat 3 is at distance 2 (forced, not asked)
    assert t.events("slash") == [("slash", 0, 3, 0, "slash2")]


def test_far_slash_is_a_near_slash_with_three_or_fewer_living() -> None:
    # 000: "若存活角色数不大于3，则效果和近【杀】相同。"
    s = DiceScenario(players=5)
    s.seat(1).dead()
    s.seat(2).dead()
    s.dice("slash2", "dynamite", "gatling", "gatling", "beer")
    t = s.start()
    t.keep()
    assert sorted(t.choices()) == [3, 4]


def test_slashes_resolve_together_on_the_distances_before_any_damage() -> None:
    # 000: "◆近【杀】和远【杀】同时结算。"
    s = DiceScenario(players=5)
    s.seat(1).hp(1)
    s.dice("slash1", "slash2", "dynamite", "gatling", "beer")
    t = s.start()
    t.keep().shoot(1).shoot(2)  # seat 2 is at distance 2 while seat 1 lives
    assert not t.alive(1) and t.hp(2) == 7


def test_every_die_must_be_used() -> None:
    # 000: "你不能跳过某个骰子结果的结算，必须全部用上。"
    s = DiceScenario(players=5)
    s.dice("slash1", "beer", "dynamite", "gatling", "gatling")
    t = s.start()
    t.keep()
    assert None not in t.choices()
    t.shoot(1)
    assert None not in t.choices() and t.asked() == (0, "beer_target")


# ---------------------------------------------------------------------------- 酒, 万箭齐发
def test_beer_heals_anyone_living_and_may_be_wasted_on_full_hp() -> None:
    # 000: "【酒】。你令一名角色回复1点体力。（你可以选择未受伤的角色而不执行效果。）"
    s = DiceScenario(players=4)
    s.seat(2).hp(5)
    s.dice("beer", "beer", "dynamite", "gatling", "gatling")
    t = s.start()
    t.keep()
    assert sorted(t.choices()) == [0, 1, 2, 3]
    t.beer(2).beer(1)
    assert t.hp(2) == 6 and t.hp(1) == 8
    assert t.events("heal")[-1] == ("heal", 1, 0, 8, "beer")


def test_three_gatling_discard_your_arrows_and_hit_every_other_player() -> None:
    # 000: "若【万箭齐发】结果数不小于3，你弃置所有【箭】，然后对每名其他角色各造成1点伤害。"
    s = DiceScenario(players=4)
    s.seat(0).arrows(2)
    s.dice("gatling", "gatling", "gatling", "dynamite", "dynamite")
    t = s.start()
    t.keep()
    assert t.events("arrows_back") == [("arrows_back", 0, 2, 9, "gatling")]
    assert [t.hp(i) for i in range(4)] == [10, 7, 7, 7]
    assert {e[3] for e in t.events("damage")} == {0}  # the source is the shooter


def test_two_gatling_do_nothing() -> None:
    s = DiceScenario(players=4)
    s.seat(0).arrows(2)
    s.dice("gatling", "gatling", "dynamite", "dynamite", "slash1")
    t = s.start()
    t.keep().shoot(1)
    assert t.arrows(0) == 2 and t.hp(2) == 8


def test_the_final_dice_resolve_slash_then_beer_then_gatling() -> None:
    # 000: "骰子的结果须按以下顺序结算": 3 杀, 4 酒, 5 万箭齐发
    s = DiceScenario(players=4)
    s.dice("gatling", "beer", "gatling", "slash1", "gatling")
    t = s.start()
    t.keep().shoot(1).beer(1)
    kinds = [e[0] for e in t.events() if e[0] in ("slash", "beer", "gatling")]
    assert kinds == ["slash", "beer", "gatling"]
    assert t.hp(1) == 8 - 1 + 1 - 1


# ---------------------------------------------------------------------------- death, victory
def test_death_reveals_the_role_and_returns_the_arrows() -> None:
    # 000: "若角色体力扣减到0则死亡，明置身份牌，再弃置其所有【箭】。"
    s = DiceScenario(players=5)
    s.seat(1).hp(1).arrows(3)
    s.dice("slash1", "dynamite", "dynamite", "beer", "gatling")
    t = s.start()
    t.keep().shoot(1)
    assert t.events("death") == [("death", 1, "renegade", 0)]
    assert t.arrows(1) == 0 and t.pile == 9


def test_the_lords_death_gives_the_rebels_the_game() -> None:
    # 000: "若主公死亡，存活的角色为一名内奸则此内奸胜利，否则反贼胜利。"
    s = DiceScenario(players=4)
    s.seat(0).hp(1)
    s.dice("slash1", "dynamite", "dynamite", "beer", "gatling")
    t = s.start(seat=1)
    t.keep().shoot(0)
    assert (t.winner, t.reason) == ("rebel", "lord_died")
    assert t.events("game_over") == [("game_over", "rebel", "lord_died")]


def test_a_lone_renegade_wins_when_the_lord_dies() -> None:
    s = DiceScenario(players=4)  # seat 1 is the renegade
    s.seat(0).hp(1)
    s.seat(2).dead()
    s.seat(3).dead()
    s.dice("slash1", "dynamite", "dynamite", "beer", "gatling")
    t = s.start(seat=1)
    t.keep()
    assert (t.winner, t.reason) == ("renegade", "lord_died")


def test_the_lords_death_with_two_renegades_left_is_a_rebel_win() -> None:
    # 000: "若主公死亡，存活的角色为一名内奸则此内奸胜利，否则反贼胜利。" — one renegade, not two
    # (8人局：1主 2内 3反 2忠)
    s = DiceScenario(players=8)  # seats 1 and 2 are the renegades
    s.seat(0).hp(1)
    for i in range(3, 8):
        s.seat(i).dead()
    s.dice("slash1", "dynamite", "dynamite", "beer", "gatling")
    t = s.start(seat=1)
    t.keep().shoot(0)
    assert (t.winner, t.reason) == ("rebel", "lord_died")


def test_the_lord_wins_when_every_rebel_and_renegade_is_dead() -> None:
    # 000: "若所有的内奸和反贼均死亡，则主公和忠臣胜利。"
    # "死亡角色不再参与游戏，但仍可能胜利": the result names the side, the dead loyalist included
    s = DiceScenario(players=5)
    s.seat(1).dead()
    s.seat(2).dead()
    s.seat(3).hp(1)
    s.seat(4).dead()  # the loyalist
    s.dice("gatling", "gatling", "gatling", "dynamite", "dynamite")
    t = s.start()
    t.keep()
    assert (t.winner, t.reason) == ("lord", "rebels_and_renegades_dead")


def test_everyone_dead_at_once_is_a_rebel_win() -> None:
    # 000: "注意：所有角色同时死亡，视为反贼胜利哦。"
    s = DiceScenario(players=4)
    for i in range(4):
        s.seat(i).hp(2).arrows(2)  # 8 held, 1 in the pile
    s.dice("arrow", "beer", "beer", "beer", "beer")
    t = s.start()
    assert (t.winner, t.reason) == ("rebel", "all_dead")
    assert len(t.events("death")) == 4


# ---------------------------------------------------------------------------- 3 players
def test_three_players_show_every_role_and_the_loyalist_starts() -> None:
    # 000: "3人局的身份分配为忠臣、内奸和反贼，玩家随机获得身份牌后全部明置。" "游戏由忠臣开始回合"
    for seed in range(5):
        g = DiceGame(DiceConfig(players=3), seed)
        assert sorted(p.role for p in g.players) == ["loyalist", "rebel", "renegade"]
        assert len([e for e in g.events if e[0] == "role"]) == 3
        loyalist = next(p for p in g.players if p.role == "loyalist")
        assert [e for e in g.events if e[0] == "turn"][0][1][2] == loyalist.seat
        assert all(p.hp == p.max_hp for p in g.players)
        from sgscore.dice.model import GENERALS

        assert all(p.hp == GENERALS[p.general].hp for p in g.players)  # no lord, no +2


def test_three_players_win_by_killing_their_own_target() -> None:
    # 000: "游戏目标为：忠臣——亲自杀死内奸；内奸——亲自杀死反贼；反贼——亲自杀死忠臣。"
    s = DiceScenario(players=3)  # 0 loyalist, 1 renegade, 2 rebel
    s.seat(1).hp(1)
    s.dice("slash1", "dynamite", "dynamite", "beer", "gatling")
    t = s.start()
    t.keep().shoot(1)
    assert (t.winner, t.reason) == ("loyalist", "goal")


def test_three_players_a_target_killed_by_another_turns_the_rest_against_each_other() -> None:
    # 000: "如果达成目标需要杀死的角色并非由自己杀死，则剩余的角色把目标改为互相消灭对方。"
    s = DiceScenario(players=3)
    s.seat(0).hp(1)
    s.seat(2).hp(1)  # the rebel, the renegade's target
    s.dice("slash1", "dynamite", "dynamite", "beer", "gatling")
    s.dice("slash1", "dynamite", "dynamite", "gatling", "gatling")  # the renegade's turn
    t = s.start()
    t.keep().shoot(2)  # the loyalist kills the rebel: nobody's goal met by their own hand
    assert not t.over and t.events("duel") == [("duel", (0, 1))]
    t.beer(1)
    t.keep()  # the renegade's 杀 at the loyalist, the only one left: forced
    assert (t.winner, t.reason) == ("renegade", "last_standing")


def test_three_players_all_dead_at_once_is_a_rebel_win() -> None:
    # 000 "游戏结束": "注意：所有角色同时死亡，视为反贼胜利哦。" — at 3 players too
    s = DiceScenario(players=3)
    for i in range(3):
        s.seat(i).hp(2).arrows(2)  # 6 held, 3 in the pile
    s.dice("arrow", "arrow", "arrow", "beer", "beer")
    t = s.start()
    assert (t.winner, t.reason) == ("rebel", "all_dead")
    assert len(t.events("death")) == 3


def test_three_players_the_two_left_dying_together_is_a_rebel_win() -> None:
    # Decision (docs/dice.md, "Second reading"): "所有角色同时死亡" counts the players still in
    # the game ("死亡角色不再参与游戏"): when the two left "互相消灭对方" die at once, the rebels
    # win, even a rebel who died before
    s = DiceScenario(players=3)  # 0 loyalist, 1 renegade, 2 rebel
    s.seat(0).hp(2).arrows(3)
    s.seat(1).hp(2).arrows(3)  # 6 held, 3 in the pile
    s.seat(2).hp(1)
    s.dice("slash1", "dynamite", "dynamite", "gatling", "gatling")
    s.dice("arrow", "arrow", "arrow", "beer", "beer")  # the renegade's turn
    t = s.start()
    t.keep().shoot(2)  # the loyalist kills the rebel, the renegade's target: a duel
    assert t.events("duel") == [("duel", (0, 1))]
    assert (t.winner, t.reason) == ("rebel", "all_dead")  # 南蛮入侵 kills both


def test_round_cap_is_a_draw() -> None:
    s = DiceScenario(players=4, max_rounds=1)
    s.dice(*(QUIET * 4))
    t = s.start()
    for seat in range(4):
        t.keep().shoot(1 if seat == 0 else 0 if seat == 1 else seat - 1)
    assert (t.winner, t.reason) == (None, "round_cap")
