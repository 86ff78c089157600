"""``sgs serve``: tables people play in a browser, every game written as a replay as it goes."""

from __future__ import annotations

import click

from .common import fail

__all__ = ["serve"]


@click.command()
@click.option("--host", default="127.0.0.1", show_default=True,
              help="The address to listen on (the default is this machine only; 0.0.0.0 opens "
                   "the server to the network).")
@click.option("--port", type=click.IntRange(0, 65535), default=8000, show_default=True,
              help="The port to listen on (0: any free one; the address is printed).")
@click.option("--folder", "-d", default="tables", show_default=True,
              type=click.Path(file_okay=False),
              help="Where the tables live: ID.mp, each game's replay as it goes, and ID.json, "
                   "its seats and their tokens. Served again, the unfinished tables play on.")
def serve(host: str, port: int, folder: str) -> None:
    """Serve tables that people play in a browser, each game a replay.

    Open the printed address: create a table (its game, its options, which seats are people and
    which agents play the others) and get one link per person's seat; the link carries the
    seat's secret token and opens that seat's table: its view, its questions, its answers. A
    table's address without a token shows what everyone sees. Every table's replay is written
    to FOLDER as the game goes and downloads from its page once the game is over (it opens in
    `sgs replay html`). Ctrl-C saves the unfinished tables; `sgs serve` on the same folder plays
    them on. Needs the serve extra: pip install 'sgscore[serve]'.

    \b
    Examples:
      sgs serve
      sgs serve --port 8080 --folder ~/sgs-tables
    """
    try:
        from sgscore.serve.server import run
    except ImportError as e:  # the websockets library: the serve extra
        fail(f"sgs serve needs the serve extra (pip install 'sgscore[serve]'): {e}")
    try:
        run(folder, host, port, ready=lambda url: click.echo(
            f"sgs serve: tables in {folder}, open {url} (Ctrl-C stops and saves them)", err=True))
    except OSError as e:
        fail(f"cannot serve on {host}:{port}: {e.strerror or e}")
