"""``sgs sim``: simulate seeded games with random agents and write their replays."""

from __future__ import annotations

import os
from typing import Any

import click

from sgscore.replay import record_game
from sgscore.sanguosha import GENERALS, Config, ConfigError

from .common import EXIT_INVALID, EXIT_OK, echo_json, fail, progress

__all__ = ["sim", "parse_generals"]

MAX_SEED = 2**64 - 1


def parse_generals(value: str, beginner: bool, players: int) -> tuple[str, ...] | str | None:
    """``--generals``/``--beginner`` as ``Config.generals``; raises click.BadParameter."""
    if beginner:
        if value != "random":
            raise click.BadParameter("--beginner plays without generals; drop --generals",
                                     param_hint="'--generals'")
        return None
    if value == "random":
        return "random"
    ids = tuple(x.strip() for x in value.split(","))
    unknown = [x for x in ids if x not in GENERALS]
    if unknown:
        known = ", ".join(sorted(GENERALS)) or "none"
        raise click.BadParameter(f"unknown general(s) {', '.join(unknown)} (known: {known})",
                                 param_hint="'--generals'")
    if len(ids) != players:
        raise click.BadParameter(f"{len(ids)} general(s) given for {players} seats "
                                 "(one per seat)", param_hint="'--generals'")
    return ids


def _summary_line(name: str, seed: int, result: Any) -> str:
    s = result.summary or {}
    if result.error is not None:
        outcome = f"engine error: {result.error}"
    elif s.get("winner") is None:
        outcome = f"draw ({s.get('reason', '')})"
    else:
        outcome = f"{s['winner']} wins ({s.get('reason', '')})"
    return (f"{name}: seed {seed}, {outcome}, {result.turns} turns, {result.decisions} decisions, "
            f"{result.bytes} bytes")


@click.command()
@click.option("--players", "-p", type=click.IntRange(4, 10), default=5, show_default=True,
              help="Number of seats (4-10).")
@click.option("--seed", "-s", type=click.IntRange(0, MAX_SEED), default=1, show_default=True,
              help="The game seed (with -n: the first seed).")
@click.option("--generals", "-g", default="random", show_default=True, metavar="ID,ID,...|random",
              help="One general id per seat, or 'random' to deal implemented generals.")
@click.option("--beginner", is_flag=True, help="Beginner mode: no generals, no skills.")
@click.option("--no-events", is_flag=True, help="Record decisions only (a compact replay).")
@click.option("--count", "-n", type=click.IntRange(1), default=None,
              help="Simulate COUNT games (seeds S, S+1, ...) into the folder given by -o.")
@click.option("--output", "-o", required=True, type=click.Path(dir_okay=True),
              help="The replay file (with -n: the folder).")
@click.option("--first-game", is_flag=True, help="First-game deck: no J, Q or K.")
@click.option("--ex", is_flag=True, help="Add the 4 EX cards.")
@click.option("--no-advanced-weapons", is_flag=True, help="Weapons without their advanced skills.")
@click.option("--role-variant", is_flag=True, help="6 or 8 players: two renegades.")
@click.option("--max-rounds", type=click.IntRange(1), default=60, show_default=True,
              help="Round cap; past it the game is a draw.")
@click.option("--json", "as_json", is_flag=True, help="One JSON object per game.")
def sim(
    players: int, seed: int, generals: str, beginner: bool, no_events: bool, count: int | None,
    output: str, first_game: bool, ex: bool, no_advanced_weapons: bool, role_variant: bool,
    max_rounds: int, as_json: bool,
) -> None:
    """Simulate games with random agents and write their replays.

    Prints one line per game: winner, turns, decisions and bytes written. Exits 1 if the engine
    raised in any game (its replay holds the error record, so it reproduces).

    \b
    Examples:
      sgs sim --players 5 --seed 1 -o game.mp
      sgs sim --players 8 --seed 100 -n 50 --no-events -o replays/
      sgs sim --players 4 --generals caocao,liubei,lvbu,daqiao -o four.mp
    """
    try:
        config = Config(
            players=players, generals=parse_generals(generals, beginner, players),
            first_game=first_game, ex_cards=ex, advanced_weapons=not no_advanced_weapons,
            role_variant=role_variant, max_rounds=max_rounds,
        )
    except ConfigError as e:
        raise click.UsageError(str(e)) from None
    n = count if count is not None else 1
    if seed + n - 1 > MAX_SEED:
        raise click.BadParameter(f"seeds {seed}..{seed + n - 1} pass 2**64-1",
                                 param_hint="'--seed'")
    if count is not None:
        if os.path.exists(output) and not os.path.isdir(output):
            raise click.BadParameter(f"{output} is a file; with -n COUNT, -o names a folder",
                                     param_hint="'--output'")
        try:
            os.makedirs(output, exist_ok=True)
        except OSError as e:
            fail(f"{output}: cannot make the folder ({e.strerror or e})")
        targets = [(os.path.join(output, f"game-{s}.mp"), s) for s in range(seed, seed + n)]
    else:
        if os.path.isdir(output):
            raise click.BadParameter(f"{output} is a folder; give a file name, or -n COUNT to "
                                     "fill a folder", param_hint="'--output'")
        targets = [(output, seed)]

    code = EXIT_OK
    with progress(n, "simulating", show=not as_json) as bar:
        for path, s in targets:
            try:
                result = record_game(config, s, path, events=not no_events)
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
                bar.line(_summary_line(path, s, result))
            bar.advance()
    raise SystemExit(code)
