"""The views and requests a frontend reads keep to their JSON Schemas (docs/views.md).

The committed files in ``schemas/`` are what the games' models emit; the views of seeded games of
both games (every seat, a spectator and the full view, at many moments up to the end, with dead
players, in beginner mode and at 10 players) and the JSON form of every pending request validate
against those models, which are the schemas' one definition (no JSON Schema validator is a
dependency); every request kind of identity mode does, in a situation set up to ask it
(``tests/situations.py``), whatever the random games happen to meet; and a view or request off
its schema is refused.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from pydantic import ValidationError
from request_forms import check_form

from sgscore import Config, new_game
from sgscore.agents import RandomAgent
from sgscore.core import games
from sgscore.core.games import get_game
from sgscore.core.spec import AnyGame, GameState
from sgscore.dice import DiceConfig, DiceGame
from sgscore.dice import view_models as dice_models
from sgscore.dice.agent import DiceHeuristicAgent
from sgscore.sanguosha import view_models as identity_models
from sgscore.sanguosha.agent import HeuristicAgent
from sgscore.sanguosha.game import Game
from sgscore.sanguosha.requests import PlayRequest
from sgscore.schemas import json_schemas, schema_name, write_schemas

import toy_nim
from situations import SITUATIONS, situations

pytestmark = pytest.mark.long  # started first (tests/conftest.py)

ROOT = Path(__file__).resolve().parent.parent
SCHEMAS = ROOT / "schemas"
IDENTITY, DICE = "sanguosha/identity", "sanguozhi/dice"
MODELS: dict[str, ModuleType] = {IDENTITY: identity_models, DICE: dice_models}


def _spec(gid: str) -> AnyGame:
    spec = get_game(gid)
    assert spec is not None
    return spec


def _json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


# ---------------------------------------------------------------------------- the files
def test_the_committed_schema_files_are_current(tmp_path: Path) -> None:
    written = write_schemas(tmp_path, [IDENTITY, DICE])
    assert sorted(p.name for p in written) == sorted(
        schema_name(gid, what) for gid in MODELS for what in ("view", "request"))
    assert schema_name(IDENTITY, "view") == "sanguosha-identity.view.schema.json"
    stale = [p.name for p in written
             if not (SCHEMAS / p.name).is_file() or (SCHEMAS / p.name).read_bytes() != p.read_bytes()]
    assert not stale, f"schemas/ is stale ({stale}): run python -m sgscore.schemas --out schemas/"


@pytest.mark.parametrize("gid", sorted(MODELS))
def test_the_schema_files_are_what_the_validating_models_emit(gid: str) -> None:
    models = MODELS[gid]
    for what, adapter in (("view", models.VIEW), ("request", models.REQUEST)):
        committed = json.loads((SCHEMAS / schema_name(gid, what)).read_text(encoding="utf-8"))
        assert committed["$schema"] == "https://json-schema.org/draft/2020-12/schema"
        assert committed["$id"].endswith("/" + schema_name(gid, what))
        assert committed["title"].startswith(gid)
        plain = {k: v for k, v in committed.items()
                 if k not in ("$schema", "$id", "title", "description")}
        assert plain == {k: v for k, v in adapter.json_schema().items() if k != "title"}
    view = json.loads((SCHEMAS / schema_name(gid, "view")).read_text(encoding="utf-8"))
    for name in ("View", "FullView", "Player"):  # a key too many is refused by the file too
        assert view["$defs"][name]["additionalProperties"] is False


@pytest.mark.parametrize("gid", sorted(MODELS))
def test_every_request_kind_has_its_own_shape(gid: str) -> None:
    # A kind without one would get the generic shape (any prompt, any choice): say what it is.
    assert set(MODELS[gid].SHAPES) == set(_spec(gid).requests.names())


def test_a_game_without_schemas_is_skipped(monkeypatch: pytest.MonkeyPatch) -> None:
    games.game_ids()  # every installed game loaded
    monkeypatch.setattr(games, "_games", dict(games._games))
    games.register_game(toy_nim.SPEC)
    assert toy_nim.SPEC.view_schema() is None and toy_nim.SPEC.request_schema() is None
    names = list(json_schemas())
    assert names == [schema_name(gid, what) for gid in (IDENTITY, DICE)
                     for what in ("view", "request")]


def test_the_writer_runs_as_a_module_and_says_what_went_wrong_in_one_line(tmp_path: Path) -> None:
    run = subprocess.run([sys.executable, "-m", "sgscore.schemas", "--out", str(tmp_path / "s"),
                          "--game", DICE], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    assert run.stdout.split() == [str(tmp_path / "s" / schema_name(DICE, w))
                                  for w in ("view", "request")]
    blocked = tmp_path / "file"
    blocked.write_text("")
    for args in (["--out", str(blocked)], ["--out", str(tmp_path), "--game", "no/such"]):
        bad = subprocess.run([sys.executable, "-m", "sgscore.schemas", *args],
                             capture_output=True, text=True)
        assert bad.returncode == 1 and bad.stdout == ""
        assert bad.stderr.startswith("error: ") and bad.stderr.count("\n") == 1, bad.stderr


def test_loading_the_games_and_the_writer_loads_no_pydantic() -> None:
    code = ("import sys, sgscore, sgscore.schemas\nfrom sgscore.core.games import game_ids, "
            "get_game\n[get_game(g) for g in game_ids()]\n"
            "print(' '.join(m for m in sys.modules if m.startswith('pydantic') "
            "or m.endswith(('view_models', 'core.schema'))))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


# ---------------------------------------------------------------------------- played games
@dataclass
class Seen:
    """What the validated views and requests of a game (or many) showed."""

    views: int = 0
    full_views: int = 0
    kinds: Counter[str] = field(default_factory=Counter)
    dead: int = 0
    ended: int = 0
    players: set[int] = field(default_factory=set)


def _view(game: GameState, seat: int | None, last: int | None) -> dict[str, Any]:
    """``game.view(seat)``; in identity mode, with ``last``: only the last ``last`` events (the
    rest of the view is whole)."""
    if isinstance(game, Game) and last is not None:
        return game.view(seat, since=max(0, len(game.events) - last))
    return game.view(seat)


def _check_view(gid: str, game: GameState, seen: Seen, last: int | None) -> None:
    """Every seat's view, a spectator's and the full view validate; and say what they claim:
    a seat sees its own hand only, the dead's roles are shown, the dice game's living roles are
    hidden but the viewer's own and the lord's (beyond 3 players) until the game is over, when
    every role is shown."""
    models = MODELS[gid]
    n = game.seats
    for seat in [None, *range(n)]:
        view = _view(game, seat, last)
        models.View.model_validate_json(_json(view))
        seen.views += 1
        for p in view["players"]:
            if gid == IDENTITY:
                assert (p["hand"] is not None) == (p["seat"] == seat)
            elif n > 3 and p["alive"] and p["seat"] != seat and p["role"] != "lord":
                assert (p["role"] is None) == (game.result is None)
            if game.result is not None:
                assert p["role"] is not None
            if not p["alive"]:
                assert p["role"] is not None
                seen.dead += 1
    full = _spec(gid).full_view(game)
    models.FullView.model_validate_json(_json(full))
    seen.full_views += 1
    seen.players.add(n)


def _check_request(gid: str, game: GameState, seen: Seen) -> None:
    request = game.pending
    assert request is not None
    form = _view(game, request.seat, 0)["pending"]
    text = _json(form)
    check_form(request, json.loads(text))  # exactly the legal choices, each in words
    MODELS[gid].REQUEST.validate_json(text)
    full = json.loads(_json(_spec(gid).full_view(game)["pending"]))  # in full there too
    assert {k: v for k, v in full.items() if k not in ("question", "labels")} == {
        k: v for k, v in json.loads(text).items() if k not in ("question", "labels")}
    assert game.view(None)["pending"] == {"waiting": True}
    seen.kinds[request.kind] += 1
    if isinstance(request, PlayRequest):
        _check_describe(request)


def _check_describe(request: PlayRequest) -> None:
    """PlayRequest.describe() lists exactly the card and skill choices (docs/views.md)."""
    described = request.describe()
    from_cards = {(c, *t) for c, ts in described["cards"].items() for t in ts}
    from_skills = {(s["skill"], tuple(s["cards"]), tuple(t)) for s in described["skills"]
                   for t in s["targets"]}
    listed = {c for c in request.choices() if c is not None}
    assert from_cards | from_skills == listed and None in request.choices()
    json.dumps(described)  # plain data (card ids become strings as JSON object keys)


def _play(gid: str, game: GameState, agents: list[Any], seen: Seen, every: int) -> None:
    """Play to the end with the agents, each choice submitted in its JSON form, checking the
    request at every decision and the views every ``every`` decisions and at the end."""
    last = 40 if gid == IDENTITY else None  # the dice game's views always hold every event
    k = 0
    while not game.over:
        if k % every == 0:
            _check_view(gid, game, seen, last)
        _check_request(gid, game, seen)
        request = game.pending
        assert request is not None
        choice = agents[request.seat].choose(request)
        game.submit(json.loads(_json(choice)))  # the JSON form, lists for tuples
        k += 1
    _check_view(gid, game, seen, None)  # the end, with every event
    assert game.view(0)["pending"] is None and game.view(0)["result"] is not None
    seen.ended += 1


def _identity_games() -> Iterator[tuple[Config, int]]:
    # Dealt from the first edition's generals (the frozen pool "standard"), so that a general
    # added later changes none of these games.
    for i in range(36):
        players = 4 + i % 7
        generals = (None, "random", "draft")[i % 3]
        yield Config(players=players, generals=generals, pool="standard", packs=(
            "standard", "ex") if i % 2 else ("standard",),
            role_variant=players in (6, 8) and i % 4 == 0), 100 + i


@pytest.fixture(scope="module")
def identity_seen() -> Seen:
    seen = Seen()
    beginner = 0
    for config, seed in _identity_games():
        game = new_game(config, seed)
        n = config.players
        agents: list[Any] = ([HeuristicAgent(game, seed, s) for s in range(n)] if seed % 5 == 0
                             else [RandomAgent(seed, s) for s in range(n)])
        beginner += config.generals is None
        _play(IDENTITY, game, agents, seen, every=4)
    assert beginner >= 10
    return seen


@pytest.fixture(scope="module")
def dice_seen() -> Seen:
    seen = Seen()
    for i in range(24):
        n = 3 + i % 6
        game = DiceGame(DiceConfig(players=n), 200 + i)
        agents: list[Any] = ([DiceHeuristicAgent(game, i, s) for s in range(n)] if i % 3 == 0
                             else [RandomAgent(i, s) for s in range(n)])
        _play(DICE, game, agents, seen, every=3)
    return seen


def test_identity_views_and_requests_of_played_games_keep_to_the_schema(
    identity_seen: Seen,
) -> None:
    # Every kind is checked in a situation of its own below; these games check the views and
    # requests of whole games, whichever kinds they meet.
    seen = identity_seen
    assert seen.ended == 36 and seen.players == set(range(4, 11))
    assert seen.views > 6000 and seen.full_views > 800 and seen.dead > 10000
    assert {"play", "respond", "draft", "discard_phase"} <= set(seen.kinds)


def test_dice_views_and_requests_of_played_games_keep_to_the_schema(dice_seen: Seen) -> None:
    seen = dice_seen
    assert seen.ended == 24 and seen.players == set(range(3, 9))
    assert seen.views > 2000 and seen.dead > 1000
    assert set(seen.kinds) == set(dice_models.SHAPES)


def test_every_request_kind_keeps_to_the_schema_where_a_situation_asks_it() -> None:
    # Each kind registered, asked at a table set up for it (tests/situations.py), whichever
    # generals and cards random games happen to deal.
    kinds = _spec(IDENTITY).requests.names()
    missing = sorted(set(kinds) - set(SITUATIONS))
    assert not missing, f"no situation asks {missing}: add one to tests/situations.py"
    seen = Seen()
    for _kind, _name, game in situations():
        _check_request(IDENTITY, game, seen)
        _check_view(IDENTITY, game, seen, 10)
    assert set(seen.kinds) == set(kinds)


# ---------------------------------------------------------------------------- refused
def _refused(target: Any, value: Any) -> str:
    """The message of the refusal of ``value`` (in its JSON form) by a model or an adapter."""
    validate = getattr(target, "model_validate_json", None) or target.validate_json
    with pytest.raises(ValidationError) as err:
        validate(_json(value))
    return str(err.value)


def _identity_moment() -> tuple[GameState, dict[str, Any], dict[str, Any]]:
    game = new_game(Config(players=5, generals="random", pool="standard"), 7)
    bots = [RandomAgent(7, s) for s in range(5)]
    while game.pending is None or game.pending.kind != "play" or not game.events:
        request = game.pending
        assert request is not None
        game.submit(bots[request.seat].choose(request))
    request = game.pending
    assert request is not None
    view: dict[str, Any] = json.loads(_json(game.view(request.seat)))
    return game, view, view["pending"]


def test_an_identity_view_off_its_schema_is_refused() -> None:
    game, view, _ = _identity_moment()
    View = identity_models.View
    View.model_validate_json(_json(view))
    other = (view["seat"] + 1) % 5

    def changed(edit: Callable[[dict[str, Any]], None]) -> dict[str, Any]:
        copy: dict[str, Any] = json.loads(_json(view))
        edit(copy)
        return copy

    cases: dict[str, Callable[[dict[str, Any]], None]] = {
        "seed": lambda v: v.update(seed=7),  # a key too many
        "phase": lambda v: v.pop("phase"),  # a key missing
        "phase value": lambda v: v.update(phase="lunch"),
        "hp": lambda v: v["players"][0].update(hp="4"),
        "alive": lambda v: v["players"][0].update(alive=1),
        "hand_size": lambda v: v["players"][0].update(hand_size=True),
        "hand": lambda v: v["players"][other].update(hand="hidden"),
        "role": lambda v: v["players"][0].update(role="emperor"),
        "equip": lambda v: v["players"][0].update(equip=[-1, -1, -1]),
        "card": lambda v: v["discard_pile"].append(-3),
        "event": lambda v: v["events"][0].__setitem__(0, "no_such_event"),
        "waiting": lambda v: v.update(pending={"waiting": False}),
        "extra": lambda v: v["players"][0].update(secret=1),
    }
    for name, edit in cases.items():
        assert _refused(View, changed(edit)), name
    assert "Extra inputs are not permitted" in _refused(View, changed(cases["seed"]))
    assert game.view(None)["seat"] is None
    identity_models.FullView.model_validate_json(_json(_spec(IDENTITY).full_view(game)))
    _refused(identity_models.FullView, view)  # a seat's view is no full view (events, hands)


def test_a_request_off_its_kinds_shape_is_refused() -> None:
    _, _, form = _identity_moment()
    REQUEST = identity_models.REQUEST
    REQUEST.validate_json(_json(form))
    for edit in (
        {"kind": "no_such_kind"},
        {"prompt": [1]},  # play asks with an empty prompt
        {"choices": [[1, "x"]]},  # a card and a string are no play choice
        {"choices": [[True]]},  # a boolean is no card id
        {"seat": 10},  # identity mode has seats 0-9
        {"kind": "invoke"},  # an invoke's prompt names the skill and the timing
    ):
        _refused(REQUEST, {**form, **edit})
    _refused(REQUEST, {k: v for k, v in form.items() if k != "choices"})
    dice = DiceGame(DiceConfig(players=4), 1)
    assert dice.pending is not None
    dice_form = dice.view(dice.pending.seat)["pending"]
    dice_models.REQUEST.validate_json(_json(dice_form))
    _refused(dice_models.REQUEST, {**dice_form, "choices": None})  # the dice game lists them all
    view = json.loads(_json(dice.view(0)))
    dice_models.View.model_validate_json(_json(view))
    view["dice"][0] = "sword"
    _refused(dice_models.View, view)
