"""``sgs bench`` reports the command line's cost per game (``sgs sim -n GAMES --no-events``, run
as a command of its own) beside the engine's: it plays the very games bench measures, for any
game and its options, and says nothing where no ``sgs sim`` command plays them (``--pool``)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from sgscore.bench import cli_path, game_config, sim_command
from sgscore.core.games import get_game
from sgscore.replay import read_replay

from sgs_cli import run

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
    code, out, _ = run("bench", "--games", "1", "--players", "5", "--pool", pool, "--json")
    row = json.loads(out)["results"][0]
    assert code == 0 and row["cli_ms_per_game"] is None and row["cli_over_engine"] is None
    code, out, _ = run("bench", "--games", "1", "--players", "5", "--pool", pool)
    assert code == 0 and "sgs sim -n" not in out


def test_bench_reports_the_cli_path_beside_the_engine() -> None:
    code, out, _ = run("bench", "--games", "3", "--players", "4", "--json")
    assert code == 0
    row = json.loads(out)["results"][0]
    assert type(row["cli_ms_per_game"]) is float and type(row["engine_ms_per_game"]) is float
    assert row["cli_startup_s"] > 0 and row["engine_ms_per_game"] > 0
    assert row["cli_over_engine"] == round(row["cli_ms_per_game"] / row["engine_ms_per_game"], 2)
    # games_per_s and validated_per_s stay
    assert row["games_per_s"] > 0 and row["validated_per_s"] > 0
    code, out, _ = run("bench", "--game", "dice", "--games", "2", "--players", "3")
    assert code == 0
    line = next(x for x in out.splitlines() if "sgs sim -n 2 --no-events:" in x)
    assert "ms CPU per game beyond its start-up" in line and "the engine" in line
