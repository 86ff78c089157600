"""How often each general's skills fire, per game, by agent: ``sgs stats SOURCE --by skill``.

A study's table says who won; whether the agents used the generals' skills is in the games'
events. Each replay is re-simulated from its decisions (checked record by record, as ``sgs replay
validate`` does, so a replay recorded with ``--no-events`` serves as well as one with events),
and every event that tells a skill's use is counted for the seat that used it.

The game says which of its events tell a skill's use (:meth:`GameSpec.skill_uses
<sgscore.core.spec.GameSpec.skill_uses>`: by default the events of kind ``skill``, whose first
two arguments are the seat and the skill's id; identity mode also counts a card used or played
through a conversion, 武圣's 杀). A skill that only changes a number the rules read (a distance,
a limit, who may be targeted: 马术, 空城, 飞将) takes effect without being told, and is counted
0.
The generals and their skills come from the game's catalogue, so every skill of every general
that played is listed, those that never fired with 0.

For each general, skill and agent: ``games``, the seats the general played with that agent;
``fired``, the skill's uses in them; ``per_game``, their mean; ``games_fired``, the seats in
which it fired at least once, as a share with its 95% Wilson interval. A seat's general is the
one the end record names (a reincarnated player's last general: the uses of an earlier
general's skills are not counted), and an equipment's skill (八卦阵) is no general's. Counts are
integers and rates fractions until they are printed; the same replays give the same table.
This module names no game.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

__all__ = ["SkillGame", "skill_game", "skill_games", "skill_table", "replay_paths"]


@dataclass(frozen=True)
class SkillGame:
    """One replay's skill uses: its game and config, and per seat the general, the agent and
    ``{skill: uses}``."""

    file: str
    game: str
    config: str
    generals: tuple[str | None, ...]
    agents: tuple[str, ...]
    uses: tuple[tuple[tuple[str, int], ...], ...]


def skill_game(path: str) -> SkillGame:
    """Re-simulate the replay at ``path`` (streamed, within the reader's limits) and count its
    skill events per seat. Raises :class:`~sgscore.study.StudyError` naming the file and the
    record for a replay that cannot be read or does not re-simulate."""
    import json

    from .replay.errors import ReplayError
    from .replay.reader import RecordReader
    from .replay.resim import Resimulator, spec_of
    from .study import StudyError

    current = 0
    try:
        with RecordReader(path) as rd:
            header = rd.header
            sim = Resimulator(header)
            for current, rec in rd:
                sim.feed(current, rec)
            sim.finish(rd.index, rd.truncation)
            game = sim.game
    except ReplayError as e:
        raise StudyError(f"{path}: {e}") from None
    except OSError as e:
        raise StudyError(f"{path}: cannot read ({e.strerror or e})") from None
    seats = game.seats
    counts = spec_of(header).skill_uses(game.events, seats)
    summary = game.summary()
    generals = summary.get("generals")
    named = (tuple(g if isinstance(g, str) else None for g in generals)
             if isinstance(generals, list) and len(generals) == seats else (None,) * seats)
    agents = ((header.agents,) * seats if isinstance(header.agents, str)
              else tuple(str(a) for a in header.agents))
    return SkillGame(os.path.basename(path), header.game,
                     json.dumps(header.config, sort_keys=True, separators=(",", ":"),
                                ensure_ascii=False),
                     named, agents, tuple(tuple(sorted(c.items())) for c in counts))


def replay_paths(source: str) -> list[str]:
    """The replays of ``source``: a folder's ``*.mp`` files in name order, or one ``.mp``
    file."""
    if os.path.isdir(source):
        return [os.path.join(source, n) for n in sorted(os.listdir(source)) if n.endswith(".mp")]
    return [source]


def _many(paths: Sequence[str]) -> list[SkillGame]:
    return [skill_game(p) for p in paths]


def skill_games(paths: Sequence[str], *, workers: int = 1,
                on_game: Callable[[SkillGame], None] | None = None) -> list[SkillGame]:
    """:func:`skill_game` of every path, in their order, on ``workers`` processes."""
    if workers <= 1 or len(paths) < 2:
        out = []
        for p in paths:
            out.append(skill_game(p))
            if on_game is not None:
                on_game(out[-1])
        return out
    from .study import _chunks, _local_map

    chunks = _chunks(list(paths), workers)
    out = []
    for done in _local_map(_many, [(c,) for c in chunks], workers):
        for g in done:
            out.append(g)
            if on_game is not None:
                on_game(g)
    return out


def _skills_of(game: str) -> dict[str, list[str]]:
    """Each general's skills, from the game's catalogue (empty for a game not installed)."""
    from .core.games import get_game

    spec = get_game(game)
    if spec is None:
        return {}
    return {str(g["id"]): [str(s) for s in g.get("skills", [])]
            for g in spec.catalogue().get("generals", [])}


def skill_table(games: Iterable[SkillGame]) -> list[dict[str, Any]]:
    """Per general, skill and agent: ``games``, ``fired``, ``per_game``, ``games_fired``,
    ``rate`` (of games fired) with its Wilson interval ``low``, ``high``; sorted by general,
    then his skills in the catalogue's order, then agent."""
    from .stats import wilson

    skills: dict[str, dict[str, list[str]]] = {}
    tally: dict[tuple[str, str, str], list[int]] = {}
    for g in games:
        of = skills.get(g.game)
        if of is None:
            of = skills[g.game] = _skills_of(g.game)
        for seat, general in enumerate(g.generals):
            if general is None:
                continue
            agent = g.agents[seat] if seat < len(g.agents) else "-"
            used = dict(g.uses[seat])
            for sid in of.get(general, []):
                c = tally.setdefault((general, sid, agent), [0, 0, 0])
                n = used.get(sid, 0)
                c[0] += 1
                c[1] += n
                c[2] += n > 0
    order = {(gid, sid): (gid, i) for of in skills.values()
             for gid, sids in of.items() for i, sid in enumerate(sids)}
    out = []
    for (general, sid, agent), (n, fired, with_any) in sorted(
            tally.items(), key=lambda kv: (order[kv[0][:2]], kv[0][2])):
        low, high = wilson(with_any, n)
        out.append({"general": general, "skill": sid, "agent": agent, "games": n,
                    "fired": fired, "per_game": round(float(Fraction(fired, n)), 6),
                    "games_fired": with_any, "rate": round(float(Fraction(with_any, n)), 6),
                    "low": round(low, 6), "high": round(high, 6)})
    return out
