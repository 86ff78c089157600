"""``sgs bench``: formats what :mod:`sgscore.bench` measures."""

from __future__ import annotations

from typing import Any

import click

from sgscore.bench import (
    DEFAULT_GAME,
    DEFAULT_GAMES,
    RUNS,
    BenchReport,
    default_players,
    game_config,
    run_bench,
)
from sgscore.core.games import game_ids, get_game
from sgscore.core.spec import ConfigError

from .common import echo_json, progress
from .sim_cmd import _game_params, given_options

__all__ = ["bench", "format_report"]


class _BenchCommand(click.Command):
    """``sgs bench`` with the installed games' ``sgs sim`` options, but for those bench has
    itself (--players, --generals: a list of player counts, the deal to measure)."""

    def get_params(self, ctx: click.Context) -> list[click.Parameter]:
        base = [p for p in self.params if not (p.name or "").startswith("game_")]
        taken = {flag for p in base for flag in getattr(p, "opts", ())}
        extra = [p for p in _game_params() if not taken & set(p.opts)]
        self.params = [*base, *extra]
        return super().get_params(ctx)


def _players(value: str) -> tuple[int, ...]:
    try:
        out = tuple(int(x) for x in value.split(","))
    except ValueError:
        raise click.BadParameter(f"expected player counts like 4,5,8,10, got {value!r}",
                                 param_hint="'--players'") from None
    if not out:
        raise click.BadParameter(f"expected player counts like 4,5,8,10, got {value!r}",
                                 param_hint="'--players'")
    return out


def _pool(pool: str) -> str:
    n = pool.count(",") + 1
    return f"the {pool!r} pool" if "," not in pool else f"{n} generals"


def format_report(r: BenchReport) -> list[str]:
    """The report as a table."""
    lines = [
        f"sgs bench: {r.game}, {r.games} games per player count from seed {r.seed}, "
        f"generals={r.generals}" + (f" from {_pool(r.pool)}" if r.pool else "")
        + "".join(f", {k}={v}" for k, v in sorted(r.options.items()))
        + f", {r.agents} agents, one core, engine {r.engine_version}, {r.core}, "
        f"Python {r.python}",
        f"start-up, CPU: python -c pass {r.startup_python_s:.3f} s; sgs --version "
        f"{r.startup_version_s:.3f} s (+{r.startup_version_s - r.startup_python_s:.3f}); "
        f"sgs --help {r.startup_help_s:.3f} s (+{r.startup_help_s - r.startup_python_s:.3f})",
        f"{'players':>7} {'games/s':>8} {'turns/s':>9} {'decis/s':>9} {'events/s':>10} "
        f"{'valid/s':>8} {'B/game':>8} {'B/dec':>6} {'B/game+ev':>10} {'B/dec+ev':>9} "
        f"{'traced KiB':>10}",
    ]
    for x in r.results:
        lines.append(
            f"{x.players:>7} {x.games_per_s:>8.1f} {x.turns_per_s:>9.0f} {x.decisions_per_s:>9.0f} "
            f"{x.events_per_s:>10.0f} {x.validated_per_s:>8.1f} {x.compact_bytes_per_game:>8.0f} "
            f"{x.compact_bytes_per_decision:>6.1f} {x.events_bytes_per_game:>10.0f} "
            f"{x.events_bytes_per_decision:>9.1f} {x.traced_peak_kib:>10.0f}"
        )
        lines.append(
            f"{'':>7} validate memory: {x.validate_peak_one_kib:.0f} KiB peak for 1 replay, "
            f"{x.validate_peak_many_kib:.0f} KiB for {x.validate_peak_many_files} in a row "
            f"(the largest game's), {x.validate_held_kib:.0f} KiB held after them"
        )
        if x.seek_decisions:
            lines.append(
                f"{'':>7} seek: sgs replay step --at {x.seek_decisions - 1} (the longest game) "
                f"{x.seek_seconds:.3f} s CPU (+{x.seek_over_python_s:.3f} over python -c pass)"
            )
        if x.cli_ms_per_game is not None:
            engine = (f"the engine beside it {x.cli_engine_ms_per_game:.3f} ms (medians of "
                      f"{len(x.cli_rounds)} rounds side by side, one on each of two cores)"
                      if x.cli_rounds else f"the engine {x.engine_ms_per_game:.3f} ms")
            lines.append(
                f"{'':>7} sgs sim -n {x.games} --no-events: {x.cli_ms_per_game:.3f} ms CPU per "
                f"game beyond its start-up ({x.cli_startup_s:.3f} s with one game), {engine}: "
                f"{_times(x.cli_over_engine)}; user {x.cli_user_ms_per_game:.3f} ms "
                f"({_times(x.cli_user_over_engine)}), system {x.cli_system_ms_per_game:.3f} ms "
                f"(a file a game, in {r.directory})"
            )
        if x.clone_us:
            at = ", ".join(f"{x.clone_us[k]:.0f} at {k}" for k in x.clone_us)
            bare = ", ".join(f"{x.clone_plain_us[k]:.0f} at {k}" for k in x.clone_plain_us)
            lines.append(f"{'':>7} clone() µs CPU (median, decisions): {at} with snapshots; "
                         f"{bare} without")
            lines.append(f"{'':>7} pickle round trip at decision {next(iter(x.clone_us))}: "
                         f"{x.pickle_us:.0f} µs, {x.pickle_bytes:.0f} bytes")
        if x.engine_errors or x.invalid:
            lines.append(f"{'':>7} engine errors: {x.engine_errors}, invalid replays: {x.invalid}")
    lines.append(f"peak RSS {r.peak_rss_kib} KiB (ru_maxrss, whole run); traced KiB: tracemalloc "
                 f"peak of one game with its events; {r.seconds} s in all")
    return lines



def _times(ratio: float | None) -> str:
    """A ratio to the engine, or "-" where there is none (an engine pass of too few games to
    tell its cost a game beyond the first)."""
    return "-" if ratio is None else f"{ratio:.2f}x"

@click.command(cls=_BenchCommand)
@click.option("--games", "-n", type=click.IntRange(1), default=DEFAULT_GAMES, show_default=True,
              help="Games per player count.")
@click.option("--game", "game", default=DEFAULT_GAME, show_default=True, metavar="ID",
              help="The game to measure (sgs games lists them; 'dice' names sanguozhi/dice).")
@click.option("--players", "-p", default=None,
              help="Comma-separated player counts [default: 4,5,8,10; the dice game 3,5,8].")
@click.option("--seed", type=click.IntRange(0, 2**64 - 1 - 10**9), default=1, show_default=True,
              help="The first seed.")
@click.option("--agents", default="random", show_default=True,
              help="The agent of every seat (random, heuristic).")
@click.option("--generals", type=click.Choice(["random", "draft"]), default="random",
              show_default=True, help="How generals are dealt.")
@click.option("--pool", default=None, metavar="NAME|ID,ID,...",
              help="The generals dealt from: a named pool (standard: the 25) or generals by "
                   "id or name [default: every registered general].")
@click.option("--dir", "directory", default=None, metavar="DIR",
              type=click.Path(exists=True, file_okay=False, writable=True),
              help="Write the replays (and sgs sim's) in a temporary folder in DIR, removed at "
                   "the end [default: the system's temporary folder]; the file system's cost "
                   "of a new file is part of sgs sim's system time.")
@click.option("--runs", type=click.IntRange(1, 100), default=RUNS, show_default=True,
              help="Runs of each command timed, and of the engine beside sgs sim's: the least "
                   "counts (more: steadier figures on a busy machine; 1: a quick look).")
@click.option("--json", "as_json", is_flag=True, help="The report as one JSON object.")
@click.pass_context
def bench(ctx: click.Context, /, games: int, game: str, players: str | None, seed: int, agents: str,
          generals: str, pool: str | None, directory: str | None, runs: int, as_json: bool,
          **game_options: Any) -> None:
    """Measure simulation, validation, replay size, start-up and seek on one core.

    Per player count, with random agents and random generals unless told: simulated games, turns,
    decisions and events per second (no file I/O); validated replays per second; replay bytes
    per game and per decision, compact and with events; peak memory (ru_maxrss and tracemalloc);
    the CPU time of `sgs replay step --at LAST` on the longest game; the CPU time per game of
    `sgs sim -n GAMES --no-events` playing the same games, beside the engine's (its user time,
    and its system time: mostly the file system's, a new file per game); what `clone()`
    and a pickle round trip of a game under way cost. Once: the CPU
    time of `sgs --version` and `sgs --help` against `python -c pass`. JSON keys are listed in
    the README section "sgs bench".

    \b
    Examples:
      sgs bench
      sgs bench --games 20 --players 5 --json
      sgs bench --players 5 --agents heuristic --generals draft
      sgs bench --game dice
      sgs bench --players 5 --pool caocao,daqiao,liubei,lvbu,machao,simayi,sunshangxiang,zhugeliang
      sgs bench --players 5,8 --reincarnation
      sgs bench --players 6 --mode 3v3 --generals draft
      sgs bench --players 5 --games 300 --dir /dev/shm

    The game's own `sgs sim` options (--reincarnation, --mode 3v3, --deck 1.0, --detailed, ...;
    `sgs games` lists them) measure the game they make.
    """
    spec = get_game(game)
    if spec is None:
        raise click.BadParameter(f"unknown game {game!r} (installed: {', '.join(game_ids())})",
                                 param_hint="'--game'")
    game = spec.id
    counts = _players(players) if players is not None else default_players(game)
    options = given_options(spec, ctx, game_options)
    try:
        for n in counts:  # each game's own checks: its player counts, --generals, --pool
            game_config(game, n, generals, pool, options)
    except ValueError as e:
        raise click.UsageError(str(e)) from None
    try:
        known = spec.agent_kind(agents) is not None
    except ConfigError as e:  # a setting out of range (ismcts:0)
        raise click.BadParameter(str(e).removeprefix("agents: "), param_hint="'--agents'") from None
    if not known:
        raise click.BadParameter(f"no agent {agents!r} for {game} "
                                 f"(agents: {', '.join(spec.agent_kinds())})",
                                 param_hint="'--agents'")
    with progress(len(counts), "benchmarking", show=not as_json) as bar:
        report = run_bench(games=games, players=counts, seed=seed, generals=generals,
                           progress=lambda _n: bar.advance(), agents=agents, pool=pool,
                           game=game, options=options, directory=directory, runs=runs)
    if as_json:
        echo_json(report.to_json())
        return
    for line in format_report(report):
        click.echo(line)
