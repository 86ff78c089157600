"""Golden replays (docs/architecture.md "New content never changes old games"): every fixture
re-simulates to the same events, checkpoints and final hash. A failure here means the rules changed
behaviour: if that is intended, run ``python -m sgscore.replay.golden fixtures`` and review the
summaries' diff."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sgscore.replay import read_replay, validate_file
from sgscore.replay.golden import load_manifest

FIXTURES = Path(__file__).resolve().parent.parent.parent / "fixtures"
NAMES = [entry["name"] for entry in load_manifest(FIXTURES)]


def test_the_fixtures_cover_4_5_8_and_10_players_beginner_and_with_generals() -> None:
    kinds = {
        (e["config"]["players"], e["config"]["generals"] is None) for e in load_manifest(FIXTURES)
    }
    for n in (4, 5, 8, 10):
        assert (n, True) in kinds and (n, False) in kinds


@pytest.mark.parametrize("name", NAMES)
def test_golden_replay_resimulates_identically(name: str) -> None:
    result = validate_file(FIXTURES / f"{name}.mp")
    assert result.valid, f"{name}: {result.error}"
    replay = read_replay(FIXTURES / f"{name}.mp")
    assert replay.events, "golden replays carry their events, so events are compared too"
    summary = json.loads((FIXTURES / f"{name}.summary.json").read_text(encoding="utf-8"))
    assert replay.summary is not None
    for key, value in summary.items():
        assert replay.summary[key] == value, f"{name}: {key} differs from {name}.summary.json"
