"""Canonical encoding and the state hash.

The state hash is never taken over msgpack bytes (msgpack does not promise stable bytes). It is a
SHA-256 over this project's own canonical encoding of a tree of ints, strings, booleans, None,
tuples/lists and dicts (keys sorted by their encoding). The encoding is specified in
``docs/replay-format.md`` so that another language can reproduce a hash.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import Any, Final, cast

__all__ = ["canonical_bytes", "state_hash"]

_SMALL: Final = 1024
_SMALL_INTS: Final[tuple[bytes, ...]] = tuple(b"i%d;" % i for i in range(_SMALL))
"""The encodings of 0 .. 1023 (card ids, HP, counts: most of a state's integers), made once."""


def _enc(obj: Any, out: list[bytes]) -> None:
    """Append the encoding of ``obj``; exact types are tested first (the hot path), subclasses of
    int and str after them. (Compiled, ``out.append`` and a value cast to ``int`` run as native
    operations; a bound ``append`` or a value of unknown type would go through Python.)"""
    t = type(obj)
    if t is int:
        v = cast(int, obj)
        out.append(_SMALL_INTS[v] if 0 <= v < _SMALL else b"i%d;" % v)
    elif t is tuple or t is list:
        items = cast(Sequence[Any], obj)
        out.append(b"l%d:" % len(items))
        for x in items:
            if type(x) is int:
                out.append(_SMALL_INTS[x] if 0 <= x < _SMALL else b"i%d;" % x)
            else:
                _enc(x, out)
    elif t is str:
        b = cast(str, obj).encode("utf-8")
        out.append(b"s%d:" % len(b))
        out.append(b)
    elif obj is None:
        out.append(b"n")
    elif obj is True:
        out.append(b"t")
    elif obj is False:
        out.append(b"f")
    elif t is dict:
        pairs: list[tuple[bytes, Any]] = []
        for k, v in cast(dict[Any, Any], obj).items():
            kb: list[bytes] = []
            _enc(k, kb)
            pairs.append((b"".join(kb), v))
        pairs.sort(key=_first)
        out.append(b"d%d:" % len(pairs))
        for kb2, v in pairs:
            out.append(kb2)
            _enc(v, out)
    elif isinstance(obj, int):
        out.append(b"i%d;" % int(obj))
    elif isinstance(obj, str):
        _enc(str(obj), out)
    elif isinstance(obj, list | tuple):
        _enc(tuple(obj), out)
    else:
        raise TypeError(f"cannot canonically encode {type(obj).__name__}")


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
