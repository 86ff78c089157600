"""孙权: 制衡 and his lord skill (003 "人物技能详解"; docs/rules.md "孙权 sunquan")."""

from __future__ import annotations

from sgscore.core.protocol import SubsetRequest
from sgscore.testing import Scenario
from sgscore.testing import check_conservation as assert_conserved


def test_zhiheng_refills_a_short_hand_to_hp() -> None:
    # 003 制衡: "弃牌阶段，如果当前手牌数量小于当前体力值，可补充手牌到当前体力值"
    s = Scenario(players=4, generals=["sunquan", None, None, None])
    s.seat(0).hand("jink")
    t = s.start(seat=0, phase="discard")
    t.answer(0, "invoke", True)
    t.answer(0, "zhiheng", ())
    assert len(t.hand(0)) == 4  # HP 4 (no lord bonus at 4 players)
    assert_conserved(t.game)


def test_zhiheng_discard_any_then_refill() -> None:
    # 003: "也可以在弃牌阶段主动弃掉任意张手牌…然后补充手牌到当前体力值"
    s = Scenario(players=4, generals=["sunquan", None, None, None])
    s.seat(0).hand("jink", "jink", "slash", "slash", "peach").hp(3)
    t = s.start(seat=0, phase="discard")
    t.answer(0, "invoke", True)
    drop = tuple(sorted((t.card(0, "jink", 0), t.card(0, "jink", 1), t.card(0, "slash", 0))))
    t.answer(0, "zhiheng", drop)
    assert len(t.hand(0)) == 3 and not set(drop) & set(t.hand(0))
    assert t.game.current == 1  # hand = HP: nothing more to discard
    assert_conserved(t.game)


def test_zhiheng_discarding_too_few_leaves_the_usual_discard() -> None:
    s = Scenario(players=4, generals=["sunquan", None, None, None])
    s.seat(0).hand("jink", "jink", "slash", "slash", "peach").hp(2)
    t = s.start(seat=0, phase="discard")
    t.answer(0, "invoke", True)
    t.answer(0, "zhiheng", (t.card(0, "jink", 0),))
    req = t.pending
    assert isinstance(req, SubsetRequest) and req.kind == "discard_phase" and req.low == 2


def test_tribute_wu_players_may_give_the_lord_a_hand_card() -> None:
    # 003 主公技: "可以要求（但不强制要求）吴国的角色在他们各自的回合给孙权一张手牌。"
    s = Scenario(players=4, generals=["sunquan", "daqiao", "caocao", "lvmeng"])
    s.seat(1).hand("peach", "jink")
    t = s.start(seat=1, phase="play")
    peach = t.card(1, "peach")
    assert ("tribute", (peach,), (0,)) in t.choices()
    t.skill("tribute", (peach,), (0,))
    assert peach in t.hand(0)
    # once per turn
    assert not any(c is not None and c[0] == "tribute" for c in t.choices())


def test_tribute_not_for_other_kingdoms_nor_when_sunquan_is_not_lord() -> None:
    s = Scenario(players=4, generals=["sunquan", "caocao", "daqiao", "lvmeng"])
    s.seat(1).hand("peach", "slash")
    t = s.start(seat=1, phase="play")
    assert t.pending is not None and t.pending.seat == 1  # 曹操 is Wei
    assert not any(c is not None and c[0] == "tribute" for c in t.choices())
    s = Scenario(players=4, generals=["caocao", "sunquan", "daqiao", None])
    s.seat(2).hand("peach", "slash")
    t = s.start(seat=2, phase="play")
    assert t.pending is not None and t.pending.seat == 2  # 大乔 is Wu, 孙权 not the lord
    assert not any(c is not None and c[0] == "tribute" for c in t.choices())


def test_tribute_sunshangxiang_counts_as_wu() -> None:
    # 003: "香香既是蜀国武将也是吴国武将"
    s = Scenario(players=4, generals=["sunquan", "sunshangxiang", None, None])
    s.seat(1).hand("jink")
    t = s.start(seat=1, phase="play")
    assert ("tribute", (t.card(1, "jink"),), (0,)) in t.choices()


def test_tribute_gift_is_seen_only_by_giver_and_sunquan() -> None:
    # 003 主公技: "给孙权一张手牌": a hand card, hidden from the other players (as 仁德's gift).
    s = Scenario(players=4, generals=["sunquan", "daqiao", None, None])
    s.seat(1).hand("peach", "jink")
    t = s.start(seat=1, phase="play")
    peach = t.card(1, "peach")
    since = len(t.game.events)
    t.skill("tribute", (peach,), (0,))
    assert ("skill", 1, "tribute", (), (0,)) in t.game.view(2)["events"]
    for seat in (2, 3, None):
        seen = t.game.view(seat)["events"][since:]
        assert not any(peach in part for e in seen for part in e if isinstance(part, tuple)), seat
    for seat in (0, 1):
        seen = t.game.view(seat)["events"][since:]
        assert any(peach in part for e in seen for part in e if isinstance(part, tuple)), seat


def test_the_nameless_lord_skill_is_named_once_by_sgs_info() -> None:
    # 003 writes it "主公技：可以要求（但不强制要求）吴国的角色在他们各自的回合给孙权一张手牌。": no name but
    # the label, so sgs info says 主公技 once, not "主公技（主公技）".
    from click.testing import CliRunner

    from cli.main import main

    def info(*args: str) -> list[str]:
        return [x.rstrip() for x in CliRunner().invoke(main, ["info", *args]).stdout.splitlines()]

    assert "  tribute  主公技  Tribute" in info("sunquan", "--lang", "zh")
    generals = "\n".join(info("generals", "--lang", "zh"))
    assert "制衡、主公技" in generals and "主公技（主公技）" not in generals
    assert "  tribute  Tribute  主公技  (lord skill)" in info("sunquan")  # the note says what it is
