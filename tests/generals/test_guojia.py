"""郭嘉: 天妒 and 遗计 (003 "人物技能详解"; docs/rules.md "郭嘉 guojia")."""

from __future__ import annotations

from sgscore.testing import Scenario
from sgscore.testing import check_conservation as assert_conserved


# ---------------------------------------------------------------------------- 天妒
def test_tiandu_takes_his_own_judgement_card_after_it_takes_effect() -> None:
    # 003 天妒: "可将所有自己的判定牌加入自己的手牌。"; docs/rules.md "郭嘉 guojia": his own
    # judgement cards go to his hand after they take effect. ♠7 is not ♥: 乐不思蜀 still makes him
    # skip his play phase.
    s = Scenario(players=4, generals=[None, "guojia", None, None])
    s.seat(1).judge("indulgence S6")
    s.top("slash S7")
    t = s.start(seat=1, phase="judge")
    t.answer(1, "invoke", True)
    spade = t.card(-1, "slash S7")
    assert spade in t.hand(1)
    assert ("gain", 1, -1, (spade,)) in t.events("gain")  # face up: everyone saw the judgement
    assert ("phase_skipped", 1, "play") in t.events("phase_skipped")
    assert t.card(1, "indulgence S6") in t.game.discard_pile  # the 乐不思蜀 itself is no judgement card
    assert_conserved(t.game)


def test_tiandu_is_optional() -> None:
    # 003 天妒: "可将" — he may leave the card to the discard pile.
    s = Scenario(players=4, generals=[None, "guojia", None, None])
    s.seat(1).judge("indulgence S6")
    s.top("peach H3")
    t = s.start(seat=1, phase="judge")
    t.answer(1, "invoke", False)
    heart = t.card(-1, "peach H3")
    assert heart in t.game.discard_pile and heart not in t.hand(1)
    assert ("phase_skipped", 1, "play") not in t.events("phase_skipped")  # ♥: he plays


def test_tiandu_worked_example_takes_the_card_guicai_played() -> None:
    # 003: "若司马懿对郭嘉使用鬼才，则郭嘉将司马懿打出的用来做判定牌的牌收入手牌。"
    # 003 天妒: "包括司马懿用于改变判定结果的牌。"
    s = Scenario(players=4, generals=[None, "guojia", "simayi", None])
    s.seat(1).judge("indulgence S6")
    s.seat(2).hand("jink H2")
    s.top("slash S7")
    t = s.start(seat=1, phase="judge")
    t.answer(2, "invoke", True)  # 鬼才: his only hand card replaces the ♠7
    t.answer(1, "invoke", True)  # 天妒
    spade, heart = t.card(-1, "slash S7"), t.card(2, "jink H2")
    assert heart in t.hand(1)
    assert spade in t.game.discard_pile  # 鬼才: "将原来翻开那张判定牌弃掉"
    assert ("phase_skipped", 1, "play") not in t.events("phase_skipped")  # ♥ decides
    assert_conserved(t.game)


def test_tiandu_only_for_his_own_judgements() -> None:
    # 003 天妒: "所有自己的判定牌" — another player's judgement card is not his.
    s = Scenario(players=4, generals=[None, "guojia", None, None])
    s.seat(2).judge("indulgence S6")
    s.top("slash S7")
    t = s.start(seat=2, phase="judge")
    assert ("phase_skipped", 2, "play") in t.events("phase_skipped")
    assert not any(e[2] == "tiandu" for e in t.events("skill"))
    assert t.card(-1, "slash S7") in t.game.discard_pile


def test_tiandu_with_eight_diagram_the_red_card_dodges_and_goes_to_his_hand() -> None:
    # 八卦阵 (docs/rules.md "Equipment"): red → counts as a 闪. The judgement is his: 天妒 takes the
    # card.
    s = Scenario(players=4, generals=[None, "guojia", None, None])
    s.seat(0).hand("slash")
    s.seat(1).equip("eight_diagram")
    s.top("peach H3")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "slash"), 1)
    t.answer(1, "respond", ("eight_diagram",))
    t.answer(1, "invoke", True)
    assert t.hp(1) == 3
    assert t.card(-1, "peach H3") in t.hand(1)
    assert ("dodged", 1, 0) in t.events("dodged")
    assert_conserved(t.game)


def test_tiandu_and_yiji_under_lightning() -> None:
    # 闪电 ♠2-♠9: 3 damage (docs/rules.md "Cards"). 天妒 takes the ♠ judgement card, and 遗计 gives
    # him two cards per point of damage: "自己每受到一点体力伤害，就能从牌堆摸两张牌".
    s = Scenario(players=4, generals=[None, "guojia", None, None])
    s.seat(1).judge("lightning SA").hp(4, 4)
    s.top("slash S7", "jink D2", "jink D3", "jink D4", "jink D5", "jink D6", "jink D7")
    t = s.start(seat=1, phase="judge")
    t.answer(1, "invoke", True)  # 天妒
    assert ("damage", -1, 1, 3, 1, "lightning") in t.events("damage")
    t.answer(1, "invoke", True)  # 遗计, first point
    t.answer(1, "yiji", (1, 1))
    t.answer(1, "invoke", True)  # second point
    t.answer(1, "yiji", (1, 1))
    t.answer(1, "invoke", True)  # third point
    t.answer(1, "yiji", (1, 1))
    drawn = [t.card(-1, f"jink D{r}") for r in range(2, 8)]
    assert set(drawn) | {t.card(-1, "slash S7")} <= set(t.hand(1))
    assert t.card(1, "lightning SA") in t.game.discard_pile
    assert t.events("skill").count(("skill", 1, "yiji")) == 3
    assert_conserved(t.game)


# ---------------------------------------------------------------------------- 遗计
def test_yiji_draws_two_and_gives_them_to_two_players() -> None:
    # 003 遗计: "从牌堆摸两张牌，将这两张牌交给包括自己在内的任意一名或两名玩家。"
    s = Scenario(players=4, generals=[None, "guojia", None, None])
    s.seat(0).hand("slash")
    s.top("peach H3", "jink D2")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "slash"), 1)
    t.answer(1, "invoke", True)
    peach, jink = t.card(-1, "peach H3"), t.card(-1, "jink D2")
    req = t.expect(1, "yiji")
    assert req.prompt == ((peach, jink),)
    assert len(req.choices()) == 16  # each card to any of the four living players
    t.answer(1, "yiji", (1, 3))  # the first for himself, the second to seat 3
    assert peach in t.hand(1) and t.hand(3) == [jink]
    assert ("gain", 3, 1, 1, (jink,)) in t.events("gain")
    assert ("gain", 3, 1, 1) in t.game.view(2)["events"]  # the others see only a count
    assert t.hp(1) == 2
    assert_conserved(t.game)


def test_yiji_both_cards_to_one_other_player() -> None:
    # "任意一名或两名玩家": both to one player.
    s = Scenario(players=4, generals=[None, "guojia", None, None])
    s.seat(0).hand("slash", "ex_nihilo")  # 无中生有 keeps seat 0's play phase open
    s.top("peach H3", "jink D2")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "slash"), 1)
    t.answer(1, "invoke", True)
    t.answer(1, "yiji", (2, 2))
    assert sorted(t.hand(2)) == sorted([t.card(-1, "peach H3"), t.card(-1, "jink D2")])
    assert t.hand(1) == []
    assert_conserved(t.game)


def test_yiji_per_point_of_damage_and_each_point_may_be_declined() -> None:
    # "每受到一点体力伤害" — a 3-point 闪电: up to three times; he may stop after any.
    s = Scenario(players=4, generals=[None, "guojia", None, None])
    s.seat(1).judge("lightning SA").hp(4, 4)
    s.top("slash S7", "jink D2", "jink D3", "jink D4")
    t = s.start(seat=1, phase="judge")
    t.answer(1, "invoke", False)  # no 天妒 this time
    t.answer(1, "invoke", True)  # 遗计: first point
    t.answer(1, "yiji", (0, 2))
    t.answer(1, "invoke", False)  # not for the second point: 遗计 ends
    assert t.hand(0) == [t.card(-1, "jink D2")] and t.hand(2) == [t.card(-1, "jink D3")]
    assert t.card(-1, "jink D4") not in t.hand(0) + t.hand(2)
    assert_conserved(t.game)


def test_yiji_is_optional() -> None:
    s = Scenario(players=4, generals=[None, "guojia", None, None])
    s.seat(0).hand("slash", "ex_nihilo")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "slash"), 1)
    t.answer(1, "invoke", False)
    assert t.hand(1) == []
    assert not any(e[2] == "yiji" for e in t.events("skill"))


def test_yiji_only_for_damage_he_survives_and_after_he_is_saved() -> None:
    # docs/rules.md "Dying, death and victory": at 0 HP he is dying; only once saved does 遗计 come
    # (``damaged`` after dying).
    s = Scenario(players=4, generals=[None, "guojia", None, None])
    s.seat(0).hand("slash", "peach", "ex_nihilo")
    s.seat(1).hp(1)
    s.top("jink D2", "jink D3")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "slash"), 1)
    t.answer(0, "respond", t.card(0, "peach"))  # seat 0 saves him
    t.answer(1, "invoke", True)
    t.answer(1, "yiji", (1, 1))
    assert t.hp(1) == 1 and len(t.hand(1)) == 2

    dead = Scenario(players=4, generals=[None, "guojia", None, None])
    dead.seat(0).hand("slash")
    dead.seat(1).hp(1)
    d = dead.start(seat=0, phase="play")
    d.play(d.card(0, "slash"), 1)
    assert not d.p(1).alive
    assert not any(e[2] == "yiji" for e in d.events("skill"))


def test_yiji_after_a_duel() -> None:
    # Any damage counts ("自己每受到一点体力伤害"): a 决斗 he loses.
    s = Scenario(players=4, generals=[None, "guojia", None, None])
    s.seat(0).hand("duel", "ex_nihilo")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "duel"), 1)
    t.answer(1, "invoke", True)
    t.answer(1, "yiji", (1, 1))
    assert t.hp(1) == 2 and len(t.hand(1)) == 2
    assert_conserved(t.game)
