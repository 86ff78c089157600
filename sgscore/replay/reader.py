"""Reading replays: a bounded, streaming msgpack reader that trusts nothing in the file.

:class:`RecordReader` yields typed records one by one (memory flat in the file's length);
:func:`read_replay` collects them into a :class:`Replay`. Anything malformed raises
:class:`~sgscore.replay.errors.ReplayError` with the record index and a one-line reason. A file cut
short reads up to its last whole record and is marked truncated (with where), since a crash or a
killed process leaves exactly that. A file of an older format version is migrated to the current
layout as it is read, when :mod:`sgscore.replay.versions` knows how; any other version is refused
at record 0.
"""

from __future__ import annotations

import io
import os
import stat
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import IO, Any, NamedTuple

import msgpack

from ..core.protocol import Choice
from .errors import ReplayError
from .records import (
    FORMAT_NAME,
    FORMAT_VERSION,
    MAX_SEAT,
    U7,
    End,
    ErrorRecord,
    HashRecord,
    Header,
    RecordError,
    Suspended,
    parse_end,
    parse_error,
    parse_hash,
    parse_header,
    parse_suspended,
    short,
)
from .versions import VersionError, migrator

__all__ = [
    "Limits", "Decisions", "Checkpoint", "Events", "UnknownRecord", "AnyRecord", "Replay",
    "RecordReader", "read_replay", "parse_value", "parse_decisions", "parse_checkpoint",
    "parse_events", "BadValue",
]

EventTuple = tuple[str, tuple[Any, ...], int, tuple[Any, ...] | None]


@dataclass(frozen=True)
class Limits:
    """Bounds on what a reader accepts, so a hostile file costs bounded memory and time."""

    max_bytes: int = 8 << 20  # the whole file
    max_records: int = 1_000_000
    max_decisions: int = 100_000  # decisions in the whole file
    max_events: int = 100_000  # events in the whole file
    max_buffer_size: int = 1 << 20  # the largest single record
    max_str_len: int = 1 << 20
    max_bin_len: int = 0  # the format has no binary values
    max_ext_len: int = 0  # nor extension types
    max_array_len: int = 1 << 16
    max_map_len: int = 64
    max_depth: int = 32  # nesting of a choice or an event argument
    max_stack: int = 1024  # nesting of any msgpack value (msgpack-python's own bound)
    max_between: int = 256  # records in a row that are not decisions (checkpoints, events, ...)
    max_warnings: int = 8  # warnings kept word for word; the rest are counted


class Decisions(NamedTuple):
    """Consecutive decisions of one seat (one record)."""

    seat: int
    choices: tuple[Choice, ...]


class Checkpoint(NamedTuple):
    """The low 7 bits of ``Game.quick_hash()``."""

    quick: int


class Events(NamedTuple):
    at: int
    events: tuple[EventTuple, ...]


class UnknownRecord(NamedTuple):
    """A map with a type this reader does not know (added by a later writer); skipped."""

    t: str
    data: dict[str, Any]


AnyRecord = (Header | Decisions | Checkpoint | Events | HashRecord | ErrorRecord | End | Suspended
             | UnknownRecord)

_new_tuple = tuple.__new__
"""How the reader makes its hot records (a decisions record, a checkpoint), the tuples they are:
a NamedTuple's own constructor is a Python function, which cost reading a file more than all its
checks."""


# ---------------------------------------------------------------- hand parsers (the hot records)
class BadValue(ValueError):
    """A value that does not fit the format (raised by the ``parse_*`` functions); the reader
    turns it into a :class:`ReplayError` with the record index."""


def parse_value(v: Any, depth: int = 0, max_depth: int = 32) -> Any:
    """A decoded msgpack value as a plain value (arrays become tuples); anything else raises."""
    t = type(v)
    if t is int or t is str or v is None or t is bool:
        return v
    if t is list:
        if depth >= max_depth:
            raise BadValue(f"a value nests deeper than {max_depth} arrays")
        for x in v:
            tx = type(x)
            if not (tx is int or tx is str or x is None or tx is bool):
                break
        else:  # no array inside (most choices): the array as it is
            return tuple(v)
        out = []
        for x in v:
            tx = type(x)
            if tx is int or tx is str or x is None or tx is bool:
                out.append(x)
            else:
                out.append(parse_value(x, depth + 1, max_depth))
        return tuple(out)
    raise BadValue(f"a value that is {_kind(v)} (expected nil, boolean, integer, string or array)")


def parse_decisions(v: list[Any], max_depth: int = 32) -> Decisions:
    """``[seat, choice, ...]`` (see :class:`~sgscore.replay.models.DecisionsRecord`)."""
    if len(v) < 2:
        raise BadValue(f"a decisions record is [seat, choice, ...], got an array of {len(v)}")
    seat = v[0]
    if type(seat) is not int or not 0 <= seat <= MAX_SEAT:
        raise BadValue(f"a decision's seat must be an integer 0-{MAX_SEAT}, got {short(seat)}")
    choices = []  # each as parse_value gives it, one array down
    for i in range(1, len(v)):
        x = v[i]
        t = type(x)
        if t is int or x is None or t is bool or t is str:
            choices.append(x)
        else:
            choices.append(parse_value(x, 1, max_depth))
    return _new_tuple(Decisions, (seat, tuple(choices)))


DRAFT_CHECKPOINT = ("; 16-bit checkpoints were written only by development drafts of format "
                    "version 1 (sgscore before commit 3fe0a05), which no release reads")
"""Said of a checkpoint over 127 that fits in 16 bits: the files of those drafts said version 1
too (``docs/replay-format.md``, "Versions")."""


def parse_checkpoint(v: int) -> Checkpoint:
    if not 0 <= v <= U7:
        raise BadValue(f"a checkpoint is an integer 0-127, got {v}"
                       + (DRAFT_CHECKPOINT if U7 < v <= 0xFFFF else ""))
    return _new_tuple(Checkpoint, (v,))


def parse_events(v: dict[str, Any], max_depth: int = 32) -> Events:
    """``{"t": "ev", "at": first_index, "ev": [[kind, args, mask, hidden], ...]}``."""
    at = v.get("at")
    evs = v.get("ev")
    if not isinstance(at, int) or isinstance(at, bool) or at < 0:
        raise BadValue(f"an events record needs 'at', a non-negative integer, got {short(at)}")
    if not isinstance(evs, list):
        raise BadValue("an events record needs 'ev', an array of events")
    out = []
    for e in evs:
        if not isinstance(e, list) or len(e) != 4:
            raise BadValue("an event is [kind, args, mask, hidden]")
        kind, args, mask, hidden = e
        if not isinstance(kind, str):
            raise BadValue("an event's kind must be a string")
        if not isinstance(args, list):
            raise BadValue(f"event {short(kind)}: args must be an array")
        if not isinstance(mask, int) or isinstance(mask, bool):
            raise BadValue(f"event {short(kind)}: mask must be an integer")
        if hidden is not None and not isinstance(hidden, list):
            raise BadValue(f"event {short(kind)}: hidden must be an array or nil")
        out.append((
            kind, parse_value(args, 1, max_depth), mask,
            None if hidden is None else parse_value(hidden, 1, max_depth),
        ))
    return _new_tuple(Events, (at, tuple(out)))


def _kind(v: Any) -> str:
    """The msgpack type of a decoded value, with its article: "an integer", "a map"."""
    if v is None:
        return "a nil"
    return {bool: "a boolean", int: "an integer", float: "a float", str: "a string",
            bytes: "a binary", list: "an array", dict: "a map"}.get(type(v), "an extension")


_KEY_TYPES = {"int": "an integer", "bool": "a boolean", "NoneType": "a nil", "float": "a float",
              "list": "an array", "tuple": "an array", "dict": "a map", "ExtType": "an extension",
              "Timestamp": "an extension"}
"""msgpack-python's names of the types it refuses as map keys, as msgpack names them."""


def _msgpack_reason(e: Exception) -> str:
    """msgpack's error in words a reader of a bug report understands."""
    text = str(e)
    if isinstance(e, UnicodeDecodeError):
        return "a string that is not UTF-8"
    if "exceeds max_ext_len" in text:
        return "an extension value, which the format never uses"
    if "exceeds max_bin_len" in text:
        return "a binary value, which the format never uses"
    if "exceeds max_" in text:
        return f"a length over this reader's limits ({text})"
    if " is not allowed for map key" in text:
        name = text.split(" ", 1)[0]
        return (f"a map key that is {_KEY_TYPES.get(name, 'not a string')}, which the format "
                "never uses (its map keys are strings)")
    return text or type(e).__name__


def _record(parse: Callable[[dict[str, Any]], Any], raw: dict[str, Any], index: int) -> Any:
    try:
        return parse(raw)
    except RecordError as e:
        raise ReplayError(index, str(e)) from None


# ---------------------------------------------------------------- partial records
_LEN_SIZE = {0xC4: 1, 0xC5: 2, 0xC6: 4, 0xC7: 1, 0xC8: 2, 0xC9: 4, 0xD9: 1, 0xDA: 2, 0xDB: 4,
             0xDC: 2, 0xDD: 4, 0xDE: 2, 0xDF: 4}
"""Types with a declared length or count: the size of that field."""
_FIXED = {0xCA: 4, 0xCB: 8, 0xCC: 1, 0xCD: 2, 0xCE: 4, 0xCF: 8, 0xD0: 1, 0xD1: 2, 0xD2: 4,
          0xD3: 8, 0xD4: 2, 0xD5: 3, 0xD6: 5, 0xD7: 9, 0xD8: 17}
"""Numbers and fixext: the bytes after the type byte."""
_DECLARED = {0xC4: "bin", 0xC5: "bin", 0xC6: "bin", 0xC7: "ext", 0xC8: "ext", 0xC9: "ext",
             0xD9: "str", 0xDA: "str", 0xDB: "str", 0xDC: "array", 0xDD: "array",
             0xDE: "map", 0xDF: "map"}


class _Head(NamedTuple):
    """One value's type byte and what it declares: ``what`` (str, bin, ext, array, map or "" for
    a scalar), ``size`` (payload bytes, or items for an array or map), ``pos`` after the head."""

    what: str
    size: int
    pos: int


def _head(buf: bytes, pos: int) -> _Head | str | None:
    """The head of the value at ``pos``; a reason when it cannot be msgpack of this format, None
    when the buffer stops inside it."""
    b = buf[pos]
    pos += 1
    if b <= 0x7F or b >= 0xE0 or b in (0xC0, 0xC2, 0xC3):
        return _Head("", 0, pos)
    if 0x80 <= b <= 0x8F:
        return _Head("map", (b & 0x0F) * 2, pos)
    if 0x90 <= b <= 0x9F:
        return _Head("array", b & 0x0F, pos)
    if 0xA0 <= b <= 0xBF:
        return _Head("str", b & 0x1F, pos)
    if b == 0xC1:
        return "byte 0xc1 is not msgpack"
    if b in _FIXED:
        if b >= 0xD4:
            return f"an extension value (type 0x{b:02x}), which the format never uses"
        return _Head("", 0, pos + _FIXED[b])
    size = _LEN_SIZE[b]
    if pos + size > len(buf):
        return None
    declared = int.from_bytes(buf[pos:pos + size], "big")
    what = _DECLARED[b]
    if what == "ext":
        declared += 1  # the extension's type byte
    elif what == "map":
        declared *= 2  # keys and values
    return _Head(what, declared, pos + size)


def _over(head: _Head, limits: Limits) -> str | None:
    """Which limit a declared length breaks, if one does."""
    what, size = head.what, head.size
    if what == "str" and size > limits.max_str_len:
        return f"a string declares {size} bytes (limit {limits.max_str_len})"
    if what == "bin" and size > limits.max_bin_len:
        return f"a binary value declares {size} bytes (limit {limits.max_bin_len})"
    if what == "ext" and size - 1 > limits.max_ext_len:
        return f"an extension value declares {size - 1} bytes (limit {limits.max_ext_len})"
    if what == "array" and size > limits.max_array_len:
        return f"an array declares {size} items (limit {limits.max_array_len})"
    if what == "map" and size // 2 > limits.max_map_len:
        return f"a map declares {size // 2} entries (limit {limits.max_map_len})"
    return None


def _scan_partial(buf: bytes, limits: Limits) -> str | None:
    """Walk the msgpack headers of a record cut short; say which declared length breaks a limit.

    msgpack-python reports a string longer than the remaining data as "out of data" before it
    checks ``max_str_len``; this tells a hostile length from an honest truncation.
    """
    pos, n = 0, len(buf)
    todo = [1]  # items left at each open nesting level
    while todo and pos < n:
        if todo[-1] == 0:
            todo.pop()
            continue
        todo[-1] -= 1
        head = _head(buf, pos)
        if not isinstance(head, _Head):
            return head
        reason = _over(head, limits)
        if reason is not None:
            return reason
        pos = head.pos
        if head.what in ("array", "map"):
            if len(todo) >= limits.max_stack:
                return f"values nest deeper than {limits.max_stack}"
            todo.append(head.size)
        else:
            pos += head.size
    return None


RECORD_LEVELS = 4
"""Levels a record's own structure adds around a value (an events record: its map, the list of
events, an event, its arguments); a record may nest ``max_depth`` more."""


def _unfit(value: Any, limit: int) -> str | None:
    """What makes ``value`` unfit for the format, if anything: arrays or maps nested more than
    ``limit`` levels deep, or anything but nil, booleans, integers, strings, arrays and maps
    with string keys (a binary value or key: an empty one passes msgpack's length limit of 0;
    an empty extension value; a float, which no record holds and JSON may not hold). One walk,
    level by level with lists, not recursion: any depth msgpack decodes is safe to ask about,
    and the shallowest fault is the one told."""
    level = 0
    todo: list[Any] = [value]
    while todo:
        deeper: list[Any] = []
        for v in todo:
            t = type(v)
            if t is str or t is int or t is bool or v is None:
                continue
            if t is list or t is dict:
                if level >= limit:
                    return f"values nest deeper than {limit - RECORD_LEVELS} levels"
                if t is list:
                    deeper.extend(v)
                    continue
                for k in v:
                    if type(k) is not str:
                        return (f"a map key that is {_kind(k)}{_what(k)}, which the format "
                                "never uses (its map keys are strings)")
                deeper.extend(v.values())
                continue
            return f"{_kind(v)} value{_what(v)}, which the format never uses"
        todo = deeper
        level += 1
    return None


def _what(v: Any) -> str:
    """A value of a type the format never uses, told briefly: a float's number, an extension's
    type code."""
    if type(v) is float:
        return f" ({v!r:.24})"
    code = getattr(v, "code", None)
    return f" (type {code})" if type(code) is int else ""


_RECORD_NAMES = {"ev": "events record", "cp": "full checkpoint", "err": "error record",
                 "end": "end record", "sus": "suspended record"}


def _map_name(raw: dict[str, Any]) -> str:
    """How a reason names a map record: by its type key."""
    t = raw.get("t")
    if type(t) is not str:
        return "map record"
    return _RECORD_NAMES.get(t) or f"unknown record {short(t)}"


def _open_regular(path: str | os.PathLike[str]) -> IO[bytes]:
    """Open a replay file for reading; a FIFO, a device or a folder is refused before it is
    opened (opening a FIFO would wait for a writer)."""
    try:
        mode = os.stat(path).st_mode
        if stat.S_ISDIR(mode):
            raise ReplayError(0, "cannot open the file: Is a directory")
        if not stat.S_ISREG(mode):
            what = "a pipe (FIFO)" if stat.S_ISFIFO(mode) else "a socket" if stat.S_ISSOCK(
                mode) else "a device"
            raise ReplayError(0, f"cannot read the file: it is {what}, not a regular file")
        return open(path, "rb")
    except OSError as e:
        raise ReplayError(0, f"cannot open the file: {e.strerror or e}") from None


class _UpTo:
    """A file read no further than ``size`` bytes: a file that grows while it is read is read as
    it was when opened (its size then is the one every message speaks of)."""

    def __init__(self, f: IO[bytes], size: int) -> None:
        self._f = f
        self._left = size

    def read(self, n: int = -1) -> bytes:
        if n < 0 or n > self._left:
            n = self._left
        data = self._f.read(n)
        self._left -= len(data)
        return data


# ---------------------------------------------------------------- the streaming reader
class RecordReader:
    """Reads a replay record by record. The header is read (and checked) on construction.

    After iteration, :attr:`truncated` says whether the file stopped before an end record, and
    :attr:`truncation` says where; :attr:`offset` is the byte offset after the last whole record.
    """

    def __init__(self, source: str | os.PathLike[str] | bytes | IO[bytes],
                 limits: Limits | None = None) -> None:
        self.limits = limits = limits or Limits()
        self._owns = False
        if isinstance(source, bytes | bytearray | memoryview):
            self._f: IO[bytes] = io.BytesIO(bytes(source))
        elif isinstance(source, str | os.PathLike):
            self._f = _open_regular(source)  # closed by close()
            self._owns = True
        else:
            self._f = source
        try:
            self.size = self._f.seek(0, io.SEEK_END)
            self._f.seek(0)
        except OSError as e:
            self.close()
            raise ReplayError(0, f"cannot read the file: {e}") from None
        if self.size > limits.max_bytes:
            self.close()
            raise ReplayError(0, f"the file has {self.size} bytes, over the limit of {limits.max_bytes}")
        self._u = msgpack.Unpacker(
            _UpTo(self._f, self.size), raw=False, strict_map_key=True, use_list=True, timestamp=0,
            read_size=min(1 << 16, limits.max_buffer_size),
            max_buffer_size=limits.max_buffer_size, max_str_len=limits.max_str_len,
            max_bin_len=limits.max_bin_len, max_ext_len=limits.max_ext_len,
            max_array_len=limits.max_array_len, max_map_len=limits.max_map_len,
        )
        self.offset = 0
        self.index = 0  # index of the next record
        self.truncated = False
        self.truncation: str | None = None
        self.warnings: list[str] = []
        self.unknown = 0  # unknown records skipped (the first few are also warnings)
        self.end: End | None = None
        #: The suspended record of a game saved before its end (then :attr:`end` stays None).
        self.suspended: Suspended | None = None
        self.error: ErrorRecord | None = None
        self._events_next = 0
        self._decisions = 0  # decisions read so far
        self.version = FORMAT_VERSION  # the file's format version, once the header is read
        self._migrate: Callable[[Any], Any] | None = None  # an older file's records, migrated
        try:
            self.header = self._header()
        except BaseException:
            self.close()
            raise

    def close(self) -> None:
        if self._owns:
            self._f.close()
            self._owns = False

    def __enter__(self) -> RecordReader:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    _EOF = object()

    def _raw(self) -> Any:
        """The next decoded record, or ``_EOF`` (clean end or a record cut short)."""
        index = self.index
        try:
            obj = self._u.unpack()
        except msgpack.OutOfData:
            if self.offset == self.size:
                return self._EOF
            self._f.seek(self.offset)
            why = _scan_partial(
                self._f.read(min(self.limits.max_buffer_size + 16, self.size - self.offset)),
                self.limits)
            if why is not None:
                raise ReplayError(index, why) from None
            self.truncated = True
            self.truncation = (
                f"the file ends inside record {index} (byte {self.size}; "
                f"the last whole record ends at byte {self.offset})"
            )
            return self._EOF
        except msgpack.BufferFull:
            raise ReplayError(index, f"record is over {self.limits.max_buffer_size} bytes") from None
        except msgpack.StackError:
            raise ReplayError(index, f"values nest deeper than {self.limits.max_stack}") from None
        except (ValueError, TypeError, RecursionError, MemoryError, OverflowError) as e:
            what = "not an sgscore replay (" if index == 0 else "corrupted record ("
            raise ReplayError(index, f"{what}not valid msgpack at byte {self.offset}: "
                                     f"{_msgpack_reason(e)})") from None
        self.offset = self._u.tell()
        self.index = index + 1
        if self.index > self.limits.max_records:
            raise ReplayError(index, f"more than {self.limits.max_records} records")
        return obj

    def _header(self) -> Header:
        raw = self._raw()
        if raw is self._EOF:
            if self.size == 0:
                raise ReplayError(0, "the file is empty")
            raise ReplayError(0, f"the file ends inside the header (byte {self.size})")
        if not isinstance(raw, dict):
            raise ReplayError(0, f"not an sgscore replay: the first value is {_kind(raw)}, "
                                 "not a header map")
        odd = _unfit(raw, self.limits.max_depth + RECORD_LEVELS)
        if odd is not None:
            raise ReplayError(0, f"header: {odd}")
        fmt = raw.get("format")
        if fmt != FORMAT_NAME:
            raise ReplayError(0, f"not an sgscore replay: format is {short(fmt)}, "
                                 f"expected {FORMAT_NAME!r}")
        version = raw.get("version")
        if not isinstance(version, int) or isinstance(version, bool):
            raise ReplayError(0, f"format version must be an integer, got {short(version)}")
        self.version = version
        if version != FORMAT_VERSION:
            raw = self._migrate_header(raw, version)
        try:
            header: Header = _record(parse_header, raw, 0)
        except ReplayError:
            raise
        except Exception as bug:  # a bug of this reader's; still a verdict with the record
            raise ReplayError(0, f"unexpected {type(bug).__name__} reading the header: "
                                 f"{bug}") from None
        return header

    def _migrate_header(self, raw: dict[str, Any], version: int) -> dict[str, Any]:
        """An older file's header in the current layout; every later record is migrated as it
        is read (``docs/replay-format.md``, "Versions"). Another version is refused."""
        # Each handler names its exception differently: compiled, a name has one type.
        try:
            chain = migrator(version)
        except VersionError as refused:
            raise ReplayError(0, str(refused)) from None
        try:
            raw = chain.header(raw)
        except ValueError as bad:
            raise ReplayError(0, f"format version {version}: {bad}") from None
        self._migrate = chain.record
        self.warnings.append(chain.warning)
        return raw

    def __iter__(self) -> Iterator[tuple[int, AnyRecord]]:
        """``(index, record)`` for each record after the header, in order."""
        limits = self.limits
        between = 0  # records since the last decisions record
        while True:
            index = self.index
            raw = self._raw()
            if raw is self._EOF:
                if self.unknown > limits.max_warnings:
                    self.warnings.append(f"{self.unknown - limits.max_warnings} more unknown "
                                         "records skipped")
                if self.end is None and self.suspended is None and not self.truncated:
                    self.truncated = True
                    self.truncation = (
                        f"the file ends after record {index - 1} (byte {self.size}) "
                        "without an end record"
                    )
                return
            if self.end is not None:
                raise ReplayError(index, "data after the end record")
            if self.suspended is not None:
                raise ReplayError(index, "data after the suspended record")
            # Each handler names its exception differently: compiled, a name has one type (the
            # catch-all would raise TypeError on meeting anything but the first handler's).
            try:
                if self._migrate is not None:
                    raw = self._migrated(raw)
                rec = self._parse(raw, index, limits)
            except BadValue as bad:
                raise ReplayError(index, str(bad)) from None
            except (ReplayError, MemoryError):
                raise
            except Exception as bug:  # a bug of this reader's; still a verdict with the record
                raise ReplayError(index, f"unexpected {type(bug).__name__} reading this record: "
                                         f"{bug}") from None
            if type(rec) is Decisions:
                between = 0
            else:
                between += 1
                if between > limits.max_between:
                    raise ReplayError(index, f"more than {limits.max_between} records in a row "
                                             "without a decision")
            yield index, rec

    def _migrated(self, raw: Any) -> Any:
        """A record of an older file in the current layout."""
        assert self._migrate is not None
        try:
            return self._migrate(raw)
        except ValueError as e:
            raise BadValue(f"format version {self.version}: {e}") from None

    def _parse(self, raw: Any, index: int, limits: Limits) -> AnyRecord:
        if isinstance(raw, list):
            if self.error is not None:
                raise BadValue("a decision after the error record")
            self._decisions += len(raw) - 1  # counted before its values are walked
            if self._decisions > limits.max_decisions:
                raise BadValue(f"more than {limits.max_decisions} decisions: longer than any "
                               "game (limit max_decisions)")
            return parse_decisions(raw, limits.max_depth)
        if isinstance(raw, int) and not isinstance(raw, bool):
            if self.error is not None:
                raise BadValue("a checkpoint after the error record")
            return parse_checkpoint(raw)
        if not isinstance(raw, dict):
            raise BadValue(f"a record must be an array, an integer or a map, not {_kind(raw)}")
        return self._parse_map(raw, index, limits)

    def _parse_map(self, raw: dict[str, Any], index: int, limits: Limits) -> AnyRecord:
        events = raw.get("ev") if raw.get("t") == "ev" else None
        if isinstance(events, list) and self._events_next + len(events) > limits.max_events:
            # counted before its values are walked
            raise BadValue(f"more than {limits.max_events} events: more than any game tells "
                           "(limit max_events)")
        odd = _unfit(raw, limits.max_depth + RECORD_LEVELS)  # then nothing recurses deep
        if odd is not None:
            raise BadValue(f"{_map_name(raw)}: {odd}")
        t = raw.get("t")
        if t == "ev":
            if not self.header.events:
                raise BadValue("an events record, but the header says events are off")
            ev = parse_events(raw, limits.max_depth)
            if ev.at != self._events_next:
                raise BadValue(f"events record starts at event {ev.at}, expected {self._events_next}")
            self._events_next = ev.at + len(ev.events)
            return ev
        if t == "cp":
            if self.error is not None:
                raise BadValue("a checkpoint after the error record")
            rec: HashRecord = _record(parse_hash, raw, index)
            return rec
        if t == "err":
            if self.error is not None:
                raise BadValue("a second error record")
            self.error = _record(parse_error, raw, index)
            return self.error
        if t == "end":
            self.end = _record(parse_end, raw, index)
            return self.end
        if t == "sus":
            if self.error is not None:
                raise BadValue("a suspended record after the error record")
            self.suspended = _record(parse_suspended, raw, index)
            return self.suspended
        if not isinstance(t, str):
            raise BadValue(f"a map record needs a string type key 't', got {short(t)}")
        self.unknown += 1
        if self.unknown <= limits.max_warnings:
            self.warnings.append(f"record {index}: unknown record type {short(t)} skipped")
        return UnknownRecord(t, raw)


@dataclass
class Replay:
    """A whole replay in memory. ``records[i]`` is record ``i`` (``records[0]`` is the header)."""

    header: Header
    decisions: list[tuple[int, Choice]]
    records: list[AnyRecord]
    events: list[EventTuple] | None
    end: End | None
    error: ErrorRecord | None
    truncated: bool
    bytes: int
    truncation: str | None = None
    warnings: list[str] = field(default_factory=list)
    #: The suspended record of a game saved before its end (``end`` is then None).
    suspended: Suspended | None = None

    @property
    def summary(self) -> dict[str, Any] | None:
        """The end record's summary, without re-simulating (None when the file has no end)."""
        return None if self.end is None else self.end.summary()


def read_replay(path_or_bytes: str | os.PathLike[str] | bytes | IO[bytes], *,
                limits: Limits | None = None) -> Replay:
    """Read a whole replay. Raises :class:`ReplayError` for anything malformed; a file cut short
    is returned with ``truncated`` set and ``truncation`` saying where."""
    with RecordReader(path_or_bytes, limits) as rd:
        records: list[AnyRecord] = [rd.header]
        decisions: list[tuple[int, Choice]] = []
        events: list[EventTuple] | None = [] if rd.header.events else None
        for _, rec in rd:
            records.append(rec)
            if type(rec) is Decisions:
                decisions.extend((rec.seat, c) for c in rec.choices)
            elif type(rec) is Events and events is not None:
                events.extend(rec.events)
        return Replay(
            header=rd.header, decisions=decisions, records=records, events=events, end=rd.end,
            error=rd.error, truncated=rd.truncated, bytes=rd.size, truncation=rd.truncation,
            warnings=rd.warnings, suspended=rd.suspended,
        )
