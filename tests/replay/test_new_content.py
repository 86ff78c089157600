"""New content never changes old games (docs/architecture.md, "New content never changes old
games"): with a general or a card added, every golden replay re-records byte for byte and every
replay still validates, because a header records the general pool its random deal drew from and
the card packs of its deck."""

from __future__ import annotations

import io
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from sgscore.core.engine import Proc
from sgscore.core.games import get_game
from sgscore.replay import record_game, resim_file, validate_file
from sgscore.replay.golden import load_manifest
from sgscore.sanguosha import CARD_TYPES, GENERALS, SPEC, Config, Game
from sgscore.sanguosha.cards import (
    BASIC,
    CardType,
    Pack,
    register_card,
    register_pack,
    unregister_pack,
)
from sgscore.sanguosha.contexts import CardUse
from sgscore.sanguosha.model import General, Player, VCard, register_general
from sgscore.sanguosha.zones import draw

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"


def _config(entry: dict[str, Any]) -> object:
    """A golden game's config, whichever game it is (a new identity-mode general or card must
    change no game, the dice game's included)."""
    spec = get_game(str(entry["game"]))
    assert spec is not None
    return spec.config_from_dict(spec.full_config(entry["config"]))


def _recorded(config: Config, seed: int) -> bytes:
    buf = io.BytesIO()
    record_game(config, seed, buf)
    return buf.getvalue()


@pytest.fixture
def newcomer() -> Iterator[str]:
    """A general added to the engine (reusing existing skills), for one test."""
    register_general(General("test_newcomer", "新人", "wei", "m", 4, ("jianxiong", "fankui"),
                             en="Newcomer"))
    yield "test_newcomer"
    GENERALS.remove("test_newcomer")


@pytest.mark.parametrize("entry", load_manifest(FIXTURES), ids=lambda e: e["name"])
def test_golden_replays_re_record_byte_for_byte_with_a_new_general(
    entry: dict[str, Any], newcomer: str, tmp_path: Path,
) -> None:
    path = FIXTURES / f"{entry['name']}.mp"
    config = _config(entry)
    buf = io.BytesIO()
    record_game(config, int(entry["seed"]), buf)
    assert buf.getvalue() == path.read_bytes()
    assert validate_file(path).valid
    out = tmp_path / "again.mp"
    resim_file(path, out)
    assert out.read_bytes() == path.read_bytes()


def test_a_new_game_deals_from_every_general_and_records_the_pool(newcomer: str) -> None:
    config = Config(players=10, generals="random")
    assert newcomer in config.general_pool()
    header = SPEC.header_config(config)
    assert newcomer in header["pool"]  # written, since it is not the format's default pool
    data = _recorded(config, 3)
    GENERALS.remove(newcomer)  # the general is gone: the replay names it, so it cannot be dealt
    try:
        result = validate_file(data)
        assert not result.valid and result.error is not None
        assert result.error["record"] == 0 and "unknown general(s) test_newcomer" in \
            result.error["reason"]
    finally:
        register_general(General("test_newcomer", "新人", "wei", "m", 4, ("jianxiong", "fankui"),
                             en="Newcomer"))


@pytest.fixture
def new_pack() -> Iterator[str]:
    """A card added to the engine, in a pack of its own, for one test."""

    def targets(g: Game, p: Player, card: VCard) -> list[tuple[int, ...]]:
        return [()]

    def effect(g: Game, use: CardUse) -> Proc:
        yield from draw(g, use.user, 1)

    register_card(CardType("test_flower", "花", BASIC, en="Flower", targets=targets, effect=effect))
    register_pack(Pack("test_pack", "测试", 1000, "test_flower H5 D5"))
    yield "test_pack"
    unregister_pack("test_pack")
    CARD_TYPES.remove("test_flower")


@pytest.mark.parametrize("entry", load_manifest(FIXTURES), ids=lambda e: e["name"])
def test_golden_replays_re_record_byte_for_byte_with_a_new_card(
    entry: dict[str, Any], new_pack: str,
) -> None:
    config = _config(entry)
    buf = io.BytesIO()
    record_game(config, int(entry["seed"]), buf)
    assert buf.getvalue() == (FIXTURES / f"{entry['name']}.mp").read_bytes()


def test_a_game_with_the_new_pack_deals_its_cards_and_records_the_pack(new_pack: str) -> None:
    config = Config(players=4, generals=None, packs=("standard", new_pack))
    assert SPEC.header_config(config)["packs"] == ["standard", "test_pack"]
    game = Game(config, 1)
    assert game.card_ids == [*range(104), 1000, 1001]
    assert validate_file(_recorded(config, 1)).valid
