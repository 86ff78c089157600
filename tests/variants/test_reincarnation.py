"""转世, reincarnation (003 "转世规则"; docs/rules.md, "Reincarnation"): the rules
one scenario at a time, the option and its header, telling, and random games with it on."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sgscore.agents import RandomAgent
from sgscore.core.engine import redact
from sgscore.replay import read_replay, record_game, resimulate, validate_file
from sgscore.replay.render import render_events
from sgscore.sanguosha import SPEC, Config, ConfigError, Game
from sgscore.sanguosha.model import GENERALS, LORD, LOYALIST, REBEL, RENEGADE
from sgscore.sanguosha.variants.reincarnation import reborn, threshold, unused_generals
from sgscore.sanguosha.view_models import REQUEST, FullView, View
from sgscore.testing import Scenario, Table
from sgscore.testing import check_conservation as assert_conserved

# Four seats: the lord, a loyalist, a rebel and the renegade (3 offerings make a reincarnation).
FOUR: list[str | None] = ["caocao", "liubei", "zhangfei", "lvbu"]


def _offers(t: Table) -> list[Any]:
    """The offerings among the current seat's play-phase choices."""
    return [c for c in t.choices() if isinstance(c, tuple) and c[0] == "offering"]


def _offer(t: Table, card: int, dead: int) -> None:
    t.skill("offering", (card,), (dead,))


def _nobody_answers(t: Table) -> None:
    """Every seat asked for a card (闪, 桃, ...) declines."""
    while t.pending is not None and t.pending.kind == "respond":
        t.decline(t.pending.seat)


# ---------------------------------------------------------------------------- the option
def test_the_option_is_off_by_default_and_needs_generals() -> None:
    assert Config().reincarnation is False
    with pytest.raises(ConfigError, match="reincarnation: beginner mode has no generals"):
        Config(generals=None, reincarnation=True)
    with pytest.raises(ConfigError, match="reincarnation: expected a boolean"):
        Config.from_dict({"reincarnation": "yes"})
    cfg = SPEC.config_from_options({"reincarnation": True, "generals": "random"})
    assert cfg.reincarnation is True
    with pytest.raises(ConfigError, match="beginner mode has no generals"):
        SPEC.config_from_options({"reincarnation": True, "beginner": True})


def test_the_header_records_it_only_when_on_and_then_the_pool_too() -> None:
    assert "reincarnation" not in SPEC.header_config(Config(generals="random"))
    on = SPEC.header_config(Config(generals="random", reincarnation=True))
    assert on["reincarnation"] is True
    # With generals named per seat the pool is what a reincarnation draws from: recorded too,
    # so a general registered later never changes the game.
    named = Config(players=4, generals=("caocao", "liubei", "zhangfei", "lvbu"), reincarnation=True)
    head = SPEC.header_config(named)
    assert head["pool"] == SPEC.config_to_dict(named)["pool"]  # "standard", or the list
    assert "pool" not in SPEC.header_config(Config(players=4, generals=named.generals))
    back = SPEC.config_from_dict(SPEC.full_config(head))
    assert back.reincarnation and back.general_pool() == named.general_pool()
    assert "reincarnation" in SPEC.header_line(on, "en")
    assert "转世" in SPEC.header_line(on, "zh")


# ---------------------------------------------------------------------------- death
def test_the_dead_stay_at_the_table_their_cards_discarded_their_role_shown() -> None:
    # 003: "角色死亡之后，将该角色的手牌和已装备的装备牌、闪电、乐不思蜀放入弃牌堆，亮出身份，但玩家并不退出游戏。"
    s = Scenario(players=4, generals=FOUR, pool="standard", reincarnation=True)
    s.seat(0).hand("slash")
    s.seat(3).hp(1).hand("peach").equip("eight_diagram").judge("indulgence")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "slash"), 3)
    _nobody_answers(t)  # no 闪, no 八卦阵, no 桃
    p = t.p(3)
    assert not p.alive and p.role_shown
    assert p.hand == [] and max(p.equip) < 0 and p.judge == []
    assert t.card(3, "peach") in t.game.discard_pile
    assert p.general == "lvbu"  # still named by the general they died as
    assert_conserved(t.game)


def test_a_dead_player_takes_no_turn() -> None:
    s = Scenario(players=4, generals=FOUR, pool="standard", reincarnation=True)
    s.seat(2).dead()
    t = s.start(seat=1, phase="finish")
    t.until(3, "play")
    assert [e[3] for e in t.events("turn")] == [1, 3]  # seat 1's, then seat 3's


# ---------------------------------------------------------------------------- the offering
def test_the_offering_is_one_hand_card_to_a_dead_player_in_the_givers_play_phase() -> None:
    # 003: "其他玩家每回合每人可以选择给他一张手牌，作为献祭。每名玩家每回合只能献祭一次。"
    s = Scenario(players=5, generals=[*FOUR, "simayi"], pool="standard", reincarnation=True,
                 roles=[LORD, LOYALIST, REBEL, RENEGADE, REBEL])
    s.seat(2).dead()
    s.seat(4).dead()
    s.seat(0).hand("jink", "peach", "ex_nihilo")
    t = s.start(seat=0, phase="play")
    jink, peach, ex = t.card(0, "jink"), t.card(0, "peach"), t.card(0, "ex_nihilo")
    assert sorted(_offers(t)) == sorted(
        ("offering", (c,), (d,)) for c in (jink, peach, ex) for d in (2, 4))
    _offer(t, jink, 4)
    assert t.hand(4) == [jink] and t.hand(0) == [peach, ex]
    t.expect(0, "play")
    assert _offers(t) == []  # once per turn, whoever it goes to
    assert t.p(4).alive is False  # one card of three
    assert_conserved(t.game)


def test_the_offering_is_face_down() -> None:
    s = Scenario(players=4, generals=FOUR, pool="standard", reincarnation=True)
    s.seat(2).dead()
    s.seat(0).hand("peach")
    t = s.start(seat=0, phase="play")
    t.mark()
    peach = t.card(0, "peach")
    _offer(t, peach, 2)
    (skill,) = t.events("skill")
    assert skill == ("skill", 0, "offering", (), (2,))  # the card is not named in public
    gain = next(e for e in t.game.events if e[0] == "gain")
    assert redact(gain, 2) == redact(gain, 0) == ("gain", 2, 0, 1, (peach,))
    assert redact(gain, 1) == redact(gain, None) == ("gain", 2, 0, 1)  # a count, no card


def test_no_offerings_without_the_option() -> None:
    s = Scenario(players=4, generals=FOUR, pool="standard")
    s.seat(2).dead()
    s.seat(0).hand("peach")
    t = s.start(seat=0, phase="play")
    assert _offers(t) == []


def test_the_threshold_is_three_at_four_or_five_players_else_four() -> None:
    # 003: "当已死亡的这名角色手牌到达4张（4～5人游戏：3张）时"
    for n, want in ((4, 3), (5, 3), (6, 4), (8, 4), (10, 4)):
        g = Game(Config(players=n, generals="random", reincarnation=True), 0)
        assert threshold(g) == want


# ---------------------------------------------------------------------------- reincarnating
def test_at_the_threshold_the_dead_reincarnate_at_once_as_a_general_of_their_kingdom() -> None:
    # 003: "这名玩家立即转世——将未使用的角色牌洗混后面向下放成一堆，从牌堆顶翻起，翻开的第一张与这名玩家同国籍的角色，
    # 即成为转世后的角色"; "转世后的角色的初始体力值为1"
    s = Scenario(players=4, generals=FOUR, pool="standard", reincarnation=True)
    s.seat(2).dead().hand("jink", "jink")
    s.seat(0).hand("duel", "peach")
    t = s.start(seat=0, phase="play")
    g = t.game
    assert g.distance(t.p(1), t.p(3)) == 1  # the dead are not counted
    unused = unused_generals(t.game)
    # set aside with the dead player (docs/rules.md "Reincarnation")
    assert "zhangfei" not in unused
    assert not {"caocao", "liubei", "lvbu"} & set(unused)  # the living keep theirs
    t.mark()
    _offer(t, t.card(0, "peach"), 2)
    p = t.p(2)
    assert p.alive and p.hp == 1
    (ev,) = t.events("reincarnate")
    _, seat, revealed, general, max_hp = ev
    assert seat == 2 and revealed[-1] == general == p.general and max_hp == p.max_hp
    gen = GENERALS[general]
    assert "shu" in gen.kingdoms() and p.max_hp == gen.hp and p.kingdom == gen.kingdom
    assert all("shu" not in GENERALS[x].kingdoms() for x in revealed[:-1])
    assert len(set(revealed)) == len(revealed) and set(revealed) <= set(unused)
    assert [s.id for s in p.skills] == list(gen.skills)
    assert len(p.hand) == 3  # the offerings are their hand
    assert reborn(t.game)[2] == 1
    # "转世之后即已经视为参与到游戏中来": at once in the game, counted in distances, a target.
    assert g.distance(t.p(1), t.p(3)) == 2
    assert (t.card(0, "duel"), 2) in t.choices()
    assert_conserved(t.game)


def test_the_dead_players_own_general_is_never_revealed() -> None:
    # docs/rules.md "Reincarnation": the general they had is not among the cards revealed; 003: "将
    # 转世前的角色牌放回未使用的角色牌堆" comes after the reveal, so the old card is not in the pile
    # during it. 张飞 is the one Shu general not in play: his own, so he cannot reincarnate.
    s = Scenario(players=4, generals=FOUR, reincarnation=True,
                 pool=("caocao", "huatuo", "liubei", "lvbu", "zhangfei"))
    s.seat(2).dead().hand("jink", "jink")
    s.seat(0).hand("peach")
    t = s.start(seat=0, phase="play")
    assert unused_generals(t.game) == ["huatuo"]
    _offer(t, t.card(0, "peach"), 2)
    assert t.events("reincarnate") == []
    assert t.events("no_reincarnation") == [("no_reincarnation", 2, "shu")]
    assert not t.p(2).alive and t.p(2).general == "zhangfei"


def test_the_old_general_goes_back_among_the_unused_once_the_new_one_is_taken() -> None:
    # 003: "翻开的第一张与这名玩家同国籍的角色，即成为转世后的角色 … 将转世前的角色牌放回未使用的角色牌堆"
    s = Scenario(players=4, generals=FOUR, reincarnation=True,
                 pool=("caocao", "guanyu", "liubei", "lvbu", "zhangfei"))
    s.seat(2).dead().hand("jink", "jink")
    s.seat(0).hand("peach")
    t = s.start(seat=0, phase="play")
    _offer(t, t.card(0, "peach"), 2)
    assert t.events("reincarnate") == [("reincarnate", 2, ("guanyu",), "guanyu", 4)]
    assert unused_generals(t.game) == ["zhangfei"]


def test_another_dead_players_general_is_set_aside_with_them_too() -> None:
    # docs/rules.md "Reincarnation": before the new general is taken, the old one is set aside with
    # the dead player: seat 4's 关羽 is not in the pile that seat 2's reincarnation reveals.
    s = Scenario(players=5, generals=[*FOUR, "guanyu"], reincarnation=True,
                 roles=[LORD, LOYALIST, REBEL, RENEGADE, REBEL],
                 pool=("caocao", "guanyu", "liubei", "lvbu", "zhangfei", "zhaoyun"))
    s.seat(2).dead().hand("jink", "jink")
    s.seat(4).dead()
    s.seat(0).hand("peach")
    t = s.start(seat=0, phase="play")
    assert unused_generals(t.game) == ["zhaoyun"]
    _offer(t, t.card(0, "peach"), 2)
    assert t.events("reincarnate") == [("reincarnate", 2, ("zhaoyun",), "zhaoyun", 4)]


def test_the_reveal_is_the_games_rng_so_a_replay_reincarnates_the_same() -> None:
    def run() -> tuple[Any, ...]:
        s = Scenario(players=4, generals=FOUR, pool="standard", reincarnation=True, seed=7)
        s.seat(2).dead().hand("jink", "jink")
        s.seat(0).hand("peach")
        t = s.start(seat=0, phase="play")
        _offer(t, t.card(0, "peach"), 2)
        return t.events("reincarnate")[0]

    assert run() == run()


def test_a_reincarnated_player_plays_from_their_next_turn() -> None:
    # 003: "到下一次轮到他时即可正常行动。"
    s = Scenario(players=4, generals=FOUR, pool="standard", reincarnation=True)
    s.seat(2).dead().hand("jink", "jink")
    s.seat(0).hand("peach")
    t = s.start(seat=0, phase="play")
    _offer(t, t.card(0, "peach"), 2)
    t.end_play()
    t.until(2, "play")
    assert [e[3] for e in t.events("turn")][-2:] == [1, 2]


def test_only_the_kingdom_counts_and_a_player_of_two_kingdoms_matches_either() -> None:
    # 孙尚香 is shu and wu (003: "香香既是蜀国武将也是吴国武将"). The second 周瑜 (a pool smaller
    # than the table deals a general twice) holds his card: the Wu player's one match is her.
    s = Scenario(players=4, generals=["caocao", "zhouyu", "zhouyu", "lvbu"], reincarnation=True,
                 pool=("caocao", "huatuo", "lvbu", "sunshangxiang", "zhouyu"))
    s.seat(2).dead().hand("jink", "jink")
    s.seat(0).hand("peach")
    t = s.start(seat=0, phase="play")
    assert unused_generals(t.game) == ["huatuo", "sunshangxiang"]
    _offer(t, t.card(0, "peach"), 2)
    assert t.p(2).general == "sunshangxiang" and t.p(2).alive


def test_a_qun_player_waits_for_a_qun_general() -> None:
    # docs/rules.md "Reincarnation": the unused generals are revealed from a shuffled pile until one
    # of the player's kingdom appears, for every kingdom (its reading of 003's "如果是其他国家角色
    # ").
    s = Scenario(players=4, generals=["caocao", "liubei", "lvbu", "lvbu"], reincarnation=True,
                 pool=("caocao", "diaochan", "guanyu", "liubei", "lvbu", "zhouyu"))
    s.seat(2).dead().hand("jink", "jink")
    s.seat(0).hand("peach")
    t = s.start(seat=0, phase="play")
    t.mark()
    _offer(t, t.card(0, "peach"), 2)
    assert t.p(2).general == "diaochan"
    revealed = t.events("reincarnate")[0][2]
    assert revealed[-1] == "diaochan" and set(revealed[:-1]) <= {"guanyu", "zhouyu"}


def test_no_general_of_their_kingdom_left_they_keep_the_cards_and_accept_no_more() -> None:
    # 003: "若未使用角色牌堆已经没有与该玩家同国籍的角色，则不可转世…该玩家可保留接受献祭的4张牌，但不能再接受新的献祭"
    s = Scenario(players=4, generals=["caocao", "zhangfei", "zhangfei", "lvbu"],
                 reincarnation=True, pool=("caocao", "huatuo", "lvbu", "sunquan", "zhangfei"))
    s.seat(2).dead().hand("jink", "jink")
    s.seat(0).hand("peach", "slash")
    s.seat(1).hand("peach")
    t = s.start(seat=0, phase="play")
    t.mark()
    _offer(t, t.card(0, "peach"), 2)
    assert not t.p(2).alive and len(t.hand(2)) == 3
    assert t.events("no_reincarnation") == [("no_reincarnation", 2, "shu")]
    assert t.events("reincarnate") == []
    t.end_play()
    t.until(1, "play")
    assert _offers(t) == []  # seat 2 is the only dead seat and takes no more
    assert_conserved(t.game)


def test_the_reincarnated_make_no_offerings() -> None:
    # 003: "玩家转世后与其它玩家同等对待，但不能献祭其他角色。"
    s = Scenario(players=5, generals=[*FOUR, "simayi"], pool="standard", reincarnation=True,
                 roles=[LORD, LOYALIST, REBEL, RENEGADE, REBEL])
    s.seat(2).dead().hand("jink", "jink")
    s.seat(4).dead()
    s.seat(0).hand("peach")
    t = s.start(seat=0, phase="play")
    _offer(t, t.card(0, "peach"), 2)
    assert t.p(2).alive
    t.end_play()
    t.until(2, "play")
    assert t.hand(2) and _offers(t) == []  # seat 4 is dead and accepts, seat 2 may not give
    t.end_play()
    t.until(3, "play")
    assert t.hand(3) and any(c[2] == (4,) for c in _offers(t))  # the others still may


# ---------------------------------------------------------------------------- victory, rewards
def test_the_reincarnated_count_as_dead_for_victory_003s_example() -> None:
    # 003: "场上有1名主公、1名反贼、和一名转世的反贼。若此时主公杀死反贼，即使场上还有一名转世的反贼，仍视为主公一方胜利。"
    s = Scenario(players=4, generals=FOUR, pool="standard", reincarnation=True,
                 roles=[LORD, REBEL, REBEL, RENEGADE])
    s.seat(3).dead()
    s.seat(2).dead().hand("jink", "jink")
    s.seat(1).hp(1)
    s.seat(0).hand("slash", "nullification")
    t = s.start(seat=0, phase="play")
    _offer(t, t.card(0, "nullification"), 2)  # seat 2 reincarnates: a rebel, alive again
    assert t.p(2).alive
    t.play(t.card(0, "slash"), 1)
    _nobody_answers(t)  # nobody saves the rebel
    assert t.result == (LORD, "rebels_and_renegades_dead")
    assert t.p(2).alive


def test_a_renegade_alone_among_the_reincarnated_wins_when_the_lord_dies() -> None:
    # docs/rules.md "Dying, death and victory" and "Reincarnation": exactly one player alive (the
    # reincarnated counting as dead).
    s = Scenario(players=4, generals=FOUR, pool="standard", reincarnation=True,
                 roles=[LORD, LOYALIST, REBEL, RENEGADE])
    s.seat(1).dead()
    s.seat(2).dead().hand("jink", "jink")
    s.seat(0).hp(1)
    s.seat(3).hand("slash", "nullification")
    t = s.start(seat=3, phase="play")
    _offer(t, t.card(3, "nullification"), 2)
    assert t.p(2).alive
    t.play(t.card(3, "slash"), 0)
    _nobody_answers(t)
    assert t.result == (RENEGADE, "lord_died")


def test_killing_a_reincarnated_rebel_draws_nothing() -> None:
    # 003: "杀死转世后的反贼不获得摸三张牌的奖励"
    s = Scenario(players=5, generals=[*FOUR, "simayi"], pool="standard", reincarnation=True,
                 roles=[LORD, LOYALIST, REBEL, RENEGADE, REBEL])
    s.seat(2).dead().hand("slash", "slash")
    s.seat(1).hand("slash", "peach")
    t = s.start(seat=1, phase="play")
    _offer(t, t.card(1, "peach"), 2)
    assert t.p(2).alive and t.p(2).hp == 1
    t.mark()
    t.play(t.card(1, "slash"), 2)
    _nobody_answers(t)
    assert not t.p(2).alive and t.p(2).hand == []
    assert [e for e in t.events("draw") if e[1] == 1] == []  # no 3 cards


def test_the_lord_killing_a_reincarnated_loyalist_keeps_his_cards() -> None:
    # 003: "主公杀死转世后的忠臣也不得到惩罚"
    s = Scenario(players=4, generals=FOUR, pool="standard", reincarnation=True)
    s.seat(1).dead().hand("jink", "jink")
    s.seat(0).hand("slash", "peach", "jink").equip("crossbow")
    t = s.start(seat=0, phase="play")
    _offer(t, t.card(0, "peach"), 1)
    assert t.p(1).alive
    t.mark()
    t.play(t.card(0, "slash"), 1)
    _nobody_answers(t)
    assert not t.p(1).alive
    assert t.hand(0) == [t.card(0, "jink")] and t.p(0).equip[0] == t.card(0, "crossbow")
    assert all(e[3] != "killed_loyalist" for e in t.events("discard"))


def test_a_player_may_reincarnate_again() -> None:
    # 003: "玩家可以反复转世。"
    s = Scenario(players=5, generals=[*FOUR, "simayi"], pool="standard", reincarnation=True,
                 roles=[LORD, LOYALIST, REBEL, RENEGADE, REBEL])
    s.seat(2).dead().hand("jink", "jink")
    s.seat(1).hand("slash", "peach")
    t = s.start(seat=1, phase="play")
    _offer(t, t.card(1, "peach"), 2)
    t.play(t.card(1, "slash"), 2)
    _nobody_answers(t)
    assert not t.p(2).alive and reborn(t.game)[2] == 1
    # Three more offerings in three turns of three givers bring seat 2 back a second time.
    t.end_play()
    for giver in (3, 4, 0):
        t.until(giver, "play")
        if t.p(2).alive:
            break
        offer = next(c for c in _offers(t) if c[2] == (2,))
        t.skill(*offer)
        t.end_play()
    assert t.p(2).alive and reborn(t.game)[2] == 2 and t.p(2).hp == 1
    assert_conserved(t.game)


# ---------------------------------------------------------------------------- telling
def test_reincarnation_is_told_in_english_and_chinese() -> None:
    s = Scenario(players=4, generals=["caocao", "zhouyu", "zhouyu", "lvbu"], reincarnation=True,
                 pool=("caocao", "lvbu", "sunshangxiang", "zhouyu"))
    s.seat(2).dead().hand("jink", "jink")
    s.seat(0).hand("peach")
    t = s.start(seat=0, phase="play")
    _offer(t, t.card(0, "peach"), 2)
    lines = {lang: [x.strip() for x in render_events(SPEC, t.game.events, lang=lang)]
             for lang in ("en", "zh")}
    assert "P0 Cao Cao invokes Offering on P2 Zhou Yu" in lines["en"]
    assert ("P2 Zhou Yu reincarnates: Sun Shangxiang revealed; P2 Sun Shangxiang comes back "
            "at 1/3 HP") in lines["en"]
    assert "0号位曹操发动了【献祭】，目标2号位周瑜" in lines["zh"]
    assert "2号位周瑜转世：翻开孙尚香；成为2号位孙尚香，体力1/3" in lines["zh"]


def test_a_failed_reincarnation_is_told() -> None:
    s = Scenario(players=4, generals=["caocao", "zhangfei", "zhangfei", "lvbu"],
                 reincarnation=True, pool=("caocao", "lvbu", "zhangfei"))
    s.seat(2).dead().hand("jink", "jink")
    s.seat(0).hand("peach")
    t = s.start(seat=0, phase="play")
    _offer(t, t.card(0, "peach"), 2)
    en, zh = ([x.strip() for x in render_events(SPEC, t.game.events, lang=lang)
               if "reincarnate" in x or "转世" in x] for lang in ("en", "zh"))
    assert en == ["P2 Zhang Fei cannot reincarnate: no unused Shu general is left; the cards stay and no "
                  "more offerings are accepted"]
    assert zh == ["2号位张飞无法转世：未使用的角色牌中已没有蜀国角色；保留所献之牌，不再接受献祭"]


# ---------------------------------------------------------------------------- random games
FEW = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
configs = st.builds(
    lambda n, gens, rounds: Config(players=n, generals=gens, max_rounds=rounds,
                                   reincarnation=True),
    st.integers(4, 10), st.sampled_from(["random", "draft"]), st.integers(3, 30),
)


def _check(g: Game, before: list[bool]) -> None:
    assert_conserved(g)
    for p in g.players:
        assert p.hp <= p.max_hp
        if not p.alive:
            assert max(p.equip) < 0 and p.judge == [] and len(p.hand) <= threshold(g)
        elif before[p.seat] is False:  # came back: at 1 HP, once more reborn
            assert reborn(g)[p.seat] >= 1
    generals = [p.general for p in g.players if p.alive and p.general]  # "" in the draft
    pool = set(g.config.general_pool())
    assert all(x in pool for x in generals)


@FEW
@given(configs, st.integers(0, 2**64 - 1))
def test_random_games_end_conserve_cards_and_keep_hp_in_bounds(cfg: Config, seed: int) -> None:
    g = Game(cfg, seed)
    agents = [RandomAgent(seed, i) for i in range(cfg.players)]
    while not g.over:
        before = [p.alive for p in g.players]
        req = g.pending
        assert req is not None and g.players[req.seat].alive
        g.submit(agents[req.seat].choose(req))
        _check(g, before)
    assert g.error is None and g.result is not None
    assert g.round <= cfg.max_rounds + 1
    winner, reason = g.result
    if reason == "rebels_and_renegades_dead":  # the reincarnated count as dead
        assert all(not p.alive or reborn(g)[p.seat] for p in g.players
                   if p.role in (REBEL, RENEGADE))


def test_reincarnation_games_record_validate_and_resimulate(tmp_path: Any) -> None:
    told = 0
    for seed in range(8):
        cfg = Config(players=4 + seed % 7, generals="draft", reincarnation=True)
        path = tmp_path / f"g{seed}.mp"
        result = record_game(cfg, seed, path)
        assert result.error is None
        check = validate_file(path)
        assert check.valid, check.error
        replay = read_replay(path)
        assert replay.header.config["reincarnation"] is True
        assert resimulate(replay).summary() == replay.summary
        told += sum(1 for e in replay.events or () if e[0] == "reincarnate")
    assert told > 0  # the seeds above do reincarnate someone


def test_views_and_requests_of_reincarnation_games_keep_their_schemas() -> None:
    # docs/views.md: a dead seat holding offerings, a reincarnated seat and the offering choices
    # are all within the view and request schemas.
    checked = 0
    for seed in (3, 29):
        g = Game(Config(players=5, generals="random", reincarnation=True), seed)
        agents = [RandomAgent(seed, i) for i in range(5)]
        while not g.over:
            req = g.pending
            assert req is not None
            if any(not p.alive and p.hand for p in g.players) or any(reborn(g)):
                for seat in (None, req.seat):
                    View.model_validate_json(json.dumps(g.view(seat, since=len(g.events))))
                FullView.model_validate_json(json.dumps(SPEC.full_view(g)))
                REQUEST.validate_json(json.dumps(g.view(req.seat, since=len(g.events))["pending"]))
                checked += 1
            g.submit(agents[req.seat].choose(req))
    assert checked > 20
