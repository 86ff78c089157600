"""Canonical encoding and the state hash.

The state hash is never taken over msgpack bytes (msgpack does not promise stable bytes). It is a
SHA-256 over this project's own canonical encoding of a tree of ints, strings, booleans, None,
tuples/lists and dicts (keys sorted by their encoding). The encoding is specified in
``docs/replay-format.md`` so that another language can reproduce a hash.
"""

from __future__ import annotations

import hashlib
import zlib
from typing import TYPE_CHECKING, Any, Final, cast

if TYPE_CHECKING:  # a type only: compiled, a machine integer; in Python, an int like any other
    from mypy_extensions import i64

__all__ = ["canonical_bytes", "state_hash", "crc32_zeros", "crc32_i64", "crc32_u32"]

_SMALL: Final = 1024
_SMALL_INTS: Final[tuple[bytes, ...]] = tuple(b"i%d;" % i for i in range(_SMALL))
"""The encodings of 0 .. 1023 (card ids, HP, counts: most of a state's integers), made once."""
_HEADS: Final[tuple[bytes, ...]] = tuple(b"l%d:" % n for n in range(_SMALL))
"""The heads of arrays of 0 .. 1023 items, made once."""
_STRS: Final[dict[str, bytes]] = {}
"""The encodings of the strings met so far (a state's strings are ids and names from a small
set: a role, a general, a phase), up to :data:`_STRS_KEPT` of them."""
_STRS_KEPT: Final = 4096


def _str(s: str) -> bytes:
    """The encoding of ``s``."""
    b = _STRS.get(s)
    if b is None:
        u = s.encode("utf-8")
        b = b"s%d:" % len(u) + u
        if len(_STRS) < _STRS_KEPT and len(u) <= 64:
            _STRS[s] = b
    return b


def _enc(obj: Any, out: list[bytes]) -> None:
    """Append the encoding of ``obj``; exact types are tested first (the hot path), subclasses of
    int and str after them. (Compiled, ``out.append`` and a value cast to ``int`` run as native
    operations; a bound ``append`` or a value of unknown type would go through Python.)"""
    t = type(obj)
    if t is int:
        v = cast(int, obj)
        out.append(_SMALL_INTS[v] if 0 <= v < _SMALL else b"i%d;" % v)
    elif t is tuple or t is list:
        # compiled, a tuple is read item by item natively; a list is copied into one
        items = cast(tuple[Any, ...], obj) if t is tuple else tuple(cast(list[Any], obj))
        n = len(items)
        out.append(_HEADS[n] if n < _SMALL else b"l%d:" % n)
        for x in items:
            tx = type(x)
            if tx is int:
                i = cast(int, x)  # compiled: a native integer, compared and indexed natively
                out.append(_SMALL_INTS[i] if 0 <= i < _SMALL else b"i%d;" % i)
            elif tx is str:
                out.append(_str(cast(str, x)))
            else:
                _enc(x, out)
    elif t is str:
        out.append(_str(cast(str, obj)))
    elif obj is None:
        out.append(b"n")
    elif obj is True:
        out.append(b"t")
    elif obj is False:
        out.append(b"f")
    elif t is dict:
        _enc_dict(cast(dict[Any, Any], obj), out)
    elif isinstance(obj, int):
        out.append(b"i%d;" % int(obj))
    elif isinstance(obj, str):
        _enc(str(obj), out)
    elif isinstance(obj, list | tuple):
        _enc(tuple(obj), out)
    else:
        raise TypeError(f"cannot canonically encode {type(obj).__name__}")


def _enc_dict(obj: dict[Any, Any], out: list[bytes]) -> None:
    """Append the encoding of a map: its entries in the order of their encoded keys."""
    pairs: list[tuple[bytes, Any]] = []
    for k, v in obj.items():
        kb: list[bytes] = []
        _enc(k, kb)
        pairs.append((b"".join(kb), v))
    pairs.sort(key=_first)
    out.append(b"d%d:" % len(pairs))
    for kb2, v in pairs:
        out.append(kb2)
        _enc(v, out)


def _first(pair: tuple[bytes, Any]) -> bytes:
    return pair[0]


def canonical_bytes(obj: Any) -> bytes:
    """The canonical encoding of ``obj`` (see ``docs/replay-format.md``, "Canonical encoding and the
    state hash")."""
    out: list[bytes] = []
    _enc(obj, out)
    return b"".join(out)


def state_hash(obj: Any) -> str:
    """Hex SHA-256 of :func:`canonical_bytes`."""
    return hashlib.sha256(canonical_bytes(obj)).hexdigest()


# ---------------------------------------------------------------------------- quick hashes
# A quick hash (docs/replay-format.md "Checkpoints") is zlib's CRC-32 of a row of integers packed
# little-endian. CRC-32 is linear: the CRC of a message of n bytes is the CRC of n zero bytes,
# XORed with, for each byte b of the message, what b changes of it when d bytes come after it
# (the CRC of b and d zeros, XORed with the CRC of d + 1 zeros). A row of small numbers is then
# a handful of table lookups, one per non-zero byte, with nothing packed: ``crc32_zeros(n) ^
# crc32_i64(v1, after1) ^ ...`` equals ``zlib.crc32`` of the packed row (tests/test_quick_hash.py).

_ZEROS: Final[list[int]] = []
"""``zlib.crc32`` of ``n`` zero bytes, at ``n``: filled as the sizes are asked for."""
_BYTE: Final[list[int]] = []
"""At ``256 * d + b``: what byte ``b`` followed by ``d`` bytes changes of a CRC-32; -1 where it
is not worked out yet. Filled a row of 256 at a time, as the positions are asked for: a row of
``n`` bytes needs at most ``256 * n`` entries (96k for a ten-seat game's checkpoint)."""


def crc32_zeros(n: int) -> int:
    """``zlib.crc32(bytes(n))``: where the CRC of an ``n``-byte row starts."""
    while len(_ZEROS) <= n:
        _ZEROS.append(zlib.crc32(bytes(len(_ZEROS))))
    return _ZEROS[n]


def _work_out(i: i64) -> i64:
    """Entry ``i`` of the table, its row worked out (and the table grown to hold it): each
    byte's part is linear in its bits, so the row is made from the parts of the eight bits."""
    d = i >> 8
    if len(_BYTE) < 256 * (d + 1):
        _BYTE.extend([-1] * (256 * (d + 1) - len(_BYTE)))
    base = d << 8
    zeros = bytes(d)
    after = crc32_zeros(d + 1)
    _BYTE[base] = 0
    bit: i64 = 1
    while bit < 256:
        part: i64 = zlib.crc32(bytes((bit,)) + zeros) ^ after
        for low in range(bit):  # the bytes bit + low, low < bit: worked out already
            _BYTE[base + (bit | low)] = part ^ _BYTE[base + low]
        bit <<= 1
    c: i64 = _BYTE[i]
    return c


def _byte(b: i64, d: i64) -> i64:
    """What byte ``b`` (1-255) with ``d`` bytes after it changes of a CRC-32."""
    i = (d << 8) | b
    if i < len(_BYTE):
        c: i64 = _BYTE[i]
        if c >= 0:
            return c
    return _work_out(i)


def crc32_i64(v: i64, after: i64) -> i64:
    """What ``v``, packed as a signed 64-bit little-endian integer with ``after`` bytes after it
    in the row, changes of the row's CRC-32."""
    if 0 <= v < 256:  # a count, an HP: one byte, at most, that is not zero
        if v == 0:  # (an if, not a conditional expression: compiled, that one boxes its value)
            return 0
        return _byte(v, after + 7)
    return _parts(v, after + 7, 8)


def crc32_u32(v: i64, after: i64) -> i64:
    """The same for ``v``, 0 to 2**32 - 1, packed as an unsigned 32-bit little-endian integer."""
    return _parts(v, after + 3, 4)


def _parts(v: i64, d: i64, size: i64) -> i64:
    """What the ``size`` bytes of ``v`` from the lowest change of a CRC-32, the first with ``d``
    bytes after it (a negative number's bytes are its two's complement)."""
    c: i64 = 0
    for _ in range(size):
        b = v & 255
        if b:
            c ^= _byte(b, d)
        v >>= 8  # arithmetic: a negative number's higher bytes are 255
        d -= 1
    return c
