"""Canonical encoding and the state hash.

The state hash is never taken over msgpack bytes (msgpack does not promise stable bytes). It is a
SHA-256 over this project's own canonical encoding of a tree of ints, strings, booleans, None,
tuples/lists and dicts (keys sorted by their encoding). The encoding is specified in
``docs/replay-format.md`` so that another language can reproduce a hash.
"""

from __future__ import annotations

import hashlib
from typing import Any

__all__ = ["canonical_bytes", "state_hash"]


def _enc(obj: Any, out: list[bytes]) -> None:
    """Append the encoding of ``obj``; exact types are tested first (the hot path), subclasses of
    int and str after them."""
    ap = out.append
    t = type(obj)
    if t is int:
        ap(b"i%d;" % obj)
    elif t is tuple or t is list:
        ap(b"l%d:" % len(obj))
        for x in obj:
            tx = type(x)
            if tx is int:
                ap(b"i%d;" % x)
            else:
                _enc(x, out)
    elif t is str:
        b = obj.encode("utf-8")
        ap(b"s%d:" % len(b))
        ap(b)
    elif obj is None:
        ap(b"n")
    elif obj is True:
        ap(b"t")
    elif obj is False:
        ap(b"f")
    elif t is dict:
        items = []
        for k, v in obj.items():
            kb: list[bytes] = []
            _enc(k, kb)
            items.append((b"".join(kb), v))
        items.sort(key=lambda kv: kv[0])
        ap(b"d%d:" % len(items))
        for kb2, v in items:
            ap(kb2)
            _enc(v, out)
    elif isinstance(obj, int):
        ap(b"i%d;" % int(obj))
    elif isinstance(obj, str):
        _enc(str(obj), out)
    elif isinstance(obj, list | tuple):
        _enc(tuple(obj), out)
    else:
        raise TypeError(f"cannot canonically encode {type(obj).__name__}")


def canonical_bytes(obj: Any) -> bytes:
    """The canonical encoding of ``obj`` (see ``docs/replay-format.md``, "Canonical encoding and the
    state hash")."""
    out: list[bytes] = []
    _enc(obj, out)
    return b"".join(out)


def state_hash(obj: Any) -> str:
    """Hex SHA-256 of :func:`canonical_bytes`."""
    return hashlib.sha256(canonical_bytes(obj)).hexdigest()
