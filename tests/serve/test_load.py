"""``sgs serve`` under load on localhost (docs/serve.md "Load"): 50 tables at once, each with one
scripted WebSocket client answering every question of its person's seat and four heuristic
agents, for a minute, the server in a process of its own (``python -m sgscore.serve.load``).
Afterwards every table's replay validates and holds exactly the answers its client sent, in
order: none lost, none recorded twice. The latency it measures is reported (a line at the end
of pytest's report), not judged."""

from __future__ import annotations

import os
from collections.abc import Callable

import pytest

pytest.importorskip("websockets", reason="the serve extra is not installed "
                    "(pip install 'sgscore[serve]')")

from sgscore.serve.load import run_load

from reported import REPORT

pytestmark = pytest.mark.long  # started first (tests/conftest.py)

TABLES = int(os.environ.get("SGS_LOAD_TABLES", "50"))
SECONDS = float(os.environ.get("SGS_LOAD_SECONDS", "60"))


def test_fifty_tables_for_a_minute_lose_no_decision(
        record_property: Callable[[str, object], None]) -> None:
    result = run_load(TABLES, SECONDS)
    assert not result.errors, result.errors[:5]
    assert not result.invalid, result.invalid[:5]
    assert not result.mismatched, result.mismatched[:5]
    assert result.tables >= TABLES and result.answers >= TABLES
    record_property(REPORT, f"sgs serve load: {result.to_json()}")
