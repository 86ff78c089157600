"""吕蒙: 克己 (003 "人物技能详解"; docs/rules.md "吕蒙 lvmeng")."""

from __future__ import annotations

from sgscore.core.protocol import SubsetRequest
from sgscore.testing import Scenario


def test_keji_no_slash_no_hand_limit() -> None:
    # 003 克己: "若在出牌阶段没有打出杀…则弃牌阶段无需弃牌，即此回合手牌无上限。"
    s = Scenario(players=4, generals=["lvmeng", None, None, None])
    s.seat(0).hand("slash", "slash", "jink", "jink", "peach", "peach").hp(2)
    t = s.start(seat=0, phase="play")
    t.mark()
    t.end_play()
    assert t.events("skill") == [("skill", 0, "keji")]
    assert len(t.hand(0)) == 6  # nothing discarded
    assert t.game.current == 1


def test_keji_a_slash_used_in_the_play_phase_means_discarding() -> None:
    s = Scenario(players=4, generals=["lvmeng", None, None, None])
    s.seat(0).hand("slash", "jink", "jink", "peach", "peach").hp(2)
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "slash"), 1)
    t.until(0, "discard_phase")
    req = t.pending
    assert isinstance(req, SubsetRequest) and req.low == 2  # 4 cards, HP 2: the usual limit


def test_keji_counts_a_slash_played_in_a_duel() -> None:
    # 003: "（包括决斗中使用的杀）"
    s = Scenario(players=4, generals=["lvmeng", None, None, None])
    s.seat(0).hand("duel", "slash", "jink", "jink", "peach", "peach").hp(2)
    s.seat(1).hand("slash")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "duel"), 1)
    t.answer(1, "respond", t.card(1, "slash"))
    t.answer(0, "respond", t.card(0, "slash"))
    t.end_play()
    assert t.pending is not None and t.pending.kind == "discard_phase"  # he played a 杀


def test_keji_does_not_count_a_slash_outside_his_play_phase() -> None:
    # A 杀 played in another's turn (answering 南蛮入侵) is not in his play phase.
    s = Scenario(players=4, generals=[None, "lvmeng", None, None])
    s.seat(0).hand("savage_assault")
    s.seat(1).hand("slash", "jink", "jink", "peach", "peach", "peach").hp(2)
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "savage_assault"))
    t.until(1, "respond")
    t.answer(1, "respond", t.card(1, "slash"))
    t.until(1, "play")
    assert len(t.hand(1)) == 7  # 6 - the 杀 + 2 drawn
    t.mark()
    t.end_play()
    assert t.events("skill") == [("skill", 1, "keji")]
    assert len(t.hand(1)) == 7 and t.hp(1) == 2  # no discard: 克己 holds
