"""Sampled worlds (docs/training.md "Sampled worlds"): a copy of a game in which what one seat
cannot see is drawn at random among what it could be, for imperfect-information search.

What the seat knows, read from the events as it saw them (:class:`Knowledge`): its own hand and
role, the public table, every hand's size, the roles it sees; which other hand holds a card it saw
go there (a card it gave, one taken from it, one shown as it was taken) until that card is seen
again or may have moved unseen (a face-down take from that hand widens where it may be); and the
top of the draw pile after its own 观星, until drawn or reshuffled. Everything else is drawn
uniformly: the other living players' hands and the draw pile's order among the cards it cannot
see (respecting what it knows), the hidden roles among the seats it cannot see, and the random
stream from then on (a future reshuffle is as unknown as the rest). A dead player's hand (转世's
offerings, a dark soul's card, which the variants' own state names) is left as it is.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..core.engine import redact
from ..core.rng import Pcg32
from .game import Game
from .model import LORD

__all__ = ["Knowledge", "knowledge", "sample_world"]

PILE = -1
"""Where a card may be: a seat's hand (its number) or the draw pile."""


class Knowledge:
    """What one seat knows of the hidden cards: for cards in others' hands or the draw pile that
    it saw, the hands that may hold them (``holders``); the top of the draw pile (``top``, top
    first) as its own 观星 left it."""

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.holders: dict[int, set[int]] = {}
        self.top: list[int] = []

    def _seen(self, cards: Any) -> None:
        """Cards shown: wherever they are now, the view tells (a record is dropped)."""
        for c in _cards(cards):
            self.holders.pop(c, None)
            if c in self.top:
                self.top.remove(c)

    def learn(self, event: tuple[Any, ...]) -> None:
        """One event as the seat saw it (:func:`~sgscore.core.engine.redact`)."""
        kind, args = event[0], event[1:]
        if kind == "reshuffle":
            self.top = []
        elif kind in _LEARNS:
            _LEARNS[kind](self, args)
        elif kind not in _HIDDEN_ONLY:
            for a in args:
                self._seen(a)

    def _draw(self, args: tuple[Any, ...]) -> None:
        """A draw takes the top cards: those it knew go to the drawer's hand."""
        seat, n = args[0], args[1]
        drawn, self.top = self.top[:n], self.top[n:]
        if seat != self.seat:
            for c in drawn:
                self.holders[c] = {seat}

    def _gain(self, args: tuple[Any, ...]) -> None:
        """Cards seen going into a hand are known there; a face-down take it did not see may
        have taken any card it knew in the source's hand."""
        seat, source, cards = args[0], args[1], args[2]
        shown = cards if isinstance(cards, (list, tuple)) else (args[3] if len(args) > 3 else None)
        if shown is not None:
            for c in _cards(shown):
                self.holders.pop(c, None)
                if seat != self.seat:
                    self.holders[c] = {seat}
        elif isinstance(source, int) and source >= 0:
            for held in self.holders.values():
                if source in held:
                    held.add(seat)

    def _guanxing(self, args: tuple[Any, ...]) -> None:
        """Its own 观星: the top of the draw pile, as it left it."""
        if len(args) > 3 and args[0] == self.seat:
            top, _bottom = args[3]
            self.top = list(top)
            for c in top:
                self.holders.pop(c, None)

    def _xuanwu(self, args: tuple[Any, ...]) -> None:
        """玄武's swap: seen, the card given is the host's; unseen, any card it knew in the
        soul's hand may be."""
        soul, host = args[0], args[1]
        if len(args) > 2:
            given = args[2][0]
            self.holders.pop(given, None)
            if host != self.seat:
                self.holders[given] = {host}
        else:
            for held in self.holders.values():
                if soul in held:
                    held.add(host)


_LEARNS = {"draw": Knowledge._draw, "gain": Knowledge._gain, "guanxing": Knowledge._guanxing,
           "xuanwu_swap": Knowledge._xuanwu}

_HIDDEN_ONLY = frozenset({"guanxing_look", "yiji_keep", "soul_card", "role_dealt", "draft_offer",
                          "assign_generals", "setup", "turn", "phase", "damage", "recover",
                          "lose_hp", "dying", "death"})
"""Kinds whose ints are no card ids (seats, counts, HP) or tell nothing new of where cards
are."""


def _cards(value: Any) -> list[int]:
    """The card ids in an event argument (ints inside lists and tuples)."""
    if isinstance(value, bool):
        return []
    if isinstance(value, int):
        return [value] if value >= 0 else []
    if isinstance(value, (list, tuple)):
        out: list[int] = []
        for v in value:
            if isinstance(v, (list, tuple)) or (isinstance(v, int) and not isinstance(v, bool)):
                out += _cards(v)
        return out
    return []


def knowledge(g: Game, seat: int) -> Knowledge:
    """What ``seat`` knows of the hidden cards of ``g``, from the events it saw."""
    k = Knowledge(seat)
    for event in g.events:
        k.learn(redact(event, seat))
    return k


def sample_world(g: Game, seat: int, rng: Pcg32,
                 role_weight: Callable[[int, str], int] | None = None,
                 known: Knowledge | None = None) -> Game:
    """A copy of ``g`` as it might be for all ``seat`` knows (module docstring), asked the same
    question: ``seat``'s view of it is ``seat``'s view of ``g``. ``g`` must be asking ``seat`` (the
    moment a searching agent decides) and is not changed.

    ``role_weight(other, role)``: a positive int, how much more likely ``seat`` believes
    ``other`` holds ``role`` (a searching agent's reading of how the others played); the hidden
    roles are then drawn with probability in proportion to the product of their weights,
    uniformly without it.

    ``known``: :func:`knowledge` of ``g`` for ``seat``, if the caller has it (a search sampling
    many worlds of one position reads the events once); it is not changed."""
    req = g.pending
    if req is None or req.seat != seat:
        raise ValueError(f"a world is sampled for the seat asked (seat {seat} is not)")
    world = g.clone()
    if known is None:
        known = knowledge(g, seat)
    _deal_cards(world, seat, known, rng)
    _deal_roles(world, seat, rng, role_weight)
    world.rng.setstate(((rng.next_u32() << 32) | rng.next_u32(), world.rng.inc))
    return world


def _deal_cards(w: Game, seat: int, known: Knowledge, rng: Pcg32) -> None:
    # The living's hands and the draw pile; a dead player's hand (转世's offerings, a dark soul's
    # card, which the variants' state names) stays as it is.
    others = [p for p in w.players if p.seat != seat and p.alive]
    hidden = [c for p in others for c in p.hand] + list(w.draw_pile)
    where = {c: p.seat for p in others for c in p.hand}
    top = [c for c in known.top if c in w.draw_pile]
    if w.draw_pile[len(w.draw_pile) - len(top):][::-1] != top:
        top = []  # (never: what a 观星 left on top stays there until drawn or shuffled)
    for c in w.draw_pile:
        where[c] = PILE
    room = {p.seat: len(p.hand) for p in others}
    room[PILE] = len(w.draw_pile) - len(top)
    fixed = set(top)
    tied = [(c, sorted(known.holders[c])) for c in hidden
            if c in known.holders and c not in fixed]
    placed: dict[int, int] = {}
    for _attempt in range(20):  # the cards it knows of first, then the others at random
        placed = {}
        left = dict(room)
        order = list(tied)
        rng.shuffle(order)
        ok = True
        for c, holders in order:
            free = [h for h in holders if left.get(h, 0) > 0]
            if not free:
                ok = False
                break
            h = free[rng.below(len(free))]
            placed[c] = h
            left[h] -= 1
        if ok:
            break
    else:  # no room found at random: keep those cards where they are (a consistent world)
        placed = {c: where[c] for c, _ in tied}
        left = dict(room)
        for h in placed.values():
            left[h] -= 1
    rest = [c for c in hidden if c not in placed and c not in fixed]
    rng.shuffle(rest)
    for p in others:
        mine = [c for c, h in placed.items() if h == p.seat]
        need = len(p.hand) - len(mine)
        mine += rest[:need]
        rest = rest[need:]
        p.hand[:] = mine
    pile = [c for c, h in placed.items() if h == PILE] + rest
    rng.shuffle(pile)
    w.draw_pile[:] = pile + top[::-1]  # the end of the list is the top
    w.rebuild_hooks()


def _deal_roles(w: Game, seat: int, rng: Pcg32,
                role_weight: Callable[[int, str], int] | None = None) -> None:
    over = w.result is not None
    hidden = [p for p in w.players if not (p.seat == seat or over or p.role_shown
                                           or p.role == LORD or not p.alive)]
    roles = [p.role for p in hidden]
    if role_weight is None or len(hidden) < 2:
        rng.shuffle(roles)
    else:  # each arrangement in proportion to the product of its weights, exactly
        weights = {(p.seat, r): max(1, role_weight(p.seat, r)) for p in hidden for r in set(roles)}
        arrangements = _arrangements(sorted(roles))
        products = []
        for arrangement in arrangements:
            product = 1
            for p, r in zip(hidden, arrangement, strict=True):
                product *= weights[(p.seat, r)]
            products.append(product)
        pick = _below(rng, sum(products))
        for arrangement, product in zip(arrangements, products, strict=True):
            if pick < product:
                roles = list(arrangement)
                break
            pick -= product
    for p, r in zip(hidden, roles, strict=True):
        p.role = r


def _arrangements(roles: list[str]) -> list[tuple[str, ...]]:
    """Every distinct order of ``roles`` (a sorted list), in lexicographic order: at most 2,520
    for the nine hidden roles of a ten-player table."""
    out: list[tuple[str, ...]] = []
    left: dict[str, int] = {}
    for r in roles:
        left[r] = left.get(r, 0) + 1
    kinds = sorted(left)
    current: list[str] = []

    def extend() -> None:
        if len(current) == len(roles):
            out.append(tuple(current))
            return
        for r in kinds:
            if left[r]:
                left[r] -= 1
                current.append(r)
                extend()
                current.pop()
                left[r] += 1

    extend()
    return out


def _below(rng: Pcg32, bound: int) -> int:
    """An unbiased integer in ``[0, bound)`` for a bound of any size: 32-bit words drawn until
    the number they make falls below the largest multiple of ``bound`` they can reach."""
    if bound <= 1 << 32:
        return rng.below(bound)
    words = (bound.bit_length() + 31) // 32
    span = 1 << (32 * words)
    limit = span - span % bound
    while True:
        r = 0
        for _ in range(words):
            r = (r << 32) | rng.next_u32()
        if r < limit:
            return r % bound
