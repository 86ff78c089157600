"""The reader's hot records (decisions, checkpoints) are made the quick way, the same values as
before: a record of any shape gives the NamedTuple, equal and of the same type, that building it
value by value gives, and a value that does not fit is refused with the same words."""

from __future__ import annotations

from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from sgscore.replay.reader import (
    BadValue,
    Checkpoint,
    Decisions,
    Events,
    parse_checkpoint,
    parse_decisions,
    parse_events,
    parse_value,
)


def reference_value(v: Any, depth: int = 0, max_depth: int = 32) -> Any:
    """parse_value as it was written first: every array walked and rebuilt, value by value."""
    t = type(v)
    if t is int or t is str or v is None or t is bool:
        return v
    if t is list:
        if depth >= max_depth:
            raise BadValue(f"a value nests deeper than {max_depth} arrays")
        return tuple(reference_value(x, depth + 1, max_depth) for x in v)
    raise BadValue("a value that is not plain")


def outcome(f: Any, *args: Any) -> tuple[str, Any]:
    try:
        return "value", f(*args)
    except BadValue as e:
        return "refused", str(e).split(" (expected")[0].split("a value that is")[0]


SCALARS = st.one_of(st.integers(-2**63, 2**64 - 1), st.booleans(), st.none(), st.text(max_size=3))
VALUES = st.recursive(SCALARS | st.floats(allow_nan=False), lambda inner: st.lists(inner, max_size=4),
                      max_leaves=12)


@given(st.integers(0, 255), st.lists(VALUES, min_size=1, max_size=5), st.integers(1, 4))
def test_a_decisions_record_is_the_one_built_value_by_value(seat: int, choices: list[Any],
                                                            depth: int) -> None:
    record = [seat, *choices]
    got = outcome(parse_decisions, record, depth)
    want = outcome(lambda r, d: Decisions(r[0], reference_value(r, 0, d)[1:]), record, depth)
    assert got == want
    if got[0] == "value":
        assert type(got[1]) is Decisions and type(got[1].choices) is tuple
        assert [type(c) for c in got[1].choices] == [type(c) for c in want[1].choices]


@given(VALUES, st.integers(1, 5))
def test_a_value_is_the_one_built_value_by_value(value: Any, depth: int) -> None:
    assert outcome(parse_value, value, 0, depth) == outcome(reference_value, value, 0, depth)


def test_checkpoints_and_events_are_their_named_tuples() -> None:
    c = parse_checkpoint(93)
    assert type(c) is Checkpoint and c == Checkpoint(93) and c.quick == 93
    e = parse_events({"t": "ev", "at": 4, "ev": [["deal", [1, [2, 3]], 0, None],
                                                 ["draw", [0], 1, [[5, 6]]]]})
    assert type(e) is Events and e.at == 4
    assert e == Events(4, (("deal", (1, (2, 3)), 0, None), ("draw", (0,), 1, ((5, 6),))))
