"""sgscore.replay.shrink: a replay that shows something (a death, a 杀 of seat 2, an engine error)
shrinks to fewer decisions that still show it, through the game interface, for both games."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from sgscore import Config
from sgscore.core.protocol import PickRequest, SubsetRequest
from sgscore.dice import DiceConfig
from sgscore.dice.generals.huatuo import Qingnang
from sgscore.replay import ReplayError, export_replay, read_replay, start_game, validate_file
from sgscore.replay.shrink import NothingToShrink, ShrinkStep, shrink_replay, simple_choices

from recorded import record_bytes

Events = list[list[Any]]
Condition = Callable[[Events], bool]

IDENTITY = Config(players=4, generals=None, max_rounds=3)  # seed 2: 46 decisions, 4 杀 of seat 2
DICE = DiceConfig(players=3)  # seed 1: 26 decisions, a death


def dies(events: Events) -> bool:
    return any(e[0] == "death" for e in events)


def seat_2_slashes(events: Events) -> bool:
    return any(e[0] == "use" and e[1][0] == 2 and e[1][1] == "slash" for e in events)


def on_file(cond: Condition, seen: list[str] | None = None) -> Callable[[str], bool]:
    """The predicate on a replay file: ``cond`` of its events (``sgs replay export --events``)."""
    def until(path: str) -> bool:
        if seen is not None:
            seen.append(path)
        return cond(export_replay(path, events=True)["events"])
    return until


def events_after(data: bytes, k: int) -> Events:
    """The events of the game of ``data`` after its first ``k`` decisions, re-simulated here
    (independently of the shrinker), as lists like the export's."""
    rp = read_replay(data)
    game = start_game(rp.header)
    for _, choice in rp.decisions[:k]:
        game.submit(choice)
    return [[kind, list(args), mask, hidden] for kind, args, mask, hidden in game.events]


def holds_and_validates(path: Path) -> None:
    """``path`` validates, or is a truncated replay whose every record holds."""
    res = validate_file(path)
    if not res.valid:
        assert res.truncated and res.error is not None, res.error
        assert res.error["reason"].startswith("truncated:"), res.error


@pytest.mark.parametrize(("config", "seed", "cond"), [
    (IDENTITY, 2, seat_2_slashes), (IDENTITY, 2, dies), (DICE, 1, dies),
], ids=["identity-slash", "identity-death", "dice-death"])
def test_shrinks_to_fewer_decisions_that_still_hold(
    tmp_path: Path, config: object, seed: int, cond: Condition
) -> None:
    data, rec = record_bytes(config, seed, events=True)
    assert cond(export_replay(data, events=True)["events"])
    out = tmp_path / "small.mp"
    steps: list[ShrinkStep] = []
    res = shrink_replay(data, on_file(cond), out, on_progress=steps.append)
    assert res.before == rec.decisions and res.after < res.before and not res.exhausted
    assert res.steps == steps and steps and steps[-1].decisions == res.after
    assert on_file(cond)(str(out))
    holds_and_validates(out)
    small, orig = read_replay(out), read_replay(data)
    assert len(small.decisions) == res.after and out.stat().st_size == res.bytes
    assert (small.header.game, small.header.seed, small.header.config) == \
        (orig.header.game, orig.header.seed, orig.header.config)
    # 1-minimal for cutting the tail: one decision fewer no longer shows it
    assert res.after > 0 and not cond(events_after(out.read_bytes(), res.after - 1))


def test_the_same_source_and_answers_give_the_same_bytes(tmp_path: Path) -> None:
    data, _ = record_bytes(IDENTITY, 2, events=False)
    a, b = tmp_path / "a.mp", tmp_path / "b.mp"
    ra = shrink_replay(data, on_file(seat_2_slashes), a)
    rb = shrink_replay(data, on_file(seat_2_slashes), b)
    assert a.read_bytes() == b.read_bytes()
    assert {**ra.to_json(), "out": ""} == {**rb.to_json(), "out": ""}
    assert read_replay(a).header.events is False  # as the source: a compact replay stays one


def test_max_tests_is_respected(tmp_path: Path) -> None:
    data, _ = record_bytes(DICE, 1, events=True)
    calls: list[str] = []
    res = shrink_replay(data, on_file(dies, calls), tmp_path / "small.mp", max_tests=4)
    assert len(calls) == res.tests == 4 and res.exhausted
    assert res.after <= res.before and on_file(dies)(str(tmp_path / "small.mp"))


def test_a_predicate_the_source_fails_is_refused(tmp_path: Path) -> None:
    data, _ = record_bytes(DICE, 1, events=True)
    calls: list[str] = []
    with pytest.raises(NothingToShrink):
        shrink_replay(data, on_file(lambda evs: False, calls), tmp_path / "small.mp")
    assert len(calls) == 1 and not (tmp_path / "small.mp").exists()
    assert os.listdir(tmp_path) == []
    with pytest.raises(ValueError, match="max_tests"):
        shrink_replay(data, on_file(dies), tmp_path / "small.mp", max_tests=0)


def test_a_bad_source_is_a_replay_error(tmp_path: Path) -> None:
    data, _ = record_bytes(DICE, 1, events=True)
    with pytest.raises(ReplayError, match="record 0"):
        shrink_replay(b"not a replay", on_file(dies), tmp_path / "x.mp")
    with pytest.raises(ReplayError, match="record 0"):
        shrink_replay(tmp_path / "missing.mp", on_file(dies), tmp_path / "x.mp")
    assert not (tmp_path / "x.mp").exists()


def test_candidates_are_named_like_out_and_removed(tmp_path: Path) -> None:
    data, _ = record_bytes(DICE, 1, events=True)
    seen: list[str] = []
    shrink_replay(data, on_file(dies, seen), tmp_path / "small.mp", max_tests=5)
    assert {os.path.basename(p) for p in seen} == {"small.mp"}
    assert all(not os.path.exists(os.path.dirname(p)) for p in seen)
    assert sorted(os.listdir(tmp_path)) == ["small.mp"]


def test_a_test_budget_of_one_writes_the_source_as_recorded(tmp_path: Path) -> None:
    # The candidates are written as record_game writes a game: the source itself, re-recorded
    # by the same engine, is the same bytes.
    for config, seed, events in ((IDENTITY, 2, True), (IDENTITY, 5, False), (DICE, 3, True)):
        data, _ = record_bytes(config, seed, events=events)
        out = tmp_path / "same.mp"
        res = shrink_replay(data, lambda path: True, out, max_tests=1)
        assert out.read_bytes() == data and res.after == res.before and res.exhausted


def test_a_predicate_that_always_holds_leaves_no_decisions(tmp_path: Path) -> None:
    data, _ = record_bytes(DICE, 2, events=True)
    out = tmp_path / "empty.mp"
    res = shrink_replay(data, lambda path: True, out)
    assert res.after == 0 and res.truncated and res.steps[0].move == "cut"
    assert read_replay(out).decisions == [] and read_replay(out).truncated
    holds_and_validates(out)


def test_a_truncated_source_is_shrunk_as_far_as_it_goes(tmp_path: Path) -> None:
    data, rec = record_bytes(IDENTITY, 2, events=True)
    cut = data[: len(data) * 3 // 4]
    res = shrink_replay(cut, on_file(seat_2_slashes), tmp_path / "small.mp")
    assert 0 < res.before < rec.decisions and res.after <= res.before
    assert any("truncated" in w for w in res.warnings)
    assert on_file(seat_2_slashes)(str(tmp_path / "small.mp"))


def test_a_crash_replay_keeps_its_error_record(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """A fault in a general's skill (interpreted on both cores, the rules calling it either
    way): 华佗's 青囊 raises at the start of his turn."""

    def turn_start(self: Any, g: Any, owner: Any) -> Any:
        raise ZeroDivisionError("injected fault in Green Satchel")
        yield  # a procedure, as the hook it replaces

    monkeypatch.setattr(Qingnang, "turn_start", turn_start)
    data, rec = record_bytes(DICE, 7, events=True)
    assert rec.error is not None and rec.error.kind == "ZeroDivisionError"

    def crashes(path: str) -> bool:
        err = export_replay(path)["error"]
        return err is not None and err["kind"] == "ZeroDivisionError"

    out = tmp_path / "crash.mp"
    res = shrink_replay(data, crashes, out)
    assert res.after <= res.before == rec.decisions
    assert res.error is not None and res.error["at"] == res.after and not res.truncated
    small = read_replay(out)
    assert small.error is not None and small.error.msg == "injected fault in Green Satchel"
    assert small.end is not None and validate_file(out).valid  # the fault is still there
    monkeypatch.undo()
    assert not validate_file(out).valid  # without it, the error does not reproduce


def test_simple_choices_follow_the_fixed_order() -> None:
    assert simple_choices(PickRequest(0, "invoke", (True, False))) == (False, True)
    assert simple_choices(PickRequest(0, "respond", (None, 38, ("eight_diagram",)))) == (None,)
    assert simple_choices(PickRequest(0, "target", (3, 1))) == (3,)
    assert simple_choices(PickRequest(0, "target", (0, False))) == (False, 0)
    assert simple_choices(SubsetRequest(0, "reroll", (4, 2), 0, 2)) == ((),)
    assert simple_choices(SubsetRequest(0, "discard", (4, 2, 9), 2, 2)) == ((2, 4),)
