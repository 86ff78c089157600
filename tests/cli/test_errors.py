"""Errors of a game's options speak of the options a user types (``--role-variant``), never of
the config's inner fields (``lord_seat_zero``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from sgscore.core.spec import ConfigError
from sgscore.sanguosha.config import Config

from sgs_cli import run


def test_a_3v3_config_names_only_what_was_given() -> None:
    # 003's 3v3 has camps, no lord: an identity option given with it is named, and nothing else.
    with pytest.raises(ConfigError, match=r"^mode: 3v3 has camps, not identity roles: scoring "
                                          r"does not apply$"):
        Config(players=6, mode="3v3", scoring=True)
    with pytest.raises(ConfigError, match=r"role_variant and lord_seat do not apply$"):
        Config(players=6, mode="3v3", role_variant=True, lord_seat=2)


@pytest.mark.parametrize(("args", "line"), [
    (["--mode", "3v3", "--scoring"],
     "--mode: 3v3 has camps, not identity roles: --scoring does not apply"),
    (["--mode", "3v3", "--role-variant", "--lord-seat", "2"],
     "--mode: 3v3 has camps, not identity roles: --role-variant and --lord-seat do not apply"),
    (["--mode", "3v3", "-p", "5"], "--players: 3v3 seats exactly 6 players, got 5"),
    (["--mode", "3v3", "--detailed"], "the detailed rules (--last-blood, --three-player-drain, "
                                      "--dark-souls) are identity mode's, not 3v3's"),
    (["--dark-souls", "--reincarnation"],
     "--dark-souls and --reincarnation both decide what the dead do: choose one"),
    (["--beginner", "--reincarnation"],
     "--reincarnation: beginner mode has no generals to reincarnate as"),
    (["-p", "5", "--role-variant"],
     "--role-variant: only 6- and 8-player games have a variant role table"),
    (["-p", "5", "--lord-seat", "6"], "--lord-seat: a seat of the 5 (0-4), got 6"),
    (["--generals", "caocao,liubei"], "--generals: 2 given for 5 seats"),
])
def test_sim_errors_name_the_options_typed(tmp_path: Path, args: list[str], line: str) -> None:
    code, out, err = run("sim", *args, "-o", str(tmp_path / "x.mp"))
    assert code == 2 and out == ""
    (said,) = err.splitlines()
    assert said.startswith(f"error: sgs sim: {line}"), said
    assert "lord_seat_zero" not in said and "_" not in said.split("(see")[0]


def test_a_3v3_tournament_says_why_there_is_none() -> None:
    # A tournament passes the lord's role round the table (003 推广版计分赛): 3v3 has no lord.
    code, out, err = run("tournament", "--mode", "3v3")
    assert code == 2 and out == ""
    assert err.startswith("error: sgs tournament: a tournament passes the lord's role round the "
                          "table, and 3v3 has no lord")
    assert "lord_seat_zero" not in err and "scoring" not in err
