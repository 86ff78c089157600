"""The pydantic models are the one definition: the committed schemas match them, and the hand
parsers of the hot records accept exactly what the models accept."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from sgscore.replay import (
    CheckpointRecord,
    DecisionsRecord,
    EventsRecord,
    json_schemas,
    schema_text,
)
from sgscore.replay.reader import BadValue, parse_checkpoint, parse_decisions, parse_events

SCHEMAS = Path(__file__).resolve().parents[2] / "schemas"


def test_committed_schemas_are_current() -> None:
    want = json_schemas()
    assert sorted(p.name for p in SCHEMAS.glob("*.json")) == sorted(want), \
        "regenerate with sgscore.replay.write_schemas('schemas')"
    for name, schema in want.items():
        assert (SCHEMAS / name).read_text(encoding="utf-8") == schema_text(schema), \
            f"schemas/{name} is stale: regenerate with sgscore.replay.write_schemas('schemas')"


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
    except BadValue:
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
