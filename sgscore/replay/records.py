"""The records a reader gives: the header, the end, full checkpoints and error records, as small
frozen values, checked by hand.

The pydantic models of :mod:`sgscore.replay.models` define the format and generate its JSON
Schema; reading a replay needs neither pydantic nor the models, so a command that reads a file
starts fast. ``tests/replay/test_schema.py`` checks that these parsers accept exactly what the
models accept. Each parse function raises :class:`~sgscore.replay.reader.BadValue`-like
``ValueError`` subclasses with a message naming the record type and the key at fault.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Final

__all__ = [
    "FORMAT_NAME", "FORMAT_VERSION", "MAX_SEAT", "U7", "CHECKPOINT_MASK", "RecordError",
    "Header", "End", "HashRecord", "ErrorRecord", "Suspended", "parse_header", "parse_end",
    "parse_hash", "parse_error", "parse_suspended", "END_KEYS", "HEADER_KEYS", "short",
]

FORMAT_NAME: Final = "sgscore-replay"
FORMAT_VERSION: Final = 1
MAX_SEAT = 255
U7 = 0x7F
CHECKPOINT_MASK: Final = U7
"""Checkpoints keep the low 7 bits of the quick hash: a positive fixint, one byte in msgpack. A
desync persists, so it shows at the next checkpoint or two; the end record holds the full hash."""

_HEX128 = re.compile(r"[0-9a-f]{32}")
_HEX256 = re.compile(r"[0-9a-f]{64}")


class RecordError(ValueError):
    """A header, end, checkpoint or error record that does not fit the format."""


# Short keys as stored, and the readable names a reader also accepts (the models'
# ``populate_by_name``).
HEADER_KEYS = {"engine": "e", "game": "g", "rules": "r", "rng": "p", "seed": "s", "config": "c",
               "agents": "a", "events": "ev"}
END_KEYS = {"winner": "w", "reason": "why", "turns": "tu", "rounds": "ro", "decisions": "d",
            "events": "n", "hash": "h", "roles": "rl", "generals": "gn", "alive": "al"}


@dataclass(frozen=True)
class Header:
    """Record 0: what made the game (``docs/replay-format.md``, "Header")."""

    format: str
    version: int
    engine: str
    game: str
    rules: str
    rng: str
    seed: int
    config: dict[str, Any]
    agents: str | list[str]
    events: bool

    def to_dict(self, *, short: bool = True) -> dict[str, Any]:
        """The header as a map: under its short keys as stored (``short``), else its names."""
        out: dict[str, Any] = {"format": self.format, "version": self.version}
        for name, key in HEADER_KEYS.items():
            value = getattr(self, name)
            out[key if short else name] = (
                dict(value) if isinstance(value, dict) else list(value)
                if isinstance(value, list) else value)
        return out


@dataclass(frozen=True)
class End:
    """The last record: the game's summary (``docs/replay-format.md``, "End"). ``extra``
    holds the entries format v1 does not name (another game's), under their own names, and an
    optional entry the record gives as nil (so that :meth:`summary` is what the record holds,
    entry for entry: validation compares it whole with the engine's)."""

    winner: str | None
    reason: str
    turns: int
    rounds: int
    decisions: int
    events: int
    hash: str
    roles: list[str] | None = None
    generals: list[str] | None = None
    alive: list[bool] | None = None
    extra: dict[str, Any] = field(default_factory=dict)

    def summary(self) -> dict[str, Any]:
        """The summary with the engine's key names (as ``Game.summary()`` gives it): the entries
        the record holds."""
        out: dict[str, Any] = {}
        for name in END_KEYS:
            value = getattr(self, name)
            if value is not None or name in ("winner",):
                out[name] = value
        out.update(self.extra)
        return out

    @staticmethod
    def from_summary(summary: dict[str, Any]) -> dict[str, Any]:
        """The end record map for ``summary`` (short keys; unknown entries under their names)."""
        out: dict[str, Any] = {"t": "end"}
        for key, value in summary.items():
            out[END_KEYS.get(key, key)] = value
        return out


@dataclass(frozen=True)
class HashRecord:
    """A full checkpoint: ``state_hash()`` of the state after the decisions so far."""

    hash: str


@dataclass(frozen=True)
class Suspended:
    """The last record of a game saved before its end (``docs/replay-format.md``, "Suspended"):
    it was suspended after ``at`` decisions, with ``events`` events told, in the state whose
    :meth:`state_hash` begins with ``hash`` (32 hex digits); ``sgscore.replay.resume_game``
    continues it."""

    at: int
    events: int
    hash: str

    def to_record(self) -> dict[str, Any]:
        """The record's map, as written."""
        return {"t": "sus", "at": self.at, "n": self.events, "h": self.hash}


@dataclass(frozen=True)
class ErrorRecord:
    """The engine raised: the exception kind and message, and how many decisions it had taken."""

    kind: str
    msg: str
    at: int


# ---------------------------------------------------------------------------- checks
def _get(raw: dict[str, Any], name: str, key: str) -> tuple[bool, Any]:
    if key in raw:
        return True, raw[key]
    if name in raw:
        return True, raw[name]
    return False, None


def _is_str(v: Any) -> bool:
    return type(v) is str


def _is_int(v: Any) -> bool:
    return type(v) is int


def _plain(v: Any, depth: int = 0) -> bool:
    """Whether ``v`` is a plain value: nil, a boolean, an integer, a string, or an array or a
    map (string keys) of plain values, at most 64 deep. No float, binary or extension value:
    the format uses none, and JSON holds every plain value."""
    if v is None or type(v) in (bool, int, str):
        return True
    if depth > 64:
        return False
    if type(v) is list:
        return all(_plain(x, depth + 1) for x in v)
    if type(v) is dict:
        return all(type(k) is str and _plain(x, depth + 1) for k, x in v.items())
    return False


def _once(raw: dict[str, Any], what: str, keys: dict[str, str]) -> None:
    """Refuse an entry given twice, under its short key and its readable name (which of the two
    a reader would take is not the format's to say)."""
    for name, key in keys.items():
        if key in raw and name in raw:
            raise _fail(what, key, f"given twice, as {key!r} and as {name!r}")


def _fail(what: str, key: str, why: str) -> RecordError:
    return RecordError(f"{what}: {key}: {why}")


def _req(raw: dict[str, Any], what: str, name: str, key: str) -> Any:
    found, value = _get(raw, name, key)
    if not found:
        raise _fail(what, key, "missing")
    return value


def _string(raw: dict[str, Any], what: str, name: str, key: str, max_len: int = 0) -> str:
    v = _req(raw, what, name, key)
    if not _is_str(v):
        raise _fail(what, key, f"expected a string, got {short(v)}")
    if max_len and len(v) > max_len:
        raise _fail(what, key, f"at most {max_len} characters, got {len(v)}")
    return str(v)


def _count(raw: dict[str, Any], what: str, name: str, key: str) -> int:
    v = _req(raw, what, name, key)
    if not _is_int(v) or v < 0:
        raise _fail(what, key, f"expected a non-negative integer, got {short(v)}")
    return int(v)


def short(v: Any) -> str:
    """A value from a file in a message: a scalar's ``repr`` cut to 40 characters, else its type
    (never the ``repr`` of a container, which can be deep or long)."""
    text = repr(v) if type(v) in (int, float, bool, str) or v is None else type(v).__name__
    return text if len(text) <= 40 else text[:37] + "..."



def _optional_list(raw: dict[str, Any], what: str, name: str, key: str,
                   kind: type) -> list[Any] | None:
    found, v = _get(raw, name, key)
    if not found or v is None:
        return None
    if type(v) is not list or not all(type(x) is kind for x in v):
        raise _fail(what, key, f"expected an array of {kind.__name__}, got {short(v)}")
    return list(v)


# ---------------------------------------------------------------------------- parsers
def parse_header(raw: dict[str, Any]) -> Header:
    """Record 0 from its decoded map (``format`` and ``version`` already checked)."""
    what = "Header"
    _once(raw, what, HEADER_KEYS)
    engine = _string(raw, what, "engine", "e", 64)
    game = _string(raw, what, "game", "g", 64)
    rules = _string(raw, what, "rules", "r")
    if not _HEX128.fullmatch(rules):
        raise _fail(what, "r", "expected 32 lowercase hex digits")
    rng = _string(raw, what, "rng", "p", 64)
    seed = _req(raw, what, "seed", "s")
    if not _is_int(seed) or not 0 <= seed <= 2**64 - 1:
        raise _fail(what, "s", f"expected an integer 0..2**64-1, got {short(seed)}")
    config = _req(raw, what, "config", "c")
    if type(config) is not dict or not _plain(config):
        raise _fail(what, "c", "expected a map of plain values (no float, binary or extension)")
    agents = _req(raw, what, "agents", "a")
    if not (_is_str(agents) or (type(agents) is list and all(_is_str(x) for x in agents))):
        raise _fail(what, "a", "expected a string or an array of strings")
    events = _req(raw, what, "events", "ev")
    if type(events) is not bool:
        raise _fail(what, "ev", f"expected a boolean, got {short(events)}")
    return Header(FORMAT_NAME, FORMAT_VERSION, engine, game, rules, rng, int(seed), dict(config),
                  agents if isinstance(agents, str) else list(agents), bool(events))


def parse_end(raw: dict[str, Any]) -> End:
    """The end record from its decoded map (``t`` is ``"end"``)."""
    what = "End"
    _once(raw, what, END_KEYS)
    found, winner = _get(raw, "winner", "w")
    if not found:
        raise _fail(what, "w", "missing")
    if winner is not None and not _is_str(winner):
        raise _fail(what, "w", f"expected a string or nil, got {short(winner)}")
    reason = _string(raw, what, "reason", "why")
    turns, rounds, decisions, events = (_count(raw, what, name, END_KEYS[name])
                                        for name in ("turns", "rounds", "decisions", "events"))
    h = _string(raw, what, "hash", "h")
    if not _HEX128.fullmatch(h):
        raise _fail(what, "h", "expected 32 lowercase hex digits")
    roles = _optional_list(raw, what, "roles", "rl", str)
    generals = _optional_list(raw, what, "generals", "gn", str)
    alive = _optional_list(raw, what, "alive", "al", bool)
    known = {"t", *END_KEYS, *END_KEYS.values()}
    extra: dict[str, Any] = {}
    entries: dict[Any, Any] = raw  # keys of any type: a caller may not have checked them
    for k, v in entries.items():
        if k in known:
            continue
        if type(k) is not str or not _plain(v):
            raise _fail(what, short(k), "expected a plain value (no float, binary or extension)")
        extra[k] = v
    for name, value in (("roles", roles), ("generals", generals), ("alive", alive)):
        if value is None and _get(raw, name, END_KEYS[name])[0]:
            extra[name] = None  # given as nil: kept, so the summary is the record's
    return End(winner, reason, turns, rounds, decisions, events, h, roles, generals, alive, extra)


def parse_hash(raw: dict[str, Any]) -> HashRecord:
    """A full checkpoint from its decoded map (``t`` is ``"cp"``)."""
    h = _string(raw, "HashRecord", "hash", "hash")
    if not _HEX256.fullmatch(h):
        raise _fail("HashRecord", "hash", "expected 64 lowercase hex digits")
    return HashRecord(h)


def parse_error(raw: dict[str, Any]) -> ErrorRecord:
    """An error record from its decoded map (``t`` is ``"err"``)."""
    what = "ErrorRecord"
    return ErrorRecord(_string(raw, what, "kind", "kind"), _string(raw, what, "msg", "msg"),
                       _count(raw, what, "at", "at"))


def parse_suspended(raw: dict[str, Any]) -> Suspended:
    """A suspended record from its decoded map (``t`` is ``"sus"``)."""
    what = "Suspended"
    at = _count(raw, what, "at", "at")
    events = _count(raw, what, "n", "n")
    h = _string(raw, what, "h", "h")
    if not _HEX128.fullmatch(h):
        raise _fail(what, "h", "expected 32 lowercase hex digits")
    return Suspended(at, events, h)
