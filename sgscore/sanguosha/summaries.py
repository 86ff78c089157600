"""What an identity-mode (or 3v3) summary can be for a config, without playing the game:
:meth:`IdentitySpec.summary_problems <sgscore.sanguosha.spec.IdentitySpec.summary_problems>`.

The entries ``Game.summary()`` writes (``scores`` only with ``scoring``), their types and one per
seat; the winner and the reason that go together (docs/rules.md "Dying, death and victory": the
lord's side wins when every rebel and renegade is dead, the rebels or the lone renegade when the
lord dies; in 3v3 a camp wins when the other's marshal dies; a draw at the round cap or when the
cards run out); the roles as the config deals them; and what the living say of the winner: the
lord is dead when the lord died, alive when his side won, and (without 转世, whose reincarnated
players count as dead while alive) no rebel or renegade lives when the lord's side won, and the
renegade alone lives when he won. A game stopped by an engine error may stop anywhere, even while
dealing: only its entries' shape is checked.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core.spec import side_outcomes
from ..core.summaries import Check, count, entries_problems, hex128, one_of, per_seat
from .config import Config
from .model import GENERALS, LORD, LOYALIST, REBEL, RENEGADE
from .variants.mode_3v3 import CAMP_ROLES, COLD, ROLES_3V3, WARM, camp_of

__all__ = ["summary_problems", "seat_outcomes"]


def seat_outcomes(summary: Mapping[str, Any]) -> list[str] | None:
    """Each seat's ``"win"``, ``"loss"`` or ``"draw"`` (docs/rules.md "Dying, death and
    victory"): the lord and the loyalists win together, dead or alive, and so do the rebels; of
    two renegades (the 6- and 8-player variant), only the one alive. In 3v3 the winner is a
    camp, won by its marshal and vanguards. What ``GameSpec.outcomes`` gives, and the search
    agent's playouts count."""
    return side_outcomes(summary, {LORD: (LOYALIST,), **CAMP_ROLES}, alone=(RENEGADE,))

_DRAWS = ((None, "round_cap"), (None, "no_cards"), (None, "error"))
_IDENTITY = ((LORD, "rebels_and_renegades_dead"), (REBEL, "lord_died"), (RENEGADE, "lord_died"),
             *_DRAWS)
_3V3 = ((COLD, "marshal_died"), (WARM, "marshal_died"), *_DRAWS)


def summary_problems(config: Config, summary: Mapping[str, Any]) -> list[str]:
    """What in ``summary`` no game of ``config`` ends with (see the module); ``[]`` if
    nothing."""
    n = config.players
    three = config.mode == "3v3"
    pairs = _3V3 if three else _IDENTITY
    role_names = sorted(set(ROLES_3V3)) if three else [LORD, LOYALIST, REBEL, RENEGADE]
    checks: dict[str, Check] = {
        "winner": one_of(sorted({w for w, _ in pairs if w is not None}) + [None]),
        "reason": one_of(sorted({r for _, r in pairs})),
        "turns": count, "rounds": count, "decisions": count, "events": count, "hash": hex128,
        "roles": per_seat(n, str, role_names + [""]), "generals": per_seat(n, str),
        "alive": per_seat(n, bool),
    }
    if config.scoring:
        checks["scores"] = per_seat(n, int)
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
    out += _roles(config, roles) + _generals(config, summary["generals"])
    if out:
        return out
    if three:
        if reason == "marshal_died" and all(alive[s] for s, r in enumerate(roles)
                                            if r.endswith("marshal") and camp_of(r) != winner):
            out.append(f"winner {winner}: the other camp's marshal is alive")
        return out
    lord = roles.index(LORD)
    if reason == "lord_died" and alive[lord]:
        out.append(f"reason lord_died: the lord (seat {lord}) is alive")
    if reason == "rebels_and_renegades_dead" and not alive[lord]:
        out.append(f"reason {reason}: the lord (seat {lord}) is dead")
    if config.reincarnation:
        return out
    living = [r for r, a in zip(roles, alive, strict=True) if a]
    if winner == LORD and any(r in (REBEL, RENEGADE) for r in living):
        out.append("winner lord: a rebel or a renegade is alive")
    if winner == RENEGADE and living != [RENEGADE]:
        out.append("winner renegade: he is not the only one alive")
    if winner == REBEL and reason == "lord_died" and living == [RENEGADE]:
        out.append("winner rebel: the renegade alone is alive, and wins")
    return out


def _roles(config: Config, roles: list[str]) -> list[str]:
    """The roles as ``config`` deals them: 3v3's by seat; in identity mode the role table's
    numbers, the lord at ``lord_seat`` unless the lord's seat is dealt at random."""
    if config.mode == "3v3":
        return [] if roles == list(ROLES_3V3) else ["roles: not 3v3's, seat by seat"]
    want = dict(zip((LORD, LOYALIST, REBEL, RENEGADE), config.roles(), strict=True))
    got = {r: roles.count(r) for r in want}
    if got != want or len(roles) != sum(want.values()):
        return [f"roles: {got} where {config.players} players are dealt {want}"]
    if config.lord_seat_zero and roles[config.lord_seat] != LORD:
        return [f"roles: the lord is not at seat {config.lord_seat}"]
    return []


def _generals(config: Config, generals: list[str]) -> list[str]:
    """Generals as ``config`` deals them: none in beginner mode, else registered generals, those
    the config names (a reincarnated player ends as another)."""
    if config.generals is None:
        return [] if all(g == "" for g in generals) else ["generals: a general in beginner mode"]
    unknown = [g for g in generals if g not in GENERALS]
    if unknown:
        return [f"generals: {unknown[0][:40]!r} is no general of this engine"]
    named = config.generals
    if isinstance(named, tuple) and not config.reincarnation and tuple(generals) != named:
        return ["generals: not those the config names"]
    return []
