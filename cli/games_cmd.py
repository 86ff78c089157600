"""``sgs games`` and ``sgs kinds``: the installed games, and each game's event and request kinds."""

from __future__ import annotations

import click

from sgscore.core.games import game_ids, get_game
from sgscore.core.spec import AnyGame
from sgscore.replay.catalog import event_rows, event_table, request_rows, request_table
from sgscore.replay.catalog import update_blocks as update_doc_blocks

from .common import EXIT_INVALID, EXIT_OK, echo_json, fail

__all__ = ["games", "kinds"]


def _spec(game: str) -> AnyGame:
    spec = get_game(game)
    if spec is None:
        raise click.BadParameter(f"unknown game {game!r} (installed: {', '.join(game_ids())})",
                                 param_hint="'--game'")
    return spec


@click.command()
@click.option("--json", "as_json", is_flag=True, help="One JSON object per game.")
def games(as_json: bool) -> None:
    """List the installed games: id, name, engine and rules versions, and their sim options.

    Games come with sgscore or from other packages (the 'sgscore.games' entry-point group).

    \b
    Example:
      sgs games
    """
    for gid in game_ids():
        spec = _spec(gid)
        if as_json:
            echo_json({"id": spec.id, "title": dict(spec.title), "engine": spec.engine_version,
                       "rules_version": spec.rules_version, "rules": spec.rules,
                       "options": [o.flags[0] for o in spec.options]})
            continue
        click.echo(f"{spec.id}: {spec.title.get('en', spec.id)} ({spec.title.get('zh', '')}), "
                   f"engine {spec.engine_version}, rules version {spec.rules_version}")
        click.echo(f"  sgs sim --game {spec.id} " + " ".join(
            f"[{o.flags[0]}{'' if o.kind == 'flag' else ' ' + (o.metavar or o.kind.upper())}]"
            for o in spec.options))


@click.command()
@click.option("--game", "game", default="sanguosha/identity", show_default=True, metavar="ID",
              help="The game whose kinds to list.")
@click.option("--json", "as_json", is_flag=True,
              help="One JSON object: events and requests, a row each.")
@click.option("--update", "update", multiple=True, type=click.Path(exists=True, dir_okay=False),
              help="Rewrite the generated blocks of this doc (repeatable) instead of printing.")
@click.option("--check", is_flag=True, help="With --update: write nothing, exit 1 if stale.")
def kinds(game: str, as_json: bool, update: tuple[str, ...], check: bool) -> None:
    """List a game's event kinds and request kinds, with what each means (markdown tables).

    The tables are generated from the kinds' declarations; docs/events.md and docs/api.md hold
    them in blocks that --update rewrites.

    \b
    Examples:
      sgs kinds --game sanguosha/identity
      sgs kinds --update docs/events.md --update docs/api.md
    """
    if update:
        specs = {gid: _spec(gid) for gid in game_ids()}
        stale = []
        for path in update:
            try:
                if update_doc_blocks(path, specs, write=not check):
                    stale.append(path)
            except KeyError as e:
                fail(f"{path}: a generated block names a game that is not installed: {e}")
            except OSError as e:
                fail(f"{path}: cannot rewrite ({e.strerror or e})")
        for path in stale:
            click.echo(f"{path}: {'stale' if check else 'updated'}")
        raise SystemExit(EXIT_INVALID if check and stale else EXIT_OK)
    spec = _spec(game)
    if as_json:
        echo_json({"game": spec.id, "events": event_rows(spec), "requests": request_rows(spec)})
        return
    click.echo(f"# Events of {spec.id}\n")
    click.echo(event_table(spec))
    click.echo(f"# Requests of {spec.id}\n")
    click.echo(request_table(spec))
