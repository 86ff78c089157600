"""A case: case ``N`` of a run with seed ``S``, a corpus file with one to three mutations, the
same bytes on any machine."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from ..core.rng import Pcg32
from .corpus import CorpusFile
from .encoding import decode_records, encode_records
from .mutations import _choose, _Ctx

MAX_INPUT: Final = 100 << 20
"""The largest input generated: above the reader's 8 MiB ``max_bytes`` (a huge file just over
the limit must be refused before it is read)."""


@dataclass
class Case:
    """Case ``number`` of the run with ``seed``: the input made from corpus file ``source``,
    with the mutations that made it. ``reject`` is non-empty when the input must not be valid
    (it holds a value of another type that Python would call equal, or a forged end record);
    ``refuse`` when the reader must refuse it (a value or a map key of a type the format never
    uses); ``shape`` when its end record has a shape no game writes (``sgs stats`` refuses it
    without re-simulating); ``rng`` goes on after the input (the options of a command)."""

    seed: int
    number: int
    source: str
    original: bytes
    data: bytes
    ops: list[str]
    reject: str
    rng: Pcg32
    refuse: str = ""
    shape: str = ""


def make_case(seed: int, number: int, corpus: Sequence[CorpusFile], *,
              heavy: bool = True, only: Sequence[str] = ()) -> Case:
    """The input of case ``number`` (the same bytes for the same seed, number, corpus and
    ``heavy``): 1-3 mutations of a corpus file. ``heavy=False`` keeps every input small;
    ``only`` names the mutations to draw from (all of the catalogue when empty)."""
    c = _Ctx(Pcg32(seed, number), heavy, corpus)
    source = c.pick(corpus)
    recs = decode_records(source.data)
    chosen = [_choose(c, only) for _ in range(1 + c.below(3))]
    alone = next((op for op in chosen if op.alone), None)
    if alone is not None:
        chosen = [alone]  # its oracle is exact: no other mutation may undo or excuse it
    ops = []
    for op in chosen:
        if op.records is not None:
            ops.append(f"{op.name}: {op.records(c, recs)}")
    data = encode_records(recs)
    for op in chosen:
        if op.bytes is not None:
            data, what = op.bytes(c, data)
            ops.append(f"{op.name}: {what}")
    if len(data) > MAX_INPUT:
        data = data[:MAX_INPUT]
        ops.append(f"cut to {MAX_INPUT} bytes")
    return Case(seed, number, source.name, source.data, data, ops, c.reject, c.rng, c.refuse,
                c.shape)
