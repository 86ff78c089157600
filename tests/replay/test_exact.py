"""A replay is valid only if it is exactly what the engine writes for its decisions, and the
reader refuses every msgpack type the format never uses, everywhere (docs/replay-format.md,
"Validation" and "What a reader of untrusted files gets"; issue 18, classes 1-4).

- Class 1: an end record with an entry changed, added, removed or of another type validated
  (a forged ``scores`` on a game played without scoring showed "100 points").
- Classes 2 and 4: binary and extension values, floats and map keys of other types than strings
  passed the reader in map records, and JSON output then raised a traceback.
- Class 3: the compiled reader's catch-all raised ``TypeError`` on a binary key where the pure
  one said valid (``tests/test_exception_names.py``, ``tests/replay/test_both_cores.py``)."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from sgscore.fuzz import decode_records, encode_records
from sgscore.replay import ReplayError, export_replay, read_replay, validate_file
from sgscore.replay.errors import OutputError, json_text
from sgscore.replay.scan import scan_replay
from sgscore.sanguosha.config import Config

from hostile_examples import (
    EMPTY_BIN,
    EMPTY_EXT,
    Example,
    changed,
    forged_ends,
    game,
    unused_types,
)
from recorded import record_bytes


def sgs(*args: str) -> tuple[int, str, str]:
    """``sgs ARGS``: exit code, stdout, stderr; any exception but SystemExit propagates."""
    from cli.main import main

    r = CliRunner().invoke(main, list(args), prog_name="sgs")
    if r.exception is not None and not isinstance(r.exception, SystemExit):
        raise r.exception
    return r.exit_code, r.stdout, r.stderr


# ---------------------------------------------------------------------------- 1. exact
def test_the_game_itself_is_valid() -> None:
    assert validate_file(encode_records(game())).valid


@pytest.mark.parametrize("example", forged_ends(), ids=lambda e: e.name)
def test_a_forged_end_record_is_invalid_and_says_which_entry(example: Example) -> None:
    res = validate_file(example.data)
    assert not res.valid and res.error is not None
    assert res.error["record"] == example.record
    assert example.says in res.error["reason"], res.error["reason"]


def test_forged_scores_are_named_by_validate_and_never_shown_as_valid(tmp_path: Path) -> None:
    # The campaign's file: "scores": [100, 0, 0, 0] on a game played without scoring.
    example = forged_ends()[0]
    path = tmp_path / "forged.mp"
    path.write_bytes(example.data)
    code, out, err = sgs("replay", "validate", str(path))
    assert code == 1
    assert f"invalid: record {example.record}: end summary differs: the replay has an entry " \
           "'scores'" in out + err
    code, out, _ = sgs("replay", "validate", "--json", str(path))
    verdict = json.loads(out)
    assert code == 1 and verdict["valid"] is False and "'scores'" in verdict["error"]["reason"]


def test_a_game_with_scoring_validates_only_with_its_own_scores() -> None:
    data, _ = record_bytes(Config(players=5, generals=None, scoring=True, max_rounds=2), 3)
    recs = decode_records(data)
    assert "scores" in recs[-1] and validate_file(data).valid
    recs[-1]["scores"] = [s + 1 for s in recs[-1]["scores"]]
    res = validate_file(encode_records(recs))
    assert res.error is not None and "scores is" in res.error["reason"]
    del recs[-1]["scores"]
    res = validate_file(encode_records(recs))
    assert res.error is not None and "has no scores entry" in res.error["reason"]


def test_the_dice_games_own_entry_is_compared_too() -> None:
    from sgscore.dice.config import DiceConfig

    data, _ = record_bytes(DiceConfig(players=4, max_rounds=4), 2)
    recs = decode_records(data)
    assert "hp" in recs[-1] and validate_file(data).valid
    recs[-1]["hp"] = [h + 1 for h in recs[-1]["hp"]]
    res = validate_file(encode_records(recs))
    assert res.error is not None and "hp is" in res.error["reason"]
    recs[-1]["scores"] = [0] * 4
    del recs[-1]["hp"]
    res = validate_file(encode_records(recs))
    assert res.error is not None and "hp" in res.error["reason"]


def test_another_engines_file_is_compared_entry_for_entry_but_its_hash() -> None:
    # The final hash covers the engine version, so it is the one entry not compared.
    recs = [dict(r) if type(r) is dict else r for r in game()]
    recs[0]["e"] = "0.0.9"
    recs[-1]["h"] = "f" * 32
    res = validate_file(encode_records(recs))
    assert res.valid, res.error
    recs[-1]["scores"] = [1, 0, 0, 0]
    res = validate_file(encode_records(recs))
    assert res.error is not None and "'scores'" in res.error["reason"]


def test_readable_names_still_read_but_never_twice() -> None:
    recs = [dict(r) if type(r) is dict else r for r in game()]
    end = recs[-1]
    recs[-1] = {("winner" if k == "w" else "turns" if k == "tu" else k): v for k, v in end.items()}
    assert validate_file(encode_records(recs)).valid  # the models' populate_by_name
    recs[-1]["w"] = end["w"]
    with pytest.raises(ReplayError, match="given twice, as 'w' and as 'winner'"):
        read_replay(encode_records(recs))
    head = {**recs[0], "engine": recs[0]["e"]}
    with pytest.raises(ReplayError, match="record 0: Header: e: given twice"):
        read_replay(encode_records([head, *recs[1:]]))


# ---------------------------------------------------------------------------- 2, 4. types
@pytest.mark.parametrize("example", unused_types(), ids=lambda e: e.name)
def test_every_unused_type_is_refused_at_its_record(example: Example) -> None:
    with pytest.raises(ReplayError) as refused:
        read_replay(example.data)
    e = refused.value
    assert e.record == example.record, e
    assert example.says in e.reason and "\n" not in e.reason and len(e.reason) <= 300, e.reason
    res = validate_file(example.data)
    assert res.error == {"record": example.record, "reason": e.reason}
    with pytest.raises(ReplayError):
        scan_replay(example.data)


def test_the_reason_names_the_record_and_the_value() -> None:
    data, index = changed("end", "zz", EMPTY_BIN)
    res = validate_file(data)
    assert res.error == {"record": index, "reason": "end record: a binary value, which the "
                                                    "format never uses"}
    data, index = changed("unknown", EMPTY_BIN, 1)
    assert validate_file(data).error == {
        "record": index, "reason": "unknown record 'later': a map key that is a binary, which "
                                   "the format never uses (its map keys are strings)"}
    data, index = changed("config", "zz", 92.0)
    assert validate_file(data).error == {
        "record": 0, "reason": "header: a float value (92.0), which the format never uses"}
    data, index = changed("events", 3, 1)  # msgpack itself refuses it, in the same words
    reason = validate_file(data).error
    assert reason is not None and reason["reason"].endswith(
        "a map key that is an integer, which the format never uses (its map keys are strings))")


JSON_COMMANDS = [["replay", "validate", "--json", "{f}"], ["replay", "show", "--json", "{f}"],
                 ["replay", "export", "{f}"], ["replay", "export", "--events", "{f}"],
                 ["replay", "diff", "--json", "{f}", "{f}"],
                 ["replay", "step", "{f}", "--at", "0", "--json"],
                 ["replay", "html", "--json", "{f}"], ["replay", "resim", "{f}", "-o", "{o}"]]


@pytest.mark.parametrize("args", JSON_COMMANDS, ids=lambda a: " ".join(a[:3]))
def test_json_outputs_refuse_such_files_in_one_line(args: list[str], tmp_path: Path) -> None:
    # ext values and binary keys in the end record made these raise "Object of type bytes is not
    # JSON serializable" and "keys must be str" while validate called the file valid.
    for what, (key, value) in {"ext": ("zz", EMPTY_EXT), "key": (EMPTY_BIN, 1)}.items():
        data, index = changed("end", key, value)
        path = tmp_path / f"{what}.mp"
        path.write_bytes(data)
        code, out, err = sgs(*(a.format(f=path, o=tmp_path / "o.mp") for a in args))
        assert code == 1, (what, out, err)
        assert "Traceback" not in out + err
        if "validate" in args or "diff" in args:  # the verdict as JSON
            verdict = json.loads(out)
            error = verdict["error"] if "validate" in args else verdict["errors"][0]
            assert error["record"] == index and error["reason"].startswith("end record: ")
        else:
            assert f"record {index}: end record: " in err and len(err.splitlines()) == 1


def test_the_library_refuses_them_too() -> None:
    data, index = changed("end", "zz", [1, {"k": EMPTY_BIN}])
    for call in (read_replay, scan_replay, export_replay):
        with pytest.raises(ReplayError) as e:
            call(data)
        assert e.value.record == index


def test_json_has_a_last_line_of_defence() -> None:
    assert json_text({"a": [1, "三"], "b": None}) == '{"a":[1,"三"],"b":null}'
    for bad in ({"x": b""}, {b"": 1}, [float("nan")], {"x": {1, 2}}):
        with pytest.raises(OutputError) as e:
            json_text(bad)
        assert "\n" not in str(e.value) and "cannot be written as JSON" in str(e.value)


def test_a_reader_bug_that_lets_bytes_through_is_one_line_from_sgs(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    # As if the reader let a binary value through: the command says so in one line, exit 1.
    import cli.replay_cmd as replay_cmd
    from sgscore.replay.tools import header_json

    monkeypatch.setattr(replay_cmd, "header_json", lambda h: {**header_json(h), "x": b"\x00"})
    path = tmp_path / "game.mp"
    path.write_bytes(encode_records(game()))
    code, out, err = sgs("replay", "show", "--json", str(path))
    assert code == 1 and "Traceback" not in err
    assert err.startswith("error: the output cannot be written as JSON (TypeError")
    assert len(err.strip().splitlines()) == 1


def test_every_value_the_reader_gives_is_json(tmp_path: Path) -> None:
    # What a read replay holds, whatever the game, encodes as strict JSON.
    data, _ = record_bytes(Config(players=6, generals=None, scoring=True, max_rounds=2), 5,
                           events=True)
    r = read_replay(data)
    parts: list[Any] = [r.header.to_dict(), r.decisions, r.events, r.summary]
    json.dumps(parts, allow_nan=False)
    buf = io.StringIO()
    json.dump(export_replay(data, events=True), buf, allow_nan=False)
