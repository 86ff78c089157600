"""``sgs replay diff | resim | export``: compare two replays, re-record one with this engine,
export one as JSON. Thin commands over :mod:`sgscore.replay.tools` (``cli/main.py`` adds them to
the ``replay`` group)."""

from __future__ import annotations

import io
import os
import shutil
import tempfile
from typing import Any

import click

from sgscore.replay.errors import ReplayError, json_text
from sgscore.replay.render import render_events
from sgscore.replay.resim import spec_of
from sgscore.replay.scan import iter_numbered_events, scan_replay
from sgscore.replay.tools import diff_replays, resim_file, write_export
from sgscore.replay.writer import atomic_output

from .common import EXIT_INVALID, EXIT_OK, STDOUT, binary_stdout, echo_json, fail

__all__ = ["diff", "resim", "export"]


def _j(value: Any) -> str:
    """A value as JSON text, short: choices and summary entries as a JSON reader would see them."""
    text = json_text(value)
    return text if len(text) <= 200 else text[:197] + "..."


def _told_event(path: str, index: int) -> list[str]:
    """Event ``index`` of the replay at ``path`` as ``sgs replay show`` tells it: the teller has
    heard every event before it (the names of the seats, the round), so the lines are the
    account's, round and turn headers included. Nothing when the file cannot be told (the
    difference is then shown as JSON)."""
    try:
        scan = scan_replay(path, events=True)
        spec = spec_of(scan.header)
        teller = spec.teller(seat=None, lang="en")
        for i, (_, event) in enumerate(iter_numbered_events(path, scan)):
            lines = list(render_events(spec, [event], teller=teller))
            if i == index:
                return [x.strip() for x in lines if x.strip()]
    except Exception:  # the raw form is always there
        return []
    return []


def _told_decision(path: str, n: int) -> str | None:
    """Decision ``n`` of the replay at ``path`` in words, as ``sgs replay step`` says it (the
    question, then the answer); None when it cannot be told."""
    try:
        from sgscore.replay.step import Stepper

        stepper = Stepper(path)
        stepper.goto(n)
        moment = stepper.moment()
    except Exception:  # the raw form is always there
        return None
    if not moment.answer_text:
        return None
    return f"{moment.question}: {moment.answer_text}" if moment.question else moment.answer_text


def _sides(r: dict[str, Any]) -> list[str]:
    """The two sides of the first difference, each in words (as the account or ``sgs replay
    step`` says it), with their JSON form when the words do not tell them apart."""
    first = r["first_difference"]
    kind = first["kind"]
    sides = [(r["a"], first["a"]), (r["b"], first["b"])]
    told: list[str | None] = []
    for path, value in sides:
        if value is None:
            told.append(None)
        elif kind == "event":
            told.append("; ".join(_told_event(path, first["event"])) or None)
        elif kind in ("decision", "length"):
            told.append(_told_decision(path, first["decision"]))
        else:
            told.append(None)
    out = []
    for (path, value), words in zip(sides, told, strict=True):
        raw = _raw(kind, value)
        if words is None:
            out.append(f"  {path}: {raw}")
        elif told[0] == told[1]:
            out.append(f"  {path}: {words} ({raw})")
        else:
            out.append(f"  {path}: {words}")
    return out


def _raw(kind: str, value: Any) -> str:
    """One side of a difference as data: JSON, as a reader of the file would see it."""
    if value is None:
        return "(nothing: the game is over or the file stops here)" if kind != "event" \
            else "(no event here: the game asks for a decision)"
    if kind == "decision":
        return f"seat {value[0]} chose {_j(value[1])}"
    if kind == "length" and isinstance(value, list) and len(value) == 2:
        return f"seat {value[0]} decides {_j(value[1])}"  # the next decision
    return _j(value)


def _where(d: dict[str, Any]) -> str:
    kind = d["kind"]
    if kind == "decision":
        return f"decision {d['decision']}"
    if kind == "event":
        if d["decision"] < 0:
            return f"event {d['event']} (in the setup, before decision 0)"
        return f"event {d['event']} (after decision {d['decision']})"
    if kind == "summary":
        return f"the summary ({', '.join(d.get('keys') or [])})"
    return f"the end of one game (after {d['decision']} decisions)"


@click.command()
@click.argument("a", type=click.Path())
@click.argument("b", type=click.Path())
@click.option("--json", "as_json", is_flag=True, help="One JSON object: same, header, "
              "first_difference, decisions, events, notes, errors.")
def diff(a: str, b: str, as_json: bool) -> None:
    """Compare two replays: their headers, then their games, step by step in game order.

    Both files are re-simulated with this engine and checked as they go; the first point where
    the two games part is reported (a decision: its number and the record holding it in each
    file; an event: its index; the end of one game while the other goes on; or the summaries),
    then the differences of the headers, then each side in words: an event as `sgs replay show`
    tells it, a decision as `sgs replay step` asks and answers it (their JSON too when the
    words are the same). Exit 0 when the two hold the same game (same game, seed, config,
    decisions, events and summary; engine, rules hash, agents and the events setting are notes),
    1 when they differ or a file is invalid ("error: FILE: record N: reason").

    \b
    Examples:
      sgs replay diff bug.mp fixed.mp
      sgs replay diff game.mp game-compact.mp --json
    """
    result = diff_replays(a, b)
    for err in result.errors:
        click.echo(f"error: {err['file']}: record {err['record']}: "
                   f"{' '.join(str(err['reason']).split())}", err=True)
    if as_json:
        echo_json(result.to_json())
    elif not result.errors:
        _print_diff(result.to_json())
    raise SystemExit(EXIT_OK if result.same else EXIT_INVALID)


def _print_diff(r: dict[str, Any]) -> None:
    a, b = r["a"], r["b"]
    first = r["first_difference"]
    if r["same"]:
        click.echo(f"{a} and {b}: the same game ({r['decisions']} decisions, {r['events']} "
                   "events, the same summary)")
    elif first is None:
        click.echo(f"{a} and {b} differ: in the header")
    else:
        click.echo(f"{a} and {b} differ: first at {_where(first)}, "
                   f"record {first['record_a']} of {a}, record {first['record_b']} of {b}")
    _print_header(r)  # first: two games of different headers part because of them
    if first is not None and not r["same"]:
        for line in _sides(r):
            click.echo(line)
    for note in r["notes"]:
        click.echo(f"  note: {' '.join(str(note).split())}")


def _print_header(r: dict[str, Any]) -> None:
    for h in r["header"]:
        why = " (does not change the game)" if h["note"] else ""
        va, vb = h["a"], h["b"]
        if isinstance(va, dict) and isinstance(vb, dict):  # the config: only the entries that differ
            for key in sorted(set(va) | set(vb)):
                if key not in va or key not in vb or va[key] != vb[key]:
                    click.echo(f"  header: {h['field']}.{key}: {_j(va.get(key))} vs "
                               f"{_j(vb.get(key))}{why}")
            continue
        click.echo(f"  header: {h['field']}: {_j(va)} vs {_j(vb)}{why}")


def _not_a_folder(path: str) -> None:
    if os.path.isdir(path):
        raise click.BadParameter(f"{path} is a folder; -o names a file", param_hint="'--output'")


def _resim_to_stdout(file: str, events: bool | None) -> Any:
    """resim -o -: re-simulated into a file of its own, then copied to stdout whole (nothing
    is written when FILE does not hold)."""
    out = binary_stdout("the replay")
    with tempfile.TemporaryDirectory(prefix="sgs-resim-") as folder:
        path = os.path.join(folder, "replay.mp")
        res = resim_file(file, path, events)
        with open(path, "rb") as f:
            shutil.copyfileobj(f, out)
    out.flush()
    return res


@click.command()
@click.argument("file", type=click.Path())
@click.option("-o", "--output", "output", required=True, type=click.Path(),
              help="The replay to write (FILE itself is fine: it is replaced when whole; "
                   "'-': stdout).")
@click.option("--events/--no-events", default=None,
              help="Write events records, or not. Default: as FILE does.")
@click.option("--json", "as_json", is_flag=True, help="One JSON object: file, out, bytes, "
              "decisions, turns, events, error, summary, warnings.")
def resim(file: str, output: str, events: bool | None, as_json: bool) -> None:
    """Re-simulate FILE's decisions with this engine and write them as a new replay.

    The new replay has FILE's game, seed, config and agents, this engine's version and rules
    hash, and events as --events/--no-events say: to add events to a compact replay, drop them,
    or bring a replay to this engine. An engine error recorded in FILE is reproduced. Every
    record of FILE is checked on the way: where this engine parts from it (an illegal decision,
    a checkpoint or event that differs) nothing is written, and the command exits 1 with
    "error: FILE: record N: reason". A truncated FILE (a crash, or the output of `sgs replay
    shrink`) gives a replay truncated at the same decision.

    \b
    Examples:
      sgs replay resim game-compact.mp --events -o game.mp
      sgs replay resim old.mp -o old-now.mp && sgs replay diff old.mp old-now.mp
    """
    stdout = output == STDOUT
    if stdout and as_json:
        raise click.UsageError("-o - writes the replay to stdout, where --json would write too: "
                               "give -o FILE, or leave --json out")
    _not_a_folder(output)
    try:
        res = _resim_to_stdout(file, events) if stdout else resim_file(file, output, events)
    except ReplayError as e:
        fail(f"{file}: {e}")
    except OSError as e:
        if stdout and e.filename is None:
            raise  # stdout's own (a closed pipe): every command's conventions (cli/main.py)
        fail(f"{output}: cannot write ({e.strerror or e})")
    for w in res.warnings:
        click.echo(f"warning: {file}: {' '.join(w.split())}", err=True)
    if as_json:
        echo_json(res.to_json())
        return
    line = (f"{'stdout' if stdout else output}: {res.decisions} decisions, {res.turns} turns, "
            f"{'with' if res.events else 'without'} events, {res.bytes} bytes "
            f"(re-simulated from {file})")
    if res.error is not None:
        line += f"; engine error reproduced: {res.error['kind']}: {res.error['msg']}"
    if res.truncated:
        line += "; truncated where FILE is (no end record)"
    click.echo(" ".join(line.split()), err=stdout)


@click.command()
@click.argument("file", type=click.Path())
@click.option("--events", is_flag=True,
              help="Include the events (re-simulated when FILE has none).")
@click.option("-o", "--output", "output", default=None, type=click.Path(),
              help="Write the JSON to this file instead of stdout ('-': stdout).")
def export(file: str, events: bool, output: str | None) -> None:
    """The whole replay as one JSON object, for other tools (docs/replay-format.md,
    "JSON export"). Choices and events are JSON arrays; the config has its defaults filled in.

    The replay is re-simulated and every record checked, as `sgs replay validate` does: the
    decisions, events and summary are the re-simulated game's, and a replay that parts from it
    (a decision the game does not take, a record the engine does not write) exports nothing and
    exits 1 with "error: FILE: record N: reason".

    \b
    Example:
      sgs replay export game.mp --events -o game.json
    \b
    Output (one line; shown here folded):
      {"header": {"format": "sgscore-replay", "version": 1, "engine": "0.1.0",
                  "game": "sanguosha/identity", "rules": "ee02...", "rng": "pcg32-xsh-rr/v1",
                  "seed": 1, "config": {"players": 5, ...}, "agents": "random",
                  "events": false},
       "decisions": [[0, null], [1, [33, 2]], [2, [40]], ...],
       "events": [["setup", [5, ["", "", "", "", ""]], -1, null],
                  ["draw", [0, 4], 1, [4, 79, 23, 54]], ...],   (null without --events)
       "summary": {"winner": "lord", "reason": "rebels_and_renegades_dead", "turns": 21,
                   "decisions": 67, "hash": "2537...", ...},
       "error": null, "truncated": false, "warnings": []}
    """
    if output == STDOUT:
        output = None
    if output is not None:
        _not_a_folder(output)
    try:
        if output is None:
            out = _Stdout()
            warnings = write_export(file, out, events=events)
            out.flush()
        else:
            warnings = _export_to(file, output, events)
    except ReplayError as e:
        fail(f"{file}: {e}")
    for w in warnings:
        click.echo(f"warning: {file}: {' '.join(str(w).split())}", err=True)


class _Stdout:
    """``write`` to stdout through click, 64 KiB at a time (the JSON comes piece by piece)."""

    def __init__(self) -> None:
        self._parts: list[str] = []
        self._size = 0

    def write(self, text: str) -> None:
        self._parts.append(text)
        self._size += len(text)
        if self._size >= 1 << 16:
            self.flush()

    def flush(self) -> None:
        if self._parts:
            click.echo("".join(self._parts), nl=False)
            self._parts, self._size = [], 0


def _export_to(file: str, output: str, events: bool) -> list[str]:
    """Export into ``output``, written beside it and moved into place when whole."""
    try:
        with atomic_output(output) as raw, io.TextIOWrapper(raw, encoding="utf-8") as f:
            return write_export(file, f, events=events)
    except OSError as e:
        fail(f"{output}: cannot write ({e.strerror or e})")
