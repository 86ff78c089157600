"""Observations for learning agents: a fixed-size vector of ints per game and config, feature by
feature (docs/api.md "Observations").

A game's spec describes its observation as a :class:`Layout`: named features, each a block of
ints of a fixed size with a sentence saying what it holds; ``spec.observation(game, seat)`` fills
one from what ``seat`` may see (its view: its own hand and role, the public table), never from
another seat's hidden cards or role. Every value is an int (0/1 for a flag or a one-hot block,
a count, an HP); the same state gives the same vector.
"""

from __future__ import annotations

import hashlib
from array import array
from collections.abc import Sequence
from dataclasses import dataclass

__all__ = ["Feature", "Layout", "Filler", "zeros"]


@dataclass(frozen=True)
class Feature:
    """One block of an observation: ``size`` ints from ``offset``."""

    name: str
    size: int
    offset: int
    doc: str


class Layout:
    """The features of one game and config's observations, in order."""

    def __init__(self, game: str, features: Sequence[tuple[str, int, str]]) -> None:
        self.game = game
        out: list[Feature] = []
        offset = 0
        for name, size, doc in features:
            if size < 0:
                raise ValueError(f"feature {name!r}: size {size}")
            out.append(Feature(name, size, offset, doc))
            offset += size
        self.features: tuple[Feature, ...] = tuple(out)
        self.size = offset
        self._by_name = {f.name: f for f in out}
        #: Each feature's offset, by name (for fillers that write the values directly).
        self.offsets = {f.name: f.offset for f in out}
        text = "\n".join([game, *(f"{f.name} {f.size} {f.doc}" for f in out)])
        #: A short digest of the features: equal digests, the same layout (registered content,
        #: a general or a request kind more, changes it).
        self.digest = hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]

    def __getitem__(self, name: str) -> Feature:
        return self._by_name[name]

    def filler(self) -> Filler:
        return Filler(self)

    def table(self) -> list[tuple[str, int, str]]:
        """``(name, size, doc)`` of each feature, for docs."""
        return [(f.name, f.size, f.doc) for f in self.features]


def zeros(size: int) -> array[int]:
    """``size`` zeros as an array of signed 64-bit ints: what an observation is (numpy reads
    it without a copy: ``numpy.frombuffer(obs, dtype=numpy.int64)``)."""
    return array("q", bytes(8 * size))


class Filler:
    """An observation being filled feature by feature (every value starts at 0)."""

    __slots__ = ("layout", "values")

    def __init__(self, layout: Layout) -> None:
        self.layout = layout
        self.values = zeros(layout.size)

    def set(self, name: str, index: int, value: int = 1) -> None:
        """Value ``index`` of the feature ``name`` (an index outside the block is an error)."""
        f = self.layout[name]
        if not 0 <= index < f.size:
            raise IndexError(f"feature {name!r} has {f.size} values, not {index + 1}")
        self.values[f.offset + index] = value

    def put(self, name: str, values: Sequence[int]) -> None:
        """The whole feature ``name``."""
        f = self.layout[name]
        if len(values) != f.size:
            raise ValueError(f"feature {name!r} has {f.size} values, got {len(values)}")
        self.values[f.offset:f.offset + f.size] = array("q", values)
