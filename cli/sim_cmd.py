"""``sgs sim``: simulate seeded games with random agents and write their replays.

The options of the game itself (``--players``, ``--generals``, ...) are the installed games'
(:attr:`GameSpec.options <sgscore.core.spec.GameSpec.options>`), read when the command runs: a game
another package installs brings its own options, and this module names no game.
"""

from __future__ import annotations

import io
import os
import re
from typing import Any, NoReturn

import click
from click.core import ParameterSource

from sgscore.core.games import game_ids, get_game
from sgscore.core.registry import RegistrationError
from sgscore.core.spec import AnyGame, ConfigError, Option
from sgscore.replay.writer import RecordResult, record_game

from .common import (
    EXIT_INVALID,
    EXIT_OK,
    STDOUT,
    Progress,
    binary_stdout,
    echo_json,
    fail,
    outcome_words,
    progress,
)

__all__ = ["sim", "DEFAULT_GAME"]

MAX_SEED = 2**64 - 1
DEFAULT_GAME = "sanguosha/identity"


def _param_name(opt: Option) -> str:
    return "game_" + opt.flags[0].lstrip("-").replace("-", "_")


def _game_params() -> list[click.Option]:
    """One click option per flag any installed game declares (games sharing a flag share it; an
    int range is the widest of theirs, and each game checks its own). The help says what each
    game makes of it when they differ (--players: 4-10 here, 3-8 there), and which games take
    an option not every game takes."""
    merged: dict[str, list[tuple[str, Option]]] = {}
    for gid in game_ids():
        spec = get_game(gid)
        assert spec is not None
        for opt in spec.options:
            key = opt.flags[0]
            takers = merged.setdefault(key, [])
            if takers and (takers[0][1].kind != opt.kind or takers[0][1].flags != opt.flags):
                raise RegistrationError(f"{gid}: option {key} differs from {takers[0][0]}'s")
            takers.append((gid, opt))
    out = []
    for takers in merged.values():
        opt = takers[0][1]
        lows, highs = [o.low for _, o in takers], [o.high for _, o in takers]
        low = None if None in lows else min(x for x in lows if x is not None)
        high = None if None in highs else max(x for x in highs if x is not None)
        kw: dict[str, Any] = {"help": _option_help(takers), "metavar": opt.metavar}
        if opt.kind == "flag":
            kw["is_flag"] = True
        elif opt.kind == "int":
            kw["type"] = click.IntRange(low, high)
        else:
            kw["type"] = str
        out.append(click.Option([*opt.flags, _param_name(opt)], **kw))
    return out


def _option_help(takers: list[tuple[str, Option]]) -> str:
    """An option's help: its text and default, once when every game taking it says the same,
    else each game's own; the games that take it when not every game does."""
    def text(opt: Option) -> str:
        default = opt.kind != "flag" and opt.default is not None
        return opt.help + (f"  [default: {opt.default}]" if default else "")

    said = {text(o) for _, o in takers}
    if len(said) > 1:
        return "  ".join(f"{gid}: {text(o)}" for gid, o in takers)
    only = f"  [{', '.join(g for g, _ in takers)}]" if len(takers) < len(game_ids()) else ""
    return text(takers[0][1]) + only


class _GameCommand(click.Command):
    """A command whose options include the installed games' own."""

    def get_params(self, ctx: click.Context) -> list[click.Parameter]:
        base = [p for p in self.params if not (p.name or "").startswith("game_")]
        self.params = [*base, *_game_params()]
        return super().get_params(ctx)


def _config(spec: AnyGame, ctx: click.Context, values: dict[str, Any]) -> object:
    """The game's config from the options given on the command line; a config that cannot be
    is a usage error naming the options (:func:`as_options`)."""
    try:
        return spec.config_from_options(given_options(spec, ctx, values))
    except ConfigError as e:
        raise click.UsageError(as_options(spec, str(e))) from None


_PLAIN_WORDS = frozenset({"players", "generals", "mode", "beginner", "detailed", "deck", "ex"})
"""Option names that are also plain words of a message ("3v3 seats exactly 6 players", "beginner
mode"): named as options only where a message starts with them ("players: ...")."""


def as_options(spec: AnyGame, message: str) -> str:
    """A config error as a command line user reads it: the config's names of the game's options
    (``role_variant``, ``players:``) as the options they type (``--role-variant``,
    ``--players:``)."""
    flags = {o.name: o.flags[0] for o in spec.options}
    head, sep, rest = message.partition(": ")
    if not sep or head not in flags:
        head, sep, rest = "", "", message

    def flag(m: re.Match[str]) -> str:
        word = m.group(0)
        return flags[word] if word in flags and word not in _PLAIN_WORDS else word

    body = re.sub(r"(?<![\w-])[a-z][a-z_]*[a-z](?![\w-])", flag, rest)
    return f"{flags[head]}: {body}" if sep else body


def given_options(spec: AnyGame, ctx: click.Context, values: dict[str, Any]) -> dict[str, Any]:
    """The game options given on the command line (not left at their defaults), by option
    name; an option ``spec``'s game does not take is a usage error."""
    mine = {_param_name(o): o for o in spec.options}
    given: dict[str, Any] = {}
    for pname, value in values.items():
        if not pname.startswith("game_"):
            continue
        if ctx.get_parameter_source(pname) in (ParameterSource.DEFAULT, None):
            continue
        opt = mine.get(pname)
        if opt is None:
            flag = "--" + pname[len("game_"):].replace("_", "-")
            raise click.UsageError(f"{flag} is not an option of {spec.id}")
        given[opt.name] = value
    return given


def _summary_line(spec: AnyGame, name: str, seed: int, result: RecordResult) -> str:
    outcome = (f"engine error: {result.error}" if result.error is not None
               else outcome_words(spec, result.summary or {}))
    return (f"{name}: seed {seed}, {outcome}, {result.turns} turns, {result.decisions} decisions, "
            f"{result.bytes} bytes")


def _targets(output: str, seed: int, count: int | None) -> list[tuple[str, int]]:
    n = count if count is not None else 1
    if seed + n - 1 > MAX_SEED:
        raise click.BadParameter(f"seeds {seed}..{seed + n - 1} pass 2**64-1",
                                 param_hint="'--seed'")
    if count is None:
        if os.path.isdir(output):
            raise click.BadParameter(f"{output} is a folder; give a file name, or -n COUNT to "
                                     "fill a folder", param_hint="'--output'")
        return [(output, seed)]
    if output == STDOUT:
        raise click.BadParameter("- (stdout) takes one replay; with -n COUNT, -o names the "
                                 "folder for the replays", param_hint="'--output'")
    if os.path.exists(output) and not os.path.isdir(output):
        raise click.BadParameter(f"{output} is a file; with -n COUNT, -o names a folder",
                                 param_hint="'--output'")
    if output.endswith(".mp") and not os.path.isdir(output):
        folder = output[:-3].rstrip("/") or "replays"
        raise click.BadParameter(f"{output} is a replay's name, but with -n COUNT -o names the "
                                 f"folder for the replays (game-SEED.mp each): give a folder, "
                                 f"e.g. -o {folder}/", param_hint="'--output'")
    try:
        os.makedirs(output, exist_ok=True)
    except OSError as e:
        fail(f"{output}: cannot make the folder ({e.strerror or e})")
    return [(os.path.join(output, f"game-{s}.mp"), s) for s in range(seed, seed + n)]


def _to_stdout(spec: AnyGame, config: object, seed: int, no_events: bool, names: list[str],
               as_json: bool) -> NoReturn:
    """sim -o -: the replay on stdout, the game's line on stderr."""
    if as_json:
        raise click.UsageError("-o - writes the replay to stdout, where --json would write too: "
                               "give -o FILE, or leave --json out")
    out = binary_stdout("the replay")
    buf = io.BytesIO()
    try:
        result = record_game(config, seed, buf, events=not no_events, agents=names)
    except ConfigError as e:  # e.g. as many agents as seats
        raise click.BadParameter(str(e).removeprefix("agents: "), param_hint="'--agents'") from None
    out.write(buf.getvalue())
    out.flush()
    click.echo(_summary_line(spec, "stdout", seed, result), err=True)
    raise SystemExit(EXIT_INVALID if result.error is not None else EXIT_OK)


def _study(spec: AnyGame, config: object, names: list[str], seed: int, count: int, folder: str,
           no_events: bool, force: bool, resume: bool, as_json: bool, workers: str,
           backend: str, cluster: str | None) -> NoReturn:
    """sim -n: the games played by :func:`sgscore.study.run_study`, a line per game in seed
    order, then the results table; exits 1 if the engine raised in a game."""
    from sgscore.study import StudyError, batch_of, have_pyarrow, resolve_workers, run_study

    try:
        n_workers = resolve_workers(workers)
    except ValueError:
        raise click.BadParameter(f"expected a positive number or 'auto', got {workers!r}",
                                 param_hint="'--workers'") from None
    if force and resume:
        raise click.UsageError("--force replaces the replays in the folder, --resume keeps "
                               "them: give one")
    errors = 0
    said: dict[tuple[Any, Any], str] = {}  # the words of each (winner, reason) met
    with progress(count, "simulating", show=not as_json) as bar:
        def on_game(row: dict[str, Any], played: bool) -> None:
            nonlocal errors
            errors += row["error"] is not None
            if played:
                _print_row(spec, bar, os.path.join(folder, row["file"]), row, as_json, said)
            bar.advance()

        try:
            done = run_study(batch_of(config, names, events=not no_events), seed, count,
                             folder, workers=n_workers,
                             backend="dask" if backend == "dask" else "process", cluster=cluster, mode="force" if force else
                             "resume" if resume else "new", on_game=on_game)
        except ConfigError as e:  # e.g. as many agents as seats
            bar.close()
            raise click.BadParameter(str(e).removeprefix("agents: "),
                                     param_hint="'--agents'") from None
        except StudyError as e:
            bar.close()
            fail(str(e))
    if done.reused:
        click.echo(f"{done.reused} of {count} games were already in {folder}, "
                   f"{done.played} played now", err=True)
    if not have_pyarrow():
        click.echo("note: results.parquet not written: it needs pyarrow "
                   "(pip install 'sgscore[stats]'); results.csv holds the same table", err=True)
    raise SystemExit(EXIT_INVALID if errors else EXIT_OK)


def _print_row(spec: AnyGame, bar: Progress, path: str, row: dict[str, Any],
               as_json: bool, said: dict[tuple[Any, Any], str]) -> None:
    """The line of one game of sim -n, from its row of the results table (``said``: the
    words of the outcomes said so far, by winner and reason: a study meets a few, thousands
    of times)."""
    if as_json:
        echo_json({"file": path, "seed": row["seed"], "winner": row["winner"],
                   "reason": row["reason"], "turns": row["turns"],
                   "decisions": row["decisions"], "bytes": row["bytes"],
                   "error": row["error"]})
        return
    outcome: str | None
    if row["error"] is not None:
        outcome = f"engine error: {row['error']}"
    else:
        key = (row["winner"], row["reason"])
        outcome = said.get(key)
        if outcome is None:
            outcome = said[key] = outcome_words(spec, {"winner": key[0], "reason": key[1]})
    bar.line(f"{path}: seed {row['seed']}, {outcome}, {row['turns']} turns, "
             f"{row['decisions']} decisions, {row['bytes']} bytes")


@click.command(cls=_GameCommand)
@click.option("--game", "game", default=DEFAULT_GAME, show_default=True, metavar="ID",
              help="The game to play (sgs games lists them).")
@click.option("--seed", "-s", type=click.IntRange(0, MAX_SEED), default=1, show_default=True,
              help="The game seed (with -n: the first seed).")
@click.option("--no-events", is_flag=True, help="Record decisions only (a compact replay).")
@click.option("--count", "-n", type=click.IntRange(1), default=None,
              help="Simulate COUNT games (seeds S, S+1, ...) into the folder given by -o.")
@click.option("--output", "-o", required=True, type=click.Path(dir_okay=True),
              help="The replay file (with -n: the folder).")
@click.option("--force", is_flag=True,
              help="With -n: replace replays already in the folder (without: refuse them).")
@click.option("--agents", "agents", default="random", show_default=True,
              metavar="NAME|NAME,NAME,...",
              help="Who decides: one agent for every seat, one per seat (NAME,NAME,...), or "
                   "in identity mode one per role, ROLE=NAME for each of lord, loyalist, rebel "
                   "and renegade, joined by commas (--mode 3v3: one per camp, warm=NAME,"
                   "cold=NAME). The agents: random, heuristic and, in identity mode, "
                   "ismcts (the search agent, 64 worlds a decision; ismcts:N for N).")
@click.option("--json", "as_json", is_flag=True, help="One JSON object per game.")
@click.option("--workers", "-j", default="1", show_default=True, metavar="N|auto",
              help="With -n: play on N processes ('auto': one per CPU); the files are the same.")
@click.option("--resume", is_flag=True,
              help="With -n: keep the finished games of this study already in the folder and "
                   "play the rest.")
@click.option("--backend", type=click.Choice(["process", "dask"]), default="process",
              show_default=True, help="With -n: local processes, or a Dask cluster (the "
              "'cluster' extra): --cluster's, or a local one of --workers processes.")
@click.option("--cluster", metavar="ADDRESS", default=None,
              help="With -n: the Dask scheduler to play on (tcp://HOST:8786); implies "
                   "--backend dask.")
@click.pass_context
def sim(ctx: click.Context, /, game: str, seed: int, no_events: bool, count: int | None,
        output: str, force: bool, agents: str, as_json: bool, workers: str, resume: bool,
        backend: str, cluster: str | None, **values: Any) -> None:
    """Simulate games and write their replays.

    Prints one line per game: winner, turns, decisions and bytes written. Exits 1 if the engine
    raised in any game (its replay holds the error record, so it reproduces). Each replay is
    written beside its name and moved into place when whole: -o FILE replaces FILE; with -n,
    a replay already in the folder is refused (exit 1) unless --force, so two runs into one
    folder never mix.

    With -n, the folder also gets the results table, one row per game (results.csv, and
    results.parquet with pyarrow; sgs stats reads it). --workers N plays on N processes and
    --backend dask on a Dask cluster: the same replays and table, byte for byte. --resume
    continues an interrupted study, keeping the games already written.

    \b
    Examples:
      sgs sim --players 5 --seed 1 -o game.mp
      sgs sim --players 8 --seed 100 -n 50 --no-events -o replays/
      sgs sim --players 4 --generals caocao,liubei,lvbu,daqiao -o four.mp
      sgs sim --players 5 --agents heuristic -o careful.mp
      sgs sim --players 5 --agents heuristic,heuristic,random,random,random -o mixed.mp
      sgs sim -p 5 -n 300 --no-events --json -o study/ \\
          --agents lord=heuristic,loyalist=heuristic,rebel=random,renegade=random
      sgs sim -p 5 -n 100000 --no-events --workers auto -o big/
      sgs sim -p 5 -n 100000 --no-events --workers auto --resume -o big/
      sgs sim -p 5 -n 20000 --cluster tcp://scheduler:8786 -o study/
    """
    spec = get_game(game)
    if spec is None:
        raise click.BadParameter(f"unknown game {game!r} (installed: {', '.join(game_ids())})",
                                 param_hint="'--game'")
    config = _config(spec, ctx, values)
    names = [a.strip() for a in agents.split(",")]
    if count is None and (workers != "1" or resume or backend != "process" or cluster):
        raise click.UsageError("--workers, --resume, --backend and --cluster go with -n COUNT")
    targets = _targets(output, seed, count)
    if count is not None:
        _study(spec, config, names, seed, count, output, no_events, force, resume, as_json, workers,
               "dask" if cluster else backend, cluster)
    if output == STDOUT:
        _to_stdout(spec, config, seed, no_events, names, as_json)
    code = EXIT_OK
    with progress(len(targets), "simulating", show=not as_json) as bar:
        for path, s in targets:
            try:  # -o FILE names its file: replaced; -n fills a folder: never over a replay
                result = record_game(config, s, path, events=not no_events,
                                     overwrite=count is None or force, agents=names)
            except ConfigError as e:  # e.g. as many agents as seats
                bar.close()
                raise click.BadParameter(str(e).removeprefix("agents: "),
                                         param_hint="'--agents'") from None
            except FileExistsError:
                bar.close()
                fail(f"{path}: a replay is there already (--force replaces it)")
            except OSError as e:
                bar.close()
                fail(f"{path}: cannot write ({e.strerror or e})")
            if result.error is not None:
                code = EXIT_INVALID
            if as_json:
                echo_json({
                    "file": path, "seed": s, "winner": result.summary.get("winner"),
                    "reason": result.summary.get("reason"), "turns": result.turns,
                    "decisions": result.decisions, "bytes": result.bytes,
                    "error": str(result.error) if result.error is not None else None,
                })
            else:
                bar.line(_summary_line(spec, path, s, result))
            bar.advance()
    raise SystemExit(code)
