"""Helpers for the replay tests: small games recorded into memory."""

from __future__ import annotations

import io

import pytest

from sgscore.replay import RecordResult, record_game
from sgscore.sanguosha.config import Config


def record_bytes(config: Config, seed: int, events: bool = False) -> tuple[bytes, RecordResult]:
    """A replay of ``config``/``seed`` with random agents, as bytes."""
    buf = io.BytesIO()
    result = record_game(config, seed, buf, events=events)
    return buf.getvalue(), result


@pytest.fixture(name="record")
def record_fixture() -> object:
    """The :func:`record_bytes` helper, for tests (conftest modules cannot be imported)."""
    return record_bytes


@pytest.fixture(scope="session")
def small_replay() -> bytes:
    """A short beginner-mode game (4 seats, 2 rounds), with events."""
    data, result = record_bytes(Config(players=4, generals=None, max_rounds=2), 7, events=True)
    assert result.error is None
    return data


@pytest.fixture(scope="session")
def compact_replay() -> bytes:
    data, _ = record_bytes(Config(players=5, generals=None), 3, events=False)
    return data
