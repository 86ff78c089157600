"""Write -> read -> re-simulate is the identity; the same seed gives byte-identical files."""

from __future__ import annotations

import io

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sgscore.agents import RandomAgent, play
from sgscore.replay import (
    FORMAT_NAME,
    FORMAT_VERSION,
    Checkpoint,
    Decisions,
    End,
    ReplayWriter,
    make_header,
    read_replay,
    record_game,
    resimulate,
    validate_file,
)
from sgscore.sanguosha.config import Config
from sgscore.sanguosha.game import Game

from recorded import record_bytes


def _played(config: Config, seed: int) -> tuple[Game, list[tuple[int, object]]]:
    game = Game(config, seed)
    decisions: list[tuple[int, object]] = []
    play(game, [RandomAgent(seed, s) for s in range(config.players)],
         lambda seat, choice: decisions.append((seat, choice)))
    return game, decisions


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**64 - 1), players=st.integers(4, 10), events=st.booleans())
def test_write_read_resimulate_is_identity(seed: int, players: int, events: bool) -> None:
    config = Config(players=players, generals=None, max_rounds=4)
    data, result = record_bytes(config, seed, events)
    game, decisions = _played(config, seed)
    replay = read_replay(data)
    assert not replay.truncated and replay.end is not None
    assert replay.decisions == decisions
    assert replay.summary == game.summary() == result.summary
    if events:
        assert replay.events == game.events
    else:
        assert replay.events is None
    again = resimulate(replay)
    assert again.state_hash() == game.state_hash()
    assert again.events == game.events
    check = validate_file(data)
    assert check.valid and check.decisions == len(decisions) and check.turns == game.turn_no


def test_same_seed_same_bytes(tmp_path: object) -> None:
    config = Config(players=6, generals=None)
    a, _ = record_bytes(config, 42, events=True)
    b, _ = record_bytes(config, 42, events=True)
    assert a == b
    c, _ = record_bytes(config, 43, events=True)
    assert a != c


def test_writer_from_decisions_gives_the_same_bytes() -> None:
    """Replaying recorded decisions through ReplayWriter by hand reproduces record_game's file."""
    config = Config(players=5, generals=None)
    data, _ = record_bytes(config, 5, events=False)
    replay = read_replay(data)
    buf = io.BytesIO()
    game = Game(config, 5)
    with ReplayWriter(buf, make_header(config, 5, ["random"] * 5), events=False) as w:
        turn = -1
        for seat, choice in replay.decisions:
            if game.turn_no != turn:
                w.checkpoint(game)
                turn = game.turn_no
            w.decision(seat, choice)
            game.submit(choice)
        w.end(game)
    assert buf.getvalue() == data


def test_header_and_end_readable_without_the_game(compact_replay: bytes) -> None:
    replay = read_replay(compact_replay)
    h = replay.header
    assert (h.format, h.version, h.game) == (FORMAT_NAME, FORMAT_VERSION, "sanguosha/identity")
    assert h.agents == "random" and h.events is False
    assert isinstance(replay.end, End)
    s = replay.summary
    assert s is not None and s["decisions"] == len(replay.decisions) and len(s["hash"]) == 32
    assert set(s) >= {"winner", "reason", "turns", "rounds", "events", "roles", "generals", "alive"}


def test_runs_group_one_seat_and_turns_start_with_a_checkpoint(compact_replay: bytes) -> None:
    replay = read_replay(compact_replay)
    body = replay.records[1:-1]
    assert isinstance(body[0], Checkpoint)
    for prev, rec in zip(body, body[1:], strict=False):
        if isinstance(prev, Decisions) and isinstance(rec, Decisions):
            assert prev.seat != rec.seat  # a run ends only when another seat decides


def test_record_game_to_path(tmp_path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "g.sgr"
    result = record_game(Config(players=4, generals=None), 9, path, events=False)
    assert path.stat().st_size == result.bytes
    check = validate_file(path)
    assert check.valid and check.bytes == result.bytes and check.file == str(path)
    assert check.to_json()["valid"] is True


def test_make_header_takes_one_description_for_every_seat() -> None:
    assert make_header(Config(players=4), 1, "random").agents == "random"
    assert make_header(Config(players=4), 1, ["random"] * 4).agents == "random"
    assert make_header(Config(players=4), 1, ["a", "b", "a", "a"]).agents == ["a", "b", "a", "a"]
