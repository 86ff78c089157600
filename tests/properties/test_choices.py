"""Choices are exact (the protocol, ``sgscore/core/protocol.py``; docs/api.md "Requests"): a value
whose types differ from every listed choice (a float for an int, even ``92.0`` for ``92``; a
string, a bool or a list for an int; an int for a bool; other nestings) is an ``IllegalChoice``
from ``Request.check``, from ``game.submit`` and from the replay writer alike, on the requests of
both games and every variant, and leaves the game as it was; the JSON form of a listed choice
(``[60, [1]]`` for ``(60, (1,))``) is that choice. One gate in ``Request`` decides it for every
request kind, so no kind can let a value of another type through."""

from __future__ import annotations

import io
import json
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sgscore.core.games import spec_for_config
from sgscore.core.protocol import (
    MAX_CHOICE_DEPTH,
    IllegalChoice,
    PickRequest,
    Request,
    SubsetRequest,
    normalize_choice,
)
from sgscore.fuzz import game_setup
from sgscore.replay import ReplayWriter, make_header, validate_file
from sgscore.sanguosha import Config, new_game
from sgscore.sanguosha.arrange import ArrangeRequest
from sgscore.testing import Scenario

from situations import asking, situations

LISTED_AT_MOST = 400
"""A request with more choices than this is not listed whole: only mutations that bring in a type
no choice has (a float, bytes, a subclass, a list inside a tuple) are tried on it."""


class _Int(int):
    """An int that is not exactly an int (an enum member is one)."""


class _Str(str):
    """A str that is not exactly a str."""


def _same(a: Any, b: Any) -> bool:
    """Exactly the same value, type for type (``True`` is not ``1``, ``92.0`` is not ``92``)."""
    if type(a) is not type(b):
        return False
    if type(a) is tuple:
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    return bool(a == b)


def _foreign(value: Any) -> bool:
    """Whether ``value`` holds a type no choice is made of (a whole list is the JSON form)."""
    stack = [normalize_choice(value) if type(value) is list else value]
    while stack:
        v = stack.pop()
        if type(v) is tuple:
            stack.extend(v)
        elif type(v) is list:
            return True  # a list inside an array that is not all lists
        elif not (v is None or type(v) in (bool, int, str)):
            return True
    return False


def _stands_for_listed(req: Request, value: Any) -> bool | None:
    """Whether ``value`` is, type for type, a choice ``req`` lists (a whole list standing for its
    tuple form); None when ``req`` has too many choices to list."""
    if _foreign(value):
        return False
    if req.count() > LISTED_AT_MOST:
        return None
    choice = normalize_choice(value) if type(value) is list else value
    return any(_same(c, choice) for c in req.choices())


def _leaves(value: Any, path: tuple[int, ...] = ()) -> Iterator[tuple[int, ...]]:
    """The paths of every value inside ``value``, itself included (tuples only)."""
    yield path
    if type(value) is tuple:
        for i, item in enumerate(value):
            yield from _leaves(item, (*path, i))


def _replace(value: Any, path: tuple[int, ...], new: Any) -> Any:
    if not path:
        return new
    items = list(value)
    items[path[0]] = _replace(items[path[0]], path[1:], new)
    return tuple(items)


def _get(value: Any, path: tuple[int, ...]) -> Any:
    for i in path:
        value = value[i]
    return value


def _others(v: Any) -> list[Any]:
    """Values of other types standing where ``v`` stood (a JSON number that is a float, a string
    of the number, a bool for an int, the value wrapped or unwrapped, subclasses ...)."""
    t = type(v)
    if t is bool:
        return [int(v), float(v), "true" if v else "false", None, [v], (v,)]
    if t is int:
        return [float(v), json.loads(f"{v}.0"), str(v), v != 0, [v], (v,), None, _Int(v),
                complex(v), {"id": v}]
    if t is str:
        return [v.encode(), _Str(v), 0, None, (v,), [v]]
    if v is None:
        return [0, False, "", (), [], 0.0, "null"]
    assert t is tuple
    out: list[Any] = [list(v), (v,), [v]]  # a list inside a tuple where it is not the top
    if v:
        out.append(v[0])
    return out


def mutations(choice: Any) -> list[Any]:
    """Every value made from ``choice`` by giving one of its parts another type, and its JSON
    form (a listed choice's JSON form is legal; the rest must not be, unless they happen to be
    another listed choice)."""
    out: list[Any] = [json.loads(json.dumps(choice))]
    for path in _leaves(choice):
        for other in _others(_get(choice, path)):
            out.append(_replace(choice, path, other))
    return out


def _check_refused(game: Any, writer: ReplayWriter, value: Any) -> None:
    req = game.pending
    before, events, written = game.state_hash(), len(game.events), writer.bytes
    with pytest.raises(IllegalChoice):
        req.check(value)
    assert not req.is_legal(value)
    with pytest.raises(IllegalChoice):
        game.submit(value)
    with pytest.raises(IllegalChoice):
        writer.submit(game, value)
    assert game.state_hash() == before and len(game.events) == events
    assert game.pending is req and writer.bytes == written  # still asked, nothing written


def _mutated(game: Any, writer: ReplayWriter, req: Request, pick: st.DataObject | None) -> int:
    """Try mutations of a legal choice of ``req``, pending in ``game`` (drawn by ``pick``, or
    all of them): each is refused everywhere, or is the JSON form of a listed choice. Returns
    the mutations refused."""
    refused = 0
    if pick is None:
        legal = req.choice_at(0)
        tried = mutations(legal)
    else:
        legal = req.choice_at(pick.draw(st.integers(0, req.count() - 1), label="choice"))
        # a part of another type (the JSON form, first, has its own test below)
        tried = [pick.draw(st.sampled_from(mutations(legal)[1:]), label="mutation")]
    for value in tried:
        listed = _stands_for_listed(req, value)
        if listed is False:
            _check_refused(game, writer, value)
            refused += 1
        elif listed:  # the JSON form of a listed choice is that choice
            req.check(value)
            assert req.is_legal(value)
    return refused


def play_mutating(run_seed: int, index: int, pick: st.DataObject | None,
                  max_decisions: int) -> tuple[set[str], int]:
    """Play game ``index`` of a games run (``sgscore.fuzz.game_setup``: both games, every
    variant) through a ``ReplayWriter``; at each pending request try mutations of a legal choice
    (drawn by ``pick``, or all of them) before the agent's choice. The replay written validates.
    Returns the request kinds met and the mutations refused."""
    setup = game_setup(run_seed, index)
    spec = spec_for_config(setup.config)
    game, err = spec.start_config(setup.config, setup.seed)
    assert err is None
    agents = spec.make_agents(game, setup.seed, list(setup.agents))
    buf = io.BytesIO()
    kinds: set[str] = set()
    refused = 0
    with ReplayWriter(buf, make_header(setup.config, setup.seed, list(setup.agents)),
                      events=False) as writer:
        while not game.over and game.decisions < max_decisions:
            req = game.pending
            assert req is not None
            kinds.add(req.kind)
            refused += _mutated(game, writer, req, pick)
            writer.submit(game, agents[req.seat].choose(req))
        if game.over:
            writer.end(game)
    if game.over:
        result = validate_file(buf.getvalue())
        assert result.valid, result.error
    return kinds, refused


FEW = settings(max_examples=25, deadline=None,
               suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@FEW
@given(st.integers(0, 2**32), st.integers(0, 10**6), st.data())
def test_a_choice_of_another_type_is_refused_by_check_submit_and_the_writer(
    run_seed: int, index: int, data: st.DataObject,
) -> None:
    # the checks are in play_mutating: each mutation refused everywhere, the game unchanged, the
    # JSON form of a listed choice accepted, the replay written valid
    play_mutating(run_seed, index, data, max_decisions=150)


COVERING: dict[int, int] = {
    31: 6, 230: 1, 379: 5, 134: 7, 29: 4, 220: 29, 7: 2, 318: 2, 323: 4, 334: 4, 179: 11, 227: 5,
    74: 5, 100: 5, 44: 7, 168: 15, 349: 25, 160: 42, 377: 15, 333: 13, 217: 25, 375: 54, 291: 126,
    269: 138, 365: 148,
}
"""Games of run 7 (``sgscore.fuzz.game_setup(7, index)``) and how many decisions of each to play
so that every request kind of both games is met: chosen from the first 400 games of the run, the
fewest decisions first. The run deals from every registered general, so a general added later
changes its games of identity mode: every kind of identity mode is also met in a situation set
up to ask it (``tests/situations.py``), whatever the games meet. A change of the harness's games
or of the rules may move a dice game's kind to another game: the test then names the kinds it
no longer meets."""


def test_every_request_kind_of_both_games_refuses_every_mutation() -> None:
    """Every mutation of the first choice of every request, on every request kind of identity
    mode (its variants and 3v3 included) and of the dice game."""
    from sgscore.core.games import get_game

    kinds: set[str] = set()
    refused = 0
    for index, decisions in COVERING.items():
        got, n = play_mutating(7, index, None, max_decisions=decisions)
        kinds |= got
        refused += n
    for kind, _name, game in situations():
        with ReplayWriter(io.BytesIO(), make_header(game.config, game.seed, ["random"]),
                          events=False) as writer:
            refused += _mutated(game, writer, asking(game, kind), None)
        kinds.add(kind)
    every = set()
    for game_id in ("sanguosha/identity", "sanguozhi/dice"):
        spec = get_game(game_id)
        assert spec is not None
        every |= set(spec.requests.names())
    assert sorted(every - kinds) == []
    assert refused > 5000


# ---------------------------------------------------------------------------- the gate
def test_the_float_of_a_listed_int_is_no_choice() -> None:
    # The report: Request.check(92.0) accepted a float where choices() listed the int 92, and
    # game.submit(92.0) then stopped the game with an engine error.
    req = PickRequest(0, "respond", (None, 92, ("spear", 72)))
    for value in (92.0, [92.0], ("spear", 72.0), ["spear", 72.0], 92.5, True, "92", [92], _Int(92)):
        with pytest.raises(IllegalChoice):
            req.check(value)
        assert not req.is_legal(value)
    req.check(92)
    req.check(["spear", 72])  # the JSON form of ("spear", 72)
    with pytest.raises(IllegalChoice) as err:
        req.check(92.0)
    assert err.value.code == "bad_type" and "float" in str(err.value)


def test_a_float_submitted_to_a_game_leaves_it_unchanged_and_the_game_goes_on() -> None:
    s = Scenario(players=4)
    s.seat(0).hand("slash", "dilu")
    s.seat(1).hand("jink")
    t = s.start(seat=0, phase="play")
    g = t.game
    t.play(t.card(0, "slash"), 1)
    req = t.expect(1, "respond")
    jink = t.card(1, "jink")
    before = (g.state_hash(), len(g.events))
    for value in (float(jink), [float(jink)], str(jink), json.loads(json.dumps(float(jink)))):
        with pytest.raises(IllegalChoice):
            g.submit(value)
        assert (g.state_hash(), len(g.events)) == before and g.pending is req
    g.submit(jink)
    assert g.error is None and not g.over


@pytest.mark.parametrize("value", [
    (1.0,), (1, 2.0), ("rende", (40.0,), (2,)), ("rende", [40], [2]), ("rende", (40,), (True,)),
    (_Int(1),), (_Str("rende"), (40,), (2,)), ({"card": 1},), b"x", 0.0, 1.5,
])
def test_every_request_class_refuses_values_of_other_types(value: Any) -> None:
    play = new_game(Config(players=4, generals=None), seed=3).pending
    assert play is not None and play.kind == "play"
    requests: list[Request] = [
        play, PickRequest(0, "respond", (None, 1, 2, ("spear", 1))),
        PickRequest(0, "invoke", (False, True)), SubsetRequest(0, "discard_phase", (1, 2, 40), 1, 2),
        ArrangeRequest(0, "guanxing", (1, 2)),
    ]
    for req in requests:
        with pytest.raises(IllegalChoice):
            req.check(value)
        assert not req.is_legal(value)


def test_bools_and_ints_are_kept_apart_at_every_depth() -> None:
    assert not PickRequest(0, "invoke", (False, True)).is_legal(1)
    assert not PickRequest(0, "invoke", (False, True)).is_legal(0)
    assert not PickRequest(0, "respond", (None, 1)).is_legal(True)
    assert not PickRequest(0, "tuxi", ((0,), (1,), (0, 1))).is_legal((True,))
    assert not SubsetRequest(0, "discard_phase", (0, 1, 2), 1, 1).is_legal((True,))
    assert not ArrangeRequest(0, "guanxing", (0, 1)).is_legal(((False, True), ()))
    assert ArrangeRequest(0, "guanxing", (0, 1)).is_legal([[0, 1], []])


def test_arrays_nested_too_deep_are_refused_in_one_line_without_recursing() -> None:
    req = PickRequest(0, "respond", (None, 1))
    deep: Any = 1
    for _ in range(100_000):  # deeper than any recursion limit
        deep = [deep]
    with pytest.raises(IllegalChoice) as err:
        req.check(deep)
    assert err.value.code == "bad_type" and f"{MAX_CHOICE_DEPTH} deep" in str(err.value)
    g = new_game(Config(players=4, generals=None), seed=3)
    before = g.state_hash()
    with pytest.raises(IllegalChoice):
        g.submit(deep)
    assert g.state_hash() == before


def _subclasses(cls: type) -> Iterator[type]:
    subs: list[type] = cls.__subclasses__()
    for sub in subs:
        yield sub
        yield from _subclasses(sub)


def test_no_request_class_goes_round_the_gate() -> None:
    """Every request class of both games checks through ``Request.check``: none overrides the
    gate (``check``, ``is_legal``, ``_exact``); each kind's ``_check`` only sees exact types."""
    classes = list(_subclasses(Request))
    assert {PickRequest, SubsetRequest, ArrangeRequest} <= set(classes)
    assert any(c.__name__ == "PlayRequest" for c in classes)
    for cls in classes:
        for name in ("check", "is_legal", "_exact"):
            assert name not in vars(cls), (cls, name)
