"""The turn (003 Online "回合流程"; docs/rules.md "The turn"): six phases, judgement, drawing,
discarding."""

from __future__ import annotations

import pytest

from sgscore.core.protocol import SubsetRequest
from sgscore.sanguosha import Config, Game
from sgscore.sanguosha.model import LORD, LOYALIST, REBEL, RENEGADE
from sgscore.testing import Scenario
from sgscore.testing import check_conservation as assert_conserved


def test_six_phases_in_order() -> None:
    # 003 Online: "I 回合开始阶段 II 判定阶段 III 摸牌阶段 IV 出牌阶段 V 弃牌阶段 VI 回合结束阶段"
    s = Scenario(players=4)
    t = s.start(seat=1, phase="start")
    phases = [e[2] for e in t.events("phase") if e[1] == 1]
    assert phases[:6] == ["start", "judge", "draw", "play", "discard", "finish"]


def test_turn_order_is_seat_order_from_the_lord() -> None:
    # 003: "游戏是从主公开始 ... 一名玩家的游戏回合结束后，由他右手的玩家开始自己的回合";
    # docs/rules.md "The turn": 右手 is the next seat.
    g = Game(Config(players=5, generals=None), 9)
    while g.pending is not None and sum(1 for e in g.events if e[0] == "turn") < 8:
        g.submit(g.pending.choice_at(0))
    turns = [e[1] for e in g.events if e[0] == "turn"]
    assert [seat for (_, _, seat) in turns[:7]] == [0, 1, 2, 3, 4, 0, 1]
    assert [rnd for (_, rnd, _) in turns[:7]] == [1, 1, 1, 1, 1, 2, 2]


def test_dead_players_take_no_turns() -> None:
    s = Scenario(players=5, roles=[LORD, LOYALIST, REBEL, RENEGADE, REBEL])
    s.seat(1).dead()
    t = s.start(seat=0, phase="finish")
    assert [e[3] for e in t.events("turn")][-1] == 2


def test_judgement_last_placed_first() -> None:
    # 003 Online: "从最后一个施加的锦囊开始判定（最早放置的最后判定）" — this supersedes the first
    # edition's "先判定闪电，再判定乐不思蜀" (docs/rules.md "The turn").
    s = Scenario(players=4)
    s.seat(1).judge("lightning").judge("indulgence")
    s.top("jink H2", "jink H2")
    t = s.start(seat=1, phase="judge")
    assert [e[3] for e in t.events("delayed_judge")] == ["indulgence", "lightning"]
    s = Scenario(players=4)
    s.seat(1).judge("indulgence").judge("lightning")
    s.top("jink H2", "jink H2")
    t = s.start(seat=1, phase="judge")
    assert [e[3] for e in t.events("delayed_judge")] == ["lightning", "indulgence"]


def test_draw_phase_draws_two_from_the_top() -> None:
    # 003 Online: "III 摸牌阶段 从牌堆顶摸两张牌。"
    s = Scenario(players=4)
    s.top("peach", "duel", "jink")
    t = s.start(seat=0, phase="draw")
    assert sorted(t.hand(0)) == sorted((t.card(-1, "peach"), t.card(-1, "duel")))
    assert t.game.draw_pile[-1] == t.card(-1, "jink")


def test_an_empty_draw_pile_is_refilled_by_shuffling_the_discard_pile() -> None:
    # 003: "若牌堆被摸完，将弃牌堆的牌重新洗混后循环使用。"
    s = Scenario(players=4)
    s.seat(0).hand("dilu")  # a card to use keeps seat 0's play phase open
    t = s.start(seat=0, phase="play")
    g = t.game
    g.discard_pile.extend(g.draw_pile[:-1])
    del g.draw_pile[:-1]
    last = g.draw_pile[0]
    size = len(g.discard_pile)
    t.end_play()  # seat 1 draws 2: the last card, then from the reshuffled discard pile
    assert last in t.hand(1)
    assert ("reshuffle", size) in t.events("reshuffle")
    assert_conserved(g)


def test_no_card_left_to_draw_ends_the_game_as_a_draw() -> None:
    # docs/rules.md "The turn": if both piles are empty, the game ends as a draw (no winner, the
    # reason recorded).
    s = Scenario(players=4)
    s.seat(0).hand("dilu")
    t = s.start(seat=0, phase="play")
    g = t.game
    g.processing.extend(g.draw_pile)  # park them where no draw can reach them
    g.draw_pile.clear()
    t.end_play()
    assert t.result == (None, "no_cards")
    assert ("game_over", None, "no_cards") in t.events()


def test_discard_down_to_hp() -> None:
    # 003: "某角色当前体力值是2，弃牌阶段时，玩家手里有3张手牌，则他需要选择一张弃掉。"
    s = Scenario(players=4)
    s.seat(0).hand("slash", "jink", "peach").hp(2)
    t = s.start(seat=0, phase="discard")
    req = t.expect(0, "discard_phase")
    assert isinstance(req, SubsetRequest) and (req.low, req.high) == (1, 1)
    t.answer(0, "discard_phase", (t.card(0, "slash"),))
    assert sorted(t.hand(0)) == sorted((t.card(0, "jink"), t.card(0, "peach")))


def test_negative_hp_counts_as_zero_in_the_discard_phase() -> None:
    # docs/rules.md "The turn": discard down to current HP, a negative HP counting as 0.
    s = Scenario(players=4)
    s.seat(0).hand("slash", "jink").hp(-1)
    t = s.start(seat=0, phase="discard")
    assert t.hand(0) == []  # the whole hand, with no choice to make
    assert ("discard", 0, tuple(sorted(t.scenario.card_of(0, n) for n in ("slash", "jink"))),
            "discard_phase") in [(e[0], e[1], tuple(sorted(e[2])), e[3]) for e in t.events("discard")]


def test_no_voluntary_discard() -> None:
    # 003: "在弃牌阶段之外手牌超过体力值无需弃掉。手牌数量小于等于体力值时不能主动弃牌。"
    s = Scenario(players=4)
    s.seat(0).hand("slash", "jink", "jink", "jink", "jink", "jink").hp(4)
    s.seat(1).hand("jink", "jink")
    t = s.start(seat=0, phase="play")
    # More cards than HP in the play phase is fine: playing is all that is offered.
    assert all(c is None or c[0] == t.card(0, "slash") for c in t.choices())
    t.end_play()
    t.answer(0, "discard_phase", tuple(sorted(t.hand(0)[:2])))
    # Seat 1 (2 + 2 cards, 4 HP): its discard phase passes without a question.
    t.expect(1, "play")
    t.end_play()
    assert ("phase", 1, "discard") in t.events("phase")
    assert not any(e[1] == 1 and e[3] == "discard_phase" for e in t.events("discard"))
    assert t.pending is None or t.pending.seat != 1


@pytest.mark.parametrize("cap", [1, 3])
def test_round_cap_ends_the_game_as_a_draw(cap: int) -> None:
    # docs/rules.md "The turn": the round cap (config, recorded in the header) ends a game that runs
    # too long as a draw.
    g = Game(Config(players=4, generals=None, max_rounds=cap), 2)
    while g.pending is not None:  # nobody uses a card: nobody can die
        g.submit(None if g.pending.kind == "play" else g.pending.choice_at(0))
    assert g.result == (None, "round_cap")
    assert max(e[1][1] for e in g.events if e[0] == "turn") == cap
    assert g.summary()["rounds"] == cap  # rounds played, never one past the cap
    assert ("game_over", None, "round_cap") == (g.events[-1][0], *g.events[-1][1])


def test_the_current_player_dying_in_their_turn_ends_it_at_once() -> None:
    # 003: "死亡的角色 ... 退出游戏" and 003 Online: "一名玩家回合结束后，右边玩家的回合开始". docs/rules.md
    # "The turn": a player who dies in their own turn takes no further phase — no discard phase
    # although their hand is over the limit — and the next living seat's turn begins.
    s = Scenario(players=5, roles=[LORD, LOYALIST, REBEL, RENEGADE, REBEL])
    s.seat(2).hand("duel", "jink", "jink", "jink", "jink", "jink", "jink").hp(1)
    s.seat(3).hand("slash")
    s.seat(4).dead()
    t = s.start(seat=2, phase="play")
    t.mark()
    t.play(t.card(2, "duel"), 3)
    t.answer(3, "respond", t.card(3, "slash"))  # seat 2 has no 杀: loses the duel and dies
    assert not t.p(2).alive
    assert not any(e[1] == 2 for e in t.events("phase")), "no phase after the death"
    assert not any(e[3] == "discard_phase" for e in t.events("discard"))
    # Seat 3 is next; seat 4 is dead and skipped afterwards.
    assert [e[3] for e in t.events("turn")] == [3]
    assert t.pending is not None and t.pending.seat == 3 and t.game.current == 3
    t.end_play()
    t.until(0, "play")
    assert [e[3] for e in t.events("turn")] == [3, 0]
    assert_conserved(t.game)
