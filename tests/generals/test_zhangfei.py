"""张飞: 飞将 (003 "人物技能详解"; docs/rules.md "张飞 zhangfei")."""

from __future__ import annotations

from sgscore.testing import Scenario, Table
from sgscore.testing import check_conservation as assert_conserved


def _slash_choices(t: Table, card: int) -> set[tuple[int, ...]]:
    """The target tuples the play request offers for the 杀 ``card``."""
    return {c[1:] for c in t.choices() if isinstance(c, tuple) and c[0] == card}


def test_feijiang_any_number_of_slashes_in_the_play_phase() -> None:
    # 003 飞将: "出牌阶段，可以出任意数量的杀。" (not the later 咆哮: docs/rules.md "张飞 zhangfei")
    s = Scenario(players=4, generals=["zhangfei", None, None, None])
    s.seat(0).hand("slash", "slash", "slash")
    s.seat(1).hp(4)
    t = s.start(seat=0, phase="play")
    for i in range(3):
        t.play(t.card(0, "slash", i), 1)
    assert t.hp(1) == 1
    assert len(t.events("damage")) == 3
    assert_conserved(t.game)


def test_without_feijiang_a_second_slash_cannot_be_used() -> None:
    # The rule 飞将 lifts: one 杀 per play phase (docs/rules.md "The turn").
    s = Scenario(players=4)
    s.seat(0).hand("slash", "slash")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "slash", 0), 1)
    assert _slash_choices(t, t.card(0, "slash", 1)) == set()


def test_feijiang_a_weapon_still_adds_attack_range() -> None:
    # 003 飞将: "仍可以装备武器后增加攻击距离。" Seat 2 is at distance 2: out of reach without a
    # weapon, within reach of a range-2 weapon, for every 杀.
    s = Scenario(players=4, generals=["zhangfei", None, None, None])
    s.seat(0).hand("slash", "slash", "qinggang_sword")
    t = s.start(seat=0, phase="play")
    assert _slash_choices(t, t.card(0, "slash", 0)) == {(1,), (3,)}
    t.play(t.card(0, "qinggang_sword"))
    assert _slash_choices(t, t.card(0, "slash", 0)) == {(1,), (2,), (3,)}
    t.play(t.card(0, "slash", 0), 2)
    t.play(t.card(0, "slash", 1), 2)
    assert t.hp(2) == 2


def test_feijiang_lifts_only_the_limit_not_the_range() -> None:
    # Every 杀 still needs a target within his attack range.
    s = Scenario(players=5, generals=["zhangfei", None, None, None, None])
    s.seat(0).hand("slash", "slash")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "slash", 0), 1)
    assert _slash_choices(t, t.card(0, "slash", 1)) == {(1,), (4,)}


def test_feijiang_works_against_sunshangxiang() -> None:
    # 乾坤 (docs/rules.md "孙尚香 sunshangxiang"): other players' equipment has no effect on her,
    # skills still apply (003: "但角色技能对她依然有效"): 飞将's second 杀 may be aimed at her, a
    # 诸葛连弩's may not.
    s = Scenario(players=4, generals=["zhangfei", "sunshangxiang", None, None])
    s.seat(0).hand("slash", "slash")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "slash", 0), 3)
    assert _slash_choices(t, t.card(0, "slash", 1)) == {(1,), (3,)}
    t.play(t.card(0, "slash", 1), 1)
    assert t.hp(1) == 2
    s2 = Scenario(players=4, generals=[None, "sunshangxiang", None, None])
    s2.seat(0).hand("slash", "slash").equip("crossbow")
    t2 = s2.start(seat=0, phase="play")
    t2.play(t2.card(0, "slash", 0), 3)
    assert _slash_choices(t2, t2.card(0, "slash", 1)) == {(3,)}


def test_feijiang_a_second_slash_may_be_moved_onto_sunshangxiang_by_liuli() -> None:
    # 乾坤 / 流离 (docs/rules.md "孙尚香 sunshangxiang"): only a 杀 the user could not have aimed at
    # her because of equipment cannot be moved onto her; 飞将 is a skill, so his second 杀 can.
    s = Scenario(players=4, generals=["zhangfei", "daqiao", "sunshangxiang", None])
    s.seat(0).hand("slash", "slash")
    s.seat(1).hand("jink", "peach").equip("qinggang_sword")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "slash", 0), 3)
    t.play(t.card(0, "slash", 1), 1)
    t.answer(1, "invoke", True)
    assert {seat for _, seat in t.expect(1, "liuli").choices()} == {2, 3}


def test_feijiang_does_not_reach_an_empty_handed_zhugeliang() -> None:
    # 空城 (docs/rules.md "诸葛亮 zhugeliang"): with no hand cards 诸葛亮 cannot be chosen as the
    # target of 杀.
    s = Scenario(players=4, generals=["zhangfei", "zhugeliang", None, None])
    s.seat(0).hand("slash", "slash")
    s.seat(1).hand("jink")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "slash", 0), 1)
    t.answer(1, "respond", t.card(1, "jink"))  # his last hand card
    assert _slash_choices(t, t.card(0, "slash", 1)) == {(3,)}

