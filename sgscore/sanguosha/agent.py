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
  2 HP or less, or when three players are left), then turns on the lord when they are the last
  two.
- in 3v3 (``mode_3v3.py``) the camps are public: its own camp are friends, the other camp
  enemies; the draft, the order of action and the direction of area tricks are answered by
  :func:`~.mode_3v3.heuristic_choice`.

In the selection of generals (the draft) it picks one of the offered generals at random, each
weighted by its own estimate of that general's strength for its role (:func:`draft_weight`),
drawn from its own stream: stronger generals more often, every general sometimes, so that a study
of its games plays every general (the choice is the player's: docs/rules.md, "The selection of
generals").

Then, at each decision, it scores the legal choices and takes the best: it attacks enemies
(the weakest first), never friends, heals when hurt, keeps 闪 and 桃 it needs when it discards,
saves dying friends with 桃 (the loyalist the lord above all), uses 无懈可击 against harm to a
friend or help to an enemy, equips what it lacks, and uses skills when they pay. Ties are broken
with its own PCG32 stream (stream ``1 + seat``, like the random agent), so games stay
deterministic and re-simulate from their decisions alone.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final

from ..core.protocol import Choice, PickRequest, Request, SubsetRequest
from ..core.rng import Pcg32
from .cards import CARD_TYPES, EQUIP, KIND, NAME, SUBTYPE, WEAPON, weapon_range
from .mode_3v3 import REQUEST_KINDS as THREE_V_THREE_KINDS
from .mode_3v3 import camp_of, heuristic_choice
from .model import GENERALS, LORD, LOYALIST, REBEL, RENEGADE, Player
from .skills import SKILLS

if TYPE_CHECKING:
    from .game import Game

__all__ = ["HeuristicAgent", "DRAFT_ORDER", "ROLE_FAVOURITES", "card_value", "draft_weight"]

HARMFUL: Final = frozenset({
    "slash", "duel", "dismantlement", "snatch", "savage_assault", "archery_attack", "indulgence",
    "lightning", "collateral",
})
"""Cards whose effect on their target is harm."""

DRAFT_ORDER: Final = (
    "liubei", "sunquan", "caocao", "zhangfei", "zhaoyun", "guanyu", "lvbu", "zhouyu", "simayi",
    "huatuo", "zhenji", "guojia", "luxun", "huangyueying", "huanggai", "diaochan", "zhugeliang",
    "daqiao", "xiahoudun", "zhangliao", "xuchu", "lvmeng", "machao", "sunshangxiang", "ganning",
)
"""The agent's estimate of the generals, strongest first: a player's rough tier list of the first
edition, five tiers of five (generals not in it come after, in id order). The identity draft
weighs its picks by it (:func:`draft_weight`); 3v3's draft takes the best in this order."""

ROLE_FAVOURITES: Final = {
    LOYALIST: frozenset({"huatuo", "sunshangxiang", "liubei", "zhaoyun"}),  # heal, feed, endure
    REBEL: frozenset({"zhangfei", "machao", "xuchu", "ganning", "huanggai", "lvbu"}),  # attack
    RENEGADE: frozenset({"simayi", "guojia", "zhugeliang", "luxun", "xiahoudun"}),  # survive
}
"""Generals the agent thinks suit a role beyond their tier: a loyalist's that heal or feed the
lord, a rebel's that press the attack, a renegade's that outlast the table."""


def draft_weight(general: str, role: str) -> int:
    """How much the agent wants ``general`` when it drafts as ``role`` (a positive integer, its
    weight among the offered generals): its tier in :data:`DRAFT_ORDER` (5 for the first five
    down to 1 for the last five, 1 for a general not in it), 3 more for the lord when the
    general has a lord skill (it works only for the lord), 2 more when the general suits the
    role (:data:`ROLE_FAVOURITES`)."""
    rank = DRAFT_ORDER.index(general) if general in DRAFT_ORDER else len(DRAFT_ORDER)
    weight = max(1, 5 - rank // 5)
    if role == LORD and general in GENERALS and any(
            SKILLS[s].lord for s in GENERALS[general].skills if s in SKILLS):
        weight += 3
    favourites = ROLE_FAVOURITES.get(role)
    if favourites is not None and general in favourites:
        weight += 2
    return weight

_VALUE: Final = {
    "peach": 10, "nullification": 7, "ex_nihilo": 8, "jink": 6, "slash": 4, "duel": 4,
    "snatch": 5, "dismantlement": 4, "indulgence": 4, "savage_assault": 3, "archery_attack": 3,
    "collateral": 2, "amazing_grace": 2, "peach_garden": 2, "lightning": 1,
}


def card_value(card: int) -> int:
    """How much the agent wants to keep a card (a rough constant per card name)."""
    if KIND[card] == EQUIP:
        return 2
    return _VALUE.get(plays_like(NAME[card]), 3)


def plays_like(name: str) -> str:
    """The standard card that the card ``name`` plays like (``CardType.like``: the 1.0 deck's
    火牛阵 is 万箭齐发 to the agent), or ``name`` itself."""
    t = CARD_TYPES.get(name)
    return t.like if t is not None and t.like else name


ENEMY, UNKNOWN, FRIEND = -1, 0, 1
_UNKNOWN_TARGET: Final = {LORD: 2, LOYALIST: 2, REBEL: 2, RENEGADE: -2}
"""What attacking a seat of unknown side is worth, by the attacker's role."""


class _NoOpinion:
    """What a question handler returns when it has no opinion (the agent then picks at random)."""


_NO_OPINION: Final = _NoOpinion()


class HeuristicAgent:
    """Plays one seat of an identity-mode game by the rules of thumb of the module docstring.

    Made with the game it plays (``HeuristicAgent(game, seed, seat)``); it reads the game only
    through what that seat may see.
    """

    name = "heuristic"

    def __init__(self, game: Game, seed: int, seat: int) -> None:
        self.g = game
        self.seat = seat
        self.rng = Pcg32(seed, 1 + seat)
        self.lean = [0] * game.n
        self.seen = 0
        self.dying = -1
        self.actions = 0
        self.turn_no = -1

    # ------------------------------------------------------------------ what the seat knows
    def _observe(self) -> None:
        """Read the events shown to this seat since the last decision."""
        events = self.g.events
        lord = self._lord()
        for i in range(self.seen, len(events)):
            kind, args, _, _ = events[i]
            if kind == "use":
                user, name, targets = args[0], args[1], args[3]
                if plays_like(name) in HARMFUL and user != lord:
                    for t in targets:
                        self._hostile(user, t, lord)
            elif kind == "dying":
                self.dying = args[0]
            elif kind == "play" and args[1] == "peach" and self.dying >= 0:
                saver = args[0]
                if saver != lord and saver != self.dying:
                    self._helped(saver, self.dying, lord)
            elif kind == "damage":
                src, target = args[0], args[1]
                if isinstance(src, int) and src >= 0 and src != lord and src != target:
                    self._hostile(src, target, lord, weight=1)
        self.seen = len(events)

    def _hostile(self, user: int, target: int, lord: int, weight: int = 2) -> None:
        if not isinstance(user, int) or not isinstance(target, int) or user == target:
            return
        if target == lord:
            self.lean[user] += 2 * weight
        elif self.lean[target] > 0:
            self.lean[user] -= weight
        elif self.lean[target] < 0:
            self.lean[user] += weight

    def _helped(self, saver: int, saved: int, lord: int) -> None:
        if saved == lord:
            self.lean[saver] -= 4
        elif self.lean[saved] > 0:
            self.lean[saver] += 2
        elif self.lean[saved] < 0:
            self.lean[saver] -= 2

    def _lord(self) -> int:
        for p in self.g.players:
            if p.role == LORD:
                return p.seat
        return 0

    def _known_role(self, p: Player) -> str:
        """A role this seat may know: its own, the lord's, one shown or revealed by death."""
        if p.seat == self.seat or p.role == LORD or p.role_shown or not p.alive:
            return p.role
        return ""

    def _attitudes(self) -> list[int]:
        """ENEMY, UNKNOWN or FRIEND for every seat (FRIEND for itself)."""
        g = self.g
        me = g.players[self.seat]
        mine = me.role
        if g.config.mode == "3v3":  # the camps are public: the other camp is the enemy
            camp = camp_of(mine)
            return [FRIEND if camp_of(p.role) == camp else ENEMY for p in g.players]
        alive = sum(1 for p in g.players if p.alive)
        out = [UNKNOWN] * g.n
        deduced = self._deduced()
        for p in g.players:
            if p is me:
                out[p.seat] = FRIEND
                continue
            role = self._known_role(p) or deduced
            lean = self.lean[p.seat]
            if mine in (LORD, LOYALIST):
                if role in (LORD, LOYALIST):
                    out[p.seat] = FRIEND
                elif role in (REBEL, RENEGADE):
                    out[p.seat] = ENEMY
                else:
                    out[p.seat] = ENEMY if lean > 0 else FRIEND if lean < -1 else UNKNOWN
            elif mine == REBEL:
                if role == REBEL:
                    out[p.seat] = FRIEND
                elif role in (LORD, LOYALIST):
                    out[p.seat] = ENEMY
                elif role == RENEGADE:
                    out[p.seat] = UNKNOWN
                else:
                    out[p.seat] = FRIEND if lean > 1 else ENEMY if lean < 0 else UNKNOWN
            else:  # renegade: keeps the lord alive while others live, fights whoever leads
                lord_hp = g.players[self._lord()].hp
                if role == LORD:
                    out[p.seat] = ENEMY if alive <= 2 else FRIEND
                elif role == REBEL or (not role and lean > 0):
                    out[p.seat] = ENEMY if lord_hp <= 2 or alive <= 3 else UNKNOWN
                elif alive <= 3 and role == LOYALIST:
                    out[p.seat] = ENEMY
        return out

    def _deduced(self) -> str:
        """The role every seat of unknown role must have, when the roles not yet seen are all
        of one kind (say, every rebel is dead: the one unknown seat left is the loyalist); else
        ``""``."""
        lords, loyal, rebels, renegades = self.g.config.roles()
        left = {LORD: lords, LOYALIST: loyal, REBEL: rebels, RENEGADE: renegades}
        for p in self.g.players:
            role = self._known_role(p)
            if role:
                left[role] -= 1
        kinds = [r for r, k in left.items() if k > 0]
        return kinds[0] if len(kinds) == 1 else ""

    # ------------------------------------------------------------------ deciding
    def choose(self, request: Request) -> Choice:
        self._observe()
        kind = request.kind
        if kind == "play":
            return self._play(request)
        if kind in THREE_V_THREE_KINDS:
            return heuristic_choice(self.g, self.seat, request, DRAFT_ORDER)
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
            if kind in ("dismantle", "snatch", "ice_sword"):
                return self._take_card(request.prompt, options)
            if kind in ("soul_host", "soul"):
                return self._soul(kind, request.prompt, options)
            special = self._special(kind, request.prompt, options)
            if not isinstance(special, _NoOpinion):
                return special
            scored = self._score_options(options)
            if not isinstance(scored, _NoOpinion):
                return scored
        return request.choice_at(self.rng.below(request.count()))

    def _best(self, scored: Sequence[tuple[int, Choice]]) -> Choice:
        """The choice with the highest score; ties broken with the agent's stream."""
        top = max(s for s, _ in scored)
        best = [c for s, c in scored if s == top]
        return best[0] if len(best) == 1 else best[self.rng.below(len(best))]

    # ------------------------------------------------------------------ the play phase
    def _play(self, request: Request) -> Choice:
        g = self.g
        if g.turn_no != self.turn_no:
            self.turn_no, self.actions = g.turn_no, 0
        self.actions += 1
        if self.actions > 30:  # a safety net: a phase of this many actions ends
            return None
        att = self._attitudes()
        me = g.players[self.seat]
        scored: list[tuple[int, Choice]] = [(0, None)]
        for choice in request.choices():
            if choice is None:
                continue
            assert isinstance(choice, tuple)
            if isinstance(choice[0], str):
                s = self._skill_score(me, choice[0], choice[1], choice[2], att)
            else:
                s = self._card_score(me, choice[0], NAME[choice[0]], choice[1:], att)
            scored.append((s, choice))
        return self._best(scored)

    def _target_score(self, name: str, targets: Sequence[int], att: list[int]) -> int:
        g = self.g
        total = 0
        for t in targets:
            q = g.players[t]
            a = att[t]
            if a == FRIEND:
                if name in ("dismantlement", "snatch") and q.judge:
                    total += 4  # take a delayed trick off a friend
                else:
                    total -= 20
            elif a == ENEMY:
                total += 6 + (q.max_hp - q.hp) + (3 if q.hp <= 1 else 0) - min(len(q.hand), 4) // 2
            else:  # unknown: most unknown seats are the lord's enemies, fewer a rebel's
                total += _UNKNOWN_TARGET.get(g.players[self.seat].role, -2)
        return total

    def _peach_score(self, me: Player, targets: Sequence[int], att: list[int]) -> int:
        if targets:  # the 1.0 deck's 桃 on another player (002)
            q = self.g.players[targets[0]]
            return 8 + 4 * (q.max_hp - q.hp) if att[q.seat] == FRIEND else -10
        return 12 + 4 * (me.max_hp - me.hp) if me.hp < me.max_hp else -10

    def _card_score(self, me: Player, card: int, name: str, targets: Sequence[int],
                    att: list[int]) -> int:
        g = self.g
        if KIND[card] == EQUIP:
            slot = SUBTYPE[card]
            held = me.equip[slot]
            if held < 0:
                return 8
            if slot == WEAPON and weapon_range(card) > weapon_range(held):
                return 2
            return -5
        name = plays_like(name)
        if name == "peach":
            return self._peach_score(me, targets, att)
        if name in ("ex_nihilo", "amazing_grace"):
            return 9
        if name in ("slash", "duel", "dismantlement", "snatch", "indulgence", "collateral"):
            s = self._target_score(name, targets, att)
            if name == "duel":
                slashes = sum(1 for c in me.hand if NAME[c] == "slash")
                s -= 2 if slashes == 0 else 0
            return s - card_value(card) // 2 if s > 0 else s
        if name in ("savage_assault", "archery_attack"):
            s = 0
            for p in g.players:
                if p.alive and p is not me:
                    s += 3 if att[p.seat] == ENEMY else -4 if att[p.seat] == FRIEND else -1
            return s
        if name == "peach_garden":
            s = 0
            for p in g.players:
                if p.alive and p.hp < p.max_hp:
                    s += 3 if att[p.seat] == FRIEND else -3 if att[p.seat] == ENEMY else 0
            return s
        if name == "lightning":
            return 1
        return 0

    def _skill_score(self, me: Player, sid: str, cards: Sequence[int], targets: Sequence[int],
                     att: list[int]) -> int:
        cost = sum(card_value(c) for c in cards)
        hurt = me.max_hp - me.hp
        if sid in ("wusheng", "longdan", "jijiang"):
            s = self._target_score("slash", targets, att)
            return s - cost // 2 if s > 0 else s
        if sid == "guose":
            s = self._target_score("indulgence", targets, att)
            return s - cost // 2 if s > 0 else s
        if sid == "jiedao":
            return self._target_score("collateral", targets, att)
        if sid == "lijian":
            s = sum(6 if att[t] == ENEMY else -20 if att[t] == FRIEND else -1 for t in targets)
            return s - cost
        if sid == "rende":
            t = targets[0]
            if att[t] != FRIEND:
                return -20
            return (4 if hurt or len(me.hand) > me.hp else -1) - cost // 3
        if sid == "tribute":
            return 3 - cost // 2 if att[targets[0]] == FRIEND else -20
        if sid == "offering":  # 转世: a card to a dead friend, who may come back
            return 2 - cost // 2 if att[targets[0]] == FRIEND else -20
        if sid == "kurou":
            has_peach = any(NAME[c] == "peach" for c in me.hand)
            return 5 if me.hp >= 3 or (me.hp == 2 and has_peach) else -10
        if sid == "qingnang":
            return 10 - cost if hurt else -10
        if sid == "tongling":
            return -1
        return -1 - cost

    # ------------------------------------------------------------------ answering
    def _respond(self, prompt: tuple[Any, ...], options: Sequence[Choice]) -> Choice:
        name = prompt[0] if prompt else ""
        ctx = prompt[1:]
        att = self._attitudes()
        want = True
        if name == "peach":
            dying = ctx[0] if ctx and isinstance(ctx[0], int) else self.seat
            want = att[dying] == FRIEND
        elif name == "nullification":
            trick, target, what = (ctx + ("", -1, "nullification"))[:3]
            harmful = plays_like(trick) in HARMFUL
            friend = isinstance(target, int) and 0 <= target < len(att) and att[target] == FRIEND
            enemy = isinstance(target, int) and 0 <= target < len(att) and att[target] == ENEMY
            cancel = (harmful and friend) or (not harmful and enemy)
            want = cancel if what == "nullification" else (harmful and enemy) or (
                not harmful and friend)
        elif ctx and ctx[0] in ("hujia", "jijiang") and len(ctx) > 1:
            want = att[ctx[1]] == FRIEND
        elif ctx and ctx[0] == "blade" and len(ctx) > 1:
            want = att[ctx[1]] != FRIEND
        if not want:
            return None
        scored: list[tuple[int, Choice]] = []
        for o in options:
            if o is None:
                continue
            if isinstance(o, tuple):
                if o[0] == "tongling":
                    continue
                # a skill that costs no card (八卦阵, 护驾, 激将) first, then the cheapest card
                s = 20 if len(o) == 1 else 10 - card_value(o[1])
            else:
                s = 10 - card_value(o)
            scored.append((s, o))
        return self._best(scored) if scored else None

    def _invoke(self, prompt: tuple[Any, ...], options: Sequence[Choice]) -> Choice:
        skill = prompt[0] if prompt else ""
        if skill == "tongling":
            return prompt[1:2] == ("dying",)
        if skill == "jijiu":  # 急救: for whom the damage is about to hit
            about = prompt[2] if len(prompt) > 2 else -1
            return isinstance(about, int) and 0 <= about < self.g.n and (
                self._attitudes()[about] == FRIEND)
        if skill == "guicai":
            return False  # which card would help is beyond this agent
        return True

    def _special(self, kind: str, prompt: tuple[Any, ...], options: Sequence[Choice]) -> Choice:
        """Questions of particular skills and cards; ``_NO_OPINION`` for the others."""
        cards = [o for o in options if isinstance(o, int) and not isinstance(o, bool)]
        if kind == "jijiu":
            target = prompt[0] if prompt else -1
            friend = isinstance(target, int) and 0 <= target < self.g.n and (
                self._attitudes()[target] == FRIEND)
            if cards and (friend or None not in options):
                return min(cards, key=lambda c: (card_value(c), c))
            return None
        if kind == "yiji":  # 遗计: both cards to himself
            mine = (self.seat, self.seat)
            return mine if mine in options else _NO_OPINION
        if kind == "amazing_grace" and cards:
            return max(cards, key=lambda c: (card_value(c), -c))
        if kind == "wushuang_discard":
            cheap = [c for c in cards if card_value(c) <= 4]
            return min(cheap, key=lambda c: (card_value(c), c)) if cheap else None
        if kind == "ganglie":
            pairs = [o for o in options if isinstance(o, tuple)]
            me = self.g.players[self.seat]
            if pairs and (me.hp <= 2 or min(sum(map(card_value, o)) for o in pairs) <= 6):
                return min(pairs, key=lambda o: (sum(map(card_value, o)), o))
            return None if None in options else _NO_OPINION
        return _NO_OPINION

    def _soul(self, kind: str, prompt: tuple[Any, ...], options: Sequence[Choice]) -> Choice:
        """A dark soul (the detailed rules), decided by its dead player: 罗汉 and 玄武 possess the
        weakest friend, 祝由 the enemy holding most cards. 罗汉 blocks for a friend; 玄武 gives a
        dying friend its 桃, or a good card as their play phase begins, and trades a poor card
        away with an enemy; 祝由 makes an enemy throw away their hand."""
        att = self._attitudes()
        players = self.g.players
        soul = prompt[0] if prompt else ""
        if kind == "soul_host":
            def score(seat: int) -> int:
                q = players[seat]
                if soul == "zhuyou":
                    return -10 * att[seat] + len(q.hand)
                return 10 * att[seat] - q.hp
            seats = [o for o in options if isinstance(o, int) and 0 <= o < len(att)]
            return self._best([(score(s), s) for s in seats]) if seats else options[0]
        host = prompt[1] if len(prompt) > 1 and isinstance(prompt[1], int) else -1
        side = att[host] if 0 <= host < len(att) else UNKNOWN
        if soul == "xuanwu":
            mine = players[self.seat].hand
            value = card_value(mine[0]) if mine else 0
            if side == FRIEND:  # a 桃 for the dying, a good card to play
                if prompt[2] == "dying":
                    return bool(mine) and NAME[mine[0]] == "peach"
                return prompt[2] == "play" and self.g.current == host and value >= 4
            return side == ENEMY and value <= 3
        return side == (FRIEND if soul == "luohan" else ENEMY)

    def _subset(self, request: SubsetRequest) -> Choice:
        pool = sorted(request.pool, key=lambda c: (self._keep(c), c))
        n = request.low
        if request.kind == "zhiheng":
            n = max(request.low, min(request.high, sum(1 for c in pool if self._keep(c) < 4)))
        return tuple(sorted(pool[:n]))

    def _keep(self, card: int) -> int:
        """How much this seat wants to keep ``card`` now (its hand's needs counted)."""
        me = self.g.players[self.seat]
        name = NAME[card]
        v = card_value(card)
        if name == "jink" and me.hp <= 2:
            v += 3
        if name == "slash" and sum(1 for c in me.hand if NAME[c] == "slash") > 1:
            v -= 2
        return v

    def _take_card(self, prompt: tuple[Any, ...], options: Sequence[Choice]) -> Choice:
        """过河拆桥/顺手牵羊: from an enemy the best equipment, from a friend a delayed trick."""
        target = prompt[0] if prompt and isinstance(prompt[0], int) else -1
        att = self._attitudes()
        friend = 0 <= target < len(att) and att[target] == FRIEND
        scored: list[tuple[int, Choice]] = []
        for o in options:
            if o == "hand":
                scored.append((3 if not friend else -5, o))
            elif isinstance(o, int):
                judged = any(c == o for p in self.g.players for c, _ in p.judge)
                if friend:
                    scored.append((10 if judged else -5, o))
                else:
                    scored.append((1 if judged else 5 + (2 if SUBTYPE[o] == WEAPON else 0), o))
        return self._best(scored) if scored else options[0]

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
        (流离, 突袭): prefer enemies, avoid friends; ``_NO_OPINION`` for other shapes."""
        att = self._attitudes()
        n = len(att)
        scored: list[tuple[int, Choice]] = []
        for o in options:
            if not isinstance(o, tuple) or not o or not all(
                    isinstance(x, int) and not isinstance(x, bool) for x in o):
                return _NO_OPINION
            if len(o) == 2 and not 0 <= o[0] < n:  # (card, seat): 流离
                if not 0 <= o[1] < n:
                    return _NO_OPINION
                scored.append((-30 * att[o[1]] - card_value(o[0]), o))
            elif all(0 <= x < n for x in o):  # seats: 突袭
                scored.append((sum(-3 * att[x] for x in o), o))
            else:
                return _NO_OPINION
        return self._best(scored) if scored else _NO_OPINION
