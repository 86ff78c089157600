"""The project's PRNG: PCG32 (PCG-XSH-RR 64/32), with an unbiased bounded integer and Fisher-Yates.

Every random thing in a game comes from a :class:`Pcg32`; the Python ``random`` module is never
used. The algorithm is O'Neill's PCG32 exactly as in the reference ``pcg32_random_r`` /
``pcg32_srandom_r``, so the published test vectors in ``docs/rng.md`` can be checked in any
language. Streams are PCG's own: the same seed with another stream number gives an independent
sequence, which is how agents get dice of their own without shifting the game's.
"""

from __future__ import annotations

from collections.abc import MutableSequence
from typing import TypeVar

__all__ = ["ALGORITHM", "Pcg32"]

ALGORITHM = "pcg32-xsh-rr/v1"

_M64 = (1 << 64) - 1
_M32 = (1 << 32) - 1
_MULT = 6364136223846793005

T = TypeVar("T")


class Pcg32:
    """PCG-XSH-RR with 64-bit state and 32-bit output.

    ``Pcg32(seed, stream)`` seeds like the reference ``pcg32_srandom_r(seed, stream)``; both are
    taken modulo 2**64.
    """

    __slots__ = ("state", "inc")

    def __init__(self, seed: int, stream: int = 0) -> None:
        self.state = 0
        self.inc = ((stream << 1) | 1) & _M64
        self.next_u32()
        self.state = (self.state + (seed & _M64)) & _M64
        self.next_u32()

    def next_u32(self) -> int:
        """The next 32-bit output."""
        old = self.state
        self.state = (old * _MULT + self.inc) & _M64
        x = (((old >> 18) ^ old) >> 27) & _M32
        rot = old >> 59
        return ((x >> rot) | (x << ((-rot) & 31))) & _M32

    def below(self, bound: int) -> int:
        """An unbiased integer in ``[0, bound)`` (the reference ``pcg32_boundedrand_r``).

        Outputs below ``2**32 mod bound`` are rejected, so every result is equally likely.
        """
        if bound <= 0 or bound > _M32 + 1:
            raise ValueError(f"bound must be in 1..2**32, got {bound}")
        threshold = ((1 << 32) - bound) % bound
        while True:
            r = self.next_u32()
            if r >= threshold:
                return r % bound

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates in place: for i from n-1 down to 1, swap item i with item below(i+1)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def choice(self, items: MutableSequence[T] | tuple[T, ...]) -> T:
        """One item, uniformly."""
        return items[self.below(len(items))]

    def getstate(self) -> tuple[int, int]:
        return (self.state, self.inc)

    def setstate(self, state: tuple[int, int]) -> None:
        self.state, self.inc = state
