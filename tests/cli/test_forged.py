"""No forged value reaches an output (issue 18, "What to build" 1): every command that tells a
game tells what re-simulation gives. Where a file parts from re-simulation (an end record with
an entry added or changed, an events record or a checkpoint that is not the engine's, a
decision the game does not take), ``show`` tells the game up to that record and ``step`` its
moments up to it, then each gives ``validate``'s one-line error and exits 1; ``export``,
``html`` and ``diff`` write nothing of the game; ``stats`` refuses the file (README, the
command reference; docs/replay-format.md, "What the commands tell").

The forged files are a real game with one record changed (``tests/forged.py``): the campaign's
``"scores": [100, 0, 0, 0]`` on a game played without scoring, the winner changed from the lord
to the rebels, an event and a checkpoint of the middle of the game."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sgscore.fuzz import decode_records, encode_records
from sgscore.replay import validate_file
from sgscore.sanguosha.config import Config

from forged import REMOVE, forge_checkpoint, forge_end, forge_event
from recorded import record_bytes
from sgs_cli import run

CONFIG = Config(players=4, generals="random", pool="standard")
SEED = 3


@pytest.fixture(scope="module")
def games() -> dict[str, bytes]:
    """The genuine game, with its events and without (a compact replay)."""
    full, result = record_bytes(CONFIG, SEED, events=True)
    compact, _ = record_bytes(CONFIG, SEED, events=False)
    assert result.error is None and result.summary["winner"] == "lord"
    return {"events": full, "compact": compact}


def _forgeries(data: bytes) -> dict[str, tuple[bytes, int]]:
    events = decode_records(data)[0]["ev"]
    out = {
        "scores": forge_end(data, scores=[100, 0, 0, 0]),
        "winner": forge_end(data, w="rebel"),
        "alive": forge_end(data, al=[True, True, True, True]),
        "no roles": forge_end(data, rl=REMOVE),
        "checkpoint": forge_checkpoint(data, 3),
    }
    if events:
        out["event"] = forge_event(data, 40)
    return out


def _write(folder: Path, data: bytes) -> Path:
    """``data`` as ``folder/game.mp`` (the same name for every file: ``show`` names it)."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "game.mp"
    path.write_bytes(data)
    return path


def _verdict(path: Path) -> tuple[int, str]:
    """``validate``'s record and reason for the file."""
    res = validate_file(path)
    assert not res.valid and res.error is not None
    return res.error["record"], res.error["reason"]


def _cases(games: dict[str, bytes], tmp_path: Path) -> list[tuple[str, Path, Path, int, str]]:
    """(name, genuine, forged, record, reason) for each forgery of both replays."""
    out = []
    for kind, data in games.items():
        genuine = _write(tmp_path / kind / "genuine", data)
        for name, (forged, at) in _forgeries(data).items():
            path = _write(tmp_path / kind / name.replace(" ", "-"), forged)
            record, reason = _verdict(path)
            assert record == at, (kind, name, reason)
            out.append((f"{kind}: {name}", genuine, path, record, reason))
    return out


def test_show_tells_the_game_up_to_the_forged_record_then_validates_words(
    games: dict[str, bytes], tmp_path: Path
) -> None:
    for name, genuine, path, record, reason in _cases(games, tmp_path):
        code, told, _ = run("replay", "show", str(genuine))
        assert code == 0
        code, out, err = run("replay", "show", str(path))
        assert code == 1, name
        assert err == f"error: {path}: record {record}: {reason}\n", name
        lines = told.splitlines()
        result = next(i for i, line in enumerate(lines) if line.startswith("Result:"))
        assert out.splitlines() == lines[:len(out.splitlines())], name  # the game's own lines
        if name.endswith(("scores", "winner", "alive", "roles")):  # the whole game, no result
            assert out.splitlines() == lines[:result], name
        else:  # it stops where the file parts from the game
            assert len(out.splitlines()) < result, name
        assert "100 points" not in out and "rebels win" not in out, name


def test_the_campaigns_forged_scores_are_never_shown(games: dict[str, bytes],
                                                     tmp_path: Path) -> None:
    # sgs replay show printed "P0 ...: lord, alive, 100 points" and exited 0
    forged, at = forge_end(games["events"], scores=[100, 0, 0, 0])
    path = _write(tmp_path, forged)
    for args in ([], ["--as", "0"], ["--lang", "zh"], ["--json"]):
        code, out, err = run("replay", "show", str(path), *args)
        assert code == 1 and "points" not in out and "分" not in out.splitlines()[-1], args
        if args == ["--json"]:
            assert json.loads(out)["summary"] is None
        assert err.startswith(f"error: {path}: record {at}: end summary differs: the replay has "
                              "an entry 'scores'"), args


def test_show_json_gives_the_game_so_far_and_where_it_parts(
    games: dict[str, bytes], tmp_path: Path
) -> None:
    for name, genuine, path, record, reason in _cases(games, tmp_path):
        _, whole, _ = run("replay", "show", str(genuine), "--json")
        code, out, err = run("replay", "show", str(path), "--json")
        assert code == 1 and err == f"error: {path}: record {record}: {reason}\n", name
        data, good = json.loads(out), json.loads(whole)
        assert data["invalid"] == {"record": record, "reason": reason}, name
        assert good["invalid"] is None and good["summary"]["winner"] == "lord"
        assert data["summary"] is None, name
        n = len(data["events"])
        assert data["events"] == good["events"][:n], name
        assert data["event_decisions"] == good["event_decisions"][:n], name


@pytest.mark.parametrize("args", [[], ["--events"], ["-o", "OUT"]])
def test_export_writes_nothing_of_a_forged_replay(games: dict[str, bytes], tmp_path: Path,
                                                   args: list[str]) -> None:
    out_file = tmp_path / "out.json"
    argv = [str(out_file) if a == "OUT" else a for a in args]
    for name, genuine, path, record, reason in _cases(games, tmp_path):
        code, out, err = run("replay", "export", str(path), *argv)
        assert (code, out) == (1, ""), name
        assert err == f"error: {path}: record {record}: {reason}\n", name
        assert not out_file.exists(), name
        code, out, _ = run("replay", "export", str(genuine), *argv)
        text = out_file.read_text(encoding="utf-8") if out_file.exists() else out
        assert code == 0 and json.loads(text)["summary"]["winner"] == "lord"
        out_file.unlink(missing_ok=True)


def test_html_writes_no_page_of_a_forged_replay(games: dict[str, bytes], tmp_path: Path) -> None:
    page = tmp_path / "page.html"
    for name, _, path, record, reason in _cases(games, tmp_path)[:4]:
        for args in (["-o", str(page)], ["--json"], ["--as", "1", "-o", str(page)]):
            code, out, err = run("replay", "html", str(path), *args)
            assert (code, out) == (1, ""), (name, args)
            assert err == f"error: {path}: record {record}: {reason}\n", (name, args)
            assert not page.exists(), (name, args)


def test_diff_names_the_forged_record(games: dict[str, bytes], tmp_path: Path) -> None:
    for name, genuine, path, record, reason in _cases(games, tmp_path):
        code, out, err = run("replay", "diff", str(genuine), str(path))
        assert code == 1 and "the same game" not in out, name
        assert err == f"error: {path}: record {record}: {reason}\n", name


def test_step_tells_the_moments_up_to_a_forged_end(games: dict[str, bytes],
                                                   tmp_path: Path) -> None:
    forged, at = forge_end(games["events"], w="rebel")
    path = _write(tmp_path, forged)
    last = validate_file(games["events"]).decisions - 1
    for extra in ([], ["--json"]):
        code, out, err = run("replay", "step", str(path), "--at", str(last), "--count", "3",
                             *extra)
        assert code == 1 and err == f"error: {path}: record {at}: {_verdict(path)[1]}\n"
        assert out.count("Decision" if not extra else '"decision"') == 1  # moment LAST, no end
        assert "End of the replay" not in out and '"end": true' not in out


def _with_decision(data: bytes, change: str) -> tuple[bytes, int, int, int]:
    """The game with one decisions record changed: its seat made another (``seat``) or its
    first choice made one the game never lists (``choice``). Returns the bytes, the record, the
    decision it holds first, and the seat the record names."""
    records = decode_records(data)
    decision = 0
    for i, rec in enumerate(records):
        if i == 0 or type(rec) is not list:
            continue
        if decision >= 20 and len(rec) == 2:
            seat = rec[0]
            if change == "seat":
                seat = (seat + 1) % 4
                records[i] = [seat, rec[1]]
            else:
                records[i] = [seat, "no such choice"]
            return encode_records(records), i, decision, seat
        decision += len(rec) - 1
    raise AssertionError("no decisions record of one choice after decision 20")


def test_step_as_a_seat_the_game_does_not_ask_is_one_line(games: dict[str, bytes],
                                                          tmp_path: Path) -> None:
    # python -m sgscore.fuzz --seed 101 --case 971: a decisions record naming a seat the game
    # does not ask raised "AssertionError: a seat's moment is one of its own decisions"
    forged, at, decision, seat = _with_decision(games["compact"], "seat")
    path = _write(tmp_path, forged)
    record, reason = _verdict(path)
    assert record == at and "decides, but the game asks seat" in reason
    for args in (["--as", str(seat), "--json"], ["--as", str(seat)], ["--at", str(decision)]):
        code, out, err = run("replay", "step", str(path), "--at", str(decision), "--count", "1",
                             *args)
        assert (code, out) == (1, ""), args
        assert err == f"error: {path}: record {at}: {reason}\n", args


def test_step_never_shows_a_recorded_answer_the_game_refuses(games: dict[str, bytes],
                                                             tmp_path: Path) -> None:
    forged, at, decision, _ = _with_decision(games["compact"], "choice")
    path = _write(tmp_path, forged)
    record, reason = _verdict(path)
    assert record == at and "illegal" in reason
    code, out, err = run("replay", "step", str(path), "--at", str(decision))
    assert (code, out) == (1, "") and err == f"error: {path}: record {at}: {reason}\n"
    code, out, err = run("replay", "step", str(path), "--at", str(decision - 1), "--count", "2")
    assert code == 1 and out.startswith(f"Decision {decision - 1} of ")
    assert f"Decision {decision} of " not in out and "no such choice" not in out
    assert err == f"error: {path}: record {at}: {reason}\n"


def test_a_truncated_replay_is_told_as_far_as_it_goes(games: dict[str, bytes],
                                                      tmp_path: Path) -> None:
    # cut short, a replay is valid so far: every command tells it as before
    data = games["events"]
    path = _write(tmp_path, data[:len(data) * 2 // 3])
    code, out, err = run("replay", "show", str(path))
    assert code == 0 and "truncated" in err and "Result" in out
    code, out, _ = run("replay", "show", str(path), "--json")
    assert code == 0 and json.loads(out)["invalid"] is None
    code, out, _ = run("replay", "export", str(path), "--events")
    assert code == 0 and json.loads(out)["truncated"] is True


def test_validate_json_gives_no_summary_of_an_invalid_replay(games: dict[str, bytes],
                                                             tmp_path: Path) -> None:
    # its "summary" was the forged end record's ("scores": [100, 0, 0, 0]) beside "valid": false
    for name, genuine, path, record, reason in _cases(games, tmp_path):
        code, out, _ = run("replay", "validate", "--json", str(path))
        data = json.loads(out)
        assert code == 1 and data["valid"] is False and data["summary"] is None, name
        assert data["error"] == {"record": record, "reason": reason}, name
        code, out, _ = run("replay", "validate", "--json", str(genuine))
        assert code == 0 and json.loads(out)["summary"]["winner"] == "lord"
