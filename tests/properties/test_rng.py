"""PCG32: the published test vectors of docs/rng.md, and that below() and shuffle() behave."""

from __future__ import annotations

import re
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from sgscore.core.rng import Pcg32

DOC = Path(__file__).resolve().parents[2] / "docs" / "rng.md"


def _doc_vectors() -> list[tuple[int, int, str, list[int]]]:
    rows = []
    for line in DOC.read_text(encoding="utf-8").splitlines():
        m = re.match(r"\| `Pcg32\((\d+), (\d+)\)` \| (.+?) \| `([^`]+)` \|$", line)
        if m:
            values = [int(v, 0) for v in m.group(4).split()]
            rows.append((int(m.group(1)), int(m.group(2)), m.group(3), values))
    return rows


def test_reference_vector_seed_42_stream_54() -> None:
    r = Pcg32(42, 54)
    assert [r.next_u32() for _ in range(6)] == [
        0xA15C02B7, 0x7B47F409, 0xBA1D3330, 0x83D2F293, 0xBFA4784B, 0xCBED606E
    ]


def test_the_docs_vectors() -> None:
    rows = _doc_vectors()
    assert len(rows) == 6
    for seed, stream, call, want in rows:
        r = Pcg32(seed, stream)
        if "next_u32" in call:
            got = [r.next_u32() for _ in want]
        elif "below(6)" in call:
            got = [r.below(6) for _ in want]
        else:
            items = list(range(10))
            r.shuffle(items)
            got = items
        assert got == want, (seed, stream, call)


def test_seed_and_stream_are_taken_modulo_2_64() -> None:
    a, b = Pcg32(2**64 + 1, 2**64), Pcg32(1, 0)
    assert [a.next_u32() for _ in range(4)] == [b.next_u32() for _ in range(4)]


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**64 - 1), st.integers(0, 2**64 - 1), st.integers(1, 2**32))
def test_below_is_in_range(seed: int, stream: int, n: int) -> None:
    r = Pcg32(seed, stream)
    for _ in range(20):
        assert 0 <= r.below(n) < n


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**64 - 1), st.lists(st.integers(), max_size=40))
def test_shuffle_is_a_permutation(seed: int, items: list[int]) -> None:
    shuffled = list(items)
    Pcg32(seed).shuffle(shuffled)
    assert sorted(shuffled) == sorted(items)


def test_below_rejects_a_bad_bound() -> None:
    import pytest

    for bad in (0, -1, 2**32 + 1):
        with pytest.raises(ValueError):
            Pcg32(1).below(bad)


def _reference_step(state: int, inc: int) -> tuple[int, int]:
    """docs/rng.md "State and one step", in 64-bit arithmetic: (new state, output)."""
    m64, m32 = 2**64 - 1, 2**32 - 1
    x = (((state >> 18) ^ state) >> 27) & m32
    rot = state >> 59
    return (state * 6364136223846793005 + inc) & m64, ((x >> rot) | (x << ((-rot) & 31))) & m32


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 2**64 - 1), st.integers(0, 2**64 - 1))
def test_the_step_in_halves_is_the_64_bit_step(seed: int, stream: int) -> None:
    # Pcg32 keeps its state as 32-bit halves and multiplies in 16-bit pieces; every step must be
    # the reference 64-bit one, whatever the state (the extremes included).
    for state in (seed, 0, 2**64 - 1, 2**63, 2**32 - 1):
        r = Pcg32(0, stream)
        r.state = state
        inc = r.inc
        for _ in range(8):
            state, out = _reference_step(state, inc)
            assert r.next_u32() == out
            assert r.state == state and r.getstate() == (state, inc)
