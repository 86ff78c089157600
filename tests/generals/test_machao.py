"""马超: 马术 (003 "人物技能详解"; docs/rules.md "马超 machao" and
"Distance")."""

from __future__ import annotations

from sgscore.sanguosha.cards import DEFENSE_HORSE, OFFENSE_HORSE
from sgscore.testing import Scenario, Table
from sgscore.testing import check_conservation as assert_conserved


def _d(t: Table, a: int, b: int) -> int:
    return int(t.game.distance(t.p(a), t.p(b)))


def test_mashu_counts_as_both_horses_without_equipment() -> None:
    # 003 马术: "始终视为骑着一匹-1马和一匹+1马，不管他是否装备马"
    s = Scenario(players=5, generals=["machao", None, None, None, None])
    t = s.start(seat=0, phase="play")
    assert _d(t, 0, 2) == 1 and _d(t, 0, 3) == 1  # 2 - 1
    assert _d(t, 2, 0) == 3 and _d(t, 1, 0) == 2 and _d(t, 4, 0) == 2  # seat distance + 1
    assert _d(t, 0, 1) == 1  # never below 1


def test_mashu_reaches_farther_with_slash_and_snatch() -> None:
    # docs/rules.md "Cards": 顺手牵羊 at distance 1 with horses counted; 马术 counts as a -1 horse.
    s = Scenario(players=5, generals=["machao", None, None, None, None])
    s.seat(0).hand("slash", "snatch")
    s.seat(2).hand("jink")
    t = s.start(seat=0, phase="play")
    assert (t.card(0, "slash"), 2) in t.choices() and (t.card(0, "snatch"), 2) in t.choices()


def test_mashu_keeps_others_at_a_distance() -> None:
    s = Scenario(players=5, generals=["machao", None, None, None, None])
    s.seat(1).hand("slash")
    t = s.start(seat=1, phase="play")
    assert (t.card(1, "slash"), 0) not in t.choices()  # distance 2, range 1


def test_mashu_an_equipped_minus_horse_stacks() -> None:
    # 003 马术: "他最多只能再装备一匹马（算上自己始终骑着的两匹马一共三匹）" — the third horse counts too.
    s = Scenario(players=6, generals=["machao", None, None, None, None, None])
    s.seat(0).equip("chitu")
    t = s.start(seat=0, phase="play")
    assert _d(t, 0, 3) == 1  # 3 - 1 (马术) - 1 (赤兔)
    assert _d(t, 0, 2) == 1
    assert _d(t, 3, 0) == 4  # his +1 from 马术 only


def test_mashu_an_equipped_plus_horse_stacks() -> None:
    s = Scenario(players=6, generals=["machao", None, None, None, None, None])
    s.seat(0).equip("jueying")
    t = s.start(seat=0, phase="play")
    assert _d(t, 3, 0) == 5 and _d(t, 1, 0) == 3  # seat distance + 1 (马术) + 1 (绝影)
    assert _d(t, 0, 3) == 2


def test_mashu_only_one_equipped_horse() -> None:
    # 003 马术: "但他最多只能再装备一匹马" — a second horse, of either kind, replaces the first.
    s = Scenario(players=4, generals=["machao", None, None, None])
    s.seat(0).hand("jueying", "dayuan", "jink")
    t = s.start(seat=0, phase="play")
    jueying, dayuan = t.card(0, "jueying"), t.card(0, "dayuan")
    t.play(jueying)
    t.play(dayuan)
    assert t.p(0).equip[OFFENSE_HORSE] == dayuan and t.p(0).equip[DEFENSE_HORSE] == -1
    assert jueying in t.game.discard_pile
    assert_conserved(t.game)


def test_without_mashu_two_horses_of_different_kinds_stay() -> None:
    # The rule 马术 changes: others may ride one horse of each kind (003 "装备牌").
    s = Scenario(players=4)
    s.seat(0).hand("jueying", "dayuan", "jink")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "jueying"))
    t.play(t.card(0, "dayuan"))
    assert t.p(0).equip[OFFENSE_HORSE] >= 0 and t.p(0).equip[DEFENSE_HORSE] >= 0
