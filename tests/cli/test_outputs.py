"""What ``sgs`` writes: files with the permissions of the user's umask, ``-o -`` as stdout for
every command that writes one file, and the mix-ups of a file and a folder refused."""

from __future__ import annotations

import json
import os
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest

from sgs_cli import BEGINNER, run


@pytest.fixture(scope="module")
def replay(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("outputs") / "game.mp"
    assert run("sim", *BEGINNER, "--seed", "3", "--no-events", "-o", str(path))[0] == 0
    return path


@pytest.fixture
def umask() -> Iterator[None]:
    """Run under the umask 027 (group may read, others nothing); the old one put back."""
    old = os.umask(0o027)
    try:
        yield
    finally:
        os.umask(old)


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


# ---------------------------------------------------------------------------- permissions
@pytest.mark.parametrize("command", [
    ["sim", *BEGINNER, "--seed", "3"],
    ["replay", "resim", "REPLAY", "--events"],
    ["replay", "export", "REPLAY"],
    ["replay", "html", "REPLAY"],
    ["replay", "html", "REPLAY", "--json"],
])
def test_every_file_written_whole_has_the_umasks_permissions(
    tmp_path: Path, replay: Path, umask: None, command: list[str]
) -> None:
    out = tmp_path / "out"
    args = [str(replay) if a == "REPLAY" else a for a in command]
    code, _, err = run(*args, "-o", str(out))
    assert code == 0, err
    assert _mode(out) == 0o640  # 0666 under the umask 027, as a shell's "> out" makes it
    assert [p.name for p in tmp_path.iterdir()] == ["out"]  # nothing left beside it


def test_the_library_writes_with_the_umasks_permissions(tmp_path: Path, replay: Path,
                                                        umask: None) -> None:
    from sgscore.replay.tools import resim_file

    resim_file(str(replay), tmp_path / "again.mp")
    assert _mode(tmp_path / "again.mp") == 0o640


def test_sim_count_writes_replays_and_table_with_the_umasks_permissions(
    tmp_path: Path, umask: None
) -> None:
    folder = tmp_path / "study"
    assert run("sim", *BEGINNER, "-n", "2", "--no-events", "-o", str(folder))[0] == 0
    assert {p.name: _mode(p) for p in folder.iterdir() if p.suffix in (".mp", ".csv")} == {
        "game-1.mp": 0o640, "game-2.mp": 0o640, "results.csv": 0o640}


def test_an_export_that_cannot_be_written_leaves_nothing(tmp_path: Path, replay: Path) -> None:
    out = tmp_path / "missing" / "game.json"
    code, stdout, err = run("replay", "export", str(replay), "-o", str(out))
    assert code == 1 and stdout == "" and not out.parent.exists()
    (line,) = err.splitlines()
    assert line.startswith(f"error: {out}: cannot write")


def test_json_export_is_the_same_in_a_file(tmp_path: Path, replay: Path) -> None:
    out = tmp_path / "game.json"
    assert run("replay", "export", str(replay), "-o", str(out))[0] == 0
    _, stdout, _ = run("replay", "export", str(replay))
    assert json.loads(out.read_text(encoding="utf-8")) == json.loads(stdout)
