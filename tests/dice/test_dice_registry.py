"""The dice game is found through the registry (also by its short name), its content is checked
when registered, and the generated tables of docs/dice.md are current."""

from __future__ import annotations

from pathlib import Path

import pytest

from sgscore.core import games
from sgscore.core.registry import RegistrationError
from sgscore.dice.config import DiceConfig
from sgscore.dice.model import DiceGeneral, DiceSkill, register_general, register_skill
from sgscore.dice.spec import SPEC
from sgscore.replay.catalog import update_blocks

import toy_nim

DOCS = Path(__file__).resolve().parents[2] / "docs"


def test_the_dice_game_is_built_in_and_found_by_its_short_name() -> None:
    assert games.get_game("sanguozhi/dice") is SPEC
    assert games.get_game("dice") is SPEC
    assert "sanguozhi/dice" in games.game_ids()
    assert games.get_game("identity") is games.get_game("sanguosha/identity")
    assert games.get_game("nosuch") is None and games.get_game("") is None
    assert games.spec_for_config(DiceConfig()) is SPEC


def test_a_short_name_two_games_share_names_none() -> None:
    class Other(toy_nim.NimSpec):
        id = "toy/dice"

    other = Other()
    games.register_game(other)
    try:
        assert games.get_game("dice") is None
        assert games.get_game("toy/dice") is other
    finally:
        games.unregister_game("toy/dice")
    assert games.get_game("dice") is SPEC


def test_a_misspelt_hook_or_an_unknown_skill_fails_at_registration() -> None:
    with pytest.raises(RegistrationError, match="turn_star is no hook"):
        @register_skill
        class Bad(DiceSkill):
            id = "bad_hook"
            zh = "坏"
            en = "Bad"
            text_zh = "坏。"
            text_en = "Bad."

            def turn_star(self) -> None:
                pass

    with pytest.raises(RegistrationError, match="needs its text_en"):
        @register_skill
        class Mute(DiceSkill):
            id = "mute"
            zh = "哑"
            en = "Mute"
            text_zh = "哑。"

    with pytest.raises(RegistrationError, match="not registered"):
        register_general(DiceGeneral("nobody", "无名", "Nobody", "m", 8, "no_such_skill", "qun"))


def test_a_random_deal_records_its_pool_and_a_fixed_one_does_not() -> None:
    header = SPEC.header_config(DiceConfig(players=4))
    assert header["pool"] == sorted(header["pool"]) and len(header["pool"]) == 16
    fixed = SPEC.header_config(DiceConfig(players=3, generals=("caopi", "zhoutai", "wangyi")))
    assert fixed == {"players": 3, "generals": ["caopi", "zhoutai", "wangyi"]}
    assert SPEC.config_from_dict(SPEC.full_config(header)) == DiceConfig(
        players=4, pool=tuple(header["pool"]))


def test_the_generated_tables_of_docs_dice_are_current() -> None:
    assert not update_blocks(DOCS / "dice.md", {SPEC.id: SPEC}, write=False), \
        "docs/dice.md is stale: run sgs kinds --game sanguozhi/dice --update docs/dice.md"


def test_every_event_and_request_kind_has_words_in_both_languages() -> None:
    for kind in SPEC.events.values():
        assert kind.doc, kind.name
    for rk in SPEC.requests.values():
        assert rk.doc and rk.choice, rk.name
    t = SPEC.teller(seat=None, lang="zh")
    assert t.ask("reroll", 0, (("arrow", "beer"), 2)).startswith("0号位")
    assert t.describe("reroll", ()) == "不再重掷"
