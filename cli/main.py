"""The ``sgs`` entry point: one click group with a command per job.

Exit codes, for every command: 0 success, 1 a replay is invalid or differs (or an input cannot be
read), 2 usage errors (click's own).

Commands are imported when they are run, not before: ``sgs --version`` and ``sgs --help`` load
only click, and ``sgs replay step`` only what stepping needs.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

import click

from sgscore import __version__

from .common import OneLineUsageError, fail

__all__ = ["main", "COMMANDS", "REPLAY_COMMANDS"]

Lazy = dict[str, tuple[str, str]]

COMMANDS: Lazy = {
    "sim": ("cli.sim_cmd:sim", "Simulate games and write their replays."),
    "bench": ("cli.bench_cmd:bench", "Measure simulation, validation, replay size, start-up and seek on one core."),
    "games": ("cli.games_cmd:games", "List the installed games: id, name, engine and rules..."),
    "kinds": ("cli.games_cmd:kinds", "List a game's event kinds and request kinds, with what..."),
    "info": ("cli.info_cmd:info", "Describe a game's generals, skills and cards, in English and Chinese."),
}
"""Each command's ``module:attribute`` and its short help (``sgs --help`` shows it without
importing the command; a test checks that the two agree)."""

REPLAY_COMMANDS: Lazy = {
    "show": ("cli.replay_cmd:show", "Tell the story of a replay: rounds, turns, phases, who..."),
    "validate": ("cli.replay_cmd:validate",
                 "Check replay files: each decision legal, hashes and events as recorded,..."),
    "schema": ("cli.replay_cmd:schema",
               "Regenerate the JSON Schema files of the replay format from its pydantic..."),
    "rebaseline": ("cli.replay_cmd:rebaseline",
                   "Record the golden replays listed in FOLDER/manifest.json again."),
    "step": ("cli.step_cmd:step", "Step through a replay decision by decision: the table..."),
    "diff": ("cli.tools_cmd:diff", "Compare two replays: their headers, then their games, step..."),
    "resim": ("cli.tools_cmd:resim",
              "Re-simulate FILE's decisions with this engine and write them as a new replay."),
    "export": ("cli.tools_cmd:export", "The whole replay as one JSON object, for other tools..."),
}


def load(target: str) -> click.Command:
    """The command at ``module:attribute``."""
    module, _, attr = target.partition(":")
    command = getattr(import_module(module), attr)
    assert isinstance(command, click.Command)
    return command


class _Lazy(click.Group):
    """A group whose commands are imported when they are run (or asked for their full help)."""

    def __init__(self, *args: Any, lazy: Lazy, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.lazy = lazy

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(set(super().list_commands(ctx)) | set(self.lazy))

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name in self.lazy and cmd_name not in self.commands:
            self.add_command(load(self.lazy[cmd_name][0]), cmd_name)
        return super().get_command(ctx, cmd_name)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows = []
        for name in self.list_commands(ctx):
            if name in self.commands:
                cmd = self.commands[name]
                rows.append((name, cmd.get_short_help_str(formatter.width - 6 - len(name))))
            else:
                rows.append((name, self.lazy[name][1]))
        if rows:
            with formatter.section("Commands"):
                formatter.write_dl(rows)


class _Sgs(_Lazy):
    """The top group: every usage error, of any subcommand, is shown as one line; so is a game
    that cannot be loaded (a broken plugin: exit 1)."""

    def make_context(self, info_name: str | None, args: list[str],
                     parent: click.Context | None = None, **extra: Any) -> click.Context:
        from sgscore.core.registry import RegistrationError

        try:
            return super().make_context(info_name, args, parent, **extra)
        except click.exceptions.NoArgsIsHelpError:
            raise
        except click.UsageError as e:
            raise OneLineUsageError(e) from None
        except RegistrationError as e:
            fail(str(e))

    def invoke(self, ctx: click.Context) -> Any:
        from sgscore.core.registry import RegistrationError

        try:
            return super().invoke(ctx)
        except click.exceptions.NoArgsIsHelpError:
            raise  # `sgs replay` alone shows its help
        except click.UsageError as e:
            raise OneLineUsageError(e) from None
        except RegistrationError as e:
            fail(str(e))


def _print_version(ctx: click.Context, _: click.Parameter, value: bool) -> None:
    """``sgs 0.1.0, compiled core``: a line for every bug report."""
    if not value or ctx.resilient_parsing:
        return
    from sgscore._accel import describe

    click.echo(f"sgs {__version__}, {describe()}")
    ctx.exit()


@click.group(cls=_Sgs, lazy=COMMANDS, context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--version", is_flag=True, expose_value=False, is_eager=True,
              callback=_print_version, help="Show the version and which core runs, and exit.")
def main() -> None:
    """Simulate Sanguosha (三国杀) games and work with their replays.

    \b
    Example:
      sgs sim --players 5 --seed 1 -o game.mp && sgs replay show game.mp
    """


@main.group(cls=_Lazy, lazy=REPLAY_COMMANDS)
def replay() -> None:
    """Work with replay files: show, validate, step, diff, resim, export, the schemas.

    \b
    Examples:
      sgs replay show game.mp --as 2 --lang zh
      sgs replay validate game.mp
    """


if __name__ == "__main__":  # pragma: no cover
    main()
