"""The maintainer's commands (docs/architecture.md, "Maintainer commands"): ``python -m
sgscore.replay.golden`` records the golden replays again or only checks them; ``python -m
sgscore.replay.models --out FOLDER`` writes the JSON Schemas. Neither is in ``sgs``."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import sgscore.sanguosha.rules as rules
from sgscore.core.engine import Proc
from sgscore.core.spec import rules_id
from sgscore.replay import read_replay
from sgscore.replay.golden import main as golden
from sgscore.replay.models import main as schemas
from sgscore.sanguosha import RULES_VERSION, SPEC, Game
from sgscore.sanguosha.cards import CARD_TYPES
from sgscore.sanguosha.contexts import CardUse

FIXTURES = Path(__file__).resolve().parent.parent.parent / "fixtures"


def rebaseline(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """``python -m sgscore.replay.golden ARGS`` in this process: exit code, stdout, stderr."""
    code = golden(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def _small_fixture_folder(tmp: Path) -> Path:
    folder = tmp / "golden"
    folder.mkdir()
    manifest = {"games": [{"name": "tiny", "config": {"players": 4, "generals": None}, "seed": 3}]}
    (folder / "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")
    return folder


def test_rebaseline_writes_the_replays_and_their_summaries(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = _small_fixture_folder(tmp_path)
    code, out, err = rebaseline(capsys, str(folder))
    assert (code, out, err) == (0, f"{folder / 'tiny.mp'}\n", "")
    summary = json.loads((folder / "tiny.summary.json").read_text(encoding="utf-8"))
    assert set(summary) == {"winner", "reason", "turns", "decisions", "hash"}
    code, out, _ = rebaseline(capsys, "--check", str(folder))
    assert code == 0 and out.startswith("tiny: valid, ")


def test_check_fails_on_a_broken_golden_replay(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = _small_fixture_folder(tmp_path)
    assert rebaseline(capsys, str(folder))[0] == 0
    data = bytearray((folder / "tiny.mp").read_bytes())
    (folder / "tiny.mp").write_bytes(bytes(data[: len(data) // 2]))
    code, out, _ = rebaseline(capsys, "--check", str(folder))
    assert code == 1
    assert out.startswith("tiny: invalid: record")


def test_the_committed_fixtures_pass_the_check(tmp_path: Path) -> None:
    # as a maintainer runs it, in a process of its own
    copy = tmp_path / "fixtures"
    shutil.copytree(FIXTURES, copy)
    done = subprocess.run([sys.executable, "-m", "sgscore.replay.golden", "--check", str(copy)],
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr
    assert len(done.stdout.splitlines()) == len(json.loads(
        (FIXTURES / "manifest.json").read_text(encoding="utf-8"))["games"])


def test_a_folder_without_a_manifest_is_a_clean_error(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = rebaseline(capsys, str(tmp_path))
    assert (code, out) == (1, "")
    assert err.startswith(f"error: {tmp_path}: cannot read the manifest (")
    assert len(err.splitlines()) == 1


def test_rebaseline_refuses_a_change_of_behaviour_under_the_same_rules_version(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
) -> None:
    # docs/replay-format.md, "Rules identity": the version changes exactly when behaviour does.
    folder = _small_fixture_folder(tmp_path)
    assert rebaseline(capsys, str(folder))[0] == 0
    before = (folder / "tiny.mp").read_bytes()
    def heals_two(g: Game, use: CardUse) -> Proc:  # 桃 heals 2 now
        rules.recover(g, use.user, 2)
        return
        yield

    monkeypatch.setattr(CARD_TYPES["peach"], "effect", heals_two)
    code, _, err = rebaseline(capsys, str(folder))
    assert code == 1
    assert "the rules behave differently now" in err
    assert f"rules version is still '{RULES_VERSION}'" in err
    assert (folder / "tiny.mp").read_bytes() == before  # nothing written
    declared = RULES_VERSION + "+peach"  # the change is declared: recorded again
    monkeypatch.setattr(SPEC, "rules_version", declared)
    code, _, err = rebaseline(capsys, str(folder))
    assert code == 0, err
    assert read_replay(folder / "tiny.mp").header.rules == rules_id("sanguosha/identity", declared)


def test_rebaseline_that_cannot_write_says_so_in_one_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # It printed an OSError traceback (a read-only folder); here a folder stands where the
    # replay must go, which no write can replace (root ignores read-only permissions).
    folder = _small_fixture_folder(tmp_path)
    (folder / "tiny.mp").mkdir()
    code, out, err = rebaseline(capsys, str(folder))
    assert (code, out) == (1, "")
    assert err.startswith(f"error: {folder}: cannot write the golden replays: ")
    assert len(err.splitlines()) == 1


def test_an_unknown_option_is_a_usage_error() -> None:
    done = subprocess.run([sys.executable, "-m", "sgscore.replay.golden", "--no-such-option"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 2 and "usage: python -m sgscore.replay.golden" in done.stderr


# ---------------------------------------------------------------- the JSON Schemas
def test_schemas_writes_the_json_schemas(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert schemas(["--out", str(tmp_path / "s")]) == 0
    out = capsys.readouterr().out
    files = sorted((tmp_path / "s").iterdir())
    assert [f.name for f in files] == ["replay-v1.header.schema.json",
                                       "replay-v1.record.schema.json"]
    assert [str(f) for f in files] == sorted(out.splitlines())
    for f in files:  # what is committed in schemas/
        assert f.read_text(encoding="utf-8") == (
            FIXTURES.parent / "schemas" / f.name).read_text(encoding="utf-8")


def test_schemas_need_a_folder_named() -> None:
    # it used to write into ./schemas without being asked
    done = subprocess.run([sys.executable, "-m", "sgscore.replay.models"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 2 and "--out" in done.stderr


def test_schemas_that_cannot_be_written_say_so_in_one_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "file").write_text("", encoding="utf-8")
    assert schemas(["--out", str(tmp_path / "file")]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"error: {tmp_path / 'file'}: cannot write (") and err.count("\n") == 1
