"""Studies and statistics name no game: ``sgscore.study``, ``sgscore.stats``, ``sgscore.plots``
and ``sgs stats`` import no game package (they know games through ``GameSpec``), and ``sgs
sim -n`` draws its progress on stderr when stderr is a terminal."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from click.testing import CliRunner

import cli.common
from cli.main import main

ROOT = Path(__file__).resolve().parent.parent.parent
GAMES = ("sgscore.sanguosha", "sgscore.dice")


@pytest.mark.parametrize("path", ["sgscore/study.py", "sgscore/stats.py", "sgscore/plots.py",
                                  "cli/stats_cmd.py", "cli/sim_cmd.py"])
def test_studies_import_no_game(path: str) -> None:
    tree = ast.parse((ROOT / path).read_text(encoding="utf-8"))
    names = [a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names]
    names += [n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)]
    assert not [m for m in names if m.startswith(GAMES) or m.lstrip(".").startswith(
        ("sanguosha", "dice"))]


def test_progress_is_drawn_on_stderr(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cli.common, "is_terminal", lambda stream: True)
    r = CliRunner().invoke(main, ["sim", "-p", "4", "--beginner", "-n", "5", "--no-events",
                                  "-o", str(tmp_path), "--workers", "2"], prog_name="sgs")
    assert r.exit_code == 0
    assert r.stderr.startswith("simulating")
    assert "simulating" not in r.stdout and len(r.stdout.splitlines()) == 5
