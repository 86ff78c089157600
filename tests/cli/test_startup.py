"""``sgs`` starts fast: ``--version`` and ``--help`` load only click, and reading a replay loads
neither pydantic nor the writer (issue "instant start-up"; the times are in ``sgs bench``)."""

from __future__ import annotations

import subprocess
import sys

import click

from cli.main import COMMANDS, REPLAY_COMMANDS, load


def _modules_after(code: str) -> set[str]:
    out = subprocess.run([sys.executable, "-c", code + "\nimport sys\nprint(' '.join(sys.modules))"],
                         capture_output=True, text=True, check=True).stdout
    return set(out.split())


def test_version_and_help_import_no_game_and_no_pydantic() -> None:
    loaded = _modules_after("import cli.main")
    assert "click" in loaded
    heavy = {m for m in loaded if m.startswith(("pydantic", "sgscore.sanguosha", "sgscore.replay",
                                                 "msgpack", "cli.sim_cmd", "cli.replay_cmd"))}
    assert not heavy, heavy


def test_reading_and_stepping_a_replay_import_no_pydantic() -> None:
    loaded = _modules_after("import cli.step_cmd, cli.replay_cmd, sgscore.replay.resim")
    assert not {m for m in loaded if m.startswith("pydantic")}
    assert "sgscore.replay.models" not in loaded


def test_the_lazy_tables_say_what_each_command_says() -> None:
    for table in (COMMANDS, REPLAY_COMMANDS):
        for name, (target, short) in table.items():
            command = load(target)
            assert isinstance(command, click.Command)
            assert command.name == name
            assert command.get_short_help_str(limit=len(short)) == short, name


def test_version_says_which_core_runs() -> None:
    from sgscore import __version__, _accel

    code = "import sys, cli.main; sys.argv = ['sgs', '--version']; cli.main.main()"
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert run.returncode == 0
    assert run.stdout == f"sgs {__version__}, {_accel.describe()}\n"
