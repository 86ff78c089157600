"""Replays as msgpack records, decoded to be mutated and encoded again: a decoded replay encodes
back to the same bytes, and a :class:`Raw` part (a value nested deeper than msgpack-python packs,
a length that lies, a run of records) is written as it is."""

from __future__ import annotations

import io
import struct
from collections.abc import Iterable
from typing import Any, Final

import msgpack


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
