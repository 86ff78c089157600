"""What every ``sgs`` command does the same way (cli/main.py): a progress bar only where it is
drawn, an output that cannot be written (one line, exit 1), a closed pipe (quiet, exit 141),
Ctrl-C (exit 130, "interrupted"), the replay commands all in ``sgs replay --help``, no maintainer
commands in the user's CLI, and shell completion."""

from __future__ import annotations

import io
import os
import re
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import IO

import pytest

import cli.replay_cmd
from cli.common import EXIT_CLOSED_PIPE, EXIT_INTERRUPTED, Progress, progress
from cli.main import REPLAY_COMMANDS

from sgs_cli import run

ROOT = Path(__file__).resolve().parent.parent.parent
FIXTURES = ROOT / "fixtures"
SMALL = str(FIXTURES / "p4-beginner.mp")
LONG = str(FIXTURES / "p10-generals.mp")
SGS = shutil.which("sgs", path=os.path.dirname(sys.executable))


def _sgs(*args: str, stdout: IO[str] | int = subprocess.PIPE,
         env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """``sgs ARGS`` in a process of its own (its real stdout, exit code and signals)."""
    assert SGS is not None, "sgs is installed beside this Python"
    return subprocess.run([SGS, *args], stdout=stdout, stderr=subprocess.PIPE, text=True,
                          cwd=ROOT, timeout=120, env=env)


# ---------------------------------------------------------------- progress
class _Stream(io.StringIO):
    def __init__(self, tty: bool) -> None:
        super().__init__()
        self.tty = tty

    def isatty(self) -> bool:
        return self.tty


@pytest.mark.parametrize(("stdout_tty", "stderr_tty", "drawn"), [
    (False, True, True),    # sgs sim -n 50 -o out/ > log: the bar is still seen
    (True, False, False),   # 2> log: no bar written into the log
    (False, False, False),
    (True, True, True),
])
def test_the_progress_bar_is_drawn_when_stderr_is_a_terminal(
        monkeypatch: pytest.MonkeyPatch, stdout_tty: bool, stderr_tty: bool, drawn: bool) -> None:
    out, err = _Stream(stdout_tty), _Stream(stderr_tty)
    monkeypatch.setattr(sys, "stdout", out)
    monkeypatch.setattr(sys, "stderr", err)
    with progress(3, "checking") as bar:
        bar.line("one line of output")
        bar.advance()
    assert out.getvalue() == "one line of output\n"
    assert ("checking" in err.getvalue()) is drawn
    assert bool(err.getvalue()) is drawn


class _Writes(_Stream):
    """A stream that counts its writes (each one a system call when Python's output is
    unbuffered: ``PYTHONUNBUFFERED``)."""

    def __init__(self) -> None:
        super().__init__(tty=False)
        self.writes = 0

    def write(self, text: str) -> int:
        self.writes += 1
        return super().write(text)


def test_lines_to_a_file_are_written_together_and_none_is_lost(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # A study prints a line a game, thousands a second: to a file or a pipe they are held and
    # written together (Progress.FLUSH_SECONDS apart), all of them by the end, even when the
    # command stops on an error.
    out = _Writes()
    monkeypatch.setattr(sys, "stdout", out)
    monkeypatch.setattr(sys, "stderr", _Stream(False))
    monkeypatch.setattr(Progress, "FLUSH_SECONDS", 3600.0)  # however slow the machine is now
    with pytest.raises(RuntimeError), progress(500, "x") as bar:
        for i in range(500):
            bar.line(f"game {i}")
            bar.advance()
        raise RuntimeError("a game's error after the lines")
    assert out.getvalue() == "".join(f"game {i}\n" for i in range(500))
    assert out.writes == 1  # not one a line, nor two


# ---------------------------------------------------------------- output that cannot be written
WRITERS = [
    ["replay", "show", SMALL],
    ["replay", "show", SMALL, "--json"],
    ["replay", "validate", SMALL],
    ["replay", "export", SMALL],
    ["replay", "step", SMALL, "--at", "0", "--count", "2"],
    ["replay", "diff", SMALL, SMALL],
    ["info", "caocao"],
    ["games"],
    ["--help"],
    ["--version"],
]


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="/dev/full is Linux's")
@pytest.mark.parametrize("args", WRITERS, ids=lambda a: " ".join(a[:2]))
def test_a_full_disk_is_one_line_and_exit_1(args: list[str]) -> None:
    with open("/dev/full", "w") as full:
        done = _sgs(*args, stdout=full)
    assert (done.returncode, done.stderr) == (
        1, "error: cannot write the output: No space left on device\n")


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="/dev/full is Linux's")
def test_sim_on_a_full_disk_says_so_too(tmp_path: Path) -> None:
    with open("/dev/full", "w") as full:
        done = _sgs("sim", "--players", "4", "--beginner", "-o", str(tmp_path / "g.mp"),
                    stdout=full)
    assert (done.returncode, done.stderr) == (
        1, "error: cannot write the output: No space left on device\n")
    assert (tmp_path / "g.mp").exists()  # the replay was written; only the line was not


def test_a_closed_pipe_ends_quietly_with_141() -> None:
    # sgs replay step LONG --count 211 | head -1: far more than a pipe holds
    assert SGS is not None
    with subprocess.Popen([SGS, "replay", "step", LONG, "--at", "0", "--count", "211"],
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT) as p:
        assert p.stdout is not None and p.stderr is not None
        first = p.stdout.readline()
        p.stdout.close()
        err = p.stderr.read()
        code = p.wait(timeout=120)
    assert first.strip()  # head -1 had its line
    assert (code, err) == (EXIT_CLOSED_PIPE, b"")


# ---------------------------------------------------------------- Ctrl-C
def test_ctrl_c_exits_130_with_one_line(tmp_path: Path) -> None:
    assert SGS is not None
    out = tmp_path / "many"
    with subprocess.Popen(
        [SGS, "sim", "-n", "100000", "--players", "4", "--beginner", "--no-events", "-o",
         str(out)],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, cwd=ROOT,
        # a shell starts background jobs with SIGINT ignored; a terminal's Ctrl-C is not
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
        env={**os.environ, "PYTHONFAULTHANDLER": "1"},  # SIGABRT below: where it stood
    ) as p:
        # Guards against a hang only, far above what a loaded machine takes: nothing is timed.
        deadline = time.monotonic() + 600
        while not (out.is_dir() and len(os.listdir(out)) >= 2):
            assert p.poll() is None and time.monotonic() < deadline, "sim did not start"
            time.sleep(0.05)
        p.send_signal(signal.SIGINT)
        try:
            _, err = p.communicate(timeout=300)
        except subprocess.TimeoutExpired:  # still running: its stacks, for the failure
            p.send_signal(signal.SIGABRT)
            _, err = p.communicate(timeout=60)
            pytest.fail(f"sgs sim went on 300 s after SIGINT; its stacks:\n{err}")
    assert (p.returncode, err) == (EXIT_INTERRUPTED, "error: interrupted\n")


def test_a_ctrl_c_that_python_swallows_still_stops_the_command() -> None:
    # A KeyboardInterrupt raised inside a finalizer (a __del__, a generator being collected) is
    # "ignored" by Python; the command must still stop at its next step, not run on.
    script = """
import os, signal, sys
from cli.common import interrupts, progress

class Finalized:
    def __del__(self):
        os.kill(os.getpid(), signal.SIGINT)  # Ctrl-C lands while this finalizer runs

try:
    with interrupts(), progress(1000, "x", show=False) as bar:
        for i in range(1000):
            Finalized()  # collected at once: the KeyboardInterrupt is swallowed
            bar.advance()
    print("ran on")
except KeyboardInterrupt:
    print("stopped at", i)
"""
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         cwd=ROOT, timeout=60,
                         # as from a terminal: a job a shell starts in the background (a CI
                         # script under nohup) inherits SIGINT ignored, which stays ignored
                         preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    assert out.stdout.strip() == "stopped at 0"  # the loop stopped at its next step
    assert out.stderr == ""  # without Python's "Exception ignored in ..." traceback


def test_ctrl_c_anywhere_in_a_command_is_the_same(monkeypatch: pytest.MonkeyPatch) -> None:
    def interrupted(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(cli.replay_cmd, "validate_file", interrupted)
    assert run("replay", "validate", SMALL) == (EXIT_INTERRUPTED, "", "error: interrupted\n")


# ---------------------------------------------------------------- the commands listed
def _commands_in_help(text: str) -> dict[str, str]:
    """The "Commands:" section of a help text: each name and its short help, unwrapped."""
    section = text.split("\nCommands:\n", 1)[1]
    out: dict[str, str] = {}
    name = ""
    for line in section.splitlines():
        entry = re.match(r"  (\S+)\s+(.*)", line)
        if entry:
            name = entry.group(1)
            out[name] = entry.group(2)
        elif line.strip():
            out[name] += " " + line.strip()
    return out


def test_replay_help_lists_every_replay_command_with_its_short_help() -> None:
    done = _sgs("replay", "--help", env={**os.environ, "COLUMNS": "80"})
    assert done.returncode == 0
    listed = _commands_in_help(done.stdout)
    assert listed == {name: short for name, (_, short) in REPLAY_COMMANDS.items()}


def test_the_maintainer_commands_are_not_in_the_users_cli() -> None:
    assert not {"rebaseline", "schema"} & set(REPLAY_COMMANDS)
    code, _, err = run("replay", "rebaseline")
    assert code == 2 and "No such command 'rebaseline'" in err


# ---------------------------------------------------------------- completion
@pytest.mark.parametrize(("shell", "marker"), [
    ("bash", "complete -o nosort -F _sgs_completion sgs"),
    ("zsh", "#compdef sgs"),
    ("fish", "complete --no-files --command sgs"),
])
def test_shell_completion_prints_a_script(shell: str, marker: str) -> None:
    done = _sgs(env={**os.environ, "_SGS_COMPLETE": f"{shell}_source"})
    assert done.returncode == 0 and marker in done.stdout and done.stderr == ""


def test_completion_completes_the_lazy_replay_commands() -> None:
    env = {**os.environ, "_SGS_COMPLETE": "bash_complete", "COMP_WORDS": "sgs replay s",
           "COMP_CWORD": "2"}
    done = _sgs(env=env)
    assert done.stdout.split() == [f"plain,{n}" for n in sorted(REPLAY_COMMANDS) if n[0] == "s"]
