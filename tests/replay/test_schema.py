"""The pydantic models are the one definition: the committed schemas match them, and the hand
parsers of the hot records accept exactly what the models accept."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from sgscore.replay.models import CheckpointRecordModel as CheckpointRecord
from sgscore.replay.models import DecisionsRecordModel as DecisionsRecord
from sgscore.replay.models import (
    EndModel,
    ErrorRecordModel,
    HashRecordModel,
    HeaderModel,
    SuspendedModel,
    json_schemas,
    schema_text,
)
from sgscore.replay.models import EventsRecordModel as EventsRecord
from sgscore.replay.reader import BadValue, parse_checkpoint, parse_decisions, parse_events
from sgscore.replay.records import (
    RecordError,
    parse_end,
    parse_error,
    parse_hash,
    parse_header,
    parse_suspended,
)

SCHEMAS = Path(__file__).resolve().parents[2] / "schemas"


def test_committed_schemas_are_current() -> None:
    want = json_schemas()
    assert sorted(p.name for p in SCHEMAS.glob("replay-*.json")) == sorted(want), \
        "schemas/ is stale: run python -m sgscore.replay.models --out schemas"
    for name, schema in want.items():
        assert (SCHEMAS / name).read_text(encoding="utf-8") == schema_text(schema), \
            f"schemas/{name} is stale: run python -m sgscore.replay.models --out schemas"


scalars = st.one_of(st.none(), st.booleans(), st.integers(-(2**63), 2**64 - 1),
                    st.text(max_size=5), st.floats(allow_nan=False), st.binary(max_size=2))
values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=3), max_leaves=8)


def _agree(model: Any, parse: Any, raw: Any) -> None:
    try:
        model.model_validate(raw)
        model_ok = True
    except ValidationError:
        model_ok = False
    try:
        parse(raw)
        hand_ok = True
    except (BadValue, RecordError):
        hand_ok = False
    assert model_ok == hand_ok, raw


@settings(max_examples=300, deadline=None)
@given(st.lists(values, max_size=4))
def test_decisions_parser_agrees_with_the_model(raw: list[Any]) -> None:
    _agree(DecisionsRecord, parse_decisions, raw)


@settings(max_examples=100, deadline=None)
@given(st.integers(-5, 2**17))
def test_checkpoint_parser_agrees_with_the_model(raw: int) -> None:
    _agree(CheckpointRecord, parse_checkpoint, raw)


@settings(max_examples=200, deadline=None)
@given(st.fixed_dictionaries({"t": st.just("ev"), "at": values, "ev": st.lists(
    st.one_of(values, st.tuples(values, values, values, values).map(list)), max_size=3)}))
def test_events_parser_agrees_with_the_model(raw: dict[str, Any]) -> None:
    _agree(EventsRecord, parse_events, raw)


def test_parsers_turn_arrays_into_tuples() -> None:
    d = parse_decisions([2, None, [1, [3]], "x", True])
    assert d.seat == 2 and d.choices == (None, (1, (3,)), "x", True)
    assert DecisionsRecord.model_validate([2, None, [1, [3]]]).root == [2, None, [1, [3]]]
    with pytest.raises(BadValue):
        parse_decisions([True, 1])


# The header, end, full-checkpoint and error records: a valid map with one entry replaced by
# any value, left out, or added (the reader reads them by hand, without pydantic).
GOOD_HEADER = {"format": "sgscore-replay", "version": 1, "e": "0.1.0", "g": "sanguosha/identity",
               "r": "7934f03453a286203c436ddefc49360a", "p": "pcg32-xsh-rr/v1", "s": 7,
               "c": {"players": 4, "generals": None, "pool": ["a", "b"]}, "a": "random",
               "ev": False}
GOOD_END = {"t": "end", "w": None, "why": "round_cap", "tu": 4, "ro": 1, "d": 14, "n": 60,
            "h": "8c52057b6d8687e1b4048a164b261f75", "rl": ["lord", "rebel"], "gn": ["", ""],
            "al": [True, False], "secrets": [1, 2]}
GOOD_HASH = {"t": "cp", "hash": "ab" * 32}
GOOD_ERROR = {"t": "err", "kind": "ZeroDivisionError", "msg": "boom", "at": 3}
GOOD_SUSPENDED = {"t": "sus", "at": 60, "n": 412, "h": "0f" * 16}
maps = st.recursive(scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=3), st.dictionaries(st.text(max_size=3), inner, max_size=2)),
    max_leaves=6)


def _mutated(good: dict[str, Any]) -> Any:
    keys = sorted(good)
    return st.one_of(
        st.tuples(st.sampled_from(keys), maps).map(lambda kv: {**good, kv[0]: kv[1]}),
        st.sampled_from(keys).map(lambda k: {x: v for x, v in good.items() if x != k}),
        st.tuples(st.text(max_size=4), maps).map(lambda kv: {**good, kv[0]: kv[1]}),
        st.just(good),
    )


@settings(max_examples=400, deadline=None)
@given(_mutated(GOOD_HEADER))
def test_header_parser_agrees_with_the_model(raw: dict[str, Any]) -> None:
    if raw.get("format") != "sgscore-replay" or raw.get("version") != 1:
        return  # the reader checks these two first, with messages of their own
    _agree(HeaderModel, parse_header, raw)


@settings(max_examples=400, deadline=None)
@given(_mutated(GOOD_END))
def test_end_parser_agrees_with_the_model(raw: dict[str, Any]) -> None:
    if raw.get("t") != "end":
        return  # the reader dispatches on t
    _agree(EndModel, parse_end, raw)
    if any(k in raw and raw[k] is None for k in ("rl", "gn", "al")):
        return  # an explicit nil (no writer makes one): the model's dump keeps it, ours not
    try:
        ours = parse_end(raw).summary()
        if set(raw) & (set(parse_end(GOOD_END).summary()) - set(GOOD_END)):
            return  # an unknown key named like a summary entry ("hash"): the model's dump lets
            # it shadow the record's entry; ours keeps the entry the record's own key holds
    except RecordError:
        return
    assert ours == EndModel.model_validate(raw).model_dump(exclude={"t"}, exclude_unset=True)


@settings(max_examples=200, deadline=None)
@given(st.one_of(_mutated(GOOD_HASH), _mutated(GOOD_ERROR)))
def test_hash_and_error_parsers_agree_with_the_models(raw: dict[str, Any]) -> None:
    if raw.get("t") == "cp":
        _agree(HashRecordModel, parse_hash, raw)
    elif raw.get("t") == "err":
        _agree(ErrorRecordModel, parse_error, raw)


@settings(max_examples=200, deadline=None)
@given(_mutated(GOOD_SUSPENDED))
def test_suspended_parser_agrees_with_the_model(raw: dict[str, Any]) -> None:
    if raw.get("t") == "sus":
        _agree(SuspendedModel, parse_suspended, raw)
