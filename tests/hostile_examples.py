"""The smallest replays of each failure class of issue 18 (classes 1-4): a real game with one
record changed. The regression tests of ``tests/replay/test_exact.py`` check each; the
differential test runs them on both cores (``tests/replay/test_both_cores.py``)."""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any

from sgscore.fuzz import Raw, decode_records, encode_records
from sgscore.sanguosha.config import Config

from recorded import record_bytes

EMPTY_BIN = Raw(b"\xc4\x00")
EMPTY_EXT = Raw(b"\xc7\x00\x05")
FLOAT32 = Raw(b"\xca\x3f\xc0\x00\x00")


@dataclass(frozen=True)
class Example:
    """A hostile replay: its bytes, the record that must be refused or invalid, and the words
    its reason must hold."""

    name: str
    data: bytes
    record: int
    says: str


@functools.cache
def game() -> list[Any]:
    """A 4-player beginner game of 2 rounds with events, as decoded records."""
    data, result = record_bytes(Config(players=4, generals=None, max_rounds=2), 7, events=True)
    assert result.error is None
    return decode_records(data)


def first(records: list[Any], kind: str) -> int:
    """The index of the first record of a kind: decisions, checkpoint or events."""
    for i, r in enumerate(records):
        if i > 0 and ((kind == "decisions" and type(r) is list)
                      or (kind == "checkpoint" and type(r) is int)
                      or (kind == "events" and type(r) is dict and r.get("t") == "ev")):
            return i
    raise AssertionError(f"no {kind} record")


def changed(where: str, key: Any, value: Any) -> tuple[bytes, int]:
    """The game with ``key: value`` put into a map of the record ``where`` names: ``header``,
    ``config``, ``events`` (the record's own map), ``event`` (a map in an event's arguments: the
    reader refuses maps there anyway), ``full checkpoint``, ``error`` and ``unknown`` (inserted
    before the end record), ``end``; and the index of that record."""
    recs = [dict(r) if type(r) is dict else r for r in game()]
    end = len(recs) - 1
    if where == "header":
        recs[0][key] = value
        return encode_records(recs), 0
    if where == "config":
        recs[0]["c"] = {**recs[0]["c"], key: value}
        return encode_records(recs), 0
    if where == "events":
        i = first(recs, "events")
        recs[i][key] = value
        return encode_records(recs), i
    if where == "end":
        recs[end][key] = value
        return encode_records(recs), end
    kinds: dict[str, dict[Any, Any]] = {"full checkpoint": {"t": "cp", "hash": "0" * 64},
                                        "error": {"t": "err", "kind": "X", "msg": "y", "at": 1},
                                        "unknown": {"t": "later", "n": 1}}
    inserted = kinds[where]
    inserted[key] = value
    recs.insert(end, inserted)
    return encode_records(recs), end


RECORDS = ("header", "config", "events", "full checkpoint", "error", "unknown", "end")
"""The maps of a replay a value or a key can hide in (decisions records hold no map)."""

UNUSED = {"an empty binary": EMPTY_BIN, "an empty extension": EMPTY_EXT, "a float": 1.5,
          "a float32": FLOAT32, "a huge float": 1e300, "a float NaN": float("nan"),
          "a binary inside an array": [1, [EMPTY_BIN]], "a float inside a map": {"k": [92.0]}}
"""Values of msgpack types the format never uses, as values of an entry."""

KEYS = {"an empty binary": EMPTY_BIN, "an integer": 1, "a boolean": True, "a nil": None,
        "a float": 2.5, "an array": Raw(b"\x91\x01"), "a map": Raw(b"\x80"),
        "an extension": EMPTY_EXT}
"""Map keys of every type but the string."""


def unused_types() -> list[Example]:
    """Classes 2 and 4: each value of :data:`UNUSED` in each map of :data:`RECORDS`, and each
    key of :data:`KEYS` there (and deeper, in a map of an entry)."""
    out = []
    for where in RECORDS:
        for what, value in UNUSED.items():
            data, index = changed(where, "zz", value)
            out.append(Example(f"{what} in the {where}", data, index, "which the format never uses"))
        for what, key in KEYS.items():
            data, index = changed(where, key, 1)
            out.append(Example(f"a key that is {what} in the {where}", data, index,
                               "map key that is"))
        data, index = changed(where, "zz", {"k": {EMPTY_BIN: 1}})
        out.append(Example(f"a binary key two maps down in the {where}", data, index,
                           "map key that is a binary"))
    return out


def forged_ends() -> list[Example]:
    """Class 1: end records the engine would not write for these decisions."""
    recs = game()
    end = len(recs) - 1
    real = recs[end]
    seats = len(real["rl"])
    forged = {
        "scores on a game without scoring": {**real, "scores": [100] + [0] * (seats - 1)},
        "the dice game's hp": {**real, "hp": [4] * seats},
        "an unknown entry": {**real, "note": "forged"},
        "another winner": {**real, "w": "rebel" if real["w"] != "rebel" else "lord"},
        "one more turn": {**real, "tu": real["tu"] + 1},
        "alive as integers": {**real, "al": [int(a) for a in real["al"]]},
        "a shorter alive list": {**real, "al": real["al"][:-1]},
        "no roles": {k: v for k, v in real.items() if k != "rl"},
        "roles given as nil": {**real, "rl": None},
        "a winner under both names": {**real, "winner": real["w"]},
        "another final hash": {**real, "h": "0" * 32},
    }
    says = {"scores on a game without scoring": "'scores'", "the dice game's hp": "'hp'",
            "an unknown entry": "'note'", "another winner": "winner", "one more turn": "turns",
            "alive as integers": "al", "a shorter alive list": "alive", "no roles": "roles",
            "roles given as nil": "roles", "a winner under both names": "given twice",
            "another final hash": "hash"}
    return [Example(name, encode_records([*recs[:end], rec]), end, says[name])
            for name, rec in forged.items()]


def all_examples() -> list[Example]:
    return forged_ends() + unused_types()
