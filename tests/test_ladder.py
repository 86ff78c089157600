"""``sgs ladder`` (:mod:`sgscore.ladder`): agents rated against each other with seats and roles
rotated, deterministic for a seed, and a user's own agent placed on it with one command."""

from __future__ import annotations

import json
import math
import sys
import textwrap
from importlib.metadata import EntryPoint
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

import sgscore.core.games as games
from cli.main import main
from sgscore.ladder import AGENT_GROUP, bradley_terry, play_ladder
from sgscore.sanguosha import SPEC, Config


def sgs(*args: str) -> tuple[int, str, str]:
    r = CliRunner().invoke(main, list(args), prog_name="sgs")
    if r.exception is not None and not isinstance(r.exception, SystemExit):
        raise r.exception
    return r.exit_code, r.stdout, r.stderr


def _ladder(*args: str) -> dict[str, Any]:
    code, out, err = sgs("ladder", *args, "--json")
    assert code == 0, err
    data: dict[str, Any] = json.loads(out)
    return data


def test_every_agent_plays_every_seat_and_role_of_the_same_deals() -> None:
    data = _ladder("--agents", "random,heuristic", "-p", "5", "-n", "12")
    assert data["deals"] == 12 and data["games"] == 24 and data["errors"] == 0
    for a in data["agents"]:
        roles = {r["role"]: r for r in a["roles"]}
        assert roles["lord"]["seats"] == 12  # the lord's seat, once per deal for each agent
        assert sum(r["seats"] for r in a["roles"]) == a["seats"]
    assert sum(a["seats"] for a in data["agents"]) == 24 * 5
    # the same deals give the same table, byte for byte; another seed another
    code, again, _ = sgs("ladder", "--agents", "random,heuristic", "-p", "5", "-n", "12",
                         "--json")
    assert json.loads(again) == data
    assert _ladder("--agents", "random,heuristic", "-p", "5", "-n", "12", "--seed", "99") != data


def test_the_heuristic_agent_is_rated_above_the_random_one() -> None:
    data = _ladder("--agents", "random,heuristic", "-p", "5", "-n", "30")
    by = {a["agent"]: a for a in data["agents"]}
    assert data["anchor"] == "random" and by["random"]["rating"] == 1000.0
    assert by["heuristic"]["rating_low"] > 1000.0  # its whole interval above
    assert by["heuristic"]["rate"] > by["random"]["rate"]
    assert [a["agent"] for a in data["agents"]] == ["heuristic", "random"]
    assert all(r["low"] <= r["rate"] <= r["high"] for a in data["agents"] for r in a["roles"])


def test_the_text_names_the_ratings_and_the_roles() -> None:
    code, out, _ = sgs("ladder", "--agents", "random,heuristic", "-p", "4", "-n", "3")
    assert code == 0
    assert "3 deals (seeds 1-3) x 2 rotations = 6 games" in out
    assert "Rating (Bradley-Terry, Elo scale, random = 1000" in out
    assert "Win rate by role" in out and "renegade" in out and "(anchor)" in out


def test_the_dice_game_has_a_ladder_too() -> None:
    data = _ladder("--game", "dice", "--agents", "heuristic,random", "-p", "4", "-n", "6")
    assert data["game"] == "sanguozhi/dice" and data["games"] == 12
    assert {a["agent"] for a in data["agents"]} == {"heuristic", "random"}


def _module(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, body: str) -> str:
    (tmp_path / "my_bots.py").write_text(textwrap.dedent(body), encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "my_bots", raising=False)
    return "my_bots"


def test_a_users_agent_by_module_path_or_entry_point(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """A new agent is placed on the ladder with one command: named MODULE:FACTORY, or by an
    entry point of the group sgscore.agents."""
    _module(tmp_path, monkeypatch, """
        from sgscore.agents import RandomAgent

        def first(game, seed, seat):
            return FirstChoice()

        class FirstChoice:
            def choose(self, request):
                return request.choice_at(0)
    """)
    data = _ladder("--agents", "random,my_bots:first,heuristic", "-p", "5", "-n", "4")
    assert {a["agent"] for a in data["agents"]} == {"random", "my_bots:first", "heuristic"}
    assert data["games"] == 12 and data["errors"] == 0
    ep = EntryPoint(name="firsty", value="my_bots:first", group=AGENT_GROUP)
    monkeypatch.setattr(games, "entry_points",
                        lambda group: [ep] if group == AGENT_GROUP else [])
    named = _ladder("--agents", "random,firsty", "-p", "5", "-n", "4")
    assert {a["agent"] for a in named["agents"]} == {"random", "firsty"}


def test_an_agent_that_cannot_play_is_one_line(tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    _module(tmp_path, monkeypatch, """
        class Stubborn:
            def __init__(self, game, seed, seat):
                pass

            def choose(self, request):
                return "no such choice"

        class Broken:
            def __init__(self, game, seed, seat):
                pass

            def choose(self, request):
                raise RuntimeError("out of ideas")
    """)
    code, _, err = sgs("ladder", "--agents", "random,my_bots:Stubborn", "-n", "2")
    assert code == 1 and err.count("\n") == 1
    assert "agent 'my_bots:Stubborn' at seat" in err and "which the game refuses" in err
    code, _, err = sgs("ladder", "--agents", "random,my_bots:Broken", "-n", "2")
    assert code == 1 and "raised RuntimeError: out of ideas" in err and "Traceback" not in err
    for agents, says in (("random,nosuch", "no agent 'nosuch'"),
                         ("random,my_bots:nothing", "cannot be loaded"),
                         ("random", "two agents or more"), ("random,random", "each named once")):
        code, _, err = sgs("ladder", "--agents", agents, "-n", "2")
        assert code == 2 and says in err, (agents, err)


def test_bradley_terry_fits_the_odds() -> None:
    """Two agents: the fitted odds are the wins over the losses, each given one more."""
    p = bradley_terry([[0, 30], [10, 0]])
    assert math.isclose(p[0] / p[1], 31 / 11, rel_tol=1e-9)
    assert math.isclose(p[0] * p[1], 1.0, rel_tol=1e-9)
    even = bradley_terry([[0, 5, 5], [5, 0, 5], [5, 5, 0]])
    assert all(math.isclose(x, 1.0) for x in even)


def test_the_library_plays_the_same_ladder() -> None:
    ladder = play_ladder(SPEC, Config(players=4), ["heuristic", "random"], 3, seed=5)
    assert ladder.games == 6 and ladder.anchor == "random"
    assert ladder.to_json() == play_ladder(SPEC, Config(players=4), ["heuristic", "random"], 3,
                                           seed=5).to_json()
