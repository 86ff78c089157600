"""Test-wide setup: rule procedures are watched (``sgscore.core.checks``), so a procedure that a
rule creates but never drives (a missing ``yield from``) fails the test that made it."""

from __future__ import annotations

import os
from collections.abc import Iterator

os.environ["SGSCORE_CHECK_PROCEDURES"] = "1"  # before sgscore is imported

import pytest

from sgscore.core import checks
from sgscore.sanguosha import Config

from recorded import record_bytes


@pytest.fixture(autouse=True)
def every_procedure_is_driven() -> Iterator[None]:
    assert checks.CHECK_PROCEDURES, "sgscore was imported before tests/conftest.py set the check"
    checks.UNDRIVEN.clear()
    yield
    undriven = list(checks.UNDRIVEN)
    checks.UNDRIVEN.clear()
    assert not undriven, f"procedures created but never driven (a missing yield from?): {undriven}"


@pytest.fixture(scope="session")
def small_replay() -> bytes:
    """A short beginner-mode game (4 seats, 2 rounds), with events."""
    data, result = record_bytes(Config(players=4, generals=None, max_rounds=2), 7, events=True)
    assert result.error is None
    return data


@pytest.fixture(scope="session")
def compact_replay() -> bytes:
    """A beginner-mode game of 5 seats without events."""
    data, _ = record_bytes(Config(players=5, generals=None), 3, events=False)
    return data
