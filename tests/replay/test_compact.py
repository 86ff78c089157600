"""The compact file (no events) averages at most 8 bytes per decision, every record counted, for
5-player games with random generals; and the record encodings are as small as specified."""

from __future__ import annotations

import io

import msgpack

from sgscore.replay import record_game
from sgscore.sanguosha.config import Config


def _bytes_per_decision(config: Config, seeds: range) -> float:
    total = decisions = 0
    for seed in seeds:
        result = record_game(config, seed, io.BytesIO(), events=False)
        total += result.bytes
        decisions += result.decisions
    return total / decisions


def test_random_generals_at_most_8_bytes_per_decision() -> None:
    # The figure is over whole files, header and end included, dealt from the frozen pool
    # standard: a header names its pool, and a pool of generals added later is written out as
    # its ids, a few hundred bytes more in every file.
    assert _bytes_per_decision(Config(players=5, generals="random", pool="standard"),
                               range(30)) <= 8.0


def test_beginner_mode_at_most_8_bytes_per_decision() -> None:
    assert _bytes_per_decision(Config(players=5, generals=None), range(30)) <= 8.0


def test_record_encodings() -> None:
    buf = io.BytesIO()
    record_game(Config(players=5, generals=None), 1, buf, events=False)
    recs = list(msgpack.Unpacker(io.BytesIO(buf.getvalue()), raw=False))
    for r in recs[1:-1]:
        packed = msgpack.packb(r)
        if isinstance(r, int):  # a checkpoint: at most a uint16
            assert len(packed) <= 3
        else:  # a run of one seat's decisions: one array byte and one seat byte of overhead
            assert isinstance(r, list) and len(r) >= 2
            assert len(packed) == 2 + sum(len(msgpack.packb(c)) for c in r[1:])
