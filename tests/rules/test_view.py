"""Per-seat views (DESIGN "The game protocol"): a seat sees only what it may."""

from __future__ import annotations

from sgscore import Config, new_game
from sgscore.agents import RandomAgent
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
    g = new_game(Config(players=5, generals="random"), 11)
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
                if p["alive"] and p["role"] is not None:
                    assert p["role"] == "lord" or p["seat"] == seat
        for e in v["events"]:
            if e[0] == "draw" and e[1] != seat:
                assert len(e) == 3  # (kind, seat, count): no card ids


def test_a_view_since_an_event_holds_only_the_later_events() -> None:
    # docs/api.md, "Views and events": view(seat, since=n) is view(seat) with events[n:].
    g = new_game(Config(players=5, generals="random"), 12)
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
            assert {k: v for k, v in part.items() if k != "events"} == {
                k: v for k, v in whole.items() if k != "events"}
