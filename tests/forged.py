"""Forged replays: a real game with one record changed so that it is no longer what the engine
recorded, for the tests that every command tells the engine's game and never the forgery.

Each helper takes a replay's bytes and returns the forged bytes and the index of the record it
changed: :func:`forge_end` (entries of the end record changed, added or removed),
:func:`forge_event` (an event's argument in an events record), :func:`forge_checkpoint` (a
checkpoint's value). As a script it writes one: ``python tests/forged.py end IN OUT
scores=[100,0,0,0]`` (values as JSON; ``KEY=`` alone removes the entry), ``python
tests/forged.py event IN OUT``, ``python tests/forged.py checkpoint IN OUT``.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from sgscore.fuzz import decode_records, encode_records

REMOVE = object()
"""A value for :func:`forge_end` that removes the entry."""


def _end(records: list[Any]) -> int:
    last = len(records) - 1
    if not (type(records[last]) is dict and records[last].get("t") == "end"):
        raise ValueError("the replay has no end record")
    return last


def forge_end(data: bytes, **entries: Any) -> tuple[bytes, int]:
    """The replay with its end record's ``entries`` set (under the record's keys: ``w``,
    ``why``, ``al``, or a name of one's own such as ``scores``), or removed (:data:`REMOVE`)."""
    records = decode_records(data)
    at = _end(records)
    end = dict(records[at])
    for key, value in entries.items():
        if value is REMOVE:
            end.pop(key, None)
        else:
            end[key] = value
    records[at] = end
    return encode_records(records), at


def forge_event(data: bytes, nth: int = 0) -> tuple[bytes, int]:
    """The replay with the last argument of one event changed (an integer one more, a string
    another, a list one item longer): the ``nth`` event, counted over the events records, that
    has arguments."""
    records = decode_records(data)
    seen = 0
    for i, rec in enumerate(records):
        if i == 0 or type(rec) is not dict or rec.get("t") != "ev":
            continue
        events = [list(e) for e in rec["ev"]]
        for event in events:
            args = list(event[1])
            if not args:
                continue
            if seen == nth:
                old = args[-1]
                args[-1] = (old + 1 if type(old) is int else old + "x" if type(old) is str
                            else [*old, 0] if type(old) is list else 0)
                event[1] = args
                records[i] = {**rec, "ev": events}
                return encode_records(records), i
            seen += 1
    raise ValueError("the replay records no such event")


def forge_checkpoint(data: bytes, nth: int = 0) -> tuple[bytes, int]:
    """The replay with its ``nth`` checkpoint (a positive fixint record) one more, modulo 128."""
    records = decode_records(data)
    found = [i for i, rec in enumerate(records) if i > 0 and type(rec) is int]
    if nth >= len(found):
        raise ValueError("the replay has no such checkpoint")
    i = found[nth]
    records[i] = (records[i] + 1) % 128
    return encode_records(records), i


def main(argv: list[str]) -> int:
    if len(argv) < 3 or argv[0] not in ("end", "event", "checkpoint"):
        print(__doc__, file=sys.stderr)
        return 2
    what, src, dst, *rest = argv
    data = Path(src).read_bytes()
    if what == "end":
        entries = {}
        for item in rest:
            key, _, value = item.partition("=")
            entries[key] = json.loads(value) if value else REMOVE
        out, at = forge_end(data, **entries)
    elif what == "event":
        out, at = forge_event(data, int(rest[0]) if rest else 0)
    else:
        out, at = forge_checkpoint(data, int(rest[0]) if rest else 0)
    Path(dst).write_bytes(out)
    print(f"{dst}: record {at} forged")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
