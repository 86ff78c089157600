"""The JSON Schemas of every installed game's views and pending requests, and their writer.

A game offers them through its spec (:meth:`~sgscore.core.spec.GameSpec.view_schema` and
:meth:`~sgscore.core.spec.GameSpec.request_schema`; a game that offers none is skipped). The
committed files are in ``schemas/``, named after the game id with ``/`` as ``-``
(``sanguosha-identity.view.schema.json``); ``docs/views.md`` says what they describe, and a test
fails when they are stale. A maintainer rewrites them with::

    python -m sgscore.schemas --out schemas/

Importing this module loads no game and no pydantic: the games' model modules are loaded only
when their schemas are made.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from .core.games import game_ids, get_game

__all__ = ["SCHEMA_BASE", "schema_name", "json_schemas", "schema_text", "write_schemas", "main"]

SCHEMA_BASE = "https://sgscore.invalid/schemas/"
"""The base of every schema's ``$id`` (the replay format's schemas share it)."""


def schema_name(game: str, what: str) -> str:
    """The file name of a game's schema: ``schema_name("sanguosha/identity", "view")`` is
    ``"sanguosha-identity.view.schema.json"``."""
    return f"{game.replace('/', '-')}.{what}.schema.json"


def json_schemas(games: Sequence[str] | None = None) -> dict[str, dict[str, Any]]:
    """The view and request schemas of ``games`` (default: every installed game), by file name,
    each with its ``$id``; in the order of the games, the view before the request."""
    out: dict[str, dict[str, Any]] = {}
    for gid in game_ids() if games is None else games:
        spec = get_game(gid)
        if spec is None:
            raise ValueError(f"no game {gid!r} is installed (games: {', '.join(game_ids())})")
        for what, schema in (("view", spec.view_schema()), ("request", spec.request_schema())):
            if schema is not None:
                name = schema_name(gid, what)
                out[name] = {**schema, "$id": SCHEMA_BASE + name}
    return out


def schema_text(schema: dict[str, Any]) -> str:
    """The committed text of a schema: sorted keys, two-space indent, a final newline."""
    return json.dumps(schema, indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def write_schemas(folder: str | Path, games: Sequence[str] | None = None) -> list[Path]:
    """Write :func:`json_schemas` into ``folder`` (made if missing); returns the paths written."""
    root = Path(folder)
    root.mkdir(parents=True, exist_ok=True)
    paths = []
    for name, schema in json_schemas(games).items():
        path = root / name
        path.write_text(schema_text(schema), encoding="utf-8")
        paths.append(path)
    return paths


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m sgscore.schemas --out FOLDER [--game ID ...]``: write the schemas and print
    their paths; exit 1 with one line when a game is unknown or the folder cannot be written."""
    parser = argparse.ArgumentParser(
        prog="python -m sgscore.schemas", formatter_class=argparse.RawDescriptionHelpFormatter,
        description="Write the JSON Schema files of every installed game's views and pending\n"
                    "requests, generated from the games' models (docs/views.md; the committed\n"
                    "ones are in schemas/).",
        epilog="example:\n  python -m sgscore.schemas --out schemas/ && git diff schemas/")
    parser.add_argument("--out", required=True, metavar="FOLDER",
                        help="the folder to write them into (made if missing)")
    parser.add_argument("--game", action="append", metavar="ID",
                        help="only this game (repeatable; default: every installed game)")
    args = parser.parse_args(argv)
    try:
        written = write_schemas(args.out, args.game)
    except ValueError as e:
        print(f"error: {e}", file=sys.stderr)
        return 1
    except OSError as e:
        print(f"error: {args.out}: cannot write ({e.strerror or e})", file=sys.stderr)
        return 1
    for path in written:
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
