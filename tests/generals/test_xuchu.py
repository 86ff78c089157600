"""许褚: 裸衣 (003 "人物技能详解"; docs/rules.md "许褚 xuchu")."""

from __future__ import annotations

from sgscore.sanguosha.model import LORD, LOYALIST, REBEL, RENEGADE
from sgscore.testing import Scenario
from sgscore.testing import check_conservation as assert_conserved

# 003 裸衣: "出牌阶段，如果自己没装备武器牌，用杀攻击成功后（不包括决斗），对方受到两点体力伤害。"
# docs/rules.md "许褚 xuchu": without a weapon; this first-edition text has no draw penalty; not a
# duel's 杀.


def test_luoyi_without_a_weapon_his_slash_deals_two() -> None:
    # 003 裸衣: "如果自己没装备武器牌，用杀攻击成功后...对方受到两点体力伤害"
    s = Scenario(players=4, generals=["xuchu", None, None, None])
    s.seat(0).hand("slash")
    t = s.start(seat=0, phase="play").mark()
    t.play(t.card(0, "slash"), 1)
    assert t.hp(1) == 2
    assert ("skill", 0, "luoyi") in t.events("skill")
    assert ("damage", 0, 1, 2, 2, "slash") in t.events("damage")
    assert len(t.hand(0)) == 0  # no draw penalty in this text (docs/rules.md "许褚 xuchu")
    assert_conserved(t.game)


def test_luoyi_not_with_a_weapon() -> None:
    # 003 裸衣: "如果自己没装备武器牌"
    s = Scenario(players=4, generals=["xuchu", None, None, None])
    s.seat(0).hand("slash").equip("qinggang_sword")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "slash"), 1)
    assert t.hp(1) == 3
    assert ("skill", 0, "luoyi") not in t.events("skill")


def test_luoyi_armor_and_horses_do_not_count() -> None:
    # 003 裸衣 names only "武器牌": armor and horses leave him 裸衣.
    s = Scenario(players=4, generals=["xuchu", None, None, None])
    s.seat(0).hand("slash").equip("eight_diagram", "chitu", "dilu")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "slash"), 2)  # distance 1 with the -1 horse
    assert t.hp(2) == 2


def test_luoyi_not_when_the_slash_is_dodged() -> None:
    # 003 裸衣: "用杀攻击成功后" — a dodged 杀 deals nothing.
    s = Scenario(players=4, generals=["xuchu", None, None, None])
    s.seat(0).hand("slash")
    s.seat(1).hand("jink")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "slash"), 1)
    t.answer(1, "respond", t.card(1, "jink"))
    assert t.hp(1) == 4


def test_luoyi_when_eight_diagram_fails() -> None:
    # 003 八卦阵: "若判定结果为红色花色...则等效于出了一张闪；否则需再出闪" — a black judgement and no
    # 闪: the 杀 hits, for 2.
    s = Scenario(players=4, generals=["xuchu", None, None, None])
    s.seat(0).hand("slash")
    s.seat(1).equip("eight_diagram")
    s.top("dismantlement S3")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "slash"), 1)
    t.answer(1, "respond", ("eight_diagram",))
    assert t.hp(1) == 2


def test_luoyi_not_in_a_duel() -> None:
    # 003 裸衣: "（不包括决斗）"
    s = Scenario(players=4, generals=["xuchu", None, None, None])
    s.seat(0).hand("duel", "slash")
    s.seat(1).hand("slash")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "duel"), 1)
    t.answer(1, "respond", t.card(1, "slash"))
    t.answer(0, "respond", t.card(0, "slash"))
    assert t.hp(1) == 3  # the duel's damage is 1


def test_luoyi_not_for_savage_assault() -> None:
    # 003 裸衣 is about "用杀攻击": 南蛮入侵 deals its own 1 damage.
    s = Scenario(players=4, generals=["xuchu", None, None, None])
    s.seat(0).hand("savage_assault")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "savage_assault"))
    assert [t.hp(i) for i in (1, 2, 3)] == [3, 3, 3]


def test_luoyi_not_with_a_borrowed_weapon() -> None:
    # Ruling (Luoyi docstring): a weapon borrowed with 借刀杀人 is his weapon meanwhile (003 借刀杀人:
    # "使用所借武器的攻击距离和技能"), so he is not 裸衣.
    s = Scenario(players=5, generals=["xuchu", None, None, None, None])
    s.seat(0).hand("collateral", "slash")
    s.seat(2).equip("blade")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "collateral"), 2)
    t.play(t.card(0, "slash"), 2)
    assert t.hp(2) == 3


def test_luoyi_a_moved_slash_still_deals_two() -> None:
    # 003 流离: "将这张杀的攻击对象转移" — the 杀 is still his, and hits its new target for 2.
    s = Scenario(players=4, generals=["xuchu", "daqiao", None, None])
    s.seat(0).hand("slash")
    s.seat(1).hand("peach")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "slash"), 1)
    t.answer(1, "invoke", True)
    assert t.hp(1) == 3 and t.hp(2) == 2


def test_luoyi_against_caocao_he_gains_the_slash() -> None:
    # 003 奸雄: "可立即获得所有对自己造成体力伤害的牌。包括杀" — two damage, one 杀 gained.
    s = Scenario(players=4, generals=["caocao", "xuchu", None, None],
                 roles=[LORD, REBEL, LOYALIST, RENEGADE])
    s.seat(1).hand("slash")
    t = s.start(seat=1, phase="play")
    slash = t.card(1, "slash")
    t.play(slash, 0)
    t.answer(0, "respond", None)  # 曹操 asks no 护驾 (许褚 is the only other Wei player)
    t.answer(0, "invoke", True)
    assert t.hp(0) == 2 and t.hand(0) == [slash]
    assert_conserved(t.game)


def test_luoyi_against_simayi_one_card_for_two_damage() -> None:
    # 003 反馈: "若有玩家对自己造成体力伤害，随机抽取对方一张手牌" — one damage event of 2: one card.
    s = Scenario(players=4, generals=["xuchu", "simayi", None, None])
    s.seat(0).hand("slash", "peach", "peach").hp(2)  # a 桃 left keeps his play phase going
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "slash"), 1)
    assert t.hp(1) == 1
    t.expect(0, "play")
    assert len(t.hand(1)) == 1 and len(t.hand(0)) == 1
    assert_conserved(t.game)


def test_luoyi_two_damage_at_one_hp_needs_two_peaches() -> None:
    # 003 桃: "又如某角色有2点体力值，他受到闪电的伤害，则需要2个桃才能恢复到1点体力值" — the same
    # with 裸衣: at 1 HP, 2 damage leaves -1, and two 桃 are needed.
    s = Scenario(players=4, generals=["xuchu", None, None, None],
                 roles=[LORD, REBEL, LOYALIST, RENEGADE])
    s.seat(0).hand("slash")
    s.seat(1).hand("peach", "peach").hp(1)
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "slash"), 1)
    assert ("dying", 1, -1) in t.events("dying")
    t.answer(1, "respond", t.card(1, "peach", 0))
    t.answer(1, "respond", t.card(1, "peach", 1))
    assert t.p(1).alive and t.hp(1) == 1
