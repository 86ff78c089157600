"""Running ``sgs`` in-process for the CLI tests (one helper, shared by every test module here)."""

from __future__ import annotations

from click.testing import CliRunner

from cli.main import main

BEGINNER = ["--players", "4", "--beginner"]


def run(*args: str, input: str | None = None) -> tuple[int, str, str]:
    """``sgs ARGS``: exit code, stdout, stderr; an unexpected exception propagates."""
    r = CliRunner().invoke(main, list(args), prog_name="sgs", input=input)
    if r.exception is not None and not isinstance(r.exception, SystemExit):
        raise r.exception
    return r.exit_code, r.stdout, r.stderr
