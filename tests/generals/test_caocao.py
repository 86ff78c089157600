"""曹操: 奸雄 and the lord skill 护驾 (003 "人物技能详解"; docs/rules.md "曹操 caocao")."""

from __future__ import annotations

from sgscore.sanguosha.model import LOYALIST, REBEL
from sgscore.testing import Scenario
from sgscore.testing import check_conservation as assert_conserved


def test_jianxiong_gains_the_slash_that_damaged_him() -> None:
    # 003 奸雄: "可立即获得所有对自己造成体力伤害的牌。包括杀..."
    s = Scenario(players=4, generals=["caocao", None, None, None])
    s.seat(1).hand("slash")
    t = s.start(seat=1, phase="play")
    slash = t.card(1, "slash")
    t.play(slash, 0)
    t.answer(0, "invoke", True)
    assert t.hp(0) == 3
    assert t.hand(0) == [slash]
    assert_conserved(t.game)


def test_jianxiong_may_be_declined() -> None:
    # docs/rules.md "The turn": a skill not used when its moment comes is forfeited.
    s = Scenario(players=4, generals=["caocao", None, None, None])
    s.seat(1).hand("slash")
    t = s.start(seat=1, phase="play")
    slash = t.card(1, "slash")
    t.play(slash, 0)
    t.answer(0, "invoke", False)
    assert t.hand(0) == [] and slash in t.game.discard_pile


def test_jianxiong_gains_the_duel_but_not_the_slashes_played_in_it() -> None:
    # 003 奸雄: "包括...决斗...但不包括决斗中双方出的杀牌"
    s = Scenario(players=4, generals=["caocao", None, None, None])
    s.seat(0).hand("slash")
    s.seat(1).hand("duel", "slash")
    t = s.start(seat=1, phase="play")
    duel = t.card(1, "duel")
    t.play(duel, 0)
    t.answer(0, "respond", t.card(0, "slash"))
    t.answer(1, "respond", t.card(1, "slash"))
    t.answer(0, "invoke", True)  # 曹操 has no 杀 left and takes the damage
    assert t.hp(0) == 3
    assert t.hand(0) == [duel]
    assert t.card(0, "slash") in t.game.discard_pile and t.card(1, "slash") in t.game.discard_pile
    assert_conserved(t.game)


def test_jianxiong_gains_the_lightning() -> None:
    # 003 奸雄: "包括杀、决斗、万箭齐发、南蛮入侵、闪电"
    s = Scenario(players=4, generals=["caocao", None, None, None])
    s.seat(0).judge("lightning SA")
    s.top("slash S7")
    t = s.start(seat=0, phase="judge")
    t.answer(0, "invoke", True)
    assert t.hp(0) == 1
    assert ("gain", 0, -1, (t.card(0, "lightning SA"),)) in t.events("gain")
    assert t.card(0, "lightning SA") in t.hand(0)
    assert_conserved(t.game)


def test_jianxiong_gains_the_savage_assault_once() -> None:
    # 003 奸雄: "包括...南蛮入侵" — the card is gained by the first 曹操 it damages.
    s = Scenario(players=4, generals=[None, "caocao", None, None])
    s.seat(0).hand("savage_assault")
    t = s.start(seat=0, phase="play")
    sa = t.card(0, "savage_assault")
    t.play(sa)
    t.answer(1, "invoke", True)
    assert ("gain", 1, -1, (sa,)) in t.events("gain")
    assert sa in t.hand(1)
    assert t.hp(2) == 3 and t.hp(3) == 3  # the others are still hit by it
    assert_conserved(t.game)


def test_jianxiong_gains_the_cards_behind_a_slash_played_for_another() -> None:
    # 奸雄 (docs/rules.md "曹操 caocao"): a card that stands for 杀 gives the card(s) used for it —
    # here the 杀 马超 plays for 刘备 (激将).
    s = Scenario(players=4, generals=["liubei", "caocao", "machao", None],
                 roles=["lord", LOYALIST, REBEL, "renegade"])
    s.seat(2).hand("slash")
    t = s.start(seat=0, phase="play")
    t.skill("jijiang", (), (1,))
    t.answer(2, "respond", t.card(2, "slash"))
    t.answer(1, "invoke", True)
    assert t.hp(1) == 3
    assert ("gain", 1, -1, (t.card(2, "slash"),)) in t.events("gain")


def test_hujia_a_wei_player_plays_jink_for_the_lord() -> None:
    # 003 主公技: "曹操可以要求（但不强制要求）魏国武将帮曹操出闪"
    s = Scenario(players=4, generals=["caocao", "simayi", None, None])
    s.seat(1).hand("jink")
    s.seat(3).hand("slash")
    t = s.start(seat=3, phase="play")
    t.play(t.card(3, "slash"), 0)
    t.answer(0, "respond", ("hujia",))
    t.answer(1, "respond", t.card(1, "jink"))
    assert t.hp(0) == 4
    assert t.events("dodged") == [("dodged", 0, 3)]
    assert t.card(1, "jink") in t.game.discard_pile
    assert_conserved(t.game)


def test_hujia_asks_the_wei_players_in_turn_order_and_none_must_help() -> None:
    # 003: "要求（但不强制要求）" — each Wei player may decline; they are asked in turn order.
    s = Scenario(players=5, generals=["caocao", None, "simayi", "simayi", None])
    s.seat(2).hand("jink")
    s.seat(3).hand("jink")
    s.seat(4).hand("slash")
    t = s.start(seat=4, phase="play")
    t.play(t.card(4, "slash"), 0)
    t.answer(0, "respond", ("hujia",))
    t.answer(2, "respond", None)
    t.answer(3, "respond", t.card(3, "jink"))
    assert t.hp(0) == 5
    assert t.card(2, "jink") in t.hand(2)


def test_hujia_refused_then_he_may_still_play_his_own_jink() -> None:
    s = Scenario(players=4, generals=["caocao", "simayi", None, None])
    s.seat(0).hand("jink")
    s.seat(1).hand("jink")
    s.seat(3).hand("slash")
    t = s.start(seat=3, phase="play")
    t.play(t.card(3, "slash"), 0)
    t.answer(0, "respond", ("hujia",))
    t.answer(1, "respond", None)
    assert ("hujia",) not in t.choices()  # not offered twice for the same 闪
    t.answer(0, "respond", t.card(0, "jink"))
    assert t.hp(0) == 4


def test_hujia_is_not_offered_without_another_wei_player() -> None:
    # 护驾 with no Wei player: nobody could help, so it is not offered.
    s = Scenario(players=4, generals=["caocao", "liubei", None, None])
    s.seat(0).hand("jink")
    s.seat(3).hand("slash")
    t = s.start(seat=3, phase="play")
    t.play(t.card(3, "slash"), 0)
    t.expect(0, "respond")
    assert t.choices() == [None, t.card(0, "jink")]


def test_hujia_works_only_while_caocao_is_the_lord() -> None:
    # docs/rules.md "曹操 caocao": lord skills work only while that general is the lord.
    s = Scenario(players=4, generals=[None, "caocao", "simayi", None])
    s.seat(1).hand("jink")
    s.seat(2).hand("jink")
    s.seat(0).hand("slash")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "slash"), 1)
    t.expect(1, "respond")
    assert t.choices() == [None, t.card(1, "jink")]


def test_hujia_answers_every_jink_that_wushuang_needs() -> None:
    # 吕布 无双: two 闪; 护驾 is offered for each of them (docs/rules.md "曹操 caocao").
    s = Scenario(players=4, generals=["caocao", "simayi", None, "lvbu"])
    s.seat(1).hand("jink", "jink")
    s.seat(3).hand("slash")
    t = s.start(seat=3, phase="play")
    t.play(t.card(3, "slash"), 0)
    t.answer(0, "respond", ("hujia",))
    t.answer(1, "respond", t.card(1, "jink", 0))
    t.answer(0, "respond", ("hujia",))
    t.answer(1, "respond", t.card(1, "jink", 1))
    assert t.hp(0) == 4
    assert_conserved(t.game)


def test_hujia_helper_may_use_his_own_eight_diagram() -> None:
    # 护驾: the helper plays a 闪 by any means he has (docs/rules.md "曹操 caocao", 护驾).
    s = Scenario(players=4, generals=["caocao", "simayi", None, None])
    s.seat(1).equip("eight_diagram")
    s.seat(3).hand("slash")
    s.top("peach H3")
    t = s.start(seat=3, phase="play")
    t.play(t.card(3, "slash"), 0)
    t.answer(0, "respond", ("hujia",))
    t.answer(1, "respond", ("eight_diagram",))
    assert t.hp(0) == 4
    assert ("judge", 1, "eight_diagram", t.card(-1, "peach H3")) in t.events("judge")


def test_hujia_helpers_eight_diagram_works_against_qinggang_sword() -> None:
    # 003 青钢剑: "出杀时，对方的八卦阵无效" — only the target's (对方) armor has no effect against
    # this 杀 (docs/rules.md "Equipment"). A Wei player answering 护驾 is not the target, so his
    # 八卦阵 still judges; 曹操's own 八卦阵 stays ignored.
    s = Scenario(players=4, generals=["caocao", "simayi", None, None])
    s.seat(0).equip("eight_diagram S2")
    s.seat(1).equip("eight_diagram C2")
    s.seat(3).hand("slash").equip("qinggang_sword")
    s.top("peach H3")
    t = s.start(seat=3, phase="play")
    t.play(t.card(3, "slash"), 0)
    assert ("eight_diagram",) not in t.choices()  # his own armor is ignored
    t.answer(0, "respond", ("hujia",))
    t.answer(1, "respond", ("eight_diagram",))
    assert ("judge", 1, "eight_diagram", t.card(-1, "peach H3")) in t.events("judge")
    assert t.hp(0) == 4 and t.events("dodged") == [("dodged", 0, 3)]
    assert_conserved(t.game)
