"""Fuzzing: hostile replay files against the replay toolkit and ``sgs``, and random games checked
against the engine's invariants (``docs/fuzzing.md``).

Replay files come attached to bug reports, so the toolkit must treat them as untrusted. Case
``N`` of a run with seed ``S`` takes a replay from the seed corpus (``fixtures/fuzz/``), decodes its
msgpack records, applies one to three mutations from a catalogue (records dropped, repeated or
moved; values of another type, of types the format never uses, nested deep or made long; map keys
of every type; header and end records changed or forged; another game's records; huge files;
error records inserted; bytes cut or flipped), encodes it again and runs one target on it in
process:

- ``validate``: :func:`sgscore.replay.validate_file` returns a verdict, never raises, and an
  invalid verdict names a record and gives a one-line reason;
- ``read``: :func:`sgscore.replay.read_replay` raises nothing but
  :class:`~sgscore.replay.ReplayError`;
- ``show``, ``step``, ``diff``, ``export``, ``html``, ``resim``, ``stats``: the ``sgs`` command
  exits 0 or 1 without a traceback, its JSON strict;
- ``library``: the library's other functions and JSON helpers; ``submit``: a game fed the
  file's decisions, some first with a part of another type, which it must refuse unchanged.

Each case is measured (CPU time, peak memory) against budgets; worker processes guard against
hangs; ``--differential`` compares the compiled and the pure-Python core on every input. Every choice is drawn from ``Pcg32(S, N)``: no ``random`` module, no ``hash()``, no set
order, so a case number reproduces the same bytes anywhere.

``python -m sgscore.fuzz games`` plays seeded games of both games, with every option and variant
(:func:`game_setup`), random and heuristic agents, and checks their invariants after every decision
and at every end: each game's own, which its spec gives (:func:`invariants_for`; identity mode's
:class:`~sgscore.sanguosha.invariants.Invariants`, the dice game's
:class:`~sgscore.dice.invariants.DiceInvariants`).
"""

from __future__ import annotations

import argparse
import contextlib
import copy
import functools
import importlib
import io
import json
import multiprocessing
import os
import re
import shutil
import struct
import sys
import tempfile
import time
import traceback
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from multiprocessing.connection import Connection, wait
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING, Any, Final, Protocol

import msgpack

from .core.invariants import Broken, InvariantChecker
from .core.rng import Pcg32

if TYPE_CHECKING:
    import click
    from click.testing import Result

    from .core.engine import Proc
    from .core.spec import AnyGame
    from .dice.invariants import DiceInvariants
    from .sanguosha.config import Config
    from .sanguosha.contexts import CardUse
    from .sanguosha.game import Game
    from .sanguosha.invariants import Invariants

__all__ = [
    "TARGETS", "CPU_BUDGET", "MEMORY_BUDGET", "HANG_SECONDS", "MAX_REASON", "MAX_INPUT", "Raw",
    "encode", "encode_records", "decode_records", "CorpusFile", "build_corpus", "write_corpus",
    "load_corpus", "OPS", "Case", "make_case", "Verdict", "run_target", "run_case",
    "reason_problems", "validation_verdict", "cli_verdict", "told_although", "exception_class",
    "fuzz",
    "minimize", "Invariants", "DiceInvariants", "GameSetup", "VARIANTS", "game_setup",
    "game_config", "invariants_for", "play_checked", "run_games", "main",
]

_GAMES_OWN: Final = {"Invariants": ".sanguosha.invariants", "DiceInvariants": ".dice.invariants"}
"""The invariant checkers of the games, where they live (beside their games), loaded when first
asked for by this module's name."""


def __getattr__(name: str) -> Any:
    module = _GAMES_OWN.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(module, "sgscore"), name)
    globals()[name] = value
    return value


TARGETS: Final = ("validate", "read", "show", "step", "diff", "export", "html", "resim", "stats",
                   "library", "submit")
"""What a case runs: the library's reader and validator (``validate``, ``read``), the ``sgs``
commands that read replays (``show``, ``step``, ``diff``, ``export``, ``html``, ``resim``,
``stats``), the library's other functions and JSON helpers (``library``), and a game fed the
file's decisions, one of them first with a part of another type (``submit``)."""
CPU_BUDGET: Final = 3.0
"""CPU seconds one case may take (``time.process_time()`` around the target)."""
MEMORY_BUDGET: Final = 200 << 20
"""Bytes of memory one case may use at its peak, above what the process held before it."""
HANG_SECONDS: Final = 10.0
"""Wall seconds a worker may take over one case before the case counts as a hang."""
MAX_REASON: Final = 300
"""The longest reason (characters) a one-line error may give."""
MAX_INPUT: Final = 100 << 20
"""The largest input generated: above the reader's 8 MiB ``max_bytes`` (a huge file just over
the limit must be refused before it is read)."""
MAX_RUN: Final = 16 << 20
"""The largest run of one repeated record, in bytes."""
HEAVY_ODDS: Final = 8
"""One sized mutation in this many takes a large size (when large inputs are allowed)."""

ROOT: Final = Path(__file__).resolve().parent.parent
DEFAULT_CORPUS: Final = ROOT / "fixtures" / "fuzz"


# ---------------------------------------------------------------------------- encoding
class Raw(bytes):
    """Bytes written into a replay as they are: a value encoded ahead (nested deeper than
    msgpack-python packs, or declaring a length it does not hold), or a run of records."""


_STR: Final = (0xA0, 31, 0xD9, 0xDA, 0xDB)
_BIN: Final = (0, -1, 0xC4, 0xC5, 0xC6)
_ARRAY: Final = (0x90, 15, 0, 0xDC, 0xDD)
_MAP: Final = (0x80, 15, 0, 0xDE, 0xDF)
_UINTS: Final = ((0xFF, ">BB", 0xCC), (0xFFFF, ">BH", 0xCD), (0xFFFFFFFF, ">BI", 0xCE),
                 ((1 << 64) - 1, ">BQ", 0xCF))
_INTS: Final = ((-(1 << 7), ">Bb", 0xD0), (-(1 << 15), ">Bh", 0xD1), (-(1 << 31), ">Bi", 0xD2),
                (-(1 << 63), ">Bq", 0xD3))


def encode(value: Any) -> bytes:
    """``value`` as msgpack, in the smallest encoding as msgpack-python writes it (so that a
    decoded replay encodes back to the same bytes); :class:`Raw` parts are copied as they are."""
    out = bytearray()
    _put(value, out)
    return bytes(out)


def encode_records(records: Iterable[Any]) -> bytes:
    """A replay stream: the records one after another."""
    out = bytearray()
    for rec in records:
        _put(rec, out)
    return bytes(out)


def decode_records(data: bytes) -> list[Any]:
    """The records of a well-formed msgpack stream, as mutable lists and dicts."""
    return list(msgpack.Unpacker(io.BytesIO(data), raw=False, strict_map_key=False))


def _put(v: Any, out: bytearray) -> None:
    t = type(v)
    if t is Raw:
        out += v
    elif v is None:
        out.append(0xC0)
    elif t is bool:
        out.append(0xC3 if v else 0xC2)
    elif t is int:
        _put_int(v, out)
    elif t is float:
        out += struct.pack(">Bd", 0xCB, v)
    elif t is str:
        data = v.encode("utf-8", "surrogatepass")
        _put_len(len(data), _STR, out)
        out += data
    elif t is bytes:
        _put_len(len(v), _BIN, out)
        out += v
    elif t is list or t is tuple:
        _put_len(len(v), _ARRAY, out)
        for x in v:
            _put(x, out)
    elif t is dict:
        _put_len(len(v), _MAP, out)
        for k, x in v.items():
            _put(k, out)
            _put(x, out)
    else:
        raise TypeError(f"cannot encode {t.__name__}")


def _put_int(v: int, out: bytearray) -> None:
    if 0 <= v <= 0x7F or -32 <= v < 0:
        out.append(v & 0xFF)
        return
    for bound, fmt, code in _UINTS if v > 0 else _INTS:
        if (v <= bound) if v > 0 else (v >= bound):
            out += struct.pack(fmt, code, v)
            return
    raise ValueError(f"{v} does not fit a msgpack integer")


def _put_len(n: int, codes: tuple[int, int, int, int, int], out: bytearray) -> None:
    fix, fix_max, c8, c16, c32 = codes
    if n <= fix_max:
        out.append(fix | n)
    elif c8 and n <= 0xFF:
        out += bytes((c8, n))
    elif n <= 0xFFFF:
        out += struct.pack(">BH", c16, n)
    else:
        out += struct.pack(">BI", c32, n)


# ---------------------------------------------------------------------------- the seed corpus
@dataclass(frozen=True)
class CorpusFile:
    """A replay of the seed corpus: its name (the file name without ``.mp``) and bytes."""

    name: str
    data: bytes


_IDENTITY: Final = "sanguosha/identity"
_CORPUS: Final[tuple[tuple[str, str, str, dict[str, Any], int, bool], ...]] = (
    ("p4-beginner-events", "a 4-player beginner game (no generals), with events", _IDENTITY,
     {"players": 4, "generals": None}, 1, True),
    ("p5-random-events", "a 5-player game with random generals, with events", _IDENTITY,
     {"players": 5, "generals": "random"}, 5, True),
    ("p6-variant-events", "a 6-player game of the two-renegade variant, first-game deck, "
     "random generals, 3 rounds at most, with events", _IDENTITY,
     {"players": 6, "generals": "random", "role_variant": True, "first_game": True,
      "max_rounds": 3}, 6, True),
    ("p10-compact", "a 10-player game with random generals and the EX cards, without events",
     _IDENTITY, {"players": 10, "generals": "random", "packs": ["standard", "ex"]}, 10, False),
    ("dice-p4-events", "a 4-player game of the dice game (三国掷), 6 rounds at most, with "
     "events: its end record holds the dice game's own entry (hp)", "sanguozhi/dice",
     {"players": 4, "max_rounds": 6}, 4, True),
    ("p6-scoring-compact", "a 6-player game with scoring, the lord at seat 2, 2 rounds at most, "
     "without events: its end record holds scores", _IDENTITY,
     {"players": 6, "generals": None, "scoring": True, "lord_seat": 2, "max_rounds": 2}, 3,
     False),
    ("p6-3v3-compact", "a 3v3 game (6 seats, random generals), 2 rounds at most, without "
     "events", _IDENTITY, {"players": 6, "mode": "3v3", "generals": "random", "max_rounds": 2},
     7, False),
    ("p10-deck-1-0-compact", "a 10-player game of the 1.0 edition's deck with reincarnation, "
     "2 rounds at most, without events", _IDENTITY,
     {"players": 10, "packs": ["1.0"], "reincarnation": True, "max_rounds": 2}, 9, False),
)
_HASHES_NAME: Final = "p8-full-checkpoints"
_HASHES_ABOUT: Final = ("an 8-player beginner game of 4 rounds at most, without events, with a "
                        "full checkpoint (state hash) after every bare one")
_FAULT_NAME: Final = "p5-engine-error"
_FAULT_ABOUT: Final = ("a 5-player beginner game that ends in an engine error record: recorded "
                       "with a fault injected into 桃's effect, so this engine re-simulates it "
                       "without the error (invalid at the error record)")


def build_corpus() -> list[tuple[CorpusFile, str]]:
    """The seed corpus, recorded with this engine: each file with what it is."""
    from .core.games import get_game
    from .replay import record_game
    from .sanguosha.config import Config

    out = []
    for name, about, game, config, seed, events in _CORPUS:
        spec = get_game(game)
        assert spec is not None, game
        buf = io.BytesIO()
        record_game(spec.config_from_dict(config), seed, buf, events=events)
        out.append((CorpusFile(name, buf.getvalue()), about))
    out.append((CorpusFile(_HASHES_NAME, _with_full_checkpoints(
        Config(players=8, generals=None, max_rounds=4), 8)), _HASHES_ABOUT))
    out.append((CorpusFile(_FAULT_NAME, _engine_error_replay()), _FAULT_ABOUT))
    return out


def _with_full_checkpoints(config: Config, seed: int) -> bytes:
    """A replay without events with a full checkpoint (``{"t": "cp", "hash": ...}``) after each
    bare one: the game re-simulated record by record gives each state hash."""
    from .replay import Resimulator, read_replay, record_game

    buf = io.BytesIO()
    record_game(config, seed, buf, events=False)
    records = decode_records(buf.getvalue())
    replay = read_replay(buf.getvalue())
    sim = Resimulator(replay.header)
    out = [records[0]]
    for index, (raw, rec) in enumerate(zip(records[1:], replay.records[1:], strict=True), 1):
        sim.feed(index, rec)
        out.append(raw)
        if type(raw) is int:
            out.append({"t": "cp", "hash": sim.game.state_hash()})
    return encode_records(out)


def _engine_error_replay() -> bytes:
    """A replay that ends in an error record: 桃's effect raises while it is recorded (replacing
    a registry entry, as ``docs/architecture.md`` describes; the engine is not edited)."""
    from .replay import record_game
    from .sanguosha.cards import CARD_TYPES
    from .sanguosha.config import Config

    def broken(g: Game, use: CardUse) -> Proc:
        raise RuntimeError("fuzz corpus: a fault injected into peach's effect")

    peach = CARD_TYPES["peach"]
    real = peach.effect
    peach.effect = broken
    try:
        for seed in range(1, 200):
            buf = io.BytesIO()
            result = record_game(Config(players=5, generals=None), seed, buf, events=True)
            if result.error is not None:
                return buf.getvalue()
    finally:
        peach.effect = real
    raise RuntimeError("no game of 200 seeds used a peach")


def write_corpus(folder: Path) -> list[Path]:
    """Record the seed corpus into ``folder`` (``*.mp`` and a ``README.md`` saying what each
    file is); returns the files written."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    lines = ["# The fuzzing seed corpus", "",
             "Replays that `python -m sgscore.fuzz` mutates (`docs/fuzzing.md`). Recorded by "
             "`python -m sgscore.fuzz corpus --out fixtures/fuzz`; each file:", ""]
    for cf, about in build_corpus():
        path = folder / f"{cf.name}.mp"
        path.write_bytes(cf.data)
        written.append(path)
        lines.append(f"- `{cf.name}.mp` ({len(cf.data)} bytes): {about}.")
    readme = folder / "README.md"
    readme.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return [*written, readme]


def load_corpus(folder: Path | None = None) -> list[CorpusFile]:
    """The ``*.mp`` files of ``folder`` in name order; without a folder, ``fixtures/fuzz`` when
    it is there, else the corpus recorded in memory (:func:`build_corpus`)."""
    if folder is None:
        if not any(DEFAULT_CORPUS.glob("*.mp")):
            return [cf for cf, _ in build_corpus()]
        folder = DEFAULT_CORPUS
    files = [CorpusFile(p.stem, p.read_bytes()) for p in sorted(folder.glob("*.mp"))]
    if not files:
        raise FileNotFoundError(f"no replay (*.mp) in {folder}")
    for cf in files:
        decode_records(cf.data)  # a seed must decode: raises on a broken one
    return files


# ---------------------------------------------------------------------------- mutations
@dataclass
class _Ctx:
    """What a mutation draws from: the case's generator, whether large sizes are allowed, the
    corpus (for splices); ``reject`` is set when the file must not be valid any more, ``refuse``
    when the reader must refuse it (a value or a key of a type the format never uses), ``shape``
    when its end record is of a shape no game writes (an entry added or removed, a per-seat list
    of another length or type), which ``sgs stats`` refuses without re-simulating."""

    rng: Pcg32
    heavy: bool
    corpus: Sequence[CorpusFile]
    reject: str = ""
    refuse: str = ""
    shape: str = ""

    def below(self, n: int) -> int:
        return self.rng.below(n)

    def pick(self, items: Sequence[Any]) -> Any:
        return items[self.rng.below(len(items))]

    def size(self, light: Sequence[int], heavy: Sequence[int] = ()) -> int:
        """A size: one of ``light``, or (rarely, when large inputs are allowed) of ``heavy``."""
        if heavy and self.heavy and self.rng.below(HEAVY_ODDS) == 0:
            return int(self.pick(heavy))
        return int(self.pick(light))

    def hex(self, n: int) -> str:
        return "".join("0123456789abcdef"[self.rng.below(16)] for _ in range(n))


RecordOp = Callable[[_Ctx, list[Any]], str]
ByteOp = Callable[[_Ctx, bytes], tuple[bytes, str]]


def _kind(rec: Any, index: int) -> str:
    """What a decoded record is: header, decisions, checkpoint, events, hash, error, end, unknown,
    raw (encoded ahead) or other (malformed)."""
    t = type(rec)
    if t is Raw:
        return "raw"
    if t is dict:
        if index == 0:
            return "header"
        return {"ev": "events", "cp": "hash", "err": "error", "end": "end"}.get(
            rec.get("t") if type(rec.get("t")) is str else "", "unknown")
    if t is list:
        return "decisions"
    if t is int:
        return "checkpoint"
    return "other"


def _of_kind(recs: list[Any], *kinds: str) -> list[int]:
    return [i for i, r in enumerate(recs) if _kind(r, i) in kinds]


def _index(c: _Ctx, recs: list[Any], lo: int = 1) -> int:
    """A record index from ``lo`` on, or -1 when there is none."""
    n = len(recs) - lo
    return lo + c.below(n) if n > 0 else -1


def _slot(c: _Ctx, recs: list[Any]) -> int:
    """A place to insert a record, after the header."""
    return min(len(recs), 1 + c.below(max(len(recs), 1)))


def _descend(c: _Ctx, value: Any) -> list[Any]:
    """A path (list indexes and map keys) to a random value inside ``value``."""
    path: list[Any] = []
    while c.below(4) != 0:
        if type(value) is list and value:
            key: Any = c.below(len(value))
        elif type(value) is dict and value:
            key = c.pick(list(value))
        else:
            break
        path.append(key)
        value = value[key]
    return path


def _get(value: Any, path: Sequence[Any]) -> Any:
    for key in path:
        value = value[key]
    return value


def _set(recs: list[Any], index: int, path: Sequence[Any], new: Any) -> None:
    if not path:
        recs[index] = new
        return
    _get(recs[index], path[:-1])[path[-1]] = new


def _leaves(value: Any, keep: Callable[[Any], bool], limit: int = 4096) -> list[list[Any]]:
    """Paths to the values inside ``value`` that ``keep`` accepts, in order (at most ``limit``)."""
    out: list[list[Any]] = []
    stack: list[tuple[list[Any], Any]] = [([], value)]
    while stack and len(out) < limit:
        path, v = stack.pop()
        if keep(v):
            out.append(path)
        if type(v) is list:
            stack.extend((path + [i], x) for i, x in reversed(list(enumerate(v))))
        elif type(v) is dict:
            stack.extend((path + [k], x) for k, x in reversed(list(v.items())))
    return out


def _odd(c: _Ctx) -> Any:
    """A value of an odd type or size for wherever it lands."""
    values: list[Any] = [
        None, True, False, 0, 1, -1, 127, 128, 255, 256, 65535, 65536, 1 << 31, 1 << 32,
        (1 << 63) - 1, 1 << 63, (1 << 64) - 1, -(1 << 31), -(1 << 63), 1.5, -0.0, float("nan"),
        float("inf"), float(1 << 64), "", "x", "ev", "end", "\x00", "三国杀", "a\nb\nc",
        "x" * 1000, [], [None], [1, 2, 3], [[[]]], {}, {"t": "end"}, {"a": 1}, {1: 2}, b"",
        b"\x00\xff", [True, False], ["caocao"] * 11,
    ]
    return c.pick(values)


def _deep(c: _Ctx, inner: Any, depth: int) -> Raw:
    """``inner`` wrapped in ``depth`` arrays, maps or both, encoded ahead (msgpack-python packs
    at most 512 levels)."""
    style = c.below(3)
    layers = [b"\x91", b"\x81\xa1k"]
    if style < 2:
        prefix = layers[style] * depth
    else:
        prefix = b"".join(layers[i % 2] for i in range(depth))
    return Raw(prefix + encode(inner))


_DEPTHS: Final = (33, 64, 65, 200, 500, 999, 1000, 1023, 1024, 1025, 1100, 3000)


# -- records
def _op_drop(c: _Ctx, recs: list[Any]) -> str:
    i = _index(c, recs, 0 if c.below(10) == 0 else 1)
    if i < 0:
        return "nothing to drop"
    del recs[i]
    return f"record {i}"


def _op_duplicate(c: _Ctx, recs: list[Any]) -> str:
    i = _index(c, recs, 0)
    if i < 0:
        return "nothing to duplicate"
    recs.insert(i + 1, copy.deepcopy(recs[i]))
    return f"record {i}"


def _op_swap(c: _Ctx, recs: list[Any]) -> str:
    i, j = _index(c, recs, 0), _index(c, recs, 0)
    if i < 0:
        return "nothing to swap"
    recs[i], recs[j] = recs[j], recs[i]
    return f"records {i} and {j}"


def _op_move(c: _Ctx, recs: list[Any]) -> str:
    i = _index(c, recs)
    if i < 0:
        return "nothing to move"
    rec = recs.pop(i)
    j = _slot(c, recs)
    recs.insert(j, rec)
    return f"record {i} to {j}"


def _op_repeat(c: _Ctx, recs: list[Any]) -> str:
    i = _index(c, recs, 0)
    if i < 0:
        return "nothing to repeat"
    one = encode(recs[i])
    kind = _kind(recs[i], i)
    cap = MAX_RUN if c.heavy else 1 << 20
    n = min(c.size((10, 100, 1000, 3000), (10_000, 50_000, 200_000)), cap // max(len(one), 1))
    recs[i] = Raw(one * n)
    return f"record {i} ({kind}) {n} times"


def _unknown_record(c: _Ctx) -> dict[str, Any]:
    rec: dict[str, Any] = {"t": c.pick(("zz", "ZZ", "", "ev2", "end ", "t" * 100, "三"))}
    for k in range(c.below(4)):
        rec[f"k{k}"] = _odd(c)
    return rec


def _op_unknown(c: _Ctx, recs: list[Any]) -> str:
    n = 1 + c.below(3)
    for _ in range(n):
        recs.insert(_slot(c, recs), _unknown_record(c))
    return f"{n} records"


def _op_unknown_many(c: _Ctx, recs: list[Any]) -> str:
    n = c.size((100, 1000, 5000), (50_000, 300_000, 1_000_001))
    one = encode({"t": "zz", "x": c.below(100)})
    i = _slot(c, recs)
    recs.insert(i, Raw(one * n))
    return f"{n} at {i}"


def _op_hash_many(c: _Ctx, recs: list[Any]) -> str:
    n = c.size((1, 3, 100, 1000), (10_000, 100_000))
    one = encode({"t": "cp", "hash": c.hex(64)})
    i = _slot(c, recs)
    recs.insert(i, Raw(one * n))
    return f"{n} full checkpoints at {i}"


def _op_checkpoints_many(c: _Ctx, recs: list[Any]) -> str:
    n = c.size((1, 10, 1000, 5000), (100_000, 999_999, 1_000_001))
    block = bytes(c.below(128) for _ in range(min(n, 256)))
    i = _slot(c, recs)
    recs.insert(i, Raw((block * (n // len(block) + 1))[:n]))
    return f"{n} bare checkpoints at {i}"


def _op_end_in_middle(c: _Ctx, recs: list[Any]) -> str:
    ends = _of_kind(recs, "end")
    if not ends or len(recs) < 3:
        return "no end record"
    i = ends[-1]
    rec = recs[i] if c.below(2) else recs.pop(i)
    j = 1 + c.below(max(len(recs) - 1, 1))
    recs.insert(j, copy.deepcopy(rec))
    return f"end record {i} at {j}"


def _op_after_end(c: _Ctx, recs: list[Any]) -> str:
    n = 1 + c.below(3)
    for _ in range(n):
        what = c.below(3)
        if what == 0 and len(recs) > 1:
            recs.append(copy.deepcopy(recs[_index(c, recs)]))
        elif what == 1:
            recs.append(c.below(128))
        else:
            recs.append(_odd(c))
    return f"{n} records"


def _op_splice(c: _Ctx, recs: list[Any]) -> str:
    other = c.pick(c.corpus)
    theirs = decode_records(other.data)
    a = 1 + c.below(max(len(theirs) - 1, 1))
    b = min(len(theirs), a + 1 + c.below(20))
    i = _slot(c, recs)
    j = min(len(recs), i + c.below(20))
    recs[i:j] = theirs[a:b]
    return f"records {a}-{b - 1} of {other.name} in place of {i}-{j - 1}"


# -- types
def _op_retype(c: _Ctx, recs: list[Any]) -> str:
    i = _index(c, recs, 0 if c.below(5) == 0 else 1)
    if i < 0:
        return "no record"
    path = _descend(c, recs[i])
    new = _odd(c)
    _set(recs, i, path, new)
    return f"record {i} at {path}: {_short(new)}"


def _op_retype_record(c: _Ctx, recs: list[Any]) -> str:
    i = _index(c, recs, 0 if c.below(5) == 0 else 1)
    if i < 0:
        return "no record"
    recs[i] = _odd(c)
    return f"record {i}: {_short(recs[i])}"


def _is_01(v: Any) -> bool:
    return (type(v) is int and v in (0, 1)) or type(v) is bool


def _op_same_value(c: _Ctx, recs: list[Any]) -> str:
    """An integer 0/1 as the boolean of the same value, or the other way round, or an integer as
    a float of the same value, in a decisions, events or end record: the file must not be valid
    any more (msgpack keeps the types apart; ``True == 1`` is Python's, not the format's)."""
    candidates = _of_kind(recs, "decisions", "events", "end")
    if not candidates:
        return "no decisions, events or end record"
    i = c.pick(candidates)
    kind = _kind(recs[i], i)
    paths = _leaves(recs[i], _is_01)
    if paths:
        path = c.pick(paths)
        old = _get(recs[i], path)
        new: Any = int(old) if type(old) is bool else bool(old)
    else:
        paths = _leaves(recs[i], lambda v: type(v) is int)
        if not paths:
            return f"no integer in record {i}"
        path = c.pick(paths)
        old = _get(recs[i], path)
        new = float(old)
    _set(recs, i, path, new)
    c.reject = f"{_article(new)} stands for {_article(old)} in {_article_kind(kind)} record"
    return f"record {i} at {path}: {old!r} -> {new!r}"


def _article(v: Any) -> str:
    return {bool: "a boolean", int: "an integer", float: "a float"}.get(type(v), "a value")


def _article_kind(kind: str) -> str:
    return f"an {kind}" if kind[0] in "aeiou" else f"a {kind}"


def _op_numbers(c: _Ctx, recs: list[Any]) -> str:
    i = _index(c, recs, 0 if c.below(5) == 0 else 1)
    paths = _leaves(recs[i], lambda v: type(v) is int) if i >= 0 else []
    if not paths:
        return "no integer"
    path = c.pick(paths)
    new = c.pick((-1, -129, 128, 255, 256, 65535, 65536, (1 << 31), (1 << 32), (1 << 63) - 1,
                  1 << 63, (1 << 64) - 1, -(1 << 63), 10**9))
    _set(recs, i, path, new)
    return f"record {i} at {path}: {new}"


def _op_long_string(c: _Ctx, recs: list[Any]) -> str:
    i = _index(c, recs, 0 if c.below(5) == 0 else 1)
    if i < 0:
        return "no record"
    n = c.size((300, 1000, 65536), ((1 << 20) - 64, 1 << 20, (1 << 20) + 1))
    path = _descend(c, recs[i])
    _set(recs, i, path, c.pick(("x", "三", "\n")) * n)
    return f"record {i} at {path}: {n} characters"


# -- depths
def _op_deep(c: _Ctx, recs: list[Any]) -> str:
    i = _index(c, recs, 0 if c.below(10) == 0 else 1)
    if i < 0:
        return "no record"
    path = _descend(c, recs[i])
    depth = c.pick(_DEPTHS)
    _set(recs, i, path, _deep(c, _get(recs[i], path), depth))
    return f"record {i} at {path}: {depth} levels"


# -- lengths
def _raw_array(c: _Ctx, head: Sequence[Any], items: Sequence[Any], n: int) -> tuple[Raw, int]:
    """An array of the values ``head`` then ``n`` of ``items`` in turn, encoded ahead; ``n`` is
    cut so that the array stays within the size of a run. Returns the array and its ``n``."""
    encoded = [encode(x) for x in items]
    cap = MAX_RUN if c.heavy else 1 << 20
    n = min(n, max(1, cap // max(len(e) for e in encoded)))
    out = bytearray()
    _put_len(len(head) + n, _ARRAY, out)
    for v in head:
        _put(v, out)
    if len(encoded) == 1:
        out += encoded[0] * n
    else:
        for k in range(n):
            out += encoded[k % len(encoded)]
    return Raw(out), n


def _op_long_decisions(c: _Ctx, recs: list[Any]) -> str:
    found = _of_kind(recs, "decisions")
    i = c.pick(found) if found else _slot(c, recs)
    old = recs[i] if found else [0, None]
    choice = old[1] if len(old) > 1 else None
    n = c.size((100, 1000, 65535, 65536), (65537, 200_000))
    new, n = _raw_array(c, [old[0] if old else 0], [choice], n)
    if found:
        recs[i] = new
    else:
        recs.insert(i, new)
    return f"record {i}: {n} choices of {_short(choice)}"


def _op_many_events(c: _Ctx, recs: list[Any]) -> str:
    found = _of_kind(recs, "events")
    pool = [e for i in found if type(recs[i].get("ev")) is list for e in recs[i]["ev"]]
    n = c.size((100, 1000, 10_000), (65535, 65536))
    evs, n = _raw_array(c, [], pool or [["turn", [1, 1, 0], -1, None]], n)
    i = c.pick(found) if found else _slot(c, recs)
    new = {"t": "ev", "at": recs[i].get("at", 0) if found else 0, "ev": evs}
    if found:
        recs[i] = new
    else:
        recs.insert(i, new)
    return f"record {i}: {n} events"


def _op_big_array(c: _Ctx, recs: list[Any]) -> str:
    i = _index(c, recs, 0 if c.below(5) == 0 else 1)
    if i < 0:
        return "no record"
    n = c.size((1000, 65535, 65536, 65537))
    path = _descend(c, recs[i])
    _set(recs, i, path, [c.pick((None, 0, True, [1]))] * n)
    return f"record {i} at {path}: an array of {n}"


def _op_big_map(c: _Ctx, recs: list[Any]) -> str:
    found = [i for i in range(len(recs)) if type(recs[i]) is dict]
    if not found:
        return "no map record"
    i = c.pick(found)
    n = c.size((15, 16, 63, 64, 65, 1000), (65536,))
    for k in range(n):
        recs[i][f"x{k}"] = k
    return f"record {i}: {n} more entries"


_LIES: Final = (
    (b"\xdd\xff\xff\xff\xff", "an array32 of 2**32-1 items"),
    (b"\xdd\x00\x01\x00\x01", "an array32 of 65537 items"),
    (b"\xdc\xff\xff", "an array16 of 65535 items"),
    (b"\xdf\xff\xff\xff\xff", "a map32 of 2**32-1 entries"),
    (b"\xde\x00\x41", "a map16 of 65 entries"),
    (b"\xdb\x7f\xff\xff\xff", "a str32 of 2**31-1 bytes"),
    (b"\xdb\x00\x10\x00\x01", "a str32 of 2**20+1 bytes"),
    (b"\xd9\xff", "a str8 of 255 bytes"),
    (b"\xc4\x05\x00\x01\x02\x03\x04", "a bin8 of 5 bytes"),
    (b"\xc6\xff\xff\xff\xff", "a bin32 of 2**32-1 bytes"),
    (b"\xd4\x01\x00", "a fixext1"),
    (b"\xd6\xff\x00\x00\x00\x00", "a timestamp ext"),
    (b"\xc7\xff\x05", "an ext8 of 255 bytes"),
    (b"\xc1", "byte 0xc1"),
)


def _op_lying_length(c: _Ctx, recs: list[Any]) -> str:
    raw, what = c.pick(_LIES)
    if c.below(2) == 0 or len(recs) < 2:
        i = _slot(c, recs)
        recs.insert(i, Raw(raw))
        return f"{what} as record {i}"
    i = _index(c, recs)
    path = _descend(c, recs[i])
    _set(recs, i, path, Raw(raw))
    return f"{what} in record {i} at {path}"


def _op_big_record(c: _Ctx, recs: list[Any]) -> str:
    n = c.pick(((1 << 20) - 64, (1 << 20) - 16, (1 << 20) - 10, 1 << 20, (1 << 20) + 1))
    i = _slot(c, recs)
    recs.insert(i, {"t": "zz", "s": "x" * n})
    return f"an unknown record with a string of {n} bytes at {i}"


# -- ordering
def _permute(c: _Ctx, recs: list[Any], positions: list[int]) -> str:
    items = [recs[i] for i in positions]
    c.rng.shuffle(items)
    for i, rec in zip(positions, items, strict=True):
        recs[i] = rec
    return f"{len(positions)} records"


def _op_shuffle_decisions(c: _Ctx, recs: list[Any]) -> str:
    return _permute(c, recs, _of_kind(recs, "decisions"))


def _op_shuffle_events(c: _Ctx, recs: list[Any]) -> str:
    return _permute(c, recs, _of_kind(recs, "events"))


def _op_shuffle_choices(c: _Ctx, recs: list[Any]) -> str:
    found = [i for i in _of_kind(recs, "decisions") if len(recs[i]) > 2]
    if not found:
        return "no record of several decisions"
    i = c.pick(found)
    choices = recs[i][1:]
    c.rng.shuffle(choices)
    recs[i][1:] = choices
    return f"record {i}"


def _op_move_checkpoints(c: _Ctx, recs: list[Any]) -> str:
    found = _of_kind(recs, "checkpoint", "hash")
    moved = [recs[i] for i in found]
    for i in reversed(found):
        del recs[i]
    for rec in moved:
        recs.insert(_slot(c, recs), rec)
    return f"{len(moved)} checkpoints"


# -- the header
_HEADER_KEYS: Final = ("format", "version", "e", "g", "r", "p", "s", "c", "a", "ev")


def _header(recs: list[Any]) -> dict[str, Any] | None:
    return recs[0] if recs and type(recs[0]) is dict else None


def _op_header_drop(c: _Ctx, recs: list[Any]) -> str:
    h = _header(recs)
    if h is None:
        return "no header"
    key = str(c.pick(_HEADER_KEYS))
    h.pop(key, None)
    return key


def _op_header_retype(c: _Ctx, recs: list[Any]) -> str:
    h = _header(recs)
    if h is None:
        return "no header"
    key = c.pick(_HEADER_KEYS)
    h[key] = _odd(c)
    return f"{key}: {_short(h[key])}"


_CONFIG_VALUES: Final[dict[str, tuple[Any, ...]]] = {
    "players": (3, 11, 0, -1, 4, 10, 1 << 63, True, "5", None, 5.0),
    "generals": (None, "random", "nobody", "caocao", [], ["caocao"], ["caocao"] * 10,
                 [1, 2, 3, 4], ["nobody"] * 5, [None] * 5, ["caocao"] * 1000),
    "packs": (["standard"], ["ex"], [], ["standard", "standard"], ["standard", "ex"], ["nope"],
              "standard", [1], None),
    "first_game": (True, False, 1, 0, "yes", None),
    "advanced_weapons": (True, False, 1, None),
    "role_variant": (True, False, 1, None),
    "lord_seat_zero": (True, False, 0, None),
    "max_rounds": (0, 1, 2, 60, 1 << 31, 1 << 63, -1, True, 1.5, None),
    "pool": ([], ["caocao"], ["nobody"], ["caocao"] * 1000, None, "caocao", [True]),
    "ex_cards": (True, False, 1, None),
    "zz": (1, None, {"a": [1]}, "x" * 1000),
}


def _op_header_config(c: _Ctx, recs: list[Any]) -> str:
    h = _header(recs)
    config = h.get("c") if h is not None else None
    if type(config) is not dict:
        return "no config"
    key = c.pick(list(_CONFIG_VALUES))
    if c.below(5) == 0:
        config.pop(key, None)
        return f"{key} removed"
    config[key] = copy.deepcopy(c.pick(_CONFIG_VALUES[key]))
    return f"{key}: {_short(config[key])}"


def _op_header_deep(c: _Ctx, recs: list[Any]) -> str:
    h = _header(recs)
    if h is None:
        return "no header"
    depth = c.pick((65, 100, 200, 500, 1000, 1100))
    where = c.below(3)
    if where == 0:
        h["c"] = _deep(c, {}, depth)
        return f"c: {depth} levels"
    if where == 1 and type(h.get("c")) is dict:
        h["c"]["zz"] = _deep(c, None, depth)
        return f"c.zz: {depth} levels"
    h["zz"] = _deep(c, None, depth)
    return f"zz: {depth} levels"


def _op_header_agents(c: _Ctx, recs: list[Any]) -> str:
    h = _header(recs)
    if h is None:
        return "no header"
    if c.below(4) == 0:
        h["a"] = "r" * c.size((1000, 65536), (1 << 20,))
        return f"a string of {len(h['a'])}"
    n = c.size((0, 1, 3, 11, 256, 1000), (65535, 65536, 65537))
    h["a"] = ["random"] * n
    return f"{n} agents"


def _op_header_identity(c: _Ctx, recs: list[Any]) -> str:
    h = _header(recs)
    if h is None:
        return "no header"
    key = c.pick(("e", "g", "r", "p", "s", "ev", "version", "format"))
    seed = _int_at(h, "s")
    values: dict[str, tuple[Any, ...]] = {
        "e": ("0.0.9", "", "9" * 64, "0.1.0"),
        "g": ("toy/nim", "sanguosha/other", "", "sanguosha/identity"),
        "r": (c.hex(32), c.hex(31), c.hex(32).upper()),
        "p": ("pcg32", "mt19937", ""),
        "s": (_fit(seed + 1), 0, (1 << 64) - 1, 1 << 63),
        "ev": (not h.get("ev"),),
        "version": (0, 2, -1, 1 << 63),
        "format": ("sgscore-replay ", "SGSCORE-REPLAY", ""),
    }
    h[key] = c.pick(values[key])
    return f"{key}: {_short(h[key])}"


# -- the end record
_END_KEYS: Final = ("w", "why", "tu", "ro", "d", "n", "h", "rl", "gn", "al")


def _fit(v: int) -> int:
    """``v`` held to what a msgpack integer holds (-2**63 .. 2**64-1)."""
    return min(max(v, -(1 << 63)), (1 << 64) - 1)


def _int_at(d: dict[str, Any], key: str) -> int:
    v = d.get(key)
    return v if type(v) is int else 0


def _list_at(d: dict[str, Any], key: str) -> list[Any]:
    v = d.get(key)
    return v if type(v) is list else []


def _end(recs: list[Any]) -> dict[str, Any] | None:
    ends = _of_kind(recs, "end")
    return recs[ends[-1]] if ends else None


def _op_end_counts(c: _Ctx, recs: list[Any]) -> str:
    e = _end(recs)
    if e is None:
        return "no end record"
    key = c.pick(("tu", "ro", "d", "n"))
    old = _int_at(e, key)
    e[key] = c.pick((_fit(old + 1), _fit(old - 1), 0, 1 << 63, (1 << 64) - 1, -1, 10**9))
    return f"{key}: {e[key]}"


def _op_end_deep(c: _Ctx, recs: list[Any]) -> str:
    e = _end(recs)
    if e is None:
        return "no end record"
    if c.below(3) == 0:
        n = c.size((10, 63, 64, 65))
        for k in range(n):
            e[f"x{k}"] = _odd(c)
        return f"{n} unknown entries"
    depth = c.pick((100, 500, 999, 1000, 1100))
    key = c.pick(("zz", "w", "rl", "why"))
    e[key] = _deep(c, c.pick((None, 1, "x")), depth)
    return f"{key}: {depth} levels"


def _op_end_lists(c: _Ctx, recs: list[Any]) -> str:
    e = _end(recs)
    if e is None:
        return "no end record"
    key = c.pick(("rl", "gn", "al"))
    old = _list_at(e, key)
    action = c.below(4)
    if action == 0:
        e[key] = old[:-1]
    elif action == 1:
        e[key] = old + old[:1]
    elif action == 2 and old:
        e[key] = [_odd(c)] + old[1:]
    else:
        e[key], n = _raw_array(c, [], old[:1] or [True], c.size((100, 65536)))
        return f"{key}: {n} items"
    return f"{key}: {_short(e[key])}"


def _op_end_drop(c: _Ctx, recs: list[Any]) -> str:
    ends = _of_kind(recs, "end")
    if not ends:
        return "no end record"
    if c.below(4) == 0:
        del recs[ends[-1]]
        return "the end record"
    key = str(c.pick(_END_KEYS))
    recs[ends[-1]].pop(key, None)
    return key


# -- error records
def _op_error_record(c: _Ctx, recs: list[Any]) -> str:
    decisions = sum(max(len(r) - 1, 0) for i, r in enumerate(recs) if _kind(r, i) == "decisions")
    rec: dict[str, Any] = {
        "t": "err",
        "kind": c.pick(("ZeroDivisionError", "RuntimeError", "", "x" * 500, None, 1)),
        "msg": c.pick(("boom", "", "two\nlines", "x" * 2000, None, ["a"])),
        "at": c.pick((0, decisions, decisions + 1, -1, 1 << 63, True, "3")),
    }
    ends = _of_kind(recs, "end")
    i = ends[-1] if ends and c.below(2) else _slot(c, recs)
    recs.insert(i, rec)
    return f"at {i}: {_short(rec)}"


# -- values of msgpack types the format never uses, and map keys of every type
_UNUSED: Final = (
    (Raw(b"\xc4\x00"), "an empty bin8"), (Raw(b"\xc5\x00\x00"), "an empty bin16"),
    (Raw(b"\xc6\x00\x00\x00\x00"), "an empty bin32"), (Raw(b"\xc4\x01k"), "a bin8 of 1 byte"),
    (Raw(b"\xc7\x00\x05"), "an empty ext8"), (Raw(b"\xc7\x00\x80"), "an empty ext8"),
    (Raw(b"\xc8\x00\x00\x01"), "an empty ext16"),
    (Raw(b"\xc9\x00\x00\x00\x00\x7f"), "an empty ext32"),
    (Raw(b"\xc7\x00\xff"), "an empty timestamp"), (Raw(b"\xd4\x01\x00"), "a fixext1"),
    (1.5, "a float"), (-0.0, "a float"), (1.0, "a float"), (92.0, "a float"),
    (1e300, "a float"), (float(1 << 64), "a float"), (float("nan"), "a float"),
    (float("inf"), "a float"), (Raw(b"\xca\x3f\xc0\x00\x00"), "a float32"),
)
"""Values the format never uses (binary, extension and float values: ``docs/replay-format.md``):
a file holding one anywhere must be refused by the reader, at the record that holds it."""

_ODD_KEYS: Final[tuple[tuple[Any, str], ...]] = (
    (0, "an integer"), (1, "an integer"), (-1, "an integer"), ((1 << 64) - 1, "an integer"),
    (True, "a boolean"), (False, "a boolean"), (None, "a nil"), (1.5, "a float"),
    (Raw(b"\x90"), "an array"), (Raw(b"\x91\x01"), "an array"), (Raw(b"\x80"), "a map"),
    (Raw(b"\x81\xa1k\x01"), "a map"), (Raw(b"\xc4\x00"), "a binary"),
    (Raw(b"\xc5\x00\x00"), "a binary"), (Raw(b"\xc6\x00\x00\x00\x00"), "a binary"),
    (Raw(b"\xc4\x01t"), "a binary"),
    (Raw(b"\xc7\x00\x05"), "an extension"), (Raw(b"\xd4\x01\x00"), "an extension"),
)
"""Map keys of every type but the string (the format's maps have string keys only). An empty
binary key passes msgpack's own checks (its length limit of 0, its string-or-binary keys):
``odd_key`` draws it one time in three, and one of these the other times."""


def _where(recs: list[Any], i: int) -> str:
    """The kind of record ``i``, as a reason says it."""
    kind = _kind(recs[i], i)
    return {"hash": "full checkpoint", "error": "error record", "raw": "record"}.get(
        kind, f"{kind} record" if kind != "header" else "header")


def _refusal_target(c: _Ctx, recs: list[Any]) -> tuple[int, list[Any]]:
    """A record and a path inside it, for a value the reader must refuse: a kind of record
    first (header, decisions, checkpoint, events, full checkpoint, error, end, or an unknown
    record inserted for it), each as likely, then a record of that kind and a place in it (a
    map record's own map three times in four: where a new entry goes); ``(-1, [])`` when the
    file has no record to put it in."""
    kinds: dict[str, list[int]] = {}
    for i, rec in enumerate(recs):
        if type(rec) is not Raw:
            kinds.setdefault(_kind(rec, i), []).append(i)
    kinds.pop("other", None)
    names = [*sorted(kinds), "unknown"] if len(recs) > 1 else sorted(kinds)
    if not names:
        return -1, []
    kind = c.pick(names)
    if kind == "unknown" and "unknown" not in kinds:
        i = _slot(c, recs)
        recs.insert(i, {"t": c.pick(("zz", "later")), "v": [1, {"k": "x"}], "n": 0})
    else:
        i = c.pick(kinds[kind])
    if type(recs[i]) is dict and c.below(4) != 0:
        return i, []
    return i, _descend(c, recs[i])


def _wrapped(c: _Ctx, value: Any) -> Any:
    """``value`` as it is, or inside an array, a map or both."""
    return c.pick((value, [value], {"k": value}, [1, [value]], {"k": [{"v": value}]}))


def _op_unused_type(c: _Ctx, recs: list[Any]) -> str:
    """A binary, extension or float value anywhere in any record (in a new entry of a map, or
    in place of a value): the file must be refused."""
    i, path = _refusal_target(c, recs)
    if i < 0:
        return "no record"
    value, what = c.pick(_UNUSED)
    where = _where(recs, i)
    holder = _get(recs[i], path)
    if type(holder) is dict:
        key = c.pick(("zz", "x", "note", "scores", "hp"))
        holder[key] = _wrapped(c, value)
        path = [*path, key]
    else:
        _set(recs, i, path, _wrapped(c, value) if path else value)
    c.refuse = f"{what} in the {where}" if path else f"{what} as a whole record"
    return f"record {i} ({where}) at {path}: {what}"


def _op_odd_key(c: _Ctx, recs: list[Any]) -> str:
    """A map key of another type than a string, in a map of any record at any depth (a map is
    made where the path ends on something else): the file must be refused."""
    i, path = _refusal_target(c, recs)
    if i < 0:
        return "no record"
    key, what = (Raw(b"\xc4\x00"), "a binary") if c.below(3) == 0 else c.pick(_ODD_KEYS)
    where = _where(recs, i)
    holder = _get(recs[i], path)
    if type(holder) is dict:
        holder[key] = c.pick((1, "x", None, [1]))
    else:
        _set(recs, i, path, {key: holder})
    c.refuse = f"a map key that is {what} in the {where}"
    return f"record {i} ({where}) at {path}: a key that is {what} ({_short(key)})"


# -- forged end entries
_FORGED_ADD: Final[tuple[tuple[str, Any], ...]] = (
    ("scores", "per seat"), ("hp", "per seat"), ("error", "ZeroDivisionError: boom"),
    ("zz", 1), ("note", "x" * 40), ("winner", "rebel"), ("reason", "forged"),
    ("hash", "0" * 32), ("alive", "per seat"), ("roles", "per seat"), ("turns", 1),
)
"""Entries added to an end record: another game's entry (``scores`` on a game played without
scoring, the dice game's ``hp``), an unknown one, and a summary entry's readable name beside its
short key (``winner`` beside ``w``)."""


def _forged(c: _Ctx, old: Any) -> Any:
    """A value other than ``old``: of the same type (another string, a count one more, an item
    of a list changed) or of another type."""
    t = type(old)
    if c.below(3) == 0:  # another type
        options: list[Any] = [None, 0, 1, True, "x", [], [old], {"v": 1}, str(old)[:20]]
        if t is int and not -(1 << 63) <= old <= (1 << 64) - 1:
            options.append(0)
        return c.pick([v for v in options if not (type(v) is t and v == old)] or [None])
    if t is bool:
        return not old
    if t is int:
        return _fit(old + c.pick((1, -1, 100))) if old != (1 << 64) - 1 else old - 1
    if t is str:
        return c.pick(("lord", "rebel", "loyalist", "renegade", "draw", "")) + (
            "x" if old in ("lord", "rebel", "loyalist", "renegade", "draw", "") else "")
    if t is list and old:
        k = c.below(len(old))
        return c.pick((old[:k] + [_forged(c, old[k])] + old[k + 1:], old[:-1], old + old[-1:]))
    if old is None:
        return c.pick(("lord", "rebel", 0, False))
    return c.pick((None, 1, [None]))


def _op_end_forge(c: _Ctx, recs: list[Any]) -> str:
    """One entry of the end record changed (to another value of its type, or another type),
    added (another game's, an unknown one, a readable name beside its short key) or removed: the
    end record is no longer what the engine writes, so the file must not be valid."""
    ends = _of_kind(recs, "end")
    if not ends:
        return "no end record"
    e = recs[ends[-1]]
    seats = len(_list_at(e, "rl")) or len(_list_at(e, "al")) or 4
    action = c.below(4)
    keys = [k for k in e if k != "t"]
    if action == 0 or not keys:
        key, value = c.pick(_FORGED_ADD)
        if value == "per seat":
            value = c.pick(([100] + [0] * (seats - 1), [1] * seats, [True] * seats,
                            ["lord"] * seats, [0] * (seats + 1)))
        if key in e:
            key = f"{key}2"
        e[key] = value
        c.reject = c.shape = f"a forged end record (an entry {key!r} added)"
        return f"{key} added: {_short(value)}"
    key = c.pick(keys)
    if action == 1:
        del e[key]
        c.reject = c.shape = f"a forged end record (its entry {key!r} removed)"
        return f"{key} removed"
    old = e[key]
    e[key] = new = _forged(c, old)
    c.reject = f"a forged end record (its entry {key!r} changed)"
    if type(old) is list and (type(new) is not list or len(new) != len(old)):
        c.shape = f"a forged end record (its per-seat entry {key!r} of another shape)"
    return f"{key}: {_short(old)} -> {_short(e[key])}"


def _op_end_sides(c: _Ctx, recs: list[Any]) -> str:
    """An end record that disagrees with itself, as a program reading summaries meets it: the
    winner one of the roles that two seats or more hold (so that whether each seat won depends
    on who is alive), and the roles, generals and alive lists each of their length, shorter
    (down to empty) or longer. Not the engine's: the file must not be valid."""
    e = _end(recs)
    if e is None:
        return "no end record"
    roles = [r for r in _list_at(e, "rl") if type(r) is str]
    repeated = sorted({r for r in roles if roles.count(r) > 1}) or sorted(set(roles))
    changes = []
    if repeated:
        old_winner, e["w"] = e.get("w"), c.pick(repeated)
        if not (type(old_winner) is str and old_winner == e["w"]):
            changes.append(f"w: {e['w']}")
    for key in ("rl", "gn", "al"):
        old = _list_at(e, key)
        how = c.below(3)
        if how == 1 and old:
            e[key] = old[:c.below(len(old))]
        elif how == 2 and old:
            e[key] = old + old[-1:] * (1 + c.below(3))
        else:
            continue
        changes.append(f"{key}: {len(old)} -> {len(e[key])}")
        c.shape = f"a forged end record (its per-seat entry {key!r} of another length)"
    c.reject = f"a forged end record ({', '.join(changes)})" if changes else ""
    return "; ".join(changes) or "unchanged"


# -- cross-game splices
def _game_of(records: list[Any]) -> str:
    head = records[0] if records and type(records[0]) is dict else {}
    game = head.get("g")
    return game if type(game) is str else ""


def _op_cross_game(c: _Ctx, recs: list[Any]) -> str:
    """Another game's records in this one: a run of records of a replay of another game (the
    dice game's in a card game's and back), or of another variant (3v3, scoring, the 1.0 deck);
    another replay's header on this one's records; its end record in place of this one's."""
    mine = _game_of(recs)
    others = [cf for cf in c.corpus if _game_of(decode_records(cf.data)) != mine] or list(c.corpus)
    other = c.pick(others if c.below(3) else c.corpus)
    theirs = decode_records(other.data)
    action = c.below(4)
    if action == 0 and recs:
        recs[0] = theirs[0]
        return f"the header of {other.name}"
    if action == 1:
        ends_theirs, ends_mine = _of_kind(theirs, "end"), _of_kind(recs, "end")
        if ends_theirs:
            if ends_mine:
                recs[ends_mine[-1]] = theirs[ends_theirs[-1]]
            else:
                recs.append(theirs[ends_theirs[-1]])
            return f"the end record of {other.name}"
    if action == 2 and type(recs[0]) is dict and type(theirs[0]) is dict:
        config, their_config = recs[0].get("c"), theirs[0].get("c")
        if type(config) is dict and type(their_config) is dict and their_config:
            key = c.pick(list(their_config))
            config[key] = copy.deepcopy(their_config[key])
            return f"config {key} of {other.name}: {_short(config[key])}"
    kind = c.pick(("decisions", "events", "checkpoint", "hash"))
    found = _of_kind(theirs, kind) or list(range(1, len(theirs)))
    a = c.pick(found)
    b = min(len(theirs) - 1, a + 1 + c.below(8))
    mine_at = _of_kind(recs, kind) or list(range(1, max(len(recs), 2)))
    i = min(c.pick(mine_at), len(recs))
    end = i + (b - a) if c.below(2) else i  # in place of as many records, or inserted
    recs[i:end] = copy.deepcopy(theirs[a:b])
    return f"{kind} records {a}-{b - 1} of {other.name} at {i}"


# -- huge files that look like replays
_HUGE_LIGHT: Final = (1 << 16, 1 << 18, 1 << 20)
_HUGE_HEAVY: Final = (4 << 20, 6 << 20, (8 << 20) - 4096, (8 << 20) + 1, 24 << 20, 96 << 20)
"""Sizes of a huge file: light ones, and heavy ones up to just under and over the reader's
8 MiB limit (``max_bytes``), where a command must refuse the file before reading it whole."""
_RECORD_BUDGET: Final = 900_000
"""The largest record a huge file holds: under the reader's 1 MiB ``max_buffer_size``, so that
every record is read."""


def _op_huge(c: _Ctx, recs: list[Any]) -> str:
    """A file near a size of :data:`_HUGE_LIGHT` (or rarely :data:`_HUGE_HEAVY`) made of records
    that each look right: the game's records again and again, decisions records of 65,535 of one
    of its choices, or events records of tens of thousands of its events numbered on, each after
    a decisions record (so that no limit of records in a row stops the reader early)."""
    if len(recs) < 2 or type(recs[0]) is not dict:
        return "no header"
    size = c.size(_HUGE_LIGHT, _HUGE_HEAVY)
    head, body = recs[0], recs[1:]
    end = body.pop() if body and _kind(body[-1], len(recs) - 1) == "end" else None
    decisions = [r for r in body if type(r) is list and len(r) >= 2]
    first = decisions[0] if decisions else [0, None]
    style = c.below(3)
    out = bytearray(encode(head))
    if style == 0 and body:
        one = encode_records(body)
        copies = max(1, size // max(len(one), 1))
        out += one * copies
        what = f"the game's records {copies} times"
    elif style == 1:
        run, n = _raw_array(c, [first[0]], [first[1]], 65_535)
        copies = max(1, size // len(run))
        out += bytes(run) * copies
        what = f"{copies} decisions records of {n} choices"
    else:
        head["ev"] = True
        out = bytearray(encode(head))
        events = [e for r in body if type(r) is dict and r.get("t") == "ev"
                  and type(r.get("ev")) is list for e in r["ev"]]
        events = events or [["turn", [1, 0, 0], -1, None]]
        each = max(len(encode(e)) for e in events[:64])
        per = max(1, min(65_536, _RECORD_BUDGET // max(each, 1)))
        block, per = _raw_array(c, [], events[:per], per)  # cycled when the game has fewer
        step = encode(first)
        copies = max(1, size // (len(block) + len(step) + 16))
        for k in range(copies):
            out += encode({"t": "ev", "at": k * per, "ev": block}) + step
        what = f"{copies} events records of {per} events"
    if end is not None:
        out += encode(end)
    recs[:] = [Raw(bytes(out))]
    return f"{what}, {len(out)} bytes"


# -- bytes, after encoding
def _op_truncate(c: _Ctx, data: bytes) -> tuple[bytes, str]:
    if not data:
        return data, "empty"
    cut = len(data) - 1 - c.below(min(len(data), 16)) if c.below(2) else c.below(len(data))
    return data[:cut], f"at byte {cut} of {len(data)}"


def _op_flip(c: _Ctx, data: bytes) -> tuple[bytes, str]:
    if not data:
        return data, "empty"
    out = bytearray(data)
    n = 1 + c.below(8)
    for _ in range(n):
        out[c.below(len(out))] ^= 1 << c.below(8)
    return bytes(out), f"{n} bits"


_BYTES: Final = (0xC1, 0xDD, 0xDF, 0xDB, 0xC4, 0xD4, 0xFF, 0x00, 0x7F, 0x80, 0x90, 0xA0, 0xC0,
                 0xC3, 0xCF, 0xD3)


def _op_bytes(c: _Ctx, data: bytes) -> tuple[bytes, str]:
    out = bytearray(data)
    at = c.below(len(out) + 1)
    what = c.below(3)
    if what == 0 and at < len(out):
        out[at] = c.pick(_BYTES)
        return bytes(out), f"byte {at} replaced"
    if what == 1 and at < len(out):
        del out[at:at + 1 + c.below(4)]
        return bytes(out), f"bytes deleted at {at}"
    out[at:at] = bytes(c.pick(_BYTES) for _ in range(1 + c.below(4)))
    return bytes(out), f"bytes inserted at {at}"


def _op_tail(c: _Ctx, data: bytes) -> tuple[bytes, str]:
    n = 1 + c.below(64)
    return data + bytes(c.below(256) for _ in range(n)), f"{n} random bytes"


@dataclass(frozen=True)
class _Op:
    name: str
    weight: int
    records: RecordOp | None = None
    bytes: ByteOp | None = None
    large: bool = False  # every input it makes is large: left out of light runs
    alone: bool = False  # its oracle is exact (reject, refuse): the case has no other mutation


OPS: Final[tuple[_Op, ...]] = (
    _Op("drop", 3, _op_drop), _Op("duplicate", 2, _op_duplicate), _Op("swap", 2, _op_swap),
    _Op("move", 2, _op_move), _Op("repeat", 2, _op_repeat), _Op("unknown", 2, _op_unknown),
    _Op("unknown_many", 1, _op_unknown_many), _Op("hash_many", 1, _op_hash_many),
    _Op("checkpoints_many", 1, _op_checkpoints_many), _Op("end_in_middle", 2, _op_end_in_middle),
    _Op("after_end", 2, _op_after_end), _Op("splice", 2, _op_splice),
    _Op("retype", 5, _op_retype), _Op("retype_record", 2, _op_retype_record),
    _Op("same_value", 3, _op_same_value, alone=True), _Op("numbers", 3, _op_numbers),
    _Op("long_string", 1, _op_long_string), _Op("deep", 4, _op_deep),
    _Op("long_decisions", 2, _op_long_decisions), _Op("many_events", 1, _op_many_events),
    _Op("big_array", 1, _op_big_array), _Op("big_map", 1, _op_big_map),
    _Op("lying_length", 2, _op_lying_length), _Op("big_record", 1, _op_big_record, large=True),
    _Op("shuffle_decisions", 1, _op_shuffle_decisions),
    _Op("shuffle_events", 1, _op_shuffle_events), _Op("shuffle_choices", 2, _op_shuffle_choices),
    _Op("move_checkpoints", 1, _op_move_checkpoints), _Op("header_drop", 2, _op_header_drop),
    _Op("header_retype", 2, _op_header_retype), _Op("header_config", 4, _op_header_config),
    _Op("header_deep", 2, _op_header_deep), _Op("header_agents", 1, _op_header_agents),
    _Op("header_identity", 2, _op_header_identity), _Op("end_counts", 2, _op_end_counts),
    _Op("end_deep", 2, _op_end_deep), _Op("end_lists", 1, _op_end_lists),
    _Op("end_drop", 1, _op_end_drop), _Op("error_record", 2, _op_error_record),
    _Op("unused_type", 3, _op_unused_type, alone=True), _Op("odd_key", 3, _op_odd_key, alone=True),
    _Op("end_forge", 3, _op_end_forge, alone=True),
    _Op("end_sides", 1, _op_end_sides, alone=True),
    _Op("cross_game", 2, _op_cross_game),
    _Op("huge", 1, _op_huge),
    _Op("truncate", 3, bytes=_op_truncate), _Op("flip", 3, bytes=_op_flip),
    _Op("bytes", 2, bytes=_op_bytes), _Op("tail", 1, bytes=_op_tail),
)
"""The mutation catalogue: a name, a weight, and what it does to the records (before encoding)
or to the bytes (after)."""


def _choose(c: _Ctx, only: Sequence[str] = ()) -> _Op:
    ops = [op for op in OPS if (c.heavy or not op.large) and (not only or op.name in only)]
    if not ops:
        raise ValueError(f"no mutation named {', '.join(only)} (see OPS)")
    k = c.below(sum(op.weight for op in ops))
    for op in ops:
        if k < op.weight:
            return op
        k -= op.weight
    raise AssertionError("unreachable: k is below the total weight")


def _known_ops(names: Sequence[str]) -> tuple[str, ...]:
    """``names``, each a mutation of :data:`OPS`; ``ValueError`` naming one that is not."""
    known = {op.name for op in OPS}
    unknown = [n for n in names if n not in known]
    if unknown:
        raise ValueError(f"no mutation named {', '.join(unknown)} (see OPS)")
    return tuple(names)


def _short(v: Any, n: int = 60) -> str:
    text = f"<{len(v)} encoded bytes>" if type(v) is Raw else repr(v)
    return text if len(text) <= n else text[:n - 3] + "..."


# ---------------------------------------------------------------------------- cases
@dataclass
class Case:
    """Case ``number`` of the run with ``seed``: the input made from corpus file ``source``,
    with the mutations that made it. ``reject`` is non-empty when the input must not be valid
    (it holds a value of another type that Python would call equal, or a forged end record);
    ``refuse`` when the reader must refuse it (a value or a map key of a type the format never
    uses); ``shape`` when its end record has a shape no game writes (``sgs stats`` refuses it
    without re-simulating); ``rng`` goes on after the input (the options of a command)."""

    seed: int
    number: int
    source: str
    original: bytes
    data: bytes
    ops: list[str]
    reject: str
    rng: Pcg32
    refuse: str = ""
    shape: str = ""


def make_case(seed: int, number: int, corpus: Sequence[CorpusFile], *,
              heavy: bool = True, only: Sequence[str] = ()) -> Case:
    """The input of case ``number`` (the same bytes for the same seed, number, corpus and
    ``heavy``): 1-3 mutations of a corpus file. ``heavy=False`` keeps every input small;
    ``only`` names the mutations to draw from (all of the catalogue when empty)."""
    c = _Ctx(Pcg32(seed, number), heavy, corpus)
    source = c.pick(corpus)
    recs = decode_records(source.data)
    chosen = [_choose(c, only) for _ in range(1 + c.below(3))]
    alone = next((op for op in chosen if op.alone), None)
    if alone is not None:
        chosen = [alone]  # its oracle is exact: no other mutation may undo or excuse it
    ops = []
    for op in chosen:
        if op.records is not None:
            ops.append(f"{op.name}: {op.records(c, recs)}")
    data = encode_records(recs)
    for op in chosen:
        if op.bytes is not None:
            data, what = op.bytes(c, data)
            ops.append(f"{op.name}: {what}")
    if len(data) > MAX_INPUT:
        data = data[:MAX_INPUT]
        ops.append(f"cut to {MAX_INPUT} bytes")
    return Case(seed, number, source.name, source.data, data, ops, c.reject, c.rng, c.refuse,
                c.shape)


# ---------------------------------------------------------------------------- classification
@dataclass
class Verdict:
    """How a target took an input: ``outcome`` (``valid``, ``invalid``, ``read``, ``rejected``,
    ``exit 0``, ...), the failure classes it shows (empty when the contract held), a detail for
    the report (the traceback, the reason), and what it cost."""

    outcome: str
    failures: list[str] = field(default_factory=list)
    detail: str = ""
    cpu: float = 0.0
    mem: int = 0


def reason_problems(reason: object) -> list[str]:
    """What is wrong with an error's reason: it must be a string of one line and at most
    :data:`MAX_REASON` characters."""
    if not isinstance(reason, str):
        return [f"a reason that is {type(reason).__name__}, not a string"]
    out = []
    if "\n" in reason or "\r" in reason:
        out.append("a reason on several lines")
    if len(reason) > MAX_REASON:
        out.append(f"a reason over {MAX_REASON} characters")
    return out


def _project_file(name: str) -> str | None:
    """``name`` relative to the project when it is a source of ``sgscore`` or ``cli`` (this
    module excepted), else None."""
    try:
        rel = Path(name).resolve().relative_to(ROOT)
    except ValueError:
        return None
    if rel.parts[0] not in ("sgscore", "cli") or rel == Path("sgscore/fuzz.py"):
        return None
    return rel.as_posix()


def exception_class(exc: BaseException, tb: TracebackType | None = None) -> str:
    """``Type in file (function)``: the exception and the deepest frame of the project's sources
    it passed through (the line is left out, so one bug is one class)."""
    frames = traceback.extract_tb(tb if tb is not None else exc.__traceback__)
    ours = [(f, rel) for f in frames if (rel := _project_file(f.filename)) is not None]
    if ours:
        frame, rel = ours[-1]
        return f"{type(exc).__name__} in {rel} ({frame.name})"
    if frames:
        return f"{type(exc).__name__} in {Path(frames[-1].filename).name} ({frames[-1].name})"
    return type(exc).__name__


def _trace(exc: BaseException, tb: TracebackType | None = None) -> str:
    """The exception and where it went: the last frames of the project's sources it passed
    through, then the frame that raised when that is elsewhere (the standard library, msgpack)."""
    frames = traceback.extract_tb(tb if tb is not None else exc.__traceback__)
    ours = [f"{rel}:{f.lineno} in {f.name}" for f in frames
            if (rel := _project_file(f.filename)) is not None]
    last = frames[-1] if frames else None
    if last is not None and _project_file(last.filename) is None:
        ours.append(f"{Path(last.filename).name}:{last.lineno} in {last.name}")
    text = " ".join(f"{type(exc).__name__}: {exc}".split())
    return "; ".join([text[:300], *ours[-5:]])


_CATCH_ALL: Final = re.compile(r"unexpected (\w+) while validating")


def validation_verdict(result: Any, reject: str = "") -> Verdict:
    """Classify :func:`~sgscore.replay.validate_file`'s verdict: valid with no error, or invalid
    with ``error["record"]`` a non-negative integer and a one-line reason, and no summary (an
    invalid file's end record need not be the game's). A reason that says validation met an
    unexpected exception (its catch-all) is a failure; so is a valid verdict on an input that
    must be invalid (``reject``)."""
    if type(result.valid) is not bool:
        return Verdict("?", [f"valid is {type(result.valid).__name__}"])
    if result.valid:
        failures = [f"valid although {reject}"] if reject else []
        if result.error is not None:
            failures.append("valid with an error")
        return Verdict("valid", failures)
    error = result.error
    if not isinstance(error, dict):
        return Verdict("invalid", ["invalid without an error"])
    failures = reason_problems(error.get("reason"))
    record = error.get("record")
    if type(record) is not int or record < 0:
        failures.append("an error whose record is not a non-negative integer")
    if getattr(result, "summary", None) is not None:
        failures.append("a summary with an invalid verdict")
    reason = str(error.get("reason"))
    caught = _CATCH_ALL.search(reason)
    if caught is not None:
        failures.append(f"{caught.group(1)} caught by validate_file's catch-all")
    else:
        failures += _caught(reason)
    return Verdict("invalid", failures, reason[:500])


_NOT_JSON: Final = "cannot be written as JSON"
"""What the toolkit's last line of defence says when JSON output meets a value it cannot hold
(:func:`sgscore.replay.errors.json_text`): the reader let such a value through."""
_USAGE_AT: Final = re.compile(r"^error: .*'--at'.* beyond the last decision.*$")
_ERROR_LINE: Final = re.compile(r"^error: (?:.*?: )?record \d+: (.*)$")


def cli_verdict(result: Result, path: str, *, usage_ok: bool = False, reject: str = "",
                diff: bool = False, json_out: str = "", must_fail: str = "") -> Verdict:
    """Classify a ``sgs replay`` run (a :class:`click.testing.Result`): exit 0 or 1 (or, with
    ``usage_ok``, the one-line usage error of ``--at`` past the last decision), no exception
    escaping, no traceback in the output, every ``error:`` reason one line of at most
    :data:`MAX_REASON` characters and none saying that a catch-all met an exception or that
    JSON output met a value it cannot hold (the last lines of defence: a bug all the same); for
    ``diff``, never "the same" on an input that must be invalid (``reject``); never exit 0 on
    an input that the command must refuse (``must_fail``); with ``json_out`` (``one``: one JSON
    value, ``lines``: one per line), a run that exits 0 prints strict JSON (no NaN or
    Infinity)."""
    code = result.exit_code
    out = result.output
    v = Verdict(f"exit {code}")
    exc = result.exception
    if exc is not None and not isinstance(exc, SystemExit):
        tb = result.exc_info[2] if result.exc_info else None
        v.failures.append(exception_class(exc, tb))
        v.detail = _trace(exc, tb)
    elif "Traceback (most recent call last)" in out:
        v.failures.append("a traceback in the output")
        v.detail = " ".join(out[-1500:].split())
    lines = out.replace(path, "FILE").splitlines()
    usage = usage_ok and code == 2 and len(lines) == 1 and _USAGE_AT.match(lines[0]) is not None
    if usage:
        v.outcome = "usage"
    elif code not in (0, 1) and not v.failures:
        v.failures.append(f"exit code {code}")
        v.detail = " ".join(out[-500:].split())
    for line in lines:
        m = _ERROR_LINE.match(line)
        if m is not None and reason_problems(m.group(1)):
            v.failures += [p for p in reason_problems(m.group(1)) if p not in v.failures]
            v.detail = v.detail or line[:500]
        if line.startswith("error: "):
            defended = _caught(line) + (["JSON output met a value it cannot hold"]
                                        if _NOT_JSON in line else [])
            v.failures += [p for p in defended if p not in v.failures]
            if defended:
                v.detail = v.detail or line[:500]
    if diff and reject and code == 0:
        v.failures.append(f"the same game although {reject}")
    if must_fail and code == 0:
        v.failures.append(f"exit 0 although {must_fail}")
    bad_json = _json_problem(result.stdout, json_out) if json_out and code == 0 else ""
    if bad_json:
        v.failures.append("output that is not strict JSON")
        v.detail = v.detail or bad_json
    return v


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def _json_problem(stdout: str, mode: str) -> str:
    """Why ``stdout`` (``warning:`` and ``error:`` lines aside) is not strict JSON: one value
    (``mode`` ``one``) or one value per line (``lines``); "" when it is."""
    lines = [x for x in stdout.splitlines() if not x.startswith(("warning: ", "error: "))]
    texts = ["\n".join(lines)] if mode == "one" else [x for x in lines if x.strip()]
    for text in texts:
        try:
            json.loads(text, parse_constant=_no_constant)
        except ValueError as e:
            return f"{e} in {text[:120]!r}"
    return ""


# ---------------------------------------------------------------------------- running a target
class _Meter:
    """CPU time and peak memory of a stretch of code in this process. Memory is the peak
    resident size above the size at the start: Linux's ``VmHWM``, reset through
    ``/proc/self/clear_refs``; where that cannot be reset, the growth of ``ru_maxrss`` (a lower
    bound)."""

    def __init__(self) -> None:
        self.cpu = 0.0
        self.base = 0
        self.max_before = 0
        self.reset = False

    def start(self) -> None:
        try:
            with open("/proc/self/clear_refs", "w") as f:
                f.write("5")
            self.reset = True
        except OSError:
            self.reset = False
        self.base = _status("VmRSS")
        self.max_before = _maxrss()
        self.cpu = time.process_time()

    def stop(self) -> tuple[float, int]:
        cpu = time.process_time() - self.cpu
        peak = _status("VmHWM")
        if self.reset and peak and self.base:
            return cpu, max(0, peak - self.base)
        return cpu, max(0, _maxrss() - self.max_before)


def _status(key: str) -> int:
    """A size from ``/proc/self/status`` in bytes, or 0 where there is none."""
    try:
        with open("/proc/self/status", encoding="ascii") as f:
            for line in f:
                if line.startswith(key + ":"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    return 0


def _maxrss() -> int:
    try:
        import resource
    except ImportError:  # not a Unix
        return 0
    scale = 1 if sys.platform == "darwin" else 1024
    return int(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss) * scale


@functools.cache
def sgs_command() -> click.Command:
    """The ``sgs`` command, found by its entry point: ``sgscore`` never imports the command line,
    so the harness runs the installed program."""
    from importlib.metadata import entry_points

    import click

    found = list(entry_points(group="console_scripts", name="sgs"))
    if not found:
        raise RuntimeError("the sgs command is not installed (pip install -e .)")
    command = found[0].load()
    assert isinstance(command, click.Command)
    return command


def _cli_args(c: Pcg32, target: str, path: str, original: str, out: str) -> list[str]:
    """The ``sgs`` arguments of a command target, with options drawn from the case (``out``: a
    file or folder of the worker's for what the command writes)."""
    if target == "diff":
        pair = [path, original] if c.below(2) == 0 else [original, path]
        return ["replay", "diff", *pair, *(["--json"] if c.below(3) == 0 else [])]
    if target == "export":
        return ["replay", "export", path, *(["--events"] if c.below(2) == 0 else [])]
    if target == "resim":
        args = ["replay", "resim", path, "-o", os.path.join(out, "resim.mp")]
        args += [[], ["--events"], ["--no-events"]][c.below(3)]
        return args + (["--json"] if c.below(2) == 0 else [])
    if target == "stats":
        args = ["stats", out, *(["--json"] if c.below(2) == 0 else [])]
        args += [[], ["--by", "general"], ["--by", "seat", "--by", "players"]][c.below(3)]
        return args + (["--validate"] if c.below(2) == 0 else [])
    args = ["replay", target, path]
    if target == "step":
        at = 0 if c.below(2) == 0 else c.below(40)
        args += ["--at", str(at), "--count", str(1 + c.below(5))]
    if target == "html" and c.below(2) == 0:
        args += ["-o", os.path.join(out, "page.json" if c.below(2) else "page.html")]
    if c.below(3) == 0:
        args.append("--json")
    if c.below(4) == 0:
        args += ["--as", str(c.below(4))]
    if c.below(4) == 0:
        args += ["--lang", "zh"]
    return args


def _json_mode(target: str, args: list[str]) -> str:
    """How a command's standard output must read as JSON when it exits 0: ``one`` value,
    ``lines`` (one per line), or "" (not JSON)."""
    if target == "export" or (target == "html" and "--json" in args and "-o" not in args):
        return "one"
    if "--json" not in args or target == "html":
        return ""
    return "lines" if target == "step" else "one"


def _validate(case: Case) -> Verdict:
    from .replay import validate_file

    verdict = validation_verdict(validate_file(case.data), case.reject or case.refuse)
    for k, failure in enumerate(verdict.failures):
        if failure.endswith("caught by validate_file's catch-all"):
            verdict.failures[k] = f"{failure}, {_locate(case.data)}"
    return verdict


def _locate(data: bytes) -> str:
    """Where the exception that ``validate_file`` caught comes from: the reader and the
    re-simulator run as it runs them, without its catch-all."""
    from .replay import RecordReader, ReplayError, Resimulator

    try:
        with RecordReader(data) as rd:
            sim = Resimulator(rd.header, lookahead=True)
            for index, rec in rd:
                sim.feed(index, rec)
            sim.finish(rd.index, rd.truncation)
    except ReplayError:
        return "not found again"
    except Exception as e:
        return "raised " + exception_class(e).split(" ", 1)[-1]
    return "not found again"


def _read(case: Case) -> Verdict:
    from .replay import ReplayError, read_replay

    try:
        read_replay(case.data)
    except ReplayError as e:
        return Verdict("rejected", reason_problems(e.reason) + _caught(e.reason), e.reason[:500])
    except Exception as e:
        return Verdict("raised", [exception_class(e)], _trace(e))
    return Verdict("read", [f"read although {case.refuse}"] if case.refuse else [])


_READER_CAUGHT: Final = re.compile(r"unexpected ([A-Z]\w*)(?: reading this record| while|:)")
"""What the toolkit's catch-alls say (the reader's, ``validate_file``'s, the tools')."""


def _caught(reason: str) -> list[str]:
    """A reason that says a reader or a tool met an unexpected exception (their catch-alls):
    a bug reported as a verdict, a failure all the same."""
    m = _READER_CAUGHT.search(reason)
    return [f"{m.group(1)} caught by a catch-all"] if m is not None else []


def _cli(case: Case, target: str, workdir: Path) -> Verdict:
    from click.testing import CliRunner

    out = workdir / "out"
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir()
    path = (out if target == "stats" else workdir) / "case.mp"
    path.write_bytes(case.data)
    original = workdir / f"original-{case.source}.mp"
    if not original.exists():
        original.write_bytes(case.original)
    args = _cli_args(case.rng, target, str(path), str(original), str(out))
    result = CliRunner().invoke(sgs_command(), args)
    verdict = cli_verdict(result, str(path), usage_ok=target == "step", reject=case.reject,
                          diff=target == "diff", json_out=_json_mode(target, args),
                          must_fail=case.refuse or told_although(case, target, args,
                                                                 result.stdout))
    if target == "resim" and result.exit_code == 0 and not verdict.failures:
        verdict.failures += _resim_wrote_valid(out / "resim.mp")
    path.unlink(missing_ok=True)
    names = {str(path): "FILE", str(original): "ORIGINAL", str(out): "OUT"}
    command = " ".join(names.get(a, a.replace(str(out), "OUT")) for a in args)
    verdict.detail = f"sgs {command}: {verdict.detail}" if verdict.detail else f"sgs {command}"
    return verdict


_END_TOLD: Final = re.compile(r'"end":true|^End of the replay|^回放结束', re.M)
"""How ``sgs replay step`` shows the end of a replay (``--json``, the words in English and in
Chinese)."""


def told_although(case: Case, target: str, args: Sequence[str], stdout: str) -> str:
    """Why a run of a command target on the case's input must not exit 0 because it would have
    told a game the input does not hold, or "": every command that tells the whole game
    (``show``, ``export``, ``html``, ``resim``) on an input that is not the engine's
    (``reject``: a forged end record, a value of another type that Python calls equal);
    ``step`` when it told the end of such an input; ``stats`` with ``--validate`` on such an
    input, and without it on an end record of a shape no game writes (``shape``; a well-formed
    but false summary is what ``stats`` trusts without re-simulating: docs/studies.md)."""
    if target in ("show", "export", "html", "resim"):
        return case.reject
    if target == "step":
        return case.reject if _END_TOLD.search(stdout) else ""
    if target == "stats":
        return case.reject if "--validate" in args else case.shape
    return ""


def _resim_wrote_valid(written: Path) -> list[str]:
    """``sgs replay resim`` that exits 0 writes a replay that validates (unless it says it is
    truncated: then the one it wrote stops where the file did)."""
    from .replay import validate_file

    if not written.exists():
        return ["resim exited 0 without writing its replay"]
    result = validate_file(written)
    if result.valid or result.truncated:  # truncated: every record before the cut held
        return []
    return [f"resim wrote a replay that does not validate ({result.error})"]


# ---------------------------------------------------------------------------- library targets
def _strict_json(value: Any, what: str) -> list[str]:
    """``value`` as strict JSON (no NaN, no Infinity, keys strings): [] or the failure."""
    try:
        json.dumps(value, allow_nan=False)
    except (TypeError, ValueError, RecursionError) as e:
        return [f"{what} cannot be written as JSON ({type(e).__name__})"]
    return []


def _library(case: Case) -> Verdict:
    """The library's functions on the input: :func:`~sgscore.replay.scan_replay` (with events
    or not, its decisions and events streamed), :func:`~sgscore.replay.export_replay`,
    :func:`~sgscore.replay.header_json`, ``validate_file(...).to_json()`` and
    ``diff_replays(...).to_json()``. Each either raises :class:`~sgscore.replay.ReplayError`
    with a one-line reason or gives data that is strict JSON."""
    from .replay import ReplayError, diff_replays, export_replay, header_json, validate_file
    from .replay.scan import iter_decisions, iter_numbered_events, scan_replay

    rng = case.rng
    events = rng.below(2) == 0
    failures: list[str] = []
    outcome = "read"
    detail = ""
    step = "scan"
    try:
        scan = scan_replay(case.data, events=events)
        if case.refuse:
            failures.append(f"scan_replay read it although {case.refuse}")
        step = "header_json"
        failures += _strict_json(header_json(scan.header), "header_json")
        step = "iter_decisions"
        for _ in iter_decisions(case.data):
            pass
        step = "iter_numbered_events"
        for _ in iter_numbered_events(case.data, scan):
            pass
        step = "export_replay"
        failures += _strict_json(export_replay(case.data, events=events), "export_replay")
    except ReplayError as e:
        outcome, detail = "rejected", f"{step}: {e.reason[:400]}"
        failures += reason_problems(e.reason) + _caught(e.reason)
    except Exception as e:
        outcome = "raised"
        failures.append(exception_class(e))
        detail = f"{step}: {_trace(e)}"
    step = "validate_file"
    try:
        failures += _strict_json(validate_file(case.data).to_json(), "ValidationResult.to_json")
        step = "diff_replays"
        pair = (case.data, case.original) if rng.below(2) == 0 else (case.original, case.data)
        failures += _strict_json(diff_replays(*pair).to_json(), "ReplayDiff.to_json")
    except Exception as e:  # both never raise for bad input
        failures.append(exception_class(e))
        detail = detail or f"{step}: {_trace(e)}"
    return Verdict(outcome, failures, detail)


def _at(choice: Any, path: Sequence[int]) -> Any:
    for k in path:
        choice = choice[k]
    return choice


def _replace_in(choice: Any, path: Sequence[int], new: Any) -> Any:
    """``choice`` (tuples) with the part at ``path`` replaced by ``new``."""
    if not path:
        return new
    items = list(choice)
    items[path[0]] = _replace_in(items[path[0]], path[1:], new)
    return tuple(items)


def _choice(c: Pcg32, items: Sequence[Any]) -> Any:
    return items[c.below(len(items))]


def _retyped(c: Pcg32, choice: Any) -> Any:
    """``choice`` with one part of another type, as a program that builds choices from JSON or
    by hand might send it: an integer as the float or the string of it, 0 and 1 as booleans
    (and back), None as False, 0, "" or an empty array, a value wrapped in an array, an array
    as its first item. None when the choice has no such part."""
    paths: list[list[int]] = []
    stack: list[tuple[list[int], Any]] = [([], choice)]
    while stack:
        path, v = stack.pop()
        if v is None or type(v) in (int, bool, tuple):
            paths.append(path)
        if type(v) is tuple:
            stack.extend((path + [k], x) for k, x in enumerate(v))
    if not paths:
        return None
    path = paths[c.below(len(paths))]
    old = _at(choice, path)
    t = type(old)
    new: Any
    if t is int:
        new = _choice(c, (float(old), str(old), (old,), *([bool(old)] if old in (0, 1) else [])))
    elif t is bool:
        new = _choice(c, (int(old), float(old), str(old).lower()))
    elif old is None:
        new = _choice(c, (False, 0, "", ()))
    else:
        new = _choice(c, (old[0] if old else None, (old,)))
    return _replace_in(choice, path, new)


def _submit(case: Case) -> Verdict:
    """The decisions of the case's corpus file submitted to a new game one by one, one of them
    first with a part of another type (:func:`_retyped`): ``check`` and ``submit`` must refuse
    it with :class:`~sgscore.core.protocol.IllegalChoice` and leave the game as it was (issue
    of a bot whose JSON numbers come back as floats); the game then goes on as recorded."""
    from .core.engine import EngineError
    from .core.protocol import IllegalChoice, same_value
    from .replay import ReplayError, read_replay, start_game

    try:
        replay = read_replay(case.original)
        game = start_game(replay.header)
    except (ReplayError, EngineError) as e:
        return Verdict("no game", [], str(e)[:200])
    rng = case.rng
    at = rng.below(max(len(replay.decisions), 1))
    failures: list[str] = []
    detail = ""
    tried = 0
    for n, (_, choice) in enumerate(replay.decisions):
        req = game.pending
        if req is None:
            break
        if n >= at and tried < 3:
            bad = _retyped(rng, choice)
            if bad is not None and not any(same_value(bad, x) for x in req.choices()):
                tried += 1
                before = (game.decisions, game.quick_hash(), req.seat, req.kind, len(game.events))
                for how in ("check", "submit"):
                    try:
                        req.check(bad) if how == "check" else game.submit(bad)
                        failures.append(f"{how} accepted a choice of another type")
                    except IllegalChoice:
                        pass
                    except EngineError as e:
                        failures.append(f"{how}: a choice of another type ended the game "
                                        f"(EngineError {e.kind})")
                    except Exception as e:
                        failures.append(f"{how}: {exception_class(e)}")
                    if failures:
                        detail = f"decision {n}: {_short(bad)} for {_short(choice)} ({req.kind})"
                        return Verdict("accepted", failures, detail)
                after = (game.decisions, game.quick_hash(), req.seat, req.kind, len(game.events))
                if game.pending is not req or after != before:
                    return Verdict("changed", ["an illegal choice changed the game"],
                                   f"decision {n}: {_short(bad)} ({req.kind})")
        try:
            game.submit(choice)
        except (IllegalChoice, EngineError):
            break  # a corpus file this engine parts from (its error record's, say)
    return Verdict(f"{tried} refused", failures, detail)


def run_target(case: Case, target: str, workdir: Path, *, budgets: bool = True) -> Verdict:
    """Run ``target`` on the case's input in this process, measured; budgets broken are
    failures too, unless ``budgets`` is false (the tests: what a case costs depends on the
    machine and its load, so only the harness's runs judge it). ``workdir`` holds the files the
    commands read."""
    meter = _Meter()
    meter.start()
    if target == "validate":
        verdict = _validate(case)
    elif target == "read":
        verdict = _read(case)
    elif target == "library":
        verdict = _library(case)
    elif target == "submit":
        verdict = _submit(case)
    elif target in TARGETS:
        verdict = _cli(case, target, workdir)
    else:
        raise ValueError(f"unknown target {target!r} (targets: {', '.join(TARGETS)})")
    verdict.cpu, verdict.mem = meter.stop()
    # read_replay holds a whole replay by design, as does a game: measured, not budgeted
    if not budgets or target in ("read", "submit"):
        verdict.failures = [f"{target}: {f}" for f in verdict.failures]
        return verdict
    if verdict.cpu > CPU_BUDGET:
        verdict.failures.append(f"CPU budget (over {CPU_BUDGET:g} s)")
    if verdict.mem > MEMORY_BUDGET:
        verdict.failures.append(f"memory budget (over {MEMORY_BUDGET >> 20} MB)")
    verdict.failures = [f"{target}: {f}" for f in verdict.failures]
    return verdict


def target_of(number: int, target: str) -> str:
    """The target of case ``number``: ``target``, or for ``all`` one in turn."""
    return TARGETS[number % len(TARGETS)] if target == "all" else target


def run_case(seed: int, number: int, target: str, corpus: Sequence[CorpusFile], workdir: Path,
             *, heavy: bool = True, budgets: bool = True,
             companion: Companion | None = None, only: Sequence[str] = ()) -> dict[str, Any]:
    """Make case ``number`` and run its target: the result as the report keeps it. With a
    ``companion`` (a differential run), the two cores' verdicts on the input are compared too
    (:func:`core_verdicts`); ``only``: the mutations drawn from (:func:`make_case`)."""
    target = target_of(number, target)
    case = make_case(seed, number, corpus, heavy=heavy, only=only)
    verdict = run_target(case, target, workdir, budgets=budgets)
    if companion is not None:
        path = workdir / "both-cores.mp"
        path.write_bytes(case.data)
        differs, detail = compare_cores(core_verdicts(str(path), number),
                                        companion.verdicts(str(path), number), companion.cores)
        verdict.failures += differs
        verdict.detail = verdict.detail or detail
        path.unlink()
    return {
        "case": number, "target": target, "bytes": len(case.data), "source": case.source,
        "ops": case.ops, "outcome": verdict.outcome, "failures": verdict.failures,
        "detail": verdict.detail, "cpu": verdict.cpu, "mem": verdict.mem,
    }


# ---------------------------------------------------------------------------- both cores
_SIGNATURE_COMMANDS: Final = (
    ("replay", "show", "{f}"), ("replay", "step", "{f}", "--at", "0", "--count", "3", "--json"),
    ("replay", "export", "{f}", "--events"), ("replay", "show", "{f}", "--json", "--as", "1"),
)
"""The command a core's verdicts on a file include, by case number in turn."""


def _digest(text: str) -> str:
    """``text`` itself when short, else its first 1,000 characters and its SHA-256 (two cores'
    outputs are compared whole, and a difference is still shown where it starts)."""
    if len(text) <= 2000:
        return text
    import hashlib

    return f"{text[:1000]}... [{len(text)} characters, sha256 " \
           f"{hashlib.sha256(text.encode('utf-8', 'surrogatepass')).hexdigest()}]"


def core_verdicts(path: str, number: int = 0) -> dict[str, str]:
    """What this process's core makes of the replay at ``path``: ``validate_file``'s verdict,
    ``read_replay``'s outcome (what it read, or the exception and its words), and the exit code
    and output of one ``sgs`` command (:data:`_SIGNATURE_COMMANDS`, by ``number``). Two cores
    must give the same, word for word (``python -m sgscore.fuzz --differential``)."""
    from click.testing import CliRunner

    from .replay import read_replay, validate_file

    out: dict[str, str] = {}
    try:
        out["validate"] = json.dumps(validate_file(path).to_json(), ensure_ascii=False,
                                     sort_keys=True, default=repr)
    except Exception as e:  # the verdicts of both cores are compared, whatever they are
        out["validate"] = f"raised {type(e).__name__}: {e}"
    try:
        r = read_replay(path)
        read = {"records": [type(x).__name__ for x in r.records], "decisions": repr(r.decisions),
                "events": repr(r.events), "summary": repr(r.summary), "error": repr(r.error),
                "truncated": r.truncated, "truncation": r.truncation, "warnings": r.warnings}
        out["read"] = _digest(json.dumps(read, ensure_ascii=False, sort_keys=True))
    except Exception as e:  # ReplayError, or anything a reader bug raises
        out["read"] = f"{type(e).__name__}: {e}"
    args = [a.format(f=path) for a in _SIGNATURE_COMMANDS[number % len(_SIGNATURE_COMMANDS)]]
    result = CliRunner().invoke(sgs_command(), args)
    escaped = result.exception
    out["command"] = " ".join(args[:2]) + f": exit {result.exit_code}" + (
        f", {type(escaped).__name__}: {escaped}" if escaped is not None
        and not isinstance(escaped, SystemExit) else "")
    out["stdout"] = _digest(result.stdout)
    out["stderr"] = _digest(result.stderr)
    return out


def _core() -> dict[str, Any]:
    from . import _accel

    return {"compiled": _accel.compiled(), "core": _accel.describe()}


def _other_core_env() -> dict[str, str]:
    """The environment of a process that runs the other core than this one."""
    from . import _accel

    return dict(os.environ, SGSCORE_PURE="1" if _accel.compiled() else "0")


def _serve_main(argv: list[str]) -> int:
    """``python -m sgscore.fuzz serve``: the other core's side of a differential run. It says
    which core it runs, then reads ``{"path", "number", "timeout"}`` lines and answers each with
    :func:`core_verdicts` on one line; a request that takes three times its timeout ends it."""
    import signal

    print(json.dumps(_core()), flush=True)
    for line in sys.stdin:
        request = json.loads(line)
        # three times the case's timeout: the worker's own hang guard comes first
        signal.alarm(max(1, 3 * int(request.get("timeout", HANG_SECONDS))))
        answer = core_verdicts(request["path"], int(request["number"]))
        signal.alarm(0)
        print(json.dumps(answer, ensure_ascii=False), flush=True)
    return 0


def _verdicts_main(argv: list[str]) -> int:
    """``python -m sgscore.fuzz verdicts FILE...``: this core's verdicts on each file (the
    ``N``-th file takes command ``N``), as one JSON object with the core that gave them."""
    files = [f for f in argv if not f.startswith("-")]
    print(json.dumps({**_core(), "verdicts": [core_verdicts(f, n) for n, f in enumerate(files)]},
                     ensure_ascii=False))
    return 0


class Companion:
    """A process that runs the other core (``python -m sgscore.fuzz serve``), for comparing the
    two on the same files. Raises :class:`RuntimeError` when it runs the same core as this one
    (an install without a usable compiled core)."""

    def __init__(self, timeout: float = HANG_SECONDS) -> None:
        self.timeout = timeout
        self._start()

    def _start(self) -> None:
        import subprocess

        self.process = subprocess.Popen(
            [sys.executable, "-m", "sgscore.fuzz", "serve"], env=_other_core_env(), cwd=ROOT,
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
            encoding="utf-8")
        assert self.process.stdout is not None
        hello = self.process.stdout.readline()
        me = _core()
        them = json.loads(hello) if hello else {"compiled": me["compiled"], "core": "none"}
        if them["compiled"] == me["compiled"]:
            self.close()
            raise RuntimeError(f"no other core to compare with: this process runs the "
                               f"{me['core']}, and so would the other")
        self.cores = (me["core"], them["core"])

    def verdicts(self, path: str, number: int) -> dict[str, str]:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(json.dumps({"path": path, "number": number,
                                             "timeout": self.timeout}) + "\n")
        self.process.stdin.flush()
        line = self.process.stdout.readline()
        if not line:  # it hung (its alarm ended it) or died: a difference, then a new one
            why = f"the other core's process ended (exit code {self.process.wait()})"
            self.close()
            self._start()
            return dict.fromkeys(("validate", "read", "command", "stdout", "stderr"), why)
        answer: dict[str, str] = json.loads(line)
        return answer

    def close(self) -> None:
        with contextlib.suppress(OSError):
            if self.process.stdin is not None:
                self.process.stdin.close()
        self.process.kill()
        self.process.wait()


def compare_cores(mine: dict[str, str], theirs: dict[str, str],
                  cores: tuple[str, str]) -> tuple[list[str], str]:
    """The parts of two cores' verdicts on one file that differ (as failure classes), and the
    first difference in words."""
    failures, detail = [], ""
    for part in ("validate", "read", "command", "stdout", "stderr"):
        a, b = mine.get(part, ""), theirs.get(part, "")
        if a != b:
            failures.append(f"differential: {part} differs between the cores")
            if not detail:
                at = next((k for k, (x, y) in enumerate(zip(a, b, strict=False)) if x != y),
                          min(len(a), len(b)))
                lo = max(0, at - 60)
                detail = (f"{part}: {cores[0]}: ...{a[lo:at + 200]!r}; {cores[1]}: "
                          f"...{b[lo:at + 200]!r}")
    return failures, detail


# ---------------------------------------------------------------------------- worker processes
class _Runner(Protocol):
    def __call__(self, task: int) -> dict[str, Any]: ...

    def close(self) -> None: ...


class _FuzzRunner:
    """A worker's replay cases: the corpus loaded once, a folder for the commands' files."""

    def __init__(self, params: dict[str, Any]) -> None:
        folder = params["corpus"]
        self.corpus = load_corpus(Path(folder) if folder else None)
        self.seed = int(params["seed"])
        self.target = str(params["target"])
        self.heavy = bool(params["heavy"])
        self.budgets = bool(params.get("budgets", True))
        self.only = tuple(params.get("ops") or ())
        self.workdir = Path(tempfile.mkdtemp(prefix="worker-", dir=params["tmp"]))
        self.companion = (Companion(float(params.get("timeout", HANG_SECONDS)))
                          if params.get("differential") else None)
        self.start_rss = _status("VmRSS")

    def __call__(self, task: int) -> dict[str, Any]:
        try:
            result = run_case(self.seed, task, self.target, self.corpus, self.workdir,
                              heavy=self.heavy, budgets=self.budgets, companion=self.companion,
                              only=self.only)
        except Exception as e:  # the targets' exceptions are caught: this is the harness's own
            t = target_of(task, self.target)
            result = {"case": task, "target": t, "bytes": -1, "ops": [], "outcome": "harness",
                      "failures": [f"{t}: harness error {type(e).__name__} (sgscore/fuzz.py)"],
                      "detail": _trace(e), "cpu": 0.0, "mem": 0}
        # A process keeps memory it once used: start afresh when it has grown, so that the next
        # cases are measured from a small base.
        result["recycle"] = _status("VmRSS") > self.start_rss + (100 << 20)
        return result

    def close(self) -> None:
        if self.companion is not None:
            self.companion.close()
        shutil.rmtree(self.workdir, ignore_errors=True)


class _GameRunner:
    """A worker's games."""

    def __init__(self, params: dict[str, Any]) -> None:
        self.seed = int(params["seed"])

    def __call__(self, task: int) -> dict[str, Any]:
        return play_checked(self.seed, task)

    def close(self) -> None:
        pass


def _limit_memory() -> None:
    """A worker may not take more than 4 GiB of address space: a runaway case then fails with
    ``MemoryError`` instead of taking the machine's memory."""
    try:
        import resource

        soft, hard = resource.getrlimit(resource.RLIMIT_AS)
        limit = 4 << 30
        if hard == resource.RLIM_INFINITY or hard > limit:
            resource.setrlimit(resource.RLIMIT_AS, (limit, hard))
    except (ImportError, ValueError, OSError):
        pass


def _work(conn: Connection, job: str, params: dict[str, Any]) -> None:
    """A worker process: run the tasks it is sent, one at a time, until told to stop."""
    _limit_memory()
    runner: _Runner = _FuzzRunner(params) if job == "fuzz" else _GameRunner(params)
    try:
        while True:
            task = conn.recv()
            if task is None:
                return
            result = runner(task)
            conn.send(result)
            if result.get("recycle"):
                return
    except (EOFError, KeyboardInterrupt):
        return
    finally:
        runner.close()


@dataclass
class _Worker:
    process: Any
    conn: Connection
    task: int | None = None
    started: float = 0.0


class _Pool:
    """Worker processes that run tasks (numbers) one at a time each. A worker that gives no
    answer within ``timeout`` seconds is killed and replaced, its task reported by ``lost`` as
    a hang; one that dies is replaced, its task reported as a crash."""

    def __init__(self, jobs: int, job: str, params: dict[str, Any], timeout: float,
                 lost: Callable[[int, str], dict[str, Any]]) -> None:
        methods = multiprocessing.get_all_start_methods()
        self.mp: Any = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
        self.jobs = max(1, jobs)
        self.job = job
        self.params = params
        self.timeout = timeout
        self.lost = lost
        self.workers: list[_Worker] = []

    def _start(self) -> _Worker:
        ours, theirs = self.mp.Pipe()
        process = self.mp.Process(target=_work, args=(theirs, self.job, self.params),
                                  daemon=True)
        process.start()
        theirs.close()
        return _Worker(process, ours)

    def _replace(self, w: _Worker, kill: bool) -> None:
        if kill:
            w.process.kill()
        w.process.join(5)
        w.conn.close()
        self.workers[self.workers.index(w)] = self._start()

    def run(self, tasks: Iterable[int]) -> Iterator[dict[str, Any]]:
        """The results of ``tasks``, as they come."""
        todo = iter(tasks)
        self.workers = [self._start() for _ in range(self.jobs)]
        try:
            more = True
            while True:
                for w in self.workers:
                    if w.task is None and more:
                        task = next(todo, None)
                        more = task is not None
                        if task is not None:
                            w.conn.send(task)
                            w.task, w.started = task, time.monotonic()
                busy = [w for w in self.workers if w.task is not None]
                if not busy:
                    return
                yield from self._collect(busy)
        finally:
            for w in self.workers:
                if w.task is None:
                    with contextlib.suppress(OSError):
                        w.conn.send(None)  # done: it cleans up after itself
                    w.process.join(2)
                w.process.kill()
                w.process.join(5)

    def _collect(self, busy: list[_Worker]) -> Iterator[dict[str, Any]]:
        now = time.monotonic()
        left = min(w.started + self.timeout for w in busy) - now
        ready = wait([w.conn for w in busy], timeout=max(left, 0.0))
        for w in busy:
            task = w.task
            assert task is not None
            if w.conn in ready:
                try:
                    result = w.conn.recv()
                except (EOFError, OSError):
                    w.process.join(5)
                    yield self.lost(task, f"worker died (exit code {w.process.exitcode})")
                    self._replace(w, kill=True)
                    continue
                w.task = None
                yield result
                if result.get("recycle"):
                    self._replace(w, kill=False)
            elif time.monotonic() - w.started > self.timeout:
                yield self.lost(task, f"hang (no answer in {self.timeout:g} s)")
                self._replace(w, kill=True)


# ---------------------------------------------------------------------------- the fuzz report
@dataclass
class _Failure:
    """One failure class: how often, which cases, the smallest input."""

    name: str
    target: str
    count: int = 0
    cases: list[int] = field(default_factory=list)
    smallest: int = -1
    smallest_bytes: int = -1
    detail: str = ""
    ops: list[str] = field(default_factory=list)


@dataclass
class _Tally:
    """What a fuzz run found."""

    seed: int
    target: str
    heavy: bool
    corpus: str
    only: tuple[str, ...] = ()
    cases: dict[str, int] = field(default_factory=dict)
    outcomes: dict[str, dict[str, int]] = field(default_factory=dict)
    failures: dict[str, _Failure] = field(default_factory=dict)
    ops: dict[str, int] = field(default_factory=dict)
    slowest: dict[str, Any] = field(default_factory=dict)
    largest: dict[str, Any] = field(default_factory=dict)
    cpu: float = 0.0
    seconds: float = 0.0
    differential: bool = False
    per_target: dict[str, dict[str, dict[str, Any]]] = field(default_factory=dict)

    def add(self, r: dict[str, Any]) -> None:
        t = r["target"]
        self.cases[t] = self.cases.get(t, 0) + 1
        per = self.outcomes.setdefault(t, {})
        per[r["outcome"]] = per.get(r["outcome"], 0) + 1
        for op in r.get("ops", []):
            name = op.split(":", 1)[0]
            self.ops[name] = self.ops.get(name, 0) + 1
        self.cpu += r.get("cpu", 0.0)
        brief = {"case": r["case"], "target": t, "ops": r.get("ops", [])}
        if r.get("cpu", 0.0) > self.slowest.get("cpu_seconds", -1.0):
            self.slowest = {**brief, "cpu_seconds": round(r["cpu"], 3)}
        if r.get("mem", 0) > self.largest.get("peak_bytes", -1):
            self.largest = {**brief, "peak_bytes": r["mem"]}
        mine = self.per_target.setdefault(t, {})
        if r.get("cpu", 0.0) > mine.get("slowest", {}).get("cpu_seconds", -1.0):
            mine["slowest"] = {"case": r["case"], "cpu_seconds": round(r["cpu"], 3),
                               "bytes": r.get("bytes", -1)}
        if r.get("mem", 0) > mine.get("largest_memory", {}).get("peak_bytes", -1):
            mine["largest_memory"] = {"case": r["case"], "peak_bytes": r["mem"],
                                      "bytes": r.get("bytes", -1)}
        if r.get("bytes", -1) > mine.get("largest_input", {}).get("bytes", -1):
            mine["largest_input"] = {"case": r["case"], "bytes": r["bytes"],
                                     "cpu_seconds": round(r.get("cpu", 0.0), 3),
                                     "peak_bytes": r.get("mem", 0)}
        for name in r["failures"]:
            self._failure(name, r)

    def _failure(self, name: str, r: dict[str, Any]) -> None:
        f = self.failures.setdefault(name, _Failure(name, r["target"]))
        f.count += 1
        f.cases.append(r["case"])
        size = r.get("bytes", -1)
        better = f.smallest < 0 or (size >= 0 and (f.smallest_bytes < 0 or size < f.smallest_bytes))
        if better:
            f.smallest, f.smallest_bytes = r["case"], size
            f.detail, f.ops = r.get("detail", ""), list(r.get("ops", []))

    def reproduce(self, f: _Failure, file: str = "") -> str:
        """The command that writes and runs a failure's smallest input."""
        extra = "" if self.heavy else " --light"
        if self.corpus:
            extra += f" --corpus {self.corpus}"
        name = file or f"case-{f.smallest}.mp"
        if self.differential:
            extra += " --differential"
        if self.only:
            extra += f" --ops {','.join(self.only)}"
        return (f"python -m sgscore.fuzz --seed {self.seed} --case {f.smallest} "
                f"--target {f.target}{extra} --write {name}")

    def to_json(self) -> dict[str, Any]:
        failures = sorted(self.failures.values(), key=lambda f: (TARGETS.index(f.target)
                                                                  if f.target in TARGETS else 9,
                                                                  min(f.cases)))
        return {
            "seed": self.seed, "target": self.target, "light": not self.heavy,
            "corpus": self.corpus or str(DEFAULT_CORPUS), "ops": list(self.only),
            "cases": self.cases,
            "outcomes": self.outcomes,
            "failures": [{
                "class": f.name, "target": f.target, "count": f.count,
                "cases": sorted(f.cases)[:20], "smallest": {"case": f.smallest,
                                                            "bytes": f.smallest_bytes},
                "detail": f.detail, "ops": f.ops, "reproduce": self.reproduce(f),
            } for f in failures],
            "slowest": self.slowest,
            "largest_memory": self.largest,
            "per_target": {t: self.per_target[t] for t in TARGETS if t in self.per_target},
            "differential": self.differential,
            "mutations": dict(sorted(self.ops.items())),
            "cpu_seconds": round(self.cpu, 2), "seconds": round(self.seconds, 2),
        }


def _lost_case(target: str) -> Callable[[int, str], dict[str, Any]]:
    def lost(number: int, why: str) -> dict[str, Any]:
        t = target_of(number, target)
        return {"case": number, "target": t, "bytes": -1, "ops": [], "outcome": why.split(" (")[0],
                "failures": [f"{t}: {why}"], "detail": why, "cpu": 0.0, "mem": 0}
    return lost


def fuzz(seed: int, cases: int, *, jobs: int = 1, target: str = "validate", start: int = 0,
         corpus: str = "", heavy: bool = True, timeout: float = HANG_SECONDS,
         budgets: bool = True, differential: bool = False,
         progress: Callable[[int], None] | None = None,
         ops: Sequence[str] = ()) -> dict[str, Any]:
    """Run cases ``start`` .. ``start + cases - 1`` in ``jobs`` worker processes; the report
    as a JSON object (:func:`print_report` prints it). ``budgets``: as in :func:`run_target`
    (``timeout``, the wall time after which a case counts as a hang, stays). ``differential``:
    each worker also compares the two cores' verdicts on every input (:class:`Companion`).
    ``ops``: the mutations drawn from (all of :data:`OPS` when empty)."""
    only = _known_ops(ops)
    tally = _Tally(seed, target, heavy, corpus, only)
    tally.differential = differential
    began = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="sgscore-fuzz-") as tmp:
        params = {"corpus": corpus, "seed": seed, "target": target, "heavy": heavy, "tmp": tmp,
                  "budgets": budgets, "differential": differential, "timeout": timeout,
                  "ops": list(only)}
        pool = _Pool(jobs, "fuzz", params, timeout, _lost_case(target))
        for done, result in enumerate(pool.run(range(start, start + cases)), start=1):
            tally.add(result)
            if progress is not None:
                progress(done)
    tally.seconds = time.monotonic() - began
    return tally.to_json()


def _mb(n: int) -> str:
    return f"{n / (1 << 20):.1f} MB"


def print_report(report: dict[str, Any], out: Callable[[str], None] = print) -> None:
    """The report of :func:`fuzz` in words."""
    total = sum(report["cases"].values())
    out(f"sgscore.fuzz: seed {report['seed']}, {total} cases, target {report['target']}"
        f"{', light' if report['light'] else ''}, corpus {report['corpus']}"
        f"{', mutations ' + ','.join(report['ops']) if report.get('ops') else ''}")
    for t, n in report["cases"].items():
        outcomes = ", ".join(f"{k} {v}" for k, v in sorted(report["outcomes"][t].items()))
        out(f"  {t}: {n} cases ({outcomes})")
    failures = report["failures"]
    out(f"failures: {len(failures)} class{'es' if len(failures) != 1 else ''}"
        f"{', ' + str(sum(f['count'] for f in failures)) + ' cases' if failures else ''}")
    for f in failures:
        shown = ", ".join(str(n) for n in f["cases"][:10])
        out(f"- {f['class']}: {f['count']} case{'s' if f['count'] != 1 else ''} ({shown}"
            f"{', ...' if f['count'] > 10 else ''})")
        out(f"    smallest: case {f['smallest']['case']} ({f['smallest']['bytes']} bytes): "
            f"{'; '.join(f['ops'])}")
        if f["detail"]:
            out(f"    detail: {f['detail'][:400]}")
        out(f"    reproduce: {f['reproduce']}")
    s, m = report["slowest"], report["largest_memory"]
    if s:
        out(f"slowest: case {s['case']} ({s['target']}), {s['cpu_seconds']:.3f} s CPU: "
            f"{'; '.join(s['ops'])}")
    if m:
        out(f"largest memory: case {m['case']} ({m['target']}), {_mb(m['peak_bytes'])} peak: "
            f"{'; '.join(m['ops'])}")
    for t, p in report.get("per_target", {}).items():
        slow, big = p["slowest"], p["largest_input"]
        out(f"  {t}: slowest case {slow['case']} ({slow['cpu_seconds']:.3f} s CPU, "
            f"{slow['bytes']} bytes); largest input case {big['case']} ({big['bytes']} bytes, "
            f"{big['cpu_seconds']:.3f} s CPU, {_mb(big['peak_bytes'])} peak)")
    out(f"time: {report['seconds']:.1f} s, {report['cpu_seconds']:.1f} s CPU in the cases")


def save_failures(report: dict[str, Any], folder: Path, corpus: Sequence[CorpusFile]) -> None:
    """Write each failure class's smallest input to ``folder`` (``NN-<class>.mp``), with a
    ``.txt`` beside it saying the class, the detail and how to reproduce it."""
    folder.mkdir(parents=True, exist_ok=True)
    heavy = not report["light"]
    for k, f in enumerate(report["failures"], start=1):
        slug = re.sub(r"[^A-Za-z0-9]+", "-", f["class"]).strip("-")[:80]
        stem = f"{k:02d}-{slug}"
        number = f["smallest"]["case"]
        text = [f"class: {f['class']}", f"case: {number}", f"detail: {f['detail']}",
                f"reproduce: {f['reproduce']}"]
        with contextlib.suppress(Exception):  # a harness error cannot make its input again
            case = make_case(report["seed"], number, corpus, heavy=heavy)
            (folder / f"{stem}.mp").write_bytes(case.data)
            text[1:2] = [f"case: {number} ({len(case.data)} bytes)",
                         f"mutations: {'; '.join(case.ops)}"]
        (folder / f"{stem}.txt").write_text("\n".join(text) + "\n", encoding="utf-8")


# ---------------------------------------------------------------------------- minimising
def split_records(data: bytes) -> list[bytes]:
    """The bytes of each whole record of ``data``; what cannot be split (not msgpack, nested
    deeper than msgpack-python reads) is one last piece."""
    u = msgpack.Unpacker(raw=True, strict_map_key=False, max_buffer_size=len(data) + 1)
    u.feed(data)
    pieces, at = [], 0
    try:
        for _ in u:
            end = u.tell()
            pieces.append(data[at:end])
            at = end
    except Exception:  # anything msgpack-python refuses ends the split
        pass
    if at < len(data):
        pieces.append(data[at:])
    return pieces


def minimize(data: bytes, still_fails: Callable[[bytes], bool], *, tries: int = 300) -> bytes:
    """A smaller input that still fails: whole records removed, in halves then fewer at a
    time, as long as ``still_fails`` holds (at most ``tries`` runs)."""
    pieces = split_records(data)
    n = 2
    while len(pieces) >= 2 and tries > 0:
        size = max(1, len(pieces) // n)
        for at in range(0, len(pieces), size):
            candidate = pieces[:at] + pieces[at + size:]
            tries -= 1
            if candidate and still_fails(b"".join(candidate)):
                pieces = candidate
                n = max(n - 1, 2)
                break
            if tries <= 0:
                break
        else:
            if size == 1:
                break
            n = min(len(pieces), n * 2)
    return b"".join(pieces)


# ---------------------------------------------------------------------------- games
@dataclass(frozen=True)
class GameSetup:
    """Game ``index`` of a games run (:func:`game_setup`): its game's config (an identity-mode
    :class:`~sgscore.sanguosha.Config` or a :class:`~sgscore.dice.DiceConfig`), its seed, the
    agent of each seat by name, and the variants it plays (the names :data:`VARIANTS` lists)."""

    index: int
    config: Any
    seed: int
    agents: tuple[str, ...]
    variants: tuple[str, ...]


VARIANTS: Final = (
    # which game, and identity mode's modes
    "identity", "3v3", "dice",
    # identity mode's generals: beginner mode, a random deal (sometimes from a smaller pool), one
    # general named per seat, the selection draft
    "beginner", "random generals", "small pool", "named generals", "draft",
    # the deck
    "standard deck", "EX cards", "1.0 deck", "first game", "no advanced weapons",
    # roles and seats
    "role variant", "lord anywhere", "lord seat", "scoring",
    # the variants of what the dead do and of the end
    "reincarnation", "last blood", "drain", "dark souls", "round cap",
    # the dice game's options
    "dice named generals", "dice small pool",
    # the agents
    "random agents", "heuristic agents", "mixed agents",
)
"""Every option and variant :func:`game_setup` draws, by the name a report counts it under
(``by_variant``); the tests check that a run of a few hundred games draws each."""

_ROUND_CAPS: Final = (1, 3, 10, 20, 60, 60, 60, 60, 60, 60)


def game_setup(seed: int, index: int) -> GameSetup:
    """Game ``index`` of a games run with ``seed``, drawn from ``Pcg32(seed, index)``: one game
    in 8 is the dice game, one in 8 is 3v3, the rest identity mode with 4-10 players and a spread
    of every option and variant; random agents, heuristic agents or a mix of both."""
    rng = Pcg32(seed, index)
    family = rng.below(8)
    config, variants = (_dice_setup(rng) if family == 0 else
                        _setup_3v3(rng) if family == 1 else _identity_setup(rng))
    seats: int = config.players
    mix = rng.below(4)
    if mix < 2:
        agents, which = ("random",) * seats, "random agents"
    elif mix == 2:
        agents, which = ("heuristic",) * seats, "heuristic agents"
    else:
        agents = tuple(("random", "heuristic")[rng.below(2)] for _ in range(seats))
        which = "mixed agents"
    game_seed = (rng.next_u32() << 32) | rng.next_u32()
    return GameSetup(index, config, game_seed, agents, (*variants, which))


def game_config(seed: int, index: int) -> tuple[Any, int]:
    """The config and seed of game ``index`` of a games run with ``seed`` (:func:`game_setup`)."""
    setup = game_setup(seed, index)
    return setup.config, setup.seed


def _distinct(rng: Pcg32, names: Sequence[str], n: int) -> list[str]:
    """``n`` different names drawn from ``names`` (in the order drawn)."""
    left = list(names)
    return [left.pop(rng.below(len(left))) for _ in range(n)]


def _identity_setup(rng: Pcg32) -> tuple[Config, list[str]]:
    from .sanguosha.config import ROLE_TABLE_VARIANT, Config
    from .sanguosha.draft import draft_needs
    from .sanguosha.model import GENERALS

    variants = ["identity"]
    players = 4 + rng.below(7)
    names = list(GENERALS.names())
    lords = [g for g in names if GENERALS[g].can_be_lord]
    lord_seat_zero = rng.below(4) != 0
    lord_seat = rng.below(players) if lord_seat_zero and rng.below(4) == 0 else 0
    mode = rng.below(6)
    generals: tuple[str, ...] | str | None
    pool: tuple[str, ...] | None = None
    if mode == 0:
        generals = None
        variants.append("beginner")
    elif mode < 3:
        generals = "random"
        variants.append("random generals")
        if rng.below(3) == 0:
            pool = tuple(sorted(_distinct(rng, names, 1 + rng.below(len(names)))))
            if not any(GENERALS[g].can_be_lord for g in pool):
                pool = tuple(sorted([*pool, lords[rng.below(len(lords))]]))
            variants.append("small pool")
    elif mode == 3:
        generals = "draft"
        variants.append("draft")
        if rng.below(3) == 0:
            need = draft_needs(players)
            pool = tuple(sorted(_distinct(rng, names, need + rng.below(len(names) - need + 1))))
            if not any(GENERALS[g].can_be_lord for g in pool):
                pool = tuple(sorted([*pool[1:], lords[rng.below(len(lords))]]))
            variants.append("small pool")
    else:
        # one general per seat, each at one seat; a general that cannot be the lord (甘宁) only
        # where the lord cannot sit (nowhere when the lord's seat is dealt at random)
        if lord_seat_zero:
            lord = lords[rng.below(len(lords))]
            seated = _distinct(rng, [g for g in names if g != lord], players - 1)
            seated.insert(lord_seat, lord)
        else:
            seated = _distinct(rng, lords, players)
        generals = tuple(seated)
        variants.append("named generals")
    deck = rng.below(6)
    packs = ("1.0",) if deck == 0 else ("standard", "ex") if deck < 3 else ("standard",)
    variants.append("1.0 deck" if deck == 0 else "EX cards" if deck < 3 else "standard deck")
    first_game = rng.below(5) == 0
    advanced_weapons = rng.below(5) != 0
    role_variant = players in ROLE_TABLE_VARIANT and rng.below(2) == 0
    scoring = rng.below(4) == 0
    # what the dead do: nothing, reincarnation (it needs generals) or the detailed rules
    dead = rng.below(3)
    reincarnation = dead == 1 and generals is not None
    last_blood = rng.below(players) if dead == 2 and rng.below(2) == 0 else None
    drain = dead == 2 and rng.below(3) != 0
    dark_souls = dead == 2 and rng.below(3) != 0
    max_rounds = _ROUND_CAPS[rng.below(len(_ROUND_CAPS))]
    for flag, name in ((first_game, "first game"), (not advanced_weapons, "no advanced weapons"),
                       (role_variant, "role variant"), (not lord_seat_zero, "lord anywhere"),
                       (lord_seat != 0, "lord seat"), (scoring, "scoring"),
                       (reincarnation, "reincarnation"), (last_blood is not None, "last blood"),
                       (drain, "drain"), (dark_souls, "dark souls"), (max_rounds < 60, "round cap")):
        if flag:
            variants.append(name)
    config = Config(
        players=players, generals=generals, pool=pool, packs=packs, first_game=first_game,
        advanced_weapons=advanced_weapons, role_variant=role_variant,
        lord_seat_zero=lord_seat_zero, lord_seat=lord_seat, scoring=scoring,
        max_rounds=max_rounds, reincarnation=reincarnation, last_blood=last_blood,
        three_player_drain=drain, dark_souls=dark_souls,
    )
    return config, variants


def _setup_3v3(rng: Pcg32) -> tuple[Config, list[str]]:
    from .sanguosha.config import Config
    from .sanguosha.model import GENERALS
    from .sanguosha.variants.mode_3v3 import DRAFT_3V3

    variants = ["3v3"]
    names = list(GENERALS.names())
    mode = rng.below(4)
    generals: tuple[str, ...] | str | None = (
        None if mode == 0 else "random" if mode == 1 else "draft" if mode == 2
        else tuple(_distinct(rng, names, 6)))
    variants.append(("beginner", "random generals", "draft", "named generals")[mode])
    pool: tuple[str, ...] | None = None
    if mode in (1, 2) and rng.below(3) == 0:
        need = DRAFT_3V3 if mode == 2 else 6
        pool = tuple(sorted(_distinct(rng, names, need + rng.below(len(names) - need + 1))))
        variants.append("small pool")
    deck = rng.below(6)
    packs = ("1.0",) if deck == 0 else ("standard", "ex") if deck < 3 else ("standard",)
    variants.append("1.0 deck" if deck == 0 else "EX cards" if deck < 3 else "standard deck")
    first_game = rng.below(5) == 0
    advanced_weapons = rng.below(5) != 0
    max_rounds = _ROUND_CAPS[rng.below(len(_ROUND_CAPS))]
    for flag, name in ((first_game, "first game"), (not advanced_weapons, "no advanced weapons"),
                       (max_rounds < 60, "round cap")):
        if flag:
            variants.append(name)
    config = Config(players=6, mode="3v3", generals=generals, pool=pool, packs=packs,
                    first_game=first_game, advanced_weapons=advanced_weapons,
                    max_rounds=max_rounds)
    return config, variants


def _dice_setup(rng: Pcg32) -> tuple[Any, list[str]]:
    from .dice.config import MAX_PLAYERS, MIN_PLAYERS, DiceConfig
    from .dice.model import GENERALS as DICE_GENERALS

    variants = ["dice"]
    players = MIN_PLAYERS + rng.below(MAX_PLAYERS - MIN_PLAYERS + 1)
    names = list(DICE_GENERALS.names())
    mode = rng.below(4)
    generals: tuple[str, ...] | str = "random"
    pool: tuple[str, ...] | None = None
    if mode == 0:
        generals = tuple(_distinct(rng, names, players))
        variants.append("dice named generals")
    elif mode == 1:
        pool = tuple(sorted(_distinct(rng, names, players + rng.below(len(names) - players + 1))))
        variants.append("dice small pool")
    max_rounds = (5, 20, 100, 100)[rng.below(4)]
    if max_rounds < 100:
        variants.append("round cap")
    return DiceConfig(players=players, generals=generals, pool=pool,
                      max_rounds=max_rounds), variants


def invariants_for(game: Any, spec: AnyGame | None = None) -> InvariantChecker:
    """The invariant checker of ``game``'s game, set up on it as it is now: what the game's spec
    gives (:meth:`GameSpec.invariants <sgscore.core.spec.GameSpec.invariants>`: identity mode's
    :class:`~sgscore.sanguosha.invariants.Invariants`, the dice game's
    :class:`~sgscore.dice.invariants.DiceInvariants`, a game of another package its own). The
    spec is found by the game's config unless given; ``ValueError`` for a game without
    invariants."""
    from .core.games import spec_for_config

    spec = spec if spec is not None else spec_for_config(game.config)
    checks = spec.invariants(game)
    if checks is None:
        raise ValueError(f"{spec.id} has no invariants (GameSpec.invariants)")
    return checks


def play_checked(seed: int, index: int, *, max_breaks: int = 5) -> dict[str, Any]:
    """Play game ``index`` of a games run with ``seed`` (:func:`game_setup`) with its agents,
    checking its game's invariants (:func:`invariants_for`) when it is set up,
    after every decision and at its end, however it ends (a result, an engine error, an illegal
    choice an agent was offered); the result as the report keeps it (at most ``max_breaks``
    breaks in detail)."""
    from .core.engine import EngineError
    from .core.games import spec_for_config

    setup = game_setup(seed, index)
    config, game_seed = setup.config, setup.seed
    spec = spec_for_config(config)
    began = time.process_time()
    out: dict[str, Any] = {"game": index, "seed": game_seed, "game_id": spec.id,
                           "config": config.to_dict(), "players": config.players,
                           "agents": list(setup.agents), "variants": list(setup.variants),
                           "breaks": [], "broken": 0, "error": None, "end_checked": False}
    game, err = spec.start_config(config, game_seed)
    if err is not None:
        out["error"] = {"decision": 0, "error": f"{err.kind}: {err.message}", "where": ""}
    checks = invariants_for(game, spec)
    _note(out, checks.check(game), 0, max_breaks)
    if err is None:
        agents = spec.make_agents(game, game_seed, list(setup.agents))
        while not game.over:
            req = game.pending
            assert req is not None
            try:
                game.submit(agents[req.seat].choose(req))
            except Exception as e:  # an engine error, or a choice the agent took that is illegal
                cause = e.__cause__ if isinstance(e, EngineError) and e.__cause__ else e
                out["error"] = {"decision": game.decisions + 1,
                                "error": f"{type(e).__name__}: {e}", "where": exception_class(cause)}
                _note(out, checks.check(game), game.decisions + 1, max_breaks)
                break
            _note(out, checks.check(game), game.decisions, max_breaks)
    # The last check above saw the game as it ended: at its end, whatever stopped it.
    out["end_checked"] = game.over or out["error"] is not None
    return _finish(out, game, began)


def _note(out: dict[str, Any], broken: list[Broken], decision: int, max_breaks: int) -> None:
    out["broken"] += len(broken)
    for name, detail in broken:
        if len(out["breaks"]) < max_breaks:
            out["breaks"].append({"invariant": name, "decision": decision, "detail": detail})


def _finish(out: dict[str, Any], game: Any, began: float) -> dict[str, Any]:
    out["cpu"] = time.process_time() - began
    out["decisions"], out["turns"] = game.decisions, game.turn_no
    out["result"] = list(game.result) if game.result else None
    return out


def _lost_game(index: int, why: str) -> dict[str, Any]:
    return {"game": index, "seed": None, "game_id": None, "config": None, "players": 0,
            "agents": [], "variants": [], "breaks": [], "broken": 0,
            "error": {"decision": -1, "error": why, "where": ""}, "end_checked": False,
            "cpu": 0.0, "decisions": 0, "turns": 0, "result": None}


def run_games(seed: int, games: int, *, jobs: int = 1, start: int = 0,
              timeout: float = 120.0) -> dict[str, Any]:
    """Play games ``start`` .. ``start + games - 1`` in ``jobs`` worker processes, each checked
    after every decision and at its end; the report as a JSON object."""
    began = time.monotonic()
    report: dict[str, Any] = {
        "seed": seed, "start": start, "games": 0, "decisions": 0, "turns": 0, "ends_checked": 0,
        "cpu_seconds": 0.0, "by_game": {}, "by_players": {}, "by_variant": {}, "results": {},
        "invariant_breaks": {}, "engine_errors": [],
    }
    pool = _Pool(jobs, "games", {"seed": seed}, timeout, _lost_game)
    for r in pool.run(range(start, start + games)):
        _add_game(report, r, seed)
    report["seconds"] = round(time.monotonic() - began, 2)
    report["cpu_seconds"] = round(report["cpu_seconds"], 2)
    report["by_game"] = dict(sorted(report["by_game"].items()))
    report["by_players"] = dict(sorted(report["by_players"].items(), key=lambda kv: int(kv[0])))
    report["by_variant"] = {v: report["by_variant"].get(v, 0) for v in VARIANTS}
    report["results"] = dict(sorted(report["results"].items()))
    report["engine_errors"].sort(key=lambda e: e["game"])
    return report


def _add_game(report: dict[str, Any], r: dict[str, Any], seed: int) -> None:
    report["games"] += 1
    report["decisions"] += r["decisions"]
    report["turns"] += r["turns"]
    report["ends_checked"] += 1 if r["end_checked"] else 0
    report["cpu_seconds"] += r["cpu"]
    for key, value in (("by_game", r["game_id"]), ("by_players", r["players"])):
        report[key][str(value)] = report[key].get(str(value), 0) + 1
    for v in r["variants"]:
        report["by_variant"][v] = report["by_variant"].get(v, 0) + 1
    result = "error" if r["error"] else ":".join(str(x) for x in (r["result"] or ["none"]))
    report["results"][result] = report["results"].get(result, 0) + 1
    where = f"python -m sgscore.fuzz games --seed {seed} --game {r['game']}"
    for b in r["breaks"]:
        entry = report["invariant_breaks"].setdefault(b["invariant"], {"count": 0, "first": []})
        entry["count"] += 1
        if len(entry["first"]) < 5:
            entry["first"].append({"game": r["game"], "seed": r["seed"],
                                   "variants": r["variants"], "decision": b["decision"],
                                   "detail": b["detail"], "reproduce": where})
    if r["error"]:
        report["engine_errors"].append({"game": r["game"], "seed": r["seed"],
                                        "config": r["config"], **r["error"],
                                        "reproduce": where})


def print_games(report: dict[str, Any], out: Callable[[str], None] = print) -> None:
    """The report of :func:`run_games` in words."""
    out(f"sgscore.fuzz games: seed {report['seed']}, {report['games']} games, "
        f"{report['decisions']} decisions, {report['turns']} turns, "
        f"{report['ends_checked']} ends checked")
    out("  games: " + ", ".join(f"{k}: {v}" for k, v in report["by_game"].items()))
    out("  players: " + ", ".join(f"{k}: {v}" for k, v in report["by_players"].items()))
    out("  variants: " + ", ".join(f"{k}: {v}" for k, v in report["by_variant"].items()))
    out("  results: " + ", ".join(f"{k} {v}" for k, v in report["results"].items()))
    breaks = report["invariant_breaks"]
    out(f"invariant breaks: {sum(b['count'] for b in breaks.values())}")
    for name, b in sorted(breaks.items()):
        out(f"- {name}: {b['count']}")
        for f in b["first"]:
            out(f"    game {f['game']} (seed {f['seed']}), decision {f['decision']}: "
                f"{f['detail']}; reproduce: {f['reproduce']}")
    errors = report["engine_errors"]
    out(f"engine errors: {len(errors)}")
    for e in errors[:20]:
        out(f"- game {e['game']} (seed {e['seed']}), decision {e['decision']}: {e['error']}"
            f"{' at ' + e['where'] if e['where'] else ''}; reproduce: {e['reproduce']}")
    out(f"time: {report['seconds']:.1f} s, {report['cpu_seconds']:.1f} s CPU in the games")


# ---------------------------------------------------------------------------- command line
def _fuzz_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m sgscore.fuzz",
        description="Fuzz the replay toolkit and sgs with mutated replays (docs/fuzzing.md). "
                    "Other modes: 'games' (random games checked against invariants), 'corpus' "
                    "(record the seed corpus).")
    p.add_argument("--seed", type=int, default=1, help="the run's seed (default 1)")
    p.add_argument("--cases", type=int, default=1000, help="how many cases (default 1000)")
    p.add_argument("--start", type=int, default=0, help="the first case number (default 0)")
    p.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="worker processes")
    p.add_argument("--target", default="validate", choices=[*TARGETS, "all"],
                   help="what runs on each input (all: each target in turn)")
    p.add_argument("--differential", action="store_true",
                   help="also compare the compiled and the pure core's verdicts on each input")
    p.add_argument("--corpus", default="", help="a folder of seed replays (default fixtures/fuzz)")
    p.add_argument("--light", action="store_true", help="small inputs only (a quick run)")
    p.add_argument("--ops", default="", metavar="NAME,...",
                   help="draw only these mutations (names of OPS: end_forge,end_sides)")
    p.add_argument("--timeout", type=float, default=HANG_SECONDS,
                   help=f"seconds before a case counts as a hang (default {HANG_SECONDS:g})")
    p.add_argument("--json", action="store_true", help="the report as one JSON object")
    p.add_argument("--save-failures", metavar="DIR", default="",
                   help="write each failure class's smallest input into DIR")
    p.add_argument("--case", type=int, default=None,
                   help="run this one case in this process and tell its outcome")
    p.add_argument("--write", metavar="FILE", default="", help="with --case: write its input")
    p.add_argument("--minimize", action="store_true",
                   help="with --case: shrink the input while it fails the same way")
    return p


def _ops(args: argparse.Namespace) -> tuple[str, ...]:
    """The mutations ``--ops`` names (none: all of them)."""
    return tuple(n.strip() for n in str(args.ops).split(",") if n.strip())


def _one_case(args: argparse.Namespace) -> int:
    corpus = load_corpus(Path(args.corpus) if args.corpus else None)
    heavy = not args.light
    case = make_case(args.seed, args.case, corpus, heavy=heavy, only=_ops(args))
    target = target_of(args.case, args.target)
    options = case.rng.getstate()
    with tempfile.TemporaryDirectory(prefix="sgscore-fuzz-") as tmp:
        verdict = run_target(case, target, Path(tmp))
        if args.differential:
            path = Path(tmp) / "both-cores.mp"
            path.write_bytes(case.data)
            companion = Companion(args.timeout)
            try:
                differs, detail = compare_cores(core_verdicts(str(path), args.case),
                                                companion.verdicts(str(path), args.case),
                                                companion.cores)
            finally:
                companion.close()
            verdict.failures += differs
            verdict.detail = verdict.detail or detail
        data = case.data
        if args.minimize and verdict.failures:
            data = _shrink(case, options, target, verdict.failures[0], Path(tmp))
    if args.write:
        Path(args.write).write_bytes(data)
    info = {"case": args.case, "seed": args.seed, "target": target, "source": case.source,
            "bytes": len(case.data), "ops": case.ops, "outcome": verdict.outcome,
            "failures": verdict.failures, "detail": verdict.detail,
            "cpu_seconds": round(verdict.cpu, 3), "peak_bytes": verdict.mem,
            "written": args.write or None, "written_bytes": len(data) if args.write else None}
    if args.json:
        print(json.dumps(info, ensure_ascii=False))
    else:
        for key, value in info.items():
            print(f"{key}: {'; '.join(value) if isinstance(value, list) else value}")
    return 1 if verdict.failures else 0


def _shrink(case: Case, options: tuple[int, int], target: str, failure: str,
            workdir: Path) -> bytes:
    """The case's input, minimised while ``target`` still fails with ``failure`` (the command
    takes the same options at every try: the case's generator restarts at ``options``)."""
    def still_fails(data: bytes) -> bool:
        rng = Pcg32(0)
        rng.setstate(options)
        trial = Case(case.seed, case.number, case.source, case.original, data, case.ops,
                     case.reject, rng, case.refuse, case.shape)
        return failure in run_target(trial, target, workdir).failures

    return minimize(case.data, still_fails)


def _fuzz_main(argv: list[str]) -> int:
    args = _fuzz_parser().parse_args(argv)
    if args.differential:
        try:
            Companion(args.timeout).close()
        except RuntimeError as e:
            print(f"error: --differential: {e} (a usable compiled core is needed: "
                  "pip install -e . builds it)", file=sys.stderr)
            return 2
    if args.case is not None:
        return _one_case(args)

    def progress(done: int) -> None:
        if sys.stderr.isatty() and (done % 100 == 0 or done == args.cases):
            sys.stderr.write(f"\r{done}/{args.cases} cases")
            sys.stderr.flush()

    try:
        ops = _known_ops(_ops(args))
    except ValueError as e:
        print(f"error: --ops: {e}", file=sys.stderr)
        return 2
    report = fuzz(args.seed, args.cases, jobs=args.jobs, target=args.target, start=args.start,
                  corpus=args.corpus, heavy=not args.light, timeout=args.timeout,
                  differential=args.differential, progress=progress, ops=ops)
    if sys.stderr.isatty():
        sys.stderr.write("\n")
    if args.save_failures:
        save_failures(report, Path(args.save_failures),
                      load_corpus(Path(args.corpus) if args.corpus else None))
    if args.json:
        print(json.dumps(report, ensure_ascii=False))
    else:
        print_report(report)
    return 1 if report["failures"] else 0


def _games_main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(prog="python -m sgscore.fuzz games",
                                description="Play seeded random games of both games with every "
                                            "option and variant, checking invariants after "
                                            "every decision and at every end "
                                            "(docs/fuzzing.md).")
    p.add_argument("--games", type=int, default=200, help="how many games (default 200)")
    p.add_argument("--seed", type=int, default=1, help="the run's seed (default 1)")
    p.add_argument("--start", type=int, default=0, help="the first game number (default 0)")
    p.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="worker processes")
    p.add_argument("--timeout", type=float, default=120.0, help="seconds one game may take")
    p.add_argument("--game", type=int, default=None,
                   help="play this one game in this process and tell what it found")
    p.add_argument("--record", metavar="FILE", default="",
                   help="with --game: write its replay, with events (sgs replay step FILE)")
    p.add_argument("--json", action="store_true", help="the report as one JSON object")
    args = p.parse_args(argv)
    if args.game is not None:
        result = play_checked(args.seed, args.game, max_breaks=50)
        if args.record:
            from .replay import record_game

            setup = game_setup(args.seed, args.game)
            buf = io.BytesIO()
            record_game(setup.config, setup.seed, buf, events=True, agents=list(setup.agents))
            Path(args.record).write_bytes(buf.getvalue())
        print(json.dumps(result, ensure_ascii=False, indent=None if args.json else 1))
        return 1 if result["broken"] or result["error"] else 0
    report = run_games(args.seed, args.games, jobs=args.jobs, start=args.start,
                       timeout=args.timeout)
    if args.json:
        print(json.dumps(report, ensure_ascii=False))
    else:
        print_games(report)
    return 1 if report["invariant_breaks"] or report["engine_errors"] else 0


def _corpus_main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(prog="python -m sgscore.fuzz corpus",
                                description="Record the seed corpus of the replay fuzzer.")
    p.add_argument("--out", default=str(DEFAULT_CORPUS), help="the folder (default fixtures/fuzz)")
    args = p.parse_args(argv)
    for path in write_corpus(Path(args.out)):
        print(f"{path} ({path.stat().st_size} bytes)")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m sgscore.fuzz [games | corpus | verdicts | serve] ...``; the exit code (1 when
    something failed)."""
    args = list(sys.argv[1:] if argv is None else argv)
    if args[:1] == ["games"]:
        return _games_main(args[1:])
    if args[:1] == ["corpus"]:
        return _corpus_main(args[1:])
    if args[:1] == ["verdicts"]:
        return _verdicts_main(args[1:])
    if args[:1] == ["serve"]:
        return _serve_main(args[1:])
    return _fuzz_main(args)


if __name__ == "__main__":
    sys.exit(main())
