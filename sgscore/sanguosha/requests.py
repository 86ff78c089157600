"""The play-phase request: what a seat may do with its cards and skills in its play phase.

Choice shapes (values, never list positions):

- ``None``: end the play phase.
- ``(card, target, ...)``: use the physical card ``card`` as itself on the given seats
  (``(card,)`` for a card that needs no target: 桃, 无中生有, equipment, ...).
- ``(skill_id, cards, targets)``: use a skill, e.g. ``("wusheng", (17,), (3,))`` (a red card as
  杀 on seat 3) or ``("rende", (40,), (2,))`` (give card 40 to seat 2).

The options are computed once per request, from one function, and both :meth:`choices` and
:meth:`check` read them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..core.protocol import Choice, IllegalChoice, Request
from .cards import NAME
from .model import CARD_DEFS, LORD, Player, VCard

if TYPE_CHECKING:
    from .game import Game

__all__ = ["PlayRequest", "card_targets"]


def card_targets(g: Game, p: Player, vcard: VCard) -> list[tuple[int, ...]]:
    """Legal target tuples for using ``vcard`` now (``[]``: it cannot be used)."""
    d = CARD_DEFS.get(vcard.name)
    if d is None:
        return []
    return d.targets(g, p, vcard)


class PlayRequest(Request):
    """The play-phase request. Options are computed lazily from the frozen state of a pending
    request: :meth:`forced` stops at the first usable card, :meth:`check` looks only at the card
    or skill named, and :meth:`choices` computes everything once (all from :func:`card_targets`
    and the skills' ``play_options``)."""

    __slots__ = ("_g", "_p", "_per_card", "_cards_all", "_skills_all", "_list")

    def __init__(self, g: Game, p: Player) -> None:
        super().__init__(p.seat, "play", ())
        self._g = g
        self._p = p
        self._per_card: dict[int, list[tuple[int, ...]]] = {}
        self._cards_all: dict[int, list[tuple[int, ...]]] | None = None
        self._skills_all: dict[tuple[str, tuple[int, ...]], list[tuple[int, ...]]] | None = None
        self._list: list[Choice] | None = None

    def _targets(self, card: int) -> list[tuple[int, ...]]:
        ts = self._per_card.get(card)
        if ts is None:
            ts = card_targets(self._g, self._p, VCard.of(card))
            self._per_card[card] = ts
        return ts

    @property
    def _cards(self) -> dict[int, list[tuple[int, ...]]]:
        if self._cards_all is None:
            out: dict[int, list[tuple[int, ...]]] = {}
            for c in self._p.hand:
                ts = self._targets(c)
                if ts:
                    out[c] = ts
            self._cards_all = out
        return self._cards_all

    @property
    def _skills(self) -> dict[tuple[str, tuple[int, ...]], list[tuple[int, ...]]]:
        if self._skills_all is None:
            g, p = self._g, self._p
            skills: dict[tuple[str, tuple[int, ...]], list[tuple[int, ...]]] = {}
            for s in p.skills:
                if s.lord and p.role != LORD:
                    continue
                for used, targets in s.play_options(g, p):
                    skills.setdefault((s.id, tuple(used)), []).append(tuple(targets))
            self._skills_all = skills
        return self._skills_all

    def choices(self) -> list[Choice]:
        if self._list is None:
            out: list[Choice] = [None]
            for c, tss in self._cards.items():
                for ts in tss:
                    out.append((c, *ts))
            for (sid, used), tss in self._skills.items():
                for ts in tss:
                    out.append((sid, used, ts))
            self._list = out
        return self._list

    def count(self) -> int:
        if self._list is not None:
            return len(self._list)
        return 1 + sum(len(v) for v in self._cards.values()) + sum(
            len(v) for v in self._skills.values()
        )

    def forced(self) -> tuple[bool, Choice]:
        if self._cards_all is not None:
            if self._cards_all:
                return False, None
        else:
            for c in self._p.hand:
                if self._targets(c):
                    return False, None
        if self._skills:
            return False, None
        return True, None

    def check(self, choice: Choice) -> None:
        if choice is None:
            return
        if not isinstance(choice, tuple) or not choice:
            raise IllegalChoice("bad_shape", f"a play choice is None or a tuple, got {choice!r}")
        head = choice[0]
        if isinstance(head, str):
            if len(choice) != 3 or not isinstance(choice[1], tuple) or not isinstance(choice[2], tuple):
                raise IllegalChoice(
                    "bad_shape", f"a skill choice is (skill, cards, targets), got {choice!r}"
                )
            skills = self._skills
            try:
                opts = skills.get((head, choice[1]))
            except TypeError:  # an unhashable value inside the tuple
                opts = None
            if opts is None:
                if not any(k[0] == head for k in skills):
                    raise IllegalChoice("skill_unavailable", f"skill {head!r} cannot be used now")
                raise IllegalChoice(
                    "bad_cards", f"skill {head!r} cannot be used with cards {choice[1]!r}"
                )
            if choice[2] not in opts:
                raise IllegalChoice(
                    "bad_targets", f"{choice[2]!r} are not legal targets for {head!r}"
                )
            return
        if isinstance(head, bool) or not isinstance(head, int):
            raise IllegalChoice("bad_shape", f"a card choice starts with a card id, got {head!r}")
        opts2 = self._targets(head) if head in self._p.hand else None
        if not opts2:
            raise IllegalChoice(
                "card_unusable", f"card {head} is not a usable card in seat {self.seat}'s hand"
            )
        if tuple(choice[1:]) not in opts2:
            raise IllegalChoice(
                "bad_targets",
                f"{list(choice[1:])!r} are not legal targets for {NAME[head]} (card {head})",
            )

    def describe(self) -> dict[str, Any]:
        """The options as plain data (for frontends): cards and skills with their target sets."""
        return {
            "cards": {c: [list(t) for t in ts] for c, ts in self._cards.items()},
            "skills": [
                {"skill": sid, "cards": list(used), "targets": [list(t) for t in ts]}
                for (sid, used), ts in self._skills.items()
            ],
        }
