"""Both piles running out in the middle of a draw or a reveal (docs/rules.md "The turn", "Cards
taken before the piles run out"): the game ends as a draw (`no_cards`) with every card
in a zone: the cards already drawn in the drawer's hand, the cards already shown for 五谷丰登 or
the 1.0 deck's 喜宴 on the table (the processing area). Before, a game that ended so left them in
the procedure that was taking them, in no zone at all."""

from __future__ import annotations

import pytest

from sgscore.sanguosha import Config, Game
from sgscore.sanguosha.invariants import Invariants
from sgscore.sanguosha.spec import SPEC
from sgscore.testing import Scenario, Table, check_conservation


def _leave_in_piles(t: Table, draw: int, discard: int) -> list[int]:
    """Only ``draw`` cards stay in the draw pile and ``discard`` in the discard pile; the others
    are parked on the table, out of reach of any draw. Returns the cards left, the draw pile's
    top first, then the discard pile's."""
    g = t.game
    pile = g.draw_pile + g.discard_pile
    kept_draw, kept_discard = pile[len(pile) - draw:], pile[:discard]
    g.processing.extend(pile[discard:len(pile) - draw])
    g.draw_pile[:] = kept_draw
    g.discard_pile[:] = kept_discard
    check_conservation(g)
    return [*reversed(kept_draw), *kept_discard]


@pytest.mark.parametrize(("packs", "card"), [(("standard",), "ex_nihilo"),
                                             (("1.0",), "bush_soldiers")])
def test_the_card_drawn_before_the_piles_run_out_is_in_the_drawers_hand(
    packs: tuple[str, ...], card: str,
) -> None:
    # 003 "无中生有: 从牌堆摸两张牌"; 002 草木皆兵 "可以从底牌中摸两张牌". The draw pile is empty
    # and the discard pile holds one card: it is shuffled into a new pile of one (003 "若牌堆被
    # 摸完，将弃牌堆的牌重新洗混后循环使用"), drawn, and the second card cannot come from
    # anywhere: the game ends as a draw with that card in the user's hand.
    s = Scenario(players=4, packs=packs)
    s.seat(0).hand(card)
    t = s.start(seat=0, phase="play")
    (last,) = _leave_in_piles(t, draw=0, discard=1)
    t.mark()
    t.play(t.card(0, card))
    assert t.result == (None, "no_cards")
    assert t.hand(0) == [last]
    assert t.events("reshuffle") == [("reshuffle", 1)]
    assert t.events("draw") == [("draw", 0, 1, (last,))]  # told as the draw it was
    assert t.events()[-1] == ("game_over", None, "no_cards")
    check_conservation(t.game)


@pytest.mark.parametrize(("packs", "card"), [(("standard",), "amazing_grace"),
                                             (("1.0",), "feast")])
def test_the_cards_shown_before_the_piles_run_out_lie_on_the_table(
    packs: tuple[str, ...], card: str,
) -> None:
    # 003 五谷丰登 "从牌堆摸等于现存玩家数量的牌，面朝上放在桌面上"; 002 喜宴 "先从底牌中摸出等于当前
    # 活着的角色数量的牌": four living players, two cards in the draw pile and one in the discard
    # pile. The three are shown, face up on the table, and the fourth cannot come: the game ends
    # with the three in the processing area, told as shown.
    s = Scenario(players=4, packs=packs)
    s.seat(0).hand(card)
    t = s.start(seat=0, phase="play")
    shown = _leave_in_piles(t, draw=2, discard=1)
    t.mark()
    t.play(t.card(0, card))
    assert t.result == (None, "no_cards")
    g = t.game
    assert g.processing[-3:] == shown and not g.draw_pile and not g.discard_pile
    assert t.events("reveal") == [("reveal", 0, tuple(shown))]
    assert not any(shown_card in p.hand for p in g.players for shown_card in shown)
    check_conservation(g)


def test_the_game_that_lost_eight_cards() -> None:
    # The random game that showed it (python -m sgscore.fuzz games --seed 91 --game 206 before the
    # fix): 10 players, the 1.0 deck for a first game, heuristic agents. Seat 0's 喜宴 needs ten
    # cards, the piles hold eight: they ended in no zone ("missing [201, 204, 205, 213, 215, 218,
    # 261, 274]"); now they lie on the table, and every check holds after every decision.
    config = Config(players=10, generals=None, first_game=True, packs=("1.0",), lord_seat=4)
    game = Game(config, 9776198867398398727)
    checks = Invariants(game)
    agents = SPEC.make_agents(game, 9776198867398398727, "heuristic")
    broken = checks.check(game)
    while not game.over:
        req = game.pending
        assert req is not None
        game.submit(agents[req.seat].choose(req))
        broken += checks.check(game)
    assert broken == []
    assert game.result == (None, "no_cards") and game.decisions == 47
    last = [e for e in game.events if e[0] in ("use", "reshuffle", "reveal")][-3:]
    assert [e[0] for e in last] == ["use", "reshuffle", "reveal"] and last[0][1][1] == "feast"
    assert sorted(last[2][1][1]) == [201, 204, 205, 213, 215, 218, 261, 274]
    check_conservation(game)
