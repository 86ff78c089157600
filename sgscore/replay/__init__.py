"""The replay toolkit: format v1 records, writer, bounded reader, re-simulation and validation,
stepping, diff, resim, export and shrinking, for every installed game.

A replay is one append-only msgpack stream: a header, then decisions, checkpoints and (optionally)
events, then an end record with the game's summary. ``docs/replay-format.md`` specifies it; the
pydantic models in :mod:`sgscore.replay.models` define it and generate ``schemas/``. The toolkit
knows games only through their :class:`~sgscore.core.spec.GameSpec`, found by the header's game
id (:mod:`sgscore.core.games`).

The names below are loaded when first used, so a program that only reads a replay imports neither
pydantic nor the writer.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .errors import ReplayError, ReplayWarning
    from .models import (
        CheckpointRecordModel,
        DecisionsRecordModel,
        EndModel,
        ErrorRecordModel,
        EventsRecordModel,
        HashRecordModel,
        HeaderModel,
        RecordModel,
        SuspendedModel,
        json_schemas,
        schema_text,
        write_schemas,
    )
    from .reader import (
        Checkpoint,
        Decisions,
        Events,
        Limits,
        RecordReader,
        Replay,
        UnknownRecord,
        read_replay,
    )
    from .records import (
        FORMAT_NAME,
        FORMAT_VERSION,
        End,
        ErrorRecord,
        HashRecord,
        Header,
        Suspended,
    )
    from .resim import (
        Resimulator,
        ValidationResult,
        resimulate,
        spec_of,
        start_game,
        validate_file,
    )
    from .saved import Resumed, resume_game, save_game
    from .shrink import NothingToShrink, ShrinkResult, shrink_replay
    from .step import Moment, SeatWatch, Stepper
    from .tools import (
        ReplayDiff,
        ResimResult,
        diff_replays,
        export_replay,
        header_json,
        resim_file,
    )
    from .writer import Recorder, RecordResult, ReplayWriter, make_header, record_game

_WHERE = {
    "ReplayError": "errors", "ReplayWarning": "errors",
    "FORMAT_NAME": "records", "FORMAT_VERSION": "records", "Header": "records", "End": "records",
    "HashRecord": "records", "ErrorRecord": "records", "Suspended": "records",
    "HeaderModel": "models", "DecisionsRecordModel": "models", "CheckpointRecordModel": "models",
    "EventsRecordModel": "models", "HashRecordModel": "models", "ErrorRecordModel": "models",
    "EndModel": "models", "SuspendedModel": "models", "RecordModel": "models", "json_schemas": "models",
    "schema_text": "models", "write_schemas": "models",
    "Checkpoint": "reader", "Decisions": "reader", "Events": "reader", "Limits": "reader",
    "RecordReader": "reader", "Replay": "reader", "UnknownRecord": "reader",
    "read_replay": "reader",
    "Resimulator": "resim", "ValidationResult": "resim", "resimulate": "resim",
    "spec_of": "resim", "start_game": "resim", "validate_file": "resim",
    "Moment": "step", "SeatWatch": "step", "Stepper": "step",
    "NothingToShrink": "shrink", "ShrinkResult": "shrink", "shrink_replay": "shrink",
    "ReplayDiff": "tools", "ResimResult": "tools", "diff_replays": "tools",
    "export_replay": "tools", "header_json": "tools", "resim_file": "tools",
    "RecordResult": "writer", "Recorder": "writer", "ReplayWriter": "writer",
    "make_header": "writer", "record_game": "writer",
    "Resumed": "saved", "resume_game": "saved", "save_game": "saved",
}

__all__ = [
    "ReplayError", "ReplayWarning", "FORMAT_NAME", "FORMAT_VERSION", "Header", "End",
    "HashRecord", "ErrorRecord", "Suspended", "HeaderModel", "DecisionsRecordModel", "CheckpointRecordModel",
    "EventsRecordModel", "HashRecordModel", "ErrorRecordModel", "EndModel", "SuspendedModel",
    "RecordModel", "json_schemas", "schema_text", "write_schemas", "Checkpoint", "Decisions", "Events", "Limits",
    "RecordReader", "Replay", "UnknownRecord", "read_replay", "Resimulator", "ValidationResult",
    "resimulate", "spec_of", "start_game", "validate_file", "Moment", "SeatWatch", "Stepper",
    "ReplayDiff",
    "ResimResult", "diff_replays", "export_replay", "header_json", "resim_file", "RecordResult",
    "Recorder", "ReplayWriter", "make_header", "record_game", "NothingToShrink", "ShrinkResult",
    "shrink_replay", "Resumed", "resume_game", "save_game",
]


def __getattr__(name: str) -> Any:
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module 'sgscore.replay' has no attribute {name!r}")
    value = getattr(import_module(f"{__name__}.{module}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_WHERE))
