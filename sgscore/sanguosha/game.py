"""The identity-mode game: state, the skill indexes, distance, views and the state hash; and the
:class:`Variant`, whose hooks the rules offer to the ways a game is played.

``Game(config, seed)`` runs the rules of its mode (the variant that ``Config.mode`` names: the
base rules' identity mode, ``identity.py``, or 3v3) until they need a decision, which it exposes
as :attr:`Game.pending` (the driver is :class:`sgscore.core.engine.Engine`). :meth:`Game.submit`
checks a choice with the request itself and resumes. Requests with exactly one legal choice are
answered by the engine and are not recorded (``docs/api.md``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from copy import deepcopy
from typing import Any, ClassVar, Final, TypeVar, cast

from .._accel import mypyc_attr
from ..core.canon import crc32_i64, crc32_u32, crc32_zeros, state_hash
from ..core.checks import watch_hooks
from ..core.engine import Engine, EngineError, Event, GameOver, Proc, events_since
from ..core.registry import RegistrationError, Registry, module_of
from ..core.telling import LABEL_LANGS, request_json
from .cards import CardType, deck_card_types, deck_ids, weapon_range
from .config import Config, register_check, register_mode, unregister
from .events import GAME_OVER
from .model import LORD, NO_CARD, Player, Turn, VCard
from .skills import SKILLS, Skill, Timing
from .telling import table_teller

__all__ = [
    "Game", "EngineError", "Event", "ENGINE_VERSION", "RULESET", "Scenario", "Arrange",
    "Variant", "VARIANTS", "register_variant", "unregister_variant", "find_mode", "mode_of",
    "seat_view", "full_view", "pending_json",
]

ENGINE_VERSION: Final = "0.1.0"
RULESET: Final = "sanguosha/identity"

Hooks = dict[Timing[Any], list[tuple[int, Skill]]]
_INDEX: Final[dict[Skill, tuple[bool, tuple[Timing[Any], ...], tuple[str, ...], bool, bool]]] = {}
"""What :meth:`Game.rebuild_hooks` reads of each skill (its class attributes), read once."""
Mods = dict[str, list[tuple[int, Skill]]]
Scenario = tuple[Any, ...]
"""``(arrange, start_seat, start_phase[, under_way])``: a scenario's table and where its first turn
starts (:class:`~sgscore.sanguosha.testing.Scenario`), passed to the mode's :meth:`Variant.play`;
``under_way``: inside ``start_seat``'s play phase, the turn's state as arranged (a resumable
mode's ``play(..., under_way=True)``)."""
Arrange = Callable[["Game"], None]
"""A scenario's rearrangement of the dealt table, applied before the first turn."""


# ---------------------------------------------------------------------------- variants
@mypyc_attr(allow_interpreted_subclasses=True)
class Variant:
    """A way of playing identity mode: a class whose one instance is registered
    (:func:`register_variant`) and plugs into the hooks the base rules offer, overriding those it
    changes (python-chess's variant boards override a few methods of ``Board`` the same way).

    A **mode** (``mode = "3v3"``) is how a game is played: ``Config.mode`` names one, and its
    :meth:`play` (the setup and the order of play), :meth:`victory`, :meth:`kill_reward` and
    :meth:`area_order` decide those rules. The base rules are the mode ``"identity"``
    (``identity.py``); a new mode may subclass it and change a few of them. An **option** (no
    ``mode``; :meth:`on` reads its own fields of the config: 转世, the detailed rules, scoring) is
    told of the moments between: every variant that is on, the mode first, is given each of
    :meth:`start`, :meth:`dealt`, :meth:`begin`, :meth:`round_begins`, :meth:`after_death` and
    :meth:`summary`, and is asked :meth:`counts_dead` and :meth:`rewards`. What a variant keeps
    between turns goes in ``Game.extra`` (in the state hash by its ``canonical()``).

    Nothing below this class names a variant: a new one is a module of ``variants/`` (or of a
    package that imports ``sgscore.sanguosha``) and its tests (docs/architecture.md "Worked
    examples").
    """

    id: ClassVar[str] = ""
    #: The ``Config.mode`` this variant is (``""``: an option of a mode).
    mode: ClassVar[str] = ""
    #: Its name in English and Chinese (a mode's is said in a replay's header line).
    en: ClassVar[str] = ""
    zh: ClassVar[str] = ""
    #: Whether a mode's order of play can be rebuilt at a play-phase request from the state
    #: alone (:meth:`resume`): copies of its games cost a state copy (``Engine.clone``). A mode
    #: whose order of play keeps state of its own in its procedure leaves it False, and its
    #: games are copied by replaying their decisions.
    resumable: ClassVar[bool] = False

    @property
    def name(self) -> str:
        return self.id

    @property
    def module(self) -> str:
        return type(self).__module__

    def on(self, config: Config) -> bool:
        """Whether a game of ``config`` plays this variant (a mode: when ``config.mode`` is its
        own)."""
        return bool(self.mode) and config.mode == self.mode

    def check(self, config: Config) -> None:
        """Refuse a config this variant cannot play, with a ``ConfigError`` that says why (every
        registered variant's is asked of every config, after the config's own checks)."""

    def start(self, g: Game) -> None:
        """The game is made, before its setup: what the variant keeps (``g.extra``)."""

    def play(self, g: Game, arrange: Arrange | None, start_seat: int | None,
             start_phase: str, under_way: bool = False) -> Proc:
        """A mode's whole game: its setup and its order of play until it ends (a scenario's
        ``arrange`` applied after the setup; its first turn ``start_seat``'s from
        ``start_phase``). A :attr:`resumable` mode also takes ``under_way=True``: the scenario's
        first turn is already under way in its play phase (:meth:`resume`)."""
        raise NotImplementedError(f"{self.id} is no mode: it does not play a game")
        yield

    def resume(self, g: Game, seat: int) -> Proc:
        """A resumable mode's order of play going on from ``seat``'s play-phase request (the
        state being that of the moment it was asked): the rest of that turn, then the turns
        after it, exactly as :meth:`play` would have gone on."""
        raise NotImplementedError(f"{self.id} cannot be rebuilt at a request")
        yield

    def dealt(self, g: Game) -> None:
        """The generals are dealt, before the starting hands (转世 offers its offering)."""

    def begin(self, g: Game) -> None:
        """The first turn is about to begin (after a scenario's arrangement)."""

    def round_begins(self, g: Game) -> Proc:
        """A round begins, before its first turn."""
        return
        yield

    def victory(self, g: Game) -> None:
        """A mode's victory check after a death: raise ``GameOver`` when a side has won."""

    def counts_dead(self, g: Game, p: Player) -> bool:
        """Whether the living ``p`` counts as dead when victory is checked (转世)."""
        return False

    def rewards(self, g: Game, dead: Player) -> bool:
        """Whether ``dead``'s death rewards or punishes the killer (not a reincarnated
        player's)."""
        return True

    def kill_reward(self, g: Game, dead: Player, killer: Player) -> Proc:
        """A mode's reward or punishment of the living ``killer`` of ``dead``."""
        return
        yield

    def after_death(self, g: Game, dead: Player) -> Proc:
        """Everything else a death means, after victory, the death's skills and the reward."""
        return
        yield

    def area_order(self, g: Game, user: Player, card: VCard, order: list[Player]) -> Proc:
        """A mode's order of the players a card that affects them all resolves for: ``order``
        is every living player in turn order from the user; returns the order to use."""
        return order
        yield

    def summary(self, g: Game, out: dict[str, Any]) -> None:
        """Add to the game's summary (``scores`` of a game that keeps score)."""

    def __repr__(self) -> str:
        return f"<variant {self.id}>"


VARIANTS: Final[Registry[Variant]] = Registry("variant")
_MODES: Final[dict[str, Variant]] = {}
_PROCEDURES: Final = ("play", "resume", "round_begins", "kill_reward", "after_death", "area_order")


def register_variant(cls: type[Variant]) -> type[Variant]:
    """Class decorator: make the one instance of a variant and register it by id; a mode by its
    ``mode`` too (a ``Config.mode`` a config may name), and its :meth:`~Variant.check` with the
    config's checks."""
    if not cls.id:
        raise RegistrationError(f"{module_of(cls)}: the variant {cls!r} has no id")
    watch_hooks(cls, _PROCEDURES)  # a missing yield from before a hook is caught (core/checks.py)
    variant = cls()
    VARIANTS.add(variant)
    if cls.mode:
        if cls.mode in _MODES:
            raise RegistrationError(f"{variant.module}: the mode {cls.mode!r} is played by "
                                    f"{_MODES[cls.mode].id} already")
        _MODES[cls.mode] = variant
        register_mode(cls.mode)
    register_check(variant.check)
    return cls


def unregister_variant(name: str) -> None:
    """Take a variant out again, its mode and check with it (tests that add one for a test)."""
    variant = VARIANTS[name]
    VARIANTS.remove(name)
    if variant.mode and _MODES.get(variant.mode) is variant:
        del _MODES[variant.mode]
    unregister(variant.mode, variant.check)


def find_mode(name: str) -> Variant | None:
    """The variant that is the mode ``name`` (None: no mode is so named)."""
    return _MODES.get(name)


def mode_of(config: Config) -> Variant:
    """The mode a game of ``config`` plays."""
    return _MODES[config.mode]


K = TypeVar("K")
V = TypeVar("V")


def _add(index: dict[K, list[V]], key: K, value: V) -> None:
    """Append ``value`` to ``index[key]``, made when missing (``dict.setdefault`` compiled makes
    a ``KeyError`` each time the key is new, which in a fresh index is nearly every time)."""
    listed = index.get(key)
    if listed is None:
        index[key] = [value]
    else:
        listed.append(value)

class Game(Engine):
    """One game of identity mode, driven decision by decision."""

    def __init__(self, config: Config, seed: int, *, _scenario: Scenario | None = None,
                 _copy: Game | None = None) -> None:
        super().__init__(seed)
        if _copy is not None:
            self._copy_state(_copy)
            return
        self.config = config
        n = config.players
        self.n = n
        self.players = [Player(i) for i in range(n)]
        self.draw_pile: list[int] = []  # the top is the END of the list
        self.discard_pile: list[int] = []
        self.processing: list[int] = []  # cards being used, played or judged
        self.hooks: Hooks = {}
        self.mods: Mods = {}
        self.answering: dict[int, list[Skill]] = {}
        self.acting: dict[int, list[Skill]] = {}
        self.current = 0
        self.phase = "setup"
        self.round = 0
        self.turn_no = 0
        self.slashes_used = 0
        self.turn = Turn()
        #: Play-phase actions a variant offers every living player besides their own skills
        #: (转世's offering; set at setup).
        self.table_actions: list[Skill] = []
        #: What the variants keep between turns, by name, each with a ``canonical()``: in the
        #: state hash, in the order they began keeping it (转世's ``reborn``, the detailed rules').
        self.extra: dict[str, Any] = {}
        self.card_ids = deck_ids(config.packs, first_game=config.first_game)
        #: What each card name does in this game: its registered type, or the text an edition's
        #: pack gives it (the 1.0 deck's 桃, 002).
        self.card_types: dict[str, CardType] = deck_card_types(config.packs)
        self._scenario = _scenario
        #: The mode this game plays (``Config.mode``), and every variant that is on, the mode
        #: first, in the order they were registered.
        self.mode = mode_of(config)
        self.variants = (self.mode, *(v for v in VARIANTS.values()
                                      if v is not self.mode and v.on(config)))
        for v in self.variants:
            v.start(self)
        arrange, start_seat, start_phase, *under_way = _scenario or (None, None, "start")
        if under_way and under_way[0]:  # a scenario inside a play phase (sgscore.testing)
            self.start(self.mode.play(self, arrange, start_seat, start_phase, under_way=True))
        else:
            self.start(self.mode.play(self, arrange, start_seat, start_phase))

    @property
    def seats(self) -> int:
        return self.n

    def restart(self) -> Game:
        return Game(self.config, self.seed, _scenario=self._scenario)

    # ------------------------------------------------------------------ copies
    def _copy_state(self, src: Game) -> None:
        """Take a copy of ``src``'s state (``Engine.state_copy``): every attribute set in
        ``__init__`` (tests/test_snapshots.py checks that none is missed). The skill indexes,
        the deck and the variants are never changed in place once made, so they are shared."""
        self.rng.setstate(src.rng.getstate())
        self.config = src.config
        self.n = src.n
        self.players = [p.copy() for p in src.players]
        self.draw_pile = src.draw_pile.copy()
        self.discard_pile = src.discard_pile.copy()
        self.processing = src.processing.copy()
        self.hooks = src.hooks
        self.mods = src.mods
        self.answering = src.answering
        self.acting = src.acting
        self.current = src.current
        self.phase = src.phase
        self.round = src.round
        self.turn_no = src.turn_no
        self.slashes_used = src.slashes_used
        self.turn = src.turn.copy()
        self.table_actions = src.table_actions.copy()
        self.extra = {name: deepcopy(kept) for name, kept in src.extra.items()}
        self.card_ids = src.card_ids
        self.card_types = src.card_types
        self._scenario = src._scenario
        self.mode = src.mode
        self.variants = src.variants

    def state_copy(self) -> Game | None:
        if not self.mode.resumable:
            return None
        return Game(self.config, self.seed, _copy=self)

    def resume(self, at: Any) -> Proc:
        return self.mode.resume(self, at)

    def game_over(self, over: GameOver) -> None:
        self.log(GAME_OVER, over.winner, over.reason)

    # ------------------------------------------------------------------ skills
    def add_skill(self, p: Player, skill_id: str) -> None:
        p.skills.append(SKILLS[skill_id])
        self.rebuild_hooks()

    def remove_skill(self, p: Player, skill_id: str) -> None:
        p.skills = [s for s in p.skills if s.id != skill_id]
        self.rebuild_hooks()

    def rebuild_hooks(self) -> None:
        """Index every living player's skills that work (a lord skill only for the lord): by
        timing (``hooks``), by modifier hook (``mods``), and per seat, in the order of the
        player's skills, those the rules ask for a needed card (``answering``) and those with
        play-phase actions (``acting``), then the ``table_actions``. Each list is in ascending
        seat order (``triggers.fire`` counts on it) and is never changed once made: a change
        of skills makes new ones."""
        hooks: Hooks = {}
        mods: Mods = {}
        answering: dict[int, list[Skill]] = {}
        acting: dict[int, list[Skill]] = {}
        for p in self.players:
            if not p.alive:
                continue
            for s in p.skills:
                index = _INDEX.get(s)
                if index is None:
                    index = _INDEX[s] = (s.lord, s.timings, s.modifies, s.answers, s.acts)
                lord, timings, modifies, answers, acts = index
                if lord and p.role != LORD:
                    continue
                for t in timings:
                    _add(hooks, t, (p.seat, s))
                for m in modifies:
                    _add(mods, m, (p.seat, s))
                if answers:
                    _add(answering, p.seat, s)
                if acts:
                    if s.lent:  # offered to the others, in their play phases
                        for q in self.players:
                            if q.alive and q is not p:
                                _add(acting, q.seat, s)
                    else:
                        _add(acting, p.seat, s)
        if self.table_actions:
            self._add_table_actions(acting)
        self.hooks = hooks
        self.mods = mods
        self.answering = answering
        self.acting = acting

    def _add_table_actions(self, acting: dict[int, list[Skill]]) -> None:
        """Every living player's play-phase actions end with the ``table_actions``."""
        for p in self.players:
            if p.alive:
                acting.setdefault(p.seat, []).extend(self.table_actions)

    def active_skills(self, p: Player) -> list[Skill]:
        """``p``'s skills that work now (a lord skill only while ``p`` is the lord)."""
        return [s for s in p.skills if not (s.lord and p.role != LORD)]

    # ------------------------------------------------------------------ seats and distance
    def order_from(self, seat: int, include_dead: bool = False) -> list[Player]:
        """Players in turn order starting at ``seat`` (living ones unless ``include_dead``)."""
        ps = self.players
        n = self.n
        out = []
        for i in range(n):
            p = ps[(seat + i) % n]
            if include_dead or p.alive:
                out.append(p)
        return out

    def equipment_works(self, owner: Player, against: Player) -> bool:
        """Whether ``owner``'s equipment has effect on or against ``against`` (乾坤)."""
        if owner is against:
            return True
        hooked = self.mods.get("equipment_ignored")
        if hooked:
            for seat, s in hooked:
                if seat == against.seat and s.equipment_ignored(self, against, owner):
                    return False
        return True

    def distance(self, a: Player, b: Player) -> int:
        """Distance from ``a`` to ``b`` (docs/rules.md "Distance"): living seats the shorter way
        round, then horses and skills, never below 1."""
        if a is b:
            return 0
        memo = self.memo
        if memo is not None:
            # While a request waits, the distances found so far: a list under the key -1, the
            # distance from a to b at a.seat * n + b.seat (0: not found yet), then the number
            # of the living (0: not counted yet).
            got = memo.get(-1)
            n = self.n
            if got is None:
                table = [0] * (n * n + 1)
                memo[-1] = table
            else:
                table = cast(list[int], got)
            at = a.seat * n + b.seat
            d = table[at]
            if d == 0:
                alive = table[n * n]
                if alive == 0:
                    alive = table[n * n] = self._alive()
                d = table[at] = self._distance(a, b, alive)
            return d
        return self._distance(a, b, self._alive())

    def _alive(self) -> int:
        n = 0
        for p in self.players:
            if p.alive:
                n += 1
        return n

    def _distance(self, a: Player, b: Player, total: int) -> int:
        n = self.n
        ps = self.players
        fwd = 0
        i = a.seat
        end = b.seat
        while i != end:
            i += 1
            if i == n:
                i = 0
            if ps[i].alive:
                fwd += 1
        d = fwd if fwd + fwd <= total else total - fwd
        if a.equip[3] >= 0 and self.equipment_works(a, b):
            d -= 1
        if b.equip[2] >= 0 and self.equipment_works(b, a):
            d += 1
        mods = self.mods
        if mods:
            hooked = mods.get("distance_out")
            if hooked:
                for seat, s in hooked:
                    if seat == a.seat:
                        d += s.distance_out(self, a, b)
            hooked = mods.get("distance_in")
            if hooked:
                for seat, s in hooked:
                    if seat == b.seat:
                        d += s.distance_in(self, b, a)
        return d if d > 1 else 1

    def weapon_of(self, p: Player, against: Player | None = None) -> int:
        """The weapon card in effect for ``p``, or -1: a borrowed weapon when it was chosen, or
        when the borrower's own weapon is gone meanwhile (借刀杀人, docs/rules.md)."""
        w = p.equip[0]
        if p.borrowed is not None and (p.borrowed[2] or w < 0):
            w = p.borrowed[0]
        if w >= 0 and against is not None and not self.equipment_works(p, against):
            return NO_CARD
        return w

    def attack_range(self, p: Player, against: Player | None = None) -> int:
        w = self.weapon_of(p, against)
        return weapon_range(w) if w >= 0 else 1

    def in_attack_range(self, a: Player, b: Player) -> bool:
        return a is not b and self.distance(a, b) <= self.attack_range(a, b)

    def blocked(self, user: Player, target: Player, name: str) -> bool:
        hooked = self.mods.get("blocks_target")
        if hooked:
            for seat, s in hooked:
                if seat == target.seat and s.blocks_target(self, target, user, name):
                    return True
        return False

    def slash_limit(self, p: Player, against: Player | None = None) -> int:
        """How many 杀 ``p`` may use in a play phase; with ``against``, only counting equipment
        that has effect against that player (乾坤)."""
        best = 1
        hooked = self.mods.get("slash_limit")
        if hooked:
            for seat, s in hooked:
                if seat == p.seat:
                    if s.equipment and against is not None and not self.equipment_works(p, against):
                        continue
                    best = max(best, s.slash_limit(self, p))
        return best

    # ------------------------------------------------------------------ cards
    def all_zones(self) -> Iterable[int]:
        """Every card in every zone (each card exactly once when the game is consistent)."""
        yield from self.draw_pile
        yield from self.discard_pile
        yield from self.processing
        for p in self.players:
            yield from p.hand
            yield from (c for c in p.equip if c >= 0)
            yield from (c for c, _ in p.judge)
            if p.borrowed is not None:
                yield p.borrowed[0]

    # ------------------------------------------------------------------ hashing and views
    def canonical(self) -> tuple[Any, ...]:
        return (
            RULESET, ENGINE_VERSION, self.seed, self.rng.getstate(), tuple(self.draw_pile),
            tuple(self.discard_pile), tuple(self.processing),
            tuple(p.canonical() for p in self.players), self.current, self.phase, self.round,
            self.turn_no, self.slashes_used, self.turn.canonical(),
            self.decisions, len(self.events), self.result,
        ) + tuple((name, kept.canonical()) for name, kept in self.extra.items())

    def state_hash(self) -> str:
        """SHA-256 over the canonical state (``docs/replay-format.md``)."""
        return state_hash(self.canonical())

    def quick_hash(self) -> int:
        """A cheap 32-bit checkpoint: CRC-32 over the RNG state (little-endian unsigned 64-bit)
        followed by signed 64-bit little-endian integers: the counters, then each seat's HP, max
        HP, hand size and alive flag. A desync shows up within a turn. See
        ``docs/replay-format.md``, "Checkpoints"."""
        # The row is never packed: its CRC is the XOR of each number's part (core/canon.py).
        rng = self.rng
        players = self.players
        size = 48 + 32 * len(players)  # the RNG state's 8 bytes, five counters, four a seat
        # The state's eight little-endian bytes are its low half's four, then its high half's.
        c = crc32_zeros(size) ^ crc32_u32(rng.lo, size - 4) ^ crc32_u32(rng.hi, size - 8)
        c ^= (crc32_i64(self.turn_no, size - 16) ^ crc32_i64(self.decisions, size - 24)
              ^ crc32_i64(len(self.draw_pile), size - 32)
              ^ crc32_i64(len(self.discard_pile), size - 40)
              ^ crc32_i64(len(self.events), size - 48))
        after = size - 48  # the bytes from the seat's four numbers on
        for p in players:
            c ^= (crc32_i64(p.hp, after - 8) ^ crc32_i64(p.max_hp, after - 16)
                  ^ crc32_i64(len(p.hand), after - 24))
            if p.alive:
                c ^= crc32_i64(1, after - 32)
            after -= 32
        return c

    def view(self, seat: int | None, *, since: int = 0) -> dict[str, Any]:
        """What ``seat`` may see (``None``: a spectator who sees only public information).

        ``since``: only the events from that index on (a frontend that keeps the events it has
        already shown asks for the new ones; the table is always whole); ``events_from`` says
        where they start and ``rewound`` that ``since`` was past the last event (the game was
        undone: drop the events kept from ``events_from`` on). Never contains the seed, the RNG
        state or the order of the draw pile.
        """
        return seat_view(self, seat, since)

    def summary(self) -> dict[str, Any]:
        winner, reason = self.result if self.result else (None, "error" if self.error else "")
        out: dict[str, Any] = {
            "winner": winner,
            "reason": reason,
            "turns": self.turn_no,
            "rounds": self.round,
            "decisions": self.decisions,
            "events": len(self.events),
            "hash": self.state_hash()[:32],  # the first 128 bits: enough to tell states apart
            "roles": [p.role for p in self.players],
            "generals": [p.general for p in self.players],
            "alive": [p.alive for p in self.players],
        }
        for v in self.variants:
            v.summary(self, out)  # a game that keeps score adds its scores
        return out


# ---------------------------------------------------------------------------- views
def seat_view(g: Game, seat: int | None, since: int = 0) -> dict[str, Any]:
    """What ``seat`` may see (docs/views.md "Identity mode: a seat's view"): its own hand and
    role, everyone's public state (HP, equipment, judgement areas, hand sizes, the lord's role
    and dead players' roles), and the events with the hidden parts that were shown to it. Once
    the game is over (it has a result), every role is shown, as every player turns up their role
    card at a real table; a game stopped by an engine error has no result and shows none. The
    seed, the RNG state and the order of the draw pile are never in a view."""
    players = []
    over = g.result is not None  # every role card is turned up at the end
    for p in g.players:
        own = seat is not None and p.seat == seat
        players.append({
            "seat": p.seat,
            "general": p.general,
            "kingdom": p.kingdom,
            "sex": p.sex,
            "hp": p.hp,
            "max_hp": p.max_hp,
            "alive": p.alive,
            "role": (p.role if (own or over or p.role_shown or p.role == LORD or not p.alive)
                     else None),
            "hand_size": len(p.hand),
            "hand": list(p.hand) if own else None,
            "equip": list(p.equip),
            "judge": [list(j) for j in p.judge],
            "borrowed": list(p.borrowed) if p.borrowed else None,
            "skills": [s.id for s in g.active_skills(p)],
        })
    # Whose decision it is, and what kind, is shown only to that seat: a seat with nothing it
    # could play is never asked (the engine answers forced decisions), so "seat 3 is asked for a
    # 闪" would tell the table that seat 3 holds one. Other seats see only that a decision is
    # awaited (docs/api.md, "Forced decisions are not asked").
    pending: dict[str, Any] | None = None
    req = g.pending
    if req is not None:
        if seat is not None and req.seat == seat:
            pending = pending_json(g, seat)
        else:
            pending = {"waiting": True}
    return {
        "seat": seat,
        "current": g.current,
        "phase": g.phase,
        "round": g.round,
        "turn": g.turn_no,
        "draw_pile": len(g.draw_pile),
        "discard_pile": list(g.discard_pile),
        "processing": list(g.processing),
        "players": players,
        "pending": pending,
        "result": list(g.result) if g.result else None,
        **events_since(g.events, seat, since),
    }


def full_view(g: Game) -> dict[str, Any]:
    """The whole table, for "everyone": ``view(None)`` with every hand and role filled in and the
    pending request's choices. The order of the draw pile and the RNG state stay out, as in every
    view; the events are left out."""
    view = seat_view(g, None, since=len(g.events))
    for key in ("events", "events_from", "rewound"):
        view.pop(key, None)
    for shown, p in zip(view["players"], g.players, strict=True):
        shown["hand"] = list(p.hand)
        shown["role"] = p.role or None
    if g.pending is not None:
        view["pending"] = pending_json(g, None)
    return view


def pending_json(g: Game, seat: int | None) -> dict[str, Any]:
    """The pending request's JSON form (docs/views.md "A request in JSON"), its question and
    labels in every language as ``seat`` (None: everyone) knows the table."""
    req = g.pending
    assert req is not None
    return request_json(req, {lang: table_teller(g, seat, lang) for lang in LABEL_LANGS})
