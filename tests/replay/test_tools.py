"""sgscore.replay.tools: diff_replays, resim_file and export_replay on small recorded games."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import msgpack
import pytest

from sgscore import Config, new_game
from sgscore.agents import RandomAgent
from sgscore.core.protocol import normalize_choice
from sgscore.replay import (
    Decisions,
    ErrorRecord,
    Events,
    ReplayError,
    diff_replays,
    export_replay,
    read_replay,
    record_game,
    resim_file,
    validate_file,
)
from sgscore.sanguosha import CARD_TYPES, SPEC
from sgscore.sanguosha.game import ENGINE_VERSION

CFG = Config(players=4, generals=None)


def _rec(path: Path, seed: int = 3, *, events: bool = False, cfg: Config = CFG,
         agent_seed: int | None = None) -> Path:
    agents = None if agent_seed is None else [RandomAgent(agent_seed, s) for s in range(4)]
    record_game(cfg, seed, path, events=events, agents=agents)
    return path


def _records(data: bytes) -> list[Any]:
    return list(msgpack.Unpacker(io.BytesIO(data), raw=False, strict_map_key=False))


def _pack(records: list[Any]) -> bytes:
    return b"".join(msgpack.packb(r, use_bin_type=True) for r in records)


@pytest.fixture(scope="module")
def games(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    d = tmp_path_factory.mktemp("tools")
    return {
        "full": _rec(d / "full.mp", events=True),
        "compact": _rec(d / "compact.mp"),
        "seed4": _rec(d / "seed4.mp", seed=4),
        "agents": _rec(d / "agents.mp", agent_seed=99),
    }


# ---------------------------------------------------------------------------- diff
def test_a_replay_is_the_same_game_as_itself(games: dict[str, Path]) -> None:
    r = diff_replays(games["compact"], games["compact"])
    summary = read_replay(games["compact"]).summary
    assert summary is not None
    assert r.same and r.first_difference is None and r.header == [] and r.errors == []
    assert r.decisions == summary["decisions"] and r.events == summary["events"]


def test_compact_and_events_replays_of_one_game_are_the_same(games: dict[str, Path]) -> None:
    r = diff_replays(games["full"], games["compact"])
    assert r.same and r.first_difference is None
    assert r.header == [{"field": "events", "a": True, "b": False, "note": True}]


def test_different_seeds_differ_at_the_first_event(games: dict[str, Path]) -> None:
    r = diff_replays(games["full"], games["seed4"])
    assert not r.same
    assert {"field": "seed", "a": 3, "b": 4, "note": False} in r.header
    first = r.first_difference
    assert first is not None and first["kind"] == "event" and first["decision"] == -1  # the setup
    events = read_replay(games["full"]).events
    assert events is not None
    i = first["event"]
    assert first["a"] == [events[i][0], list(events[i][1]), events[i][2], list(events[i][3] or [])]
    assert first["a"] != first["b"]
    rec = read_replay(games["full"]).records[first["record_a"]]
    assert isinstance(rec, Events) and rec.at <= i < rec.at + len(rec.events)
    assert first["record_b"] == 0  # a compact file's setup events come from the header


def test_other_decisions_differ_at_the_first_decision(games: dict[str, Path]) -> None:
    a, b = read_replay(games["compact"]), read_replay(games["agents"])
    n = next(i for i, (x, y) in enumerate(zip(a.decisions, b.decisions, strict=False)) if x != y)
    r = diff_replays(games["compact"], games["agents"])
    first = r.first_difference
    assert not r.same and first is not None and first["kind"] == "decision"
    assert first["decision"] == n and r.decisions == n  # numbered from 0, as step --at n
    assert first["a"] == [a.decisions[n][0], _plain(a.decisions[n][1])]
    assert first["b"] == [b.decisions[n][0], _plain(b.decisions[n][1])]
    assert isinstance(a.records[first["record_a"]], Decisions)
    assert isinstance(b.records[first["record_b"]], Decisions)
    assert {h["field"] for h in r.header} <= {"agents"}


def _plain(v: Any) -> Any:
    return [_plain(x) for x in v] if isinstance(v, tuple | list) else v


def test_a_tampered_decision_makes_the_file_invalid_at_its_record(
    games: dict[str, Path], tmp_path: Path
) -> None:
    recs = _records(games["compact"].read_bytes())
    k = next(i for i, r in enumerate(recs) if isinstance(r, list) and i > 5)
    recs[k] = [recs[k][0], "not a choice"]
    bad = tmp_path / "bad.mp"
    bad.write_bytes(_pack(recs))
    r = diff_replays(games["compact"], bad)
    assert not r.same and r.first_difference is None
    assert r.errors == [{"file": str(bad), "record": k, "reason": r.errors[0]["reason"]}]
    assert "illegal" in r.errors[0]["reason"]


def test_a_truncated_file_differs_in_length(games: dict[str, Path], tmp_path: Path) -> None:
    data = games["compact"].read_bytes()
    cut = tmp_path / "cut.mp"
    cut.write_bytes(data[: len(data) // 2])
    r = diff_replays(games["compact"], cut)
    first = r.first_difference
    assert not r.same and r.errors == [] and first is not None and first["kind"] == "length"
    assert first["b"] is None and first["a"] is not None
    assert any("truncated" in n for n in r.notes)


def _other_engine(src: Path, dst: Path, version: str = "0.0.9") -> Path:
    recs = _records(src.read_bytes())
    recs[0]["e"] = version
    recs[-1]["h"] = "0" * 32  # that engine's final hash: the state hash includes its version
    dst.write_bytes(_pack(recs))
    return dst


def test_another_engine_version_is_a_note(games: dict[str, Path], tmp_path: Path) -> None:
    old = _other_engine(games["full"], tmp_path / "old.mp")
    # Validation re-simulates it with a warning: every record is checked but the final state
    # hash, which covers the engine version (docs/replay-format.md, "End").
    res = validate_file(old)
    assert res.valid and any("0.0.9" in w for w in res.warnings)
    r = diff_replays(old, games["compact"])
    assert r.same and r.errors == []
    assert {"field": "engine", "a": "0.0.9", "b": ENGINE_VERSION, "note": True} in r.header
    assert any("hashes are not compared" in n for n in r.notes)
    assert any("0.0.9" in n for n in r.notes)


def test_diff_never_raises_for_bad_input(tmp_path: Path, games: dict[str, Path]) -> None:
    junk = tmp_path / "junk.mp"
    junk.write_bytes(bytes(range(256)) * 4)
    for other in (junk, tmp_path / "missing.mp", tmp_path):
        r = diff_replays(games["compact"], other)
        assert not r.same and len(r.errors) == 1 and r.errors[0]["record"] == 0


# ---------------------------------------------------------------------------- resim
def test_resim_adds_events_byte_for_byte(games: dict[str, Path], tmp_path: Path) -> None:
    out = tmp_path / "re.mp"
    res = resim_file(games["compact"], out, events=True)
    assert out.read_bytes() == games["full"].read_bytes()
    assert res.events and res.error is None and res.bytes == out.stat().st_size
    assert validate_file(out).valid
    assert diff_replays(out, games["compact"]).same
    resim_file(out, out, events=False)  # in place, and back to compact
    assert out.read_bytes() == games["compact"].read_bytes()


def test_resim_brings_a_replay_to_this_engine(games: dict[str, Path], tmp_path: Path) -> None:
    old = _other_engine(games["compact"], tmp_path / "old.mp")
    res = resim_file(old, tmp_path / "now.mp")
    assert any("0.0.9" in w for w in res.warnings)
    assert (tmp_path / "now.mp").read_bytes() == games["compact"].read_bytes()


def test_resim_stops_where_the_engines_part_and_writes_nothing(
    games: dict[str, Path], tmp_path: Path
) -> None:
    recs = _records(games["full"].read_bytes())
    k = next(i for i, r in enumerate(recs) if isinstance(r, list) and i > 5)
    recs[k] = [(recs[k][0] + 1) % 4, *recs[k][1:]]  # another seat decides
    bad = tmp_path / "bad.mp"
    bad.write_bytes(_pack(recs))
    out = tmp_path / "out.mp"
    with pytest.raises(ReplayError) as e:
        resim_file(bad, out, events=False)
    assert e.value.record == k and "seat" in e.value.reason
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bad.mp"]
    before = bad.read_bytes()
    with pytest.raises(ReplayError):
        resim_file(bad, bad)
    assert bad.read_bytes() == before


def test_resim_of_a_truncated_replay_is_truncated_at_the_same_decision(
    games: dict[str, Path], tmp_path: Path
) -> None:
    # A crash's replay, or one cut by `sgs replay shrink`, brought to this engine (with events)
    cut = tmp_path / "cut.mp"
    cut.write_bytes(games["compact"].read_bytes()[:-30])
    out = tmp_path / "out.mp"
    res = resim_file(cut, out, events=True)
    src, new = read_replay(cut), read_replay(out)
    assert res.truncated and new.truncated and new.summary is None
    assert new.decisions == src.decisions and res.decisions == len(src.decisions)
    assert new.header.events and new.events


def _break_slash(monkeypatch: pytest.MonkeyPatch, n: int) -> list[int]:
    real = CARD_TYPES["slash"].effect
    calls = [0]

    def broken(*args: Any, **kwargs: Any) -> Any:
        calls[0] += 1
        if calls[0] == n:
            raise ZeroDivisionError(f"injected failure in slash #{n}")
        return real(*args, **kwargs)

    # 杀's effect, which the rules call through its card type on either core (the compiled core
    # calls its own procedures directly: docs/architecture.md "Procedures are generators").
    monkeypatch.setattr(CARD_TYPES["slash"], "effect", broken)
    return calls


def test_resim_reproduces_an_engine_error(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    calls = _break_slash(monkeypatch, 6)
    src = _rec(tmp_path / "crash.mp", seed=21, cfg=Config(players=5, generals=None))
    before = read_replay(src)
    assert isinstance(before.error, ErrorRecord) and before.error.at > 0
    calls[0] = 0
    out = tmp_path / "crash-ev.mp"
    res = resim_file(src, out, events=True)
    assert res.error == {"kind": "ZeroDivisionError", "msg": "injected failure in slash #6",
                         "at": before.error.at}
    after = read_replay(out)
    k = after.records.index(before.error)
    assert all(isinstance(r, Events) for r in after.records[k + 1:-1])  # then only events, end
    assert after.error == before.error and after.end is after.records[-1]
    assert after.decisions == before.decisions and after.summary == before.summary
    calls[0] = 0
    assert validate_file(out).valid
    monkeypatch.undo()  # this engine without the fault does not raise: the engines part
    with pytest.raises(ReplayError, match="did not raise"):
        resim_file(src, tmp_path / "x.mp")


# ---------------------------------------------------------------------------- export
def test_export_round_trip(games: dict[str, Path]) -> None:
    data = export_replay(games["compact"], events=True)
    h = data["header"]
    assert set(data) == {"header", "decisions", "events", "summary", "error", "truncated",
                         "suspended", "warnings"}
    assert data["suspended"] is None
    assert h["seed"] == 3 and h["config"] == SPEC.full_config({"players": 4, "generals": None})
    game = new_game(Config.from_dict(h["config"]), h["seed"])
    for seat, choice in data["decisions"]:
        assert game.pending is not None and game.pending.seat == seat
        game.submit(normalize_choice(choice))
    assert game.over and game.summary() == data["summary"]
    assert data["events"] == export_replay(games["full"], events=True)["events"]
    assert data["events"][0][0] == "setup" and len(data["events"]) == data["summary"]["events"]
    assert export_replay(games["full"])["events"] is None
    assert data["error"] is None and data["truncated"] is False


def test_export_of_a_truncated_file(games: dict[str, Path]) -> None:
    data = games["compact"].read_bytes()
    out = export_replay(data[: len(data) // 2], events=True)
    assert out["truncated"] and out["summary"] is None and out["decisions"]
    with pytest.raises(ReplayError) as e:
        export_replay(b"")
    assert e.value.record == 0
