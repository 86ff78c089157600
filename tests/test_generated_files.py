"""The generated files are written again by one command each, the command that the test finding
them stale names: the tables of docs/events.md and docs/api.md (``sgs kinds --update``, checked
by tests/test_docs_coverage.py), of docs/dice.md (``sgs kinds --game sanguozhi/dice --update``,
tests/dice/test_dice_registry.py), the games' view and request schemas (``python -m
sgscore.schemas --out schemas``, tests/test_view_schemas.py) and the replay format's (``python -m
sgscore.replay.models --out schemas``, tests/replay/test_schema.py). Each command, run on a stale
copy or into an empty folder, gives back the committed files byte for byte, so content that
changes them (a new event or request kind) is one command away from a green suite."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from cli.main import main
from sgscore.replay.catalog import BLOCK

ROOT = Path(__file__).resolve().parent.parent
DOCS, SCHEMAS = ROOT / "docs", ROOT / "schemas"
WRITERS = ("sgscore.schemas", "sgscore.replay.models")


@pytest.mark.parametrize(("docs", "game"), [(("events.md", "api.md"), []),
                                            (("dice.md",), ["--game", "sanguozhi/dice"])],
                         ids=["identity", "dice"])
def test_the_tables_of_the_docs_come_back_with_sgs_kinds_update(
    docs: tuple[str, ...], game: list[str], tmp_path: Path,
) -> None:
    update: list[str] = []
    for doc in docs:
        committed = (DOCS / doc).read_text(encoding="utf-8")
        emptied = BLOCK.sub(lambda m: m.group(1) + m.group(5), committed)  # every table gone
        assert emptied != committed, f"docs/{doc} has no generated block"
        (tmp_path / doc).write_text(emptied, encoding="utf-8")
        update += ["--update", str(tmp_path / doc)]
    r = CliRunner().invoke(main, ["kinds", *game, *update], prog_name="sgs")
    assert r.exit_code == 0, r.output
    for doc in docs:
        assert (tmp_path / doc).read_bytes() == (DOCS / doc).read_bytes(), doc


@pytest.mark.parametrize("module", WRITERS)
def test_the_schemas_come_back_with_their_command(module: str, tmp_path: Path) -> None:
    run = subprocess.run([sys.executable, "-m", module, "--out", str(tmp_path)],
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    written = [Path(line) for line in run.stdout.split()]
    assert written and sorted(written) == sorted(tmp_path.iterdir())
    for path in written:
        assert path.read_bytes() == (SCHEMAS / path.name).read_bytes(), path.name


def test_every_schema_file_is_written_by_one_of_the_commands(tmp_path: Path) -> None:
    names: list[str] = []
    for module in WRITERS:
        out = tmp_path / module
        subprocess.run([sys.executable, "-m", module, "--out", str(out)], check=True,
                       capture_output=True)
        names += [p.name for p in out.iterdir()]
    assert sorted(names) == sorted(p.name for p in SCHEMAS.iterdir())
