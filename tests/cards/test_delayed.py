"""The delayed tricks 乐不思蜀 and 闪电 (003; docs/rules.md "Cards")."""

from __future__ import annotations

from sgscore.core.protocol import SubsetRequest
from sgscore.sanguosha.model import LORD, LOYALIST, REBEL, RENEGADE
from sgscore.testing import Scenario
from sgscore.testing import check_conservation as assert_conserved


# ---------------------------------------------------------------------------- 乐不思蜀
def test_indulgence_targets_any_other_player_except_the_lord() -> None:
    # 003 乐不思蜀: "出牌阶段对除主公外的任意一名玩家使用"
    s = Scenario(players=4)
    s.seat(1).hand("indulgence")
    t = s.start(seat=1, phase="play")
    c = t.card(1, "indulgence")
    assert sorted(x for x in t.choices() if x is not None) == [(c, 2), (c, 3)]
    t.play(c, 3)
    assert t.p(3).judge == [(c, "indulgence")]
    assert c not in t.game.discard_pile  # 003: it stays in front of the target


def test_indulgence_not_on_a_player_who_already_has_one() -> None:
    # Online rules: "任何一个玩家面前的判定区或装备区里不能放有两张同名的牌"
    s = Scenario(players=4)
    s.seat(0).hand("indulgence")
    s.seat(2).judge("indulgence")
    t = s.start(seat=0, phase="play")
    c = t.card(0, "indulgence")
    assert sorted(x for x in t.choices() if x is not None) == [(c, 1), (c, 3)]


def test_indulgence_not_heart_skips_the_play_phase_only() -> None:
    # 003: "如果判定结果不是红桃，则该回合跳过出牌阶段（照常摸牌和弃牌），弃掉乐不思蜀"
    s = Scenario(players=4)
    s.seat(1).judge("indulgence").hand("slash", "slash", "slash", "slash", "slash", "jink")
    s.top("peach DQ")  # a red card that is not a heart
    t = s.start(seat=1, phase="judge")
    indulgence = t.card(1, "indulgence")
    assert ("phase_skipped", 1, "play") in t.events()
    assert indulgence in t.game.discard_pile
    # Drew 2 as usual, then the discard phase asked to come down to 4.
    req = t.expect(1, "discard_phase")
    assert isinstance(req, SubsetRequest) and req.low == req.high == 4


def test_indulgence_heart_lets_the_player_act() -> None:
    # 003: "如果判定结果为红桃，则照常行动，弃掉乐不思蜀"
    s = Scenario(players=4)
    s.seat(1).judge("indulgence").hand("slash")
    s.top("jink H2")
    t = s.start(seat=1, phase="judge")
    assert t.events("phase_skipped") == []
    t.expect(1, "play")
    assert t.card(1, "indulgence") in t.game.discard_pile


# ---------------------------------------------------------------------------- 闪电
def test_lightning_is_placed_in_the_users_own_judgement_area() -> None:
    # 003 闪电: "出牌阶段横放在自己面前"
    s = Scenario(players=4)
    s.seat(0).hand("lightning")
    t = s.start(seat=0, phase="play")
    c = t.card(0, "lightning")
    t.play(c)
    assert t.p(0).judge == [(c, "lightning")]


def test_lightning_strikes_on_spade_two_to_nine_for_three_damage_without_source() -> None:
    # 003: "如果判定结果为黑桃二到黑桃九之间的牌，则减三点体力，并且将闪电弃掉"
    for face in ("S2", "S9"):
        s = Scenario(players=4)
        s.seat(1).judge("lightning")
        s.top("eight_diagram S2" if face == "S2" else "slash S9")
        t = s.start(seat=1, phase="judge")
        assert t.hp(1) == 1
        assert t.events("damage") == [("damage", -1, 1, 3, 1, "lightning")]
        assert t.card(1, "lightning") in t.game.discard_pile
        assert_conserved(t.game)


def test_lightning_otherwise_moves_to_the_next_player() -> None:
    # 003: "否则，将闪电传给右边的玩家"; ♠10, ♠A and red cards do not strike.
    for top in ("slash S10", "duel SA", "jink H2"):
        s = Scenario(players=4)
        s.seat(3).judge("lightning")
        s.top(top)
        t = s.start(seat=3, phase="judge")
        c = t.card(3, "lightning")
        assert t.hp(3) == 4
        assert t.p(0).judge == [(c, "lightning")] and t.p(3).judge == []


def test_lightning_skips_dead_players_and_players_holding_a_lightning() -> None:
    # docs/rules.md "Cards": 闪电 moves to the next living player whose judgement area holds no 闪电
    # (there are two with the EX cards).
    s = Scenario(players=5, roles=[LORD, LOYALIST, REBEL, RENEGADE, REBEL], packs=("standard", "ex"))
    s.seat(0).judge("lightning SA").hand("dilu")  # the horse keeps seat 0's play phase open
    s.seat(1).dead()
    s.seat(2).judge("lightning HQ")
    s.top("jink H2")
    t = s.start(seat=0, phase="judge")
    c = t.card(0, "lightning SA")
    assert t.p(3).judge == [(c, "lightning")]
    assert t.p(2).judge == [(t.card(2, "lightning HQ"), "lightning")]


def test_lightning_stays_when_nobody_can_take_it() -> None:
    s = Scenario(players=4, roles=[LORD, REBEL, LOYALIST, RENEGADE], packs=("standard", "ex"))
    s.seat(0).judge("lightning SA").hand("dilu")
    s.seat(1).judge("lightning HQ")
    s.seat(2).dead()
    s.seat(3).dead()
    s.top("jink H2")
    t = s.start(seat=0, phase="judge")
    assert t.p(0).judge == [(t.card(0, "lightning SA"), "lightning")]
    assert t.events("move_delayed") == []
    # It is judged once this turn (before the fix it was judged again until it struck).
    assert len(t.events("delayed_judge")) == 1 and t.hp(0) == 4
    assert_conserved(t.game)


def test_one_lightning_per_judgement_area() -> None:
    s = Scenario(players=4, packs=("standard", "ex"))
    s.seat(0).hand("lightning HQ").judge("lightning SA")
    t = s.start(seat=0, phase="play")
    c = t.card(0, "lightning HQ")
    assert all(x is None or x[0] != c for x in t.choices())


def test_lightning_kill_rewards_nobody() -> None:
    # docs/rules.md "Dying, death and victory": damage with no source (闪电) rewards and punishes
    # nobody.
    s = Scenario(players=5, roles=[LORD, LOYALIST, REBEL, RENEGADE, REBEL])
    s.seat(2).judge("lightning").hp(3)
    s.top("slash S7")
    t = s.start(seat=2, phase="judge")
    assert not t.p(2).alive
    assert ("death", 2, REBEL, -1) in t.events("death")
    after = t.events()[[e[0] for e in t.events()].index("death"):]
    assert [e[1:3] for e in after if e[0] == "draw"] == [(3, 2)]  # only seat 3's draw phase
