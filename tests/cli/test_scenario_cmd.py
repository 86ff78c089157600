"""``sgs replay scenario FILE --at N``: the test it writes runs and passes under pytest, reaching
decision N's question and taking the replay's decision; one-line errors for what has no scenario."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from sgs_cli import run


def test_the_written_test_reaches_the_question_and_passes(tmp_path: Path) -> None:
    replay = tmp_path / "game.mp"
    assert run("sim", "--players", "5", "--seed", "3", "-o", str(replay))[0] == 0
    written = []
    for at in (60, 61, 62, 63):
        out = tmp_path / f"test_at_{at}.py"
        code, stdout, stderr = run("replay", "scenario", str(replay), "--at", str(at),
                                   "-o", str(out))
        assert code == 0, stderr
        assert f"decision {at} of" in stdout
        text = out.read_text(encoding="utf-8")
        assert f"def test_decision_{at}() -> None:" in text and "s.under_way(" in text
        assert "t.expect(" in text and "# the decision the game took here" in text
        written.append(out)
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                           *map(str, written)], capture_output=True, text=True, cwd=tmp_path,
                          timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "4 passed" in done.stdout


def test_a_changed_question_fails_the_written_test(tmp_path: Path) -> None:
    # The test checks what it says: the same file with another expected prompt fails.
    replay = tmp_path / "game.mp"
    run("sim", "--players", "5", "--seed", "3", "-o", str(replay))
    code, text, _ = run("replay", "scenario", str(replay), "--at", "61", "--name", "test_x")
    assert code == 0 and "def test_x() -> None:" in text
    broken = tmp_path / "test_broken.py"
    broken.write_text(text.replace("t.expect(", "t.expect(9 + 0 * ", 1), encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                           str(broken)], capture_output=True, text=True, cwd=tmp_path, timeout=600)
    assert done.returncode == 1 and "ScenarioError" in done.stdout


def test_what_has_no_scenario_says_so_in_one_line(tmp_path: Path) -> None:
    dice = tmp_path / "dice.mp"
    assert run("sim", "--game", "dice", "--players", "5", "--seed", "1", "-o", str(dice))[0] == 0
    code, _, err = run("replay", "scenario", str(dice), "--at", "3")
    assert code == 1 and err.startswith("error: ") and "cannot be written as a scenario test" in err
    assert len(err.strip().splitlines()) == 1
    replay = tmp_path / "game.mp"
    run("sim", "--players", "5", "--seed", "3", "--generals", "draft", "-o", str(replay))
    code, _, err = run("replay", "scenario", str(replay), "--at", "0")
    assert code == 1 and "no play-phase question" in err and len(err.strip().splitlines()) == 1
    code, _, err = run("replay", "scenario", str(replay), "--at", "100000")
    assert code == 2 and "--at" in err
    code, _, err = run("replay", "scenario", str(tmp_path / "missing.mp"), "--at", "1")
    assert code == 1 and err.startswith("error: ")
