"""``sgs replay diff | resim | export`` through click's CliRunner: verdicts, files, exit codes."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import msgpack
import pytest

from sgscore import Config, new_game
from sgscore.core.protocol import normalize_choice
from sgscore.replay import read_replay
from sgscore.sanguosha import CARD_TYPES

from sgs_cli import BEGINNER, run


@pytest.fixture(scope="module")
def replays(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    d = tmp_path_factory.mktemp("tools-cli")
    out = {"full": d / "full.mp", "compact": d / "compact.mp", "seed4": d / "seed4.mp"}
    assert run("sim", *BEGINNER, "--seed", "3", "-o", str(out["full"]))[0] == 0
    assert run("sim", *BEGINNER, "--seed", "3", "--no-events", "-o", str(out["compact"]))[0] == 0
    assert run("sim", *BEGINNER, "--seed", "4", "--no-events", "-o", str(out["seed4"]))[0] == 0
    return out


def _one_line_error(code: int, stderr: str, expected: int = 1) -> str:
    assert code == expected and "Traceback" not in stderr
    (line,) = stderr.splitlines()
    assert line.startswith("error: ")
    return line


# ---------------------------------------------------------------------------- diff
def test_diff_of_a_replay_with_itself_is_the_same(replays: dict[str, Path]) -> None:
    f = str(replays["full"])
    code, out, err = run("replay", "diff", f, f)
    assert code == 0 and err == ""
    assert out.splitlines()[0].startswith(f"{f} and {f}: the same game (")
    code, out, _ = run("replay", "diff", f, f, "--json")
    r = json.loads(out)
    assert code == 0 and r["same"] is True and r["first_difference"] is None
    assert r["header"] == [] and r["errors"] == [] and r["decisions"] > 0


def test_diff_compact_and_events_replays_are_the_same(replays: dict[str, Path]) -> None:
    code, out, _ = run("replay", "diff", str(replays["compact"]), str(replays["full"]))
    assert code == 0 and "the same game" in out
    assert "  header: events: false vs true (does not change the game)" in out.splitlines()


def test_diff_different_seeds(replays: dict[str, Path]) -> None:
    a, b = str(replays["full"]), str(replays["seed4"])
    code, out, _ = run("replay", "diff", a, b)
    assert code == 1
    lines = out.splitlines()
    assert lines[0].startswith(f"{a} and {b} differ: first at event ")
    # The header first (two unrelated games part because of it), then each side as the
    # account tells it: no Python list, no raw event when the words tell them apart.
    assert lines[1:3] == ["  header: seed: 3 vs 4",
                          "  header: events: true vs false (does not change the game)"]
    assert lines[3].startswith(f"  {a}: ") and lines[4].startswith(f"  {b}: ")
    assert len(lines) == 5
    _, shown_a, _ = run("replay", "show", a, "--no-numbers")
    _, shown_b, _ = run("replay", "show", b, "--no-numbers")
    told_a, told_b = lines[3].split(": ", 1)[1], lines[4].split(": ", 1)[1]
    assert told_a != told_b
    for told, shown in ((told_a, shown_a), (told_b, shown_b)):
        assert "[" not in told and "'" not in told and '"' not in told
        assert all(part in shown for part in told.split("; ")), told
    code, out, _ = run("replay", "diff", a, b, "--json")
    r = json.loads(out)
    first = r["first_difference"]
    assert code == 1 and r["same"] is False
    assert first["kind"] == "event" and first["decision"] == -1  # in the setup
    assert isinstance(first["record_a"], int) and first["record_b"] == 0
    assert first["a"] != first["b"] and first["a"][0] == first["b"][0]
    assert {"field": "seed", "a": 3, "b": 4, "note": False} in r["header"]


def test_diff_tells_a_decision_in_words(replays: dict[str, Path], tmp_path: Path) -> None:
    other, mine = tmp_path / "other.mp", tmp_path / "mine.mp"
    assert run("sim", *BEGINNER, "--seed", "3", "-o", str(other))[0] == 0
    assert run("sim", *BEGINNER, "--seed", "3", "--agents", "heuristic", "-o", str(mine))[0] == 0
    code, out, _ = run("replay", "diff", str(other), str(mine))
    lines = out.splitlines()
    assert code == 1 and "first at decision 0," in lines[0]  # the first card played
    assert lines[1].startswith("  header: agents: ") and len(lines) == 4
    for side, path in zip(lines[2:], (other, mine), strict=True):
        assert side.startswith(f"  {path}: P0's play phase: "), side  # asked and answered
        assert "seat " not in side and '"' not in side and "[" not in side
    assert lines[2].split(": ")[-1] != lines[3].split(": ")[-1]


def _records(path: Path) -> list[Any]:
    return list(msgpack.Unpacker(io.BytesIO(path.read_bytes()), raw=False))


def _write(path: Path, records: list[Any]) -> Path:
    path.write_bytes(b"".join(msgpack.packb(r, use_bin_type=True) for r in records))
    return path


def test_diff_with_a_tampered_decision_names_its_record(
    replays: dict[str, Path], tmp_path: Path
) -> None:
    recs = _records(replays["compact"])
    k = next(i for i, r in enumerate(recs) if isinstance(r, list) and i > 3)
    recs[k] = [recs[k][0], 9999]
    bad = _write(tmp_path / "bad.mp", recs)
    code, out, err = run("replay", "diff", str(replays["compact"]), str(bad))
    line = _one_line_error(code, err)
    assert line.startswith(f"error: {bad}: record {k}: ") and out == ""
    code, out, err = run("replay", "diff", str(bad), str(replays["compact"]), "--json")
    assert code == 1 and len(err.splitlines()) == 1
    assert json.loads(out)["errors"][0]["record"] == k


@pytest.mark.parametrize("bad", ["missing", "empty", "junk", "folder"])
def test_bad_inputs_never_traceback(replays: dict[str, Path], tmp_path: Path, bad: str) -> None:
    path = {"missing": tmp_path / "nope.mp", "empty": tmp_path / "empty.mp",
            "junk": tmp_path / "junk.mp", "folder": tmp_path}[bad]
    (tmp_path / "empty.mp").write_bytes(b"")
    (tmp_path / "junk.mp").write_bytes(bytes(range(256)) * 3)
    good = str(replays["compact"])
    for args in (["diff", good, str(path)], ["resim", str(path), "-o", str(tmp_path / "o.mp")],
                 ["export", str(path)]):
        code, out, err = run("replay", *args)
        line = _one_line_error(code, err)
        assert line.startswith(f"error: {path}: record 0: "), line
    assert not (tmp_path / "o.mp").exists()


@pytest.mark.parametrize(("args", "command"), [
    (["resim", "F"], "sgs replay resim"),
    (["resim", "F", "-o", "DIR"], "sgs replay resim"),
    (["export", "F", "-o", "DIR"], "sgs replay export"),
    (["diff", "F"], "sgs replay diff"),
    (["export", "F", "--json"], "sgs replay export"),
])
def test_usage_errors_are_one_line(replays: dict[str, Path], tmp_path: Path,
                                   args: list[str], command: str) -> None:
    args = [str(replays["full"]) if a == "F" else str(tmp_path) if a == "DIR" else a
            for a in args]
    code, out, err = run("replay", *args)
    line = _one_line_error(code, err, expected=2)
    assert line.startswith(f"error: {command}: ") and line.endswith(f"(see '{command} --help')")
    assert out == ""


# ---------------------------------------------------------------------------- resim
def test_resim_adds_events_and_the_result_is_the_same_game(
    replays: dict[str, Path], tmp_path: Path
) -> None:
    out = tmp_path / "re.mp"
    code, stdout, err = run("replay", "resim", str(replays["compact"]), "--events",
                            "-o", str(out))
    assert code == 0 and err == ""
    assert stdout.startswith(f"{out}: ") and "with events" in stdout
    assert read_replay(out).events
    assert out.read_bytes() == replays["full"].read_bytes()
    assert run("replay", "validate", str(out))[0] == 0
    assert run("replay", "diff", str(out), str(replays["compact"]))[0] == 0
    code, stdout, _ = run("replay", "resim", str(out), "--no-events", "-o", str(out), "--json")
    r = json.loads(stdout)
    assert code == 0 and r["events"] is False and r["bytes"] == out.stat().st_size
    assert out.read_bytes() == replays["compact"].read_bytes()


def test_resim_where_the_engines_part_writes_nothing(
    replays: dict[str, Path], tmp_path: Path
) -> None:
    recs = _records(replays["full"])
    k = next(i for i, r in enumerate(recs) if isinstance(r, int) and i > 3)
    recs[k] = (recs[k] + 1) % 128  # a checkpoint this engine does not reach
    bad = _write(tmp_path / "bad.mp", recs)
    out = tmp_path / "out.mp"
    code, stdout, err = run("replay", "resim", str(bad), "-o", str(out))
    line = _one_line_error(code, err)
    assert line.startswith(f"error: {bad}: record {k}: checkpoint differs")
    assert not out.exists() and stdout == ""
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bad.mp"]


def test_resim_reproduces_an_engine_error(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    real, calls = CARD_TYPES["slash"].effect, [0]

    def broken(*args: Any, **kwargs: Any) -> Any:
        calls[0] += 1
        if calls[0] == 6:
            raise ZeroDivisionError("injected failure in slash #6")
        return real(*args, **kwargs)

    # 杀's effect, which the rules call through its card type on either core (the compiled core
    # calls its own procedures directly: docs/architecture.md "Procedures are generators").
    monkeypatch.setattr(CARD_TYPES["slash"], "effect", broken)
    src, out = tmp_path / "crash.mp", tmp_path / "crash-ev.mp"
    assert run("sim", "--players", "5", "--beginner", "--seed", "21", "--no-events",
               "-o", str(src))[0] == 1
    calls[0] = 0
    code, stdout, _ = run("replay", "resim", str(src), "--events", "-o", str(out))
    assert code == 0
    assert "engine error reproduced: ZeroDivisionError: injected failure in slash #6" in stdout
    a, b = read_replay(src), read_replay(out)
    assert b.error == a.error and b.summary == a.summary and b.events
    calls[0] = 0
    assert run("replay", "validate", str(out))[0] == 0


# ---------------------------------------------------------------------------- export
def test_export_round_trip(replays: dict[str, Path], tmp_path: Path) -> None:
    code, out, err = run("replay", "export", str(replays["compact"]))
    data = json.loads(out)
    assert code == 0 and err == "" and len(out.splitlines()) == 1
    assert data["events"] is None and data["truncated"] is False and data["error"] is None
    h = data["header"]
    game = new_game(Config.from_dict(h["config"]), h["seed"])
    for seat, choice in data["decisions"]:
        assert game.pending is not None and game.pending.seat == seat
        game.submit(normalize_choice(choice))
    assert game.summary() == data["summary"]
    target = tmp_path / "game.json"
    code, out, _ = run("replay", "export", str(replays["compact"]), "--events", "-o", str(target))
    assert code == 0 and out == ""
    with_events = json.loads(target.read_text(encoding="utf-8"))
    full = json.loads(run("replay", "export", str(replays["full"]), "--events")[1])
    assert with_events["events"] == full["events"] == [list(e) for e in _plain(game.events)]
    assert with_events["decisions"] == data["decisions"]


def _plain(v: Any) -> Any:
    return [_plain(x) for x in v] if isinstance(v, tuple | list) else v


def test_help_shows_examples() -> None:
    for command, words in (("diff", "sgs replay diff bug.mp fixed.mp"),
                           ("resim", "sgs replay resim game-compact.mp --events -o game.mp"),
                           ("export", '"decisions": [[0, null]')):
        code, out, _ = run("replay", command, "--help")
        assert code == 0 and "Example" in out and words in out, command
    assert all(c in run("replay", "--help")[1] for c in ("diff", "resim", "export"))
