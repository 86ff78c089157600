"""The README's two set-up commands are the first thing a user runs: keep them true."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _commands() -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    return re.findall(r"```sh\n(.+?)\n```", text, flags=re.S)[:2]


def test_readme_opens_with_the_two_commands() -> None:
    main, tests = _commands()
    assert "sgs sim" in main and "-o game.mp" in main and "sgs replay show game.mp" in main
    assert "pytest" in tests
    head = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()[:15]
    assert any(main in line for line in head), "the main command must be near the top"


def test_ci_runs_the_readme_test_command_verbatim() -> None:
    _, tests = _commands()
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert tests in ci, ".ci/run must run the README's test command exactly as written"
