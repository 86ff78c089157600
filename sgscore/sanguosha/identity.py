"""Identity mode (身份局), the base rules' mode: the setup (roles, generals, the deck, the starting
hands), the order of play (turns from the lord, round after round until the cap: ``rules.rounds``,
compiled with the rules), victory by role and the reward or punishment of a killer
(docs/rules.md "Setup", "The turn" and "Dying, death and victory").

It is the mode ``"identity"`` of :class:`~sgscore.sanguosha.game.Variant`: every other mode (3v3)
and option (转世, the detailed rules, scoring) plugs into the hooks the game offers
(``variants/``), and this module names none of them. The rule procedures themselves (the turn,
using and playing cards, damage, dying and death, judgements) are ``rules.py``.
"""

from __future__ import annotations

from ..core.engine import GameOver, Proc
from .config import Config, ConfigError, draft_needs
from .draft import draft
from .events import ROLE, ROLE_DEALT, SETUP
from .game import Arrange, Game, Variant, register_variant
from .model import GENERALS, LORD, LOYALIST, REBEL, RENEGADE, Player
from .rules import play_out, rounds
from .skills import SKILLS
from .zones import discard, draw, draw_now

__all__ = ["IdentityMode", "setup", "deal_roles", "deal_generals", "assign_generals"]


# ---------------------------------------------------------------------------- setup
def deal_roles(g: Game) -> None:
    """Each seat its role (docs/rules.md "Setup"): the lord's at ``lord_seat`` (seat 0 unless a
    tournament passes it round the table), the others shuffled; or all of them at random."""
    lords, loyal, rebels, renegades = g.config.roles()
    others = [LOYALIST] * loyal + [REBEL] * rebels + [RENEGADE] * renegades
    if g.config.lord_seat_zero:
        g.rng.shuffle(others)
        k = g.config.lord_seat  # 0 unless a tournament passes the lord round the table
        roles = others[:k] + [LORD] + others[k:]
    else:
        roles = [LORD] + others
        g.rng.shuffle(roles)
    for p, r in zip(g.players, roles, strict=True):
        p.role = r
        if r == LORD:
            p.role_shown = True


def deal_generals(g: Game) -> list[str]:
    """Random generals (docs/rules.md "Setup"): each seat a distinct general from the pool while
    there are enough; beyond that (more seats than generals) the shuffled list is dealt again from
    its start. The lord cannot be a general that may not be lord (甘宁)."""
    pool = list(g.config.general_pool())
    if not pool:
        raise ValueError("generals='random' needs at least one registered general")
    g.rng.shuffle(pool)
    lord_seat = next(p.seat for p in g.players if p.role == LORD)
    chosen: list[str] = [""] * g.n
    for gid in pool:
        if GENERALS[gid].can_be_lord:
            chosen[lord_seat] = gid
            pool.remove(gid)
            break
    rest = pool or list(g.config.general_pool())
    k = 0
    for p in g.players:
        if p.seat != lord_seat:
            chosen[p.seat] = rest[k % len(rest)]
            k += 1
    return chosen


def assign_generals(g: Game, ids: list[str] | None) -> None:
    """Each seat its general (``ids``; None: beginner mode), max HP and skills."""
    lord_bonus = 1 if g.n >= 5 else 0  # docs/rules.md "Setup": +1 for the lord at 5 or more
    if ids is None:  # beginner mode: no generals, 4 max HP (lord 5 at 5+ players)
        for p in g.players:
            p.max_hp = p.hp = 4 + (lord_bonus if p.role == LORD else 0)
        return
    for p, gid in zip(g.players, ids, strict=True):
        gen = GENERALS.get(gid)
        if gen is None:
            raise ValueError(f"unknown general {gid!r} for seat {p.seat}")
        if p.role == LORD and not gen.can_be_lord:
            raise ValueError(f"{gen.zh} ({gid}) cannot be the lord (seat {p.seat})")
        p.general = gen.id
        p.kingdom = gen.kingdom
        p.sex = gen.sex
        p.max_hp = gen.hp + (lord_bonus if p.role == LORD else 0)
        p.hp = p.max_hp
        p.skills = [SKILLS[s] for s in gen.skills]


def setup(g: Game) -> Proc:
    """Roles, generals (dealt, drafted with recorded decisions, or as configured), the deck and
    the starting hands (docs/rules.md "Setup"). The variants are told once the generals are dealt
    (:meth:`~sgscore.sanguosha.game.Variant.dealt`)."""
    deal_roles(g)
    g.draw_pile = list(g.card_ids)  # the deck, not yet shuffled (seen so during a draft)
    cfg = g.config
    ids: list[str] | None
    if cfg.generals is None:
        ids = None
    elif cfg.generals == "random":
        ids = deal_generals(g)
    elif cfg.generals == "draft":
        ids = yield from draft(g)
    else:
        ids = list(cfg.generals)
    assign_generals(g, ids)
    for v in g.variants:
        v.dealt(g)
    g.rebuild_hooks()
    pile = list(g.card_ids)
    g.rng.shuffle(pile)
    g.draw_pile = pile
    g.log(SETUP, g.n, tuple(p.general for p in g.players))
    for p in g.players:
        if p.role == LORD:
            g.log(ROLE, p.seat, LORD)
    for p in g.players:
        g.log_private(ROLE_DEALT, 1 << p.seat, (p.seat,), (p.role,))
    for p in g.players:
        draw_now(g, p, 4)


# ---------------------------------------------------------------------------- the order of play
def opening(g: Game, arrange: Arrange | None, start_seat: int | None, start_phase: str,
            under_way: bool) -> Proc:
    """Set up, then say where the turns start: ``(seat, phase, under_way)``, the lord's turn
    from its start unless a scenario says otherwise (:meth:`IdentityMode.play`)."""
    yield from setup(g)
    g.round = 1
    if arrange is not None:
        arrange(g)
        g.rebuild_hooks()
    for v in g.variants:
        v.begin(g)  # the detailed rules, after a scenario's arrangement
    lord = next(p for p in g.players if p.role == LORD)
    seat = lord.seat if start_seat is None else start_seat
    return seat, "play" if under_way else start_phase, under_way


# ---------------------------------------------------------------------------- the mode
@register_variant
class IdentityMode(Variant):
    """Identity mode (身份局): the lord and the loyalists against the rebels, and the renegade
    against all (docs/rules.md "Setup", "The turn", "Dying, death and victory")."""

    id = "identity"
    mode = "identity"
    en = "identity mode"
    zh = "身份局"
    resumable = True

    def check(self, config: Config) -> None:
        """The lord's seat needs a general that may be the lord; a pool dealt from needs one
        that may, and a draft enough generals for its offers."""
        if config.mode != self.mode:
            return
        g = config.generals
        if isinstance(g, tuple) and config.lord_seat_zero:
            k = config.lord_seat
            if not GENERALS[g[k]].can_be_lord:
                raise ConfigError(f"generals: {g[k]} (seat {k}, the lord's) cannot be the lord")
        if g not in ("random", "draft"):
            return
        pool = config.general_pool()
        if not any(GENERALS[x].can_be_lord for x in pool):
            raise ConfigError("pool: no general in it can be the lord")
        if g == "draft":
            need = draft_needs(config.players)
            if len(pool) < need:
                raise ConfigError(f"pool: a draft at {config.players} players needs {need} "
                                  f"generals, the pool has {len(pool)}")

    def play(self, g: Game, arrange: Arrange | None, start_seat: int | None,
             start_phase: str, under_way: bool = False) -> Proc:
        """The whole game: set up (:func:`opening`), then turns round after round from the lord
        until someone wins or the cap is hit (``rules.rounds``).

        ``arrange``, ``start_seat`` and ``start_phase`` are for scenarios (``sgscore.testing``):
        a callable that rearranges the dealt state, and where the first turn starts;
        ``under_way``: that turn is already under way in its play phase, its state as arranged.
        The procedure is the compiled core's (``rules.play_out``), so that no decision passes
        through a Python frame of this module.
        """
        return play_out(g, opening(g, arrange, start_seat, start_phase, under_way))

    def resume(self, g: Game, seat: int) -> Proc:
        """Go on from ``seat``'s play-phase request (``Engine.clone``): the loop of
        ``rules.rounds`` keeps nothing but the seat whose turn it is."""
        return rounds(g, seat, "play", resumed=True)

    def victory(self, g: Game) -> None:
        """The lord dead: the rebels win, or the renegade when alone; every rebel and renegade
        dead: the lord and the loyalists (a player a variant counts as dead, 转世's reincarnated,
        counts so)."""
        alive = [q for q in g.players
                 if q.alive and not any(v.counts_dead(g, q) for v in g.variants)]
        lord = next(q for q in g.players if q.role == LORD)
        if not lord.alive:
            if len(alive) == 1 and alive[0].role == RENEGADE:
                raise GameOver(RENEGADE, "lord_died")
            raise GameOver(REBEL, "lord_died")
        if not any(q.role in (REBEL, RENEGADE) for q in alive):
            raise GameOver(LORD, "rebels_and_renegades_dead")

    def kill_reward(self, g: Game, dead: Player, killer: Player) -> Proc:
        """Killing a rebel draws 3 cards; the lord who kills a loyalist discards every card he
        holds and has equipped."""
        if dead.role == REBEL:
            yield from draw(g, killer, 3)
        elif dead.role == LOYALIST and killer.role == LORD:
            lost = list(killer.hand) + [c for c in killer.equip if c >= 0]
            if lost:
                yield from discard(g, killer, lost, "killed_loyalist")
