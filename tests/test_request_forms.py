"""A pending request as a frontend receives it: its form, its words, and the account of a live game.

docs/views.md "A request in JSON" and docs/api.md "Labels and the account of a live game" say
what these check: the JSON form of every request kind describes exactly the legal choices (a
subset by its pool and bounds, an arrangement by its cards, the play phase grouped by card and
skill), never an empty or null list; every choice, item and question has its words in English and
Chinese, the same words a teller fed every event the seat saw gives; ``GameSpec.account`` tells a
live game as ``sgs replay show`` tells its replay; every call that takes a viewer and a language
takes the viewer first.
"""

from __future__ import annotations

import json
import warnings
from typing import Any

import pytest
from request_forms import check_form

from sgscore import Config, new_game
from sgscore.agents import RandomAgent
from sgscore.core.protocol import Request
from sgscore.dice import DiceConfig, DiceGame
from sgscore.dice.spec import SPEC as DICE
from sgscore.replay.render import render_account
from sgscore.sanguosha import SPEC
from sgscore.testing import Scenario

from situations import situations


def _asked(game: Any) -> Request:
    """The pending request of a game that is not over."""
    request: Request | None = game.pending
    assert request is not None
    return request


def _pending(game: Any, seat: int) -> dict[str, Any]:
    """``view(seat)["pending"]`` read back from JSON text, as a frontend reads it."""
    return dict(json.loads(json.dumps(game.view(seat)["pending"], ensure_ascii=False)))


# ---------------------------------------------------------------------------- every kind
@pytest.mark.parametrize("kind,name,game", list(situations()))
def test_every_request_kind_describes_exactly_its_choices_in_words(
        kind: str, name: str, game: Any) -> None:
    request = _asked(game)
    form = _pending(game, request.seat)
    check_form(request, form)  # every described choice legal, every legal choice described
    assert form["kind"] == kind


def _same_words(spec: Any, game: Any, accounts: dict[tuple[int, str], Any]) -> int:
    """The view's words of the pending request are those of an account of the seat asked, fed
    every event that seat saw (a table set up by hand, as a scenario's, has had no events for
    what it holds: only a game played from its start is compared). Returns 1."""
    request = _asked(game)
    form = _pending(game, request.seat)
    for lang in ("en", "zh"):
        account = accounts.setdefault((request.seat, lang),
                                      spec.account(game, request.seat, lang))
        told = account.request()
        assert told is not None
        assert told["question"] == {lang: form["question"][lang]}
        assert [x[lang] for x in told["labels"]] == [x[lang] for x in form["labels"]], (
            request.kind, lang)
        for key in ("cards", "skills") if form["form"] == "play" else ():
            assert [g["label"][lang] for g in told[key]] == [g["label"][lang] for g in form[key]]
    return 1


@pytest.mark.parametrize("players,generals,seed", [
    (4, "draft", 1), (5, "random", 2), (6, "draft", 3), (8, "random", 4), (10, "draft", 5)])
def test_the_views_words_are_those_of_the_seats_account(
        players: int, generals: str, seed: int) -> None:
    game = new_game(Config(players=players, generals=generals, packs=("standard", "ex")), seed)
    agents = SPEC.make_agents(game, seed, ["heuristic"] * players)
    accounts: dict[tuple[int, str], Any] = {}
    compared = 0
    while not game.over:
        compared += _same_words(SPEC, game, accounts)
        game.submit(agents[_asked(game).seat].choose(_asked(game)))
    assert compared == game.decisions


def test_the_dice_views_words_are_those_of_the_seats_account() -> None:
    for seed in range(3):
        game = DiceGame(DiceConfig(players=5), seed)
        agents = DICE.make_agents(game, seed, ["random"] * 5)
        accounts: dict[tuple[int, str], Any] = {}
        while not game.over:
            _same_words(DICE, game, accounts)
            game.submit(agents[_asked(game).seat].choose(_asked(game)))


def test_discarding_3_of_7_is_a_pool_and_its_bounds_not_35_listed_choices() -> None:
    # 003, the discard phase: a player with more hand cards than HP discards down to his HP
    s = Scenario(players=4)
    s.seat(0).hand("slash", "slash", "jink", "jink", "peach", "duel", "snatch").hp(4)
    t = s.start(seat=0, phase="discard")
    request = _asked(t.game)
    assert request is not None and request.kind == "discard_phase"
    form = _pending(t.game, 0)
    assert form["form"] == "subset" and form["count"] == 35 == request.count()
    assert (form["low"], form["high"], sorted(form["pool"])) == (3, 3, sorted(t.game.players[0].hand))
    assert "choices" not in form and len(form["labels"]) == 7
    snatch = t.card(0, "snatch")
    assert form["labels"][form["pool"].index(snatch)]["zh"].startswith("顺手牵羊")
    check_form(request, form)


def test_an_arrangement_gives_its_cards_not_every_order() -> None:
    # 观星 with three cards: 4 * 3! = 24 arrangements, given as the three cards to place
    s = Scenario(players=4, generals=[None, "zhugeliang", None, None])
    s.top("slash S7", "jink D2", "peach H3")
    t = s.start(seat=1, phase="draw")
    request = _asked(t.game)
    assert request is not None and request.kind == "guanxing"
    form = _pending(t.game, 1)
    assert form["form"] == "arrange" and form["cards"] == list(request.prompt[0])
    assert form["count"] == 24 == request.count() and "choices" not in form
    assert [x["en"] for x in form["labels"]][0].startswith("Slash")
    check_form(request, form)


def test_the_play_phase_groups_its_choices_by_card_and_skill() -> None:
    game = new_game(Config(players=4, generals=None), seed=3)  # beginner mode: no skills
    request = _asked(game)
    form = _pending(game, request.seat)
    assert form["form"] == "play" and form["choices"][0] is None
    grouped = [[g["card"], *t] for g in form["cards"] for t in g["targets"]]
    assert grouped == form["choices"][1:] and form["skills"] == []
    check_form(request, form)


def test_the_dice_games_reroll_is_a_pool_of_dice() -> None:
    game = DiceGame(DiceConfig(players=4), 2)
    request = _asked(game)
    assert request.kind == "reroll"
    form = _pending(game, request.seat)
    # docs/dice.md: any dice may be rolled again but the dynamite ones, which stay
    faces = request.prompt[0]
    free = [i for i, face in enumerate(faces) if face != "dynamite"]
    assert form["form"] == "subset" and form["pool"] == free
    assert (form["low"], form["high"]) == (0, len(free)) and form["count"] == 2 ** len(free)
    check_form(request, form)


# ---------------------------------------------------------------------------- a live game
def test_the_account_of_a_live_game_is_what_show_tells_of_its_replay() -> None:
    config = Config(players=5)
    game = new_game(config, 11)
    agents = [RandomAgent(11, s) for s in range(5)]
    accounts = {(seat, lang): SPEC.account(game, seat, lang)
                for seat in (None, 2) for lang in ("en", "zh")}
    told: dict[tuple[int | None, str], list[str]] = {key: [] for key in accounts}
    while not game.over:
        for key, account in accounts.items():
            told[key] += account.lines()  # a frontend asks after each decision
        request = _asked(game)
        if request.seat == 2:
            question = accounts[(2, "en")].question()
            assert question is not None and question == _pending(game, 2)["question"]["en"]
        else:
            assert accounts[(2, "en")].question() is None  # not this seat's question
        game.submit(agents[request.seat].choose(request))
    for (seat, lang), account in accounts.items():
        lines = told[(seat, lang)] + account.lines() + account.result()
        shown = [x for x in render_account("sanguosha/identity", game.events, game.summary(),
                                           seat=seat, lang=lang) if x.strip()]
        assert lines == shown, (seat, lang)


def test_an_account_describes_the_pending_choices_as_the_view_labels_them() -> None:
    game = new_game(Config(players=4), 5)
    request = _asked(game)
    account = SPEC.account(game, request.seat, "zh")
    form = _pending(game, request.seat)
    listed = form.get("choices", [])
    assert [account.describe(c) for c in request.choices()][:len(listed)] == [
        x["zh"] for x in form["labels"]][:len(listed)]


def test_an_account_refuses_an_unknown_language() -> None:
    game = new_game(Config(players=4), 5)
    with pytest.raises(ValueError, match="lang must be one of"):
        SPEC.account(game, 0, "fr")


# ---------------------------------------------------------------------------- one order
def test_the_viewer_comes_first_and_the_old_order_still_works_with_a_warning() -> None:
    for spec in (SPEC, DICE):
        new = spec.teller(1, "zh")
        assert (new.seat, new.lang) == (1, "zh")
        assert (spec.teller().seat, spec.teller().lang) == (None, "en")
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            old = spec.teller("zh", 1)  # type: ignore[arg-type]
        assert (old.seat, old.lang) == (1, "zh")
        assert [w.category for w in caught] == [DeprecationWarning]
        assert "teller(seat, lang)" in str(caught[0].message)
        with pytest.raises(ValueError, match="lang must be one of"):
            spec.teller(1, "fr")
        with pytest.raises(ValueError, match="seat must be a seat number"):
            spec.teller(True, "en")
