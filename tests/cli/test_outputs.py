"""What ``sgs`` writes: files with the permissions of the user's umask, ``-o -`` as stdout for
every command that writes one file, and the mix-ups of a file and a folder refused."""

from __future__ import annotations

import json
import os
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

from cli.main import main

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


# ---------------------------------------------------------------------------- -o - is stdout
def test_sim_dash_writes_the_replay_to_stdout_and_its_line_to_stderr(
    tmp_path: Path, replay: Path
) -> None:
    r = CliRunner().invoke(main, ["sim", *BEGINNER, "--seed", "3", "--no-events", "-o", "-"],
                           prog_name="sgs")
    assert r.exit_code == 0
    assert r.stdout_bytes == replay.read_bytes()  # the same game as -o FILE, byte for byte
    (line,) = r.stderr.splitlines()
    assert line.startswith("stdout: seed 3, ")
    assert not (Path.cwd() / "-").exists()


def test_resim_dash_writes_the_replay_to_stdout(tmp_path: Path, replay: Path) -> None:
    again = tmp_path / "again.mp"
    assert run("replay", "resim", str(replay), "--events", "-o", str(again))[0] == 0
    r = CliRunner().invoke(main, ["replay", "resim", str(replay), "--events", "-o", "-"],
                           prog_name="sgs")
    assert r.exit_code == 0 and r.stdout_bytes == again.read_bytes()
    assert r.stderr.startswith("stdout: ") and "re-simulated from" in r.stderr


@pytest.mark.parametrize("command", [
    ["replay", "export", "REPLAY"],
    ["replay", "html", "REPLAY"],
    ["replay", "html", "REPLAY", "--json"],
    ["replay", "html", "REPLAY", "--as", "1", "--lang", "zh"],
])
def test_text_outputs_go_to_stdout_without_o_and_with_dash(
    tmp_path: Path, replay: Path, command: list[str]
) -> None:
    args = [str(replay) if a == "REPLAY" else a for a in command]
    out = tmp_path / "out"
    assert run(*args, "-o", str(out))[0] == 0
    written = out.read_text(encoding="utf-8")
    for dash in ([], ["-o", "-"]):
        code, stdout, err = run(*args, *dash)
        assert code == 0, err
        assert stdout.rstrip("\n") == written.rstrip("\n")
    assert not (Path.cwd() / "-").exists()


def test_the_html_page_on_stdout_is_a_page(replay: Path) -> None:
    # `sgs replay html FILE > x.html`, as its help says: without -o, stdout.
    code, stdout, err = run("replay", "html", str(replay))
    assert code == 0 and err == ""
    assert stdout.lstrip().lower().startswith("<!doctype html>") and "</html>" in stdout


def test_shrink_dash_writes_the_small_replay_to_stdout(tmp_path: Path, replay: Path) -> None:
    small = tmp_path / "small.mp"
    assert run("replay", "shrink", str(replay), "-o", str(small), "--until", "true",
               "--max-tests", "5")[0] == 0
    r = CliRunner().invoke(main, ["replay", "shrink", str(replay), "-o", "-", "--until", "true",
                                  "--max-tests", "5"], prog_name="sgs")
    assert r.exit_code == 0 and r.stdout_bytes == small.read_bytes()
    assert r.stderr.splitlines()[-1].startswith("stdout: ") and "decisions (from " in r.stderr


@pytest.mark.parametrize(("args", "words"), [
    (["sim", *BEGINNER, "-n", "2", "-o", "-"], "- (stdout) takes one replay; with -n COUNT"),
    (["sim", *BEGINNER, "--json", "-o", "-"], "--json would write too"),
    (["replay", "resim", "REPLAY", "--json", "-o", "-"], "--json would write too"),
    (["tournament", *BEGINNER, "-o", "-"], "- (stdout) cannot hold several"),
])
def test_dash_where_stdout_cannot_take_it_is_a_usage_error(
    replay: Path, args: list[str], words: str
) -> None:
    code, stdout, err = run(*[str(replay) if a == "REPLAY" else a for a in args])
    assert code == 2 and stdout == ""
    (line,) = err.splitlines()
    assert words in line
    assert not (Path.cwd() / "-").exists()


# ---------------------------------------------------------------------------- -n and a .mp name
def test_sim_count_into_a_replays_name_is_a_usage_error_saying_what_to_do(tmp_path: Path) -> None:
    out = tmp_path / "out.mp"
    code, stdout, err = run("sim", *BEGINNER, "-n", "3", "-o", str(out))
    assert code == 2 and stdout == "" and not out.exists()
    (line,) = err.splitlines()
    assert f"{out} is a replay's name, but with -n COUNT -o names the folder" in line
    assert f"e.g. -o {tmp_path / 'out'}/" in line
    # A folder of that name, made on purpose, is a folder.
    out.mkdir()
    assert run("sim", *BEGINNER, "-n", "1", "--no-events", "-o", str(out))[0] == 0
    assert [p.name for p in out.glob("*.mp")] == ["game-1.mp"]
