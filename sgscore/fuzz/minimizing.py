"""Minimising a failing input: whole records removed while the target still fails the same way
(``docs/fuzzing.md``, "Reproducing and minimising a failure")."""

from __future__ import annotations

from collections.abc import Callable

import msgpack


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
