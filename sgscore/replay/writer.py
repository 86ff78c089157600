"""Writing replays: an append-only msgpack stream of records.

:func:`record_game` plays a game with an agent per seat and writes its replay in one piece when
the game ends; :class:`ReplayWriter` is the low-level writer for callers that drive a game
themselves (a frontend, a bot harness), flushed record by record as the game goes. Records are
written with the bare encodings of ``docs/replay-format.md``; pydantic is used for the header
only, never per decision.
"""

from __future__ import annotations

import contextlib
import errno
import os
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import IO, Any, Final

import msgpack

from .._accel import mypyc_attr
from ..agents import Agent, RandomAgent
from ..core.engine import EngineError
from ..core.games import spec_for_config
from ..core.protocol import Choice, GameFinished, normalize_choice
from ..core.spec import GameState
from ..core.telling import plain
from .records import CHECKPOINT_MASK, FORMAT_NAME, FORMAT_VERSION, End, Header, Suspended

__all__ = ["ReplayWriter", "RecordResult", "Recorder", "make_header", "record_game",
           "atomic_output", "atomic_write"]


def make_header(
    config: object, seed: int, agents: str | Sequence[str] | None = None, *, events: bool = True
) -> Header:
    """The header of a replay of the game whose config is ``config`` (any installed game's), with
    ``seed``.

    ``agents``: who decides, one description per seat, or one string for every seat; when the
    descriptions are all the same, one string is stored.
    """
    spec = spec_for_config(config)
    desc: str | list[str] = agents if isinstance(agents, str) else list(agents or [])
    if isinstance(desc, list) and desc and all(a == desc[0] for a in desc):
        desc = desc[0]
    return Header(
        format=FORMAT_NAME,
        version=FORMAT_VERSION,
        engine=spec.engine_version,
        game=spec.id,
        rules=spec.rules,
        rng=spec.rng,
        seed=seed,
        config=plain(spec.header_config(config)),
        agents=desc,
        events=events,
    )




@mypyc_attr(allow_interpreted_subclasses=True)
class ReplayWriter:
    """Writes one replay. Every record is flushed as soon as it is written, so a killed process
    leaves a file that reads up to its last whole record.

    Consecutive decisions of one seat share a record (``[seat, choice, choice, ...]``): the run is
    held until another seat decides or another record is written (a checkpoint at each turn, an
    events, error or end record, :meth:`close`). A killed process can so lose at most the current
    run, never more than the turn under way; an engine error writes the run before its record.

    ``events``: whether :meth:`events` writes events records (the header says so too).

    Given a path, the replay is written to a temporary file beside it (``.NAME.*.partial``) and
    moved into place by :meth:`close`, so that no one ever reads a replay being written or two
    writers' records mixed in one file. An existing file is refused (``FileExistsError``, at once
    and again when moving into place) unless ``overwrite``; with ``overwrite`` the move replaces
    it in one step. A killed process leaves its replay so far in the ``.partial`` file, which
    reads up to its last whole record.
    """

    def __init__(self, fileobj_or_path: str | os.PathLike[str] | IO[bytes], header: Header,
                 events: bool, *, overwrite: bool = False) -> None:
        if header.events != events:
            header = replace(header, events=events)
        self.header = header
        self._events_on = events
        self._owns = isinstance(fileobj_or_path, str | os.PathLike)
        self._final = ""
        self._tmp = ""
        self._overwrite = overwrite
        if isinstance(fileobj_or_path, str | os.PathLike):
            self._final = os.fspath(fileobj_or_path)
            if not overwrite and os.path.lexists(self._final):
                raise FileExistsError(errno.EEXIST, "a replay is there already", self._final)
            fd, self._tmp = _partial_file(self._final)
            self._f: IO[bytes] = os.fdopen(fd, "wb")
        else:
            self._f = fileobj_or_path
        self._packer = msgpack.Packer(use_bin_type=True, autoreset=True)
        self._events_written = 0
        self._turn = -1  # the turn of the last checkpoint that submit() wrote
        self.bytes = 0
        self.records = 0
        self.decisions = 0
        self._run: list[Any] | None = None
        self._write(plain(header.to_dict()))

    def _write(self, obj: Any) -> None:
        if self._run is not None:
            run, self._run = self._run, None
            self._write(run)
        data = self._packer.pack(obj)
        self._f.write(data)
        self._f.flush()
        self.bytes += len(data)
        self.records += 1

    def submit(self, game: GameState, choice: Choice) -> None:
        """Record ``choice`` for ``game``'s pending request and submit it: the whole recording
        step of a frontend that drives the game itself.

        The choice is checked first: an illegal one raises ``IllegalChoice`` and nothing is
        written (game and file unchanged), so a misclick never makes an invalid replay. The JSON
        form of a choice is accepted. Then the new events (when events are on), a checkpoint at
        the first decision of each turn, and the decision are written, and the choice is
        submitted; an ``EngineError`` is written as the error record and raised again. After
        the game ends, call :meth:`end`."""
        req = game.pending
        if req is None or game.over:
            raise GameFinished("the game is over: nothing to submit")
        if type(choice) is list:
            choice = normalize_choice(choice)
        req.check(choice)
        self.events(game)
        if game.turn_no != self._turn:
            self.checkpoint(game)
            self._turn = game.turn_no
        self.decision(req.seat, choice)
        try:
            game.submit(choice)
        except EngineError as e:
            self.error(e, game)
            raise

    def decision(self, seat: int, choice: Choice) -> None:
        """Add a decision as it is, unchecked (:meth:`submit` checks it first); call it before
        submitting, so that an engine error keeps it."""
        if self._run is not None and self._run[0] == seat:
            self._run.append(choice)
        else:
            self.flush()
            self._run = [seat, choice]
        self.decisions += 1

    def flush(self) -> None:
        """Write the pending run of decisions, if any."""
        if self._run is not None:
            run, self._run = self._run, None
            self._write(run)

    def checkpoint(self, game: GameState, *, full: bool = False) -> None:
        """The state after the decisions so far: the low 7 bits of ``quick_hash()`` (a bare
        integer), or with ``full`` a ``{"t": "cp", "hash": state_hash()}`` record."""
        if full:
            self._write({"t": "cp", "hash": game.state_hash()})
        else:
            self._write(game.quick_hash() & CHECKPOINT_MASK)

    def events(self, game: GameState) -> None:
        """The events appended since the previous call (nothing when events are off or none)."""
        if not self._events_on:
            return
        evs = game.events
        start = self._events_written
        if len(evs) > start:
            self._write({"t": "ev", "at": start, "ev": evs[start:]})
            self._events_written = len(evs)

    def error(self, err: EngineError | Exception, game: GameState) -> None:
        """The engine raised ``err`` after ``game.decisions`` decisions (write it right after the
        decision that raised, before any events)."""
        self._write(_error_record(err, game))

    def end(self, game: GameState) -> None:
        """The end record with ``game.summary()`` (after any events not yet written)."""
        self.events(game)
        self._write(End.from_summary(plain(game.summary())))

    def suspend(self, game: GameState) -> None:
        """The suspended record of a game saved before its end (after any events not yet
        written): it stops after ``game.decisions`` decisions, and ``resume_game`` continues it
        (``docs/replay-format.md``, "Suspended")."""
        self.events(game)
        self._write(Suspended(game.decisions, len(game.events), game.state_hash()[:32])
                    .to_record())

    def close(self) -> None:
        """Write any pending decisions; given a path, close the file and move it into place
        (``FileExistsError`` if a replay appeared there meanwhile and ``overwrite`` is off; the
        temporary file is then removed)."""
        self.flush()
        if not self._owns or self._f.closed:
            return
        self._f.close()
        tmp, self._tmp = self._tmp, ""
        try:
            _move_into_place(tmp, self._final, self._overwrite)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
            raise

    def __enter__(self) -> ReplayWriter:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _error_record(err: EngineError | Exception, game: GameState) -> dict[str, Any]:
    """The error record of ``err``, raised after ``game.decisions`` decisions."""
    kind = getattr(err, "kind", type(err).__name__)
    msg = getattr(err, "message", str(err))
    return {"t": "err", "kind": kind, "msg": msg, "at": game.decisions}


def _partial_file(final: str) -> tuple[int, str]:
    """A new file beside ``final`` to write it in, ``.NAME.PID.N.partial``: created exclusively,
    with the permissions a new file gets (so the replay has them once moved into place)."""
    folder, name = os.path.split(os.path.abspath(final))
    for n in range(10_000):
        path = os.path.join(folder, f".{name}.{os.getpid()}.{n}.partial")
        try:
            return os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666), path
        except FileExistsError:
            continue
    raise FileExistsError(errno.EEXIST, "no free name for a partial replay", final)


_TMPFILE: Final = getattr(os, "O_TMPFILE", 0)
_unnamed = [_TMPFILE != 0]
"""Whether new files are written unnamed and then named (Linux's ``O_TMPFILE``): cleared the
first time the system or the file system refuses it, for the rest of the process."""


def atomic_write(path: str | os.PathLike[str], data: bytes, *, overwrite: bool = True) -> None:
    """Write ``data`` as the file ``path``, whole or not at all, as :func:`atomic_output` does
    (``FileExistsError`` for a file that is there, unless ``overwrite``), in a few system calls:
    a study writes thousands of replays. A new file (not ``overwrite``) is written, where the
    system allows it, as a file without a name in its folder that is named once whole (nothing
    to remove if the process dies meanwhile, and one change to the folder instead of three)."""
    final = os.fspath(path)
    if not overwrite and _unnamed[0] and _write_unnamed(final, data):
        return
    fd, tmp = _partial_file(final)
    try:
        try:
            _write_all(fd, data)
        finally:
            os.close(fd)
        _move_into_place(tmp, final, overwrite)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def _write_all(fd: int, data: bytes) -> None:
    done, size = 0, len(data)
    while done < size:  # (a short write only on a full disk or a signal)
        done += os.write(fd, data[done:] if done else data)


def _write_unnamed(final: str, data: bytes) -> bool:
    """:func:`atomic_write` of a new file with ``O_TMPFILE``: the data written to a file without
    a name in ``final``'s folder, which is then linked as ``final`` (a link refuses a name that
    is taken, whoever took it meanwhile: ``FileExistsError``). False, having written nothing,
    where the system or the file system has no such files."""
    try:
        fd = os.open(os.path.dirname(final) or ".", _TMPFILE | os.O_WRONLY, 0o666)
    except OSError as e:
        if e.errno in (errno.EOPNOTSUPP, errno.EISDIR, errno.EINVAL):
            _unnamed[0] = False
            return False
        raise
    try:
        _write_all(fd, data)
        try:
            # linkat(2) with AT_SYMLINK_FOLLOW through /proc (the way open(2) gives to name such
            # a file without privileges): given a dir_fd, os.link calls linkat with that flag
            # (the path is absolute, so linkat does not use the fd itself)
            os.link(f"/proc/self/fd/{fd}", final, src_dir_fd=fd, follow_symlinks=True)
        except FileExistsError:
            raise FileExistsError(errno.EEXIST, "a replay is there already", final) from None
        except OSError as e:
            if e.errno not in (errno.ENOENT, errno.EXDEV, errno.EPERM, errno.EOPNOTSUPP):
                raise
            if os.path.isdir(os.path.dirname(final) or "."):  # no /proc, or no such links here
                _unnamed[0] = False
                return False
            raise
    finally:
        os.close(fd)
    return True


@contextlib.contextmanager
def atomic_output(path: str | os.PathLike[str], *, overwrite: bool = True) -> Iterator[IO[bytes]]:
    """A file to write ``path`` in, whole or not at all: the block writes a new file beside it
    (``.NAME.PID.N.partial``), with the permissions the umask gives a new file, as any file the
    user makes; when the block ends it is moved into place in one step (refusing a file that is
    there, ``FileExistsError``, unless ``overwrite``), and when the block raises it is removed.
    Every file the toolkit and ``sgs`` write whole (replays, exports, pages) is written so."""
    final = os.fspath(path)
    fd, tmp = _partial_file(final)
    try:
        with os.fdopen(fd, "wb") as f:
            yield f
        _move_into_place(tmp, final, overwrite)
        tmp = ""
    finally:
        if tmp:
            with contextlib.suppress(OSError):
                os.unlink(tmp)


def _move_into_place(tmp: str, final: str, overwrite: bool) -> None:
    """Rename ``tmp`` to ``final`` in one step: replacing what is there if ``overwrite``, else
    refusing it (a hard link fails when ``final`` exists, whoever made it meanwhile)."""
    if overwrite:
        os.replace(tmp, final)
        return
    try:
        os.link(tmp, final)
    except FileExistsError:
        raise FileExistsError(errno.EEXIST, "a replay is there already", final) from None
    except OSError:  # no hard links on this file system: claim the name, then replace it
        fd = os.open(final, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
        os.close(fd)
        os.replace(tmp, final)
        return
    os.unlink(tmp)


@dataclass(frozen=True)
class RecordResult:
    """What :func:`record_game` did: the game's summary (as the end record holds it), the engine
    error if it raised, the replay's size and how many decisions and turns it holds; its header
    and how many records it holds."""

    summary: dict[str, Any]
    error: EngineError | None
    bytes: int
    decisions: int
    turns: int
    header: Header | None = None
    records: int = 0


def _agent_name(agent: Any) -> str:
    name = getattr(agent, "name", None)
    return name if isinstance(name, str) else type(agent).__name__


@mypyc_attr(allow_interpreted_subclasses=True)
class Recorder:
    """Plays and records whole games of one config, a seed at a time (:meth:`record`): what
    :func:`record_game` does for one game, with what every game of the config shares (its game,
    the header's config) worked out once, for a study's thousands of games.

    A game's records are kept in memory as it is played, packed and written in one piece when it
    ends: to a path atomically (see :func:`atomic_write`; an existing file is refused unless
    ``overwrite``, before the game is played), to a file object in one ``write``. If an agent
    raises, the records so far are written, as :class:`ReplayWriter` would have flushed them,
    and the exception goes on.
    """

    def __init__(self, config: object, *, events: bool = True,
                 agents: Sequence[Agent] | str | Sequence[str] | None = None) -> None:
        self.spec = spec_for_config(config)
        self.config = config
        self.events = events
        self.agents = agents
        spec = self.spec
        self._fixed = (FORMAT_NAME, FORMAT_VERSION, spec.engine_version, spec.id, spec.rules,
                       spec.rng)
        self._config = plain(spec.header_config(config))
        self._packer = msgpack.Packer(use_bin_type=True, autoreset=True)
        self._made: tuple[int, list[Callable[[GameState, int, int], Any]] | None] | None = None
        """The seats and each one's agent factory (None: made game by game), looked up on the
        first game (agents by name)."""

    def _players(self, game: GameState, seed: int) -> list[Agent]:
        agents = self.agents
        if agents is None:
            return [RandomAgent(seed, s) for s in range(game.seats)]
        names: str | list[str]
        if isinstance(agents, str):
            names = agents
        else:
            names = [a for a in agents if isinstance(a, str)]
            if names and len(names) != len(agents):
                raise TypeError("agents: give agent objects or agent names, not both")
            if not names:
                return [a for a in agents if not isinstance(a, str)]
        seats = game.seats
        made = self._made
        if made is None or made[0] != seats:
            made = self._made = (seats, self.spec.agent_factories(seats, names))
        kinds = made[1]
        if kinds is None or game.decisions:  # by the game's roles; caught up on its decisions
            return self.spec.make_agents(game, seed, names)
        return [kind(game, seed, seat) for seat, kind in enumerate(kinds)]

    def record(self, seed: int, path: str | os.PathLike[str] | IO[bytes], *,
               overwrite: bool = False) -> RecordResult:
        """Play the game of ``seed`` and write its replay to ``path`` (see
        :func:`record_game`)."""
        final = ""
        if isinstance(path, str | os.PathLike):
            final = os.fspath(path)
            if not overwrite and os.path.lexists(final):
                raise FileExistsError(errno.EEXIST, "a replay is there already", final)
        game, err = self.spec.start_config(self.config, seed)
        players = self._players(game, seed)
        names = [_agent_name(a) for a in players]
        desc: str | list[str] = names[0] if names and names.count(names[0]) == len(names) \
            else names
        fmt, version, engine, gid, rules, rng = self._fixed
        header = Header(format=fmt, version=version, engine=engine, game=gid, rules=rules,
                        rng=rng, seed=seed, config=self._config, agents=desc,
                        events=self.events)
        # Header.to_dict(), but for the config: plain already, the same for every game
        records: list[Any] = [{"format": fmt, "version": version, "e": engine, "g": gid,
                               "r": rules, "p": rng, "s": seed, "c": self._config, "a": desc,
                               "ev": self.events}]
        tally = [1, 0, 0]  # records, decisions, events
        try:
            if err is not None:
                records.append(_error_record(err, game))
                tally[0] += 1
            else:
                err = _play(records, game, players, self.events, tally)
            if self.events:
                _pack_events(records, game, tally)
            summary: dict[str, Any] = plain(game.summary())
            records.append(End.from_summary(summary))
            tally[0] += 1
        except BaseException:  # an agent's own error: the records so far, as a stream has them
            self._write(records, path, final, overwrite)
            raise
        size = self._write(records, path, final, overwrite)
        return RecordResult(summary, err, size, tally[1], game.turn_no, header, tally[0])

    def _write(self, records: list[Any], path: str | os.PathLike[str] | IO[bytes], final: str,
               overwrite: bool) -> int:
        # The stream of records is their encodings one after the other: the encoding of the list
        # of them, less the list's own header (msgpack packs an array as its length, then its
        # items), packed in one call rather than one a record.
        n = len(records)
        data = self._packer.pack(records)[1 if n < 16 else 3 if n < 0x10000 else 5:]
        if final:
            atomic_write(final, data, overwrite=overwrite)
        else:
            f: Any = path
            f.write(data)
            f.flush()
        return len(data)


def _play(out: list[Any], game: GameState, players: Sequence[Agent], events: bool,
          tally: list[int]) -> EngineError | None:
    """Play ``game`` to its end with ``players``, adding its records to ``out`` as
    :class:`ReplayWriter` writes them: per decision its new events (``events``), a checkpoint
    before the first decision of each turn, and the decision, consecutive decisions of one seat
    in one run; the engine's error, if it raises, and returns it. ``tally``: records, decisions
    and events added."""
    run: list[Any] | None = None  # the run of decisions under way
    run_seat = -1
    last_turn = -1
    records = decisions = 0
    seen = tally[2]
    raised: EngineError | None = None
    try:
        while not game.over:
            if events and len(game.events) > seen:
                if run is not None:
                    out.append(run)
                    records += 1
                    run = None
                evs = game.events
                out.append({"t": "ev", "at": seen, "ev": evs[seen:]})
                records += 1
                seen = len(evs)
            turn = game.turn_no
            if turn != last_turn:
                if run is not None:
                    out.append(run)
                    records += 1
                    run = None
                out.append(game.quick_hash() & CHECKPOINT_MASK)
                records += 1
                last_turn = turn
            req = game.pending
            assert req is not None
            seat = req.seat
            choice = players[seat].choose(req)
            if run is not None and seat == run_seat:
                run.append(choice)
            else:
                if run is not None:
                    out.append(run)
                    records += 1
                run = [seat, choice]
                run_seat = seat
            decisions += 1
            try:
                game.submit(choice)
            except EngineError as e:
                out.append(run)
                records += 1
                run = None
                out.append(_error_record(e, game))
                records += 1
                raised = e
                break
    finally:
        if run is not None:
            out.append(run)
            records += 1
        tally[0] += records
        tally[1] += decisions
        tally[2] = seen
    return raised


def _pack_events(out: list[Any], game: GameState, tally: list[int]) -> None:
    """The events not recorded yet (those since the last decision, the setup's in a game that
    raised while setting up)."""
    seen = tally[2]
    evs = game.events
    if len(evs) > seen:
        out.append({"t": "ev", "at": seen, "ev": evs[seen:]})
        tally[0] += 1
        tally[2] = len(evs)


def record_game(
    config: object,
    seed: int,
    path: str | os.PathLike[str] | IO[bytes],
    *,
    events: bool = True,
    agents: Sequence[Agent] | str | Sequence[str] | None = None,
    overwrite: bool = False,
) -> RecordResult:
    """Play a game of any installed game (the one ``config`` belongs to), with
    ``RandomAgent(seed, seat)`` per seat unless ``agents`` (agent objects, or names of the
    game's agents, one for all seats or one per seat: ``"heuristic"``), and write its replay
    (to a path: atomically, refusing an existing file unless ``overwrite``).

    Writes the header, then per decision: new events, a checkpoint before the first decision of
    each turn, the decision; then an error record if the engine raised, and the end record. An
    :class:`EngineError` does not propagate: it is recorded and returned in the result. The
    records are the bytes a :class:`ReplayWriter` driven decision by decision writes, written
    in one piece when the game ends (:class:`Recorder`, which records many games of one
    config).
    """
    return Recorder(config, events=events, agents=agents).record(
        seed, str(path) if isinstance(path, Path) else path, overwrite=overwrite)
