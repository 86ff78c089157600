"""A study's row of a game is made from the game just played, not read back from its replay: it is
the row ``row_of_replay`` reads from the file written, for every game and agent, an engine error
included; and a study asks whether pyarrow is installed without importing it."""

from __future__ import annotations

import io
import sys
from pathlib import Path
from typing import Any

import pytest

import sgscore.replay.scan
import sgscore.study as study
from sgscore import Config
from sgscore.dice import DiceConfig
from sgscore.dice.generals.huatuo import Qingnang
from sgscore.study import batch_of, play_games, row_of_replay, run_study

BATCHES = [
    ("draft", batch_of(Config(players=5, generals="draft"), "random", events=False)),
    ("heuristic, events", batch_of(Config(players=8, generals="random"), "heuristic")),
    ("per role", batch_of(Config(players=5, generals="random"),
                          ["lord=heuristic", "loyalist=random", "rebel=heuristic",
                           "renegade=random"], events=False)),
    ("3v3", batch_of(Config(players=6, generals="draft", mode="3v3"), "random")),
    ("reincarnation", batch_of(Config(players=5, generals="random", reincarnation=True),
                               "random", events=False)),
    ("dice", batch_of(DiceConfig(players=6), "random", events=False)),
]


def rows_read_back(games: list[tuple[int, bytes, dict[str, Any]]]) -> list[dict[str, Any]]:
    return [study._row(data, study.game_file(seed)) for seed, data, _ in games]


@pytest.mark.parametrize("batch", [b for _, b in BATCHES], ids=[n for n, _ in BATCHES])
def test_a_games_row_is_the_row_its_replay_reads(batch: study.Batch) -> None:
    games = play_games(batch, range(1, 7))
    assert [row for _, _, row in games] == rows_read_back(games)


def test_an_engine_errors_row_is_the_row_its_replay_reads(
        monkeypatch: pytest.MonkeyPatch) -> None:
    def turn_start(self: Any, g: Any, owner: Any) -> Any:
        raise ZeroDivisionError("injected fault in Green Satchel")
        yield  # a procedure, as the hook it replaces

    monkeypatch.setattr(Qingnang, "turn_start", turn_start)
    games = play_games(batch_of(DiceConfig(players=3), "random"), [7])
    row = games[0][2]
    assert row["error"] == "ZeroDivisionError: injected fault in Green Satchel"
    assert row["outcomes"] is None and [row] == rows_read_back(games)


def test_a_study_reads_no_replay_it_has_just_written(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def no_reading(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("a replay read back")

    batch = batch_of(Config(players=5, generals="random"), "random", events=False)
    monkeypatch.setattr(sgscore.replay.scan, "scan_replay", no_reading)
    monkeypatch.setattr(study, "_row", no_reading)
    done = run_study(batch, 1, 12, str(tmp_path))
    assert done.played == 12 and len(done.rows) == 12
    monkeypatch.undo()
    assert done.rows == [row_of_replay(str(tmp_path / r["file"])) for r in done.rows]


def test_a_study_here_sets_up_its_games_once(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # One recorder for the whole batch (the game, the header's config): not one per game.
    from sgscore.replay import writer

    made: list[object] = []
    real = writer.Recorder

    class Counted(real):  # type: ignore[misc, valid-type]
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            made.append(self)
            super().__init__(*args, **kwargs)

    monkeypatch.setattr(writer, "Recorder", Counted)
    batch = batch_of(Config(players=4, generals="random"), "random", events=False)
    run_study(batch, 1, 10, str(tmp_path))
    assert len(made) == 1


def test_whether_pyarrow_is_installed_is_asked_without_importing_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    fake = tmp_path / "pyarrow"
    fake.mkdir()
    (fake / "__init__.py").write_text("raise RuntimeError('pyarrow was imported')\n")
    (fake / "parquet.py").write_text("")
    monkeypatch.syspath_prepend(str(tmp_path))
    for name in [m for m in sys.modules if m == "pyarrow" or m.startswith("pyarrow.")]:
        monkeypatch.delitem(sys.modules, name)
    assert study.have_pyarrow()
    assert "pyarrow" not in sys.modules
    monkeypatch.setitem(sys.modules, "pyarrow", None)  # how a test hides a module
    assert not study.have_pyarrow()


def test_a_study_writes_the_bytes_record_game_writes(tmp_path: Path) -> None:
    from sgscore.replay import record_game

    config = Config(players=5, generals="draft")
    run_study(batch_of(config, "random"), 3, 4, str(tmp_path))
    for seed in range(3, 7):
        buf = io.BytesIO()
        record_game(config, seed, buf, agents="random")
        assert (tmp_path / f"game-{seed}.mp").read_bytes() == buf.getvalue()
