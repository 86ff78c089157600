"""Hostile replays, one test per failure class found by fuzzing (docs/replay-format.md, "Limits"):
each gives a one-line verdict with the right record index, in bounded time and memory, and never
another exception or a traceback."""

from __future__ import annotations

import io
import os
from pathlib import Path
from typing import Any

import msgpack
import pytest

from sgscore.replay import ReplayError, read_replay, resimulate, validate_file
from sgscore.replay.errors import ReplayError as _ReplayError
from sgscore.replay.reader import Limits, RecordReader
from sgscore.sanguosha.config import Config

from recorded import record_bytes


def run(*args: str) -> tuple[int, str, str]:
    """``sgs ARGS``: exit code, stdout, stderr; any exception but SystemExit propagates."""
    from click.testing import CliRunner

    from cli.main import main

    r = CliRunner().invoke(main, list(args), prog_name="sgs")
    if r.exception is not None and not isinstance(r.exception, SystemExit):
        raise r.exception
    return r.exit_code, r.stdout, r.stderr


def _records(data: bytes) -> list[Any]:
    return list(msgpack.Unpacker(io.BytesIO(data), raw=False))


def _pack(records: list[Any]) -> bytes:
    return b"".join(msgpack.packb(r, use_bin_type=True) for r in records)


def _nest(value: Any, levels: int) -> Any:
    for _ in range(levels):
        value = [value]
    return value


@pytest.fixture(scope="module")
def game() -> bytes:
    data, result = record_bytes(Config(players=5, generals=None), 11)
    assert result.error is None
    return data


def _first(recs: list[Any], kind: type) -> int:
    return next(i for i, r in enumerate(recs) if i > 0 and type(r) is kind)


# ---------------------------------------------------------------------------- 1. deep values
@pytest.mark.parametrize("levels", [40, 500, 1000])
def test_a_deep_choice_is_refused_at_its_record(game: bytes, levels: int) -> None:
    recs = _records(game)
    i = _first(recs, list)
    recs[i] = [recs[i][0], _nest(1, levels)]
    bad = _pack(recs)
    res = validate_file(bad)
    assert not res.valid and res.error is not None and res.error["record"] == i
    assert "nests deeper than 32" in res.error["reason"]
    with pytest.raises(ReplayError) as e:
        read_replay(bad)
    assert e.value.record == i


@pytest.mark.parametrize("key", ["t", "at", "ev", "zz"])
def test_a_deep_value_in_a_map_record_is_refused(game: bytes, key: str) -> None:
    # An events record's 't', 'at' or events, or an unknown key: reprs and recursion used to fail.
    recs = _records(game)
    i = _first(recs, int)
    recs.insert(i, {"t": "ev", "at": 0, "ev": [], key: _nest(0, 900)})
    res = validate_file(_pack(recs))
    assert res.error is not None and res.error["record"] == i
    assert "nest deeper than 32" in res.error["reason"]


def test_an_end_record_with_a_deep_unknown_entry_is_refused(game: bytes) -> None:
    recs = _records(game)
    recs[-1] = {**recs[-1], "extra": _nest("x", 1000)}
    bad = _pack(recs)
    res = validate_file(bad)
    assert res.error is not None and res.error["record"] == len(recs) - 1
    with pytest.raises(ReplayError):
        resimulate(read_replay(bad))


def test_a_deep_header_gives_a_short_one_line_reason(game: bytes) -> None:
    recs = _records(game)
    for field in ("format", "version", "c", "e"):
        head = dict(recs[0])
        head[field] = _nest({"k": "v" * 50}, 1000)
        res = validate_file(_pack([head, *recs[1:]]))
        assert res.error is not None and res.error["record"] == 0
        reason = res.error["reason"]
        assert "\n" not in reason and len(reason) <= _ReplayError.MAX_REASON, reason


def test_show_and_step_of_a_deep_value_say_one_line(game: bytes, tmp_path: Path) -> None:
    recs = _records(game)
    i = _first(recs, list)
    recs[i] = [recs[i][0], _nest(1, 1000)]
    path = tmp_path / "deep.mp"
    path.write_bytes(_pack(recs))
    for args in (["replay", "show", str(path)], ["replay", "step", str(path), "--at", "0"]):
        code, out, err = run(*args)
        assert code == 1 and "Traceback" not in out + err
        assert f"record {i}: " in err and len(err.strip().splitlines()) == 1


def test_every_reason_is_one_short_line() -> None:
    e = _ReplayError(3, "a\nlong\treason " + "x" * 1000)
    assert "\n" not in e.reason and len(e.reason) == _ReplayError.MAX_REASON
    assert e.reason.endswith("...") and str(e).startswith("record 3: a long reason")


# ---------------------------------------------------------------------------- 2. budgets
def test_checkpoints_in_a_row_are_capped(game: bytes) -> None:
    # 999k repeated checkpoints used to validate as valid in seconds: records in a row without a
    # decision are limited (a writer writes at most an events record and a checkpoint each).
    recs = _records(game)
    i = _first(recs, int)
    n = Limits().max_between
    ok = recs[:i] + [recs[i]] * n + recs[i + 1:]
    assert validate_file(_pack(ok)).valid
    bad = recs[:i] + [recs[i]] * (n + 1) + recs[i + 1:]
    res = validate_file(_pack(bad))
    assert res.error is not None and res.error["record"] == i + n
    assert "without a decision" in res.error["reason"]


def test_full_checkpoints_in_a_row_cost_one_hash(game: bytes, pure_core: None,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    # Counted, not timed: 200 full hashes in a row are one hash of the position, however loaded
    # the machine (each would cost ~10 ms without the cache).
    from sgscore.replay import start_game
    from sgscore.sanguosha.game import Game

    recs = _records(game)
    i = _first(recs, int)
    assert validate_file(game).valid
    h = start_game(read_replay(game).header).state_hash()
    many = recs[:i] + [{"t": "cp", "hash": h}] * 200 + recs[i:]
    hashed: list[int] = []
    original = Game.state_hash

    def counted(self: Game) -> str:
        hashed.append(self.decisions)
        return original(self)

    monkeypatch.setattr(Game, "state_hash", counted)
    assert validate_file(_pack(many)).valid
    assert hashed.count(0) == 1
    assert len(hashed) == len(set(hashed))  # never twice at one position


def test_unknown_records_are_counted_not_each_kept(game: bytes) -> None:
    recs = _records(game)
    i = _first(recs, list)
    many: list[Any] = []
    for r in recs[1:]:
        many.append(r)
        if type(r) is list:
            many += [{"t": "later", "n": k} for k in range(50)]
    res = validate_file(_pack([recs[0], *many]))
    assert res.valid, res.error
    skipped = [w for w in res.warnings if "unknown record type" in w]
    assert len(skipped) == Limits().max_warnings
    assert any(w.endswith("more unknown records skipped") for w in res.warnings)
    assert i > 0


# ---------------------------------------------------------------------------- 3. exact types
def _bool_for_int(choice: Any) -> Any:
    """``choice`` with its first 1 (or 0) replaced by True (or False), or None if it has none."""
    if type(choice) is int and choice in (0, 1):
        return bool(choice)
    if isinstance(choice, list):
        for k, x in enumerate(choice):
            y = _bool_for_int(x)
            if y is not None:
                return [*choice[:k], y, *choice[k + 1:]]
    return None


def test_a_bool_never_passes_for_a_seat_or_card_id() -> None:
    # [12, 1] rewritten as [12, true] used to validate: True == 1 in Python.
    for seed in range(1, 40):
        data, _ = record_bytes(Config(players=5), seed)
        recs = _records(data)
        for i, r in enumerate(recs):
            if type(r) is list and i > 0:
                for k in range(1, len(r)):
                    bad_choice = _bool_for_int(r[k])
                    if bad_choice is None or isinstance(r[k], bool):
                        continue
                    bad = list(recs)
                    bad[i] = [*r[:k], bad_choice, *r[k + 1:]]
                    res = validate_file(_pack(bad))
                    assert not res.valid and res.error is not None, (seed, i, r[k])
                    assert res.error["record"] == i
                    return
    raise AssertionError("no decision with a 0 or 1 in 40 games")


def test_an_event_with_a_bool_for_an_int_differs() -> None:
    data, _ = record_bytes(Config(players=4, generals=None, max_rounds=2), 7, events=True)
    recs = _records(data)
    for i, r in enumerate(recs):
        if isinstance(r, dict) and r.get("t") == "ev":
            for e in r["ev"]:
                args = e[1]
                k = next((k for k, a in enumerate(args) if type(a) is int and a in (0, 1)), None)
                if k is None:
                    continue
                args[k] = bool(args[k])
                res = validate_file(_pack(recs))
                assert not res.valid and res.error is not None and res.error["record"] == i
                assert "differs" in res.error["reason"] and "False" in res.error["reason"]
                return
    raise AssertionError("no event with a 0 or 1")


# ---------------------------------------------------------------------------- 5. a growing file
def test_a_file_is_read_as_it_was_when_opened(game: bytes, tmp_path: Path) -> None:
    path = tmp_path / "growing.mp"
    half = len(game) // 2
    path.write_bytes(game[:half])
    with RecordReader(path) as rd:
        with open(path, "ab") as f:
            f.write(game[half:])  # the rest arrives while the file is read
        list(rd)
        assert rd.truncated and rd.size == half
        assert f"byte {half}" in (rd.truncation or "")
    with RecordReader(path) as rd:
        list(rd)
        assert not rd.truncated and rd.end is not None


# ---------------------------------------------------------------------------- 6. odd files
@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this platform")
def test_a_fifo_is_refused_without_waiting(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.mp"
    os.mkfifo(fifo)
    res = validate_file(fifo)  # opening a FIFO would wait for a writer forever
    assert res.error is not None and "pipe (FIFO)" in res.error["reason"]
    code, out, err = run("replay", "show", str(fifo))
    assert code == 1 and "pipe (FIFO)" in err


# ---------------------------------------------------------------------------- 2. memory
def _many_choices(game: bytes, records: int) -> bytes:
    """``game`` with ``records`` decisions records of 10,000 choices each (an array of 8
    integers) before its end: the fuzzing campaign's 59 MB file, smaller and within the reader's
    100,000 decisions (show and export read it through before they re-simulate it, which
    refuses it at its first decision)."""
    recs = _records(game)
    head = {**recs[0], "ev": True}
    big = [0] + [[1] * 8] * 10_000
    return _pack([head, *[big] * records, recs[-1]])


@pytest.mark.parametrize("args", [["replay", "show", "{f}"], ["replay", "show", "{f}", "--json"],
                                  ["replay", "export", "{f}", "-o", "{o}"],
                                  ["replay", "step", "{f}", "--at", "0"]])
def test_commands_hold_no_whole_file(game: bytes, tmp_path: Path, args: list[str]) -> None:
    # show and step held every record (~500 MB for 59 MB); export built the whole JSON.
    import tracemalloc

    path = tmp_path / "many.mp"
    path.write_bytes(_many_choices(game, 10))  # 100,000 choices
    out = tmp_path / "out.json"
    tracemalloc.start()
    try:
        code, _, err = run(*(a.format(f=path, o=out) for a in args))
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert code in (0, 1) and "Traceback" not in err
    assert peak < 6 << 20, f"{peak >> 20} MiB"  # holding the choices takes over 20 MiB
    if "export" in args:  # re-simulated, it is refused at its first decision, writing nothing
        assert code == 1 and not out.exists()
        assert err.splitlines()[-1].startswith(f"error: {path}: record 1: decision 0")
