"""``sgs play``: one person at a terminal against agents, the game recorded as it goes."""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from typing import IO, Any

import click

from sgscore.core.engine import EngineError
from sgscore.core.games import game_ids, get_game
from sgscore.core.spec import LANGS, AnyGame, ConfigError, GameState
from sgscore.replay.errors import ReplayError
from sgscore.replay.reader import read_replay
from sgscore.replay.resim import spec_of
from sgscore.replay.saved import resume_game
from sgscore.replay.writer import ReplayWriter, make_header

from .common import fail, outcome_words
from .sim_cmd import DEFAULT_GAME, MAX_SEED, _config, _GameCommand

__all__ = ["play", "PERSON"]

PERSON = "person"
"""The name the replay's header gives the seat a person plays."""
PERSON_UNDO = "person+undo"
"""The same, when the person may undo their last decision (``--undo``, the default)."""
UNDO = "0"
"""The answer that undoes the person's last decision."""

WORDS = {
    "en": {"you": "You are {p}.", "choose": "Choose 1-{n}: ", "done": "done",
           "top": "on top of the draw pile", "bottom": "at the bottom of the draw pile",
           "place": "Where does {card} go?", "pick": "{question} (chosen so far: {chosen})",
           "again": "Type a number from 1 to {n}.", "targets": "{card}: on whom?",
           "undo": "  0. undo your last decision", "undone": "Undone: back to decision {n}.",
           "saved": "Saved after {n} decisions: sgs play --resume {file} plays on.",
           "written": "{file}: {n} decisions, {result}"},
    "zh": {"you": "你是{p}。", "choose": "选择1-{n}：", "done": "完成",
           "top": "置于牌堆顶", "bottom": "置于牌堆底",
           "place": "{card}放在哪里？", "pick": "{question}（已选：{chosen}）",
           "again": "请输入1到{n}之间的数字。", "targets": "{card}：目标是谁？",
           "undo": "  0. 撤销你的上一个决定", "undone": "已撤销：回到第{n}个决定。",
           "saved": "已在第{n}个决定后保存：sgs play --resume {file} 可继续。",
           "written": "{file}：{n}个决定，{result}"},
}
"""The words of the command's own frame, in each language of the account."""


class _Undo(Exception):
    """The person asked to undo their last decision."""


class _Asker:
    """Shows numbered options and reads the number of one, a line at a time (from a terminal
    or a pipe: ``yes 1 | sgs play ...`` answers 1 to everything). While ``can_undo``, 0 undoes
    the person's last decision (:class:`_Undo`)."""

    def __init__(self, lang: str, stdin: IO[str]) -> None:
        self.w = WORDS[lang]
        self.stdin = stdin
        self.can_undo = False

    def one(self, title: str, labels: Sequence[str]) -> int:
        """The index of the option chosen (EOFError when the input ends)."""
        click.echo(title)
        for i, label in enumerate(labels, 1):
            click.echo(f"  {i}. {label}")
        if self.can_undo:
            click.echo(self.w["undo"])
        n = len(labels)
        while True:
            click.echo(self.w["choose"].format(n=n), nl=False)
            line = self.stdin.readline()
            if not line:
                click.echo()
                raise EOFError
            text = line.strip()
            if not self.stdin.isatty():
                click.echo(text)  # a piped answer shows where it was given
            if text == UNDO and self.can_undo:
                raise _Undo
            if text.isdigit() and 1 <= int(text) <= n:
                return int(text) - 1
            click.echo(self.w["again"].format(n=n))


def _answer(asker: _Asker, form: dict[str, Any], lang: str) -> Any:
    """A choice, as JSON, asked of the person step by step from the request's JSON form."""
    w = WORDS[lang]
    question = form["question"][lang]
    labels = [x[lang] for x in form["labels"]]
    shape = form["form"]
    if shape == "subset":
        pool, low, high = form["pool"], form["low"], form["high"]
        chosen: list[int] = []  # indexes in the pool
        while len(chosen) < high:
            rest = [i for i in range(len(pool)) if i not in chosen]
            done = len(chosen) >= low
            names = ", ".join(labels[i] for i in sorted(chosen)) or "-"
            k = asker.one(w["pick"].format(question=question, chosen=names),
                          ([w["done"]] if done else []) + [labels[i] for i in rest])
            if done and k == 0:
                break
            chosen.append(rest[k - 1 if done else k])
        return [pool[i] for i in sorted(chosen)]
    if shape == "arrange":
        top: list[Any] = []
        bottom: list[Any] = []
        click.echo(question)
        for card, label in zip(form["cards"], labels, strict=True):
            k = asker.one(w["place"].format(card=label), [w["top"], w["bottom"]])
            (top if k == 0 else bottom).append(card)
        return [top, bottom]
    choices = form["choices"]
    if shape == "play":  # a card or skill first, then its targets
        groups: list[tuple[str, list[Any]]] = []
        for g in form["cards"]:
            groups.append((g["label"][lang], [[g["card"], *t] for t in g["targets"]]))
        for g in form["skills"]:
            groups.append((g["label"][lang], [[g["skill"], g["cards"], t] for t in g["targets"]]))
        k = asker.one(question, [labels[0]] + [name for name, _ in groups])
        if k == 0:
            return choices[0]
        name, options = groups[k - 1]
        if len(options) == 1:
            return options[0]
        words = [labels[choices.index(o)] if o in choices else str(o) for o in options]
        return options[asker.one(w["targets"].format(card=name), words)]
    return choices[asker.one(question, labels)]


@click.command(cls=_GameCommand)
@click.option("--game", "game", default=DEFAULT_GAME, show_default=True, metavar="ID",
              help="The game to play (sgs games lists them).")
@click.option("--seed", "-s", type=click.IntRange(0, MAX_SEED), default=1, show_default=True,
              help="The game seed.")
@click.option("--seat", type=click.IntRange(0), default=0, show_default=True,
              help="Your seat (0 is the first; in identity mode the lord sits there).")
@click.option("--agents", "agents", default="heuristic", show_default=True, metavar="NAME",
              help="The agent of every other seat (random, heuristic).")
@click.option("--lang", type=click.Choice(LANGS), default="en", show_default=True,
              help="The language of the table, the questions and the account.")
@click.option("--output", "-o", default=None, type=click.Path(dir_okay=False),
              help="The replay, written as the game goes (with --resume: FILE itself unless "
                   "given).")
@click.option("--resume", "resume", default=None, type=click.Path(dir_okay=False),
              metavar="FILE", help="Play on a game saved by sgs play (or save_game).")
@click.option("--undo/--no-undo", default=True, show_default=True,
              help="Whether you may undo your last decision (answer 0); the replay's header "
                   "records it (your seat's agent: person+undo or person).")
@click.pass_context
def play(ctx: click.Context, /, game: str, seed: int, seat: int, agents: str, lang: str,
         output: str | None, resume: str | None, undo: bool, **values: Any) -> None:
    """Play a game at the terminal against agents, recorded as it goes.

    Each of your questions comes with the table as your seat sees it, what happened since your
    last decision, and its options numbered: type the number of one (a subset of cards is picked
    a card at a time, a card's targets after the card, 观星's cards one by one). The replay is
    written to -o as the game goes; when you leave (Ctrl-C, or the end of the input) the game is
    saved there (a valid replay of a game so far: sgs replay validate says "suspended"), and
    `sgs play --resume FILE` plays on, the agents exactly where they were (a file cut short by a
    killed process plays on from its last whole decision). A finished game's
    replay opens in every `sgs replay` command. With --undo (the default, recorded in the
    replay's header) 0 undoes your last decision: the game goes back to it, the agents with it,
    and the replay is written again without what was undone. When stdin is not a terminal one
    answer is read a line: `yes 1 | sgs play -o game.mp` plays a whole game.

    \b
    Examples:
      sgs play --players 5 --seat 0 --lang zh -o mygame.mp
      sgs play --resume mygame.mp
      yes 1 | sgs play --players 4 --agents random -o quick.mp
    """
    if resume is not None:
        spec, state, bots, names, header_seed, you = _resumed(resume)
        seat, seed, output = you, header_seed, output or resume
    else:
        if output is None:
            raise click.UsageError("give -o FILE, the replay to write (or --resume FILE)")
        found = get_game(game)
        if found is None:
            raise click.BadParameter(f"unknown game {game!r} (installed: "
                                     f"{', '.join(game_ids())})", param_hint="'--game'")
        spec = found
        config = _config(spec, ctx, values)
        state, raised = spec.start_config(config, seed)
        if raised is not None:
            fail(f"the game could not be set up: {raised}")
        if not 0 <= seat < state.seats:
            raise click.BadParameter(f"seat {seat} is not in this {state.seats}-player game",
                                     param_hint="'--seat'")
        names = [(PERSON_UNDO if undo else PERSON) if s == seat else agents
                 for s in range(state.seats)]
        try:
            bots = spec.make_agents(state, seed, [agents if s == seat else n
                                                  for s, n in enumerate(names)])
        except ConfigError as e:
            raise click.BadParameter(str(e), param_hint="'--agents'") from None
    if os.path.isdir(output):
        raise click.BadParameter(f"{output} is a folder", param_hint="'-o'")
    _play(spec, state, bots, names, seed, seat, lang, output)


def _resumed(path: str) -> tuple[AnyGame, GameState, list[Any], list[str], int, int]:
    """A game ``sgs play`` saved: the spec, the game rebuilt on a fresh game as the file has it
    (every record checked), the agents caught up, the header's names, the seed and your seat."""
    try:
        header = read_replay(path).header
        names = [header.agents] if isinstance(header.agents, str) else list(header.agents)
        people = [s for s, n in enumerate(names) if n in (PERSON, PERSON_UNDO)]
        if not people:
            fail(f"{path}: no seat of this game is a person's (agents {', '.join(names)})")
        you = people[0]
        others = next((n for s, n in enumerate(names) if s != you), "random")
        made = [others if s == you else n for s, n in enumerate(names)]
        resumed = resume_game(path, agents=made, truncated=True)
    except ReplayError as e:
        fail(f"{path}: {e}")
    except OSError as e:
        fail(f"{path}: cannot read ({e.strerror or e})")
    assert resumed.agents is not None
    if resumed.truncated:
        click.echo(f"{path}: cut short (the game was not saved): playing on from its last whole "
                   f"decision, {resumed.game.decisions}", err=True)
    return spec_of(header), resumed.game, resumed.agents, names, header.seed, you


def _writing(spec: AnyGame, game: GameState, names: list[str], seed: int, output: str
             ) -> tuple[ReplayWriter, IO[bytes], GameState]:
    """A writer of ``output`` that has written ``game``'s decisions so far, and the game it
    wrote them for (the same state as ``game``): the game goes on there. The file is written
    in place and flushed record by record, so a process killed outright leaves the game so far
    there (a truncated replay); what it held is replaced (a resumed game's file was read
    whole first)."""
    f = open(output, "wb")  # closed by _close, after the last record
    writer = ReplayWriter(f, make_header(game.config, seed, names), True)
    fresh = game.restart()
    for _, choice in game.history:
        writer.submit(fresh, choice)
    return writer, f, fresh


def _close(writer: ReplayWriter, f: IO[bytes]) -> None:
    """Write what the writer holds and close its file."""
    writer.close()
    f.close()


def _play(spec: AnyGame, game: GameState, bots: list[Any], names: list[str], seed: int,
          seat: int, lang: str, output: str) -> None:
    """The game loop: agents answer their seats, the person theirs; the replay written as the
    game goes and, when the person leaves, saved."""
    w = WORDS[lang]
    made = list(names)
    made[seat] = next((n for s, n in enumerate(names) if s != seat), "random")
    writer, f, game = _writing(spec, game, names, seed, output)
    for bot in bots:
        if callable(getattr(bot, "follow", None)):
            bot.follow(game)  # the agents watch the game written from here
    account = spec.account(game, seat, lang)
    asker = _Asker(lang, sys.stdin)
    undo = names[seat] == PERSON_UNDO
    click.echo(w["you"].format(p=account.teller.p(seat)))
    try:
        while not game.over:
            request = game.pending
            assert request is not None
            if request.seat != seat:
                writer.submit(game, bots[request.seat].choose(request))
                continue
            for line in account.lines():
                click.echo(line)
            table = spec.table_view(game, seat)
            for line in spec.table_lines({**table, "current": game.current}, account.teller,
                                         current=True):
                click.echo(line)
            form = account.request()
            assert form is not None
            mine = [k for k, (s, _) in enumerate(game.history) if s == seat]
            asker.can_undo = undo and bool(mine)
            try:
                choice = _answer(asker, form, lang)
            except _Undo:  # back to the person's last decision, agents and replay with it
                _close(writer, f)
                game = game.replay_to(mine[-1])
                writer, f, game = _writing(spec, game, names, seed, output)
                bots = spec.make_agents(game, seed, made)
                account = spec.account(game, seat, lang)
                account.lines()  # told already
                click.echo(w["undone"].format(n=game.decisions))
                continue
            writer.submit(game, choice)
    except (EOFError, KeyboardInterrupt):
        writer.suspend(game)
        _close(writer, f)
        click.echo(w["saved"].format(n=game.decisions, file=output))
        return
    except EngineError as e:
        writer.end(game)
        _close(writer, f)
        fail(f"the engine stopped: {e} (the replay {output} reproduces it)")
    for line in account.lines() + account.result():
        click.echo(line)
    writer.end(game)
    _close(writer, f)
    click.echo(w["written"].format(file=output, n=game.decisions,
                                   result=outcome_words(spec, game.summary(), lang)))
