"""What one seat is shown (``sgs replay step --as SEAT``, ``SeatWatch``) depends only on what that
seat may see: two games that differ only in another seat's hidden cards tell it the same story.

Issue 10 point 2: a seat that holds a 闪 is asked whether to play it (a recorded decision); a seat
without one is not asked (forced decisions are not recorded). Stepping decision by decision would
show the watcher that someone was asked, and so that they held a 闪.
"""

from __future__ import annotations

from typing import Any

from cli.step_cmd import moment_text
from sgscore.core.games import get_game
from sgscore.replay import SeatWatch
from sgscore.testing import Scenario, Table

WATCHER = 0


def _story(seat2_card: str, lang: str) -> tuple[list[dict[str, Any]], list[str], int]:
    """Seat 1 uses 杀 on seat 2 (who holds ``seat2_card``), then 决斗 on seat 0, the watcher,
    who answers it with a 杀; then seat 1 ends its play phase. The watcher's moments, as JSON and
    as text, and how many decisions the game recorded."""
    sc = Scenario(players=4)
    sc.seat(0).hand("slash", "peach")
    sc.seat(1).hand("slash", "duel", "jink")
    sc.seat(2).hand(seat2_card, "dismantlement")
    sc.seat(3).hand("peach")
    sc.top("jink", "slash", "peach", "duel", "slash", "jink", "peach", "slash")
    table: Table = sc.start(seat=1, phase="play")
    game = table.game
    spec = get_game("sanguosha/identity")
    assert spec is not None
    watch = SeatWatch(spec, WATCHER, lang)
    script = [(table.card(1, "slash"), 2), (table.card(1, "duel"), 0), None]
    moments: list[dict[str, Any]] = []
    text: list[str] = []
    while not game.over and game.current == 1:
        req = game.pending
        assert req is not None
        if req.seat == WATCHER:
            choice = req.choices()[-1]  # plays its 杀 in the 决斗 (the last listed choice)
            m = watch.moment(game, choice)
            moments.append(m.to_json())
            text += moment_text(spec, m, watch.teller)
        elif req.seat == 1 and req.kind == "play":
            choice = script.pop(0)
        else:
            choice = None if req.is_legal(None) else req.choice_at(0)
        game.submit(choice)
    return moments, text, game.decisions


def test_another_seats_hidden_jink_changes_nothing_the_watcher_is_shown() -> None:
    for lang in ("en", "zh"):
        with_jink = _story("jink", lang)
        with_peach = _story("peach", lang)
        # the games differ: seat 2 was asked for a 闪 in one of them only ...
        assert with_jink[2] == with_peach[2] + 1
        # ... and the watcher, who was asked too, is shown the very same moments
        assert with_jink[0] and with_jink[0] == with_peach[0]
        assert with_jink[1] == with_peach[1]
        assert all(m["decision"] is None and m["decisions"] is None for m in with_jink[0])
