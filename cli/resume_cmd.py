"""``sgs replay resume``: play a saved game on to its end."""

from __future__ import annotations

import os

import click

from sgscore.core.spec import ConfigError
from sgscore.replay.errors import ReplayError
from sgscore.replay.resim import spec_of
from sgscore.replay.saved import resume_game, save_game

from .common import fail, outcome_words

__all__ = ["resume"]


@click.command()
@click.argument("file", type=click.Path())
@click.option("-o", "--output", "output", required=True, type=click.Path(),
              help="The whole replay to write (FILE itself is fine: it is replaced when whole).")
@click.option("--agents", default=None, metavar="NAME|NAME,NAME,...",
              help="Who plays each seat from here: one agent for every seat, or one per seat "
                   "(default: the agents FILE's header names).")
def resume(file: str, output: str, agents: str | None) -> None:
    """Play a saved game on to its end and write its whole replay.

    FILE is a game saved before its end (sgscore.replay.save_game: a replay that ends with a
    suspended record; `sgs replay validate` calls it "valid, suspended"). It is re-simulated,
    every record checked as validate does, and played on from where it was saved by its agents,
    made afresh for the position; the output is the replay of the whole game, from its first
    decision to its end, as `sgs sim` writes one. A finished game, a truncated file or one that
    parts from re-simulation is refused with "error: FILE: record N: reason" (exit 1).

    \b
    Examples:
      sgs replay resume saved.mp -o game.mp
      sgs replay resume saved.mp --agents heuristic -o game.mp && sgs replay show game.mp
    """
    if os.path.isdir(output):
        raise click.BadParameter(f"{output} is a folder: give the replay file to write",
                                 param_hint="'-o'")
    names = None if agents is None else [a.strip() for a in agents.split(",")]
    try:
        resumed = resume_game(file, agents=names)
    except ReplayError as e:
        fail(f"{file}: {e}")
    except (OSError, ConfigError) as e:
        fail(f"{file}: {getattr(e, 'strerror', None) or e}")
    if resumed.agents is None:
        fail(f"{file}: its header names no agents: give --agents")
    at = resumed.game.decisions
    game = resumed.play()
    try:
        size = save_game(game, output, agents=names or resumed.header.agents,
                         events=resumed.header.events)
    except OSError as e:
        fail(f"{output}: cannot write ({e.strerror or e})")
    result = outcome_words(spec_of(resumed.header), game.summary())
    click.echo(f"{output}: {game.decisions} decisions ({game.decisions - at} after the "
               f"{at} saved), {game.turn_no} turns, {size} bytes; {result}")
