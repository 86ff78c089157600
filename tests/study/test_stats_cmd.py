"""``sgs stats``: a study's folder, a table, a folder of replays; the comparison; plots."""

from __future__ import annotations

import importlib
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

import sgscore.plots as plots
from cli.main import main
from sgscore.study import read_table


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
    assert code == 0 and "lord 主公" in out


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
