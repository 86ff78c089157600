"""Golden replays: seeded games kept in ``fixtures/`` that the tests re-simulate event by event.

``fixtures/manifest.json`` lists each golden game (name, config, seed). The tests validate every
one (each decision legal, every checkpoint, events record and the end summary equal). When a rules
change is intended, ``sgs replay rebaseline fixtures`` records them again; the summaries written
beside them (``<name>.summary.json``: winner, turns, decisions, final hash) show the change in
review.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ..sanguosha.config import Config
from .resim import ValidationResult, validate_file
from .writer import record_game

__all__ = ["load_manifest", "rebaseline", "check_fixtures"]

MANIFEST = "manifest.json"


def load_manifest(folder: str | Path) -> list[dict[str, Any]]:
    """The golden games of ``folder``: dicts with ``name``, ``config`` and ``seed``."""
    data = json.loads((Path(folder) / MANIFEST).read_text(encoding="utf-8"))
    games = data["games"]
    if not isinstance(games, list):
        raise ValueError(f"{MANIFEST}: 'games' must be a list")
    return games


def rebaseline(folder: str | Path) -> list[Path]:
    """Record every golden game of ``folder`` again (with events); returns the files written."""
    root = Path(folder)
    written = []
    for entry in load_manifest(root):
        path = root / f"{entry['name']}.mp"
        result = record_game(Config.from_dict(entry["config"]), int(entry["seed"]), path)
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
