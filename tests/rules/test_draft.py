"""The selection of generals (docs/rules.md "The selection of generals"; 003 "挑选武将"), as recorded
decisions.

003 deals from the first edition's 25 generals: the tests of its numbers draft from that pool,
the frozen pool ``standard``, so that a general added later changes none of them."""

from __future__ import annotations

import io

import pytest

from sgscore.agents import RandomAgent, play
from sgscore.core.protocol import PickRequest
from sgscore.replay import read_replay, record_game, validate_file
from sgscore.sanguosha import Config, Game
from sgscore.sanguosha.config import POOLS, ConfigError
from sgscore.sanguosha.draft import lord_candidates
from sgscore.sanguosha.model import LORD


def _pending_pick(g: Game) -> PickRequest:
    req = g.pending
    assert isinstance(req, PickRequest) and req.kind == "draft"
    return req


def test_the_lord_chooses_from_caocao_liubei_sunquan_and_two_others() -> None:
    # 003: "首先分给获得主公身份的玩家“曹操”、“刘备”、“孙权”，和另外随机抽取的2张武将牌，一共5张武将牌。"
    others_seen: set[str] = set()
    for seed in range(30):
        g = Game(Config(players=5, generals="draft", pool="standard"), seed)
        req = _pending_pick(g)
        lord = next(p for p in g.players if p.role == LORD)
        assert req.seat == lord.seat and len(req.options) == 5
        assert tuple(req.options[:3]) == ("caocao", "liubei", "sunquan")
        assert len(set(req.options)) == 5
        # 003: "甘宁不能当主公" — never offered to the lord
        assert "ganning" not in req.options
        others_seen.update(req.options[3:])
    assert len(others_seen) > 10  # the two others are drawn at random
    # the three are declared by their modules, no list of the rules' names them
    assert lord_candidates(list(POOLS["standard"])) == ["caocao", "liubei", "sunquan"]


def test_the_lords_pick_is_public_the_others_offers_are_private() -> None:
    # 003: "由主公玩家挑选一个武将扮演，并将选好的武将牌展示给其他玩家。…接着每人从3张牌里挑选一张扣在自己面前，
    # 待所有玩家都挑选好后同时亮出。"
    g = Game(Config(players=5, generals="draft", pool="standard"), 7)
    g.submit("liubei")
    assert ("draft_pick", 0, "liubei") in g.view(3)["events"]
    offer = _pending_pick(g)
    assert offer.seat == 1 and len(offer.options) == 3 and "liubei" not in offer.options
    for seat in (2, 3, None):
        seen = g.view(seat)["events"]
        assert ("draft_offer", 1, 3) in seen  # that seat 1 was offered three, not which
        assert not any(e[0] == "draft_offer" and e[1] == 1 and len(e) > 3 for e in seen)
    assert ("draft_offer", 1, 3, tuple(offer.options)) in g.view(1)["events"]
    g.submit(offer.options[0])
    # seat 1's pick is not shown until everyone has picked
    assert all(p["general"] == "" for p in g.view(2)["players"][1:])
    while g.pending is not None and g.pending.kind == "draft":
        g.submit(_pending_pick(g).options[0])
    setup = [e for e in g.view(None)["events"] if e[0] == "setup"]
    assert len(setup) == 1 and setup[0][2][0] == "liubei" and "" not in setup[0][2]


def test_others_are_dealt_three_from_the_rest_two_at_ten_players() -> None:
    # 003: "将剩余的24张武将牌洗混，随机发给其余每位玩家各3张（10人游戏时每人发2张）"
    for players, k in ((4, 3), (9, 3), (10, 2)):
        g = Game(Config(players=players, generals="draft", pool="standard"), players)
        pick = _pending_pick(g).options[1]
        g.submit(pick)
        offered: list[str] = []
        for _ in range(players - 1):
            req = _pending_pick(g)
            assert len(req.options) == k
            offered += req.options
            g.submit(req.options[-1])
        assert len(set(offered)) == len(offered) and pick not in offered
        assert set(offered) <= set(POOLS["standard"])


def test_no_game_deals_one_general_twice() -> None:
    # The issue: "With 25 generals no game deals one general twice." Dealt from every registered
    # general (the default pool), whichever they are.
    for players in range(4, 11):
        for generals in ("draft", "random"):
            for seed in range(6):
                g = Game(Config(players=players, generals=generals), seed)
                play(g, [RandomAgent(seed, s) for s in range(players)])
                names = [p.general for p in g.players]
                assert len(set(names)) == players, (players, generals, seed, names)


def test_a_draft_is_recorded_and_replays() -> None:
    buf = io.BytesIO()
    result = record_game(Config(players=6, generals="draft", pool="standard"), 12, buf)
    assert result.error is None
    data = buf.getvalue()
    replay = read_replay(data)
    assert replay.header.config["generals"] == "draft"
    assert replay.header.config["pool"] == "standard"  # a named frozen pool, not 25 ids
    assert validate_file(data).valid
    picks = [c for _, c in replay.decisions[:6]]  # the six picks come first
    assert all(isinstance(c, str) for c in picks)


def test_a_draft_needs_enough_generals() -> None:
    with pytest.raises(ConfigError, match="needs 13 generals"):
        Config(players=5, generals="draft", pool=("caocao", "liubei", "sunquan", "lvbu"))
    with pytest.raises(ConfigError, match="no pool named"):
        Config(players=5, generals="draft", pool="everything")
    Config(players=10, generals="draft", pool="standard")  # 1 + 9 x 2 = 19 of 25
