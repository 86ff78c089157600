"""``sgs replay html``: a replay as one HTML page to open in a browser or attach to a report."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator

import click

from sgscore.replay.errors import ReplayError
from sgscore.replay.render import LANGS
from sgscore.replay.writer import atomic_output

from .common import STDOUT, fail, seats_of

__all__ = ["html"]


@click.command()
@click.argument("file", type=click.Path())
@click.option("-o", "--output", "output", default=None, type=click.Path(),
              help="The page to write (with --json: the JSON); stdout without -o or with "
                   "'-o -'.")
@click.option("--as", "seat", type=click.IntRange(0, 9), default=None, metavar="SEAT",
              help="Only what this seat could see, stopping only at its own decisions.")
@click.option("--lang", type=click.Choice(LANGS), default="en", show_default=True,
              help="Language of the page, its names and its events.")
@click.option("--json", "as_json", is_flag=True,
              help="Write the page's data model as JSON instead (for other frontends).")
def html(file: str, output: str | None, seat: int | None, lang: str, as_json: bool) -> None:
    """Write a replay as one self-contained HTML page: the table, the log of the turn, and
    stepping by decision, by turn, to a death or to the end, with keyboard shortcuts.

    The page needs no network and no installation: open it in a browser, or attach it to a bug
    report or a post. Its decision numbers are those of `sgs replay show` ("#N") and `sgs replay
    step --at N`; the address game.html#N opens at decision N (#end, #turn12 too). With --as
    SEAT it holds only what that seat could see: other seats' hands and roles are hidden, it
    stops only at the seat's own decisions and the end, and it has no decision numbers (#N is
    then the seat's own decision N), as `sgs replay step --as SEAT`. A truncated replay is shown
    as far as it goes, and the page says where it stops. The replay is checked as it is
    re-simulated: one that parts from it (a record the engine does not write) makes no page,
    "error: FILE: record N: reason" and exit 1.

    --json writes the data model instead: the moments of `sgs replay step --json`, each with
    the table in words ("table": columns, seats, piles), for other frontends.

    \b
    Examples:
      sgs replay html game.mp -o game.html
      sgs replay html game.mp -o p2.html --as 2 --lang zh
      sgs replay html game.mp --json -o game.json
      sgs replay html game.mp > game.html
    """
    from sgscore.replay.step import Stepper
    from sgscore.replay.viewer import html_page, viewer_json

    if output == STDOUT:
        output = None
    if output is not None and os.path.isdir(output):
        raise click.BadParameter(f"{output} is a folder; -o names a file", param_hint="'--output'")
    try:
        st = Stepper(file)
    except ReplayError as e:
        fail(f"{file}: {e}")
    players = seats_of(file, st.spec, st.header)
    if seat is not None and seat >= players:
        raise click.BadParameter(f"seat {seat} is not in this {players}-player game",
                                 param_hint="'--as'")
    try:
        if as_json:  # written moment by moment: memory holds one moment's data
            _write_json(output, viewer_json(st, seat=seat, lang=lang))
        else:
            text = html_page(st, seat=seat, lang=lang)  # moment by moment: memory holds the page
    except ReplayError as e:
        fail(f"{file}: {e}")
    except ValueError as e:  # more decisions than a page is made of
        fail(f"{file}: {e}")
    for message in st.warnings:
        click.echo(f"warning: {file}: {' '.join(message.split())}", err=True)
    if as_json:
        return
    if output is None:
        click.echo(text)
        return
    size = _write(output, text)
    what = (f"{st.decisions} decisions" if seat is None
            else f"as seat {seat}, {len(st.stops(seat)) - 1} of its decisions")
    st.goto(st.decisions)
    line = f"{output}: {what}, {st.game.turn_no} turns, {size} bytes"
    if st.truncated:
        line += "; the replay is truncated: the page shows it as far as it goes"
    click.echo(line)


def _write_json(output: str | None, pieces: Iterator[str]) -> None:
    """Write the JSON ``pieces`` to ``output`` (whole or not at all) or to stdout (without -o;
    kept in a temporary file until all are made, so that a replay that does not hold prints
    nothing, and memory holds none of them), with a newline after them. One line and exit 1
    when it cannot be written (the pieces' own errors, a replay that does not
    hold, propagate)."""
    if output is None:
        with tempfile.TemporaryFile("w+", encoding="utf-8") as spool:
            for piece in pieces:
                spool.write(piece)
            spool.seek(0)
            while chunk := spool.read(1 << 16):
                click.echo(chunk, nl=False)
        click.echo()
        return
    try:
        with atomic_output(output) as f:
            for piece in pieces:
                f.write(piece.encode("utf-8"))
            f.write(b"\n")
    except OSError as e:
        fail(f"{output}: cannot write ({e.strerror or e})")


def _write(output: str, text: str) -> int:
    """Write ``text`` beside ``output`` and move it into place when whole (readable as a file
    the user made: the umask's permissions); its size in bytes. One line and exit 1 when it
    cannot be written."""
    raw = text.encode("utf-8")
    try:
        with atomic_output(output) as f:
            f.write(raw)
    except OSError as e:
        fail(f"{output}: cannot write ({e.strerror or e})")
    return len(raw)
