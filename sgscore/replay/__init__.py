"""The replay toolkit: format v1 models, writer, bounded reader, re-simulation and validation,
stepping, diff, resim and export, for every installed game.

A replay is one append-only msgpack stream: a header, then decisions, checkpoints and (optionally)
events, then an end record with the game's summary. ``docs/replay-format.md`` specifies it; the
pydantic models in :mod:`sgscore.replay.models` define it and generate ``schemas/``. The toolkit
knows games only through their :class:`~sgscore.core.spec.GameSpec`, found by the header's game
id (:mod:`sgscore.core.games`).
"""

from .errors import ReplayError, ReplayWarning
from .models import (
    FORMAT_NAME,
    FORMAT_VERSION,
    CheckpointRecord,
    DecisionsRecord,
    End,
    ErrorRecord,
    EventsRecord,
    HashRecord,
    Header,
    Record,
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
from .resim import (
    Resimulator,
    ValidationResult,
    resimulate,
    spec_of,
    start_game,
    validate_file,
)
from .step import Moment, Stepper
from .tools import (
    ReplayDiff,
    ResimResult,
    diff_replays,
    export_replay,
    header_json,
    resim_file,
)
from .writer import RecordResult, ReplayWriter, make_header, record_game

__all__ = [
    "FORMAT_NAME", "FORMAT_VERSION", "ReplayError", "ReplayWarning", "ReplayWriter",
    "RecordResult", "make_header", "record_game", "read_replay", "resimulate", "validate_file",
    "ValidationResult", "Resimulator", "RecordReader", "Replay", "Limits", "Decisions",
    "Checkpoint", "Events", "UnknownRecord", "Header", "DecisionsRecord", "CheckpointRecord",
    "EventsRecord", "HashRecord", "ErrorRecord", "End", "Record", "json_schemas",
    "schema_text", "write_schemas", "ReplayDiff", "ResimResult", "diff_replays", "resim_file",
    "export_replay", "header_json", "spec_of", "start_game", "Stepper", "Moment",
]
