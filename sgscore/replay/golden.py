"""Golden replays: seeded games kept in ``fixtures/`` that the tests re-simulate event by event.

``fixtures/manifest.json`` lists each golden game (name, game id, config, seed). The tests
validate every one (each decision legal, every checkpoint, events record and the end summary
equal). When the rules are meant to behave differently, the game's rules version is changed and
``sgs replay rebaseline fixtures`` records them again; the summaries written beside them
(``<name>.summary.json``: winner, turns, decisions, final hash) show the change in review.

:func:`rebaseline` refuses to record a golden game again when its replay no longer re-simulates
but the game's rules version is the one it was recorded under: behaviour changed without the
version that tells old replays apart.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ..core.games import get_game
from ..core.spec import AnyGame
from .errors import ReplayError
from .reader import read_replay
from .resim import ValidationResult, validate_file
from .writer import record_game

__all__ = ["load_manifest", "rebaseline", "check_fixtures", "RebaselineError", "DEFAULT_GAME"]

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
