"""The ``sgs`` entry point: one click group with a command per job.

Exit codes, for every command: 0 success, 1 a replay is invalid or differs (or an input cannot be
read), 2 usage errors (click's own).
"""

from __future__ import annotations

from typing import Any

import click

from sgscore import __version__
from sgscore.core.registry import RegistrationError

from .bench_cmd import bench
from .common import OneLineUsageError, fail
from .games_cmd import games, kinds
from .replay_cmd import replay
from .sim_cmd import sim
from .step_cmd import step
from .tools_cmd import diff, export, resim

__all__ = ["main"]


class _Sgs(click.Group):
    """The top group: every usage error, of any subcommand, is shown as one line; so is a game
    that cannot be loaded (a broken plugin: exit 1)."""

    def make_context(self, info_name: str | None, args: list[str],
                     parent: click.Context | None = None, **extra: Any) -> click.Context:
        try:
            return super().make_context(info_name, args, parent, **extra)
        except click.exceptions.NoArgsIsHelpError:
            raise
        except click.UsageError as e:
            raise OneLineUsageError(e) from None
        except RegistrationError as e:
            fail(str(e))

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except click.exceptions.NoArgsIsHelpError:
            raise  # `sgs replay` alone shows its help
        except click.UsageError as e:
            raise OneLineUsageError(e) from None
        except RegistrationError as e:
            fail(str(e))


@click.group(cls=_Sgs, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="sgs")
def main() -> None:
    """Simulate Sanguosha (三国杀) games and work with their replays.

    \b
    Example:
      sgs sim --players 5 --seed 1 -o game.mp && sgs replay show game.mp
    """


for command in (step, diff, resim, export):
    replay.add_command(command)
main.add_command(sim)
main.add_command(replay)
main.add_command(bench)
main.add_command(games)
main.add_command(kinds)

if __name__ == "__main__":  # pragma: no cover
    main()
