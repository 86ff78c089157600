"""What a 三国掷 summary can be for a config, without playing the game:
:meth:`DiceSpec.summary_problems <sgscore.dice.spec.DiceSpec.summary_problems>`.

The entries ``DiceGame.summary()`` writes (``error`` only after an engine error), their types and
one per seat; the winner and the reason that go together (000 "游戏结束" and "3人局特别规则":
the lord's side wins when every rebel and renegade is dead, the rebels or the lone renegade when
the lord dies, the rebels when everyone is dead; at three players a goal reached or the last one
standing; a draw at the round cap); the roles the config deals; the generals it names; and what
the living say of the winner. A game stopped by an engine error may stop anywhere: only its
entries' shape is checked.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core.summaries import Check, count, entries_problems, hex128, one_of, per_seat, text
from .config import DiceConfig
from .model import GENERALS, LORD, LOYALIST, REBEL, RENEGADE

__all__ = ["summary_problems"]

_MANY = ((LORD, "rebels_and_renegades_dead"), (REBEL, "lord_died"), (RENEGADE, "lord_died"),
         (REBEL, "all_dead"), (None, "round_cap"), (None, "error"))
_THREE = (*((r, "goal") for r in (LOYALIST, RENEGADE, REBEL)),
          *((r, "last_standing") for r in (LOYALIST, RENEGADE, REBEL)),
          (REBEL, "all_dead"), (None, "round_cap"), (None, "error"))


def summary_problems(config: DiceConfig, summary: Mapping[str, Any]) -> list[str]:
    """What in ``summary`` no game of ``config`` ends with (see the module); ``[]`` if
    nothing."""
    n = config.players
    pairs = _THREE if n == 3 else _MANY
    checks: dict[str, Check] = {
        "winner": one_of(sorted({w for w, _ in pairs if w is not None}) + [None]),
        "reason": one_of(sorted({r for _, r in pairs})),
        "turns": count, "rounds": count, "decisions": count, "events": count, "hash": hex128,
        "roles": per_seat(n, str, (LORD, LOYALIST, REBEL, RENEGADE, "")),
        "generals": per_seat(n, str), "alive": per_seat(n, bool), "hp": per_seat(n, int),
    }
    if summary.get("reason") == "error":
        checks["error"] = text
    out = entries_problems(summary, checks)
    if out:
        return out
    winner, reason = summary["winner"], summary["reason"]
    if (winner, reason) not in pairs:
        return [f"winner {winner or 'nil'} with reason {reason}: the rules end no game so"]
    if reason == "error":
        return []
    roles: list[str] = summary["roles"]
    alive: list[bool] = summary["alive"]
    if sorted(roles) != sorted(config.roles()):
        return [f"roles: not the {n} roles the game deals"]
    generals: list[str] = summary["generals"]
    if any(g not in GENERALS for g in generals):
        return ["generals: one is no general of this engine"]
    if isinstance(config.generals, tuple) and tuple(generals) != config.generals:
        return ["generals: not those the config names"]
    living = [r for r, a in zip(roles, alive, strict=True) if a]
    if reason == "all_dead" and living:
        out.append("reason all_dead: a player is alive")
    if reason == "last_standing" and living != [winner]:
        out.append(f"reason last_standing: the {winner} is not the only one alive")
    if n > 3:
        lord_alive = alive[roles.index(LORD)]
        if reason == "lord_died" and lord_alive:
            out.append("reason lord_died: the lord is alive")
        if winner == LORD and (not lord_alive or any(r in (REBEL, RENEGADE) for r in living)):
            out.append("winner lord: the lord is dead, or a rebel or a renegade alive")
        if winner == RENEGADE and living != [RENEGADE]:
            out.append("winner renegade: he is not the only one alive")
        if winner == REBEL and reason == "lord_died" and living == [RENEGADE]:
            out.append("winner rebel: the renegade alone is alive, and wins")
    return out
