"""What every ``sgs`` command shares: exit codes, one-line errors, JSON output, progress."""

from __future__ import annotations

import signal
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, NoReturn

import click

if TYPE_CHECKING:
    from sgscore.core.spec import AnyGame
    from sgscore.replay.reader import Replay
    from sgscore.replay.records import Header
    from sgscore.replay.scan import ReplayScan

__all__ = [
    "EXIT_OK", "EXIT_INVALID", "EXIT_USAGE", "EXIT_INTERRUPTED", "EXIT_CLOSED_PIPE", "fail",
    "echo_json", "Progress", "progress", "OneLineUsageError", "read_or_fail", "game_of",
    "is_terminal", "interrupts", "check_interrupted", "STDOUT", "binary_stdout", "outcome_words",
]

EXIT_OK = 0
EXIT_INVALID = 1  # a replay is invalid or differs, or the input cannot be read
EXIT_USAGE = 2  # click's own code for usage errors
EXIT_INTERRUPTED = 130  # 128 + SIGINT: what a shell reports of a command stopped by Ctrl-C
EXIT_CLOSED_PIPE = 141  # 128 + SIGPIPE: the reader of the output went away (cli/main.py)


def fail(message: str, code: int = EXIT_INVALID) -> NoReturn:
    """Print ``error: message`` on one line to stderr and exit with ``code``."""
    click.echo(f"error: {' '.join(message.split())}", err=True)
    sys.exit(code)


class OneLineUsageError(click.ClickException):
    """A click usage error shown as one line, ``error: COMMAND: reason (see 'COMMAND --help')``,
    with click's usage exit code (2)."""

    exit_code = EXIT_USAGE

    def __init__(self, err: click.UsageError) -> None:
        super().__init__(err.format_message())
        ctx = err.ctx
        self.command = ctx.command_path if ctx is not None else "sgs"

    def show(self, file: Any = None) -> None:
        reason = " ".join(self.format_message().split()).rstrip(".")
        click.echo(f"error: {self.command}: {reason} (see '{self.command} --help')",
                   file=file, err=file is None)


def echo_json(obj: Any) -> None:
    """One JSON object on one line (non-ASCII kept readable; strict: a value JSON cannot hold is
    an ``OutputError``, one line from ``sgs``)."""
    from sgscore.replay.errors import json_text

    click.echo(json_text(obj))


class Progress:
    """A progress bar on stderr, drawn only when stderr is a terminal (where it is drawn: stdout
    may go to a file or a pipe meanwhile). ``line`` prints a line on stdout above the bar
    without tearing it."""

    FLUSH_SECONDS = 0.5
    """How often the lines are written when stdout is not a terminal (a file, a pipe): a study
    prints a line a game, thousands a second, and a write a line would cost a system call each.
    The lines held meanwhile are written by :meth:`close` (the ``progress`` context's end, even
    on an error)."""

    def __init__(self, total: int, label: str, enabled: bool) -> None:
        self._bar: Any = None
        if enabled:
            self._bar = click.progressbar(length=total, label=label, file=sys.stderr)
            self._bar.__enter__()
        self._live = is_terminal(sys.stdout)  # a terminal sees each line as it is printed
        self._flushed = time.monotonic()
        self._held: list[str] = []  # lines not written yet (stdout not a terminal)

    def line(self, text: str) -> None:
        if self._bar is not None:
            sys.stderr.write("\r\x1b[K")
            sys.stderr.flush()
        if self._live:
            click.echo(text)
            return
        # held and written together: one write however stdout is buffered (PYTHONUNBUFFERED
        # would make two a line)
        self._held.append(text)
        now = time.monotonic()
        if now - self._flushed >= self.FLUSH_SECONDS:
            self._write()
            self._flushed = now

    def _write(self) -> None:
        if self._held:
            sys.stdout.write("\n".join(self._held) + "\n")
            self._held.clear()
        sys.stdout.flush()

    def advance(self, n: int = 1) -> None:
        check_interrupted()  # every long loop advances one: a Ctrl-C is never lost
        if self._bar is not None:
            self._bar.update(n)

    def close(self) -> None:
        if self._bar is not None:
            self._bar.__exit__(None, None, None)
            self._bar = None
        if not self._live:
            self._write()


_interrupted = [False]


def _on_sigint(signum: int, frame: Any) -> None:
    _interrupted[0] = True
    raise KeyboardInterrupt


@contextmanager
def interrupts() -> Iterator[None]:
    """Ctrl-C raises ``KeyboardInterrupt`` as usual, and is also remembered, so that one raised
    where Python cannot raise it (in a finalizer: a ``__del__``, a generator being collected)
    still stops the command at its next :func:`check_interrupted`, without Python's "Exception
    ignored in ..." on stderr. SIGINT left ignored (a background job) stays ignored; the previous
    handler and unraisable hook are put back after."""
    _interrupted[0] = False
    previous = signal.getsignal(signal.SIGINT)
    hook = sys.unraisablehook

    def unraisable(info: Any) -> None:  # a Ctrl-C Python cannot raise: remembered, not printed
        if isinstance(info.exc_value, KeyboardInterrupt):
            _interrupted[0] = True
        else:
            hook(info)

    sys.unraisablehook = unraisable
    try:
        if previous is signal.default_int_handler:
            signal.signal(signal.SIGINT, _on_sigint)
        yield
    finally:
        sys.unraisablehook = hook
        if previous is signal.default_int_handler:
            signal.signal(signal.SIGINT, previous)


def check_interrupted() -> None:
    """Raise ``KeyboardInterrupt`` if Ctrl-C came since the command started."""
    if _interrupted[0]:
        raise KeyboardInterrupt


STDOUT = "-"
"""``-o -``: the output goes to stdout, for every command whose ``-o`` names one file (a command
whose ``-o`` names a folder refuses it)."""


def binary_stdout(what: str) -> Any:
    """stdout for ``what`` (a replay: bytes), after what was written there as text; a usage error
    when stdout is a terminal, which bytes would only garble."""
    if is_terminal(sys.stdout):
        raise click.UsageError(f"-o - writes {what} to stdout, which is a terminal: redirect it "
                               "(> FILE or | COMMAND), or give -o FILE")
    text: Any = sys.stdout
    text.flush()  # what went there as text first
    return text.buffer


def is_terminal(stream: Any) -> bool:
    """Whether ``stream`` is a terminal (False for a closed or replaced stream)."""
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):
        return False


@contextmanager
def progress(total: int, label: str, *, show: bool = True) -> Iterator[Progress]:
    """A :class:`Progress` that draws only when ``show`` and stderr is a terminal."""
    bar = Progress(total, label, show and total > 1 and is_terminal(sys.stderr))
    try:
        yield bar
    finally:
        bar.close()


def outcome_words(spec: AnyGame, summary: dict[str, Any], lang: str = "en") -> str:
    """How a game ended, in the words of the game's account (``sgs replay show``'s result line:
    ``the rebels win (the lord died)``), for every line that says a result; its codes when the
    game's teller says none (``rebel wins (lord_died)``). JSON keeps the codes."""
    teller = spec.teller(seat=None, lang=lang)
    say = getattr(teller, "outcome", None)
    if callable(say):
        return str(say(summary))
    winner, reason = summary.get("winner"), summary.get("reason")
    said = "draw" if winner is None else f"{winner} wins"
    return f"{said} ({reason})" if reason else said


def read_or_fail(path: str) -> Replay:
    """Read a replay; exit with a one-line error on bad input."""
    from sgscore.replay.errors import ReplayError
    from sgscore.replay.reader import read_replay

    try:
        return read_replay(path)
    except ReplayError as e:
        fail(f"{path}: {e}")
    except OSError as e:  # the reader turns these into ReplayError; a race can still raise
        fail(f"{path}: record 0: cannot read ({e.strerror or e})")


def game_of(path: str, rp: Replay | ReplayScan) -> AnyGame:
    """The installed game of a replay; exit with a one-line error when there is none."""
    from sgscore.replay.errors import ReplayError
    from sgscore.replay.resim import spec_of

    try:
        return spec_of(rp.header)
    except ReplayError as e:
        fail(f"{path}: {e}")


def seats_of(path: str, spec: AnyGame, header: Header) -> int:
    """The seats of a replay's game; exit with a one-line error (record 0) when the header's
    config is not one of the game's, before any ``--as SEAT`` is checked against it."""
    from sgscore.core.spec import ConfigError
    from sgscore.replay.errors import ReplayError
    from sgscore.replay.tools import header_json

    config = header_json(header)["config"]
    try:
        spec.config_from_dict(config)
    except (ConfigError, ValueError, TypeError) as e:
        fail(f"{path}: {ReplayError(0, f'config: {e}')}")
    return spec.seats(config)
