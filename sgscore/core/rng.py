"""The project's PRNG: PCG32 (PCG-XSH-RR 64/32), with an unbiased bounded integer and Fisher-Yates.

Every random thing in a game comes from a :class:`Pcg32`; the Python ``random`` module is never
used. The algorithm is O'Neill's PCG32 exactly as in the reference ``pcg32_random_r`` /
``pcg32_srandom_r``, so the published test vectors in ``docs/rng.md`` can be checked in any
language. Streams are PCG's own: the same seed with another stream number gives an independent
sequence, which is how agents get dice of their own without shifting the game's.
"""

from __future__ import annotations

from collections.abc import MutableSequence
from typing import TYPE_CHECKING, Final, TypeVar

if TYPE_CHECKING:  # a type only: compiled, a machine integer; in Python, an int like any other
    from mypy_extensions import i64

__all__ = ["ALGORITHM", "Pcg32"]

ALGORITHM: Final = "pcg32-xsh-rr/v1"

_M64: Final = (1 << 64) - 1
_M32: Final = (1 << 32) - 1
_M16: Final = (1 << 16) - 1
_MULT: Final = 6364136223846793005
# The multiplier in 16-bit pieces, low to high.
_M0: Final = _MULT & _M16
_M1: Final = (_MULT >> 16) & _M16
_M2: Final = (_MULT >> 32) & _M16
_M3: Final = (_MULT >> 48) & _M16

T = TypeVar("T")


class Pcg32:
    """PCG-XSH-RR with 64-bit state and 32-bit output.

    ``Pcg32(seed, stream)`` seeds like the reference ``pcg32_srandom_r(seed, stream)``; both are
    taken modulo 2**64.

    The 64-bit ``state`` and ``inc`` are kept as 32-bit halves, and the multiply modulo 2**64 is
    done in 16-bit pieces, so that no value in a step exceeds 2**50: the compiled core
    (``sgscore/_accel.py``) computes a step on 64-bit machine integers (``i64``) that never
    overflow, where 64-bit unsigned values would be Python objects.
    """

    __slots__ = ("hi", "lo", "inc_hi", "inc_lo")

    def __init__(self, seed: int, stream: int = 0) -> None:
        inc = ((stream << 1) | 1) & _M64
        self.hi = self.lo = 0
        self.inc_hi = inc >> 32
        self.inc_lo = inc & _M32
        self.next_u32()
        self.state = (self.state + (seed & _M64)) & _M64
        self.next_u32()

    @property
    def state(self) -> int:
        return (self.hi << 32) | self.lo

    @state.setter
    def state(self, value: int) -> None:
        self.hi = value >> 32
        self.lo = value & _M32

    @property
    def inc(self) -> int:
        return (self.inc_hi << 32) | self.inc_lo

    def next_u32(self) -> int:
        """The next 32-bit output (``docs/rng.md``, "State and one step")."""
        # Every value below stays under 2**50 (and every shift under 64 bits), so the machine
        # integers of the compiled core (i64) give exactly what Python's ints give.
        hi: i64 = self.hi
        lo: i64 = self.lo
        # The output, from the old state: x = ((old >> 18) ^ old) >> 27, rotated right by
        # old >> 59.
        x: i64 = (((hi << 5) | (lo >> 27)) ^ (hi >> 13)) & _M32
        rot: i64 = hi >> 27
        # The step, state = old * MULT + inc (mod 2**64): lo * MULT's low 32 bits and carry,
        # then the high half with the cross products hi * MULT_lo and lo * MULT_hi mod 2**32.
        l0: i64 = lo & _M16
        l1: i64 = lo >> 16
        h0: i64 = hi & _M16
        mid: i64 = l0 * _M1 + l1 * _M0
        low: i64 = l0 * _M0 + ((mid & _M16) << 16) + self.inc_lo
        high: i64 = (
            l1 * _M1 + (mid >> 16) + (low >> 32) + self.inc_hi
            + h0 * _M0 + (((h0 * _M1 + (hi >> 16) * _M0) & _M16) << 16)
            + l0 * _M2 + (((l0 * _M3 + l1 * _M2) & _M16) << 16)
        )
        self.lo = low & _M32
        self.hi = high & _M32
        k: i64 = (32 - rot) & 31
        return (x >> rot) | ((x & (_M32 >> k)) << k)

    def below(self, bound: int) -> int:
        """An unbiased integer in ``[0, bound)`` (the reference ``pcg32_boundedrand_r``).

        Outputs below ``2**32 mod bound`` are rejected, so every result is equally likely.
        """
        if bound <= 0 or bound > _M32 + 1:
            raise ValueError(f"bound must be in 1..2**32, got {bound}")
        return self._below(bound)

    def _below(self, bound: int) -> int:
        """:meth:`below` of a ``bound`` known to be in 1..2**32."""
        threshold = ((1 << 32) - bound) % bound
        r = self.next_u32()
        while r < threshold:
            r = self.next_u32()
        return r % bound

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates in place: for i from n-1 down to 1, swap item i with item below(i+1)."""
        if isinstance(items, list) and len(items) <= _M32 + 1:  # by the compiled list operations
            self._shuffle_list(items)
            return
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def _shuffle_list(self, items: list[T]) -> None:
        """:meth:`shuffle` of a list of at most 2**32 items: the same swaps."""
        for i in range(len(items) - 1, 0, -1):
            j = self._below(i + 1)
            items[i], items[j] = items[j], items[i]

    def choice(self, items: MutableSequence[T] | tuple[T, ...]) -> T:
        """One item, uniformly."""
        return items[self.below(len(items))]

    def getstate(self) -> tuple[int, int]:
        return (self.state, self.inc)

    def setstate(self, state: tuple[int, int]) -> None:
        self.state, inc = state
        self.inc_hi = inc >> 32
        self.inc_lo = inc & _M32
