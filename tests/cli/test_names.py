"""Naming generals, skills and cards on the command line and in a config: ids and display names
(Chinese and English) alike, by one lookup; a general seated twice refused in one line."""

from __future__ import annotations

from pathlib import Path

import pytest

from sgscore.core.names import name_key
from sgscore.core.spec import ConfigError
from sgscore.dice.config import DiceConfig
from sgscore.sanguosha.config import Config

from sgs_cli import run


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


# ---------------------------------------------------------------------------- display names
def test_a_name_key_ignores_case_spaces_hyphens_and_accents_but_not_signs() -> None:
    assert name_key("Lü Bu") == name_key("lu bu") == name_key("LuBu") == "lubu"
    assert name_key("Stone-Piercing Axe") == "stonepiercingaxe"
    assert name_key("+1马") != name_key("-1马")
    assert name_key("曹操") == "曹操"


@pytest.mark.parametrize(("what", "first"), [
    ("曹操", "caocao  Cao Cao  曹操"),
    ("Cao Cao", "caocao  Cao Cao  曹操"),
    ("lu bu", "lvbu  Lü Bu  吕布"),
    ("杀", "slash  Slash  杀"),
    ("Dodge", "jink  Dodge  闪"),
    ("+1马", "plus_horse  +1 Horse  +1马"),
    ("观星", "guanxing  Stargazing  观星"),
    ("青釭剑", "qinggang_sword  Qinggang Sword  青釭剑"),
])
def test_info_takes_display_names_in_chinese_and_english(what: str, first: str) -> None:
    code, out, err = run("info", what)
    assert code == 0, err
    assert out.splitlines()[0].startswith(first)


def test_info_json_of_a_name_is_that_of_its_id() -> None:
    assert run("info", "--json", "吕布")[1] == run("info", "--json", "lvbu")[1]


def test_a_name_two_entries_bear_is_a_usage_error_naming_them() -> None:
    # The standard deck's 八卦阵 and the 1.0 deck's are two cards (002 judges it on ♥).
    code, out, err = run("info", "八卦阵")
    assert code == 2 and out == ""
    (line,) = err.splitlines()
    assert "'八卦阵' names several cards: eight_diagram, eight_diagram_1_0; give an id" in line
    code, out, _ = run("info", "八卦阵", "--deck", "1.0")
    assert code == 0 and out.startswith("eight_diagram_1_0  ")


def test_sim_takes_generals_by_their_names(tmp_path: Path) -> None:
    by_id, by_name = tmp_path / "ids.mp", tmp_path / "names.mp"
    assert run("sim", "-p", "4", "--generals", "caocao,liubei,lvbu,daqiao", "--no-events",
               "-o", str(by_id))[0] == 0
    code, _, err = run("sim", "-p", "4", "--generals", "曹操，Liu Bei、吕布, da qiao",
                       "--no-events", "-o", str(by_name))
    assert code == 0, err
    assert by_name.read_bytes() == by_id.read_bytes()  # the header records the ids
    code, _, err = run("sim", "--game", "sanguozhi/dice", "-p", "3", "--generals",
                       "曹丕,Zhao Yun,董卓", "-o", str(tmp_path / "dice.mp"))
    assert code == 0, err


def test_the_library_reads_names_where_it_parses_them() -> None:
    from sgscore.sanguosha.config import general_ids
    from sgscore.sanguosha.spec import SPEC

    assert general_ids("曹操,Liu Bei,lvbu") == ("caocao", "liubei", "lvbu")
    assert general_ids(["孙权", "Sun Shangxiang"]) == ("sunquan", "sunshangxiang")
    assert general_ids("nobody,曹操") == ("nobody", "caocao")  # for the config to call unknown
    config = SPEC.config_from_options({"players": 4, "generals": "曹操,刘备,吕布,大乔"})
    assert config.generals == ("caocao", "liubei", "lvbu", "daqiao")
    bench = SPEC.bench_config(5, "random", "曹操,刘备,孙权,吕布,大乔,貂蝉,诸葛亮,马超")  # --pool
    assert bench.pool == ("caocao", "liubei", "sunquan", "lvbu", "daqiao", "diaochan",
                          "zhugeliang", "machao")


def test_a_config_given_names_says_which_ids_they_are() -> None:
    # Config takes ids (a header records them); a frontend that passes what a user typed is told.
    with pytest.raises(ConfigError, match=r"^generals: a config takes general ids, not names "
                                          r"\(Lu Bu is lvbu; 曹操 is caocao\); general_ids\(\) "
                                          r"reads names$"):
        Config(players=4, generals=("曹操", "liubei", "Lu Bu", "daqiao"))
