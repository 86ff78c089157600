"""Per-seat views (docs/views.md "Identity mode: a seat's view"): a seat sees only what it may."""

from __future__ import annotations

from sgscore import Config, new_game
from sgscore.agents import RandomAgent
from sgscore.core.engine import EngineError
from sgscore.dice.testing import DiceScenario
from sgscore.sanguosha.model import LORD, LOYALIST, REBEL, RENEGADE
from sgscore.testing import Scenario


def test_only_the_asked_seat_learns_who_is_asked_and_for_what() -> None:
    # A seat without a 闪 is never asked for one (forced decisions are taken by the engine), so
    # showing "seat 1 is asked for a 闪" to the table would reveal that seat 1 holds one.
    s = Scenario(players=4)
    s.seat(0).hand("slash")
    s.seat(1).hand("jink")
    t = s.start(seat=0, phase="play")
    t.play(t.card(0, "slash"), 1)
    assert t.pending is not None and t.pending.seat == 1
    assert t.game.view(1)["pending"]["kind"] == "respond"
    assert t.game.view(1)["pending"]["choices"] == [None, t.card(1, "jink")]
    for other in (0, 2, 3, None):
        assert t.game.view(other)["pending"] == {"waiting": True}


def test_a_view_never_holds_other_hands_the_seed_or_the_draw_order() -> None:
    g = new_game(Config(players=5, generals="random", pool="standard"), 11)
    agents = [RandomAgent(11, s) for s in range(5)]
    for _ in range(60):
        if g.over:
            break
        req = g.pending
        assert req is not None
        g.submit(agents[req.seat].choose(req))
    for seat in range(5):
        v = g.view(seat)
        assert "seed" not in v and "rng" not in v
        assert isinstance(v["draw_pile"], int)  # a count, not the cards
        for p in v["players"]:
            if p["seat"] != seat:
                assert p["hand"] is None
                if p["alive"] and p["role"] is not None:  # every role is shown at the end
                    assert p["role"] == "lord" or g.over
        for e in v["events"]:
            if e[0] == "draw" and e[1] != seat:
                assert len(e) == 3  # (kind, seat, count): no card ids


def test_a_view_since_an_event_holds_only_the_later_events() -> None:
    # docs/api.md, "Views and events": view(seat, since=n) is view(seat) with events[n:].
    g = new_game(Config(players=5, generals="random", pool="standard"), 12)
    agents = [RandomAgent(12, s) for s in range(5)]
    for _ in range(40):
        req = g.pending
        assert req is not None
        g.submit(agents[req.seat].choose(req))
    for seat in (0, 3, None):
        whole = g.view(seat)
        for n in (0, 5, len(g.events) - 1, len(g.events)):
            part = g.view(seat, since=n)
            assert part["events"] == whole["events"][n:]
            assert (part["events_from"], part["rewound"]) == (n, False)
            table = ("events", "events_from")
            assert {k: v for k, v in part.items() if k not in table} == {
                k: v for k, v in whole.items() if k not in table}


def test_every_role_is_shown_to_every_seat_once_the_game_is_over() -> None:
    # When a game ends, a real table turns up every role card to see who won (docs/views.md, the
    # `role` row: a view does the same once the game has a result). The lord dies with the
    # loyalist, the renegade and a rebel alive: before the end their roles are hidden from each
    # other, after it every seat's view and the spectator's show them all.
    s = Scenario(players=5, roles=[REBEL, LORD, LOYALIST, RENEGADE, REBEL])
    s.seat(0).hand("savage_assault")
    s.seat(1).hp(1)
    t = s.start(seat=0, phase="play")
    assert t.game.view(2)["players"][3]["role"] is None
    t.play(t.card(0, "savage_assault"))
    assert t.result == (REBEL, "lord_died") and t.p(3).alive and t.p(4).alive
    roles = [REBEL, LORD, LOYALIST, RENEGADE, REBEL]
    for seat in (None, 0, 1, 2, 3, 4):
        assert [p["role"] for p in t.game.view(seat)["players"]] == roles
        assert [p["hand"] is not None for p in t.game.view(seat)["players"]] == [
            i == seat for i in range(5)]  # the hands stay hidden


def test_an_engine_error_turns_up_no_role() -> None:
    # A game stopped by an engine error has no result: it is not over as a game, so the hidden
    # roles stay hidden (docs/views.md; the account's result does the same).
    s = Scenario(players=5, roles=[REBEL, LORD, LOYALIST, RENEGADE, REBEL])
    t = s.start(seat=0, phase="play")
    g = t.game
    g.error = EngineError("test", "a stop that is not a result")
    assert g.over and g.result is None
    assert g.view(2)["players"][3]["role"] is None


def test_the_dice_game_turns_up_every_role_at_the_end() -> None:
    # The same for 三国掷 (docs/views.md, the dice game's view).
    s = DiceScenario(players=5)
    s.seat(0).hp(1)
    s.dice("slash1", "dynamite", "dynamite", "beer", "gatling")
    t = s.start(seat=1)
    hidden = t.game.view(1)["players"]
    assert [p["role"] is None for p in hidden] == [False, False, True, True, True]
    t.keep().shoot(0)
    assert t.winner == "rebel"
    for seat in (None, 1, 2):
        assert all(p["role"] for p in t.game.view(seat)["players"])
