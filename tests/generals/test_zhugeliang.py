"""诸葛亮: 观星 and 空城 (003 "人物技能详解"; docs/rules.md "诸葛亮 zhugeliang"), and the
ArrangeRequest of 观星."""

from __future__ import annotations

import pytest

from sgscore.core.protocol import IllegalChoice
from sgscore.sanguosha.arrange import ArrangeRequest
from sgscore.testing import Scenario
from sgscore.testing import check_conservation as assert_conserved


# ---------------------------------------------------------------------------- 观星
def test_guanxing_puts_cards_on_the_bottom_and_reorders_the_top() -> None:
    # 观星 (docs/rules.md "诸葛亮 zhugeliang"): look at the top 3; any on the bottom, the rest on
    # top, in any order — one decision. 003: "摸牌阶段照常摸两张牌"
    s = Scenario(players=4, generals=[None, "zhugeliang", None, None])
    s.top("slash S7", "jink D2", "peach H3", "duel SA")
    t = s.start(seat=1, phase="draw")
    slash, jink, peach, duel = (t.card(-1, c) for c in ("slash S7", "jink D2", "peach H3", "duel SA"))
    req = t.expect(1, "guanxing")
    assert req.prompt == ((slash, jink, peach),)
    assert req.count() == 24
    t.answer(1, "guanxing", ((peach,), (slash, jink)))
    assert t.hand(1) == [peach, duel]
    assert t.game.draw_pile[:2] == [jink, slash]  # jink is the very bottom card
    assert_conserved(t.game)


def test_guanxing_keeping_everything_is_choice_zero() -> None:
    s = Scenario(players=4, generals=[None, "zhugeliang", None, None])
    s.top("slash S7", "jink D2", "peach H3")
    t = s.start(seat=1, phase="draw")
    shown = (t.card(-1, "slash S7"), t.card(-1, "jink D2"), t.card(-1, "peach H3"))
    assert t.expect(1, "guanxing").choice_at(0) == (shown, ())
    t.answer(1, "guanxing", (shown, ()))
    assert t.hand(1) == list(shown[:2])


def test_guanxing_shows_fewer_when_the_piles_hold_fewer() -> None:
    # 观星 (docs/rules.md "诸葛亮 zhugeliang"): fewer than 3 if the piles hold fewer.
    s = Scenario(players=4, generals=[None, "zhugeliang", None, None])
    deck = list(range(104))
    s.seat(0).hand(*deck[0:34])
    s.seat(2).hand(*deck[34:68])
    s.seat(3).hand(*deck[68:102])
    t = s.start(seat=1, phase="draw")
    req = t.expect(1, "guanxing")
    assert sorted(req.prompt[0]) == [102, 103] and req.count() == 6
    t.answer(1, "guanxing", ((), (103, 102)))
    assert sorted(t.hand(1)) == [102, 103]


def test_guanxing_look_is_private() -> None:
    s = Scenario(players=4, generals=[None, "zhugeliang", None, None])
    s.top("slash S7", "jink D2", "peach H3")
    t = s.start(seat=1, phase="draw")
    shown = (t.card(-1, "slash S7"), t.card(-1, "jink D2"), t.card(-1, "peach H3"))
    assert ("guanxing_look", 1, 3) in t.game.view(0)["events"]
    assert ("guanxing_look", 1, 3, shown) in t.game.view(1)["events"]
    assert t.game.view(0)["pending"] == {"waiting": True}  # not whose, nor what
    assert t.game.view(1)["pending"]["kind"] == "guanxing"
    t.answer(1, "guanxing", ((), shown))
    assert ("guanxing", 1, 0, 3) in t.game.view(2)["events"]


def test_guanxing_only_before_his_own_draw_phase() -> None:
    s = Scenario(players=4, generals=[None, "zhugeliang", None, None])
    s.seat(0).hand("slash")
    t = s.start(seat=0, phase="draw")
    t.until(1, "guanxing")  # seat 0's whole turn passes without it
    assert t.game.current == 1 and t.game.phase == "draw"
    assert [e[:2] for e in t.events("guanxing_look")] == [("guanxing_look", 1)]


# ---------------------------------------------------------------------------- ArrangeRequest
@pytest.mark.parametrize("k", [0, 1, 2, 3])
def test_arrange_request_enumerates_every_split_and_order_once(k: int) -> None:
    cards = (40, 7, 93)[:k]
    req = ArrangeRequest(0, "guanxing", cards)
    listed = req.choices()
    assert req.count() == len(listed) == len(set(listed)) == [1, 2, 6, 24][k]
    assert [req.choice_at(i) for i in range(req.count())] == listed
    for top, bottom in listed:
        assert sorted(top + bottom) == sorted(cards)
        req.check((top, bottom))
    with pytest.raises(IndexError):
        req.choice_at(req.count())


def test_arrange_request_check_says_why() -> None:
    req = ArrangeRequest(0, "guanxing", (40, 7, 93))
    cases: dict[str, list[object]] = {
        "bad_shape": [((40, 7, 93),), ((40,), (7, "93")), ((True,), (7, 93)), [[40], 7, 93]],
        "not_shown": [((40, 7), (12,))],
        "duplicate": [((40, 40), (7, 93))],
        "missing": [((40,), (7,))],
    }
    for code, choices in cases.items():
        for choice in choices:
            with pytest.raises(IllegalChoice) as err:
                req.check(choice)
            assert err.value.code == code, choice
    req.check([[40], [7, 93]])  # the JSON form of ((40,), (7, 93)) is that choice


# ---------------------------------------------------------------------------- 空城
def test_kongcheng_no_hand_no_slash_or_duel() -> None:
    # 空城 (docs/rules.md "诸葛亮 zhugeliang"): while he has no hand cards he cannot be chosen as
    # the target of 杀 or 决斗.
    s = Scenario(players=4, generals=[None, "zhugeliang", None, None])
    s.seat(0).hand("slash", "duel", "dismantlement")
    s.seat(1).equip("jueying")
    t = s.start(seat=0, phase="play")
    assert (t.card(0, "slash"), 1) not in t.choices()
    assert (t.card(0, "duel"), 1) not in t.choices()
    assert (t.card(0, "slash"), 3) in t.choices()
    assert (t.card(0, "dismantlement"), 1) in t.choices()  # other cards still target him


def test_kongcheng_with_a_hand_card_he_can_be_targeted() -> None:
    s = Scenario(players=4, generals=[None, "zhugeliang", None, None])
    s.seat(0).hand("slash", "duel")
    s.seat(1).hand("peach")
    t = s.start(seat=0, phase="play")
    assert (t.card(0, "slash"), 1) in t.choices() and (t.card(0, "duel"), 1) in t.choices()


def test_kongcheng_after_playing_his_last_card() -> None:
    # 空城 holds as soon as his hand is empty: after his last 闪, a second 杀 cannot choose him.
    s = Scenario(players=4, generals=[None, "zhugeliang", None, None])
    s.seat(0).hand("slash", "slash", "jink").equip("crossbow")
    s.seat(1).hand("jink")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "slash", 0), 1)
    t.answer(1, "respond", t.card(1, "jink"))
    assert (t.card(0, "slash", 1), 1) not in t.choices()
    assert (t.card(0, "slash", 1), 3) in t.choices()


def test_kongcheng_does_not_stop_savage_assault() -> None:
    # 南蛮入侵 chooses no target: it still reaches him (docs/rules.md "诸葛亮 zhugeliang", 空城).
    s = Scenario(players=4, generals=[None, "zhugeliang", None, None])
    s.seat(0).hand("savage_assault")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "savage_assault"))
    assert t.hp(1) == 2


def test_kongcheng_a_duel_that_empties_his_hand_ends_without_damage() -> None:
    # 003 空城: "无手牌时，不受杀的影响（包括决斗中出的杀）"; docs/rules.md "诸葛亮 zhugeliang": the
    # opponent's 杀 in a 决斗 whose course empties his hand does not affect him: no damage, and the
    # duel ends.
    s = Scenario(players=4, generals=[None, "zhugeliang", None, None])
    s.seat(0).hand("duel", "slash", "slash")
    s.seat(1).hand("slash")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "duel"), 1)
    t.answer(1, "respond", t.card(1, "slash"))  # his last card
    t.answer(0, "respond", t.card(0, "slash", 0))
    assert t.hp(1) == 3 and t.hp(0) == 4
    assert ("no_effect", 1, "slash") in t.events("no_effect")
    assert t.card(0, "slash", 1) in t.hand(0)  # the duel is over: nobody is asked again
    assert t.expect(0, "play")


def test_kongcheng_a_blade_follow_up_cannot_reach_him() -> None:
    # 空城 (docs/rules.md "诸葛亮 zhugeliang"): no 杀 affects him however it reaches him — a
    # 青龙偃月刀 follow-up after his last card, the 闪, dodged the first
    # (`sgs sim -p 8 -s 41450 -g liubei,machao,sunshangxiang,caocao,daqiao,lvbu,simayi,zhugeliang`,
    # decision 172, did hit him).
    s = Scenario(players=4, generals=[None, "zhugeliang", None, None])
    s.seat(0).hand("slash", "slash").equip("blade").hp(4, 4)
    s.seat(1).hand("jink")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "slash", 0), 1)
    t.answer(1, "respond", t.card(1, "jink"))  # not asked whether to follow up with 青龙偃月刀
    assert not [e for e in t.events("skill") if e[2] == "blade"]
    assert t.hp(1) == 3 and t.card(0, "slash", 1) in t.hand(0)


def test_a_blade_follow_up_still_reaches_him_while_he_holds_cards() -> None:
    s = Scenario(players=4, generals=[None, "zhugeliang", None, None])
    s.seat(0).hand("slash", "slash").equip("blade").hp(4, 4)
    s.seat(1).hand("jink", "peach")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "slash", 0), 1)
    t.answer(1, "respond", t.card(1, "jink"))
    t.answer(0, "respond", t.card(0, "slash", 1))  # 青龙偃月刀: may use another 杀 on him
    assert t.hp(1) == 2  # his 桃 is no 闪
