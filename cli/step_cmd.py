"""``sgs replay step``: the table before a decision, what was asked and answered, and onwards."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from typing import Any

import click

from sgscore.core.spec import Teller
from sgscore.replay.errors import ReplayError
from sgscore.replay.render import LANGS, jsonable
from sgscore.replay.step import Moment, Stepper

from .common import echo_json, fail, seats_of

__all__ = ["step"]

HELP_LINE = ("Enter or n: next decision, t: next turn, b: previous decision, "
             "a number: that decision, q: quit")


def _text(st: Stepper, m: Moment, teller: Teller) -> list[str]:
    s = m.state
    if m.at_end:
        title = f"End of the replay after {m.decisions} decisions: turn {m.turn}, round {m.round}"
    else:
        title = (f"Decision {m.index} of {m.decisions} (0-{m.decisions - 1}): turn {m.turn}, "
                 f"round {m.round}, {teller.p(m.current)}, {teller.phase(m.phase)}")
    out = [title]
    since = "since the start" if m.index == 0 else f"since decision {m.index - 1}"
    out.append(f"  events {since}:" if m.lines else f"  no events {since}")
    out += ["  " + line for line in m.lines]
    out += st.spec.table_lines({**s, "current": m.current}, teller, current=not m.at_end)
    if m.at_end:
        if m.truncated:
            out.append("  the file stops here (truncated)")
        else:
            summary = m.state.get("result")
            roles = [p.get("role") for p in s.get("players", [])]
            shown: dict[str, Any] = {
                "winner": summary[0] if summary else None,
                "reason": summary[1] if summary else ("error" if m.error else ""),
                "turns": m.turn, "rounds": m.round, "decisions": m.decisions,
                "roles": roles, "generals": [p.get("general") for p in s.get("players", [])],
                "alive": [p.get("alive") for p in s.get("players", [])],
            }
            if m.error:
                shown["error"] = m.error
            out.append("  " + teller.summary_lines(teller.redact_summary(shown))[0])
    elif m.request is not None and "kind" in m.request:
        r = m.request
        prompt = ", ".join(json.dumps(jsonable(x), ensure_ascii=False) for x in r["prompt"])
        out.append(f"  asked: {m.question} [{r['kind']}{': ' + prompt if prompt else ''}]")
        out.append(f"  answer: {_json(m.answer)} = {m.answer_text}")
    else:
        out.append("  asked: another seat (hidden from this seat)")
    return out


def _json(v: Any) -> str:
    return json.dumps(jsonable(v), ensure_ascii=False)


def _show(st: Stepper, m: Moment, file: str, as_json: bool) -> None:
    if as_json:
        echo_json({"file": file, **m.to_json()})
    else:
        for line in _text(st, m, st.teller(m.seat, m.lang)):
            click.echo(line)


def _guard(file: str, action: Callable[..., Any], *args: Any) -> Any:
    """Run a move; an invalid replay is one line and exit 1."""
    try:
        return action(*args)
    except ReplayError as e:
        fail(f"{file}: {e}")


def _interact(st: Stepper, file: str, seat: int | None, lang: str) -> None:
    stdin = sys.stdin
    click.echo(HELP_LINE)
    while True:
        click.echo("step> ", nl=False)
        line = stdin.readline()
        if not line:
            click.echo()
            return
        if not stdin.isatty():
            click.echo(line.rstrip("\n"))  # the command, as a terminal would have echoed it
        cmd = line.strip().lower()
        if cmd in ("q", "quit", "exit"):
            return
        if cmd in ("", "n", "next"):
            if st.at_end:
                click.echo("the end of the replay: no decision after it")
                continue
            _guard(file, st.forward)
        elif cmd in ("t", "turn"):
            turn = _guard(file, lambda: st.game.turn_no)
            try:
                _guard(file, st.goto_turn, turn + 1)
            except IndexError:
                click.echo(f"no turn after turn {turn}: this is the end of the replay")
        elif cmd in ("b", "back"):
            if not _guard(file, st.back):
                click.echo("this is decision 0: no decision before it")
                continue
        elif cmd.isdigit():
            n = int(cmd)
            if n >= st.decisions:
                click.echo(f"the replay has {st.decisions} decisions (0-{st.decisions - 1})")
                continue
            _guard(file, st.goto, n)
        else:
            click.echo(HELP_LINE)
            continue
        _show(st, _guard(file, st.moment, seat, lang), file, False)


@click.command()
@click.argument("file", type=click.Path())
@click.option("--at", "at", type=click.IntRange(min=0), default=None, metavar="N",
              help="Start at decision N (0 is the first decision).")
@click.option("--turn", type=click.IntRange(min=1), default=None, metavar="T",
              help="Start at the first decision of turn T.")
@click.option("--as", "seat", type=click.IntRange(0, 9), default=None, metavar="SEAT",
              help="Show only what this seat could see.")
@click.option("--lang", type=click.Choice(LANGS), default="en", show_default=True,
              help="Language of the names (cards, generals, phases, roles) and events.")
@click.option("--json", "as_json", is_flag=True, help="One JSON object per moment, one per line.")
@click.option("--count", type=click.IntRange(min=1), default=None, metavar="K",
              help="Show K moments from the start one (default 1); the end counts as one.")
@click.option("-i", "--interactive", is_flag=True,
              help="Step with commands read from stdin (the default on a terminal).")
def step(file: str, at: int | None, turn: int | None, seat: int | None, lang: str,
         as_json: bool, count: int | None, interactive: bool) -> None:
    """Step through a replay decision by decision: the table before decision N, what was asked
    and what was answered, and the events since the decision before.

    Starts at decision 0 unless --at or --turn says otherwise, and shows --count moments (after
    the last decision, the end of the replay is one more). On a terminal, without --json or
    --count, it goes on interactively: Enter or n = next decision, t = next turn, b = previous
    decision, a number = that decision, q = quit. Each move checks the replay as it goes: an
    invalid one stops with "error: FILE: record N: reason" (exit 1). With --as, other seats'
    hands and roles, and other seats' requests and answers, are hidden. --json keys: file,
    decision, decisions, end, turn, round, phase, current, seat, request, answer, answer_shown,
    state (Game.view without events), events_from, events, lines, result, error, truncated.

    \b
    Examples:
      sgs replay step game.mp --at 40
      sgs replay step game.mp --turn 12 --count 5 --as 2 --lang zh
      sgs replay step game.mp --at 0 --count 1000 --json
    """
    if at is not None and turn is not None:
        raise click.UsageError("--at and --turn are mutually exclusive; give one")
    if interactive and (as_json or count is not None):
        raise click.UsageError("--interactive does not go with --json or --count")
    try:
        st = Stepper(file)  # reads the file once through; steps by reading it again
    except ReplayError as e:
        fail(f"{file}: {e}")
    players = seats_of(file, st.spec, st.header)
    if seat is not None and seat >= players:
        raise click.BadParameter(f"seat {seat} is not in this {players}-player game",
                                 param_hint="'--as'")
    if at is not None and at >= st.decisions:
        raise click.BadParameter(
            f"{at} is beyond the last decision: the replay has {st.decisions} decisions"
            + (f" (0-{st.decisions - 1})" if st.decisions else ""), param_hint="'--at'")
    if turn is not None:
        try:
            _guard(file, st.goto_turn, turn)
        except IndexError as e:
            raise click.BadParameter(str(e), param_hint="'--turn'") from None
    else:
        _guard(file, st.goto, at or 0)
    for message in st.warnings:
        click.echo(f"warning: {file}: {' '.join(message.split())}", err=True)
    if st.truncated:
        where = " ".join(str(st.truncation or "the end record is missing").split())
        click.echo(f"warning: {file}: truncated: {where}; it holds {st.decisions} decisions",
                   err=True)
    moment = _guard(file, st.moment, seat, lang)
    _show(st, moment, file, as_json)
    if interactive or (count is None and not as_json and _is_terminal()):
        _interact(st, file, seat, lang)
        return
    for _ in range((count or 1) - 1):
        if st.at_end:
            break
        _guard(file, st.forward)
        _show(st, _guard(file, st.moment, seat, lang), file, as_json)


def _is_terminal() -> bool:
    return sys.stdin.isatty() and sys.stdout.isatty()

