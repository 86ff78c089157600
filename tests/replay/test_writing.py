"""Writing replays to files: atomic (a replay appears whole or not at all), never over an existing
replay unless asked, and two writers never mix their records (the fuzzing campaign's class 4:
concurrent ``sgs sim -n`` into one folder left files silently invalid)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from sgscore.replay import ReplayWriter, make_header, record_game, validate_file
from sgscore.sanguosha.config import Config


def test_an_existing_replay_is_refused_unless_asked(tmp_path: Path) -> None:
    path = tmp_path / "game.mp"
    first = record_game(Config(players=4, generals=None), 1, path)
    before = path.read_bytes()
    with pytest.raises(FileExistsError):
        record_game(Config(players=5, generals=None), 2, path)
    assert path.read_bytes() == before and len(before) == first.bytes
    record_game(Config(players=5, generals=None), 2, path, overwrite=True)
    assert path.read_bytes() != before and validate_file(path).valid
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.mp"]  # no partial file left


def test_a_replay_appears_only_when_whole(tmp_path: Path) -> None:
    path = tmp_path / "live.mp"
    config = Config(players=4, generals=None)
    w = ReplayWriter(path, make_header(config, 1, "random"), True)
    assert not path.exists()  # written beside it meanwhile
    partial = [p for p in tmp_path.iterdir() if p.name.endswith(".partial")]
    assert len(partial) == 1 and partial[0].name.startswith(".live.mp.")
    w.close()
    assert path.exists() and not any(p.name.endswith(".partial") for p in tmp_path.iterdir())


def test_a_replay_that_appears_meanwhile_is_not_replaced(tmp_path: Path) -> None:
    path = tmp_path / "race.mp"
    config = Config(players=4, generals=None)
    w = ReplayWriter(path, make_header(config, 1, "random"), False)
    path.write_bytes(b"another writer's replay")
    with pytest.raises(FileExistsError):
        w.close()
    assert path.read_bytes() == b"another writer's replay"
    assert [p.name for p in tmp_path.iterdir()] == ["race.mp"]


def _sim(folder: Path, players: int) -> subprocess.Popen[str]:
    code = "import sys; from cli.main import main; sys.argv[0] = 'sgs'; main()"
    args = ["sim", "--players", str(players), "--generals", "random", "-n", "12", "--seed", "1",
            "--no-events", "-o", str(folder)]
    return subprocess.Popen([sys.executable, "-c", code, *args], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)


def test_two_runs_into_one_folder_never_leave_an_invalid_replay(tmp_path: Path) -> None:
    folder = tmp_path / "runs"
    runs = [_sim(folder, 4), _sim(folder, 6), _sim(folder, 8)]
    outcomes = [(p.wait(timeout=120), *p.communicate()) for p in runs]
    refused = 0
    for code, out, err in outcomes:
        assert "Traceback" not in out + err
        if code != 0:  # a run that met another's replay says so and stops
            assert code == 1 and "a replay is there already (--force replaces it)" in err, err
            refused += 1
    files = sorted(f for f in os.listdir(folder) if not f.startswith("results."))
    assert not [f for f in files if f.endswith(".partial")]
    assert refused == 2 and files == sorted(f"game-{s}.mp" for s in range(1, 13))
    for name in files:
        result = validate_file(folder / name)
        assert result.valid, (name, result.error)
