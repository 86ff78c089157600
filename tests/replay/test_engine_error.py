"""A game in which the engine raises ends its replay in an error record, and validating the replay
reproduces the same error at the same decision count."""

from __future__ import annotations

from typing import Any

import pytest

import sgscore.sanguosha.identity as identity
import sgscore.sanguosha.rules as rules
from sgscore.replay import ErrorRecord, read_replay, validate_file
from sgscore.sanguosha import CARD_TYPES
from sgscore.sanguosha.config import Config

from recorded import record_bytes


def _break_on_call(monkeypatch: pytest.MonkeyPatch, name: str, n: int,
                   module: Any = rules) -> list[int]:
    """Make ``rules.<name>`` (or ``module``'s) raise on its ``n``-th call (counting afresh for
    each game)."""
    real = getattr(module, name)
    calls = [0]

    def broken(*args: Any, **kwargs: Any) -> Any:
        calls[0] += 1
        if calls[0] == n:
            raise ZeroDivisionError(f"injected failure in {name} #{n}")
        return real(*args, **kwargs)

    monkeypatch.setattr(module, name, broken)
    return calls


def test_error_record_and_validation_reproduce_it(monkeypatch: pytest.MonkeyPatch,) -> None:
    # 杀's effect, which the rules call through its card type on either core (the compiled core
    # calls its own procedures directly, and a patch of one shows on the pure-Python core only).
    calls = _break_on_call(monkeypatch, "effect", 6, CARD_TYPES["slash"])
    data, result = record_bytes(Config(players=5, generals=None), 21, True)
    assert result.error is not None and result.error.kind == "ZeroDivisionError"
    replay = read_replay(data)
    assert isinstance(replay.error, ErrorRecord) and replay.end is not None
    assert replay.error.at == result.decisions and replay.error.msg == "injected failure in effect #6"
    assert replay.summary is not None and replay.summary["reason"] == "error"
    calls[0] = 0  # validating re-runs the same engine with the same fault
    res = validate_file(data)
    assert res.valid, res.error
    calls[0] = 0
    monkeypatch.undo()  # without the fault, re-simulation does not raise: invalid, at the record
    res = validate_file(data)
    assert not res.valid and res.error is not None
    assert res.error["record"] == len(replay.records) - 2 or "did not raise" in res.error["reason"]


def test_recover_fault(monkeypatch: pytest.MonkeyPatch, pure_core: None) -> None:
    """The brief's example: ``rules.recover`` (HP recovery in dying) raising on a later call."""
    calls = _break_on_call(monkeypatch, "recover", 1)
    for seed in range(40):
        calls[0] = 0
        data, result = record_bytes(Config(players=5, generals=None), seed)
        if result.error is not None:
            break
    else:  # 桃 heals in nearly every game; 40 seeds without one would mean a broken engine
        raise AssertionError("no game in 40 seeds called rules.recover")
    calls[0] = 0
    res = validate_file(data)
    assert res.valid, res.error
    assert res.decisions == result.decisions


def test_error_while_setting_up(monkeypatch: pytest.MonkeyPatch, pure_core: None) -> None:
    calls = _break_on_call(monkeypatch, "setup", 1, identity)  # identity mode's setup
    data, result = record_bytes(Config(players=4, generals=None), 1)
    assert result.error is not None and result.decisions == 0
    replay = read_replay(data)
    assert replay.error is not None and replay.error.at == 0 and replay.decisions == []
    calls[0] = 0
    assert validate_file(data).valid


def test_a_different_error_is_a_mismatch(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = _break_on_call(monkeypatch, "effect", 6, CARD_TYPES["slash"])
    data, _ = record_bytes(Config(players=5, generals=None), 21)
    monkeypatch.undo()
    calls = _break_on_call(monkeypatch, "effect", 7, CARD_TYPES["slash"])
    res = validate_file(data)
    assert not res.valid and res.error is not None and calls[0] >= 1
