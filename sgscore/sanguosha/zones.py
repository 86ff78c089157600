"""Cards moving between zones: the draw pile, hands, equipment and judgement areas, the
processing area and the discard pile (003 "游戏牌"; docs/rules.md "The turn" and "Cards").

Every move goes through these procedures, so the events (who sees which cards) and the timings
(``gained``, ``hand_emptied``) are the same whichever card or skill moves the cards.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..core.engine import GameOver, Proc
from ..core.protocol import PickRequest
from ..core.registry import Kind
from .cards import CARD_TYPES, EQUIP, KIND, NAME, SUBTYPE, WEAPON
from .contexts import GAINED, HAND_EMPTIED, GainCtx, PlayerCtx
from .events import DISCARD, DRAW, GAIN, RESHUFFLE, RETURN_WEAPON
from .events import EQUIP as EQUIP_EVENT
from .model import NO_CARD, Player
from .skills import SKILLS, Skill
from .triggers import fire

if TYPE_CHECKING:
    from .game import Game

__all__ = [
    "take_from_pile", "draw_now", "draw", "remove_card", "lose_cards", "discard", "to_discard",
    "gain", "equip_card", "choose_card_of", "set_weapon_skills", "return_borrowed",
    "equipment_skill",
]


def take_from_pile(g: Game, n: int, into: list[int] | None = None) -> list[int]:
    """Take ``n`` cards from the top of the draw pile, reshuffling the discard pile into a new draw
    pile whenever it runs out; if both are empty the game is a draw (docs/rules.md "The turn").

    ``into``: the zone the cards are going to (a hand, the processing area), each put there as
    it is taken, so that the cards taken before both piles run out are there when the game ends
    (``docs/rules.md``, "The turn": "Cards taken before the piles run out"). Without it the
    caller holds the cards it is given, so only a take of one card may leave it out."""
    out: list[int] = []
    pile = g.draw_pile
    for _ in range(n):
        if not pile:
            if not g.discard_pile:
                raise GameOver(None, "no_cards")
            pile.extend(g.discard_pile)
            g.discard_pile.clear()
            g.rng.shuffle(pile)
            g.log(RESHUFFLE, len(pile))
        card = pile.pop()
        out.append(card)
        if into is not None:
            into.append(card)
    return out


def draw_now(g: Game, p: Player, n: int) -> list[int]:
    """``p`` draws ``n`` cards at once (no timing: the initial hands). Should both piles run out
    first, the cards drawn so far are in ``p``'s hand, told as a draw, when the game ends."""
    first = len(p.hand)
    try:
        cards = take_from_pile(g, n, p.hand)
    except GameOver:
        got = tuple(p.hand[first:])
        if got:
            g.log_private(DRAW, 1 << p.seat, (p.seat, len(got)), got)
        raise
    g.log_private(DRAW, 1 << p.seat, (p.seat, n), tuple(cards))
    return cards


def draw(g: Game, p: Player, n: int) -> Proc:
    """``p`` draws ``n`` cards."""
    cards = draw_now(g, p, n)
    if GAINED in g.hooks:
        yield from fire(g, GAINED, GainCtx(p, cards))
    return cards


def _index(cards: list[int], card: int) -> int:
    """Where ``card`` is in ``cards``, or -1 (``card in cards``, then ``index``, on machine
    integers in the compiled core)."""
    i = 0
    for c in cards:
        if c == card:
            return i
        i += 1
    return -1


def remove_card(g: Game, card: int) -> tuple[str, Player | None]:
    """Take ``card`` out of whatever zone holds it; returns the zone and its owner. (A card is
    in one zone only, so the order of the search does not matter: the zone cards most often
    leave, being used or judged, first.)"""
    i = _index(g.processing, card)
    if i >= 0:
        g.processing.pop(i)
        return "processing", None
    for p in g.players:
        h = p.hand
        i = _index(h, card)
        if i >= 0:
            h.pop(i)
            return "hand", p
        eq = p.equip
        i = _index(eq, card)
        if i >= 0:
            eq[i] = NO_CARD
            if KIND[card] == EQUIP:
                _unequip_skill(g, p, card)
            return "equip", p
        for i, (c, _) in enumerate(p.judge):
            if c == card:
                del p.judge[i]
                return "judge", p
        if p.borrowed is not None and p.borrowed[0] == card:
            p.borrowed = None
            return "borrowed", p
    if card in g.discard_pile:
        g.discard_pile.remove(card)
        return "discard", None
    if card in g.draw_pile:
        g.draw_pile.remove(card)
        return "draw", None
    raise AssertionError(f"card {card} is in no zone")


def lose_cards(g: Game, cards: list[int]) -> Proc:
    """Take cards out of their zones; fires ``hand_emptied`` for a player whose hand this empties."""
    emptied: list[Player] = []
    for c in cards:
        zone, owner = remove_card(g, c)
        if zone == "hand" and owner is not None and not owner.hand and owner not in emptied:
            emptied.append(owner)
    if emptied and g.hooks.get(HAND_EMPTIED):
        for p in emptied:
            if HAND_EMPTIED in g.hooks:
                yield from fire(g, HAND_EMPTIED, PlayerCtx(p))


def discard(g: Game, p: Player | None, cards: list[int], reason: str) -> Proc:
    """Discard ``cards`` (from wherever they are) to the discard pile."""
    if not cards:
        return
    yield from lose_cards(g, cards)
    g.discard_pile.extend(cards)
    g.log(DISCARD, p.seat if p is not None else -1, tuple(cards), reason)


def to_discard(g: Game, cards: list[int] | tuple[int, ...]) -> None:
    """Move cards still in the processing area to the discard pile."""
    proc = g.processing
    for c in cards:
        if c in proc:
            proc.remove(c)
            g.discard_pile.append(c)


def gain(g: Game, p: Player, cards: list[int], source: Player | None, visible: bool) -> Proc:
    """``p`` takes ``cards`` into hand from wherever they are (another player, the processing
    area, ...). ``visible``: whether everyone sees which cards moved."""
    yield from lose_cards(g, cards)
    p.hand.extend(cards)
    src = source.seat if source is not None else -1
    if visible:
        g.log(GAIN, p.seat, src, tuple(cards))
    else:
        mask = (1 << p.seat) | ((1 << source.seat) if source is not None else 0)
        g.log_private(GAIN, mask, (p.seat, src, len(cards)), tuple(cards))
    if GAINED in g.hooks:
        yield from fire(g, GAINED, GainCtx(p, cards))


def equipment_skill(card: int) -> Skill | None:
    """The skill an equipment card gives its holder, if any."""
    cls = CARD_TYPES[NAME[card]].skill
    return SKILLS[cls.id] if cls is not None else None


def _works(g: Game, s: Skill | None) -> bool:
    return s is not None and (g.config.advanced_weapons or not s.advanced)


def equip_card(g: Game, p: Player, card: int) -> Proc:
    """Put an equipment card into ``p``'s equipment area, discarding the one it replaces."""
    slot = SUBTYPE[card]
    old = p.equip[slot]
    if old >= 0:
        yield from discard(g, p, [old], "replaced")
    if slot >= 2:
        # 马术: only one horse in all may be equipped; the other slot's horse is replaced.
        horses = 2
        hooked = g.mods.get("horse_slots")
        if hooked:
            for seat, s in hooked:
                if seat == p.seat:
                    horses = min(horses, s.horse_slots(g, p))
        other = 5 - slot
        if horses < 2 and p.equip[other] >= 0:
            yield from discard(g, p, [p.equip[other]], "replaced")
    if card in g.processing:
        g.processing.remove(card)
    p.equip[slot] = card
    g.log(EQUIP_EVENT, p.seat, card)
    skill = equipment_skill(card)
    if skill is not None and _works(g, skill):
        if slot == WEAPON and p.borrowed is not None:
            set_weapon_skills(g, p)
        else:
            p.skills.append(skill)
            g.rebuild_hooks()


def _unequip_skill(g: Game, p: Player, card: int) -> None:
    if SUBTYPE[card] == WEAPON and p.borrowed is not None:
        set_weapon_skills(g, p)  # a borrowed weapon takes over when the own one is gone
        return
    s = equipment_skill(card)
    if s is not None:
        for i, own in enumerate(p.skills):
            if own.id == s.id and own.equipment:
                del p.skills[i]
                break
        g.rebuild_hooks()


def choose_card_of(
    g: Game, chooser: Player, target: Player, kind: Kind, hand: bool = True, equip: bool = True,
    judge: bool = True,
) -> Proc:
    """``chooser`` picks one of ``target``'s cards: "hand" (then one hand card is taken at random
    with the game RNG, 003 "随机抽"), or one specific equipped or judgement-area card."""
    options: list[Any] = []
    if hand and target.hand:
        options.append("hand")
    if equip:
        options.extend(c for c in target.equip if c >= 0)
    if judge:
        options.extend(c for c, _ in target.judge)
    if not options:
        return None
    pick = yield PickRequest(chooser.seat, kind, options, (target.seat,))
    if pick == "hand":
        return target.hand[g.rng.below(len(target.hand))]
    return pick


def _weapon_skill_ids() -> set[str]:
    return {t.skill.id for t in CARD_TYPES.values() if t.slot == WEAPON and t.skill is not None}


def set_weapon_skills(g: Game, p: Player) -> None:
    """Keep the skill list in line with the weapon in effect (own or borrowed)."""
    weapons = _weapon_skill_ids()
    p.skills = [s for s in p.skills if not (s.equipment and s.id in weapons)]
    w = g.weapon_of(p)
    s = equipment_skill(w) if w >= 0 else None
    if s is not None and _works(g, s):
        p.skills.append(s)
    g.rebuild_hooks()


def return_borrowed(g: Game, p: Player) -> None:
    """Give a borrowed weapon back: to its owner's equipment area if the owner is alive and has no
    weapon, else to the discard pile (docs/rules.md "Cards")."""
    if p.borrowed is None:
        return
    weapon, owner_seat, _ = p.borrowed
    p.borrowed = None
    owner = g.players[owner_seat]
    if owner.alive and owner.equip[0] < 0:
        owner.equip[0] = weapon
        s = equipment_skill(weapon)
        if s is not None and _works(g, s):
            owner.skills.append(s)
        g.log(RETURN_WEAPON, p.seat, owner_seat, weapon)
    else:
        g.discard_pile.append(weapon)
        g.log(DISCARD, p.seat, (weapon,), "borrowed_weapon")
    if p.alive:
        set_weapon_skills(g, p)
    else:
        g.rebuild_hooks()
