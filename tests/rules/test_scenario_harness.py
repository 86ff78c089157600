"""The scenario harness itself: the table it builds is the one the script describes."""

from __future__ import annotations

from sgscore.sanguosha.model import LORD, LOYALIST, REBEL, RENEGADE
from sgscore.testing import Scenario, check_conservation


def test_arranged_roles_are_the_ones_the_events_announce() -> None:
    roles = [LORD, REBEL, RENEGADE, LOYALIST]
    t = Scenario(players=4, roles=roles).start(seat=0, phase="play")
    dealt = {e[1][0]: e[3][0] for e in t.game.events if e[0] == "role_dealt" and e[3]}
    assert dealt == dict(enumerate(roles))
    assert [e[1] for e in t.game.events if e[0] == "role"] == [(0, LORD)]


def test_hands_hold_exactly_the_named_cards_and_cards_are_conserved() -> None:
    s = Scenario(players=4)
    s.seat(0).hand("ex_nihilo")  # so that seat 0's play phase waits for a decision
    s.seat(2).hand("peach HQ", "slash").equip("crossbow")
    s.top("jink DJ")
    t = s.start(seat=0, phase="play")
    assert [t.game.players[2].hand] == [[t.card(2, "peach HQ"), t.card(2, "slash")]]
    assert t.game.players[2].equip[0] == t.card(2, "crossbow")
    assert t.game.draw_pile[-1] == t.card(-1, "jink DJ")
    assert t.hand(0) == [t.card(0, "ex_nihilo")]
    assert all(not t.game.players[i].hand for i in (1, 3))
    check_conservation(t.game)
