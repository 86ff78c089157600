"""Replays recorded before the game interface (engine 0.1.0, rules identified by a hash of the
sources, EX cards as ``ex_cards``) still validate: every decision, checkpoint, event and the end
summary hold, with one warning that they were recorded under other rules
(docs/replay-format.md, "Header"). Those whose meaning a later rules version changed are refused
at the record where the games part, with that warning (docs/rules.md, "Rules versions")."""

from __future__ import annotations

from pathlib import Path

import pytest

from sgscore.replay import read_replay, resimulate, validate_file
from sgscore.sanguosha import SPEC

LEGACY = Path(__file__).resolve().parent / "legacy"
FILES = sorted(LEGACY.glob("*.mp"))
# Rules version 3 made 司马懿's 反馈 compulsory: these games asked him a yes/no for it.
CHANGED = {"p5-fixed-generals", "p8-generals", "p10-generals"}


def test_there_are_legacy_replays() -> None:
    assert len(FILES) == 9


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_a_replay_recorded_before_the_game_interface_still_validates(path: Path) -> None:
    result = validate_file(path)
    assert result.valid == (path.stem not in CHANGED), result.error
    assert result.warnings == [w for w in result.warnings if "recorded under other rules" in w]
    assert len(result.warnings) == 1
    if not result.valid:  # refused where the rules part, never misread
        assert result.error is not None and result.error["record"] > 0


def test_the_legacy_ex_cards_key_still_means_the_ex_pack() -> None:
    rp = read_replay(LEGACY / "p10-generals.mp")
    assert rp.header.config.get("ex_cards") is True and "packs" not in rp.header.config
    assert SPEC.full_config(rp.header.config)["packs"] == ["standard", "ex"]
    game, _ = SPEC.start(SPEC.full_config(rp.header.config), rp.header.seed)
    assert sorted(game.card_ids) == list(range(108))  # type: ignore[attr-defined]
    with pytest.warns(UserWarning):
        resimulate(read_replay(LEGACY / "p10-beginner.mp"))  # another rules identity: a warning
