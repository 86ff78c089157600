"""孙尚香: 乾坤 (003 "人物技能详解"; docs/rules.md "孙尚香 sunshangxiang"). 孙尚香 sits at seat 2 of
5 throughout."""

from __future__ import annotations

from typing import Any

from sgscore.testing import Scenario


def _table(**options: Any) -> Scenario:
    return Scenario(players=5, generals=[None, None, "sunshangxiang", None, None], **options)


def test_others_minus_horse_does_not_bring_her_closer() -> None:
    # 003 乾坤: "无视其他玩家任何装备牌的效果，即其他玩家的武器牌、马、八卦阵"
    s = _table()
    s.seat(0).hand("slash").equip("chitu")
    t = s.start(seat=0, phase="play")
    slash = t.card(0, "slash")
    assert (slash, 2) not in t.choices()  # distance 2: the 赤兔 does not count against her
    assert (slash, 3) in t.choices()  # it does against anyone else


def test_others_weapon_range_does_not_reach_her() -> None:
    # 乾坤 (docs/rules.md "孙尚香 sunshangxiang"): weapons' ranges when they attack her.
    s = _table()
    s.seat(0).hand("slash").equip("kylin_bow")
    t = s.start(seat=0, phase="play")
    slash = t.card(0, "slash")
    assert (slash, 2) not in t.choices() and (slash, 3) in t.choices()


def test_others_plus_horse_does_not_keep_her_away() -> None:
    s = _table()
    s.seat(2).hand("slash")
    s.seat(3).equip("jueying")
    t = s.start(seat=2, phase="play")
    assert (t.card(2, "slash"), 3) in t.choices()


def test_her_own_equipment_works() -> None:
    # 乾坤 (docs/rules.md "孙尚香 sunshangxiang"): her own equipment works.
    s = _table()
    s.seat(2).hand("slash").equip("chitu")
    t = s.start(seat=2, phase="play")
    assert (t.card(2, "slash"), 0) in t.choices()  # distance 2 - 1


def test_others_eight_diagram_gives_no_jink_against_her_slash() -> None:
    # 003 乾坤: "...八卦阵"
    s = _table()
    s.seat(2).hand("slash")
    s.seat(3).hand("jink").equip("eight_diagram")
    t = s.start(seat=2, phase="play")
    t.play(t.card(2, "slash"), 3)
    t.expect(3, "respond")
    assert t.choices() == [None, t.card(3, "jink")]


def test_others_eight_diagram_gives_no_jink_against_her_archery_attack() -> None:
    s = _table()
    s.seat(2).hand("archery_attack")
    s.seat(3).equip("eight_diagram")
    t = s.start(seat=2, phase="play")
    t.play(t.card(2, "archery_attack"))
    assert t.hp(3) == 3 and not t.events("judge")


def test_her_eight_diagram_works_against_qinggang_sword() -> None:
    # The attacker's 青釭剑 has no effect against her, so her own 八卦阵 still works.
    s = _table()
    s.seat(1).hand("slash").equip("qinggang_sword")
    s.seat(2).equip("eight_diagram")
    s.top("peach H3")
    t = s.start(seat=1, phase="play")
    t.play(t.card(1, "slash"), 2)
    t.answer(2, "respond", ("eight_diagram",))
    assert t.hp(2) == 3


def test_crossbow_gives_no_extra_slash_against_her() -> None:
    # 乾坤 (docs/rules.md "孙尚香 sunshangxiang"): 诸葛连弩's unlimited 杀 is an effect of another's
    # equipment.
    s = _table()
    s.seat(1).hand("slash", "slash", "slash").equip("crossbow")
    t = s.start(seat=1, phase="play")
    t.play(t.card(1, "slash", 0), 0)
    second = t.card(1, "slash", 1)
    assert (second, 0) in t.choices()
    assert (second, 2) not in t.choices()


def test_crossbow_holder_may_still_use_his_first_slash_on_her() -> None:
    s = _table()
    s.seat(1).hand("slash", "slash").equip("crossbow")
    t = s.start(seat=1, phase="play")
    t.play(t.card(1, "slash", 0), 2)
    assert t.hp(2) == 2
    assert (t.card(1, "slash", 1), 0) in t.choices()


def test_halberd_extra_targets_never_include_her() -> None:
    # 乾坤 (docs/rules.md "孙尚香 sunshangxiang"): 方天画戟's extra targets are its effect; she can
    # only be the sole target of such a 杀.
    s = _table()
    s.seat(1).hand("slash").equip("halberd")
    t = s.start(seat=1, phase="play")
    slash = t.card(1, "slash")
    assert (slash, 2) in t.choices()
    assert (slash, 0, 3) in t.choices()
    assert not any(c is not None and len(c) > 2 and 2 in c[1:] for c in t.choices())


def test_renwang_shield_does_not_stop_her_black_slash() -> None:
    # 仁王盾 (docs/rules.md "EX cards") is armor: another's armor has no effect against her.
    s = _table(packs=("standard", "ex"))
    s.seat(2).hand("slash S7")
    s.seat(3).equip("renwang_shield")
    t = s.start(seat=2, phase="play")
    t.play(t.card(2, "slash S7"), 3)
    assert t.hp(3) == 3


def test_double_swords_do_nothing_against_her() -> None:
    # 雌雄双股剑 (docs/rules.md "Advanced weapons") against the other gender: another's weapon
    # skill, so not against her.
    s = _table()
    s.seat(1).hand("slash", "chitu").equip("double_swords")
    t = s.start(seat=1, phase="play")
    t.play(t.card(1, "slash"), 2)
    assert t.hp(2) == 2
    t.expect(1, "play")  # she was not asked to choose


def test_spear_of_the_duel_user_does_not_work_against_her() -> None:
    # 丈八蛇矛 (docs/rules.md "Advanced weapons") (any hand card as 杀 in a duel) is a weapon skill
    # used against her.
    s = _table()
    s.seat(1).hand("duel", "jink").equip("spear")
    s.seat(2).hand("slash")
    t = s.start(seat=1, phase="play")
    t.play(t.card(1, "duel"), 2)
    t.answer(2, "respond", t.card(2, "slash"))
    assert t.hp(1) == 3  # seat 1 could not turn its 闪 into a 杀
    # the same duel against someone else: the spear works
    s2 = _table()
    s2.seat(1).hand("duel", "jink").equip("spear")
    s2.seat(3).hand("slash")
    t2 = s2.start(seat=1, phase="play")
    t2.play(t2.card(1, "duel"), 3)
    t2.answer(3, "respond", t2.card(3, "slash"))
    t2.expect(1, "respond")
    assert ("spear", t2.card(1, "jink")) in t2.choices()


def test_skills_still_apply_to_her() -> None:
    # 003 乾坤: "但角色技能对她依然有效" — 马超's 马术 and 吕布's 无双.
    s = Scenario(players=5, generals=["machao", "lvbu", "sunshangxiang", None, None])
    s.seat(0).equip("chitu")
    s.seat(1).hand("slash")
    s.seat(2).hand("jink", "jink")
    t = s.start(seat=1, phase="play")
    g = t.game
    assert g.distance(t.p(0), t.p(2)) == 1  # 2 - 1 (马术); the 赤兔 does not count
    assert g.distance(t.p(2), t.p(0)) == 3  # 2 + 1 (马术)
    t.play(t.card(1, "slash"), 2)
    t.answer(2, "respond", t.card(2, "jink", 0))
    t.answer(2, "respond", t.card(2, "jink", 1))  # 无双 still needs two
    assert t.hp(2) == 3
