"""司马懿: 反馈 and 鬼才 (003 "人物技能详解"; docs/rules.md "司马懿 simayi" and
"Cards")."""

from __future__ import annotations

from sgscore.testing import Scenario
from sgscore.testing import check_conservation as assert_conserved


def test_fankui_takes_a_random_hand_card_of_the_source() -> None:
    # 003 反馈: "随机抽取对方一张手牌，加入自己的手牌"; docs/rules.md "司马懿 simayi": at random
    # with the game RNG.
    s = Scenario(players=4, generals=[None, "simayi", None, None])
    s.seat(0).hand("slash", "jink", "peach")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "slash"), 1)
    left = {t.card(0, "jink"), t.card(0, "peach")}
    assert t.hp(1) == 2
    [(_, _, _, _, (taken,))] = t.events("gain")
    assert taken in left and taken in t.hand(1)
    assert set(t.hand(0)) == left - {taken}
    assert ("gain", 1, 0, 1) in t.game.view(2)["events"]  # the others do not see which card
    assert_conserved(t.game)


def test_fankui_is_compulsory_it_asks_no_yes_no() -> None:
    # docs/rules.md, "Compulsory skills": 003 反馈 states what happens, "随机抽取对方一张手牌，加入自己
    # 的手牌", with no 可 or 能; like 刚烈, 集智, 英姿 and 闭月 it takes effect unasked.
    s = Scenario(players=4, generals=[None, "simayi", None, None])
    s.seat(0).hand("slash", "peach", "peach").hp(2)  # a 桃 left keeps his play phase going
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "slash"), 1)
    t.expect(0, "play")  # nobody was asked anything: the card is his already
    assert len(t.hand(1)) == 1 and len(t.hand(0)) == 1
    assert ("skill", 1, "fankui") in t.events("skill")


def test_fankui_is_the_same_for_the_same_seed() -> None:
    # 反馈 (docs/rules.md "司马懿 simayi"): the game RNG decides, so a seed always takes the same
    # card.
    taken = []
    for _ in range(2):
        s = Scenario(players=4, generals=[None, "simayi", None, None], seed=7)
        s.seat(0).hand("slash", "jink", "peach", "duel")
        t = s.start(seat=0, phase="play")
        t.play(t.card(0, "slash"), 1)
        taken.append(t.events("gain"))
    assert taken[0] == taken[1] and len(taken[0]) == 1


def test_fankui_does_nothing_when_the_source_has_no_hand() -> None:
    # 003 反馈: "若此时对方无手牌，则此技能无效"
    s = Scenario(players=4, generals=[None, "simayi", None, None])
    s.seat(0).hand("slash")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "slash"), 1)
    assert t.hp(1) == 2
    assert not any(e[2] == "fankui" for e in t.events("skill"))


def test_fankui_needs_a_source() -> None:
    # 闪电 deals damage with no source (docs/rules.md "Cards"): there is nobody to take a card from.
    s = Scenario(players=4, generals=[None, "simayi", None, None])
    s.seat(1).judge("lightning SA").hp(4, 4)
    s.top("slash S7")
    t = s.start(seat=1, phase="judge")
    assert t.hp(1) == 1
    assert not any(e[2] == "fankui" for e in t.events("skill"))


def test_guicai_saves_another_player_from_indulgence() -> None:
    # 003 鬼才: "在任意玩家（包括自己）的判定牌翻开后，可立即从手里打出一张牌，将这张牌作为新的
    # 判定牌，并以这张牌上的花色作为判定结果。将原来翻开那张判定牌弃掉。"
    s = Scenario(players=4, generals=[None, None, "simayi", None])
    s.seat(1).judge("indulgence S6")
    s.seat(2).hand("peach H3")
    s.top("slash S7")
    t = s.start(seat=1, phase="judge")
    t.answer(2, "invoke", True)  # his only card is the one played
    spade, heart = t.card(-1, "slash S7"), t.card(2, "peach H3")
    assert ("judge_replaced", 2, 1, spade, heart) in t.events("judge_replaced")
    assert ("judge_result", 1, "indulgence", heart) in t.events("judge_result")
    assert ("phase", 1, "play") in t.events("phase")
    assert ("phase_skipped", 1, "play") not in t.events("phase_skipped")
    assert spade in t.game.discard_pile and heart in t.game.discard_pile
    assert_conserved(t.game)


def test_guicai_chooses_which_hand_card_to_play() -> None:
    s = Scenario(players=4, generals=[None, None, "simayi", None])
    s.seat(1).judge("indulgence S6")
    s.seat(2).hand("peach H3", "slash C2")
    s.top("jink H2")  # ♥: 乐不思蜀 would fail; 司马懿 makes it ♣
    t = s.start(seat=1, phase="judge")
    t.answer(2, "invoke", True)
    req = t.expect(2, "guicai")
    assert sorted(req.choices()) == sorted([t.card(2, "peach H3"), t.card(2, "slash C2")])
    t.answer(2, "guicai", t.card(2, "slash C2"))
    assert ("phase_skipped", 1, "play") in t.events("phase_skipped")
    assert t.card(2, "peach H3") in t.hand(2) and t.card(2, "slash C2") not in t.hand(2)


def test_guicai_turns_a_lightning_into_a_strike() -> None:
    # 鬼才 on someone else's 闪电: a ♠2-♠9 replacement strikes (3 damage, docs/rules.md "Cards").
    s = Scenario(players=4, generals=[None, None, "simayi", None])
    s.seat(1).judge("lightning SA")
    s.seat(2).hand("slash S8")
    s.top("peach H3")
    t = s.start(seat=1, phase="judge")
    t.answer(2, "invoke", True)
    assert t.hp(1) == 1
    assert ("damage", -1, 1, 3, 1, "lightning") in t.events("damage")
    assert_conserved(t.game)


def test_guicai_can_spare_a_lightning_victim() -> None:
    s = Scenario(players=4, generals=[None, None, "simayi", None])
    s.seat(1).judge("lightning SA")
    s.seat(2).hand("jink D2")
    s.top("slash S7")
    t = s.start(seat=1, phase="judge")
    t.answer(2, "invoke", True)
    assert t.hp(1) == 4
    assert ("move_delayed", 1, 2, t.card(1, "lightning SA"), "lightning") in t.events("move_delayed")


def test_guicai_spoils_an_eight_diagram() -> None:
    # 鬼才 on 八卦阵: the red judgement becomes black, so the 八卦阵 gives no 闪.
    s = Scenario(players=4, generals=[None, None, "simayi", None])
    s.seat(0).hand("slash")
    s.seat(1).equip("eight_diagram")
    s.seat(2).hand("slash C2")
    s.top("peach H3")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "slash"), 1)
    t.answer(1, "respond", ("eight_diagram",))
    t.answer(2, "invoke", True)
    assert t.hp(1) == 3
    assert ("judge_result", 1, "eight_diagram", t.card(2, "slash C2")) in t.events("judge_result")


def test_guicai_helps_his_own_judgement_and_may_be_declined() -> None:
    # 003 鬼才: "（包括自己）"
    s = Scenario(players=4, generals=[None, "simayi", None, None])
    s.seat(1).judge("indulgence S6").hand("peach H3")
    s.top("slash S7", "jink D2")
    t = s.start(seat=1, phase="judge")
    t.answer(1, "invoke", True)
    assert ("phase_skipped", 1, "play") not in t.events("phase_skipped")
    s2 = Scenario(players=4, generals=[None, "simayi", None, None])
    s2.seat(1).judge("indulgence S6").hand("peach H3")
    s2.top("slash S7")
    t2 = s2.start(seat=1, phase="judge")
    t2.answer(1, "invoke", False)
    assert ("phase_skipped", 1, "play") in t2.events("phase_skipped")
