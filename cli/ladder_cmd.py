"""``sgs ladder``: agents against each other, seats and roles rotated, each agent's win rate by
role with 95% intervals and a Bradley-Terry rating (:mod:`sgscore.ladder`). It names no game."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import click

from sgscore.core.games import game_ids, get_game
from sgscore.core.spec import ConfigError
from sgscore.core.telling import pad, text_width

from .common import echo_json, fail, progress
from .sim_cmd import DEFAULT_GAME, MAX_SEED, _config, _GameCommand

__all__ = ["ladder"]


def _pct(x: float) -> str:
    return f"{100 * x:5.1f}%"


def _table(heads: Sequence[str], rows: Sequence[Sequence[str]], left: int) -> list[str]:
    """Columns: the first ``left`` padded on the right, the others on the left."""
    widths = [max(text_width(r[i]) for r in [heads, *rows]) for i in range(len(heads))]
    out = []
    for r in [heads, *rows]:
        cells = [pad(c, w) if i < left else " " * (w - text_width(c)) + c
                 for i, (c, w) in enumerate(zip(r, widths, strict=True))]
        out.append("  " + "  ".join(cells).rstrip())
    return out


def format_ladder(data: Mapping[str, Any]) -> list[str]:
    """The ladder as text: the agents by rating, then their win rates by role."""
    lines = [f"{data['game']}, {data['players']} players: {data['deals']} deals (seeds "
             f"{data['seed']}-{data['seed'] + data['deals'] - 1}) x {len(data['agents'])} "
             f"rotations = {data['games']} games, {data['draws']} draws, "
             f"{data['errors']} engine errors",
             f"Rating (Bradley-Terry, Elo scale, {data['anchor']} = 1000; interval: "
             f"{data['bootstrap']} resamples of the deals), seats won (a draw is not a win):"]
    rows = []
    for a in data["agents"]:
        interval = ("(anchor)" if a["agent"] == data["anchor"] else
                    f"[{a['rating_low']:.0f}, {a['rating_high']:.0f}]")
        rows.append([a["agent"], f"{a['rating']:.0f}", interval, str(a["seats"]), str(a["wins"]),
                     _pct(a["rate"]), f"[{_pct(a['low'])}, {_pct(a['high'])}]"])
    lines += _table(["agent", "rating", "95% interval", "seats", "wins", "rate",
                     "95% interval"], rows, 1)
    lines += ["", "Win rate by role (intervals count the games in which the agent had the role):"]
    rows = []
    for a in data["agents"]:
        for r in a["roles"]:
            rows.append([a["agent"], r["role"], str(r["seats"]), str(r["games"]), str(r["wins"]),
                         _pct(r["rate"]), f"[{_pct(r['low'])}, {_pct(r['high'])}]"])
    lines += _table(["agent", "role", "seats", "games", "wins", "rate", "95% interval"], rows, 2)
    names = [a["agent"] for a in data["agents"]]
    if len(names) > 1:
        lines += ["", "Seats that won against a losing seat of another agent (row over column):"]
        won = {(p["agent"], p["over"]): p["wins"] for p in data["pairs"]}
        lines += _table(["", *names], [[n, *("-" if n == m else str(won[(n, m)]) for m in names)]
                                       for n in names], 1)
    return lines


@click.command(cls=_GameCommand)
@click.option("--game", "game", default=DEFAULT_GAME, show_default=True, metavar="ID",
              help="The game to play (sgs games lists them).")
@click.option("--agents", "agents", required=True, metavar="NAME,NAME[,...]",
              help="The agents on the ladder, two or more: the game's own (random, heuristic), "
                   "an entry point of the group sgscore.agents, or MODULE:FACTORY (called with "
                   "game, seed, seat).")
@click.option("--games", "-n", "deals", type=click.IntRange(1), default=100, show_default=True,
              help="Deals (seeds), each played once per agent with the agents moved one seat "
                   "along.")
@click.option("--seed", "-s", type=click.IntRange(0, MAX_SEED), default=1, show_default=True,
              help="The first deal's seed; the next deals take S+1, S+2, ...")
@click.option("--json", "as_json", is_flag=True, help="One JSON object.")
@click.pass_context
def ladder(ctx: click.Context, /, game: str, agents: str, deals: int, seed: int, as_json: bool,
           **values: Any) -> None:
    """Rate agents against each other, seats and roles rotated.

    Each deal (a seed) is played once per agent, the agents moved one seat along each time, so
    that every agent plays every seat and role of the same deals. Prints each agent's rating
    (a Bradley-Terry fit of which agent's seats won over which: Elo scale, random = 1000, with
    a 95% interval from resampled deals), its seats won, and its win rate by role, each with
    its 95% Wilson interval. The same seeds give the same table. The game's own sim options
    (--players, --reincarnation, --mode 3v3, ...) set the games up.

    \b
    Examples:
      sgs ladder --agents random,heuristic -p 5 -n 500
      sgs ladder --agents random,heuristic,mybots.search:SearchAgent -p 5
      sgs ladder --game dice --agents random,heuristic -p 5 --json
    """
    from sgscore.ladder import LadderError, play_ladder

    spec = get_game(game)
    if spec is None:
        raise click.BadParameter(f"unknown game {game!r} (installed: {', '.join(game_ids())})",
                                 param_hint="'--game'")
    names = [a.strip() for a in agents.split(",") if a.strip()]
    config = _config(spec, ctx, values)
    if seed + deals - 1 > MAX_SEED:
        raise click.BadParameter(f"seeds {seed}..{seed + deals - 1} pass 2**64-1",
                                 param_hint="'--seed'")
    try:
        with progress(deals * max(1, len(names)), "playing", show=not as_json) as bar:
            result = play_ladder(spec, config, names, deals, seed,
                                 on_game=lambda d, r, g: bar.advance())
    except ConfigError as e:
        raise click.BadParameter(str(e).removeprefix("agents: "), param_hint="'--agents'"
                                 ) from None
    except LadderError as e:
        fail(str(e))
    data = result.to_json()
    if as_json:
        echo_json(data)
        return
    for line in format_ladder(data):
        click.echo(line)
