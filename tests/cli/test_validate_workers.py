"""``sgs replay validate --workers N``: the same verdicts, lines and JSON, in the same order,
whatever N; Ctrl-C and a closed pipe end it as they end every command, its worker processes
with it."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from cli.common import EXIT_CLOSED_PIPE, EXIT_INTERRUPTED

from sgs_cli import run

ROOT = Path(__file__).resolve().parent.parent.parent
FIXTURES = ROOT / "fixtures"
SGS = shutil.which("sgs", path=os.path.dirname(sys.executable))


@pytest.fixture
def mixed(tmp_path: Path) -> list[str]:
    """Arguments naming valid replays of both games, a forged one, a file that is not a
    replay, a missing file, a folder of replays and a folder without any."""
    folder = tmp_path / "folder"
    folder.mkdir()
    for name in ("p4-beginner.mp", "p5-draft.mp", "dice-p5.mp", "p10-generals.mp",
                 "p5-generals.mp", "dice-p3.mp"):
        shutil.copy(FIXTURES / name, folder / name)
    data = bytearray((FIXTURES / "p5-generals.mp").read_bytes())
    data[-40] ^= 0x01  # inside the end record: its hash no longer the game's
    (folder / "forged.mp").write_bytes(bytes(data))
    (folder / "results.csv").write_text("not a replay, and not named *.mp\n")
    (tmp_path / "empty").mkdir()
    (tmp_path / "text.mp").write_text("hello\n")
    return [str(FIXTURES / "p4-generals.mp"), str(folder), str(tmp_path / "missing.mp"),
            str(tmp_path / "empty"), str(tmp_path / "text.mp"), str(FIXTURES / "dice-p8.mp")]


@pytest.mark.parametrize("as_json", [False, True], ids=["lines", "json"])
def test_any_number_of_workers_gives_the_same_output(mixed: list[str], as_json: bool) -> None:
    extra = ["--json"] if as_json else []
    one = run("replay", "validate", *mixed, *extra)
    assert one[0] == 1 and one[2] == ""
    lines = one[1].splitlines()
    assert len(lines) == 12 and sum("forged.mp" in line for line in lines) == 1
    assert sum("invalid" in line or '"valid":false' in line.replace(" ", "")
               for line in lines) == 4  # forged, missing, the empty folder, text.mp
    for workers in ("2", "3", "auto", "16"):
        assert run("replay", "validate", *mixed, *extra, "--workers", workers) == one, workers


def test_workers_must_be_a_positive_count_or_auto() -> None:
    code, _, err = run("replay", "validate", str(FIXTURES / "p4-beginner.mp"), "--workers", "0")
    assert code == 2 and "--workers" in err and "expected a positive number or 'auto'" in err


def _many(tmp_path: Path, count: int) -> Path:
    """A folder of ``count`` long replays (links to one: the same verdict each time)."""
    folder = tmp_path / "many"
    folder.mkdir()
    for i in range(count):
        os.link(FIXTURES / "p10-generals.mp", folder / f"game-{i:05}.mp")
    return folder


def _left_running(marker: str) -> list[int]:
    """The processes whose command line names ``marker`` (a worker has its parent's)."""
    found = []
    for pid in os.listdir("/proc"):
        if not pid.isdigit() or int(pid) == os.getpid():
            continue
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as f:
                if marker.encode() in f.read():
                    found.append(int(pid))
        except OSError:
            continue
    return found


def _gone(marker: str) -> bool:
    deadline = time.monotonic() + 60  # guards against a hang only: nothing is timed
    while _left_running(marker):
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


@pytest.mark.skipif(not os.path.isdir("/proc"), reason="finds the workers in /proc")
def test_ctrl_c_stops_the_workers_too(tmp_path: Path) -> None:
    assert SGS is not None
    folder = _many(tmp_path, 3000)
    with subprocess.Popen(
        [SGS, "replay", "validate", str(folder), "--workers", "2"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        # a shell starts background jobs with SIGINT ignored; a terminal's Ctrl-C is not
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    ) as p:
        assert p.stdout is not None
        assert "valid" in p.stdout.readline()  # the workers are at it
        p.send_signal(signal.SIGINT)
        _, err = p.communicate(timeout=300)
    assert (p.returncode, err) == (EXIT_INTERRUPTED, "error: interrupted\n")
    assert _gone(str(folder))


@pytest.mark.skipif(not os.path.isdir("/proc"), reason="finds the workers in /proc")
def test_a_closed_pipe_ends_quietly_with_the_workers(tmp_path: Path) -> None:
    # sgs replay validate many/ --workers 2 | head -1
    assert SGS is not None
    folder = _many(tmp_path, 3000)
    with subprocess.Popen([SGS, "replay", "validate", str(folder), "--workers", "2"],
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE) as p:
        assert p.stdout is not None and p.stderr is not None
        first = p.stdout.readline()
        p.stdout.close()
        err = p.stderr.read()
        code = p.wait(timeout=300)
    assert b": valid, " in first
    assert (code, err) == (EXIT_CLOSED_PIPE, b"")
    assert _gone(str(folder))
