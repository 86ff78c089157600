"""Every ``sgs`` replay command serves any installed game through the game interface alone: the
toy Nim of tests/toy_nim.py, registered for these tests, is simulated, shown, validated, stepped,
diffed, re-simulated and exported like identity mode (docs/architecture.md "The layers": the
toolkit is game-agnostic)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from sgscore.core.games import get_game, register_game, unregister_game
from sgscore.replay import read_replay

import toy_nim
from sgs_cli import run


@pytest.fixture(autouse=True)
def toy_game() -> Iterator[None]:
    register_game(toy_nim.SPEC)
    yield
    unregister_game(toy_nim.GAME)


def _sim(path: Path, seed: int = 3, *args: str) -> tuple[int, str, str]:
    return run("sim", "--game", "toy/nim", "--seed", str(seed), *args, "-o", str(path))


def test_sim_plays_the_toy_game_with_its_own_option(tmp_path: Path) -> None:
    out = tmp_path / "nim.mp"
    code, stdout, _ = _sim(out, 3, "--stones", "7")
    assert code == 0 and "player" in stdout and " wins " in stdout
    rp = read_replay(out)
    assert rp.header.game == "toy/nim" and rp.header.config == {"stones": 7}
    assert rp.summary is not None and rp.summary["winner"].startswith("player ")


def test_sim_refuses_an_option_the_game_does_not_have(tmp_path: Path) -> None:
    code, _, err = run("sim", "--game", "toy/nim", "--players", "4", "-o", str(tmp_path / "x"))
    assert code == 2 and "--players is not an option of toy/nim" in err
    code, _, err = run("sim", "--game", "toy/nim", "--stones", "2", "-o", str(tmp_path / "x"))
    assert code == 2 and "2 is not in the range 3<=x<=99" in err
    code, _, err = run("sim", "--game", "no/such", "-o", str(tmp_path / "x"))
    assert code == 2 and "unknown game 'no/such'" in err


def test_show_tells_the_game_in_both_languages_and_hides_the_other_secret(tmp_path: Path) -> None:
    out = tmp_path / "nim.mp"
    _sim(out)
    code, text, _ = run("replay", "show", str(out))
    assert code == 0 and "toy/nim, engine 1.0, 10 stones, seed 3" in text
    assert "A pile of 10 stones" in text and "takes the last stone and wins" in text
    assert "player 0 is dealt the lucky number" in text
    assert "player 1 is dealt the lucky number" in text
    code, zh, _ = run("replay", "show", str(out), "--lang", "zh")
    assert code == 0 and "一堆10颗石子" in zh and "获胜" in zh
    code, mine, _ = run("replay", "show", str(out), "--as", "0")
    assert "player 0 is dealt the lucky number" in mine
    assert "player 1 is dealt a lucky number" in mine
    code, data, _ = run("replay", "show", str(out), "--as", "1", "--json")
    shown = json.loads(data)
    lucky = [e for e in shown["events"] if e[0] == "lucky_number"]
    assert lucky == [["lucky_number", 0], ["lucky_number", 1, [lucky[1][2][0]]]]
    assert "seed" not in shown["header"]
    code, _, err = run("replay", "show", str(out), "--as", "2")
    assert code == 2 and "seat 2 is not in this 2-player game" in err


def test_validate_resim_diff_and_export(tmp_path: Path) -> None:
    full, compact, other = tmp_path / "full.mp", tmp_path / "compact.mp", tmp_path / "other.mp"
    _sim(full)
    _sim(compact, 3, "--no-events")
    _sim(other, 4)
    code, text, _ = run("replay", "validate", str(full), str(compact))
    assert code == 0 and text.count(": valid,") == 2
    re_full = tmp_path / "re.mp"
    assert run("replay", "resim", str(compact), "--events", "-o", str(re_full))[0] == 0
    assert re_full.read_bytes() == full.read_bytes()
    code, text, _ = run("replay", "diff", str(full), str(compact))
    assert code == 0 and "the same game" in text
    code, text, _ = run("replay", "diff", str(full), str(other), "--json")
    diff = json.loads(text)
    assert code == 1 and diff["game"] == "toy/nim" and not diff["same"]
    code, text, _ = run("replay", "export", str(compact), "--events")
    data = json.loads(text)
    assert data["header"]["game"] == "toy/nim" and data["header"]["config"] == {"stones": 10}
    assert data["events"][0] == ["pile", [10], -1, None]
    assert data["summary"]["winner"].startswith("player ")


def test_step_shows_the_table_the_question_and_the_answer(tmp_path: Path) -> None:
    out = tmp_path / "nim.mp"
    _sim(out)
    code, text, _ = run("replay", "step", str(out), "--at", "0", "--count", "2")
    assert code == 0
    assert "Decision 0 of " in text and "taking stones" in text and "  pile 10" in text
    assert "asked: player 0 takes 1-3 of the 10 stones left\n" in text  # in words only
    assert "  answer: take " in text
    code, text, _ = run("replay", "step", str(out), "--at", "0", "--as", "1")
    assert "another seat" not in text and text.startswith("player 1 decides (its decision 0)")
    assert "lucky number ?" in text  # seat 1 does not see seat 0's number
    code, text, _ = run("replay", "step", str(out), "--at", "1", "--json")
    moment = json.loads(text)
    assert moment["state"]["secrets"] == read_replay(out).summary["secrets"]  # type: ignore[index]
    assert moment["question"].startswith("player 1 takes 1-3")


def test_games_and_kinds_list_the_toy_game() -> None:
    code, text, _ = run("games")
    assert code == 0 and "toy/nim: Nim (a toy)" in text and "[--stones INT]" in text
    code, text, _ = run("kinds", "--game", "toy/nim", "--json")
    data = json.loads(text)
    assert [e["kind"] for e in data["events"]] == ["pile", "lucky_number", "take", "lucky", "win"]
    assert [r["kind"] for r in data["requests"]] == ["take"]
    assert get_game("toy/nim") is toy_nim.SPEC


def test_a_broken_plugin_is_one_line_not_a_traceback(monkeypatch: pytest.MonkeyPatch,
                                                      tmp_path: Path) -> None:
    from importlib.metadata import EntryPoint

    from sgscore.core import games

    monkeypatch.setattr(games, "_loaded", False)
    monkeypatch.setattr(games, "_games", {})
    broken = EntryPoint(name="broken", value="no_such_module:SPEC", group=games.GROUP)
    monkeypatch.setattr(games, "entry_points", lambda group: [broken])
    for args in (["games"], ["sim", "-o", str(tmp_path / "x.mp")]):
        code, out, err = run(*args)
        assert code == 1 and out == "", args
        assert err.startswith("error: entry point 'broken' of group 'sgscore.games': cannot load")
        assert err.count("\n") == 1
