"""Format versions (docs/replay-format.md, "Versions"): a file of version 1 as an older commit
wrote it reads as it is; an older version is migrated in memory, with a warning, when a migration
leads from it, and refused with one line saying which versions this reader reads otherwise; a
newer version is refused with "upgrade sgscore"; additions within a version (a record type, a
header key) are skipped. The files are in fixtures/formats/ (its README says how each was made)."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import msgpack
import pytest
from click.testing import CliRunner

from cli.main import main
from sgscore.replay import (
    Checkpoint,
    ReplayError,
    UnknownRecord,
    read_replay,
    validate_file,
    versions,
)
from sgscore.replay.versions import Migration
from sgscore.sanguosha import SPEC

ROOT = Path(__file__).resolve().parent.parent.parent
FORMATS = ROOT / "fixtures" / "formats"
GOLDEN = ROOT / "fixtures" / "p4-beginner.mp"

OLDER = ("format version 0 is older than this reader reads (1): no sgscore release wrote it, "
         "and none reads it")
NEWER = "format version 2 is newer than this reader (1): upgrade sgscore"
OTHER_RULES = "recorded under other rules"


def run(*args: str) -> tuple[int, str, str]:
    """``sgs ARGS`` in this process: exit code, stdout, stderr."""
    r = CliRunner().invoke(main, list(args), prog_name="sgs")
    if r.exception is not None and not isinstance(r.exception, SystemExit):
        raise r.exception
    return r.exit_code, r.stdout, r.stderr


def _records(data: bytes) -> list[Any]:
    return list(msgpack.Unpacker(io.BytesIO(data), raw=False))


def _pack(records: list[Any]) -> bytes:
    return b"".join(msgpack.packb(r, use_bin_type=True) for r in records)


def _version_2(tmp_path: Path) -> Path:
    recs = _records(GOLDEN.read_bytes())
    recs[0] = {**recs[0], "version": 2}
    path = tmp_path / "v2.mp"
    path.write_bytes(_pack(recs))
    return path


# ---------------------------------------------------------------- version 1 by older commits
def test_version_1_as_commit_6c83a5c_wrote_it_reads_as_it_is_and_is_valid() -> None:
    path = FORMATS / "v1-6c83a5c.mp"
    rp = read_replay(path)
    assert rp.warnings == []  # nothing to migrate: keys added since have frozen defaults
    assert rp.header.config == {"players": 4, "ex_cards": True, "max_rounds": 3}
    full = SPEC.full_config(rp.header.config)
    assert full["packs"] == ["standard", "ex"]
    assert full["pool"] == ["caocao", "daqiao", "liubei", "lvbu", "machao", "simayi",
                            "sunshangxiang", "zhugeliang"]
    result = validate_file(path)
    assert result.valid, result.error
    assert len(result.warnings) == 1 and OTHER_RULES in result.warnings[0]
    assert result.summary is not None and result.summary["winner"] == "rebel"


def test_a_development_draft_of_version_1_is_refused_at_its_first_checkpoint() -> None:
    with pytest.raises(ReplayError) as exc:
        read_replay(FORMATS / "v1-draft-c058f12.mp")
    assert exc.value.record == 1
    assert exc.value.reason == (
        "a checkpoint is an integer 0-127, got 28790; 16-bit checkpoints were written only by "
        "development drafts of format version 1 (sgscore before commit 3fe0a05), which no "
        "release reads")


def test_a_checkpoint_over_16_bits_is_not_called_a_draft() -> None:
    recs = _records(GOLDEN.read_bytes())
    first = next(i for i, r in enumerate(recs) if type(r) is int)
    recs[first] = 70000
    with pytest.raises(ReplayError) as exc:
        read_replay(_pack(recs))
    assert exc.value.record == first
    assert exc.value.reason == "a checkpoint is an integer 0-127, got 70000"


# ---------------------------------------------------------------- older versions
def test_an_older_version_without_a_migration_is_refused_with_one_line() -> None:
    path = FORMATS / "v0.mp"
    with pytest.raises(ReplayError) as exc:
        read_replay(path)
    assert (exc.value.record, exc.value.reason) == (0, OLDER)
    assert validate_file(path).error == {"record": 0, "reason": OLDER}


def test_sgs_refuses_an_older_version_in_one_line() -> None:
    path = str(FORMATS / "v0.mp")
    code, out, err = run("replay", "validate", path)
    assert (code, out, err) == (1, f"{path}: invalid: record 0: {OLDER}\n", "")
    code, out, err = run("replay", "show", path)
    assert (code, out, err) == (1, "", f"error: {path}: record 0: {OLDER}\n")


def test_an_older_version_names_the_release_that_reads_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(versions.LAST_READERS, 0, "0.9.0")
    with pytest.raises(ReplayError) as exc:
        read_replay(FORMATS / "v0.mp")
    assert exc.value.reason == ("format version 0 is older than this reader reads (1): re-record "
                                "it with sgscore 0.9.0 (sgs replay resim FILE -o NEW)")


def _draft_header(raw: dict[str, Any]) -> dict[str, Any]:
    return {**raw, "version": 1}


def _draft_record(raw: Any) -> Any:
    """The draft's 16-bit checkpoints keep their low 7 bits; its 64-digit final hash its first
    32 digits. Nothing else changed."""
    if type(raw) is int:
        if not 0 <= raw <= 0xFFFF:
            raise ValueError(f"a checkpoint is a 16-bit integer, got {raw}")
        return raw & 0x7F
    if type(raw) is dict and raw.get("t") == "end" and isinstance(raw.get("h"), str):
        return {**raw, "h": raw["h"][:32]}
    return raw


DRAFT = Migration(0, _draft_header, _draft_record,
                  "checkpoints to 7 bits, the final hash to 32 digits")


def test_a_migration_reads_an_older_version_with_a_warning(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # The mechanism of a future version 2 reader, shown on the draft layout of v0.mp.
    monkeypatch.setitem(versions.MIGRATIONS, 0, DRAFT)
    assert versions.readable() == range(0, 2) and versions.readable_text() == "0 to 1"
    warning = ("format version 0, migrated in memory to version 1 (checkpoints to 7 bits, the "
               "final hash to 32 digits)")
    rp = read_replay(FORMATS / "v0.mp")
    assert rp.warnings == [warning]
    assert rp.header.version == 1
    checkpoints = [r.quick for r in rp.records if type(r) is Checkpoint]
    assert checkpoints and all(0 <= q <= 127 for q in checkpoints)
    assert rp.end is not None and len(rp.end.hash) == 32
    result = validate_file(FORMATS / "v0.mp")  # and the migrated game is the same game
    assert result.valid, result.error
    assert warning in result.warnings
    code, out, _ = run("replay", "validate", str(FORMATS / "v0.mp"))
    assert code == 0 and f"(warning: {warning})" in out


def test_a_record_a_migration_cannot_convert_is_refused_at_that_record(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(versions.MIGRATIONS, 0, DRAFT)
    recs = _records((FORMATS / "v0.mp").read_bytes())
    recs[3] = 70000
    with pytest.raises(ReplayError) as exc:
        read_replay(_pack(recs))
    assert exc.value.record == 3
    assert exc.value.reason == "format version 0: a checkpoint is a 16-bit integer, got 70000"


# ---------------------------------------------------------------- newer versions
def test_a_newer_version_is_refused_with_upgrade(tmp_path: Path) -> None:
    path = _version_2(tmp_path)
    with pytest.raises(ReplayError) as exc:
        read_replay(path)
    assert (exc.value.record, exc.value.reason) == (0, NEWER)
    assert validate_file(path).error == {"record": 0, "reason": NEWER}


@pytest.mark.parametrize("command", [["validate"], ["show"], ["show", "--json"], ["export"],
                                     ["step", "--at", "0"]])
def test_sgs_refuses_a_newer_version_in_one_line(tmp_path: Path, command: list[str]) -> None:
    path = str(_version_2(tmp_path))
    code, out, err = run("replay", command[0], path, *command[1:])
    assert code == 1
    if command == ["validate"]:
        assert (out, err) == (f"{path}: invalid: record 0: {NEWER}\n", "")
    else:
        assert (out, err) == ("", f"error: {path}: record 0: {NEWER}\n")


@pytest.mark.parametrize("version", [-1, True, "1"])
def test_a_version_that_is_no_version_is_refused(version: object) -> None:
    recs = _records(GOLDEN.read_bytes())
    recs[0] = {**recs[0], "version": version}
    with pytest.raises(ReplayError) as exc:
        read_replay(_pack(recs))
    assert exc.value.record == 0 and "format version must be" in exc.value.reason


# ---------------------------------------------------------------- additions within version 1
def test_an_unknown_record_type_is_skipped_with_a_warning() -> None:
    recs = _records(GOLDEN.read_bytes())
    recs.insert(2, {"t": "zz", "note": [1, 2]})
    data = _pack(recs)
    rp = read_replay(data)
    assert rp.records[2] == UnknownRecord("zz", {"t": "zz", "note": [1, 2]})
    assert rp.warnings == ["record 2: unknown record type 'zz' skipped"]
    assert rp.decisions == read_replay(GOLDEN).decisions
    result = validate_file(data)
    assert result.valid, result.error
    assert result.warnings == ["record 2: unknown record type 'zz' skipped"]


def test_an_unknown_header_key_is_ignored() -> None:
    recs = _records(GOLDEN.read_bytes())
    recs[0] = {**recs[0], "zz": {"later": True}}
    data = _pack(recs)
    assert read_replay(data).header == read_replay(GOLDEN).header
    result = validate_file(data)
    assert result.valid and result.warnings == []
