"""The readable account (sgscore.replay.render) straight from a game's events."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

import pytest

from sgscore import Config, Game
from sgscore.agents import RandomAgent, play
from sgscore.replay.render import json_events, render_account, render_events
from sgscore.sanguosha import SPEC
from sgscore.sanguosha.telling import card_label


@pytest.fixture(scope="module")
def game() -> Game:
    g = Game(Config(players=5, generals=None), 1)
    return play(g, [RandomAgent(1, s) for s in range(5)])


def _other_draw(g: Game, seat: int) -> tuple[int, int, tuple[int, ...]]:
    """The first draw by a seat other than ``seat``: (drawer, n, cards)."""
    for kind, args, _mask, hidden in g.events:
        if kind == "draw" and args[0] != seat:
            assert hidden is not None
            return args[0], args[1], hidden
    raise AssertionError("no draw by another seat")


def test_english_account_has_headers_deaths_and_result(game: Game) -> None:
    text = "\n".join(render_account(SPEC, game.events, game.summary()))
    assert text.startswith("Setup: 5 players")
    assert "== Round 1 ==" in text and "-- Turn 1: P0 --" in text
    assert "  draw phase" in text and "  play phase" in text
    assert re.search(r"P\d dies: \w+", text)
    assert "Game over: " in text
    assert text.splitlines()[-6].startswith("Result: ")
    assert f"after {game.turn_no} turns" in text


def test_chinese_account_uses_chinese_names(game: Game) -> None:
    text = "\n".join(render_account(SPEC, game.events, game.summary(), lang="zh"))
    assert "游戏开始：5名玩家" in text
    assert "== 第1轮 ==" in text and "-- 第1回合：0号位 --" in text
    assert "摸牌阶段" in text and "出牌阶段" in text
    assert "阵亡" in text and "结果：" in text
    assert "主公" in text
    assert " slash " not in text


def test_omniscient_account_names_every_drawn_card(game: Game) -> None:
    drawer, n, cards = _other_draw(game, 0)
    text = "\n".join(render_events(SPEC, game.events))
    assert f"P{drawer} draws {n}: " + ", ".join(card_label(c, "en") for c in cards) in text


def test_a_seat_sees_only_the_count_of_another_seats_draw(game: Game) -> None:
    drawer, n, cards = _other_draw(game, 0)
    text = "\n".join(render_events(SPEC, game.events, seat=0))
    assert f"P{drawer} draws {n} cards" in text
    assert card_label(cards[0], "en") + ", " + card_label(cards[1], "en") not in text
    own = "\n".join(render_events(SPEC, game.events, seat=drawer))
    assert f"P{drawer} draws {n}: " in own


def test_json_events_are_redacted_like_the_seat_view(game: Game) -> None:
    events = list(json_events(game.events, 2))
    view = game.view(2)["events"]
    assert events == [list(_lists(e)) for e in view]
    drawer, n, _ = _other_draw(game, 2)
    first = next(e for e in events if e[0] == "draw" and e[1] == drawer)
    assert first == ["draw", drawer, n]


def _lists(x: object) -> Any:
    if isinstance(x, tuple | list):
        return [_lists(v) for v in x]
    return x


def test_unknown_and_malformed_kinds_render_generically() -> None:
    events = [
        ("setup", (4, ("", "", "", "")), -1, None),
        ("turn", (1, 1, 0), -1, None),
        ("skill", (0, "brand_new_skill", (3,), (1,), "extra"), -1, None),
        ("mystery", (1, "x"), 1 << 1, (5,)),
        ("damage", (0,), -1, None),
    ]
    lines = list(render_events(SPEC, events))
    assert any("P0 invokes brand_new_skill with" in x and "extra" in x for x in lines)
    assert any("mystery: 1 'x' | [5]" in x for x in lines)
    assert any(x.strip() == "damage: 0" for x in lines)
    hidden = list(render_events(SPEC, events, seat=0))
    assert any(x.strip() == "mystery: 1 'x'" for x in hidden)


def test_an_unfinished_game_keeps_unknown_roles_hidden() -> None:
    summary = {"winner": None, "reason": "", "roles": ["lord", "rebel", "loyalist", "renegade"]}
    seat1 = SPEC.teller(seat=1, lang="en")
    seat1.roles = {0: "lord", 1: "rebel"}  # what seat 1 has seen
    assert seat1.redact_summary(summary)["roles"] == ["lord", "rebel", None, None]
    assert SPEC.teller(seat=None, lang="en").redact_summary(summary)["roles"] == summary["roles"]
    over = dict(summary, winner="rebel", reason="lord_died")
    assert SPEC.teller(seat=1, lang="en").redact_summary(over)["roles"] == summary["roles"]


def _roles_seen(game: Game, seat: int | None) -> dict[int, str]:
    teller = SPEC.teller(seat=seat, lang="en")
    for _ in render_events(SPEC, game.events, teller=teller):
        pass
    return teller.roles


def test_known_roles_are_the_lords_ones_own_and_the_deads(game: Game) -> None:
    roles = [p.role for p in game.players]
    dead = {p.seat for p in game.players if not p.alive}
    assert _roles_seen(game, 2) == {s: roles[s] for s in {0, 2} | dead}
    assert _roles_seen(game, None) == dict(enumerate(roles))


def _lines(events: Sequence[Sequence[Any]], seat: int | None = None,
           lang: str = "en") -> list[str]:
    setup = [("setup", (4, ("liubei", "simayi", "", "zhugeliang")), -1, None),
             ("turn", (1, 1, 0), -1, None)]
    lines = [x.strip() for x in render_events(SPEC, [*setup, *events], seat=seat, lang=lang)]
    return lines[7:]  # after the setup (1 + 4 seats), round and turn lines


def test_counts_of_cards_read_as_english() -> None:
    events = [
        ("draw", (1, 1), 1 << 1, (5,)),
        ("draw", (2, 3), 1 << 2, (6, 7, 8)),
        ("gain", (3, 1, 1), (1 << 3) | (1 << 1), (9,)),
        ("guanxing_look", (3, 3), 1 << 3, (10, 11, 12)),
        ("guanxing", (3, 1, 2), 1 << 3, ((10,), (11, 12))),
    ]
    assert _lines(events, seat=0) == [
        "P1 Sima Yi draws 1 card",
        "P2 draws 3 cards",
        "P3 Zhuge Liang takes 1 card from P1 Sima Yi",
        "P3 Zhuge Liang looks at the top 3 cards of the draw pile",
        "P3 Zhuge Liang puts 1 card back on top of the draw pile and 2 cards at the bottom",
    ]
    zh = _lines(events, seat=0, lang="zh")
    assert zh[0] == "1号位司马懿摸了1张牌"
    assert zh[-1] == "3号位诸葛亮将1张牌置于牌堆顶，2张牌置于牌堆底"


def test_nullification_and_peach_are_used_and_the_outcome_is_told_once() -> None:
    nul, peach = card_label(_card("nullification"), "en"), card_label(_card("peach"), "en")
    events = [
        ("use", (0, "dismantlement", (_card("dismantlement"),), (1,), ""), -1, None),
        ("play", (1, "nullification", (_card("nullification"),), ""), -1, None),
        ("nullified", (1, "dismantlement", 1, True), -1, None),
        ("play", (0, "nullification", (_card("nullification", 1),), ""), -1, None),
        ("nullified", (0, "dismantlement", 1, False), -1, None),
        ("play", (2, "peach", (_card("peach"),), ""), -1, None),
        ("play", (3, "jink", (_card("jink"),), ""), -1, None),
    ]
    lines = _lines(events)
    assert lines[1] == f"P1 Sima Yi uses {nul}"
    assert lines[2] == "Dismantle on P1 Sima Yi is nullified"
    assert lines[4] == ("the Nullification is countered: Dismantle on P1 Sima Yi takes "
                        "effect again")
    # the window closes when something else happens
    assert lines[5] == "nobody plays another Nullification: Dismantle on P1 Sima Yi takes effect"
    assert lines[6] == f"P2 uses {peach}"
    assert lines[7].startswith("P3 Zhuge Liang plays Dodge ")
    zh = _lines(events, lang="zh")
    assert zh[1].startswith("1号位司马懿使用了无懈可击")
    assert zh[2] == "对1号位司马懿的【过河拆桥】被抵消"
    assert zh[4] == "无懈可击被抵消，对1号位司马懿的【过河拆桥】重新生效"
    assert zh[5] == "无人再使用【无懈可击】，对1号位司马懿的【过河拆桥】生效"
    assert zh[6].startswith("2号位使用了桃") and zh[7].startswith("3号位诸葛亮打出了闪")


def test_chinese_damage_names_the_card_beside_the_hp() -> None:
    events = [("damage", (0, 1, 1, 2, "slash"), -1, None),
              ("damage", (-1, 3, 3, 0, "lightning"), -1, None),
              ("damage", (0, 2, 1, 3, ""), -1, None)]
    assert _lines(events, lang="zh") == [
        "0号位刘备对1号位司马懿造成1点伤害（【杀】，体力2）",
        "3号位诸葛亮受到3点伤害（【闪电】，体力0）",
        "0号位刘备对2号位造成1点伤害（体力3）",
    ]
    assert _lines(events)[0] == "P0 Liu Bei deals 1 damage to P1 Sima Yi with Slash (HP 2)"


def test_the_lords_role_is_told_once(game: Game) -> None:
    text = list(render_events(SPEC, game.events))
    assert sum(" is the lord" in x for x in text) == 1
    assert not any("is dealt the role: lord" in x for x in text)
    assert sum("is dealt the role: " in x for x in text) == 4
    own = list(render_events(SPEC, game.events, seat=2))
    assert sum("is dealt the role: " in x for x in own) == 1


def _card(name: str, nth: int = 0) -> int:
    from sgscore.sanguosha.cards import NAME

    return [i for i, n in enumerate(NAME) if n == name][nth]
