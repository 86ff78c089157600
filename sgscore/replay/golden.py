"""Golden replays: seeded games kept in ``fixtures/`` that the tests re-simulate event by event.

``fixtures/manifest.json`` lists each golden game (name, game id, config, seed). The tests
validate every one (each decision legal, every checkpoint, events record and the end summary
equal). When the rules are meant to behave differently, the game's rules version is changed and
``python -m sgscore.replay.golden fixtures`` records them again; the summaries written beside
them (``<name>.summary.json``: winner, turns, decisions, final hash) show the change in review.
It is a maintainer's command, not one of ``sgs`` (``docs/architecture.md``, "Maintainer
commands").

:func:`rebaseline` refuses to record a golden game again when its replay no longer re-simulates
but the game's rules version is the one it was recorded under: behaviour changed without the
version that tells old replays apart.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ..core.games import get_game
from ..core.spec import AnyGame
from .errors import ReplayError
from .reader import read_replay
from .resim import ValidationResult, validate_file
from .writer import record_game

__all__ = [
    "load_manifest", "rebaseline", "check_fixtures", "RebaselineError", "DEFAULT_GAME", "main",
]

MANIFEST = "manifest.json"
DEFAULT_GAME = "sanguosha/identity"
"""The game of a manifest entry that names none."""


class RebaselineError(ValueError):
    """A golden game cannot be recorded again (its game is unknown, or its behaviour changed
    without a new rules version)."""


def load_manifest(folder: str | Path) -> list[dict[str, Any]]:
    """The golden games of ``folder``: dicts with ``name``, ``config``, ``seed`` and ``game``."""
    data = json.loads((Path(folder) / MANIFEST).read_text(encoding="utf-8"))
    games = data["games"]
    if not isinstance(games, list):
        raise ValueError(f"{MANIFEST}: 'games' must be a list")
    return [{"game": DEFAULT_GAME, **g} for g in games]


def _spec(entry: dict[str, Any]) -> AnyGame:
    spec = get_game(str(entry["game"]))
    if spec is None:
        raise RebaselineError(f"{entry['name']}: unknown game {entry['game']!r}")
    return spec


def _check_version(path: Path, spec: AnyGame) -> None:
    """Refuse when ``path`` no longer re-simulates under the rules version it names."""
    if not path.exists():
        return
    result = validate_file(path)
    if result.valid:
        return
    try:
        replay = read_replay(path)
    except ReplayError:
        return  # an unreadable file: record it afresh
    if replay.truncated:
        return  # a file cut short is broken, not evidence of a change of behaviour
    if replay.header.rules == spec.rules:
        err = result.error or {}
        raise RebaselineError(
            f"{path.name}: the rules behave differently now (record {err.get('record')}: "
            f"{err.get('reason')}), but the rules version is still {spec.rules_version!r}: "
            f"change {type(spec).__module__}'s rules version, then rebaseline")


def rebaseline(folder: str | Path) -> list[Path]:
    """Record every golden game of ``folder`` again (with events); returns the files written.
    Checks every game before writing any (:class:`RebaselineError`)."""
    root = Path(folder)
    entries = load_manifest(root)
    for entry in entries:
        _check_version(root / f"{entry['name']}.mp", _spec(entry))
    written = []
    for entry in entries:
        spec = _spec(entry)
        path = root / f"{entry['name']}.mp"
        config = spec.config_from_dict(spec.full_config(entry["config"]))
        result = record_game(config, int(entry["seed"]), path, overwrite=True)
        summary = {k: result.summary[k] for k in ("winner", "reason", "turns", "decisions", "hash")}
        (root / f"{entry['name']}.summary.json").write_text(
            json.dumps(summary, indent=2, sort_keys=True) + "\n", encoding="utf-8"
        )
        written.append(path)
    return written


def check_fixtures(folder: str | Path) -> list[tuple[str, ValidationResult]]:
    """Validate every golden game of ``folder`` (in manifest order)."""
    root = Path(folder)
    return [
        (entry["name"], validate_file(root / f"{entry['name']}.mp"))
        for entry in load_manifest(root)
    ]


# ---------------------------------------------------------------- python -m sgscore.replay.golden
def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m sgscore.replay.golden",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description="Record the golden replays listed in FOLDER/manifest.json again, when a\n"
                    "rules change is intended, or only validate them. Prints the files\n"
                    "written, or one line per game with --check.",
        epilog="example:\n"
               "  python -m sgscore.replay.golden fixtures && git diff fixtures/*.summary.json")
    p.add_argument("folder", nargs="?", default="fixtures", metavar="FOLDER",
                   help="the folder of the golden replays (default: fixtures)")
    p.add_argument("--check", action="store_true",
                   help="only validate them; write nothing (exit 1 if one is invalid)")
    return p


def _fail(message: str) -> int:
    print(f"error: {' '.join(message.split())}", file=sys.stderr)
    return 1


def _verdict(name: str, result: ValidationResult) -> str:
    if result.valid:
        return f"{name}: valid, {result.decisions} decisions, {result.turns} turns"
    err = result.error or {}
    reason = " ".join(str(err.get("reason", "")).split())
    return f"{name}: invalid: record {err.get('record', 0)}: {reason}"


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m sgscore.replay.golden [FOLDER] [--check]``; returns the exit code: 0, or 1
    with one line on stderr (a manifest that cannot be read, a change of behaviour under the
    same rules version, a folder that cannot be written), or with ``--check`` when a golden
    replay is invalid."""
    args = _parser().parse_args(argv)
    folder: str = args.folder
    try:
        manifest = load_manifest(folder)
    except (OSError, ValueError, KeyError, TypeError) as e:
        return _fail(f"{folder}: cannot read the manifest ({e})")
    if args.check:
        bad = 0
        for name, result in check_fixtures(folder):
            print(_verdict(name, result))
            bad += not result.valid
        return 1 if bad else 0
    if not manifest:
        return _fail(f"{folder}: the manifest lists no games")
    try:
        written = rebaseline(folder)
    except RebaselineError as e:
        return _fail(f"{folder}: {e}")
    except OSError as e:  # a read-only folder, a full disk
        return _fail(f"{folder}: cannot write the golden replays: {e.strerror or e}"
                     + (f" ({e.filename})" if e.filename else ""))
    for path in written:
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
