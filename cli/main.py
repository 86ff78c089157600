"""The ``sgs`` entry point: one click group with a command per job.

Exit codes, for every command: 0 success, 1 a replay is invalid or differs (or an input cannot be
read), 2 usage errors (click's own).
"""

from __future__ import annotations

import click

from sgscore import __version__

from .bench_cmd import bench
from .replay_cmd import replay
from .sim_cmd import sim

__all__ = ["main"]


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="sgs")
def main() -> None:
    """Simulate Sanguosha (三国杀) games and work with their replays.

    \b
    Example:
      sgs sim --players 5 --seed 1 -o game.mp && sgs replay show game.mp
    """


main.add_command(sim)
main.add_command(replay)
main.add_command(bench)

if __name__ == "__main__":  # pragma: no cover
    main()
