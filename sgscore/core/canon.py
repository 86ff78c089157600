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
    if obj is None:
        out.append(b"n")
    elif obj is True:
        out.append(b"t")
    elif obj is False:
        out.append(b"f")
    elif isinstance(obj, int):
        out.append(b"i%d;" % obj)
    elif isinstance(obj, str):
        b = obj.encode("utf-8")
        out.append(b"s%d:" % len(b))
        out.append(b)
    elif isinstance(obj, list | tuple):
        out.append(b"l%d:" % len(obj))
        for x in obj:
            _enc(x, out)
    elif isinstance(obj, dict):
        items = []
        for k, v in obj.items():
            kb: list[bytes] = []
            _enc(k, kb)
            items.append((b"".join(kb), v))
        items.sort(key=lambda kv: kv[0])
        out.append(b"d%d:" % len(items))
        for kb2, v in items:
            out.append(kb2)
            _enc(v, out)
    else:
        raise TypeError(f"cannot canonically encode {type(obj).__name__}")


def canonical_bytes(obj: Any) -> bytes:
    """The canonical encoding of ``obj`` (see ``docs/replay-format.md``, "State hash")."""
    out: list[bytes] = []
    _enc(obj, out)
    return b"".join(out)


def state_hash(obj: Any) -> str:
    """Hex SHA-256 of :func:`canonical_bytes`."""
    return hashlib.sha256(canonical_bytes(obj)).hexdigest()
