"""Untrusted input: every corruption gives a ReplayError (or an invalid verdict) with a record index,
never another exception, in bounded time and memory."""

from __future__ import annotations

from typing import Any

import msgpack
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sgscore.replay import Limits, ReplayError, read_replay, resimulate, validate_file
from sgscore.sanguosha.config import Config

from recorded import record_bytes

pytestmark = pytest.mark.long  # started first (tests/conftest.py)


def _records(data: bytes) -> list[Any]:
    return list(msgpack.Unpacker(__import__("io").BytesIO(data), raw=False))


def _pack(records: list[Any]) -> bytes:
    return b"".join(msgpack.packb(r, use_bin_type=True) for r in records)


def _ends(data: bytes) -> list[int]:
    """Byte offset after each record."""
    u = msgpack.Unpacker(raw=False)
    u.feed(data)
    out = []
    for _ in u:
        out.append(u.tell())
    return out


def test_truncation_at_every_offset(small_replay: bytes) -> None:
    ends = _ends(small_replay)
    for cut in range(len(small_replay)):
        data = small_replay[:cut]
        whole = sum(1 for e in ends if e <= cut)
        if whole == 0:
            with pytest.raises(ReplayError) as exc:
                read_replay(data)
            assert exc.value.record == 0
            continue
        replay = read_replay(data)
        assert replay.truncated and replay.truncation is not None
        assert len(replay.records) == whole
        assert f"byte {ends[whole - 1]}" in replay.truncation or cut == ends[whole - 1]
        with pytest.raises(ReplayError) as exc2:
            resimulate(replay)
        assert exc2.value.record == whole
        game = resimulate(replay, allow_truncated=True)  # the prefix still re-simulates
        assert game.decisions == len(replay.decisions)


def test_truncated_file_validates_invalid_with_the_index(small_replay: bytes) -> None:
    ends = _ends(small_replay)
    for cut in ends[1:-1:3] + [e + 1 for e in ends[1:-1:5]]:
        res = validate_file(small_replay[:cut])
        whole = sum(1 for e in ends if e <= cut)
        assert not res.valid and res.truncated and res.error is not None
        assert res.error == {"record": whole, "reason": res.error["reason"]}
        assert "truncated" in res.error["reason"]


@settings(max_examples=150, deadline=None)
@given(st.binary(max_size=300))
def test_random_bytes(data: bytes) -> None:
    try:
        read_replay(data)
    except ReplayError as e:
        assert e.record >= 0 and "\n" not in e.reason
    res = validate_file(data)
    assert not res.valid and res.error is not None


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_flipped_bytes_in_the_body(small_replay: bytes, data: st.DataObject) -> None:
    header_end = _ends(small_replay)[0]
    pos = data.draw(st.integers(header_end, len(small_replay) - 1))
    flip = data.draw(st.integers(1, 255))
    bad = bytearray(small_replay)
    bad[pos] ^= flip
    res = validate_file(bytes(bad))
    assert not res.valid and res.error is not None and res.error["record"] >= 1


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_flipped_bytes_anywhere_never_raise(small_replay: bytes, data: st.DataObject) -> None:
    pos = data.draw(st.integers(0, len(small_replay) - 1))
    bad = bytearray(small_replay)
    bad[pos] ^= data.draw(st.integers(1, 255))
    res = validate_file(bytes(bad))
    assert res.valid or res.error is not None


def _header(small_replay: bytes) -> dict[str, Any]:
    h = _records(small_replay)[0]
    assert isinstance(h, dict)
    return h


@pytest.mark.parametrize(("key", "value"), [
    ("e", 5), ("g", None), ("r", "zz"), ("s", -1), ("s", "7"), ("c", [1]), ("ev", 1),
    ("a", 3), ("p", True),
])
def test_wrong_types_in_the_header(small_replay: bytes, key: str, value: object) -> None:
    recs = _records(small_replay)
    recs[0] = {**recs[0], key: value}
    with pytest.raises(ReplayError) as exc:
        read_replay(_pack(recs))
    assert exc.value.record == 0


@pytest.mark.parametrize("bad", [
    "str", None, True, 1.5, [], [True, 1], [300, None], [0, 1.5], [0, b"x"],
    {"t": 5}, {"t": "ev", "at": "0", "ev": []}, {"t": "ev", "at": 0, "ev": [[1, [], 0, None]]},
    {"t": "err", "kind": 1, "msg": "", "at": 0}, {"t": "end"}, {"t": "cp", "hash": "x"}, 70000,
])
def test_wrong_types_in_a_record(small_replay: bytes, bad: object) -> None:
    recs = _records(small_replay)
    recs.insert(2, bad)
    with pytest.raises(ReplayError) as exc:
        read_replay(_pack(recs))
    assert exc.value.record == 2


def test_unknown_version_is_refused_never_misread(small_replay: bytes) -> None:
    recs = _records(small_replay)
    recs[0] = {**recs[0], "version": 2}
    with pytest.raises(ReplayError) as exc:
        read_replay(_pack(recs))
    assert exc.value.record == 0
    assert exc.value.reason == "format version 2 is newer than this reader (1): upgrade sgscore"


def test_not_a_replay() -> None:
    with pytest.raises(ReplayError, match="not an sgscore replay"):
        read_replay(msgpack.packb({"format": "other", "version": 1}))
    with pytest.raises(ReplayError, match="empty"):
        read_replay(b"")


@pytest.mark.parametrize("blob", [
    b"\xdd\xff\xff\xff\xff",  # array of 2**32-1 items
    b"\xdf\xff\xff\xff\xff",  # map of 2**32-1 entries
    b"\xdb\xff\xff\xff\xff" + b"a" * 20,  # string of 4 GiB
    b"\xc6\xff\xff\xff\xff",  # binary of 4 GiB
    b"\xc9\xff\xff\xff\xff\x01",  # extension of 4 GiB
    b"\x92\x00\xdb\x7f\xff\xff\xff",  # a huge string inside a decisions record
    b"\x91" * 100_000 + b"\xc0",  # deep nesting
    b"\x91" * 100_000,  # deep nesting, cut short
    b"\xd6\xff\x00\x00\x00\x00",  # a timestamp extension
])
def test_huge_lengths_and_deep_nesting(small_replay: bytes, blob: bytes) -> None:
    ends = _ends(small_replay)
    data = small_replay[:ends[1]] + blob
    with pytest.raises(ReplayError) as exc:
        read_replay(data)
    assert exc.value.record == 2
    res = validate_file(data)
    assert not res.valid and res.error is not None and res.error["record"] == 2
    with pytest.raises(ReplayError) as exc0:  # the same in place of the header
        read_replay(blob)
    assert exc0.value.record == 0


def test_limits_bound_the_file_and_the_records(small_replay: bytes) -> None:
    with pytest.raises(ReplayError, match="over the limit"):
        read_replay(small_replay, limits=Limits(max_bytes=100))
    with pytest.raises(ReplayError, match="more than 3 records"):
        read_replay(small_replay, limits=Limits(max_records=3))


def test_data_after_the_end(small_replay: bytes) -> None:
    n = len(_records(small_replay))
    with pytest.raises(ReplayError) as exc:
        read_replay(small_replay + msgpack.packb([0, None]))
    assert exc.value.record == n and "after the end" in exc.value.reason


def test_illegal_decision() -> None:
    data, _ = record_bytes(Config(players=5, generals=None), 11)
    recs = _records(data)
    i = next(i for i, r in enumerate(recs) if isinstance(r, list))
    recs[i] = [recs[i][0], "no-such-choice"]
    res = validate_file(_pack(recs))
    assert not res.valid and res.error is not None and res.error["record"] == i
    assert "illegal" in res.error["reason"]
    recs = _records(data)
    recs[i] = [(recs[i][0] + 1) % 5] + recs[i][1:]
    res = validate_file(_pack(recs))
    assert res.error is not None and res.error["record"] == i and "asks seat" in res.error["reason"]


def test_checkpoint_and_summary_mismatch() -> None:
    data, _ = record_bytes(Config(players=5, generals=None), 12)
    recs = _records(data)
    i = next(i for i, r in enumerate(recs) if isinstance(r, int) and not isinstance(r, bool))
    recs[i] = (recs[i] + 1) % 65536
    res = validate_file(_pack(recs))
    assert res.error is not None and res.error["record"] == i and "checkpoint" in res.error["reason"]
    recs = _records(data)
    recs[-1] = {**recs[-1], "tu": recs[-1]["tu"] + 1}
    res = validate_file(_pack(recs))
    assert res.error is not None and res.error["record"] == len(recs) - 1
    assert "turns" in res.error["reason"]


def test_unknown_record_types_and_keys_are_skipped(small_replay: bytes) -> None:
    recs = _records(small_replay)
    recs.insert(2, {"t": "future", "x": 1})
    recs[0] = {**recs[0], "new_header_key": [1, 2]}
    res = validate_file(_pack(recs))
    assert res.valid, res.error
    assert any("unknown record type" in w for w in res.warnings)


def test_other_engine_version_resimulates_with_a_warning(small_replay: bytes) -> None:
    recs = _records(small_replay)
    recs[0] = {**recs[0], "e": "0.0.9"}
    res = validate_file(_pack(recs))
    assert res.valid and any("0.0.9" in w for w in res.warnings)
    from sgscore.replay import ReplayWarning

    with pytest.warns(ReplayWarning):
        resimulate(read_replay(_pack(recs)))


def test_missing_file() -> None:
    res = validate_file("/nonexistent/replay.sgr")
    assert not res.valid and res.error is not None and res.error["record"] == 0


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 50), data=st.data())
def test_lookahead_validation_finds_the_same_first_bad_record(seed: int, data: st.DataObject) -> None:
    """validate_file submits each decision knowing the next (Resimulator(lookahead=True)) and so
    holds checkpoints back a little; the verdict, record index and reason are those of the plain
    re-simulation (resimulate) for any one record changed."""
    raw, _ = record_bytes(Config(players=5, generals=None), seed)
    recs = _records(raw)
    i = data.draw(st.integers(1, len(recs) - 1), label="record")
    rec = recs[i]
    if isinstance(rec, list) and rec and isinstance(rec[0], int):  # a decisions record
        k = data.draw(st.integers(0, len(rec) - 1), label="field")
        rec = list(rec)
        rec[k] = data.draw(st.one_of(st.none(), st.integers(0, 6), st.just([0, 1])), label="value")
    elif isinstance(rec, int):  # a checkpoint
        rec = (rec + data.draw(st.integers(1, 9), label="delta")) % 65536
    else:
        rec = data.draw(st.integers(0, 65535), label="replacement")
    recs[i] = rec
    bad = _pack(recs)
    res = validate_file(bad)
    try:
        resimulate(read_replay(bad))
    except ReplayError as e:
        assert res.error == {"record": e.record, "reason": e.reason}
    else:
        assert res.valid, res.error
