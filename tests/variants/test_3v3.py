"""3v3 (003 "三国杀 3V3规则"; docs/rules.md, "3v3"): the seats and camps, the draft,
the order of action, victory and reward, the area tricks' direction, the option and its header,
telling, the agents, and random games with it on."""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cli.main import main
from sgscore.agents import RandomAgent
from sgscore.core.protocol import Choice, PickRequest
from sgscore.replay import read_replay, validate_file
from sgscore.replay.render import render_account
from sgscore.sanguosha import SPEC, Config, ConfigError, Game
from sgscore.sanguosha.agent import HeuristicAgent
from sgscore.sanguosha.cards import NAME, deck_ids
from sgscore.sanguosha.config import MODES
from sgscore.sanguosha.variants.mode_3v3 import (
    COLD,
    MARSHAL_SEAT,
    ROLES_3V3,
    TAKES,
    WARM,
    config_3v3,
)
from sgscore.sanguosha.view_models import REQUEST, FullView, View
from sgscore.testing import Scenario, Table, check_conservation

from recorded import record_bytes

SIX = ["zhangfei", "caocao", "lvbu", "guanyu", "liubei", "machao"]


def _pick(g: Game) -> PickRequest:
    req = g.pending
    assert isinstance(req, PickRequest)
    return req


def _turns(g: Game) -> list[tuple[int, int]]:
    """(round, seat) of every turn so far."""
    return [(e[1][1], e[1][2]) for e in g.events if e[0] == "turn"]


def _drive(g: Game, actions: Sequence[tuple[int, ...]], turns: int) -> None:
    """Play until more than ``turns`` turns have begun, or a camp_action is asked when
    ``actions`` are used up: every camp_action asked takes the next of ``actions``; every other
    question its first choice (passing, declining)."""
    script = list(actions)
    while not g.over and len(_turns(g)) <= turns:
        req = g.pending
        assert req is not None
        if req.kind == "camp_action":
            if not script:
                return
            g.submit(script.pop(0))
            continue
        if req.kind == "first_action":
            g.submit(COLD)
            continue
        g.submit(req.choice_at(0))


def _scenario(**options: Any) -> Scenario:
    return Scenario(players=6, mode="3v3", **options)


def _nobody_answers(t: Table) -> None:
    while t.pending is not None and t.pending.kind == "respond":
        t.decline(t.pending.seat)


# ---------------------------------------------------------------------------- the option
def test_3v3_is_a_mode_of_six_seats() -> None:
    assert Config().mode == "identity"
    assert config_3v3().players == 6 and config_3v3().mode == "3v3"
    # 003 "每个阵营各有三名玩家": six seats, no more, no fewer
    with pytest.raises(ConfigError, match="players: 3v3 seats exactly 6 players, got 5"):
        Config(mode="3v3")
    modes = " or ".join(MODES)  # identity, 3v3, and any mode a variant added
    assert MODES[:1] == ["identity"] and "3v3" in MODES
    with pytest.raises(ConfigError, match=f"mode: expected {modes}, got '2v2'"):
        Config(players=6, mode="2v2")
    for other in ({"role_variant": True}, {"lord_seat_zero": False}, {"lord_seat": 2},
                  {"scoring": True}):
        with pytest.raises(ConfigError, match="3v3 has camps, not identity roles"):
            config_3v3(**other)
    with pytest.raises(ConfigError, match="reincarnation is identity mode's"):
        config_3v3(reincarnation=True)
    # the draft lays 16 generals on the table (two piles of 8)
    with pytest.raises(ConfigError, match="pool: a 3v3 draft needs 16 generals, the pool has 8"):
        config_3v3(generals="draft", pool=tuple(SIX + ["daqiao", "simayi"]))
    with pytest.raises(ConfigError, match="3v3 with random generals needs 6 generals"):
        config_3v3(generals="random", pool=("caocao", "liubei"))
    # no lord in 3v3: 甘宁 may sit at any seat, and no general of the pool need be a lord
    assert config_3v3(generals=("ganning", *SIX[1:])).generals == ("ganning", *SIX[1:])
    config_3v3(generals="random", pool=("ganning", "lvbu", "zhangfei", "guanyu", "machao",
                                        "xuchu"))


def test_the_header_records_the_mode_only_for_3v3_and_sim_takes_mode() -> None:
    assert "mode" not in SPEC.header_config(Config())
    assert SPEC.header_config(config_3v3())["mode"] == "3v3"
    assert SPEC.config_from_dict(SPEC.full_config({"players": 6, "mode": "3v3"})).mode == "3v3"
    assert SPEC.config_from_dict(SPEC.full_config({})).mode == "identity"  # old headers
    cfg = SPEC.config_from_options({"mode": "3v3"})
    assert cfg.players == 6 and cfg.generals == "draft"
    with pytest.raises(ConfigError, match="players: 3v3 seats exactly 6 players, got 8"):
        SPEC.config_from_options({"mode": "3v3", "players": 8})
    line = SPEC.header_line(SPEC.full_config(SPEC.header_config(cfg)), "en")
    assert line[:3] == ["3v3", "6 players", "draft"]
    assert SPEC.header_line(SPEC.full_config(SPEC.header_config(cfg)), "zh")[0] == "三对三"


def test_sgs_sim_mode_3v3_plays_and_validates(tmp_path: Any) -> None:
    out = tmp_path / "g.mp"
    run = CliRunner().invoke(main, ["sim", "--mode", "3v3", "--seed", "3", "-o", str(out),
                                   "--agents", "warm=heuristic,cold=random"])
    assert run.exit_code == 0, run.output
    assert "camp wins (a marshal died)" in run.output or "draw" in run.output
    header = read_replay(out).header
    assert header.config["mode"] == "3v3" and header.agents == [
        "random", "random", "random", "heuristic", "heuristic", "heuristic"]
    assert validate_file(out).valid
    bad = CliRunner().invoke(main, ["sim", "--mode", "3v3", "-p", "5", "-o", str(out)])
    assert bad.exit_code == 2 and "players: 3v3 seats exactly 6 players, got 5" in bad.output
    roles = CliRunner().invoke(main, ["sim", "--mode", "3v3", "-o", str(out), "--agents",
                                     "lord=random,loyalist=random,rebel=random,renegade=random"])
    assert roles.exit_code == 2 and "CAMP=AGENT with a camp out of cold, warm" in roles.output


# ---------------------------------------------------------------------------- seats and camps
def test_six_seats_in_two_camps_and_every_role_is_face_up() -> None:
    # 003 "双方的座位顺序为:冷色前锋A-冷色主帅-冷色前锋B-暖色前锋B-暖色主帅-暖色前锋A(围绕桌子)";
    # "身份牌均为正面朝上放置"
    g = Game(config_3v3(generals="random"), 5)
    assert tuple(p.role for p in g.players) == ROLES_3V3 == (
        "cold_vanguard", "cold_marshal", "cold_vanguard", "warm_vanguard", "warm_marshal",
        "warm_vanguard")
    assert MARSHAL_SEAT == {COLD: 1, WARM: 4}
    for seat in (None, *range(6)):
        assert [p["role"] for p in g.view(seat)["players"]] == list(ROLES_3V3)
    assert ("camps", ROLES_3V3) in [(e[0], *e[1]) for e in g.events]


def test_marshals_have_one_more_hp_and_nobody_is_the_lord() -> None:
    # 003 "此模式中主帅体力及体力上限+1"; "此规则变体中不使用主公技"
    g = Game(config_3v3(generals=tuple(SIX)), 1)
    assert [(p.hp, p.max_hp) for p in g.players] == [(4, 4), (5, 5), (4, 4), (4, 4), (5, 5),
                                                      (4, 4)]
    liubei = g.view(4)["players"][4]
    assert liubei["general"] == "liubei" and liubei["skills"] == ["rende"]  # no 激将
    assert "hujia" not in g.view(1)["players"][1]["skills"]  # 曹操's 护驾
    beginner = Game(config_3v3(generals=None), 1)
    assert [p.max_hp for p in beginner.players] == [4, 5, 4, 4, 5, 4]


def test_there_is_no_lightning_in_the_deck() -> None:
    # 003 "闪电 此规则里不使用闪电": every 闪电 the packs hold is left out
    for packs, lightnings in ((("standard",), 1), (("standard", "ex"), 2)):
        g = Game(config_3v3(generals="random", packs=packs), 2)
        full = deck_ids(packs)
        assert sum(NAME[c] == "lightning" for c in full) == lightnings
        assert sorted(g.card_ids) == [c for c in full if NAME[c] != "lightning"]
        check_conservation(g)


def test_indulgence_may_target_a_marshal() -> None:
    # 乐不思蜀 spares the lord (003); 3v3 has none, so the marshals are targets like the others
    s = _scenario()
    s.seat(0).hand("indulgence")
    t = s.start(seat=0, phase="play")
    targets = {c[1] for c in t.choices() if c is not None}
    assert targets == {1, 2, 3, 4, 5}


def test_tongling_has_no_role_to_reveal() -> None:
    # 铜铃 reveals the role card for +1 HP; in 3v3 every role card is face up already
    s = _scenario(generals=["ganning", *SIX[1:]])
    s.seat(0).hand("slash")
    t = s.start(seat=0, phase="play")
    assert not any(isinstance(c, tuple) and c[0] == "tongling" for c in t.choices())
    assert t.p(0).max_hp == 4 and t.p(1).max_hp == 5  # the scenario's marshal has his +1


# ---------------------------------------------------------------------------- the draft
def test_the_draft_takes_1_2_2_2_2_2_2_2_1_in_turn_from_sixteen_on_the_table() -> None:
    # 003 步骤1-2, 4-7: piles of 8; 16 generals face up; "暖色系主将决定由对方主帅先选将或由自己先选将。
    # 冷色系主将决定由对方主将或自己先行动"; "选将顺序及数量为 1、2、2、2、2、2、2、2、1"; the picks are shown
    g = Game(config_3v3(generals="draft", pool="standard"), 11)
    table = next(e[1][0] for e in g.events if e[0] == "draft_generals")
    assert len(table) == 16 == len(set(table)) and list(table) == sorted(table)
    req = _pick(g)
    assert (req.seat, req.kind, req.options) == (4, "first_pick", (WARM, COLD))
    g.submit(COLD)
    req = _pick(g)
    assert (req.seat, req.kind, req.options) == (1, "first_action", (COLD, WARM))
    g.submit(WARM)
    asked = []
    while g.pending is not None and g.pending.kind == "draft_take":
        req = _pick(g)
        asked.append((req.seat, req.prompt[0], len(req.options)))
        g.submit(req.options[-1])
    left = 16
    expected = []
    for i, k in enumerate(TAKES[:-1]):  # the last general is taken without asking
        n = left * (left - 1) // 2 if k == 2 else left
        expected.append((1 if i % 2 == 0 else 4, k, n))
        left -= k
    assert asked == expected
    takes = [e[1:] for e in g.view(0)["events"] if e[0] == "draft_take"]
    assert [len(x[1]) for x in takes] == list(TAKES)
    assert [x[0] for x in takes] == [1, 4] * 4 + [1]
    taken = [gid for x in takes for gid in x[1]]
    assert sorted(taken) == list(table)


def test_each_marshal_places_three_of_his_eight_face_down_then_all_are_revealed() -> None:
    # 003 步骤8: "由双方主帅从8张武将中选出3张按顺序背面朝上放置在本方主帅和前锋位置上。双方选择完毕后，同时亮出"
    g = Game(config_3v3(generals="draft", pool="standard"), 12)
    while g.pending is not None and g.pending.kind != "assign_generals":
        g.submit(_pick(g).options[0])
    mine: dict[int, list[str]] = {1: [], 4: []}
    for e in g.events:
        if e[0] == "draft_take":
            mine[e[1][0]].extend(e[1][1])
    cold = _pick(g)
    assert cold.seat == 1 and len(cold.options) == 8 * 7 * 6
    assert {x for o in cold.options for x in o} == set(mine[1])
    g.submit(cold.options[100])
    warm = _pick(g)
    assert warm.seat == 4 and {x for o in warm.options for x in o} == set(mine[4])
    # the cold marshal's placing is his alone until both have placed
    assert ("assign_generals", 1) in g.view(4)["events"]
    assert ("assign_generals", 1, cold.options[100]) in g.view(1)["events"]
    assert all(p["general"] == "" for p in g.view(4)["players"])
    g.submit(warm.options[0])
    m, a, b = cold.options[100]
    w = warm.options[0]
    assert [p.general for p in g.players] == [a, m, b, w[2], w[0], w[1]]
    setup = [e for e in g.view(0)["events"] if e[0] == "setup"]
    assert setup == [("setup", 6, (a, m, b, w[2], w[0], w[1]))]


def test_without_a_draft_the_cold_marshal_still_decides_who_acts_first() -> None:
    # 003 游戏流程: "由冷色方主帅决定由哪一方先行动，决定后，分发每名角色4张手牌"
    g = Game(config_3v3(generals="random"), 4)
    req = _pick(g)
    assert (req.seat, req.kind) == (1, "first_action")
    assert all(not p.hand for p in g.players)  # nothing dealt yet
    generals = [p.general for p in g.players]
    assert len(set(generals)) == 6 and all(generals)
    g.submit(WARM)
    assert all(len(p.hand) >= 4 for p in g.players if p.seat != 4)
    assert _turns(g) == [(1, 4)]  # the warm camp acts first, its marshal


# ---------------------------------------------------------------------------- the order of action
def test_the_camps_alternate_a_marshal_or_both_vanguards_and_a_round_ends_when_all_acted() -> None:
    # 003 游戏流程 1-3: the first turn is a marshal's; the camp with the action plays its marshal's
    # turn or its vanguards' turns one after the other; when every role card is tapped they are
    # all reset
    g = Game(config_3v3(generals=tuple(SIX)), 9)
    _drive(g, [(5, 3), (2, 0), (0, 2), (4,), (3, 5), (1,)], turns=12)
    assert _turns(g) == [(1, 1), (1, 5), (1, 3), (1, 2), (1, 0), (1, 4),
                         (2, 0), (2, 2), (2, 4), (2, 1), (2, 3), (2, 5), (3, 1)]
    actions = [e[1] for e in g.events if e[0] == "camp_action"]
    assert actions[:6] == [(1, COLD, (1,), False), (4, WARM, (5, 3), False),
                           (1, COLD, (2, 0), False), (4, WARM, (4,), False),
                           (1, COLD, (0, 2), False), (4, WARM, (4,), False)]
    assert [e[1] for e in g.events if e[0] == "reset"] == [(2,), (3,)]


def test_the_camp_choices_are_the_untapped_marshal_or_vanguards_in_either_order() -> None:
    g = Game(config_3v3(generals=tuple(SIX)), 9)
    _drive(g, [], turns=99)  # the cold marshal has acted (his first turn is forced)
    req = _pick(g)
    assert (req.seat, req.kind, req.prompt) == (4, "camp_action", (WARM,))
    assert req.options == ((4,), (5, 3), (3, 5))
    g.submit((4,))
    _drive(g, [], turns=99)
    assert _pick(g).options == ((0, 2), (2, 0))  # the cold marshal is tapped


def test_a_camp_that_has_all_acted_passes_the_action_to_the_other() -> None:
    # 003 游戏流程 2: "若轮到其中一方行动时,该阵营的所有身份牌均为横置状态,且对方阵营仍有身份牌未横置,则应将行动权
    # 交给对方阵营"
    s = _scenario()
    s.seat(0).dead()
    s.seat(2).dead()
    t = s.start(seat=1, phase="finish")  # the cold marshal's turn ends: only he was cold
    req = _pick(t.game)
    assert (req.seat, req.options) == (4, ((4,), (5, 3), (3, 5)))
    t.game.submit((5, 3))
    _drive(t.game, [], turns=99)
    actions = [e[1] for e in t.game.events if e[0] == "camp_action"]
    assert actions[1] == (4, WARM, (4,), True)  # the cold camp had all acted: warm again
    assert _turns(t.game) == [(1, 1), (1, 5), (1, 3), (1, 4), (2, 1)]


def test_a_dead_vanguard_is_never_offered() -> None:
    s = _scenario()
    s.seat(3).dead()
    t = s.start(seat=1, phase="finish")
    assert _pick(t.game).options == ((4,), (5,))


def test_the_round_cap_ends_the_game_as_a_draw_when_a_round_would_begin() -> None:
    g = Game(config_3v3(generals=tuple(SIX), max_rounds=1), 9)
    _drive(g, [(5, 3), (2, 0)], turns=99)
    assert g.result == (None, "round_cap") and len(_turns(g)) == 6


# ---------------------------------------------------------------------------- victory and reward
def test_killing_the_enemy_marshal_wins_for_the_camp() -> None:
    # 003 "游戏目标：消灭对方阵营主帅"
    s = _scenario()
    s.seat(0).hand("slash").equip("chitu")
    s.seat(4).hp(1)
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "slash"), 4)
    _nobody_answers(t)
    assert t.result == (COLD, "marshal_died")
    assert SPEC.outcomes(t.game.summary()) == ["win"] * 3 + ["loss"] * 3


@pytest.mark.parametrize("victim", [2, 5])
def test_any_kill_draws_three_even_of_a_teammate_and_is_never_punished(victim: int) -> None:
    # 003 奖惩: "杀死任意一名角色,可以立即摸3张牌,即使杀死的是自己的同伙."
    s = _scenario()
    s.seat(0).hand("slash").equip("chitu")
    s.seat(victim).hp(1)
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "slash"), victim)
    _nobody_answers(t)
    assert not t.p(victim).alive and t.result is None
    assert len(t.hand(0)) == 3 and t.p(0).equip[3] >= 0  # drew 3, kept the horse


# ---------------------------------------------------------------------------- area tricks
def _damaged(t: Table) -> list[int]:
    return [e[2] for e in t.events("damage")]


@pytest.mark.parametrize(("direction", "order"), [("ccw", [1, 2, 3, 4, 5]),
                                                  ("cw", [5, 4, 3, 2, 1])])
def test_the_user_of_savage_assault_chooses_the_direction(direction: str,
                                                          order: list[int]) -> None:
    # 003 普牌的变体规则: "南蛮入侵 …出牌(杀)顺序由出南蛮入侵的玩家指定(顺时针或逆时针)"
    s = _scenario()
    s.seat(0).hand("savage_assault")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "savage_assault"))
    t.mark()
    t.answer(0, "trick_order", direction)
    assert _damaged(t) == order
    assert ("trick_order", 0, "savage_assault", direction) in t.game.view(3)["events"]


def test_archery_attack_peach_garden_and_amazing_grace_too() -> None:
    # 万箭齐发, 桃园结义 ("加血顺序由出桃园结义的玩家指定"), 五谷丰登 ("挑选牌的顺序由出五谷丰登的玩家指定")
    s = _scenario()
    s.seat(0).hand("archery_attack", "god_salvation", "amazing_grace")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "archery_attack"))
    t.mark()
    t.answer(0, "trick_order", "cw")
    assert _damaged(t) == [5, 4, 3, 2, 1]
    t.play(t.card(0, "god_salvation"))
    t.mark()
    t.answer(0, "trick_order", "cw")
    assert [e[1] for e in t.events("recover")] == [5, 4, 3, 2, 1]
    t.play(t.card(0, "amazing_grace"))
    t.answer(0, "trick_order", "cw")
    pickers = []
    while t.pending is not None and t.pending.kind != "play":
        if t.pending.kind == "amazing_grace":
            pickers.append(t.pending.seat)
        t.game.submit(t.choices()[0])  # a pick, or no 无懈可击 (one may have been picked)
    assert pickers == [0, 5, 4, 3, 2]  # the last card goes to seat 1 unasked


def test_with_two_players_left_the_direction_is_not_asked() -> None:
    s = _scenario()
    for seat in (0, 2, 3, 5):
        s.seat(seat).dead()
    s.seat(1).hand("savage_assault")
    t = s.start(seat=1, phase="play")
    t.play(t.card(1, "savage_assault"))
    assert t.pending is not None and t.pending.kind != "trick_order"
    assert _damaged(t) == [4]


# ---------------------------------------------------------------------------- agents
def test_the_heuristic_agent_attacks_the_other_camp_not_its_own() -> None:
    s = _scenario()
    s.seat(0).hand("slash")  # seat 1 (its marshal) and seat 5 (the enemy) are in reach
    t = s.start(seat=0, phase="play")
    agent = HeuristicAgent(t.game, 1, 0)
    req = t.game.pending
    assert req is not None and (t.card(0, "slash"), 1) in req.choices()
    assert agent.choose(req) == (t.card(0, "slash"), 5)


def test_the_heuristic_agent_drafts_its_own_camp_first_and_the_best_generals() -> None:
    g = Game(config_3v3(generals="draft", pool="standard"), 3)
    agents = [HeuristicAgent(g, 3, s) for s in range(6)]
    assert agents[4].choose(_pick(g)) == WARM  # the warm marshal picks first himself
    g.submit(WARM)
    assert agents[1].choose(_pick(g)) == COLD
    g.submit(COLD)
    first = agents[4].choose(_pick(g))
    table = next(e[1][0] for e in g.events if e[0] == "draft_generals")
    assert first == (min(table, key=lambda x: _rank(x)),)
    while not g.over:
        req = g.pending
        assert req is not None
        g.submit(agents[req.seat].choose(req))
    assert g.result is not None and g.result[0] in (COLD, WARM, None)


def _rank(gid: str) -> int:
    from sgscore.sanguosha.agent import draft_order

    order = draft_order()
    return order.index(gid) if gid in order else len(order)


# ---------------------------------------------------------------------------- telling
def test_show_tells_the_camps_the_draft_and_the_order_readably_in_both_languages() -> None:
    data, result = record_bytes(config_3v3(generals="draft", pool="standard"), 21, events=True)
    events = read_replay(data).events
    assert events is not None
    summary = result.summary
    en = "\n".join(render_account(SPEC, events, summary))
    assert summary["rounds"] > 1
    for words in ("3v3: two camps of three", "cold camp, marshal", "The generals on the table:",
                  "decides that the", "picks first", "acts first", "takes", " as marshal, ",
                  "has the action", "Every role card is tapped", "cold vanguard"):
        assert words in en, words
    assert ("the cold camp wins" in en or "the warm camp wins" in en or "a draw" in en)
    zh = "\n".join(render_account(SPEC, events, summary, lang="zh"))
    for words in ("双方阵营各三人", "冷色方主帅", "桌上的武将", "先选将", "先行动", "获得行动权",
                  "全部重置", "暖色前锋"):
        assert words in zh, words
    # one language per account (as tests/replay/test_account.py asks of every game)
    assert not any(re.search(r"[A-Za-z]", re.sub(r"[♠♥♣♦](?:10|[2-9AJQK])", "", x))
                   for x in zh.splitlines())
    assert not any(re.search(r"[\u3400-\u9fff\u3000-\u303f\uff00-\uffef]", x)
                   for x in en.splitlines())
    # each marshal sees his own placing, and that the other placed three face down
    marshal = "\n".join(render_account(SPEC, events, summary, seat=1))
    assert marshal.count(" as marshal, ") == 1 and "places three generals face down" in marshal


def test_the_direction_is_told() -> None:
    s = _scenario()
    s.seat(0).hand("savage_assault")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "savage_assault"))
    t.answer(0, "trick_order", "cw")
    en = "\n".join(render_account(SPEC, t.game.events))
    assert "resolves Barbarian Invasion clockwise (against seat order)" in en
    zh = "\n".join(render_account(SPEC, t.game.events, lang="zh"))
    assert "指定南蛮入侵按顺时针" in zh


# ---------------------------------------------------------------------------- random games
def _check_views(g: Game) -> None:
    for seat in (None, *range(6)):
        view = g.view(seat)
        View.model_validate_json(json.dumps(view, ensure_ascii=False))
        assert [p["role"] for p in view["players"]] == list(ROLES_3V3)  # camps are public
    FullView.model_validate_json(json.dumps(SPEC.full_view(g), ensure_ascii=False))
    req = g.pending
    if req is not None:
        REQUEST.validate_json(json.dumps(g.view(req.seat)["pending"], ensure_ascii=False))


def test_views_and_requests_of_3v3_games_keep_to_the_schema() -> None:
    kinds: set[str] = set()
    for seed in range(4):
        g = Game(config_3v3(generals="draft", pool="standard"), seed)
        agents: list[Any] = [HeuristicAgent(g, seed, s) if seed % 2 else RandomAgent(seed, s)
                             for s in range(6)]
        step = 0
        while not g.over:
            req = g.pending
            assert req is not None
            kinds.add(req.kind)
            if step % 7 == 0 or req.kind != "play":
                _check_views(g)
            choice: Choice = agents[req.seat].choose(req)
            g.submit(json.loads(json.dumps(choice)))
            step += 1
        _check_views(g)
    assert {"first_pick", "first_action", "draft_take", "assign_generals", "camp_action",
            "trick_order"} <= kinds


FEW = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@FEW
@given(st.integers(0, 2**64 - 1), st.sampled_from([None, "random", "draft"]), st.booleans(),
       st.integers(1, 30), st.booleans())
def test_random_3v3_games_end_conserve_cards_keep_hp_in_bounds_and_replay(
        seed: int, generals: str | None, ex: bool, rounds: int, heuristic: bool) -> None:
    cfg = config_3v3(generals=generals, packs=("standard", "ex") if ex else ("standard",),
                     max_rounds=rounds)
    g = Game(cfg, seed)
    agents: list[Any] = [HeuristicAgent(g, seed, s) if heuristic else RandomAgent(seed, s)
                         for s in range(6)]
    while not g.over:
        req = g.pending
        assert req is not None
        g.submit(agents[req.seat].choose(req))
        check_conservation(g)
        for p in g.players:
            assert p.hp <= p.max_hp
            assert not any(NAME[c] == "lightning" for c in p.hand)
    assert g.error is None
    winner, reason = g.result or ("?", "?")
    assert (winner, reason) in ((COLD, "marshal_died"), (WARM, "marshal_died"),
                                (None, "round_cap"), (None, "no_cards"))
    if reason == "marshal_died":
        dead = [p.role for p in g.players if not p.alive and p.role.endswith("marshal")]
        assert len(dead) == 1 and not dead[0].startswith(str(winner))
    data, _ = record_bytes(cfg, seed, events=True)
    assert validate_file(data).valid  # re-simulated event by event to the same end
    assert record_bytes(cfg, seed, events=True)[0] == data
