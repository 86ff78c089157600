"""``sgs stats`` reads end records without re-simulating the games (for speed), so it refuses a
summary whose shape is not what the game writes for its config (``GameSpec.summary_problems``:
entries present or absent by config, types, lengths, a winner and a reason that go together and
that the roles and the living allow), and ``sgs stats --validate`` re-simulates every replay
(docs/studies.md, "What sgs stats trusts"; issue 18, class 1: a forged ``"scores": [100, 0, 0,
0]`` on a game played without scoring was counted as the lord's mean score of 100)."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from cli.main import main
from sgscore.core.games import get_game, spec_for_config
from sgscore.dice.config import DiceConfig
from sgscore.fuzz import decode_records, game_setup
from sgscore.replay import validate_file
from sgscore.replay.golden import load_manifest
from sgscore.sanguosha.config import Config
from sgscore.study import StudyError, row_of_replay

from forged import REMOVE, forge_end
from recorded import record_bytes

ROOT = Path(__file__).resolve().parent.parent.parent
FIXTURES = ROOT / "fixtures"


def sgs(*args: str) -> tuple[int, str, str]:
    r = CliRunner().invoke(main, list(args), prog_name="sgs")
    if r.exception is not None and not isinstance(r.exception, SystemExit):
        raise r.exception
    return r.exit_code, r.stdout, r.stderr


# ---------------------------------------------------------------------------- the games' own
def test_every_random_game_ends_with_a_summary_of_its_config_shape() -> None:
    # every option and variant of both games (sgscore.fuzz.game_setup), played to the end
    from sgscore.agents import play

    seen = set()
    for i in range(400):
        setup = game_setup(11, i)
        spec = spec_for_config(setup.config)
        game, raised = spec.start_config(setup.config, setup.seed)
        if raised is None:
            play(game, spec.make_agents(game, setup.seed, list(setup.agents)))
        summary = game.summary()
        seen.add((spec.id, summary["reason"]))
        assert spec.summary_problems(setup.config, summary) == [], (i, setup.variants, summary)
    assert len(seen) >= 8, seen  # the ways both games end, most of them


@pytest.mark.parametrize("entry", load_manifest(FIXTURES), ids=lambda e: e["name"])
def test_every_golden_replay_ends_with_a_summary_of_its_config_shape(entry: dict[str, Any]
                                                                     ) -> None:
    data = (FIXTURES / f"{entry['name']}.mp").read_bytes()
    records = decode_records(data)
    spec = get_game(records[0]["g"])
    assert spec is not None
    config = spec.config_from_dict(spec.full_config(records[0]["c"]))
    summary = validate_file(data).summary
    assert summary is not None and spec.summary_problems(config, summary) == []


# ---------------------------------------------------------------------------- forged shapes
def _identity(config: Config, seed: int) -> tuple[Config, dict[str, Any]]:
    data, result = record_bytes(config, seed)
    assert result.error is None
    summary = validate_file(data).summary
    assert summary is not None
    return config, summary


def _changed(summary: dict[str, Any], **changes: Any) -> dict[str, Any]:
    out = dict(summary)
    for key, value in changes.items():
        if value is REMOVE:
            del out[key]
        else:
            out[key] = value
    return out


FIVE = Config(players=5, generals="random", pool="standard")
SCORING = Config(players=5, generals="random", pool="standard", scoring=True)
THREE_V_THREE = Config(players=6, mode="3v3", generals="random", pool="standard")


def _lord_won(s: dict[str, Any]) -> dict[str, Any]:
    return _changed(s, winner="lord", reason="rebels_and_renegades_dead")


FORGERIES: list[tuple[str, Config, int, Callable[[dict[str, Any]], dict[str, Any]], str]] = [
    ("scores without scoring", FIVE, 3, lambda s: _changed(s, scores=[100, 0, 0, 0, 0]),
     "scores: an entry the game does not write"),
    ("no scores with scoring", SCORING, 3, lambda s: _changed(s, scores=REMOVE),
     "scores: missing"),
    ("a score not an integer", SCORING, 3,
     lambda s: _changed(s, scores=[*s["scores"][:4], True]), "scores: seat 4: expected a int"),
    ("an entry of one's own", FIVE, 3, lambda s: _changed(s, mvp=0), "mvp: an entry"),
    ("alive not one per seat", FIVE, 3, lambda s: _changed(s, alive=s["alive"][:4]),
     "alive: 4 entries for 5 seats"),
    ("a winner that is no side", FIVE, 3, lambda s: _changed(s, winner="loyalist"),
     "winner: 'loyalist' is not one of"),
    ("a winner with another's reason", FIVE, 3,
     lambda s: _changed(s, winner="rebel", reason="rebels_and_renegades_dead"),
     "winner rebel with reason rebels_and_renegades_dead"),
    ("a draw with a winner", FIVE, 3, lambda s: _changed(s, winner="lord", reason="round_cap"),
     "winner lord with reason round_cap"),
    ("roles not the table's", FIVE, 3, lambda s: _changed(s, roles=["lord"] * 5),
     "roles: "),
    ("the lord elsewhere", FIVE, 3,
     lambda s: _changed(s, roles=[*s["roles"][1:], s["roles"][0]]),
     "roles: the lord is not at seat 0"),
    ("an unknown general", FIVE, 3, lambda s: _changed(s, generals=["nobody"] * 5),
     "'nobody' is no general"),
    ("the lord died alive", FIVE, 3,
     lambda s: _changed(s, winner="rebel", reason="lord_died", alive=[True] * 5),
     "reason lord_died: the lord (seat 0) is alive"),
    ("the lord won with rebels alive", FIVE, 3,
     lambda s: _changed(_lord_won(s), alive=[True] * 5),
     "winner lord: a rebel or a renegade is alive"),
    ("the renegade won among others", FIVE, 3,
     lambda s: _changed(s, winner="renegade", reason="lord_died",
                        alive=[False, True, True, True, True]),
     "winner renegade: he is not the only one alive"),
    ("3v3: a role as the winner", THREE_V_THREE, 2,
     lambda s: _changed(s, winner="lord", reason="marshal_died"), "winner: 'lord'"),
    ("3v3: both marshals alive", THREE_V_THREE, 2,
     lambda s: _changed(s, winner="cold", reason="marshal_died", alive=[True] * 6),
     "winner cold: the other camp's marshal is alive"),
]


@pytest.mark.parametrize(("name", "config", "seed", "forge", "says"), FORGERIES,
                         ids=[f[0] for f in FORGERIES])
def test_a_summary_no_game_of_the_config_writes_has_a_problem(
    name: str, config: Config, seed: int, forge: Callable[[dict[str, Any]], dict[str, Any]],
    says: str,
) -> None:
    spec = spec_for_config(config)
    config, summary = _identity(config, seed)
    assert spec.summary_problems(config, summary) == []
    problems = spec.summary_problems(config, forge(summary))
    assert problems and any(says in p for p in problems), problems


DICE = DiceConfig(players=5)


@pytest.mark.parametrize(("change", "says"), [
    ({"hp": [1, 2]}, "hp: 2 entries for 5 seats"),
    ({"error": "x: y"}, "error: an entry the game does not write"),
    ({"winner": "lord", "reason": "all_dead"}, "winner lord with reason all_dead"),
    ({"winner": "rebel", "reason": "goal"}, "reason: 'goal' is not one of"),  # 3 players only
    ({"winner": "rebel", "reason": "all_dead", "alive": [True] * 5},
     "reason all_dead: a player is alive"),
    ({"roles": ["lord", "lord", "rebel", "rebel", "loyalist"]}, "roles: not the 5 roles"),
])
def test_a_dice_summary_no_game_writes_has_a_problem(change: dict[str, Any], says: str) -> None:
    spec = spec_for_config(DICE)
    data, _ = record_bytes(DICE, 5)
    summary = validate_file(data).summary
    assert summary is not None and spec.summary_problems(DICE, summary) == []
    problems = spec.summary_problems(DICE, {**summary, **change})
    assert any(says in p for p in problems), problems


# ---------------------------------------------------------------------------- sgs stats
def _reason(path: Path) -> str:
    """``sgs replay validate``'s reason for an invalid replay."""
    error = validate_file(path).error
    assert error is not None
    return str(error["reason"])


@pytest.fixture
def study(tmp_path: Path) -> Path:
    """A study's folder: three games and their results table."""
    folder = tmp_path / "study"
    code, _, err = sgs("sim", "-p", "4", "-s", "3", "-n", "3", "--generals", "random", "-o",
                       str(folder))
    assert code == 0, err
    return folder


def test_stats_refuses_the_campaigns_forged_end_records(study: Path, tmp_path: Path) -> None:
    genuine = (study / "game-3.mp").read_bytes()
    winner = decode_records(genuine)[-1]["w"]
    other = "rebel" if winner == "lord" else "lord"
    for name, (forged, at), says in [
        ("scores", forge_end(genuine, scores=[100, 0, 0, 0]),
         "scores: an entry the game does not write for this config"),
        ("winner", forge_end(genuine, w=other), f"winner {other} with reason"),
    ]:
        folder = tmp_path / name
        folder.mkdir()
        path = folder / "game-3.mp"
        path.write_bytes(forged)
        for source in (path, folder):
            code, out, err = sgs("stats", str(source))
            assert (code, out) == (1, ""), name
            assert err.startswith(f"error: {path}: record {at}: end: not a summary the game "
                                  "writes: "), err
            assert says in err and len(err.splitlines()) == 1, err
            code, out, err = sgs("stats", str(source), "--validate")
            assert (code, out) == (1, "")
            assert err == f"error: {path}: record {at}: {_reason(path)}\n"


def test_a_well_formed_false_summary_is_counted_unless_validated(study: Path) -> None:
    # what stats trusts without --validate: a summary of the right shape, as written
    path = study / "game-4.mp"
    forged, at = forge_end(path.read_bytes(), tu=1000)
    path.write_bytes(forged)
    for table in study.glob("results.*"):  # .csv, and .parquet where pyarrow is installed
        table.unlink()
    code, out, _ = sgs("stats", str(study), "--json")
    assert code == 0 and '"max":1000' in out.replace(" ", "")
    code, out, err = sgs("stats", str(study), "--validate")
    assert (code, out) == (1, "") and err == f"error: {path}: record {at}: {_reason(path)}\n"


def test_validate_reads_a_studys_replays_not_its_table(study: Path, tmp_path: Path) -> None:
    code, table_report, _ = sgs("stats", str(study))
    assert code == 0
    code, replays_report, _ = sgs("stats", str(study), "--validate")
    assert code == 0 and replays_report == table_report  # the same games, re-simulated
    path = study / "game-5.mp"
    path.write_bytes(forge_end(path.read_bytes(), tu=1000)[0])
    code, _, _ = sgs("stats", str(study))  # the table, written when the games were played
    assert code == 0
    code, out, err = sgs("stats", str(study), "--validate")
    assert (code, out) == (1, "") and err.startswith(f"error: {path}: record ")
    copy = tmp_path / "results.csv"
    shutil.copy(study / "results.csv", copy)
    code, out, err = sgs("stats", str(copy), "--validate")
    assert (code, out) == (2, "") and "--validate re-simulates replays" in err


def test_row_of_replay_validates_when_asked(study: Path) -> None:
    path = study / "game-3.mp"
    forged, at = forge_end(path.read_bytes(), tu=1000)
    path.write_bytes(forged)
    assert row_of_replay(str(path))["turns"] == 1000
    with pytest.raises(StudyError, match=f"^{path}: record {at}: end summary differs: turns"):
        row_of_replay(str(path), validate=True)
