"""``sgs bench`` reports the command line's cost per game (``sgs sim -n GAMES --no-events``, run
as a command of its own) beside the engine's: it plays the very games bench measures, for any
game and its options, and says nothing where no ``sgs sim`` command plays them (``--pool``)."""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from sgscore import bench
from sgscore.bench import cli_path, game_config, side_by_side, sim_command
from sgscore.core.games import get_game
from sgscore.replay import read_replay

from sgs_cli import run

pytestmark = pytest.mark.long  # started first (tests/conftest.py)

CASES: list[tuple[str, int, str, dict[str, Any]]] = [
    ("sanguosha/identity", 5, "random", {}),
    ("sanguosha/identity", 6, "draft", {"mode": "3v3"}),
    ("sanguosha/identity", 5, "random", {"reincarnation": True, "scoring": True}),
    ("sanguozhi/dice", 4, "random", {}),
]


@pytest.mark.parametrize("case", CASES, ids=[f"{c[0]} {c[1]} {c[3]}" for c in CASES])
def test_the_sim_command_plays_the_games_bench_measures(
        tmp_path: Path, case: tuple[str, int, str, dict[str, Any]]) -> None:
    game, players, generals, options = case
    config = game_config(game, players, generals, None, options)
    args = sim_command(game, players, generals, options, "random", 3, 2, str(tmp_path / "out"))
    assert args is not None
    code, _, err = run(*args)
    assert code == 0, err
    spec = get_game(game)
    assert spec is not None
    header = read_replay(str(tmp_path / "out" / "game-3.mp")).header
    assert header.config == spec.header_config(config) and header.agents == "random"
    assert not header.events


def test_no_sim_command_plays_a_pool_of_bench(tmp_path: Path) -> None:
    pool = "caocao,liubei,sunquan,guanyu,zhangfei,lvbu,diaochan,huatuo"
    config = game_config("sanguosha/identity", 5, "random", pool)
    assert cli_path(config, "sanguosha/identity", 5, "random", {}, "random", 1, 2,
                    str(tmp_path)) is None
    code, out, _ = run("bench", "--runs", "1", "--games", "1", "--players", "5", "--pool", pool, "--json")
    row = json.loads(out)["results"][0]
    assert code == 0 and row["cli_ms_per_game"] is None and row["cli_over_engine"] is None
    code, out, _ = run("bench", "--runs", "1", "--games", "1", "--players", "5", "--pool", pool)
    assert code == 0 and "sgs sim -n" not in out


def test_bench_reports_the_cli_path_beside_the_engine(tmp_path: Path) -> None:
    code, out, _ = run("bench", "--games", "3", "--players", "4", "--json", "--dir", str(tmp_path))
    assert code == 0
    report = json.loads(out)
    row = report["results"][0]
    assert type(row["cli_ms_per_game"]) is float and type(row["engine_ms_per_game"]) is float
    assert row["cli_startup_s"] > 0 and row["engine_ms_per_game"] > 0
    user, system = row["cli_user_ms_per_game"], row["cli_system_ms_per_game"]
    rounds = row["cli_rounds"]
    if side_by_side() is None:  # in turn: against the engine's least pass in this process
        assert rounds == [] and row["cli_engine_ms_per_game"] == row["engine_ms_per_game"]
        assert row["cli_over_engine"] == round(row["cli_ms_per_game"]
                                               / row["engine_ms_per_game"], 2)
        # the command's user and system time apart (the system's: the file system's work)
        assert row["cli_ms_per_game"] == round(user + system, 3)
        assert row["cli_user_over_engine"] == round(user / row["engine_ms_per_game"], 2)
    else:  # side by side: the medians of the rounds (5 unless --runs)
        assert len(rounds) == 5 and all(len(r) == 3 for r in rounds)
        assert user == round(statistics.median(r[0] for r in rounds), 3)
        assert system == round(statistics.median(r[1] for r in rounds), 3)
        assert row["cli_engine_ms_per_game"] == round(statistics.median(r[2] for r in rounds), 3)
        if all(r[2] > 0 for r in rounds):
            assert row["cli_over_engine"] == round(
                statistics.median((r[0] + r[1]) / r[2] for r in rounds), 2)
    # the replays went in a folder made in --dir, which is left as it was
    assert report["directory"] == str(tmp_path) and list(tmp_path.iterdir()) == []
    # games_per_s and validated_per_s stay
    assert row["games_per_s"] > 0 and row["validated_per_s"] > 0
    code, out, _ = run("bench", "--runs", "1", "--game", "dice", "--games", "2", "--players", "3")
    assert code == 0
    line = next(x for x in out.splitlines() if "sgs sim -n 2 --no-events:" in x)
    assert "ms CPU per game beyond its start-up" in line and "the engine" in line
    assert "; user " in line and ", system " in line and "a file a game" in line


def test_the_engine_passes_run_beside_each_run_of_the_command(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Without two cores: the engine's pass before each run of sgs sim, so both see the same
    # moments of a busy machine; the least pass counts.
    monkeypatch.setattr(bench, "side_by_side", lambda: None)
    config = game_config("sanguosha/identity", 4, "random", None, {})
    passes = iter([0.5, 0.25, 0.75])
    calls: list[float] = []

    def engine_pass() -> float:
        calls.append(next(passes))
        return calls[-1]

    cost = cli_path(config, "sanguosha/identity", 4, "random", {}, "random", 1, 2, str(tmp_path),
                    runs=3, engine_pass=engine_pass)
    assert cost is not None and calls == [0.5, 0.25, 0.75] and cost.engine == 0.25
    assert cost.user > 0 and cost.one_user > 0 and cost.system >= 0 and cost.one_system >= 0
    # each run wrote its games in a folder of its own, left until the bench ends (run_bench's
    # folder): a run right after files were removed pays more for its own on some file systems
    counts = sorted(len([f for f in d.iterdir() if f.suffix == ".mp"]) for d in tmp_path.iterdir())
    assert counts == [1, 1, 1, 2, 2, 2]


def test_with_two_cores_the_engine_runs_at_the_same_moments_on_the_other_core(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Each round starts sgs sim -n GAMES and the engine's pass over the same games together,
    # one on each core, then sgs sim -n 1 beside a one-game pass; the cores swap every round.
    # A round's figures are per game beyond the first (the start-up, the first game's imports).
    monkeypatch.setattr(bench, "side_by_side", lambda: (0, 3))
    seen: list[tuple[str, str, int, int]] = []
    times = {("3", "3"): ((0.5, 0.05), 0.3), ("1", "1"): ((0.3, 0.01), 0.1)}

    def beside(engine: list[str], command: list[str], engine_cpu: int,
               command_cpu: int) -> tuple[tuple[float, float], float]:
        count = command[command.index("-n") + 1]
        seen.append((engine[-1], count, engine_cpu, command_cpu))
        return times[(engine[-1], count)]

    monkeypatch.setattr(bench, "_beside", beside)
    config = game_config("sanguosha/identity", 4, "random", None, {})
    cost = cli_path(config, "sanguosha/identity", 4, "random", {}, "random", 1, 3, str(tmp_path),
                    runs=3, engine_pass=lambda: pytest.fail("no pass in this process"))
    assert cost is not None
    assert seen == [("3", "3", 0, 3), ("1", "1", 0, 3), ("3", "3", 3, 0), ("1", "1", 3, 0),
                    ("3", "3", 0, 3), ("1", "1", 0, 3)]
    assert cost.rounds == ((100.0, 20.0, 100.0),) * 3  # (0.5-0.3)/2 s, (0.05-0.01)/2, (0.3-0.1)/2


def test_the_engines_pass_beside_the_command_plays_the_bench_games(tmp_path: Path) -> None:
    # The child that times the engine plays the very games of the config (its own process:
    # the same seeds, the same agents) and prints its CPU seconds.
    config = game_config("sanguosha/identity", 5, "random", None, {"reincarnation": True})
    spec = get_game("sanguosha/identity")
    assert spec is not None
    child = bench.engine_child_command(spec, config, 7, "heuristic")
    assert json.loads(child[-3]) == spec.config_to_dict(config)  # as a study passes it on
    done = subprocess.run([*child, "2"], capture_output=True, text=True, check=True)
    assert float(done.stdout) > 0
    if bench.side_by_side() is not None:
        (user, system), engine = bench._beside([*child, "2"], [sys.executable, "-c", "pass"],
                                               *bench.side_by_side() or (0, 0))
        assert user >= 0 and system >= 0 and engine > 0
