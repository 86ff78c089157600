"""The detailed rules and dark souls (003 "详细规则", "暗魂"; docs/rules.md,
"Detailed rules and dark souls"): the options and their header, one scenario per reading of 003,
telling, the requests' JSON forms, and random games with the rules on."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from request_forms import check_form

from sgscore.agents import RandomAgent
from sgscore.core.protocol import Request
from sgscore.replay import read_replay, record_game, resimulate, validate_file
from sgscore.replay.render import render_events
from sgscore.sanguosha import SPEC, Config, ConfigError, Game
from sgscore.sanguosha import view_models as models
from sgscore.sanguosha.model import LORD, LOYALIST, REBEL, RENEGADE
from sgscore.sanguosha.telling import card_label
from sgscore.sanguosha.variants.detailed import Detailed, enabled, first_out, souls_on, state
from sgscore.testing import Scenario, Table
from sgscore.testing import check_conservation as assert_conserved

ROLES = [LORD, LOYALIST, REBEL, RENEGADE]


def _state(t: Table) -> Detailed:
    kept = state(t.game)
    assert isinstance(kept, Detailed)
    return kept


def _valid(game: Game) -> None:
    """The pending request's JSON form, as the seat asked sees it, keeps to the request schema
    and describes exactly its choices (docs/views.md "A request in JSON")."""
    request = game.pending
    assert request is not None
    form = game.view(request.seat)["pending"]
    models.REQUEST.validate_json(json.dumps(form))
    check_form(request, form)


def _ask(t: Table, seat: int, kind: str, choice: Any) -> Request:
    """Strict step that also checks the request's JSON form."""
    req = t.expect(seat, kind)
    _valid(t.game)
    t.game.submit(choice)
    return req


def _to_round(t: Table, r: int, seen: list[Request] | None = None) -> None:
    """Answer every question with its first choice (end the play phase, decline, no) until round
    ``r`` has begun; ``seen`` collects the requests answered."""
    while t.game.round < r:
        req = t.pending
        assert req is not None, t.game.result
        if seen is not None:
            seen.append(req)
        t.game.submit(req.choice_at(0))


def _nobody_answers(t: Table) -> None:
    """Every seat asked for a card (闪, 桃, 无懈可击 ...) declines."""
    while t.pending is not None and t.pending.kind == "respond":
        t.decline(t.pending.seat)


def _lines(t: Table, lang: str) -> list[str]:
    return [x.strip() for x in render_events(SPEC, t.game.events, lang=lang)]


# ---------------------------------------------------------------------------- the options
def test_the_options_are_off_by_default_and_checked() -> None:
    cfg = Config()
    assert (cfg.last_blood, cfg.three_player_drain, cfg.dark_souls) == (None, False, False)
    assert state(Game(cfg, 1)) is None  # the rules install nothing: old games stay the same
    with pytest.raises(ConfigError, match="last_blood: expected a seat 0-3 or null, got 4"):
        Config(players=4, last_blood=4)
    with pytest.raises(ConfigError, match="last_blood: expected a seat 0-4 or null, got True"):
        Config.from_dict({"last_blood": True})
    with pytest.raises(ConfigError, match="dark_souls: expected a boolean"):
        Config.from_dict({"dark_souls": "yes"})
    with pytest.raises(ConfigError, match="dark_souls and reincarnation both decide"):
        Config(generals="random", dark_souls=True, reincarnation=True)


def test_sim_options_detailed_is_the_souls_and_the_drain_last_blood_names_a_seat() -> None:
    # 003 "详细规则" 2: "引入暗魂角色，如无暗魂角色牌，则…最后一滴血受规则保护": the protection is for
    # tables without souls, and needs the previous game's first out (docs/rules.md).
    cfg = SPEC.config_from_options({"detailed": True})
    assert (cfg.dark_souls, cfg.three_player_drain, cfg.last_blood) == (True, True, None)
    cfg = SPEC.config_from_options({"last_blood": 2})
    assert (cfg.dark_souls, cfg.three_player_drain, cfg.last_blood) == (False, False, 2)
    cfg = SPEC.config_from_options({"dark_souls": True, "players": 4})
    assert (cfg.dark_souls, cfg.three_player_drain) == (True, False)
    assert SPEC.config_from_options({"three_player_drain": True}).three_player_drain


def test_the_header_records_each_option_only_when_on() -> None:
    off = SPEC.header_config(Config())
    assert not {"last_blood", "three_player_drain", "dark_souls"} & set(off)
    on = SPEC.header_config(Config(last_blood=3, three_player_drain=True, dark_souls=True))
    assert (on["last_blood"], on["three_player_drain"], on["dark_souls"]) == (3, True, True)
    back = SPEC.config_from_dict(SPEC.full_config(on))
    assert (back.last_blood, back.three_player_drain, back.dark_souls) == (3, True, True)
    full = SPEC.full_config(on)
    en, zh = SPEC.header_line(full, "en"), SPEC.header_line(full, "zh")
    assert {"last blood P3", "three-player drain", "dark souls"} <= set(en)
    assert {"最后一滴血保护3号位", "三人减体力", "暗魂"} <= set(zh)
    assert not {"dark souls", "three-player drain"} & set(
        SPEC.header_line(SPEC.full_config(off), "en"))


# ---------------------------------------------------------------------------- last blood
def test_first_out_names_the_seat_a_next_game_protects() -> None:
    s = Scenario(players=4, roles=ROLES)
    s.seat(0).hand("duel")
    s.seat(3).hp(1)
    t = s.start(seat=0, phase="play")
    assert first_out(t.game.events) is None
    t.play(t.card(0, "duel"), 3)
    assert not t.p(3).alive and first_out(t.game.events) == 3


def test_protection_keeps_the_last_hp_against_a_slash() -> None:
    # 003: "最后一滴血受规则保护": at 1 HP the damage is prevented.
    s = Scenario(players=4, roles=ROLES, last_blood=1)
    s.seat(0).hand("slash")
    s.seat(1).hp(1)
    t = s.start(seat=0, phase="play")
    assert t.p(1).has_skill("last_blood") and ("last_blood_on", 1) in t.events("last_blood_on")
    t.mark().play(t.card(0, "slash"), 1)
    assert t.hp(1) == 1 and t.p(1).alive
    assert t.events("last_blood") == [("last_blood", 1, 0, 1, 0)]
    assert t.events("damage_prevented") and not t.events("damage")


def test_protection_leaves_one_hp_of_lightning_with_no_source() -> None:
    # Any damage, with a source or without: 闪电's 3 at 2 HP become 1.
    s = Scenario(players=4, roles=ROLES, last_blood=1)
    s.seat(1).judge("lightning").hp(2)
    s.top("slash S7")
    t = s.start(seat=1, phase="judge")
    assert t.hp(1) == 1 and t.events("last_blood") == [("last_blood", 1, -1, 3, 1)]
    assert [e[1:5] for e in t.events("damage")] == [(-1, 1, 1, 1)]


def test_damage_that_spares_the_last_hp_is_untouched() -> None:
    s = Scenario(players=4, roles=ROLES, last_blood=1)
    s.seat(0).hand("slash")
    s.seat(1).hp(3)
    t = s.start(seat=0, phase="play").mark()
    t.play(t.card(0, "slash"), 1)
    assert t.hp(1) == 2 and t.events("last_blood") == []


def test_protection_ends_when_someone_is_out() -> None:
    # 003: "但只要有人先出局了…则不受此规则保护": the first death ends it for the whole game.
    s = Scenario(players=4, roles=ROLES, last_blood=1)
    s.seat(0).hand("duel", "slash")
    s.seat(1).hp(1)
    s.seat(3).hp(1)
    t = s.start(seat=0, phase="play").mark()
    t.play(t.card(0, "duel"), 3)
    assert not t.p(3).alive
    assert t.events("last_blood_ends") == [("last_blood_ends", 1, 3)]
    assert not t.p(1).has_skill("last_blood") and _state(t).someone_out
    t.play(t.card(0, "slash"), 1)
    assert not t.p(1).alive and t.events("last_blood") == []


def test_a_table_that_starts_with_the_dead_protects_nobody() -> None:
    s = Scenario(players=4, roles=ROLES, last_blood=1)
    s.seat(2).dead()
    s.seat(0).hand("slash")
    s.seat(1).hp(1)
    t = s.start(seat=0, phase="play")
    assert not t.p(1).has_skill("last_blood") and t.events("last_blood_on") == []
    t.play(t.card(0, "slash"), 1)
    assert not t.p(1).alive


def test_a_player_they_attacked_may_take_the_last_hp_the_others_may_not() -> None:
    # 003: "或者被攻击的人攻击他": seat 1 uses 过河拆桥 on seat 3 (an attack, no damage); seat 2,
    # not attacked, still cannot take the last HP; seat 3 can.
    s = Scenario(players=4, roles=ROLES, last_blood=1)
    s.seat(1).hand("dismantlement").hp(1)
    s.seat(2).hand("slash")
    s.seat(3).hand("jink", "duel")
    t = s.start(seat=1, phase="play")
    t.play(t.card(1, "dismantlement"), 3)  # his hand is empty: his play phase ends
    t.until(2, "play")
    t.mark().play(t.card(2, "slash"), 1)
    _nobody_answers(t)
    assert t.hp(1) == 1 and t.events("last_blood") == [("last_blood", 1, 2, 1, 0)]
    t.end_play()
    t.until(3, "play")
    t.mark().play(t.card(3, "duel"), 1)
    _nobody_answers(t)
    assert not t.p(1).alive and t.events("last_blood") == []
    assert ("death", 1, LOYALIST, 3) in t.events("death")


def test_damage_dealt_is_an_attack_too() -> None:
    # 南蛮入侵 names no target: the damage it deals to seat 2 makes seat 2 one he attacked.
    s = Scenario(players=4, roles=ROLES, last_blood=1)
    s.seat(1).hand("savage_assault").hp(1)
    s.seat(3).hand("slash")  # seat 3 answers with a 杀, takes no damage: not attacked
    s.seat(2).hand("slash", "slash")
    t = s.start(seat=1, phase="play")
    t.play(t.card(1, "savage_assault"))
    t.decline(2)  # seat 2 plays no 杀 and is damaged
    t.answer(3, "respond", t.card(3, "slash"))
    t.until(2, "play")
    t.mark().play(t.card(2, "slash", 1), 1)
    _nobody_answers(t)
    assert not t.p(1).alive and t.events("last_blood") == []


def test_losing_hp_is_not_protected() -> None:
    # Losing HP is not damage: 刚烈's black judgement costs the protected player their last HP.
    s = Scenario(players=4, roles=ROLES, last_blood=1)
    s.seat(2).general("xiahoudun")
    s.seat(1).hand("slash").hp(1)
    s.top("savage_assault S7")  # 刚烈's judgement: black
    t = s.start(seat=1, phase="play")
    t.play(t.card(1, "slash"), 2)
    assert not t.p(1).alive and t.events("last_blood") == []


# ---------------------------------------------------------------------------- the drain
def test_the_countdown_starts_when_three_are_left_and_names_the_first_drained_round() -> None:
    # 003: "当游戏只剩三名玩家时，三轮以后": a death in round 1 leaves three; rounds 2-4 are played
    # as usual; round 5 begins with the drain.
    s = Scenario(players=4, roles=ROLES, three_player_drain=True)
    s.seat(0).hand("duel")
    s.seat(3).hp(1)
    t = s.start(seat=0, phase="play").mark()
    t.play(t.card(0, "duel"), 3)
    assert t.events("drain_countdown") == [("drain_countdown", 5)]
    assert _state(t).three_left == 1
    _to_round(t, 4)
    assert t.events("drain") == []
    hp = [t.hp(i) for i in range(3)]
    t.mark()
    _to_round(t, 5)
    assert t.events("drain") == [("drain", 5, (0, 1, 2))]
    assert [t.hp(i) for i in range(3)] == [x - 1 for x in hp]
    assert [e[1:] for e in t.events("lose_hp")] == [(i, 1, hp[i] - 1) for i in range(3)]


def test_the_drain_comes_every_round_before_the_lords_turn() -> None:
    s = Scenario(players=4, roles=ROLES, three_player_drain=True)
    s.seat(3).dead()  # three are left from the start: counted from round 1
    t = s.start(seat=0, phase="play")
    _to_round(t, 5)
    assert [t.hp(i) for i in range(3)] == [3, 3, 3]
    events = t.game.events
    drain = next(i for i, e in enumerate(events) if e[0] == "drain")
    turn = next(i for i, e in enumerate(events) if e[0] == "turn" and e[1][1:] == (5, 0))
    assert drain < turn  # round 5 begins with the drain, then the lord's turn
    _to_round(t, 6)
    assert [t.hp(i) for i in range(3)] == [2, 2, 2]


def test_a_drained_player_is_dying_asked_from_the_lord_and_rewards_nobody() -> None:
    # A death of the drain has no killer: a rebel's death draws nobody 3 cards.
    s = Scenario(players=4, roles=ROLES, three_player_drain=True)
    s.seat(3).dead()
    s.seat(2).hp(1)
    s.seat(0).hand("peach").hp(9, 10)  # never over his hand limit: he keeps the 桃
    t = s.start(seat=0, phase="discard")
    _to_round(t, 5)
    # Round 5 begins: the drain; seat 2 is dying and the lord, asked first, declines his 桃.
    req = t.expect(0, "respond")
    assert req.prompt == ("peach", 2)
    hand = len(t.hand(0))
    t.decline(0)
    assert ("death", 2, REBEL, -1) in t.events("death")
    assert len(t.hand(0)) == hand
    assert t.result == ("lord", "rebels_and_renegades_dead")


def test_the_drain_waits_when_it_would_put_everyone_out_together() -> None:
    # 003: "如一起出局则延续到下轮".
    s = Scenario(players=4, roles=ROLES, three_player_drain=True)
    s.seat(3).dead()
    for i in range(3):
        s.seat(i).hp(1)
    t = s.start(seat=0, phase="discard").mark()
    _to_round(t, 6)
    assert t.events("drain_deferred") == [("drain_deferred", 5), ("drain_deferred", 6)]
    assert t.events("drain") == [] and [t.hp(i) for i in range(3)] == [1, 1, 1]


def test_the_drain_goes_on_with_two_left_and_is_no_damage() -> None:
    # The drain is HP loss: 罗汉 is not asked; with two left it goes on.
    s = Scenario(players=4, roles=ROLES, three_player_drain=True, dark_souls=True)
    s.seat(3).dead()
    s.seat(0).hand("duel").hp(3)
    s.seat(1).hp(1)
    s.seat(2).hp(4)
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "duel"), 1)  # the lord kills his loyalist: two are left
    _ask(t, 1, "soul_host", 0)  # 罗汉 possesses the lord
    seen: list[Request] = []
    _to_round(t, 5, seen)
    assert [t.hp(0), t.hp(2)] == [2, 3]
    assert not [r for r in seen if r.kind == "soul"]  # never asked: no damage happened
    assert t.p(0).has_skill("luohan")


# ---------------------------------------------------------------------------- dark souls
def _kill_loyalist(host: int, **options: Any) -> Table:
    """The rebel (seat 2) kills the loyalist (seat 1) with a 杀; the loyalist's 罗汉 possesses
    ``host``. The rebel still holds a 决斗; the lord holds a 闪 and a 桃."""
    s = Scenario(players=4, roles=ROLES, dark_souls=True, **options)
    s.seat(2).hand("slash", "duel")
    s.seat(1).hp(1)
    s.seat(0).hand("jink", "peach")
    t = s.start(seat=2, phase="play")
    t.play(t.card(2, "slash"), 1)
    _nobody_answers(t)  # the lord keeps his 桃
    req = _ask(t, 1, "soul_host", host)
    assert req.prompt == ("luohan",) and list(req.choices()) == [2, 3, 0]
    return t


def test_a_dead_loyalist_becomes_luohan_and_chooses_whom_to_possess() -> None:
    # 003: "忠臣出局后，变成罗汉暗魂"; the dead player chooses the host among the living.
    t = _kill_loyalist(0)
    assert ("soul", 1, "luohan", 0) in t.events("soul")
    assert t.p(0).has_skill("luohan") and "luohan" in t.game.view(2)["players"][0]["skills"]
    assert [s.canonical() for s in souls_on(t.game, t.p(0))] == [(1, "luohan", 0, -1)]


def test_the_soul_rises_after_the_reward() -> None:
    # The lord kills a rebel: he draws his 3 first, then the rebel's 玄武 rises and draws its own.
    s = Scenario(players=4, roles=ROLES, dark_souls=True)
    s.seat(0).hand("duel")
    s.seat(2).hp(1)
    t = s.start(seat=0, phase="play").mark()
    t.play(t.card(0, "duel"), 2)
    assert t.expect(2, "soul_host").prompt == ("xuanwu",)
    kinds = [e[0] for e in t.events() if e[0] in ("death", "draw")]
    assert kinds == ["death", "draw"] and t.events("draw")[0][1:3] == (0, 3)


def test_no_soul_when_the_death_ends_the_game() -> None:
    s = Scenario(players=4, roles=ROLES, dark_souls=True)
    s.seat(3).dead()
    s.seat(0).hand("duel")
    s.seat(2).hp(1)
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "duel"), 2)
    assert t.result == ("lord", "rebels_and_renegades_dead") and t.events("soul") == []


def test_luohan_blocks_one_damage_and_the_host_must_discard() -> None:
    # 003: "可以为附体玩家抵挡一点伤害，该玩家不能拒绝，且需弃掉一张手牌，同时暗魂消失".
    t = _kill_loyalist(0)
    t.mark().play(t.card(2, "duel"), 0)  # the lord has no 杀: the duel's damage comes
    req = _ask(t, 1, "soul", True)
    assert req.prompt == ("luohan", 0, 1)
    req = _ask(t, 0, "luohan_discard", t.card(0, "jink"))
    assert list(req.choices()) == sorted([t.card(0, "jink"), t.card(0, "peach")])
    assert t.hp(0) == 4 and t.hand(0) == [t.card(0, "peach")]
    assert t.events("luohan_block") == [("luohan_block", 1, 0, 0)]
    assert ("discard", 0, (t.card(0, "jink"),), "luohan") in t.events("discard")
    assert not t.p(0).has_skill("luohan") and souls_on(t.game, t.p(0)) == []


def test_luohan_declined_stays_for_the_next_damage() -> None:
    t = _kill_loyalist(0)
    t.play(t.card(2, "duel"), 0)
    t.answer(1, "soul", False)
    assert t.hp(0) == 3 and t.p(0).has_skill("luohan") and len(souls_on(t.game, t.p(0))) == 1


def test_luohan_blocks_without_a_hand_card_and_takes_one_point_of_three() -> None:
    # With an empty hand the host discards nothing; 闪电's 3 become 2.
    s = Scenario(players=4, roles=ROLES, dark_souls=True)
    s.seat(2).hand("slash")
    s.seat(1).hp(1)
    s.seat(3).judge("lightning")
    s.top("savage_assault S7")  # 闪电 strikes
    t = s.start(seat=2, phase="play")
    t.play(t.card(2, "slash"), 1)
    t.answer(1, "soul_host", 3)
    t.until(1, "soul")  # seat 3's judgement phase
    t.answer(1, "soul", True)
    assert t.hp(3) == 2 and t.events("luohan_block")[-1] == ("luohan_block", 1, 3, 2)
    assert not [e for e in t.events("discard") if e[1] == 3]


def _kill_rebel(host: int, **options: Any) -> Table:
    """The loyalist (seat 1) kills the rebel (seat 2) with a 决斗 and draws 3 jinks; the rebel's
    玄武 possesses ``host`` and draws a 桃. The loyalist still holds a 杀."""
    s = Scenario(players=4, roles=ROLES, dark_souls=True, **options)
    s.seat(1).hand("duel", "slash")
    s.seat(2).hp(1)
    s.seat(0).hand("dismantlement")
    s.top("jink", "jink", "jink", "peach")
    t = s.start(seat=1, phase="play")
    t.play(t.card(1, "duel"), 2)
    _ask(t, 2, "soul_host", host)
    return t


def test_xuanwu_draws_a_card_that_only_its_dead_player_sees() -> None:
    # 003: "玄武暗魂附体是从牌堆上摸一张牌".
    t = _kill_rebel(3)
    peach = t.card(-1, "peach")
    assert t.hand(2) == [peach] and souls_on(t.game, t.p(3))[0].card == peach
    assert t.game.view(2)["players"][2]["hand"] == [peach]
    assert t.game.view(3)["players"][2]["hand"] is None
    assert t.events("soul_card") == [("soul_card", 2, (peach,))]


def test_xuanwu_exchanges_at_a_phase_start_for_a_random_hand_card() -> None:
    # "可在任何时候将这张牌与被附体玩家手上的暗魂指定的一张牌进行交换，同时暗魂消失": at the start of a phase
    # (the loyalist's discard phase here); the soul names a card unseen: taken at random.
    s = Scenario(players=4, roles=ROLES, dark_souls=True)
    s.seat(1).hand("duel")
    s.seat(2).hp(1)
    s.seat(3).hand("slash", "dismantlement")
    s.top("jink", "jink", "jink", "peach")
    t = s.start(seat=1, phase="play")
    t.play(t.card(1, "duel"), 2)
    t.answer(2, "soul_host", 3)  # the loyalist holds only 闪 now: his play phase ends
    req = _ask(t, 2, "soul", True)
    assert req.prompt == ("xuanwu", 3, "discard")
    peach = t.card(-1, "peach")
    taken = [c for c in (t.card(3, "slash"), t.card(3, "dismantlement")) if c not in t.hand(3)]
    assert len(taken) == 1 and peach in t.hand(3)  # (and the two it drew in its turn since)
    assert t.hand(2) == [] and taken[0] in t.game.discard_pile
    assert t.events("xuanwu_swap")[-1] == ("xuanwu_swap", 2, 3, (peach, taken[0]))
    assert not t.p(3).has_skill("xuanwu") and souls_on(t.game, t.p(3)) == []
    assert_conserved(t.game)


def test_xuanwu_is_asked_as_the_host_starts_dying_and_its_peach_can_save() -> None:
    # "任何时候": as the host starts dying, before anyone is asked for 桃.
    t = _kill_rebel(0)
    t.game.players[0].hp = 1
    t.play(t.card(1, "slash"), 0)  # the lord has no 闪
    req = _ask(t, 2, "soul", True)
    assert req.prompt == ("xuanwu", 0, "dying")
    peach = t.card(-1, "peach")
    t.answer(0, "respond", peach)
    assert t.hp(0) == 1 and t.p(0).alive


def test_xuanwu_is_not_asked_while_the_host_has_no_hand_card() -> None:
    t = _kill_rebel(3)  # seat 3 holds nothing until the draw of its turn
    t.end_play()
    seen: list[Request] = []
    req = t.pending
    while req is not None and not (t.game.current == 3 and req.kind == "soul"):
        seen.append(req)
        t.game.submit(req.choice_at(0))
        req = t.pending
    assert not [r for r in seen if r.kind == "soul"]
    assert req is not None and req.prompt == ("xuanwu", 3, "play") and t.hand(3)


def test_zhuyou_orders_the_host_to_discard_the_hand_and_draw_as_many() -> None:
    # 003: "可以在出牌阶段命令被附体玩家弃掉手上所有牌，然后从牌堆抽取与弃掉手牌数量相同数量的牌".
    s = Scenario(players=4, roles=ROLES, dark_souls=True)
    s.seat(2).hand("duel")
    s.seat(3).hp(1)
    t = s.start(seat=2, phase="play")
    t.play(t.card(2, "duel"), 3)
    assert t.expect(3, "soul_host").prompt == ("zhuyou",)
    t.answer(3, "soul_host", 0)
    t.until(3, "soul")  # the lord's next play phase begins
    assert t.game.current == 0 and t.game.phase == "play"
    old = t.hand(0)
    req = _ask(t, 3, "soul", True)
    assert req.prompt == ("zhuyou", 0, len(old))
    assert len(t.hand(0)) == len(old) and not set(old) & set(t.hand(0))
    assert t.events("zhuyou_purge")[-1] == ("zhuyou_purge", 3, 0, len(old))
    assert ("discard", 0, tuple(old), "zhuyou") in t.events("discard")
    assert not t.p(0).has_skill("zhuyou")


def test_a_soul_whose_host_dies_is_gone_unused_and_its_card_discarded() -> None:
    # The rebel's 玄武 possesses the renegade; the renegade dies: the soul is gone, its card
    # discarded, and then the renegade's own 祝由 rises.
    s = Scenario(players=5, roles=[LORD, LOYALIST, REBEL, RENEGADE, REBEL], dark_souls=True)
    s.seat(1).hand("duel", "slash")
    s.seat(2).hp(1)
    s.seat(3).hp(1)
    s.top("jink", "jink", "jink", "peach")
    t = s.start(seat=1, phase="play")
    t.play(t.card(1, "duel"), 2)
    t.answer(2, "soul_host", 3)
    peach = t.card(-1, "peach")
    t.mark().play(t.card(1, "slash"), 3)  # seat 2 is dead: seat 3 is in reach
    assert not t.p(3).alive
    assert t.events("soul_gone") == [("soul_gone", 2, "xuanwu", 3)]
    assert ("discard", 2, (peach,), "xuanwu") in t.events("discard")
    assert t.hand(2) == [] and _state(t).souls == []
    assert t.expect(3, "soul_host").prompt == ("zhuyou",)
    assert_conserved(t.game)


def test_several_souls_may_possess_one_player_each_asked_in_the_order_they_rose() -> None:
    # The lord kills both rebels; both 玄武 possess the loyalist, who holds a 闪.
    s = Scenario(players=5, roles=[LORD, LOYALIST, REBEL, RENEGADE, REBEL], dark_souls=True)
    s.seat(0).hand("duel", "duel")
    s.seat(1).hand("jink")
    s.seat(2).hp(1)
    s.seat(4).hp(1)
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "duel", 0), 2)
    t.answer(2, "soul_host", 1)
    t.play(t.card(0, "duel", 1), 4)
    t.answer(4, "soul_host", 1)
    assert [x.seat for x in souls_on(t.game, t.p(1))] == [2, 4]
    assert [x.id for x in t.p(1).skills].count("xuanwu") == 1  # one skill for both
    t.end_play()
    asked = [_ask(t, 2, "soul", False).prompt, _ask(t, 4, "soul", True).prompt]
    assert asked == [("xuanwu", 1, "discard"), ("xuanwu", 1, "discard")]
    assert [x.seat for x in souls_on(t.game, t.p(1))] == [2] and t.p(1).has_skill("xuanwu")


# ---------------------------------------------------------------------------- telling
def test_the_detailed_rules_are_told_in_english_and_chinese() -> None:
    t = _kill_loyalist(0, last_blood=3)
    t.play(t.card(2, "duel"), 0)
    t.answer(1, "soul", True)
    t.answer(0, "luohan_discard", t.card(0, "jink"))
    en, zh = _lines(t, "en"), _lines(t, "zh")
    assert "P3 went out first last game: last-blood protection" in en
    assert "P1 is out: P3's last-blood protection ends" in en
    assert "P1 becomes the Arhat soul and possesses P0" in en
    assert "P1's Arhat soul blocks 1 damage to P0 and is gone" in en
    assert f"P0 discards {card_label(t.card(0, 'jink'), 'en')} (Arhat)" in en
    assert "3号位上局第一个出局：最后一滴血受规则保护" in zh
    assert "1号位变成【罗汉】暗魂，附体于0号位" in zh
    assert "1号位的【罗汉】暗魂为0号位抵挡一点伤害，暗魂消失" in zh


def test_xuanwu_and_zhuyou_are_told_to_each_viewer_as_they_may_see() -> None:
    s = Scenario(players=4, roles=ROLES, dark_souls=True)
    s.seat(1).hand("duel")
    s.seat(2).hp(1)
    s.seat(3).hand("slash")
    s.top("jink", "jink", "jink", "peach H3")
    t = s.start(seat=1, phase="play")
    t.play(t.card(1, "duel"), 2)
    t.answer(2, "soul_host", 3)
    t.answer(2, "soul", True)
    public = [x.strip() for x in render_events(SPEC, t.game.events, lang="en", seat=0)]
    own = [x.strip() for x in render_events(SPEC, t.game.events, lang="en", seat=2)]
    assert "P2's Black Tortoise soul draws a card" in public
    assert "P2's Black Tortoise soul draws Peach ♥3" in own
    assert ("P2's Black Tortoise soul exchanges its card with a hand card of P3 and is gone"
            in public)
    slash = t.card(3, "slash")
    assert (f"P2's Black Tortoise soul gives P3 Peach ♥3 for {card_label(slash, 'en')} and is "
            "gone") in own
    assert f"{card_label(slash, 'en')} goes to the discard pile (Black Tortoise)" in public
    zh = [x.strip() for x in render_events(SPEC, t.game.events, lang="zh", seat=3)]
    assert f"2号位的【玄武】暗魂以桃♥3交换3号位的{card_label(slash, 'zh')}，暗魂消失" in zh


def test_the_questions_are_said_in_words() -> None:
    teller = SPEC.teller(seat=None, lang="en")
    assert teller.ask("soul_host", 1, ("luohan",)) == (
        "P1 becomes the Arhat soul: which living player does it possess?")
    assert teller.ask("soul", 1, ("luohan", 0, 2)) == (
        "P1 may have the Arhat soul block 1 of the 2 damage to P0")
    assert teller.ask("soul", 2, ("xuanwu", 0, "dying")) == (
        "P2 may exchange the Black Tortoise soul's card with a hand card of P0 (P0 is dying)")
    assert teller.ask("soul", 2, ("xuanwu", 0, "draw")) == (
        "P2 may exchange the Black Tortoise soul's card with a hand card of P0 (draw phase)")
    assert teller.ask("soul", 3, ("zhuyou", 0, 4)) == (
        "P3 may have the Zhuyou soul order P0 to discard the 4 hand cards and draw as many")
    assert teller.ask("luohan_discard", 0, (1,)) == (
        "P0 must discard a hand card: P1's Arhat soul blocked damage")
    zh = SPEC.teller(seat=None, lang="zh")
    assert zh.ask("soul_host", 1, ("xuanwu",)) == "1号位变成【玄武】暗魂：附体于哪名存活的玩家？"
    assert teller.describe("soul_host", 2) == "P2" and zh.describe("soul", True) == "是"


def test_the_drain_is_told() -> None:
    s = Scenario(players=4, roles=ROLES, three_player_drain=True)
    s.seat(3).dead()
    s.seat(2).hp(1)
    s.seat(1).hp(1)
    t = s.start(seat=0, phase="discard")
    _to_round(t, 5)
    en, zh = _lines(t, "en"), _lines(t, "zh")
    assert ("3 players are left: from round 5 on, everyone loses 1 HP as each round begins (the "
            "three-player drain)") in en
    assert "round 5 begins: P0, P1, P2 lose 1 HP each (the three-player drain)" in en
    assert "只剩三名玩家：从第5轮起，每轮开始时所有人各减一点体力（三人减体力）" in zh
    assert "第5轮开始：0号位、1号位、2号位各减一点体力（三人减体力）" in zh


def test_the_drain_is_told_at_the_start_of_its_round_and_counts_the_players_left() -> None:
    # docs/rules.md "Detailed rules and dark souls" (the drain): from round R + 4 for the death in
    # round R that leaves three players, the drain comes at the start of every round, before the lord's turn, and it
    # goes on when only two players are left.
    # The account tells it under the round's heading, not under the last phase of the turn
    # before, and never says three players are left when two are.
    s = Scenario(players=4, roles=ROLES, three_player_drain=True)
    s.seat(0).hand("duel", "duel").hp(4)
    s.seat(3).hp(1)
    s.seat(1).hp(1)
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "duel", 0), 3)
    t.play(t.card(0, "duel", 1), 1)  # two deaths: the lord and the rebel are left
    assert t.result is None
    _to_round(t, 5)
    for lang, left, heading, drain in (
            ("en", "3 players are left: from round 5 on", "== Round 5 ==",
             "round 5 begins: P0, P2 lose 1 HP each (the three-player drain)"),
            ("zh", "只剩三名玩家：从第5轮起", "== 第5轮 ==", "第5轮开始：0号位、2号位各减一点体力（三人减体力）")):
        lines = [x.strip() for x in render_events(SPEC, t.game.events, lang=lang)]
        countdown = next(i for i, x in enumerate(lines) if x.startswith(left))  # the first death
        assert lines[countdown - 1].startswith(("P3 dies", "3号位"))
        i = lines.index(drain)
        assert lines[i - 1] == heading and lines.count(heading) == 1
        assert lines[i + 3].startswith(("-- Turn", "-- 第"))  # two lose_hp, then the lord's turn
        assert not any(("three players" in x or "三名玩家" in x) for x in lines[countdown + 1:])


# ---------------------------------------------------------------------------- random games
FEW = settings(max_examples=14, deadline=None, suppress_health_check=[HealthCheck.too_slow])
configs = st.builds(
    lambda n, gens, rounds, lb, drain, souls: Config(
        players=n, generals=gens, max_rounds=rounds, last_blood=lb % n if lb >= 0 else None,
        three_player_drain=drain, dark_souls=souls),
    st.integers(4, 10), st.sampled_from([None, "random", "draft"]), st.integers(3, 40),
    st.integers(-1, 9), st.booleans(), st.booleans(),
)


def _below_one_allowed(g: Game, seat: int) -> bool:
    """A living seat below 1 HP is dying now (its last ``dying`` is newer than its last HP
    change), or waits its turn to be dying after the drain took 1 HP from everyone at once (its
    last HP change is one of the ``lose_hp`` right after the last ``drain``)."""
    hit = dying = drain = -1
    drained = 0
    for i, (kind, args, _m, _h) in enumerate(g.events):
        if (kind == "damage" and args[1] == seat) or (kind == "lose_hp" and args[0] == seat):
            hit = i
        elif kind == "dying" and args[0] == seat:
            dying = i
        elif kind == "drain":
            drain, drained = i, len(args[1])
    return dying > hit or 0 <= drain < hit <= drain + drained


def _check(g: Game) -> None:
    assert_conserved(g)
    kept = state(g)
    if kept is None:  # off, or installed once the draft is over
        assert not enabled(g.config) or g.turn_no == 0
        return
    for p in g.players:
        assert p.hp <= p.max_hp
        if p.alive and p.hp < 1:
            assert _below_one_allowed(g, p.seat), (p.seat, p.hp)
        if not p.alive:  # a dead player holds 玄武's card at most
            own = [s.card for s in kept.souls if s.seat == p.seat and s.card >= 0]
            assert p.hand == own and max(p.equip) < 0 and p.judge == []
    for soul in kept.souls if not g.over else ():  # a death that ends the game ends it
        host = g.players[soul.host]
        assert host.alive and host.has_skill(soul.kind) and not g.players[soul.seat].alive
        assert {LOYALIST: "luohan", REBEL: "xuanwu", RENEGADE: "zhuyou"}[
            g.players[soul.seat].role] == soul.kind


@FEW
@given(configs, st.integers(0, 2**64 - 1))
def test_random_games_end_conserve_cards_and_keep_hp_and_souls_in_bounds(
        cfg: Config, seed: int) -> None:
    g = Game(cfg, seed)
    agents = [RandomAgent(seed, i) for i in range(cfg.players)]
    while not g.over:
        req = g.pending
        assert req is not None
        c = agents[req.seat].choose(req)
        if req.kind in ("soul", "soul_host", "luohan_discard"):
            _valid(g)
        g.submit(c)
        _check(g)
    assert g.error is None and g.result is not None and g.round <= cfg.max_rounds


def test_detailed_games_record_validate_and_resimulate(tmp_path: Any) -> None:
    told: dict[str, int] = {}
    for seed in range(10):
        n = 4 + seed % 7
        cfg = Config(players=n, generals=("draft", "random", None)[seed % 3], dark_souls=True,
                     three_player_drain=True, last_blood=None if seed % 2 else seed % n)
        path = tmp_path / f"g{seed}.mp"
        result = record_game(cfg, seed, path, agents=["heuristic" if seed % 4 == 0 else "random"])
        assert result.error is None
        check = validate_file(path)
        assert check.valid, check.error
        replay = read_replay(path)
        assert replay.header.config["dark_souls"] is True
        assert resimulate(replay).summary() == replay.summary
        for e in replay.events or ():
            told[e[0]] = told.get(e[0], 0) + 1
    for kind in ("soul", "soul_card", "xuanwu_swap", "luohan_block", "zhuyou_purge",
                 "drain_countdown", "drain", "last_blood_on", "last_blood_ends"):
        assert told.get(kind, 0) > 0, kind


def test_the_state_hash_covers_the_souls() -> None:
    a, b = _kill_rebel(3), _kill_rebel(0)  # the same table, the soul on another host
    kept_a, kept_b = state(a.game), state(b.game)
    assert kept_a is not None and kept_b is not None
    assert kept_a.canonical() != kept_b.canonical()
    assert a.game.state_hash() != b.game.state_hash()
