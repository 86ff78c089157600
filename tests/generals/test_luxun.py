"""陆逊: 谦逊 and 连营 (003 "人物技能详解"; docs/rules.md "陆逊 luxun")."""

from __future__ import annotations

from sgscore.testing import Scenario, Table
from sgscore.testing import check_conservation as assert_conserved


def _targets(t: Table, card: int) -> set[tuple[int, ...]]:
    """The target tuples the play request offers for ``card``."""
    return {c[1:] for c in t.choices() if isinstance(c, tuple) and c[0] == card}


def test_qianxun_he_cannot_be_the_target_of_snatch() -> None:
    # 003 谦逊: "不受顺手牵羊和乐不思蜀的影响"; docs/rules.md "陆逊 luxun": cannot be the target of
    # 顺手牵羊.
    s = Scenario(players=4, generals=[None, "luxun", None, None])
    s.seat(0).hand("snatch")
    s.seat(1).hand("jink")
    s.seat(3).hand("jink")
    t = s.start(seat=0, phase="play")
    assert _targets(t, t.card(0, "snatch")) == {(3,)}


def test_qianxun_he_cannot_be_the_target_of_indulgence_nor_of_guose() -> None:
    # 谦逊 (docs/rules.md "陆逊 luxun"): he cannot be the target of 顺手牵羊 or 乐不思蜀, 国色's
    # included.
    s = Scenario(players=4, generals=[None, "daqiao", "luxun", None])
    s.seat(1).hand("indulgence", "jink D2")
    t = s.start(seat=1, phase="play")
    assert _targets(t, t.card(1, "indulgence")) == {(3,)}
    guose = {c[2] for c in t.choices() if isinstance(c, tuple) and c[0] == "guose"}
    assert guose == {(3,)}


def test_qianxun_other_tricks_still_reach_him() -> None:
    # Only 顺手牵羊 and 乐不思蜀 are named: 过河拆桥 and 决斗 still target him.
    s = Scenario(players=4, generals=[None, "luxun", None, None])
    s.seat(0).hand("dismantlement", "duel")
    s.seat(1).equip("eight_diagram")
    t = s.start(seat=0, phase="play")
    assert (1,) in _targets(t, t.card(0, "dismantlement"))
    assert (1,) in _targets(t, t.card(0, "duel"))
    t.play(t.card(0, "dismantlement"), 1)
    assert t.p(1).equip[1] == -1


def test_lianying_the_example_of_003_he_draws_before_fankui_takes_the_card() -> None:
    # 003: "若陆逊打出手里最后一张杀扣减了司马懿一点体力，此时应由陆逊先摸一张牌，而后让司马懿把这张牌拿走。"
    s = Scenario(players=4, generals=["luxun", "simayi", None, None])
    s.seat(0).hand("slash")
    s.top("peach H3", "dilu")
    t = s.start(seat=0, phase="play").mark()
    t.play(t.card(0, "slash"), 1)
    peach, horse = t.card(-1, "peach H3"), t.card(-1, "dilu")
    # He drew the ♥3 as the 杀 left his hand, before the 杀 dealt its damage.
    assert [e[:4] for e in t.events() if e[0] in ("draw", "damage")][:2] == [
        ("draw", 0, 1, (peach,)), ("damage", 0, 1, 1)]
    # 反馈 (compulsory) takes it: his only card is the one he drew.
    assert t.hand(1) == [peach]
    # His hand empty again, he draws again ("任何时候，只要自己手里没牌了").
    assert t.hand(0) == [horse]
    assert [e[:3] for e in t.events("draw")][1:] == [("draw", 0, 1)]
    assert_conserved(t.game)


def test_lianying_asks_nothing_and_needs_an_empty_hand() -> None:
    # 连营 (docs/rules.md "陆逊 luxun"): whenever his hand becomes empty he draws 1 — not while
    # cards are left.
    s = Scenario(players=4, generals=["luxun", None, None, None])
    s.seat(0).hand("slash", "jink")
    s.top("peach H3")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "slash"), 1)
    assert t.hand(0) == [t.card(0, "jink")]
    assert not [e for e in t.events("skill") if e[2] == "lianying"]


def test_lianying_when_he_plays_his_last_jink() -> None:
    # 003 连营: "任何时候": in another player's turn too, when a card is played in response.
    s = Scenario(players=4, generals=[None, "luxun", None, None])
    s.seat(0).hand("slash", "jueying")  # the horse keeps the play phase open
    s.seat(1).hand("jink")
    s.top("peach H3")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "slash"), 1)
    t.answer(1, "respond", t.card(1, "jink"))
    assert t.hp(1) == 3 and t.hand(1) == [t.card(-1, "peach H3")]
    assert_conserved(t.game)


def test_lianying_keeps_a_duel_going() -> None:
    # His last 杀 played in a 决斗 empties his hand: he draws at once, and may play what he drew.
    s = Scenario(players=4, generals=[None, "luxun", None, None])
    s.seat(0).hand("duel", "slash", "jueying")
    s.seat(1).hand("slash C2")
    s.top("slash C3", "jink D2")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "duel"), 1)
    t.answer(1, "respond", t.card(1, "slash C2"))
    assert t.hand(1) == [t.card(-1, "slash C3")]
    t.answer(0, "respond", t.card(0, "slash"))
    t.answer(1, "respond", t.card(-1, "slash C3"))  # and he draws the ♦2 after it
    assert t.hp(0) == 3 and t.hp(1) == 3
    assert t.hand(1) == [t.card(-1, "jink D2")]
    assert_conserved(t.game)


def test_lianying_when_his_last_card_is_taken_or_equipped() -> None:
    # Every way the hand empties: a 过河拆桥 on his hand, then his own equipping of his last card.
    s = Scenario(players=4, generals=[None, "luxun", None, None])
    s.seat(0).hand("dismantlement", "jueying")
    s.seat(1).hand("jink")
    s.top("chitu", "dilu", "slash C2")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "dismantlement"), 1)  # "hand": the only choice
    assert t.hand(1) == [t.card(-1, "chitu")]
    s2 = Scenario(players=4, generals=["luxun", None, None, None])
    s2.seat(0).hand("chitu")
    s2.top("dilu")
    t2 = s2.start(seat=0, phase="play")
    t2.play(t2.card(0, "chitu"))
    assert t2.p(0).equip[3] == t2.card(0, "chitu")
    assert t2.hand(0) == [t2.card(-1, "dilu")]  # drawn as the 赤兔 left his hand
    assert_conserved(t2.game)


def test_lianying_is_his_alone() -> None:
    s = Scenario(players=4, generals=["luxun", None, None, None])
    s.seat(1).hand("jink")
    s.seat(0).hand("slash", "dilu")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "slash"), 1)
    t.answer(1, "respond", t.card(1, "jink"))
    assert t.hand(1) == []


def test_lianying_when_tuxi_takes_his_last_card() -> None:
    # 突袭 is a skill, not 顺手牵羊 (谦逊 does not stop it); his hand empties, so he draws.
    s = Scenario(players=4, generals=["zhangliao", "luxun", None, None])
    s.seat(1).hand("jink")
    s.top("peach H3")
    t = s.start(seat=0, phase="draw").mark()
    t.answer(0, "invoke", True)  # the only choice, (1,), is taken by the engine
    assert ("draw", 1, 1, (t.card(-1, "peach H3"),)) in t.events("draw")
    assert ("gain", 0, 1, 1, (t.card(1, "jink"),)) in t.events("gain")
    assert_conserved(t.game)


def test_lianying_pays_for_wushuang() -> None:
    # 003 无双: "所有人除出闪或杀外，需额外多弃一张任意手牌". His last 杀 answers 吕布's 南蛮入侵 and
    # 连营 draws at once, so he holds a card to discard; discarding it empties his hand again.
    s = Scenario(players=4, generals=["lvbu", "luxun", None, None])
    s.seat(0).hand("savage_assault", "jueying")
    s.seat(1).hand("slash C2")
    s.top("jink D2", "peach H3")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "savage_assault"))
    t.answer(1, "respond", t.card(1, "slash C2"))
    req = t.expect(1, "wushuang_discard")
    assert list(req.choices()) == [None, t.card(-1, "jink D2")]
    t.answer(1, "wushuang_discard", t.card(-1, "jink D2"))
    assert t.hp(1) == 3 and t.hand(1) == [t.card(-1, "peach H3")]
    assert t.hp(2) == 3 and t.hp(3) == 3
    assert_conserved(t.game)
