"""The ``sgs`` entry point: one click group with a command per job.

Exit codes, for every command: 0 success, 1 a replay is invalid or differs (or an input cannot be
read, or the output cannot be written), 2 usage errors (click's own), 130 interrupted (Ctrl-C),
141 the reader of the output went away (a closed pipe, as in ``sgs replay show game.mp | head``:
what a tool killed by SIGPIPE gives, so that ``set -o pipefail`` sees it; not 0 or 1, since the
command did not finish). The top group sees to the last three for every command, with one line
on stderr or, for a closed pipe, none.

Commands are imported when they are run, not before: ``sgs --version`` and ``sgs --help`` load
only click, and ``sgs replay step`` only what stepping needs. The maintainer's commands are not
here (``docs/architecture.md``, "Maintainer commands").
"""

from __future__ import annotations

import errno
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from importlib import import_module
from typing import Any, NoReturn

import click

from sgscore import __version__

from .common import (
    EXIT_CLOSED_PIPE,
    EXIT_INTERRUPTED,
    EXIT_INVALID,
    OneLineUsageError,
    fail,
    interrupts,
    is_terminal,
)

__all__ = ["main", "COMMANDS", "REPLAY_COMMANDS", "HelpFormatter"]

Lazy = dict[str, tuple[str, str]]

COMMANDS: Lazy = {
    "sim": (".sim_cmd:sim", "Simulate games and write their replays."),
    "play": (".play_cmd:play", "Play a game at the terminal against agents, recorded as it goes."),
    "serve": (".serve_cmd:serve", "Serve tables that people play in a browser, each game a replay."),
    "bench": (".bench_cmd:bench", "Measure simulation, validation, replay size, start-up and seek on one core."),
    "games": (".games_cmd:games", "List the installed games: id, name, engine and rules..."),
    "kinds": (".games_cmd:kinds", "List a game's event kinds and request kinds, with what..."),
    "info": (".info_cmd:info", "Describe a game's generals, skills and cards, in English and Chinese."),
    "tournament": (".tournament_cmd:tournament", "Play a rotating tournament and print each player's scores."),
    "ladder": (".ladder_cmd:ladder", "Rate agents against each other, seats and roles rotated."),
    "stats": (".stats_cmd:stats", "Win rates with confidence intervals, game lengths, two studies compared."),
}
"""Each command's ``module:attribute`` (the module relative to this package, which installs as
``sgscore_cli``) and its short help (``sgs --help`` shows it without importing the command; a
test checks that the two agree)."""

REPLAY_COMMANDS: Lazy = {
    "show": (".replay_cmd:show", "Tell the story of a replay: rounds, turns, phases, who..."),
    "validate": (".replay_cmd:validate",
                 "Check replay files: each decision legal, hashes and events as recorded,..."),
    "step": (".step_cmd:step", "Step through a replay decision by decision: the table..."),
    "diff": (".tools_cmd:diff", "Compare two replays: their headers, then their games, step..."),
    "resim": (".tools_cmd:resim",
              "Re-simulate FILE's decisions with this engine and write them as a new replay."),
    "export": (".tools_cmd:export", "The whole replay as one JSON object, for other tools..."),
    "shrink": (".shrink_cmd:shrink", "Shrink a replay to a minimal one for which CMD still exits 0."),
    "html": (".html_cmd:html", "Write a replay as one self-contained HTML page: the table, the..."),
    "resume": (".resume_cmd:resume", "Play a saved game on to its end and write its whole replay."),
    "scenario": (".scenario_cmd:scenario", "Write decision N of a replay as a runnable scenario test."),
}


def load(target: str) -> click.Command:
    """The command at ``module:attribute`` (a module name starting with a dot is one of this
    package's)."""
    module, _, attr = target.partition(":")
    command = getattr(import_module(module, __package__), attr)
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


def _say(line: str) -> None:
    """One line on stderr, unless stderr itself cannot be written."""
    try:
        click.echo(line, err=True)
    except OSError:
        pass  # nowhere left to say it: the exit code still does


def _discard_stdout() -> None:
    """Point stdout at /dev/null, so that what is still buffered for a closed pipe or a full disk
    is dropped when the process exits instead of failing again there (a second message)."""
    try:
        fd = sys.stdout.fileno()
    except (AttributeError, OSError, ValueError):
        return  # not a file (a test's capture): nothing is flushed at exit
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(devnull, fd)
    finally:
        os.close(devnull)


_OUTPUT_ERRNOS = frozenset({errno.EPIPE, errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EIO})
"""What a write to a stream that is not a file the command opened gives (such a write's error has
no file name): a closed pipe, a full disk or quota, a file over its size limit, a device error.
A command catches the errors of the files it opens itself, so these are the output's."""


def _is_output_error(e: OSError) -> bool:
    return e.errno in _OUTPUT_ERRNOS and e.filename is None


def _output_failed(e: OSError) -> NoReturn:
    """stdout cannot be written: a closed pipe ends quietly (141), anything else (a full disk)
    with one line (1)."""
    _discard_stdout()
    if e.errno == errno.EPIPE:
        sys.exit(EXIT_CLOSED_PIPE)
    _say(f"error: cannot write the output: {e.strerror or e}")
    sys.exit(EXIT_INVALID)


@contextmanager
def _conventions() -> Iterator[None]:
    """What every command does on Ctrl-C (130, "interrupted") and when its output cannot be
    written, around whatever runs inside."""
    try:
        yield
    except KeyboardInterrupt:
        _say(("\n" if is_terminal(sys.stderr) else "") + "error: interrupted")
        sys.exit(EXIT_INTERRUPTED)
    except OSError as e:
        if not _is_output_error(e):
            raise  # not the output's: a bug, shown as one
        _output_failed(e)


class _Sgs(_Lazy):
    """The top group: every usage error, of any subcommand, is shown as one line; so is a game
    that cannot be loaded (a broken plugin: exit 1). Ctrl-C, a closed pipe and an output that
    cannot be written end every command the same way (see the exit codes above); stdout is
    flushed before the process exits, so that its last piece fails here, not in the interpreter's
    shutdown with a traceback."""

    def main(self, *args: Any, **kwargs: Any) -> Any:
        try:
            with _conventions(), interrupts():
                return super().main(*args, **kwargs)
        finally:
            with _conventions():
                if sys.stdout is not None:  # None when started with stdout closed
                    sys.stdout.flush()

    def make_context(self, info_name: str | None, args: list[str],
                     parent: click.Context | None = None, **extra: Any) -> click.Context:
        from sgscore.core.registry import RegistrationError

        try:
            with _conventions():
                return super().make_context(info_name, args, parent, **extra)
        except click.exceptions.NoArgsIsHelpError:
            raise
        except click.UsageError as e:
            raise OneLineUsageError(e) from None
        except RegistrationError as e:
            fail(str(e))

    def invoke(self, ctx: click.Context) -> Any:
        from sgscore.core.registry import RegistrationError
        from sgscore.replay.errors import OutputError

        try:
            with _conventions():
                return super().invoke(ctx)
        except click.exceptions.NoArgsIsHelpError:
            raise  # `sgs replay` alone shows its help
        except click.UsageError as e:
            raise OneLineUsageError(e) from None
        except RegistrationError as e:
            fail(str(e))
        except OutputError as e:  # JSON met a value it cannot hold: a bug, told in one line
            fail(str(e))


@contextmanager
def _whole_words() -> Iterator[None]:
    """click's wrapping, keeping every word whole: a line breaks between words, never inside one
    (``lord=heuristic,...``) nor at a hyphen (``--three-player-drain``); a word longer than the
    line overflows it. Without click's private wrapper (another click), click's own wrapping."""
    try:
        from click import _textwrap
    except ImportError:  # pragma: no cover - another click
        yield
        return
    plain = _textwrap.TextWrapper

    class WholeWords(plain):  # type: ignore[misc, valid-type]
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, break_long_words=False, break_on_hyphens=False, **kwargs)

    _textwrap.TextWrapper = WholeWords  # type: ignore[misc]
    try:
        yield
    finally:
        _textwrap.TextWrapper = plain  # type: ignore[misc]


class HelpFormatter(click.HelpFormatter):
    """The help of every ``sgs`` command: click's layout, with :func:`_whole_words`."""

    def write_text(self, text: str) -> None:
        with _whole_words():
            super().write_text(text)

    def write_dl(self, rows: Any, col_max: int = 30, col_spacing: int = 2) -> None:
        with _whole_words():
            super().write_dl(rows, col_max, col_spacing)


click.Context.formatter_class = HelpFormatter  # every command's help (sgs is click's only user here)


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
    """Work with replay files: tell, check, step through, compare, re-record and export them.

    \b
    Examples:
      sgs replay show game.mp --as 2 --lang zh
      sgs replay validate game.mp
    """


if __name__ == "__main__":  # pragma: no cover
    main()
