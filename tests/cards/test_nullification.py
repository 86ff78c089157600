"""无懈可击 (003; docs/rules.md "Cards"): cancels one trick's effect on one target, can be countered
without limit, asked round the table from the current player; for delayed tricks, before the
judgement."""

from __future__ import annotations

from sgscore.testing import Scenario
from sgscore.testing import check_conservation as assert_conserved


def test_nullification_cancels_a_trick_on_its_target() -> None:
    # 003 无懈可击: "可以用来抵消掉诸如顺手牵羊、决斗、乐不思蜀对一名玩家的作用"
    s = Scenario(players=4)
    s.seat(0).hand("duel", "jink")
    s.seat(2).hand("nullification")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "duel"), 1)
    req = t.expect(2, "respond")
    assert req.prompt == ("nullification", "duel", 1, "nullification")
    t.answer(2, "respond", t.card(2, "nullification"))
    assert t.hp(0) == 4 and t.hp(1) == 4
    assert t.events("nullified") == [("nullified", 2, "duel", 1, True)]
    assert_conserved(t.game)


def test_a_countered_nullification_lets_the_trick_resolve_and_chains_go_on() -> None:
    # 003: "（四）抵消无懈可击" — and that one may be countered again, without limit.
    s = Scenario(players=4)
    s.seat(0).hand("dismantlement", "nullification", "dilu")  # the horse keeps the phase open
    s.seat(1).hand("nullification", "jink")
    s.seat(3).hand("nullification")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "dismantlement"), 1)
    t.decline(0)  # asked first: the current player
    t.answer(1, "respond", t.card(1, "nullification"))
    # The window opens again, from the current player: seat 0 counters.
    t.answer(0, "respond", t.card(0, "nullification"))
    # Again: seat 1 has nothing left, seat 3 counters the counter.
    req = t.expect(3, "respond")
    assert req.prompt == ("nullification", "dismantlement", 1, "nullification")
    t.answer(3, "respond", t.card(3, "nullification"))
    assert [e[-1] for e in t.events("nullified")] == [True, False, True]
    assert t.hand(1) == [t.card(1, "jink")]  # the dismantlement was cancelled in the end


def test_a_single_counter_makes_the_trick_resolve() -> None:
    s = Scenario(players=4)
    s.seat(0).hand("dismantlement", "nullification", "dilu")  # the horse keeps the phase open
    s.seat(1).hand("nullification", "jink")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "dismantlement"), 1)
    t.decline(0)
    t.answer(1, "respond", t.card(1, "nullification"))
    req = t.expect(0, "respond")
    assert req.prompt == ("nullification", "dismantlement", 1, "counter")
    t.answer(0, "respond", t.card(0, "nullification"))
    # Nobody can respond any more: seat 1 loses its only remaining card, the 闪.
    assert t.hand(1) == [] and t.card(1, "jink") in t.game.discard_pile


def test_nullification_protects_one_target_of_savage_assault_only() -> None:
    # 003: "（二）抵消如南蛮入侵对一名玩家的作用，但是南蛮入侵对其他玩家依然有效"
    s = Scenario(players=4)
    s.seat(0).hand("savage_assault")
    s.seat(2).hand("nullification")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "savage_assault"))
    t.decline(2)  # the window for seat 1
    t.answer(2, "respond", t.card(2, "nullification"))  # the window for seat 2 itself
    assert [t.hp(i) for i in range(4)] == [4, 3, 4, 3]


def test_delayed_trick_window_comes_before_the_judgement_and_a_nullified_indulgence_is_discarded() -> None:
    # 003 乐不思蜀: "可在判定后使用无懈可击取消并弃掉乐不思蜀" is superseded by the Online timing
    # (docs/rules.md "Cards"): the window comes before the judgement card is revealed.
    s = Scenario(players=4)
    s.seat(1).judge("indulgence").hand("nullification")
    s.top("slash S7")
    t = s.start(seat=1, phase="judge")
    indulgence = t.card(1, "indulgence")
    req = t.expect(1, "respond")
    assert req.prompt == ("nullification", "indulgence", 1, "nullification")
    assert t.events("judge") == []
    t.answer(1, "respond", t.card(1, "nullification"))
    assert indulgence in t.game.discard_pile and t.p(1).judge == []
    assert t.events("judge") == [] and t.events("phase_skipped") == []
    assert ("phase", 1, "play") in t.events("phase")
    assert_conserved(t.game)


def test_a_nullified_lightning_passes_on_without_a_judgement() -> None:
    # 003: "在判定前使用无懈可击可将闪电传给当前玩家的下一家"; "（三）抵消闪电对一名玩家的作用，将闪电
    # 传给该玩家的下一名玩家"
    s = Scenario(players=4)
    s.seat(1).judge("lightning")
    s.seat(3).hand("nullification")
    s.top("slash S7")  # would strike
    t = s.start(seat=1, phase="judge")
    lightning = t.card(1, "lightning")
    t.answer(3, "respond", t.card(3, "nullification"))
    assert t.hp(1) == 4 and t.events("judge") == []
    assert t.p(2).judge == [(lightning, "lightning")]
    assert ("move_delayed", 1, 2, lightning, "lightning") in t.events()


def test_ex_nihilo_can_be_nullified() -> None:
    s = Scenario(players=4)
    s.seat(0).hand("ex_nihilo")
    s.seat(1).hand("nullification")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "ex_nihilo"))
    t.answer(1, "respond", t.card(1, "nullification"))
    assert t.hand(0) == []
