"""The mutation catalogue (:data:`OPS`): what a case does to a replay's records before they are
encoded again, or to its bytes after (``docs/fuzzing.md``, "What a case is"). Each mutation draws
from the case's generator and says what it did in a few words."""

from __future__ import annotations

import copy
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Final

from ..core.rng import Pcg32
from .corpus import CorpusFile
from .encoding import _ARRAY, Raw, _put, _put_len, decode_records, encode, encode_records

MAX_RUN: Final = 16 << 20
"""The largest run of one repeated record, in bytes."""
HEAVY_ODDS: Final = 8
"""One sized mutation in this many takes a large size (when large inputs are allowed)."""


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
