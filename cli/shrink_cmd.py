"""``sgs replay shrink``: delta-debug a replay that shows a bug down to a small one that still
does, for a bug report. A thin command over :mod:`sgscore.replay.shrink`; the bug is whatever a
command says it is (exit 0 = still there), as with ``git bisect run`` (``cli/main.py`` adds the
command to the ``replay`` group)."""

from __future__ import annotations

import contextlib
import os
import shlex
import shutil
import signal
import subprocess
import tempfile
from collections.abc import Callable
from typing import Any

import click

from sgscore.replay.errors import ReplayError
from sgscore.replay.shrink import (
    DEFAULT_MAX_TESTS,
    NothingToShrink,
    ShrinkResult,
    ShrinkStep,
    shrink_replay,
)

from .common import STDOUT, binary_stdout, fail

__all__ = ["shrink"]


class _CannotRun(Exception):
    """CMD could not be started."""


class _Until:
    """Runs CMD with a candidate's path appended: it holds when CMD exits 0 within the timeout.
    CMD runs in a session of its own, its input and output closed, so that a run that times out
    is ended with everything it started."""

    def __init__(self, argv: list[str], timeout: float) -> None:
        self.argv = argv
        self.timeout = timeout
        self.timeouts = 0
        self.last = ""  # how the last run ended, in words

    def __call__(self, path: str) -> bool:
        try:
            proc = subprocess.Popen([*self.argv, path], stdin=subprocess.DEVNULL,
                                    stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                    start_new_session=True)
        except OSError as e:
            raise _CannotRun(e.strerror or str(e)) from None
        try:
            code = proc.wait(timeout=self.timeout)
        except subprocess.TimeoutExpired:
            self.timeouts += 1
            self.last = f"did not exit within --timeout {self.timeout:g} s"
            return False
        finally:
            if proc.poll() is None:  # timed out, or interrupted: end it and what it started
                with contextlib.suppress(ProcessLookupError, PermissionError):
                    os.killpg(proc.pid, signal.SIGKILL)
                proc.wait()
        self.last = f"exits {code}" if code >= 0 else f"was killed by signal {-code}"
        return code == 0


def _argv(until: str) -> list[str]:
    """CMD split as a shell would (without running one); a usage error when it is empty or
    unbalanced, an error when its program is not found."""
    try:
        argv = shlex.split(until)
    except ValueError as e:
        raise click.BadParameter(f"cannot split {until!r}: {e}", param_hint="'--until'") from None
    if not argv:
        raise click.BadParameter("CMD is empty", param_hint="'--until'")
    if shutil.which(argv[0]) is None:
        fail(f"--until: {argv[0]}: command not found (or not executable)")
    return argv


def _step_line(step: ShrinkStep) -> str:
    if step.move == "cut":
        what = f"cut the last {step.size} decisions"
    elif step.size == 1:
        what = f"decision {step.at} made simpler"
    else:
        what = f"decisions {step.at}-{step.at + step.size - 1} made simpler"
    return f"shrink: {what}: {step.decisions} decisions (test {step.tests})"


def _shrink_to_stdout(file: str, test: _Until, out: Any, max_tests: int,
                      progress: Callable[[ShrinkStep], None]) -> ShrinkResult:
    """shrink -o -: shrunk into a file of its own, then copied to stdout whole."""
    with tempfile.TemporaryDirectory(prefix="sgs-shrink-") as folder:
        target = os.path.join(folder, "small.mp")
        res = shrink_replay(file, test, target, max_tests=max_tests, on_progress=progress)
        with open(target, "rb") as f:
            shutil.copyfileobj(f, out)
    out.flush()
    return res


@click.command()
@click.argument("file", type=click.Path())
@click.option("-o", "--output", "output", required=True, type=click.Path(),
              help="The replay to write (replaced if it exists; FILE itself is fine; '-': "
                   "stdout).")
@click.option("--until", "until", required=True, metavar="CMD",
              help="The test: CMD with the candidate's path appended exits 0 while the bug "
                   "shows (split as a shell would; no shell runs it).")
@click.option("--max-tests", "max_tests", type=click.IntRange(min=1), default=DEFAULT_MAX_TESTS,
              show_default=True, metavar="N", help="Run CMD at most N times.")
@click.option("--timeout", "timeout", type=click.FloatRange(min=0, min_open=True), default=60.0,
              show_default=True, metavar="SECONDS",
              help="A run of CMD that takes longer is ended and counts as 'the bug is gone'.")
@click.option("--scenario", "scenario", default=None, type=click.Path(), metavar="TEST.py",
              help="Also write the shrunk replay's last decision as a scenario test, the head of "
                   "the game cut away (as sgs replay scenario OUT --at LAST writes it).")
def shrink(file: str, output: str, until: str, max_tests: int, timeout: float,
           scenario: str | None) -> None:
    """Shrink a replay to a minimal one for which CMD still exits 0.

    CMD is the test, as with git bisect run: it is run with a candidate replay's path appended
    and exits 0 while the candidate still shows the bug. FILE itself must pass it (else there
    is nothing to shrink: exit 1). The search cuts the tail (the shortest prefix of decisions
    that passes, by bisection), then makes decisions simpler (pass, decline, the empty subset,
    the first legal choice), chunks of decisions first, then single ones, until no move passes
    or CMD has run --max-tests times. The result keeps FILE's game, seed and config, and an
    engine error that it reproduces; when its decisions end before the game does, it is a
    truncated replay (no end record). docs/bug-reports.md walks through an example.

    With --scenario TEST.py, the head goes too: the shrunk replay's last decision (where the bug
    shows) is written as a scenario test that sets up the table of the last play-phase question
    before it and plays only the few decisions since (docs/bug-reports.md "A position as a
    test"); a game that has no such table (a dice or 3v3 game, a bug in the draft) gets a note
    instead, and the replay stands.

    Progress goes to stderr, one line per move that passed; stdout gets one line, "OUT: N
    decisions (from M), T tests". Errors are one line, "error: FILE: reason", exit 1.

    \b
    Examples:
      sgs replay shrink bug.mp -o small.mp --until "python has_bug.py"
      sgs replay shrink crash.mp -o small.mp --until ./still_crashes.sh --max-tests 300
      sgs replay shrink bug.mp -o small.mp --until "python has_bug.py" --scenario test_bug.py
    """
    argv = _argv(until)
    stdout = output == STDOUT
    if scenario is not None and stdout:
        raise click.BadParameter("--scenario reads the shrunk replay: write it to a file, not "
                                 "stdout", param_hint="'--output'")
    if os.path.isdir(output):
        raise click.BadParameter(f"{output} is a folder; -o names a file", param_hint="'--output'")
    folder = os.path.dirname(os.path.abspath(output))
    if not stdout and not os.path.isdir(folder):
        fail(f"{output}: cannot write: there is no folder {folder}")
    out = binary_stdout("the replay") if stdout else None
    test = _Until(argv, timeout)

    def progress(step: ShrinkStep) -> None:
        click.echo(_step_line(step), err=True)

    try:
        if out is None:
            res = shrink_replay(file, test, output, max_tests=max_tests, on_progress=progress)
        else:
            res = _shrink_to_stdout(file, test, out, max_tests, progress)
            output = "stdout"
    except ReplayError as e:
        fail(f"{file}: {e}")
    except NothingToShrink:
        fail(f"{file}: {shlex.join(argv)} {test.last} on this replay (as this engine records "
             "it), so there is nothing to shrink: CMD must exit 0 for a replay that shows the bug")
    except _CannotRun as e:
        fail(f"--until: {argv[0]}: cannot run it ({e})")
    except OSError as e:
        if stdout and e.filename is None:
            raise  # stdout's own (a closed pipe): every command's conventions (cli/main.py)
        fail(f"{output}: cannot write ({e.strerror or e})")
    _notes(file, output, res, test, max_tests)
    click.echo(f"{output}: {res.after} decisions (from {res.before}), {res.tests} tests",
               err=stdout)
    if scenario is not None:
        _write_scenario(output, res.after, scenario)


def _notes(file: str, output: str, res: ShrinkResult, test: _Until, max_tests: int) -> None:
    """What the result keeps and how the search ended, on stderr."""
    for w in res.warnings:
        click.echo(f"warning: {file}: {' '.join(w.split())}", err=True)
    if res.error is not None:
        click.echo(f"note: {output} keeps the engine error {res.error['kind']}: "
                   f"{' '.join(str(res.error['msg']).split())}", err=True)
    elif res.truncated:
        click.echo(f"note: {output} stops before the game ends (a truncated replay: no end "
                   "record)", err=True)
    if test.timeouts:
        click.echo(f"note: {test.timeouts} runs of CMD timed out and counted as failing",
                   err=True)
    if res.exhausted:
        click.echo(f"note: stopped after --max-tests {max_tests} runs; a smaller replay may "
                   "pass too", err=True)


def _write_scenario(replay: str, decisions: int, path: str) -> None:
    """The shrunk replay's last decision as a scenario test at ``path``, or a note why not."""
    from .scenario_cmd import scenario_source

    at = max(decisions - 1, 0)
    try:
        source = scenario_source(replay, at, f"test_decision_{at}")
    except (ValueError, IndexError) as e:
        click.echo(f"note: no scenario test: {' '.join(str(e).split())}", err=True)
        return
    try:
        with open(path, "w", encoding="utf-8") as out:
            out.write(source)
    except OSError as e:
        fail(f"{path}: cannot write ({e.strerror or e})")
    click.echo(f"{path}: decision {at} of {replay} as a scenario test")
