"""Naming generals, skills and cards on the command line and in a config: ids and display names
(Chinese and English) alike, by one lookup; a general seated twice refused in one line."""

from __future__ import annotations

from pathlib import Path

import pytest

from sgs_cli import run
from sgscore.core.spec import ConfigError
from sgscore.dice.config import DiceConfig
from sgscore.sanguosha.config import Config


# ---------------------------------------------------------------------------- one general a seat
def test_a_config_refuses_a_general_named_for_two_seats() -> None:
    # 003 deals each player one general card, and there is one card of each general.
    with pytest.raises(ConfigError, match=r"^generals: caocao is named for seats 0 and 1; a "
                                          r"general sits at one seat only$"):
        Config(players=4, generals=("caocao", "caocao", "lvbu", "daqiao"))
    with pytest.raises(ConfigError, match=r"generals: lvbu is named for seats 1 and 3"):
        Config.from_dict({"players": 4, "generals": ["caocao", "lvbu", "daqiao", "lvbu"]})


def test_the_dice_game_refuses_a_general_named_for_two_seats() -> None:
    with pytest.raises(ConfigError, match=r"generals: caopi is named for seats 0 and 2"):
        DiceConfig(players=3, generals=("caopi", "zhaoyun", "caopi"))


@pytest.mark.parametrize("args", [
    ["-p", "4", "--generals", "caocao,caocao,lvbu,daqiao"],
    ["--game", "sanguozhi/dice", "-p", "3", "--generals", "caopi,caopi,zhaoyun"],
])
def test_sim_refuses_a_general_named_twice_in_one_line(tmp_path: Path, args: list[str]) -> None:
    out = tmp_path / "x.mp"
    code, stdout, stderr = run("sim", *args, "-o", str(out))
    assert code == 2 and stdout == "" and not out.exists()
    (line,) = stderr.splitlines()
    assert "is named for seats 0 and" in line and "a general sits at one seat only" in line
