"""Test-wide setup: rule procedures are watched (``sgscore.core.checks``), so a procedure that a
rule creates but never drives (a missing ``yield from``) fails the test that made it.

The tests run on the compiled core when the install has one (``sgscore/_accel.py``); ``.ci/run``
runs them again on the pure-Python core (``SGSCORE_PURE=1``). The last line of pytest's report
says which core this run tested.

The tests run on every core (pytest-xdist, ``-n auto`` in pyproject.toml's addopts; ``-n 0`` runs
them in one process), a module's tests in one process; the lines tests report
(``tests/reported.py``) end pytest's report."""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

os.environ["SGSCORE_CHECK_PROCEDURES"] = "1"  # before sgscore is imported

import pytest
from hypothesis import HealthCheck, settings

from sgscore import _accel
from sgscore.core import checks
from sgscore.sanguosha import Config

from recorded import record_bytes
from reported import REPORT

# The property tests draw the same examples on every run and machine (a failure found once is
# found again; CI never fails by chance). SGSCORE_HYPOTHESIS=explore draws new ones each run.
# Neither profile looks at the clock: no deadline per example and no health check of how fast
# examples are drawn, since both depend on the machine's load, not on the code.
_UNTIMED: dict[str, Any] = {"deadline": None, "suppress_health_check": [HealthCheck.too_slow]}
settings.register_profile("repeatable", derandomize=True, print_blob=True, **_UNTIMED)
settings.register_profile("explore", derandomize=False, print_blob=True, **_UNTIMED)
settings.load_profile(os.environ.get("SGSCORE_HYPOTHESIS", "repeatable"))


_REPORTED: list[str] = []


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    for key, line in report.user_properties:
        if key == REPORT and line not in _REPORTED:
            _REPORTED.append(str(line))


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The modules marked ``long`` first, each module's tests in their order: on several
    processes, the longest work starts first and the short modules fill in around it."""
    items.sort(key=lambda item: item.get_closest_marker("long") is None)


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    for line in _REPORTED:
        terminalreporter.write_line(line)
    terminalreporter.write_line(f"sgscore: tested the {_accel.describe()}")


@pytest.fixture
def pure_core() -> None:
    """For a test that monkeypatches a function of the core: the compiled core's callers call it
    directly and never see the patch, so such a test runs in the pure-Python pass only."""
    if _accel.compiled():
        pytest.skip("patches a function that the compiled core calls directly; runs on the "
                    "pure-Python core (SGSCORE_PURE=1, as .ci/run does)")


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
