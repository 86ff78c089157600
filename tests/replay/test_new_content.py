"""New content never changes old games (docs/architecture.md, "New content never changes old
games"): with a general added, every golden replay re-records byte for byte and every replay
still validates, because a header records the general pool its random deal drew from and the card
packs of its deck."""

from __future__ import annotations

import io
from collections.abc import Iterator
from pathlib import Path

import pytest

from sgscore.replay import record_game, resim_file, validate_file
from sgscore.replay.golden import load_manifest
from sgscore.sanguosha import GENERALS, SPEC, Config
from sgscore.sanguosha.model import General, register_general

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"


@pytest.fixture
def newcomer() -> Iterator[str]:
    """A general added to the engine (reusing existing skills), for one test."""
    register_general(General("test_newcomer", "新人", "wei", "m", 4, ("jianxiong", "fankui")))
    yield "test_newcomer"
    GENERALS.remove("test_newcomer")


@pytest.mark.parametrize("entry", load_manifest(FIXTURES), ids=lambda e: e["name"])
def test_golden_replays_re_record_byte_for_byte_with_a_new_general(
    entry: dict[str, object], newcomer: str, tmp_path: Path,
) -> None:
    path = FIXTURES / f"{entry['name']}.mp"
    config = SPEC.config_from_dict(SPEC.full_config(entry["config"]))  # type: ignore[arg-type]
    buf = io.BytesIO()
    record_game(config, int(entry["seed"]), buf)  # type: ignore[call-overload]
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
    buf = io.BytesIO()
    record_game(config, 3, buf)
    GENERALS.remove(newcomer)  # the general is gone: the replay names it, so it cannot be dealt
    try:
        result = validate_file(buf.getvalue())
        assert not result.valid and result.error is not None
        assert result.error["record"] == 0 and "unknown general(s) test_newcomer" in \
            result.error["reason"]
    finally:
        register_general(General("test_newcomer", "新人", "wei", "m", 4, ("jianxiong", "fankui")))
