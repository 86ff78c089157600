"""``sgs stats``: a study's folder, a table, a folder of replays; the comparison; plots."""

from __future__ import annotations

import importlib
import json
import re
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

import sgscore.plots as plots
from cli.main import main
from sgscore import Config, stats
from sgscore.core.telling import plain
from sgscore.sanguosha import SPEC
from sgscore.study import read_table


def _config_text(**options: Any) -> str:
    """The header config of an identity-mode game with these options, as a study's table holds
    it: the pool a random deal draws from is every registered general's, named ``standard``
    while they are the first edition's 25."""
    config = plain(SPEC.header_config(Config(**options)))
    return json.dumps(config, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def sgs(*args: str) -> tuple[int, str, str]:
    r = CliRunner().invoke(main, list(args), prog_name="sgs")
    if r.exception is not None and not isinstance(r.exception, SystemExit):
        raise r.exception
    return r.exit_code, r.stdout, r.stderr


@pytest.fixture(scope="module")
def study(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("study")
    code, _, _ = sgs("sim", "-p", "5", "--generals", "random", "--no-events", "-n", "60",
                     "-o", str(folder), "--workers", "2")
    assert code == 0
    return folder


def test_stats_of_a_study(study: Path) -> None:
    code, out, _ = sgs("stats", str(study), "--by", "role", "--by", "general")
    assert code == 0
    assert out.startswith(f"{study}: 60 games, 60 finished")
    assert "Win rate by role" in out and "lord " in out and "95% interval" in out
    assert "lift over its roles' base rates" in out and "Game length" in out
    code, out, _ = sgs("stats", str(study), "--by", "seat", "--json")
    rep = json.loads(out)
    assert rep["games"] == 60 and [r["key"] for r in rep["by"]["seat"]] == list("01234")
    assert sum(r["n"] for r in rep["by"]["seat"]) == 300
    assert {"low", "high", "rate", "wins"} <= rep["by"]["seat"][0].keys()
    assert rep["sides"][0]["n"] == 60


def test_a_folder_of_replays_gives_the_same_table(study: Path, tmp_path: Path) -> None:
    replays = tmp_path / "replays"
    replays.mkdir()
    for p in study.glob("*.mp"):
        (replays / p.name).write_bytes(p.read_bytes())
    table = tmp_path / "built.csv"
    code, out, _ = sgs("stats", str(replays), "--table", str(table), "--json", "-j", "2")
    assert code == 0
    assert read_table(str(table)) == read_table(str(study / "results.csv"))
    assert json.loads(out)["games"] == 60
    assert json.loads(sgs("stats", str(table), "--json")[1])["by"] == json.loads(out)["by"]


def test_two_studies_compared(study: Path, tmp_path: Path) -> None:
    other = tmp_path / "other"
    assert sgs("sim", "-p", "5", "--generals", "random", "--no-events", "-n", "60", "--seed",
               "1000", "--agents", "heuristic", "-o", str(other))[0] == 0
    code, out, _ = sgs("stats", str(study), "--compare", str(other), "--by", "role")
    assert code == 0
    assert "two-proportion z-test" in out and "p_holm" in out and "mean length" in out
    cmp = json.loads(sgs("stats", str(study), "--compare", str(other), "--json")[1])
    assert cmp["a"] == str(study) and {r["key"] for r in cmp["by"]["role"]} == {
        "lord", "loyalist", "rebel", "renegade"}
    assert all(0 <= r["p"] <= r["p_holm"] <= 1 for r in cmp["by"]["role"])


def test_names_in_chinese(study: Path) -> None:
    code, out, _ = sgs("stats", str(study), "--by", "role", "--lang", "zh")
    assert code == 0 and "\n  主公 " in out and "lord" not in out


def _english_words(text: str, source: str) -> list[str]:
    """The words in Latin letters left in ``text`` once the source's name and the configs (JSON
    data, not words) are taken out; single letters (the studies A and B, z, p) are symbols."""
    text = re.sub(r"\{[^{}]*\}", "", text.replace(source, ""))
    return re.findall(r"[A-Za-z][A-Za-z_']+", text)


@pytest.mark.parametrize("by", [["role", "general", "seat", "players", "agent"]])
def test_the_chinese_report_is_all_chinese(study: Path, by: list[str]) -> None:
    """Issue: --lang zh named generals and roles in Chinese but kept every heading, column and
    "draw" in English."""
    args = [a for dim in by for a in ("--by", dim)]
    code, out, _ = sgs("stats", str(study), *args, "--lang", "zh")
    assert code == 0 and _english_words(out, str(study)) == []
    assert "平局" in out and "胜率" in out and "武将" in out and "孙权" in out
    code, out, _ = sgs("stats", str(study), "--compare", str(study), *args, "--lang", "zh")
    assert code == 0 and _english_words(out, str(study)) == []
    assert "霍尔姆" in out and "平均长度" in out
    # the English report says the same in English, ids as the command line takes them
    code, out, _ = sgs("stats", str(study), *args)
    assert code == 0 and "sunquan" in out and "draw" in out and "孙权" not in out


def test_a_3v3_study_in_chinese_names_the_camps(tmp_path: Path) -> None:
    folder = tmp_path / "3v3"
    assert sgs("sim", "--mode", "3v3", "-n", "4", "--no-events", "-o", str(folder))[0] == 0
    code, out, _ = sgs("stats", str(folder), "--by", "role", "--lang", "zh")
    assert code == 0 and _english_words(out, str(folder)) == []
    assert "冷色主帅" in out and ("冷色方" in out or "暖色方" in out)


def test_generals_with_too_few_games_are_named_with_the_threshold(study: Path) -> None:
    """Issue: a general no game played was left out of the table without a word."""
    code, out, _ = sgs("stats", str(study), "--by", "general", "--min-games", "13")
    assert code == 0
    rep = json.loads(sgs("stats", str(study), "--by", "general", "--min-games", "13",
                         "--json")[1])
    few = rep["few"]["general"]
    assert few["threshold"] == 13
    games = {r["key"]: r["games"] for r in rep["by"]["general"]}
    assert few["groups"] == sorted(({"key": k, "games": n} for k, n in games.items() if n < 13),
                                   key=lambda g: (g["games"], g["key"]))
    assert few["groups"], "60 games of 25 generals: some have fewer than 13"
    assert "Too few games to read (fewer than 13): " in out
    for g in few["groups"]:
        assert f"{g['key']} ({g['games']})" in out
    code, out, _ = sgs("stats", str(study), "--by", "general", "--min-games", "1")
    assert code == 0 and "Too few games" not in out


def test_a_general_no_game_played_is_named_with_none(tmp_path: Path) -> None:
    """Four generals named per seat play every game; a study dealt from a pool of six that
    never dealt two names those two with 0 games (here: a table that lacks them)."""
    folder = tmp_path / "pool"
    assert sgs("sim", "-p", "4", "--generals", "random", "-n", "3", "--no-events", "-o",
               str(folder))[0] == 0
    rep = json.loads(sgs("stats", str(folder), "--by", "general", "--json")[1])
    played = {r["key"] for r in rep["by"]["general"]}
    none = [g["key"] for g in rep["few"]["general"]["groups"] if g["games"] == 0]
    config = rep["setups"][0]["config"]
    assert config == _config_text(players=4, generals="random")
    assert len(played) <= 12 and len(none) == len(stats.pool("sanguosha/identity", config)) - len(
        played)
    assert set(none) == set(stats.pool("sanguosha/identity", config)) - played
    out = sgs("stats", str(folder), "--by", "general")[1]
    assert all(f"{g} (0)" in out for g in none)
    named = tmp_path / "named"
    assert sgs("sim", "-p", "4", "--generals", "caocao,lvbu,daqiao,zhenji", "-n", "2",
               "--no-events", "-o", str(named))[0] == 0
    rep = json.loads(sgs("stats", str(named), "--by", "general", "--json")[1])
    assert {g["key"] for g in rep["few"]["general"]["groups"]} == {
        "caocao", "lvbu", "daqiao", "zhenji"}  # only the generals the setup could deal


def test_a_folder_mixing_setups_is_refused_or_pooled_on_request(study: Path,
                                                              tmp_path: Path) -> None:
    """Issue: games of several player counts, modes or options were pooled into one table
    without a word."""
    mixed = tmp_path / "mixed"
    mixed.mkdir()
    for p in sorted(study.glob("*.mp"))[:4]:
        (mixed / p.name).write_bytes(p.read_bytes())
    assert sgs("sim", "-p", "6", "--generals", "random", "-n", "2", "--seed", "500",
               "--no-events", "-o", str(tmp_path / "six"))[0] == 0
    for p in (tmp_path / "six").glob("*.mp"):
        (mixed / p.name).write_bytes(p.read_bytes())
    code, out, err = sgs("stats", str(mixed))
    assert code == 1 and out == "" and len(err.splitlines()) == 1
    assert err.startswith(f"error: {mixed}: its games come from 2 setups")
    assert "4 x sanguosha/identity 5 players" in err and "2 x sanguosha/identity 6 players" in err
    assert "--pool" in err
    code, out, _ = sgs("stats", str(mixed), "--pool", "--by", "players")
    assert code == 0 and "pooled: the games of 2 setups in each table (--pool)" in out
    rep = json.loads(sgs("stats", str(mixed), "--pool", "--by", "players", "--json")[1])
    assert rep["pooled"] == 2 and [r["key"] for r in rep["by"]["players"]] == ["5", "6"]
    # a mode or an option is a setup of its own too
    (tmp_path / "mode").mkdir()
    for p in sorted(study.glob("*.mp"))[:2]:
        (tmp_path / "mode" / p.name).write_bytes(p.read_bytes())
    assert sgs("sim", "-p", "5", "--generals", "random", "-n", "1", "--seed", "900",
               "--no-advanced-weapons", "-o", str(tmp_path / "naw"))[0] == 0
    for p in (tmp_path / "naw").glob("*.mp"):
        (tmp_path / "mode" / p.name).write_bytes(p.read_bytes())
    code, _, err = sgs("stats", str(tmp_path / "mode"))
    assert code == 1 and "2 setups" in err and "advanced_weapons" in err
    code, _, err = sgs("stats", str(study), "--compare", str(mixed))
    assert code == 1 and err.startswith(f"error: {mixed}: its games come from 2 setups")


def test_compare_says_when_the_settings_differ(study: Path, tmp_path: Path) -> None:
    """Issue: --compare tested two studies played with other options as if only the rules
    differed."""
    code, out, _ = sgs("stats", str(study), "--compare", str(study))
    assert code == 0 and "Settings: the same in both" in out
    assert json.loads(sgs("stats", str(study), "--compare", str(study), "--json")[1])[
        "differences"] == []
    other = tmp_path / "naw"
    assert sgs("sim", "-p", "5", "--generals", "random", "-n", "4", "--no-events",
               "--no-advanced-weapons", "--agents", "heuristic", "-o", str(other))[0] == 0
    code, out, _ = sgs("stats", str(study), "--compare", str(other))
    assert code == 0 and "Settings that differ" in out
    lines = out.splitlines()
    config = next(x for x in lines if x.startswith("  config: "))
    assert f'A {_config_text(generals="random")}; B {{"advanced_weapons":false' in config
    assert next(x for x in lines if x.startswith("  agents: ")) == (
        "  agents: A random random random random random; "
        "B heuristic heuristic heuristic heuristic heuristic")
    cmp = json.loads(sgs("stats", str(study), "--compare", str(other), "--json")[1])
    assert [d["setting"] for d in cmp["differences"]] == ["config", "agents"]
    code, out, _ = sgs("stats", str(study), "--compare", str(other), "--lang", "zh")
    assert code == 0 and "两者的设置不同" in out and "  配置：A 为 " in out


def test_plots_name_generals_and_roles_by_their_display_names(
    study: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue: the plots labelled generals by id (sunquan), in English."""
    seen: dict[str, Any] = {}

    def fake_plot(rep: Any, turns: Any, path: str, **kw: Any) -> list[str]:
        seen.update(kw)
        return []

    monkeypatch.setattr(plots, "plot", fake_plot)
    monkeypatch.setattr(plots, "have_matplotlib", lambda: True)
    monkeypatch.setattr(plots, "usable_lang", lambda lang: (lang, []))
    assert sgs("stats", str(study), "--by", "general", "--plot", str(tmp_path / "x.png"))[0] == 0
    assert seen["lang"] == "en" and seen["labels"]["sunquan"] == "Sun Quan"
    assert seen["labels"]["lord"] == "lord" and seen["game"] == "Sanguosha: identity mode"
    assert sgs("stats", str(study), "--plot", str(tmp_path / "x.png"), "--lang", "zh")[0] == 0
    assert seen["labels"]["sunquan"] == "孙权" and seen["labels"]["lord"] == "主公"
    assert seen["labels"]["draw"] == "平局" and seen["game"] == "三国杀身份局"


@pytest.mark.parametrize(("args", "words"), [
    (["stats", "nowhere"], "error: nowhere: no such file or folder"),
    (["stats", "STUDY", "--plot", "x.pdf"], "expected a .png or .svg file name"),
    (["stats", "STUDY", "--by", "kingdom"], "'kingdom' is not one of"),
])
def test_bad_input_is_one_line(study: Path, args: list[str], words: str) -> None:
    code, out, err = sgs(*[str(study) if a == "STUDY" else a for a in args])
    assert code in (1, 2) and out == "" and len(err.splitlines()) == 1 and words in err


def test_a_table_that_is_not_one(tmp_path: Path) -> None:
    bad = tmp_path / "bad.csv"
    bad.write_bytes(b"\xff\xfe junk")
    code, _, err = sgs("stats", str(bad))
    assert (code, err) == (1, f"error: {bad}: not a results table (not UTF-8 text)\n")


def test_a_plot_is_drawn(study: Path, tmp_path: Path) -> None:
    pytest.importorskip("matplotlib", reason="plots need the 'plot' extra (matplotlib)")
    png, svg = tmp_path / "s.png", tmp_path / "s.svg"
    assert sgs("stats", str(study), "--by", "general", "--plot", str(png))[0] == 0
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and png.stat().st_size > 10_000
    assert sgs("stats", str(study), "--by", "role", "--plot", str(svg))[0] == 0
    first = svg.read_bytes()
    assert b"<svg" in first and b"win rate" in first
    assert sgs("stats", str(study), "--by", "general", "--plot", str(svg))[0] == 0
    assert b"Sun Quan" in svg.read_bytes() and b"sunquan" not in svg.read_bytes()
    assert sgs("stats", str(study), "--by", "role", "--plot", str(svg))[0] == 0
    assert sgs("stats", str(study), "--by", "role", "--plot", str(svg))[0] == 0
    assert svg.read_bytes() == first  # reproducible: no date, a fixed hash salt


def test_chinese_labels_without_a_chinese_font_fall_back_to_english(
    study: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pytest.importorskip("matplotlib", reason="plots need the 'plot' extra (matplotlib)")
    monkeypatch.setattr(plots, "cjk_font", lambda: None)
    svg = tmp_path / "zh.svg"
    code, _, err = sgs("stats", str(study), "--plot", str(svg), "--lang", "zh")
    assert code == 0 and "no font with Chinese glyphs is installed" in err
    assert b"win rate" in svg.read_bytes()


def test_chinese_labels_with_a_chinese_font(study: Path, tmp_path: Path) -> None:
    pytest.importorskip("matplotlib", reason="plots need the 'plot' extra (matplotlib)")
    if plots.cjk_font() is None:
        pytest.skip("no font with Chinese glyphs on this machine (e.g. Debian's fonts-noto-cjk)")
    svg = tmp_path / "zh.svg"
    code, _, err = sgs("stats", str(study), "--plot", str(svg), "--lang", "zh")
    assert code == 0 and err == ""
    assert "胜率" in svg.read_text(encoding="utf-8")


def test_without_matplotlib_a_plot_is_one_clear_error(
    study: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = importlib.import_module

    def no_matplotlib(name: str) -> object:
        if name.startswith("matplotlib"):
            raise ImportError(name)
        return real(name)

    monkeypatch.setattr(plots, "import_module", no_matplotlib)
    code, _, err = sgs("stats", str(study), "--plot", str(tmp_path / "x.png"))
    assert (code, err) == (1, "error: plots need matplotlib: pip install 'sgscore[plot]'\n")
