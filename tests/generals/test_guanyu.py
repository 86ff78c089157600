"""关羽: 武圣 (003 "人物技能详解"; docs/rules.md "关羽 guanyu")."""

from __future__ import annotations

import pytest

from sgscore.core.protocol import Choice, IllegalChoice
from sgscore.sanguosha.cards import OFFENSE_HORSE, WEAPON
from sgscore.sanguosha.model import LORD, LOYALIST, REBEL, RENEGADE
from sgscore.testing import Scenario
from sgscore.testing import check_conservation as assert_conserved

# 003 武圣: "需要出杀时，可以用任意红色花色（红桃、方块）的手牌或已装备的装备牌代替杀使用。"
# docs/rules.md "关羽 guanyu": a card conversion: the card is "as" 杀 with the original's suit and
# rank.


def _wusheng(choices: list[Choice], card: int) -> set[tuple[int, ...]]:
    """The targets offered for ``card`` used with 武圣."""
    return {c[2] for c in choices
            if isinstance(c, tuple) and c[0] == "wusheng" and c[1] == (card,)}


def test_wusheng_a_red_hand_card_used_as_slash_in_the_play_phase() -> None:
    # 003 武圣: "可以用任意红色花色（红桃、方块）的手牌...代替杀使用"
    s = Scenario(players=4, generals=["guanyu", None, None, None])
    s.seat(0).hand("peach H3")
    t = s.start(seat=0, phase="play")
    peach = t.card(0, "peach H3")
    t.skill("wusheng", (peach,), (1,))
    assert ("use", 0, "slash", (peach,), (1,), "wusheng") in t.events("use")
    assert t.hp(1) == 3  # seat 1 has no 闪
    assert peach in t.game.discard_pile
    assert_conserved(t.game)


def test_wusheng_hearts_and_diamonds_but_never_black_cards() -> None:
    # 003 武圣: "任意红色花色（红桃、方块）" — a black card is no 杀 for him.
    s = Scenario(players=4, generals=["guanyu", None, None, None])
    s.seat(0).hand("jink D2", "ex_nihilo H7", "dismantlement S3", "duel CA", "slash H10")
    t = s.start(seat=0, phase="play")
    used = {c[1] for c in t.choices() if isinstance(c, tuple) and c[0] == "wusheng"}
    assert used == {(t.card(0, "jink D2"),), (t.card(0, "ex_nihilo H7"),)}
    # A red 杀 is used as itself; it is not offered a second time through 武圣.
    assert (t.card(0, "slash H10"), 1) in t.choices()
    with pytest.raises(IllegalChoice):
        t.skill("wusheng", (t.card(0, "duel CA"),), (1,))


def test_wusheng_slash_keeps_the_red_suit_against_renwang_shield() -> None:
    # docs/rules.md "关羽 guanyu": "as" 杀 with the original's suit; 仁王盾 (docs/rules.md "EX
    # cards"): black 杀 have no effect — a red one does.
    s = Scenario(players=4, generals=["guanyu", None, None, None], packs=("standard", "ex"))
    s.seat(0).hand("jink D3")
    s.seat(1).equip("renwang_shield")
    t = s.start(seat=0, phase="play")
    t.skill("wusheng", (t.card(0, "jink D3"),), (1,))
    assert t.hp(1) == 3
    assert not t.events("no_effect")


def test_wusheng_counts_as_the_one_slash_of_the_play_phase() -> None:
    # 003 杀: "一名玩家一回合只能用杀攻击一次" — a 杀 by 武圣 is that one 杀.
    s = Scenario(players=4, generals=["guanyu", None, None, None])
    s.seat(0).hand("jink D2", "peach H3", "slash").hp(3)
    t = s.start(seat=0, phase="play")
    t.skill("wusheng", (t.card(0, "jink D2"),), (1,))
    assert t.choices() == [None, (t.card(0, "peach H3"),)]  # the 桃 only: no second 杀


def test_wusheng_an_equipped_card_as_slash() -> None:
    # 003 武圣: "...或已装备的装备牌代替杀使用" — an equipped red horse is a 杀 too.
    s = Scenario(players=4, generals=["guanyu", None, None, None])
    s.seat(0).equip("zixing DK")
    t = s.start(seat=0, phase="play")
    horse = t.card(0, "zixing DK")
    t.skill("wusheng", (horse,), (1,))
    assert t.p(0).equip[OFFENSE_HORSE] == -1
    assert t.hp(1) == 3
    assert horse in t.game.discard_pile
    assert_conserved(t.game)


def test_wusheng_an_equipped_minus_horse_used_as_slash_no_longer_shortens_the_distance() -> None:
    # Ruling (docstring of Wusheng): the equipped card leaves its slot as it is used, so its effect
    # does not count for this 杀. Seat 2 is at distance 2: in reach with the -1 horse only.
    s = Scenario(players=4, generals=["guanyu", None, None, None])
    s.seat(0).hand("peach H3").equip("chitu H5")
    t = s.start(seat=0, phase="play")
    horse, peach = t.card(0, "chitu H5"), t.card(0, "peach H3")
    choices = t.choices()
    assert _wusheng(choices, peach) == {(1,), (2,), (3,)}
    assert _wusheng(choices, horse) == {(1,), (3,)}
    with pytest.raises(IllegalChoice):
        t.skill("wusheng", (horse,), (2,))
    # The query left the table as it was: the horse is still equipped and counts for the others.
    assert t.p(0).equip[OFFENSE_HORSE] == horse
    assert t.game.distance(t.p(0), t.p(2)) == 1
    t.skill("wusheng", (peach,), (2,))
    assert t.hp(2) == 3


def test_wusheng_an_equipped_weapon_used_as_slash_reaches_only_without_its_range() -> None:
    # Ruling: 麒麟弓 (range 5) used as the 杀 gives no range to it: range 1.
    s = Scenario(players=5, generals=["guanyu", None, None, None, None])
    s.seat(0).hand("jink D2").equip("kylin_bow")
    t = s.start(seat=0, phase="play")
    bow, jink = t.card(0, "kylin_bow"), t.card(0, "jink D2")
    choices = t.choices()
    assert _wusheng(choices, jink) == {(1,), (2,), (3,), (4,)}
    assert _wusheng(choices, bow) == {(1,), (4,)}
    assert t.p(0).has_skill("kylin_bow")  # the query gave the weapon's skill back
    t.skill("wusheng", (bow,), (4,))
    assert t.p(0).equip[WEAPON] == -1 and not t.p(0).has_skill("kylin_bow")
    assert t.hp(4) == 3
    assert_conserved(t.game)


def test_wusheng_the_crossbow_itself_is_no_second_slash() -> None:
    # Ruling: 诸葛连弩 (♦A) gives any number of 杀 only while it is equipped; used as the second
    # 杀 it is gone, and with it the second 杀. Another red card is a second 杀.
    s = Scenario(players=4, generals=["guanyu", None, None, None])
    s.seat(0).hand("slash", "peach H3").equip("crossbow DA")
    t = s.start(seat=0, phase="play")
    bow, peach = t.card(0, "crossbow DA"), t.card(0, "peach H3")
    assert _wusheng(t.choices(), bow) == {(1,), (3,)}  # as the first 杀 it may be used
    t.play(t.card(0, "slash"), 1)
    choices = t.choices()
    assert _wusheng(choices, bow) == set()
    assert _wusheng(choices, peach) == {(1,), (3,)}
    t.skill("wusheng", (peach,), (3,))
    assert t.hp(1) == 3 and t.hp(3) == 3


def test_wusheng_in_a_duel() -> None:
    # 003 武圣: "需要出杀时" — a duel asks him for 杀.
    s = Scenario(players=4, generals=["guanyu", None, None, None])
    s.seat(1).hand("duel")
    s.seat(0).hand("peach H3")
    t = s.start(seat=1, phase="play")
    t.play(t.card(1, "duel"), 0)
    peach = t.card(0, "peach H3")
    t.answer(0, "respond", ("wusheng", peach))
    assert ("play", 0, "slash", (peach,), "wusheng") in t.events("play")
    assert t.hp(1) == 3  # seat 1 has no 杀 left: it loses the duel
    assert_conserved(t.game)


def test_wusheng_an_equipped_card_played_in_a_duel() -> None:
    s = Scenario(players=4, generals=["guanyu", None, None, None])
    s.seat(1).hand("duel")
    s.seat(0).equip("zhuahuangfeidian HK")
    t = s.start(seat=1, phase="play")
    t.play(t.card(1, "duel"), 0)
    horse = t.card(0, "zhuahuangfeidian HK")
    t.answer(0, "respond", ("wusheng", horse))
    assert t.p(0).equip == [-1, -1, -1, -1]
    assert t.hp(1) == 3
    assert_conserved(t.game)


def test_wusheng_against_savage_assault_and_lvbus_wushuang() -> None:
    # 003 无双: "使用范围攻击的锦囊（如万箭齐发和南蛮入侵）时，所有人除出闪或杀外，需额外多弃一张任意
    # 手牌" — the 杀 of 武圣 answers the 南蛮入侵, and one more hand card must still go.
    s = Scenario(players=4, generals=["lvbu", "guanyu", None, None])
    s.seat(0).hand("savage_assault")
    s.seat(1).hand("peach H3", "jink D2")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "savage_assault"))
    peach, jink = t.card(1, "peach H3"), t.card(1, "jink D2")
    t.answer(1, "respond", ("wusheng", jink))
    t.answer(1, "wushuang_discard", peach)
    assert t.hp(1) == 4
    assert peach in t.game.discard_pile and jink in t.game.discard_pile
    assert_conserved(t.game)


def test_wusheng_for_liubeis_jijiang() -> None:
    # 003 激将: "刘备可以在需要出杀的时候，要求（但不强制要求）其他蜀国玩家帮他出杀" — 关羽 needs a 杀 then,
    # and 武圣 gives him one.
    s = Scenario(players=4, generals=["liubei", "guanyu", None, None],
                 roles=[LORD, LOYALIST, REBEL, RENEGADE])
    s.seat(1).hand("peach H3")
    t = s.start(seat=0, phase="play")
    t.skill("jijiang", (), (3,))
    peach = t.card(1, "peach H3")
    t.answer(1, "respond", ("wusheng", peach))
    assert ("use", 0, "slash", (peach,), (3,), "jijiang") in t.events("use")
    assert t.hp(3) == 3


def test_wusheng_slash_hitting_caocao_gives_him_the_red_card() -> None:
    # 003 奸雄: "包括杀...和部分角色用来代替这些牌的牌" — he gains the card used as the 杀.
    s = Scenario(players=4, generals=["caocao", "guanyu", None, None],
                 roles=[LORD, REBEL, LOYALIST, RENEGADE])
    s.seat(1).hand("peach H3")
    t = s.start(seat=1, phase="play")
    peach = t.card(1, "peach H3")
    t.skill("wusheng", (peach,), (0,))
    t.answer(0, "invoke", True)
    assert t.hp(0) == 3 and t.hand(0) == [peach]
    assert_conserved(t.game)


def test_wusheng_for_the_blades_follow_up() -> None:
    # 003 青龙偃月刀: "如果第一次用杀攻击被对方闪避，攻击者可以再出一张杀追加攻击" — 武圣 gives that 杀.
    s = Scenario(players=4, generals=["guanyu", None, None, None])
    s.seat(0).hand("slash", "peach H3").equip("blade")
    s.seat(1).hand("jink")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "slash"), 1)
    t.answer(1, "respond", t.card(1, "jink"))
    peach = t.card(0, "peach H3")
    t.answer(0, "respond", ("wusheng", peach))
    assert t.hp(1) == 3
    assert_conserved(t.game)


def test_wusheng_may_be_declined_when_asked() -> None:
    s = Scenario(players=4, generals=["guanyu", None, None, None],
                 roles=[REBEL, LORD, LOYALIST, RENEGADE])
    s.seat(1).hand("duel")
    s.seat(0).hand("peach H3")
    t = s.start(seat=1, phase="play")
    t.play(t.card(1, "duel"), 0)
    t.answer(0, "respond", None)
    assert t.hp(0) == 3 and t.hand(0) == [t.card(0, "peach H3")]


def test_wusheng_last_hand_card_with_the_halberd_may_target_three() -> None:
    # 003 方天画戟: "当你打出的杀是你最后一张手牌时——用一张杀，可以同时攻击攻击距离内，最多三名玩家" — a
    # red last hand card used as 杀 is that 杀; the 方天画戟 itself used as 杀 is no hand card, and
    # gone from his slot it gives no range (range 1: seats 1 and 4).
    s = Scenario(players=5, generals=["guanyu", None, None, None, None])
    s.seat(0).hand("peach H3").equip("halberd")
    t = s.start(seat=0, phase="play")
    peach, halberd = t.card(0, "peach H3"), t.card(0, "halberd")
    choices = t.choices()
    assert (1, 2, 3) in _wusheng(choices, peach)
    assert _wusheng(choices, halberd) == {(1,), (4,)}
    t.skill("wusheng", (peach,), (1, 2, 3))
    assert [t.hp(i) for i in (1, 2, 3, 4)] == [3, 3, 3, 4]
    assert_conserved(t.game)
