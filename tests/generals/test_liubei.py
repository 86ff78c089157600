"""刘备: 仁德 and the lord skill 激将 (003 "人物技能详解"; docs/rules.md "刘备 liubei")."""

from __future__ import annotations

import pytest

from sgscore.core.protocol import IllegalChoice
from sgscore.sanguosha.model import LORD, LOYALIST, REBEL, RENEGADE
from sgscore.testing import Scenario
from sgscore.testing import check_conservation as assert_conserved


def test_rende_five_cards_heal_two() -> None:
    # 仁德 (docs/rules.md "刘备 liubei"): five cards → 2 HP (003: "一共给出五张，因此刘备共可以补充
    # 两点体力")
    s = Scenario(players=5, generals=["liubei", None, None, None, None])
    s.seat(0).hand("jink", "jink", "jink", "slash", "slash").hp(1)
    t = s.start(seat=0, phase="play")
    cards = [t.card(0, "jink", i) for i in range(3)] + [t.card(0, "slash", i) for i in range(2)]
    hps = []
    for card, seat in zip(cards, (1, 2, 3, 4, 4), strict=True):
        t.skill("rende", (card,), (seat,))
        hps.append(t.hp(0))
    assert hps == [1, 2, 2, 3, 3]  # every second card heals 1; the fifth alone does not
    assert t.hand(4) == [cards[3], cards[4]] and cards[0] in t.hand(1)
    assert_conserved(t.game)


def test_rende_count_is_kept_for_the_whole_play_phase() -> None:
    # 仁德 (docs/rules.md "刘备 liubei"): the count of cards given is kept for the whole play phase.
    s = Scenario(players=4, generals=["liubei", None, None, None])
    s.seat(0).hand("jink", "chitu", "jink").hp(2)
    t = s.start(seat=0, phase="play")
    t.skill("rende", (t.card(0, "jink", 0),), (1,))
    t.play(t.card(0, "chitu"))  # something else in between
    assert t.hp(0) == 2
    t.skill("rende", (t.card(0, "jink", 1),), (2,))
    assert t.hp(0) == 3


def test_rende_count_starts_again_each_turn() -> None:
    s = Scenario(players=4, generals=["liubei", None, None, None])
    s.seat(0).hand("jink", "jink").hp(2)
    t = s.start(seat=0, phase="play")
    t.skill("rende", (t.card(0, "jink", 0),), (1,))
    t.end_play()
    t.until(0, "play")  # round the table to 刘备's next play phase
    t.skill("rende", (t.card(0, "jink", 1),), (2,))
    assert t.hp(0) == 2  # one card this turn, one last turn: no pair


def test_rende_gift_is_seen_only_by_giver_and_receiver() -> None:
    s = Scenario(players=4, generals=["liubei", None, None, None])
    s.seat(0).hand("peach", "jink")
    t = s.start(seat=0, phase="play")
    peach = t.card(0, "peach")
    t.mark()
    since = len(t.game.events)
    t.skill("rende", (peach,), (2,))
    assert t.events("gain") == [("gain", 2, 0, 1, (peach,))]
    assert ("gain", 2, 0, 1) in t.game.view(1)["events"]
    # No event the others see names the card — the skill event included (003 仁德 gives hand
    # cards, "其他玩家获得后加入手牌": a hand card is hidden from the other players).
    assert ("skill", 0, "rende", (), (2,)) in t.game.view(1)["events"]
    for seat in (1, 3, None):
        seen = t.game.view(seat)["events"][since:]
        assert not any(peach in part for e in seen for part in e if isinstance(part, tuple)), seat
    assert any(
        peach in part for e in t.game.view(2)["events"][since:] for part in e
        if isinstance(part, tuple)
    )


def test_rende_only_to_other_players_and_only_hand_cards() -> None:
    s = Scenario(players=4, generals=["liubei", None, None, None])
    s.seat(0).hand("jink").equip("chitu")
    t = s.start(seat=0, phase="play")
    rende = [c for c in t.choices() if c is not None and c[0] == "rende"]
    assert sorted(rende) == [("rende", (t.card(0, "jink"),), (s_,)) for s_ in (1, 2, 3)]


def _jijiang_table() -> Scenario:
    # 刘备 the lord at seat 0; 马超 (Shu) at seat 2.
    return Scenario(players=4, generals=["liubei", None, "machao", None])


def test_jijiang_a_shu_player_plays_slash_for_him_in_a_duel() -> None:
    # 003 主公技: "刘备可以在需要出杀的时候，要求（但不强制要求）其他蜀国玩家帮他出杀"
    s = _jijiang_table()
    s.seat(1).hand("duel")
    s.seat(2).hand("slash")
    t = s.start(seat=1, phase="play")
    t.play(t.card(1, "duel"), 0)
    t.answer(0, "respond", ("jijiang",))
    t.answer(2, "respond", t.card(2, "slash"))
    # seat 1 holds no 杀 and loses the duel to 刘备
    assert t.hp(1) == 3 and t.hp(0) == 4
    assert ("damage", 0, 1, 1, 3, "duel") in t.events("damage")
    assert_conserved(t.game)


def test_jijiang_against_savage_assault() -> None:
    # 003: "需要出杀的时候" includes answering 南蛮入侵.
    s = _jijiang_table()
    s.seat(1).hand("savage_assault")
    s.seat(2).hand("slash", "slash")
    t = s.start(seat=1, phase="play")
    t.play(t.card(1, "savage_assault"))
    t.answer(2, "respond", t.card(2, "slash", 0))  # 马超 answers for himself
    t.answer(0, "respond", ("jijiang",))  # seat 3 had nothing; then 刘备 asks
    t.answer(2, "respond", t.card(2, "slash", 1))
    assert t.hp(0) == 4 and t.hp(2) == 4 and t.hp(3) == 3


def test_jijiang_shu_players_may_refuse() -> None:
    # 003: "要求（但不强制要求）"
    s = _jijiang_table()
    s.seat(1).hand("duel")
    s.seat(2).hand("slash")
    t = s.start(seat=1, phase="play")
    t.play(t.card(1, "duel"), 0)
    t.answer(0, "respond", ("jijiang",))
    t.answer(2, "respond", None)
    assert t.hp(0) == 3


def test_jijiang_in_the_play_phase_counts_against_his_limit() -> None:
    # 激将 (docs/rules.md "刘备 liubei"): in his play phase he picks the target; the 杀 is his and
    # counts.
    s = _jijiang_table()
    s.seat(0).hand("slash")
    s.seat(2).hand("slash")
    t = s.start(seat=0, phase="play")
    assert ("jijiang", (), (1,)) in t.choices() and ("jijiang", (), (3,)) in t.choices()
    assert ("jijiang", (), (2,)) not in t.choices()  # seat 2 is out of range
    t.skill("jijiang", (), (1,))
    t.answer(2, "respond", t.card(2, "slash"))
    assert t.hp(1) == 3
    assert ("use", 0, "slash", (t.card(2, "slash"),), (1,), "jijiang") in t.events("use")
    assert t.game.slashes_used == 1
    t.expect(0, "play")
    assert not any(c is not None and c[0] in ("jijiang", t.card(0, "slash")) for c in t.choices())


def test_jijiang_refused_in_the_play_phase_is_not_offered_again() -> None:
    # docs/rules.md "The turn": a decline is final.
    s = _jijiang_table()
    s.seat(0).hand("jink")
    s.seat(2).hand("slash")
    t = s.start(seat=0, phase="play")
    t.skill("jijiang", (), (1,))
    t.answer(2, "respond", None)
    t.expect(0, "play")
    assert not any(c is not None and c[0] == "jijiang" for c in t.choices())
    assert t.game.slashes_used == 0


def test_jijiang_sunshangxiang_counts_as_shu() -> None:
    # 003: "香香既是蜀国武将也是吴国武将"
    s = Scenario(players=4, generals=["liubei", None, "sunshangxiang", None])
    s.seat(1).hand("duel")
    s.seat(2).hand("slash")
    t = s.start(seat=1, phase="play")
    t.play(t.card(1, "duel"), 0)
    t.answer(0, "respond", ("jijiang",))
    t.answer(2, "respond", t.card(2, "slash"))
    assert t.hp(1) == 3


def test_jijiang_not_offered_without_a_shu_player() -> None:
    s = Scenario(players=4, generals=["liubei", None, "simayi", None])
    s.seat(0).hand("slash")
    s.seat(1).hand("duel")
    t = s.start(seat=1, phase="play")
    t.play(t.card(1, "duel"), 0)
    t.expect(0, "respond")
    assert t.choices() == [None, t.card(0, "slash")]


def test_jijiang_works_only_while_liubei_is_the_lord() -> None:
    # docs/rules.md "刘备 liubei": lord skills work only while that general is the lord.
    s = Scenario(players=4, generals=[None, "liubei", "machao", None],
                 roles=[LORD, LOYALIST, REBEL, RENEGADE])
    s.seat(0).hand("duel")
    s.seat(1).hand("slash")
    s.seat(2).hand("slash")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "duel"), 1)
    t.expect(1, "respond")
    assert t.choices() == [None, t.card(1, "slash")]
    s2 = Scenario(players=4, generals=[None, "liubei", "machao", None])
    s2.seat(1).hand("jink")
    s2.seat(2).hand("slash")
    t2 = s2.start(seat=1, phase="play")
    with pytest.raises(IllegalChoice):
        t2.skill("jijiang", (), (0,))
