"""Small games recorded into memory, for the tests."""

from __future__ import annotations

import io

from sgscore.replay import RecordResult, record_game


def record_bytes(config: object, seed: int, events: bool = False) -> tuple[bytes, RecordResult]:
    """A replay of ``config``/``seed`` with random agents, as bytes."""
    buf = io.BytesIO()
    result = record_game(config, seed, buf, events=events)
    return buf.getvalue(), result
