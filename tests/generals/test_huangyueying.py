"""黄月英: 集智 and 奇才 (003 "人物技能详解"; docs/rules.md "黄月英 huangyueying")."""

from __future__ import annotations

import pytest

from sgscore.testing import Scenario, Table
from sgscore.testing import check_conservation as assert_conserved


def _targets(t: Table, card: int) -> set[tuple[int, ...]]:
    """The target tuples the play request offers for ``card``."""
    return {c[1:] for c in t.choices() if isinstance(c, tuple) and c[0] == card}


def test_jizhi_the_example_of_003_she_draws_before_simayi_takes_a_card() -> None:
    # 003: "若月英使用如万箭齐发等锦囊牌后对司马懿造成伤害，则月英应先从牌堆摸一张牌，再让司马懿抽走一张"
    s = Scenario(players=4, generals=["huangyueying", "simayi", None, None])
    s.seat(0).hand("archery_attack")
    s.top("peach H3")
    t = s.start(seat=0, phase="play").mark()
    t.play(t.card(0, "archery_attack"))
    # 集智 drew the ♥3 at once; 万箭齐发 then damaged 司马懿, whose 反馈 takes it.
    peach = t.card(-1, "peach H3")
    kinds = [e[0] for e in t.events() if e[0] in ("draw", "damage", "gain")]
    assert kinds[:3] == ["draw", "damage", "gain"]
    assert ("draw", 0, 1, (peach,)) in t.events("draw")
    assert ("gain", 1, 0, 1, (peach,)) in t.events("gain")
    assert t.hp(1) == 2 and peach in t.hand(1)
    assert_conserved(t.game)


def test_jizhi_draws_when_the_trick_is_used_before_it_resolves() -> None:
    # 003 集智: "当她使用一张锦囊牌后，立即从牌堆顶摸一张牌": 无中生有 then draws the next two.
    s = Scenario(players=4, generals=["huangyueying", None, None, None])
    s.seat(0).hand("ex_nihilo")
    s.top("slash S7", "jink D2", "peach H3")
    t = s.start(seat=0, phase="play").mark()
    t.play(t.card(0, "ex_nihilo"))
    draws = [e for e in t.events("draw") if e[1] == 0]
    assert draws == [("draw", 0, 1, (t.card(-1, "slash S7"),)),
                     ("draw", 0, 2, (t.card(-1, "jink D2"), t.card(-1, "peach H3")))]
    assert ("skill", 0, "jizhi") in t.events("skill")
    assert len(t.hand(0)) == 3
    assert_conserved(t.game)


def test_jizhi_asks_nothing() -> None:
    # Ruling (docstring of Jizhi): "立即...摸一张牌" — she draws, no yes/no.
    s = Scenario(players=4, generals=["huangyueying", None, None, None])
    s.seat(0).hand("dismantlement", "slash")
    s.seat(1).hand("jink")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "dismantlement"), 1)  # "hand" is the only choice: taken by the engine
    t.expect(0, "play")
    assert len(t.hand(0)) == 2 and t.hand(1) == []


@pytest.mark.parametrize("trick", ["duel", "savage_assault", "god_salvation", "amazing_grace"])
def test_jizhi_every_trick_counts(trick: str) -> None:
    s = Scenario(players=4, generals=["huangyueying", None, None, None])
    s.seat(0).hand(trick)
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, trick), *(1,) if trick == "duel" else ())
    assert ("skill", 0, "jizhi") in t.events("skill")


def test_jizhi_delayed_tricks_count_too() -> None:
    # Ruling: 003 describes 乐不思蜀 and 闪电 among "锦囊牌的详解", so they are 锦囊牌.
    s = Scenario(players=4, generals=["huangyueying", None, None, None])
    s.seat(0).hand("indulgence", "lightning", "jink")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "indulgence"), 2)
    t.play(t.card(0, "lightning"))
    assert [e for e in t.events("skill") if e[2] == "jizhi"] == [("skill", 0, "jizhi")] * 2
    assert len(t.hand(0)) == 3  # the 闪 and the two drawn


def test_jizhi_not_for_basic_cards_or_equipment() -> None:
    s = Scenario(players=4, generals=["huangyueying", None, None, None])
    s.seat(0).hand("slash", "chitu", "peach").hp(2)
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "chitu"))
    t.play(t.card(0, "peach"))
    t.play(t.card(0, "slash"), 1)
    assert not [e for e in t.events("skill") if e[2] == "jizhi"]


def test_jizhi_a_nullified_trick_was_still_used() -> None:
    # 无懈可击 cancels the trick's effect (003: "取消一张锦囊牌对某一位玩家的作用"); she used it already.
    s = Scenario(players=4, generals=["huangyueying", None, None, None])
    s.seat(0).hand("duel")
    s.seat(1).hand("nullification")
    s.top("jink D2")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "duel"), 1)
    t.answer(1, "respond", t.card(1, "nullification"))
    assert t.hand(0) == [t.card(-1, "jink D2")]
    assert t.hp(0) == 3 and t.hp(1) == 4


def test_jizhi_only_her_own_tricks() -> None:
    s = Scenario(players=4, generals=[None, "huangyueying", None, None])
    s.seat(0).hand("ex_nihilo", "dilu")  # the horse keeps the play phase open
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "ex_nihilo"))
    t.expect(0, "play")
    assert t.hand(1) == [] and not t.events("skill")


def test_jizhi_playing_a_nullification_draws_a_card() -> None:
    # 003 集智: "使用一张锦囊牌" — 无懈可击 is a 锦囊牌 (003: "锦囊牌的详解 ... 无懈可击"). She draws
    # before the window opens again, so the card drawn may counter a counter.
    s = Scenario(players=4, generals=[None, "huangyueying", None, None])
    s.seat(0).hand("duel", "nullification", "dilu")
    s.seat(1).hand("nullification")
    s.top("nullification CK")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "duel"), 1)
    t.decline(0)
    t.answer(1, "respond", t.card(1, "nullification"))
    assert t.hand(1) == [t.card(-1, "nullification CK")]
    t.answer(0, "respond", t.card(0, "nullification"))  # seat 0 counters
    t.answer(1, "respond", t.card(-1, "nullification CK"))  # she counters with the card drawn
    assert [e[-1] for e in t.events("nullified")] == [True, False, True]
    assert t.hp(0) == 4 and t.hp(1) == 3 and len(t.hand(1)) == 1
    assert_conserved(t.game)


def test_qicai_snatch_at_any_distance() -> None:
    # 003 奇才: "使用任何锦囊牌无距离限制，如顺手牵羊。" Seat 2 is at distance 2, seat 3 at 1 + a +1 horse.
    s = Scenario(players=4, generals=["huangyueying", None, None, None])
    s.seat(0).hand("snatch", "snatch")
    s.seat(2).hand("jink")
    s.seat(3).equip("dilu")
    t = s.start(seat=0, phase="play")
    assert _targets(t, t.card(0, "snatch", 0)) == {(2,), (3,)}  # seat 1 has no card
    t.play(t.card(0, "snatch", 0), 2)
    t.play(t.card(0, "snatch", 1), 3)
    assert t.card(2, "jink") in t.hand(0) and t.card(3, "dilu") in t.hand(0)
    assert_conserved(t.game)


def test_without_qicai_snatch_reaches_distance_one_only() -> None:
    # 顺手牵羊 (docs/rules.md "Cards"): distance 1, horses count.
    s = Scenario(players=4)
    s.seat(0).hand("snatch")
    s.seat(1).hand("jink")
    s.seat(2).hand("jink")
    s.seat(3).equip("dilu")
    t = s.start(seat=0, phase="play")
    assert _targets(t, t.card(0, "snatch")) == {(1,)}


def test_qicai_does_not_reach_luxun() -> None:
    # 谦逊 (docs/rules.md "陆逊 luxun"): he cannot be the target of 顺手牵羊 — 奇才 lifts distance,
    # not that.
    s = Scenario(players=4, generals=["huangyueying", None, "luxun", None])
    s.seat(0).hand("snatch")
    s.seat(2).hand("jink")
    s.seat(3).hand("jink")
    t = s.start(seat=0, phase="play")
    assert _targets(t, t.card(0, "snatch")) == {(3,)}


def test_qicai_is_for_tricks_only_not_for_slash() -> None:
    s = Scenario(players=4, generals=["huangyueying", None, None, None])
    s.seat(0).hand("slash")
    t = s.start(seat=0, phase="play")
    assert _targets(t, t.card(0, "slash")) == {(1,), (3,)}


def test_qicai_snatch_against_sunshangxiangs_horse() -> None:
    # 乾坤 makes others' horses ignore her; 奇才 needs no distance at all, so 顺手牵羊 reaches
    # 孙尚香 wherever she sits, and 集智 draws as usual.
    s = Scenario(players=5, generals=["huangyueying", None, "sunshangxiang", None, None])
    s.seat(0).hand("snatch")
    s.seat(2).hand("jink").equip("jueying")
    s.top("peach H3")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "snatch"), 2)
    t.answer(0, "snatch", t.card(2, "jueying"))
    assert sorted(t.hand(0)) == sorted([t.card(2, "jueying"), t.card(-1, "peach H3")])
