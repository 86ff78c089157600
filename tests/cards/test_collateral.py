"""借刀杀人 as 003's first-edition text (docs/rules.md "Cards"): borrow another player's weapon,
with its range and skill, until the start of your discard phase."""

from __future__ import annotations

from sgscore.sanguosha.cards import NAME
from sgscore.sanguosha.model import LORD, LOYALIST, REBEL, RENEGADE
from sgscore.testing import Scenario
from sgscore.testing import check_conservation as assert_conserved

# 003 借刀杀人: "借用除自己外任意一名玩家已装备的武器牌，使用所借武器的攻击距离和技能，弃牌阶段
# 归还。若此时自己已装备武器，也不必弃掉，可以选择一把使用。不能使用一把武器的攻击距离搭配另一把
# 武器的技能。"


def test_borrowing_gives_the_weapons_range_until_the_discard_phase() -> None:
    s = Scenario(players=5)
    s.seat(0).hand("collateral", "slash")
    s.seat(2).equip("blade")  # range 3
    t = s.start(seat=0, phase="play")
    blade = t.card(2, "blade")
    g = t.game
    assert not g.in_attack_range(t.p(0), t.p(2))
    t.play(t.card(0, "collateral"), 2)
    assert t.p(0).borrowed == (blade, 2, True) and t.p(2).equip[0] == -1
    assert g.attack_range(t.p(0)) == 3 and g.attack_range(t.p(2)) == 1
    assert t.p(0).has_skill("blade") and not t.p(2).has_skill("blade")
    assert_conserved(g)
    t.play(t.card(0, "slash"), 2)  # seat 2 is now in range
    assert t.hp(2) == 3
    # The play phase ends with no cards left; the weapon goes back at the discard phase's start.
    assert t.p(2).equip[0] == blade and t.p(0).borrowed is None
    assert t.p(2).has_skill("blade") and not t.p(0).has_skill("blade")
    phases = [e for e in t.events() if e[0] in ("phase", "return_weapon")]
    i = phases.index(("return_weapon", 0, 2, blade))
    assert phases[i - 1] == ("phase", 0, "discard")


def test_choosing_between_own_and_borrowed_weapon() -> None:
    # The active weapon gives both range and skill; the other has no effect meanwhile.
    s = Scenario(players=5)
    s.seat(0).hand("collateral", "slash", "slash").equip("crossbow")
    s.seat(2).equip("blade")
    t = s.start(seat=0, phase="play")
    crossbow, blade = t.card(0, "crossbow"), t.card(2, "blade")
    t.play(t.card(0, "collateral"), 2)
    req = t.expect(0, "choose_weapon")
    assert list(req.choices()) == [crossbow, blade]
    t.answer(0, "choose_weapon", blade)
    p0 = t.p(0)
    assert t.game.attack_range(p0) == 3
    assert p0.has_skill("blade") and not p0.has_skill("crossbow")
    assert t.game.slash_limit(p0) == 1  # 诸葛连弩's skill is off with 青龙偃月刀 active
    t.play(t.card(0, "slash", 0), 2)  # seat 2 has no 闪: hit
    assert t.hp(2) == 3
    slash2 = t.card(0, "slash", 1)
    assert all(c is None or c[0] != slash2 for c in t.choices())


def test_choosing_the_own_weapon_keeps_its_range_and_skill() -> None:
    s = Scenario(players=5)
    s.seat(0).hand("collateral", "slash", "slash").equip("crossbow")
    s.seat(2).equip("blade")
    t = s.start(seat=0, phase="play")
    crossbow, blade = t.card(0, "crossbow"), t.card(2, "blade")
    t.play(t.card(0, "collateral"), 2)
    t.answer(0, "choose_weapon", crossbow)
    p0 = t.p(0)
    assert p0.borrowed == (blade, 2, False)
    assert t.game.attack_range(p0) == 1 and not p0.has_skill("blade")
    t.play(t.card(0, "slash", 0), 1)
    t.play(t.card(0, "slash", 1), 1)  # 诸葛连弩: a second 杀
    assert t.hp(1) == 2


def test_the_borrowed_weapon_is_discarded_when_its_owner_has_a_weapon_again() -> None:
    # docs/rules.md "Cards": the weapon goes back to its owner's weapon slot if the owner is alive
    # and has no weapon; otherwise it is discarded. Nothing in the standard deck lets the owner
    # equip in the borrower's turn, so the scenario puts a weapon in the owner's slot directly.
    s = Scenario(players=5)
    s.seat(0).hand("collateral", "dilu")
    s.seat(2).equip("blade")
    t = s.start(seat=0, phase="play")
    blade = t.card(2, "blade")
    t.play(t.card(0, "collateral"), 2)
    g = t.game
    axe = next(c for c in g.draw_pile if NAME[c] == "axe")
    g.draw_pile.remove(axe)
    g.players[2].equip[0] = axe
    t.end_play()
    assert blade in g.discard_pile and t.p(2).equip[0] == axe
    assert ("discard", 0, (blade,), "borrowed_weapon") in t.events("discard")
    assert_conserved(g)


def test_the_borrowed_weapon_is_discarded_when_its_owner_died() -> None:
    s = Scenario(players=5, roles=[LORD, LOYALIST, REBEL, RENEGADE, REBEL])
    s.seat(0).hand("collateral", "slash")
    s.seat(2).equip("halberd").hp(1)
    t = s.start(seat=0, phase="play")
    halberd = t.card(2, "halberd")
    t.play(t.card(0, "collateral"), 2)
    t.play(t.card(0, "slash"), 2)  # the owner dies by its own weapon
    assert not t.p(2).alive
    assert halberd in t.game.discard_pile and t.p(0).borrowed is None
    assert_conserved(t.game)


def test_a_borrower_who_dies_returns_the_weapon_at_once() -> None:
    # docs/rules.md "Cards": a borrower who dies returns the weapon at once, by the same rule.
    s = Scenario(players=5, roles=[REBEL, LORD, LOYALIST, REBEL, RENEGADE])
    s.seat(0).hand("collateral", "duel").hp(1)
    s.seat(1).hand("slash")
    s.seat(2).equip("spear")
    t = s.start(seat=0, phase="play")
    spear = t.card(2, "spear")
    t.play(t.card(0, "collateral"), 2)
    t.play(t.card(0, "duel"), 1)
    t.answer(1, "respond", t.card(1, "slash"))
    assert not t.p(0).alive
    assert t.p(2).equip[0] == spear and t.p(2).has_skill("spear")
    kinds = [e[0] for e in t.events()]
    assert kinds.index("return_weapon") == kinds.index("death") + 1
    assert_conserved(t.game)


def test_collateral_needs_a_target_with_a_weapon_and_one_borrow_at_a_time() -> None:
    s = Scenario(players=4)
    s.seat(0).hand("collateral", "collateral")
    s.seat(1).equip("axe")
    s.seat(3).equip("kylin_bow")
    t = s.start(seat=0, phase="play")
    c1, c2 = t.card(0, "collateral", 0), t.card(0, "collateral", 1)
    assert sorted(c for c in t.choices() if c is not None and c[0] == c1) == [(c1, 1), (c1, 3)]
    t.play(c1, 1)
    assert all(c is None or c[0] != c2 for c in t.choices())


def test_a_borrowed_weapon_takes_over_when_the_own_weapon_is_lost() -> None:
    # docs/rules.md "Cards" (借刀杀人): the borrower chose his own 雌雄双股剑; killing his loyalist
    # costs the lord every hand and equipped card (003: "主公误杀了忠臣，需要弃掉所有的手牌和已装备
    # 的牌"), and the borrowed 诸葛连弩, still his until his discard phase, is then the weapon in
    # effect. 刘备's 激将 keeps his play phase going with no cards, and the 诸葛连弩 lets him ask
    # for more 杀.
    s = Scenario(
        players=5, roles=[LORD, LOYALIST, REBEL, RENEGADE, REBEL],
        generals=["liubei", None, None, "zhugeliang", None],
    )
    s.seat(0).hand("collateral", "slash").equip("double_swords")
    s.seat(1).hp(1)
    s.seat(2).equip("crossbow")
    s.seat(3).hand("jink")  # 诸葛亮, a Shu helper for 激将
    t = s.start(seat=0, phase="play")
    swords, crossbow = t.card(0, "double_swords"), t.card(2, "crossbow")
    t.play(t.card(0, "collateral"), 2)
    t.answer(0, "choose_weapon", swords)
    assert t.game.slash_limit(t.p(0)) == 1
    t.play(t.card(0, "slash"), 1)  # the loyalist has no 闪 and nobody a 桃: he dies
    assert not t.p(1).alive and t.p(0).equip[0] == -1 and not t.hand(0)
    t.expect(0, "play")
    assert t.p(0).borrowed == (crossbow, 2, False)
    assert t.game.weapon_of(t.p(0)) == crossbow
    assert t.p(0).has_skill("crossbow") and not t.p(0).has_skill("double_swords")
    assert ("jijiang", (), (2,)) in t.choices()  # a second 杀, asked of the Shu players
    assert_conserved(t.game)
