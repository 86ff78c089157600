"""Test-wide setup: rule procedures are watched (``sgscore.core.checks``), so a procedure that a
rule creates but never drives (a missing ``yield from``) fails the test that made it."""

from __future__ import annotations

import os
from collections.abc import Iterator

os.environ["SGSCORE_CHECK_PROCEDURES"] = "1"  # before sgscore is imported

import pytest  # noqa: E402

from sgscore.core import checks  # noqa: E402


@pytest.fixture(autouse=True)
def every_procedure_is_driven() -> Iterator[None]:
    assert checks.CHECK_PROCEDURES, "sgscore was imported before tests/conftest.py set the check"
    checks.UNDRIVEN.clear()
    yield
    undriven = list(checks.UNDRIVEN)
    checks.UNDRIVEN.clear()
    assert not undriven, f"procedures created but never driven (a missing yield from?): {undriven}"
