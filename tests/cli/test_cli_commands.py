"""The ``sgs`` commands through click's CliRunner: files written, accounts shown, exit codes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sgs_cli import BEGINNER, run

pytestmark = pytest.mark.long  # started first (tests/conftest.py)


@pytest.fixture(scope="module")
def replays(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """One 4-player beginner game (seed 3), recorded with and without events."""
    d = tmp_path_factory.mktemp("replays")
    full, compact = d / "full.mp", d / "compact.mp"
    assert run("sim", *BEGINNER, "--seed", "3", "-o", str(full))[0] == 0
    assert run("sim", *BEGINNER, "--seed", "3", "--no-events", "-o", str(compact))[0] == 0
    return {"full": full, "compact": compact}


# ---------------------------------------------------------------------------- sim
def test_sim_writes_one_replay_and_a_summary_line(tmp_path: Path) -> None:
    out = tmp_path / "game.mp"
    code, stdout, _ = run("sim", *BEGINNER, "--seed", "7", "-o", str(out))
    assert code == 0
    assert out.stat().st_size > 100
    (line,) = stdout.splitlines()
    assert line.startswith(f"{out}: seed 7, ")
    assert "turns" in line and "decisions" in line and f"{out.stat().st_size} bytes" in line


def test_sim_count_fills_a_folder(tmp_path: Path) -> None:
    folder = tmp_path / "many"
    code, stdout, _ = run("sim", *BEGINNER, "--seed", "10", "-n", "3", "--no-events",
                          "-o", str(folder), "--json")
    assert code == 0
    assert sorted(p.name for p in folder.glob("*.mp")) == ["game-10.mp", "game-11.mp", "game-12.mp"]
    rows = [json.loads(x) for x in stdout.splitlines()]
    assert [r["seed"] for r in rows] == [10, 11, 12]
    assert all({"file", "winner", "turns", "decisions", "bytes"} <= r.keys() for r in rows)


def test_sim_is_deterministic(tmp_path: Path, replays: dict[str, Path]) -> None:
    again = tmp_path / "again.mp"
    assert run("sim", *BEGINNER, "--seed", "3", "-o", str(again))[0] == 0
    assert again.read_bytes() == replays["full"].read_bytes()


@pytest.mark.parametrize("args", [
    ["--players", "3", "--beginner"],
    ["--players", "4", "--generals", "nobody,nobody,nobody,nobody"],
    ["--players", "4", "--beginner", "--generals", "a,b,c,d"],
    ["--players", "5", "--role-variant", "--beginner"],
])
def test_sim_usage_errors_exit_2(tmp_path: Path, args: list[str]) -> None:
    code, _, stderr = run("sim", *args, "-o", str(tmp_path / "x.mp"))
    assert code == 2
    assert not (tmp_path / "x.mp").exists()
    assert "Traceback" not in stderr
    (line,) = stderr.splitlines()
    assert line.startswith("error: sgs sim: ") and line.endswith("(see 'sgs sim --help')")


@pytest.mark.parametrize(("args", "command", "words"), [
    (["sim", "--players", "3", "-o", "x.mp"], "sgs sim", "identity mode takes 4-10 players, got 3"),
    (["sim", "--generals", "nosuch", "-o", "x.mp"], "sgs sim", "unknown general(s) nosuch"),
    (["sim", "--players", "4"], "sgs sim", "Missing option '--output'"),
    (["replay", "show", "F", "--as", "11"], "sgs replay show", "11 is not in the range 0<=x<=9"),
    (["replay", "show", "F", "--as", "4"], "sgs replay show", "seat 4 is not in this 4-player"),
    (["replay", "show", "F", "--lang", "fr"], "sgs replay show", "'fr' is not one of"),
    (["replay", "validate"], "sgs replay validate", "Missing argument 'FILES...'"),
    (["bench", "--players", "four"], "sgs bench", "expected player counts like 4,5,8,10"),
    (["--bogus"], "sgs", "No such option '--bogus'"),
    (["replay", "nosuch"], "sgs replay", "No such command 'nosuch'"),
])
def test_every_usage_error_is_one_line_naming_the_command(
    args: list[str], command: str, words: str, replays: dict[str, Path]
) -> None:
    args = [str(replays["full"]) if a == "F" else a for a in args]
    code, stdout, stderr = run(*args)
    assert code == 2 and stdout == ""
    (line,) = stderr.splitlines()
    assert line.startswith(f"error: {command}: ") and words in line, line
    assert line.endswith(f"(see '{command} --help')")


def test_a_group_without_a_command_still_shows_its_help() -> None:
    code, out, err = run("replay")
    assert "Usage: sgs replay" in out + err and "show" in out + err and "validate" in out + err
    assert not (out + err).startswith("error:")


def test_sim_output_folder_or_file_mixups_are_usage_errors(tmp_path: Path) -> None:
    code, _, stderr = run("sim", *BEGINNER, "-o", str(tmp_path))
    assert code == 2 and "is a folder" in stderr and len(stderr.splitlines()) == 1
    a_file = tmp_path / "game.mp"
    a_file.write_bytes(b"")
    code, _, stderr = run("sim", *BEGINNER, "-n", "2", "-o", str(a_file))
    assert code == 2 and "is a file" in stderr and len(stderr.splitlines()) == 1
    assert a_file.read_bytes() == b""


# ---------------------------------------------------------------------------- show
def test_show_tells_the_game_in_english(replays: dict[str, Path]) -> None:
    code, out, _ = run("replay", "show", str(replays["full"]))
    assert code == 0
    assert "seed 3" in out.splitlines()[0]
    assert "== Round 1 ==" in out and "-- Turn 1: P0 --" in out and "  draw phase" in out
    assert " dies: " in out
    assert "Game over: " in out and "\nResult: " in out


def test_show_tells_the_game_in_chinese(replays: dict[str, Path]) -> None:
    code, out, _ = run("replay", "show", str(replays["full"]), "--lang", "zh")
    assert code == 0
    assert "== 第1轮 ==" in out and "摸牌阶段" in out and "阵亡" in out and "结果：" in out


def test_show_resimulates_a_replay_without_events(replays: dict[str, Path]) -> None:
    full = run("replay", "show", str(replays["full"]))[1]
    compact = run("replay", "show", str(replays["compact"]))[1]
    assert full.splitlines()[1:] == compact.splitlines()[1:]
    j_full = json.loads(run("replay", "show", str(replays["full"]), "--json")[1])
    j_compact = json.loads(run("replay", "show", str(replays["compact"]), "--json")[1])
    assert j_full["events"] == j_compact["events"]


def test_show_as_a_seat_hides_other_hands_and_the_seed(replays: dict[str, Path]) -> None:
    everything = json.loads(run("replay", "show", str(replays["full"]), "--json")[1])
    code, out, _ = run("replay", "show", str(replays["full"]), "--as", "1", "--json")
    assert code == 0
    seen = json.loads(out)
    assert seen["seat"] == 1 and "seed" not in seen["header"]
    assert everything["header"]["seed"] == 3
    draws = [e for e in seen["events"] if e[0] == "draw"]
    other = next(e for e in draws if e[1] != 1)
    assert other == ["draw", other[1], other[2]]  # the count, no card ids
    own = next(e for e in draws if e[1] == 1)
    assert len(own) == 4 and len(own[3]) == own[2]
    full_other = next(e for e in everything["events"] if e[0] == "draw" and e[1] == other[1])
    assert len(full_other) == 4
    dealt = [e for e in seen["events"] if e[0] == "role_dealt"]
    assert [len(e) for e in dealt] == [3 if e[1] == 1 else 2 for e in dealt]
    text = run("replay", "show", str(replays["full"]), "--as", "1")[1]
    assert "seed" not in text.splitlines()[0]
    assert f"P{other[1]} draws {other[2]} cards" in text


def test_show_as_a_seat_outside_the_game_is_a_usage_error(replays: dict[str, Path]) -> None:
    assert run("replay", "show", str(replays["full"]), "--as", "7")[0] == 2


# ---------------------------------------------------------------------------- bad input
def _one_line_error(code: int, stdout: str, stderr: str) -> str:
    assert code == 1
    assert "Traceback" not in stdout + stderr
    (line,) = stderr.splitlines()
    assert line.startswith("error: ") and "record" in line
    return line


def test_show_random_bytes_gives_a_one_line_error(tmp_path: Path) -> None:
    junk = tmp_path / "junk.mp"
    junk.write_bytes(bytes(range(256)) * 4)
    _one_line_error(*run("replay", "show", str(junk)))


def test_show_a_missing_file_gives_a_one_line_error(tmp_path: Path) -> None:
    line = _one_line_error(*run("replay", "show", str(tmp_path / "nope.mp")))
    assert "nope.mp" in line


def test_show_an_empty_file_or_a_folder_gives_a_one_line_error(tmp_path: Path) -> None:
    empty = tmp_path / "empty.mp"
    empty.write_bytes(b"")
    line = _one_line_error(*run("replay", "show", str(empty)))
    assert line == f"error: {empty}: record 0: the file is empty"
    line = _one_line_error(*run("replay", "show", str(tmp_path)))
    assert line.startswith(f"error: {tmp_path}: record 0: ") and "directory" in line


def test_show_a_truncated_replay_warns_once_and_tells_what_it_has(
    tmp_path: Path, replays: dict[str, Path]
) -> None:
    cut = tmp_path / "cut.mp"
    data = replays["full"].read_bytes()
    cut.write_bytes(data[: len(data) // 2])
    code, out, err = run("replay", "show", str(cut))
    assert code == 0
    (warning,) = err.splitlines()
    assert warning.startswith(f"warning: {cut}: truncated: the file ends inside record ")
    assert "((" not in warning and "))" not in warning
    assert out.splitlines()[-1] == "Result: none (the game did not finish)"


def test_a_truncated_replay_is_invalid_at_its_last_record(
    tmp_path: Path, replays: dict[str, Path]
) -> None:
    cut = tmp_path / "cut.mp"
    data = replays["full"].read_bytes()
    cut.write_bytes(data[: len(data) // 2])
    code, out, _ = run("replay", "validate", str(cut))
    assert code == 1
    (line,) = out.splitlines()
    assert line.startswith(f"{cut}: invalid: record ")


# ---------------------------------------------------------------------------- validate
def test_validate_valid_files_exit_0(replays: dict[str, Path]) -> None:
    code, out, _ = run("replay", "validate", str(replays["full"]), str(replays["compact"]))
    assert code == 0
    assert [x.split(": ")[1].split(",")[0] for x in out.splitlines()] == ["valid", "valid"]


def test_validate_json_has_one_object_per_file(tmp_path: Path, replays: dict[str, Path]) -> None:
    junk = tmp_path / "junk.mp"
    junk.write_bytes(b"\xc1" * 64)
    code, out, _ = run("replay", "validate", "--json", str(replays["full"]), str(junk))
    assert code == 1
    good, bad = (json.loads(x) for x in out.splitlines())
    for row in (good, bad):
        assert {"file", "valid", "decisions", "turns", "bytes", "error"} <= row.keys()
    assert good["valid"] is True and good["error"] is None and good["decisions"] > 0
    assert good["bytes"] == replays["full"].stat().st_size
    assert bad["valid"] is False and isinstance(bad["error"]["record"], int)
    assert bad["error"]["reason"]


def test_validate_a_corrupt_file_exits_1_with_the_record(
    tmp_path: Path, replays: dict[str, Path]
) -> None:
    data = bytearray(replays["compact"].read_bytes())
    data[len(data) // 2] ^= 0xFF
    bad = tmp_path / "flipped.mp"
    bad.write_bytes(bytes(data))
    code, out, _ = run("replay", "validate", str(bad))
    assert code == 1
    (line,) = out.splitlines()
    assert line.startswith(f"{bad}: invalid: record ")


def test_validate_checks_every_file_even_past_a_folder_or_a_missing_one(
    tmp_path: Path, replays: dict[str, Path]
) -> None:
    missing = tmp_path / "missing.mp"
    code, out, err = run("replay", "validate", str(tmp_path), str(missing), str(replays["full"]))
    assert code == 1 and err == ""
    folder, gone, good = out.splitlines()
    assert folder == f"{tmp_path}: invalid: record 0: a folder without replays (no *.mp file in it)"
    assert gone.startswith(f"{missing}: invalid: record 0: ")
    assert good.startswith(f"{replays['full']}: valid, ")


def test_validate_a_folder_checks_its_replays_in_name_order(
    tmp_path: Path, replays: dict[str, Path]
) -> None:
    # `sgs replay validate out/` after `sgs sim -n`: the replays, not the results table beside
    # them (nor a subfolder, nor a replay being written); each reported, exit 1 if any is invalid.
    code, out, _ = run("sim", *BEGINNER, "--seed", "9", "-n", "2", "--no-events",
                       "-o", str(tmp_path))
    assert code == 0 and (tmp_path / "results.csv").exists()
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "game-0.mp").write_bytes(b"")
    (tmp_path / ".game-3.mp.1.0.partial").write_bytes(b"")
    (tmp_path / "a-copy.mp").write_bytes(replays["full"].read_bytes())
    code, out, err = run("replay", "validate", f"{tmp_path}/")
    assert code == 0 and err == ""
    assert [x.split(":")[0] for x in out.splitlines()] == [
        f"{tmp_path}/a-copy.mp", f"{tmp_path}/game-10.mp", f"{tmp_path}/game-9.mp"]
    assert all(": valid, " in x for x in out.splitlines())
    (tmp_path / "broken.mp").write_bytes(b"\x00")
    code, out, _ = run("replay", "validate", "--json", str(tmp_path))
    rows = [json.loads(x) for x in out.splitlines()]
    assert code == 1 and [r["valid"] for r in rows] == [True, False, True, True]
    assert rows[1]["file"] == str(tmp_path / "broken.mp")
    # A file named on the command line is checked whatever its name: the table is no replay.
    code, out, _ = run("replay", "validate", str(tmp_path / "game-9.mp"),
                       str(tmp_path / "results.csv"))
    good, table = out.splitlines()
    assert code == 1 and ": valid, " in good
    assert table.startswith(f"{tmp_path / 'results.csv'}: invalid: record 0: not an sgscore replay")


def test_validate_json_rows_have_the_same_keys_for_every_kind_of_file(
    tmp_path: Path, replays: dict[str, Path]
) -> None:
    empty, junk, cut = tmp_path / "empty.mp", tmp_path / "junk.mp", tmp_path / "cut.mp"
    empty.write_bytes(b"")
    junk.write_bytes(bytes(range(256)))
    data = replays["compact"].read_bytes()
    cut.write_bytes(data[: len(data) - 3])
    files = [replays["full"], replays["compact"], empty, junk, cut, tmp_path / "nope.mp",
             tmp_path / "nope"]
    (tmp_path / "nope").mkdir()
    code, out, _ = run("replay", "validate", "--json", *map(str, files))
    assert code == 1
    rows = [json.loads(x) for x in out.splitlines()]
    keys = {"file", "valid", "decisions", "turns", "bytes", "error", "warnings", "truncated",
            "suspended", "summary"}
    assert [set(r) for r in rows] == [keys] * len(files)
    assert [r["valid"] for r in rows] == [True, True] + [False] * 5
    assert rows[0]["summary"]["hash"] == rows[1]["summary"]["hash"]
    assert rows[4]["truncated"] is True
    assert all(isinstance(r["error"]["record"], int) and r["error"]["reason"] for r in rows[2:])


def test_validate_without_files_is_a_usage_error() -> None:
    assert run("replay", "validate")[0] == 2
    assert run("replay", "validate", "--no-such-option", "x.mp")[0] == 2


# ---------------------------------------------------------------------------- help
@pytest.mark.parametrize("cmd", [
    [], ["sim"], ["replay"], ["replay", "show"], ["replay", "validate"], ["bench"],
])
def test_every_command_has_help_with_an_example(cmd: list[str]) -> None:
    code, out, _ = run(*cmd, "--help")
    assert code == 0
    assert "Example" in out and "sgs " in out


# ---------------------------------------------------------------------------- bench
def test_bench_json_has_the_documented_keys() -> None:
    code, out, _ = run("bench", "--games", "1", "--players", "4", "--json")
    assert code == 0
    report = json.loads(out)
    assert {"games", "seed", "generals", "engine_version", "python", "core", "seconds",
            "peak_rss_kib", "memory_note", "startup_python_s", "startup_version_s",
            "startup_help_s", "results", "directory", "runs"} <= report.keys()
    assert 0 < report["startup_python_s"] < report["startup_version_s"]
    (row,) = report["results"]
    assert {
        "players", "games", "engine_errors", "turns", "decisions", "events", "sim_seconds",
        "games_per_s", "turns_per_s", "decisions_per_s", "events_per_s", "validated", "invalid",
        "validate_seconds", "validated_per_s", "compact_bytes_per_game",
        "compact_bytes_per_decision", "events_bytes_per_game", "events_bytes_per_decision",
        "traced_peak_kib", "validate_peak_one_kib", "validate_peak_many_kib",
        "validate_peak_many_files", "validate_held_kib", "seek_decisions", "seek_seconds",
        "seek_over_python_s",
    } <= row.keys()
    assert row["seek_decisions"] == row["decisions"] and row["seek_seconds"] > 0
    assert row["players"] == 4 and row["games"] == 1 and row["validated"] == 1
    assert row["invalid"] == 0
    assert row["events_bytes_per_game"] > row["compact_bytes_per_game"] > 0


def test_bench_measures_the_game_its_options_make() -> None:
    # The variants' flags are the game's own `sgs sim` options: bench plays what they make.
    code, out, _ = run("bench", "--runs", "1", "--games", "2", "--players", "6", "--mode", "3v3", "--json")
    assert code == 0
    report = json.loads(out)
    assert report["options"] == {"mode": "3v3"}
    assert report["results"][0]["validated"] == 2 and report["results"][0]["invalid"] == 0
    code, out, _ = run("bench", "--runs", "1", "--games", "1", "--players", "5", "--reincarnation")
    assert code == 0 and "reincarnation=True" in out.splitlines()[0]
    code, _, err = run("bench", "--game", "dice", "--players", "3", "--reincarnation")
    assert code == 2 and "--reincarnation is not an option of sanguozhi/dice" in err
    code, _, err = run("bench", "--players", "5", "--mode", "3v3")
    assert code == 2 and "6" in err  # 3v3 is six players: the game's own check


def test_bench_rejects_bad_player_counts() -> None:
    assert run("bench", "--players", "3")[0] == 2
    assert run("bench", "--players", "four")[0] == 2


def test_bench_runs_each_command_as_often_as_told() -> None:
    code, out, _ = run("bench", "--runs", "1", "--games", "1", "--players", "4", "--json")
    assert code == 0 and json.loads(out)["runs"] == 1
    code, _, err = run("bench", "--runs", "0", "--players", "4")
    assert code == 2 and "--runs" in err


def test_the_readme_documents_every_bench_key() -> None:
    from dataclasses import fields

    from sgscore.bench import BenchReport, BenchRow

    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    section = readme.split("\n## sgs bench\n", 1)[1].split("\n## ", 1)[0]
    for f in (*fields(BenchReport), *fields(BenchRow)):
        assert f"`{f.name}`" in section, f"README 'sgs bench' does not document {f.name}"


# ---------------------------------------------------------------------------- a bug report
def test_a_crashed_game_is_shown_and_validated_as_the_readme_says(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """README "Reporting a bug": sim exits 1 and says so, show ends with the error, and the
    replay re-simulates to the same error (valid while the engine still has the fault)."""
    from typing import Any

    from sgscore.sanguosha import CARD_TYPES

    real, calls = CARD_TYPES["slash"].effect, [0]

    def broken(*args: Any, **kwargs: Any) -> Any:
        calls[0] += 1
        if calls[0] == 9:
            raise ZeroDivisionError("injected fault")
        return real(*args, **kwargs)

    # 杀's effect, which the rules call through its card type on either core (the compiled core
    # calls its own procedures directly: docs/architecture.md "Procedures are generators").
    monkeypatch.setattr(CARD_TYPES["slash"], "effect", broken)
    crash = tmp_path / "crash.mp"
    code, out, _ = run("sim", *BEGINNER, "--seed", "5", "-o", str(crash))
    assert code == 1 and "engine error: ZeroDivisionError: injected fault" in out
    calls[0] = 0
    code, out, _ = run("replay", "show", str(crash))
    assert code == 0
    assert out.splitlines()[-5].startswith(
        "Result: the engine stopped with an error after ")
    assert "ZeroDivisionError: injected fault" in out.splitlines()[-5]
    calls[0] = 0
    code, out, _ = run("replay", "validate", str(crash))
    assert code == 0 and out.startswith(f"{crash}: valid, ")
    monkeypatch.undo()
    code, out, _ = run("replay", "validate", str(crash))
    assert code == 1 and out.startswith(f"{crash}: invalid: record ")
