"""The replay toolkit: format v1 models, writer, bounded reader, re-simulation and validation.

A replay is one append-only msgpack stream: a header, then decisions, checkpoints and (optionally)
events, then an end record with the game's summary. ``docs/replay-format.md`` specifies it; the
pydantic models in :mod:`sgscore.replay.models` define it and generate ``schemas/``.
"""

from .errors import ReplayError, ReplayWarning
from .games import GAMES, GameSpec, full_config, rules_hash, source_hash, sparse_config
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
from .resim import Resimulator, ValidationResult, resimulate, validate_file
from .step import Moment, Stepper
from .tools import ReplayDiff, ResimResult, diff_replays, export_replay, resim_file
from .writer import RecordResult, ReplayWriter, make_header, record_game

__all__ = [
    "FORMAT_NAME", "FORMAT_VERSION", "ReplayError", "ReplayWarning", "ReplayWriter",
    "RecordResult", "make_header", "record_game", "read_replay", "resimulate", "validate_file",
    "ValidationResult", "Resimulator", "RecordReader", "Replay", "Limits", "Decisions",
    "Checkpoint", "Events", "UnknownRecord", "Header", "DecisionsRecord", "CheckpointRecord",
    "EventsRecord", "HashRecord", "ErrorRecord", "End", "Record", "json_schemas",
    "schema_text", "write_schemas", "GAMES", "GameSpec", "rules_hash", "source_hash", "full_config",
    "sparse_config", "ReplayDiff", "ResimResult", "diff_replays", "resim_file", "export_replay",
]
__all__ += ["Stepper", "Moment"]
