"""``sgs replay show`` and ``sgs replay validate``.

Writing the JSON Schemas and recording the golden replays again are a maintainer's jobs, kept out
of the user's way: ``python -m sgscore.replay.models`` and ``python -m sgscore.replay.golden``
(``docs/architecture.md``, "Maintainer commands")."""

from __future__ import annotations

import contextlib
import os
from collections.abc import Generator, Iterable, Iterator
from typing import Any

import click

from sgscore.core.spec import AnyGame, Teller
from sgscore.replay.errors import ReplayError, json_text
from sgscore.replay.render import (
    LANGS,
    SECRET_HEADER_KEYS,
    json_events,
    numbered_lines,
    render_events,
    render_header,
)
from sgscore.replay.resim import validate_file
from sgscore.replay.scan import ReplayScan, iter_numbered_events, scan_replay
from sgscore.replay.tools import header_json

from .common import EXIT_INVALID, EXIT_OK, echo_json, fail, game_of, progress, seats_of

__all__ = ["show", "validate"]


def _scan(path: str) -> tuple[ReplayScan, AnyGame, dict[str, Any] | None, int]:
    """Read a replay once through, then re-simulate it checking every record, keeping no
    record: (scan, spec, summary, players). Exits with a one-line error, before anything is
    printed, on a file that cannot be read; one that parts from re-simulation has its
    ``failure`` (the account tells the game up to it, then the error). Warnings are printed on
    one line each."""
    try:
        scan = scan_replay(path, partial=True)  # re-simulated: what it tells is the engine's
    except ReplayError as e:
        fail(f"{path}: {e}")
    spec = game_of(path, scan)
    for message in scan.warnings:
        _warn(path, message)
    summary = scan.summary
    if summary is not None and scan.error is not None:
        summary = dict(summary, error=f"{scan.error.kind}: {scan.error.msg}")
    return scan, spec, summary, seats_of(path, spec, scan.header)


def _json_text(value: Any) -> str:
    return json_text(value)


def _echo_lines(lines: Iterable[str], sep: str = "\n", chunk: int = 512) -> None:
    """Write ``lines`` as ``click.echo`` writes each (``sep`` a newline: one after each line;
    ``sep`` empty: nothing between them), a few hundred at a time: ``click.echo`` flushes at
    every call, which made the account of a long replay cost a system call per line."""
    batch: list[str] = []
    for line in lines:
        batch.append(line)
        if len(batch) >= chunk:
            click.echo(sep.join(batch), nl=bool(sep))
            batch.clear()
    if batch:
        click.echo(sep.join(batch), nl=bool(sep))


def _warn(path: str, message: str) -> None:
    click.echo(f"warning: {path}: {' '.join(message.split())}", err=True)


@click.command()
@click.argument("file", type=click.Path())
@click.option("--as", "seat", type=click.IntRange(0, 9), default=None, metavar="SEAT",
              help="Show only what this seat could see.")
@click.option("--lang", type=click.Choice(LANGS), default="en", show_default=True,
              help="Language of the account (card, general, phase and role names).")
@click.option("--json", "as_json", is_flag=True,
              help="The (redacted) events and the summary as one JSON object.")
@click.option("--numbers/--no-numbers", default=None,
              help="Number the lines by the decision that led to them (default: on, off with --as).")
def show(file: str, seat: int | None, lang: str, as_json: bool, numbers: bool | None) -> None:
    """Tell the story of a replay: rounds, turns, phases, who used what on whom, judgements,
    damage, deaths and the result.

    The replay is re-simulated and checked record by record, as `sgs replay validate` does, and
    the account is the re-simulation's: a replay that parts from it (a decision that is not
    legal, an events record, a checkpoint or an end record that is not what the engine gives) is
    told up to that record, then "error: FILE: record N: reason" (validate's words), exit 1. A
    file that cannot be read is refused before anything is printed. Each line is numbered by the
    decision that led to it ("#137": `sgs replay step FILE --at 137` shows the table before it
    and what was answered; decisions are numbered from 0). With --as, hidden parts (other seats'
    hands and roles), the seed and the numbers are left out (how many decisions other seats took
    tells whether they could answer; --numbers shows them anyway). With --json, each event is
    [kind, *args] plus its hidden part last when shown (docs/events.md), and "event_decisions"
    gives each event's decision number (-1: the setup; left out with --as), "invalid" the
    record where the replay parts from re-simulation ({record, reason}, or null). A game saved
    before its end (sgscore.replay.save_game) is told up to where it was saved, and its last
    line says so ("suspended": its decisions, in JSON).

    \b
    Examples:
      sgs replay show game.mp
      sgs replay show game.mp --as 2 --lang zh
      sgs replay show game.mp --as 0 --json
    """
    scan, spec, summary, players = _scan(file)
    if seat is not None and seat >= players:
        raise click.BadParameter(f"seat {seat} is not in this {players}-player game",
                                 param_hint="'--as'")
    header = header_json(scan.header)
    teller = spec.teller(seat=seat, lang=lang)
    numbered = seat is None if numbers is None else numbers
    try:
        if as_json:
            _show_json(file, scan, spec, header, seat, teller, summary, numbered)
            return
        click.echo(f"{os.path.basename(file)}: {render_header(spec, header, seat=seat, lang=lang)}")
        if scan.truncated:
            where = " ".join(str(scan.truncation or "the end record is missing").split())
            click.echo(f"warning: {file}: truncated: {where}; showing its first "
                       f"{scan.decisions} decisions", err=True)
        if numbered:
            width = len(str(max(scan.decisions - 1, 0))) + 1
            _echo_lines(numbered_lines(teller, iter_numbered_events(file, scan), width))
        else:
            _echo_lines(render_events(spec, (event for _, event in iter_numbered_events(file, scan)),
                                      teller=teller))
    except ReplayError as e:  # the file changed since it was scanned
        fail(f"{file}: {e}")
    if scan.failure is not None:  # the game as far as it holds, then why it stops
        fail(f"{file}: {scan.failure}")
    if scan.suspended is not None:
        click.echo(SUSPENDED[lang].format(n=scan.suspended))
        return
    for line in teller.summary_lines(teller.redact_summary(summary) if summary else None):
        click.echo(line)


SUSPENDED = {
    "en": "Saved after {n} decisions, before the game ended (sgs replay resume plays it on)",
    "zh": "对局于第{n}个决定后保存，尚未结束（sgs replay resume 可继续）",
}
"""``show``'s last line for a saved game, in place of the result."""


def _show_json(file: str, scan: ReplayScan, spec: AnyGame, header: dict[str, Any],
               seat: int | None, teller: Teller, summary: dict[str, Any] | None,
               numbered: bool) -> None:
    """``show --json``: one JSON object, written as its events are read."""
    head = {"file": file, "seat": seat,
            "header": {k: v for k, v in header.items() if seat is None or k not in SECRET_HEADER_KEYS},
            "truncated": scan.truncated, "suspended": scan.suspended}
    click.echo(_json_text(head)[:-1] + ',"events":[', nl=False)
    numbers: list[int] = []

    def items() -> Iterator[str]:
        first = True
        for n, event in iter_numbered_events(file, scan):
            for _ in render_events(spec, [event], teller=teller):
                pass  # the teller learns what the viewer saw (roles), for the summary
            for item in json_events([event], seat):
                yield ("" if first else ",") + _json_text(item)
                first = False
            numbers.append(n)

    _echo_lines(items(), sep="")
    tail: dict[str, Any] = {"summary": teller.redact_summary(summary) if summary else None}
    if numbered:
        tail["event_decisions"] = numbers
    failure = scan.failure
    tail["invalid"] = None if failure is None else failure.to_json()
    click.echo("]," + _json_text(tail)[1:])
    if failure is not None:
        fail(f"{file}: {failure}")


@click.command()
@click.argument("files", nargs=-1, required=True, type=click.Path())
@click.option("--json", "as_json", is_flag=True, help="One JSON object per file, one per line.")
@click.option("--workers", "-j", default="1", show_default=True, metavar="N|auto",
              help="Check on N processes ('auto': one per CPU); the same lines, in the same "
                   "order.")
def validate(files: tuple[str, ...], as_json: bool, workers: str) -> None:
    """Check replay files: each decision legal, hashes and events as recorded, the summary right.

    A folder stands for the replays in it: every *.mp file, in name order (not its other files,
    such as the results table of sgs sim -n, nor its subfolders); a file named on the command
    line is checked whatever its name. Prints one line per replay, "FILE: valid, ..." or "FILE:
    invalid: record N: reason", and exits 0 if every replay is valid, 1 if any is not (a
    missing or unreadable file, a file that is not a replay, or a folder without replays is
    invalid at record 0; the others are still checked). Files are checked one at a time and
    nothing is kept between them, so memory stays flat however many there are. --workers N
    checks them on N processes at once: the lines are the same, in the same order. JSON keys:
    file, valid, decisions, turns, bytes, error ({record, reason} or null), warnings,
    truncated, suspended (the decisions of a game saved before its end, valid as a game so
    far: "FILE: valid, suspended ..."; null otherwise), summary (the end record's, or null).

    \b
    Examples:
      sgs replay validate game.mp
      sgs replay validate replays/ --json
      sgs replay validate big/ --workers auto
    """
    from sgscore.study import resolve_workers

    try:
        n_workers = resolve_workers(workers)
    except ValueError:
        raise click.BadParameter(f"expected a positive number or 'auto', got {workers!r}",
                                 param_hint="'--workers'") from None
    code = EXIT_OK
    paths = list(_replays(files))
    with progress(len(paths), "validating", show=not as_json) as bar, \
            contextlib.closing(_verdicts(paths, n_workers)) as verdicts:
        for (path, _), result in zip(paths, verdicts, strict=True):
            if not result["valid"]:
                code = EXIT_INVALID
            if as_json:
                echo_json(result)
            else:
                bar.line(_verdict_line(path, result))
            bar.advance()
    raise SystemExit(code)


def _verdicts(paths: list[tuple[str, bool]],
              workers: int) -> Generator[dict[str, Any], None, None]:
    """The verdict on each of ``paths`` (:func:`_replays`), in their order: checked here, or by
    ``workers`` processes a chunk of files at a time (stopped when this is closed: Ctrl-C, a
    closed pipe)."""
    if workers <= 1 or len(paths) <= 1:
        for path, empty in paths:
            yield _verdict(path, empty)
        return
    from sgscore.study import _chunks, _local_map

    chunks = [(c,) for c in _chunks(paths, workers, most=16)]
    with contextlib.closing(_local_map(_verdict_chunk, chunks, workers)) as done:
        for chunk in done:
            yield from chunk


def _verdict_chunk(paths: list[tuple[str, bool]]) -> list[dict[str, Any]]:
    """What a worker process does: the verdicts on a chunk of files."""
    return [_verdict(path, empty) for path, empty in paths]


def _verdict(path: str, empty: bool) -> dict[str, Any]:
    if empty:
        return _invalid(path, 0, "a folder without replays (no *.mp file in it)")
    return _validate_one(path)


def _replays(files: tuple[str, ...]) -> Iterator[tuple[str, bool]]:
    """(path, False) for each file to check: a folder's *.mp files in name order, each other
    path as given; (folder, True) for a folder without any."""
    for path in files:
        if not os.path.isdir(path):
            yield path, False
            continue
        try:
            with os.scandir(path) as entries:
                names = sorted(e.name for e in entries
                               if e.name.endswith(".mp") and not e.name.startswith(".")
                               and e.is_file())
        except OSError:
            yield path, False  # unreadable: said so by the check itself
            continue
        if not names:
            yield path, True
        for name in names:
            yield os.path.join(path, name), False


def _verdict_line(path: str, result: dict[str, Any]) -> str:
    if result["valid"]:
        saved = ("suspended (a game saved before its end), "
                 if result.get("suspended") is not None else "")
        line = (f"{path}: valid, {saved}{result['decisions']} decisions, {result['turns']} "
                f"turns, {result['bytes']} bytes")
        for w in result.get("warnings") or ():
            line += f" (warning: {' '.join(str(w).split())})"
        return line
    err = result["error"] or {}
    reason = " ".join(str(err.get("reason", "")).split())
    line = f"{path}: invalid: record {err.get('record', 0)}: {reason}"
    for w in result.get("warnings") or ():  # recorded under other rules: why the games part
        line += f" (warning: {' '.join(str(w).split())})"
    return line


def _validate_one(path: str) -> dict[str, Any]:
    try:
        data: dict[str, Any] = validate_file(path).to_json()
    except ReplayError as e:
        data = _invalid(path, getattr(e, "record", 0), getattr(e, "reason", str(e)))
    except OSError as e:
        data = _invalid(path, 0, f"cannot read ({e.strerror or e})")
    return data


def _invalid(path: str, record: int, reason: str) -> dict[str, Any]:
    return {"file": path, "valid": False, "decisions": 0, "turns": 0, "bytes": 0,
            "error": {"record": record, "reason": reason}, "warnings": [], "truncated": False,
            "suspended": None, "summary": None}
