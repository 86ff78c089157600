"""甄姬: 洛神 and 倾国 (003 "人物技能详解"; docs/rules.md "甄姬 zhenji")."""

from __future__ import annotations

from sgscore.testing import Scenario
from sgscore.testing import check_conservation as assert_conserved


# ---------------------------------------------------------------------------- 洛神
def test_luoshen_worked_example_club_spade_then_heart() -> None:
    # 003: "例如，轮到甄姬的回合，判定阶段，她使用洛神技能，先翻开一张牌，是梅花花色，则她将这张牌收入
    # 手牌；再翻出一张牌，是黑桃，继续收入手牌；又翻出一张牌，是红桃，判定失败，将这张牌弃掉后，判定阶段
    # 结束。"
    s = Scenario(players=4, generals=[None, "zhenji", None, None])
    s.top("slash C2", "slash S7", "peach H3")
    t = s.start(seat=1, phase="judge")
    t.answer(1, "invoke", True)
    club, spade, heart = (t.card(-1, c) for c in ("slash C2", "slash S7", "peach H3"))
    assert [e[3] for e in t.events("judge")] == [club, spade, heart]
    assert [e[3] for e in t.events("gain")] == [(club,), (spade,)]
    assert club in t.hand(1) and spade in t.hand(1)
    assert heart in t.game.discard_pile
    phases = [e[2] for e in t.events("phase") if e[1] == 1]
    assert phases[:2] == ["judge", "draw"]  # the judgement phase ended there
    assert len(t.hand(1)) == 4  # + the two cards of her draw phase
    assert_conserved(t.game)


def test_luoshen_a_red_card_at_once_ends_it() -> None:
    s = Scenario(players=4, generals=[None, "zhenji", None, None])
    s.top("jink D2", "slash S7")
    t = s.start(seat=1, phase="judge")
    t.answer(1, "invoke", True)
    assert len(t.events("judge")) == 1
    assert t.card(-1, "jink D2") in t.game.discard_pile
    assert t.card(-1, "slash S7") in t.hand(1)  # drawn in her draw phase, not judged


def test_luoshen_is_optional() -> None:
    # "可以主动进行判定"
    s = Scenario(players=4, generals=[None, "zhenji", None, None])
    s.top("slash C2")
    t = s.start(seat=1, phase="judge")
    t.answer(1, "invoke", False)
    assert not t.events("judge")


def test_luoshen_after_indulgence_and_unrelated_to_it() -> None:
    # 003: "若甄姬面前放有闪电或乐不思蜀，则仍需先进行闪电或乐不思蜀的判定，最后执行洛神技能。" and
    # "使用洛神技能与闪电、乐不思蜀、八卦阵无关": the 洛神 cards do not judge 乐不思蜀 again.
    s = Scenario(players=4, generals=[None, "zhenji", None, None])
    s.seat(1).judge("indulgence S6")
    s.top("slash S7", "peach H3")
    t = s.start(seat=1, phase="judge")
    t.answer(1, "invoke", True)
    judged = [(e[2], e[3]) for e in t.events("judge")]
    assert judged == [("indulgence", t.card(-1, "slash S7")), ("luoshen", t.card(-1, "peach H3"))]
    assert ("phase_skipped", 1, "play") in t.events("phase_skipped")  # ♠: 乐不思蜀 holds
    assert_conserved(t.game)


def test_luoshen_after_a_lightning_that_passes_on() -> None:
    # 003: "若甄姬面前放有闪电或乐不思蜀，则仍需先进行闪电或乐不思蜀的判定，最后执行洛神技能。"
    s = Scenario(players=4, generals=[None, "zhenji", None, None])
    s.seat(1).judge("lightning SA")
    s.top("peach H3", "slash C2", "jink D2")
    t = s.start(seat=1, phase="judge")
    assert ("move_delayed", 1, 2, t.card(1, "lightning SA"), "lightning") in t.events("move_delayed")
    t.answer(1, "invoke", True)
    judged = [(e[2], e[3]) for e in t.events("judge")]
    assert judged == [("lightning", t.card(-1, "peach H3")), ("luoshen", t.card(-1, "slash C2")),
                      ("luoshen", t.card(-1, "jink D2"))]
    assert t.card(-1, "slash C2") in t.hand(1) and t.hp(1) == 3
    assert_conserved(t.game)


def test_luoshen_not_after_lightning_kills_her() -> None:
    s = Scenario(players=4, generals=[None, "zhenji", None, None])
    s.seat(1).judge("lightning SA")
    s.top("slash S7")
    t = s.start(seat=1, phase="judge")
    assert not t.p(1).alive
    assert [e[2] for e in t.events("judge")] == ["lightning"]


def test_luoshen_once_a_turn_only_in_her_judgement_phase() -> None:
    # "一回合只能使用一次该技能"; "判定阶段": not in another player's turn.
    s = Scenario(players=4, generals=[None, "zhenji", None, None])
    s.seat(0).hand("ex_nihilo")
    s.top("peach H3")
    t = s.start(seat=0, phase="judge")
    t.expect(0, "play")  # seat 0's judgement phase passed: she was never asked
    assert not any(e[2] == "luoshen" for e in t.events("skill"))
    s2 = Scenario(players=4, generals=[None, "zhenji", None, None])
    s2.top("peach H3")
    t2 = s2.start(seat=1, phase="judge")
    t2.answer(1, "invoke", True)
    assert t2.events("skill").count(("skill", 1, "luoshen")) == 1
    assert sum(1 for e in t2.events("judge") if e[2] == "luoshen") == 1


def test_luoshen_guicai_can_change_each_judgement() -> None:
    # 洛神's judgements are judgements: 鬼才 replaces one ("在任意玩家（包括自己）的判定牌翻开后").
    s = Scenario(players=4, generals=[None, "zhenji", "simayi", None])
    s.seat(2).hand("slash C3")
    s.top("peach H3", "jink D2")
    t = s.start(seat=1, phase="judge")
    t.answer(1, "invoke", True)  # 洛神
    t.answer(2, "invoke", True)  # 鬼才: the ♥3 becomes his ♣3
    club = t.card(2, "slash C3")
    assert club in t.hand(1)
    assert t.card(-1, "peach H3") in t.game.discard_pile
    assert t.card(-1, "jink D2") in t.game.discard_pile  # the next one, red, ends it
    assert_conserved(t.game)


# ---------------------------------------------------------------------------- 倾国
def test_qingguo_any_hand_card_as_jink_against_a_slash() -> None:
    # 003 倾国: "可以用任意手牌代替闪使用。"; a conversion (docs/rules.md "Generals"): "as" 闪 with
    # the original's suit and rank.
    s = Scenario(players=4, generals=[None, "zhenji", None, None])
    s.seat(0).hand("slash", "ex_nihilo")
    s.seat(1).hand("peach H3", "jink D2")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "slash"), 1)
    peach, jink = t.card(1, "peach H3"), t.card(1, "jink D2")
    req = t.expect(1, "respond")
    assert sorted(req.choices(), key=repr) == sorted([None, jink, ("qingguo", peach)], key=repr)
    t.answer(1, "respond", ("qingguo", peach))
    assert t.hp(1) == 3
    assert ("play", 1, "jink", (peach,), "qingguo") in t.events("play")
    assert ("dodged", 1, 0) in t.events("dodged")
    assert t.hand(1) == [jink] and peach in t.game.discard_pile
    assert_conserved(t.game)


def test_qingguo_twice_against_wushuang() -> None:
    # 无双: "对方需使用两张闪才能闪避" — each may be a 倾国 card.
    s = Scenario(players=4, generals=["lvbu", "zhenji", None, None])
    s.seat(0).hand("slash", "ex_nihilo")
    s.seat(1).hand("peach", "duel")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "slash"), 1)
    t.answer(1, "respond", ("qingguo", t.card(1, "peach")))
    t.answer(1, "respond", ("qingguo", t.card(1, "duel")))
    assert t.hp(1) == 3 and t.hand(1) == []
    assert_conserved(t.game)


def test_qingguo_against_archery_attack() -> None:
    s = Scenario(players=4, generals=[None, "zhenji", None, None])
    s.seat(0).hand("archery_attack", "ex_nihilo")
    s.seat(1).hand("slash")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "archery_attack"))
    t.answer(1, "respond", ("qingguo", t.card(1, "slash")))
    assert t.hp(1) == 3 and t.hp(2) == 3 and t.hp(3) == 3


def test_qingguo_for_caocao_by_hujia() -> None:
    # 护驾: "魏国武将帮曹操出闪" — 甄姬 is Wei, and her 闪 may be a 倾国 card.
    s = Scenario(players=4, generals=["caocao", None, "zhenji", None])
    s.seat(1).hand("slash", "ex_nihilo")
    s.seat(2).hand("peach")
    t = s.start(seat=1, phase="play")
    t.play(t.card(1, "slash"), 0)
    t.answer(0, "respond", ("hujia",))
    t.answer(2, "respond", ("qingguo", t.card(2, "peach")))
    assert t.hp(0) == 4 and t.hand(2) == []
    assert_conserved(t.game)


def test_qingguo_is_no_slash_in_a_duel() -> None:
    # Only "代替闪": in a 决斗 she needs 杀, and 倾国 offers nothing.
    s = Scenario(players=4, generals=[None, "zhenji", None, None])
    s.seat(0).hand("duel", "ex_nihilo")
    s.seat(1).hand("peach")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "duel"), 1)
    assert t.hp(1) == 2  # never asked: no 杀, no conversion
    assert t.hand(1) == [t.card(1, "peach")]


def test_qingguo_beside_eight_diagram() -> None:
    # 八卦阵 first; when it fails she may still use 倾国.
    s = Scenario(players=4, generals=[None, "zhenji", None, None])
    s.seat(0).hand("slash", "ex_nihilo")
    s.seat(1).hand("peach").equip("eight_diagram")
    s.top("slash C2")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "slash"), 1)
    t.answer(1, "respond", ("eight_diagram",))
    req = t.expect(1, "respond")
    assert ("qingguo", t.card(1, "peach")) in req.choices()
    assert ("eight_diagram",) not in req.choices()
    t.answer(1, "respond", ("qingguo", t.card(1, "peach")))
    assert t.hp(1) == 3
