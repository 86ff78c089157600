"""The scenario harness of identity mode: set up a table, script the decisions, check what
happened.

For the project's rule tests, for frontends, and for bug reports. Its public name is
``sgscore.testing``, which re-exports it (the dice game's harness is ``sgscore.dice.testing``). A
scenario reads like a rules example::

    from sgscore.testing import Scenario

    s = Scenario(players=4)                         # beginner: everyone 4 HP, no skills
    s.seat(0).hand("slash")                         # seat 0 holds a 杀
    s.seat(1).hand("jink")                          # seat 1 holds a 闪
    t = s.start(seat=0, phase="play")               # seat 0's play phase
    t.play(s.card_of(0, "slash"), 1)                # 杀 on seat 1
    t.answer(1, "respond", t.card(1, "jink"))       # seat 1 plays 闪
    assert t.hp(1) == 4

Cards are named by id, by name (``"slash"``: the first free card of that name) or by name with
suit and rank (``"slash S7"``, ``"peach HQ"``). Everything not named stays where the seeded deal put
it, except that every hand is emptied into the draw pile first, so hands hold exactly what the
scenario says. ``top(...)`` puts cards on top of the draw pile, first named = first drawn.

Strict by default (as in XMage's test base): :meth:`Table.answer` fails when the engine asks a
different seat or kind of question than the script expects.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields
from typing import Any

from ..core.engine import EngineError
from ..core.protocol import Choice, Request
from .cards import NAME, SUBTYPE
from .cards_api import card_matches, find_card
from .config import Config
from .events import ROLE, ROLE_DEALT
from .game import Game
from .model import GENERALS, LORD, LOYALIST, REBEL, RENEGADE, Player
from .skills import SKILLS
from .variants.mode_3v3 import MARSHALS, ROLES_3V3
from .zones import equipment_skill, remove_card

__all__ = ["Scenario", "Table", "ScenarioError", "check_conservation", "table_difference",
           "CardSpec"]

CardSpec = int | str
"""A card as a scenario names it: its id, a name (``"slash"``) or a name and face (``"slash S7"``)."""


class ScenarioError(AssertionError):
    """The game did not go as the scenario script says."""


class _SeatSpec:
    def __init__(self, scenario: Scenario, seat: int) -> None:
        self.scenario = scenario
        self.seat_no = seat
        self.hand_cards: list[CardSpec] = []
        self.equip_cards: list[CardSpec] = []
        self.judge_cards: list[tuple[CardSpec, str | None]] = []
        self.hp_value: int | None = None
        self.max_hp_value: int | None = None
        self.role_value: str | None = None
        self.general_value: str | None = None
        self.sex_value: str | None = None
        self.skills_value: list[str] = []
        self.exact_skills: list[str] | None = None
        self.shown_value = False
        self.borrowed_value: tuple[CardSpec, int, bool] | None = None
        self.dead_value = False

    def hand(self, *cards: CardSpec) -> _SeatSpec:
        self.hand_cards.extend(cards)
        return self

    def equip(self, *cards: CardSpec) -> _SeatSpec:
        self.equip_cards.extend(cards)
        return self

    def judge(self, card: CardSpec, as_name: str | None = None) -> _SeatSpec:
        """Put a card in the judgement area (``as_name``: as another delayed trick, e.g. 国色)."""
        self.judge_cards.append((card, as_name))
        return self

    def hp(self, hp: int, max_hp: int | None = None) -> _SeatSpec:
        self.hp_value = hp
        self.max_hp_value = max_hp
        return self

    def role(self, role: str) -> _SeatSpec:
        self.role_value = role
        return self

    def general(self, general: str) -> _SeatSpec:
        self.general_value = general
        return self

    def dead(self) -> _SeatSpec:
        """The seat has already died (role shown, no cards) when the scenario starts. With
        reincarnation on, a dead seat may hold hand cards: the offerings it was given so far."""
        self.dead_value = True
        return self

    def sex(self, sex: str) -> _SeatSpec:
        """The seat's gender, ``"m"`` or ``"f"`` (beginner seats are male by default)."""
        self.sex_value = sex
        return self

    def skills(self, *skill_ids: str) -> _SeatSpec:
        """Skills the seat has besides its general's (by id): a table no deal makes, such as
        two skills ready at one timing for one seat."""
        self.skills_value.extend(skill_ids)
        return self

    def only_skills(self, *skill_ids: str) -> _SeatSpec:
        """Exactly these skills, in this order, its general's and its equipment's included (a
        table copied from a game, :meth:`Scenario.from_game`)."""
        self.exact_skills = list(skill_ids)
        return self

    def borrowed(self, card: CardSpec, owner: int, use_it: bool = True) -> _SeatSpec:
        """The seat holds ``owner``'s weapon lent by 借刀杀人 (docs/rules.md "Cards"): it goes
        back at the start of the seat's discard phase."""
        self.borrowed_value = (card, owner, use_it)
        return self

    def shown(self) -> _SeatSpec:
        """The seat's role is face up (a lord's always is; 甘宁's 锦帆 shows it)."""
        self.shown_value = True
        return self


class Scenario:
    """A table to set up: seats, generals, roles, cards, HP, the top of the draw pile.

    ``Scenario(players=6, mode="3v3")`` seats 3v3's camps (``variants/mode_3v3.py``: ``ROLES_3V3``, every role
    public, the marshals +1 HP); its first turn's camp then has the action, a vanguard's
    teammate acting after him."""

    def __init__(
        self,
        players: int = 4,
        generals: list[str | None] | None = None,
        roles: list[str] | None = None,
        seed: int = 0,
        **options: Any,
    ) -> None:
        self.players = players
        self.seed = seed
        self.options = options
        self.generals = generals
        if roles is None and options.get("mode") == "3v3":
            roles = list(ROLES_3V3)  # the camps' seats (variants/mode_3v3.py)
        elif roles is None:
            base = [LORD, LOYALIST, REBEL, RENEGADE]
            roles = (base + [REBEL, LOYALIST, REBEL, RENEGADE, LOYALIST, REBEL])[:players]
        self.roles = roles
        self.seats = [_SeatSpec(self, i) for i in range(players)]
        self.top_cards: list[CardSpec] = []
        self.discard_cards: list[CardSpec] = []
        #: The turn under way when the scenario starts inside it (:meth:`under_way`).
        self.turn_state: dict[str, Any] | None = None
        self.rng_state: tuple[int, int] | None = None
        #: Where :meth:`start` starts by default: ``(seat, phase, under_way)``.
        self.start_at: tuple[int, str, bool] = (0, "play", False)
        #: The decisions a game copied by :meth:`from_game` took after the copied moment, ``(seat,
        #: choice)``: submitted in order they bring the scenario to that game's question.
        self.decisions: list[tuple[int, Choice]] = []
        self._claimed: set[int] = set()
        self._resolved: dict[int, list[int]] = {}

    def seat(self, i: int) -> _SeatSpec:
        return self.seats[i]

    def top(self, *cards: CardSpec) -> Scenario:
        """Cards on top of the draw pile; the first one named is drawn first."""
        self.top_cards.extend(cards)
        return self

    def discard(self, *cards: CardSpec) -> Scenario:
        """Cards in the discard pile, the first named at the bottom."""
        self.discard_cards.extend(cards)
        return self

    def under_way(self, seat: int, *, turn: int = 1, round: int = 1, slashes: int = 0,
                  counters: dict[str, int] | None = None, skipped: tuple[str, ...] = ()) -> Scenario:
        """Start in ``seat``'s play phase already under way, at its next play-phase question:
        the turn's number and round, the 杀 used so far, the skills' turn counters and the
        phases to be skipped are as given (not reset as a turn that begins resets them), and no
        phase-begin skill fires. :meth:`start` then starts there by default."""
        self.turn_state = {"turn": turn, "round": round, "slashes": slashes,
                           "counters": dict(counters or {}), "skipped": tuple(skipped)}
        self.start_at = (seat, "play", True)
        return self

    def rng(self, state: tuple[int, int]) -> Scenario:
        """The game's random stream from this state on (``Pcg32.getstate()``): shuffles after the
        start go as in the game it was copied from."""
        self.rng_state = state
        return self

    def _resolve(self, spec: CardSpec, deck: list[int]) -> int:
        card = find_card(spec, deck, self._claimed)
        self._claimed.add(card)
        return card

    @classmethod
    def from_game(cls, game: Game) -> Scenario:
        """The table of ``game`` as a scenario (docs/bug-reports.md "A position as a test"): the
        moment of its last play-phase question at or before where it stands, copied whole (every
        seat's general, role, HP, skills, hand, equipment and judgement area, the draw pile in
        order, the discard pile, the turn's number, round, counters and 杀 used, the random
        stream), with :attr:`decisions` holding the decisions taken since, which, submitted after
        :meth:`start`, bring it to ``game``'s question.

        The copy is checked: a started scenario's table must equal the game's at that moment, or
        :class:`ScenarioError` says which part differs (a variant's kept state: 转世's counts, a
        dark soul, which a scenario cannot set). A 3v3 game, or one before its
        first play-phase question, has no such moment: ``ScenarioError`` too."""
        if not game.mode.resumable:
            raise ScenarioError(f"a {game.config.mode} game cannot become a scenario: its order "
                                "of play is not rebuilt from a play-phase question")
        history = game.history
        probe = game.restart()
        k = 0 if probe.pending is not None and probe.pending is probe.safe else -1
        last = len(history) - 1
        for i in range(len(history)):
            try:
                probe.submit(history[i][1], history[i + 1] if i < last else None)
            except EngineError:
                break  # the decision the game stopped on (a crash)
            if probe.pending is not None and probe.pending is probe.safe:
                k = i + 1
        if k < 0:
            raise ScenarioError(f"the game has no play-phase question yet at decision "
                                f"{game.decisions}: a scenario starts at one")
        base = game.replay_to(k)
        if base.processing:
            raise ScenarioError(f"cards are being resolved at decision {k}: {base.processing}")
        cfg = base.config
        names = [p.general or None for p in base.players]
        options = {f.name: getattr(cfg, f.name) for f in fields(cfg)
                   if f.name not in ("players", "generals", "pool")
                   and getattr(cfg, f.name) != f.default}
        s = cls(players=cfg.players, generals=names if any(names) else None,
                roles=[p.role for p in base.players], seed=base.seed, **options)
        for p in base.players:
            seat = s.seat(p.seat)
            if p.general:
                seat.general(p.general)
            seat.sex(p.sex).hp(p.hp, p.max_hp).hand(*p.hand)
            seat.equip(*(c for c in p.equip if c >= 0))
            for c, as_name in p.judge:
                seat.judge(c, as_name)
            seat.only_skills(*(x.id for x in p.skills))
            if not p.alive:
                seat.dead()
            if p.role_shown:
                seat.shown()
            if p.borrowed is not None:
                seat.borrowed(*p.borrowed)
        s.top(*reversed(base.draw_pile)).discard(*base.discard_pile)
        s.under_way(base.current, turn=base.turn_no, round=base.round, slashes=base.slashes_used,
                    counters=dict(base.turn.counts), skipped=tuple(base.turn.skipped))
        s.rng(base.rng.getstate())
        s.decisions = list(history[k:])
        try:
            started = s.start().game
        except EngineError as e:  # the harness refused the table (a dead seat holding a card)
            raise ScenarioError(f"decision {k}'s table cannot be set up as a scenario: "
                                f"{e.message}") from None
        differs = table_difference(started, base)
        if differs:
            raise ScenarioError(f"decision {k}'s table cannot be set up as a scenario: {differs}")
        return s

    def card_of(self, seat: int, spec: CardSpec, index: int = 0) -> int:
        """The id of the ``index``-th card named ``spec`` in the scenario's spec for ``seat``."""
        ids = self._resolved.get(seat, [])
        matches = [c for c in ids if _matches(c, spec)]
        return matches[index]

    def start(self, seat: int | None = None, phase: str | None = None) -> Table:
        """Build the game and run it until its first decision, from ``seat``'s ``phase`` (by
        default seat 0's play phase, or where :meth:`under_way` or :meth:`from_game` says)."""
        at_seat, at_phase, resumed = self.start_at
        if seat is not None or phase is not None:
            at_seat = at_seat if seat is None else seat
            at_phase = at_phase if phase is None else phase
            resumed = resumed and at_phase == "play" and at_seat == self.start_at[0]
        # A table with some seats without a general is set up in beginner mode; ``_arrange``
        # then gives the named seats their generals.
        gen_cfg: tuple[str, ...] | None = None
        named = [g for g in self.generals or () if g is not None]
        if self.generals is not None and len(named) == len(self.generals):
            gen_cfg = tuple(named)
        cfg = _config(self.players, gen_cfg, self.options)
        game = Game(cfg, self.seed, _scenario=(self._arrange, at_seat, at_phase, resumed))
        return Table(self, game)

    def _arrange(self, g: Game) -> None:
        # The same table every time it is set up (``Game.clone`` sets a scenario game up again).
        self._claimed.clear()
        self._resolved.clear()
        # Roles and generals first (they set max HP), then cards.
        self._arrange_roles(g)
        for p in g.players:
            self._arrange_seat(g, p)
        # Every hand goes back into the draw pile; then the named cards are placed.
        for p in g.players:
            g.draw_pile.extend(p.hand)
            p.hand.clear()
        deck = list(g.card_ids)

        def take(spec: CardSpec) -> int:
            c = self._resolve(spec, deck)
            remove_card(g, c)
            return c

        for p in g.players:
            self._resolved[p.seat] = self._place_cards(g, p, take)
        for p in g.players:
            if self.seats[p.seat].dead_value:
                offered = len(p.hand) if g.config.reincarnation else 0  # 转世's offerings
                if p.card_count() > offered:
                    raise ScenarioError(f"seat {p.seat} is dead and cannot hold cards")
                p.alive = False
                p.role_shown = True
        tops = [take(cs) for cs in self.top_cards]
        g.discard_pile.extend(take(cs) for cs in self.discard_cards)
        for c in reversed(tops):
            g.draw_pile.append(c)  # the end of the list is the top
        self._resolved[-1] = tops
        for p in g.players:
            spec = self.seats[p.seat]
            if spec.borrowed_value is not None:
                card, owner, use_it = spec.borrowed_value
                p.borrowed = (take(card), owner, use_it)
            if spec.exact_skills is not None:
                p.skills = [SKILLS[x] for x in spec.exact_skills]
            if spec.shown_value:
                p.role_shown = True
        state = self.turn_state
        if state is not None:
            g.current, g.phase = self.start_at[0], "play"
            g.turn_no, g.round, g.slashes_used = state["turn"], state["round"], state["slashes"]
            g.turn.counts = dict(state["counters"])
            g.turn.skipped = list(state["skipped"])
        if self.rng_state is not None:
            g.rng.setstate(self.rng_state)

    def _arrange_roles(self, g: Game) -> None:
        for p, role in zip(g.players, self.roles, strict=True):
            p.role = role
            p.role_shown = role == LORD or g.config.mode == "3v3"  # 3v3: every role is public
        # The seeded deal's role events no longer hold: log the arranged roles instead.
        g.events[:] = [e for e in g.events if e[0] not in (ROLE.name, ROLE_DEALT.name)]
        for p in g.players:
            if p.role == LORD:
                g.log(ROLE, p.seat, LORD)
        for p in g.players:
            g.log_private(ROLE_DEALT, 1 << p.seat, (p.seat,), (p.role,))

    def _arrange_seat(self, g: Game, p: Player) -> None:
        """The seat's general (with its skills and max HP), sex and HP."""
        lord_bonus = 1 if (g.n >= 5 and p.role == LORD) or p.role in MARSHALS else 0
        spec = self.seats[p.seat]
        gid = spec.general_value or (self.generals[p.seat] if self.generals else None)
        if gid is not None and gid in GENERALS:
            gen = GENERALS[gid]
            p.general, p.kingdom, p.sex = gen.id, gen.kingdom, gen.sex
            p.skills = [SKILLS[s] for s in gen.skills]
            p.max_hp = gen.hp + lord_bonus
        elif gid is None or gid == _BLANK:
            p.general, p.kingdom, p.skills = "", "", []
            p.max_hp = 4 + lord_bonus
        p.skills.extend(SKILLS[s] for s in spec.skills_value)
        p.hp = p.max_hp
        if spec.sex_value is not None:
            p.sex = spec.sex_value
        if spec.max_hp_value is not None:
            p.max_hp = spec.max_hp_value
        if spec.hp_value is not None:
            p.hp = spec.hp_value

    def _place_cards(self, g: Game, p: Player, take: Callable[[CardSpec], int]) -> list[int]:
        """The seat's named hand, equipment and judgement-area cards; returns their ids."""
        spec = self.seats[p.seat]
        placed: list[int] = []
        for cs in spec.hand_cards:
            c = take(cs)
            p.hand.append(c)
            placed.append(c)
        for cs in spec.equip_cards:
            c = take(cs)
            p.equip[SUBTYPE[c]] = c
            s = equipment_skill(c)
            if s is not None and (g.config.advanced_weapons or not s.advanced):
                p.skills.append(s)
            placed.append(c)
        for cs, as_name in spec.judge_cards:
            c = take(cs)
            p.judge.append((c, as_name or NAME[c]))
            placed.append(c)
        return placed

_BLANK = "__none__"


def _config(players: int, generals: tuple[str, ...] | None, options: dict[str, Any]) -> Config:
    """The scenario's config. A config seats a general once (no deal gives one twice), but a
    scenario arranges its table as it likes and may seat two 周瑜: the config is checked with
    the repeats as other generals, then given the scenario's own."""
    if generals is None or len(set(generals)) == len(generals):
        return Config(players=players, generals=generals, **options)
    spare = iter(x for x in GENERALS.names() if x not in generals)
    distinct: list[str] = []
    for gid in generals:
        distinct.append(gid if gid not in distinct else next(spare, gid))
    cfg = Config(players=players, generals=tuple(distinct), **options)
    object.__setattr__(cfg, "generals", generals)
    return cfg


def _matches(card: int, spec: CardSpec) -> bool:
    if isinstance(spec, int):
        return card == spec
    return card_matches(card, spec)


class Table:
    """A running scenario: submit scripted decisions and look at the game."""

    def __init__(self, scenario: Scenario, game: Game) -> None:
        self.scenario = scenario
        self.game = game
        self._mark = 0

    # -- decisions
    @property
    def pending(self) -> Request | None:
        return self.game.pending

    def expect(self, seat: int, kind: str) -> Request:
        """Assert that ``seat`` is asked a ``kind`` question now, and return the request."""
        req = self.game.pending
        if req is None:
            raise ScenarioError(f"expected seat {seat} to be asked {kind!r}, but the game is over: "
                                f"{self.game.result}")
        if req.seat != seat or req.kind != kind:
            raise ScenarioError(
                f"expected seat {seat} to be asked {kind!r}, but seat {req.seat} is asked "
                f"{req.kind!r} {req.prompt!r} with choices {list(req.choices())[:12]!r}"
            )
        return req

    def answer(self, seat: int, kind: str, choice: Choice) -> Table:
        """Strict step: ``seat`` must be asked ``kind``; submit ``choice``."""
        self.expect(seat, kind)
        self.game.submit(choice)
        return self

    def play(self, card: CardSpec | tuple[Any, ...], *targets: int) -> Table:
        """The current seat uses ``card`` (id or ``(skill, cards, targets)``) in its play phase."""
        req = self.expect(self.game.current, "play")
        choice = card if isinstance(card, tuple) else (card, *targets)
        self.game.submit(choice)
        del req
        return self

    def skill(self, skill_id: str, cards: tuple[int, ...] = (), targets: tuple[int, ...] = ()) -> Table:
        """The current seat uses a play-phase skill."""
        self.expect(self.game.current, "play")
        self.game.submit((skill_id, tuple(cards), tuple(targets)))
        return self

    def end_play(self) -> Table:
        """The current seat ends its play phase."""
        self.expect(self.game.current, "play")
        self.game.submit(None)
        return self

    def decline(self, seat: int, kind: str = "respond") -> Table:
        return self.answer(seat, kind, None if kind == "respond" else False)

    def until(self, seat: int, kind: str, limit: int = 200) -> Request:
        """Answer every question with its first legal choice until ``seat`` is asked ``kind``."""
        for _ in range(limit):
            req = self.game.pending
            if req is None:
                break
            if req.seat == seat and req.kind == kind:
                return req
            self.game.submit(req.choice_at(0))
        raise ScenarioError(f"seat {seat} was never asked {kind!r}")

    # -- looking
    def card(self, seat: int, spec: CardSpec, index: int = 0) -> int:
        """The id of the ``index``-th card named ``spec`` that the scenario gave ``seat``
        (``seat=-1``: the named top cards)."""
        return self.scenario.card_of(seat, spec, index)

    def p(self, seat: int) -> Player:
        return self.game.players[seat]

    def hp(self, seat: int) -> int:
        return self.game.players[seat].hp

    def hand(self, seat: int) -> list[int]:
        return list(self.game.players[seat].hand)

    def mark(self) -> Table:
        """Forget the events so far (``events()`` then returns only newer ones)."""
        self._mark = len(self.game.events)
        return self

    def events(self, kind: str | None = None) -> list[tuple[Any, ...]]:
        """The events since the last :meth:`mark`, as ``(kind, *args)`` with hidden parts."""
        out = []
        for k, args, _mask, hidden in self.game.events[self._mark:]:
            if kind is None or k == kind:
                out.append((k, *args, hidden) if hidden is not None else (k, *args))
        return out

    def choices(self) -> list[Choice]:
        req = self.game.pending
        return list(req.choices()) if req is not None else []

    @property
    def result(self) -> tuple[str | None, str] | None:
        return self.game.result


def table_difference(a: Game, b: Game) -> str:
    """What differs between the tables of ``a`` and ``b`` (empty when nothing does): the state
    hash's parts but the decisions and events, which a scenario does not share with the game it
    was copied from."""
    parts = {
        "random stream": (a.rng.getstate(), b.rng.getstate()),
        "draw pile": (a.draw_pile, b.draw_pile), "discard pile": (a.discard_pile, b.discard_pile),
        "cards in use": (a.processing, b.processing),
        "turn": ((a.current, a.phase, a.round, a.turn_no, a.slashes_used, a.turn.canonical()),
                 (b.current, b.phase, b.round, b.turn_no, b.slashes_used, b.turn.canonical())),
        "kept state": (tuple((n, x.canonical()) for n, x in a.extra.items()),
                       tuple((n, x.canonical()) for n, x in b.extra.items())),
    }
    for p, q in zip(a.players, b.players, strict=True):
        parts[f"seat {p.seat}"] = (p.canonical(), q.canonical())
    return "; ".join(f"{name}: {x!r:.120} against {y!r:.120}"
                     for name, (x, y) in parts.items() if x != y)


def check_conservation(g: Game) -> None:
    """Raise :class:`ScenarioError` unless every card of the game's deck is in exactly one zone
    (docs/rules.md "Determinism and decisions": cards are conserved in every state)."""
    seen: dict[int, int] = {}
    for c in g.all_zones():
        seen[c] = seen.get(c, 0) + 1
    dup = sorted(c for c, n in seen.items() if n != 1)
    if dup:
        raise ScenarioError(f"cards in more than one zone: {dup}")
    if sorted(seen) != sorted(g.card_ids):
        missing = sorted(set(g.card_ids) - set(seen))
        raise ScenarioError(f"cards lost or invented: missing {missing}")
