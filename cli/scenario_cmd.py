"""``sgs replay scenario``: a position of a replay as a runnable scenario test."""

from __future__ import annotations

import os
import sys

import click

from sgscore.core.engine import EngineError
from sgscore.replay.errors import ReplayError
from sgscore.replay.step import Stepper

from .common import fail

__all__ = ["scenario", "scenario_source"]


def scenario_source(file: str, at: int, name: str) -> str:
    """The test of decision ``at`` of the replay ``file`` (``GameSpec.scenario_test``): the
    question asked there, and the decision the replay took there if it took one. ``IndexError``
    for a decision the replay does not have; ``ValueError`` with a one-line message, "FILE: ...",
    for a replay that cannot be read or a moment that cannot be written so."""
    try:
        stepper = Stepper(file)
        if at > stepper.decisions:
            raise IndexError(f"{file} has {stepper.decisions} decisions "
                             f"(0-{max(stepper.decisions - 1, 0)})")
        has_then = at < stepper.decisions
        stepper.goto(at + 1 if has_then else at)
        game = stepper.game
    except ReplayError as e:
        raise ValueError(f"{file}: {e}") from None
    except OSError as e:
        raise ValueError(f"{file}: {e.strerror or e}") from None
    then = game.history[at][1] if has_then else None
    try:
        return stepper.spec.scenario_test(
            game.replay_to(at), name=name, source=f"Decision {at} of {os.path.basename(file)}",
            then=then, has_then=has_then)
    except ValueError as e:
        raise ValueError(f"{file}: decision {at}: {e}") from None
    except EngineError as e:
        raise ValueError(f"{file}: decision {at}: the engine stopped: {e}") from None


@click.command()
@click.argument("file", type=click.Path())
@click.option("--at", "at", type=click.IntRange(0), required=True, metavar="N",
              help="The decision whose question the test reaches (sgs replay step numbers).")
@click.option("-o", "--output", "output", default="-", show_default=True, type=click.Path(),
              help="The test file to write ('-': standard output).")
@click.option("--name", default=None, metavar="NAME",
              help="The test function's name [default: test_decision_N].")
def scenario(file: str, at: int, output: str, name: str | None) -> None:
    """Write decision N of a replay as a runnable scenario test.

    The test sets up, with the scenario harness (sgscore.testing.Scenario.from_game), the table
    at the last play-phase question at or before decision N, copied whole: every seat's general,
    role, HP, skills, hand, equipment and judgement area, the draw pile in order, the discard
    pile, the turn's counters and the random stream. It submits the few decisions taken since,
    checks that decision N's question is asked again (its seat, kind, prompt and choices), then
    takes the decision the replay took there. A bug report's replay becomes a test of one
    decision (docs/bug-reports.md "A position as a test"); run it with pytest.

    Identity mode only (a 3v3 game, a dice game and a moment before the first play-phase
    question have no such table: a one-line error says so).

    \b
    Examples:
      sgs replay scenario game.mp --at 83 -o test_guicai.py && python -m pytest test_guicai.py
      sgs replay scenario game.mp --at 83 --name test_guicai_on_lightning
    """
    try:
        source = scenario_source(file, at, name or f"test_decision_{at}")
    except IndexError as e:
        raise click.BadParameter(str(e), param_hint="'--at'") from None
    except ValueError as e:
        fail(str(e))
    if output == "-":
        sys.stdout.write(source)
        return
    try:
        with open(output, "w", encoding="utf-8") as out:
            out.write(source)
    except OSError as e:
        fail(f"{output}: cannot write ({e.strerror or e})")
    click.echo(f"{output}: decision {at} of {file} as a scenario test")
