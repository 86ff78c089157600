"""The ``sgs`` entry point: one click group with a command per job.

Exit codes, for every command: 0 success, 1 a replay is invalid or differs (or an input cannot be
read), 2 usage errors (click's own).
"""

from __future__ import annotations

from typing import Any

import click

from sgscore import __version__

from .bench_cmd import bench
from .common import OneLineUsageError
from .games_cmd import games, kinds
from .replay_cmd import replay
from .sim_cmd import sim
from .step_cmd import step
from .tools_cmd import diff, export, resim

__all__ = ["main"]


class _Sgs(click.Group):
    """The top group: every usage error, of any subcommand, is shown as one line."""

    def make_context(self, info_name: str | None, args: list[str],
                     parent: click.Context | None = None, **extra: Any) -> click.Context:
        try:
            return super().make_context(info_name, args, parent, **extra)
        except click.exceptions.NoArgsIsHelpError:
            raise
        except click.UsageError as e:
            raise OneLineUsageError(e) from None

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except click.exceptions.NoArgsIsHelpError:
            raise  # `sgs replay` alone shows its help
        except click.UsageError as e:
            raise OneLineUsageError(e) from None


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
