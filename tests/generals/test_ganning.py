"""甘宁: 铜铃, and that he cannot be the lord (003 "人物技能详解"; docs/rules.md "甘宁 ganning" and
"Setup")."""

from __future__ import annotations

import pytest

from sgscore.core.engine import EngineError
from sgscore.sanguosha import Config, Game
from sgscore.sanguosha.config import ConfigError
from sgscore.sanguosha.model import LOYALIST, REBEL
from sgscore.testing import Scenario
from sgscore.testing import check_conservation as assert_conserved


def test_tongling_at_one_hp_hit_by_a_slash_he_cannot_dodge() -> None:
    # 003 铜铃's example: "当他只剩一点体力，受到杀的攻击且躲避不过时，他可以选择亮出身份，则当前体力值加一
    # （加一后仍为1），体力上限也加到5."
    s = Scenario(players=4, generals=[None, "ganning", None, None],
                 roles=["lord", "rebel", "loyalist", "renegade"])
    s.seat(0).hand("slash")
    s.seat(1).hp(1)
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "slash"), 1)
    t.answer(1, "respond", None)  # no 闪 to play: only 铜铃 was offered
    t.answer(1, "invoke", True)  # dying at 0 HP: 铜铃
    assert t.hp(1) == 1 and t.p(1).max_hp == 5 and t.p(1).alive
    assert t.events("tongling") == [("tongling", 1, REBEL, 5, 1)]
    assert t.game.view(2)["players"][1]["role"] == REBEL  # the role card is shown to all


def test_tongling_under_lightning_still_needs_peach() -> None:
    # 003: "若体力值加一仍不足以弥补受到的致命伤害（如闪电），则天命难违矣。" 闪电 deals 3: from 1 HP to
    # -2, 铜铃 brings him to -1, and with no 桃 he dies.
    s = Scenario(players=4, generals=[None, "ganning", None, None],
                 roles=["lord", "loyalist", "rebel", "renegade"])
    s.seat(1).hp(1).judge("lightning")
    s.top("slash S9")  # ♠2-9: the lightning strikes
    t = s.start(seat=1, phase="judge")
    t.answer(1, "invoke", True)
    assert t.events("tongling") == [("tongling", 1, LOYALIST, 5, -1)]
    assert not t.p(1).alive
    assert_conserved(t.game)


def test_tongling_once_per_game() -> None:
    # 003: "一局游戏中只能使用一次。"
    s = Scenario(players=4, generals=[None, "ganning", None, None])
    s.seat(1).hand("jink")
    t = s.start(seat=1, phase="play")
    t.skill("tongling", (), ())
    assert t.p(1).max_hp == 5 and t.hp(1) == 5
    assert not any(c is not None and c[0] == "tongling" for c in t.choices())


def test_tongling_when_asked_for_a_card_then_asked_again() -> None:
    # docs/rules.md "甘宁 ganning": "任何时候" is any time he could act or respond. Asked for a 闪
    # he may first use 铜铃; then he is asked for the 闪 again.
    s = Scenario(players=4, generals=[None, "ganning", None, None])
    s.seat(0).hand("slash")
    s.seat(1).hand("jink")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "slash"), 1)
    jink = t.card(1, "jink")
    assert t.choices() == [None, jink, ("tongling",)]
    t.answer(1, "respond", ("tongling",))
    assert t.p(1).max_hp == 5
    assert t.choices() == [None, jink]
    t.answer(1, "respond", jink)
    assert t.hp(1) == 5


def test_declining_tongling_when_dying_is_final_for_that_dying() -> None:
    # docs/rules.md "The turn": a decline is final; with no 桃 he dies.
    s = Scenario(players=4, generals=[None, "ganning", None, None])
    s.seat(0).hand("slash")
    s.seat(1).hp(1)
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "slash"), 1)
    t.answer(1, "respond", None)
    t.answer(1, "invoke", False)
    assert not t.p(1).alive


def test_ganning_is_never_dealt_as_lord_and_cannot_be_made_lord() -> None:
    # 003: "甘宁不能当主公。"
    with pytest.raises(ConfigError, match=r"ganning.*cannot be the lord"):
        Config(players=4, generals=("ganning", "caocao", "liubei", "daqiao"))
    # With the lord's seat dealt, the deal finds out.
    cfg = Config(players=4, generals=("caocao", "ganning", "liubei", "daqiao"),
                 lord_seat_zero=False)
    with pytest.raises(EngineError, match=r"ganning.*cannot be the lord"):
        for seed in range(20):
            Game(cfg, seed=seed)
    for seed in range(40):
        g = Game(Config(players=4, generals="random"), seed=seed)
        assert g.players[0].general != "ganning"
