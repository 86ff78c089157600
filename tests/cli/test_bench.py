"""``sgs bench`` measures any game through its spec (docs/architecture.md "The game interface"):
the player counts it measures by default, the config of the games it plays and what its report
says of their pool come from ``GameSpec`` (``bench_players``, ``bench_config``, ``bench_pool``),
so ``sgscore.bench`` and the command name no game, and both built-in games give the same report."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest

from sgscore.bench import default_players, game_config
from sgscore.core.games import BUILTIN, get_game
from sgscore.core.spec import ConfigError
from sgscore.sanguosha import GENERALS
from sgscore.sanguosha.config import POOLS, Config

import toy_nim
from sgs_cli import run

ROOT = Path(__file__).resolve().parents[2]


def test_bench_reports_the_dice_game_as_it_reports_identity_mode() -> None:
    code, out, _ = run("bench", "--runs", "1", "--game", "dice", "--games", "1", "--players", "3", "--json")
    assert code == 0
    dice = json.loads(out)
    code, out, _ = run("bench", "--runs", "1", "--games", "1", "--players", "4", "--json")
    assert code == 0
    identity = json.loads(out)
    assert dice.keys() == identity.keys()
    assert dice["results"][0].keys() == identity["results"][0].keys()
    spec = get_game("sanguozhi/dice")
    assert spec is not None
    assert (dice["game"], dice["pool"], dice["engine_version"]) == (
        "sanguozhi/dice", "", spec.engine_version)
    # every registered general: named standard while they are the first edition's 25
    every = "standard" if set(GENERALS) == set(POOLS["standard"]) else ",".join(GENERALS.names())
    assert identity["pool"] == every
    row = dice["results"][0]
    assert (row["players"], row["validated"], row["invalid"]) == (3, 1, 0)


def test_bench_deals_from_the_pool_identity_mode_reads() -> None:
    code, out, _ = run("bench", "--runs", "1", "--games", "1", "--players", "5", "--generals", "draft",
                       "--pool", "曹操,大乔,刘备,吕布,马超,司马懿,孙尚香,诸葛亮,周瑜,甄姬,貂蝉,关羽,张飞",
                       "--json")
    assert code == 0
    report = json.loads(out)
    assert report["pool"] == ("caocao,daqiao,diaochan,guanyu,liubei,lvbu,machao,simayi,"
                              "sunshangxiang,zhangfei,zhenji,zhouyu,zhugeliang")
    assert report["generals"] == "draft" and report["results"][0]["invalid"] == 0


@pytest.mark.parametrize(("args", "message"), [
    (["--game", "dice", "--players", "3", "--pool", "standard"],
     "--pool is not an option of sanguozhi/dice"),
    (["--game", "dice", "--players", "3", "--generals", "draft"], "it has no draft"),
    (["--players", "4", "--pool", "nobody"], "pool: unknown general(s) nobody"),
    (["--players", "3"], "players: identity mode takes 4-10 players, got 3"),
    (["--game", "dice", "--players", "2"], "players: the dice game takes 3-8 players, got 2"),
])
def test_each_game_checks_what_bench_is_given(args: list[str], message: str) -> None:
    code, _, err = run("bench", "--runs", "1", "--games", "1", *args)
    assert code == 2 and message in err and "Traceback" not in err


def test_a_game_says_what_bench_measures_of_it() -> None:
    assert default_players("sanguosha/identity") == (4, 5, 8, 10)
    assert default_players("sanguozhi/dice") == (3, 5, 8)
    config = game_config("sanguosha/identity", 6, "draft", "standard", {"mode": "3v3"})
    assert isinstance(config, Config)
    assert (config.players, config.mode, config.generals, config.pool) == (
        6, "3v3", "draft", "standard")
    # A game that says nothing (the toy Nim of tests/toy_nim.py): its sgs sim options, no
    # deal of generals, no pool.
    spec = toy_nim.SPEC
    assert spec.bench_players == (4, 5)
    assert spec.bench_config(2, options={"stones": 7}) == toy_nim.NimConfig(stones=7)
    assert spec.bench_pool(toy_nim.NimConfig()) == ""
    with pytest.raises(ConfigError, match="^toy/nim takes no --generals$"):
        spec.bench_config(2, "draft")
    with pytest.raises(ConfigError, match="^--pool is not an option of toy/nim$"):
        spec.bench_config(2, pool="standard")


@pytest.mark.parametrize("path", ["sgscore/bench.py", "cli/bench_cmd.py"])
def test_bench_names_no_game(path: str) -> None:
    tree = ast.parse((ROOT / path).read_text(encoding="utf-8"))
    named = [node.value for node in ast.walk(tree)
             if isinstance(node, ast.Constant) and node.value in BUILTIN]
    games = {target.split(".")[1] for target in BUILTIN.values()}  # sanguosha, dice
    modules = [a.name for node in ast.walk(tree) if isinstance(node, ast.Import)
               for a in node.names]
    modules += [node.module for node in ast.walk(tree)
                if isinstance(node, ast.ImportFrom) and node.module]
    imported = [m for m in modules
                if m.lstrip(".").removeprefix("sgscore.").split(".")[0] in games]
    assert named == [] and imported == []
