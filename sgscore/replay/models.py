"""The replay format v1, defined once as pydantic models, and the JSON Schema generated from them.

The reader does not use these models (it parses by hand, without pydantic, so reading starts
fast: :mod:`sgscore.replay.records`); the tests check that the two accept the same records.

A replay is one msgpack stream: a :class:`Header` map, then records, then an :class:`End` map
(``docs/replay-format.md``). The record kinds, told apart by their msgpack type:

- an array ``[seat, choice, ...]``: a :class:`DecisionsRecord` (a run of one seat's decisions);
- a non-negative integer: a :class:`CheckpointRecord` (low 7 bits of ``Game.quick_hash()``: one byte);
- a map with a short type key ``t``: :class:`EventsRecord` (``"ev"``), :class:`HashRecord`
  (``"cp"``), :class:`ErrorRecord` (``"err"``), :class:`End` (``"end"``) and, for a game saved
  before its end, :class:`Suspended` (``"sus"``) in place of the end.

Readers ignore unknown keys in maps and skip maps with an unknown ``t``; the format only ever adds.
Short keys keep files small (``Header`` and ``End`` name their fields readably and store them
under aliases). The reader parses the frequent records (decisions, checkpoints, events) by hand
for speed; the
tests check that the hand parsers accept exactly what these models accept.

``python -m sgscore.replay.models --out schemas`` writes the schemas (a maintainer's command,
``docs/architecture.md``, "Maintainer commands"); a test fails when ``schemas/`` is stale.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    RootModel,
    StrictBool,
    StrictInt,
    StrictStr,
    TypeAdapter,
    model_validator,
)
from typing_extensions import TypeAliasType

from .records import (
    CHECKPOINT_MASK,
    END_KEYS,
    FORMAT_NAME,
    FORMAT_VERSION,
    HEADER_KEYS,
    MAX_SEAT,
    U7,
)

__all__ = [
    "FORMAT_NAME", "FORMAT_VERSION", "CHECKPOINT_MASK", "Value", "HeaderModel",
    "DecisionsRecordModel", "CheckpointRecordModel", "EventsRecordModel", "HashRecordModel",
    "ErrorRecordModel", "EndModel", "SuspendedModel", "RecordModel", "json_schemas",
    "write_schemas", "schema_text", "main",
]

HEX256 = r"^[0-9a-f]{64}$"

if TYPE_CHECKING:  # mypy cannot follow the recursive alias; pydantic reads the one below
    Value = Any
else:
    Value = TypeAliasType(
        "Value",
        None | StrictBool | StrictInt | StrictStr | list["Value"],
    )
"""A plain value: nil, boolean, integer, string or an array of values (choices, event arguments).

In Python, arrays are tuples (``sgscore.core.protocol.normalize_choice``)."""

if TYPE_CHECKING:
    Plain = Any
else:
    Plain = TypeAliasType(
        "Plain",
        None | StrictBool | StrictInt | StrictStr | list["Plain"] | dict[str, "Plain"],
    )
"""A value of a header's config or of an end record's entry: nil, boolean, integer, string, or
an array or a map (string keys) of such values. The format holds no float, binary or extension
value anywhere (JSON holds every plain value)."""


def _once(data: Any, names: dict[str, str]) -> Any:
    """Refuse an entry given under its short key and its readable name both."""
    if isinstance(data, dict):
        for name, key in names.items():
            if key in data and name in data:
                raise ValueError(f"{key} is given twice, as {key!r} and as {name!r}")
    return data

Seat = Annotated[StrictInt, Field(ge=0, le=MAX_SEAT)]
Count = Annotated[StrictInt, Field(ge=0)]
Hex256 = Annotated[StrictStr, Field(pattern=HEX256)]
HEX128 = r"^[0-9a-f]{32}$"

def _short(alias: str, description: str, **kw: Any) -> Any:
    """A field stored under a short key (files stay small); the Python name stays readable."""
    return Field(alias=alias, description=description, **kw)


class HeaderModel(BaseModel):
    """Record 0: what made the game (everything besides the decisions).

    ``format`` and ``version`` keep long keys so that any tool can recognise a replay; the other
    keys are short because every replay carries them."""

    model_config = ConfigDict(extra="ignore", frozen=True, populate_by_name=True, title="Header")

    format: Literal["sgscore-replay"] = Field(description="Always 'sgscore-replay'.")
    version: Literal[1] = Field(description="The replay format version (not the engine version).")
    engine: StrictStr = _short("e", "ENGINE_VERSION of the recording engine.", max_length=64)
    game: StrictStr = _short("g", "Game and ruleset id, e.g. 'sanguosha/identity'.", max_length=64)
    rules: Annotated[StrictStr, Field(pattern=HEX128)] = _short(
        "r", "First 128 bits (32 hex digits) of the SHA-256 of the rules sources.")
    rng: StrictStr = _short("p", "PRNG algorithm id, e.g. 'pcg32-xsh-rr/v1'.", max_length=64)
    seed: Annotated[StrictInt, Field(ge=0, le=2**64 - 1)] = _short("s", "The game seed.")
    config: dict[str, Plain] = _short(
        "c", "The game's options: the entries of Config.to_dict() that differ from the format's "
        "defaults for the game (docs/replay-format.md); a missing key means that default.")
    agents: StrictStr | list[StrictStr] = _short(
        "a", "Who decided: one description per seat, or one for every seat (e.g. 'random').")
    events: StrictBool = _short("ev", "Whether events records follow the decisions.")

    @model_validator(mode="before")
    @classmethod
    def _given_once(cls, data: Any) -> Any:
        return _once(data, HEADER_KEYS)


class DecisionsRecordModel(RootModel[list[Value]]):
    """``[seat, choice, choice, ...]``: consecutive decisions of one seat, in order (at least one).

    A choice is a value (never a list position); arrays stand for tuples."""

    model_config = ConfigDict(
        title="DecisionsRecord",
        json_schema_extra={"prefixItems": [
            {"type": "integer", "minimum": 0, "maximum": MAX_SEAT, "description": "The seat."}]},
    )
    root: list[Value] = Field(min_length=2)

    @model_validator(mode="after")
    def _seat_first(self) -> DecisionsRecordModel:
        seat = self.root[0]
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat <= MAX_SEAT:
            raise ValueError(f"the first item must be a seat 0-{MAX_SEAT}")
        return self


class CheckpointRecordModel(RootModel[Annotated[StrictInt, Field(ge=0, le=U7)]]):
    """A bare integer: the low 7 bits of ``Game.quick_hash()`` (CRC-32) of the state after the
    decisions so far. The recorder writes one before the first decision of every turn."""

    model_config = ConfigDict(title="CheckpointRecord")


Event = tuple[StrictStr, list[Value], StrictInt, list[Value] | None]


class EventsRecordModel(BaseModel):
    """Events appended since the previous events record: ``at`` is the index of the first one."""

    model_config = ConfigDict(extra="ignore", frozen=True, title="EventsRecord")

    t: Literal["ev"]
    at: Count = Field(description="Index of the first event of this record in the game's stream.")
    ev: list[Event] = Field(description="[kind, args, mask, hidden] per event (hidden may be nil).")


class HashRecordModel(BaseModel):
    """A full checkpoint: ``Game.state_hash()`` of the state after the decisions so far."""

    model_config = ConfigDict(extra="ignore", frozen=True, title="HashRecord")

    t: Literal["cp"]
    hash: Hex256


class ErrorRecordModel(BaseModel):
    """The engine raised: the exception kind and message, and how many decisions it had taken."""

    model_config = ConfigDict(extra="ignore", frozen=True, title="ErrorRecord")

    t: Literal["err"]
    kind: StrictStr = Field(description="Exception class name, e.g. 'ZeroDivisionError'.")
    msg: StrictStr = Field(description="str() of the exception.")
    at: Count = Field(description="Game.decisions when it raised (0: while setting up).")


class SuspendedModel(BaseModel):
    """The last record of a game saved before its end: where it was suspended, so that it can be
    resumed (``sgscore.replay.resume_game``) and validated as a game so far."""

    model_config = ConfigDict(extra="ignore", frozen=True, title="Suspended")

    t: Literal["sus"]
    at: Count = Field(description="Game.decisions when it was saved.")
    n: Count = Field(description="Length of the event stream when it was saved.")
    h: Annotated[StrictStr, Field(pattern=HEX128)] = Field(
        description="The first 128 bits (32 hex digits) of Game.state_hash() when it was saved.")


class EndModel(BaseModel):
    """The last record: ``Game.summary()`` under short keys, readable without re-simulating.

    Summary entries that format v1 does not name (another game's) are stored under their own names,
    as plain values; validation compares the record with the engine's summary entry for entry
    (an entry more or less is a difference)."""

    model_config = ConfigDict(extra="allow", frozen=True, populate_by_name=True, title="End")
    __pydantic_extra__: dict[str, Plain] = Field(init=False)

    t: Literal["end"]
    winner: StrictStr | None = _short("w", "The winning side, or nil (a draw, an error).")
    reason: StrictStr = _short("why", "Why the game ended.")
    turns: Count = _short("tu", "Turns begun.")
    rounds: Count = _short("ro", "Rounds begun.")
    decisions: Count = _short("d", "Decisions taken (recorded ones: forced ones are not).")
    events: Count = _short("n", "Length of the event stream.")
    hash: Annotated[StrictStr, Field(pattern=HEX128)] = _short(
        "h", "The first 128 bits (32 hex digits) of Game.state_hash() of the final state.")
    roles: list[StrictStr] | None = _short(
        "rl", "Role per seat (identity mode; other games may leave it out).", default=None)
    generals: list[StrictStr] | None = _short(
        "gn", "General per seat, '' in beginner mode (identity mode; other games may leave it "
        "out).", default=None)
    alive: list[StrictBool] | None = _short(
        "al", "Alive per seat at the end (identity mode; other games may leave it out).",
        default=None)

    @model_validator(mode="before")
    @classmethod
    def _given_once(cls, data: Any) -> Any:
        return _once(data, END_KEYS)


RecordModel = (DecisionsRecordModel | CheckpointRecordModel | EventsRecordModel | HashRecordModel
               | ErrorRecordModel | EndModel | SuspendedModel)
"""Any record after the header."""

_SCHEMA_BASE = "https://sgscore.invalid/schemas/"


def _named(schema: dict[str, Any]) -> dict[str, Any]:
    """The schema with its definitions named after the records (``End``, not ``EndModel``)."""
    text = json.dumps(schema)
    for name in ("HeaderModel", "DecisionsRecordModel", "CheckpointRecordModel",
                 "EventsRecordModel", "HashRecordModel", "ErrorRecordModel", "EndModel",
                 "SuspendedModel"):
        text = text.replace(f'"#/$defs/{name}"', f'"#/$defs/{name.removesuffix("Model")}"')
    out: dict[str, Any] = json.loads(text)
    defs = out.get("$defs")
    if isinstance(defs, dict):
        out["$defs"] = {k.removesuffix("Model"): v for k, v in defs.items()}
    return out


def json_schemas() -> dict[str, dict[str, Any]]:
    """The JSON Schemas of format v1, by file name: one for the header, one for any later record."""
    header = _named(HeaderModel.model_json_schema())
    record = _named(TypeAdapter(RecordModel).json_schema())
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


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m sgscore.replay.models --out FOLDER``: write the JSON Schema files into FOLDER
    and print their paths; exit 1 with one line when they cannot be written."""
    parser = argparse.ArgumentParser(
        prog="python -m sgscore.replay.models",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description="Write the JSON Schema files of the replay format, generated from its\n"
                    "pydantic models (the committed ones are in schemas/).",
        epilog="example:\n  python -m sgscore.replay.models --out schemas && git diff schemas/")
    parser.add_argument("--out", required=True, metavar="FOLDER",
                        help="the folder to write them into (made if missing)")
    args = parser.parse_args(argv)
    try:
        written = write_schemas(args.out)
    except OSError as e:
        print(f"error: {args.out}: cannot write ({e.strerror or e})", file=sys.stderr)
        return 1
    for path in written:
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
