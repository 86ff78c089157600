"""The tables of ``sgs serve``, without the network: a table is a game some of whose seats are
people (each with a secret token) and the others agents, written as a replay as it goes.

A :class:`Table` plays the agents' seats itself and waits for a person's answer; whoever holds a
seat's token may answer for that seat only, and what a seat is shown is built from that seat's
view alone (:meth:`Table.state`); a spectator is shown what everyone sees. Every decision is on
disk before the next question is shown: the replay ``ID.mp`` in the table folder, beside
``ID.json``, the table's own file (its game, its seats and their tokens). :class:`Tables` holds
the tables of one folder and, made again on the same folder, plays the unfinished ones on from
their replays (docs/serve.md).

It knows a game only through its spec (``sgscore.core.games``), as the replay toolkit does.
"""

from __future__ import annotations

import hmac
import json
import os
import re
import secrets
from collections.abc import Mapping, Sequence
from typing import IO, Any

from ..core.engine import EngineError
from ..core.games import game_ids, get_game
from ..core.spec import LANGS, Account, AnyGame, ConfigError, GameState
from ..replay.errors import ReplayError
from ..replay.reader import read_replay
from ..replay.resim import resimulate, spec_of
from ..replay.saved import resume_game
from ..replay.writer import ReplayWriter, make_header

__all__ = ["PERSON", "SPECTATOR", "TABLE_FORMAT", "Table", "TableError", "Tables", "Viewer",
           "option_form", "option_values", "person_of", "seat_name"]

PERSON = "person"
"""What a table's replay header names a seat a person plays (as ``sgs play`` does); with a time
limit, ``person@30s:heuristic``: after 30 seconds the heuristic agent answers for the person
(:func:`seat_name`)."""
MAX_LIMIT = 3600
_TIMED = re.compile(r"^person@([1-9][0-9]{0,3})s:([A-Za-z0-9_.+-]{1,40})$")
SPECTATOR = -1
"""The seat of a viewer who plays no seat: shown only what everyone sees."""
TABLE_FORMAT = "sgscore-table"
TABLE_VERSION = 1
MAX_SEED = 2**64 - 1
_ID = re.compile(r"^[0-9a-f]{12}$")


def seat_name(limit: int | None, agent: str) -> str:
    """What the header names a person's seat: :data:`PERSON`, or with a time limit
    ``person@{limit}s:{agent}``, the agent that answers when the limit is reached."""
    return PERSON if limit is None else f"{PERSON}@{limit}s:{agent}"


def person_of(name: str) -> tuple[bool, int | None, str | None]:
    """Whether a header's seat name is a person's, with its time limit and the agent that
    answers then (None, None without a limit)."""
    if name == PERSON:
        return True, None, None
    m = _TIMED.match(name)
    if m is None:
        return False, None, None
    return True, int(m.group(1)), m.group(2)


class TableError(ValueError):
    """A request a table refuses (a bad config, an answer out of turn, a finished game...): its
    message says what, and nothing changed."""


class Viewer:
    """One seat (or a spectator) watching a table in one language: its own account of the game
    (what it was told so far), so that each :meth:`Table.state` holds only what is new to it. A
    browser that connects again gets a new viewer, told the whole story again."""

    def __init__(self, table: Table, seat: int, lang: str) -> None:
        if lang not in LANGS:
            raise TableError(f"lang must be one of {', '.join(LANGS)}, got {lang!r}")
        self.table = table
        self.seat = seat
        self.lang = lang
        self.game: GameState | None = None
        self.account: Account | None = None

    def _account(self) -> Account:
        game = self.table.game
        if self.account is None or self.game is not game:  # a table played on from its replay
            self.game = game
            self.account = self.table.spec.account(game, self.seat, self.lang)
        return self.account


class Table:
    """One table: its game, the agents of the seats people do not play, the tokens of those they
    do, and the replay written as it goes. Made by :meth:`Tables.create` or found again by
    :class:`Tables` in its folder."""

    def __init__(self, table_id: str, folder: str, spec: AnyGame, game: GameState,
                 seats: list[str], agents: list[Any], tokens: dict[int, str], seed: int,
                 lang: str) -> None:
        self.id = table_id
        self.folder = folder
        self.spec = spec
        self.game = game
        self.seats = seats  # a person's (seat_name) or an agent's name, per seat
        self.agents = agents  # one per seat (a person's seat has one too, never asked)
        self.tokens = tokens
        self.seed = seed
        self.lang = lang
        self.writer: ReplayWriter | None = None
        self._file: IO[bytes] | None = None
        self.version = 0  # bumped at every decision: viewers know when to look again

    # ------------------------------------------------------------------ paths and files
    @property
    def replay_path(self) -> str:
        return os.path.join(self.folder, f"{self.id}.mp")

    @property
    def table_path(self) -> str:
        return os.path.join(self.folder, f"{self.id}.json")

    def _write_table_file(self) -> None:
        data = {"format": TABLE_FORMAT, "version": TABLE_VERSION, "id": self.id,
                "game": self.spec.id, "seats": self.seats, "lang": self.lang,
                "tokens": {str(s): t for s, t in sorted(self.tokens.items())}}
        tmp = self.table_path + ".new"
        with open(tmp, "w", encoding="utf-8") as f:
            json.dump(data, f, indent=1)
        os.replace(tmp, self.table_path)

    def _open_replay(self) -> None:
        """Write the game's decisions so far to a new replay and put it in place of the old one
        in one step, then go on writing there as the game goes (record by record, flushed)."""
        names = list(self.seats)
        tmp = self.replay_path + ".new"
        f = open(tmp, "wb")  # kept open while the table plays; closed by _close
        writer = ReplayWriter(f, make_header(self.game.config, self.seed, names), True)
        fresh = self.game.restart()
        for _, choice in self.game.history:
            writer.submit(fresh, choice)
        writer.flush()
        os.replace(tmp, self.replay_path)
        for agent in self.agents:
            if callable(getattr(agent, "follow", None)):
                agent.follow(fresh)  # the agents watch the game written from here
        self.game = fresh
        self.writer, self._file = writer, f

    def _close(self) -> None:
        if self.writer is not None:
            self.writer.close()
            self.writer = None
        if self._file is not None:
            self._file.close()
            self._file = None

    # ------------------------------------------------------------------ who may act
    def seat_of(self, token: object) -> int | None:
        """The seat whose token ``token`` is, or None (compared in constant time)."""
        if not isinstance(token, str) or len(token) > 200:
            return None
        found = None
        for seat, secret in self.tokens.items():
            if hmac.compare_digest(secret.encode(), token.encode()):
                found = seat
        return found

    @property
    def people(self) -> list[int]:
        return sorted(self.tokens)

    @property
    def over(self) -> bool:
        return self.game.over

    def asked(self) -> int | None:
        """The person's seat the game waits for, or None (the game is over)."""
        req = self.game.pending
        return None if self.game.over or req is None else req.seat

    # ------------------------------------------------------------------ playing
    def play_agents(self) -> None:
        """Let the agents decide until a person is asked or the game ends."""
        game, writer = self.game, self.writer
        assert writer is not None, "the table's replay is not open"
        moved = False
        try:
            while not game.over:
                req = game.pending
                assert req is not None
                if req.seat in self.tokens:
                    break
                writer.submit(game, self.agents[req.seat].choose(req))
                moved = True
        except EngineError:
            self._finish()
            raise
        if moved:
            self.version += 1
        if game.over:
            self._finish()
        else:
            writer.flush()  # every decision on disk before the person is asked

    def answer(self, seat: int, choice: Any) -> None:
        """``seat``'s answer (a choice, or its JSON form) to the question it is asked. Raises
        :class:`TableError` (not this seat's question, the game over) or ``IllegalChoice`` (the
        engine's check): the game and its replay are then unchanged. The agents then play until
        a person is asked again."""
        game = self.game
        if game.over:
            raise TableError("the game is over")
        req = game.pending
        assert req is not None
        if req.seat != seat:
            raise TableError("you are not asked now")
        self._decide(choice)

    def _decide(self, choice: Any) -> None:
        """Record and submit ``choice`` for the question asked (an illegal one raises
        ``IllegalChoice`` and changes nothing), then let the agents play on."""
        writer = self.writer
        assert writer is not None, "the table's replay is not open"
        try:
            writer.submit(self.game, choice)
        except EngineError:
            self.version += 1
            self._finish()
            raise
        self.version += 1
        self.play_agents()

    @property
    def limit(self) -> int | None:
        """The seconds a person has to answer before an agent answers for them (None: no
        limit): the table's setting, which its replay's header records in the seats' names."""
        for name in self.seats:
            person, limit, _ = person_of(name)
            if person:
                return limit
        return None

    def time_out(self, seat: int) -> None:
        """The time limit of ``seat``'s question is reached: the agent the table names answers
        for the person (:func:`seat_name`), and the agents play on until a person is asked.
        :class:`TableError` when the table has no limit or does not ask ``seat``."""
        if self.limit is None:
            raise TableError("this table has no time limit")
        if self.asked() != seat or seat not in self.tokens:
            raise TableError("this seat is not asked now")
        req = self.game.pending
        assert req is not None
        self._decide(self.agents[seat].choose(req))

    def _finish(self) -> None:
        writer = self.writer
        if writer is not None and self.game.error is None:
            writer.end(self.game)
        self._close()

    def suspend(self) -> None:
        """Write a suspended record and close the replay (the server stops): the table plays on
        from it when the folder is served again."""
        if self.writer is not None and not self.game.over:
            self.writer.suspend(self.game)
        self._close()

    # ------------------------------------------------------------------ what a viewer sees
    def viewer(self, seat: int, lang: str | None = None) -> Viewer:
        return Viewer(self, seat, lang or self.lang)

    def state(self, viewer: Viewer) -> dict[str, Any]:
        """What ``viewer`` is shown now, as JSON: the table as its seat sees it (``table``: the
        rows, cells and piles the replay viewer draws, :meth:`GameSpec.table_json`), the lines of
        the account new to it, its question when it is asked (``request``: the request's JSON
        form, labelled in both languages), the result at the end. Built from the seat's view and
        account only: nothing in it depends on another seat's hidden cards or role, not even
        whether another seat is being asked."""
        game = self.game
        seat = viewer.seat
        account = viewer._account()
        lines = account.lines()
        view = self.spec.table_view(game, seat if seat >= 0 else None)
        table = self.spec.table_json({**view, "current": game.current}, account.teller)
        request = account.request() if seat >= 0 else None
        return {
            "type": "state", "table": self.id, "game": self.spec.id, "seat": seat,
            "seat_name": account.teller.p(seat) if seat >= 0 else None,
            "lang": viewer.lang, "turn": game.turn_no, "round": game.round,
            "phase": account.teller.phase(game.phase), "current": game.current,
            "current_name": account.teller.p(game.current),
            "view": table, "lines": lines, "request": request,
            "time_limit": self.limit if request is not None else None,
            "over": game.over, "result": account.result() if game.over else [],
            "error": None if game.error is None else str(game.error),
        }

    def summary(self) -> dict[str, Any]:
        """The table as the lobby lists it (no token, no hidden card)."""
        return {"id": self.id, "game": self.spec.id, "players": len(self.seats),
                "seats": self.seats, "time_limit": self.limit, "over": self.game.over,
                "result": list(self.game.result) if self.game.result else None}


def option_values(spec: AnyGame, options: object) -> dict[str, Any]:
    """``options`` checked against the game's ``sgs sim`` options (``GameSpec.options``): an
    object of option names, a flag ``true`` or ``false``, an int within its bounds, a text of
    at most 200 characters; a :class:`TableError` names what is wrong. A flag given ``false``
    and a null value are left out, as an option not given."""
    if not isinstance(options, dict):
        raise TableError("options: an object of the game's options by name")
    known = {o.name: o for o in spec.options}
    out: dict[str, Any] = {}
    for name, value in options.items():
        o = known.get(name) if isinstance(name, str) else None
        if o is None:
            raise TableError(f"options: {str(name)[:40]!r} is not an option of {spec.id} "
                             f"({', '.join(known)})")
        if value is None or value is False and o.kind == "flag":
            continue
        if o.kind == "flag":
            if value is not True:
                raise TableError(f"options.{name}: true or false")
        elif o.kind == "int":
            if (not isinstance(value, int) or isinstance(value, bool)
                    or (o.low is not None and value < o.low)
                    or (o.high is not None and value > o.high)):
                raise TableError(f"options.{name}: a whole number"
                                 + (f" from {o.low}" if o.low is not None else "")
                                 + (f" to {o.high}" if o.high is not None else ""))
        elif not isinstance(value, str) or len(value) > 200:
            raise TableError(f"options.{name}: a text")
        out[name] = value
    return out


def option_form(spec: AnyGame) -> list[dict[str, Any]]:
    """The game's ``sgs sim`` options as the lobby's form shows them: ``name``, ``flag`` (the
    command line's), ``kind`` (``flag``, ``int`` or ``str``), ``default``, ``low``, ``high``,
    ``choices`` (the values a text may take, where its help lists them: ``identity|3v3``) and
    ``help``."""
    out = []
    for o in spec.options:
        meta = o.metavar or ""
        choices = meta.split("|") if o.kind == "str" and "|" in meta and "ID" not in meta else None
        out.append({"name": o.name, "flag": o.flags[0], "kind": o.kind, "default": o.default,
                    "low": o.low, "high": o.high, "choices": choices, "help": o.help})
    return out


def _check_seats(seats: object, players: int, kinds: Mapping[str, Any], person: str
                 ) -> list[str]:
    if not isinstance(seats, list) or len(seats) != players:
        raise TableError(f"seats: one entry per seat, {players} in all (\"person\" or an agent's "
                         f"name: {', '.join(kinds)})")
    out: list[str] = []
    for i, name in enumerate(seats):
        if name != PERSON and (not isinstance(name, str) or name not in kinds):
            raise TableError(f"seats[{i}]: {str(name)[:40]!r} is neither \"person\" nor an agent "
                             f"of this game ({', '.join(kinds)})")
        out.append(person if name == PERSON else name)
    if person not in out:
        raise TableError("seats: at least one seat is a person's")
    return out


KEEP = 64
"""Finished tables kept in memory, the latest asked for; the others are read again from their
replays when someone asks (:meth:`Tables.get`)."""
LISTED = 100
"""Finished tables the lobby lists, the latest."""


class Tables:
    """The tables of one folder. Made on a folder that holds tables already, it plays on those
    not finished from their replays (a suspended record, or a file cut short by a killed
    process: from its last whole decision) and keeps the finished ones for their replays: in
    memory the :data:`KEEP` latest asked for, the others read again when asked for.
    ``max_tables``: the tables in play at once (finished ones do not count)."""

    def __init__(self, folder: str, *, max_tables: int = 1000) -> None:
        self.folder = folder
        self.max_tables = max_tables
        self.tables: dict[str, Table] = {}  # in play, and the finished ones lately asked for
        self.finished: dict[str, dict[str, Any]] = {}  # every finished table's summary
        self.refused: dict[str, str] = {}  # table files that could not be read, with why
        os.makedirs(folder, exist_ok=True)
        for name in sorted(os.listdir(folder)):
            if name.endswith(".json") and _ID.match(name[:-5]):
                try:
                    self._found(name[:-5])
                except (OSError, ValueError, KeyError, TypeError, ReplayError) as e:
                    self.refused[name[:-5]] = str(e)

    def get(self, table_id: object) -> Table | None:
        """The table ``table_id``, read again from its folder if it is a finished one no longer
        in memory; None if there is none."""
        if not isinstance(table_id, str):
            return None
        table = self.tables.get(table_id)
        if table is None and table_id in self.finished:
            try:
                table = self._load(table_id)
            except (OSError, ValueError, KeyError, TypeError, ReplayError) as e:
                self.refused[table_id] = str(e)
                return None
            self._keep(table)
        return table

    def settle(self, table: Table) -> None:
        """Take note of a table that may have finished (after a decision): its summary is kept,
        and its game only while it is among the :data:`KEEP` latest finished ones asked for."""
        if table.over and table.id not in self.finished:
            self.finished[table.id] = table.summary()
            self._keep(table)

    def _keep(self, table: Table) -> None:
        self.tables.pop(table.id, None)
        self.tables[table.id] = table  # the latest at the end
        done = [k for k, t in self.tables.items() if t.over]
        for k in done[:max(0, len(done) - KEEP)]:
            del self.tables[k]

    def in_play(self) -> int:
        return sum(1 for t in self.tables.values() if not t.over)

    def listing(self) -> list[dict[str, Any]]:
        """What the lobby lists: every table in play, and the :data:`LISTED` latest finished."""
        playing = [t.summary() for t in self.tables.values() if not t.over]
        return playing + list(self.finished.values())[-LISTED:]

    def create(self, game_id: object, config: object, seats: object, *, seed: object = None,
               lang: object = "en", time_limit: object = None, fallback: object = None,
               options: object = None) -> Table:
        """A new table of ``game_id`` (``sgs games``), with ``config`` (the game's config as
        plain data: ``{"players": 5}``) or ``options`` (the values of the game's ``sgs sim``
        options by name, as the lobby's form gives them: ``{"players": 6, "mode": "3v3"}``;
        :func:`option_values` checks them), ``seats`` (per seat ``"person"`` or an agent's name),
        ``seed`` (None: one drawn from the system's entropy) and the table's language.
        ``time_limit``: the seconds a person has to answer (None: no limit), after which the
        agent ``fallback`` (by default the heuristic one where the game has it) answers for them
        (:meth:`Table.time_out`). Every bad value is a :class:`TableError` that names it."""
        if self.in_play() >= self.max_tables:
            raise TableError(f"this server has {self.max_tables} tables in play already")
        spec = get_game(game_id) if isinstance(game_id, str) else None
        if spec is None:
            raise TableError(f"game: {str(game_id)[:40]!r} is not an installed game "
                             f"({', '.join(game_ids())})")
        if options is None and not isinstance(config, dict):
            raise TableError("config: an object of the game's options, such as {\"players\": 5}")
        if lang not in LANGS:
            raise TableError(f"lang: one of {', '.join(LANGS)}")
        if seed is None:
            seed = secrets.randbits(63)
        if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= MAX_SEED:
            raise TableError(f"seed: an integer from 0 to {MAX_SEED}")
        try:
            if options is not None:
                made = spec.config_from_options(option_values(spec, options))
            else:
                assert isinstance(config, dict)  # checked above
                made = spec.config_from_dict(config)
        except ConfigError as e:
            raise TableError(f"{'options' if options is not None else 'config'}: {e}") from None
        game, raised = spec.start_config(made, seed)
        if raised is not None:
            raise TableError(f"the game could not be set up: {raised}")
        kinds = spec.agent_kinds()
        if time_limit is not None and (not isinstance(time_limit, int) or isinstance(
                time_limit, bool) or not 1 <= time_limit <= MAX_LIMIT):
            raise TableError(f"time_limit: whole seconds from 1 to {MAX_LIMIT}, or null")
        if fallback is None:
            fallback = "heuristic" if "heuristic" in kinds else "random"
        if not isinstance(fallback, str) or fallback not in kinds:
            raise TableError(f"fallback: one of this game's agents ({', '.join(kinds)})")
        names = _check_seats(seats, game.seats, kinds, seat_name(
            time_limit if isinstance(time_limit, int) else None, fallback))
        table_id = secrets.token_hex(6)
        while table_id in self.tables or table_id in self.finished:
            table_id = secrets.token_hex(6)
        tokens = {s: secrets.token_urlsafe(18) for s, n in enumerate(names) if person_of(n)[0]}
        agents = spec.make_agents(game, seed, _stand_ins(names))
        table = Table(table_id, self.folder, spec, game, names, agents, tokens, seed, str(lang))
        table._write_table_file()
        table._open_replay()
        self.tables[table_id] = table
        try:
            table.play_agents()
        except EngineError:
            pass  # the table stopped there: its state and its replay say so
        self.settle(table)
        return table

    def _found(self, table_id: str) -> None:
        """A table of the folder: played on if it is not finished, else noted."""
        data = self._table_file(table_id)
        replay = read_replay(os.path.join(self.folder, f"{table_id}.mp"))
        if replay.end is None and replay.error is None:
            self.tables[table_id] = self._load(table_id)
            return
        self.finished[table_id] = {
            "id": table_id, "game": replay.header.game, "players": len(data["seats"]),
            "seats": [str(s) for s in data["seats"]],
            "time_limit": next((person_of(str(n))[1] for n in data["seats"]
                                if person_of(str(n))[0]), None),
            "over": True, "result": ([replay.end.winner, replay.end.reason]
                                     if replay.end is not None else None)}

    def _table_file(self, table_id: str) -> dict[str, Any]:
        with open(os.path.join(self.folder, f"{table_id}.json"), encoding="utf-8") as f:
            data = json.load(f)
        if not isinstance(data, dict) or data.get("format") != TABLE_FORMAT or data.get(
                "id") != table_id:
            raise ValueError("not a table file of sgs serve")
        return data

    def _load(self, table_id: str) -> Table:
        data = self._table_file(table_id)
        seats = [str(s) for s in data["seats"]]
        tokens = {int(s): str(t) for s, t in data["tokens"].items()}
        path = os.path.join(self.folder, f"{table_id}.mp")
        replay = read_replay(path)
        spec = spec_of(replay.header)
        lang = str(data["lang"]) if data.get("lang") in LANGS else "en"
        if replay.end is not None or replay.error is not None:  # finished: kept for its replay
            game = resimulate(replay)
            return Table(table_id, self.folder, spec, game, seats, [], tokens,
                         replay.header.seed, lang)
        resumed = resume_game(path, agents=_stand_ins(seats), truncated=True)
        assert resumed.agents is not None
        table = Table(table_id, self.folder, spec, resumed.game, seats, resumed.agents, tokens,
                      replay.header.seed, lang)
        table._open_replay()
        try:
            table.play_agents()
        except EngineError:
            pass  # the table stopped there: its state and its replay say so
        self.settle(table)
        return table

    def close(self) -> None:
        """Save every unfinished table (its suspended record) and close its replay."""
        for table in self.tables.values():
            table.suspend()


def _stand_ins(seats: Sequence[str]) -> list[str]:
    """The agents made for the seats: a person's seat gets the agent its time limit names, or
    else the table's first agent (or the random one), which is then never asked."""
    other = next((n for n in seats if not person_of(n)[0]), "random")
    out = []
    for name in seats:
        person, _, agent = person_of(name)
        out.append((agent or other) if person else name)
    return out
