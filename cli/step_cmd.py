"""``sgs replay step``: the table before a decision, what was asked and answered, and onwards."""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

import click

from sgscore.core.spec import Teller
from sgscore.replay.errors import ReplayError
from sgscore.replay.render import LANGS
from sgscore.replay.step import Moment, Stepper

from .common import echo_json, fail, seats_of

__all__ = ["step"]

HELP = {
    "all": "Enter or n: next decision, t: next turn, b: previous decision, a number: that "
           "decision, q: quit",
    "seat": "Enter or n: your next decision, t: next turn, b: your previous decision, a "
            "number: your first decision from that one on, q: quit",
}

WORDS = {
    "en": {
        "end": "End of the replay after {n} decisions: turn {turn}, round {round}",
        "end_seat": "End of the replay: turn {turn}, round {round}",
        "title": "Decision {i} of {n} (0-{last}): turn {turn}, round {round}, {current}, {phase}",
        "title_seat": "{seat} decides (its decision {own}): turn {turn}, round {round}, "
                      "{current}, {phase}",
        "since_start": "since the start", "since": "since decision {i}",
        "since_own": "since {seat}'s previous decision",
        "events": "  events {since}:", "no_events": "  no events {since}",
        "truncated": "  the file stops here (truncated)",
        "suspended": "  the game was saved here, before this question (sgs replay resume plays "
                     "it on)",
        "asked": "  asked: {question}", "answer": "  answer: {answer}",
        "waiting": "  asked: another seat (hidden from this seat)",
    },
    "zh": {
        "end": "回放结束，共{n}个决定：第{turn}回合，第{round}轮",
        "end_seat": "回放结束：第{turn}回合，第{round}轮",
        "title": "第{i}个决定（共{n}个，0-{last}）：第{turn}回合，第{round}轮，{current}，{phase}",
        "title_seat": "{seat}作决定（其第{own}个决定）：第{turn}回合，第{round}轮，{current}，{phase}",
        "since_start": "开局以来", "since": "第{i}个决定以来",
        "since_own": "{seat}上一个决定以来",
        "events": "  {since}的事件：", "no_events": "  {since}无事件",
        "truncated": "  文件到此为止（不完整）",
        "suspended": "  对局保存于此，此问尚未回答（sgs replay resume 可继续）",
        "asked": "  询问：{question}", "answer": "  回答：{answer}",
        "waiting": "  询问：另一名角色（此视角不可见）",
    },
}
"""The words of the frame around a moment, in each language of the account."""


def moment_text(spec: Any, m: Moment, teller: Teller) -> list[str]:
    """A moment in words, in one language (``m.lang``): the title, the events since the
    previous moment, the table, then what was asked and answered (or the end)."""
    w = WORDS[m.lang]
    s = m.state
    where = {"turn": m.turn, "round": m.round, "current": teller.p(m.current),
             "phase": teller.phase(m.phase)}
    if m.index is None:  # a seat that sees only its own decisions: no decision numbers
        assert m.seat is not None
        title = (w["end_seat"].format(**where) if m.at_end
                 else w["title_seat"].format(seat=teller.p(m.seat), own=m.own, **where))
        since = w["since_start"] if not m.own else w["since_own"].format(seat=teller.p(m.seat))
    else:
        n = m.decisions
        title = (w["end"].format(n=n, **where) if m.at_end
                 else w["title"].format(i=m.index, n=n, last=(n or 1) - 1, **where))
        since = w["since_start"] if m.index == 0 else w["since"].format(i=m.index - 1)
    out = [title, (w["events"] if m.lines else w["no_events"]).format(since=since)]
    out += ["  " + line for line in m.lines]
    out += spec.table_lines({**s, "current": m.current}, teller, current=not m.at_end)
    if m.at_end:
        out += _end_lines(m, teller, w)
    elif m.request is not None and "kind" in m.request:
        out.append(w["asked"].format(question=m.question))
        out.append(w["answer"].format(answer=m.answer_text))
    else:
        out.append(w["waiting"])
    return out


def _end_lines(m: Moment, teller: Teller, w: dict[str, str]) -> list[str]:
    if m.truncated:
        return [w["truncated"]]
    if m.suspended:
        asked = [w["asked"].format(question=m.question)] if m.question else [w["waiting"]]
        return [*asked, w["suspended"]]
    s = m.state
    summary = s.get("result")
    shown: dict[str, Any] = {
        "winner": summary[0] if summary else None,
        "reason": summary[1] if summary else ("error" if m.error else ""),
        "turns": m.turn, "rounds": m.round,
        "roles": [p.get("role") for p in s.get("players", [])],
        "generals": [p.get("general") for p in s.get("players", [])],
        "alive": [p.get("alive") for p in s.get("players", [])],
    }
    if m.decisions is not None:
        shown["decisions"] = m.decisions
    if m.error:
        shown["error"] = m.error
    return ["  " + teller.summary_lines(teller.redact_summary(shown))[0]]


class _View:
    """Where ``step`` goes and what it shows: every decision (``seat_only`` off), or only the
    stops of the seat it is shown as."""

    def __init__(self, st: Stepper, file: str, seat: int | None, lang: str,
                 seat_only: bool) -> None:
        self.st, self.file, self.seat, self.lang = st, file, seat, lang
        self.seat_only = seat_only and seat is not None

    def moment(self) -> Moment:
        if self.seat_only:
            assert self.seat is not None
            m: Moment = _guard(self.file, self.st.seat_moment, self.seat, self.lang)
        else:
            m = _guard(self.file, self.st.moment, self.seat, self.lang)
        return m

    def goto(self, n: int) -> None:
        if self.seat_only:
            assert self.seat is not None
            _guard(self.file, self.st.goto_stop, self.seat, n)
        else:
            _guard(self.file, self.st.goto, n)

    def forward(self) -> bool:
        if self.seat_only:
            assert self.seat is not None
            return bool(_guard(self.file, self.st.next_stop, self.seat))
        return bool(_guard(self.file, self.st.forward))

    def back(self) -> bool:
        if self.seat_only:
            assert self.seat is not None
            return bool(_guard(self.file, self.st.prev_stop, self.seat))
        return bool(_guard(self.file, self.st.back))

    def goto_turn(self, turn: int) -> None:
        _guard(self.file, self.st.goto_turn, turn)
        if self.seat_only:
            self.goto(self.st.index)

    def show(self, as_json: bool) -> None:
        m = self.moment()
        if as_json:
            echo_json({"file": self.file, **m.to_json()})
        else:
            for line in moment_text(self.st.spec, m, self.st.teller(m.seat, m.lang)):
                click.echo(line)


def _guard(file: str, action: Callable[..., Any], *args: Any) -> Any:
    """Run a move; an invalid replay is one line and exit 1."""
    try:
        return action(*args)
    except ReplayError as e:
        fail(f"{file}: {e}")


def _interact(view: _View) -> None:
    st = view.st
    stdin = sys.stdin
    help_line = HELP["seat" if view.seat_only else "all"]
    click.echo(help_line)
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
            if not view.forward():
                click.echo("the end of the replay: no decision after it")
                continue
        elif cmd in ("t", "turn"):
            turn = _guard(view.file, lambda: st.game.turn_no)
            try:
                view.goto_turn(turn + 1)
            except IndexError:
                click.echo(f"no turn after turn {turn}: this is the end of the replay")
        elif cmd in ("b", "back"):
            if not view.back():
                click.echo("no decision before this one")
                continue
        elif cmd.isdigit():
            n = int(cmd)
            if n >= st.decisions:
                click.echo(f"the replay has {st.decisions} decisions (0-{st.decisions - 1})")
                continue
            view.goto(n)
        else:
            click.echo(help_line)
            continue
        view.show(False)


@click.command()
@click.argument("file", type=click.Path())
@click.option("--at", "at", type=click.IntRange(min=0), default=None, metavar="N",
              help="Start at decision N (0 is the first decision; with --as, the seat's first "
                   "decision from N on).")
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
    decision, a number = that decision, q = quit. Each move checks the replay as it goes, and a
    moment shows a recorded answer only when the game takes it: an invalid replay stops with
    "error: FILE: record N: reason" (exit 1), the words of `sgs replay validate`. Decisions are
    numbered from 0, as in `sgs replay show` ("#N"), `validate` and `diff`.

    With --as SEAT it shows what that seat observes, nothing more: other seats' hands and
    roles are hidden, and it stops only at the seat's own decisions and at the end (--at N:
    its first decision from N on), without decision numbers, since when other seats were asked
    would tell what they could answer. --json keys: file, decision, decisions (null with --as),
    own (with --as: the seat's decisions before this one), end, turn, round, phase, current,
    seat, request, answer, answer_shown, state (Game.view without events), events_from,
    events, lines, result, error, truncated, suspended, question, answer_text.

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
    last = st.decisions if st.suspended else st.decisions - 1  # a saved game: where it waits
    if at is not None and at > last:
        raise click.BadParameter(
            f"{at} is beyond the last decision: the replay has {st.decisions} decisions"
            + (f" (0-{last})" if last >= 0 else ""), param_hint="'--at'")
    view = _View(st, file, seat, lang, seat_only=True)
    if turn is not None:
        try:
            view.goto_turn(turn)
        except IndexError as e:
            raise click.BadParameter(str(e), param_hint="'--turn'") from None
    else:
        view.goto(at or 0)
    for message in st.warnings:
        click.echo(f"warning: {file}: {' '.join(message.split())}", err=True)
    if st.truncated:
        where = " ".join(str(st.truncation or "the end record is missing").split())
        click.echo(f"warning: {file}: truncated: {where}; it holds {st.decisions} decisions",
                   err=True)
    view.show(as_json)
    if interactive or (count is None and not as_json and _is_terminal()):
        _interact(view)
        return
    for _ in range((count or 1) - 1):
        if not view.forward():
            break
        view.show(as_json)


def _is_terminal() -> bool:
    return sys.stdin.isatty() and sys.stdout.isatty()

