"""A heuristic agent for identity mode: it plays like a careful beginner who knows the rules.

It sees what its seat may see and nothing more: its own hand and role, the public table (HP,
hand sizes, equipment, judgement areas, the lord, roles shown) and the events its seat is shown.
From those events it keeps, for every other seat, a *lean*: how much that seat has acted against
the lord (attacking him or those who defend him) or for him (attacking his attackers, saving him).
From its role and the leans it tells friends from enemies:

- the lord and loyalists: seats that lean against the lord are enemies, those that lean for him
  are friends, the rest unknown;
- rebels: the lord and the seats that lean for him are enemies, seats leaning against him friends;
- the renegade: keeps the lord alive (it fights the seats that lean against him when he is at
  2 HP or less, or when three players are left), turns on everyone else once every rebel is
  dead, then on the lord when they are the last two;
- once every rebel is dead (the *endgame*), the lord's side forgets the leans (a renegade who
  helped it against the rebels was no friend), holds back from the seats it cannot tell apart
  (each as likely a loyalist as the renegade) and takes the first seat to attack another for the
  renegade; who killed a loyalist leans against the lord, who killed a rebel for him;
- in a mode whose sides are public (3v3's camps: a :func:`~.hints.sides_hint` of its variant)
  its own side are friends, the other side enemies; the mode's own questions (3v3's draft, order
  of action and direction of area tricks) are answered by the answer hints its variant registers,
  as any request kind's.

In the selection of generals (the draft) it picks one of the offered generals at random, each
weighted by its own estimate of that general's strength for its role (:func:`draft_weight`),
drawn from its own stream: stronger generals more often, every general sometimes, so that a study
of its games plays every general (the choice is the player's: docs/rules.md, "The selection of
generals").

Then, at each decision, it scores the legal choices and takes the best: it attacks enemies
(the weakest first), never friends, heals when hurt, keeps 闪 and 桃 it needs when it discards
(with two players left, what can hurt the other: only that ends the game),
saves dying friends with 桃 (the loyalist the lord above all), uses 无懈可击 against harm to a
friend or help to an enemy, equips what it lacks, and uses skills when they pay. Ties are broken
with its own PCG32 stream (stream ``1 + seat``, like the random agent), so games stay
deterministic and re-simulate from their decisions alone.

This module names no general, skill or card: what the agent knows of a particular one (a
general's strength, when a skill pays, what a card is worth, how to answer a skill's question) is
registered by the module that defines it, through :mod:`.hints`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final

from ..core.engine import Event
from ..core.protocol import Choice, PickRequest, Request, SubsetRequest
from ..core.rng import Pcg32
from ..core.spec import remade_agent
from .cards import (
    ARMOR,
    CARD_TYPES,
    DEFENSE_HORSE,
    EQUIP,
    KIND,
    NAME,
    SUBTYPE,
    WEAPON,
    weapon_range,
)
from .hints import (
    ANSWER_HINTS,
    CARD_HINTS,
    ENEMY,
    FRIEND,
    GENERAL_HINTS,
    JUDGEMENT_HINTS,
    NO_OPINION,
    SIDES_HINTS,
    SKILL_HINTS,
    UNKNOWN,
    CardHint,
    CardScore,
    NoOpinion,
    SkillScore,
    strength,
)
from .hints import draft_order as _order
from .model import GENERALS, LORD, LOYALIST, REBEL, RENEGADE, Player
from .skills import SKILLS

if TYPE_CHECKING:
    from .game import Game

__all__ = ["HeuristicAgent", "draft_order", "card_value", "draft_weight", "plays_like"]


def draft_order() -> list[str]:
    """Every registered general, strongest first by the agent's estimate (each general's
    :func:`~.hints.general_hint`; generals without one last, in id order). 3v3's draft takes the
    best in this order."""
    return _order(GENERALS.names())


def draft_weight(general: str, role: str) -> int:
    """How much the agent wants ``general`` when it drafts as ``role`` (a positive integer, its
    weight among the offered generals): its tier by :func:`~.hints.strength` (5 for 81-100 down
    to 1 for 1-20, and 1 for a general without a hint), 3 more for the lord when the general has
    a lord skill (it works only for the lord), 2 more when the general suits the role (the roles
    of his :func:`~.hints.general_hint`)."""
    weight = max(1, 1 + (strength(general) - 1) // 20)
    if role == LORD and general in GENERALS and any(
            SKILLS[s].lord for s in GENERALS[general].skills if s in SKILLS):
        weight += 3
    hint = GENERAL_HINTS.get(general)
    if hint is not None and role in hint.roles:
        weight += 2
    return weight


def plays_like(name: str) -> str:
    """The standard card that the card ``name`` plays like (``CardType.like``: the 1.0 deck's
    火牛阵 is 万箭齐发 to the agent), or ``name`` itself."""
    t = CARD_TYPES.get(name)
    return t.like if t is not None and t.like else name


_HINT_OF: Final[dict[str, CardHint | None]] = {}
_VALUE_OF: Final[dict[int, int]] = {}  # card_value() of each card id
_MEMO_OF: Final[list[int]] = [-1]  # the registries' sizes the memo was made with


def hint_of(name: str) -> CardHint | None:
    """The hint of the card that the card ``name`` plays like (None without one), remembered
    until a card or a hint is registered (:func:`_sync_hints`, at each decision)."""
    if name in _HINT_OF:
        return _HINT_OF[name]
    _sync_hints()
    hint = _HINT_OF[name] = CARD_HINTS.get(plays_like(name))
    return hint


def _sync_hints() -> None:
    """Forget the remembered hints when a card or a hint was registered since."""
    size = len(CARD_HINTS) * 65536 + len(CARD_TYPES)
    if size != _MEMO_OF[0]:
        _HINT_OF.clear()
        _VALUE_OF.clear()
        _MEMO_OF[0] = size


def card_value(card: int) -> int:
    """How much the agent wants to keep a card: its card hint's value (of the card it plays
    like), 2 for equipment, 3 for a card without a hint (remembered like :func:`hint_of`)."""
    v = _VALUE_OF.get(card)
    if v is None:
        if KIND[card] == EQUIP:
            v = 2
        else:
            hint = hint_of(NAME[card])
            v = hint.value if hint is not None else 3
        _VALUE_OF[card] = v
    return v


def harmful(name: str) -> bool:
    """Whether the card ``name`` (or the card it plays like) harms its targets."""
    hint = hint_of(name)
    return hint is not None and hint.harms


_UNKNOWN_TARGET: Final = {LORD: 2, LOYALIST: 2, REBEL: 2, RENEGADE: -2}
"""What attacking a seat of unknown side is worth, by the attacker's role."""

_FRIEND_HIT: Final = -1000
"""What :meth:`HeuristicAgent._worth` says of a friend (the card decides: see ``target_score``)."""

_READS: Final = frozenset({"use", "dying", "play", "damage", "death"})
"""The kinds of event the agent learns from (:meth:`HeuristicAgent._observe`)."""


class _Scan:
    """The events of one game that the agent learns from (:data:`_READS`), picked out once for
    every seat that reads them."""

    __slots__ = ("events", "upto", "hits")

    def __init__(self, events: list[Event]) -> None:
        self.events = events
        self.upto = 0  # the events picked through so far
        self.hits: list[Event] = []


_SHARED: Final[list[_Scan]] = []
"""The scan of the game an agent read last, for that game's other seats to share (one at most:
:func:`_scan_for`). Each agent keeps the scan it reads, so a game's scan lives as long as the
game's agents and no longer: finished games' events kept alive past their game made a study's
cyclic garbage collector run six times as often."""


def _scan_for(events: list[Event], mine: _Scan | None) -> _Scan:
    """The scan of ``events`` (a game's event list), brought up to date: the agent's own
    (``mine``) while it reads the same list, else the one its game's other seats share, else a
    new one that they will share."""
    end = len(events)
    scan = mine
    if scan is None or scan.events is not events or scan.upto > end:
        scan = _SHARED[0] if _SHARED else None
        if scan is None or scan.events is not events or scan.upto > end:
            scan = _Scan(events)
            if _SHARED:
                _SHARED[0] = scan
            else:
                _SHARED.append(scan)
    if scan.upto < end:
        scan.hits += [e for e in events[scan.upto:end] if e[0] in _READS]
        scan.upto = end
    return scan


class HeuristicAgent:
    """Plays one seat of an identity-mode game by the rules of thumb of the module docstring.

    Made with the game it plays (``HeuristicAgent(game, seed, seat)``); it reads the game only
    through what that seat may see. It is the :class:`~.hints.Advisor` its hints are given.
    """

    name = "heuristic"

    def __init__(self, game: Game, seed: int, seat: int) -> None:
        self.g = game
        self.seat = seat
        self.seed = seed
        self.rng = Pcg32(seed, 1 + seat)
        self.lean = [0] * game.n
        self.seen = 0  # the game's events read, and of them the ones of _READS (see _scan_for)
        self.read = 0
        self.dying = -1
        self.actions = 0
        self.turn_no = -1
        self.att: list[int] = []
        self.att_at = -1  # the number of events the attitudes were worked out after
        # and what they read (see _refresh)
        self.att_living: list[bool] = []
        self.att_shown: list[bool] = []
        self.att_hp = -1
        self.att_endgame = False
        self.att_lean: list[int] = []
        self.alive = game.n  # the living players, counted after alive_at events
        self.alive_at = -1
        self.rebels_dead: list[int] = []
        self.endgame = False
        self.dealt = False  # whether it has looked at the table as dealt (at its first decision;
        # after that every death comes with an event, and _died sees the rebels gone)
        sides = SIDES_HINTS.get(game.config.mode)  # a mode whose sides are public (3v3)
        self.same_side = sides.same_side if sides is not None else None
        self.roles = game.config.roles()  # lords, loyalists, rebels, renegades
        self.lord = -1  # the lord's seat, once found
        self.deciding = False  # inside choose(): the table stands still, so values are kept
        self.values: dict[int, int] = {}  # value() of each card asked, in this decision
        self.worth: list[int] | None = None  # _worth() in this decision
        self.now: list[int] | None = None  # the attitudes in this decision, once worked out
        self.scan: _Scan | None = None  # the events it learns from (shared by the game's seats)

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickling: the agent travels as its game, seed and seat, and is made again caught up
        on the game (``sgscore.core.spec.remade_agent``): the same stream and the same reading
        of the table, in this process or another."""
        return (remade_agent, (type(self), self.g, self.seed, self.seat))

    def follow(self, game: Game) -> None:
        """Watch ``game`` from now on: a copy, at the same moment, of the game this agent has
        played so far (``GameSpec.make_agents`` catches an agent up on a replay of the game,
        then has it follow the game it is for)."""
        self.g = game
        self.att_at = self.alive_at = -1  # worked out again from the game it now watches

    # ------------------------------------------------------------------ what the seat knows
    def _observe(self) -> None:
        """Read the events shown to this seat since the last decision."""
        events = self.g.events
        if self.seen == len(events):
            return
        self.seen = len(events)
        scan = self.scan = _scan_for(events, self.scan)
        hits = scan.hits
        end = len(hits)
        if self.read == end:
            return
        lord = self._lord()
        for kind, args, _, _ in hits[self.read:end]:
            if kind == "use":
                user = args[0]
                if user != lord:
                    hint = hint_of(args[1])
                    if hint is not None and hint.harms:
                        for t in args[3]:
                            self._hostile(user, t, lord)
            elif kind == "dying":
                self.dying = args[0]
            elif kind == "play" and self.dying >= 0 and self._saves(args[1]):
                saver = args[0]
                if saver != lord and saver != self.dying:
                    self._helped(saver, self.dying, lord)
            elif kind == "damage":
                src, target = args[0], args[1]
                if isinstance(src, int) and src >= 0 and src != lord and src != target:
                    self._hostile(src, target, lord, weight=1)
            elif kind == "death":
                self._died(args[0], args[1], args[2], lord)
        self.read = end

    def _died(self, seat: int, role: str, killer: int, lord: int) -> None:
        """A death shows the dead seat's role: who killed a loyalist leans against the lord, who
        killed a rebel for him. Once every rebel has died, the game is the lord's side against
        the renegades (the *endgame*): the leans start again from nothing, since a renegade who
        helped the lord against the rebels was no friend, and any attack from now on is taken
        for a renegade's (the lord's side then holds back from seats it does not know)."""
        if isinstance(killer, int) and 0 <= killer < self.g.n and killer not in (lord, seat):
            if role == LOYALIST:
                self.lean[killer] += 6
            elif role == REBEL:
                self.lean[killer] -= 4
        if role == REBEL and seat not in self.rebels_dead:
            self.rebels_dead.append(seat)
            if not self.endgame and self._rebels_gone():
                self._begin_endgame()

    def _rebels_gone(self) -> bool:
        """Whether every rebel of the game has died (their roles shown by their deaths)."""
        if self.same_side is not None:
            return False
        rebels_dead = self.rebels_dead
        dead = len(rebels_dead)
        need = self.roles[2]
        if dead < need:
            for p in self.g.players:
                if not p.alive and p.role == REBEL and p.seat not in rebels_dead:
                    dead += 1
        return dead >= need

    def _begin_endgame(self) -> None:
        self.endgame = True
        self.lean = [0] * self.g.n
        self.att_at = -1

    def _saves(self, name: str) -> bool:
        """Whether a card played while someone is dying saves them (its hint's ``saves``)."""
        hint = CARD_HINTS.get(name)
        return hint is not None and hint.saves

    def _hostile(self, user: int, target: int, lord: int, weight: int = 2) -> None:
        if not isinstance(user, int) or not isinstance(target, int) or user == target:
            return
        if target == lord:
            self.lean[user] += 2 * weight
        elif self.lean[target] > 0:
            self.lean[user] -= weight
        elif self.lean[target] < 0 or self.endgame:  # no rebel is left to be attacked
            self.lean[user] += weight

    def _helped(self, saver: int, saved: int, lord: int) -> None:
        if saved == lord:
            self.lean[saver] -= 4
        elif self.lean[saved] > 0:
            self.lean[saver] += 2
        elif self.lean[saved] < 0:
            self.lean[saver] -= 2

    def _lord(self) -> int:
        players = self.g.players
        lord = self.lord
        if lord >= 0 and players[lord].role == LORD:
            return lord
        for p in players:
            if p.role == LORD:
                self.lord = p.seat
                return p.seat
        return 0

    def _attitudes(self) -> list[int]:
        """ENEMY, UNKNOWN or FRIEND for every seat (FRIEND for itself)."""
        g = self.g
        players = g.players
        seat = self.seat
        mine = players[seat].role
        same_side = self.same_side
        if same_side is not None:  # the sides are public: the other side is the enemy
            self.alive = sum(1 for p in players if p.alive)
            return [FRIEND if same_side(mine, p.role) else ENEMY for p in players]
        # the roles this seat may know (its own, the lord's, one shown or revealed by death),
        # and the role every seat of unknown role must have when the roles not yet seen are all
        # of one kind (say, every rebel is dead: the one unknown seat left is the loyalist)
        lords, loyal, rebels, renegades = self.roles
        left = {LORD: lords, LOYALIST: loyal, REBEL: rebels, RENEGADE: renegades}
        known: list[str] = []
        alive = 0
        for p in players:
            if p.alive:
                alive += 1
                role = p.role if p.seat == seat or p.role == LORD or p.role_shown else ""
            else:
                role = p.role
            if role:
                left[role] -= 1
            known.append(role)
        self.alive = alive
        kinds = [r for r, k in left.items() if k > 0]
        deduced = kinds[0] if len(kinds) == 1 else ""
        lean = self.lean
        out = [UNKNOWN] * g.n
        # (a seat of no role known or deduced, the most at a big table, by its lean alone)
        if mine in (LORD, LOYALIST):
            unsure = mine == LOYALIST and self.endgame and self._lord_unsure()
            for s in range(g.n):
                k = known[s]
                role = k or deduced
                if role:
                    out[s] = self._lords_side(role, lean[s], unsure and not k)
                else:
                    out[s] = ENEMY if lean[s] > 0 else FRIEND if lean[s] < -1 else UNKNOWN
        elif mine == REBEL:
            for s in range(g.n):
                role = known[s] or deduced
                if role:
                    out[s] = self._rebels_side(role, lean[s])
                else:
                    out[s] = FRIEND if lean[s] > 1 else ENEMY if lean[s] < 0 else UNKNOWN
        else:
            lord_hp = players[self._lord()].hp
            for p in players:
                s = p.seat
                out[s] = self._renegades(known[s] or deduced, lean[s], alive, lord_hp)
        out[seat] = FRIEND
        return out

    @staticmethod
    def _lords_side(role: str, lean: int, wait: bool) -> int:
        """The lord's or a loyalist's attitude to a seat (``role``: known or deduced, or "");
        ``wait``: a renegade it deduced but the lord cannot tell, who has not attacked yet."""
        if role in (LORD, LOYALIST):
            return FRIEND
        if role in (REBEL, RENEGADE):
            return UNKNOWN if wait and lean <= 0 else ENEMY
        return ENEMY if lean > 0 else FRIEND if lean < -1 else UNKNOWN

    @staticmethod
    def _rebels_side(role: str, lean: int) -> int:
        if role == REBEL:
            return FRIEND
        if role in (LORD, LOYALIST):
            return ENEMY
        if role == RENEGADE:
            return UNKNOWN
        return FRIEND if lean > 1 else ENEMY if lean < 0 else UNKNOWN

    def _renegades(self, role: str, lean: int, alive: int, lord_hp: int) -> int:
        """The renegade keeps the lord alive while others live, fights whoever leads, and
        everyone but the lord once the rebels are dead."""
        if role == LORD:
            return ENEMY if alive <= 2 else FRIEND
        if self.endgame:
            return ENEMY
        if role == REBEL or (not role and lean > 0):
            return ENEMY if lord_hp <= 2 or alive <= 3 else UNKNOWN
        if alive <= 3 and role == LOYALIST:
            return ENEMY
        return UNKNOWN

    def _lord_unsure(self) -> bool:
        """Whether the lord cannot tell the loyalists from the renegades among the seats whose
        roles are hidden: both are left. Then a loyalist who has worked out the renegade waits
        for him to attack first, since the lord takes the first to attack for the renegade."""
        lords, loyal, rebels, renegades = self.g.config.roles()
        left = {LOYALIST: loyal, RENEGADE: renegades}
        for p in self.g.players:
            role = p.role if (p.role == LORD or p.role_shown or not p.alive) else ""
            if role in left:
                left[role] -= 1
        return left[LOYALIST] > 0 and left[RENEGADE] > 0

    # ------------------------------------------------------------------ the advisor
    @property
    def game(self) -> Game:
        return self.g

    @property
    def me(self) -> Player:
        return self.g.players[self.seat]

    def attitude(self, seat: int) -> int:
        """ENEMY, UNKNOWN or FRIEND, worked out again only when something happened since
        (every change the attitudes read comes with an event)."""
        now = self.now
        if now is None:
            now = self._att()
            if self.deciding:  # the table stands still until the decision is made
                self.now = now
        return now[seat]

    def _refresh(self) -> None:
        """Work the attitudes out again if what they read changed since: the leans, the endgame,
        which seats live and show their roles, the lord's HP."""
        n = len(self.g.events)
        if self.att_at == n:
            return
        players = self.g.players
        living = [p.alive for p in players]
        shown = [p.role_shown for p in players]
        hp = players[self._lord()].hp
        if (living != self.att_living or shown != self.att_shown or hp != self.att_hp
                or self.endgame != self.att_endgame or self.lean != self.att_lean):
            self.att = self._attitudes()  # and self.alive
            self.att_living = living
            self.att_shown = shown
            self.att_hp = hp
            self.att_endgame = self.endgame
            self.att_lean = list(self.lean)
        self.att_at = self.alive_at = n

    def _att(self) -> list[int]:
        """:meth:`attitude` of every seat."""
        if self.att_at != len(self.g.events):
            self._refresh()
        return self.att

    def value(self, card: int) -> int:
        """:func:`card_value`; 3 more for equipment it has in use, and with two players left
        4 more for a card that harms: the last two can only end the game by hurting each other,
        so the agent spends anything else first (on 急救, 青囊, a discard)."""
        if self.deciding:
            known = self.values.get(card)
            if known is not None:
                return known
        v = card_value(card)
        if KIND[card] == EQUIP:
            if card in self.g.players[self.seat].equip:
                v += 3  # equipment in use: spent after the cards in hand it does not need
        elif harmful(NAME[card]) and self._last_two():
            v += 4
        if self.deciding:
            self.values[card] = v
        return v

    def _last_two(self) -> bool:
        n = len(self.g.events)
        if self.alive_at != n:
            self.alive = sum(1 for p in self.g.players if p.alive)
            self.alive_at = n
        return self.alive == 2

    def harms(self, name: str) -> bool:
        return harmful(name)

    def judgement(self, reason: str, card: int) -> int:
        hint = JUDGEMENT_HINTS.get(reason)
        if hint is None:
            return 0
        return 1 if hint.good(card) else -1

    # ------------------------------------------------------------------ deciding
    def choose(self, request: Request) -> Choice:
        self.values.clear()
        self.worth = self.now = None
        self.deciding = True
        try:
            return self._decide(request)
        finally:
            self.deciding = False
            self.now = None

    def _decide(self, request: Request) -> Choice:
        _sync_hints()
        self._observe()
        if not self.dealt:  # a table set up without rebels, or with them dead (a scenario)
            self.dealt = True
            if not self.endgame and self._rebels_gone():
                self._begin_endgame()
        kind = request.kind
        if kind == "play":
            return self._play(request)
        hint = ANSWER_HINTS.get(kind)
        if hint is not None:
            answer = hint.answer(self, request)
            if not isinstance(answer, NoOpinion):
                return answer
        if isinstance(request, SubsetRequest):
            return self._subset(request)
        if isinstance(request, PickRequest):
            options = request.options
            if kind == "respond":
                return self._respond(request.prompt, options)
            if kind == "invoke":
                return self._invoke(request.prompt, options)
            if kind == "draft":
                return self._draft(options)
            scored = self._score_options(options)
            if not isinstance(scored, NoOpinion):
                return scored
        return request.choice_at(self.rng.below(request.count()))

    def best(self, scored: Sequence[tuple[int, Choice]]) -> Choice:
        """The choice with the highest score; ties broken with the agent's stream."""
        top = 0
        best: list[Choice] = []
        for s, c in scored:
            if not best or s > top:
                top = s
                best = [c]
            elif s == top:
                best.append(c)
        return best[0] if len(best) == 1 else best[self.rng.below(len(best))]

    # ------------------------------------------------------------------ the play phase
    def _play(self, request: Request) -> Choice:
        g = self.g
        if g.turn_no != self.turn_no:
            self.turn_no, self.actions = g.turn_no, 0
        self.actions += 1
        if self.actions > 30:  # a safety net: a phase of this many actions ends
            return None
        me = g.players[self.seat]
        # the best choices so far (as best() finds them, ending the phase scored 0 first)
        top = 0
        best: list[Choice] = [None]
        # each card's and skill's hint, looked up once
        cards: dict[int, tuple[CardScore | None, bool]] = {}
        skills: dict[str, tuple[str, SkillScore | None]] = {}
        for choice in request.choices():
            if choice is None:
                continue
            assert isinstance(choice, tuple)
            first = choice[0]
            if isinstance(first, str):
                how = skills.get(first)
                if how is None:
                    how = skills[first] = self._skill_use(first)
                use_as, play = how
                if use_as:
                    s = self.use_score(use_as, choice[1], choice[2])
                elif play is not None:
                    s = play(self, choice[1], choice[2])
                else:
                    s = -1 - sum(self.value(c) for c in choice[1])
            else:
                use_equip = cards.get(first)
                if use_equip is None:
                    hint = hint_of(NAME[first])
                    use_equip = cards[first] = (hint.use if hint is not None else None,
                                                KIND[first] == EQUIP)
                use, equip = use_equip
                if equip:  # equipment into an empty slot, or what its hint says
                    s = self._equip_score(me, first)
                    if use is not None:
                        s = max(use(self, first, choice[1:]), s)
                else:
                    s = use(self, first, choice[1:]) if use is not None else 0
            if s > top:
                top = s
                best = [choice]
            elif s == top:
                best.append(choice)
        return best[0] if len(best) == 1 else best[self.rng.below(len(best))]

    def target_score(self, name: str, targets: Sequence[int]) -> int:
        worth = self.worth if self.deciding else None
        if worth is None:
            worth = self._worth()
            if self.deciding:
                self.worth = worth
        total = 0
        for t in targets:
            w = worth[t]
            if w == _FRIEND_HIT:
                hint = CARD_HINTS.get(name)
                if hint is not None and hint.rescues and self.g.players[t].judge:
                    total += 4  # take a delayed trick off a friend
                else:
                    total -= 20
            else:
                total += w
        return total

    def _worth(self) -> list[int]:
        """What hitting each seat is worth (:meth:`target_score`): an enemy the more the weaker
        he is, an unknown seat by :meth:`_unknown_target`; ``_FRIEND_HIT`` for a friend."""
        att = self._att()
        unknown = self._unknown_target()
        out: list[int] = []
        for q in self.g.players:
            a = att[q.seat]
            if a == FRIEND:
                out.append(_FRIEND_HIT)
            elif a == ENEMY:
                out.append(6 + (q.max_hp - q.hp) + (3 if q.hp <= 1 else 0)
                           - min(len(q.hand), 4) // 2)
            else:  # unknown: most unknown seats are the lord's enemies, fewer a rebel's
                out.append(unknown)
        return out

    def _unknown_target(self) -> int:
        """What attacking a seat of unknown side is worth: most unknown seats are the lord's
        enemies, fewer a rebel's; once the rebels are dead, an unknown seat is as likely a
        loyalist as a renegade, and the lord's side waits for the renegade to show himself."""
        role = self.g.players[self.seat].role
        if self.endgame and role in (LORD, LOYALIST):
            return -2
        return _UNKNOWN_TARGET.get(role, -2)

    def use_score(self, name: str, cards: Sequence[int], targets: Sequence[int]) -> int:
        if len(targets) == 1 and self.deciding and self.worth is not None:  # the most asked
            s = self.worth[targets[0]]
            if s == _FRIEND_HIT:
                s = self.target_score(name, targets)
        else:
            s = self.target_score(name, targets)
        if s <= 0:
            return s
        cost = 0
        for c in cards:
            cost += card_value(c)
        return s - cost // 2

    def area_score(self, harm: bool) -> int:
        s = 0
        att = self._att()
        for p in self.g.players:
            if not p.alive or (harm and p.seat == self.seat):
                continue
            a = att[p.seat]
            if harm:
                s += 3 if a == ENEMY else -4 if a == FRIEND else -1
            elif p.hp < p.max_hp:
                s += 3 if a == FRIEND else -3 if a == ENEMY else 0
        return s

    @staticmethod
    def _equip_score(me: Player, card: int) -> int:
        """Equipment into an empty slot, a weapon of longer range; nothing else."""
        slot = SUBTYPE[card]
        held = me.equip[slot]
        if held < 0:
            return 8
        if slot == WEAPON and weapon_range(card) > weapon_range(held):
            return 2
        return -5

    @staticmethod
    def _skill_use(sid: str) -> tuple[str, SkillScore | None]:
        """How a play-phase use of the skill ``sid`` is scored: as the use of a card (its hint's
        ``use_as``, else the skill's ``play_as``), or by its hint's ``play``; a skill without
        either scores below ending the phase, the less the more its cards are worth."""
        hint = SKILL_HINTS.get(sid)
        skill = SKILLS.get(sid)
        use_as = hint.use_as if hint is not None else ""
        if not use_as and skill is not None:
            use_as = skill.play_as
        return use_as, hint.play if hint is not None else None

    # ------------------------------------------------------------------ answering
    def _respond(self, prompt: tuple[Any, ...], options: Sequence[Choice]) -> Choice:
        name = prompt[0] if prompt else ""
        ctx = prompt[1:]
        card = CARD_HINTS.get(name) if isinstance(name, str) else None
        want = True
        if card is not None and card.respond is not None:
            want = card.respond(self, ctx)
        elif ctx and isinstance(ctx[0], str) and len(ctx) > 1:
            skill = SKILL_HINTS.get(ctx[0])
            if skill is not None and skill.respond is not None:
                want = skill.respond(self, ctx)
        if not want:
            return None
        scored: list[tuple[int, Choice]] = []
        for o in options:
            if o is None:
                continue
            if isinstance(o, tuple):
                skill = SKILL_HINTS.get(o[0]) if isinstance(o[0], str) else None
                if skill is not None and not skill.as_answer:
                    continue
                # a skill that costs no card (八卦阵, 护驾, 激将) first, then the cheapest card
                s = 20 if len(o) == 1 else 10 - self.value(o[1])
            else:
                s = 10 - self.value(o)
            scored.append((s, o))
        return self.best(scored) if scored else None

    def _invoke(self, prompt: tuple[Any, ...], options: Sequence[Choice]) -> Choice:
        sid = prompt[0] if prompt else ""
        hint = SKILL_HINTS.get(sid) if isinstance(sid, str) else None
        if hint is not None and hint.invoke is not None:
            return hint.invoke(self, prompt)
        return True

    def _subset(self, request: SubsetRequest) -> Choice:
        pool = sorted(request.pool, key=lambda c: (self.keep(c), c))
        return tuple(sorted(pool[:request.low]))

    def keep(self, card: int) -> int:
        """How much this seat wants to keep ``card`` now (its hand's needs counted)."""
        hint = CARD_HINTS.get(NAME[card])
        if hint is not None and hint.keep is not None:
            return hint.keep(self, card)
        return self.value(card)

    def take_card(self, target: int, options: Sequence[Choice]) -> Choice:
        """过河拆桥/顺手牵羊: from an enemy the best equipment, from a friend a delayed trick."""
        g = self.g
        friend = 0 <= target < g.n and self.attitude(target) == FRIEND
        scored: list[tuple[int, Choice]] = []
        for o in options:
            if o == "hand":
                scored.append((3 if not friend else -5, o))
            elif isinstance(o, int):
                judged = any(c == o for p in g.players for c, _ in p.judge)
                if friend:
                    scored.append((10 if judged else -5, o))
                elif judged:
                    scored.append((1, o))
                else:
                    scored.append((self._equipment_worth(o, target), o))
        return self.best(scored) if scored else options[0]

    def _equipment_worth(self, card: int, owner: int) -> int:
        """What taking an enemy's equipped ``card`` away is worth: a weapon or armour most, a
        +1 horse as much when it keeps the enemy out of this seat's reach."""
        slot = SUBTYPE[card]
        if slot == WEAPON or slot == ARMOR:
            return 7
        if slot == DEFENSE_HORSE:
            g = self.g
            me = g.players[self.seat]
            reach = 0 <= owner < g.n and g.in_attack_range(me, g.players[owner])
            return 5 if reach else 8
        return 5

    def _draft(self, options: Sequence[Choice]) -> Choice:
        """One of the offered generals, drawn from the agent's stream with the weights of
        :func:`draft_weight` for its role (the options in the order offered)."""
        role = self.g.players[self.seat].role
        weights = [draft_weight(str(o), role) for o in options]
        pick = self.rng.below(sum(weights))
        for option, weight in zip(options, weights, strict=True):
            if pick < weight:
                return option
            pick -= weight
        return options[-1]

    def _score_options(self, options: Sequence[Choice]) -> Choice:
        """Other questions whose options name seats as ``(card, seat)`` pairs or seat tuples
        (流离, 突袭): prefer enemies, avoid friends; ``NO_OPINION`` for other shapes."""
        n = self.g.n
        scored: list[tuple[int, Choice]] = []
        for o in options:
            if not isinstance(o, tuple) or not o or not all(
                    isinstance(x, int) and not isinstance(x, bool) for x in o):
                return NO_OPINION
            if len(o) == 2 and not 0 <= o[0] < n:  # (card, seat): 流离
                if not 0 <= o[1] < n:
                    return NO_OPINION
                scored.append((-30 * self.attitude(o[1]) - self.value(o[0]), o))
            elif all(0 <= x < n for x in o):  # seats: 突袭
                scored.append((sum(-3 * self.attitude(x) for x in o), o))
            else:
                return NO_OPINION
        return self.best(scored) if scored else NO_OPINION
