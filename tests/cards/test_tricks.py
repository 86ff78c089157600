"""The instant tricks (003 "锦囊牌"; docs/rules.md "Cards"): 决斗, 过河拆桥, 顺手牵羊, 无中生有,
南蛮入侵, 万箭齐发, 桃园结义, 五谷丰登. 借刀杀人 and 无懈可击 have files of their own."""

from __future__ import annotations

from sgscore.core.engine import Proc
from sgscore.core.rng import Pcg32
from sgscore.sanguosha.contexts import DAMAGED, DamageCtx
from sgscore.sanguosha.game import Game
from sgscore.sanguosha.model import LORD, LOYALIST, REBEL, RENEGADE, Player
from sgscore.sanguosha.rules import damage
from sgscore.sanguosha.skills import SKILLS, Skill, register_skill
from sgscore.testing import Scenario, Table
from sgscore.testing import check_conservation as assert_conserved


def _rng_copy(t: Table) -> Pcg32:
    r = Pcg32(0)
    r.setstate(t.game.rng.getstate())
    return r


# ---------------------------------------------------------------------------- 决斗
def test_duel_target_plays_slash_first_and_they_alternate() -> None:
    # 003 决斗: "由目标玩家开始，双方轮流出杀，一次出一张杀，直到有一方没有杀（或不出）为止。
    # 没有杀（或不出）的玩家减一点体力。"
    s = Scenario(players=4)
    s.seat(0).hand("duel", "slash")
    s.seat(2).hand("slash", "slash")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "duel"), 2)  # any other player, at any distance
    t.answer(2, "respond", t.card(2, "slash", 0))
    t.answer(0, "respond", t.card(0, "slash"))
    t.answer(2, "respond", t.card(2, "slash", 1))
    # Seat 0 has no 杀 left: the request is not even asked, and seat 0 takes the damage.
    assert t.hp(0) == 3 and t.hp(2) == 4
    assert t.events("damage") == [("damage", 2, 0, 1, 3, "duel")]
    assert t.events("duel_lost") == [("duel_lost", 0)]
    assert_conserved(t.game)


def test_duel_target_without_slash_takes_damage_from_the_user() -> None:
    s = Scenario(players=4)
    s.seat(0).hand("duel")
    s.seat(1).hand("slash")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "duel"), 1)
    t.decline(1)  # 003: "没有杀（或不出）" — choosing not to play counts the same
    assert t.hp(1) == 3
    assert t.events("damage") == [("damage", 0, 1, 1, 3, "duel")]


def test_duel_slashes_do_not_count_against_the_slash_limit() -> None:
    # 003: "一名玩家一回合只能用杀攻击一次" limits using 杀, not playing it in a duel.
    s = Scenario(players=4)
    s.seat(0).hand("duel", "slash", "slash")
    s.seat(1).hand("slash")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "duel"), 1)
    t.answer(1, "respond", t.card(1, "slash"))
    t.answer(0, "respond", t.card(0, "slash", 0))
    assert t.hp(1) == 3
    t.play(t.card(0, "slash", 1), 1)  # still allowed
    assert t.hp(1) == 2


# ---------------------------------------------------------------------------- 过河拆桥
def test_dismantlement_takes_a_hand_card_at_random_with_the_game_rng() -> None:
    # 003 过河拆桥: "随机抽对方一张手牌 ... 并将之弃掉"; docs/rules.md "Cards": the game RNG picks
    # it.
    s = Scenario(players=4)
    s.seat(0).hand("dismantlement")
    s.seat(2).hand("jink", "peach", "slash").equip("dilu")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "dismantlement"), 2)  # any other player, at any distance
    req = t.expect(0, "dismantle")
    assert list(req.choices()) == ["hand", t.card(2, "dilu")]
    hand = t.hand(2)
    expected = hand[_rng_copy(t).below(len(hand))]
    t.answer(0, "dismantle", "hand")
    assert expected not in t.hand(2) and len(t.hand(2)) == 2
    assert expected in t.game.discard_pile
    assert ("discard", 2, (expected,), "dismantlement") in t.events("discard")
    assert_conserved(t.game)


def test_dismantlement_chooses_an_equipped_or_judgement_card() -> None:
    # 003: "或选择一张已装备的装备牌、乐不思蜀、闪电，并将之弃掉"
    s = Scenario(players=4)
    s.seat(0).hand("dismantlement", "dismantlement")
    s.seat(1).hand("jink").equip("eight_diagram").judge("indulgence")
    t = s.start(seat=0, phase="play")
    armor, indulgence = t.card(1, "eight_diagram"), t.card(1, "indulgence")
    t.play(t.card(0, "dismantlement", 0), 1)
    assert list(t.expect(0, "dismantle").choices()) == ["hand", armor, indulgence]
    t.answer(0, "dismantle", armor)
    assert t.p(1).equip[1] == -1 and armor in t.game.discard_pile
    assert not t.p(1).has_skill("eight_diagram")
    t.play(t.card(0, "dismantlement", 1), 1)
    t.answer(0, "dismantle", indulgence)
    assert t.p(1).judge == [] and indulgence in t.game.discard_pile
    assert t.card(1, "jink") in t.hand(1)  # the hand was never touched


def test_dismantlement_needs_another_player_with_a_card() -> None:
    s = Scenario(players=4)
    s.seat(0).hand("dismantlement", "slash")
    s.seat(1).hand("jink")
    t = s.start(seat=0, phase="play")
    d = t.card(0, "dismantlement")
    assert [c for c in t.choices() if c is not None and c[0] == d] == [(d, 1)]


# ---------------------------------------------------------------------------- 顺手牵羊
def test_snatch_reaches_distance_one_only() -> None:
    # 003 顺手牵羊: "出牌阶段对距离为1的一名玩家使用"
    s = Scenario(players=4)
    s.seat(0).hand("snatch")
    for i in (1, 2, 3):
        s.seat(i).hand("jink")
    t = s.start(seat=0, phase="play")
    c = t.card(0, "snatch")
    assert sorted(x for x in t.choices() if x is not None) == [(c, 1), (c, 3)]


def test_snatch_distance_counts_horses_but_not_weapons() -> None:
    # 003: "装备马可以改变顺手牵羊的距离，但顺手牵羊的距离与武器无关。"
    s = Scenario(players=5)
    s.seat(0).hand("snatch").equip("chitu", "halberd")  # -1 horse; a range-4 weapon
    s.seat(1).hand("jink").equip("jueying")  # +1 horse: 1 - 1 + 1 = 1
    s.seat(2).hand("jink")  # 2 - 1 = 1
    s.seat(3).hand("jink")  # 2 - 1 = 1 (the other way round)
    s.seat(4).hand("jink").equip("dilu")  # 1 - 1 + 1 = 1
    t = s.start(seat=0, phase="play")
    c = t.card(0, "snatch")
    assert sorted(x for x in t.choices() if x is not None and x[0] == c) == [
        (c, 1), (c, 2), (c, 3), (c, 4)
    ]
    s2 = Scenario(players=5)
    s2.seat(0).hand("snatch").equip("halberd")
    s2.seat(1).hand("jink").equip("jueying")  # 2: out of reach, the weapon does not help
    s2.seat(2).hand("jink")
    t2 = s2.start(seat=0, phase="play")
    c2 = t2.card(0, "snatch")
    assert [x for x in t2.choices() if x is not None and x[0] == c2] == []


def test_snatch_takes_an_equipped_card_into_the_users_hand() -> None:
    # 003: "选择一张已装备的装备牌、乐不思蜀、闪电，将之收入自己的手牌"
    s = Scenario(players=4)
    s.seat(0).hand("snatch", "jink")
    s.seat(1).equip("eight_diagram")
    t = s.start(seat=0, phase="play")
    armor = t.card(1, "eight_diagram")
    t.play(t.card(0, "snatch"), 1)  # only one option: taken without asking
    assert armor in t.hand(0) and t.p(1).equip[1] == -1
    assert ("gain", 0, 1, (armor,)) in t.events("gain")


def test_snatch_takes_a_hand_card_at_random() -> None:
    s = Scenario(players=4)
    s.seat(0).hand("snatch")
    s.seat(3).hand("jink", "peach", "slash", "duel").judge("lightning")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "snatch"), 3)
    hand = t.hand(3)
    expected = hand[_rng_copy(t).below(len(hand))]
    t.answer(0, "snatch", "hand")
    assert expected in t.hand(0) and expected not in t.hand(3)
    # Only the two players involved see which card moved.
    (kind, args, mask, hidden) = [e for e in t.game.events if e[0] == "gain"][-1]
    assert mask == 0b1001 and hidden == (expected,)
    assert_conserved(t.game)


# ---------------------------------------------------------------------------- 无中生有
def test_ex_nihilo_draws_two() -> None:
    # 003 无中生有: "从牌堆摸两张牌"
    s = Scenario(players=4)
    s.seat(0).hand("ex_nihilo")
    s.top("peach", "jink")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "ex_nihilo"))
    assert sorted(t.hand(0)) == sorted(t.card(-1, n) for n in ("peach", "jink"))


# ---------------------------------------------------------------------------- 南蛮入侵 / 万箭齐发
def test_savage_assault_asks_from_the_users_next_seat_in_turn_order() -> None:
    # docs/rules.md "Cards": every other living player, in turn order from the user's next seat.
    s = Scenario(players=4)
    s.seat(2).hand("savage_assault")
    for i in (3, 0, 1):
        s.seat(i).hand("slash")
    t = s.start(seat=2, phase="play")
    t.play(t.card(2, "savage_assault"))
    t.answer(3, "respond", t.card(3, "slash"))
    t.decline(0)
    t.answer(1, "respond", t.card(1, "slash"))
    # 003 南蛮入侵: "没有杀（或不出）的玩家减一点体力"
    assert [t.hp(i) for i in range(4)] == [3, 4, 4, 4]
    assert t.events("damage") == [("damage", 2, 0, 1, 3, "savage_assault")]


def test_archery_attack_needs_jink_and_eight_diagram_answers_it() -> None:
    # 003 万箭齐发: "所有玩家需要出一张闪"; 八卦阵: "需要出闪的时候（受到杀或万箭齐发攻击时），
    # 可以选择判定，若判定结果为红色 ... 则等效于出了一张闪"
    s = Scenario(players=4)
    s.seat(0).hand("archery_attack")
    s.seat(1).hand("jink")
    s.seat(2).equip("eight_diagram")
    s.top("jink D2")  # 八卦阵's judgement card: red
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "archery_attack"))
    t.answer(1, "respond", t.card(1, "jink"))
    t.answer(2, "respond", ("eight_diagram",))
    assert [t.hp(i) for i in range(4)] == [4, 4, 4, 3]
    assert ("judge_result", 2, "eight_diagram", t.card(-1, "jink D2")) in t.events()
    assert_conserved(t.game)


def test_aoe_skips_a_player_who_died_meanwhile() -> None:
    # A target killed earlier in the resolution is no longer asked; the others still are.
    s = Scenario(players=5, roles=[LORD, REBEL, LOYALIST, REBEL, RENEGADE])
    s.seat(0).hand("savage_assault")
    s.seat(1).hp(1)
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "savage_assault"))
    assert not t.p(1).alive
    assert [t.hp(i) for i in (2, 3, 4)] == [3, 3, 3]
    # The lord killed a rebel: the reward (three cards) came before the rest resolved.
    assert ("draw", 0, 3) in [e[:3] for e in t.events("draw")]


class _Thorns(Skill):
    """A test-only skill, registered for the one test that gives it (no general of the engine
    kills the user of a 南蛮入侵 at once, without a judgement): whoever damages its owner takes 1
    damage from the owner."""

    id = "test_thorns"
    zh, en = "荆棘", "Thorns"
    text_zh = text_en = "Whoever damages you takes 1 damage from you (a test-only skill)."
    optional = False
    timings = (DAMAGED,)

    def can_trigger(self, g: Game, owner: Player, ctx: DamageCtx) -> bool:
        return ctx.target is owner and ctx.source is not None and ctx.source.alive

    def trigger(self, g: Game, owner: Player, ctx: DamageCtx) -> Proc:
        assert ctx.source is not None
        yield from damage(g, owner, ctx.source, 1, None)


def test_aoe_goes_on_when_its_user_dies_and_the_turn_then_ends() -> None:
    # docs/rules.md "Cards" (南蛮入侵): a card in resolution finishes — every remaining target is
    # still asked (003 "南蛮入侵对其他玩家依然有效") — and then the dead user's turn ends at once.
    # Damage from a dead user rewards nobody: the dead draw no cards (docs/rules.md "Dying, death
    # and victory").
    s = Scenario(players=5, roles=[LORD, LOYALIST, REBEL, RENEGADE, REBEL])
    s.seat(2).hand("savage_assault", "jink", "jink", "jink", "jink").hp(1)
    s.seat(4).hp(1)
    s.seat(1).hand("slash")
    t = s.start(seat=2, phase="play")
    register_skill(_Thorns)
    try:
        t.game.add_skill(t.p(3), "test_thorns")
        t.mark()
        t.play(t.card(2, "savage_assault"))  # seat 3 is hit first and strikes back: seat 2 dies
        t.answer(1, "respond", t.card(1, "slash"))
    finally:
        SKILLS.remove("test_thorns")
    assert [e[1:4] for e in t.events("death")] == [(2, REBEL, 3), (4, REBEL, 2)]
    assert [e[1:3] for e in t.events("draw")][:1] == [(3, 3)]  # the renegade killed a rebel
    assert not any(e[1] == 2 and e[2] == 3 for e in t.events("draw"))  # the dead user draws none
    assert [t.hp(i) for i in (0, 1)] == [4, 4]  # the lord was still asked and hit
    assert [e[3] for e in t.events("turn")] == [3]  # no discard phase for seat 2
    assert not any(e[1] == 2 for e in t.events("phase"))
    assert_conserved(t.game)


# ---------------------------------------------------------------------------- 桃园结义
def test_god_salvation_heals_every_living_player_not_above_max() -> None:
    # 003 桃园结义: "所有玩家加一点体力。任何时候体力值不得超过体力上限。"
    s = Scenario(players=4)
    s.seat(1).hand("god_salvation").hp(2)
    s.seat(2).hp(3)
    s.seat(0).hp(1)
    t = s.start(seat=1, phase="play")
    t.play(t.card(1, "god_salvation"))
    assert [t.hp(i) for i in range(4)] == [2, 3, 4, 4]
    # docs/rules.md "Cards": in turn order from the user.
    assert [e[1] for e in t.events("recover")] == [1, 2, 0]


def test_god_salvation_opens_no_nullification_window_for_a_full_hp_player() -> None:
    # Engine ruling (docs/rules.md "Cards"): a player at full HP gains nothing, so nobody is asked
    # whether to nullify the trick for them.
    s = Scenario(players=4)
    s.seat(0).hand("god_salvation")
    s.seat(2).hand("nullification").hp(3)
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "god_salvation"))
    req = t.expect(2, "respond")
    assert req.prompt == ("nullification", "god_salvation", 2, "nullification")
    t.decline(2)
    assert t.hp(2) == 4


# ---------------------------------------------------------------------------- 五谷丰登
def test_amazing_grace_reveals_one_card_per_living_player_picked_in_turn_order() -> None:
    # 003 五谷丰登: "从牌堆摸等于现存玩家数量的牌，面朝上放在桌面上，由出牌者开始，按逆时针顺序，
    # 每名玩家依次挑选一张，收入手牌。"
    s = Scenario(players=5, roles=[LORD, LOYALIST, REBEL, RENEGADE, REBEL])
    s.seat(2).dead()
    s.seat(3).hand("amazing_grace")
    s.top("peach", "jink", "slash", "duel")
    t = s.start(seat=3, phase="play")
    peach, jink, slash, duel = (t.card(-1, n) for n in ("peach", "jink", "slash", "duel"))
    t.play(t.card(3, "amazing_grace"))
    assert t.events("reveal") == [("reveal", 3, (peach, jink, slash, duel))]  # 4 living players
    assert sorted(t.expect(3, "amazing_grace").choices()) == sorted((peach, jink, slash, duel))
    t.answer(3, "amazing_grace", duel)
    t.answer(4, "amazing_grace", peach)
    t.answer(0, "amazing_grace", slash)
    # Seat 1 has one card left to take: no question.
    assert t.hand(3) == [duel] and t.hand(4) == [peach] and t.hand(0) == [slash]
    assert t.hand(1) == [jink]
    assert t.game.processing == []


def test_amazing_grace_leftovers_are_discarded_when_a_pick_is_nullified() -> None:
    # docs/rules.md "Cards": a player whose pick is nullified skips it; leftovers are discarded.
    s = Scenario(players=4)
    s.seat(0).hand("amazing_grace")
    s.seat(2).hand("nullification")
    s.top("peach", "jink", "slash", "duel")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "amazing_grace"))
    t.decline(2)  # not against seat 0's pick
    t.answer(0, "amazing_grace", t.card(-1, "peach"))
    t.decline(2)  # not against seat 1's pick
    t.answer(1, "amazing_grace", t.card(-1, "jink"))
    t.decline(2)  # not against its own pick (the window is asked per target)
    t.answer(2, "amazing_grace", t.card(-1, "slash"))
    # Seat 2 still holds its 无懈可击 and uses it against seat 3's pick.
    t.answer(2, "respond", t.card(2, "nullification"))
    assert t.card(-1, "duel") in t.game.discard_pile
    assert t.hand(3) == []
    assert_conserved(t.game)
