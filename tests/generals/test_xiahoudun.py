"""夏侯惇: 刚烈 (003 "人物技能详解"; docs/rules.md "夏侯惇 xiahoudun")."""

from __future__ import annotations

from sgscore.testing import Scenario
from sgscore.testing import check_conservation as assert_conserved

# 003 刚烈: "当有玩家对夏侯敦造成体力伤害时（包括使用万箭齐发和南蛮入侵），这名玩家需要立即进行判定，若
# 判定结果为黑色花色（黑桃、梅花），则这名玩家需减一点体力或者弃两张手牌（若没有手牌或手牌不足两张，则
# 只能扣减一点体力）"


def _slashed(*source_hand: str, top: str = "slash S9") -> Scenario:
    """Seat 0 holds a 杀 for 夏侯惇 (seat 1) and ``source_hand``; ``top`` is the judgement card."""
    s = Scenario(players=4, generals=[None, "xiahoudun", None, None])
    s.seat(0).hand("slash", *source_hand)
    s.top(top)
    return s


def test_ganglie_black_the_source_discards_two_hand_cards() -> None:
    s = _slashed("jink", "peach", "ex_nihilo")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "slash"), 1)
    spade = t.card(-1, "slash S9")
    assert ("judge", 0, "ganglie", spade) in t.events("judge")  # the source judges
    jink, peach, wzsy = t.card(0, "jink"), t.card(0, "peach"), t.card(0, "ex_nihilo")
    req = t.expect(0, "ganglie")
    pairs = [tuple(sorted(p)) for p in ((jink, peach), (jink, wzsy), (peach, wzsy))]
    assert sorted(req.choices(), key=repr) == sorted([None, *pairs], key=repr)
    t.answer(0, "ganglie", tuple(sorted((jink, peach))))
    assert t.hand(0) == [wzsy] and t.hp(0) == 4
    assert ("discard", 0, tuple(sorted((jink, peach))), "ganglie") in t.events("discard")
    assert t.hp(1) == 3
    assert_conserved(t.game)


def test_ganglie_black_the_source_may_lose_one_hp_instead() -> None:
    s = _slashed("jink", "ex_nihilo")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "slash"), 1)
    t.answer(0, "ganglie", None)
    assert t.hp(0) == 3 and len(t.hand(0)) == 2
    assert ("lose_hp", 0, 1, 3) in t.events("lose_hp")
    assert not t.events("dying")


def test_ganglie_fewer_than_two_hand_cards_only_hp() -> None:
    # "若没有手牌或手牌不足两张，则只能扣减一点体力" — no question is asked.
    s = _slashed("ex_nihilo", top="slash C2")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "slash"), 1)
    assert t.hp(0) == 3 and t.hand(0) == [t.card(0, "ex_nihilo")]
    assert t.pending is not None and t.pending.kind == "play"


def test_ganglie_red_nothing_happens() -> None:
    s = _slashed("jink", "ex_nihilo", top="peach H3")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "slash"), 1)
    assert t.hp(0) == 4 and len(t.hand(0)) == 2
    assert t.card(-1, "peach H3") in t.game.discard_pile
    assert any(e[1:3] == (1, "ganglie") for e in t.events("skill"))  # compulsory: no yes/no


def test_ganglie_against_savage_assault_and_archery_attack() -> None:
    # "（包括使用万箭齐发和南蛮入侵）": the user of the trick is the source and judges.
    for trick in ("savage_assault", "archery_attack"):
        s = Scenario(players=4, generals=[None, "xiahoudun", None, None])
        s.seat(0).hand(trick, "ex_nihilo")
        s.top("slash S9")
        t = s.start(seat=0, phase="play")
        t.play(t.card(0, trick))
        assert ("judge", 0, "ganglie", t.card(-1, "slash S9")) in t.events("judge"), trick
        assert t.hp(0) == 3, trick  # one hand card: the HP
        assert t.hp(1) == 3 and t.hp(2) == 3 and t.hp(3) == 3


def test_ganglie_after_a_duel_the_winner_judges() -> None:
    s = Scenario(players=4, generals=[None, "xiahoudun", None, None])
    s.seat(0).hand("duel", "ex_nihilo")
    s.top("slash S9")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "duel"), 1)
    assert t.hp(1) == 3 and t.hp(0) == 3


def test_ganglie_needs_a_source() -> None:
    # 闪电 deals damage with no source (docs/rules.md "Cards"): nobody judges.
    s = Scenario(players=4, generals=[None, "xiahoudun", None, None])
    s.seat(1).judge("lightning SA")
    s.top("slash S9")
    t = s.start(seat=1, phase="judge")
    assert t.hp(1) == 1
    assert not any(e[2] == "ganglie" for e in t.events("skill"))


def test_ganglie_not_when_he_dies_of_the_damage() -> None:
    s = Scenario(players=4, generals=[None, "xiahoudun", None, None])
    s.seat(0).hand("slash", "ex_nihilo")
    s.seat(1).hp(1)
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "slash"), 1)
    assert not t.p(1).alive
    assert not t.events("judge")


def test_ganglie_judgement_may_be_changed_by_guicai_of_the_source() -> None:
    # 司马懿 deals the damage; the 刚烈 judgement is his, and 鬼才 ("包括自己") may make it red.
    s = Scenario(players=4, generals=["simayi", "xiahoudun", None, None])
    s.seat(0).hand("slash", "jink D2", "ex_nihilo")
    s.top("slash S9")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "slash"), 1)
    t.answer(0, "invoke", True)  # 鬼才
    t.answer(0, "guicai", t.card(0, "jink D2"))
    assert ("judge_result", 0, "ganglie", t.card(0, "jink D2")) in t.events("judge_result")
    assert t.hp(0) == 3 and t.hand(0) == [t.card(0, "ex_nihilo")]  # red: nothing more
    assert_conserved(t.game)


def test_fankui_of_simayi_against_xiahoudun() -> None:
    # The other way round: 夏侯惇 damages 司马懿, who takes a card (反馈); no 刚烈 for 司马懿.
    s = Scenario(players=4, generals=["simayi", "xiahoudun", None, None])
    s.seat(1).hand("slash", "jink")
    t = s.start(seat=1, phase="play")
    t.play(t.card(1, "slash"), 0)
    assert t.hand(0) == [t.card(1, "jink")]
    assert not t.events("judge")


def test_ganglie_against_guojia_tiandu_card_is_not_yet_his() -> None:
    # 郭嘉 deals the damage and judges; 天妒 (docs/rules.md "郭嘉 guojia"): the card goes to his
    # hand *after* the judgement takes effect, so with one other hand card he can only lose 1 HP.
    s = Scenario(players=4, generals=["guojia", "xiahoudun", None, None])
    s.seat(0).hand("slash", "ex_nihilo")
    s.top("slash S9")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "slash"), 1)
    t.answer(0, "invoke", True)  # 天妒
    assert t.hp(0) == 2  # the lord of 4 players: 3 HP, less 1
    assert sorted(t.hand(0)) == sorted([t.card(0, "ex_nihilo"), t.card(-1, "slash S9")])
    assert_conserved(t.game)


def test_ganglie_with_guojia_his_other_cards_may_be_discarded() -> None:
    s = Scenario(players=4, generals=["guojia", "xiahoudun", None, None])
    s.seat(0).hand("slash", "jink", "ex_nihilo")
    s.top("slash S9")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "slash"), 1)
    t.answer(0, "invoke", True)  # 天妒
    spade = t.card(-1, "slash S9")
    req = t.expect(0, "ganglie")
    assert all(c is None or spade not in c for c in req.choices())
    t.answer(0, "ganglie", tuple(sorted((t.card(0, "jink"), t.card(0, "ex_nihilo")))))
    assert t.hand(0) == [spade] and t.hp(0) == 3


def test_ganglie_killing_a_rebel_rewards_xiahoudun() -> None:
    # Ruling: the HP lost to 刚烈 is caused by 夏侯惇; a rebel who dies of it gives him 3 cards
    # (docs/rules.md "Dying, death and victory").
    s = Scenario(players=4, generals=[None, "xiahoudun", None, None])
    s.seat(2).hand("slash").hp(1)  # seat 2 is the rebel
    s.top("slash S9")
    t = s.start(seat=2, phase="play")
    t.play(t.card(2, "slash"), 1)
    assert not t.p(2).alive
    assert ("death", 2, "rebel", 1) in t.events("death")
    assert len(t.hand(1)) == 3
    assert_conserved(t.game)
