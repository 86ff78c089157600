"""Every ``sgs`` command serves the dice game through the game interface alone (modelled on
tests/cli/test_any_game.py): sim, replay show (en, zh, --as), validate, step, diff, resim,
export, and info."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from cli.main import main
from sgscore.replay import read_replay


def run(*args: str) -> tuple[int, str, str]:
    """``sgs ARGS`` in-process: exit code, stdout, stderr."""
    r = CliRunner().invoke(main, list(args), prog_name="sgs")
    if r.exception is not None and not isinstance(r.exception, SystemExit):
        raise r.exception
    return r.exit_code, r.stdout, r.stderr


def _sim(path: Path, seed: int = 3, *args: str) -> tuple[int, str, str]:
    return run("sim", "--game", "dice", "--seed", str(seed), *args, "-o", str(path))


def test_sim_plays_dice_games_at_three_five_and_eight_players(tmp_path: Path) -> None:
    for n in (3, 5, 8):
        out = tmp_path / f"d{n}.mp"
        code, stdout, _ = _sim(out, 3, "--players", str(n))
        assert code == 0 and (" win (" in stdout or " wins (" in stdout), stdout
        rp = read_replay(out)
        assert rp.header.game == "sanguozhi/dice" and rp.header.config.get("players", 5) == n
        assert len(rp.header.config["pool"]) == 16
    code, _, err = _sim(tmp_path / "x.mp", 3, "--players", "9")
    assert code == 2
    code, _, err = _sim(tmp_path / "x.mp", 3, "--generals", "draft")
    assert code == 2 and "no draft" in err
    code, stdout, _ = _sim(tmp_path / "g.mp", 3, "--players", "3", "--generals",
                           "zhoutai,caopi,wangyi", "--agents", "heuristic")
    assert code == 0
    assert read_replay(tmp_path / "g.mp").header.config["generals"] == ["zhoutai", "caopi",
                                                                         "wangyi"]


def test_show_in_both_languages_and_as_one_seat(tmp_path: Path) -> None:
    out = tmp_path / "d.mp"
    _sim(out, 5, "--players", "5")
    code, text, _ = run("replay", "show", str(out))
    assert code == 0 and "sanguozhi/dice, engine 0.1.0, 5 players, random generals" in text
    assert " rolls: " in text and "is the lord" in text and "Result: " in text
    assert text.count("is dealt the role") == 4
    code, zh, _ = run("replay", "show", str(out), "--lang", "zh")
    assert code == 0 and "掷骰" in zh and "是主公" in zh and "结果：" in zh
    code, mine, _ = run("replay", "show", str(out), "--as", "1")
    assert code == 0 and mine.count("is dealt the role") == 1
    code, data, _ = run("replay", "show", str(out), "--as", "2", "--json")
    shown = json.loads(data)
    dealt = [e for e in shown["events"] if e[0] == "role_dealt"]
    assert sum(1 for e in dealt if len(e) == 3) == (1 if any(e[1] == 2 for e in dealt) else 0)


def test_validate_resim_diff_and_export(tmp_path: Path) -> None:
    full, compact, other = tmp_path / "full.mp", tmp_path / "compact.mp", tmp_path / "other.mp"
    _sim(full)
    _sim(compact, 3, "--no-events")
    _sim(other, 4)
    code, text, _ = run("replay", "validate", str(full), str(compact))
    assert code == 0 and text.count(": valid,") == 2
    again = tmp_path / "again.mp"
    assert run("replay", "resim", str(compact), "--events", "-o", str(again))[0] == 0
    assert again.read_bytes() == full.read_bytes()
    code, text, _ = run("replay", "diff", str(full), str(compact))
    assert code == 0 and "the same game" in text
    code, text, _ = run("replay", "diff", str(full), str(other), "--json")
    assert code == 1 and json.loads(text)["game"] == "sanguozhi/dice"
    code, text, _ = run("replay", "export", str(compact), "--events")
    data = json.loads(text)
    assert data["header"]["game"] == "sanguozhi/dice" and data["events"][0][0] == "setup"
    assert data["summary"]["winner"] in ("lord", "rebel", "renegade")


def test_step_shows_the_dice_table_the_question_and_the_answer(tmp_path: Path) -> None:
    out = tmp_path / "d.mp"
    _sim(out)
    code, text, _ = run("replay", "step", str(out), "--at", "0")
    assert code == 0 and "Decision 0 of " in text and "arrow pile " in text
    assert "asked: " in text and "answer: " in text
    code, text, _ = run("replay", "step", str(out), "--at", "0", "--lang", "zh")
    assert code == 0
    code, text, _ = run("replay", "step", str(out), "--at", "1", "--json")
    moment = json.loads(text)
    assert len(moment["state"]["players"]) == 5 and "pile" in moment["state"]


def test_info_lists_the_dice_generals(tmp_path: Path) -> None:
    code, text, _ = run("info", "--game", "dice")
    assert code == 0 and "Generals of sanguozhi/dice: 16" in text and "Zhou Tai" in text
    code, text, _ = run("info", "--game", "dice", "--json")
    data = json.loads(text)
    assert data["game"] == "sanguozhi/dice" and len(data["skills"]) == 16
    assert data["cards"] == []
    code, text, _ = run("info", "zhoutai", "--game", "dice", "--lang", "zh")
    assert code == 0 and "不屈" in text and "最后一张" in text and "吴" in text
    code, text, _ = run("games")
    assert "sanguozhi/dice: Sanguozhi: the dice game (三国掷)" in text
