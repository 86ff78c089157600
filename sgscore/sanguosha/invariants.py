"""The invariants of an identity-mode game (3v3 and every variant included), checked as it is
played: after setting up, after every decision and at the end, however the game ended
(``docs/fuzzing.md``, "Random games and their invariants"). :meth:`SPEC.invariants
<sgscore.sanguosha.spec.IdentitySpec.invariants>` gives a checker, which is how the fuzzing
harness's random games (``python -m sgscore.fuzz games``) find it; the checks every game shares
are in :mod:`sgscore.core.invariants`.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any, Final

from ..core.invariants import Broken, short, the_end, view_events
from .cards import CARD_TYPES, DELAYED, EQUIP, KIND, SUBTYPE, WEAPON
from .game import Game
from .model import LORD, Player
from .variants.detailed import souls_on
from .variants.reincarnation import reborn, threshold

__all__ = ["Invariants"]


class Invariants:
    """The invariants of an identity-mode game (3v3 and every variant included), checked after
    every decision and at the end (``check``): card conservation, HP bounds, the dead staying
    dead unless they reincarnate and holding only what the variant lets them (the offerings of
    reincarnation, the card of a 玄武 soul), equipment in its slot and delayed tricks in
    judgement areas, ``pending`` None exactly when the game is over and only the living asked
    (the dead only for their dark souls), the end told, and the views of every seat and of a
    spectator (``docs/fuzzing.md``, "Random games and their invariants"). It keeps what the
    checks need between decisions."""

    def __init__(self, game: Game) -> None:
        self.deck = sorted(game.card_ids)
        self.dead = [False] * game.n
        self.reborn = list(reborn(game))
        self.dying = [False] * game.n
        self.drained = False
        self.scanned = 0
        self.viewed = [0] * (game.n + 1)

    def check(self, game: Game) -> list[Broken]:
        """The invariants broken now: ``(invariant, detail)`` pairs."""
        self._scan(game)
        out = (self._cards(game) + self._hp(game) + self._areas(game) + self._pending(game)
               + the_end(game))
        for k, seat in enumerate([*range(game.n), None]):
            out += self._view(game, seat, k)
        return out

    def _scan(self, game: Game) -> None:
        """Follow dying in the events: a player is dying from the ``dying`` event after their HP
        dropped to 0 or below until they recover above 0 or die. The drain of the detailed rules
        takes 1 HP from everyone at once and then resolves the dying one by one: a player it
        brought to 0 is awaiting their dying from its ``lose_hp``."""
        for kind, args, _, _ in game.events[self.scanned:]:
            if kind == "dying":
                self.dying[args[0]] = True
            elif kind == "damage" and args[3] <= 0:
                self.dying[args[1]] = False
            elif kind == "lose_hp" and args[2] <= 0:
                self.dying[args[0]] = self.drained
            elif (kind == "recover" and args[2] > 0) or kind == "death":
                self.dying[args[0]] = False
            if kind != "lose_hp":
                self.drained = kind == "drain"
        self.scanned = len(game.events)

    def _cards(self, game: Game) -> list[Broken]:
        cards = sorted(game.all_zones())
        if cards == self.deck:
            return []
        missing = _minus(self.deck, cards)
        extra = _minus(cards, self.deck)
        return [("card conservation", f"missing {missing[:10]}, extra or twice {extra[:10]}")]

    def _hp(self, game: Game) -> list[Broken]:
        out = []
        for p in game.players:
            s = p.seat
            if self.dead[s] and p.alive:
                if reborn(game)[s] > self.reborn[s]:  # 转世: back with a new general
                    self.dead[s] = False
                else:
                    out.append(("dead stay dead", f"seat {s} is alive again without "
                                                  "reincarnating"))
            self.reborn[s] = reborn(game)[s]
            if not p.alive:
                self.dead[s] = True
                continue
            if p.max_hp < 1 or p.hp > p.max_hp:
                out.append(("HP bounds", f"seat {s} has {p.hp} of {p.max_hp} HP"))
            elif p.hp < 1 and not self.dying[s]:
                out.append(("HP bounds", f"seat {s} has {p.hp} HP and is not dying"))
        return out

    def _areas(self, game: Game) -> list[Broken]:
        out = []
        for p in game.players:
            for slot, c in enumerate(p.equip):
                if c >= 0 and (KIND[c] != EQUIP or SUBTYPE[c] != slot):
                    out.append(("equipment slots", f"seat {p.seat} slot {slot} holds card {c}"))
            names = [name for _, name in p.judge]
            bad = [n for n in names if n not in CARD_TYPES or CARD_TYPES[n].kind != DELAYED]
            if bad or len(dict.fromkeys(names)) != len(names):
                out.append(("judgement areas", f"seat {p.seat} holds {p.judge}"))
            if p.borrowed is not None and SUBTYPE[p.borrowed[0]] != WEAPON:
                out.append(("equipment slots", f"seat {p.seat} borrowed {p.borrowed}"))
            if not p.alive and (p.judge or p.borrowed or max(p.equip) >= 0
                                or not self._may_hold(game, p)):
                out.append(("the dead hold nothing", f"seat {p.seat}: hand {p.hand}, "
                                                     f"equipment {p.equip}, judge {p.judge}"))
        return out

    @staticmethod
    def _may_hold(game: Game, p: Player) -> bool:
        """Whether the dead ``p`` may hold the hand it holds: nothing, but for the offerings of
        reincarnation (fewer than it takes to reincarnate, or that many when no general of their
        kingdom was left) and the card of a 玄武 soul (dark souls)."""
        if not p.hand:
            return True
        if game.config.reincarnation:
            return len(p.hand) <= threshold(game)
        if game.config.dark_souls:
            held = [s.card for q in game.players for s in souls_on(game, q)
                    if s.seat == p.seat and s.card >= 0]
            return sorted(p.hand) == sorted(held)
        return False

    def _pending(self, game: Game) -> list[Broken]:
        req = game.pending
        out = []
        if (req is None) != game.over:
            out.append(("pending iff not over", f"pending {req!r}, over {game.over}"))
        if (req is not None and not game.players[req.seat].alive
                and not (game.config.dark_souls and req.kind in _SOUL_KINDS)):
            out.append(("only the living decide", f"seat {req.seat} is dead and asked {req.kind}"))
        return out

    def _view(self, game: Game, seat: int | None, k: int) -> list[Broken]:
        # Only the events not looked at yet (``since``): checking a long game stays linear.
        view = game.view(seat, since=self.viewed[k])
        out = self._view_players(game, view, seat) + self._view_pending(game, view, seat)
        if seat is None:
            out += self._secrets(game, view)
        out += view_events(game.events, view, seat, self.viewed, k)
        return out

    def _view_players(self, game: Game, view: dict[str, Any], seat: int | None) -> list[Broken]:
        out = []
        for p, shown in zip(game.players, view["players"], strict=True):
            own = p.seat == seat
            public = (own or p.role_shown or p.role == LORD or not p.alive
                      or game.result is not None)  # every role turned up at the end
            if shown["hand"] != (list(p.hand) if own else None) or shown["hand_size"] != len(p.hand):
                out.append(("views: hands", f"seat {seat} sees seat {p.seat}'s hand as "
                                            f"{shown['hand']} ({shown['hand_size']} cards)"))
            if shown["role"] != (p.role if public else None):
                out.append(("views: roles", f"seat {seat} sees seat {p.seat}'s role as "
                                            f"{shown['role']!r} (public: {public})"))
            if (shown["hp"], shown["max_hp"], shown["alive"]) != (p.hp, p.max_hp, p.alive):
                out.append(("views: public state", f"seat {seat} sees seat {p.seat} wrong"))
        return out

    def _view_pending(self, game: Game, view: dict[str, Any], seat: int | None) -> list[Broken]:
        req, shown = game.pending, view["pending"]
        if req is None:
            ok = shown is None
        elif seat is not None and req.seat == seat:
            ok = shown is not None and shown.get("seat") == seat and shown.get("kind") == req.kind
        else:
            ok = shown == {"waiting": True}
        if ok and isinstance(view["draw_pile"], int) and view["draw_pile"] == len(game.draw_pile):
            return []
        return [("views: pending and piles", f"seat {seat} sees pending {short(shown)} and a "
                                              f"draw pile of {short(view['draw_pile'])}")]

    def _secrets(self, game: Game, view: dict[str, Any]) -> list[Broken]:
        """A spectator's view holds no seed, RNG state or run of the draw pile in its order (its
        events are the ones not looked at yet)."""
        rest = {key: v for key, v in view.items() if key != "events"}
        secrets = {game.seed: "the seed", game.rng.state: "the RNG state",
                   game.rng.inc: "the RNG stream"}
        at = {c: i for i, c in enumerate(game.draw_pile)}
        out = []
        for v in _walk([rest, view["events"]]):
            if type(v) is dict:
                named = [key for key in v if key in ("seed", "rng", "rng_state", "draw_order")]
                if named:
                    out.append(("views: secrets", f"the spectator's view has {named}"))
            elif type(v) is int and abs(v) >= 1 << 31:
                what = secrets.get(v, "a 64-bit number")
                out.append(("views: secrets", f"the spectator's view holds {what} ({v})"))
            elif type(v) in (list, tuple) and _pile_run(v, at):
                out.append(("views: secrets", f"the spectator's view holds the draw pile's "
                                              f"order {short(v)}"))
        return out[:3]


_SOUL_KINDS: Final = ("soul_host", "soul")
"""The requests a dead player is asked with dark souls on: where their soul goes, and whether
it acts (``docs/rules.md``, "Detailed rules and dark souls")."""


def _minus(a: list[int], b: list[int]) -> list[int]:
    """The items of ``a`` (sorted) left over after taking out those of ``b``, counted."""
    left = dict.fromkeys(a, 0)
    for x in a:
        left[x] += 1
    for x in b:
        if x in left:
            left[x] -= 1
    return [x for x, n in left.items() for _ in range(n)]


def _walk(value: Any) -> Iterator[Any]:
    """Every value inside ``value``, itself included (keys and values of maps)."""
    stack = [value]
    while stack:
        v = stack.pop()
        yield v
        if type(v) in (list, tuple):
            stack.extend(v)
        elif type(v) is dict:
            stack.extend(v.keys())
            stack.extend(v.values())


def _pile_run(seq: Sequence[Any], at: dict[int, int]) -> bool:
    """Whether ``seq`` is five or more cards lying one after another in the draw pile."""
    if len(seq) < 5 or not all(type(x) is int and x in at for x in seq):
        return False
    steps = {at[b] - at[a] for a, b in zip(seq, seq[1:], strict=False)}
    return steps in ({1}, {-1})
