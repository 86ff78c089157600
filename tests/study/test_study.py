"""Studies (``sgscore.study``, ``sgs sim -n``): the same replays and table whatever the number of
workers, the start method or the backend; resuming an interrupted study; the table's rows and
its two formats."""

from __future__ import annotations

import csv
import hashlib
import importlib
import io
import multiprocessing
import os
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import msgpack
import pytest
from click.testing import CliRunner

import sgscore.study as study
from cli.main import main
from sgscore.core.games import get_game, register_game, unregister_game
from sgscore.sanguosha import Config
from sgscore.study import (
    COLUMNS,
    StudyError,
    batch_of,
    read_table,
    row_of_replay,
    run_study,
    write_table,
)

import toy_nim

SIM = ["sim", "--players", "5", "--generals", "random", "--seed", "1", "-n", "24"]


def sgs(*args: str) -> tuple[int, str, str]:
    r = CliRunner().invoke(main, list(args), prog_name="sgs")
    if r.exception is not None and not isinstance(r.exception, SystemExit):
        raise r.exception
    return r.exit_code, r.stdout, r.stderr


def checksums(folder: Path) -> dict[str, str]:
    """Every file of a folder and its SHA-256 (hidden files included: none may be left)."""
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.iterdir())}


def test_one_and_two_workers_write_the_same_files(tmp_path: Path) -> None:
    one, two = tmp_path / "one", tmp_path / "two"
    code1, out1, _ = sgs(*SIM, "-o", str(one))
    code2, out2, _ = sgs(*SIM, "-o", str(two), "--workers", "2")
    assert code1 == code2 == 0
    sums = checksums(one)
    assert sums == checksums(two)
    assert {f"game-{s}.mp" for s in range(1, 25)} | {"results.csv"} <= set(sums)
    # the lines too, in seed order, but for the folder's name
    assert out1.replace(str(one), "F") == out2.replace(str(two), "F")
    assert [line.split(": seed ")[1].split(",")[0] for line in out1.splitlines()] == \
        [str(s) for s in range(1, 25)]


def test_the_spawn_start_method_gives_the_same_files(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    batch = batch_of(Config(players=4, generals="random"), "random", events=False)
    run_study(batch, 7, 12, str(tmp_path / "here"))
    spawn = multiprocessing.get_context("spawn")
    monkeypatch.setattr(multiprocessing, "get_context", lambda: spawn)
    run_study(batch, 7, 12, str(tmp_path / "spawned"), workers=2)
    assert checksums(tmp_path / "here") == checksums(tmp_path / "spawned")


def test_a_row_says_what_the_replay_says(tmp_path: Path) -> None:
    assert sgs(*SIM, "-o", str(tmp_path))[0] == 0
    rows = read_table(str(tmp_path / "results.csv"))
    assert [r["seed"] for r in rows] == list(range(1, 25))
    spec = get_game("sanguosha/identity")
    assert spec is not None
    for row in rows:
        assert row == row_of_replay(str(tmp_path / row["file"]))
        assert row["players"] == 5 and row["agents"] == ["random"] * 5
        assert sorted(row["roles"]) == ["lord", "loyalist", "rebel", "rebel", "renegade"]
        assert len(set(row["generals"])) == 5 and row["error"] is None
        assert row["bytes"] == (tmp_path / row["file"]).stat().st_size
        outcomes = row["outcomes"]
        if row["winner"] is None:
            assert outcomes == ["draw"] * 5
        else:
            winners = {role for role, o in zip(row["roles"], outcomes, strict=True)
                       if o == "win"}
            assert row["winner"] in winners and "win" in outcomes and "loss" in outcomes
            if row["winner"] == "lord":
                assert winners == {"lord", "loyalist"}
        assert 0 <= row["deaths"] < 5 and row["scores"] is None


def test_the_csv_and_parquet_tables_hold_the_same_rows(tmp_path: Path) -> None:
    pytest.importorskip("pyarrow", reason="the Parquet table needs the 'stats' extra (pyarrow)")
    assert sgs(*SIM, "-o", str(tmp_path))[0] == 0
    from_csv = read_table(str(tmp_path / "results.csv"))
    from_parquet = read_table(str(tmp_path / "results.parquet"))
    assert from_csv == from_parquet and len(from_csv) == 24
    pq: Any = importlib.import_module("pyarrow.parquet")
    schema = pq.read_schema(tmp_path / "results.parquet")
    assert schema.names == [name for name, _ in COLUMNS]
    assert str(schema.field("seed").type) == "uint64"
    assert str(schema.field("generals").type) == "list<element: string>"


def test_the_csv_table_is_what_the_csv_module_writes(tmp_path: Path) -> None:
    # The table is written by hand (study._write_csv): the same bytes as csv.writer's, cells
    # with a comma, a quote or a line break quoted, and it reads back to the same rows.
    assert sgs(*SIM[:-1], "6", "-o", str(tmp_path))[0] == 0
    rows = read_table(str(tmp_path / "results.csv"))
    awkward = dict(rows[0], error='EngineError: a "quoted", split\nline\rand more',
                   reason='by "a", b', agents=["a,b", 'c"d', "e", "f", "g"])
    rows.append(awkward)
    write_table(rows, str(tmp_path), parquet_name=None)
    expected = io.StringIO(newline="")
    out = csv.writer(expected, lineterminator="\n")
    out.writerow([name for name, _ in COLUMNS])
    for row in rows:
        out.writerow([study.csv_value(kind, row[name]) for name, kind in COLUMNS])
    assert (tmp_path / "results.csv").read_bytes() == expected.getvalue().encode("utf-8")
    assert read_table(str(tmp_path / "results.csv")) == rows


def test_without_pyarrow_the_csv_table_is_written_alone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(study, "have_pyarrow", lambda: False)
    code, _, err = sgs(*SIM[:-1], "3", "-o", str(tmp_path))
    assert code == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "game-1.mp", "game-2.mp", "game-3.mp", "results.csv"]
    assert "results.parquet not written: it needs pyarrow" in err


def test_an_interrupted_study_resumes_where_it_stopped(tmp_path: Path) -> None:
    whole, cut = tmp_path / "whole", tmp_path / "cut"
    assert sgs(*SIM, "-o", str(whole))[0] == 0
    batch = batch_of(Config(players=5, generals="random"), ["random"])
    seen: list[int] = []

    def stop_after_ten(row: dict[str, Any], played: bool) -> None:
        seen.append(row["seed"])
        if len(seen) == 10:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        run_study(batch, 1, 24, str(cut), workers=2, on_game=stop_after_ten)
    assert sorted(p.name for p in cut.iterdir()) == sorted(f"game-{s}.mp" for s in range(1, 11))
    # a replay cut short (as a killed writer leaves it), half way between its header (record 0,
    # as long as the pool it names) and its end, is played again
    data = (cut / "game-4.mp").read_bytes()
    records = msgpack.Unpacker(raw=False)
    records.feed(data)
    records.unpack()
    header = records.tell()
    (cut / "game-4.mp").write_bytes(data[:(header + len(data)) // 2])
    code, out, err = sgs(*SIM, "-o", str(cut), "--resume", "--workers", "2")
    assert code == 0
    assert "9 of 24 games were already in" in err and "15 played now" in err
    assert [int(x.split(": seed ")[1].split(",")[0]) for x in out.splitlines()] == \
        [4, *range(11, 25)]
    assert checksums(cut) == checksums(whole)


def test_a_replay_in_the_way_is_refused_or_replaced(tmp_path: Path) -> None:
    assert sgs(*SIM[:-1], "2", "-o", str(tmp_path))[0] == 0
    before = checksums(tmp_path)
    code, _, err = sgs(*SIM[:-1], "3", "-o", str(tmp_path))
    assert code == 1 and err == (f"error: {tmp_path / 'game-1.mp'}: a replay is there already "
                                 "(--force replaces it)\n")
    assert checksums(tmp_path) == before
    # --resume keeps only games of the same study
    code, _, err = sgs(*SIM[:-1], "3", "--max-rounds", "5", "--resume", "-o", str(tmp_path))
    assert code == 1 and "game-1.mp: not a game of this study: another config" in err
    assert sgs(*SIM[:-1], "3", "--agents", "heuristic", "--resume", "-o", str(tmp_path))[0] == 1
    assert sgs(*SIM[:-1], "3", "--force", "--resume", "-o", str(tmp_path))[0] == 2
    assert sgs(*SIM[:-1], "3", "--force", "-o", str(tmp_path))[0] == 0
    assert len(read_table(str(tmp_path / "results.csv"))) == 3


def test_workers_must_be_a_count_or_auto(tmp_path: Path) -> None:
    code, _, err = sgs(*SIM, "-o", str(tmp_path), "--workers", "0")
    assert code == 2 and "expected a positive number or 'auto', got '0'" in err
    code, _, err = sgs(*SIM[:-2], "-o", str(tmp_path / "one.mp"), "--workers", "2")
    assert code == 2 and "--workers, --resume, --backend and --cluster go with -n COUNT" in err
    assert study.resolve_workers("auto") >= 1


@pytest.fixture
def nim() -> Iterator[None]:
    register_game(toy_nim.SPEC)
    yield
    unregister_game(toy_nim.GAME)


def test_any_game_makes_a_table(tmp_path: Path, nim: None) -> None:
    """A game that gives no roles or outcomes still has its rows (those columns null)."""
    batch = batch_of(toy_nim.NimConfig(), "random")
    done = run_study(batch, 1, 5, str(tmp_path), tables=False)
    assert [r["seed"] for r in done.rows] == [1, 2, 3, 4, 5] and done.played == 5
    row = done.rows[0]
    assert row["game"] == "toy/nim" and row["players"] == 2 and row["outcomes"] is None
    assert row["roles"] is None and row["generals"] is None and row["winner"] is not None
    write_table(done.rows, str(tmp_path))
    assert read_table(str(tmp_path / "results.csv")) == done.rows


def test_a_bad_table_is_one_clear_error(tmp_path: Path) -> None:
    bad = tmp_path / "bad.csv"
    bad.write_text("seed,file\n1,x\n", encoding="utf-8")
    with pytest.raises(StudyError, match=r"bad.csv: line 1: not a results table \(missing"):
        read_table(str(bad))
    good = tmp_path / "results.csv"
    assert sgs(*SIM[:-1], "2", "-o", str(tmp_path))[0] == 0
    lines = good.read_text(encoding="utf-8").splitlines()
    good.write_text("\n".join([lines[0], lines[1].replace(",5,", ",five,", 1)]) + "\n",
                    encoding="utf-8")
    with pytest.raises(StudyError, match=r"results.csv: line 2: players: expected an integer"):
        read_table(str(good))
    with pytest.raises(StudyError, match="cannot read"):
        read_table(str(tmp_path / "missing.csv"))


def test_no_partial_file_is_left(tmp_path: Path) -> None:
    assert sgs(*SIM[:-1], "4", "-o", str(tmp_path), "--workers", "2")[0] == 0
    assert not [n for n in os.listdir(tmp_path) if n.startswith(".")]


def test_a_game_that_keeps_score_fills_the_scores(tmp_path: Path) -> None:
    assert sgs(*SIM[:-1], "6", "--scoring", "-o", str(tmp_path))[0] == 0
    rows = read_table(str(tmp_path / "results.csv"))
    assert len(rows) == 6
    for row in rows:
        replay = row_of_replay(str(tmp_path / row["file"]))
        assert row["scores"] == replay["scores"] and len(row["scores"]) == 5
        assert all(type(x) is int for x in row["scores"])
    code, out, _ = sgs("stats", str(tmp_path), "--by", "role")
    assert code == 0 and "mean score" in out


def _logged(monkeypatch: pytest.MonkeyPatch, log: list[str], stop_after: int | None = None,
            step: float | None = None) -> None:
    """Log each game a study (one worker) plays and each replay it writes; raise
    KeyboardInterrupt after ``stop_after`` games played. ``step``: the study's clock is a fake
    one that each game played moves on by ``step`` seconds (no machine's speed changes it)."""
    played, write_file = study._played, study._write_file
    clock = [0.0]
    if step is not None:
        monkeypatch.setattr(study, "time", SimpleNamespace(monotonic=lambda: clock[0]))

    def playing(batch: study.Batch, seeds: Any) -> Iterator[Any]:
        for n, game in enumerate(played(batch, seeds), 1):
            clock[0] += step or 0.0
            log.append(f"played {game[0]}")
            yield game
            if n == stop_after:
                raise KeyboardInterrupt

    def writing(path: str, data: bytes, overwrite: bool) -> None:
        log.append(f"wrote {Path(path).name}")
        write_file(path, data, overwrite)

    monkeypatch.setattr(study, "_played", playing)
    monkeypatch.setattr(study, "_write_file", writing)


def test_a_study_writes_the_games_it_has_played_together(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # The replays of quick games are written in groups (study.WRITE_GAMES), not one between two
    # games (the kernel's work for a file slows the engine's next game: docs/studies.md). The
    # files and the table are those of a study that writes each game as it ends.
    log: list[str] = []
    _logged(monkeypatch, log, step=0.0)  # a clock that stands still: however slow the machine
    monkeypatch.setattr(study, "WRITE_GAMES", 5)
    batch = batch_of(Config(players=5, generals="random"), ["random"])
    order: list[int] = []
    run_study(batch, 1, 12, str(tmp_path / "grouped"),
              on_game=lambda row, _played: order.append(row["seed"]))
    played = [f"played {s}" for s in range(1, 13)]
    wrote = [f"wrote game-{s}.mp" for s in range(1, 13)]
    assert log == [*played[:5], *wrote[:5], *played[5:10], *wrote[5:10], *played[10:],
                   *wrote[10:]]
    assert order == list(range(1, 13))  # each game's row when its replay is written, in order
    monkeypatch.setattr(study, "WRITE_GAMES", 1)
    log.clear()
    run_study(batch, 1, 12, str(tmp_path / "one"))
    assert log == [x for pair in zip(played, wrote, strict=True) for x in pair]
    assert checksums(tmp_path / "grouped") == checksums(tmp_path / "one")


@pytest.mark.parametrize("step", [1.0, 0.01])
def test_the_games_of_a_slow_study_are_written_as_they_end(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, step: float) -> None:
    # A game that ends study.WRITE_SECONDS or more after the last writing is written at once (a
    # study of search agents, seconds a game, shows each game as it ends); quick ones wait for
    # the others.
    log: list[str] = []
    _logged(monkeypatch, log, step=step)
    run_study(batch_of(Config(players=5, generals="random"), ["random"]), 1, 3,
              str(tmp_path / "out"))
    if step >= study.WRITE_SECONDS:
        assert log == ["played 1", "wrote game-1.mp", "played 2", "wrote game-2.mp",
                       "played 3", "wrote game-3.mp"]
    else:  # three quick games: written together when the study ends
        assert log == ["played 1", "played 2", "played 3", "wrote game-1.mp", "wrote game-2.mp",
                       "wrote game-3.mp"]


def test_a_study_stopped_while_playing_keeps_the_games_it_played(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    log: list[str] = []
    _logged(monkeypatch, log, stop_after=7, step=0.0)
    seen: list[int] = []
    with pytest.raises(KeyboardInterrupt):
        run_study(batch_of(Config(players=5, generals="random"), ["random"]), 1, 20,
                  str(tmp_path / "out"), on_game=lambda row, _played: seen.append(row["seed"]))
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == \
        sorted(f"game-{s}.mp" for s in range(1, 8))
    assert seen == list(range(1, 8))
