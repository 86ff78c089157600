"""The replay format v1, defined once as pydantic models, and the JSON Schema generated from them.

A replay is one msgpack stream: a :class:`Header` map, then records, then an :class:`End` map
(``docs/replay-format.md``). The record kinds, told apart by their msgpack type:

- an array ``[seat, choice]``: a :class:`DecisionRecord`;
- a non-negative integer: a :class:`CheckpointRecord` (``Game.quick_hash()``);
- a map with a short type key ``t``: :class:`EventsRecord` (``"ev"``), :class:`HashRecord`
  (``"cp"``), :class:`ErrorRecord` (``"err"``) and :class:`End` (``"end"``).

Readers ignore unknown keys in maps and skip maps with an unknown ``t``; the format only ever adds.
The reader parses the frequent records (decisions, checkpoints, events) by hand for speed; the
tests check that the hand parsers accept exactly what these models accept.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Final, Literal, Union

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    JsonValue,
    RootModel,
    StrictBool,
    StrictInt,
    StrictStr,
    TypeAdapter,
)
from typing_extensions import TypeAliasType

__all__ = [
    "FORMAT_NAME", "FORMAT_VERSION", "Value", "Header", "DecisionRecord", "CheckpointRecord",
    "EventsRecord", "HashRecord", "ErrorRecord", "Summary", "End", "Record",
    "json_schemas", "write_schemas", "schema_text",
]

FORMAT_NAME: Final = "sgscore-replay"
FORMAT_VERSION: Final = 1

MAX_SEAT = 255
U32 = 0xFFFFFFFF
HEX256 = r"^[0-9a-f]{64}$"

if TYPE_CHECKING:  # mypy cannot follow the recursive alias; pydantic reads the one below
    Value = Any
else:
    Value = TypeAliasType(
        "Value",
        Union[None, StrictBool, StrictInt, StrictStr, list["Value"]],  # noqa: UP007
    )
"""A plain value: nil, boolean, integer, string or an array of values (choices, event arguments).

In Python, arrays are tuples (``sgscore.core.protocol.normalize_choice``)."""

Seat = Annotated[StrictInt, Field(ge=0, le=MAX_SEAT)]
Count = Annotated[StrictInt, Field(ge=0)]
Hex256 = Annotated[StrictStr, Field(pattern=HEX256)]

_MAP = ConfigDict(extra="ignore", frozen=True)


class Header(BaseModel):
    """Record 0: what made the game (everything besides the decisions)."""

    model_config = ConfigDict(extra="ignore", frozen=True, title="Header")

    format: Literal["sgscore-replay"] = Field(description="Always 'sgscore-replay'.")
    version: Literal[1] = Field(description="The replay format version (not the engine version).")
    engine: StrictStr = Field(max_length=64, description="ENGINE_VERSION of the recording engine.")
    game: StrictStr = Field(max_length=64, description="Game and ruleset id, e.g. 'sanguosha/identity'.")
    rules: Hex256 = Field(description="SHA-256 (hex) of the rules sources (docs/replay-format.md).")
    rng: StrictStr = Field(max_length=64, description="PRNG algorithm id, e.g. 'pcg32-xsh-rr/v1'.")
    seed: Annotated[StrictInt, Field(ge=0, le=2**64 - 1)] = Field(description="The game seed.")
    config: dict[str, JsonValue] = Field(description="The game's options (Config.to_dict()).")
    agents: list[StrictStr] = Field(description="Who decided for each seat (e.g. 'random'); may be empty.")
    events: StrictBool = Field(description="Whether events records follow the decisions.")


class DecisionRecord(RootModel[tuple[Seat, Value]]):
    """``[seat, choice]``: the seat that decided and its choice (a value, never a list position)."""

    model_config = ConfigDict(title="DecisionRecord")


class CheckpointRecord(RootModel[Annotated[StrictInt, Field(ge=0, le=U32)]]):
    """A bare integer: ``Game.quick_hash()`` (CRC-32) of the state after the decisions so far.

    The recorder writes one before the first decision of every turn."""

    model_config = ConfigDict(title="CheckpointRecord")


Event = tuple[StrictStr, list[Value], StrictInt, Union[list[Value], None]]  # noqa: UP007


class EventsRecord(BaseModel):
    """Events appended since the previous events record: ``at`` is the index of the first one."""

    model_config = ConfigDict(extra="ignore", frozen=True, title="EventsRecord")

    t: Literal["ev"]
    at: Count = Field(description="Index of the first event of this record in the game's stream.")
    ev: list[Event] = Field(description="[kind, args, mask, hidden] per event (hidden may be nil).")


class HashRecord(BaseModel):
    """A full checkpoint: ``Game.state_hash()`` of the state after the decisions so far."""

    model_config = ConfigDict(extra="ignore", frozen=True, title="HashRecord")

    t: Literal["cp"]
    hash: Hex256


class ErrorRecord(BaseModel):
    """The engine raised: the exception kind and message, and how many decisions it had taken."""

    model_config = ConfigDict(extra="ignore", frozen=True, title="ErrorRecord")

    t: Literal["err"]
    kind: StrictStr = Field(description="Exception class name, e.g. 'ZeroDivisionError'.")
    msg: StrictStr = Field(description="str() of the exception.")
    at: Count = Field(description="Game.decisions when it raised (0: while setting up).")


class Summary(BaseModel):
    """``Game.summary()`` at the end; engines may add keys (kept, and compared on re-simulation)."""

    model_config = ConfigDict(extra="allow", frozen=True, title="Summary")

    winner: StrictStr | None
    reason: StrictStr
    turns: Count
    rounds: Count
    decisions: Count
    events: Count
    hash: Hex256 = Field(description="Game.state_hash(): SHA-256 of the canonical final state.")
    roles: list[StrictStr]
    generals: list[StrictStr]
    alive: list[StrictBool]


class End(BaseModel):
    """The last record: the game's summary, readable without re-simulating."""

    model_config = ConfigDict(extra="ignore", frozen=True, title="End")

    t: Literal["end"]
    summary: Summary


Record = Union[DecisionRecord, CheckpointRecord, EventsRecord, HashRecord, ErrorRecord, End]  # noqa: UP007
"""Any record after the header."""

_SCHEMA_BASE = "https://sgscore.invalid/schemas/"


def json_schemas() -> dict[str, dict[str, Any]]:
    """The JSON Schemas of format v1, by file name: one for the header, one for any later record."""
    header = Header.model_json_schema()
    record = TypeAdapter(Record).json_schema()
    out: dict[str, dict[str, Any]] = {}
    for name, schema, title in (
        ("header", header, "sgscore replay v1: header (record 0)"),
        ("record", record, "sgscore replay v1: any record after the header"),
    ):
        fname = f"replay-v{FORMAT_VERSION}.{name}.schema.json"
        full = {"$schema": "https://json-schema.org/draft/2020-12/schema",
                "$id": _SCHEMA_BASE + fname, **schema}
        full["title"] = title
        out[fname] = full
    return out


def schema_text(schema: dict[str, Any]) -> str:
    """The committed text of a schema: sorted keys, two-space indent, a final newline."""
    return json.dumps(schema, indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def write_schemas(folder: str | Path) -> list[Path]:
    """Write :func:`json_schemas` into ``folder`` (created if missing); returns the paths."""
    root = Path(folder)
    root.mkdir(parents=True, exist_ok=True)
    paths = []
    for fname, schema in json_schemas().items():
        p = root / fname
        p.write_text(schema_text(schema), encoding="utf-8")
        paths.append(p)
    return paths
