"""``sgs replay rebaseline``: record the golden replays again, or only check them."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

import sgscore.sanguosha.rules as rules
from cli.main import main
from sgscore.core.engine import Proc
from sgscore.core.spec import rules_id
from sgscore.replay import read_replay
from sgscore.sanguosha import RULES_VERSION, SPEC, Game
from sgscore.sanguosha.cards import CARD_TYPES
from sgscore.sanguosha.contexts import CardUse

FIXTURES = Path(__file__).resolve().parent.parent.parent / "fixtures"


def _small_fixture_folder(tmp: Path) -> Path:
    folder = tmp / "golden"
    folder.mkdir()
    manifest = {"games": [{"name": "tiny", "config": {"players": 4, "generals": None}, "seed": 3}]}
    (folder / "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")
    return folder


def test_rebaseline_writes_the_replays_and_their_summaries(tmp_path: Path) -> None:
    folder = _small_fixture_folder(tmp_path)
    result = CliRunner().invoke(main, ["replay", "rebaseline", str(folder)])
    assert result.exit_code == 0, result.output
    assert (folder / "tiny.mp").exists()
    summary = json.loads((folder / "tiny.summary.json").read_text(encoding="utf-8"))
    assert set(summary) == {"winner", "reason", "turns", "decisions", "hash"}
    check = CliRunner().invoke(main, ["replay", "rebaseline", "--check", str(folder)])
    assert check.exit_code == 0 and "tiny: valid" in check.output


def test_check_fails_on_a_broken_golden_replay(tmp_path: Path) -> None:
    folder = _small_fixture_folder(tmp_path)
    CliRunner().invoke(main, ["replay", "rebaseline", str(folder)])
    data = bytearray((folder / "tiny.mp").read_bytes())
    (folder / "tiny.mp").write_bytes(bytes(data[: len(data) // 2]))
    check = CliRunner().invoke(main, ["replay", "rebaseline", "--check", str(folder)])
    assert check.exit_code == 1
    assert "tiny: invalid: record" in check.output


def test_the_committed_fixtures_pass_the_check(tmp_path: Path) -> None:
    copy = tmp_path / "fixtures"
    shutil.copytree(FIXTURES, copy)
    check = CliRunner().invoke(main, ["replay", "rebaseline", "--check", str(copy)])
    assert check.exit_code == 0, check.output


def test_a_folder_without_a_manifest_is_a_clean_error(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["replay", "rebaseline", str(tmp_path)])
    assert result.exit_code == 1
    assert "manifest" in result.output and "Traceback" not in result.output


def test_rebaseline_refuses_a_change_of_behaviour_under_the_same_rules_version(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    # docs/replay-format.md, "Rules identity": the version changes exactly when behaviour does.
    folder = _small_fixture_folder(tmp_path)
    assert CliRunner().invoke(main, ["replay", "rebaseline", str(folder)]).exit_code == 0
    before = (folder / "tiny.mp").read_bytes()
    def heals_two(g: Game, use: CardUse) -> Proc:  # 桃 heals 2 now
        rules.recover(g, use.user, 2)
        return
        yield

    monkeypatch.setattr(CARD_TYPES["peach"], "effect", heals_two)
    result = CliRunner().invoke(main, ["replay", "rebaseline", str(folder)])
    assert result.exit_code == 1
    assert "the rules behave differently now" in result.output
    assert f"rules version is still '{RULES_VERSION}'" in result.output
    assert (folder / "tiny.mp").read_bytes() == before  # nothing written
    declared = RULES_VERSION + "+peach"  # the change is declared: recorded again
    monkeypatch.setattr(SPEC, "rules_version", declared)
    result = CliRunner().invoke(main, ["replay", "rebaseline", str(folder)])
    assert result.exit_code == 0, result.output
    assert read_replay(folder / "tiny.mp").header.rules == rules_id("sanguosha/identity", declared)


def test_rebaseline_that_cannot_write_says_so_in_one_line(tmp_path: Path) -> None:
    # It printed an OSError traceback (a read-only folder); here a folder stands where the
    # replay must go, which no write can replace (root ignores read-only permissions).
    folder = _small_fixture_folder(tmp_path)
    (folder / "tiny.mp").mkdir()
    result = CliRunner().invoke(main, ["replay", "rebaseline", str(folder)])
    assert result.exit_code == 1 and result.exception is None or isinstance(
        result.exception, SystemExit)
    assert "cannot write the golden replays" in result.output and "Traceback" not in result.output
    assert len(result.output.strip().splitlines()) == 1
