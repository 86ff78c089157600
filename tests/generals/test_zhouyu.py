"""周瑜: 英姿 and 借刀 (003 "人物技能详解"; docs/rules.md "周瑜 zhouyu")."""

from __future__ import annotations

import pytest

from sgscore.core.protocol import IllegalChoice
from sgscore.sanguosha.cards import WEAPON
from sgscore.testing import Scenario
from sgscore.testing import check_conservation as assert_conserved

# 003 英姿: "摸牌阶段摸三张牌（并非额外摸三张）"
# 003 借刀: "出牌阶段，可强制向一名玩家借用一张已装备的武器牌（如同锦囊牌借刀杀人的效果）。一回合只能
# 使用一次该技能。" docs/rules.md "周瑜 zhouyu": the effect of the card 借刀杀人, once per turn;
# 借刀杀人 (docs/rules.md "Cards"): take another player's equipped weapon and use its range and
# skill until the start of your discard phase, then give it back; with a weapon of your own,
# choose which of the two is active.


def test_yingzi_draws_three_cards_in_the_draw_phase_not_three_more() -> None:
    # 003 英姿: "摸牌阶段摸三张牌（并非额外摸三张）" — three in all, asked nothing.
    s = Scenario(players=4, generals=["zhouyu", None, None, None])
    s.top("slash", "jink", "peach", "duel")
    t = s.start(seat=0, phase="draw")
    t.expect(0, "play")
    assert sorted(t.hand(0)) == sorted(t.card(-1, c) for c in ("slash", "jink", "peach"))
    assert ("skill", 0, "yingzi") in t.events("skill")
    assert t.game.draw_pile[-1] == t.card(-1, "duel")


def test_yingzi_only_in_his_own_draw_phase() -> None:
    s = Scenario(players=4, generals=["zhouyu", None, None, None])
    s.top("slash", "jink", "peach")
    t = s.start(seat=1, phase="draw")
    t.expect(1, "play")
    assert len(t.hand(1)) == 2 and not t.hand(0)


def test_jiedao_borrows_the_weapon_with_its_range_until_the_discard_phase() -> None:
    # 003 借刀杀人: "借用除自己外任意一名玩家已装备的武器牌，使用所借武器的攻击距离和技能，弃牌阶段归还"
    s = Scenario(players=5, generals=["zhouyu", None, None, None, None])
    s.seat(0).hand("slash")
    s.seat(2).equip("blade")  # range 3
    t = s.start(seat=0, phase="play")
    blade = t.card(2, "blade")
    assert not t.game.in_attack_range(t.p(0), t.p(2))
    t.skill("jiedao", (), (2,))
    assert ("use", 0, "collateral", (), (2,), "jiedao") in t.events("use")
    assert t.p(0).borrowed == (blade, 2, True) and t.p(2).equip[WEAPON] == -1
    assert t.game.attack_range(t.p(0)) == 3 and t.p(0).has_skill("blade")
    assert_conserved(t.game)
    t.play(t.card(0, "slash"), 2)  # seat 2 is in range now, and has no 闪
    assert t.hp(2) == 3
    # No cards left: the play phase ends, and the weapon goes back as the discard phase starts.
    assert t.p(2).equip[WEAPON] == blade and t.p(0).borrowed is None
    kinds = [e[:3] for e in t.events() if e[0] in ("phase", "return_weapon")]
    assert kinds[kinds.index(("return_weapon", 0, 2)) - 1] == ("phase", 0, "discard")
    assert_conserved(t.game)


def test_jiedao_only_from_another_player_with_a_weapon() -> None:
    s = Scenario(players=4, generals=["zhouyu", None, None, None])
    s.seat(0).equip("qinggang_sword")
    s.seat(1).equip("eight_diagram")
    s.seat(3).equip("axe")
    t = s.start(seat=0, phase="play")
    assert [c for c in t.choices() if c is not None and c[0] == "jiedao"] == [
        ("jiedao", (), (3,))]
    with pytest.raises(IllegalChoice):
        t.skill("jiedao", (), (1,))


def test_jiedao_with_a_weapon_of_his_own_he_chooses_which_is_active() -> None:
    # 003 借刀杀人: "若此时自己已装备武器，也不必弃掉，可以选择一把使用。不能使用一把武器的攻击距离搭配另一把
    # 武器的技能。"
    s = Scenario(players=5, generals=["zhouyu", None, None, None, None])
    s.seat(0).hand("slash", "slash").equip("crossbow")
    s.seat(2).equip("blade")
    t = s.start(seat=0, phase="play")
    crossbow, blade = t.card(0, "crossbow"), t.card(2, "blade")
    t.skill("jiedao", (), (2,))
    assert sorted(t.expect(0, "choose_weapon").choices()) == sorted([crossbow, blade])
    t.answer(0, "choose_weapon", crossbow)
    assert t.p(0).borrowed == (blade, 2, False)
    assert t.game.attack_range(t.p(0)) == 1 and not t.p(0).has_skill("blade")
    t.play(t.card(0, "slash", 0), 1)
    t.play(t.card(0, "slash", 1), 1)  # 诸葛连弩 is the active weapon: a second 杀
    assert t.hp(1) == 2


def test_jiedao_is_a_skill_no_nullification_answers_it() -> None:
    # 借刀 (docs/rules.md "周瑜 zhouyu"): it is a skill, not a trick card, so no 无懈可击 can answer
    # it (无懈可击 cancels a 锦囊; 003's 强制 says the borrowing is forced). 003 无懈可击:
    # "取消一张锦囊牌对某一位玩家的作用"; 003 借刀: "可强制向一名玩家借用一张已装备的武器牌".
    s = Scenario(players=4, generals=["zhouyu", None, None, None])
    s.seat(0).hand("peach").hp(2)  # the 桃 keeps his play phase going
    s.seat(1).equip("axe")
    s.seat(2).hand("nullification")
    s.seat(3).equip("halberd")
    t = s.start(seat=0, phase="play")
    t.skill("jiedao", (), (1,))
    # Nobody is asked for a 无懈可击: the axe is his at once, and seat 2 keeps the card.
    t.expect(0, "play")
    assert not t.events("nullified")
    assert t.p(0).borrowed == (t.card(1, "axe"), 1, True) and t.p(1).equip[WEAPON] == -1
    assert t.card(2, "nullification") in t.hand(2)
    assert_conserved(t.game)


def test_the_card_borrowed_sword_can_still_be_nullified() -> None:
    # 003 无懈可击: "取消一张锦囊牌对某一位玩家的作用": the card 借刀杀人 is a 锦囊牌, unlike 借刀.
    s = Scenario(players=4, generals=["zhouyu", None, None, None])
    s.seat(0).hand("collateral", "peach").hp(2)
    s.seat(1).equip("axe")
    s.seat(2).hand("nullification")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "collateral"), 1)
    t.answer(2, "respond", t.card(2, "nullification"))
    assert ("nullified", 2, "collateral", 1, True) in t.events("nullified")
    assert t.p(0).borrowed is None and t.p(1).equip[WEAPON] == t.card(1, "axe")


def test_jiedao_once_per_turn_and_again_next_turn() -> None:
    s = Scenario(players=4, generals=["zhouyu", None, None, None])
    s.seat(0).hand("peach", "peach").hp(1)
    s.seat(1).equip("axe")
    s.seat(3).equip("halberd")
    t = s.start(seat=0, phase="play")
    t.skill("jiedao", (), (1,))
    t.expect(0, "play")
    assert [c for c in t.choices() if c is not None and c[0] == "jiedao"] == []
    t.end_play()
    assert t.p(1).equip[WEAPON] == t.card(1, "axe")  # given back at his discard phase
    t.until(0, "play")  # round the table to his next play phase
    assert {c[2] for c in t.choices() if c is not None and c[0] == "jiedao"} == {(1,), (3,)}


def test_jiedao_and_the_card_one_borrowed_weapon_at_a_time() -> None:
    # 借刀杀人 (docs/rules.md "Cards") and 借刀 (docs/rules.md "周瑜 zhouyu"): one borrowed weapon
    # at a time — the card is not usable while the weapon borrowed by 借刀 is his, and 借刀 not
    # after the card.
    s = Scenario(players=4, generals=["zhouyu", None, None, None])
    s.seat(0).hand("collateral", "peach").hp(2)  # the 桃 keeps his play phase going
    s.seat(1).equip("axe")
    s.seat(3).equip("halberd")
    t = s.start(seat=0, phase="play")
    t.skill("jiedao", (), (1,))
    collateral = t.card(0, "collateral")
    t.expect(0, "play")
    assert not [c for c in t.choices() if c is not None and c[0] == collateral]


def test_jiedao_not_after_the_card_borrowed_a_weapon() -> None:
    s = Scenario(players=4, generals=["zhouyu", None, None, None])
    s.seat(0).hand("collateral", "peach").hp(2)  # the 桃 keeps his play phase going
    s.seat(1).equip("axe")
    s.seat(3).equip("halberd")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "collateral"), 1)
    assert t.p(0).borrowed == (t.card(1, "axe"), 1, True)
    t.expect(0, "play")
    assert not [c for c in t.choices() if c is not None and c[0] == "jiedao"]


def test_jiedao_a_borrowed_weapon_is_discarded_when_its_owner_died() -> None:
    # 借刀杀人 (docs/rules.md "Cards"): the weapon goes back to its owner's weapon slot if the owner
    # is alive and has no weapon; otherwise it is discarded.
    s = Scenario(players=5, generals=["zhouyu", None, None, None, None])
    s.seat(0).hand("slash")
    s.seat(2).equip("halberd").hp(1)
    t = s.start(seat=0, phase="play")
    halberd = t.card(2, "halberd")
    t.skill("jiedao", (), (2,))
    t.play(t.card(0, "slash"), 2)  # seat 2 (a rebel) dies by its own weapon
    assert not t.p(2).alive
    assert halberd in t.game.discard_pile and t.p(0).borrowed is None
    assert_conserved(t.game)
