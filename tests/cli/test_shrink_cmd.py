"""``sgs replay shrink``: a command (exit 0 = the bug still shows) shrinks a replay of either game;
one-line errors; the test budget and the timeout; what the other commands make of the result."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from sgscore.replay import read_replay

from sgs_cli import run

pytestmark = pytest.mark.long  # started first (tests/conftest.py)

SOMEONE_DIES = """\
import sys
from sgscore.replay import export_replay
events = export_replay(sys.argv[1], events=True)["events"]
sys.exit(0 if any(e[0] == "death" for e in events) else 1)
"""

SEAT_2_SLASHES = """\
import sys
from sgscore.replay import export_replay
events = export_replay(sys.argv[1], events=True)["events"]
sys.exit(0 if any(e[0] == "use" and e[1][:2] == [2, "slash"] for e in events) else 1)
"""

COUNTED = """\
with open({runs!r}, "a") as f:
    f.write("run\\n")
"""

# A shell script, not Python: the run that answers must answer in milliseconds however loaded
# the machine, so that only the runs meant to hang meet the timeout.
SLOW_UNLESS_AT_LEAST = """\
[ "$(wc -c < "$1")" -ge {size} ] || exec sleep 600
"""


def _script(tmp_path: Path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return f"{sys.executable} {path}"


def _sim(tmp_path: Path, *args: str) -> Path:
    out = tmp_path / "game.mp"
    code, _, _ = run("sim", *args, "-o", str(out))
    assert code == 0
    return out


def _holds(cmd: str, path: Path) -> bool:
    return subprocess.run([*cmd.split(), str(path)], check=False).returncode == 0


def _valid_or_truncated(path: Path) -> None:
    code, out, _ = run("replay", "validate", "--json", str(path))
    res = json.loads(out)
    assert code == 0 or (res["truncated"] and res["error"]["reason"].startswith("truncated:"))


def test_a_dice_game_shrinks_until_someone_dies(tmp_path: Path) -> None:
    src = _sim(tmp_path, "--game", "dice", "-p", "3", "-s", "7")
    cmd = _script(tmp_path, "dies.py", SOMEONE_DIES)
    out = tmp_path / "small.mp"
    code, stdout, stderr = run("replay", "shrink", str(src), "-o", str(out), "--until", cmd)
    assert code == 0, stderr
    m = re.fullmatch(rf"{re.escape(str(out))}: (\d+) decisions \(from 32\), (\d+) tests\n", stdout)
    assert m is not None, stdout
    assert int(m[1]) == len(read_replay(out).decisions) < 32
    assert stderr and all(line.startswith(("shrink: ", "note: ")) for line in stderr.splitlines())
    assert _holds(cmd, out)
    _valid_or_truncated(out)


def test_an_identity_game_shrinks_until_seat_2_slashes(tmp_path: Path) -> None:
    src = _sim(tmp_path, "-p", "4", "--beginner", "--max-rounds", "3", "-s", "2")
    cmd = _script(tmp_path, "slash.py", SEAT_2_SLASHES)
    out = tmp_path / "small.mp"
    code, stdout, _ = run("replay", "shrink", str(src), "-o", str(out), "--until", cmd)
    assert code == 0 and stdout.startswith(f"{out}: ") and "(from 46)" in stdout
    assert len(read_replay(out).decisions) < 46 and _holds(cmd, out)
    _valid_or_truncated(out)
    # the result is truncated: the commands that read it say so, validate calls it invalid
    code, _, err = run("replay", "show", str(out))
    assert code == 0 and err.startswith(f"warning: {out}: truncated: ")
    code, _, err = run("replay", "step", str(out), "--at", "0")
    assert code == 0 and err.startswith(f"warning: {out}: truncated: ")
    code, text, _ = run("replay", "export", str(out))
    assert code == 0 and json.loads(text)["truncated"] is True
    code, text, _ = run("replay", "validate", str(out))
    assert code == 1 and f"{out}: invalid: record " in text and ": truncated: " in text


def test_scenario_cuts_the_head_too(tmp_path: Path) -> None:
    # --scenario: the shrunk replay's last decision (seat 2's 杀) as a scenario test that starts
    # at the last play-phase question before it; the test passes under pytest and the 杀 is the
    # decision it takes. A dice game has no such table: a note, and the replay stands.
    src = _sim(tmp_path, "-p", "4", "--beginner", "--max-rounds", "3", "-s", "2")
    cmd = _script(tmp_path, "slash.py", SEAT_2_SLASHES)
    out, test = tmp_path / "small.mp", tmp_path / "test_small.py"
    code, stdout, stderr = run("replay", "shrink", str(src), "-o", str(out), "--until", cmd,
                               "--scenario", str(test))
    assert code == 0, stderr
    last = len(read_replay(out).decisions) - 1
    assert f"{test}: decision {last} of {out} as a scenario test" in stdout
    text = test.read_text(encoding="utf-8")
    assert "s.under_way(2," in text and "t.expect(2, 'play')" in text
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                           str(test)], capture_output=True, text=True, cwd=tmp_path, timeout=600)
    assert done.returncode == 0 and "1 passed" in done.stdout, done.stdout
    dice = _sim(tmp_path, "--game", "dice", "-p", "3", "-s", "7")
    dies = _script(tmp_path, "dies.py", SOMEONE_DIES)
    code, _, stderr = run("replay", "shrink", str(dice), "-o", str(tmp_path / "d.mp"),
                          "--until", dies, "--scenario", str(tmp_path / "test_d.py"))
    assert code == 0 and "note: no scenario test: " in stderr
    assert not (tmp_path / "test_d.py").exists()
    code, _, stderr = run("replay", "shrink", str(src), "-o", "-", "--until", cmd,
                          "--scenario", str(test))
    assert code == 2 and "--scenario" in stderr


def test_errors_are_one_line(tmp_path: Path) -> None:
    src = _sim(tmp_path, "--game", "dice", "-p", "3", "-s", "7")
    out = tmp_path / "small.mp"
    fails = _script(tmp_path, "no.py", "raise SystemExit(3)\n")
    code, stdout, err = run("replay", "shrink", str(src), "-o", str(out), "--until", fails)
    assert code == 1 and stdout == "" and len(err.splitlines()) == 1
    assert err.startswith(f"error: {src}: ") and "exits 3" in err and "nothing to shrink" in err
    code, _, err = run("replay", "shrink", str(src), "-o", str(out), "--until", "no-such-cmd-x")
    assert (code, err) == (1, "error: --until: no-such-cmd-x: command not found (or not "
                              "executable)\n")
    code, _, err = run("replay", "shrink", str(tmp_path / "nope.mp"), "-o", str(out),
                       "--until", fails)
    assert code == 1 and err.startswith(f"error: {tmp_path / 'nope.mp'}: record 0: ")
    bad = tmp_path / "bad.mp"
    bad.write_bytes(b"\x93not a replay")
    code, _, err = run("replay", "shrink", str(bad), "-o", str(out), "--until", fails)
    assert code == 1 and err.startswith(f"error: {bad}: record 0: ") and len(err.splitlines()) == 1
    for until in ("", "'unbalanced"):
        code, _, err = run("replay", "shrink", str(src), "-o", str(out), "--until", until)
        assert code == 2 and err.startswith("error: sgs replay shrink: ") and "--until" in err
    code, _, err = run("replay", "shrink", str(src), "-o", str(tmp_path), "--until", fails)
    assert code == 2 and "is a folder" in err
    assert not out.exists()


def test_max_tests_bounds_the_runs(tmp_path: Path) -> None:
    src = _sim(tmp_path, "--game", "dice", "-p", "3", "-s", "7")
    out = tmp_path / "small.mp"
    cmd = _script(tmp_path, "count.py", COUNTED.format(runs=str(tmp_path / "runs")))
    code, stdout, stderr = run("replay", "shrink", str(src), "-o", str(out), "--until", cmd,
                               "--max-tests", "3")
    assert code == 0 and stdout.endswith(", 3 tests\n")
    assert (tmp_path / "runs").read_text().count("run") == 3
    assert "note: stopped after --max-tests 3 runs" in stderr
    assert run("replay", "shrink", str(src), "-o", str(out), "--until", cmd,
               "--max-tests", "0")[0] == 2


def test_a_run_that_times_out_counts_as_not_failing(tmp_path: Path) -> None:
    src = _sim(tmp_path, "--game", "dice", "-p", "3", "-s", "7")
    out = tmp_path / "small.mp"
    whole = src.stat().st_size  # every shorter candidate hangs until the timeout ends it
    cmd = f"sh {tmp_path / 'slow.sh'}"
    (tmp_path / "slow.sh").write_text(SLOW_UNLESS_AT_LEAST.format(size=whole))
    code, stdout, stderr = run("replay", "shrink", str(src), "-o", str(out), "--until", cmd,
                               "--timeout", "2", "--max-tests", "4")
    assert code == 0 and stdout == f"{out}: 32 decisions (from 32), 4 tests\n"
    # ended by the timeout (a run left to sleep would have exited 0 and passed)
    assert "note: 3 runs of CMD timed out and counted as failing" in stderr
    assert out.read_bytes() == src.read_bytes()  # nothing smaller passed: the game as it was
    (tmp_path / "slow.sh").write_text(SLOW_UNLESS_AT_LEAST.format(size=whole + 1))
    code, _, err = run("replay", "shrink", str(src), "-o", str(out), "--until", cmd,
                       "--timeout", "2")
    assert code == 1 and "did not exit within --timeout 2 s" in err
