"""黄盖: 苦肉 (003 "人物技能详解"; docs/rules.md "黄盖 huanggai")."""

from __future__ import annotations

import pytest

from sgscore.core.protocol import IllegalChoice
from sgscore.sanguosha.model import LORD, LOYALIST, REBEL, RENEGADE
from sgscore.testing import Scenario
from sgscore.testing import check_conservation as assert_conserved

# 003 苦肉: "出牌阶段，可主动减一点体力，从牌堆两张牌。在自己回合可以多次使用该技能。但若自己仅剩一点
# 体力，则不得使用此技能，即便自己手里有桃" (docs/rules.md "黄盖 huanggai": not at 1 HP).


def test_kurou_lose_one_hp_and_draw_two() -> None:
    # 003 苦肉: "可主动减一点体力，从牌堆两张牌"
    s = Scenario(players=4, generals=["huanggai", None, None, None])
    s.top("peach H3", "jink D2")
    t = s.start(seat=0, phase="play").mark()
    t.skill("kurou")
    assert t.hp(0) == 3
    assert t.hand(0) == [t.card(-1, "peach H3"), t.card(-1, "jink D2")]
    kinds = [e[0] for e in t.events() if e[0] in ("skill", "lose_hp", "draw", "damage")]
    assert kinds == ["skill", "lose_hp", "draw"]  # losing HP, not damage
    assert_conserved(t.game)


def test_kurou_many_times_a_turn_until_one_hp_is_left() -> None:
    # 003 苦肉: "在自己回合可以多次使用该技能。但若自己仅剩一点体力，则不得使用此技能"
    s = Scenario(players=4, generals=["huanggai", None, None, None])
    t = s.start(seat=0, phase="play")
    for hp in (3, 2, 1):
        t.skill("kurou")
        assert t.hp(0) == hp
    assert len(t.hand(0)) == 6
    assert ("kurou", (), ()) not in t.choices()
    with pytest.raises(IllegalChoice):
        t.skill("kurou")


def test_kurou_not_at_one_hp_even_with_a_peach_in_hand() -> None:
    # 003 苦肉: "但若自己仅剩一点体力，则不得使用此技能，即便自己手里有桃"
    s = Scenario(players=4, generals=["huanggai", None, None, None])
    s.seat(0).hand("peach").hp(1)
    t = s.start(seat=0, phase="play")
    assert t.choices() == [None, (t.card(0, "peach"),)]
    t.play(t.card(0, "peach"))  # back to 2 HP: 苦肉 again
    assert ("kurou", (), ()) in t.choices()


def test_kurou_is_a_play_phase_action() -> None:
    # 003 苦肉: "出牌阶段" — in his discard phase he is asked only to discard.
    s = Scenario(players=4, generals=["huanggai", None, None, None])
    s.seat(0).hand("jink", "jink", "jink", "jink", "jink").hp(2)
    t = s.start(seat=0, phase="discard")
    t.expect(0, "discard_phase")


def test_kurou_hp_loss_has_no_source_and_rewards_nobody() -> None:
    # Ruling (Kurou docstring): losing HP is not damage. 曹操's 奸雄 ("对自己造成体力伤害的牌") and
    # 司马懿's 反馈 never see it; his 4 HP go to 3 with no damage event.
    s = Scenario(players=4, generals=["huanggai", "caocao", "simayi", None],
                 roles=[REBEL, LORD, LOYALIST, RENEGADE])
    t = s.start(seat=0, phase="play").mark()
    t.skill("kurou")
    t.expect(0, "play")  # nobody else is asked anything
    assert t.hp(0) == 3 and not t.events("damage")
    assert ("lose_hp", 0, 1, 3) in t.events("lose_hp")
