"""The quick hash behind every checkpoint (docs/replay-format.md "Checkpoints"): zlib's CRC-32 of
the state's counters packed little-endian, the RNG state unsigned and every other number a signed
64-bit integer, as another implementation would compute it from the documentation."""

from __future__ import annotations

import struct
import zlib

from hypothesis import given, settings
from hypothesis import strategies as st

from sgscore import Config, new_game
from sgscore.agents import RandomAgent
from sgscore.core.canon import crc32_i64, crc32_u32, crc32_zeros
from sgscore.dice import DiceConfig, DiceGame
from sgscore.sanguosha.game import Game


def documented(g: Game) -> int:
    """docs/replay-format.md "Checkpoints", as written there."""
    values = [g.turn_no, g.decisions, len(g.draw_pile), len(g.discard_pile), len(g.events)]
    for p in g.players:
        values += [p.hp, p.max_hp, len(p.hand), 1 if p.alive else 0]
    return zlib.crc32(struct.pack(f"<Q{len(values)}q", g.rng.state, *values))


def test_every_state_of_played_games_hashes_as_documented() -> None:
    # Every position of 24 games from 4 to 10 players, dying seats (HP 0 or below) among them.
    below_one = 0
    for players in (4, 5, 8, 10):
        for seed in range(6):
            g = new_game(Config(players=players, generals="random"), seed)
            agents = [RandomAgent(seed, s) for s in range(players)]
            while True:
                assert g.quick_hash() == documented(g)
                below_one += any(p.hp < 1 for p in g.players)
                if g.over:
                    break
                req = g.pending
                assert req is not None
                g.submit(agents[req.seat].choose(req))
    assert below_one > 0, "no state with a seat at 0 HP or below was hashed"


def test_the_dice_games_quick_hash_is_as_its_code_says() -> None:
    # The dice game's checkpoint: the low half of its RNG state, the pile, the counters, then
    # each seat's HP and arrows, every one a signed 64-bit integer.
    g = DiceGame(DiceConfig(players=5), 3)
    agents = [RandomAgent(3, s) for s in range(5)]
    while not g.over:
        values = [g.rng.state & 0xFFFFFFFF, g.pile, g.turn_no, g.decisions, len(g.events)]
        for p in g.players:
            values += [p.hp, p.arrows]
        assert g.quick_hash() == zlib.crc32(struct.pack(f"<{len(values)}q", *values))
        req = g.pending
        assert req is not None
        g.submit(agents[req.seat].choose(req))


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(0, 2**32 - 1),
       st.lists(st.integers(-2**63, 2**63 - 1), max_size=60))
def test_the_row_crc_by_parts_is_zlibs_crc_of_the_packed_row(lo: int, hi: int,
                                                            values: list[int]) -> None:
    # core/canon.py works out a row's CRC-32 as the CRC of as many zero bytes, changed by each
    # number's part (CRC-32 is linear), without packing the row: the same number as zlib's.
    size = 8 + 8 * len(values)
    c = crc32_zeros(size) ^ crc32_u32(lo, size - 4) ^ crc32_u32(hi, size - 8)
    for i, v in enumerate(values):
        c ^= crc32_i64(v, size - 16 - 8 * i)
    assert c == zlib.crc32(struct.pack(f"<II{len(values)}q", lo, hi, *values))
