"""``sgs tournament``: a tournament of games that keep score, and its score table.

Identity mode's is 003's "推广版计分赛": as many games as there are players, the lord's role passed
round the table (seat 0 is the lord of the first game, seat 1 of the second, ...), each game
scored by 003's "计分规则", the highest total winning. What passes round the table and how a game
is scored are the game's (:meth:`GameSpec.tournament_config
<sgscore.core.spec.GameSpec.tournament_config>`, :meth:`GameSpec.scores
<sgscore.core.spec.GameSpec.scores>`): this module names no game. A player is a seat: it keeps
its seat, and its agent, from game to game.
"""

from __future__ import annotations

import io
import os
from typing import IO, Any

import click

from sgscore.core.games import game_ids, get_game
from sgscore.core.spec import AnyGame, ConfigError
from sgscore.core.telling import pad, text_width
from sgscore.replay.writer import RecordResult, record_game

from .common import EXIT_INVALID, EXIT_OK, STDOUT, echo_json, fail, progress
from .sim_cmd import DEFAULT_GAME, MAX_SEED, _config, _GameCommand, _summary_line

__all__ = ["tournament"]


def _configs(spec: AnyGame, base: object, games: int) -> list[object]:
    """Each game's config, or a usage error when the game has no tournament."""
    try:
        return [spec.tournament_config(base, i) for i in range(games)]
    except ConfigError as e:
        raise click.UsageError(str(e)) from None


def _folder(output: str | None) -> None:
    if output is None:
        return
    if output == STDOUT:
        raise click.BadParameter("-o names the folder for the replays, and - (stdout) cannot "
                                 "hold several; leave -o out to keep none",
                                 param_hint="'--output'")
    if os.path.exists(output) and not os.path.isdir(output):
        raise click.BadParameter(f"{output} is a file; -o names a folder for the replays",
                                 param_hint="'--output'")
    try:
        os.makedirs(output, exist_ok=True)
    except OSError as e:
        fail(f"{output}: cannot make the folder ({e.strerror or e})")


def _play(config: object, seed: int, path: str | None, *, events: bool, force: bool,
          agents: list[str]) -> RecordResult:
    target: str | IO[bytes] = path if path is not None else io.BytesIO()
    try:
        return record_game(config, seed, target, events=events, overwrite=force, agents=agents)
    except ConfigError as e:  # e.g. as many agents as seats
        raise click.BadParameter(str(e).removeprefix("agents: "), param_hint="'--agents'") from None
    except FileExistsError:
        fail(f"{path}: a replay is there already (--force replaces it)")
    except OSError as e:
        fail(f"{path}: cannot write ({e.strerror or e})")


def _table(totals: list[list[int]], agents: list[str]) -> list[str]:
    """The score table: a row per player, a column per game, then the total."""
    games = len(totals[0]) if totals else 0
    rows = [["player", "agent", *(str(i + 1) for i in range(games)), "total"]]
    for seat, row in enumerate(totals):
        rows.append([f"P{seat}", agents[seat], *(str(x) for x in row), str(sum(row))])
    widths = [max(text_width(r[i]) for r in rows) for i in range(len(rows[0]))]
    out = []
    for r in rows:
        cells = [pad(c, w) if i < 2 else c.rjust(w) for i, (c, w) in enumerate(zip(r, widths,
                                                                                   strict=True))]
        out.append("  ".join(cells).rstrip())
    return out


def _winners(totals: list[list[int]]) -> str:
    best = max(sum(row) for row in totals)
    top = [f"P{seat}" for seat, row in enumerate(totals) if sum(row) == best]
    if len(top) == 1:
        return f"{top[0]} wins the tournament with {best} points"
    return f"{', '.join(top)} tie with {best} points"


@click.command(cls=_GameCommand)
@click.option("--game", "game", default=DEFAULT_GAME, show_default=True, metavar="ID",
              help="The game to play (sgs games lists them).")
@click.option("--seed", "-s", type=click.IntRange(0, MAX_SEED), default=1, show_default=True,
              help="The seed of the first game; the next games take S+1, S+2, ...")
@click.option("--rounds", "-r", type=click.IntRange(1, 100), default=1, show_default=True,
              help="How many times the table goes round (each round: a game per seat).")
@click.option("--agents", "agents", default="random", show_default=True,
              metavar="NAME|NAME,NAME,...",
              help="Who decides: one agent for every player, or one per seat (a player keeps "
                   "its seat and agent in every game).")
@click.option("--output", "-o", type=click.Path(dir_okay=True), default=None,
              help="Write each game's replay into this folder (game-01.mp, ...).")
@click.option("--force", is_flag=True, help="Replace replays already in the folder.")
@click.option("--no-events", is_flag=True, help="Record decisions only (compact replays).")
@click.option("--json", "as_json", is_flag=True,
              help="One JSON object per player: per-game scores and the total.")
@click.pass_context
def tournament(ctx: click.Context, /, game: str, seed: int, rounds: int, agents: str,
               output: str | None, force: bool, no_events: bool, as_json: bool,
               **values: Any) -> None:
    """Play a rotating tournament and print each player's scores.

    Identity mode (003 推广版计分赛): each round is one game per seat, the lord's role given to
    seat 0 in the first game, seat 1 in the second, and so on (the other roles dealt at random);
    each game is scored by 003's 计分规则 and the scores are added up, the highest total winning.
    Game K of the tournament has seed S+K-1. Prints a line per game, then the table: a row per
    player, a column per game, and the total. Exits 1 if the engine raised in any game (its
    replay holds the error; the game scores nothing).

    \b
    Examples:
      sgs tournament --players 5 --seed 1
      sgs tournament --players 6 --seed 10 --rounds 2 -o cup/
      sgs tournament -p 5 --agents heuristic,random,random,random,random --json
    """
    spec = get_game(game)
    if spec is None:
        raise click.BadParameter(f"unknown game {game!r} (installed: {', '.join(game_ids())})",
                                 param_hint="'--game'")
    base = _config(spec, ctx, values)
    seats = spec.seats(spec.config_to_dict(base))
    total = seats * rounds
    if seed + total - 1 > MAX_SEED:
        raise click.BadParameter(f"seeds {seed}..{seed + total - 1} pass 2**64-1",
                                 param_hint="'--seed'")
    configs = _configs(spec, base, total)
    names = [a.strip() for a in agents.split(",")]
    if any("=" in n for n in names):  # one agent per role: a player's agent follows its role
        shown = ["by role"] * seats
    else:
        shown = names * seats if len(names) == 1 else names
    _folder(output)
    digits = len(str(total))
    table: list[list[int]] = [[] for _ in range(seats)]
    code = EXIT_OK
    with progress(total, "playing", show=not as_json) as bar:
        for i, config in enumerate(configs):
            s = seed + i
            path = None if output is None else os.path.join(output, f"game-{i + 1:0{digits}d}.mp")
            result = _play(config, s, path, events=not no_events, force=force, agents=names)
            scores = spec.scores(result.summary)
            if result.error is not None:
                code = EXIT_INVALID
                scores = [0] * seats
            elif scores is None or len(scores) != seats:
                bar.close()
                fail(f"{spec.id}: game {i + 1} has no score for every seat")
            for seat in range(seats):
                table[seat].append(scores[seat])
            if not as_json:
                label = path if path is not None else f"game {i + 1}"
                bar.line(f"{_summary_line(spec, label, s, result)}; scores "
                         + " ".join(str(x) for x in scores))
            bar.advance()
    if as_json:
        for seat, row in enumerate(table):
            echo_json({"player": seat, "agent": shown[seat], "scores": row, "total": sum(row)})
    else:
        click.echo("")
        for line in _table(table, shown):
            click.echo(line)
        click.echo(_winners(table))
    raise SystemExit(code)
