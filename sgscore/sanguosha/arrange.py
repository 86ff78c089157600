"""Arranging shown cards on the top and the bottom of the draw pile (观星, docs/rules.md "诸葛亮 zhugeliang").

A choice is ``(top, bottom)``: two tuples of card ids that together hold every shown card exactly
once. Read from the top of the pile down, the pile becomes ``top + (the rest) + bottom``: ``top[0]``
is drawn first and ``bottom[-1]`` is the very bottom card.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import permutations
from math import factorial
from typing import Any

from ..core.protocol import Choice, IllegalChoice, Request
from ..core.registry import Kind

__all__ = ["ArrangeRequest", "place_arranged"]


class ArrangeRequest(Request):
    """Put ``cards`` (listed top first, as shown) back, any number on the bottom, in any order.

    There are ``(k + 1) * k!`` choices for ``k`` cards. They are listed by the number of cards left
    on top, from all ``k`` down to none, and within that by the permutations of the shown order in
    lexicographic order of positions; so choice 0 puts everything back as it was.
    :meth:`choice_at` unranks without listing the others.
    """

    __slots__ = ("cards",)

    def __init__(
        self, seat: int, kind: str | Kind, cards: Sequence[int], prompt: tuple[Any, ...] = ()
    ) -> None:
        super().__init__(seat, kind, prompt)
        self.cards = tuple(cards)

    def count(self) -> int:
        k = len(self.cards)
        return (k + 1) * factorial(k)

    def choices(self) -> list[Choice]:
        k = len(self.cards)
        return [(p[:top], p[top:]) for top in range(k, -1, -1) for p in permutations(self.cards)]

    def choice_at(self, index: int) -> Choice:
        k = len(self.cards)
        f = factorial(k)
        if not 0 <= index < (k + 1) * f:
            raise IndexError("choice index out of range")
        on_top = k - index // f
        perm = _unrank_permutation(self.cards, index % f)
        return (perm[:on_top], perm[on_top:])

    def form(self) -> dict[str, Any]:
        """``{"form": "arrange", "cards": [...]}``: the shown cards, top of the draw pile first;
        a choice ``(top, bottom)`` places every one of them once (never the ``(k + 1) * k!``
        choices listed)."""
        return {"form": "arrange", "cards": list(self.cards)}

    def forced(self) -> tuple[bool, Choice]:
        if not self.cards:
            return True, ((), ())
        return False, None

    def _check(self, choice: Choice) -> None:
        if (
            not isinstance(choice, tuple) or len(choice) != 2
            or not all(isinstance(part, tuple) for part in choice)
        ):
            raise IllegalChoice(
                "bad_shape", f"{self.kind} expects (top_cards, bottom_cards), got {choice!r}"
            )
        placed = choice[0] + choice[1]
        for c in placed:
            if isinstance(c, bool) or not isinstance(c, int):
                raise IllegalChoice("bad_shape", f"{self.kind} expects card ids, got {c!r}")
            if c not in self.cards:
                raise IllegalChoice(
                    "not_shown", f"card {c} is not one of the shown cards {list(self.cards)!r}"
                )
        if len(set(placed)) != len(placed):
            raise IllegalChoice("duplicate", f"a card is placed twice in {choice!r}")
        if len(placed) != len(self.cards):
            missing = [c for c in self.cards if c not in placed]
            raise IllegalChoice("missing", f"every shown card must be placed; missing {missing!r}")


def _unrank_permutation(items: tuple[int, ...], index: int) -> tuple[int, ...]:
    """The ``index``-th permutation of ``items`` in lexicographic order of positions (the order of
    :func:`itertools.permutations`)."""
    pool = list(items)
    out: list[int] = []
    for i in range(len(pool), 0, -1):
        f = factorial(i - 1)
        out.append(pool.pop(index // f))
        index %= f
    return tuple(out)


def place_arranged(pile: list[int], top: tuple[int, ...], bottom: tuple[int, ...]) -> None:
    """Put ``top`` on top of ``pile`` and ``bottom`` under it (the top is the END of the list)."""
    pile.extend(reversed(top))
    pile[0:0] = list(reversed(bottom))
