"""计分规则, scoring (003; docs/rules.md "Scoring and the rotating-lord tournament"): each seat's
score for a finished game, by role and by who won, plus a personal bonus for the players its holder
killed.

003 ("现在运用第四版新规则得分形式如下", 001 says the same in a worse translation), with ``N`` the
number of players:

- renegade: the renegade wins: ``4 + 2N``; the lord and loyalists win: ``N`` if the renegade lost
  a one-on-one with the lord ("与主公单挑后败北"), else 0; the rebels win: 1 if the renegade is
  alive, else 0;
- lord: the lord and loyalists win: ``4 + 2 ×`` the loyalists alive at the end; the rebels win: 0;
  the renegade wins: 1;
- loyalist: the lord and loyalists win: ``5 +`` the loyalists alive at the end; otherwise 0;
- rebel: the rebels win: ``3 ×`` the rebels alive at the end; otherwise 0;
- personal bonus: a lord or loyalist on the winning side +1 for each rebel or renegade they killed;
  a rebel +1 for each loyalist or renegade they killed and +2 for killing the lord.

The readings this module makes where 003 is silent (``docs/rules.md``, "Scoring and the
rotating-lord tournament"): a game without a winner (the round cap, an empty deck, an engine
error) scores 0 for everyone; "alive" means never having died (a reincarnated player counts as
dead, as for victory); a seat "killed" a player when it was the source of the damage that killed
them (``killer`` of the ``death`` event; a death with no source, or one's own, rewards nobody), and
only a player's first death counts; the rebels' bonus does not depend on their side winning (003
says "获胜的" of the lord and loyalists only); of two renegades, only the one who wins scores
``4 + 2N``, and "one-on-one with the lord" means that the lord and that renegade were the only
living players when the renegade died.

The scores are computed from the roles, the winner and the ``death`` events, so they are a
function of the recorded game: the option :class:`Scoring` of identity mode (a
:class:`~sgscore.sanguosha.game.Variant`, on with ``Config.scoring``) adds them to
``Game.summary()`` under ``scores`` (only then, so that the end records of games recorded before
stay as they were).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from ..config import Config
from ..events import DEATH
from ..game import Game, Variant, register_variant
from ..model import LORD, LOYALIST, REBEL, RENEGADE

__all__ = ["Scoring", "scores", "deaths", "game_scores"]

Death = tuple[int, int]
"""``(seat, killer)``: a seat's first death and the seat that killed it (-1: nobody)."""


def deaths(events: Iterable[tuple[str, tuple[Any, ...], int, Any]]) -> list[Death]:
    """Each seat's first death in the event stream, in order, with its killer."""
    out: list[Death] = []
    seen: set[int] = set()
    for kind, args, _, _ in events:
        if kind == DEATH.name and args[0] not in seen:
            seen.add(args[0])
            killer = args[2] if isinstance(args[2], int) and args[2] >= 0 else -1
            out.append((args[0], killer))
    return out


def scores(roles: Sequence[str], winner: str | None, died: Sequence[Death]) -> list[int]:
    """Each seat's score (003 "计分规则") of a game whose seats had ``roles``, won by ``winner``
    (``lord`` for the lord and loyalists, ``rebel``, ``renegade``, or None: no winner), with the
    first deaths ``died`` in order."""
    n = len(roles)
    if winner is None:
        return [0] * n
    dead = [seat for seat, _ in died]
    alive = [seat not in dead for seat in range(n)]
    loyal_alive = sum(1 for s in range(n) if roles[s] == LOYALIST and alive[s])
    rebels_alive = sum(1 for s in range(n) if roles[s] == REBEL and alive[s])
    lost_duel = _lost_one_on_one(roles, died)
    out: list[int] = []
    for seat, role in enumerate(roles):
        base = 0
        if role == LORD:
            base = 4 + 2 * loyal_alive if winner == LORD else 1 if winner == RENEGADE else 0
        elif role == LOYALIST:
            base = 5 + loyal_alive if winner == LORD else 0
        elif role == REBEL:
            base = 3 * rebels_alive if winner == REBEL else 0
        elif role == RENEGADE:
            if winner == RENEGADE:
                base = 4 + 2 * n if alive[seat] else 0
            elif winner == REBEL:
                base = 1 if alive[seat] else 0
            elif winner == LORD:
                base = n if seat in lost_duel else 0
        out.append(base + _bonus(seat, role, winner, roles, died))
    return out


def _bonus(seat: int, role: str, winner: str, roles: Sequence[str], died: Sequence[Death]) -> int:
    """003 "个人加分": what ``seat`` earns for the players it killed."""
    victims = [roles[v] for v, killer in died if killer == seat and v != seat]
    if role in (LORD, LOYALIST):
        return sum(1 for r in victims if r in (REBEL, RENEGADE)) if winner == LORD else 0
    if role == REBEL:
        return sum(2 if r == LORD else 1 for r in victims if r in (LORD, LOYALIST, RENEGADE))
    return 0


def _lost_one_on_one(roles: Sequence[str], died: Sequence[Death]) -> set[int]:
    """The renegades who died while they and the lord were the only living players."""
    living = set(range(len(roles)))
    out: set[int] = set()
    for seat, _ in died:
        if roles[seat] == RENEGADE and len(living) == 2 and seat in living and any(
                roles[s] == LORD for s in living):
            out.add(seat)
        living.discard(seat)
    return out


def game_scores(g: Game) -> list[int]:
    """The scores of ``g`` as it stands (every seat 0 until it has a winner). A seat that is dead
    without a ``death`` event (a scenario's table set up so) died first, by nobody's hand."""
    died = deaths(g.events)
    told = {seat for seat, _ in died}
    before = [(p.seat, -1) for p in g.players if not p.alive and p.seat not in told]
    winner = g.result[0] if g.result else None
    return scores([p.role for p in g.players], winner, before + died)


@register_variant
class Scoring(Variant):
    """计分, an option of identity mode (``Config.scoring``): the summary holds the scores."""

    id = "scoring"
    en = "scoring"
    zh = "计分"

    def on(self, config: Config) -> bool:
        return config.scoring

    def summary(self, g: Game, out: dict[str, Any]) -> None:
        out["scores"] = game_scores(g)
