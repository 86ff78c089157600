"""Distance, dying, death, rewards and victory (003; docs/rules.md "Distance" and "Dying, death and
victory")."""

from __future__ import annotations

from sgscore.sanguosha.model import LORD, LOYALIST, REBEL, RENEGADE
from sgscore.testing import Scenario
from sgscore.testing import check_conservation as assert_conserved

ROLES5 = [LORD, LOYALIST, REBEL, RENEGADE, REBEL]


# ---------------------------------------------------------------------------- distance
def test_distance_counts_living_players_the_shorter_way_round() -> None:
    # docs/rules.md "Distance"; 003: "此后需要计算距离时，忽略已死亡的角色。"
    s = Scenario(players=7, roles=[LORD, LOYALIST, REBEL, RENEGADE, REBEL, LOYALIST, REBEL])
    t = s.start(seat=0, phase="play")
    g, p = t.game, t.p
    assert [g.distance(p(0), p(i)) for i in range(1, 7)] == [1, 2, 3, 3, 2, 1]
    s = Scenario(players=7, roles=[LORD, LOYALIST, REBEL, RENEGADE, REBEL, LOYALIST, REBEL])
    s.seat(1).dead()
    s.seat(2).dead()
    t = s.start(seat=0, phase="play")
    g, p = t.game, t.p
    assert [g.distance(p(0), p(i)) for i in (3, 4, 5, 6)] == [1, 2, 2, 1]


def test_a_death_shortens_distances_and_brings_players_into_range() -> None:
    s = Scenario(players=5, roles=[LORD, REBEL, LOYALIST, RENEGADE, REBEL])
    s.seat(0).hand("slash", "duel")
    s.seat(1).hp(1)
    t = s.start(seat=0, phase="play")
    g = t.game
    assert g.distance(t.p(0), t.p(2)) == 2
    assert (t.card(0, "slash"), 2) not in t.choices()
    t.play(t.card(0, "duel"), 1)
    assert not t.p(1).alive
    assert g.distance(t.p(0), t.p(2)) == 1
    assert (t.card(0, "slash"), 2) in t.choices()


# ---------------------------------------------------------------------------- dying and rescue
def test_lightning_example_two_peaches_are_needed() -> None:
    # 003: "又如某角色有2点体力值，他受到闪电的伤害，则需要2个桃才能恢复到1点体力值。"
    s = Scenario(players=4)
    s.seat(1).judge("lightning").hp(2).hand("peach", "peach")
    s.top("slash S7")
    t = s.start(seat=1, phase="judge")
    assert t.hp(1) == -1 and ("dying", 1, -1) in t.events("dying")
    # Asked first: the current player, who is the dying player; one 桃 per request.
    t.answer(1, "respond", t.card(1, "peach", 0))
    assert t.hp(1) == 0
    t.answer(1, "respond", t.card(1, "peach", 1))
    assert t.hp(1) == 1 and t.p(1).alive
    assert [e[1:3] for e in t.events("recover")] == [(1, 1), (1, 1)]


def test_rescue_is_asked_in_turn_order_from_the_current_player() -> None:
    # docs/rules.md "Dying, death and victory": from the player whose turn it is round the table,
    # each living player may use 桃 on the dying, one 桃 per request and as many requests as they
    # like.
    s = Scenario(players=5, roles=ROLES5)
    s.seat(2).hand("slash", "dilu").equip("halberd")
    s.seat(0).hp(1)
    s.seat(4).hand("peach")
    s.seat(1).hand("peach", "peach")
    t = s.start(seat=2, phase="play")
    t.play(t.card(2, "slash"), 0)
    t.decline(4)  # seats 2 and 3 hold no 桃 and are not asked; seat 4 declines
    t.answer(1, "respond", t.card(1, "peach", 0))  # the dying lord's loyalist saves him...
    assert t.hp(0) == 1 and t.card(1, "peach", 1) in t.hand(1)  # ...and keeps the second
    t.expect(2, "play")


def test_several_peaches_from_one_player() -> None:
    # At 1 HP, 3 damage from 闪电 leaves -2: three 桃 are needed, all from seat 3, one per request.
    s = Scenario(players=4)
    s.seat(1).judge("lightning").hp(1)
    s.seat(2).hand("peach")
    s.seat(3).hand("peach", "peach", "peach")
    s.top("slash S7")
    t = s.start(seat=1, phase="judge")
    t.decline(2)  # seat 1 (the current player) holds no 桃; seat 2 passes for good
    for i in range(3):
        t.answer(3, "respond", t.card(3, "peach", i))
    assert t.hp(1) == 1 and t.card(2, "peach") in t.hand(2)


def test_nobody_saves_the_dying_player_who_dies() -> None:
    s = Scenario(players=5, roles=ROLES5)
    s.seat(0).hand("slash", "dilu")
    s.seat(1).hp(1).hand("jink")
    s.seat(2).hand("peach")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "slash"), 1)
    t.decline(1)
    t.decline(2)
    assert not t.p(1).alive


# ---------------------------------------------------------------------------- death
def test_death_reveals_the_role_and_discards_every_card() -> None:
    # 003: "死亡的角色手牌和该角色面前已装备的装备牌及乐不思蜀、闪电弃到弃牌堆。角色死亡的玩家亮出身份牌"
    s = Scenario(players=5, roles=ROLES5)
    s.seat(0).hand("duel", "dilu")
    s.seat(3).hp(1).hand("jink").equip("axe", "jueying").judge("indulgence")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "duel"), 3)
    p3 = t.p(3)
    assert not p3.alive and p3.role_shown and p3.card_count() == 0
    assert ("death", 3, RENEGADE, 0) in t.events("death")
    lost = {t.card(3, n) for n in ("jink", "axe", "jueying", "indulgence")}
    assert lost <= set(t.game.discard_pile)
    assert t.game.view(None)["players"][3]["role"] == RENEGADE
    assert_conserved(t.game)


def test_killing_a_rebel_draws_three_even_for_a_rebel() -> None:
    # 003 Online: "任何人除掉一名反贼（即便凶手也是反贼），立即摸三张牌。"
    s = Scenario(players=5, roles=ROLES5)
    s.seat(2).hand("duel")
    s.seat(4).hp(1)
    t = s.start(seat=2, phase="play")
    t.play(t.card(2, "duel"), 4)
    assert not t.p(4).alive
    death = [e[0] for e in t.events()].index("death")
    assert ("draw", 2, 3) in [e[:3] for e in t.events()[death:]]


def test_lord_killing_a_loyalist_discards_hand_and_equipment() -> None:
    # 003: "如果主公误杀了忠臣，需要弃掉所有的手牌和已装备的牌。"
    s = Scenario(players=5, roles=ROLES5)
    s.seat(0).hand("duel", "peach", "jink").equip("crossbow", "dilu").judge("indulgence")
    s.seat(1).hp(1)
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "duel"), 1)
    t.decline(0)  # the lord could save the loyalist with his 桃, and does not
    (penalty,) = [e for e in t.events("discard") if e[3] == "killed_loyalist"]
    assert penalty[1] == 0
    assert sorted(penalty[2]) == sorted(t.card(0, n) for n in ("peach", "jink", "crossbow", "dilu"))
    # The judgement area is neither hand nor equipment: the 乐不思蜀 stays.


def test_a_rebel_killed_by_damage_with_no_source_rewards_nobody() -> None:
    # docs/rules.md "Dying, death and victory" (闪电); also tested with the card in
    # tests/cards/test_delayed.py.
    s = Scenario(players=5, roles=ROLES5)
    s.seat(4).judge("lightning").hp(2)
    s.top("slash S7")
    t = s.start(seat=4, phase="judge")
    assert ("death", 4, REBEL, -1) in t.events("death")
    death = [e[0] for e in t.events()].index("death")
    assert not any(e[0] == "draw" and e[2] == 3 for e in t.events()[death:])


# ---------------------------------------------------------------------------- victory
def test_the_lord_dies_and_the_rebels_win_at_once() -> None:
    # 003 Online: "主公被“杀”。此时若内奸是唯一存活的角色 ... 则内奸获胜，除此之外的情况为反贼获胜
    # （不论反贼角色死活）。"
    s = Scenario(players=5, roles=[REBEL, LORD, LOYALIST, RENEGADE, REBEL])
    s.seat(0).hand("savage_assault")
    s.seat(1).hp(1)
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "savage_assault"))
    assert t.result == (REBEL, "lord_died")
    assert [t.hp(i) for i in (2, 3, 4)] == [4, 4, 4]  # it ended at once, mid-card


def test_lord_dies_with_only_the_renegade_left() -> None:
    s = Scenario(players=5, roles=[RENEGADE, LORD, LOYALIST, REBEL, REBEL])
    for i in (2, 3, 4):
        s.seat(i).dead()
    s.seat(0).hand("duel")
    s.seat(1).hp(1)
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "duel"), 1)
    assert t.result == (RENEGADE, "lord_died")


def test_lord_dies_with_renegade_and_others_left_rebels_win() -> None:
    s = Scenario(players=5, roles=[RENEGADE, LORD, LOYALIST, REBEL, REBEL])
    s.seat(3).dead()
    s.seat(4).dead()
    s.seat(0).hand("duel")
    s.seat(1).hp(1)
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "duel"), 1)
    assert t.result == (REBEL, "lord_died")  # the rebels win though all of them are dead


def test_all_rebels_and_renegades_dead_the_lord_side_wins() -> None:
    # 003 Online: "所有的反贼和内奸都已死亡：主公和忠臣（不论死活）都获胜。"
    s = Scenario(players=5, roles=ROLES5)
    s.seat(1).dead()
    s.seat(2).dead()
    s.seat(4).dead()
    s.seat(0).hand("duel")
    s.seat(3).hp(1)
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "duel"), 3)
    assert t.result == (LORD, "rebels_and_renegades_dead")
    assert t.pending is None


ROLES10 = [LORD, LOYALIST, REBEL, RENEGADE, REBEL, LOYALIST, REBEL, RENEGADE, LOYALIST, REBEL]


def test_ten_players_lord_dies_with_both_renegades_alive_rebels_win() -> None:
    # docs/rules.md "Setup": 10 players have two renegades. 003 Online: the renegade wins only "若内
    # 奸是唯一存活的角色（有且仅有一名内奸存活）"; two living renegades are not one: the rebels win.
    s = Scenario(players=10, roles=ROLES10)
    for i in (1, 2, 4, 5, 6, 8, 9):
        s.seat(i).dead()
    s.seat(3).hand("slash")
    s.seat(0).hp(1)
    t = s.start(seat=3, phase="play")
    t.play(t.card(3, "slash"), 0)
    assert t.result == (REBEL, "lord_died")


def test_ten_players_the_last_renegade_wins_when_the_other_died() -> None:
    # 003 Online: "有且仅有一名内奸存活" — the other renegade is dead, this one is the only survivor.
    s = Scenario(players=10, roles=ROLES10)
    for i in (1, 2, 4, 5, 6, 8, 9):
        s.seat(i).dead()
    s.seat(3).hand("duel", "slash")
    s.seat(7).hp(1)
    s.seat(0).hp(1)
    t = s.start(seat=3, phase="play")
    t.play(t.card(3, "duel"), 7)  # the other renegade dies first: the game goes on
    assert not t.p(7).alive and t.result is None
    t.play(t.card(3, "slash"), 0)
    assert t.result == (RENEGADE, "lord_died")
